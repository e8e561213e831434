# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""DNS zones and their records as the service keeps them (GAPS "DNS, storage, Shield rules, audit log"; reference:
DnsZoneModel, DnsRecordModel, DnsZoneAddModel, AddDnsRecordModel, UpdateDnsRecordModel, UpdateDnsZoneModel).

No handlers here: the record types, the records and zones a body makes (every value checked; ``ApiError`` 400
``validation_error`` naming the field), the rules between the records of one zone (a CNAME has its name to itself, no
record twice), and what other areas ask of the account's zones: the zone a hostname lies in and whether a record of
that name points at a pull zone (the free-certificate rule of ``loadFreeCertificate``). The store is read by key
(``state.data['dns_zones']``), so ``pullzones.py`` can import this module without importing the DNS area.

Bodies are bound as the service binds JSON (``pullzone_model.member``): member names in any case, the last of two
spellings wins, null the same as leaving the member out.
"""

from __future__ import annotations

import datetime
import ipaddress
import math
import re
import typing as t

from ..core import ApiError, State
from .pullzone_model import bad, is_hostname, is_http_url, is_int, member

# DnsRecordTypes: number → the reference's name, and the zone-file mnemonic (the service's own types, which have no
# zone-file form, get one of their own: dns_zone_file writes them as comments).
TYPE_NAMES = (
    'A',
    'AAAA',
    'CNAME',
    'TXT',
    'MX',
    'Redirect',
    'Flatten',
    'PullZone',
    'SRV',
    'CAA',
    'PTR',
    'Script',
    'NS',
    'SVCB',
    'HTTPS',
    'TLSA',
)
A, AAAA, CNAME, TXT, MX, REDIRECT, FLATTEN, PULLZONE, SRV, CAA, PTR, SCRIPT, NS, SVCB, HTTPS, TLSA = range(16)
MNEMONICS = tuple(name.upper() for name in TYPE_NAMES)
TYPE_BY_MNEMONIC = {mnemonic: number for number, mnemonic in enumerate(MNEMONICS)}
#: Types the service answers itself: they have no zone-file form.
SERVICE_TYPES = frozenset({REDIRECT, FLATTEN, PULLZONE, SCRIPT})
#: Types whose ``Value`` is a DNS name (kept without its trailing dot).
NAME_VALUED = frozenset({CNAME, MX, FLATTEN, SRV, PTR, NS})
#: Types the service can accelerate (GAPS: "Accelerated: true on an A, AAAA or CNAME record").
ACCELERABLE = frozenset({A, AAAA, CNAME})

# What a zone has where nothing says otherwise: the service's own nameservers and SOA contact.
SERVICE_NAMESERVERS = ('ns1.edge-dns.test', 'ns2.edge-dns.test')
SERVICE_SOA_EMAIL = 'hostmaster@edge-dns.test'
DEFAULT_TTL = 300
TTL_BOUNDS = (15, 2**31 - 1)
ROUTING_WEIGHT_BOUNDS = (0, 100)
DEFAULT_ROUTING_WEIGHT = 100
UINT16 = (0, 65535)
MAX_TXT_LENGTH = 10000
# A zone's nameservers are checked again this long after the zone changes.
NAMESERVER_CHECK_DELAY = datetime.timedelta(minutes=10)

#: Every DnsRecordModel property, in the reference's order, with the value of a record that does not set it.
RECORD_DEFAULTS: dict[str, t.Any] = {
    'Id': 0,
    'Type': A,
    'Ttl': DEFAULT_TTL,
    'Value': '',
    'Name': '',
    'Weight': DEFAULT_ROUTING_WEIGHT,
    'Priority': 0,
    'Port': 0,
    'Flags': 0,
    'Tag': None,
    'Accelerated': False,
    'AcceleratedPullZoneId': 0,
    'LinkName': None,
    'IPGeoLocationInfo': None,
    'GeolocationInfo': None,
    'MonitorStatus': 0,
    'MonitorType': 0,
    'GeolocationLatitude': 0.0,
    'GeolocationLongitude': 0.0,
    'EnviromentalVariables': [],
    'LatencyZone': None,
    'SmartRoutingType': 0,
    'Disabled': False,
    'Comment': None,
    'AutoSslIssuance': True,
    'AccelerationStatus': 0,
}
# DnsMonitoringStatus of a monitored record: the emulator's checks always find it online.
MONITOR_ONLINE = 1
# AcceleratedStatus of a record whose pull zone the service made.
ACCELERATION_COMPLETED = 3

# A record's name: labels of letters, digits, dashes and underscores (``_dmarc``, ``_sip._tcp``), a ``*`` first
# label for a wildcard; a target name the same without the wildcard.
RECORD_LABEL = re.compile(r'[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?')
CAA_TAG = re.compile(r'[A-Za-z0-9]{1,15}')
SVC_PARAM = re.compile(r'(?:[a-z0-9-]+|key\d{1,5})(?:=.*)?')
HEX = re.compile(r'(?:[0-9A-Fa-f]{2})+')


def dns_zones(state: State) -> dict[int, dict[str, t.Any]]:
    """The DNS zone store, by id: DnsZoneModel records with their ``Records``."""
    return t.cast(dict, state.data.setdefault('dns_zones', {}))


def timestamp(moment: datetime.datetime) -> str:
    return moment.strftime('%Y-%m-%dT%H:%M:%SZ')


def now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)


# ---- names -------------------------------------------------------------------------------------------------


def is_record_name(name: str) -> bool:
    """A name relative to its zone: ``""`` the apex, else labels as ``RECORD_LABEL`` with a ``*`` first label
    allowed."""
    if name == '':
        return True
    labels = name.split('.')
    if labels[0] == '*':
        labels = labels[1:]
    return all(RECORD_LABEL.fullmatch(label) for label in labels)


def is_target_name(name: str) -> bool:
    """A DNS name a record points at (without its trailing dot): labels as ``RECORD_LABEL``, 253 in all."""
    return 0 < len(name) <= 253 and all(RECORD_LABEL.fullmatch(label) for label in name.split('.'))


def domain_of(value: t.Any) -> str | None:
    """A zone's domain as the service keeps it (lower case, no trailing dot), or None when it is not one: an RFC 1123
    name of at least two labels."""
    if not isinstance(value, str):
        return None
    domain = value.strip().lower().removesuffix('.')
    return domain if '.' in domain and is_hostname(domain) else None


def full_name(name: str, domain: str) -> str:
    return f'{name}.{domain}' if name else domain


# ---- values of the record types ----------------------------------------------------------------------------


def target(value: str, field: str, root_allowed: bool = False) -> str:
    """A target name without its trailing dot; ``.`` (no target) where the type allows it."""
    if root_allowed and value == '.':
        return value
    name = value.removesuffix('.')
    if not is_target_name(name):
        raise bad(field, f"must be a DNS name, got '{value}'")
    return name


def svcb_value(value: str, field: str) -> str:
    """SVCB and HTTPS: ``PRIORITY TARGET [PARAM=VALUE …]``, the zone-file form of RFC 9460; the target without
    its trailing dot. Alias mode (priority 0) takes no parameters."""
    parts = value.split()
    if len(parts) < 2 or not parts[0].isdigit() or not UINT16[0] <= int(parts[0]) <= UINT16[1]:
        raise bad(field, "must be 'PRIORITY TARGET [PARAMS]' with a priority from 0 to 65535")
    priority, name, params = int(parts[0]), target(parts[1], field, root_allowed=True), parts[2:]
    if priority == 0 and params:
        raise bad(field, 'an alias (priority 0) takes no parameters')
    for param in params:
        if not SVC_PARAM.fullmatch(param):
            raise bad(field, f"'{param}' is not a service parameter (key=value)")
    return ' '.join([str(priority), name, *params])


def tlsa_value(value: str, field: str) -> str:
    """TLSA: ``USAGE SELECTOR MATCHING DATA`` (RFC 6698), the data in hex (64 digits for SHA-256, 128 for
    SHA-512)."""
    parts = value.split()
    bounds = (3, 1, 2)
    if len(parts) != 4 or not all(
        part.isdigit() and int(part) <= high for part, high in zip(parts[:3], bounds, strict=True)
    ):
        raise bad(field, "must be 'USAGE SELECTOR MATCHING DATA': usage 0-3, selector 0-1, matching type 0-2")
    data = parts[3]
    wanted = {1: 64, 2: 128}.get(int(parts[2]))
    if not HEX.fullmatch(data) or (wanted is not None and len(data) != wanted):
        raise bad(field, f'the data must be hex{f" of {wanted} digits" if wanted else ""}')
    return ' '.join(str(int(part)) for part in parts[:3]) + f' {data}'


def checked_value(kind: int, value: t.Any, field: str = 'Value') -> str:
    """The ``Value`` a record of type ``kind`` keeps (never of PullZone or Script, which the service sets)."""
    if not isinstance(value, str) or not value.strip():
        raise bad(field, f'is required for a {TYPE_NAMES[kind]} record')
    if kind == TXT:
        if len(value) > MAX_TXT_LENGTH:
            raise bad(field, f'a TXT value holds at most {MAX_TXT_LENGTH} characters')
        return value
    value = value.strip()
    if kind in (A, AAAA):
        try:
            (ipaddress.IPv4Address if kind == A else ipaddress.IPv6Address)(value)
        except ValueError:
            raise bad(field, f"must be an IPv{4 if kind == A else 6} address, got '{value}'") from None
        return value
    if kind in NAME_VALUED:
        return target(value, field, root_allowed=kind in (MX, SRV))
    if kind == REDIRECT:
        if not is_http_url(value):
            raise bad(field, 'must be an http:// or https:// URL with a host')
        return value
    if kind == CAA:
        return value
    if kind in (SVCB, HTTPS):
        return svcb_value(value, field)
    if kind == TLSA:
        return tlsa_value(value, field)
    raise AssertionError(kind)


def canonical_value(record: dict[str, t.Any]) -> str:
    """``Value`` as two records are compared: addresses parsed, names in lower case."""
    kind, value = record['Type'], record['Value'] or ''
    if kind in (A, AAAA):
        return str(ipaddress.ip_address(value))
    if kind in (SVCB, HTTPS):
        return value.lower().replace('"', '')  # alpn="h2,h3" is alpn=h2,h3
    if kind in NAME_VALUED or kind in (PULLZONE, SCRIPT, TLSA):
        return value.lower()
    return value


def identity(record: dict[str, t.Any]) -> tuple[t.Any, ...]:
    """What makes two records of a zone the same record: name, type, value and the type's own fields."""
    kind = record['Type']
    return (
        kind,
        record['Name'].lower(),
        canonical_value(record),
        record['Priority'] if kind in (MX, SRV) else 0,
        record['Weight'] if kind == SRV else 0,
        record['Port'] if kind == SRV else 0,
        record['Flags'] if kind == CAA else 0,
        (record['Tag'] or '').lower() if kind == CAA else '',
    )


# ---- record bodies -----------------------------------------------------------------------------------------


def int_member(body: dict[str, t.Any], name: str, bounds: tuple[int, int], where: str) -> int | None:
    value = member(body, name)
    if value is None:
        return None
    if not is_int(value) or not bounds[0] <= value <= bounds[1]:
        raise bad(f'{where}{name}', f'must be an integer from {bounds[0]} to {bounds[1]}, got {value!r}')
    return t.cast(int, value)


def bool_member(body: dict[str, t.Any], name: str, where: str) -> bool | None:
    value = member(body, name)
    if value is not None and not isinstance(value, bool):
        raise bad(f'{where}{name}', 'must be true or false')
    return t.cast('bool | None', value)


def string_member(body: dict[str, t.Any], name: str, where: str) -> str | None:
    value = member(body, name)
    if value is not None and not isinstance(value, str):
        raise bad(f'{where}{name}', 'must be a string')
    return t.cast('str | None', value)


def number_member(body: dict[str, t.Any], name: str, limit: float, where: str) -> float | None:
    value = member(body, name)
    if value is None:
        return None
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value) or abs(value) > limit:
        raise bad(f'{where}{name}', f'must be a number from {-limit:g} to {limit:g}')
    return float(value)


def variables_member(body: dict[str, t.Any], where: str) -> list[dict[str, t.Any]] | None:
    value = member(body, 'EnviromentalVariables')
    if value is None:
        return None
    field = f'{where}EnviromentalVariables'
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise bad(field, 'must be an array of {Name, Value} objects')
    variables = []
    for item in value:
        name, text = member(item, 'Name'), member(item, 'Value')
        if not isinstance(name, str) or not name or (text is not None and not isinstance(text, str)):
            raise bad(field, 'each variable needs a Name and a string Value')
        variables.append({'Name': name, 'Value': text})
    return variables


def pullzone_link(state: State, pullzone_id: int, where: str) -> tuple[str, str]:
    """``LinkName`` and ``Value`` of a PullZone record: the pull zone's id as text and its system hostname."""
    zone = state.data.get('pullzones', {}).get(pullzone_id)
    if zone is None:
        raise ApiError(
            400,
            f'{where}PullZoneId: the Pull Zone {pullzone_id} does not exist.',
            'dnsrecord.pullzone_not_found',
            f'{where}PullZoneId',
        )
    return str(pullzone_id), system_hostname_of(zone)


def system_hostname_of(zone: dict[str, t.Any]) -> str:
    for hostname in zone.get('Hostnames') or []:
        if hostname.get('IsSystemHostname'):
            return str(hostname['Value'])
    return str(zone.get('CnameDomain') or '')


def record_of(
    state: State,
    body: t.Any,
    domain: str,
    current: dict[str, t.Any] | None = None,
    where: str = '',
) -> dict[str, t.Any]:
    """The record a body makes: an AddDnsRecordModel (``current`` None) or an UpdateDnsRecordModel applied to
    ``current`` (only the members sent change; the result is checked whole, so a change of ``Type`` needs the new
    type's fields). ``where`` prefixes the field in errors (``Records[2].``). Fields that do not belong to the
    record's type read back as their empty value. ``Id`` is left to the caller; the zone's rules between records
    (``check_in_zone``) and acceleration are too."""
    if not isinstance(body, dict):
        raise bad(f'{where}body' if not where else where.rstrip('.'), 'must be a JSON object')
    record = dict(RECORD_DEFAULTS) if current is None else dict(current)
    record['EnviromentalVariables'] = list(record['EnviromentalVariables'])

    kind = int_member(body, 'Type', (0, len(TYPE_NAMES) - 1), where)
    if kind is None and current is None:
        raise bad(f'{where}Type', 'is required, a DnsRecordTypes number from 0 to 15')
    changed_type = kind is not None and kind != record['Type']
    if kind is not None:
        record['Type'] = kind
    kind = record['Type']

    name = string_member(body, 'Name', where)
    if name is not None:
        name = '' if name.strip() in ('', '@') else name.strip()
        if not is_record_name(name) or len(full_name(name, domain)) > 253:
            raise bad(
                f'{where}Name', f"'{name}' is not a record name: labels of letters, digits, '-' and '_', '*' first"
            )
        record['Name'] = name

    for field, bounds in (('Ttl', TTL_BOUNDS), ('Priority', UINT16), ('Port', UINT16), ('Flags', (0, 255))):
        value = int_member(body, field, bounds, where)
        if value is not None:
            record[field] = value
    weight = int_member(body, 'Weight', UINT16, where)
    if weight is not None:
        record['Weight'] = weight
    for field, enum_max in (('MonitorType', 3), ('SmartRoutingType', 2)):
        value = int_member(body, field, (0, enum_max), where)
        if value is not None:
            record[field] = value
    for field in ('Accelerated', 'Disabled', 'AutoSslIssuance'):
        flag = bool_member(body, field, where)
        if flag is not None:
            record[field] = flag
    for field in ('Tag', 'LatencyZone', 'Comment'):
        text = string_member(body, field, where)
        if text is not None:
            record[field] = text
    for field, limit in (('GeolocationLatitude', 90.0), ('GeolocationLongitude', 180.0)):
        number = number_member(body, field, limit, where)
        if number is not None:
            record[field] = number
    variables = variables_member(body, where)
    if variables is not None:
        record['EnviromentalVariables'] = variables

    # The value: the service sets it for PullZone and Script records from the id they link.
    if kind == PULLZONE:
        pullzone_id = int_member(body, 'PullZoneId', (1, 2**63 - 1), where)
        if pullzone_id is not None:
            record['LinkName'], record['Value'] = pullzone_link(state, pullzone_id, where)
        elif changed_type or current is None:
            raise bad(f'{where}PullZoneId', 'is required for a PullZone record')
    elif kind == SCRIPT:
        script_id = int_member(body, 'ScriptId', (1, 2**63 - 1), where)
        if script_id is not None:
            record['LinkName'] = record['Value'] = str(script_id)
        elif changed_type or current is None:
            raise bad(f'{where}ScriptId', 'is required for a Script record')
    else:
        value = member(body, 'Value')
        if value is not None or changed_type or current is None:
            record['Value'] = checked_value(kind, value, f'{where}Value')
        record['LinkName'] = None

    # The fields of other types read back empty; a routing weight is 0..100 (an SRV weight is the SRV's own).
    if kind not in (MX, SRV):
        record['Priority'] = 0
    if kind != SRV:
        record['Port'] = 0
        if weight is None and current is not None and changed_type and current['Type'] == SRV:
            record['Weight'] = DEFAULT_ROUTING_WEIGHT
        if not ROUTING_WEIGHT_BOUNDS[0] <= record['Weight'] <= ROUTING_WEIGHT_BOUNDS[1]:
            raise bad(f'{where}Weight', 'a routing weight is from 0 to 100')
    elif weight is None and (current is None or changed_type):
        record['Weight'] = 0
    if kind == CAA:
        if not isinstance(record['Tag'], str) or not CAA_TAG.fullmatch(record['Tag']):
            raise bad(f'{where}Tag', 'a CAA record needs a tag of 1 to 15 letters and digits (issue, issuewild, iodef)')
    else:
        record['Flags'], record['Tag'] = 0, None
    if record['Accelerated'] and kind not in ACCELERABLE:
        raise bad(f'{where}Accelerated', 'only A, AAAA and CNAME records can be accelerated')
    record['MonitorStatus'] = MONITOR_ONLINE if record['MonitorType'] else 0
    return record


def check_in_zone(
    zone: dict[str, t.Any],
    record: dict[str, t.Any],
    where: str = '',
    named: t.Sequence[dict[str, t.Any]] | None = None,
) -> None:
    """The rules between the records of a zone, for ``record`` added or changed (its ``Id`` is skipped): no record
    twice (``identity``), a CNAME has its name to itself, and the apex NS are the zone's nameservers. ``named``: the
    zone's records of the record's name, when the caller keeps them by name (an import)."""
    if record['Type'] == CNAME and record['Name'] == '':
        raise ApiError(
            400,
            f'{where}Name: a CNAME record cannot be at the apex of the zone (a Flatten record can).',
            'dnsrecord.cname_apex',
            f'{where}Name',
        )
    if record['Type'] == NS and record['Name'] == '':
        raise ApiError(
            400,
            f"{where}Name: the zone's own NS records are its nameservers (Nameserver1, Nameserver2).",
            'dnsrecord.ns_apex',
            f'{where}Name',
        )
    wanted = record['Name'].lower()
    same_name = [
        other
        for other in (zone['Records'] if named is None else named)
        if other['Id'] != record['Id'] and other['Name'].lower() == wanted
    ]
    mine = identity(record)
    if any(identity(other) == mine for other in same_name):
        raise ApiError(
            400,
            f"{where}The zone already has this {TYPE_NAMES[record['Type']]} record of "
            f"'{full_name(record['Name'], zone['Domain'])}'.",
            'dnsrecord.duplicate',
            f'{where}Value',
        )
    others = {other['Type'] for other in same_name}
    if (record['Type'] == CNAME and others - {CNAME}) or (record['Type'] != CNAME and CNAME in others):
        raise ApiError(
            400,
            f"{where}A CNAME record cannot share its name '{full_name(record['Name'], zone['Domain'])}' "
            'with records of other types.',
            'dnsrecord.cname_conflict',
            f'{where}Name',
        )


# ---- zones --------------------------------------------------------------------------------------------------


def new_zone(zone_id: int, domain: str, moment: datetime.datetime) -> dict[str, t.Any]:
    """A DnsZoneModel as a create makes it: the service's nameservers and SOA contact, logging off (IP anonymised
    by one digit when it is turned on), DNSSEC off, not yet delegated."""
    return {
        'Id': zone_id,
        'Domain': domain,
        'Records': [],
        'DateModified': timestamp(moment),
        'DateCreated': timestamp(moment),
        'NameserversDetected': False,
        'CustomNameserversEnabled': False,
        'Nameserver1': SERVICE_NAMESERVERS[0],
        'Nameserver2': SERVICE_NAMESERVERS[1],
        'SoaEmail': SERVICE_SOA_EMAIL,
        'NameserversNextCheck': timestamp(moment + NAMESERVER_CHECK_DELAY),
        'LoggingEnabled': False,
        'LoggingIPAnonymizationEnabled': True,
        'LogAnonymizationType': 0,
        'DnsSecEnabled': False,
        'CertificateKeyType': 0,
    }


def is_email(value: str) -> bool:
    local, at, host = value.partition('@')
    return (
        bool(at)
        and 0 < len(local) <= 64
        and re.fullmatch(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+", local) is not None
        and ('.' in host and is_hostname(host))
    )


def zone_settings_of(body: t.Any, zone: dict[str, t.Any]) -> dict[str, t.Any]:
    """What an UpdateDnsZoneModel changes, checked against the zone it applies to. Without custom nameservers (after
    the update) the zone's are the service's own, whatever was sent; with them ``Nameserver1`` is needed and
    ``Nameserver2`` may be cleared with ``""``."""
    if not isinstance(body, dict):
        raise bad('body', 'must be a JSON object')
    changes: dict[str, t.Any] = {}
    for field in ('CustomNameserversEnabled', 'LoggingEnabled', 'LoggingIPAnonymizationEnabled'):
        flag = bool_member(body, field, '')
        if flag is not None:
            changes[field] = flag
    for field in ('LogAnonymizationType', 'CertificateKeyType'):
        value = int_member(body, field, (0, 1), '')
        if value is not None:
            changes[field] = value
    email = string_member(body, 'SoaEmail', '')
    if email is not None:
        if not is_email(email.strip()):
            raise bad('SoaEmail', f"must be an e-mail address, got '{email}'")
        changes['SoaEmail'] = email.strip()
    custom = changes.get('CustomNameserversEnabled', zone['CustomNameserversEnabled'])
    names = {field: string_member(body, field, '') for field in ('Nameserver1', 'Nameserver2')}
    if not custom:
        changes['Nameserver1'], changes['Nameserver2'] = SERVICE_NAMESERVERS
        return changes
    for field, value in names.items():
        if value is None:
            continue
        value = value.strip().lower().removesuffix('.')
        if value and not ('.' in value and is_hostname(value)):
            raise bad(field, f"must be a nameserver's host name, got '{names[field]}'")
        changes[field] = value or None
    if not changes.get('Nameserver1', zone['Nameserver1']):
        raise bad('Nameserver1', 'is required with custom nameservers')
    return changes


# ---- what other areas ask of the account's zones -----------------------------------------------------------


def zone_of_hostname(state: State, hostname: str) -> dict[str, t.Any] | None:
    """The account's DNS zone a hostname lies in (the longest domain that is the name or ends it), or None."""
    wanted = hostname.lower().removesuffix('.')
    best: dict[str, t.Any] | None = None
    for zone in dns_zones(state).values():
        domain = zone['Domain']
        if (wanted == domain or wanted.endswith(f'.{domain}')) and (best is None or len(domain) > len(best['Domain'])):
            best = zone
    return best


def records_answering(zone: dict[str, t.Any], hostname: str) -> list[dict[str, t.Any]]:
    """The enabled records that answer for ``hostname`` in ``zone``: those of its name, or when it has none, those of
    the nearest wildcard above it (``*.example.com`` for ``a.b.example.com`` when ``*.b.example.com`` has none)."""
    relative = hostname.lower().removesuffix('.').removesuffix(zone['Domain']).removesuffix('.')
    by_name: dict[str, list[dict[str, t.Any]]] = {}
    for record in zone['Records']:
        if not record['Disabled']:
            by_name.setdefault(record['Name'].lower(), []).append(record)
    if relative in by_name:
        return by_name[relative]
    labels = relative.split('.') if relative else []
    for start in range(1, len(labels) + 1):
        wildcard = '.'.join(['*', *labels[start:]])
        if wildcard in by_name:
            return by_name[wildcard]
    return []


def points_at_pullzone(record: dict[str, t.Any], pullzone: dict[str, t.Any]) -> bool:
    """Whether a record sends its name to the pull zone: a PullZone record linking it, a CNAME to its system hostname,
    or the record the service accelerated with it."""
    if record['Type'] == PULLZONE:
        return record['LinkName'] == str(pullzone['Id'])
    if (
        record['Type'] == CNAME
        and (record['Value'] or '').lower().removesuffix('.') == system_hostname_of(pullzone).lower()
    ):
        return True
    return bool(record['Accelerated']) and record['AcceleratedPullZoneId'] == pullzone['Id']


def free_certificate_refusal(state: State, hostname: str, pullzone: dict[str, t.Any]) -> ApiError | None:
    """Why the service would not issue a free certificate for ``hostname`` of ``pullzone``: a name inside one of the
    account's DNS zones must point at the pull zone (``points_at_pullzone``); names outside them are not checked."""
    zone = zone_of_hostname(state, hostname)
    if zone is None:
        return None
    if any(points_at_pullzone(record, pullzone) for record in records_answering(zone, hostname)):
        return None
    return ApiError(
        400,
        f"The hostname '{hostname}' does not point at the Pull Zone: the DNS zone '{zone['Domain']}' has no record of "
        f"that name linking Pull Zone {pullzone['Id']} or a CNAME to '{system_hostname_of(pullzone)}'.",
        'pullzone.hostname_not_pointing',
        'hostname',
    )
