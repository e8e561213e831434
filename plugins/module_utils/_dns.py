# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The DNS API (``{base_url}/dnszone``): every path, body and answer of DNS zones, their records, DNSSEC, and the
zone in BIND form (export and import).

``DnsApi(client)`` is the one way modules talk to this area; nothing outside this file builds a DNS URL. Records
keep the API's own property names (DnsZoneModel, DnsRecordModel are PascalCase), so they are returned as they are;
what a value is in zone-file form is ``_dns_records``', and the options that set them are the tables' (``_tables/``).

A zone is found by its domain through the zone list searched by it, in its light view (without the records): a
zone of ten thousand records is not read to be found. A record set (the records of one name and type) is read
through the record list of the zone searched by the name and filtered by the type, so a zone of any size answers
it with the records of that set, and a few others the search also matches.
"""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import (
    AnswerOptions,
    EdgeApiError,
    EdgeClient,
    EdgeFinding,
    Response,
    iter_pages,
)
from ansible_collections.edge.platform.plugins.module_utils._errors import CORE
from ansible_collections.edge.platform.plugins.module_utils._lookup import CORE_PAGE_SIZE, list_core

if t.TYPE_CHECKING:  # only for mypy
    from typing_extensions import Unpack

# DnsRecordTypes: the reference's names and numbers.
RECORD_TYPES: dict[str, int] = {
    'A': 0,
    'AAAA': 1,
    'CNAME': 2,
    'TXT': 3,
    'MX': 4,
    'Redirect': 5,
    'Flatten': 6,
    'PullZone': 7,
    'SRV': 8,
    'CAA': 9,
    'PTR': 10,
    'Script': 11,
    'NS': 12,
    'SVCB': 13,
    'HTTPS': 14,
    'TLSA': 15,
}
TYPE_NAMES: dict[int, str] = {number: name for name, number in RECORD_TYPES.items()}

# DnsViewType: a listing or read in the Full view carries each zone's records, in the Lite view it does not.
FULL_VIEW, LITE_VIEW = 0, 1


class DnsRecord(t.TypedDict, total=False):
    """DnsRecordModel: the properties the collection reads itself (the API's answer carries every one)."""

    Id: int
    Type: int
    Ttl: int
    Value: str | None
    Name: str | None
    Weight: int
    Priority: int
    Port: int
    Flags: int
    Tag: str | None
    Accelerated: bool
    AcceleratedPullZoneId: int
    LinkName: str | None
    MonitorType: int
    SmartRoutingType: int
    GeolocationLatitude: float
    GeolocationLongitude: float
    Disabled: bool
    Comment: str | None


class DnsZone(t.TypedDict, total=False):
    """DnsZoneModel: the properties the collection reads itself."""

    Id: int
    Domain: str
    Records: list[DnsRecord] | None
    CustomNameserversEnabled: bool
    Nameserver1: str | None
    Nameserver2: str | None
    SoaEmail: str | None
    LoggingEnabled: bool
    LoggingIPAnonymizationEnabled: bool
    LogAnonymizationType: int | None
    DnsSecEnabled: bool


class DnsSec(t.TypedDict, total=False):
    """DnsSecDsRecordModel: what enabling (or disabling) DNSSEC answers."""

    Enabled: bool
    DsRecord: str | None
    Digest: str | None
    DigestType: str | None
    Algorithm: int
    PublicKey: str | None
    KeyTag: int
    Flags: int
    DsConfigured: bool


class Imported(t.TypedDict, total=False):
    """DnsZoneImportResultModel: how many records an import added, could not add, and left out."""

    RecordsSuccessful: int
    RecordsFailed: int
    RecordsSkipped: int


def same_domain(first: object, second: object) -> bool:
    """Whether two domains are one: DNS names compare without regard to case or a trailing dot."""
    return str(first or '').rstrip('.').lower() == str(second or '').rstrip('.').lower()


def without_records(zone: DnsZone) -> DnsZone:
    """The zone without its ``Records`` (a copy)."""
    return t.cast(DnsZone, {key: value for key, value in zone.items() if key != 'Records'})


class DnsApi:
    """The requests of the DNS area, each naming its operation in failures."""

    def __init__(self, client: EdgeClient) -> None:
        self.client = client

    def _call(self, method: str, path: str, operation: str, **kwargs: Unpack[AnswerOptions]) -> Response:
        return self.client.request(method, path, operation, errors=CORE, **kwargs)

    # ---- zones ----

    def zones(self, search: str | None = None, records: bool = False) -> t.Iterator[DnsZone]:
        """Every DNS zone of the account (matching ``search``), page by page with the largest page; with ``records``
        each zone carries its ``Records`` (the Full view), else none (the Lite view)."""
        params: dict[str, str | int] = {'view': FULL_VIEW if records else LITE_VIEW}
        if search:
            params['search'] = search
        return t.cast('t.Iterator[DnsZone]', list_core(self.client, 'dnszone', 'list DNS zones', params))

    def zone(self, zone_id: int, records: bool = True) -> DnsZone | None:
        """One zone (with ``records``, every record of it in ``Records``), or None when the API says there is none
        of that id."""
        zone = self.client.get_or_none(
            f'dnszone/{zone_id}',
            f'read DNS zone {zone_id}',
            params={'view': FULL_VIEW if records else LITE_VIEW},
            errors=CORE,
        )
        return t.cast('DnsZone | None', zone if isinstance(zone, dict) else None)

    def zones_of(self, domain: str) -> list[DnsZone]:
        """The zones of ``domain`` (the domain is also the search term; names compare without regard to case)."""
        return [zone for zone in self.zones(search=domain.rstrip('.')) if same_domain(zone.get('Domain'), domain)]

    def zone_of(self, domain: str) -> DnsZone | None:
        """The zone of ``domain`` (without its records), or None; several are a finding naming their ids."""
        found = self.zones_of(domain)
        if len(found) > 1:
            ids = ', '.join(str(zone.get('Id')) for zone in found)
            raise EdgeFinding(f'find DNS zone {domain}', f'{len(found)} zones ({ids}) are of this domain')
        return found[0] if found else None

    def require(self, zone_id: int | None = None, domain: str | None = None) -> DnsZone:
        """The zone of ``zone_id`` (the API's answer when there is none) or of ``domain`` (a finding when there is
        none), without its records: where a record set lives."""
        if zone_id is not None:
            answer = self._call(
                'GET', f'dnszone/{zone_id}', f'read DNS zone {zone_id}', params={'view': LITE_VIEW}
            ).json()
            return without_records(t.cast(DnsZone, answer if isinstance(answer, dict) else {}))
        zone = self.zone_of(t.cast(str, domain))
        if zone is None:
            raise EdgeFinding(f'find DNS zone {domain}', 'the account has no DNS zone of this domain')
        return without_records(zone)

    def add_zone(self, domain: str) -> DnsZone:
        """A new zone of ``domain``. A create is never repeated: when its answer is lost, the zone is looked up by its
        domain, and found it is the one this request made. The reference declares no body for the answer: without
        one, the zone is read back by its domain."""
        operation = f'add DNS zone {domain}'
        try:
            answer = self._call('POST', 'dnszone', operation, json_body={'Domain': domain}).json()
        except EdgeApiError as error:
            if error.status is not None or not self.client.wrote:
                raise
            found = self.zones_of(domain)  # the answer was lost after the request left: did the server act?
            if len(found) == 1:
                return found[0]
            raise
        if isinstance(answer, dict) and answer.get('Id') is not None:
            return t.cast(DnsZone, answer)
        zone = self.zone_of(domain)
        if zone is None:
            raise EdgeApiError(operation, None, 'the API answered no zone, and none of this domain is listed')
        return zone

    def update_zone(self, zone_id: int, settings: t.Mapping[str, object]) -> DnsZone:
        """Change ``settings`` (UpdateDnsZoneModel: only the properties sent change); the zone as the API now has it.
        Absolute values: safe to repeat."""
        answer = self._call(
            'POST', f'dnszone/{zone_id}', f'update DNS zone {zone_id}', json_body=dict(settings), idempotent=True
        ).json()
        if isinstance(answer, dict) and answer.get('Id') is not None:
            return t.cast(DnsZone, answer)
        return self.zone(zone_id, records=False) or t.cast(DnsZone, {})

    def delete_zone(self, zone_id: int) -> None:
        """Delete the zone with its records; gone already (a repeat whose first answer was lost) is what was
        asked."""
        response = self._call('DELETE', f'dnszone/{zone_id}', f'delete DNS zone {zone_id}', ok_statuses=(404,))
        self.client.says_missing(response, CORE)  # a 404 of another service fails, naming the address

    def set_dnssec(self, zone_id: int, enabled: bool) -> DnsSec:
        """Enable (``POST``) or disable (``DELETE``) DNSSEC; the DS record information the API answers. Setting it to
        what it is is harmless: safe to repeat."""
        answer = self._call(
            'POST' if enabled else 'DELETE',
            f'dnszone/{zone_id}/dnssec',
            f"{'enable' if enabled else 'disable'} DNSSEC of DNS zone {zone_id}",
            idempotent=True,
        ).json()
        return t.cast(DnsSec, answer if isinstance(answer, dict) else {'Enabled': enabled})

    def export(self, zone_id: int) -> str:
        """The zone in BIND form, as the service writes it."""
        response = self._call('GET', f'dnszone/{zone_id}/export', f'export DNS zone {zone_id}')
        return str(response.raw.content.decode('utf-8', errors='replace'))

    def import_records(self, zone_id: int, zone_file: str) -> Imported:
        """Import the records of a zone in BIND form (its text); the counts the service answers. An import adds
        records: it is never repeated (the caller reads the zone to learn what a lost answer did)."""
        answer = self._call(
            'POST',
            f'dnszone/{zone_id}/import',
            f'import records into DNS zone {zone_id}',
            data=zone_file.encode('utf-8'),
            headers={'Content-Type': 'text/plain; charset=utf-8'},
            idempotent=False,
        ).json()
        return t.cast(Imported, answer if isinstance(answer, dict) else {})

    # ---- records ----

    def records(self, zone_id: int, record_type: int | None = None, search: str | None = None) -> list[DnsRecord]:
        """The records of the zone of ``record_type`` (all when None) that the service's ``search`` matches (all when
        None), every page of them."""
        params: dict[str, str | int] = {'perPage': CORE_PAGE_SIZE}
        if record_type is not None:
            params['type'] = record_type
        if search:
            params['search'] = search
        operation = f'list records of DNS zone {zone_id}'

        def fetch(page: int) -> t.Any:
            return self.client.get(f'dnszone/{zone_id}/records', operation, params=dict(params, page=page), errors=CORE)

        def items_of(body: t.Any) -> list[DnsRecord]:
            return body if isinstance(body, list) else (body or {}).get('Items') or []

        def next_of(body: t.Any, page: int) -> int | None:
            return page + 1 if isinstance(body, dict) and body.get('HasMoreItems') else None

        return list(iter_pages(fetch, items_of, next_of, 1))

    def record_set(self, zone_id: int, name: str, record_type: int) -> list[DnsRecord]:
        """The records of one name (relative to the zone, ``""`` the apex) and type: the zone's records of that type
        the name finds, of exactly that name (names compare without regard to case)."""
        found = self.records(zone_id, record_type, search=name or None)
        wanted = name.lower()
        return [
            record
            for record in found
            if str(record.get('Name') or '').lower() == wanted and record.get('Type') == record_type
        ]

    def add_record(
        self, zone_id: int, record: t.Mapping[str, object], added: t.Callable[[DnsRecord], bool]
    ) -> DnsRecord:
        """Add ``record`` (AddDnsRecordModel); the record as the service made it. An add is never repeated (a PUT
        here makes a new record each time): when it may have been done but its answer is lost, the zone's records
        of its name and type are read again, and the one ``added`` says is it (its value, under an id not known
        before) is taken."""
        name, record_type = str(record.get('Name') or ''), t.cast(int, record.get('Type'))
        operation = f'add {TYPE_NAMES.get(record_type, record_type)} record "{name}" to DNS zone {zone_id}'
        try:
            answer = self._call(
                'PUT', f'dnszone/{zone_id}/records', operation, json_body=dict(record), idempotent=False
            ).json()
        except EdgeApiError as error:
            if error.status is not None and error.status < 500 or not self.client.wrote:
                raise  # refused before the server acted
            try:
                found = [item for item in self.record_set(zone_id, name, record_type) if added(item)]
            except EdgeApiError:
                raise error from None
            if len(found) != 1:
                raise
            return found[0]
        return t.cast(DnsRecord, answer if isinstance(answer, dict) else dict(record))

    def update_record(self, zone_id: int, record_id: int, record: t.Mapping[str, object]) -> None:
        """Set ``record``'s properties (UpdateDnsRecordModel) on the record of ``record_id``. Absolute values: safe to
        repeat."""
        self._call(
            'POST',
            f'dnszone/{zone_id}/records/{record_id}',
            f'update record {record_id} of DNS zone {zone_id}',
            json_body={**record, 'Id': record_id},
            idempotent=True,
        )

    def delete_record(self, zone_id: int, record_id: int) -> None:
        """Delete the record of ``record_id``; gone already (a repeat whose first answer was lost) is what was
        asked."""
        response = self._call(
            'DELETE',
            f'dnszone/{zone_id}/records/{record_id}',
            f'delete record {record_id} of DNS zone {zone_id}',
            ok_statuses=(404,),
        )
        self.client.says_missing(response, CORE)
