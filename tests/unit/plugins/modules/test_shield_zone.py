# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""shield_zone: find by pull zone, create or update with one PATCH, bot detection and upload scanning, check mode,
diff."""

from __future__ import annotations

import copy
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import shield_zone
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, FakeApi, FakeResponse

OK = {'success': True, 'message': '', 'errorKey': ''}


def envelope(data: t.Any) -> dict[str, t.Any]:
    return {'data': data, 'error': OK}


def failure(status: int, key: str, message: str) -> FakeResponse:
    return FakeResponse(status, {'data': None, 'error': {'success': False, 'message': message, 'errorKey': key}})


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
BOT = {
    'shieldZoneId': 3001,
    'requestIntegrity': {'sensitivity': 1},
    'ipAddress': {'sensitivity': 1},
    'browserFingerprint': {'sensitivity': 1, 'aggression': 1, 'complexEnabled': False},
    'executionMode': 0,
}
UPLOAD = {'shieldZoneId': 3001, 'isEnabled': True, 'csamScanningMode': 1, 'antivirusScanningMode': 0}


def zone_of(call: t.Any) -> int:
    return int(call.path.split('/')[3])


class FakeShield:
    """A Shield zone store behind the fake API: pull zone 1001 has zone 3001, pull zone 1003 has none."""

    def __init__(self, api: FakeApi) -> None:
        self.zones = {1001: copy.deepcopy(ZONE)}
        self.bot = {3001: copy.deepcopy(BOT)}
        self.upload = {3001: copy.deepcopy(UPLOAD)}
        # Routes added later are matched first.
        missing = {'ErrorKey': 'pullzone.not_found', 'Field': 'id', 'Message': 'The requested Pull Zone was not found'}
        api.add('GET', r'^/pullzone/\d+$', FakeResponse(404, missing))
        api.add('GET', r'^/pullzone/(1001|1003)$', lambda call: {'Id': int(call.path.rsplit('/', 1)[1]), 'Name': 'x'})
        api.add('GET', r'^/shield/shield-zone/get-by-pullzone/\d+$', self.get_by_pullzone)
        api.add('POST', r'^/shield/shield-zone$', self.create)
        api.add('PATCH', r'^/shield/shield-zone$', self.update)
        api.add('GET', r'^/shield/shield-zone/\d+/bot-detection$', lambda call: envelope(self.bot[zone_of(call)]))
        api.add('PATCH', r'^/shield/shield-zone/\d+/bot-detection$', self.patch_bot)
        api.add('GET', r'^/shield/shield-zone/\d+/upload-scanning$', lambda call: envelope(self.upload[zone_of(call)]))
        api.add('PATCH', r'^/shield/shield-zone/\d+/upload-scanning$', self.patch_upload)

    def get_by_pullzone(self, call: t.Any) -> t.Any:
        zone = self.zones.get(int(call.path.rsplit('/', 1)[1]))
        return envelope(zone) if zone else failure(404, 'shield_zone.not_found', 'none')

    def create(self, call: t.Any) -> t.Any:
        body = call.json
        if body['pullZoneId'] in self.zones:
            return failure(409, 'shield_zone.already_exists', 'Pull Zone already has a Shield Zone.')
        zone = dict(ZONE, shieldZoneId=3009, pullZoneId=body['pullZoneId'], **body['shieldZone'])
        self.zones[body['pullZoneId']] = zone
        self.bot[3009] = dict(
            copy.deepcopy(BOT), shieldZoneId=3009, executionMode=body.get('botDetectionExecutionMode', 0)
        )
        self.upload[3009] = dict(UPLOAD, shieldZoneId=3009, csamScanningMode=body.get('csamScanningMode', 0))
        return envelope(
            {
                'pullZoneId': body['pullZoneId'],
                'shieldZone': zone,
                'accessLists': {},
                'botDetectionExecutionMode': body.get('botDetectionExecutionMode', 0),
                'csamScanningMode': body.get('csamScanningMode', 0),
                'antivirusScanningMode': 0,
            }
        )

    def update(self, call: t.Any) -> t.Any:
        zone = next(z for z in self.zones.values() if z['shieldZoneId'] == call.json['shieldZoneId'])
        zone.update(call.json['shieldZone'])
        return envelope({'shieldZoneId': zone['shieldZoneId'], 'shieldZone': zone})

    def patch_bot(self, call: t.Any) -> t.Any:
        current = self.bot[zone_of(call)]
        for key, value in call.json.items():
            if isinstance(value, dict):
                current[key].update(value)
            elif key != 'shieldZoneId':
                current[key] = value
        return envelope(current)

    def patch_upload(self, call: t.Any) -> t.Any:
        self.upload[zone_of(call)].update({k: v for k, v in call.json.items() if k != 'shieldZoneId'})
        return envelope(self.upload[zone_of(call)])


@pytest.fixture
def shield(fake_api: FakeApi) -> FakeShield:
    return FakeShield(fake_api)


def args(**extra: t.Any) -> dict[str, t.Any]:
    return dict(COMMON_ARGS, **extra)


def test_unchanged_when_everything_matches_as_the_api_compares(
    fake_api: FakeApi, shield: FakeShield, run_module: t.Any
) -> None:
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
    assert fake_api.writes == []
    assert [call.path for call in fake_api.calls] == ['/shield/shield-zone/get-by-pullzone/1001']
    assert outcome.result['shield_zone'] == ZONE
    assert outcome.result['diff']['before'] == outcome.result['diff']['after']


def test_update_sends_one_patch_with_only_what_differs(
    fake_api: FakeApi, shield: FakeShield, run_module: t.Any
) -> None:
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
    assert [(call.method, call.path) for call in fake_api.writes] == [('PATCH', '/shield/shield-zone')]
    assert fake_api.writes[0].json == {
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
    assert diff['before'] == {
        'waf_enabled': True,
        'waf_execution_mode': 'log',
        'waf_custom_rule_order': [7, 3],
        'learning_mode': False,
        'learning_mode_until': None,
        'ddos_shield_sensitivity': 'medium',
    }
    assert diff['after'] == {
        'waf_enabled': True,
        'waf_execution_mode': 'block',
        'waf_custom_rule_order': [3, 7],
        'learning_mode': True,
        'learning_mode_until': '2026-12-01T00:00:00Z',
        'ddos_shield_sensitivity': 'off',
    }
    assert diff['after_header'] == 'update'
    assert outcome.result['shield_zone']['wafExecutionMode'] == 1

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
    assert len(fake_api.writes) == 1


def test_update_in_check_mode_predicts_and_sends_no_write(
    fake_api: FakeApi, shield: FakeShield, run_module: t.Any
) -> None:
    outcome = run_module(
        shield_zone.main,
        args(pullzone_id=1001, waf_enabled=False, csam_scanning_mode='block'),
        check_mode=True,
        diff=True,
    )
    assert outcome.result['changed'] is True
    assert fake_api.writes == []
    assert outcome.result['shield_zone']['wafEnabled'] is False
    assert outcome.result['shield_zone']['uploadScanning']['csamScanningMode'] == 2
    assert outcome.result['diff']['before'] == {'waf_enabled': True, 'csam_scanning_mode': 'log'}
    assert outcome.result['diff']['after'] == {'waf_enabled': False, 'csam_scanning_mode': 'block'}


def test_create_when_the_pull_zone_has_none(fake_api: FakeApi, shield: FakeShield, run_module: t.Any) -> None:
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
    writes = [(call.method, call.path) for call in fake_api.writes]
    assert writes == [
        ('POST', '/shield/shield-zone'),
        ('PATCH', '/shield/shield-zone/3009/bot-detection'),
        ('PATCH', '/shield/shield-zone/3009/upload-scanning'),
    ]
    assert fake_api.writes[0].json == {
        'pullZoneId': 1003,
        'shieldZone': {'wafExecutionMode': 1},
        'botDetectionExecutionMode': 1,
        'csamScanningMode': 1,
    }
    assert fake_api.writes[1].json == {'shieldZoneId': 3009, 'ipAddress': {'sensitivity': 3}}
    assert fake_api.writes[2].json == {'shieldZoneId': 3009, 'isEnabled': True}
    result = outcome.result['shield_zone']
    assert result['shieldZoneId'] == 3009 and result['pullZoneId'] == 1003
    assert result['botDetection']['executionMode'] == 1
    assert outcome.result['diff']['before'] == {}
    assert outcome.result['diff']['after']['waf_execution_mode'] == 'block'
    assert outcome.result['diff']['after_header'] == 'create'


def test_create_in_check_mode_reads_the_pull_zone_and_writes_nothing(
    fake_api: FakeApi, shield: FakeShield, run_module: t.Any
) -> None:
    outcome = run_module(shield_zone.main, args(pullzone_id=1003, waf_enabled=True), check_mode=True)
    assert outcome.result['changed'] is True
    assert fake_api.writes == []
    assert [call.path for call in fake_api.calls] == ['/shield/shield-zone/get-by-pullzone/1003', '/pullzone/1003']
    assert outcome.result['shield_zone'] == {'pullZoneId': 1003, 'wafEnabled': True}


def test_a_missing_pull_zone_is_a_clear_failure(fake_api: FakeApi, shield: FakeShield, run_module: t.Any) -> None:
    outcome = run_module(shield_zone.main, args(pullzone_id=4242, waf_enabled=True))
    assert outcome.failed
    assert (
        outcome.result['msg']
        == 'read pull zone 4242 failed: HTTP 404 pullzone.not_found: The requested Pull Zone was not found'
    )
    assert fake_api.writes == []


def test_pull_zone_by_name(fake_api: FakeApi, shield: FakeShield, run_module: t.Any) -> None:
    fake_api.add(
        'GET',
        r'^/pullzone$',
        {
            'Items': [{'Id': 1001, 'Name': 'assets'}, {'Id': 1002, 'Name': 'assets-2'}],
            'CurrentPage': 1,
            'TotalItems': 2,
            'HasMoreItems': False,
        },
    )
    outcome = run_module(shield_zone.main, args(pullzone_name='assets', waf_enabled=True))
    assert outcome.result['changed'] is False
    assert outcome.result['shield_zone']['shieldZoneId'] == 3001
    assert fake_api.calls[0].params['search'] == 'assets'


@pytest.mark.parametrize(
    'items, message',
    [
        ([], 'find pull zone "assets" failed: no pull zone is named "assets"'),
        (
            [{'Id': 1, 'Name': 'assets'}, {'Id': 2, 'Name': 'assets'}],
            '2 pull zones are (1, 2) named "assets"; give pullzone_id instead',
        ),
    ],
)
def test_pull_zone_name_matching_none_or_several(
    fake_api: FakeApi, shield: FakeShield, run_module: t.Any, items: list, message: str
) -> None:
    fake_api.add(
        'GET', r'^/pullzone$', {'Items': items, 'CurrentPage': 1, 'TotalItems': len(items), 'HasMoreItems': False}
    )
    outcome = run_module(shield_zone.main, args(pullzone_name='assets', waf_enabled=True))
    assert outcome.failed
    assert message in outcome.result['msg']
    assert fake_api.writes == []


def test_bot_detection_and_upload_scanning_through_their_endpoints(
    fake_api: FakeApi, shield: FakeShield, run_module: t.Any
) -> None:
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
    assert [(call.method, call.path, call.json) for call in fake_api.writes] == [
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
    assert len(fake_api.writes) == 2


def test_bot_detection_is_not_read_unless_managed(fake_api: FakeApi, shield: FakeShield, run_module: t.Any) -> None:
    outcome = run_module(shield_zone.main, args(pullzone_id=1001, whitelabel_response_pages=False))
    assert outcome.result['changed'] is False
    assert 'botDetection' not in outcome.result['shield_zone']
    assert all('bot-detection' not in call.path and 'upload-scanning' not in call.path for call in fake_api.calls)


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
    fake_api: FakeApi, shield: FakeShield, run_module: t.Any, extra: dict, message: str
) -> None:
    outcome = run_module(shield_zone.main, args(pullzone_id=1001, **extra))
    assert outcome.failed
    assert message in outcome.result['msg']
    assert fake_api.calls == []


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
    fake_api: FakeApi, run_module: t.Any, extra: dict, message: str
) -> None:
    outcome = run_module(shield_zone.main, args(**extra))
    assert outcome.failed
    assert message in outcome.result['msg']
    assert fake_api.calls == []


def test_api_errors_name_operation_status_and_key(fake_api: FakeApi, shield: FakeShield, run_module: t.Any) -> None:
    fake_api.add('PATCH', r'^/shield/shield-zone$', failure(400, 'validation_error', 'wafProfileId: unknown profile'))
    outcome = run_module(shield_zone.main, args(pullzone_id=1001, waf_profile_id=99))
    assert outcome.failed
    assert (
        outcome.result['msg']
        == 'update shield zone 3001 failed: HTTP 400 validation_error: wafProfileId: unknown profile'
    )
    assert outcome.result['failure'] == {
        'status': 400,
        'error_key': 'validation_error',
        'message': 'wafProfileId: unknown profile',
    }


def test_a_2xx_envelope_with_success_false_is_a_failure(
    fake_api: FakeApi, shield: FakeShield, run_module: t.Any
) -> None:
    fake_api.add(
        'PATCH',
        r'^/shield/shield-zone$',
        {'data': None, 'error': {'success': False, 'message': 'plan too small', 'errorKey': 'plan'}},
    )
    outcome = run_module(shield_zone.main, args(pullzone_id=1001, waf_profile_id=99))
    assert outcome.failed
    assert outcome.result['msg'] == 'update shield zone 3001 failed: HTTP 200 plan: plan too small'


def test_a_server_error_on_lookup_is_never_taken_for_no_zone(
    fake_api: FakeApi, shield: FakeShield, run_module: t.Any
) -> None:
    fake_api.add('GET', r'^/shield/shield-zone/get-by-pullzone/1001$', failure(503, 'unavailable', 'try later'))
    outcome = run_module(shield_zone.main, args(pullzone_id=1001, waf_enabled=True))
    assert outcome.failed
    assert 'read shield zone of pull zone 1001 failed: HTTP 503' in outcome.result['msg']
    assert len(fake_api.calls) == 3  # retried (api_retries 2), then reported
    assert fake_api.writes == []


def test_a_conflict_on_create_is_reported_and_not_repeated(
    fake_api: FakeApi, shield: FakeShield, run_module: t.Any
) -> None:
    fake_api.add(
        'POST',
        r'^/shield/shield-zone$',
        failure(409, 'shield_zone.already_exists', 'Pull Zone 1003 already has a Shield Zone.'),
    )
    outcome = run_module(shield_zone.main, args(pullzone_id=1003, waf_enabled=True))
    assert outcome.failed
    assert outcome.result['msg'] == (
        'create shield zone for pull zone 1003 failed: HTTP 409 shield_zone.already_exists: '
        'Pull Zone 1003 already has a Shield Zone.'
    )
    assert len(fake_api.writes) == 1


def test_a_failed_create_is_not_retried_on_a_server_error(
    fake_api: FakeApi, shield: FakeShield, run_module: t.Any
) -> None:
    fake_api.add('POST', r'^/shield/shield-zone$', failure(502, 'bad_gateway', 'upstream'))
    outcome = run_module(shield_zone.main, args(pullzone_id=1003))
    assert outcome.failed
    assert len(fake_api.writes) == 1
