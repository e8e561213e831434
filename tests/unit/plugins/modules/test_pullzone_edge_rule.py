# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils._pullzones import PullZoneApi
from ansible_collections.edge.platform.plugins.modules import pullzone_edge_rule
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator

# Seeded pull zone 1001 (assets-000) has "Force SSL" and "Security headers on pages"; 1002 (media-001) a read-only
# rule of the service and a disabled redirect, "Old paths".
ZONE = 1001
SAVE = f'/pullzone/{ZONE}/edgerules/addOrUpdate'
HEADERS = 'Security headers on pages'
NEW = 'Block unwanted requests'
BLOCK = dict(
    description=NEW,
    action='block_request',
    trigger_matching='all',
    triggers=[
        {'type': 'request_header', 'parameter_1': 'User-Agent', 'patterns': ['*sqlmap*', '*nikto*']},
        {'type': 'remote_ip', 'match': 'none', 'patterns': ['192.0.2.0/24']},
    ],
)


def args(**extra: t.Any) -> dict[str, t.Any]:
    return {**COMMON_ARGS, 'pullzone_id': ZONE, **extra}


def rules(emulator: Emulator, zone_id: int = ZONE) -> list[dict[str, t.Any]]:
    return t.cast('list[dict[str, t.Any]]', emulator.item('pullzones', Id=zone_id)['EdgeRules'])


def rule(emulator: Emulator, description: str, zone_id: int = ZONE) -> dict[str, t.Any]:
    (found,) = [item for item in rules(emulator, zone_id) if item['Description'] == description]
    return found


def calls(emulator: Emulator) -> list[tuple[str, str]]:
    return [(call.method, call.path) for call in emulator.sent]


def test_adds_a_rule_enabled_with_what_is_given(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone_edge_rule.main, args(**BLOCK))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    assert calls(emulator) == [('GET', f'/pullzone/{ZONE}'), ('POST', SAVE)]
    assert emulator.sent[1].json == {
        'ActionType': 4,
        'ActionParameter1': None,
        'ActionParameter2': None,
        'ActionParameter3': None,
        'Triggers': [
            {
                'Type': 1,
                'PatternMatches': ['*sqlmap*', '*nikto*'],
                'PatternMatchingType': 0,
                'Parameter1': 'User-Agent',
            },
            {'Type': 5, 'PatternMatches': ['192.0.2.0/24'], 'PatternMatchingType': 2, 'Parameter1': None},
        ],
        'ExtraActions': [],
        'TriggerMatchingType': 1,
        'Description': NEW,
        'Enabled': True,
    }
    held = rule(emulator, NEW)
    assert outcome.result['edge_rule'] == held
    assert held['Guid'] and held['OrderIndex'] == 2 and held['Enabled'] is True
    assert outcome.result['pullzone_id'] == ZONE


def test_a_rerun_in_another_order_is_unchanged(emulator: Emulator, run_module: t.Any) -> None:
    first = run_module(pullzone_edge_rule.main, args(**BLOCK))
    emulator.forget_requests()
    reordered = dict(
        BLOCK,
        triggers=[
            {'type': 'remote_ip', 'match': 'none', 'patterns': ['192.0.2.0/24']},
            {'type': 'request_header', 'parameter_1': 'User-Agent', 'patterns': ['*nikto*', '*sqlmap*', '*nikto*']},
        ],
    )
    second = run_module(pullzone_edge_rule.main, {**args(), **reordered}, diff=True)
    assert second.result['changed'] is False
    assert calls(emulator) == [('GET', f'/pullzone/{ZONE}')]
    assert second.result['edge_rule'] == first.result['edge_rule']
    assert second.result['diff']['before'] == second.result['diff']['after']


def test_check_mode_predicts_the_add_and_writes_nothing(emulator: Emulator, run_module: t.Any) -> None:
    before = emulator.snapshot()
    predicted = run_module(pullzone_edge_rule.main, args(**BLOCK), check_mode=True, diff=True).result
    assert emulator.writes == [] and emulator.snapshot() == before
    assert predicted['changed'] is True
    assert predicted['diff'] == {
        'before': {},
        'after': {
            'description': NEW,
            'action': 'block_request',
            'action_parameter_1': None,
            'action_parameter_2': None,
            'action_parameter_3': None,
            'extra_actions': [],
            'triggers': [
                {
                    'type': 'request_header',
                    'patterns': ['*sqlmap*', '*nikto*'],
                    'match': 'any',
                    'parameter_1': 'User-Agent',
                },
                {'type': 'remote_ip', 'patterns': ['192.0.2.0/24'], 'match': 'none', 'parameter_1': None},
            ],
            'trigger_matching': 'all',
            'enabled': True,
        },
        'before_header': f'edge rule {NEW}',
        'after_header': 'create',
    }
    done = run_module(pullzone_edge_rule.main, args(**BLOCK), diff=True).result
    # The same, but for the guid and the place the service gives the new rule.
    assert predicted['edge_rule']['Guid'] is None and predicted['edge_rule']['OrderIndex'] is None
    service = {key: done['edge_rule'][key] for key in ('Guid', 'OrderIndex')}
    assert {**predicted, 'edge_rule': {**predicted['edge_rule'], **service}} == done


def test_an_update_of_one_field_replaces_the_rule_whole_with_its_guid(emulator: Emulator, run_module: t.Any) -> None:
    seeded = rule(emulator, HEADERS)
    outcome = run_module(
        pullzone_edge_rule.main, args(description=HEADERS, action_parameter_2='max-age=63072000'), diff=True
    )
    assert outcome.result['changed'] is True
    assert calls(emulator) == [('GET', f'/pullzone/{ZONE}'), ('POST', SAVE)]
    sent = emulator.sent[1].json
    # The whole rule, the one change in it; the order is the service's.
    assert sent == {key: value for key, value in seeded.items() if key not in ('OrderIndex', 'ReadOnly')} | {
        'ActionParameter2': 'max-age=63072000'
    }
    after = rule(emulator, HEADERS)
    assert after == {**seeded, 'ActionParameter2': 'max-age=63072000'}
    assert outcome.result['edge_rule'] == after
    diff = outcome.result['diff']
    # Only what changes; the rule's extra actions, the same before and after, are not in it.
    assert (diff['before'], diff['after']) == (
        {'action_parameter_2': 'max-age=31536000'},
        {'action_parameter_2': 'max-age=63072000'},
    )
    assert after['ExtraActions'] == seeded['ExtraActions'] != []
    assert diff['after_header'] == 'update (the rule is replaced whole and keeps its guid)'


def test_the_order_of_extra_actions_counts(emulator: Emulator, run_module: t.Any) -> None:
    extra = [
        {'action': 'set_response_header', 'action_parameter_1': 'X-Frame-Options', 'action_parameter_2': 'DENY'},
        {
            'action': 'set_response_header',
            'action_parameter_1': 'X-Content-Type-Options',
            'action_parameter_2': 'nosniff',
        },
    ]
    first = run_module(pullzone_edge_rule.main, args(description=HEADERS, extra_actions=extra))
    assert first.result['changed'] is True
    assert [item['ActionParameter1'] for item in rule(emulator, HEADERS)['ExtraActions']] == [
        'X-Frame-Options',
        'X-Content-Type-Options',
    ]
    assert (
        run_module(pullzone_edge_rule.main, args(description=HEADERS, extra_actions=extra)).result['changed'] is False
    )
    swapped = run_module(pullzone_edge_rule.main, args(description=HEADERS, extra_actions=extra[::-1]))
    assert swapped.result['changed'] is True


def test_enabled_alone_switches_the_rule(emulator: Emulator, run_module: t.Any) -> None:
    seeded = rule(emulator, 'Old paths', 1002)
    assert seeded['Enabled'] is False
    outcome = run_module(
        pullzone_edge_rule.main, args(pullzone_id=1002, description='Old paths', enabled=True), diff=True
    )
    assert outcome.result['changed'] is True
    guid = seeded['Guid']
    assert [(call.path, call.json) for call in emulator.writes] == [
        (f'/pullzone/1002/edgerules/{guid}/setEdgeRuleEnabled', {'Id': 1002, 'Value': True})
    ]
    assert rule(emulator, 'Old paths', 1002) == {**seeded, 'Enabled': True}
    assert outcome.result['edge_rule'] == {**seeded, 'Enabled': True}
    assert outcome.result['diff']['after_header'] == 'enable'
    assert (outcome.result['diff']['before']['enabled'], outcome.result['diff']['after']['enabled']) == (False, True)


def test_enabled_with_another_change_is_one_replacement(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        pullzone_edge_rule.main,
        args(pullzone_id=1002, description='Old paths', enabled=True, action_parameter_2='308'),
    )
    assert outcome.result['changed'] is True
    assert [call.path for call in emulator.writes] == ['/pullzone/1002/edgerules/addOrUpdate']
    held = rule(emulator, 'Old paths', 1002)
    assert held['Enabled'] is True and held['ActionParameter2'] == '308'


@pytest.mark.parametrize('check_mode', [False, True])
@pytest.mark.parametrize(
    'extra, verb', [(dict(enabled=False), 'change'), (dict(state='absent'), 'delete')], ids=['change', 'delete']
)
def test_a_read_only_rule_is_refused(
    emulator: Emulator, run_module: t.Any, check_mode: bool, extra: dict[str, t.Any], verb: str
) -> None:
    seeded = rule(emulator, 'Do not cache signed-in users', 1002)
    outcome = run_module(
        pullzone_edge_rule.main,
        args(pullzone_id=1002, description='Do not cache signed-in users', **extra),
        check_mode=check_mode,
    )
    assert outcome.failed
    assert outcome.result['msg'] == (
        f'{verb} edge rule "Do not cache signed-in users" of pull zone 1002 refused: the rule (guid '
        f"{seeded['Guid']}) is read-only, managed by the service, which refuses to change or delete it"
    )
    assert outcome.result['changed'] is False
    assert emulator.writes == []


def test_a_read_only_rule_as_wanted_is_fine(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        pullzone_edge_rule.main,
        args(pullzone_id=1002, description='Do not cache signed-in users', enabled=True, action='override_cache_time'),
    )
    assert not outcome.failed and outcome.result['changed'] is False


def test_two_rules_of_one_description_are_a_failure_naming_them(emulator: Emulator, run_module: t.Any) -> None:
    other = PullZoneApi(emulator.client()).save_edge_rule(ZONE, {'Description': 'Force SSL', 'ActionType': 0})
    emulator.forget_requests()
    first = rule(emulator, HEADERS)  # unrelated; the two "Force SSL" rules are these:
    guids = [item['Guid'] for item in rules(emulator) if item['Description'] == 'Force SSL']
    assert other['Guid'] in guids and first['Guid'] not in guids
    outcome = run_module(pullzone_edge_rule.main, args(description='Force SSL', enabled=False))
    assert outcome.failed
    assert outcome.result['msg'] == (
        f'find edge rule "Force SSL" of pull zone {ZONE} failed: 2 edge rules have this description (guids '
        f'{guids[0]}, {guids[1]}); give guid to pick one, or give them descriptions of their own'
    )
    assert emulator.writes == []
    # The guid picks one of them.
    by_guid = run_module(pullzone_edge_rule.main, args(guid=other['Guid'], state='absent'))
    assert by_guid.result['changed'] is True
    assert [item['Guid'] for item in rules(emulator) if item['Description'] == 'Force SSL'] == [guids[0]]


def test_a_guid_finds_the_rule_and_description_renames_it(emulator: Emulator, run_module: t.Any) -> None:
    seeded = rule(emulator, HEADERS)
    outcome = run_module(pullzone_edge_rule.main, args(guid=seeded['Guid'].upper(), description='Headers'))
    assert outcome.result['changed'] is True
    assert rule(emulator, 'Headers') == {**seeded, 'Description': 'Headers'}
    taken = run_module(pullzone_edge_rule.main, args(guid=seeded['Guid'], description='Force SSL'))
    assert taken.failed
    assert taken.result['msg'].startswith(f'describing edge rule {seeded["Guid"]} of pull zone {ZONE} as "Force SSL"')


def test_a_guid_the_zone_does_not_have(emulator: Emulator, run_module: t.Any) -> None:
    guid = '00000000-0000-0000-0000-000000000000'
    present = run_module(
        pullzone_edge_rule.main, args(guid=guid, **{k: v for k, v in BLOCK.items() if k != 'description'})
    )
    assert present.failed
    assert present.result['msg'].startswith(
        f'find edge rule {guid} of pull zone {ZONE} failed: the pull zone has no edge rule of this guid'
    )
    absent = run_module(pullzone_edge_rule.main, args(guid=guid, state='absent'))
    assert not absent.failed and absent.result['changed'] is False
    assert emulator.writes == []


def test_adding_needs_an_action_and_triggers(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone_edge_rule.main, args(description=NEW, enabled=True), check_mode=True)
    assert outcome.failed
    assert outcome.result['msg'] == f'adding edge rule "{NEW}" of pull zone {ZONE} needs action and triggers'
    assert emulator.writes == []


def test_delete_then_delete_again(emulator: Emulator, run_module: t.Any) -> None:
    seeded = rule(emulator, HEADERS)
    outcome = run_module(pullzone_edge_rule.main, args(description=HEADERS, state='absent'), diff=True)
    assert outcome.result['changed'] is True
    assert [(call.method, call.path) for call in emulator.writes] == [
        ('DELETE', f'/pullzone/{ZONE}/edgerules/{seeded["Guid"]}')
    ]
    assert outcome.result['edge_rule'] == {} and outcome.result['diff']['after'] == {}
    assert outcome.result['diff']['before']['description'] == HEADERS
    assert [item['Description'] for item in rules(emulator)] == ['Force SSL']
    emulator.forget_requests()
    again = run_module(pullzone_edge_rule.main, args(description=HEADERS, state='absent'))
    assert again.result['changed'] is False and emulator.writes == []


def test_the_zone_by_name(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        pullzone_edge_rule.main, dict(COMMON_ARGS, pullzone_name='assets-000', description='Force SSL', enabled=True)
    )
    assert outcome.result['changed'] is False and outcome.result['pullzone_id'] == ZONE
    assert [(call.path, call.params.get('search')) for call in emulator.sent] == [('/pullzone', 'assets-000')]


def test_an_add_whose_answer_was_lost_is_found_and_not_repeated(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='POST', path='/edgerules/addOrUpdate$', drop=True, after=True)
    outcome = run_module(pullzone_edge_rule.main, args(**BLOCK))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    assert [item['Description'] for item in rules(emulator)].count(NEW) == 1
    assert outcome.result['edge_rule'] == rule(emulator, NEW)
    assert [call.method for call in emulator.sent] == ['GET', 'POST', 'GET']  # sent once, then the zone read


@pytest.mark.parametrize('fault', [{'status': 500}, {'drop': True}], ids=['500', 'dropped'])
def test_an_add_that_failed_is_reported_and_a_rerun_adds_it_once(
    emulator: Emulator, run_module: t.Any, fault: dict[str, t.Any]
) -> None:
    emulator.add_fault(service='api', method='POST', path='/edgerules/addOrUpdate$', **fault)
    failed = run_module(pullzone_edge_rule.main, args(**BLOCK))
    assert failed.failed
    assert failed.result['msg'].startswith(f'add an edge rule to pull zone {ZONE} failed: ')
    assert failed.result['changed'] is True  # the server may have acted
    assert [call.method for call in emulator.sent].count('POST') == 1  # an add is never repeated
    rerun = run_module(pullzone_edge_rule.main, args(**BLOCK))
    assert rerun.result['changed'] is True
    assert [item['Description'] for item in rules(emulator)].count(NEW) == 1


def test_a_rate_limited_add_is_repeated(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='POST', path='/edgerules/addOrUpdate$', status=429, retry_after=2)
    outcome = run_module(pullzone_edge_rule.main, args(**BLOCK))
    assert not outcome.failed and emulator.slept == [2]
    assert [item['Description'] for item in rules(emulator)].count(NEW) == 1


def test_a_delete_whose_answer_was_lost_is_done(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='DELETE', path='/edgerules/', drop=True, after=True)
    outcome = run_module(pullzone_edge_rule.main, args(description=HEADERS, state='absent'))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    assert [call.status for call in emulator.writes] == [0, 404]


@pytest.mark.parametrize(
    'extra, words',
    [
        (dict(BLOCK, action='force_https'), 'value of action must be one of: force_ssl, redirect'),
        (dict(BLOCK, action='ForceSSL'), 'value of action must be one of'),
        (dict(BLOCK, triggers=[{'type': 'path', 'patterns': ['*']}]), 'value of type must be one of: url'),
        (dict(BLOCK, triggers=[{'type': 'url', 'patterns': ['*'], 'match': 'some'}]), 'value of match must be one of'),
        (dict(BLOCK, trigger_matching='either'), 'value of trigger_matching must be one of: any, all, none'),
        (dict(BLOCK, extra_actions=[{'action': 'teleport'}]), 'value of action must be one of'),
        (dict(BLOCK, triggers=[{'type': 'url', 'patterns': ['*', ' ']}]), 'triggers[0].patterns must not hold empty'),
        (dict(BLOCK, triggers=[{'type': 'url'}]), 'missing required arguments: patterns'),
        (dict(BLOCK, description='  '), "description '  ' is blank"),
        (dict(BLOCK, description='Force\u202eSSL'), 'control character U+202E'),
        (dict(guid='../1001', state='absent'), "guid '../1001' must be letters, digits"),
        (dict(state='absent'), 'one of the following is required: description, guid'),
    ],
)
def test_bad_input_is_refused_before_any_request(
    emulator: Emulator, run_module: t.Any, extra: dict[str, t.Any], words: str
) -> None:
    outcome = run_module(pullzone_edge_rule.main, args(**extra))
    assert outcome.failed
    assert words in outcome.result['msg'], outcome.result['msg']
    assert emulator.sent == []
