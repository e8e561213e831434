# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A custom access list of a Shield zone as the ``shield_access_list`` module manages it."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeFinding
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._resource import (
    Field,
    Plan,
    ZoneItemResource,
    spelled_as_held,
)
from ansible_collections.edge.platform.plugins.module_utils._shield import (
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
    entry_form,
    entry_set,
    predicted,
    quoted,
    returned,
    with_entries,
)
from ansible_collections.edge.platform.plugins.module_utils._tables.shield_access_list import (
    ACCESS_LIST_ACTIONS,
    ACCESS_LIST_TYPES,
    TABLE,
)


def held_options(record: HeldList) -> dict[str, object]:
    """What a list holds in the options' terms (to declare it again)."""
    return {
        'name': record.get('name'),
        'type': ACCESS_LIST_TYPES.name(record.get('type')),
        'description': record.get('description'),
        'action': ACCESS_LIST_ACTIONS.name(record.get('action')),
        'enabled': record.get('isEnabled'),
        'entries': sorted(record.get('entries') or ()),
    }


def same_text(current: object, wanted: object) -> bool:
    return (current or '') == (wanted or '')


class CustomAccessList(ZoneItemResource):
    name = 'access_list'
    noun = 'access list'
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

    def found_in(self, collection: AccessLists) -> Record | None:
        """The list among the zone's lists as read (with its entries when it is to be kept), or None."""
        current = collection.find(self.params['name'], self.params['id'], must_exist=self.state == 'present')
        if current is not None and self.state == 'present':
            collection.load(current)
        return t.cast('Record | None', current)

    # ---- deciding ----

    def resolve(self, wanted: Record, current: Record | None) -> Record:
        """Entries are checked, and written as the list's type wants them (country codes upper case …)."""
        list_type = self.params['type'] or (ACCESS_LIST_TYPES.name(current.get('type')) if current else None)
        if 'entries' in wanted and list_type is not None:
            wanted['entries'] = self.checked(list_type, wanted['entries'], 'entries')
            if current is not None:  # entries the list holds in another spelling (ru for RU) are those entries
                held = current.get('entries') or ()
                wanted['entries'] = spelled_as_held(wanted['entries'], held, entry_form(list_type))
        if self.params['remove_entries'] is not None:
            removing = entry_set(self.params['remove_entries'])
            if list_type is not None:
                removing = self.checked(list_type, removing, 'remove_entries')
                if current is not None:
                    removing = spelled_as_held(removing, current.get('entries') or (), entry_form(list_type))
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
            held = {'deleted_list': held_options(error.deleted)} if error.deleted is not None else {}
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
