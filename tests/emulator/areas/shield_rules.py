# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Shield custom WAF rules and rate limits area of the emulator.

GAPS "DNS, storage, Shield rules, audit log", with the reference's paths and schemas (``CustomWafRule``,
``CreateCustomWafRuleModel``, ``RateLimitRule``, ``CreateWafRateLimitRuleModel``, ``WafChainedRuleConditionItem``
and their enums):

- ``GET /shield/waf/custom-rules/{shieldZoneId}?page=&perPage=`` and ``GET /shield/rate-limits/{shieldZoneId}``:
  ``{data: [...], page: {totalCount, totalPages, currentPage, nextPage, pageSize}, error}``, in the order of the ids;
- ``POST /shield/waf/custom-rule`` and ``POST /shield/rate-limit`` ``{shieldZoneId, ruleName, ruleDescription,
  ruleConfiguration}``: the new rule, 200;
- ``GET|PUT|PATCH|DELETE /shield/waf/custom-rule/{id}`` and ``GET|PATCH|DELETE /shield/rate-limit/{id}``: PUT
  replaces the rule whole, PATCH sets what is not null (the fields of ``ruleConfiguration`` one by one); DELETE
  answers ``{statusCode, success, message, errorKey}``.

A rule is ``{id, shieldZoneId, userId, ruleName, ruleDescription, ruleJson, ruleConfiguration}``; its configuration
always holds every field of the reference's model (what a request leaves out takes the value of ``new_configuration``;
``ruleJson`` is that configuration as compact JSON). The configuration is checked as the reference types it: the
enums by their values, ``variableTypes`` an object of the reference's variable names (each the part of the request
it names, such as a header's name, or ``""``), a numeric operator's value an integer, the rate limit's timeframe and
block time among the reference's values; a field the reference's model does not have is refused. Chained conditions
are kept in the service's own order (sorted by their variables, operator and value), not the order sent. A zone
holds at most its plan's ``customWafRulesLimit`` rules and ``rateLimitRulesLimit`` rate limits. Names are not unique.

Errors are the Shield envelope (``{data: null, error: {success: false, message, errorKey}}``): 400
``validation_error`` (``<field>: <reason>``), 400 ``<kind>.limit_exceeded``, 404 ``shield_zone.not_found`` and
``<kind>.not_found``.

State (``state.data``): ``waf_rules`` and ``rate_limits`` (by id), ``shield_rule_ids`` (the next ids). The first
seeded Shield zone has two custom rules (one blocking, one that only logs, with chained conditions) and a rate limit.
"""

from __future__ import annotations

import copy
import json
import random
import typing as t
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import Response

from ..core import ApiError, Area, Endpoint, State, json_body, json_response, query_int
from .pullzones import ACCOUNT_USER_ID
from .shield import FIRST_ZONE_ID, INT32_MAX, bad, is_int, zones

# The reference's variable names (the properties of ``variableTypes``).
VARIABLES = (
    'REQUEST_URI',
    'REQUEST_URI_RAW',
    'ARGS',
    'ARGS_COMBINED_SIZE',
    'ARGS_GET',
    'ARGS_GET_NAMES',
    'ARGS_POST',
    'ARGS_POST_NAMES',
    'FILES_NAMES',
    'GEO',
    'REMOTE_ADDR',
    'QUERY_STRING',
    'REQUEST_BASENAME',
    'REQUEST_BODY',
    'REQUEST_COOKIES_NAMES',
    'REQUEST_COOKIES',
    'REQUEST_FILENAME',
    'REQUEST_HEADERS_NAMES',
    'REQUEST_HEADERS',
    'REQUEST_LINE',
    'REQUEST_METHOD',
    'REQUEST_PROTOCOL',
    'RESPONSE_BODY',
    'RESPONSE_HEADERS',
    'RESPONSE_STATUS',
    'FINGERPRINT',
    'VERIFIED_BOT_CATEGORY',
)
# WafRuleOperatorType: 0 BEGINSWITH … 18 DETECTXSS (10, 11, 13 and 16 are not values).
OPERATORS = frozenset((0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 14, 15, 17, 18))
# EQ, GE, GT, LE, LT compare numbers: their value is an integer.
NUMERIC_OPERATORS = frozenset((5, 6, 7, 8, 9))
SEVERITIES = frozenset((0, 1, 2))  # WafRuleSeverityType: NOTICE, WARNING, CRITICAL
TRANSFORMATIONS = frozenset(range(1, 22))  # WafRuleTransformationType: 1 CMDLINE … 21 UTF8TOUNICODE
COUNTER_KEYS = frozenset(range(8))  # WafRatelimitCounterKeyType: 0 IP … 7 IP_JA4
TIMEFRAMES = frozenset((1, 10, 60, 300, 900, 3600))  # WafRateLimitTimeframeType
BLOCK_TIMES = frozenset((30, 60, 300, 900, 1800, 3600))  # WafRatelimitBlockType
CONDITION_KEYS = ('variableTypes', 'operatorType', 'value', 'isNegated', 'isRegexVariable')
RULE_KEYS = ('ruleName', 'ruleDescription', 'ruleConfiguration')
FIRST_RULE_ID = 12001
FIRST_RATE_LIMIT_ID = 14001
PAGE_MAX = 1000


@dataclass(frozen=True)
class Kind:
    """Custom WAF rules or rate limits: where they are kept, what they are called, what their model adds."""

    store: str
    noun: str
    key: str
    actions: frozenset[int]
    limit_field: str
    rate_limit: bool

    @property
    def extra_keys(self) -> tuple[str, ...]:
        return ('requestCount', 'counterKeyType', 'timeframe', 'blockTime') if self.rate_limit else ()

    @property
    def configuration_keys(self) -> tuple[str, ...]:
        main = ('actionType', 'variableTypes', 'operatorType', 'severityType', 'transformationTypes', 'value')
        return (*main, 'isNegated', 'isRegexVariable', *self.extra_keys, 'chainedRuleConditions')


# WafRuleActionType 1 Block … 5 Bypass; RatelimitRuleActionType 1 RateLimit, 2 Log, 3 Challenge.
WAF_RULES = Kind(
    'waf_rules', 'Custom WAF Rule', 'custom_waf_rule', frozenset(range(1, 6)), 'customWafRulesLimit', False
)
RATE_LIMITS = Kind('rate_limits', 'Rate Limit', 'rate_limit', frozenset(range(1, 4)), 'rateLimitRulesLimit', True)


def rules(state: State, kind: Kind) -> dict[int, dict[str, t.Any]]:
    return t.cast(dict, state.data[kind.store])


# ---- configurations ---------------------------------------------------------------------------------------


def new_configuration(kind: Kind) -> dict[str, t.Any]:
    """What a new rule's configuration holds where the request is silent (None: it must be given)."""
    extra = {'requestCount': None, 'counterKeyType': 0, 'timeframe': None, 'blockTime': None}
    return {
        'actionType': None,
        'variableTypes': None,
        'operatorType': None,
        'severityType': 0,
        'transformationTypes': [],
        'value': '',
        'isNegated': False,
        'isRegexVariable': False,
        **(extra if kind.rate_limit else {}),
        'chainedRuleConditions': [],
    }


def one_of(field: str, value: t.Any, allowed: t.AbstractSet[int]) -> int:
    if not is_int(value) or value not in allowed:
        raise bad(field, f"must be one of {', '.join(map(str, sorted(allowed)))}, got {json.dumps(value)}")
    return t.cast(int, value)


def variables(field: str, value: t.Any) -> dict[str, str]:
    if not isinstance(value, dict) or not value:
        raise bad(field, 'must be an object naming at least one variable')
    unknown = sorted(set(value) - set(VARIABLES))
    if unknown:
        raise bad(f'{field}.{unknown[0]}', 'is not a variable of the reference')
    parts = {name: '' if part is None else part for name, part in value.items()}
    wrong = [name for name, part in parts.items() if not isinstance(part, str)]
    if wrong:
        raise bad(f'{field}.{wrong[0]}', 'must be a string (the part of the request, or "")')
    return parts


def text(field: str, value: t.Any) -> str:
    if not isinstance(value, str):
        raise bad(field, 'must be a string')
    return value


def flag(field: str, value: t.Any) -> bool:
    if not isinstance(value, bool):
        raise bad(field, 'must be a boolean')
    return value


def operator_value(field: str, operator: int, value: str) -> None:
    """A numeric operator compares with an integer."""
    if operator in NUMERIC_OPERATORS:
        try:
            int(value.strip())
        except ValueError:
            raise bad(field, f'must be an integer for operator {operator}, got {json.dumps(value)}') from None


def condition(field: str, item: t.Any) -> dict[str, t.Any]:
    """A chained condition (WafChainedRuleConditionItem), checked; what it leaves out as a new one has it."""
    if not isinstance(item, dict):
        raise bad(field, 'must be an object')
    unknown = sorted(set(item) - set(CONDITION_KEYS))
    if unknown:
        raise bad(f'{field}.{unknown[0]}', 'is not a field of a chained condition')
    if item.get('variableTypes') is None or item.get('operatorType') is None:
        raise bad(field, 'needs variableTypes and operatorType')
    checked = {
        'variableTypes': variables(f'{field}.variableTypes', item['variableTypes']),
        'operatorType': one_of(f'{field}.operatorType', item['operatorType'], OPERATORS),
        'value': text(f'{field}.value', item.get('value') if item.get('value') is not None else ''),
        'isNegated': flag(f'{field}.isNegated', item.get('isNegated') or False),
        'isRegexVariable': flag(f'{field}.isRegexVariable', item.get('isRegexVariable') or False),
    }
    operator_value(f'{field}.value', checked['operatorType'], checked['value'])
    return checked


def service_order(item: dict[str, t.Any]) -> tuple[t.Any, ...]:
    """How the service orders chained conditions: by their variables, operator and value (not as sent)."""
    return (sorted(item['variableTypes'].items()), item['operatorType'], item['value'], item['isNegated'])


def configuration(kind: Kind, body: t.Any, current: dict[str, t.Any] | None) -> dict[str, t.Any]:
    """The configuration a request makes: ``body`` (its non-null fields) laid over ``current``, or over a new one's
    (``current`` None), every field checked; 400 ``validation_error`` naming the first that is not right."""
    where = 'ruleConfiguration'
    if not isinstance(body, dict):
        raise bad(where, 'must be an object')
    allowed = kind.configuration_keys
    unknown = sorted(set(body) - set(allowed))
    if unknown:
        raise bad(f'{where}.{unknown[0]}', f'is not a field of a {kind.noun.lower()} configuration')
    merged = dict(current if current is not None else new_configuration(kind))
    merged.update({key: value for key, value in body.items() if value is not None})
    missing = [key for key in allowed if merged.get(key) is None]
    if missing:
        raise bad(f'{where}.{missing[0]}', 'is required')
    checked = {
        'actionType': one_of(f'{where}.actionType', merged['actionType'], kind.actions),
        'variableTypes': variables(f'{where}.variableTypes', merged['variableTypes']),
        'operatorType': one_of(f'{where}.operatorType', merged['operatorType'], OPERATORS),
        'severityType': one_of(f'{where}.severityType', merged['severityType'], SEVERITIES),
        'transformationTypes': merged['transformationTypes'],
        'value': text(f'{where}.value', merged['value']),
        'isNegated': flag(f'{where}.isNegated', merged['isNegated']),
        'isRegexVariable': flag(f'{where}.isRegexVariable', merged['isRegexVariable']),
    }
    transformations = checked['transformationTypes']
    if not isinstance(transformations, list):
        raise bad(f'{where}.transformationTypes', 'must be an array')
    for index, number in enumerate(transformations):
        one_of(f'{where}.transformationTypes[{index}]', number, TRANSFORMATIONS)
    operator_value(f'{where}.value', checked['operatorType'], checked['value'])
    if kind.rate_limit:
        count = merged['requestCount']
        if not is_int(count) or not 1 <= count <= INT32_MAX:
            raise bad(f'{where}.requestCount', f'must be an integer from 1 to {INT32_MAX}')
        checked['requestCount'] = count
        checked['counterKeyType'] = one_of(f'{where}.counterKeyType', merged['counterKeyType'], COUNTER_KEYS)
        checked['timeframe'] = one_of(f'{where}.timeframe', merged['timeframe'], TIMEFRAMES)
        checked['blockTime'] = one_of(f'{where}.blockTime', merged['blockTime'], BLOCK_TIMES)
    chained = merged['chainedRuleConditions']
    if not isinstance(chained, list):
        raise bad(f'{where}.chainedRuleConditions', 'must be an array')
    items = [condition(f'{where}.chainedRuleConditions[{index}]', item) for index, item in enumerate(chained)]
    checked['chainedRuleConditions'] = sorted(items, key=service_order)
    return checked


# ---- seeding ----------------------------------------------------------------------------------------------


def seeded_rules(zone_id: int) -> list[tuple[Kind, str, str, dict[str, t.Any]]]:
    """The rules of the first seeded Shield zone: (kind, name, description, configuration as a request sends it)."""
    return [
        (
            WAF_RULES,
            'block-sqli',
            'SQL injection in the query',
            {
                'actionType': 1,
                'variableTypes': {'ARGS': '', 'QUERY_STRING': ''},
                'operatorType': 17,
                'severityType': 2,
                'transformationTypes': [19, 8],
            },
        ),
        (
            WAF_RULES,
            'log-admin-probes',
            'Posts to the admin pages from scripts',
            {
                'actionType': 2,
                'variableTypes': {'REQUEST_URI': ''},
                'operatorType': 0,
                'severityType': 1,
                'transformationTypes': [8],
                'value': '/wp-admin',
                'chainedRuleConditions': [
                    {'variableTypes': {'REQUEST_METHOD': ''}, 'operatorType': 15, 'value': 'POST'},
                    {'variableTypes': {'REQUEST_HEADERS': 'User-Agent'}, 'operatorType': 2, 'value': 'curl'},
                ],
            },
        ),
        (
            RATE_LIMITS,
            'api-burst',
            'Requests to the API per address',
            {
                'actionType': 1,
                'variableTypes': {'REQUEST_URI': ''},
                'operatorType': 0,
                'value': '/api/',
                'requestCount': 100,
                'timeframe': 60,
                'blockTime': 300,
                'counterKeyType': 0,
            },
        ),
    ]


class ShieldRules(Area):
    name = 'shield_rules'
    endpoints = (
        Endpoint('api', 'GET', '/shield/waf/custom-rules/{zone_id:int}', 'list_waf_rules'),
        Endpoint('api', 'POST', '/shield/waf/custom-rule', 'create_waf_rule'),
        Endpoint('api', 'GET', '/shield/waf/custom-rule/{rule_id:int}', 'get_waf_rule'),
        Endpoint('api', 'PUT', '/shield/waf/custom-rule/{rule_id:int}', 'replace_waf_rule'),
        Endpoint('api', 'PATCH', '/shield/waf/custom-rule/{rule_id:int}', 'update_waf_rule'),
        Endpoint('api', 'DELETE', '/shield/waf/custom-rule/{rule_id:int}', 'delete_waf_rule'),
        Endpoint('api', 'GET', '/shield/rate-limits/{zone_id:int}', 'list_rate_limits'),
        Endpoint('api', 'POST', '/shield/rate-limit', 'create_rate_limit'),
        Endpoint('api', 'GET', '/shield/rate-limit/{rule_id:int}', 'get_rate_limit'),
        Endpoint('api', 'PATCH', '/shield/rate-limit/{rule_id:int}', 'update_rate_limit'),
        Endpoint('api', 'DELETE', '/shield/rate-limit/{rule_id:int}', 'delete_rate_limit'),
    )

    def seed(self, state: State, rng: random.Random) -> None:
        state.data['waf_rules'] = {}
        state.data['rate_limits'] = {}
        state.data['shield_rule_ids'] = {WAF_RULES.store: FIRST_RULE_ID, RATE_LIMITS.store: FIRST_RATE_LIMIT_ID}
        if FIRST_ZONE_ID not in zones(state):
            return
        for kind, name, description, body in seeded_rules(FIRST_ZONE_ID):
            self.add(state, kind, FIRST_ZONE_ID, name, description, configuration(kind, body, None))

    def snapshot(self, state: State) -> dict[str, list[t.Any]]:
        return {kind.store: copy.deepcopy(list(rules(state, kind).values())) for kind in (WAF_RULES, RATE_LIMITS)}

    @staticmethod
    def add(
        state: State, kind: Kind, zone_id: int, name: str, description: str, config: dict[str, t.Any]
    ) -> dict[str, t.Any]:
        counters = state.data['shield_rule_ids']
        rule_id = counters[kind.store]
        counters[kind.store] = rule_id + 1
        record = {
            'id': rule_id,
            'shieldZoneId': zone_id,
            'userId': ACCOUNT_USER_ID,
            'ruleName': name,
            'ruleDescription': description,
            'ruleJson': '',
            'ruleConfiguration': config,
        }
        ShieldRules.set_configuration(record, config)
        rules(state, kind)[rule_id] = record
        return record

    @staticmethod
    def set_configuration(record: dict[str, t.Any], config: dict[str, t.Any]) -> None:
        record['ruleConfiguration'] = config
        record['ruleJson'] = json.dumps(config, separators=(',', ':'))

    # ---- the requests of both kinds ----

    def zone_or_404(self, state: State, zone_id: t.Any) -> dict[str, t.Any]:
        zone = zones(state).get(zone_id) if is_int(zone_id) else None
        if zone is None:
            raise ApiError(404, f'Shield Zone {zone_id} was not found.', 'shield_zone.not_found', 'shieldZoneId')
        return t.cast(dict, zone)

    def rule_or_404(self, state: State, kind: Kind, rule_id: int) -> dict[str, t.Any]:
        record = rules(state, kind).get(rule_id)
        if record is None:
            raise ApiError(404, f'{kind.noun} {rule_id} was not found.', f'{kind.key}.not_found', 'id')
        return record

    async def body(self, request: Request, allowed: t.Sequence[str], kind: Kind) -> dict[str, t.Any]:
        body = await json_body(request)
        if not isinstance(body, dict):
            raise bad('body', 'must be a JSON object')
        unknown = sorted(set(body) - set(allowed))
        if unknown:
            raise bad(unknown[0], f'is not a field of this {kind.noun.lower()} request')
        return body

    @staticmethod
    def name_of(body: dict[str, t.Any], required: bool) -> str | None:
        name = body.get('ruleName')
        if name is None and not required:
            return None
        if not isinstance(name, str) or not name.strip():
            raise bad('ruleName', 'is required' if name is None else 'must be a non-empty string')
        return name

    @staticmethod
    def description_of(body: dict[str, t.Any]) -> str | None:
        description = body.get('ruleDescription')
        return None if description is None else text('ruleDescription', description)

    def listing(self, state: State, kind: Kind, request: Request) -> Response:
        zone_id = self.zone_or_404(state, request.path_params['zone_id'])['shieldZoneId']
        page = query_int(request, 'page', 1, 1, INT32_MAX)
        per_page = query_int(request, 'perPage', 10, 1, PAGE_MAX)
        every = [record for record in rules(state, kind).values() if record['shieldZoneId'] == zone_id]
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
                'error': {'statusCode': 200, 'success': True, 'message': '', 'errorKey': ''},
            }
        )

    async def create(self, state: State, kind: Kind, request: Request) -> Response:
        body = await self.body(request, ('shieldZoneId', *RULE_KEYS), kind)
        if body.get('shieldZoneId') is None:
            raise bad('shieldZoneId', 'is required')
        zone = self.zone_or_404(state, body['shieldZoneId'])
        name = t.cast(str, self.name_of(body, required=True))
        description = self.description_of(body) or ''
        if body.get('ruleConfiguration') is None:
            raise bad('ruleConfiguration', 'is required')
        config = configuration(kind, body['ruleConfiguration'], None)
        held = sum(1 for record in rules(state, kind).values() if record['shieldZoneId'] == zone['shieldZoneId'])
        limit = zone[kind.limit_field]
        if held >= limit:
            raise ApiError(
                400,
                f'The {kind.noun} limit of {limit} of this Shield Zone has been reached.',
                f'{kind.key}.limit_exceeded',
                'shieldZoneId',
            )
        record = self.add(state, kind, zone['shieldZoneId'], name, description, config)
        return json_response(copy.deepcopy(record))

    def read(self, state: State, kind: Kind, request: Request) -> Response:
        return json_response(copy.deepcopy(self.rule_or_404(state, kind, request.path_params['rule_id'])))

    async def change(self, state: State, kind: Kind, request: Request, whole: bool) -> Response:
        """PATCH (``whole`` false): what is not null changes, the configuration field by field; PUT: the rule is
        replaced whole, as a new one with its id."""
        record = self.rule_or_404(state, kind, request.path_params['rule_id'])
        body = await self.body(request, RULE_KEYS, kind)
        name = self.name_of(body, required=whole)
        description = self.description_of(body)
        given = body.get('ruleConfiguration')
        if whole and given is None:
            raise bad('ruleConfiguration', 'is required')
        config = (
            configuration(kind, given, None if whole else record['ruleConfiguration']) if given is not None else None
        )
        if name is not None:
            record['ruleName'] = name
        if description is not None or whole:
            record['ruleDescription'] = description or ''
        if config is not None:
            self.set_configuration(record, config)
        return json_response(copy.deepcopy(record))

    def delete(self, state: State, kind: Kind, request: Request) -> Response:
        record = self.rule_or_404(state, kind, request.path_params['rule_id'])
        del rules(state, kind)[record['id']]
        return json_response(
            {'statusCode': 200, 'success': True, 'message': f'The {kind.noun} was deleted.', 'errorKey': ''}
        )

    # ---- the route table's handlers ----

    async def list_waf_rules(self, state: State, request: Request) -> Response:
        return self.listing(state, WAF_RULES, request)

    async def create_waf_rule(self, state: State, request: Request) -> Response:
        return await self.create(state, WAF_RULES, request)

    async def get_waf_rule(self, state: State, request: Request) -> Response:
        return self.read(state, WAF_RULES, request)

    async def replace_waf_rule(self, state: State, request: Request) -> Response:
        return await self.change(state, WAF_RULES, request, whole=True)

    async def update_waf_rule(self, state: State, request: Request) -> Response:
        return await self.change(state, WAF_RULES, request, whole=False)

    async def delete_waf_rule(self, state: State, request: Request) -> Response:
        return self.delete(state, WAF_RULES, request)

    async def list_rate_limits(self, state: State, request: Request) -> Response:
        return self.listing(state, RATE_LIMITS, request)

    async def create_rate_limit(self, state: State, request: Request) -> Response:
        return await self.create(state, RATE_LIMITS, request)

    async def get_rate_limit(self, state: State, request: Request) -> Response:
        return self.read(state, RATE_LIMITS, request)

    async def update_rate_limit(self, state: State, request: Request) -> Response:
        return await self.change(state, RATE_LIMITS, request, whole=False)

    async def delete_rate_limit(self, state: State, request: Request) -> Response:
        return self.delete(state, RATE_LIMITS, request)
