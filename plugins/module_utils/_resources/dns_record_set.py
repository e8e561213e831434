# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A record set of a DNS zone as the ``dns_record_set`` module manages it: the records of one name and type, their
values compared in canonical form (``_dns_records``), the settings of each record managed where they are given."""

from __future__ import annotations

import math
import typing as t
from dataclasses import dataclass, field

from ansible.module_utils.common.validation import check_type_bool, check_type_float, check_type_int, check_type_str

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeFinding
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._dns import DnsApi, DnsRecord, DnsZone
from ansible_collections.edge.platform.plugins.module_utils._dns_records import (
    ACCELERABLE,
    CNAME,
    NS,
    PULLZONE,
    SRV,
    BadValue,
    Value,
    domain_form,
    full_name,
    linked_value,
    parse_value,
    record_value,
    relative_name,
)
from ansible_collections.edge.platform.plugins.module_utils._pullzones import PullZoneApi
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._tables.dns_record_set import RECORD_TYPES, SETTINGS, TABLE

# The key of the synthetic object a record set is: its records.
RECORDS = 'Records'
SETTING_OPTIONS = {option.name: option for option in SETTINGS}
SETTING_TYPES: dict[str, t.Callable[[t.Any], t.Any]] = {
    'int': check_type_int,
    'bool': check_type_bool,
    'float': check_type_float,
    'str': check_type_str,
}


@dataclass(frozen=True)
class Wanted:
    """One value the set must hold, with the settings (API properties) given for its record."""

    value: Value
    settings: t.Mapping[str, object] = field(default_factory=dict)


@dataclass
class Changes:
    """What a run writes: the values to add, the records to update (with the properties that change), the records
    to delete; in that order, so that the name keeps answering while it changes."""

    adds: list[Wanted] = field(default_factory=list)
    updates: list[tuple[DnsRecord, Record]] = field(default_factory=list)
    deletes: list[DnsRecord] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.adds or self.updates or self.deletes)

    def summary(self) -> str:
        parts = [
            f'{verb} {len(items)} record{"" if len(items) == 1 else "s"}'
            for verb, items in (('add', self.adds), ('update', self.updates), ('delete', self.deletes))
            if items
        ]
        return ', '.join(parts)


@dataclass
class Place:
    """Where the set lives: its zone (read without its records), its name relative to the zone, and the pull zones
    its ``pullzone`` values name (name -> (id, system hostname))."""

    zone: DnsZone
    name: str
    pullzones: dict[str, tuple[int, str | None]] = field(default_factory=dict)

    @property
    def zone_id(self) -> int:
        return int(self.zone['Id'])

    @property
    def domain(self) -> str:
        return str(self.zone.get('Domain') or '').rstrip('.').lower()


def same_setting(option: str, current: object, wanted: object) -> bool:
    if option == 'comment':
        return (current or '') == (wanted or '')
    if isinstance(wanted, float) and isinstance(current, (int, float)):
        return math.isclose(current, wanted, abs_tol=1e-9)
    return current == wanted


class RecordSet(EdgeResource):
    """The records of one name and type of a DNS zone, as a set of values."""

    name = 'records'

    def title(self) -> str:
        """The set as the diff's header names it: its type, its name (the apex as @) and its zone."""
        zone = self.params.get('zone') or self.params.get('zone_id')
        name = self.params.get('name') or '@'
        return f"{str(self.params.get('type')).upper()} records {name} of DNS zone {zone}"

    fields = (Field('values', RECORDS),)
    where: Place

    def __init__(self, module: EdgeModule) -> None:
        super().__init__(module)
        self.api = DnsApi(self.client)
        self.record_type = t.cast(int, RECORD_TYPES.number(self.params['type']))
        # state=absent with values takes those values out of a set that is then always there (maybe empty).
        self.deletable = not (self.state == 'absent' and self.params['values'] is not None)
        self.values: list[Wanted] = []
        self.relative: str | None = None  # the name relative to the zone, once the zone's domain is known
        self.changes_planned = Changes()
        self.set_ttl: int | None = None  # the TTL the set's records have (the most of them), for records added
        #: What a caller that plans many sets read once: the pull zones by name (for ``pullzone`` values), and the
        #: records of the zone (for the check of the other types of the name); None: read them.
        self.known_pullzones: dict[str, Record] | None = None
        self.zone_records: list[DnsRecord] | None = None
        #: Whether the set is read again after a write; a caller that writes many sets turns it off, and the set is
        #: then what was read with the records the adds answered, unless a record was updated (an update answers none).
        self.read_back = True

    @property
    def type_name(self) -> str:
        return str(self.params['type'])

    @property
    def what(self) -> str:
        """The set as a message names it."""
        zone = self.params['zone'] or f"DNS zone {self.params['zone_id']}"
        name = self.relative if self.relative is not None else self.params['name']
        return f'{self.type_name} records "{name or "@"}" of {zone}'

    # ---- input ----

    def validate(self) -> None:
        params = self.params
        self.module.refuse_non_positive('zone_id')
        self.module.refuse_blank('zone')
        if params['zone'] is not None:
            try:
                params['zone'] = domain_form(params['zone'])
            except BadValue as error:
                self.module.fail(f'zone {error}')
            try:
                self.relative = relative_name(params['name'], params['zone'])
            except BadValue as error:
                self.module.fail(f'name {error}')
        for problem in TABLE.problems(params):
            self.module.fail(problem)
        if params['values'] is None:
            if self.state == 'present':
                self.module.fail('values is required with state=present (state=absent without values removes the set)')
            return
        self.values = self.parsed_values(params['values'])
        if self.state == 'present' and not self.values:
            self.module.fail(
                'values must hold at least one value with state=present; give state=absent to remove the set'
            )
        if self.state == 'present':
            self.refuse_at_apex()

    def refuse_at_apex(self) -> None:
        """The types a zone's apex cannot hold: a cname (it would hide the zone's own records), and ns (the apex's
        name servers are the zone's)."""
        if self.relative != '':
            return
        if self.record_type == CNAME:
            self.module.fail('a cname record cannot be at the apex of a zone; give type flatten there')
        if self.record_type == NS:
            self.module.fail(
                "ns records at the apex of a zone are its name servers: set them with edge.platform.dns_zone's "
                'nameservers'
            )

    def parsed_values(self, given: list[t.Any]) -> list[Wanted]:
        """Each value parsed (and its settings checked), each once: refused, naming it, when it is not a value of the
        type, or given twice with different settings."""
        found: dict[str, Wanted] = {}
        for index, item in enumerate(given):
            where = f'values[{index}]'
            if isinstance(item, dict):
                wanted = self.mapping_value(item, where)
            elif isinstance(item, (str, int, float)) and not isinstance(item, bool):
                wanted = Wanted(self.parse(str(item), where))
            else:
                self.module.fail(f'{where} must be a string in zone-file form, or a mapping with value, got {item!r}')
            earlier = found.get(wanted.value.text)
            if earlier is not None and earlier.settings != wanted.settings:
                self.module.fail(f'{where} gives the value {wanted.value.shown!r} again, with other settings')
            found.setdefault(wanted.value.text, wanted)
        return list(found.values())

    def parse(self, text: str, where: str) -> Value:
        try:
            return parse_value(self.record_type, text)
        except BadValue as error:
            self.module.fail(f'{where} is not a value of type {self.type_name}: {error}')

    def mapping_value(self, item: dict[str, t.Any], where: str) -> Wanted:
        unknown = sorted(set(item) - {'value', *SETTING_OPTIONS})
        if unknown:
            keys = ', '.join(['value', *SETTING_OPTIONS])
            self.module.fail(
                f"{where} has the key{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}; it takes {keys}"
            )
        if not isinstance(item.get('value'), (str, int, float)) or isinstance(item.get('value'), bool):
            self.module.fail(f'{where}.value is required: the value in zone-file form')
        value = self.parse(str(item['value']), f'{where}.value')
        settings: dict[str, object] = {}
        for key, given in item.items():
            option = SETTING_OPTIONS.get(key)
            if option is None or given is None:
                continue
            try:
                converted = SETTING_TYPES[option.type](given)
            except (TypeError, ValueError):
                self.module.fail(f'{where}.{key} must be of type {option.type}, got {given!r}')
            if option.names is not None and converted not in option.names:
                self.module.fail(f"{where}.{key} must be one of {', '.join(option.names)}, got {converted!r}")
            problem = option.problem(converted)
            if problem:
                self.module.fail(f'{where}.{key} {problem}')
            settings[t.cast(str, option.api)] = option.to_api(converted)
        if 'Weight' in settings and self.record_type == SRV:
            self.module.fail(f'{where}.weight: an srv record has its weight in its value (PRIORITY WEIGHT PORT TARGET)')
        if settings.get('Accelerated') and self.record_type not in ACCELERABLE:
            self.module.fail(f'{where}.accelerated: only a, aaaa and cname records can be accelerated')
        return Wanted(value, settings)

    # ---- reading ----

    def locate(self) -> Place:
        zone = self.api.require(self.params['zone_id'], self.params['zone'])
        place = Place(zone, '')
        if self.relative is None:  # a zone given by id: its domain tells what the name is
            try:
                self.relative = relative_name(self.params['name'], place.domain)
            except BadValue as error:
                raise EdgeFinding(f'find {self.what}', f'name {error}') from None
        place.name = self.relative
        if self.state == 'present':
            self.refuse_at_apex()
        if self.record_type == PULLZONE:
            self.values = [self.linked(place, wanted) for wanted in self.values]
        return place

    def linked(self, place: Place, wanted: Wanted) -> Wanted:
        """A ``pullzone`` value by its pull zone's id, looked up by its name (a refusal when it has none)."""
        name = wanted.value.text
        if self.known_pullzones is not None:
            known = self.known_pullzones.get(name)
            found = [known] if known is not None else []
        else:
            found = PullZoneApi(self.client).named(name)
        if len(found) != 1:
            raise EdgeFinding(
                f'find pull zone "{name}" of {self.what}',
                'no pull zone of the account has this name' if not found else f'{len(found)} pull zones have this name',
                'pullzone.not_found' if not found else None,
            )
        system = next(
            (host.get('Value') for host in found[0].get('Hostnames') or () if host.get('IsSystemHostname')), None
        )
        place.pullzones[name] = (int(found[0]['Id']), system)
        return Wanted(linked_value(PULLZONE, int(found[0]['Id']), name), wanted.settings)

    def find(self) -> Record | None:
        records = self.api.record_set(self.where.zone_id, self.where.name, self.record_type)
        if not records and self.deletable:
            return None
        return {RECORDS: records}

    # ---- deciding ----

    def resolve(self, wanted: Record, current: Record | None) -> Record:
        """The records the set will hold (``Records``), from the changes that make them: a record of a wanted value
        kept (its TTL and the settings given set), in replace mode a record of another value changed to a missing
        value (keeping its id) or deleted, the other missing values added."""
        held: list[DnsRecord] = list((current or {}).get(RECORDS) or [])
        ttls = [record.get('Ttl') for record in held if record.get('Ttl') is not None]
        self.set_ttl = max(set(ttls), key=ttls.count) if ttls else None
        changes = Changes()
        by_text = {wanted.value.text: wanted for wanted in self.values}
        if self.state == 'absent':
            changes.deletes = [record for record in held if record_value(record).text in by_text]
        else:
            matched: dict[str, DnsRecord] = {}
            others: list[DnsRecord] = []
            for record in sorted(held, key=lambda record: record.get('Id') or 0):
                text = record_value(record).text
                if text in by_text and text not in matched:
                    matched[text] = record
                else:
                    others.append(record)
            missing = [wanted for wanted in self.values if wanted.value.text not in matched]
            for text, record in matched.items():
                differing = self.differing(record, by_text[text], value_changes=False)
                if differing:
                    changes.updates.append((record, differing))
            if self.params['on_existing'] == 'replace':
                others.sort(key=lambda record: record_value(record).text)
                for record, wanted_value in zip(others, sorted(missing, key=lambda wanted: wanted.value.text)):
                    changes.updates.append((record, self.differing(record, wanted_value, value_changes=True)))
                changes.deletes = others[len(missing) :]
                missing = missing[len(others) :]
            changes.adds = missing
        self.changes_planned = changes
        wanted[RECORDS] = self.predicted(held, changes)
        return wanted

    def differing(self, record: DnsRecord, wanted: Wanted, value_changes: bool) -> Record:
        """The properties of ``record`` to set for it to be ``wanted`` (with ``value_changes``, its value too)."""
        differing: Record = dict(wanted.value.fields) if value_changes else {}
        if self.params['ttl'] is not None and record.get('Ttl') != self.params['ttl']:
            differing['Ttl'] = self.params['ttl']
        for option in SETTINGS:
            api = t.cast(str, option.api)
            if api in wanted.settings and not same_setting(option.name, record.get(api), wanted.settings[api]):
                differing[api] = wanted.settings[api]
        return differing

    def predicted(self, held: list[DnsRecord], changes: Changes) -> list[Record]:
        """The records after ``changes``: those kept as they are (the same records), those updated, then those
        added (without the id the service gives them)."""
        updated = {id(record): values for record, values in changes.updates}
        deleted = {id(record) for record in changes.deletes}
        after: list[Record] = []
        for record in held:
            if id(record) in deleted:
                continue
            after.append(self.written(record, updated[id(record)]) if id(record) in updated else t.cast(Record, record))
        after.extend(self.new_record(wanted) for wanted in changes.adds)
        return after

    def written(self, record: t.Mapping[str, t.Any], values: Record) -> Record:
        """``record`` once ``values`` are written to it (a ``pullzone`` record links the pull zone by its id)."""
        after = {**record, **{key: value for key, value in values.items() if key not in ('PullZoneId', 'ScriptId')}}
        link = values.get('PullZoneId', values.get('ScriptId'))
        if link is not None:
            after['LinkName'] = str(link)
            system = next((host for pid, host in self.where.pullzones.values() if pid == link), None)
            if self.record_type == PULLZONE:
                after['Value'] = system
        return after

    def new_record(self, wanted: Wanted) -> Record:
        """A record as the service adds it, before it has an id: what check mode predicts (a TTL the service chooses is
        null)."""
        record: Record = {'Id': None, 'Type': self.record_type, 'Ttl': None, 'Name': self.where.name}
        return self.written(record, self.body(wanted))

    def body(self, wanted: Wanted) -> Record:
        """The AddDnsRecordModel of ``wanted``: the TTL given, else that of the set's records (the records of one
        name and type share their TTL), else none (the service's)."""
        body: Record = {'Type': self.record_type, 'Name': self.where.name, **wanted.value.fields, **wanted.settings}
        ttl = self.params['ttl'] if self.params['ttl'] is not None else self.set_ttl
        if ttl is not None:
            body['Ttl'] = ttl
        return body

    def check(self, plan: Plan) -> None:
        """cname records share their name with no record of another type: a run that adds records of one beside the
        other is refused before anything is written (the other records of the name are read when the run adds)."""
        if not self.changes_planned.adds:
            return
        held = (
            self.zone_records
            if self.zone_records is not None
            else self.api.records(self.where.zone_id, search=self.where.name or None)
        )
        others = [
            record
            for record in held
            if str(record.get('Name') or '').lower() == self.where.name and record.get('Type') != self.record_type
        ]
        if self.record_type == CNAME and others:
            kinds = ', '.join(sorted({str(RECORD_TYPES.name(record.get('Type'))) for record in others}))
            self.module.fail(
                f'adding {self.what} refused: the name has {kinds} records, and cname records cannot share their name '
                'with records of other types'
            )
        cnames = [record for record in others if record.get('Type') == CNAME]
        if cnames:
            self.module.fail(
                f'adding {self.what} refused: the name has a cname record ({record_value(cnames[0]).text}), and cname '
                'records cannot share their name with records of other types'
            )

    # ---- writing ----

    def carry(self, held: list[DnsRecord], changes: Changes) -> Record:
        zone_id = self.where.zone_id
        known = {record.get('Id') for record in held}
        made: list[DnsRecord] = []
        for wanted in changes.adds:
            text = wanted.value.text

            def added(record: DnsRecord, text: str = text) -> bool:
                return record.get('Id') not in known and record_value(record).text == text

            record = self.api.add_record(zone_id, self.body(wanted), added)
            known.add(record.get('Id'))
            made.append(record)
        for record, values in changes.updates:
            self.api.update_record(zone_id, int(record['Id']), {'Type': self.record_type, **values})
        for record in changes.deletes:
            self.api.delete_record(zone_id, int(record['Id']))
        if not self.read_back and not changes.updates:
            deleted = {record.get('Id') for record in changes.deletes}
            return {RECORDS: [record for record in held if record.get('Id') not in deleted] + made}
        # The set as the service now holds it (an update answers no record).
        return {RECORDS: self.api.record_set(zone_id, self.where.name, self.record_type)}

    def create(self, wanted: Record) -> Record:
        return self.carry([], self.changes_planned)

    def update(self, current: Record, changes: Record) -> Record:
        return self.carry(current[RECORDS], self.changes_planned)

    def delete(self, current: Record) -> None:
        for record in current[RECORDS]:
            self.api.delete_record(self.where.zone_id, int(record['Id']))

    def predict_create(self, wanted: Record) -> Record:
        return {RECORDS: wanted[RECORDS]}

    def predict_update(self, current: Record, changes: Record) -> Record:
        return {RECORDS: changes[RECORDS]}

    # ---- output ----

    def describe(self, plan: Plan) -> str | None:
        if plan.action == 'delete':
            count = len((plan.current or {}).get(RECORDS) or [])
            return f'delete {count} record{"" if count == 1 else "s"}'
        return self.changes_planned.summary() or plan.note

    def shown_value(self, record: t.Mapping[str, t.Any]) -> str:
        value = record_value(record)
        if self.record_type == PULLZONE:
            names = {pid: name for name, (pid, _host) in self.where.pullzones.items()}
            link = int(value.text) if value.text.isdigit() else None
            if link is not None and link in names:
                return names[link]
            return f'{value.text} (the id of a pull zone not named in values)'
        return value.shown

    def diff_view(self, resource: Record | None) -> dict[str, object] | None:
        """The set's name and type, and each record: its value as the collection writes it, and what the run manages
        of it (its TTL, its settings given), in the options' terms; sorted by value."""
        if resource is None:
            return None
        managed = [option for option in SETTINGS if any(option.api in wanted.settings for wanted in self.values)]
        records = []
        for record in resource.get(RECORDS) or []:
            view: dict[str, object] = {'value': self.shown_value(record)}
            if self.params['ttl'] is not None:
                view['ttl'] = record.get('Ttl')
            for option in managed:
                view[option.name] = option.from_api(record.get(t.cast(str, option.api)))
            records.append(view)
        return {
            'name': full_name(self.where.name, self.where.domain),
            'type': self.type_name,
            'records': sorted(records, key=lambda view: str(view['value'])),
        }

    def outcome(self, plan: Plan, after: Record | None) -> dict[str, object]:
        # A zone the run creates (in check mode) has no id yet.
        return {'records': list((after or {}).get(RECORDS) or []), 'dns_zone_id': self.where.zone.get('Id')}
