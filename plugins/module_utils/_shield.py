# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""What the Shield modules share.

The enumerations of the Shield API by name, the ``{data, error}`` envelope, finding the
shield zone of a pull zone (by id or by name) or taking a shield zone id, ISO 8601
timestamps, and the entries of custom access lists: validation by list type, the
content written (sorted, one per line) and its SHA-256 checksum.
"""

from __future__ import annotations

import datetime
import hashlib
import ipaddress
import re
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeClient, EdgeFinding, iter_pages
from ansible_collections.edge.platform.plugins.module_utils._errors import unsaved_answer
from ansible_collections.edge.platform.plugins.module_utils._pullzones import PullZoneApi
from ansible_collections.edge.platform.plugins.module_utils._timespec import parse_iso
from ansible_collections.edge.platform.plugins.module_utils._validation import COUNTRY_CODES, JA4_RE, text_problem

# ---- enumerations: option value (snake_case name) -> API number ------------------------------

PLAN_TYPES = {'basic': 0, 'advanced': 1, 'business': 2, 'enterprise': 3}
WAF_EXECUTION_MODES = {'log': 0, 'block': 1}
PAYLOAD_LIMIT_ACTIONS = {'block': 0, 'log': 1, 'ignore': 2}
DDOS_SENSITIVITIES = {'off': 0, 'low': 1, 'medium': 2, 'high': 3, 'challenge': 4}
BOT_EXECUTION_MODES = {'log_only': 0, 'challenge': 1}
BOT_SENSITIVITIES = {'off': 0, 'low': 1, 'medium': 2, 'high': 3}
FINGERPRINT_AGGRESSIONS = {'low': 1, 'medium': 2, 'high': 3, 'custom': 4}
SCANNER_MODES = {'disabled': 0, 'log': 1, 'block': 2}
ACCESS_LIST_TYPES = {'ip': 0, 'cidr': 1, 'asn': 2, 'country': 3, 'organization': 4, 'ja4': 5}
ACCESS_LIST_ACTIONS = {'none': 0, 'allow': 1, 'block': 2, 'challenge': 3, 'log': 4, 'bypass': 5}

INT32_MAX = 2**31 - 1


def enum_name(names: dict[str, int], value: t.Any) -> str | None:
    """The option name of an API enum value (None when unknown)."""
    for name, number in names.items():
        if number == value:
            return name
    return None


# ---- the {data, error} envelope -----------------------------------------------------------------


def envelope_data(body: t.Any, operation: str, status: int | None = 200) -> t.Any:
    """The ``data`` of a Shield answer (answers without ``data``, such as a list overview, whole)."""
    error = unsaved_answer(operation, status, body)
    if error is not None:
        raise error
    return body['data'] if isinstance(body, dict) and 'data' in body else body


def shield_call(client: EdgeClient, method: str, path: str, operation: str, **kwargs: t.Any) -> t.Any:
    """One Shield API call; returns the envelope's ``data`` (None for a status the caller accepts, ``ok_statuses``)."""
    response = client.request(
        method,
        path,
        operation,
        refused=lambda answer: unsaved_answer(operation, answer.status, answer.json()),
        **kwargs,
    )
    if response.status >= 300:
        return None
    return envelope_data(response.json(), operation, response.status)


# ---- finding shield zones -------------------------------------------------------------------------

# The options that say which shield zone a module works on (all but the shield_zone module).
SCOPE_ARGUMENT_SPEC: dict[str, dict[str, t.Any]] = dict(
    shield_zone_id=dict(type='int'),
    pullzone_id=dict(type='int'),
    pullzone_name=dict(type='str'),
)
SCOPE_OPTIONS = ('shield_zone_id', 'pullzone_id', 'pullzone_name')


def scope_problem(params: dict[str, t.Any], options: t.Sequence[str] = SCOPE_OPTIONS) -> str | None:
    """What is wrong with the scope options (before any request), or None."""
    for option in options:
        value = params.get(option)
        if option == 'pullzone_name':
            if value is not None and not value.strip():
                return 'pullzone_name must not be empty'
        elif value is not None and not 1 <= value <= 2**63 - 1:
            return f'{option} must be a positive integer, got {value}'
    return None


def resolve_pullzone(client: EdgeClient, pullzone_id: int | None, pullzone_name: str | None) -> int:
    """The pull zone id: given, or found by exact name (a clear error when none or several match)."""
    if pullzone_id is not None:
        return pullzone_id
    if pullzone_name is None:
        raise EdgeFinding('find pull zone', 'pullzone_id or pullzone_name is required')
    return PullZoneApi(client).resolve_id(pullzone_name)


def shield_zone_of_pullzone(client: EdgeClient, pullzone_id: int) -> dict[str, t.Any] | None:
    """The shield zone of a pull zone, or None when it has none (the API answers non-200)."""
    operation = f'read shield zone of pull zone {pullzone_id}'
    response = client.request('GET', f'shield/shield-zone/get-by-pullzone/{pullzone_id}', operation, ok_statuses=(404,))
    if response.status != 200:
        return None
    data = envelope_data(response.json(), operation, response.status)
    return data if isinstance(data, dict) and data.get('shieldZoneId') is not None else None


def resolve_shield_zone_id(client: EdgeClient, params: dict[str, t.Any]) -> tuple[int | None, int | None]:
    """``(shield_zone_id, pullzone_id)`` from the scope options.

    The shield zone id is None when the pull zone has no shield zone; the pull zone id is
    None when the shield zone id was given.
    """
    if params.get('shield_zone_id') is not None:
        return int(params['shield_zone_id']), None
    pullzone_id = resolve_pullzone(client, params.get('pullzone_id'), params.get('pullzone_name'))
    zone = shield_zone_of_pullzone(client, pullzone_id)
    return (int(zone['shieldZoneId']) if zone else None), pullzone_id


def require_shield_zone_id(client: EdgeClient, params: dict[str, t.Any]) -> int:
    """The shield zone id from the scope options; a clear error when the pull zone has none."""
    zone_id, pullzone_id = resolve_shield_zone_id(client, params)
    if zone_id is None:
        raise no_shield_zone(pullzone_id)
    return zone_id


# The largest page the module asks the Shield zone list for: the management API's largest list page
# (spec 8 gives perPage 5..1000 for pull zones; the Shield list states no bound and pages the same way).
ZONE_PAGE_SIZE = 1000


def list_shield_zones(client: EdgeClient) -> t.Iterator[dict[str, t.Any]]:
    """Every shield zone of the account, page by page with the largest page (``GET shield/shield-zones``)."""

    def fetch(page: int) -> t.Any:
        operation = f'list shield zones (page {page})'
        body = client.get('shield/shield-zones', operation, params={'page': page, 'perPage': ZONE_PAGE_SIZE})
        envelope_data(body, operation)  # only to raise on success: false
        return body

    def items_of(body: t.Any) -> list[dict[str, t.Any]]:
        data = body.get('data') if isinstance(body, dict) else None
        return [zone for zone in data or [] if isinstance(zone, dict)]

    def next_of(body: t.Any, page: int) -> int | None:
        following = (body.get('page') or {}).get('nextPage') if isinstance(body, dict) else None
        # Only forward: an API that answered the same page again would otherwise be read forever.
        return following if isinstance(following, int) and following > page and items_of(body) else None

    return iter_pages(fetch, items_of, next_of, 1)


def pullzone_mapping(client: EdgeClient) -> dict[int, int]:
    """The pull zone of each active shield zone (``GET shield/shield-zones/pullzone-mapping``), by shield zone id."""
    operation = 'read the pull zones of the shield zones'
    data = envelope_data(client.get('shield/shield-zones/pullzone-mapping', operation), operation)
    return {
        int(item['shieldZoneId']): int(item['pullZoneId'])
        for item in data or []
        if isinstance(item, dict) and item.get('shieldZoneId') is not None and item.get('pullZoneId') is not None
    }


def read_shield_zone(client: EdgeClient, zone_id: int) -> dict[str, t.Any] | None:
    """One shield zone by id, or None when the API answers 404."""
    operation = f'read shield zone {zone_id}'
    response = client.request('GET', f'shield/shield-zone/{zone_id}', operation, ok_statuses=(404,))
    if response.status == 404:
        return None
    data = envelope_data(response.json(), operation, response.status)
    return data if isinstance(data, dict) and data.get('shieldZoneId') is not None else None


def read_access_lists(client: EdgeClient, zone_id: int, with_content: bool = False) -> dict[str, t.Any]:
    """The access lists overview of a shield zone (managed and custom lists, counts and limits).

    ``with_content`` adds the ``content`` and ``checksum`` of each custom list, one request per list.
    """
    operation = f'list access lists of shield zone {zone_id}'
    answer = envelope_data(client.get(f'shield/shield-zone/{zone_id}/access-lists', operation), operation)
    overview = {key: value for key, value in answer.items() if key != 'error'} if isinstance(answer, dict) else {}
    if with_content:
        for item in overview.get('customLists') or []:
            detail = (
                shield_call(
                    client,
                    'GET',
                    f"shield/shield-zone/{zone_id}/access-lists/{item.get('listId')}",
                    f"read custom access list {item.get('listId')} of shield zone {zone_id}",
                )
                or {}
            )
            item.update({key: detail.get(key) for key in ('content', 'checksum')})
    return overview


def no_shield_zone(pullzone_id: int | None) -> EdgeFinding:
    return EdgeFinding(
        f'find shield zone of pull zone {pullzone_id}',
        f'pull zone {pullzone_id} has no shield zone (create one with edge.platform.shield_zone)',
        'shield_zone.not_found',
    )


# ---- timestamps -------------------------------------------------------------------------------------


def format_timestamp(value: datetime.datetime) -> str:
    """``YYYY-MM-DDTHH:MM:SSZ`` (with microseconds only when there are some)."""
    pattern = '%Y-%m-%dT%H:%M:%S.%fZ' if value.microsecond else '%Y-%m-%dT%H:%M:%SZ'
    return value.astimezone(datetime.timezone.utc).strftime(pattern)


def normalize_timestamp(text: str) -> str:
    return format_timestamp(parse_iso(text))


def same_instant(current: t.Any, wanted: t.Any) -> bool:
    """Two timestamps (strings or None) that name the same instant."""
    if current in (None, '') or wanted in (None, ''):
        return current in (None, '') and wanted in (None, '')
    try:
        return parse_iso(str(current)) == parse_iso(str(wanted))
    except ValueError:
        return bool(current == wanted)


# ---- custom access list entries ------------------------------------------------------------------------

ASN_MAX = 2**32 - 1
ENTRY_RULES = {
    'ip': 'IPv4 or IPv6 addresses, without a zone index',
    'cidr': 'IPv4 or IPv6 networks in CIDR notation such as 192.0.2.0/24, without host bits',
    'asn': 'autonomous system numbers from 1 to 4294967295, digits only',
    'country': 'ISO 3166-1 alpha-2 country codes such as DE',
    'organization': 'organization names without control characters',
    'ja4': 'JA4 fingerprints such as t13d1516h2_8daaf6152771_b186095e22b6',
}


def split_entries(values: t.Iterable[t.Any]) -> set[str]:
    """The entries as a set: each value split into lines, trimmed, empty lines dropped."""
    entries: set[str] = set()
    for value in values:
        for line in str(value).splitlines():
            line = line.strip()
            if line:
                entries.add(line)
    return entries


def entries_of_content(content: str | None) -> frozenset[str]:
    """The set of entries a list's content holds (newline separated)."""
    return frozenset(split_entries([content or '']))


def _valid_ip(entry: str) -> bool:
    if '%' in entry:  # an IPv6 zone index (fe80::1%eth0) only means something on one host
        return False
    try:
        ipaddress.ip_address(entry)
    except ValueError:
        return False
    return True


def _valid_cidr(entry: str) -> bool:
    if '/' not in entry or '%' in entry:
        return False
    try:
        ipaddress.ip_network(entry, strict=True)
    except ValueError:
        return False
    return True


def _valid_asn(entry: str) -> bool:
    return re.match(r'^[0-9]{1,10}\Z', entry) is not None and 1 <= int(entry) <= ASN_MAX


def check_entries(list_type: str, entries: t.Iterable[str]) -> tuple[frozenset[str], list[str]]:
    """``(normalized entries, bad entries)`` for a list type (an option name such as ``ip``).

    Country codes are written in upper case; every other entry as given (trimmed).
    """
    good: set[str] = set()
    bad: list[str] = []
    for entry in entries:
        written = entry
        if list_type == 'ip':
            ok = _valid_ip(entry)
        elif list_type == 'cidr':
            ok = _valid_cidr(entry)
        elif list_type == 'asn':
            ok = _valid_asn(entry)
        elif list_type == 'country':
            written = entry.upper()
            ok = written in COUNTRY_CODES
        elif list_type == 'ja4':
            written = entry.lower()
            ok = JA4_RE.match(written) is not None
        else:  # organization names: any text a person can read
            ok = text_problem(entry) is None
        if ok:
            good.add(written)
        else:
            bad.append(entry)
    return frozenset(good), sorted(bad)


def describe_bad_entries(list_type: str, bad: t.Sequence[str], limit: int = 10) -> str:
    shown = ', '.join(f'"{entry}"' for entry in bad[:limit])
    more = f' and {len(bad) - limit} more' if len(bad) > limit else ''
    count = '1 entry is' if len(bad) == 1 else f'{len(bad)} entries are'
    return f'{count} not valid for type {list_type} ({ENTRY_RULES[list_type]} expected): {shown}{more}'


def content_of(entries: t.Iterable[str]) -> tuple[str, str]:
    """``(content, checksum)``: the entries sorted, one per line, and the SHA-256 of exactly that text."""
    content = '\n'.join(sorted(entries))
    return content, hashlib.sha256(content.encode('utf-8')).hexdigest()
