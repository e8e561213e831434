# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's pull zone records and reads (spec 2.1, 2.2, 4.1), in-process; writes: test_pullzone_writes_area."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.emulator.areas import AREAS
from ansible_collections.edge.platform.tests.emulator.areas.pullzone_model import (
    EDGE_RULE_FIELDS,
    ENUM_MAX,
    HOSTNAME_FIELDS,
    INT_BOUNDS,
    PULLZONE_FIELDS,
    SECRET_FIELDS,
)
from ansible_collections.edge.platform.tests.emulator.core import State
from ansible_collections.edge.platform.tests.emulator.server import admin_app, build_service
from ansible_collections.edge.platform.tests.unit.helpers import EMULATOR_KEY as KEY

INT32 = (-(2**31), 2**31 - 1)
INT64 = (-(2**63), 2**63 - 1)


def test_spec_field_list_is_complete() -> None:
    names = [name for name, kind in PULLZONE_FIELDS]
    assert len(names) == len(set(names)) == 169
    assert {'ContainerAppId', 'EnableServiceImageAi', 'OptimizerLlmsTxt'} <= set(names)


def check_type(name: str, kind: str, value: object) -> None:
    nullable = kind.endswith('?')
    if value is None:
        assert nullable, f'{name} is null but not nullable'
        return
    base = kind.rstrip('?')
    if base in ('int32', 'int64', 'enum'):
        assert isinstance(value, int) and not isinstance(value, bool), name
        low, high = INT32 if base != 'int64' else INT64
        if base == 'enum':
            low, high = 0, ENUM_MAX[name]
        low, high = INT_BOUNDS.get(name, (low, high))
        assert low <= value <= high, f'{name}={value} outside {low}..{high}'
    elif base == 'bool':
        assert isinstance(value, bool), name
    elif base in ('decimal', 'double'):
        assert isinstance(value, (int, float)) and not isinstance(value, bool), name
    elif base == 'string':
        assert isinstance(value, str), name
    elif base == 'strings':
        assert isinstance(value, list) and all(isinstance(item, str) for item in value), name
    elif base == 'objects':
        assert isinstance(value, list) and all(isinstance(item, dict) for item in value), name
    else:
        raise AssertionError(f'unknown kind {kind}')


def test_records_carry_exactly_the_spec_fields_with_their_types(api: TestClient) -> None:
    zones = api.get('/pullzone').json()
    assert len(zones) == 12
    for zone in zones:
        assert list(zone) == [name for name, kind in PULLZONE_FIELDS]
        for name, kind in PULLZONE_FIELDS:
            check_type(name, kind, zone[name])
        for hostname in zone['Hostnames']:
            assert list(hostname) == list(HOSTNAME_FIELDS)
        for position, rule in enumerate(zone['EdgeRules']):
            assert list(rule) == list(EDGE_RULE_FIELDS) and rule['OrderIndex'] == position
            assert [list(trigger) for trigger in rule['Triggers']] == [
                ['Type', 'PatternMatches', 'PatternMatchingType', 'Parameter1']
            ] * len(rule['Triggers'])
            assert [list(action) for action in rule['ExtraActions']] == [
                ['ActionType', 'ActionParameter1', 'ActionParameter2', 'ActionParameter3']
            ] * len(rule['ExtraActions'])


def test_seed_has_the_cases_the_design_promises(state: State) -> None:
    zones = list(state.data['pullzones'].values())
    assert any(z['EnableLogging'] for z in zones) and any(not z['EnableLogging'] for z in zones)
    assert sum(z['Suspended'] for z in zones) >= 1
    assert sum(not z['Enabled'] for z in zones) >= 1
    assert all(any(z[field] for z in zones) for field in SECRET_FIELDS)
    assert any(h['CertificateKey'] for z in zones for h in z['Hostnames'])
    # Edge rules: a zone forcing SSL (action 0, enabled), one with a read-only rule, zones with none.
    assert any(rule['ActionType'] == 0 and rule['Enabled'] for z in zones for rule in z['EdgeRules'])
    assert any(rule['ReadOnly'] for z in zones for rule in z['EdgeRules'])
    assert sum(not z['EdgeRules'] for z in zones) >= 6
    guids = [rule['Guid'] for z in zones for rule in z['EdgeRules']]
    assert len(guids) == len(set(guids)) >= 4


def test_seed_is_deterministic_and_scales() -> None:
    first, second, big = (State(api_key=KEY, scale=n, areas=AREAS) for n in (12, 12, 40))
    for state in (first, second, big):
        state.reset()
    assert first.data['pullzones'] == second.data['pullzones']
    assert len(big.data['pullzones']) == 40


def test_paged_list(api: TestClient) -> None:
    body = api.get('/pullzone', params={'page': 2, 'perPage': 5}).json()
    assert set(body) == {'Items', 'CurrentPage', 'TotalItems', 'HasMoreItems'}
    assert (body['CurrentPage'], body['TotalItems'], body['HasMoreItems']) == (2, 12, True)
    assert [z['Id'] for z in body['Items']] == [1006, 1007, 1008, 1009, 1010]
    last = api.get('/pullzone', params={'page': 3, 'perPage': 5}).json()
    assert last['HasMoreItems'] is False and len(last['Items']) == 2


@pytest.mark.parametrize(
    'params', [{'perPage': 4}, {'perPage': 1001}, {'page': -1}, {'page': 'x'}, {'includeCertificate': 'maybe'}]
)
def test_bounds_are_enforced(api: TestClient, params: dict) -> None:
    response = api.get('/pullzone', params=params)
    assert response.status_code == 400
    assert set(response.json()) == {'ErrorKey', 'Field', 'Message'}


def test_search_matches_names_and_hostnames(api: TestClient) -> None:
    assert [z['Name'] for z in api.get('/pullzone', params={'search': 'MEDIA'}).json()] == ['media-001']
    assert [z['Name'] for z in api.get('/pullzone', params={'search': 'assets-000.brand.example'}).json()] == [
        'assets-000'
    ]


def test_certificates_only_when_asked(api: TestClient) -> None:
    plain = api.get('/pullzone/1001').json()
    full = api.get('/pullzone/1001', params={'includeCertificate': 'true'}).json()
    assert plain['Hostnames'][1]['Certificate'] is None and plain['Hostnames'][1]['CertificateKey'] is None
    assert full['Hostnames'][1]['Certificate'] and full['Hostnames'][1]['CertificateKey']


def test_missing_zone_is_404(api: TestClient) -> None:
    response = api.get('/pullzone/4242')
    assert response.status_code == 404
    assert response.json()['ErrorKey'] == 'pullzone.not_found'


def test_auth_and_record(state: State) -> None:
    client = TestClient(build_service('api', state))
    assert client.get('/pullzone').status_code == 401
    assert client.get('/pullzone', headers={'AccessKey': 'wrong'}).json()['ErrorKey'] == 'unauthorized'
    assert client.get('/pullzone', headers={'AccessKey': KEY}, params={'perPage': 5}).status_code == 200
    assert state.requests == [
        {'service': 'api', 'method': 'GET', 'path': '/pullzone', 'query': '', 'status': 401},
        {'service': 'api', 'method': 'GET', 'path': '/pullzone', 'query': '', 'status': 401},
        {'service': 'api', 'method': 'GET', 'path': '/pullzone', 'query': 'perPage=5', 'status': 200},
    ]


def test_faults_and_reset(state: State, api: TestClient) -> None:
    admin = TestClient(admin_app(state))
    assert (
        admin.post(
            '/faults',
            json={
                'service': 'api',
                'method': 'GET',
                'path': '^/pullzone$',
                'status': 429,
                'retry_after': 2,
                'times': 2,
            },
        ).status_code
        == 201
    )
    assert admin.post('/faults', json={'path': '('}).status_code == 400
    first = api.get('/pullzone')
    assert first.status_code == 429 and first.headers['Retry-After'] == '2'
    assert first.json() == {'ErrorKey': 'rate_limited', 'Field': '', 'Message': 'Too many requests. Please slow down.'}
    assert api.get('/pullzone/1001').status_code == 200  # the regex is searched in the path only
    assert api.get('/pullzone').status_code == 429
    assert api.get('/pullzone').status_code == 200
    assert [r['status'] for r in admin.get('/requests').json()] == [429, 200, 429, 200]
    state.data['pullzones'].clear()
    assert admin.post('/reset').status_code == 200
    assert admin.get('/requests').json() == []
    assert len(admin.get('/state').json()['pullzones']) == 12


def test_state_has_every_collection(state: State) -> None:
    snapshot = TestClient(admin_app(state)).get('/state').json()
    assert {
        'pullzones',
        'shield_zones',
        'access_lists',
        'registries',
        'apps',
        'video_libraries',
        'videos',
        'databases',
        'purges',
    } <= set(snapshot)
    assert snapshot['purges'] == []
