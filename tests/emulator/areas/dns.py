# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""DNS zones and records (GAPS "DNS, storage, Shield rules, audit log"; reference: the ``/dnszone`` paths).

The route table reads like GAPS: the zones (list, create, name check, read, update, delete), the zone file
(export, import), DNSSEC (enable, disable), the records (add, list, update, delete). The records and their checks are
in ``dns_records.py``, the zone file in ``dns_zone_file.py``. Every error is ``{ErrorKey, Field,
Message}`` (core's default for the management API), 401 without the account's ``AccessKey``, 404 for a zone or record
that does not exist.

State (``state.data``): ``dns_zones`` (DnsZoneModel records by ``Id``, each with its ``Records``, as
``GET {admin_url}/state`` lists them under ``dns_zones``), ``dns_ids`` (the next zone and record ids) and
``dns_dnssec`` (per zone that ever had DNSSEC: the generation of its key and whether the parent has its DS record).
"""

from __future__ import annotations

import base64
import hashlib
import random
import struct
import typing as t

from starlette.requests import Request
from starlette.responses import Response

from ..core import ApiError, Area, Endpoint, State, json_response, query_int
from .dns_records import (
    TYPE_NAMES,
    check_in_zone,
    dns_zones,
    domain_of,
    new_zone,
    now,
    record_of,
    timestamp,
    zone_settings_of,
)
from .dns_zone_file import ZoneReader, export, zone_text
from .pullzone_certificates import private_key
from .pullzone_model import bad, is_int, member
from .pullzones import body_object, no_content

FIRST_ZONE_ID = 4001
FIRST_RECORD_ID = 200001
PER_PAGE = (5, 1000)
# DNSSEC: one key signing key, ECDSA P-256 with SHA-256 (algorithm 13), its DS digest SHA-256 (digest type 2).
DNSKEY_FLAGS, DNSKEY_PROTOCOL, DNSSEC_ALGORITHM, DS_DIGEST_TYPE = 257, 3, 13, 2
DS_TTL = 3600
DNSSEC_OFF = {
    'Enabled': False,
    'DsRecord': None,
    'Digest': None,
    'DigestType': None,
    'Algorithm': 0,
    'PublicKey': None,
    'KeyTag': 0,
    'Flags': 0,
    'DsConfigured': False,
}


def next_id(state: State, kind: str) -> int:
    """The next zone or record id: ids are never given twice, even after a delete."""
    counters = state.data['dns_ids']
    value = counters[kind]
    counters[kind] = value + 1
    return t.cast(int, value)


def touch(zone: dict[str, t.Any]) -> None:
    zone['DateModified'] = timestamp(now())


def page_of(items: t.Sequence[t.Any], page: int, per_page: int) -> Response:
    """PaginationListModel: ``{Items, CurrentPage, TotalItems, HasMoreItems}`` of one page (past the end: no items,
    the full count). The records are answered as stored: the answer is serialised at once."""
    start = (page - 1) * per_page
    return json_response(
        {
            'Items': list(items[start : start + per_page]),
            'CurrentPage': page,
            'TotalItems': len(items),
            'HasMoreItems': start + per_page < len(items),
        }
    )


def key_tag(rdata: bytes) -> int:
    """RFC 4034 appendix B: the key tag of a DNSKEY's data."""
    total = sum(byte if index & 1 else byte << 8 for index, byte in enumerate(rdata))
    total += (total >> 16) & 0xFFFF
    return total & 0xFFFF


def ds_digest(domain: str, rdata: bytes) -> str:
    """RFC 4034 5.1.4: the SHA-256 of the owner's name in wire form and the DNSKEY's data, in upper-case hex."""
    owner = b''.join(bytes([len(label)]) + label.encode() for label in domain.lower().split('.')) + b'\0'
    return hashlib.sha256(owner + rdata).hexdigest().upper()


def dnssec_model(domain: str, generation: int, ds_configured: bool) -> dict[str, t.Any]:
    """DnsSecDsRecordModel of a zone with DNSSEC on: its key signing key (derived from the domain and the generation,
    so the same in every process) and the DS record the parent zone needs."""
    numbers = private_key(f'dnssec:{domain}:{generation}').public_key().public_numbers()
    public_key = numbers.x.to_bytes(32, 'big') + numbers.y.to_bytes(32, 'big')
    rdata = struct.pack('!HBB', DNSKEY_FLAGS, DNSKEY_PROTOCOL, DNSSEC_ALGORITHM) + public_key
    digest, tag = ds_digest(domain, rdata), key_tag(rdata)
    return {
        'Enabled': True,
        'DsRecord': f'{domain}. {DS_TTL} IN DS {tag} {DNSSEC_ALGORITHM} {DS_DIGEST_TYPE} {digest}',
        'Digest': digest,
        'DigestType': 'SHA256',
        'Algorithm': DNSSEC_ALGORITHM,
        'PublicKey': base64.b64encode(public_key).decode(),
        'KeyTag': tag,
        'Flags': DNSKEY_FLAGS,
        'DsConfigured': ds_configured,
    }


def query_paging(request: Request) -> tuple[int, int]:
    """``page`` (from 1, the default) and ``perPage`` (5..1000, default 1000) of the DNS listings."""
    return query_int(request, 'page', 1, 1, 2**31 - 1), query_int(request, 'perPage', PER_PAGE[1], *PER_PAGE)


class Dns(Area):
    name = 'dns'
    endpoints = (
        Endpoint('api', 'GET', '/dnszone', 'list_zones'),
        Endpoint('api', 'POST', '/dnszone', 'add_zone'),
        Endpoint('api', 'POST', '/dnszone/checkavailability', 'check_availability'),
        Endpoint('api', 'GET', '/dnszone/{id:int}', 'get_zone'),
        Endpoint('api', 'POST', '/dnszone/{id:int}', 'update_zone'),
        Endpoint('api', 'DELETE', '/dnszone/{id:int}', 'delete_zone'),
        Endpoint('api', 'GET', '/dnszone/{id:int}/export', 'export_zone'),
        Endpoint('api', 'POST', '/dnszone/{id:int}/import', 'import_zone'),
        Endpoint('api', 'POST', '/dnszone/{id:int}/dnssec', 'enable_dnssec'),
        Endpoint('api', 'DELETE', '/dnszone/{id:int}/dnssec', 'disable_dnssec'),
        Endpoint('api', 'PUT', '/dnszone/{id:int}/records', 'add_record'),
        Endpoint('api', 'GET', '/dnszone/{id:int}/records', 'list_records'),
        Endpoint('api', 'POST', '/dnszone/{id:int}/records/{record_id:int}', 'update_record'),
        Endpoint('api', 'DELETE', '/dnszone/{id:int}/records/{record_id:int}', 'delete_record'),
    )

    def seed(self, state: State, rng: random.Random) -> None:
        state.data['dns_zones'] = {}
        state.data['dns_ids'] = {'zone': FIRST_ZONE_ID, 'record': FIRST_RECORD_ID}
        state.data['dns_dnssec'] = {}

    def snapshot(self, state: State) -> dict[str, list[t.Any]]:
        return {'dns_zones': list(dns_zones(state).values())}

    # ---- zones ----

    @staticmethod
    def zone_or_404(state: State, request: Request) -> dict[str, t.Any]:
        zone = dns_zones(state).get(request.path_params['id'])
        if zone is None:
            raise ApiError(404, 'The DNS Zone with the requested ID does not exist.', 'dnszone.not_found', 'id')
        return zone

    @staticmethod
    def domain_taken(state: State, domain: str) -> bool:
        return any(zone['Domain'] == domain for zone in dns_zones(state).values())

    async def list_zones(self, state: State, request: Request) -> Response:
        page, per_page = query_paging(request)
        lite = query_int(request, 'view', 0, 0, 1) == 1
        term = (request.query_params.get('search') or '').strip().lower()
        zones = [zone for zone in dns_zones(state).values() if term in zone['Domain']]
        if lite:
            zones = [{**zone, 'Records': None} for zone in zones]
        return page_of(zones, page, per_page)

    async def get_zone(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        if query_int(request, 'view', 0, 0, 1) == 1:
            return json_response({**zone, 'Records': None})
        return json_response(zone)

    async def add_zone(self, state: State, request: Request) -> Response:
        body = await body_object(request)
        sent = member(body, 'Domain')
        if not isinstance(sent, str) or not sent.strip():
            raise bad('Domain', 'is required')
        domain = domain_of(sent)
        if domain is None:
            raise bad('Domain', f"'{sent}' is not a domain name: at least two labels of letters, digits and dashes")
        records = member(body, 'Records')
        if records is not None and not isinstance(records, list):
            raise bad('Records', 'must be an array of records')
        if self.domain_taken(state, domain):
            raise ApiError(400, f"The DNS Zone '{domain}' already exists.", 'dnszone.domain_taken', 'Domain')
        zone = new_zone(0, domain, now())
        for index, item in enumerate(records or []):
            where = f'Records[{index}].'
            record = record_of(state, item, domain, where=where)
            record['Id'] = -1 - index  # until the whole body is checked: no id is spent on a refused zone
            check_in_zone(zone, record, where)
            zone['Records'].append(record)
        zone['Id'] = next_id(state, 'zone')
        for record in zone['Records']:
            record['Id'] = next_id(state, 'record')
        dns_zones(state)[zone['Id']] = zone
        return json_response(zone, 201)

    async def check_availability(self, state: State, request: Request) -> Response:
        name = member(await body_object(request), 'Name')
        if not isinstance(name, str) or not name.strip():
            raise bad('Name', 'is required')
        domain = domain_of(name)
        return json_response({'Available': domain is not None and not self.domain_taken(state, domain)})

    async def update_zone(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        zone.update(zone_settings_of(await body_object(request), zone))
        touch(zone)
        return json_response(zone)

    async def delete_zone(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        del dns_zones(state)[zone['Id']]
        return no_content()

    # ---- the zone file ----

    async def export_zone(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        return Response(
            export(zone),
            media_type='application/octet-stream',
            headers={'Content-Disposition': f'attachment; filename="{zone["Domain"]}.zone"'},
        )

    async def import_zone(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        text = zone_text(await request.body(), request.headers.get('content-type', ''))
        reader = ZoneReader(state, zone)
        reader.read(text, lambda: next_id(state, 'record'))
        if reader.added:
            touch(zone)
        return json_response(
            {'RecordsSuccessful': reader.successful, 'RecordsFailed': reader.failed, 'RecordsSkipped': reader.skipped}
        )

    # ---- DNSSEC ----

    async def enable_dnssec(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        keys = state.data['dns_dnssec'].setdefault(zone['Id'], {'generation': 0, 'ds_configured': False})
        if not zone['DnsSecEnabled']:
            # A new key each time DNSSEC is turned on: the parent zone needs its new DS record.
            keys.update(generation=keys['generation'] + 1, ds_configured=False)
            zone['DnsSecEnabled'] = True
            touch(zone)
        return json_response(dnssec_model(zone['Domain'], keys['generation'], keys['ds_configured']))

    async def disable_dnssec(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        if zone['DnsSecEnabled']:
            zone['DnsSecEnabled'] = False
            touch(zone)
        return json_response(DNSSEC_OFF)

    # ---- records ----

    @staticmethod
    def record_or_404(zone: dict[str, t.Any], request: Request) -> dict[str, t.Any]:
        wanted = request.path_params['record_id']
        for record in zone['Records']:
            if record['Id'] == wanted:
                return record
        raise ApiError(404, 'The DNS Record with the requested ID does not exist.', 'dnsrecord.not_found', 'id')

    async def add_record(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        record = record_of(state, await body_object(request), zone['Domain'])
        record['Id'] = -1
        check_in_zone(zone, record)
        record['Id'] = next_id(state, 'record')
        zone['Records'].append(record)
        touch(zone)
        return json_response(record, 201)

    async def list_records(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        page, per_page = query_paging(request)
        kind = query_int(request, 'type', -1, 0, len(TYPE_NAMES) - 1)
        term = (request.query_params.get('search') or '').strip().lower()
        records = [
            record
            for record in zone['Records']
            if (kind < 0 or record['Type'] == kind)
            and (not term or term in record['Name'].lower() or term in (record['Value'] or '').lower())
        ]
        return page_of(records, page, per_page)

    async def update_record(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        current = self.record_or_404(zone, request)
        body = await body_object(request)
        sent_id = member(body, 'Id')
        # Id is the record's: left out or 0 (a generated client's default) is taken as the path's.
        if sent_id is not None and (not is_int(sent_id) or sent_id not in (0, current['Id'])):
            raise bad('Id', f"must be the record's id {current['Id']}, got {sent_id!r}")
        record = record_of(state, body, zone['Domain'], current)
        check_in_zone(zone, record)
        zone['Records'][zone['Records'].index(current)] = record
        touch(zone)
        return no_content()

    async def delete_record(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        zone['Records'].remove(self.record_or_404(zone, request))
        touch(zone)
        return no_content()
