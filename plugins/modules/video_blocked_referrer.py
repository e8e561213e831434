#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: video_blocked_referrer
short_description: Manage the blocked referrers of a video library
version_added: 1.0.0
description:
  - Adds hostnames to, or removes them from, the blocked referrers of a video library;
    with O(purge=true) makes the list exactly O(hostnames).
  - Reads the library once, then sends one request per hostname that changes, and none when
    the list already is as wanted.
  - Hostnames are compared without regard to case; the module sends them in lower case.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
options:
  library_id:
    description:
      - Id of the video library.
    type: int
    required: true
  hostnames:
    description:
      - Hostnames of referrers, such as V(spam.example.com).
      - Each needs at least one character, and is normalised to lower case; duplicates count once.
      - A scheme (V(https://spam.example.com)), a path (V(spam.example.com/page)) or a port
        (V(spam.example.com:8080)) is refused before any request is sent.
      - With O(purge=true) and O(state=present), an empty list removes every blocked referrer.
    type: list
    elements: str
    required: true
  state:
    description:
      - V(present) adds the O(hostnames) the library does not block yet.
      - V(absent) removes those of the O(hostnames) the library blocks.
    type: str
    choices: [present, absent]
    default: present
  purge:
    description:
      - With O(state=present), also remove every blocked referrer that is not in O(hostnames),
        so the list becomes exactly O(hostnames).
      - Not allowed with O(state=absent).
    type: bool
    default: false
seealso:
  - module: edge.platform.video_thumbnail
'''

EXAMPLES = r'''
- name: Block two referrers (others stay blocked)
  edge.platform.video_blocked_referrer:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
    library_id: 5001
    hostnames:
      - spam.example.com
      - leech.example.net

- name: Make the blocked referrers exactly this list
  edge.platform.video_blocked_referrer:
    library_id: 5001
    hostnames:
      - spam.example.com
    purge: true

- name: Unblock a referrer
  edge.platform.video_blocked_referrer:
    library_id: 5001
    hostnames:
      - leech.example.net
    state: absent
  register: referrers

- name: Show what the library blocks now
  ansible.builtin.debug:
    var: referrers.blocked_referrers
'''

RETURN = r'''
blocked_referrers:
  description:
    - The blocked referrers of the library after the run (in check mode, as they would be), as the API spells them.
  returned: success
  type: list
  elements: str
  sample: [spam.example.com, leech.example.net]
added:
  description: Hostnames added (in check mode, that would be added).
  returned: success
  type: list
  elements: str
  sample: [leech.example.net]
removed:
  description: Hostnames removed (in check mode, that would be removed), as the library held them.
  returned: success
  type: list
  elements: str
  sample: [old.example.org]
'''

import re
import typing as t
from urllib.parse import urlsplit

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._validation import hostname_problem as dns_hostname_problem

SCHEME = re.compile(r'^[a-z][a-z0-9+.-]*://')
PORT = re.compile(r':\d*$')
NOT_IN_HOSTNAME = re.compile(r'[\s?#@\\]')


def hostname_problem(value: str) -> str | None:
    """Why ``value`` (stripped, lower case) is not a bare hostname, or None."""
    if not value:
        return 'is empty; every hostname needs at least one character'
    if SCHEME.match(value) or value.startswith('//'):
        bare = urlsplit(value if not value.startswith('//') else f'http:{value}').hostname
        hint = f', such as {bare!r}' if bare else ''
        return f'has a scheme; give the hostname only{hint}'
    if '/' in value:
        return f"has a path; give the hostname only, such as {value.split('/', 1)[0]!r}"
    if PORT.search(value):
        return 'has a port; a blocked referrer is a hostname without a port'
    if NOT_IN_HOSTNAME.search(value):
        return 'is not a hostname'
    return dns_hostname_problem(value)


def normalise(values: list[str]) -> tuple[list[str], list[str]]:
    """Lower-case hostnames without duplicates (in order), and the problems of the bad ones."""
    hostnames: list[str] = []
    problems = []
    for value in values:
        hostname = (value or '').strip().lower()
        problem = hostname_problem(hostname)
        if problem:
            problems.append(f'{value!r} {problem}')
        elif hostname not in hostnames:
            hostnames.append(hostname)
    return hostnames, problems


class BlockedReferrers(EdgeResource):
    """The blocked referrer hostnames of a video library: a set the module adds to and takes from."""

    name = 'blocked_referrers'
    # Compared in lower case, as hostnames are; the library's own spelling is kept in BlockedReferrers.
    fields = (Field.set('hostnames', 'hostnames', member=lambda value: str(value).strip().lower()),)
    deletable = False  # state=absent takes the listed hostnames out of the library's list

    @property
    def library(self) -> str:
        return f"video library {self.params['library_id']}"

    def validate(self) -> None:
        self.module.refuse_non_positive('library_id')
        if self.params['purge'] and self.state != 'present':
            self.module.fail('purge applies to state=present only (it makes the blocked referrers exactly hostnames)')
        _hostnames, problems = normalise(self.params['hostnames'])
        if problems:
            self.module.fail(f"hostnames: {'; '.join(problems)}")

    def find(self) -> dict[str, t.Any]:
        library = self.client.get(f"videolibrary/{self.params['library_id']}", f'read {self.library}') or {}
        held = [str(item) for item in library.get('BlockedReferrers') or []]
        return {
            'BlockedReferrers': held,
            'hostnames': frozenset(item.lower() for item in held),
            'added': [],
            'removed': [],
        }

    def planned(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> tuple[list[str], list[str]]:
        """The hostnames to remove (as the library holds them) and to add (in the order given)."""
        wanted = changes['hostnames']
        to_remove = [item for item in current['BlockedReferrers'] if item.lower() not in wanted]
        to_add = [
            hostname
            for hostname in normalise(self.params['hostnames'])[0]
            if hostname in wanted and hostname not in current['hostnames']
        ]
        return to_remove, to_add

    def after(self, current: dict[str, t.Any], removed: list[str], added: list[str]) -> dict[str, t.Any]:
        held = [item for item in current['BlockedReferrers'] if item not in removed] + added
        return {
            'BlockedReferrers': held,
            'hostnames': frozenset(item.lower() for item in held),
            'added': added,
            'removed': removed,
        }

    def update(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> dict[str, t.Any]:
        to_remove, to_add = self.planned(current, changes)
        library_id, added, removed = self.params['library_id'], [], []
        try:
            # Removals first: a library's list may have a limit. Each call adds or removes one hostname.
            for hostname in to_remove:
                self.client.request(
                    'POST',
                    f'videolibrary/{library_id}/removeBlockedReferrer',
                    f'remove blocked referrer "{hostname}" from {self.library}',
                    json_body={'Hostname': hostname},
                )
                removed.append(hostname)
            for hostname in to_add:
                self.client.request(
                    'POST',
                    f'videolibrary/{library_id}/addBlockedReferrer',
                    f'add blocked referrer "{hostname}" to {self.library}',
                    json_body={'Hostname': hostname},
                )
                added.append(hostname)
        except EdgeApiError as error:
            # Say what was done before the failure (changed: whatever reached the server); a rerun completes the rest.
            self.module.fail_api(error, added=added, removed=removed)
        return self.after(current, removed, added)

    def predict_update(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> dict[str, t.Any]:
        to_remove, to_add = self.planned(current, changes)
        return self.after(current, to_remove, to_add)

    def diff_fields(self) -> t.Sequence[Field]:
        return ()  # the diff shows the library's whole list, before and after (diff_view)

    def diff_view(self, resource: dict[str, t.Any] | None) -> dict[str, t.Any] | None:
        return {'blocked_referrers': resource['BlockedReferrers']} if resource is not None else None

    def outcome(self, plan: Plan, after: dict[str, t.Any] | None) -> dict[str, t.Any]:
        after = after or {}
        return {'blocked_referrers': after['BlockedReferrers'], 'added': after['added'], 'removed': after['removed']}


def main() -> None:
    module = EdgeModule(
        argument_spec=dict(
            library_id=dict(type='int', required=True),
            hostnames=dict(type='list', elements='str', required=True),
            state=dict(type='str', choices=['present', 'absent'], default='present'),
            purge=dict(type='bool', default=False),
        ),
    )
    BlockedReferrers(module).run()


if __name__ == '__main__':
    main()
