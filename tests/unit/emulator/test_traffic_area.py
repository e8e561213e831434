# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's live traffic (``POST {admin_url}/traffic``), in-process, on a clock that the tests move."""

from __future__ import annotations

import datetime
import json
import typing as t

import pytest
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.emulator.areas import AREAS, cdn_logs, shield_events
from ansible_collections.edge.platform.tests.emulator.core import State
from ansible_collections.edge.platform.tests.emulator.server import admin_app, build_service
from ansible_collections.edge.platform.tests.unit.helpers import EMULATOR_KEY as KEY

UTC = datetime.timezone.utc
START = int(datetime.datetime(2026, 11, 22, 15, 30, 12, tzinfo=UTC).timestamp() * 1000)
BUSY = 3001  # shield zone of pull zone 1001 (logging on)
QUIET = 3003  # no generated events
PULLZONE = 1001


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> int:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(shield_events, 'now_ms', fake)
    monkeypatch.setattr(cdn_logs, 'now_ms', fake)
    return fake


@pytest.fixture
def fixed(clock: Clock) -> State:
    seeded = State(api_key=KEY, scale=12, areas=AREAS)
    seeded.reset()
    return seeded


@pytest.fixture
def clients(fixed: State) -> tuple[TestClient, TestClient, TestClient]:
    headers = {'AccessKey': KEY}
    return (
        TestClient(build_service('api', fixed), headers=headers),
        TestClient(build_service('logging', fixed), headers=headers),
        TestClient(admin_app(fixed)),
    )


def today() -> str:
    return datetime.datetime.fromtimestamp(START / 1000, UTC).strftime('%m-%d-%Y')


def read_to_end(api: TestClient, zone: int, token: str = '') -> tuple[list[dict[str, t.Any]], str]:
    """The entries from ``token`` to the end of today, and the token of the last page read."""
    logs: list[dict[str, t.Any]] = []
    while True:
        page = api.get(f'/shield/event-logs/{zone}/{today()}/{token}').json()
        logs.extend(page['logs'])
        if not page['hasMoreData']:
            return logs, token
        token = page['continuationToken']


def test_events_appear_after_every_entry_already_served(clients: tuple[TestClient, ...], clock: Clock) -> None:
    api, _logging, admin = clients
    before, last_token = read_to_end(api, BUSY)
    clock.now += 5
    answer = admin.post(
        '/traffic', json={'shield_zone_id': BUSY, 'events': [{}, {'log': {'ip': '192.0.2.7', 'ruleId': 'RL-1001'}}]}
    )
    assert answer.status_code == 201, answer.text
    added = answer.json()['events']
    assert [entry['timestamp'] for entry in added] == [clock.now, clock.now]
    again, _token = read_to_end(api, BUSY, last_token)
    ids = [entry['logId'] for entry in again]
    # the last page read again: what it held before, then the new entries
    assert ids[-2:] == [entry['logId'] for entry in added]
    assert set(ids[:-2]) <= {entry['logId'] for entry in before}


def test_missing_fields_are_filled_in(clients: tuple[TestClient, ...], clock: Clock) -> None:
    _api, _logging, admin = clients
    entries = admin.post(
        '/traffic',
        json={
            'shield_zone_id': QUIET,
            'events': [
                {},
                {
                    'log': {'ip': '192.0.2.7', 'ruleId': 'RL-1001', 'action': 'challenge'},
                    'labels': {'serverZone': 'NY'},
                },
                {'log': 'free text', 'timestamp': START - 1000, 'logId': 'mine'},
            ],
        },
    ).json()['events']
    for entry in entries:
        assert set(entry) == {'logId', 'timestamp', 'log', 'labels'}
        assert set(entry['labels']) == {
            'asn',
            'country',
            'ruleId',
            'severity',
            'method',
            'ruleGroup',
            'status',
            'serverZone',
        }
    first, rate_limit, free = entries
    context = json.loads(first['log'])
    assert context['feature'] == 'waf' and context['action'] == 'block' and first['labels']['status'] == '403'
    context = json.loads(rate_limit['log'])
    assert (context['ip'], context['feature'], context['action']) == ('192.0.2.7', 'rate_limit', 'challenge')
    assert rate_limit['labels']['ruleGroup'] == 'RATE_LIMIT' and rate_limit['labels']['status'] == '429'
    assert rate_limit['labels']['serverZone'] == 'NY'
    assert (free['log'], free['timestamp'], free['logId']) == ('free text', START - 1000, 'mine')


def test_attack_adds_waf_events_and_refused_requests(clients: tuple[TestClient, ...], clock: Clock) -> None:
    api, logging, admin = clients
    answer = admin.post('/traffic', json={'kind': 'attack', 'shield_zone_id': BUSY, 'ip': '203.0.113.99', 'count': 12})
    assert answer.status_code == 201, answer.text
    clock.now += 1  # the logging API's window ends now, exclusive
    body = answer.json()
    assert (body['shield_zone_id'], body['pullzone_id'], body['ip']) == (BUSY, PULLZONE, '203.0.113.99')
    assert len(body['events']) == 12 and len(body['rows']) == 12
    logs, _token = read_to_end(api, BUSY)
    attack = [json.loads(entry['log']) for entry in logs if json.loads(entry['log'])['ip'] == '203.0.113.99']
    assert len(attack) == 12
    assert {context['feature'] for context in attack} == {'waf'} and {context['action'] for context in attack} == {
        'block'
    }
    rows = logging.get(f'/v2/pullzones/{PULLZONE}/logs', params={'remoteIp': '203.0.113.99', 'status': '4xx'}).json()[
        'data'
    ]
    assert len(rows) == 12 and {row['statusCode'] for row in rows} == {403}


def test_rows_are_served_by_both_versions_after_the_generated_ones(
    clients: tuple[TestClient, ...], clock: Clock
) -> None:
    _api, logging, admin = clients
    clock.now += 90_000
    answer = admin.post('/traffic', json={'pullzone_id': PULLZONE, 'rows': [{'statusCode': 502, 'path': '/api'}, {}]})
    assert answer.status_code == 201, answer.text
    added = answer.json()['rows']
    assert added[0]['statusCode'] == 502 and added[0]['url'].endswith('/api') and added[1]['statusCode'] == 200
    assert {row['timestamp'] for row in added} == {cdn_logs.iso_ms(clock.now)}
    clock.now += 1  # the logging API's window ends now, exclusive
    params = {'from': cdn_logs.iso_ms(clock.now - 3_600_000), 'order': 'asc', 'limit': 10000}
    rows = logging.get(f'/v2/pullzones/{PULLZONE}/logs', params=params).json()['data']
    assert [row['requestId'] for row in rows[-2:]] == [row['requestId'] for row in added]
    newest = logging.get(f'/v2/pullzones/{PULLZONE}/logs', params={'limit': 2}).json()['data']
    assert [row['requestId'] for row in newest] == [added[1]['requestId'], added[0]['requestId']]
    errors = logging.get(
        f'/v2/pullzones/{PULLZONE}/logs', params={'status': '5xx', 'from': cdn_logs.iso_ms(clock.now - 1)}
    ).json()['data']
    assert [row['requestId'] for row in errors] == [added[0]['requestId']]
    day_file = logging.get(
        f"/{datetime.datetime.fromtimestamp(clock.now / 1000, UTC).strftime('%m-%d-%y')}/{PULLZONE}.log"
    )
    assert added[0]['requestId'] in day_file.text


@pytest.mark.parametrize(
    'body, status, words',
    [
        ({'kind': 'attack', 'shield_zone_id': 9999, 'ip': '192.0.2.1'}, 404, 'not found'),
        ({'kind': 'attack', 'shield_zone_id': BUSY, 'ip': 'nobody'}, 400, 'ip must be'),
        ({'kind': 'attack', 'shield_zone_id': BUSY, 'ip': '192.0.2.1', 'count': 0}, 400, 'count must be'),
        ({'kind': 'flood', 'shield_zone_id': BUSY}, 400, 'kind must be'),
        ({'shield_zone_id': 9999, 'events': [{}]}, 404, 'not found'),
        ({'shield_zone_id': BUSY, 'events': []}, 400, 'non-empty list'),
        ({'shield_zone_id': BUSY, 'events': [{'colour': 'red'}]}, 400, 'colour'),
        ({'pullzone_id': 9999, 'rows': [{}]}, 404, 'not found'),
        ({'pullzone_id': PULLZONE, 'rows': [{'statusCode': 'bad'}]}, 400, 'statusCode'),
        ({}, 400, 'give shield_zone_id'),
    ],
)
def test_bad_requests_are_refused(
    clients: tuple[TestClient, ...], body: dict[str, t.Any], status: int, words: str
) -> None:
    answer = clients[2].post('/traffic', json=body)
    assert answer.status_code == status
    assert words in answer.json()['error']


def test_reset_forgets_the_traffic(clients: tuple[TestClient, ...], fixed: State) -> None:
    admin = clients[2]
    admin.post('/traffic', json={'kind': 'attack', 'shield_zone_id': BUSY, 'ip': '192.0.2.1'})
    assert fixed.data['shield_live_events'] and fixed.data['cdn_logs']['live']
    admin.post('/reset')
    assert fixed.data['shield_live_events'] == {} and fixed.data['cdn_logs']['live'] == {}
