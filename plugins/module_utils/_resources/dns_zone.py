# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A DNS zone as the ``dns_zone`` module manages it: found by its domain or id, created, its settings and DNSSEC
changed, the records of a zone file imported into it once, deleted."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._dns import DnsApi, DnsSec, DnsZone, Imported, same_domain
from ansible_collections.edge.platform.plugins.module_utils._dns_records import (
    BadValue,
    ZoneFile,
    domain_form,
    host_name,
    name_problem,
    parse_zone_file,
    record_value,
)
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._tables.dns_zone import TABLE

# Keys a zone record carries beside its API properties while the module compares it (never returned): the custom
# name servers in order ([] for the service's own), how the logs keep client addresses, and the zone file whose
# records the zone holds (None: none of them).
NAMESERVERS = '_nameservers'
IP_ANONYMIZATION = '_ip_anonymization'
IMPORTED = '_imported'
DERIVED = (NAMESERVERS, IP_ANONYMIZATION, IMPORTED)
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
        with_records = self.params['import_zone_file'] is not None
        if self.params['id'] is not None:
            zone = self.api.zone(self.params['id'], records=with_records)
        else:
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

    def check(self, plan: Plan) -> None:
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
        return self.derived(zone, imported)

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
        return self.derived(t.cast(DnsZone, after), imported)

    # ---- output ----

    def result_view(self, resource: Record | None) -> Record | None:
        if resource is None:
            return None
        return {key: value for key, value in resource.items() if key not in DERIVED and key != 'Records'}

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
        return result
