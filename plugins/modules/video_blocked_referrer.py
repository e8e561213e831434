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
  - The library is given by O(library_id), or by O(library_name) (looked up in the video library list of the
    account, which holds the library's blocked referrers).
  - Reads the library once (given by name, the library list searched by the name; the library is read again only when
    another run on the controller held its turn since the list was read, see below), then sends one request per
    hostname that changes, and none when the list already is as wanted.
  - Hostnames are compared without regard to case; the module sends them in lower case.
  - The runs of a playbook on one controller that change the same library's referrers (its forks, inside the
    controller or as module processes, as the same user) take turns, on a lock file under the system temporary
    directory held from the read of the library to its last write; a run waits at most 5 minutes for the others,
    then fails saying so. Check mode takes no lock.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.VIDEO_BLOCKED_REFERRER
seealso:
  - module: edge.platform.video_thumbnail
'''

EXAMPLES = r'''
- name: Block two referrers in the library called library-00 (others stay blocked)
  edge.platform.video_blocked_referrer:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
    library_name: library-00
    hostnames:
      - spam.example.com
      - leech.example.net

- name: Make the blocked referrers exactly this list
  edge.platform.video_blocked_referrer:
    library_name: library-00
    hostnames:
      - spam.example.com
    purge: true

- name: Unblock a referrer
  edge.platform.video_blocked_referrer:
    library_name: library-00
    hostnames:
      - leech.example.net
    state: absent
  register: referrers

- name: Show what the library blocks now, and its id
  ansible.builtin.debug:
    msg: "Library {{ referrers.library_id }} blocks {{ referrers.blocked_referrers }}"

- name: The same library by its id
  edge.platform.video_blocked_referrer:
    library_id: "{{ referrers.library_id }}"
    hostnames:
      - spam.example.com
'''

RETURN = r'''
library_id:
  description: Id of the video library (found by its name when O(library_name) was given).
  returned: success
  type: int
  sample: 5001
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

import contextlib
import time
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._locks import Turn, controller_lock
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._tables.video_blocked_referrer import TABLE
from ansible_collections.edge.platform.plugins.module_utils._validation import bare_hostname_problem
from ansible_collections.edge.platform.plugins.module_utils._video import VideoApi


def normalise(values: list[str]) -> tuple[list[str], list[str]]:
    """Lower-case hostnames without duplicates (in order), and the problems of the bad ones."""
    hostnames: list[str] = []
    problems = []
    for value in values:
        hostname = (value or '').strip().lower()
        problem = bare_hostname_problem(hostname)
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
    def api(self) -> VideoApi:
        return VideoApi(self.client)

    @property
    def library_id(self) -> int:
        """The library's id: given, or found by name (``locate``)."""
        return int(self.params['library_id'] if self.params['library_id'] is not None else self.where['Id'])

    @property
    def library(self) -> str:
        return f'video library {self.library_id}'

    def validate(self) -> None:
        self.module.refuse_non_positive('library_id')
        self.module.refuse_blank('library_name')
        if self.params['purge'] and self.state != 'present':
            self.module.fail('purge applies to state=present only (it makes the blocked referrers exactly hostnames)')
        _hostnames, problems = normalise(self.params['hostnames'])
        if problems:
            self.module.fail(f"hostnames: {'; '.join(problems)}")

    #: When the library list was read (``time.monotonic_ns()``, before the request), and this run's turn.
    listed_at: int | None = None
    turn: Turn | None = None

    def locate(self) -> dict[str, t.Any] | None:
        """The library's record from the library list when it is given by name, else None."""
        if self.params['library_name'] is None:
            return None
        self.listed_at = time.monotonic_ns()
        return self.api.library_named(self.params['library_name'])

    def exclusive(self) -> t.ContextManager[t.Any]:
        """The runs on this controller that change the library's referrers take turns, from the read of its list to
        the last write (two runs adding the same hostname would otherwise both send it). Check mode: no lock."""
        if self.module.check_mode:
            return super().exclusive()
        return self.take_turn()

    @contextlib.contextmanager
    def take_turn(self) -> t.Iterator[None]:
        what = f'the blocked referrers of {self.library}'
        key = (self.client.base_urls['api'], 'video library blocked referrers', self.library_id)
        with controller_lock(what, *key) as turn:
            self.turn = turn
            yield

    def find(self) -> dict[str, t.Any]:
        library = self.where
        listed = library is not None and isinstance(library.get('BlockedReferrers'), list)
        undisturbed = self.module.check_mode or (
            self.turn is not None and self.listed_at is not None and self.turn.undisturbed_since(self.listed_at)
        )
        if not listed or not undisturbed:
            # By id; found by name in a list whose records lack the referrers; or listed before another run on this
            # controller held the turn (it may have written since): read the library itself.
            library = self.api.require_library(self.library_id)
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
        library_id, added, removed = self.library_id, [], []
        try:
            # Removals first: a library's list may have a limit. Each call adds or removes one hostname.
            for hostname in to_remove:
                self.api.remove_blocked_referrer(library_id, hostname)
                removed.append(hostname)
            for hostname in to_add:
                self.api.add_blocked_referrer(library_id, hostname)
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
        return {
            'library_id': self.library_id,
            'blocked_referrers': after['BlockedReferrers'],
            'added': after['added'],
            'removed': after['removed'],
        }


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[('library_id', 'library_name')],
        required_one_of=[('library_id', 'library_name')],
    )
    BlockedReferrers(module).run()


if __name__ == '__main__':
    main()
