# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A DNS zone as the ``dns_zone`` module manages it: found by its domain or id, created, its settings and DNSSEC
changed, the records of a zone file imported into it once, its record sets made what ``records`` declares (with
``records_exclusive``, the others removed), deleted."""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, EdgeFinding
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._dns import (
    DnsApi,
    DnsRecord,
    DnsSec,
    DnsZone,
    Imported,
    same_domain,
    without_records,
)
from ansible_collections.edge.platform.plugins.module_utils._dns_records import (
    PULLZONE,
    BadValue,
    ZoneFile,
    domain_form,
    full_name,
    host_name,
    name_problem,
    parse_zone_file,
    record_value,
    relative_name,
)
from ansible_collections.edge.platform.plugins.module_utils._parts import PartModule, Refused
from ansible_collections.edge.platform.plugins.module_utils._pullzones import PullZoneApi
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._resources.dns_record_set import RECORDS, Place, RecordSet
from ansible_collections.edge.platform.plugins.module_utils._tables.dns_record_set import RECORD_TYPES
from ansible_collections.edge.platform.plugins.module_utils._tables.dns_zone import TABLE

# Keys a zone record carries beside its API properties while the module compares it (never returned): the custom
# name servers in order ([] for the service's own), how the logs keep client addresses, the zone file whose records
# the zone holds (None: none of them), the records it holds (read with ``records``), and the record sets a run
# changes (the wanted zone only, when any).
NAMESERVERS = '_nameservers'
IP_ANONYMIZATION = '_ip_anonymization'
IMPORTED = '_imported'
HELD = '_records'
RECORD_SETS = '_record_sets'
DERIVED = (NAMESERVERS, IP_ANONYMIZATION, IMPORTED, HELD, RECORD_SETS)
# LogAnonymizationType of each way of keeping client addresses but ``off``.
LOG_ANONYMIZATION = {'one_digit': 0, 'drop': 1}
# The most name servers a zone declares (Nameserver1, Nameserver2).
NAMESERVERS_MAX = 2
# A zone file larger than this is refused before it is read (the API takes the file in one request).
ZONE_FILE_MAX = 16 * 1024 * 1024


def same_text(current: object, wanted: object) -> bool:
    """Texts compared without regard to case, null and empty as one (an e-mail address)."""
    return str(current or '').lower() == str(wanted or '').lower()


def nameservers_of(zone: t.Mapping[str, t.Any]) -> list[str]:
    """The zone's custom name servers in order, in canonical form; [] when it has the service's own."""
    if not zone.get('CustomNameserversEnabled'):
        return []
    return [
        str(zone[key]).rstrip('.').lower() for key in ('Nameserver1', 'Nameserver2') if str(zone.get(key) or '').strip()
    ]


def anonymization_of(zone: t.Mapping[str, t.Any]) -> str:
    if not zone.get('LoggingIPAnonymizationEnabled'):
        return 'off'
    return 'drop' if zone.get('LogAnonymizationType') == LOG_ANONYMIZATION['drop'] else 'one_digit'


def settings_body(changes: t.Mapping[str, t.Any]) -> Record:
    """The UpdateDnsZoneModel that writes ``changes`` (the managed fields that differ)."""
    body: Record = {}
    if NAMESERVERS in changes:
        servers = list(changes[NAMESERVERS])
        body['CustomNameserversEnabled'] = bool(servers)
        if servers:
            body['Nameserver1'], body['Nameserver2'] = servers[0], servers[1] if len(servers) > 1 else ''
    if IP_ANONYMIZATION in changes:
        kept = changes[IP_ANONYMIZATION]
        body['LoggingIPAnonymizationEnabled'] = kept != 'off'
        if kept != 'off':
            body['LogAnonymizationType'] = LOG_ANONYMIZATION[kept]
    for key in ('SoaEmail', 'LoggingEnabled'):
        if key in changes:
            body[key] = changes[key]
    return body


def set_key(name: str, record_type: object) -> tuple[str, object]:
    """What tells one record set of a zone from another: its name (relative, in lower case) and type."""
    return name.lower(), record_type


def held_sets(records: t.Iterable[DnsRecord]) -> dict[tuple[str, object], list[DnsRecord]]:
    """A zone's records grouped into sets, in the order the zone holds them."""
    sets: dict[tuple[str, object], list[DnsRecord]] = {}
    for record in records:
        sets.setdefault(set_key(str(record.get('Name') or ''), record.get('Type')), []).append(record)
    return sets


def site_record(
    key: tuple[str, object], records: list[DnsRecord], domain: str, pullzones: t.Mapping[int, Record]
) -> bool:
    """Whether a ``pullzone`` set is the record of a pull zone's own custom hostname: every record links one pull zone,
    which has the set's full name as a hostname (what a site's ``dns_zone`` makes, and removes with the site)."""
    links = {str(record.get('LinkName') or '') for record in records}
    if key[1] != PULLZONE or len(links) != 1:
        return False
    link = links.pop()
    zone = pullzones.get(int(link)) if link.isdigit() else None
    hostname = full_name(key[0], domain)
    return zone is not None and any(
        str(host.get('Value') or '').lower() == hostname
        for host in zone.get('Hostnames') or ()
        if isinstance(host, dict)
    )


@dataclass
class SetItem:
    """One record set of the run: declared in ``records`` (its place there), or one ``records_exclusive`` removes."""

    label: str
    resource: RecordSet
    declared: bool
    plan: Plan | None = None
    result: dict[str, object] | None = None

    @property
    def key(self) -> tuple[str, object]:
        return set_key(str(self.resource.relative), self.resource.record_type)

    @property
    def removed_whole(self) -> bool:
        return self.plan is not None and self.plan.action == 'delete'


class ZoneRecords:
    """The record sets a zone declares (``records``), each a ``dns_record_set`` resource planned against the zone's
    records read once with the zone; with ``exclusive``, the sets it does not list, each removed as that module
    removes a set."""

    def __init__(self, zone: Zone, declared: list[dict[str, t.Any]], exclusive: bool) -> None:
        self.zone = zone
        self.exclusive = exclusive
        self.items = [self.item(entry, index) for index, entry in enumerate(declared)]
        self.removed: list[SetItem] = []

    def part(self, params: dict[str, t.Any], label: str) -> RecordSet:
        """A declared record set of the zone as ``dns_record_set`` takes it, checked as that module checks it."""
        domain, zone_id = self.zone.params['domain'], self.zone.params['id']
        options = {'zone': domain, 'zone_id': None if domain else zone_id, 'on_existing': 'replace', **params}
        try:
            resource = RecordSet(PartModule(self.zone.module, options))  # type: ignore[arg-type]
            resource.validate()
        except Refused as refusal:
            self.zone.module.fail(f'{label}: {refusal}')
        return resource

    def removal(self, key: tuple[str, object], records: list[DnsRecord], domain: str) -> SetItem:
        """A set of the zone that ``records_exclusive`` removes, by its name as the zone holds it."""
        kind = str(RECORD_TYPES.name(key[1]))
        label = f"the {kind} records {records[0].get('Name') or '@'} (not in records)"
        options = {'zone': domain, 'zone_id': None, 'name': key[0], 'type': kind, 'values': None, 'ttl': None}
        module = PartModule(self.zone.module, dict(options, on_existing='replace', state='absent'))
        resource = RecordSet(module)  # type: ignore[arg-type]
        resource.relative = key[0]
        return SetItem(label, resource, False)

    def item(self, entry: dict[str, t.Any], index: int) -> SetItem:
        name, kind = entry.get('name'), entry.get('type')
        label = f"records[{index}] ({kind} {name or '@'})"
        params = {key: entry.get(key) for key in ('name', 'type', 'values', 'ttl', 'state')}
        return SetItem(label, self.part(params, label), True)

    def name_each(self, domain: str) -> None:
        """Each declared set's name relative to the zone (known once its domain is), each set declared once."""
        seen: dict[tuple[str, object], str] = {}
        for item in self.items:
            resource = item.resource
            if resource.relative is None:
                try:
                    resource.relative = relative_name(resource.params['name'], domain)
                except BadValue as error:
                    self.zone.module.fail(f'{item.label}: name {error}')
            earlier = seen.setdefault(item.key, item.label)
            if earlier != item.label:
                self.zone.module.fail(f'{item.label} is the set of {earlier} again; declare each record set once')

    def pullzones(self, held: dict[tuple[str, object], list[DnsRecord]]) -> dict[str, Record] | None:
        """Every pull zone by name, read once, when a declared value names one or a ``pullzone`` set may be removed."""
        named = any(item.resource.record_type == PULLZONE and item.resource.values for item in self.items)
        listed = {item.key for item in self.items}
        removable = self.exclusive and any(key[1] == PULLZONE and key not in listed for key in held)
        if not named and not removable:
            return None
        if self.zone.known_pullzones is not None:
            return dict(self.zone.known_pullzones)
        return {str(zone.get('Name')): zone for zone in PullZoneApi(self.zone.client).listing()}

    def plan(self, current: Record | None, domain: str) -> list[tuple[str, object]]:
        """Plan every set against the records the zone holds (none for a zone to be created); the sets that change."""
        self.name_each(domain)
        zone = t.cast(DnsZone, {'Id': (current or {}).get('Id'), 'Domain': domain})
        held = held_sets(t.cast('list[DnsRecord]', (current or {}).get(HELD) or []))
        pullzones = self.pullzones(held)
        by_id = {int(record['Id']): record for record in (pullzones or {}).values()}
        places = {name: (int(record['Id']), system_hostname(record)) for name, record in (pullzones or {}).items()}
        listed = {item.key for item in self.items}
        self.removed = []
        if self.exclusive:
            for key, records in held.items():
                if key in listed or site_record(key, records, domain, by_id):
                    continue
                self.removed.append(self.removal(key, records, domain))
        removed = {id(record) for item in self.removed for record in held.get(item.key, ())}
        remaining = [record for records in held.values() for record in records if id(record) not in removed]
        for item in [*self.removed, *self.items]:
            resource = item.resource
            resource.where = Place(zone, str(resource.relative), dict(places))
            resource.known_pullzones = pullzones
            resource.zone_records = remaining
            resource.read_back = False  # the zone's records were read whole; an add answers its record
            try:
                if resource.record_type == PULLZONE:
                    resource.values = [resource.linked(resource.where, wanted) for wanted in resource.values]
                if resource.state == 'present':
                    resource.refuse_at_apex()
                records = held.get(item.key, [])
                item.plan = resource.decide(found={RECORDS: records} if records or not resource.deletable else None)
            except Refused as refusal:
                self.zone.module.fail(f'{item.label}: {refusal}')
            except EdgeFinding as finding:
                self.zone.module.fail(f'{item.label}: {finding.message}')
        return [item.key for item in self.planned() if t.cast(Plan, item.plan).action]

    def planned(self) -> list[SetItem]:
        """Every set of the run in the order of the writes: those removed whole first (a cname may take their name),
        then the others as declared."""
        ordered = [*self.removed, *self.items]
        return [item for item in ordered if item.removed_whole] + [item for item in ordered if not item.removed_whole]

    def changed(self) -> list[SetItem]:
        return [item for item in self.planned() if item.plan is not None and item.plan.action]

    def write(self, zone: DnsZone, held: list[DnsRecord]) -> list[DnsRecord]:
        """Write (in check mode, predict) the sets that change, in ``zone``; the records the zone holds afterwards."""
        for item in self.changed():
            item.resource.where.zone = without_records(zone)
            item.result = item.resource.carry_out(t.cast(Plan, item.plan))
        changed = {item.key for item in self.changed()}
        after = [record for record in held if set_key(str(record.get('Name') or ''), record.get('Type')) not in changed]
        for item in self.changed():
            after += t.cast('list[DnsRecord]', (item.resource.final or {}).get(RECORDS) or [])
        return after

    def results(self) -> list[dict[str, object]]:
        """Each set's result, as ``dns_record_set`` returns it, with the set's ``name`` and ``type``."""
        results = []
        for item in self.planned():
            if item.plan is None:
                continue
            result = item.result if item.result is not None else item.resource.carry_out(item.plan)
            name = str(item.resource.relative)
            results.append({'name': name or '@', 'type': item.resource.type_name, **result})
        return results

    def view(self, resource: Record) -> dict[str, object]:
        """The sets that change, each by its type and full name, as ``dns_record_set``'s diff shows its records."""
        sets = held_sets(t.cast('list[DnsRecord]', resource.get(HELD) or []))
        view: dict[str, object] = {}
        for item in self.changed():
            shown = item.resource.diff_view({RECORDS: sets.get(item.key, [])}) or {}
            view[f"{item.resource.type_name} {shown.get('name')}"] = shown.get('records') or []
        return view

    def summary(self) -> str:
        count = len(self.changed())
        return f'change {count} record set{"" if count == 1 else "s"}'


def system_hostname(zone: Record) -> str | None:
    return next(
        (
            str(host.get('Value'))
            for host in zone.get('Hostnames') or ()
            if isinstance(host, dict) and host.get('IsSystemHostname')
        ),
        None,
    )


class Zone(EdgeResource):
    """One DNS zone of the account, found by its domain or its id."""

    name = 'dns_zone'
    noun = 'DNS zone'
    identity = ('domain', 'id')
    fields = (
        Field.of(TABLE['domain'], equal=same_domain),
        Field('nameservers', NAMESERVERS),
        Field.of(TABLE['soa_email'], equal=same_text),
        Field.of(TABLE['logging']),
        Field('logging_ip_anonymization', IP_ANONYMIZATION, choices=('off', 'one_digit', 'drop')),
        Field.of(TABLE['dnssec']),
        Field('import_zone_file', IMPORTED),
    )

    def __init__(self, module: EdgeModule) -> None:
        super().__init__(module)
        self.api = DnsApi(self.client)
        self.zone_file_text: str | None = None
        self.zone_file: ZoneFile | None = None
        #: What enabling DNSSEC answered on this run (its DS record), and what an import answered.
        self.dnssec_answer: DnsSec | None = None
        self.imported: Imported | None = None
        #: The record sets declared with the zone (``records``), when they are, and every pull zone by name when a
        #: caller that plans many declarations read them once (None: read here when a record set needs them).
        self.record_sets: ZoneRecords | None = None
        self.known_pullzones: t.Mapping[str, Record] | None = None

    @property
    def what(self) -> str:
        return f"DNS zone {self.params['domain']}" if self.params['domain'] else f"DNS zone {self.params['id']}"

    # ---- input ----

    def validate(self) -> None:
        params = self.params
        self.module.refuse_non_positive('id')
        self.module.refuse_blank('domain')
        if params['domain'] is not None:
            try:
                params['domain'] = domain_form(params['domain'])
            except BadValue as error:
                self.module.fail(f'domain {error}')
        servers = params['nameservers']
        if servers is not None:
            if len(servers) > NAMESERVERS_MAX:
                self.module.fail(f'nameservers holds {len(servers)} names; a zone declares at most {NAMESERVERS_MAX}')
            try:
                params['nameservers'] = [host_name(str(server), 'nameservers item') for server in servers]
            except BadValue as error:
                self.module.fail(str(error))
            if len(set(params['nameservers'])) != len(servers):
                self.module.fail('nameservers names one server twice')
        email = params['soa_email']
        if email is not None:
            local, _at, host = email.strip().rpartition('@')
            if not local or any(char.isspace() for char in email.strip()) or name_problem(host.lower()) or not host:
                self.module.fail(f'soa_email {email!r} is not an e-mail address such as hostmaster@example.com')
            params['soa_email'] = email.strip()
        if params['records'] is not None or params['records_exclusive']:
            if self.state == 'absent':
                self.module.fail('records cannot be given with state=absent, which deletes the zone with its records')
            if params['records'] is None:
                self.module.fail('records_exclusive requires records (records: [] removes every record set)')
            self.record_sets = ZoneRecords(self, params['records'], params['records_exclusive'])
            if params['domain'] is not None:  # a set declared twice is refused now (by id: once the domain is read)
                self.record_sets.name_each(params['domain'])
        if params['import_zone_file'] is not None:
            if self.state == 'absent':
                self.module.fail('import_zone_file cannot be used with state=absent, which deletes the zone')
            self.read_zone_file(params['import_zone_file'])
            if params['domain'] is not None:
                self.zone_file = self.parsed_zone_file(params['domain'])

    def read_zone_file(self, path: str) -> None:
        try:
            with open(path, 'rb') as handle:
                content = handle.read(ZONE_FILE_MAX + 1)
        except OSError as error:
            self.module.fail(f'import_zone_file {path} cannot be read: {error.strerror or error}')
        if len(content) > ZONE_FILE_MAX:
            self.module.fail(f'import_zone_file {path} is larger than {ZONE_FILE_MAX // (1024 * 1024)} MB')
        try:
            self.zone_file_text = content.decode('utf-8')
        except UnicodeDecodeError as error:
            self.module.fail(f'import_zone_file {path} is not text in UTF-8 (byte {error.start})')

    def parsed_zone_file(self, domain: str) -> ZoneFile:
        """The zone file read as a zone of ``domain``; a refusal naming the line it cannot read."""
        try:
            parsed = parse_zone_file(t.cast(str, self.zone_file_text), domain)
        except BadValue as error:
            self.module.fail(f"import_zone_file {self.params['import_zone_file']}: {error}")
        if not parsed.entries:
            self.module.fail(f"import_zone_file {self.params['import_zone_file']} holds no record to import")
        return parsed

    # ---- reading ----

    def find(self) -> Record | None:
        with_records = self.params['import_zone_file'] is not None or self.record_sets is not None
        if self.params['id'] is not None:
            zone = self.api.zone(self.params['id'], records=with_records)
        else:  # found in the list without records (other zones the search matches are not read whole), then read
            zone = self.api.zone_of(self.params['domain'])
            if zone is not None and with_records:
                zone = self.api.zone(int(zone['Id']), records=True)
        return None if zone is None else self.derived(zone)

    def derived(self, zone: DnsZone, imported: object = None) -> Record:
        """``zone`` with the keys the module compares (``DERIVED``); the zone file counts as imported when the zone
        holds any of its records (or ``imported`` says so)."""
        record: Record = dict(zone)
        record[NAMESERVERS] = nameservers_of(zone)
        record[IP_ANONYMIZATION] = anonymization_of(zone)
        record[IMPORTED] = imported
        if self.record_sets is not None and zone.get('Records') is not None:
            record[HELD] = list(zone.get('Records') or [])
        if imported is None and self.params['import_zone_file'] is not None and zone.get('Records') is not None:
            if self.zone_file is None:
                self.zone_file = self.parsed_zone_file(str(zone.get('Domain') or ''))
            record[IMPORTED] = self.params['import_zone_file'] if self.holds_any(zone) else None
        record.pop('Records', None)
        return record

    def holds_any(self, zone: DnsZone) -> bool:
        """Whether the zone holds any record of the zone file (its name, type and value)."""
        held = {
            (str(record.get('Name') or '').lower(), record.get('Type'), record_value(record).text)
            for record in zone.get('Records') or ()
        }
        return any(
            (entry.name, entry.type, entry.value.text) in held for entry in t.cast(ZoneFile, self.zone_file).entries
        )

    def resolve(self, wanted: Record, current: Record | None) -> Record:
        """The record sets that change, when ``records`` declares them: each planned against the zone's records."""
        if self.record_sets is not None:
            domain = str((current or {}).get('Domain') or self.params['domain'] or '').rstrip('.').lower()
            changing = self.record_sets.plan(current, domain)
            if changing:
                wanted[RECORD_SETS] = tuple(changing)
        return wanted

    def check(self, plan: Plan) -> None:
        if RECORD_SETS in plan.changes and self.record_sets is not None:
            self.notes.append(self.record_sets.summary())
        if plan.action == 'create' and self.params['domain'] is None:
            self.module.fail(f"{self.what} does not exist; give domain to create a DNS zone")
        if IMPORTED in plan.changes and self.zone_file is not None:
            left = len(self.zone_file.skipped) + len(self.zone_file.unsupported)
            left_out = f' ({left} left out)' if left else ''
            self.notes.append(
                f"import {len(self.zone_file.entries)} records of {self.params['import_zone_file']}{left_out}"
            )

    # ---- writing ----

    def create(self, wanted: Record) -> Record:
        zone = self.api.add_zone(t.cast(str, self.params['domain']))
        return self.configured(zone, {key: value for key, value in wanted.items() if key != 'Domain'})

    def update(self, current: Record, changes: Record) -> Record:
        return self.configured(t.cast(DnsZone, current), changes)

    def configured(self, zone: DnsZone, changes: Record) -> Record:
        """Write ``changes`` to ``zone``: its settings, then DNSSEC, then the import; the zone afterwards."""
        zone_id = int(zone['Id'])
        before = zone
        imported = t.cast(Record, zone).get(IMPORTED)
        body = settings_body(changes)
        if body:
            zone = self.api.update_zone(zone_id, body)
        if 'DnsSecEnabled' in changes:
            answer = self.api.set_dnssec(zone_id, bool(changes['DnsSecEnabled']))
            zone = t.cast(DnsZone, {**zone, 'DnsSecEnabled': bool(answer.get('Enabled', changes['DnsSecEnabled']))})
            if changes['DnsSecEnabled']:
                self.dnssec_answer = answer
        if IMPORTED in changes:
            self.imported = self.import_records(zone_id)
            imported = self.params['import_zone_file']
            self.warn_about_failures(self.imported)
        if 'DnsSecEnabled' in changes or IMPORTED in changes:  # they answer no zone, and change it
            zone = self.api.zone(zone_id, records=False) or zone
        after = self.derived(zone, imported)
        if self.record_sets is not None:
            held = t.cast('list[DnsRecord]', t.cast(Record, before).get(HELD) or [])
            after[HELD] = self.record_sets.write(zone, held) if RECORD_SETS in changes else held
        return after

    def import_records(self, zone_id: int) -> Imported:
        """Import the zone file. Its answer lost after the request left: the zone read again tells whether the
        service imported it (its counts are then unknown: {})."""
        try:
            return self.api.import_records(zone_id, t.cast(str, self.zone_file_text))
        except EdgeApiError as error:
            if error.status is not None or not self.client.wrote:
                raise
            try:
                zone = self.api.zone(zone_id, records=True)
            except EdgeApiError:
                raise error from None
            if zone is None or not self.holds_any(zone):
                raise
            return {}

    def warn_about_failures(self, imported: Imported) -> None:
        """A warning when the service could not import records of the file: those of types the API has not (named
        by their lines), and the others it refused."""
        failed = int(imported.get('RecordsFailed') or 0)
        if not failed or self.zone_file is None:
            return
        unsupported = self.zone_file.unsupported
        named = '; '.join(f'line {line} ({kind}: {why})' for line, kind, why in unsupported[:10])
        more = failed - len(unsupported)
        others = f'{more} record{"s" if more != 1 else ""} the service refused' if more > 0 else ''
        self.module.ansible.warn(
            f"{failed} record{'s' if failed != 1 else ''} of {self.params['import_zone_file']} were not imported: "
            + '; '.join(part for part in (named, others) if part)
        )

    def delete(self, current: Record) -> None:
        self.api.delete_zone(int(current['Id']))

    # ---- check mode ----

    def predict_create(self, wanted: Record) -> Record:
        zone: Record = {
            'Id': None,
            'Domain': self.params['domain'],
            'CustomNameserversEnabled': False,
            'Nameserver1': None,
            'Nameserver2': None,
            'SoaEmail': None,
            'LoggingEnabled': False,
            'LoggingIPAnonymizationEnabled': False,
            'LogAnonymizationType': None,
            'DnsSecEnabled': False,
        }
        return self.predict_update(
            self.derived(t.cast(DnsZone, zone)), {k: v for k, v in wanted.items() if k != 'Domain'}
        )

    def predict_update(self, current: Record, changes: Record) -> Record:
        after = {**current, **settings_body(changes)}
        if 'DnsSecEnabled' in changes:
            after['DnsSecEnabled'] = changes['DnsSecEnabled']
        imported = self.params['import_zone_file'] if IMPORTED in changes else current.get(IMPORTED)
        if IMPORTED in changes and self.zone_file is not None:
            self.imported = {
                'RecordsSuccessful': len(self.zone_file.entries),
                'RecordsFailed': len(self.zone_file.unsupported),
                'RecordsSkipped': len(self.zone_file.skipped),
            }
        predicted = self.derived(t.cast(DnsZone, after), imported)
        if self.record_sets is not None:
            held = t.cast('list[DnsRecord]', current.get(HELD) or [])
            predicted[HELD] = self.record_sets.write(t.cast(DnsZone, after), held) if RECORD_SETS in changes else held
        return predicted

    # ---- output ----

    def result_view(self, resource: Record | None) -> Record | None:
        if resource is None:
            return None
        return {key: value for key, value in resource.items() if key not in DERIVED and key != 'Records'}

    def diff_view(self, resource: Record | None) -> dict[str, object] | None:
        """The managed options, and the records of each record set the run changes (by its type and full name)."""
        view = super().diff_view(resource)
        if view is not None and resource is not None and self.record_sets is not None and self.record_sets.changed():
            view['records'] = self.record_sets.view(resource)
        return view

    def diff_fields(self) -> t.Sequence[Field]:
        """The domain and the options the run manages (those given): what a new zone gets otherwise is the
        service's choice."""
        return [field for field in self.fields if field.option == 'domain' or self.params[field.option] is not None]

    def outcome(self, plan: Plan, after: Record | None) -> dict[str, object]:
        result = super().outcome(plan, after)
        if after is None:
            result['dnssec'] = {}
        elif self.dnssec_answer is not None:
            answer = self.dnssec_answer
            result['dnssec'] = {
                'enabled': bool(answer.get('Enabled', True)),
                'ds_record': answer.get('DsRecord'),
                'digest': answer.get('Digest'),
                'digest_type': answer.get('DigestType'),
                'algorithm': answer.get('Algorithm'),
                'key_tag': answer.get('KeyTag'),
                'flags': answer.get('Flags'),
            }
        else:
            result['dnssec'] = {'enabled': bool(after.get('DnsSecEnabled'))}
        if self.imported is not None:
            result['imported'] = self.imported
        if self.record_sets is not None and after is not None:
            result['record_sets'] = self.record_sets.results()
        return result
