#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: shield_access_list
short_description: Manage a custom access list of a Shield zone
version_added: 1.0.0
description:
  - Creates, updates or deletes one custom access list of a Shield zone, that is its entries (IP addresses, networks,
    autonomous system numbers, countries, organizations or JA4 fingerprints), and the action and enabled flag
    it is applied with.
  - The Shield zone is given by O(shield_zone_id), or by the pull zone it protects (O(pullzone_id) or O(pullzone_name)).
    The list is found by O(name), or by O(id).
  - O(entries) is a set. Entries are trimmed; empty lines, duplicates and order are ignored. The module writes them
    sorted, one per line, with the SHA-256 checksum of exactly that content, and compares them with the list's
    current entries as sets, so a list written elsewhere in another order is unchanged.
  - A list whose entries are unchanged is read once (its content) and not written.
  - Entries are checked against the list type before anything is sent (or, when O(type) is not given, against the
    current list's type before anything is written), and the error names the entries that are not valid.
  - The Shield zone's limits (C(customListLimit) lists and C(customEntryLimit) entries over all its custom lists)
    are checked before a list is created or grows, with a clear error.
  - The API cannot change the O(type) or O(description) of a list in place. A change of either replaces the list;
    a new list is created with the same name, entries, action and enabled flag (unless you give new ones), then the
    old one is deleted; the diff header says so. A run that stops half-way leaves the new list under a temporary
    name, which the next run finishes. Only a Shield zone with no room for a second list has the old list deleted
    first. When the new list cannot be created after that, the zone's lists are read again; a list of the name that
    is there now (the create went through but its answer was lost) is finished; otherwise the old list is created
    again as it was (name, type, entries, description, action, enabled flag; with a new id) and the task fails, so
    that a rerun replaces it again with every value it held. Only when that fails too does the failure return what
    the old list held in RV(deleted_list).
  - O(remove_entries) takes entries out of the list without naming the others, so a removal does not undo an
    addition made meanwhile.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
options:
  shield_zone_id:
    description:
      - Id of the Shield zone the list belongs to.
      - Exactly one of O(shield_zone_id), O(pullzone_id) and O(pullzone_name) is required.
    type: int
  pullzone_id:
    description:
      - Id of the pull zone whose Shield zone the list belongs to.
      - When the pull zone has no Shield zone, O(state=present) fails and O(state=absent) reports no change.
    type: int
  pullzone_name:
    description:
      - Exact name of the pull zone whose Shield zone the list belongs to, looked up in the pull zone list.
      - Fails when no pull zone or more than one has this name.
    type: str
  name:
    description:
      - Name of the custom access list. Lists are found by this name unless O(id) is given.
      - Required to create a list. With O(id), a different name renames the list.
      - At least one of O(name) and O(id) is required.
    type: str
  id:
    description:
      - Id of the custom access list (its C(id), the C(listId) of the list overview).
      - When no list of the Shield zone has this id, O(state=present) fails and O(state=absent) reports no change.
    type: int
  type:
    description:
      - What the entries are. Required to create a list.
      - V(ip) IPv4 or IPv6 addresses, V(cidr) networks such as V(192.0.2.0/24) (no host bits set), V(asn) autonomous
        system numbers (digits only), V(country) ISO 3166-1 alpha-2 codes (written in upper case),
        V(organization) organization names, V(ja4) JA4 fingerprints.
      - A change replaces the list by a new one (new id) with the same name and values.
    type: str
    choices: [ip, cidr, asn, country, organization, ja4]
  description:
    description:
      - Description of the list. A change replaces the list by a new one (new id) with the same name and values.
    type: str
  entries:
    description:
      - The entries of the list, as a set.
      - Each item is trimmed and split into lines, so the lines of a file can be given as one item;
        empty lines, duplicates and order are ignored.
      - With O(purge=true) these become the whole list; with O(purge=false) missing ones are added and
        the others stay.
      - When not set, the entries are not managed (a new list is created empty).
    type: list
    elements: str
  remove_entries:
    description:
      - Entries taken out of the list when it holds them; all other entries stay. Entries it does not hold are
        no change.
      - Items are trimmed, split into lines and checked against the list type like O(entries) (country codes
        and JA4 fingerprints compared as they are written), before anything is written.
      - As with O(purge=false) additions, the list is read again after the write, and written again when another
        run's write (of what it had read before) brought back an entry this run removed; an entry that another
        run added meanwhile stays.
      - With O(purge=false), O(entries) are added and these removed in one write. Refused together with O(entries)
        when O(purge=true) (the entries are then the whole list), when an entry is in both, and with O(state=absent).
      - When the list does not exist and no O(type) is given (nor O(entries), O(description), O(action),
        O(enabled)), the task fails with C(failure.error_key) C(access_list.not_found) and creates nothing.
        With O(type), the list is created, without these entries.
    type: list
    elements: str
  purge:
    description:
      - Whether entries not in O(entries) are removed.
      - To take out only some entries, give them in O(remove_entries) instead.
    type: bool
    default: true
  action:
    description:
      - What the Shield zone does with requests that match the list.
      - Set through the list's configuration.
    type: str
    choices: [none, allow, block, challenge, log, bypass]
  enabled:
    description:
      - Whether the list is applied (C(isEnabled) of the list's configuration).
    type: bool
  return_content:
    description:
      - Return the list's C(content) in RV(access_list). Off by default, as a list can hold many thousands of entries.
    type: bool
    default: false
  state:
    description:
      - V(present) creates or updates the list, V(absent) deletes it.
    type: str
    choices: [present, absent]
    default: present
notes:
  - In the diff, C(entries) of C(before) lists the entries that are removed and C(entries) of C(after) the entries
    that are added (shown when O(entries) or O(remove_entries) is given); the other fields show the list's values
    with the API's property names and numbers.
seealso:
  - module: edge.platform.shield_zone
'''

EXAMPLES = r'''
- name: Allow the office addresses
  edge.platform.shield_access_list:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
    pullzone_name: assets-000
    name: office
    type: ip
    entries:
      - 198.51.100.7
      - 2001:db8:10::1
    action: allow
    enabled: true

- name: Block countries, from a file with one code per line
  edge.platform.shield_access_list:
    shield_zone_id: 3001
    name: blocked-countries
    type: country
    entries: "{{ lookup('ansible.builtin.file', 'countries.txt').splitlines() }}"
    action: block

- name: Add one partner network and keep the others
  edge.platform.shield_access_list:
    shield_zone_id: 3002
    name: partners
    type: cidr
    entries: [203.0.113.0/24]
    purge: false

- name: Take one network out of the list; the other entries stay, and so does one another run adds meanwhile
  edge.platform.shield_access_list:
    shield_zone_id: 3002
    name: partners
    remove_entries: [203.0.113.0/24]

- name: Delete a list
  edge.platform.shield_access_list:
    shield_zone_id: 3001
    name: old-list
    state: absent
'''

RETURN = r'''
access_list:
  description:
    - The list after the run (in check mode, as it would be), with the API's property names and values
      (C(type) 0 IP, 1 CIDR, 2 ASN, 3 Country, 4 Organization, 5 JA4; C(action) 0 None, 1 Allow, 2 Block,
      3 Challenge, 4 Log, 5 Bypass).
    - C(enabled) repeats C(isEnabled) under the option's name.
    - C(content) only with O(return_content=true). Empty after O(state=absent).
    - A list that check mode predicts to be created has no C(id) and C(configurationId) yet, and C(action) and
      C(isEnabled) are null unless you set them (the API chooses them).
  returned: always
  type: dict
  contains:
    id:
      description: Id of the list.
      type: int
      sample: 9001
    name:
      description: Name of the list.
      type: str
      sample: office
    description:
      description: Description of the list.
      type: str
      sample: Office egress addresses
    type:
      description: What the entries are, as the API's number (0 IP, 1 CIDR, 2 ASN, 3 Country, 4 Organization, 5 JA4).
      type: int
      sample: 0
    action:
      description: What the Shield zone does with matching requests (0 None, 1 Allow, 2 Block, 3 Challenge, 4 Log,
        5 Bypass).
      type: int
      sample: 1
    isEnabled:
      description: Whether the list applies.
      type: bool
      sample: true
    enabled:
      description: C(isEnabled) under the option's name.
      type: bool
      sample: true
    entryCount:
      description: Number of entries.
      type: int
      sample: 2
    checksum:
      description: SHA-256 (hex) of the entries as written (sorted, one per line).
      type: str
      sample: 2c1d0b3e6c2f6b8e5a1c4d8f9e0a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a
    content:
      description: The entries, one per line; only with O(return_content=true).
      type: str
      sample: "198.51.100.7\n203.0.113.10"
    lastModified:
      description: When the list last changed.
      type: str
      sample: "2026-11-22T10:00:00Z"
    configurationId:
      description: Id of the list's configuration (what C(action) and C(isEnabled) belong to).
      type: int
      sample: 60001
    shieldZoneId:
      description: Id of the Shield zone the list belongs to.
      type: int
      sample: 3001
  sample:
    id: 9001
    name: office
    description: Office egress addresses
    type: 0
    checksum: 2c1d0b3e6c2f6b8e5a1c4d8f9e0a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a
    entryCount: 2
    lastModified: "2026-11-22T10:00:00Z"
    action: 1
    isEnabled: true
    enabled: true
    configurationId: 60001
    shieldZoneId: 3001
deleted_list:
  description:
    - What the old list held, in the options' terms, when a Shield zone with no room for a second list had the old
      list deleted before the new one was created, the create then failed, and the old list could not be created
      again either. Declare these values and run again.
  returned: on that failure
  type: dict
  contains:
    name:
      description: Name of the list.
      type: str
    type:
      description: Type of the list (O(type)'s choices).
      type: str
    description:
      description: Description of the list.
      type: str
    action:
      description: Action of the list (O(action)'s choices).
      type: str
    enabled:
      description: Whether the list applied.
      type: bool
    entries:
      description: The entries, sorted.
      type: list
      elements: str
  sample:
    name: office
    type: ip
    description: Office egress addresses
    action: allow
    enabled: true
    entries: [198.51.100.7, 203.0.113.10]
'''

import re
import typing as t
from dataclasses import dataclass, field

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, EdgeFinding
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._shield import (
    ACCESS_LIST_ACTIONS,
    ACCESS_LIST_TYPES,
    SCOPE_ARGUMENT_SPEC,
    SCOPE_OPTIONS,
    check_entries,
    content_of,
    describe_bad_entries,
    entries_of_content,
    enum_name,
    no_shield_zone,
    resolve_shield_zone_id,
    scope_problem,
    shield_call,
    split_entries,
)

RESULT_KEYS = (
    'id',
    'name',
    'description',
    'type',
    'checksum',
    'entryCount',
    'lastModified',
    'action',
    'isEnabled',
    'configurationId',
    'shieldZoneId',
)
RECORD_KEYS = ('id', 'name', 'description', 'type', 'checksum', 'entryCount', 'lastModified')
# A list is replaced (a new type or description) by a new list under this name, which takes the
# list's name once the old one is deleted. A run that stops half-way leaves it behind for the
# rerun to finish: nothing the old list held is lost in between.
REPLACING = '{name} (replacing list {list_id})'
REPLACING_RE = re.compile(r'(?P<name>.*) \(replacing list (?P<list_id>\d+)\)\Z', re.DOTALL)
# Re-reads after writing entries with purge=false, when another run wrote the list meanwhile.
MERGE_ATTEMPTS = 3


def same_text(current: t.Any, wanted: t.Any) -> bool:
    return (current or '') == (wanted or '')


@dataclass
class Zone:
    """The Shield zone the list belongs to, and its list overview (counts, limits, lists)."""

    zone_id: int | None
    overview: dict[str, t.Any] = field(default_factory=dict)

    @property
    def lists(self) -> list[dict[str, t.Any]]:
        return self.overview.get('customLists') or []


class AccessList(EdgeResource):
    name = 'access_list'
    fields = (
        Field('name', 'name'),
        Field('description', 'description', equal=same_text, updatable=False),
        Field.enum('type', 'type', ACCESS_LIST_TYPES, updatable=False),
        Field.enum('action', 'action', ACCESS_LIST_ACTIONS),
        Field('enabled', 'isEnabled'),
        Field('entries', 'entries', to_api=lambda values: frozenset(split_entries(values)), members=True),
    )
    where: Zone
    # remove_entries as the list's type writes them (resolve); empty when not given.
    removing: frozenset[str] = frozenset()

    # ---- input ----

    def validate(self) -> None:
        params = self.params
        problem = scope_problem(params)
        if problem:
            self.module.fail(problem)
        self.module.refuse_non_positive('id')
        self.module.refuse_blank('name')
        if params['entries'] is not None:
            blank = [value for value in params['entries'] if not str(value).strip()]
            if blank:
                self.module.fail(
                    f'entries must not hold blank values ({len(blank)} given); give entries: [] to empty the list'
                )
            if params['type'] is not None:
                self.checked_entries(params['type'], frozenset(split_entries(params['entries'])), 'entries')
        if params['remove_entries'] is not None:
            self.validate_removal()

    def validate_removal(self) -> None:
        """remove_entries: checked as entries are, and refused where it would contradict the other options."""
        params = self.params
        blank = [value for value in params['remove_entries'] if not str(value).strip()]
        if blank:
            self.module.fail(f'remove_entries must not hold blank values ({len(blank)} given)')
        if self.state == 'absent':
            self.module.fail(
                'remove_entries cannot be used with state=absent, which deletes the whole list; '
                'give state: present to take the entries out of the list'
            )
        if params['entries'] is not None and params['purge']:
            self.module.fail(
                'remove_entries cannot be used with entries and purge=true (entries are then the whole list); '
                'give purge: false to add entries and remove others in one run'
            )
        entries = frozenset(split_entries(params['entries'] or ()))
        removing = frozenset(split_entries(params['remove_entries']))
        if params['type'] is not None:
            entries = self.checked_entries(params['type'], entries, 'entries')
            removing = self.checked_entries(params['type'], removing, 'remove_entries')
        self.refuse_overlap(entries, removing)

    def refuse_overlap(self, entries: frozenset[str], removing: frozenset[str]) -> None:
        both = sorted(entries & removing)
        if both:
            shown = ', '.join(f'"{entry}"' for entry in both[:10])
            more = f' and {len(both) - 10} more' if len(both) > 10 else ''
            self.module.fail(
                f'entries and remove_entries both hold {shown}{more}: an entry is either added or removed',
                bad_entries=both,
            )

    def checked_entries(self, list_type: str, entries: frozenset[str], what: str) -> frozenset[str]:
        good, bad = check_entries(list_type, entries)
        if bad:
            self.module.fail(f'{what}: {describe_bad_entries(list_type, bad)}', bad_entries=bad)
        return good

    def label(self, record: dict[str, t.Any] | None = None) -> str:
        record = record or {}
        name = record.get('name') or self.params['name']
        list_id = record.get('id') or self.params['id']
        text = f'"{name}"' if name else ''
        if list_id:
            text = f'{text} ({list_id})' if text else str(list_id)
        return f'custom access list {text} of shield zone {self.where.zone_id if self.where else None}'

    # ---- reading ----

    def locate(self) -> Zone:
        zone_id, pullzone_id = resolve_shield_zone_id(self.client, self.params)
        if zone_id is None:
            if self.state == 'absent':
                return Zone(None)
            raise no_shield_zone(pullzone_id)
        overview = shield_call(
            self.client,
            'GET',
            f'shield/shield-zone/{zone_id}/access-lists',
            f'list access lists of shield zone {zone_id}',
        )
        return Zone(zone_id, overview if isinstance(overview, dict) else {})

    def find(self) -> dict[str, t.Any] | None:
        params, zone_id = self.params, self.where.zone_id
        if zone_id is None:
            return None
        if params['id'] is not None:
            matches = [item for item in self.where.lists if item.get('listId') == params['id']]
        else:
            matches = [item for item in self.where.lists if item.get('name') == params['name']]
        if len(matches) > 1:
            ids = ', '.join(str(item.get('listId')) for item in matches)
            raise EdgeFinding(
                f'find {self.label()}',
                f'{len(matches)} custom access lists are named "{params["name"]}" (ids {ids}); give id',
            )
        if not matches and params['id'] is not None:
            if self.state == 'present':
                raise EdgeFinding(
                    f'find {self.label()}',
                    f"shield zone {zone_id} has no custom access list with id {params['id']}",
                    'access_list.not_found',
                )
            return None
        if not matches:
            # A run that replaced the list stopped after deleting it: its replacement takes the name now.
            matches = [item for item in self.where.lists if self.replaces(item, params['name'])]
            if len(matches) != 1:
                return None
            self.notes.append(f"finish replacing the list: rename list {matches[0].get('listId')}")
        current = self.record_of(matches[0])
        if self.state == 'present':
            self.read_content(current)
        return current

    def record_of(self, item: dict[str, t.Any]) -> dict[str, t.Any]:
        """A list of the zone's overview as the module holds it (its content not read yet)."""
        return {
            'id': item.get('listId'),
            'name': item.get('name'),
            'description': item.get('description'),
            'type': item.get('type'),
            'checksum': None,
            'entryCount': item.get('entryCount'),
            'lastModified': item.get('lastUpdated'),
            'action': item.get('action'),
            'isEnabled': item.get('isEnabled'),
            'configurationId': item.get('configurationId'),
            'shieldZoneId': self.where.zone_id,
        }

    def read_content(self, record: dict[str, t.Any]) -> None:
        """Read the list's content into ``record`` (``entries``, and ``content`` with return_content)."""
        detail = shield_call(self.client, 'GET', self.list_path(record['id']), f'read {self.label(record)}') or {}
        record.update({key: detail[key] for key in RECORD_KEYS if detail.get(key) is not None})
        record['entries'] = entries_of_content(detail.get('content'))
        if self.params['return_content']:
            record['content'] = detail.get('content')

    @staticmethod
    def replaces(item: dict[str, t.Any], name: str, list_id: t.Any = None) -> bool:
        """Whether ``item`` is the replacement of the list ``name`` (of the list ``list_id``, when given)."""
        match = REPLACING_RE.match(str(item.get('name') or ''))
        return (
            match is not None
            and match.group('name') == name
            and (list_id is None or match.group('list_id') == str(list_id))
        )

    # ---- deciding ----

    def resolve(self, wanted: dict[str, t.Any], current: dict[str, t.Any] | None) -> dict[str, t.Any]:
        """Entries are checked, and written as the list's type wants them (country codes upper case …)."""
        list_type = self.params['type'] or (enum_name(ACCESS_LIST_TYPES, current.get('type')) if current else None)
        if 'entries' in wanted and list_type is not None:
            wanted['entries'] = self.checked_entries(list_type, wanted['entries'], 'entries')
        if self.params['remove_entries'] is not None:
            removing = frozenset(split_entries(self.params['remove_entries']))
            if list_type is not None:
                removing = self.checked_entries(list_type, removing, 'remove_entries')
            # Written alike only now (DE and de in a country list): still before anything is written.
            self.refuse_overlap(wanted.get('entries') or frozenset(), removing)
            self.removing = removing
        return wanted

    def wanted(self, current: dict[str, t.Any] | None) -> dict[str, t.Any]:
        """The base's wanted values, without the entries of remove_entries.

        Taken out after the base has kept the list's other entries (purge=false), which would
        otherwise bring them back.
        """
        wanted = super().wanted(current)
        if self.removing and current is not None:
            held = wanted.get('entries', current.get('entries') or frozenset())
            wanted['entries'] = frozenset(held) - self.removing
        return wanted

    def only_removing(self) -> bool:
        """Whether the run only takes entries out of a list (nothing it could create a list with)."""
        params = self.params
        declared = ('type', 'entries', 'description', 'action', 'enabled')
        return params['remove_entries'] is not None and all(params[option] is None for option in declared)

    def check(self, plan: Plan) -> None:
        """What only the current list and its zone can tell is wrong, refused before anything is written."""
        params, current = self.params, plan.current
        if plan.action == 'create' and self.only_removing():
            # Nothing to take out; creating an empty list would bring back a list someone deleted.
            raise EdgeFinding(
                f'remove entries from {self.label()}',
                f"shield zone {self.where.zone_id} has no custom access list named \"{params['name']}\", "
                'so it holds none of remove_entries (give type to create the list)',
                'access_list.not_found',
            )
        if plan.action == 'create' and params['type'] is None:
            self.module.fail(f'type is required to create {self.label()}')
        if plan.action == 'create' and params['name'] is None:
            self.module.fail(f'name is required to create {self.label()}')
        if plan.action == 'replace' and params['entries'] is None and current is not None:
            current_type = enum_name(ACCESS_LIST_TYPES, current.get('type'))
            if params['type'] is not None and params['type'] != current_type:
                self.checked_entries(
                    params['type'],
                    plan.wanted.get('entries') or frozenset(),
                    f'the current entries of {self.label(current)} (give entries for the new type)',
                )
        if plan.creating or 'entries' in plan.changes:
            self.check_limits(current, plan.wanted, creating=current is None)

    def check_limits(self, current: dict[str, t.Any] | None, wanted: dict[str, t.Any], creating: bool) -> None:
        overview = self.where.overview
        operation = f"{'create' if creating else 'update'} {self.label(current)}"
        list_limit = overview.get('customListLimit')
        list_count = overview.get('customListCount')
        if list_count is None:
            list_count = len(overview.get('customLists') or [])
        if creating and list_limit is not None and list_count >= list_limit:
            raise EdgeFinding(
                operation,
                f'shield zone {self.where.zone_id} already has {list_count} custom access lists, '
                f'its customListLimit is {list_limit}',
                'customListLimit',
            )
        entry_limit = overview.get('customEntryLimit')
        if entry_limit is None:
            return
        entries = wanted.get('entries')
        if entries is None:
            entries = (current or {}).get('entries') or frozenset()
        used = (overview.get('customEntryCount') or 0) - ((current or {}).get('entryCount') or 0)
        if used + len(entries) > entry_limit:
            raise EdgeFinding(
                operation,
                f'{used + len(entries)} custom entries would exceed the customEntryLimit of '
                f'{entry_limit} of shield zone {self.where.zone_id} ({len(entries)} in this list, '
                f'{used} in the others)',
                'customEntryLimit',
            )

    # ---- writing ----

    def list_path(self, list_id: t.Any = None) -> str:
        path = f'shield/shield-zone/{self.where.zone_id}/access-lists'
        return f'{path}/{list_id}' if list_id is not None else path

    def with_content(self, record: dict[str, t.Any], entries: frozenset[str]) -> dict[str, t.Any]:
        """``record`` with the content, checksum and count that ``entries`` are written as."""
        content, checksum = content_of(entries)
        record.update(entries=entries, checksum=checksum, entryCount=len(entries))
        if self.params['return_content']:
            record['content'] = content
        return record

    def configure(self, record: dict[str, t.Any], settings: dict[str, t.Any]) -> None:
        """Set the action and enabled flag (``settings``) of a list through its configuration."""
        if not settings:
            return
        data = shield_call(
            self.client,
            'PATCH',
            self.list_path(f"configurations/{record['configurationId']}"),
            f'configure {self.label(record)}',
            json_body=settings,
            idempotent=True,
        )
        record.update(settings)
        if isinstance(data, dict):
            record.update({key: data[key] for key in ('action', 'isEnabled') if data.get(key) is not None})

    def create(self, wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        entries = wanted.get('entries') or frozenset()
        content, checksum = content_of(entries)
        body = {'name': wanted['name'], 'type': wanted['type'], 'content': content, 'checksum': checksum}
        if wanted.get('description') is not None:
            body['description'] = wanted['description']
        data = shield_call(self.client, 'POST', self.list_path(), f'create {self.label(wanted)}', json_body=body) or {}
        created = self.predict_create(wanted)
        created.update({key: data[key] for key in RECORD_KEYS if data.get(key) is not None})
        # The answer has no configuration: read it from the overview, which also shows a list of the
        # same name that another run created at the same time.
        overview = (
            shield_call(self.client, 'GET', self.list_path(), f'list access lists of shield zone {self.where.zone_id}')
            or {}
        )
        lists = overview.get('customLists') or []
        twins = sorted(
            str(item.get('listId'))
            for item in lists
            if item.get('name') == wanted['name'] and item.get('listId') != created['id']
        )
        if twins:
            raise EdgeFinding(
                f'create {self.label(created)}',
                f"another custom access list named \"{wanted['name']}\" appeared while this one was created "
                f"(id {', '.join(twins)}; this run created id {created['id']}): two runs created it at the same time. "
                'Delete one of them, or give id',
                'access_list.duplicate',
            )
        item: dict[str, t.Any] = next((i for i in lists if i.get('listId') == created['id']), {})
        created.update(
            configurationId=item.get('configurationId'), action=item.get('action'), isEnabled=item.get('isEnabled')
        )
        if created['configurationId'] is not None:
            self.configure(
                created,
                {
                    key: wanted[key]
                    for key in ('action', 'isEnabled')
                    if key in wanted and wanted[key] != created.get(key)
                },
            )
        return created

    def replace(self, current: dict[str, t.Any], wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        """Replace the list by a complete new one before deleting it; a rerun finishes what a failed run began.

        The new list is created (or, after a failed run, found) under a temporary name with every
        value the list should have, then the old list is deleted and the new one renamed.
        """
        values = wanted  # what the list held, with what the user declared over it
        name = values['name']
        pending = next((item for item in self.where.lists if self.replaces(item, name, current['id'])), None)
        temporary = {**values, 'name': REPLACING.format(name=name, list_id=current['id'])}
        if pending is None and not self.room_for_both(current, values):
            return self.delete_then_create(current, values)
        if pending is None:
            replacement = self.create(temporary)
        else:  # left by a run that stopped: bring it up to date (content and settings are set to values)
            replacement = {**temporary, 'id': pending.get('listId'), 'configurationId': pending.get('configurationId')}
            self.write_entries(replacement, values.get('entries') or frozenset())
            self.configure(replacement, {key: values[key] for key in ('action', 'isEnabled') if key in values})
        self.delete(current)
        return self.update(replacement, {'name': name})

    def room_for_both(self, current: dict[str, t.Any], values: dict[str, t.Any]) -> bool:
        """Whether the zone's limits let the replacement exist beside the list for a moment."""
        overview = self.where.overview
        lists = overview.get('customListCount')
        lists = len(overview.get('customLists') or []) if lists is None else lists
        if overview.get('customListLimit') is not None and lists + 1 > overview['customListLimit']:
            return False
        entries = len(values.get('entries') or ())
        used = overview.get('customEntryCount') or 0
        return overview.get('customEntryLimit') is None or used + entries <= overview['customEntryLimit']

    def delete_then_create(self, current: dict[str, t.Any], values: dict[str, t.Any]) -> dict[str, t.Any]:
        """Replace the list where the zone has no room for two: the old list is deleted first.

        A create that fails is not the end: when its answer was lost after the API acted, the
        new list is there and is finished; otherwise the old list is created again as it was, so
        that a rerun finds it and replaces it again with every value it held. Only when that
        fails too does the failure return what the old list held (``deleted_list``).
        """
        self.delete(current)
        try:
            return self.create(values)
        except EdgeApiError as error:
            failed = error
        try:
            overview = (
                shield_call(
                    self.client, 'GET', self.list_path(), f'list access lists of shield zone {self.where.zone_id}'
                )
                or {}
            )
        except EdgeApiError:  # whether the create went through is unknown: a restored list could be a second one
            self.fail_deleted(current, failed)
        named = [item for item in overview.get('customLists') or [] if item.get('name') == values['name']]
        if len(named) > 1:  # another run created one too: neither is restored over them
            self.fail_deleted(current, failed)
        if named:
            try:
                return self.finish_created(named[0], values)
            except EdgeApiError as error:
                self.fail_deleted(current, error)
        try:
            restored = self.create(self.held_values(current))
        except EdgeApiError:
            self.fail_deleted(current, failed)
        self.module.fail(
            f'{failed}; the zone had no room for a second list, so the old list was deleted first: the replacement '
            f'failed and the old list was restored as it was (id {restored["id"]}); run again to replace it',
            failure=failed.failure(),
        )

    def finish_created(self, item: dict[str, t.Any], values: dict[str, t.Any]) -> dict[str, t.Any]:
        """Bring a list that a create made (whose answer was lost) to ``values``: entries, action, enabled flag."""
        record = self.record_of(item)
        self.notes.append(f"the answer to the create was lost: list {record['id']} was created and is finished")
        self.read_content(record)
        entries = values.get('entries') or frozenset()
        if record['entries'] != entries:
            self.write_entries(record, entries)
        self.configure(
            record,
            {key: values[key] for key in ('action', 'isEnabled') if key in values and values[key] != record.get(key)},
        )
        return record

    @staticmethod
    def held_values(current: dict[str, t.Any]) -> dict[str, t.Any]:
        """The API values a list is created again with: its name, type, entries, description, action, enabled flag."""
        return {
            key: current[key]
            for key in ('name', 'type', 'entries', 'description', 'action', 'isEnabled')
            if current.get(key) is not None
        }

    def fail_deleted(self, current: dict[str, t.Any], error: EdgeApiError) -> t.NoReturn:
        held = {
            'name': current.get('name'),
            'type': enum_name(ACCESS_LIST_TYPES, current.get('type')),
            'description': current.get('description'),
            'action': enum_name(ACCESS_LIST_ACTIONS, current.get('action')),
            'enabled': current.get('isEnabled'),
            'entries': sorted(current.get('entries') or ()),
        }
        self.module.fail(
            f'{error}; the zone had no room for a second list, so the old list was deleted first: '
            f'its values are in deleted_list, declare them and run again',
            failure=error.failure(),
            deleted_list=held,
        )

    def write_entries(self, record: dict[str, t.Any], entries: frozenset[str]) -> None:
        """PATCH the content of a list to ``entries``; ``record`` takes what the API answers."""
        content, checksum = content_of(entries)
        data = (
            shield_call(
                self.client,
                'PATCH',
                self.list_path(record['id']),
                f'update {self.label(record)}',
                json_body={'content': content, 'checksum': checksum},
                idempotent=True,
            )
            or {}
        )
        self.with_content(record, entries)
        record.update({key: data[key] for key in RECORD_KEYS if data.get(key) is not None})

    def merge_entries(self, record: dict[str, t.Any], added: frozenset[str], removed: frozenset[str]) -> None:
        """Make sure this run's own change of entries stays: another run may have written the whole list meanwhile.

        The list is read again after the write; entries this run added (purge=false) that are
        missing, or removed (remove_entries) that are back, because the other run wrote what it
        had read before, are written again over what the list holds now, which keeps the other
        run's own change too.
        """
        for _attempt in range(MERGE_ATTEMPTS):
            detail = (
                shield_call(self.client, 'GET', self.list_path(record['id']), f'read {self.label(record)} again') or {}
            )
            held = entries_of_content(detail.get('content'))
            if added <= held and not removed & held:
                self.with_content(record, held)
                record.update({key: detail[key] for key in RECORD_KEYS if detail.get(key) is not None})
                return
            self.write_entries(record, (held | added) - removed)
        message = (
            f'other runs kept rewriting the list: the change of {len(added) + len(removed)} entries could not be kept '
            f'after {MERGE_ATTEMPTS} attempts; run again'
        )
        raise EdgeFinding(f'update {self.label(record)}', message)

    def update(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> dict[str, t.Any]:
        after = {**current, **changes}
        body: dict[str, t.Any] = {}
        if 'name' in changes:
            body['name'] = changes['name']
        if 'entries' in changes:
            self.with_content(after, changes['entries'])
            body['content'], body['checksum'] = content_of(changes['entries'])
        if body:
            data = (
                shield_call(
                    self.client,
                    'PATCH',
                    self.list_path(current['id']),
                    f'update {self.label(current)}',
                    json_body=body,
                    idempotent=True,
                )
                or {}
            )
            after.update({key: data[key] for key in RECORD_KEYS if data.get(key) is not None})
        if 'entries' in changes:
            held = frozenset(current.get('entries') or ())
            added = changes['entries'] - held if not self.params['purge'] else frozenset()
            removed = held & self.removing  # only what this run took out: an entry added meanwhile stays
            if added or removed:
                self.merge_entries(after, added, removed)
        self.configure(after, {key: changes[key] for key in ('action', 'isEnabled') if key in changes})
        return after

    def delete(self, current: dict[str, t.Any]) -> None:
        # 404: gone already (a repeated delete whose first answer was lost).
        shield_call(
            self.client, 'DELETE', self.list_path(current['id']), f'delete {self.label(current)}', ok_statuses=(404,)
        )

    def predict_create(self, wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        record = {
            'id': None,
            'name': wanted.get('name'),
            'description': wanted.get('description') or '',
            'type': wanted.get('type'),
            'lastModified': None,
            'action': wanted.get('action'),
            'isEnabled': wanted.get('isEnabled'),
            'configurationId': None,
            'shieldZoneId': self.where.zone_id,
        }
        return self.with_content(record, wanted.get('entries') or frozenset())

    def predict_update(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> dict[str, t.Any]:
        after = {**current, **changes}
        if 'entries' in changes:
            self.with_content(after, changes['entries'])
        return after

    # ---- output ----

    def result_view(self, resource: dict[str, t.Any] | None) -> dict[str, t.Any] | None:
        if resource is None:
            return None
        view = {key: resource.get(key) for key in RESULT_KEYS}
        view['enabled'] = resource.get('isEnabled')  # the option's name, beside the API's
        if self.params['return_content']:
            view['content'] = (
                resource['content'] if 'content' in resource else content_of(resource.get('entries') or ())[0]
            )
        return view

    def diff_fields(self) -> t.Sequence[Field]:
        # The entries are in the diff when the run manages them: given, or some to remove.
        removing = self.params['remove_entries'] is not None
        return [field for field in self.fields if not field.members or removing or self.params['entries'] is not None]

    def diff_view(self, resource: dict[str, t.Any] | None) -> dict[str, t.Any] | None:
        view = super().diff_view(resource)
        if view is not None:
            view['entry_count'] = t.cast('dict[str, t.Any]', resource).get('entryCount')
        return view


def main() -> None:
    module = EdgeModule(
        argument_spec=dict(
            SCOPE_ARGUMENT_SPEC,
            name=dict(type='str'),
            id=dict(type='int'),
            type=dict(type='str', choices=list(ACCESS_LIST_TYPES)),
            description=dict(type='str'),
            entries=dict(type='list', elements='str'),
            remove_entries=dict(type='list', elements='str'),
            purge=dict(type='bool', default=True),
            action=dict(type='str', choices=list(ACCESS_LIST_ACTIONS)),
            enabled=dict(type='bool'),
            return_content=dict(type='bool', default=False),
            state=dict(type='str', default='present', choices=['present', 'absent']),
        ),
        mutually_exclusive=[SCOPE_OPTIONS],
        required_one_of=[SCOPE_OPTIONS, ('name', 'id')],
    )
    AccessList(module).run()


if __name__ == '__main__':
    main()
