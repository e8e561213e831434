# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""shield_rate_limit against the emulator: a rate limit tried in log first, then switched to blocking; what a new one
needs; the zone's limit; faults. What it shares with shield_waf_rule (the conditions, the lookup by name, the turns of
forks) is tested there."""

from __future__ import annotations

import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils import _locks
from ansible_collections.edge.platform.plugins.modules import shield_rate_limit
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator

# Seeded Shield zone 3001 (pull zone 1001, Advanced: 10 rate limits) has api-burst (14001); zone 3002 (Basic: 2) none.
ZONE = 3001
LIST = f'/shield/rate-limits/{ZONE}'
NEW = 'login-burst'
LOGIN = dict(
    name=NEW,
    description='Logins per address',
    conditions=[
        {'variables': ['request_uri'], 'operator': 'begins_with', 'value': '/login'},
        {'variables': ['request_method'], 'operator': 'str_eq', 'value': 'POST'},
    ],
    requests=10,
    timeframe=10,
    block_time=300,
    action='log',
)


def args(**extra: t.Any) -> dict[str, t.Any]:
    return {**COMMON_ARGS, 'shield_zone_id': ZONE, **extra}


def named(emulator: Emulator, name: str, zone_id: int = ZONE) -> dict[str, t.Any]:
    (found,) = [
        limit
        for limit in emulator.snapshot()['rate_limits']
        if limit['shieldZoneId'] == zone_id and limit['ruleName'] == name
    ]
    return found


@pytest.fixture(autouse=True)
def private_locks(tmp_path: t.Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_locks, 'lock_directory', lambda: str(tmp_path / 'locks'))


def test_tried_in_log_first_then_switched_to_blocking(emulator: Emulator, run_module: t.Any) -> None:
    predicted = run_module(shield_rate_limit.main, args(**LOGIN), check_mode=True, diff=True).result
    assert predicted['changed'] is True and emulator.writes == []
    created = run_module(shield_rate_limit.main, args(**LOGIN), diff=True).result
    assert [(call.method, call.path) for call in emulator.writes] == [('POST', '/shield/rate-limit')]
    assert emulator.writes[0].json == {
        'shieldZoneId': ZONE,
        'ruleName': NEW,
        'ruleDescription': 'Logins per address',
        'ruleConfiguration': {
            'actionType': 2,
            'variableTypes': {'REQUEST_URI': ''},
            'operatorType': 0,
            'severityType': 0,
            'transformationTypes': [],
            'value': '/login',
            'isNegated': False,
            'isRegexVariable': False,
            'requestCount': 10,
            'counterKeyType': 0,
            'timeframe': 10,
            'blockTime': 300,
            'chainedRuleConditions': [
                {
                    'variableTypes': {'REQUEST_METHOD': ''},
                    'operatorType': 15,
                    'value': 'POST',
                    'isNegated': False,
                    'isRegexVariable': False,
                }
            ],
        },
    }
    held = named(emulator, NEW)
    assert created['rate_limit'] == held and created['shield_zone_id'] == ZONE
    assert predicted['diff'] == created['diff']
    assert created['diff']['after'] == {
        'name': NEW,
        'description': 'Logins per address',
        'conditions': [
            {
                'variables': ['request_uri'],
                'operator': 'begins_with',
                'value': '/login',
                'transformations': [],
                'negated': False,
            },
            {
                'variables': ['request_method'],
                'operator': 'str_eq',
                'value': 'POST',
                'transformations': [],
                'negated': False,
            },
        ],
        'requests': 10,
        'timeframe': 10,
        'block_time': 300,
        'counter_key': 'ip',
        'action': 'log',
        'severity': 'notice',
    }
    assert {**predicted['rate_limit'], **{key: held[key] for key in ('id', 'userId', 'ruleJson')}} == held
    emulator.forget_requests()
    assert run_module(shield_rate_limit.main, args(**LOGIN)).result['changed'] is False
    assert emulator.writes == []
    blocking = run_module(shield_rate_limit.main, args(name=NEW, action='rate_limit'), diff=True).result
    assert blocking['changed'] is True
    assert [(call.method, call.path) for call in emulator.writes] == [('PATCH', f'/shield/rate-limit/{held["id"]}')]
    assert named(emulator, NEW) == {
        **held,
        'ruleJson': blocking['rate_limit']['ruleJson'],
        'ruleConfiguration': {**held['ruleConfiguration'], 'actionType': 1},
    }
    assert (blocking['diff']['before']['action'], blocking['diff']['after']['action']) == ('log', 'rate_limit')
    assert blocking['diff']['after_header'] == 'update (the rate limit keeps its id)'


def test_the_seeded_rate_limit_by_its_pull_zone(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        shield_rate_limit.main,
        dict(COMMON_ARGS, pullzone_id=1001, name='api-burst', requests=100, timeframe=60, counter_key='ip'),
    )
    assert outcome.result['changed'] is False and outcome.result['rate_limit'] == named(emulator, 'api-burst')
    changed = run_module(shield_rate_limit.main, dict(COMMON_ARGS, pullzone_id=1001, name='api-burst', requests=50))
    assert changed.result['changed'] is True
    assert named(emulator, 'api-burst')['ruleConfiguration']['requestCount'] == 50


@pytest.mark.parametrize('check_mode', [True, False])
def test_adding_needs_what_a_rate_limit_is(emulator: Emulator, run_module: t.Any, check_mode: bool) -> None:
    given = {key: value for key, value in LOGIN.items() if key not in ('timeframe', 'block_time')}
    outcome = run_module(shield_rate_limit.main, args(**given), check_mode=check_mode)
    assert outcome.failed and emulator.writes == []
    assert outcome.result['msg'] == f'adding rate limit "{NEW}" of shield zone {ZONE} needs timeframe and block_time'


def test_a_zone_at_the_limit_of_its_plan(emulator: Emulator, run_module: t.Any) -> None:
    for number in range(2):  # Basic: 2 rate limits
        assert not run_module(
            shield_rate_limit.main, args(**{**LOGIN, 'shield_zone_id': 3002, 'name': f'l{number}'})
        ).failed
    emulator.forget_requests()
    outcome = run_module(shield_rate_limit.main, args(**{**LOGIN, 'shield_zone_id': 3002}))
    assert outcome.failed and emulator.writes == []
    assert outcome.result['failure']['error_key'] == 'rate_limit.limit_exceeded'
    assert '(rateLimitRulesLimit 2)' in outcome.result['msg']


def test_an_add_whose_answer_was_lost_is_found_and_not_repeated(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='POST', path='^/shield/rate-limit$', drop=True, after=True)
    outcome = run_module(shield_rate_limit.main, args(**LOGIN))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True and outcome.result['rate_limit'] == named(emulator, NEW)
    assert [call.method for call in emulator.sent].count('POST') == 1


def test_delete_then_delete_again(emulator: Emulator, run_module: t.Any) -> None:
    seeded = named(emulator, 'api-burst')
    outcome = run_module(shield_rate_limit.main, args(name='api-burst', state='absent'))
    assert outcome.result == {'changed': True, 'rate_limit': {}, 'shield_zone_id': ZONE}
    assert [(call.method, call.path) for call in emulator.writes] == [('DELETE', f'/shield/rate-limit/{seeded["id"]}')]
    emulator.forget_requests()
    assert run_module(shield_rate_limit.main, args(name='api-burst', state='absent')).result['changed'] is False
    assert emulator.writes == []


@pytest.mark.parametrize(
    'extra, words',
    [
        (dict(timeframe=30), 'value of timeframe must be one of: 1, 10, 60, 300, 900, 3600, got: 30'),
        (dict(block_time=10), 'value of block_time must be one of: 30, 60, 300, 900, 1800, 3600, got: 10'),
        (dict(requests=0), 'requests must be from 1 to 2147483647, got 0'),
        (dict(requests=2**31), 'requests must be from 1 to 2147483647'),
        (dict(action='block'), 'value of action must be one of: rate_limit, log, challenge'),
        (dict(counter_key='IP'), 'value of counter_key must be one of: ip, host, country'),
        (
            dict(conditions=[{'variables': ['request_uri', 'request_uri:/x'], 'operator': 'contains'}]),
            'conditions[0].variables names request_uri with two parts',
        ),
    ],
)
def test_bad_input_is_refused_before_any_request(
    emulator: Emulator, run_module: t.Any, extra: dict[str, t.Any], words: str
) -> None:
    outcome = run_module(shield_rate_limit.main, args(**{**LOGIN, **extra}))
    assert outcome.failed
    assert words in outcome.result['msg'], outcome.result['msg']
    assert emulator.sent == []
