# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's audit log (``GET /user/audit/{date}``) and the changes made in the dashboard
(``POST {admin_url}/dashboard``)."""

from __future__ import annotations

import datetime
import json

import pytest
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.emulator.areas import AREAS, audit_log
from ansible_collections.edge.platform.tests.emulator.core import State
from ansible_collections.edge.platform.tests.emulator.server import admin_app, build_service
from ansible_collections.edge.platform.tests.unit.helpers import EMULATOR_KEY as KEY

MOMENT = datetime.datetime(2026, 12, 7, 10, 11, 12, 345000, tzinfo=datetime.timezone.utc)


@pytest.fixture
def state(monkeypatch: pytest.MonkeyPatch) -> State:
    monkeypatch.setattr(audit_log, 'now', lambda: MOMENT)
    seeded = State(api_key=KEY, scale=12, areas=AREAS)
    seeded.reset()
    return seeded


@pytest.fixture
def api(state: State) -> TestClient:
    return TestClient(build_service('api', state), headers={'AccessKey': KEY})


@pytest.fixture
def admin(state: State, api: TestClient) -> TestClient:
    return TestClient(admin_app(state))


def test_seeded_account_has_no_entries(api: TestClient) -> None:
    answer = api.get('/user/audit/2026-12-07')
    assert answer.status_code == 200
    assert answer.json() == {'Logs': [], 'HasMoreData': False, 'ContinuationToken': None, 'StartToken': None}


def test_api_writes_are_logged_by_the_api_key_reads_are_not(api: TestClient) -> None:
    api.get('/pullzone/1001')
    assert api.post('/pullzone/1001', json={'EnableLogging': False, 'AWSSigningSecret': 'hush'}).status_code == 200
    created = api.post('/pullzone', json={'Name': 'audited-zone', 'OriginUrl': 'https://origin.example'})
    assert created.status_code == 201
    logs = api.get('/user/audit/2026-12-07T00:00:00Z').json()['Logs']
    assert [(e['ResourceType'], e['ResourceId'], e['Action'], e['ActorId'], e['ActorType']) for e in logs] == [
        ('PullZone', '1001', 'Update', 'api-key', 'ApiKey'),
        ('PullZone', str(created.json()['Id']), 'Create', 'api-key', 'ApiKey'),
    ]
    assert logs[0]['Timestamp'] == '2026-12-07T10:11:12.345Z'
    assert logs[0]['Product'] == 'CDN'
    assert json.loads(logs[0]['Diff']) == {'EnableLogging': False, 'AWSSigningSecret': '********'}


def test_a_refused_write_is_not_logged(api: TestClient) -> None:
    assert api.post('/pullzone/999999', json={'EnableLogging': False}).status_code == 404
    assert api.get('/user/audit/2026-12-07').json()['Logs'] == []


def test_dashboard_change_goes_through_the_api_as_a_person(state: State, api: TestClient, admin: TestClient) -> None:
    answer = admin.post(
        '/dashboard', json={'method': 'POST', 'path': '/pullzone/1002', 'body': {'EnableLogging': True}}
    )
    assert answer.status_code == 200
    assert answer.json()['status'] == 200 and answer.json()['answer']['EnableLogging'] is True
    other = admin.post(
        '/dashboard',
        json={
            'method': 'POST',
            'path': '/pullzone/1002/addHostname',
            'body': {'Hostname': 'x.example'},
            'actor': 'ann',
        },
    )
    assert other.json()['status'] == 204
    logs = api.get('/user/audit/2026-12-07').json()['Logs']
    assert [(e['ActorId'], e['ActorType'], e['Action']) for e in logs] == [
        ('owner@account.test', 'User', 'Update'),
        ('ann', 'User', 'AddHostname'),
    ]
    assert admin.get('/state?only=audit_log').json()['audit_log'] == logs


def test_filters_order_and_pages(api: TestClient) -> None:
    for zone in (1001, 1002, 1003):
        api.post(f'/pullzone/{zone}', json={'EnableLogging': True})
    only = api.get('/user/audit/2026-12-07', params=[('ResourceId', '1002'), ('ResourceId', '1003')]).json()['Logs']
    assert [entry['ResourceId'] for entry in only] == ['1002', '1003']
    first = api.get('/user/audit/2026-12-07', params={'Limit': 2, 'Order': 'Descending'}).json()
    assert [entry['ResourceId'] for entry in first['Logs']] == ['1003', '1002'] and first['HasMoreData'] is True
    rest = api.get(
        '/user/audit/2026-12-07',
        params={'Limit': 2, 'Order': 'Descending', 'ContinuationToken': first['ContinuationToken']},
    ).json()
    assert [entry['ResourceId'] for entry in rest['Logs']] == ['1001'] and rest['HasMoreData'] is False
    assert api.get('/user/audit/2026-12-06').json()['Logs'] == []


@pytest.mark.parametrize(
    'path, params',
    [
        ('/user/audit/yesterday', {}),
        ('/user/audit/2026-12-07', {'Limit': 0}),
        ('/user/audit/2026-12-07', {'Order': 'Up'}),
    ],
)
def test_bad_queries_are_refused(api: TestClient, path: str, params: dict[str, object]) -> None:
    answer = api.get(path, params=params)
    assert answer.status_code == 400 and answer.json()['ErrorKey'] == 'validation_error'


def test_without_the_key_the_log_is_not_read(state: State) -> None:
    assert TestClient(build_service('api', state)).get('/user/audit/2026-12-07').status_code == 401


def test_a_write_whose_answer_is_lost_is_logged(api: TestClient, admin: TestClient) -> None:
    admin.post('/faults', json={'path': '^/pullzone/1001$', 'method': 'POST', 'status': 503, 'after': True})
    assert api.post('/pullzone/1001', json={'EnableLogging': False}).status_code == 503
    assert [entry['ResourceId'] for entry in api.get('/user/audit/2026-12-07').json()['Logs']] == ['1001']


def test_a_dns_zones_records_and_dnssec_are_logged_under_the_zone_by_their_own_actions(api: TestClient) -> None:
    added = api.put('/dnszone/4001/records', json={'Type': 0, 'Name': 'logged', 'Value': '192.0.2.77'})
    assert added.status_code == 201
    record = added.json()['Id']
    assert api.post(f'/dnszone/4001/records/{record}', json={'Value': '192.0.2.78'}).status_code == 204
    assert api.delete(f'/dnszone/4001/records/{record}').status_code == 204
    assert api.delete('/dnszone/4001/dnssec').status_code == 200
    assert api.post('/dnszone/4001/dnssec').status_code == 200
    assert api.post('/dnszone/4001', json={'LoggingEnabled': False}).status_code == 200
    logs = api.get('/user/audit/2026-12-07').json()['Logs']
    assert [(e['ResourceType'], e['ResourceId'], e['Action']) for e in logs] == [
        ('DnsZone', '4001', 'AddRecord'),
        ('DnsZone', '4001', 'UpdateRecord'),
        ('DnsZone', '4001', 'DeleteRecord'),
        ('DnsZone', '4001', 'DisableDnsSec'),
        ('DnsZone', '4001', 'EnableDnsSec'),
        ('DnsZone', '4001', 'Update'),
    ]
    assert json.loads(logs[0]['Diff']) == {'Type': 0, 'Name': 'logged', 'Value': '192.0.2.77'}
