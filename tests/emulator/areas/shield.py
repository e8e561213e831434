# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Shield area of the emulator: shield zones and their custom access lists.

Spec 2.3, 2.4, 4.2, 4.3 and 7.2, with what spec/GAPS.md adds ("Shield zones", "Custom
access lists"):

- ``POST /shield/shield-zone`` (409 when the pull zone already has one),
  ``PATCH /shield/shield-zone``, ``GET /shield/shield-zone/{id}``,
  ``GET /shield/shield-zone/get-by-pullzone/{pullZoneId}`` (404 when none),
  ``GET /shield/shield-zones?page=&perPage=``, ``GET /shield/shield-zones/pullzone-mapping``;
- ``GET|PATCH /shield/shield-zone/{id}/bot-detection`` and ``…/upload-scanning``;
- ``GET|POST /shield/shield-zone/{id}/access-lists``, ``GET|PATCH|DELETE …/access-lists/{listId}``,
  ``PATCH …/access-lists/configurations/{configurationId}``.

Every answer is the ``{data, error}`` envelope; errors are ``{data: null, error: {success:
false, message, errorKey}}``. A PATCH or POST whose checksum does not match its content
is refused, entries are checked by list type, and the custom list and entry limits of
the zone's plan are enforced.

State (``state.data``): ``shield_zones`` (by shieldZoneId), ``bot_detection`` and
``upload_scanning`` (by shieldZoneId), ``access_lists`` (by list id; spec 2.4 fields plus
``shieldZoneId``, ``type``, ``action``, ``isEnabled``, ``configurationId``) and
``shield_ids`` (the next ids).
"""

from __future__ import annotations

import copy
import datetime
import hashlib
import ipaddress
import random
import re
import typing as t

from starlette.requests import Request
from starlette.responses import Response

from ..core import (
    ApiError,
    Area,
    Endpoint,
    State,
    json_body,
    json_response,
    query_int,
    shield_error,
)
from .pullzones import pullzones


def listing_error(status: int, key: str, message: str, field_name: str = '') -> dict[str, t.Any]:
    """The zone list and the pull zone mapping answer 401 with ``UnauthorizedResult`` (``{statusCode}``), as the
    reference says."""
    return {'statusCode': status} if status == 401 else shield_error(status, key, message, field_name)


ZONE_PATH = '/shield/shield-zone/{zone_id:int}'
LISTS_PATH = f'{ZONE_PATH}/access-lists'
FIRST_ZONE_ID = 3001
FIRST_LIST_ID = 9001
FIRST_CONFIGURATION_ID = 60001
INT32_MAX = 2**31 - 1
SEED_TIME = datetime.datetime(2026, 11, 1, tzinfo=datetime.timezone.utc)

# planType -> (customListLimit, customEntryLimit, rateLimitRulesLimit, customWafRulesLimit)
PLAN_LIMITS = {0: (2, 1000, 2, 5), 1: (10, 20000, 10, 25), 2: (25, 50000, 25, 50), 3: (100, 250000, 100, 100)}

# The shield zone record (ShieldZoneResponse plus premiumPlan of spec 2.3), in order.
ZONE_KEYS = (
    'shieldZoneId',
    'pullZoneId',
    'premiumPlan',
    'planType',
    'learningMode',
    'learningModeUntil',
    'wafEnabled',
    'wafExecutionMode',
    'wafDisabledRules',
    'wafLogOnlyRules',
    'wafCustomRuleOrder',
    'wafRequestHeaderLoggingEnabled',
    'requestBodyLoggingEnabled',
    'wafRequestIgnoredHeaders',
    'wafRealtimeThreatIntelligenceEnabled',
    'wafProfileId',
    'wafEngineConfig',
    'wafRequestBodyLimitAction',
    'wafResponseBodyLimitAction',
    'rateLimitRulesLimit',
    'customWafRulesLimit',
    'dDoSShieldSensitivity',
    'dDoSExecutionMode',
    'dDoSChallengeWindow',
    'whitelabelResponsePages',
)
# What a create or update request may set (ShieldZoneRequest), by kind.
BOOL_FIELDS = (
    'premiumPlan',
    'learningMode',
    'wafEnabled',
    'wafRequestHeaderLoggingEnabled',
    'requestBodyLoggingEnabled',
    'wafRealtimeThreatIntelligenceEnabled',
    'whitelabelResponsePages',
)
ENUM_FIELDS = {
    'planType': 3,
    'wafExecutionMode': 1,
    'wafRequestBodyLimitAction': 2,
    'wafResponseBodyLimitAction': 2,
    'dDoSShieldSensitivity': 4,
}
INT_FIELDS = ('wafProfileId', 'dDoSChallengeWindow')
STRING_SET_FIELDS = ('wafDisabledRules', 'wafLogOnlyRules', 'wafRequestIgnoredHeaders')
REQUEST_FIELDS = frozenset(
    BOOL_FIELDS
    + tuple(ENUM_FIELDS)
    + INT_FIELDS
    + STRING_SET_FIELDS
    + (
        'shieldZoneId',
        'learningModeUntil',
        'wafCustomRuleOrder',
        'wafEngineConfig',
    )
)

LIST_TYPES = 5  # 0 IP, 1 CIDR, 2 ASN, 3 Country, 4 Organization, 5 JA4
LIST_ACTIONS = 5  # 0 None, 1 Allow, 2 Block, 3 Challenge, 4 Log, 5 Bypass
MANAGED_LISTS = (
    # listId, configurationId, name, type, category, action, requiredPlan, entryCount
    (101, 50101, 'VPN Providers', 1, 1, 4, 0, 48211),
    (102, 50102, 'TOR Exit Nodes', 0, 8, 3, 0, 1297),
    (103, 50103, 'Datacenters', 1, 2, 0, 1, 112734),
)
WAF_RULES = (
    '911100',
    '913100',
    '913110',
    '920170',
    '920270',
    '920350',
    '921110',
    '930100',
    '931100',
    '932100',
    '933100',
    '941100',
    '942100',
    '943100',
    '944100',
)
COUNTRY_SAMPLE = ('RU', 'KP', 'IR', 'SY', 'CU', 'BY', 'VE')


def now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')


def stamp(days: float) -> str:
    return (SEED_TIME + datetime.timedelta(days=days)).strftime('%Y-%m-%dT%H:%M:%SZ')


def checksum(content: str) -> str:
    return hashlib.sha256(content.encode('utf-8')).hexdigest()


def lines_of(content: str) -> list[str]:
    return [line.strip() for line in content.splitlines() if line.strip()]


# ---- seeding ---------------------------------------------------------------------------------------------


def make_zone(index: int, zone_id: int, pullzone_id: int, rng: random.Random) -> dict[str, t.Any]:
    """One shield zone. Index 0 is on the Advanced plan, index 1 on Basic; the rest vary."""
    plan = 1 if index == 0 else 0 if index == 1 else rng.choice((0, 1, 2))
    limits = PLAN_LIMITS[plan]
    learning = index % 4 == 3
    return {
        'shieldZoneId': zone_id,
        'pullZoneId': pullzone_id,
        'premiumPlan': plan > 0,
        'planType': plan,
        'learningMode': learning,
        'learningModeUntil': stamp(30 + index) if learning else None,
        'wafEnabled': index % 5 != 4,
        'wafExecutionMode': 1 if index % 2 == 0 else 0,
        'wafDisabledRules': rng.sample(WAF_RULES, index % 3),
        'wafLogOnlyRules': rng.sample(WAF_RULES, (index + 1) % 2),
        'wafCustomRuleOrder': [],
        'wafRequestHeaderLoggingEnabled': index % 2 == 0,
        'requestBodyLoggingEnabled': False,
        'wafRequestIgnoredHeaders': ['Cookie'] if index % 3 == 0 else [],
        'wafRealtimeThreatIntelligenceEnabled': plan > 0,
        'wafProfileId': 1,
        'wafEngineConfig': [{'name': 'REQUEST_BODY_LIMIT', 'valueEncoded': '131072'}] if index % 2 == 0 else [],
        'wafRequestBodyLimitAction': 0,
        'wafResponseBodyLimitAction': 1,
        'rateLimitRulesLimit': limits[2],
        'customWafRulesLimit': limits[3],
        'dDoSShieldSensitivity': 1 + index % 3,
        'dDoSExecutionMode': 1,
        'dDoSChallengeWindow': 1800,
        'whitelabelResponsePages': False,
    }


def default_zone(zone_id: int, pullzone_id: int, plan: int) -> dict[str, t.Any]:
    """A new shield zone as create makes it, before the request's fields are laid over it."""
    limits = PLAN_LIMITS[plan]
    return {
        'shieldZoneId': zone_id,
        'pullZoneId': pullzone_id,
        'premiumPlan': plan > 0,
        'planType': plan,
        'learningMode': False,
        'learningModeUntil': None,
        'wafEnabled': True,
        'wafExecutionMode': 1,
        'wafDisabledRules': [],
        'wafLogOnlyRules': [],
        'wafCustomRuleOrder': [],
        'wafRequestHeaderLoggingEnabled': False,
        'requestBodyLoggingEnabled': False,
        'wafRequestIgnoredHeaders': [],
        'wafRealtimeThreatIntelligenceEnabled': plan > 0,
        'wafProfileId': 1,
        'wafEngineConfig': [],
        'wafRequestBodyLimitAction': 0,
        'wafResponseBodyLimitAction': 1,
        'rateLimitRulesLimit': limits[2],
        'customWafRulesLimit': limits[3],
        'dDoSShieldSensitivity': 2,
        'dDoSExecutionMode': 1,
        'dDoSChallengeWindow': 1800,
        'whitelabelResponsePages': False,
    }


def default_bot_detection(zone_id: int, mode: int = 0) -> dict[str, t.Any]:
    return {
        'shieldZoneId': zone_id,
        'requestIntegrity': {'sensitivity': 1},
        'ipAddress': {'sensitivity': 1},
        'browserFingerprint': {'sensitivity': 1, 'aggression': 1, 'complexEnabled': False},
        'executionMode': mode,
    }


def default_upload_scanning(zone_id: int, csam: int = 0, antivirus: int = 0) -> dict[str, t.Any]:
    return {
        'shieldZoneId': zone_id,
        'isEnabled': bool(csam or antivirus),
        'csamScanningMode': csam,
        'antivirusScanningMode': antivirus,
    }


def seeded_lists(index: int, rng: random.Random) -> list[tuple[str, str, int, int, bool, list[str]]]:
    """(name, description, type, action, enabled, entries) of the custom lists of the zone at ``index``."""
    if index == 0:
        office = [f'198.51.100.{n}' for n in rng.sample(range(1, 255), 5)] + ['2001:db8:10::1']
        return [
            ('office', 'Office egress addresses', 0, 1, True, office),
            ('blocked-countries', 'Countries we do not serve', 3, 2, True, rng.sample(COUNTRY_SAMPLE, 3)),
        ]
    if index == 1:
        return [('partners', 'Partner networks', 1, 5, False, ['203.0.113.0/24', '192.0.2.0/25', '2001:db8:100::/48'])]
    if index == 3:
        return [('bad-asns', '', 2, 3, True, [str(n) for n in rng.sample(range(64512, 65534), 4)])]
    if index >= 6 and index % 5 == 0:
        return [(f'allow-{index}', '', 0, 1, True, [f'192.0.2.{n}' for n in rng.sample(range(1, 255), 3)])]
    return []


class Ids:
    """The next ids of the area (kept in state.data so that a reset starts them over)."""

    def __init__(self, state: State) -> None:
        self.counters = state.data['shield_ids']

    def next(self, kind: str) -> int:
        value = self.counters[kind]
        self.counters[kind] = value + 1
        return value


# ---- validation of request bodies --------------------------------------------------------------------------


def bad(field: str, message: str) -> ApiError:
    return ApiError(400, f'{field}: {message}', 'validation_error', field)


async def object_body(
    request: Request, allowed: t.AbstractSet[str] | None = None, unknown_text: str = 'is not a field of this request'
) -> dict[str, t.Any]:
    """The JSON object body of a request; 400 when it is not an object or has a field outside ``allowed``."""
    body = await json_body(request)
    if not isinstance(body, dict):
        raise bad('body', 'must be a JSON object')
    unknown = sorted(set(body) - allowed) if allowed is not None else []
    if unknown:
        raise bad(unknown[0], unknown_text)
    return body


def is_int(value: t.Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_time(field: str, value: t.Any) -> str:
    if not isinstance(value, str):
        raise bad(field, 'must be an ISO 8601 date-time string')
    try:
        parsed = datetime.datetime.fromisoformat(value.replace('Z', '+00:00').replace('z', '+00:00'))
    except ValueError:
        raise bad(field, f"'{value}' is not an ISO 8601 date-time") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=datetime.timezone.utc)
    pattern = '%Y-%m-%dT%H:%M:%S.%fZ' if parsed.microsecond else '%Y-%m-%dT%H:%M:%SZ'
    return parsed.astimezone(datetime.timezone.utc).strftime(pattern)


def zone_changes(body: t.Any) -> dict[str, t.Any]:
    """The fields a ShieldZoneRequest sets (null means: keep), validated."""
    if body is None:
        return {}
    if not isinstance(body, dict):
        raise bad('shieldZone', 'must be an object')
    unknown = sorted(set(body) - REQUEST_FIELDS)
    if unknown:
        raise bad(unknown[0], 'is not a field of a shield zone request')
    changes: dict[str, t.Any] = {}
    for field, value in body.items():
        if value is None or field == 'shieldZoneId':
            continue
        if field in BOOL_FIELDS:
            if not isinstance(value, bool):
                raise bad(field, 'must be a boolean')
        elif field in ENUM_FIELDS:
            if not is_int(value) or not 0 <= value <= ENUM_FIELDS[field]:
                raise bad(field, f'must be an integer from 0 to {ENUM_FIELDS[field]}')
        elif field in INT_FIELDS:
            if not is_int(value) or not 0 <= value <= INT32_MAX:
                raise bad(field, 'must be an integer from 0 to 2147483647')
        elif field in STRING_SET_FIELDS:
            if not isinstance(value, list) or not all(isinstance(item, str) and item for item in value):
                raise bad(field, 'must be an array of non-empty strings')
            value = list(dict.fromkeys(value))  # a set: duplicates collapse
        elif field == 'wafCustomRuleOrder':
            if not isinstance(value, list) or not all(is_int(item) and item > 0 for item in value):
                raise bad(field, 'must be an array of positive integers')
        elif field == 'wafEngineConfig':
            if not isinstance(value, list) or not all(
                isinstance(item, dict)
                and set(item) == {'name', 'valueEncoded'}
                and isinstance(item['name'], str)
                and item['name']
                and isinstance(item['valueEncoded'], str)
                for item in value
            ):
                raise bad(field, 'must be an array of {name, valueEncoded} strings')
            names = [item['name'] for item in value]
            if len(names) != len(set(names)):
                raise bad(field, 'names must be unique')
            value = [{'name': item['name'], 'valueEncoded': item['valueEncoded']} for item in value]
        elif field == 'learningModeUntil':
            value = parse_time(field, value)
        changes[field] = value
    return changes


def enum_value(body: dict[str, t.Any], field: str, maximum: int) -> int | None:
    value = body.get(field)
    if value is None:
        return None
    if not is_int(value) or not 0 <= value <= maximum:
        raise bad(field, f'must be an integer from 0 to {maximum}')
    return value


def valid_entry(list_type: int, entry: str) -> bool:
    if list_type == 0:
        try:
            ipaddress.ip_address(entry)
        except ValueError:
            return False
        return True
    if list_type == 1:
        try:
            ipaddress.ip_network(entry, strict=True)
        except ValueError:
            return False
        return '/' in entry
    if list_type == 2:
        return re.fullmatch(r'[0-9]{1,10}', entry) is not None and 1 <= int(entry) <= 2**32 - 1
    if list_type == 3:
        return re.fullmatch(r'[A-Za-z]{2}', entry) is not None
    return len(entry) <= 512


# ---- the area ------------------------------------------------------------------------------------------------


def zones(state: State) -> dict[int, dict[str, t.Any]]:
    """The shield zone store, by shieldZoneId (other areas, such as event logs, read it too)."""
    return state.data['shield_zones']


def zone_of_pullzone(state: State, pullzone_id: int) -> dict[str, t.Any] | None:
    zone_id = state.data['shield_by_pullzone'].get(pullzone_id)
    return zones(state).get(zone_id) if zone_id is not None else None


def access_lists(state: State) -> dict[int, dict[str, t.Any]]:
    return state.data['access_lists']


def ok(data: t.Any, status: int = 200) -> t.Any:
    return json_response({'data': data, 'error': {'success': True, 'message': '', 'errorKey': ''}}, status)


class Shield(Area):
    name = 'shield'
    error_style = {
        ('api', '/shield'): shield_error,
        ('api', '/shield/shield-zones'): listing_error,
    }
    endpoints = (
        Endpoint('api', 'POST', '/shield/shield-zone', 'create_zone'),
        Endpoint('api', 'PATCH', '/shield/shield-zone', 'update_zone'),
        Endpoint('api', 'GET', '/shield/shield-zones', 'list_zones'),
        Endpoint('api', 'GET', '/shield/shield-zones/pullzone-mapping', 'pullzone_mapping'),
        Endpoint('api', 'GET', '/shield/shield-zone/get-by-pullzone/{pullzone_id:int}', 'get_zone_by_pullzone'),
        Endpoint('api', 'GET', ZONE_PATH, 'get_zone'),
        Endpoint('api', 'GET', f'{ZONE_PATH}/bot-detection', 'get_bot_detection'),
        Endpoint('api', 'PATCH', f'{ZONE_PATH}/bot-detection', 'update_bot_detection'),
        Endpoint('api', 'GET', f'{ZONE_PATH}/upload-scanning', 'get_upload_scanning'),
        Endpoint('api', 'PATCH', f'{ZONE_PATH}/upload-scanning', 'update_upload_scanning'),
        Endpoint('api', 'GET', LISTS_PATH, 'overview'),
        Endpoint('api', 'POST', LISTS_PATH, 'create_list'),
        Endpoint('api', 'PATCH', f'{LISTS_PATH}/configurations/{{configuration_id:int}}', 'update_configuration'),
        Endpoint('api', 'GET', f'{LISTS_PATH}/{{list_id:int}}', 'get_list'),
        Endpoint('api', 'PATCH', f'{LISTS_PATH}/{{list_id:int}}', 'update_list'),
        Endpoint('api', 'DELETE', f'{LISTS_PATH}/{{list_id:int}}', 'delete_list'),
    )

    def seed(self, state: State, rng: random.Random) -> None:
        state.data['shield_zones'] = {}
        state.data['shield_by_pullzone'] = {}
        state.data['bot_detection'] = {}
        state.data['upload_scanning'] = {}
        state.data['access_lists'] = {}
        state.data['shield_ids'] = {
            'zone': FIRST_ZONE_ID,
            'list': FIRST_LIST_ID,
            'configuration': FIRST_CONFIGURATION_ID,
        }
        ids = Ids(state)
        for index, pullzone_id in enumerate(sorted(pullzones(state))):
            if index % 3 == 2:  # 2, 5, 8 …: pull zones without a Shield zone
                continue
            zone_id = ids.next('zone')
            self.add_zone(state, make_zone(index, zone_id, pullzone_id, rng))
            state.data['bot_detection'][zone_id] = default_bot_detection(zone_id, index % 2)
            state.data['upload_scanning'][zone_id] = default_upload_scanning(zone_id, 1 if index % 3 else 0, 0)
            for number, (name, description, list_type, action, enabled, entries) in enumerate(seeded_lists(index, rng)):
                # Written "elsewhere": in no particular order, with a trailing newline.
                content = '\n'.join(entries) + '\n'
                self.add_list(
                    state,
                    ids,
                    zone_id,
                    name,
                    description,
                    list_type,
                    content,
                    stamp(number + index / 10),
                    action=action,
                    enabled=enabled,
                )

    @staticmethod
    def add_zone(state: State, zone: dict[str, t.Any]) -> None:
        zones(state)[zone['shieldZoneId']] = zone
        state.data['shield_by_pullzone'][zone['pullZoneId']] = zone['shieldZoneId']

    @staticmethod
    def add_list(
        state: State,
        ids: Ids,
        zone_id: int,
        name: str,
        description: str,
        list_type: int,
        content: str,
        modified: str,
        action: int = 0,
        enabled: bool = True,
    ) -> dict[str, t.Any]:
        record = {
            'id': ids.next('list'),
            'name': name,
            'description': description,
            'content': content,
            'checksum': checksum(content),
            'entryCount': len(lines_of(content)),
            'lastModified': modified,
            'shieldZoneId': zone_id,
            'type': list_type,
            'action': action,
            'isEnabled': enabled,
            'configurationId': ids.next('configuration'),
        }
        access_lists(state)[record['id']] = record
        return record

    def snapshot(self, state: State) -> dict[str, list[t.Any]]:
        snapshot_zones = []
        for zone_id, zone in zones(state).items():
            record = dict(zone)
            record['botDetection'] = {
                k: v for k, v in state.data['bot_detection'][zone_id].items() if k != 'shieldZoneId'
            }
            record['uploadScanning'] = {
                k: v for k, v in state.data['upload_scanning'][zone_id].items() if k != 'shieldZoneId'
            }
            snapshot_zones.append(record)
        return {'shield_zones': snapshot_zones, 'access_lists': list(access_lists(state).values())}

    def zone_or_404(self, state: State, zone_id: int) -> dict[str, t.Any]:
        zone = zones(state).get(zone_id)
        if zone is None:
            raise ApiError(404, f'Shield Zone {zone_id} was not found.', 'shield_zone.not_found', 'shieldZoneId')
        return zone

    def custom_lists(self, state: State, zone_id: int) -> list[dict[str, t.Any]]:
        return [record for record in access_lists(state).values() if record['shieldZoneId'] == zone_id]

    @staticmethod
    def limits(zone: dict[str, t.Any]) -> tuple[int, int]:
        lists, entries, _rate, _waf = PLAN_LIMITS[zone['planType']]
        return lists, entries

    def list_or_404(self, state: State, zone_id: int, list_id: int) -> dict[str, t.Any]:
        record = access_lists(state).get(list_id)
        if record is None or record['shieldZoneId'] != zone_id:
            raise ApiError(
                404,
                f'Custom Access List {list_id} was not found in Shield Zone {zone_id}.',
                'access_list.not_found',
                'id',
            )
        return record

    def check_content(
        self, state: State, zone: dict[str, t.Any], list_type: int, content: t.Any, given_checksum: t.Any, replaces: int
    ) -> list[str]:
        if not isinstance(content, str):
            raise bad('content', 'must be a string of newline-separated entries')
        if given_checksum is not None and given_checksum != checksum(content):
            raise ApiError(400, 'The checksum does not match the content.', 'access_list.checksum_mismatch', 'checksum')
        entries = lines_of(content)
        wrong = [entry for entry in entries if not valid_entry(list_type, entry)]
        if wrong:
            raise ApiError(
                400,
                f"Invalid entries for the list type: {', '.join(wrong[:10])}",
                'access_list.invalid_entries',
                'content',
            )
        used = sum(record['entryCount'] for record in self.custom_lists(state, zone['shieldZoneId'])) - replaces
        entry_limit = self.limits(zone)[1]
        if used + len(entries) > entry_limit:
            raise ApiError(
                400,
                f'The custom entry limit of {entry_limit} would be exceeded '
                f'({used} in use, {len(entries)} in this list).',
                'access_list.entry_limit_exceeded',
                'content',
            )
        return entries

    @staticmethod
    def list_view(record: dict[str, t.Any]) -> dict[str, t.Any]:
        return {
            key: record[key]
            for key in ('id', 'name', 'description', 'type', 'content', 'checksum', 'entryCount', 'lastModified')
        }

    # ---- shield zones ----

    async def create_zone(self, state: State, request: Request) -> Response:
        body = await object_body(
            request,
            {
                'pullZoneId',
                'shieldZone',
                'accessLists',
                'botDetectionExecutionMode',
                'csamScanningMode',
                'antivirusScanningMode',
            },
            'is not a field of a create request',
        )
        pullzone_id = body.get('pullZoneId')
        if not is_int(pullzone_id):
            raise bad('pullZoneId', 'is required and must be an integer')
        if pullzone_id not in pullzones(state):
            raise ApiError(400, f'Pull Zone {pullzone_id} was not found.', 'pullzone.not_found', 'pullZoneId')
        if zone_of_pullzone(state, pullzone_id) is not None:
            raise ApiError(
                409,
                f'Pull Zone {pullzone_id} already has a Shield Zone.',
                'shield_zone.already_exists',
                'pullZoneId',
            )
        changes = zone_changes(body.get('shieldZone'))
        bot_mode = enum_value(body, 'botDetectionExecutionMode', 1)
        csam = enum_value(body, 'csamScanningMode', 2)
        antivirus = enum_value(body, 'antivirusScanningMode', 2)
        access = body.get('accessLists')
        if access is not None and (
            not isinstance(access, dict) or not all(is_int(v) and 0 <= v <= LIST_ACTIONS for v in access.values())
        ):
            raise bad('accessLists', 'must map list ids to access list actions')
        zone_id = Ids(state).next('zone')
        zone = default_zone(zone_id, pullzone_id, changes.get('planType', 0))
        zone.update(changes)
        self.add_zone(state, zone)
        state.data['bot_detection'][zone_id] = default_bot_detection(zone_id, bot_mode or 0)
        state.data['upload_scanning'][zone_id] = default_upload_scanning(zone_id, csam or 0, antivirus or 0)
        return ok(
            {
                'pullZoneId': pullzone_id,
                'shieldZone': copy.deepcopy(zone),
                'accessLists': access or {},
                'botDetectionExecutionMode': state.data['bot_detection'][zone_id]['executionMode'],
                'csamScanningMode': state.data['upload_scanning'][zone_id]['csamScanningMode'],
                'antivirusScanningMode': state.data['upload_scanning'][zone_id]['antivirusScanningMode'],
            }
        )

    async def update_zone(self, state: State, request: Request) -> Response:
        body = await object_body(request)
        zone_id = body.get('shieldZoneId')
        if not is_int(zone_id):
            raise bad('shieldZoneId', 'is required and must be an integer')
        zone = self.zone_or_404(state, zone_id)
        changes = zone_changes(body.get('shieldZone'))
        zone.update(changes)
        if 'planType' in changes:
            zone['rateLimitRulesLimit'], zone['customWafRulesLimit'] = PLAN_LIMITS[zone['planType']][2:]
        return ok({'shieldZoneId': zone_id, 'shieldZone': copy.deepcopy(zone)})

    async def get_zone(self, state: State, request: Request) -> Response:
        return ok(copy.deepcopy(self.zone_or_404(state, request.path_params['zone_id'])))

    async def get_zone_by_pullzone(self, state: State, request: Request) -> Response:
        pullzone_id = request.path_params['pullzone_id']
        zone = zone_of_pullzone(state, pullzone_id)
        if zone is None:
            raise ApiError(
                404, f'No Shield Zone was found for Pull Zone {pullzone_id}.', 'shield_zone.not_found', 'pullZoneId'
            )
        return ok(copy.deepcopy(zone))

    async def list_zones(self, state: State, request: Request) -> Response:
        page = query_int(request, 'page', 1, 1, INT32_MAX)
        per_page = query_int(request, 'perPage', 10, 1, 1000)
        every = list(zones(state).values())
        start = (page - 1) * per_page
        total_pages = (len(every) + per_page - 1) // per_page
        return json_response(
            {
                'data': copy.deepcopy(every[start : start + per_page]),
                'page': {
                    'totalCount': len(every),
                    'totalPages': total_pages,
                    'currentPage': page,
                    'nextPage': page + 1 if page < total_pages else None,
                    'pageSize': per_page,
                },
            }
        )

    async def pullzone_mapping(self, state: State, request: Request) -> Response:
        return json_response(
            {
                'data': [
                    {'shieldZoneId': z['shieldZoneId'], 'pullZoneId': z['pullZoneId']} for z in zones(state).values()
                ]
            }
        )

    # ---- bot detection and upload scanning ----

    async def get_bot_detection(self, state: State, request: Request) -> Response:
        zone_id = self.zone_or_404(state, request.path_params['zone_id'])['shieldZoneId']
        return ok(copy.deepcopy(state.data['bot_detection'][zone_id]))

    async def update_bot_detection(self, state: State, request: Request) -> Response:
        zone_id = self.zone_or_404(state, request.path_params['zone_id'])['shieldZoneId']
        body = await object_body(
            request,
            {'shieldZoneId', 'executionMode', 'requestIntegrity', 'ipAddress', 'browserFingerprint'},
            'is not a field of a bot detection request',
        )
        current = copy.deepcopy(state.data['bot_detection'][zone_id])
        mode = enum_value(body, 'executionMode', 1)
        if mode is not None:
            current['executionMode'] = mode
        for part, allowed in (
            ('requestIntegrity', ('sensitivity',)),
            ('ipAddress', ('sensitivity',)),
            ('browserFingerprint', ('sensitivity', 'aggression', 'complexEnabled')),
        ):
            value = body.get(part)
            if value is None:
                continue
            if not isinstance(value, dict) or set(value) - set(allowed):
                raise bad(part, f"must be an object with {', '.join(allowed)}")
            for key, item in value.items():
                if item is None:
                    continue
                if key == 'complexEnabled':
                    if not isinstance(item, bool):
                        raise bad(f'{part}.{key}', 'must be a boolean')
                elif not is_int(item) or not (0 if key == 'sensitivity' else 1) <= item <= (
                    3 if key == 'sensitivity' else 4
                ):
                    raise bad(f'{part}.{key}', 'is out of range')
                current[part][key] = item
        state.data['bot_detection'][zone_id] = current
        return ok(copy.deepcopy(current))

    async def get_upload_scanning(self, state: State, request: Request) -> Response:
        zone_id = self.zone_or_404(state, request.path_params['zone_id'])['shieldZoneId']
        return ok(copy.deepcopy(state.data['upload_scanning'][zone_id]))

    async def update_upload_scanning(self, state: State, request: Request) -> Response:
        zone_id = self.zone_or_404(state, request.path_params['zone_id'])['shieldZoneId']
        body = await object_body(
            request,
            {'shieldZoneId', 'isEnabled', 'csamScanningMode', 'antivirusScanningMode'},
            'is not a field of an upload scanning request',
        )
        current = dict(state.data['upload_scanning'][zone_id])
        if body.get('isEnabled') is not None:
            if not isinstance(body['isEnabled'], bool):
                raise bad('isEnabled', 'must be a boolean')
            current['isEnabled'] = body['isEnabled']
        for field in ('csamScanningMode', 'antivirusScanningMode'):
            value = enum_value(body, field, 2)
            if value is not None:
                current[field] = value
        state.data['upload_scanning'][zone_id] = current
        return ok(dict(current))

    # ---- custom access lists ----

    async def overview(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request.path_params['zone_id'])
        custom = self.custom_lists(state, zone['shieldZoneId'])
        list_limit, entry_limit = self.limits(zone)
        return json_response(
            {
                'managedLists': [
                    {
                        'listId': list_id,
                        'configurationId': configuration_id,
                        'name': name,
                        'isEnabled': zone['planType'] >= plan,
                        'type': list_type,
                        'category': category,
                        'action': action,
                        'requiredPlan': plan,
                        'entryCount': count,
                        'updateFrequency': '1.00:00:00',
                        'lastUpdated': stamp(-1),
                    }
                    for list_id, configuration_id, name, list_type, category, action, plan, count in MANAGED_LISTS
                ],
                'customLists': [
                    {
                        'listId': record['id'],
                        'configurationId': record['configurationId'],
                        'name': record['name'],
                        'description': record['description'],
                        'isEnabled': record['isEnabled'],
                        'type': record['type'],
                        'category': 0,
                        'action': record['action'],
                        'requiredPlan': 0,
                        'entryCount': record['entryCount'],
                        'updateFrequency': None,
                        'lastUpdated': record['lastModified'],
                    }
                    for record in custom
                ],
                'customEntryCount': sum(record['entryCount'] for record in custom),
                'customEntryLimit': entry_limit,
                'customListCount': len(custom),
                'customListLimit': list_limit,
                'error': {'success': True, 'message': '', 'errorKey': ''},
            }
        )

    async def create_list(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request.path_params['zone_id'])
        body = await object_body(
            request, {'name', 'description', 'type', 'content', 'checksum'}, 'is not a field of a create request'
        )
        name = body.get('name')
        if not isinstance(name, str) or not name.strip():
            raise bad('name', 'is required')
        description = body.get('description')
        if description is not None and not isinstance(description, str):
            raise bad('description', 'must be a string')
        list_type = enum_value(body, 'type', LIST_TYPES)
        if list_type is None:
            raise bad('type', 'is required')
        list_limit = self.limits(zone)[0]
        if len(self.custom_lists(state, zone['shieldZoneId'])) >= list_limit:
            raise ApiError(
                400,
                f'The custom list limit of {list_limit} has been reached.',
                'access_list.list_limit_exceeded',
                'name',
            )
        content = body.get('content')
        self.check_content(state, zone, list_type, content, body.get('checksum'), 0)
        record = self.add_list(
            state, Ids(state), zone['shieldZoneId'], name, description or '', list_type, content, now()
        )
        return ok(self.list_view(record))

    async def get_list(self, state: State, request: Request) -> Response:
        return ok(
            self.list_view(self.list_or_404(state, request.path_params['zone_id'], request.path_params['list_id']))
        )

    async def update_list(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request.path_params['zone_id'])
        record = self.list_or_404(state, zone['shieldZoneId'], request.path_params['list_id'])
        body = await object_body(request, {'name', 'content', 'checksum'}, 'cannot be changed by this request')
        name = body.get('name')
        if name is not None and (not isinstance(name, str) or not name.strip()):
            raise bad('name', 'must be a non-empty string')
        content = body.get('content')
        if content is None and body.get('checksum') is not None:
            raise ApiError(400, 'A checksum was sent without content.', 'access_list.checksum_mismatch', 'checksum')
        if content is not None:
            entries = self.check_content(
                state, zone, record['type'], content, body.get('checksum'), record['entryCount']
            )
            record.update(content=content, checksum=checksum(content), entryCount=len(entries))
        if name is not None:
            record['name'] = name
        record['lastModified'] = now()
        return ok(self.list_view(record))

    async def delete_list(self, state: State, request: Request) -> Response:
        record = self.list_or_404(state, request.path_params['zone_id'], request.path_params['list_id'])
        del access_lists(state)[record['id']]
        return json_response(
            {'statusCode': 200, 'success': True, 'message': 'The Custom Access List was deleted.', 'errorKey': ''}
        )

    async def update_configuration(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request.path_params['zone_id'])
        configuration_id = request.path_params['configuration_id']
        record = next(
            (r for r in self.custom_lists(state, zone['shieldZoneId']) if r['configurationId'] == configuration_id),
            None,
        )
        if record is None:
            raise ApiError(
                404,
                f'Access List configuration {configuration_id} was not found.',
                'access_list.configuration_not_found',
                'id',
            )
        body = await object_body(request, {'isEnabled', 'action'}, 'is not a field of a configuration request')
        enabled = body.get('isEnabled')
        if enabled is not None and not isinstance(enabled, bool):
            raise bad('isEnabled', 'must be a boolean')
        action = enum_value(body, 'action', LIST_ACTIONS)
        if enabled is not None:
            record['isEnabled'] = enabled
        if action is not None:
            record['action'] = action
        return ok({'isEnabled': record['isEnabled'], 'action': record['action']})
