# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""shield_zone: find by pull zone, create or update with one PATCH, bot detection and upload scanning, check mode,
diff."""

from __future__ import annotations

import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import shield_zone
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator, FakeApi

OK = {'success': True, 'message': '', 'errorKey': ''}

# Shield zone 3001 of pull zone 1001 as every test starts from it (SETTINGS written over the emulator's seed);
# pull zone 1003 has no Shield zone.
ZONE = {
    'shieldZoneId': 3001,
    'pullZoneId': 1001,
    'premiumPlan': True,
    'planType': 1,
    'learningMode': False,
    'learningModeUntil': None,
    'wafEnabled': True,
    'wafExecutionMode': 0,
    'wafDisabledRules': ['920170', '911100'],
    'wafLogOnlyRules': [],
    'wafCustomRuleOrder': [7, 3],
    'wafRequestHeaderLoggingEnabled': True,
    'requestBodyLoggingEnabled': False,
    'wafRequestIgnoredHeaders': ['Cookie'],
    'wafRealtimeThreatIntelligenceEnabled': True,
    'wafProfileId': 1,
    'wafEngineConfig': [{'name': 'A', 'valueEncoded': '1'}, {'name': 'B', 'valueEncoded': '2'}],
    'wafRequestBodyLimitAction': 0,
    'wafResponseBodyLimitAction': 1,
    'rateLimitRulesLimit': 10,
    'customWafRulesLimit': 25,
    'dDoSShieldSensitivity': 2,
    'dDoSExecutionMode': 1,
    'dDoSChallengeWindow': 1800,
    'whitelabelResponsePages': False,
}
SETTINGS = {
    'wafExecutionMode': 0,
    'wafDisabledRules': ['920170', '911100'],
    'wafLogOnlyRules': [],
    'wafCustomRuleOrder': [7, 3],
    'wafEngineConfig': [{'name': 'A', 'valueEncoded': '1'}, {'name': 'B', 'valueEncoded': '2'}],
    'dDoSShieldSensitivity': 2,
}
BOT = {
    'requestIntegrity': {'sensitivity': 1},
    'ipAddress': {'sensitivity': 1},
    'browserFingerprint': {'sensitivity': 1, 'aggression': 1, 'complexEnabled': False},
    'executionMode': 0,
}
UPLOAD = {'isEnabled': True, 'csamScanningMode': 1, 'antivirusScanningMode': 0}


def stored_zone(emulator: Emulator, pullzone_id: int) -> dict[str, t.Any]:
    """The emulator's Shield zone of a pull zone, without its bot detection and upload scanning."""
    zone = emulator.item('shield_zones', pullZoneId=pullzone_id)
    return {key: value for key, value in zone.items() if key not in ('botDetection', 'uploadScanning')}


@pytest.fixture
def shield(emulator: Emulator) -> Emulator:
    """The emulator with zone 3001 set to ZONE, its upload scanning to UPLOAD; nothing recorded yet."""
    client = emulator.client()
    client.request(
        'PATCH',
        'shield/shield-zone',
        'set up zone 3001',
        json_body={'shieldZoneId': 3001, 'shieldZone': SETTINGS},
        idempotent=True,
    )
    client.request(
        'PATCH',
        'shield/shield-zone/3001/upload-scanning',
        'set up upload scanning of zone 3001',
        json_body={'shieldZoneId': 3001, **UPLOAD},
        idempotent=True,
    )
    assert stored_zone(emulator, 1001) == ZONE
    assert emulator.item('shield_zones', pullZoneId=1001)['botDetection'] == BOT
    emulator.forget_requests()
    return emulator


def args(**extra: t.Any) -> dict[str, t.Any]:
    return dict(COMMON_ARGS, **extra)


def test_unchanged_when_everything_matches_as_the_api_compares(shield: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        shield_zone.main,
        args(
            pullzone_id=1001,
            waf_enabled=True,
            waf_execution_mode='log',
            plan_type='advanced',
            waf_disabled_rules=['911100', '920170', '911100'],  # a set: order and duplicates ignored
            waf_request_ignored_headers=['Cookie'],
            waf_custom_rule_order=[7, 3],
            waf_engine_config=[{'name': 'B', 'value_encoded': '2'}, {'name': 'A', 'value_encoded': '1'}],
            waf_log_only_rules=[],
            ddos_shield_sensitivity='medium',
            ddos_challenge_window=1800,
        ),
        diff=True,
    )
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is False
    assert shield.writes == []
    assert [call.path for call in shield.sent] == ['/shield/shield-zone/get-by-pullzone/1001']
    assert outcome.result['shield_zone'] == ZONE
    assert outcome.result['diff']['before'] == outcome.result['diff']['after']


def test_update_sends_one_patch_with_only_what_differs(shield: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        shield_zone.main,
        args(
            pullzone_id=1001,
            waf_enabled=True,
            waf_execution_mode='block',
            waf_custom_rule_order=[3, 7],
            learning_mode=True,
            learning_mode_until='2026-12-01T02:00:00+02:00',
            ddos_shield_sensitivity='off',
        ),
        diff=True,
    )
    assert outcome.result['changed'] is True
    assert [(call.method, call.path) for call in shield.writes] == [('PATCH', '/shield/shield-zone')]
    assert shield.writes[0].json == {
        'shieldZoneId': 3001,
        'shieldZone': {
            'wafExecutionMode': 1,
            'wafCustomRuleOrder': [3, 7],
            'learningMode': True,
            'learningModeUntil': '2026-12-01T00:00:00Z',
            'dDoSShieldSensitivity': 0,
        },
    }
    diff = outcome.result['diff']
    # The diff speaks the user's terms: option names, and enum values by name.
    assert diff['before'] == {  # only what changes: waf_enabled, true before and after, is not in it
        'waf_execution_mode': 'log',
        'waf_custom_rule_order': [7, 3],
        'learning_mode': False,
        'learning_mode_until': None,
        'ddos_shield_sensitivity': 'medium',
    }
    assert diff['after'] == {
        'waf_execution_mode': 'block',
        'waf_custom_rule_order': [3, 7],
        'learning_mode': True,
        'learning_mode_until': '2026-12-01T00:00:00Z',
        'ddos_shield_sensitivity': 'off',
    }
    assert diff['after_header'] == 'update'
    assert outcome.result['shield_zone']['wafExecutionMode'] == 1
    assert stored_zone(shield, 1001) == dict(
        ZONE,
        wafExecutionMode=1,
        wafCustomRuleOrder=[3, 7],
        learningMode=True,
        learningModeUntil='2026-12-01T00:00:00Z',
        dDoSShieldSensitivity=0,
    )

    rerun = run_module(
        shield_zone.main,
        args(
            pullzone_id=1001,
            waf_execution_mode='block',
            waf_custom_rule_order=[3, 7],
            learning_mode=True,
            learning_mode_until='2026-12-01T00:00:00.000Z',
            ddos_shield_sensitivity='off',
        ),
    )
    assert rerun.result['changed'] is False
    assert len(shield.writes) == 1


def test_update_in_check_mode_predicts_and_sends_no_write(shield: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        shield_zone.main,
        args(pullzone_id=1001, waf_enabled=False, csam_scanning_mode='block'),
        check_mode=True,
        diff=True,
    )
    assert outcome.result['changed'] is True
    assert shield.writes == []
    assert outcome.result['shield_zone']['wafEnabled'] is False
    assert outcome.result['shield_zone']['uploadScanning']['csamScanningMode'] == 2
    assert outcome.result['diff']['before'] == {'waf_enabled': True, 'csam_scanning_mode': 'log'}
    assert outcome.result['diff']['after'] == {'waf_enabled': False, 'csam_scanning_mode': 'block'}
    assert stored_zone(shield, 1001) == ZONE


def test_create_when_the_pull_zone_has_none(shield: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        shield_zone.main,
        args(
            pullzone_id=1003,
            waf_execution_mode='block',
            bot_detection_execution_mode='challenge',
            csam_scanning_mode='log',
            bot_detection_ip_address_sensitivity='high',
            upload_scanning_enabled=True,
        ),
        diff=True,
    )
    assert outcome.result['changed'] is True
    created = shield.item('shield_zones', pullZoneId=1003)
    zone_id = created['shieldZoneId']
    writes = [(call.method, call.path) for call in shield.writes]
    assert writes == [
        ('POST', '/shield/shield-zone'),
        ('PATCH', f'/shield/shield-zone/{zone_id}/bot-detection'),
        ('PATCH', f'/shield/shield-zone/{zone_id}/upload-scanning'),
    ]
    assert shield.writes[0].json == {
        'pullZoneId': 1003,
        'shieldZone': {'wafExecutionMode': 1},
        'botDetectionExecutionMode': 1,
        'csamScanningMode': 1,
    }
    assert shield.writes[1].json == {'shieldZoneId': zone_id, 'ipAddress': {'sensitivity': 3}}
    assert shield.writes[2].json == {'shieldZoneId': zone_id, 'isEnabled': True}
    result = outcome.result['shield_zone']
    assert result['shieldZoneId'] == zone_id and result['pullZoneId'] == 1003
    assert result['botDetection']['executionMode'] == 1
    assert created['wafExecutionMode'] == 1
    assert created['botDetection']['executionMode'] == 1 and created['botDetection']['ipAddress'] == {'sensitivity': 3}
    assert created['uploadScanning'] == {'isEnabled': True, 'csamScanningMode': 1, 'antivirusScanningMode': 0}
    assert outcome.result['diff']['before'] == {}
    assert outcome.result['diff']['after']['waf_execution_mode'] == 'block'
    assert outcome.result['diff']['after_header'] == 'create'


def test_create_in_check_mode_reads_the_pull_zone_and_writes_nothing(shield: Emulator, run_module: t.Any) -> None:
    outcome = run_module(shield_zone.main, args(pullzone_id=1003, waf_enabled=True), check_mode=True)
    assert outcome.result['changed'] is True
    assert shield.writes == []
    assert [call.path for call in shield.sent] == ['/shield/shield-zone/get-by-pullzone/1003', '/pullzone/1003']
    assert outcome.result['shield_zone'] == {'pullZoneId': 1003, 'wafEnabled': True}
    assert all(zone['pullZoneId'] != 1003 for zone in shield.snapshot()['shield_zones'])


def test_a_missing_pull_zone_is_a_clear_failure(shield: Emulator, run_module: t.Any) -> None:
    outcome = run_module(shield_zone.main, args(pullzone_id=4242, waf_enabled=True))
    assert outcome.failed
    assert outcome.result['msg'] == 'find pull zone 4242 failed: no pull zone has id 4242'
    assert outcome.result['failure']['error_key'] == 'pullzone.not_found'
    assert [(call.path, call.status) for call in shield.sent][-1] == ('/pullzone/4242', 404)
    assert shield.writes == []


def test_pull_zone_by_name(shield: Emulator, run_module: t.Any) -> None:
    outcome = run_module(shield_zone.main, args(pullzone_name='assets-000', waf_enabled=True))
    assert outcome.result['changed'] is False
    assert outcome.result['shield_zone']['shieldZoneId'] == 3001
    assert shield.sent[0].path == '/pullzone'
    assert shield.sent[0].params['search'] == 'assets-000'
    assert shield.writes == []


def test_pull_zone_name_matching_none(shield: Emulator, run_module: t.Any) -> None:
    # The search finds pull zone assets-000, whose name is not exactly the one asked for.
    outcome = run_module(shield_zone.main, args(pullzone_name='assets', waf_enabled=True))
    assert outcome.failed
    assert 'find pull zone "assets" failed: no pull zone is named "assets"' in outcome.result['msg']
    assert shield.writes == []


def test_pull_zone_name_matching_several(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator's pull zones all have names of their own.
    items = [{'Id': 1, 'Name': 'assets'}, {'Id': 2, 'Name': 'assets'}]
    fake_api.add('GET', r'^/pullzone$', {'Items': items, 'CurrentPage': 1, 'TotalItems': 2, 'HasMoreItems': False})
    outcome = run_module(shield_zone.main, args(pullzone_name='assets', waf_enabled=True))
    assert outcome.failed
    assert '2 pull zones are (1, 2) named "assets"; give pullzone_id instead' in outcome.result['msg']
    assert fake_api.writes == []


def test_bot_detection_and_upload_scanning_through_their_endpoints(shield: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        shield_zone.main,
        args(
            pullzone_id=1001,
            bot_detection_execution_mode='challenge',
            bot_detection_browser_fingerprint_aggression='high',
            bot_detection_request_integrity_sensitivity='low',
            upload_scanning_enabled=False,
            antivirus_scanning_mode='disabled',
        ),
    )
    assert outcome.result['changed'] is True
    assert [(call.method, call.path, call.json) for call in shield.writes] == [
        (
            'PATCH',
            '/shield/shield-zone/3001/bot-detection',
            {'shieldZoneId': 3001, 'executionMode': 1, 'browserFingerprint': {'aggression': 3}},
        ),
        ('PATCH', '/shield/shield-zone/3001/upload-scanning', {'shieldZoneId': 3001, 'isEnabled': False}),
    ]
    assert outcome.result['shield_zone']['botDetection']['browserFingerprint'] == {
        'sensitivity': 1,
        'aggression': 3,
        'complexEnabled': False,
    }
    rerun = run_module(
        shield_zone.main,
        args(pullzone_id=1001, bot_detection_execution_mode='challenge', upload_scanning_enabled=False),
    )
    assert rerun.result['changed'] is False
    assert len(shield.writes) == 2


def test_bot_detection_is_not_read_unless_managed(shield: Emulator, run_module: t.Any) -> None:
    outcome = run_module(shield_zone.main, args(pullzone_id=1001, whitelabel_response_pages=False))
    assert outcome.result['changed'] is False
    assert 'botDetection' not in outcome.result['shield_zone']
    assert all('bot-detection' not in call.path and 'upload-scanning' not in call.path for call in shield.sent)


@pytest.mark.parametrize(
    'extra, message',
    [
        ({'learning_mode_until': 'next tuesday'}, "learning_mode_until: 'next tuesday' is not an ISO 8601 date-time"),
        ({'ddos_challenge_window': -1}, 'ddos_challenge_window must be between 0 and 2147483647, got -1'),
        ({'waf_profile_id': 2**31}, 'waf_profile_id must be between 0 and 2147483647'),
        ({'waf_custom_rule_order': [1, 2, 1]}, 'waf_custom_rule_order lists a rule more than once: [1]'),
        ({'waf_custom_rule_order': [0]}, 'waf_custom_rule_order holds ids that are not positive: [0]'),
        ({'waf_disabled_rules': ['911100', ' ']}, 'waf_disabled_rules must not hold empty strings'),
        (
            {'waf_engine_config': [{'name': 'A', 'value_encoded': '1'}, {'name': 'A', 'value_encoded': '2'}]},
            'names must be unique; repeated: A',
        ),
        ({'waf_execution_mode': 'deny'}, 'value of waf_execution_mode must be one of: log, block'),
    ],
)
def test_bad_input_is_refused_before_any_request(
    shield: Emulator, run_module: t.Any, extra: dict, message: str
) -> None:
    outcome = run_module(shield_zone.main, args(pullzone_id=1001, **extra))
    assert outcome.failed
    assert message in outcome.result['msg']
    assert shield.sent == []


@pytest.mark.parametrize(
    'extra, message',
    [
        ({}, 'one of the following is required: pullzone_id, pullzone_name'),
        ({'pullzone_id': 1, 'pullzone_name': 'a'}, 'mutually exclusive'),
        ({'pullzone_id': 0}, 'pullzone_id must be a positive integer, got 0'),
        ({'pullzone_name': ''}, 'pullzone_name must not be empty'),
        ({'pullzone_id': 1001, 'state': 'absent'}, 'Unsupported parameters'),
    ],
)
def test_the_pull_zone_is_required_once_and_there_is_no_state(
    emulator: Emulator, run_module: t.Any, extra: dict, message: str
) -> None:
    outcome = run_module(shield_zone.main, args(**extra))
    assert outcome.failed
    assert message in outcome.result['msg']
    assert emulator.sent == []


def test_api_errors_name_operation_status_and_key(shield: Emulator, run_module: t.Any) -> None:
    shield.add_fault(method='PATCH', path='^/shield/shield-zone$', status=400)
    outcome = run_module(shield_zone.main, args(pullzone_id=1001, waf_profile_id=99))
    assert outcome.failed
    assert outcome.result['msg'] == 'update shield zone 3001 failed: HTTP 400 invalid_request: The request is invalid.'
    assert outcome.result['failure'] == {
        'status': 400,
        'error_key': 'invalid_request',
        'message': 'The request is invalid.',
    }
    assert stored_zone(shield, 1001) == ZONE


def test_a_2xx_envelope_with_success_false_is_a_failure(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator never answers 2xx with success false.
    fake_api.add('GET', r'^/shield/shield-zone/get-by-pullzone/1001$', {'data': ZONE, 'error': OK})
    fake_api.add(
        'PATCH',
        r'^/shield/shield-zone$',
        {'data': None, 'error': {'success': False, 'message': 'plan too small', 'errorKey': 'plan'}},
    )
    outcome = run_module(shield_zone.main, args(pullzone_id=1001, waf_profile_id=99))
    assert outcome.failed
    assert outcome.result['msg'] == 'update shield zone 3001 failed: HTTP 200 plan: plan too small'


def test_a_server_error_on_lookup_is_never_taken_for_no_zone(shield: Emulator, run_module: t.Any) -> None:
    shield.add_fault(path='^/shield/shield-zone/get-by-pullzone/1001$', status=503, times=3)
    outcome = run_module(shield_zone.main, args(pullzone_id=1001, waf_enabled=True))
    assert outcome.failed
    assert 'read shield zone of pull zone 1001 failed: HTTP 503' in outcome.result['msg']
    assert [call.status for call in shield.sent] == [503, 503, 503]  # retried (api_retries 2), then reported
    assert shield.writes == []


def test_a_conflict_on_create_is_reported_and_not_repeated(shield: Emulator, run_module: t.Any) -> None:
    # The lookup misses the zone pull zone 1001 has, so the create meets the emulator's conflict.
    shield.add_fault(path='^/shield/shield-zone/get-by-pullzone/1001$', status=404)
    outcome = run_module(shield_zone.main, args(pullzone_id=1001, waf_enabled=True))
    assert outcome.failed
    assert outcome.result['msg'] == (
        'create shield zone for pull zone 1001 failed: HTTP 409 shield_zone.already_exists: '
        'Pull Zone 1001 already has a Shield Zone.'
    )
    assert [(call.method, call.status) for call in shield.writes] == [('POST', 409)]
    assert stored_zone(shield, 1001) == ZONE


def test_a_failed_create_is_not_retried_on_a_server_error(shield: Emulator, run_module: t.Any) -> None:
    shield.add_fault(method='POST', path='^/shield/shield-zone$', status=502, times=5)
    outcome = run_module(shield_zone.main, args(pullzone_id=1003))
    assert outcome.failed
    assert [(call.method, call.status) for call in shield.writes] == [('POST', 502)]
