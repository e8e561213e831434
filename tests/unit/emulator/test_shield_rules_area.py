# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's Shield custom WAF rules and rate limits (GAPS "DNS, storage, Shield rules, audit log" and the
reference's schemas), in-process."""

from __future__ import annotations

import json
import typing as t

import pytest
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.emulator.areas import AREAS
from ansible_collections.edge.platform.tests.emulator.areas.shield_rules import RATE_LIMITS, WAF_RULES, Kind
from ansible_collections.edge.platform.tests.emulator.core import State
from ansible_collections.edge.platform.tests.unit.helpers import EMULATOR_KEY as KEY

ZONE = 3001  # Advanced: 25 custom rules, 10 rate limits
BASIC_ZONE = 3002  # Basic: 5 custom rules, 2 rate limits
RULE = {
    'shieldZoneId': ZONE,
    'ruleName': 'block-scanners',
    'ruleDescription': 'Scanners by their user agent',
    'ruleConfiguration': {
        'actionType': 1,
        'variableTypes': {'REQUEST_HEADERS': 'User-Agent'},
        'operatorType': 2,
        'value': 'sqlmap',
        'transformationTypes': [8],
    },
}
LIMIT = {
    'shieldZoneId': ZONE,
    'ruleName': 'login',
    'ruleConfiguration': {
        'actionType': 2,
        'variableTypes': {'REQUEST_URI': ''},
        'operatorType': 0,
        'value': '/login',
        'requestCount': 10,
        'timeframe': 10,
        'blockTime': 60,
    },
}
PATHS = {
    'waf_rules': ('/shield/waf/custom-rules', '/shield/waf/custom-rule', RULE),
    'rate_limits': ('/shield/rate-limits', '/shield/rate-limit', LIMIT),
}


def error_of(response: t.Any, status: int) -> dict[str, t.Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert body['data'] is None and body['error']['success'] is False
    return t.cast('dict[str, t.Any]', body['error'])


def test_the_first_zone_is_seeded_with_two_rules_and_a_rate_limit(admin: TestClient) -> None:
    seen = admin.get('/state', params={'only': 'waf_rules,rate_limits'}).json()
    assert [(rule['shieldZoneId'], rule['ruleName']) for rule in seen['waf_rules']] == [
        (ZONE, 'block-sqli'),
        (ZONE, 'log-admin-probes'),
    ]
    assert [(limit['shieldZoneId'], limit['ruleName']) for limit in seen['rate_limits']] == [(ZONE, 'api-burst')]
    logging = seen['waf_rules'][1]['ruleConfiguration']
    assert logging['actionType'] == 2  # only logs: the audit's finding
    # Chained conditions in the service's order: by variable name, not as they were sent.
    assert [list(item['variableTypes']) for item in logging['chainedRuleConditions']] == [
        ['REQUEST_HEADERS'],
        ['REQUEST_METHOD'],
    ]
    for record in seen['waf_rules'] + seen['rate_limits']:
        assert set(record) == {
            'id',
            'shieldZoneId',
            'userId',
            'ruleName',
            'ruleDescription',
            'ruleJson',
            'ruleConfiguration',
        }
        assert json.loads(record['ruleJson']) == record['ruleConfiguration']


def test_the_seed_is_the_same_at_every_scale() -> None:
    small, big = (State(api_key=KEY, scale=n, areas=AREAS) for n in (6, 1000))
    for state in (small, big):
        state.reset()
    assert small.data['waf_rules'] == big.data['waf_rules'] and len(big.data['rate_limits']) == 1


@pytest.mark.parametrize('kind', ['waf_rules', 'rate_limits'])
def test_create_read_update_delete(api: TestClient, admin: TestClient, kind: str) -> None:
    listing, item, body = PATHS[kind]
    created = api.post(item, json=body)
    assert created.status_code == 200, created.text
    record = created.json()
    config = record['ruleConfiguration']
    # Every field of the model, what the request left out at the new rule's value.
    assert config['severityType'] == 0 and config['isNegated'] is False and config['chainedRuleConditions'] == []
    assert config.get('counterKeyType') == (0 if kind == 'rate_limits' else None)
    assert api.get(f'{item}/{record["id"]}').json() == record
    assert record in admin.get('/state', params={'only': kind}).json()[kind]
    page = api.get(f'{listing}/{ZONE}', params={'perPage': 1000}).json()
    assert page['data'][-1] == record and page['page']['nextPage'] is None and page['error']['success'] is True
    # PATCH: what is not null changes, the configuration field by field.
    patched = api.patch(f'{item}/{record["id"]}', json={'ruleConfiguration': {'actionType': 3}, 'ruleName': None})
    assert patched.status_code == 200, patched.text
    after = patched.json()
    assert after['ruleName'] == body['ruleName'] and after['ruleConfiguration'] == {**config, 'actionType': 3}
    assert json.loads(after['ruleJson']) == after['ruleConfiguration']
    deleted = api.delete(f'{item}/{record["id"]}')
    assert deleted.json() == {'statusCode': 200, 'success': True, 'message': deleted.json()['message'], 'errorKey': ''}
    assert error_of(api.get(f'{item}/{record["id"]}'), 404)['errorKey'].endswith('.not_found')
    assert error_of(api.delete(f'{item}/{record["id"]}'), 404)['errorKey'].endswith('.not_found')


def test_put_replaces_a_custom_rule_whole(api: TestClient) -> None:
    record = api.post('/shield/waf/custom-rule', json=RULE).json()
    replaced = api.put(
        f'/shield/waf/custom-rule/{record["id"]}',
        json={
            'ruleName': 'renamed',
            'ruleConfiguration': {'actionType': 2, 'variableTypes': {'ARGS': ''}, 'operatorType': 18},
        },
    ).json()
    assert replaced['id'] == record['id'] and replaced['ruleName'] == 'renamed' and replaced['ruleDescription'] == ''
    assert replaced['ruleConfiguration']['transformationTypes'] == [] and replaced['ruleConfiguration']['value'] == ''


def test_chained_conditions_take_the_service_order(api: TestClient) -> None:
    chained = [
        {'variableTypes': {'REQUEST_METHOD': ''}, 'operatorType': 15, 'value': 'POST'},
        {'variableTypes': {'GEO': ''}, 'operatorType': 12, 'value': 'RU CN', 'isNegated': True},
    ]
    body = {**RULE, 'ruleConfiguration': {**RULE['ruleConfiguration'], 'chainedRuleConditions': chained}}
    held = api.post('/shield/waf/custom-rule', json=body).json()['ruleConfiguration']['chainedRuleConditions']
    assert held == [
        {
            'variableTypes': {'GEO': ''},
            'operatorType': 12,
            'value': 'RU CN',
            'isNegated': True,
            'isRegexVariable': False,
        },
        {
            'variableTypes': {'REQUEST_METHOD': ''},
            'operatorType': 15,
            'value': 'POST',
            'isNegated': False,
            'isRegexVariable': False,
        },
    ]


DROP = None  # a field left out of the request


def changed(base: dict[str, t.Any], change: dict[str, t.Any], config: dict[str, t.Any]) -> dict[str, t.Any]:
    """``base`` with the top-level ``change`` and the configuration ``config`` (DROP leaves a field out)."""
    body = {**base, **change}
    body['ruleConfiguration'] = {**base['ruleConfiguration'], **config} if 'ruleConfiguration' not in change else None
    return {
        key: {name: item for name, item in value.items() if item is not DROP} if isinstance(value, dict) else value
        for key, value in body.items()
        if value is not DROP
    }


@pytest.mark.parametrize(
    'kind, change, config, field',
    [
        (WAF_RULES, {'ruleName': ' '}, {}, 'ruleName'),
        (WAF_RULES, {'ruleName': DROP}, {}, 'ruleName'),
        (WAF_RULES, {'shieldZoneId': DROP}, {}, 'shieldZoneId'),
        (WAF_RULES, {'priority': 1}, {}, 'priority'),
        (WAF_RULES, {'ruleConfiguration': DROP}, {}, 'ruleConfiguration'),
        (WAF_RULES, {}, {'actionType': 6}, 'ruleConfiguration.actionType'),
        (WAF_RULES, {}, {'actionType': DROP}, 'ruleConfiguration.actionType'),
        (WAF_RULES, {}, {'operatorType': 10}, 'ruleConfiguration.operatorType'),
        (WAF_RULES, {}, {'severityType': 3}, 'ruleConfiguration.severityType'),
        (WAF_RULES, {}, {'transformationTypes': [8, 22]}, 'ruleConfiguration.transformationTypes[1]'),
        (WAF_RULES, {}, {'variableTypes': {}}, 'ruleConfiguration.variableTypes'),
        (WAF_RULES, {}, {'variableTypes': {'HEADERS': ''}}, 'ruleConfiguration.variableTypes.HEADERS'),
        (WAF_RULES, {}, {'variableTypes': {'ARGS': 1}}, 'ruleConfiguration.variableTypes.ARGS'),
        (WAF_RULES, {}, {'operatorType': 6, 'value': 'ten'}, 'ruleConfiguration.value'),
        (WAF_RULES, {}, {'isNegated': 'yes'}, 'ruleConfiguration.isNegated'),
        (WAF_RULES, {}, {'requestCount': 5}, 'ruleConfiguration.requestCount'),
        (
            WAF_RULES,
            {},
            {'chainedRuleConditions': [{'variableTypes': {'ARGS': ''}}]},
            'ruleConfiguration.chainedRuleConditions[0]',
        ),
        (
            WAF_RULES,
            {},
            {'chainedRuleConditions': [{'variableTypes': {'ARGS': ''}, 'operatorType': 2, 'severityType': 1}]},
            'ruleConfiguration.chainedRuleConditions[0].severityType',
        ),
        (
            WAF_RULES,
            {},
            {'chainedRuleConditions': [{'variableTypes': {'ARGS': ''}, 'operatorType': 9, 'value': '1.5'}]},
            'ruleConfiguration.chainedRuleConditions[0].value',
        ),
        (RATE_LIMITS, {}, {'actionType': 4}, 'ruleConfiguration.actionType'),
        (RATE_LIMITS, {}, {'timeframe': 30}, 'ruleConfiguration.timeframe'),
        (RATE_LIMITS, {}, {'blockTime': 10}, 'ruleConfiguration.blockTime'),
        (RATE_LIMITS, {}, {'requestCount': 0}, 'ruleConfiguration.requestCount'),
        (RATE_LIMITS, {}, {'requestCount': DROP}, 'ruleConfiguration.requestCount'),
        (RATE_LIMITS, {}, {'counterKeyType': 8}, 'ruleConfiguration.counterKeyType'),
    ],
)
def test_a_bad_create_is_refused_naming_the_field(
    api: TestClient,
    admin: TestClient,
    kind: Kind,
    change: dict[str, t.Any],
    config: dict[str, t.Any],
    field: str,
) -> None:
    _listing, item, base = PATHS[kind.store]
    before = admin.get('/state', params={'only': kind.store}).json()
    error = error_of(api.post(item, json=changed(base, change, config)), 400)
    assert error['errorKey'] == 'validation_error'
    assert error['message'].startswith(f'{field}: '), error['message']
    assert admin.get('/state', params={'only': kind.store}).json() == before


def test_an_unknown_zone_is_404(api: TestClient) -> None:
    assert error_of(api.post('/shield/waf/custom-rule', json={**RULE, 'shieldZoneId': 99}), 404)['errorKey'] == (
        'shield_zone.not_found'
    )
    assert error_of(api.get('/shield/rate-limits/99'), 404)['errorKey'] == 'shield_zone.not_found'


@pytest.mark.parametrize('kind, limit', [(WAF_RULES, 5), (RATE_LIMITS, 2)])
def test_a_zone_holds_what_its_plan_allows(api: TestClient, kind: Kind, limit: int) -> None:
    _listing, item, base = PATHS[kind.store]
    for number in range(limit):
        assert api.post(item, json={**base, 'shieldZoneId': BASIC_ZONE, 'ruleName': f'r{number}'}).status_code == 200
    refused = error_of(api.post(item, json={**base, 'shieldZoneId': BASIC_ZONE, 'ruleName': 'one more'}), 400)
    assert refused['errorKey'] == f'{kind.key}.limit_exceeded' and str(limit) in refused['message']


def test_names_are_not_unique(api: TestClient) -> None:
    first = api.post('/shield/waf/custom-rule', json=RULE).json()
    second = api.post('/shield/waf/custom-rule', json=RULE).json()
    assert first['ruleName'] == second['ruleName'] and first['id'] != second['id']


def test_a_deleted_pull_zone_takes_its_rules(api: TestClient, admin: TestClient) -> None:
    assert api.delete('/pullzone/1001').status_code == 204
    seen = admin.get('/state', params={'only': 'waf_rules,rate_limits'}).json()
    assert seen == {'waf_rules': [], 'rate_limits': []}


def test_writes_are_in_the_audit_log(api: TestClient, admin: TestClient) -> None:
    record = api.post('/shield/rate-limit', json=LIMIT).json()
    api.delete(f'/shield/rate-limit/{record["id"]}')
    log = admin.get('/state', params={'only': 'audit_log'}).json()['audit_log']
    assert [(entry['ResourceType'], entry['ResourceId'], entry['Action']) for entry in log] == [
        ('RateLimit', str(record['id']), 'Create'),
        ('RateLimit', str(record['id']), 'Delete'),
    ]
