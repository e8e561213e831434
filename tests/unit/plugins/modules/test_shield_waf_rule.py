# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""shield_waf_rule against the emulator: found by name, added, changed in place, deleted; conditions compared as the
service applies them; refusals before any request or write; faults; forks of one controller taking turns."""

from __future__ import annotations

import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils import _locks
from ansible_collections.edge.platform.plugins.module_utils._shield_rules import CUSTOM_RULES, ShieldRuleApi
from ansible_collections.edge.platform.plugins.modules import shield_waf_rule
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator, FakeApi
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_shield_access_list_forks import run_at_once

# Seeded Shield zone 3001 (pull zone 1001, Advanced: 25 custom rules) has block-sqli (12001) and log-admin-probes
# (12002, with two chained conditions); zone 3002 (pull zone 1002, Basic: 5) has none.
ZONE = 3001
LIST = f'/shield/waf/custom-rules/{ZONE}'
NEW = 'block-scanners'
SCANNERS = dict(
    name=NEW,
    description='Scanners, by their user agent, on posts',
    action='block',
    severity='critical',
    conditions=[
        {
            'variables': ['request_headers:User-Agent'],
            'operator': 'rx',
            'value': '(?i)(sqlmap|nikto)',
            'transformations': ['url_decode', 'lowercase'],
        },
        {'variables': ['request_method'], 'operator': 'str_eq', 'value': 'POST'},
        {'variables': ['geo', 'remote_addr'], 'operator': 'within', 'value': 'DE AT', 'negated': True},
    ],
)
CONFIGURATION = {
    'actionType': 1,
    'variableTypes': {'REQUEST_HEADERS': 'User-Agent'},
    'operatorType': 14,
    'severityType': 2,
    'transformationTypes': [19, 8],
    'value': '(?i)(sqlmap|nikto)',
    'isNegated': False,
    'isRegexVariable': False,
    'chainedRuleConditions': [
        {
            'variableTypes': {'REQUEST_METHOD': ''},
            'operatorType': 15,
            'value': 'POST',
            'isNegated': False,
            'isRegexVariable': False,
        },
        {
            'variableTypes': {'GEO': '', 'REMOTE_ADDR': ''},
            'operatorType': 12,
            'value': 'DE AT',
            'isNegated': True,
            'isRegexVariable': False,
        },
    ],
}


def args(**extra: t.Any) -> dict[str, t.Any]:
    return {**COMMON_ARGS, 'shield_zone_id': ZONE, **extra}


def held(emulator: Emulator, zone_id: int = ZONE) -> list[dict[str, t.Any]]:
    return [rule for rule in emulator.snapshot()['waf_rules'] if rule['shieldZoneId'] == zone_id]


def named(emulator: Emulator, name: str, zone_id: int = ZONE) -> dict[str, t.Any]:
    (found,) = [rule for rule in held(emulator, zone_id) if rule['ruleName'] == name]
    return found


def calls(emulator: Emulator) -> list[tuple[str, str]]:
    return [(call.method, call.path) for call in emulator.sent]


@pytest.fixture(autouse=True)
def private_locks(tmp_path: t.Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lock files of this test's own, so that another run of the tests on the machine is not waited for."""
    monkeypatch.setattr(_locks, 'lock_directory', lambda: str(tmp_path / 'locks'))


def test_adds_a_rule_with_what_is_given(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(shield_waf_rule.main, args(**SCANNERS))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    # The rules, the zone (its plan's limit of rules), the add.
    assert calls(emulator) == [
        ('GET', LIST),
        ('GET', f'/shield/shield-zone/{ZONE}'),
        ('POST', '/shield/waf/custom-rule'),
    ]
    assert emulator.sent[0].params == {'page': '1', 'perPage': '1000'}
    assert emulator.sent[2].json == {
        'shieldZoneId': ZONE,
        'ruleName': NEW,
        'ruleDescription': SCANNERS['description'],
        'ruleConfiguration': CONFIGURATION,
    }
    rule = named(emulator, NEW)
    assert outcome.result['rule'] == rule and outcome.result['shield_zone_id'] == ZONE
    # The service keeps the chained conditions in its own order: the geo condition first.
    assert [list(item['variableTypes']) for item in rule['ruleConfiguration']['chainedRuleConditions']] == [
        ['GEO', 'REMOTE_ADDR'],
        ['REQUEST_METHOD'],
    ]


def test_a_rerun_in_another_order_reads_once_and_writes_nothing(emulator: Emulator, run_module: t.Any) -> None:
    first = run_module(shield_waf_rule.main, args(**SCANNERS))
    emulator.forget_requests()
    own, method, geo = SCANNERS['conditions']
    reordered = [own, {**geo, 'variables': ['remote_addr', 'geo', 'geo']}, method]
    again = run_module(shield_waf_rule.main, args(**{**SCANNERS, 'conditions': reordered}), diff=True)
    assert again.result['changed'] is False
    assert calls(emulator) == [('GET', LIST)]
    assert again.result['rule'] == first.result['rule']
    assert again.result['diff']['before'] == again.result['diff']['after']


def test_the_first_condition_and_its_transformations_keep_their_place(emulator: Emulator, run_module: t.Any) -> None:
    run_module(shield_waf_rule.main, args(**SCANNERS))
    own, method, geo = SCANNERS['conditions']
    # The rule's own condition is not one of the chained ones: another first condition is a change.
    swapped = run_module(shield_waf_rule.main, args(name=NEW, conditions=[method, {**own, 'transformations': []}, geo]))
    assert swapped.result['changed'] is True
    configuration = named(emulator, NEW)['ruleConfiguration']
    assert (configuration['variableTypes'], configuration['transformationTypes']) == ({'REQUEST_METHOD': ''}, [])
    # Transformations are applied in order: another order is a change too.
    run_module(shield_waf_rule.main, args(**SCANNERS))
    transformations = run_module(
        shield_waf_rule.main,
        args(name=NEW, conditions=[{**own, 'transformations': ['lowercase', 'url_decode']}, method, geo]),
    )
    assert transformations.result['changed'] is True
    assert named(emulator, NEW)['ruleConfiguration']['transformationTypes'] == [8, 19]


def test_a_seeded_rule_is_unchanged_whatever_order_its_chained_conditions_are_given_in(
    emulator: Emulator, run_module: t.Any
) -> None:
    seeded = named(emulator, 'log-admin-probes')
    outcome = run_module(
        shield_waf_rule.main,
        args(
            name='log-admin-probes',
            action='log',
            severity='warning',
            conditions=[
                {
                    'variables': ['request_uri'],
                    'operator': 'begins_with',
                    'value': '/wp-admin',
                    'transformations': ['lowercase'],
                },
                {'variables': ['request_method'], 'operator': 'str_eq', 'value': 'POST'},
                {'variables': ['request_headers:User-Agent'], 'operator': 'contains', 'value': 'curl'},
            ],
        ),
    )
    assert outcome.result['changed'] is False and emulator.writes == []
    assert outcome.result['rule'] == seeded


def test_check_mode_predicts_the_add_and_writes_nothing(emulator: Emulator, run_module: t.Any) -> None:
    before = emulator.snapshot()
    predicted = run_module(shield_waf_rule.main, args(**SCANNERS), check_mode=True, diff=True).result
    assert emulator.writes == [] and emulator.snapshot() == before
    assert predicted['changed'] is True
    assert predicted['diff'] == {
        'before': {},
        'after': {
            'name': NEW,
            'description': SCANNERS['description'],
            'action': 'block',
            'conditions': [
                {
                    'variables': ['request_headers:User-Agent'],
                    'operator': 'rx',
                    'value': '(?i)(sqlmap|nikto)',
                    'transformations': ['url_decode', 'lowercase'],
                    'negated': False,
                },
                {
                    'variables': ['geo', 'remote_addr'],
                    'operator': 'within',
                    'value': 'DE AT',
                    'transformations': [],
                    'negated': True,
                },
                {
                    'variables': ['request_method'],
                    'operator': 'str_eq',
                    'value': 'POST',
                    'transformations': [],
                    'negated': False,
                },
            ],
            'severity': 'critical',
        },
        'before_header': f'custom WAF rule {NEW}',
        'after_header': 'create',
    }
    assert predicted['rule'] == {
        'id': None,
        'shieldZoneId': ZONE,
        'userId': None,
        'ruleName': NEW,
        'ruleDescription': SCANNERS['description'],
        'ruleJson': None,
        'ruleConfiguration': CONFIGURATION,
    }
    done = run_module(shield_waf_rule.main, args(**SCANNERS), diff=True).result
    assert done['diff'] == predicted['diff']
    # The same but for what the service gives: the id, the user, its JSON and its order of the chained conditions.
    service = {key: done['rule'][key] for key in ('id', 'userId', 'ruleJson')}
    chained = done['rule']['ruleConfiguration']['chainedRuleConditions']
    assert {**predicted['rule'], **service} == {
        **done['rule'],
        'ruleConfiguration': {**done['rule']['ruleConfiguration'], 'chainedRuleConditions': chained[::-1]},
    }


def test_an_update_of_one_field_writes_the_rule_whole_in_place(emulator: Emulator, run_module: t.Any) -> None:
    seeded = named(emulator, 'block-sqli')
    outcome = run_module(shield_waf_rule.main, args(name='block-sqli', action='log'), diff=True)
    assert outcome.result['changed'] is True
    assert calls(emulator) == [('GET', LIST), ('PATCH', f'/shield/waf/custom-rule/{seeded["id"]}')]
    assert emulator.sent[1].json == {
        'ruleName': 'block-sqli',
        'ruleDescription': seeded['ruleDescription'],
        'ruleConfiguration': {**seeded['ruleConfiguration'], 'actionType': 2},
    }
    after = named(emulator, 'block-sqli')
    assert after['id'] == seeded['id'] and after['ruleConfiguration'] == {
        **seeded['ruleConfiguration'],
        'actionType': 2,
    }
    assert outcome.result['rule'] == after
    diff = outcome.result['diff']
    assert (diff['before'], diff['after']) == ({'action': 'block'}, {'action': 'log'})  # only what changes
    assert diff['before_header'] == 'custom WAF rule block-sqli'
    assert diff['after_header'] == 'update (the custom WAF rule keeps its id)'


def test_check_mode_predicts_an_update(emulator: Emulator, run_module: t.Any) -> None:
    predicted = run_module(
        shield_waf_rule.main, args(name='log-admin-probes', description='Admin posts'), check_mode=True
    ).result
    assert emulator.writes == []
    done = run_module(shield_waf_rule.main, args(name='log-admin-probes', description='Admin posts')).result
    assert predicted['changed'] is done['changed'] is True
    assert predicted['rule'] == {**done['rule'], 'ruleJson': None}


def test_the_description_empty_or_none_is_the_same(emulator: Emulator, run_module: t.Any) -> None:
    run_module(shield_waf_rule.main, args(**{**SCANNERS, 'description': ''}))
    assert named(emulator, NEW)['ruleDescription'] == ''
    emulator.forget_requests()
    again = run_module(shield_waf_rule.main, args(**{**SCANNERS, 'description': None}))
    assert again.result['changed'] is False and emulator.writes == []


def test_two_rules_of_one_name_are_a_failure_naming_both(emulator: Emulator, run_module: t.Any) -> None:
    api = ShieldRuleApi(emulator.client(), CUSTOM_RULES)
    first = named(emulator, 'block-sqli')
    second = api.create(ZONE, 'block-sqli', None, first['ruleConfiguration'], [first['id']])
    emulator.forget_requests()
    for extra in ({'action': 'log'}, {'state': 'absent'}):
        outcome = run_module(shield_waf_rule.main, args(name='block-sqli', **extra), check_mode=True)
        assert outcome.failed
        assert outcome.result['msg'] == (
            f'find custom WAF rule "block-sqli" of shield zone {ZONE} failed: 2 custom WAF rules have this name (ids '
            f'{first["id"]}, {second["id"]}); rename or delete all but one'
        )
    assert emulator.writes == []


def test_delete_then_delete_again(emulator: Emulator, run_module: t.Any) -> None:
    seeded = named(emulator, 'block-sqli')
    outcome = run_module(shield_waf_rule.main, args(name='block-sqli', state='absent'), diff=True)
    assert outcome.result['changed'] is True
    assert [(call.method, call.path) for call in emulator.writes] == [
        ('DELETE', f'/shield/waf/custom-rule/{seeded["id"]}')
    ]
    assert outcome.result['rule'] == {} and outcome.result['diff']['after'] == {}
    assert outcome.result['diff']['before']['name'] == 'block-sqli'
    assert [rule['ruleName'] for rule in held(emulator)] == ['log-admin-probes']
    emulator.forget_requests()
    again = run_module(shield_waf_rule.main, args(name='block-sqli', state='absent'))
    assert again.result['changed'] is False and emulator.writes == []


def test_the_zone_by_its_pull_zone(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        shield_waf_rule.main, dict(COMMON_ARGS, pullzone_name='assets-000', name='block-sqli', severity='critical')
    )
    assert outcome.result['changed'] is False and outcome.result['shield_zone_id'] == ZONE
    assert calls(emulator) == [('GET', '/pullzone'), ('GET', '/shield/shield-zone/get-by-pullzone/1001'), ('GET', LIST)]


def test_a_pull_zone_without_a_shield_zone(emulator: Emulator, run_module: t.Any) -> None:
    without = 1003  # index 2: no Shield zone
    present = run_module(shield_waf_rule.main, dict(COMMON_ARGS, pullzone_id=without, **SCANNERS))
    assert present.failed and present.result['failure']['error_key'] == 'shield_zone.not_found'
    assert 'has no shield zone' in present.result['msg']
    absent = run_module(shield_waf_rule.main, dict(COMMON_ARGS, pullzone_id=without, name=NEW, state='absent'))
    assert not absent.failed and absent.result == {'changed': False, 'rule': {}, 'shield_zone_id': None}
    assert emulator.writes == []


def test_an_unknown_shield_zone_fails_with_the_api_answer(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(shield_waf_rule.main, args(shield_zone_id=3999, name=NEW, state='absent'))
    assert outcome.failed
    assert outcome.result['msg'] == (
        'list the custom WAF rules of shield zone 3999 failed: HTTP 404 shield_zone.not_found: Shield Zone 3999 was '
        'not found.'
    )


@pytest.mark.parametrize('check_mode', [True, False])
def test_adding_needs_an_action_and_conditions(emulator: Emulator, run_module: t.Any, check_mode: bool) -> None:
    outcome = run_module(shield_waf_rule.main, args(name=NEW, severity='warning'), check_mode=check_mode)
    assert outcome.failed and outcome.result['changed'] is False
    assert outcome.result['msg'] == f'adding custom WAF rule "{NEW}" of shield zone {ZONE} needs action and conditions'
    assert emulator.writes == []


@pytest.mark.parametrize('check_mode', [True, False])
def test_a_zone_at_the_limit_of_its_plan_is_refused_before_any_write(
    emulator: Emulator, run_module: t.Any, check_mode: bool
) -> None:
    for number in range(5):  # Basic: 5 custom rules
        assert not run_module(
            shield_waf_rule.main, args(**{**SCANNERS, 'shield_zone_id': 3002, 'name': f'r{number}'})
        ).failed
    emulator.forget_requests()
    outcome = run_module(shield_waf_rule.main, args(**{**SCANNERS, 'shield_zone_id': 3002}), check_mode=check_mode)
    assert outcome.failed and emulator.writes == []
    assert outcome.result['msg'] == (
        'add a custom WAF rule to shield zone 3002 failed: the zone holds 5 custom WAF rules, the limit of its plan '
        '(customWafRulesLimit 5); delete one, or change the plan with edge.platform.shield_zone'
    )
    assert outcome.result['failure']['error_key'] == 'custom_waf_rule.limit_exceeded'
    # A rule already there can still be changed.
    assert run_module(shield_waf_rule.main, args(shield_zone_id=3002, name='r0', action='log')).result['changed']


def test_an_add_whose_answer_was_lost_is_found_and_not_repeated(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='POST', path='^/shield/waf/custom-rule$', drop=True, after=True)
    outcome = run_module(shield_waf_rule.main, args(**SCANNERS))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    assert [rule['ruleName'] for rule in held(emulator)].count(NEW) == 1
    assert outcome.result['rule'] == named(emulator, NEW)
    # Sent once, then the rules listed again.
    assert calls(emulator) == [
        ('GET', LIST),
        ('GET', f'/shield/shield-zone/{ZONE}'),
        ('POST', '/shield/waf/custom-rule'),
        ('GET', LIST),
    ]


@pytest.mark.parametrize('fault', [{'status': 500}, {'drop': True}], ids=['500', 'dropped'])
def test_an_add_that_failed_is_reported_and_a_rerun_adds_it_once(
    emulator: Emulator, run_module: t.Any, fault: dict[str, t.Any]
) -> None:
    emulator.add_fault(service='api', method='POST', path='^/shield/waf/custom-rule$', **fault)
    failed = run_module(shield_waf_rule.main, args(**SCANNERS))
    assert failed.failed
    assert failed.result['msg'].startswith(f'add custom WAF rule "{NEW}" to shield zone {ZONE} failed: ')
    assert failed.result['changed'] is True  # the server may have acted
    assert [call.method for call in emulator.sent].count('POST') == 1  # an add is never repeated
    rerun = run_module(shield_waf_rule.main, args(**SCANNERS))
    assert rerun.result['changed'] is True
    assert [rule['ruleName'] for rule in held(emulator)].count(NEW) == 1


def test_a_rate_limited_add_is_repeated(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='POST', path='^/shield/waf/custom-rule$', status=429, retry_after=2)
    outcome = run_module(shield_waf_rule.main, args(**SCANNERS))
    assert not outcome.failed and emulator.slept == [2]
    assert [rule['ruleName'] for rule in held(emulator)].count(NEW) == 1


def test_an_update_that_failed_is_repeated(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='PATCH', path='^/shield/waf/custom-rule/', status=502)
    outcome = run_module(shield_waf_rule.main, args(name='block-sqli', action='challenge'))
    assert not outcome.failed and outcome.result['changed'] is True
    assert [call.status for call in emulator.writes] == [502, 200]
    assert named(emulator, 'block-sqli')['ruleConfiguration']['actionType'] == 3


def test_a_delete_whose_answer_was_lost_is_done(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='DELETE', path='^/shield/waf/custom-rule/', drop=True, after=True)
    outcome = run_module(shield_waf_rule.main, args(name='block-sqli', state='absent'))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    assert [call.status for call in emulator.writes] == [0, 404]


def test_a_2xx_answer_whose_error_response_says_it_failed_is_a_failure(fake_api: FakeApi, run_module: t.Any) -> None:
    # The reference's CustomWafRule carries an errorResponse; the emulator never answers a failure with a 200.
    fake_api.add('GET', LIST, {'data': [], 'page': {'nextPage': None}})
    fake_api.add('GET', f'/shield/shield-zone/{ZONE}', {'data': {'shieldZoneId': ZONE, 'customWafRulesLimit': 25}})
    fake_api.add(
        'POST',
        '/shield/waf/custom-rule',
        {'id': 0, 'errorResponse': {'success': False, 'message': 'The rule is not valid.', 'errorKey': 'waf.invalid'}},
    )
    outcome = run_module(shield_waf_rule.main, args(**SCANNERS))
    assert outcome.failed
    assert outcome.result['msg'] == (
        f'add custom WAF rule "{NEW}" to shield zone {ZONE} failed: HTTP 200 waf.invalid: The rule is not valid.'
    )
    assert outcome.result['changed'] is False  # refused: nothing was saved


@pytest.mark.parametrize(
    'extra, words',
    [
        (dict(action='deny'), 'value of action must be one of: block, log, challenge, allow, bypass'),
        (dict(severity='high'), 'value of severity must be one of: notice, warning, critical'),
        (
            dict(conditions=[{'variables': ['REQUEST_URI'], 'operator': 'contains', 'value': 'x'}]),
            "conditions[0].variables: 'REQUEST_URI' is not a variable; the variables are request_uri, request_uri_raw",
        ),
        (
            dict(conditions=[{'variables': ['request_uri'], 'operator': 'BEGINSWITH', 'value': '/'}]),
            'value of operator must be one of: begins_with',
        ),
        (
            dict(conditions=[{'variables': ['args'], 'operator': 'rx', 'transformations': ['URLDECODE']}]),
            'value of transformations must be one or more of: cmd_line',
        ),
        (
            dict(
                conditions=[
                    {'variables': ['args'], 'operator': 'detect_xss'},
                    {'variables': ['args'], 'operator': 'rx', 'transformations': ['lowercase']},
                ]
            ),
            "conditions[1].transformations: only the first condition takes transformations",
        ),
        (
            dict(
                conditions=[{'variables': ['request_headers:Host', 'request_headers:Referer'], 'operator': 'contains'}]
            ),
            "conditions[0].variables names request_headers with two parts ('Host', 'Referer')",
        ),
        (dict(conditions=[{'variables': ['request_headers:'], 'operator': 'contains'}]), 'has no part after the colon'),
        (
            dict(conditions=[{'variables': [], 'operator': 'contains'}]),
            'conditions[0].variables must name at least one',
        ),
        (
            dict(conditions=[{'variables': ['args_combined_size'], 'operator': 'gt', 'value': 'big'}]),
            "conditions[0].value must be an integer for operator gt, got 'big'",
        ),
        (dict(conditions=[]), "conditions must hold at least one condition (the rule's own)"),
        (dict(conditions=[{'variables': ['args']}]), 'missing required arguments: operator'),
        (dict(name='  '), "name '  ' is blank"),
        (dict(name='block\x1b[0m'), 'control character U+001B'),
        (dict(pullzone_id=1001), 'mutually exclusive'),
        (dict(shield_zone_id=0), 'shield_zone_id must be a positive integer'),
    ],
)
def test_bad_input_is_refused_before_any_request(
    emulator: Emulator, run_module: t.Any, extra: dict[str, t.Any], words: str
) -> None:
    outcome = run_module(shield_waf_rule.main, args(**{**SCANNERS, **extra}))
    assert outcome.failed
    assert words in outcome.result['msg'], outcome.result['msg']
    assert emulator.sent == []


# ---- forks of one controller ----------------------------------------------------------------------------------


def test_ten_runs_adding_rules_to_one_zone_lose_none_and_add_none_twice(
    emulator: Emulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = dict(
        name='shared', action='log', conditions=[{'variables': ['request_uri'], 'operator': 'contains', 'value': '/x'}]
    )
    runs = [args(**{**shared, 'name': f'fork-{number}'}) if number % 2 else args(**shared) for number in range(20)]
    outcomes = run_at_once(emulator, monkeypatch, shield_waf_rule.main, runs)
    assert [outcome.failed for outcome in outcomes] == [False] * 20, [o.result.get('msg') for o in outcomes]
    names = [rule['ruleName'] for rule in held(emulator)]
    assert sorted(names) == sorted(
        ['block-sqli', 'log-admin-probes', 'shared', *(f'fork-{n}' for n in range(1, 20, 2))]
    )
    # Each own rule was added by its run; the shared one by one run, which the others found.
    assert sorted(outcome.result['changed'] for outcome in outcomes) == [False] * 9 + [True] * 11


def test_a_run_that_cannot_get_its_turn_fails_clearly_and_writes_nothing(
    emulator: Emulator, run_module: t.Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_locks, 'LOCK_WAIT', 0.2)
    with _locks.controller_lock('a test', 'https://api.edge.test', 'shield zone custom WAF rules', ZONE, timeout=1):
        outcome = run_module(shield_waf_rule.main, args(**SCANNERS))
    assert outcome.failed and outcome.result['changed'] is False
    assert outcome.result['msg'].startswith(
        'wait for the other runs on this controller that change the custom WAF rules of shield zone 3001 failed: '
        'another run has held the lock for more than'
    )
    assert emulator.writes == []
