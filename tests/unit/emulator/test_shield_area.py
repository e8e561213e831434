# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's Shield endpoints (spec 2.3, 2.4, 4.2, 4.3, 7.2 and GAPS.md), in-process."""

from __future__ import annotations

import hashlib
import typing as t

import pytest
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.emulator.areas import AREAS
from ansible_collections.edge.platform.tests.emulator.areas.shield import PLAN_LIMITS, ZONE_KEYS
from ansible_collections.edge.platform.tests.emulator.core import State
from ansible_collections.edge.platform.tests.emulator.server import admin_app, build_service
from ansible_collections.edge.platform.tests.unit.helpers import EMULATOR_KEY as KEY

SPEC_2_3 = (
    'shieldZoneId',
    'premiumPlan',
    'learningMode',
    'learningModeUntil',
    'wafEnabled',
    'wafDisabledRules',
    'wafLogOnlyRules',
    'wafCustomRuleOrder',
    'wafRequestHeaderLoggingEnabled',
    'requestBodyLoggingEnabled',
    'wafRequestIgnoredHeaders',
    'wafRealtimeThreatIntelligenceEnabled',
    'wafProfileId',
    'wafEngineConfig',
    'dDoSChallengeWindow',
    'whitelabelResponsePages',
)
SPEC_2_4 = ('id', 'name', 'description', 'content', 'checksum', 'entryCount', 'lastModified')


def sha(content: str) -> str:
    return hashlib.sha256(content.encode('utf-8')).hexdigest()


def snapshot(state: State) -> dict[str, t.Any]:
    return TestClient(admin_app(state)).get('/state').json()


def error_of(response: t.Any) -> dict[str, t.Any]:
    body = response.json()
    assert body['data'] is None
    assert set(body['error']) == {'success', 'message', 'errorKey'} and body['error']['success'] is False
    return body['error']


def zone_without_shield(state: State) -> int:
    taken = {zone['pullZoneId'] for zone in snapshot(state)['shield_zones']}
    return next(zone['Id'] for zone in snapshot(state)['pullzones'] if zone['Id'] not in taken)


# ---- seed and /state ------------------------------------------------------------------------------------------


def test_seed_has_pull_zones_with_and_without_a_shield_zone(state: State) -> None:
    seen = snapshot(state)
    with_zone = {zone['pullZoneId'] for zone in seen['shield_zones']}
    pullzones = {zone['Id'] for zone in seen['pullzones']}
    assert with_zone < pullzones and len(with_zone) >= 2 and len(pullzones - with_zone) >= 2
    for zone in seen['shield_zones']:
        assert set(SPEC_2_3) <= set(zone)
        assert list(zone)[: len(ZONE_KEYS)] == list(ZONE_KEYS)
        assert set(zone['botDetection']) == {'requestIntegrity', 'ipAddress', 'browserFingerprint', 'executionMode'}
        assert set(zone['uploadScanning']) == {'isEnabled', 'csamScanningMode', 'antivirusScanningMode'}
    plans = {zone['pullZoneId']: zone['planType'] for zone in seen['shield_zones']}
    assert plans[1001] == 1 and plans[1002] == 0


def test_seeded_access_lists_carry_the_spec_fields(state: State) -> None:
    seen = snapshot(state)
    zone_ids = {zone['shieldZoneId'] for zone in seen['shield_zones']}
    assert len(seen['access_lists']) >= 4
    for record in seen['access_lists']:
        assert set(SPEC_2_4) | {'shieldZoneId', 'type', 'action', 'isEnabled'} <= set(record)
        assert record['shieldZoneId'] in zone_ids
        assert record['checksum'] == sha(record['content'])
        assert record['entryCount'] == len([line for line in record['content'].splitlines() if line.strip()])
    office = next(r for r in seen['access_lists'] if r['name'] == 'office')
    lines = office['content'].split()
    assert lines != sorted(lines)  # written elsewhere, in no particular order


def test_seed_is_deterministic_and_scales() -> None:
    first, second, big = (State(api_key=KEY, scale=n, areas=AREAS) for n in (12, 12, 60))
    for state in (first, second, big):
        state.reset()
    for key in ('shield_zones', 'access_lists', 'bot_detection', 'upload_scanning'):
        assert first.data[key] == second.data[key]
    assert len(big.data['shield_zones']) == 40
    assert len(big.data['access_lists']) < 20  # memory-light: a few lists, not one per zone


# ---- shield zones ---------------------------------------------------------------------------------------------------


def test_get_and_get_by_pullzone(api: TestClient, state: State) -> None:
    by_id = api.get('/shield/shield-zone/3001').json()
    assert by_id['error']['success'] is True
    assert by_id['data']['pullZoneId'] == 1001
    assert api.get('/shield/shield-zone/get-by-pullzone/1001').json()['data'] == by_id['data']
    missing = api.get(f'/shield/shield-zone/get-by-pullzone/{zone_without_shield(state)}')
    assert missing.status_code == 404
    assert error_of(missing)['errorKey'] == 'shield_zone.not_found'
    assert api.get('/shield/shield-zone/99').status_code == 404


def test_list_and_mapping(api: TestClient, state: State) -> None:
    page = api.get('/shield/shield-zones', params={'page': 2, 'perPage': 3}).json()
    assert [zone['shieldZoneId'] for zone in page['data']] == [3004, 3005, 3006]
    assert page['page'] == {'totalCount': 8, 'totalPages': 3, 'currentPage': 2, 'nextPage': 3, 'pageSize': 3}
    assert api.get('/shield/shield-zones', params={'page': 3, 'perPage': 3}).json()['page']['nextPage'] is None
    mapping = api.get('/shield/shield-zones/pullzone-mapping').json()['data']
    assert {'shieldZoneId': 3001, 'pullZoneId': 1001} in mapping and len(mapping) == 8


def test_the_list_pages_to_its_end_with_the_reference_defaults(state: State) -> None:
    big = State(api_key=KEY, scale=1000, areas=AREAS)
    big.reset()
    api = TestClient(build_service('api', big), headers={'AccessKey': KEY})
    first = api.get('/shield/shield-zones').json()
    assert first['page'] == {'totalCount': 667, 'totalPages': 67, 'currentPage': 1, 'nextPage': 2, 'pageSize': 10}
    assert 'error' not in first
    whole = api.get('/shield/shield-zones', params={'page': 1, 'perPage': 1000}).json()
    assert whole['page'] == {'totalCount': 667, 'totalPages': 1, 'currentPage': 1, 'nextPage': None, 'pageSize': 1000}
    ids = [zone['shieldZoneId'] for zone in whole['data']]
    assert ids == sorted(ids) and len(ids) == 667
    assert all(set(SPEC_2_3) | {'pullZoneId'} <= set(zone) for zone in whole['data'])
    mapping = api.get('/shield/shield-zones/pullzone-mapping').json()
    assert set(mapping) == {'data'}
    assert {(item['shieldZoneId'], item['pullZoneId']) for item in mapping['data']} == {
        (z['shieldZoneId'], z['pullZoneId']) for z in whole['data']
    }
    past = api.get('/shield/shield-zones', params={'page': 2, 'perPage': 1000}).json()
    assert past['data'] == [] and past['page']['nextPage'] is None and past['page']['currentPage'] == 2


@pytest.mark.parametrize(
    'params, field',
    [
        ({'page': 0}, 'page'),
        ({'perPage': 0}, 'perPage'),
        ({'perPage': 1001}, 'perPage'),
        ({'page': 'x'}, 'page'),
    ],
)
def test_list_paging_out_of_bounds_is_400(api: TestClient, params: dict[str, t.Any], field: str) -> None:
    answer = api.get('/shield/shield-zones', params=params)
    assert answer.status_code == 400
    assert error_of(answer)['errorKey'] == 'validation_error' and field in error_of(answer)['message']


@pytest.mark.parametrize('path', ['/shield/shield-zones', '/shield/shield-zones/pullzone-mapping'])
def test_list_and_mapping_answer_401_with_the_reference_body(state: State, path: str) -> None:
    answer = TestClient(build_service('api', state)).get(path)
    assert answer.status_code == 401
    assert answer.json() == {'statusCode': 401}
    other = TestClient(build_service('api', state)).get('/shield/shield-zone/3001')
    assert other.status_code == 401 and error_of(other)['errorKey'] == 'unauthorized'


def test_create_then_409(api: TestClient, state: State) -> None:
    pullzone_id = zone_without_shield(state)
    body = {
        'pullZoneId': pullzone_id,
        'shieldZone': {'wafExecutionMode': 0, 'learningModeUntil': '2026-12-01T01:00:00+01:00'},
        'botDetectionExecutionMode': 1,
        'csamScanningMode': 2,
    }
    created = api.post('/shield/shield-zone', json=body)
    assert created.status_code == 200
    data = created.json()['data']
    assert (
        data['pullZoneId'] == pullzone_id and data['botDetectionExecutionMode'] == 1 and data['csamScanningMode'] == 2
    )
    zone = data['shieldZone']
    assert zone['wafExecutionMode'] == 0 and zone['learningModeUntil'] == '2026-12-01T00:00:00Z'
    assert api.get(f"/shield/shield-zone/{zone['shieldZoneId']}/bot-detection").json()['data']['executionMode'] == 1
    assert api.get(f"/shield/shield-zone/{zone['shieldZoneId']}/upload-scanning").json()['data']['isEnabled'] is True
    again = api.post('/shield/shield-zone', json=body)
    assert again.status_code == 409
    assert error_of(again)['errorKey'] == 'shield_zone.already_exists'
    assert api.post('/shield/shield-zone', json={'pullZoneId': 999999}).status_code == 400


@pytest.mark.parametrize(
    'shield_zone, field',
    [
        ({'wafEnabled': 'yes'}, 'wafEnabled'),
        ({'wafExecutionMode': 2}, 'wafExecutionMode'),
        ({'dDoSChallengeWindow': -5}, 'dDoSChallengeWindow'),
        ({'learningModeUntil': 'soon'}, 'learningModeUntil'),
        ({'wafEngineConfig': [{'name': 'a'}]}, 'wafEngineConfig'),
        ({'wafCustomRuleOrder': ['1']}, 'wafCustomRuleOrder'),
        ({'dDoSExecutionMode': 0}, 'dDoSExecutionMode'),
    ],
)
def test_update_validates(api: TestClient, shield_zone: dict, field: str) -> None:
    response = api.patch('/shield/shield-zone', json={'shieldZoneId': 3001, 'shieldZone': shield_zone})
    assert response.status_code == 400
    assert error_of(response)['message'].startswith(field)


def test_update_changes_only_what_is_sent(api: TestClient, state: State) -> None:
    before = api.get('/shield/shield-zone/3001').json()['data']
    response = api.patch(
        '/shield/shield-zone',
        json={
            'shieldZoneId': 3001,
            'shieldZone': {'wafDisabledRules': ['1', '2', '1'], 'planType': 0, 'wafEnabled': None},
        },
    )
    after = response.json()['data']['shieldZone']
    assert after['wafDisabledRules'] == ['1', '2']
    assert after['planType'] == 0 and after['rateLimitRulesLimit'] == PLAN_LIMITS[0][2]
    assert after['wafEnabled'] == before['wafEnabled']
    assert api.patch('/shield/shield-zone', json={'shieldZoneId': 99, 'shieldZone': {}}).status_code == 404


def test_bot_detection_and_upload_scanning(api: TestClient) -> None:
    patched = api.patch(
        '/shield/shield-zone/3001/bot-detection', json={'shieldZoneId': 3001, 'browserFingerprint': {'aggression': 4}}
    )
    assert patched.json()['data']['browserFingerprint'] == {'sensitivity': 1, 'aggression': 4, 'complexEnabled': False}
    assert api.patch('/shield/shield-zone/3001/bot-detection', json={'executionMode': 3}).status_code == 400
    upload = api.patch(
        '/shield/shield-zone/3001/upload-scanning', json={'isEnabled': False, 'antivirusScanningMode': 2}
    ).json()['data']
    assert upload == {'shieldZoneId': 3001, 'isEnabled': False, 'csamScanningMode': 0, 'antivirusScanningMode': 2}
    assert api.get('/shield/shield-zone/99/upload-scanning').status_code == 404


# ---- custom access lists ---------------------------------------------------------------------------------------------


def test_overview(api: TestClient, state: State) -> None:
    body = api.get('/shield/shield-zone/3001/access-lists').json()
    assert {
        'managedLists',
        'customLists',
        'customEntryCount',
        'customEntryLimit',
        'customListCount',
        'customListLimit',
    } <= set(body)
    assert [item['name'] for item in body['customLists']] == ['office', 'blocked-countries']
    item = body['customLists'][0]
    assert {
        'listId',
        'configurationId',
        'name',
        'description',
        'isEnabled',
        'type',
        'action',
        'entryCount',
        'lastUpdated',
    } <= set(item)
    assert (body['customListLimit'], body['customEntryLimit']) == PLAN_LIMITS[1][:2]
    assert body['customEntryCount'] == sum(item['entryCount'] for item in body['customLists'])


def test_create_get_patch_configure_delete(api: TestClient, state: State) -> None:
    base = '/shield/shield-zone/3001/access-lists'
    content = '192.0.2.1\n192.0.2.2'
    created = api.post(
        base, json={'name': 'n', 'description': 'd', 'type': 0, 'content': content, 'checksum': sha(content)}
    )
    record = created.json()['data']
    assert set(record) == set(SPEC_2_4) | {'type'}
    assert (record['entryCount'], record['checksum'], record['description']) == (2, sha(content), 'd')
    list_id = record['id']
    assert api.get(f'{base}/{list_id}').json()['data'] == record

    refused = api.patch(f'{base}/{list_id}', json={'content': '192.0.2.9', 'checksum': sha('192.0.2.1')})
    assert refused.status_code == 400 and error_of(refused)['errorKey'] == 'access_list.checksum_mismatch'
    assert api.patch(f'{base}/{list_id}', json={'description': 'x'}).status_code == 400  # PATCH cannot change it
    patched = api.patch(
        f'{base}/{list_id}', json={'name': 'm', 'content': '192.0.2.9', 'checksum': sha('192.0.2.9')}
    ).json()['data']
    assert (patched['name'], patched['content'], patched['entryCount']) == ('m', '192.0.2.9', 1)
    computed = api.patch(f'{base}/{list_id}', json={'content': '192.0.2.8'}).json()['data']
    assert computed['checksum'] == sha('192.0.2.8')

    item = next(i for i in api.get(base).json()['customLists'] if i['listId'] == list_id)
    configured = api.patch(f"{base}/configurations/{item['configurationId']}", json={'isEnabled': False, 'action': 3})
    assert configured.json()['data'] == {'isEnabled': False, 'action': 3}
    assert api.patch(f"{base}/configurations/{item['configurationId']}", json={'action': 6}).status_code == 400
    stored = next(r for r in snapshot(state)['access_lists'] if r['id'] == list_id)
    assert (stored['isEnabled'], stored['action'], stored['shieldZoneId'], stored['type']) == (False, 3, 3001, 0)

    deleted = api.delete(f'{base}/{list_id}')
    assert deleted.json()['success'] is True
    assert api.get(f'{base}/{list_id}').status_code == 404
    assert api.delete(f'{base}/{list_id}').status_code == 404
    assert api.get(f'/shield/shield-zone/3002/access-lists/{list_id - 1}').status_code == 404  # another zone's list


@pytest.mark.parametrize(
    'list_type, content',
    [
        (0, '192.0.2.1\nnot-an-ip'),
        (1, '192.0.2.1/24'),
        (1, '192.0.2.1'),
        (2, 'AS123'),
        (3, 'Germany'),
    ],
)
def test_entries_are_checked_by_type(api: TestClient, list_type: int, content: str) -> None:
    response = api.post(
        '/shield/shield-zone/3001/access-lists', json={'name': 'x', 'type': list_type, 'content': content}
    )
    assert response.status_code == 400
    assert error_of(response)['errorKey'] == 'access_list.invalid_entries'


def test_limits(api: TestClient) -> None:
    base = '/shield/shield-zone/3002/access-lists'  # Basic plan: 2 lists, 1000 entries
    overview = api.get(base).json()
    assert overview['customListCount'] == 1
    too_many = '\n'.join(f'10.0.{n // 256}.{n % 256}' for n in range(1001 - overview['customEntryCount'] + 1))
    refused = api.post(base, json={'name': 'big', 'type': 0, 'content': too_many})
    assert refused.status_code == 400 and error_of(refused)['errorKey'] == 'access_list.entry_limit_exceeded'
    assert api.post(base, json={'name': 'second', 'type': 0, 'content': '192.0.2.1'}).status_code == 200
    third = api.post(base, json={'name': 'third', 'type': 0, 'content': '192.0.2.2'})
    assert third.status_code == 400 and error_of(third)['errorKey'] == 'access_list.list_limit_exceeded'


def test_auth_and_faults_answer_in_the_shield_envelope(state: State, api: TestClient) -> None:
    denied = TestClient(build_service('api', state)).get('/shield/shield-zone/3001')
    assert denied.status_code == 401 and error_of(denied)['errorKey'] == 'unauthorized'
    admin = TestClient(admin_app(state))
    assert (
        admin.post('/faults', json={'service': 'api', 'path': '^/shield/', 'status': 503, 'times': 1}).status_code
        == 201
    )
    faulted = api.get('/shield/shield-zone/3001')
    assert faulted.status_code == 503 and error_of(faulted)['errorKey'] == 'service_unavailable'
    assert api.get('/pullzone/1001').status_code == 200  # core endpoints keep their own error shape
    assert set(api.get('/pullzone/1').json()) == {'ErrorKey', 'Field', 'Message'}
    assert [(r['method'], r['path'], r['status']) for r in admin.get('/requests').json()][-3:] == [
        ('GET', '/shield/shield-zone/3001', 503),
        ('GET', '/pullzone/1001', 200),
        ('GET', '/pullzone/1', 404),
    ]


def test_reset_restores_the_seed(state: State, api: TestClient) -> None:
    seeded = snapshot(state)
    api.delete('/shield/shield-zone/3001/access-lists/9001')
    api.post('/shield/shield-zone', json={'pullZoneId': zone_without_shield(state)})
    assert snapshot(state) != seeded
    TestClient(admin_app(state)).post('/reset')
    assert snapshot(state) == seeded
