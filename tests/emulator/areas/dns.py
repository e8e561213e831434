# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""DNS zones and records (GAPS "DNS, storage, Shield rules, audit log"; reference: the ``/dnszone`` paths).

The route table reads like GAPS: the zones (list, create, name check, read, update, delete), the zone file (export,
import), DNSSEC (enable, disable), the records (add, list, update, delete), the scan for the records a domain has
elsewhere, the query statistics. The records and their checks are in ``dns_records.py``, the zone file in
``dns_zone_file.py``. Every error is ``{ErrorKey, Field, Message}`` (core's default for the management API), 401
without the account's ``AccessKey``, 404 for a zone or record that does not exist.

An A, AAAA or CNAME record added or changed with ``Accelerated: true`` gets a pull zone the service makes for it
(``OriginType`` 1, DnsAccelerate): the record's name is its hostname, the record's value its origin.

State (``state.data``): ``dns_zones`` (DnsZoneModel records by ``Id``, each with its ``Records``, as
``GET {admin_url}/state`` lists them under ``dns_zones``), ``dns_ids`` (the next zone and record ids),
``dns_dnssec`` (per zone that ever had DNSSEC: the generation of its key and whether the parent has its DS record)
and ``dns_scans`` (every record scan, oldest first).
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import random
import re
import struct
import typing as t
import uuid

from starlette.requests import Request
from starlette.responses import Response

from ..core import ApiError, Area, Endpoint, State, json_response, query_int
from .dns_records import (
    AAAA,
    ACCELERATION_COMPLETED,
    CAA,
    CNAME,
    MX,
    PULLZONE,
    RECORD_DEFAULTS,
    REDIRECT,
    SERVICE_NAMESERVERS,
    SERVICE_TYPES,
    SRV,
    TXT,
    TYPE_NAMES,
    A,
    check_in_zone,
    dns_zones,
    domain_of,
    full_name,
    new_zone,
    now,
    pullzone_link,
    record_of,
    timestamp,
    zone_of_hostname,
    zone_settings_of,
)
from .dns_zone_file import ZoneReader, export, zone_text
from .pullzone_certificates import free_certificate, private_key
from .pullzone_model import bad, is_int, member
from .pullzones import (
    ACCOUNT_DOMAIN,
    ACCOUNT_USER_ID,
    FIRST_ID,
    SYSTEM_DOMAIN,
    PullZones,
    all_hostnames,
    body_object,
    custom_hostname,
    find_hostname,
    forget_pullzone,
    new_pullzone,
    next_id as next_pullzone_id,
    no_content,
    pullzones,
)

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
# The record scan: job states (DnsZoneScanJobStatus), the SOA type of a discovered record, the nameservers of the
# made-up DNS service a domain not served here is found at.
SCAN_PENDING, SCAN_COMPLETED, SCAN_FAILED = 0, 2, 3
DISCOVERED_SOA = 16
PREVIOUS_NAMESERVERS = ('ns1.previous-dns.example', 'ns2.previous-dns.example')
SCAN_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, 'https://edge-dns.test/scans')
STATISTICS_DAYS = 30
# The service's own domains: its pull zones' system hostnames, its nameservers.
RESERVED_DOMAINS = (SYSTEM_DOMAIN, SERVICE_NAMESERVERS[0].split('.', 1)[1])
# A pull zone the service makes for an accelerated record (PullZoneModel's OriginType 1, DnsAccelerate).
DNS_ACCELERATE_ORIGIN = 1


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


def is_reserved(domain: str) -> bool:
    return any(domain == reserved or domain.endswith(f'.{reserved}') for reserved in RESERVED_DOMAINS)


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


# ---- the seed ----

# The seeded zones were made, and last changed, before the account's audit log window.
SEEDED_AT = datetime.datetime(2025, 6, 2, 9, 30, tzinfo=datetime.timezone.utc)
BULK_SCALE = 1000
BULK_DOMAIN = 'bulk.example'
BULK_RECORDS = 10000
# A 2048-bit RSA public key's worth of Base64 (392 characters): a DKIM TXT longer than one 255-byte string.
DKIM_KEY = base64.b64encode(b''.join(hashlib.sha256(f'dkim:{n}'.encode()).digest() for n in range(10))[:294]).decode()


def seeded_zone(state: State, domain: str, records: t.Iterable[dict[str, t.Any]]) -> None:
    """A zone of the seed: delegated to the service's nameservers, DNSSEC on with its DS record at the parent,
    logging on (IP anonymised by one digit)."""
    zone = new_zone(next_id(state, 'zone'), domain, SEEDED_AT)
    zone.update(NameserversDetected=True, LoggingEnabled=True, DnsSecEnabled=True)
    for fields in records:
        record = dict(RECORD_DEFAULTS)
        record.update(fields, Id=next_id(state, 'record'), EnviromentalVariables=[])
        zone['Records'].append(record)
    dns_zones(state)[zone['Id']] = zone
    state.data['dns_dnssec'][zone['Id']] = {'generation': 1, 'ds_configured': True}


def account_records(state: State) -> list[dict[str, t.Any]]:
    """``brand.example``: the apex's web (A, AAAA) and mail (MX, SPF, CAA for the free certificates' CA) records,
    ``mail`` with DMARC, DKIM (a TXT of two strings) and IMAPS service records, ``www`` a CNAME to pull zone 1001,
    ``old`` a redirect to it, then a PullZone record per seeded custom hostname ``<name>.brand.example`` linking its
    pull zone."""
    mail = f'mail.{ACCOUNT_DOMAIN}'
    records: list[dict[str, t.Any]] = [
        {'Type': A, 'Name': '', 'Value': '192.0.2.10'},
        {'Type': AAAA, 'Name': '', 'Value': '2001:db8::10'},
        {'Type': MX, 'Name': '', 'Value': mail, 'Priority': 10, 'Ttl': 3600},
        {'Type': TXT, 'Name': '', 'Value': 'v=spf1 mx -all', 'Ttl': 3600},
        {'Type': CAA, 'Name': '', 'Value': f'ca.{SYSTEM_DOMAIN}', 'Tag': 'issue', 'Ttl': 3600},
        {'Type': A, 'Name': 'mail', 'Value': '192.0.2.25', 'Ttl': 3600},
        {'Type': TXT, 'Name': '_dmarc', 'Value': f'v=DMARC1; p=reject; rua=mailto:dmarc@{ACCOUNT_DOMAIN}', 'Ttl': 3600},
        {'Type': TXT, 'Name': 'mail._domainkey', 'Value': f'v=DKIM1; k=rsa; p={DKIM_KEY}', 'Ttl': 3600},
        {'Type': SRV, 'Name': '_imaps._tcp', 'Value': mail, 'Priority': 0, 'Weight': 1, 'Port': 993, 'Ttl': 3600},
        {'Type': CNAME, 'Name': 'www', 'Value': f'{pullzones(state)[FIRST_ID]["Name"]}.{SYSTEM_DOMAIN}'},
        {'Type': REDIRECT, 'Name': 'old', 'Value': f'https://www.{ACCOUNT_DOMAIN}/'},
    ]
    for pullzone in pullzones(state).values():
        for hostname in pullzone['Hostnames']:
            value = hostname['Value']
            if value.endswith(f'.{ACCOUNT_DOMAIN}'):
                link, target = pullzone_link(state, pullzone['Id'], '')
                name = value.removesuffix(f'.{ACCOUNT_DOMAIN}')
                records.append({'Type': PULLZONE, 'Name': name, 'LinkName': link, 'Value': target})
    return records


def bulk_records() -> t.Iterator[dict[str, t.Any]]:
    """``bulk.example``: 10,000 hosts ``host-00001`` …, six in ten an A, two an AAAA, one a TXT, one a CNAME to the
    host before it."""
    for number in range(1, BULK_RECORDS + 1):
        name, kind = f'host-{number:05d}', number % 10
        if kind < 6:
            yield {'Type': A, 'Name': name, 'Value': f'198.51.100.{number % 254 + 1}'}
        elif kind < 8:
            yield {'Type': AAAA, 'Name': name, 'Value': f'2001:db8::{number:x}'}
        elif kind == 8:
            yield {'Type': TXT, 'Name': name, 'Value': f'host {number}'}
        else:
            yield {'Type': CNAME, 'Name': name, 'Value': f'host-{number - 1:05d}.{BULK_DOMAIN}'}


# ---- accelerated records ----


def check_acceleration(state: State, domain: str, record: dict[str, t.Any], names: t.Collection[str] = ()) -> None:
    """400 when the service cannot accelerate ``record``: a wildcard, or a hostname already on a pull zone (other than
    the one made for this record) or accelerated by another record of the same request (``names``)."""
    if not record['Accelerated']:
        return
    hostname = full_name(record['Name'], domain)
    if '*' in record['Name']:
        raise ApiError(
            400, 'A wildcard record cannot be accelerated.', 'dnsrecord.acceleration_wildcard', 'Accelerated'
        )
    found = find_hostname(state, hostname)
    owned = found is not None and found[0].get('DnsRecordId') == record['Id'] and record['Id'] > 0
    if (found is not None and not owned) or hostname.lower() in names:
        raise ApiError(
            400,
            f"The hostname '{hostname}' is already on a Pull Zone: the record cannot be accelerated.",
            'dnsrecord.hostname_taken',
            'Accelerated',
        )


def origin_of(record: dict[str, t.Any]) -> str:
    value = record['Value']
    return f'http://[{value}]' if record['Type'] == AAAA else f'http://{value}'


def accelerate(state: State, zone: dict[str, t.Any], record: dict[str, t.Any]) -> None:
    """Make the pull zone of an accelerated record (checked by ``check_acceleration``): named after the record's
    hostname and id, its origin the record's value (with the hostname as host header), the hostname on it with a free
    certificate."""
    hostname = full_name(record['Name'], zone['Domain'])
    base = re.sub(r'[^a-z0-9-]+', '-', hostname.lower()).strip('-')[:50].strip('-')
    settings = {'OriginUrl': origin_of(record), 'AddHostHeader': True, 'OriginHostHeader': hostname}
    name, suffix = f'{base}-{record["Id"]}', 1
    while PullZones.name_taken(state, name):  # pull zone names are unique across the service
        suffix += 1
        name = f'{base}-{record["Id"]}-{suffix}'
    pullzone = new_pullzone(state, name, 0, settings)
    pullzone.update(
        OriginType=DNS_ACCELERATE_ORIGIN, DnsRecordId=record['Id'], DnsZoneId=zone['Id'], DnsRecordValue=record['Value']
    )
    hostname_id = next_pullzone_id(state, 'hostname', (other['Id'] for _zone, other in all_hostnames(state)))
    certificate, key = free_certificate(hostname)
    pullzone['Hostnames'].append(
        {
            **custom_hostname(hostname_id, hostname),
            'HasCertificate': True,
            'Certificate': certificate,
            'CertificateKey': key,
        }
    )
    record.update(AcceleratedPullZoneId=pullzone['Id'], AccelerationStatus=ACCELERATION_COMPLETED)


def accelerated_pullzone(state: State, record: dict[str, t.Any]) -> dict[str, t.Any] | None:
    """The pull zone the service made for ``record``, while it has it."""
    pullzone = pullzones(state).get(record['AcceleratedPullZoneId'])
    return pullzone if pullzone is not None and pullzone.get('DnsRecordId') == record['Id'] else None


def release(state: State, record: dict[str, t.Any]) -> None:
    """Delete the pull zone the service made for ``record`` (acceleration off, the record or its zone deleted)."""
    pullzone = accelerated_pullzone(state, record)
    if pullzone is not None:
        del pullzones(state)[pullzone['Id']]
        forget_pullzone(state, pullzone['Id'])
    record.update(AcceleratedPullZoneId=0, AccelerationStatus=0)


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
        Endpoint('api', 'POST', '/dnszone/records/scan', 'trigger_scan'),
        Endpoint('api', 'GET', '/dnszone/{id:int}/records/scan', 'latest_scan'),
        Endpoint('api', 'GET', '/dnszone/{id:int}/statistics', 'statistics'),
    )

    def seed(self, state: State, rng: random.Random) -> None:
        """The account's zone ``brand.example`` (the seeded pull zones' custom hostnames with their PullZone records,
        the domain's web and mail records), and from scale 1000 ``bulk.example`` of 10,000 records. Nothing is drawn
        from ``rng``: the zones follow from the pull zones."""
        state.data['dns_zones'] = {}
        state.data['dns_ids'] = {'zone': FIRST_ZONE_ID, 'record': FIRST_RECORD_ID}
        state.data['dns_dnssec'] = {}
        state.data['dns_scans'] = []
        seeded_zone(state, ACCOUNT_DOMAIN, account_records(state))
        if state.scale >= BULK_SCALE:
            seeded_zone(state, BULK_DOMAIN, bulk_records())

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
        if is_reserved(domain):
            raise ApiError(400, f"The domain '{domain}' belongs to the service.", 'dnszone.domain_reserved', 'Domain')
        if records is not None and not isinstance(records, list):
            raise bad('Records', 'must be an array of records')
        if self.domain_taken(state, domain):
            raise ApiError(400, f"The DNS Zone '{domain}' already exists.", 'dnszone.domain_taken', 'Domain')
        zone = new_zone(0, domain, now())
        accelerated: set[str] = set()
        for index, item in enumerate(records or []):
            where = f'Records[{index}].'
            record = record_of(state, item, domain, where=where)
            record['Id'] = -1 - index  # until the whole body is checked: no id is spent on a refused zone
            check_in_zone(zone, record, where)
            check_acceleration(state, domain, record, accelerated)
            if record['Accelerated']:
                accelerated.add(full_name(record['Name'], domain).lower())
            zone['Records'].append(record)
        zone['Id'] = next_id(state, 'zone')
        for record in zone['Records']:
            record['Id'] = next_id(state, 'record')
            if record['Accelerated']:
                accelerate(state, zone, record)
        dns_zones(state)[zone['Id']] = zone
        return json_response(zone, 201)

    async def check_availability(self, state: State, request: Request) -> Response:
        name = member(await body_object(request), 'Name')
        if not isinstance(name, str) or not name.strip():
            raise bad('Name', 'is required')
        domain = domain_of(name)
        available = domain is not None and not self.domain_taken(state, domain) and not is_reserved(domain)
        return json_response({'Available': available})

    async def update_zone(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        zone.update(zone_settings_of(await body_object(request), zone))
        touch(zone)
        return json_response(zone)

    async def delete_zone(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        for record in zone['Records']:
            release(state, record)
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
        check_acceleration(state, zone['Domain'], record)
        record['Id'] = next_id(state, 'record')
        if record['Accelerated']:
            accelerate(state, zone, record)
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
        check_acceleration(state, zone['Domain'], record)
        pullzone = accelerated_pullzone(state, current)
        same_name = record['Name'].lower() == current['Name'].lower()
        if pullzone is not None and record['Accelerated'] and same_name:
            # Still accelerated under the same name: the pull zone follows the record's value.
            pullzone.update(
                OriginUrl=origin_of(record), OriginLinkValue=origin_of(record), DnsRecordValue=record['Value']
            )
        else:
            if pullzone is not None or not record['Accelerated']:
                release(state, record)
            if record['Accelerated']:
                accelerate(state, zone, record)
        zone['Records'][zone['Records'].index(current)] = record
        touch(zone)
        return no_content()

    async def delete_record(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        record = self.record_or_404(zone, request)
        release(state, record)
        zone['Records'].remove(record)
        touch(zone)
        return no_content()

    # ---- the record scan ----

    async def trigger_scan(self, state: State, request: Request) -> Response:
        body = await body_object(request)
        zone_id, domain = member(body, 'ZoneId'), member(body, 'Domain')
        if (zone_id is None) == (domain is None):
            raise bad('ZoneId', 'either ZoneId or Domain must be provided, but not both')
        if zone_id is not None:
            if not is_int(zone_id):
                raise bad('ZoneId', 'must be an integer')
            zone = dns_zones(state).get(zone_id)
            if zone is None:
                raise ApiError(404, 'The DNS Zone with the requested ID does not exist', 'dnszone.not_found', 'ZoneId')
            scanned = zone['Domain']
        else:
            scanned = domain_of(domain) or ''
            if not scanned:
                raise bad('Domain', f"'{domain}' is not a domain name")
        scans = state.data['dns_scans']
        moment = timestamp(now())
        records, error = discovered_records(state, scanned)
        job = {
            'JobId': str(uuid.uuid5(SCAN_NAMESPACE, str(len(scans) + 1))),
            'ZoneId': zone_id,
            'Domain': scanned,
            'AccountId': ACCOUNT_USER_ID,
            'Status': SCAN_FAILED if error else SCAN_COMPLETED,
            'CreatedAt': moment,
            'CompletedAt': moment,
            'Records': records,
            'Error': error,
        }
        scans.append(job)
        return json_response({'JobId': job['JobId'], 'Status': SCAN_PENDING})

    async def latest_scan(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        for job in reversed(state.data['dns_scans']):
            if job['ZoneId'] == zone['Id'] or (job['ZoneId'] is None and job['Domain'] == zone['Domain']):
                return json_response(job)
        raise ApiError(404, 'No scan found for the DNS Zone.', 'dnszone.scan_not_found', 'zoneId')

    # ---- statistics ----

    async def statistics(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        today = now().replace(hour=0, minute=0, second=0)
        start = query_moment(request, 'dateFrom') or today - datetime.timedelta(days=STATISTICS_DAYS - 1)
        end = query_moment(request, 'dateTo') or today
        if start > end:
            raise bad('dateFrom', 'must not be after dateTo')
        return json_response(zone_statistics(zone, start, end))


def query_moment(request: Request, name: str) -> datetime.datetime | None:
    raw = request.query_params.get(name) or ''
    if not raw:
        return None
    try:
        moment = datetime.datetime.fromisoformat(raw.replace('Z', '+00:00'))
    except ValueError:
        raise ApiError(400, f"The value '{raw}' is not valid for {name}.", 'validation_error', name) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.timezone.utc)
    return moment.astimezone(datetime.timezone.utc)


def zone_statistics(zone: dict[str, t.Any], start: datetime.datetime, end: datetime.datetime) -> dict[str, t.Any]:
    """DnsZoneStatisticsModel: one point a day from ``start`` to ``end``, made up from the zone and the day (the same
    each time; none for a zone without records), split into normal and smart queries and by record type."""
    day = start.replace(hour=0, minute=0, second=0, microsecond=0)
    records = [record for record in zone['Records'] if not record['Disabled']]
    normal: dict[str, float] = {}
    smart: dict[str, float] = {}
    while day <= end:
        key = timestamp(day)
        seed = int.from_bytes(hashlib.sha256(f'{zone["Id"]}:{key}'.encode()).digest()[:4], 'big')
        served = (seed % 5000) * len(records)
        smart_share = sum(1 for record in records if record['SmartRoutingType'])
        smart[key] = float(served * smart_share // max(len(records), 1))
        normal[key] = float(served) - smart[key]
        day += datetime.timedelta(days=1)
    total = int(sum(normal.values()) + sum(smart.values()))
    by_type: dict[str, int] = {}
    for record in records:
        name = TYPE_NAMES[record['Type']]
        by_type[name] = by_type.get(name, 0) + total // len(records)
    return {
        'TotalQueriesServed': total,
        'QueriesServedChart': {key: normal[key] + smart[key] for key in normal},
        'NormalQueriesServedChart': normal,
        'SmartQueriesServedChart': smart,
        'QueriesByTypeChart': by_type,
    }


def discovered(name: str, kind: int, value: str, ttl: int = 3600, **extra: int) -> dict[str, t.Any]:
    return {
        'Name': name,
        'Type': kind,
        'Ttl': ttl,
        'Value': value,
        'Priority': extra.get('Priority'),
        'Weight': extra.get('Weight'),
        'Port': extra.get('Port'),
        'IsProxied': False,
    }


def discovered_records(state: State, domain: str) -> tuple[list[dict[str, t.Any]], str | None]:
    """What a scan finds for ``domain`` (DnsZoneDiscoveredRecordModel, ``@`` the apex), or why it failed. A domain the
    account serves (its zone delegated here) answers with its own records as resolvers see them (a PullZone record as
    the CNAME it answers; Redirect, Flatten, Script and disabled records left out); any other domain with the records
    of a made-up previous DNS service, the same each time; a name under ``.invalid`` resolves nowhere."""
    if domain == 'invalid' or domain.endswith('.invalid'):
        return [], f"The domain '{domain}' does not resolve."
    zone = zone_of_hostname(state, domain)
    if zone is not None and zone['Domain'] == domain and zone['NameserversDetected']:
        nameservers = [name for name in (zone['Nameserver1'], zone['Nameserver2']) if name]
        found = [discovered('@', DISCOVERED_SOA, f'{nameservers[0]}. {zone["SoaEmail"].replace("@", ".")}.')]
        found += [discovered('@', 12, name) for name in nameservers]
        for record in zone['Records']:
            if record['Disabled'] or (record['Type'] in SERVICE_TYPES and record['Type'] != PULLZONE):
                continue
            kind = CNAME if record['Type'] == PULLZONE else record['Type']
            extra = {key: record[key] for key in ('Priority', 'Weight', 'Port') if record[key]}
            found.append(discovered(record['Name'] or '@', kind, record['Value'], record['Ttl'], **extra))
        return found, None
    number = int.from_bytes(hashlib.sha256(domain.encode()).digest()[:2], 'big')
    address = f'198.51.100.{number % 250 + 1}'
    return [
        discovered('@', DISCOVERED_SOA, f'{PREVIOUS_NAMESERVERS[0]}. hostmaster.{domain}.'),
        *(discovered('@', 12, name, 86400) for name in PREVIOUS_NAMESERVERS),
        discovered('@', 0, address),
        discovered('www', 2, domain),
        discovered('@', 4, full_name('mail', domain), Priority=10),
        discovered('mail', 0, f'198.51.100.{(number >> 8) % 250 + 1}'),
        discovered('@', 3, 'v=spf1 mx -all'),
    ], None
