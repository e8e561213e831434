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
  - O(entries) is a set. Entries are trimmed; duplicates and order are ignored. The module writes them sorted, one
    per line, with the SHA-256 checksum of exactly that content, and compares them with the list's current entries
    as sets, so a list written elsewhere in another order is unchanged.
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
  - edge.platform._options.SHIELD_ACCESS_LIST
notes:
  - In the diff, C(entries) shows the whole list before and after, sorted, however long (when O(entries) or
    O(remove_entries) is given), beside C(entry_count); the other fields show the list's values in the options'
    terms.
  - The runs of a playbook on one controller that change the custom access lists of the same Shield zone (its
    forks, inside the controller or as module processes, as the same user) take turns. Each holds a lock from its
    read of the zone's lists to its last write and read, a file under the system temporary directory (in
    C(edge-platform-locks-<uid>), mode 0700), and waits at most 5 minutes for the others, then fails saying so.
    Check mode takes no lock. A writer elsewhere (another controller) is met by reading the list again after a
    change that does not name the whole list, as O(remove_entries) describes.
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

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeFinding
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._shield import (
    SCOPE_OPTIONS,
    ShieldApi,
    no_shield_zone,
    scope_problem,
)
from ansible_collections.edge.platform.plugins.module_utils._shield_access_lists import (
    AccessListApi,
    AccessLists,
    HeldList,
    ReplacementFailed,
    broken_lines,
    check_entries,
    content_of,
    describe_bad_entries,
    entry_set,
    predicted,
    quoted,
    returned,
    with_entries,
)
from ansible_collections.edge.platform.plugins.module_utils._tables.shield_access_list import ACCESS_LIST_TYPES, TABLE

Record = t.Dict[str, t.Any]


def same_text(current: t.Any, wanted: t.Any) -> bool:
    return (current or '') == (wanted or '')


class CustomAccessList(EdgeResource):
    name = 'access_list'
    fields = (
        Field.of(TABLE['name']),
        Field.of(TABLE['description'], equal=same_text, updatable=False),
        Field.of(TABLE['type'], updatable=False),
        Field.of(TABLE['action']),
        Field.of(TABLE['enabled']),
        Field.of(TABLE['entries'], to_api=entry_set),
    )
    where: AccessLists | None  # the lists of the Shield zone (None: the pull zone has no Shield zone)
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
        for option, hint in (('entries', '; give entries: [] to empty the list'), ('remove_entries', '')):
            values = params[option]
            blank = [value for value in values or () if not str(value).strip()]
            if blank:
                self.module.fail(f'{option} must not hold blank values ({len(blank)} given){hint}')
            broken = broken_lines(values or ())
            if broken:  # the content is one entry a line: such an item would be written as several entries
                count = f'{len(broken)} items hold' if len(broken) > 1 else '1 item holds'
                shown = ', '.join(repr(value) for value in broken[:10])
                self.module.fail(
                    f'{option}: {count} a line break ({shown}): give each entry as an item of its own '
                    "(the lines of a file: lookup('ansible.builtin.file', path).splitlines())",
                    bad_entries=broken,
                )
        if params['remove_entries'] is not None and self.state == 'absent':
            self.module.fail(
                'remove_entries cannot be used with state=absent, which deletes the whole list; '
                'give state: present to take the entries out of the list'
            )
        if params['remove_entries'] is not None and params['entries'] is not None and params['purge']:
            self.module.fail(
                'remove_entries cannot be used with entries and purge=true (entries are then the whole list); '
                'give purge: false to add entries and remove others in one run'
            )
        entries, removing = entry_set(params['entries'] or ()), entry_set(params['remove_entries'] or ())
        if params['type'] is not None:
            entries = self.checked(params['type'], entries, 'entries')
            removing = self.checked(params['type'], removing, 'remove_entries')
        self.refuse_overlap(entries, removing)

    def refuse_overlap(self, entries: frozenset[str], removing: frozenset[str]) -> None:
        both = sorted(entries & removing)
        if both:
            self.module.fail(
                f'entries and remove_entries both hold {quoted(both)}: an entry is either added or removed',
                bad_entries=both,
            )

    def checked(self, list_type: str, entries: frozenset[str], what: str) -> frozenset[str]:
        good, bad = check_entries(list_type, entries)
        if bad:
            self.module.fail(f'{what}: {describe_bad_entries(list_type, bad)}', bad_entries=bad)
        return good

    @property
    def lists(self) -> AccessLists:
        return t.cast(AccessLists, self.where)

    def label(self) -> str:
        return self.lists.api.label(self.params['name'], self.params['id'])

    # ---- reading ----

    def locate(self) -> AccessLists | None:
        zone_id, pullzone_id = ShieldApi(self.client).scope(self.params)
        if zone_id is None:
            if self.state == 'absent':
                return None
            raise no_shield_zone(pullzone_id)
        lists = AccessLists(AccessListApi(self.client, zone_id))
        lists.notes = self.notes  # what the lists' writes found or did goes into the diff header
        return lists

    def exclusive(self) -> t.ContextManager[t.Any]:
        """The runs on this controller that change the zone's lists take turns. Check mode writes nothing: no turn."""
        if self.where is None or self.module.check_mode:
            return super().exclusive()
        return self.where.turn()

    def find(self) -> Record | None:
        if self.where is None:
            return None
        self.where.read()
        current = self.where.find(self.params['name'], self.params['id'], must_exist=self.state == 'present')
        if current is not None and self.state == 'present':
            self.where.load(current)
        return t.cast('Record | None', current)

    # ---- deciding ----

    def resolve(self, wanted: Record, current: Record | None) -> Record:
        """Entries are checked, and written as the list's type wants them (country codes upper case …)."""
        list_type = self.params['type'] or (ACCESS_LIST_TYPES.name(current.get('type')) if current else None)
        if 'entries' in wanted and list_type is not None:
            wanted['entries'] = self.checked(list_type, wanted['entries'], 'entries')
        if self.params['remove_entries'] is not None:
            removing = entry_set(self.params['remove_entries'])
            if list_type is not None:
                removing = self.checked(list_type, removing, 'remove_entries')
            # Written alike only now (DE and de in a country list): still before anything is written.
            self.refuse_overlap(wanted.get('entries') or frozenset(), removing)
            self.removing = removing
        return wanted

    def wanted(self, current: Record | None) -> Record:
        """The base's wanted values, without the entries of remove_entries (taken out after the base kept the
        list's other entries with purge=false, which would otherwise bring them back)."""
        wanted = super().wanted(current)
        if self.removing and current is not None:
            held = wanted['entries'] if 'entries' in wanted else current.get('entries') or frozenset()
            wanted['entries'] = frozenset(held) - self.removing
        return wanted

    def check(self, plan: Plan) -> None:
        """What only the current list and its zone can tell is wrong, refused before anything is written."""
        params, current = self.params, plan.current
        declared = ('type', 'entries', 'description', 'action', 'enabled')
        only_removing = params['remove_entries'] is not None and all(params[option] is None for option in declared)
        if plan.action == 'create' and only_removing:
            # Only remove_entries: nothing to take out; an empty list would bring back a list someone deleted.
            raise EdgeFinding(
                f'remove entries from {self.label()}',
                f"shield zone {self.lists.api.zone_id} has no custom access list named \"{params['name']}\", "
                'so it holds none of remove_entries (give type to create the list)',
                'access_list.not_found',
            )
        for option in ('type', 'name'):
            if plan.action == 'create' and params[option] is None:
                self.module.fail(f'{option} is required to create {self.label()}')
        current_type = ACCESS_LIST_TYPES.name(current.get('type')) if current else None
        if plan.action == 'replace' and params['entries'] is None and params['type'] not in (None, current_type):
            self.checked(
                params['type'],
                plan.wanted.get('entries') or frozenset(),
                f'the current entries of {self.lists.api.of(current or {})} (give entries for the new type)',
            )
        if plan.creating or 'entries' in plan.changes:
            held = None if plan.action == 'create' else t.cast(HeldList, current)
            problem = self.lists.limit_problem(held, plan.wanted.get('entries'), params['name'])
            if problem:
                raise problem

    # ---- writing ----

    def create(self, wanted: Record) -> Record:
        return t.cast(Record, self.lists.create(wanted))

    def update(self, current: Record, changes: Record) -> Record:
        after = self.lists.update(t.cast(HeldList, current), changes, self.params['purge'], self.removing)
        return t.cast(Record, after)

    def replace(self, current: Record, wanted: Record) -> Record:
        try:
            return t.cast(Record, self.lists.replace(t.cast(HeldList, current), wanted))
        except ReplacementFailed as error:
            held = {'deleted_list': error.held} if error.held is not None else {}
            self.module.fail(str(error), failure=error.failure(), **held)

    def delete(self, current: Record) -> None:
        self.lists.delete(current)

    def predict_create(self, wanted: Record) -> Record:
        return t.cast(Record, predicted(self.lists.api.zone_id, wanted))

    def predict_update(self, current: Record, changes: Record) -> Record:
        after = {**current, **changes}
        if 'entries' in changes:
            with_entries(t.cast(HeldList, after), changes['entries'])
        return after

    # ---- output ----

    def result_view(self, resource: Record | None) -> Record | None:
        if resource is None:
            return None
        view = dict(returned(t.cast(HeldList, resource)), enabled=resource.get('isEnabled'))  # the option's name too
        if self.params['return_content']:
            view['content'] = resource['content'] if 'content' in resource else content_of(resource['entries'])[0]
        return view

    def diff_fields(self) -> t.Sequence[Field]:
        return [field for field in self.fields if not field.members]  # the entries: whole lists, in diff_view

    def diff_view(self, resource: Record | None) -> Record | None:
        """The managed fields, and when the run manages the entries (given, or some to remove) the whole list,
        sorted, however long: a diff of only the changed entries would read as the whole list."""
        view = super().diff_view(resource)
        if view is None or resource is None:
            return view
        managed = self.params['entries'] is not None or self.params['remove_entries'] is not None
        if managed and 'entries' in resource:
            view['entries'] = sorted(resource['entries'])
        view['entry_count'] = resource.get('entryCount')
        return view


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[SCOPE_OPTIONS],
        required_one_of=[SCOPE_OPTIONS, ('name', 'id')],
    )
    CustomAccessList(module).run()


if __name__ == '__main__':
    main()
