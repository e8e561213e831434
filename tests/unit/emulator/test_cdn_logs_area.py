# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's logging API (spec 2.8, 4.10, 5, 7.1, 8, 9 and GAPS.md "CDN request logs"), in-process."""

from __future__ import annotations

import datetime
import json
import time
import typing as t

import pytest
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.emulator.areas import AREAS, cdn_logs as area
from ansible_collections.edge.platform.tests.emulator.core import State
from ansible_collections.edge.platform.tests.emulator.server import build_service
from ansible_collections.edge.platform.tests.unit.helpers import EMULATOR_KEY as KEY

UTC = datetime.timezone.utc
# A fixed "now" (a little after a whole minute) for the tests that depend on it.
NOW = int(datetime.datetime(2026, 11, 22, 12, 0, 30, tzinfo=UTC).timestamp() * 1000)
HOUR = 3600 * 1000
LOGGING_ON = 1001  # zone index 0
LOGGING_OFF = 1002  # index 1
SUSPENDED = 1003  # index 2
DISABLED = 1004  # index 3
V2_KEYS = {
    'timestamp',
    'pullZoneId',
    'requestId',
    'cacheStatus',
    'statusCode',
    'bytesSent',
    'edgeLocation',
    'scheme',
    'host',
    'path',
    'url',
    'remoteIp',
    'countryCode',
    'userAgent',
    'referer',
}


def iso(millis: int) -> str:
    return area.iso_ms(millis)


class Clock:
    """Stands in for the rate limiter's clock."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(area, 'clock', fake)
    return fake


@pytest.fixture
def fixed(monkeypatch: pytest.MonkeyPatch, clock: Clock) -> State:
    """A state seeded at NOW, with the clock standing still."""
    monkeypatch.setattr(area, 'now_ms', lambda: NOW)
    seeded = State(api_key=KEY, scale=12, areas=AREAS)
    seeded.reset()
    return seeded


@pytest.fixture
def logging(fixed: State) -> TestClient:
    return TestClient(build_service('logging', fixed), headers={'AccessKey': KEY})


def query(client: TestClient, zone: int = LOGGING_ON, **params: t.Any) -> t.Any:
    return client.get(f'/v2/pullzones/{zone}/logs', params=params)


def whole_day(client: TestClient, zone: int = LOGGING_ON, **params: t.Any) -> list[dict[str, t.Any]]:
    """Every v2 row from 48 to 24 hours before NOW, oldest first."""
    answer = query(
        client,
        zone,
        **{'from': iso(NOW - 48 * HOUR), 'to': iso(NOW - 24 * HOUR), 'order': 'asc', 'limit': 10000},
        **params,
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()['pagination']['hasMore'] is False
    return answer.json()['data']


def day_path(millis: int, zone: int = LOGGING_ON) -> str:
    return f"/{datetime.datetime.fromtimestamp(millis / 1000, UTC).strftime('%m-%d-%y')}/{zone}.log"


# ---- seed ------------------------------------------------------------------------------------------------------


def test_seed_stores_no_rows(state: State) -> None:
    data = state.data['cdn_logs']
    assert set(data) == {'salt', 'anchor', 'hits', 'live'}
    assert data['live'] == {}
    assert data['anchor'] % 60000 == 0 and abs(data['anchor'] - time.time() * 1000) < 120000
    big = State(api_key=KEY, scale=2000, areas=AREAS)
    started = time.monotonic()
    big.reset()
    assert time.monotonic() - started < 30
    assert len(json.dumps(big.data['cdn_logs'])) < 200


def test_rows_are_deterministic_per_seed_and_relative_to_the_reset(
    fixed: State, logging: TestClient, monkeypatch
) -> None:
    first = query(logging, limit=50).json()['data']
    again = State(api_key=KEY, scale=12, areas=AREAS)
    again.reset()
    assert (
        query(TestClient(build_service('logging', again), headers={'AccessKey': KEY}), limit=50).json()['data'] == first
    )

    # Seeded an hour later: the same requests, an hour later.
    monkeypatch.setattr(area, 'now_ms', lambda: NOW + HOUR)
    later = State(api_key=KEY, scale=12, areas=AREAS)
    later.reset()
    shifted = query(TestClient(build_service('logging', later), headers={'AccessKey': KEY}), limit=50).json()['data']
    assert [row['requestId'] for row in shifted] == [row['requestId'] for row in first]
    assert [row['timestamp'] for row in shifted] == [iso(ms_of(row) + HOUR) for row in first]

    other = State(api_key=KEY, scale=13, areas=AREAS)
    other.reset()
    assert (
        query(TestClient(build_service('logging', other), headers={'AccessKey': KEY}), limit=50).json()['data'] != first
    )


def test_a_reset_brings_back_the_same_rows_later(fixed: State, logging: TestClient, monkeypatch) -> None:
    first = query(logging, limit=50).json()['data']
    monkeypatch.setattr(area, 'now_ms', lambda: NOW + 5 * 60 * 1000)  # five minutes later, across a minute boundary
    fixed.reset()
    assert query(logging, limit=50).json()['data'] == first


def ms_of(row: dict[str, t.Any]) -> int:
    return int(datetime.datetime.fromisoformat(row['timestamp'].replace('Z', '+00:00')).timestamp() * 1000)


def test_logs_cover_the_last_three_days_of_zones_with_logging(fixed: State, logging: TestClient) -> None:
    zones = fixed.data['pullzones']
    served = [
        zone_id
        for zone_id, zone in zones.items()
        if zone['EnableLogging'] and zone['Enabled'] and not zone['Suspended']
    ]
    assert LOGGING_ON in served and len(served) >= 5
    for zone_id in served:
        oldest = query(
            logging, zone_id, **{'from': iso(NOW - 72 * HOUR), 'to': iso(NOW - 71 * HOUR), 'order': 'asc', 'limit': 1}
        ).json()
        newest = query(logging, zone_id, limit=1).json()
        assert oldest['data'] and newest['data']
        assert ms_of(oldest['data'][0]) >= NOW - 72 * HOUR
        assert NOW - 5 * 60000 < ms_of(newest['data'][0]) < NOW


# ---- v2 -----------------------------------------------------------------------------------------------------------


def test_v2_answer_shape(logging: TestClient) -> None:
    answer = query(logging, limit=5)
    assert answer.status_code == 200
    body = answer.json()
    assert set(body) == {'data', 'pagination', 'query'}
    assert body['pagination'] == {'offset': 0, 'limit': 5, 'returned': 5, 'hasMore': True}
    assert body['query'] == {
        'pullZoneId': LOGGING_ON,
        'from': iso(NOW - 24 * HOUR),
        'to': iso(NOW),
        'order': 'desc',
        'includeOriginShield': False,
    }
    for row in body['data']:
        assert set(row) >= V2_KEYS
        assert row['pullZoneId'] == LOGGING_ON
        assert row['cacheStatus'] in area.CACHE_STATUSES
        assert isinstance(row['statusCode'], int) and isinstance(row['bytesSent'], int)
        assert row['url'] == f"{row['scheme']}://{row['host']}{row['path']}"
        assert row['timestamp'].endswith('Z') and len(row['timestamp']) == 24
    times = [ms_of(row) for row in body['data']]
    assert times == sorted(times, reverse=True)


def test_v2_default_limit_and_window(logging: TestClient) -> None:
    body = query(logging).json()
    assert body['pagination']['limit'] == 100 and len(body['data']) == 100


def test_v2_pages_add_up_to_the_whole(logging: TestClient) -> None:
    everything = whole_day(logging)
    assert len(everything) > 500
    pages = []
    offset = 0
    while True:
        body = query(
            logging,
            **{
                'from': iso(NOW - 48 * HOUR),
                'to': iso(NOW - 24 * HOUR),
                'order': 'asc',
                'limit': 400,
                'offset': offset,
            },
        ).json()
        pages.extend(body['data'])
        assert body['pagination']['returned'] == len(body['data'])
        offset += len(body['data'])
        if not body['pagination']['hasMore']:
            break
    assert pages == everything
    times = [ms_of(row) for row in everything]
    assert times == sorted(times)
    assert min(times) >= NOW - 48 * HOUR and max(times) < NOW - 24 * HOUR


def test_v2_from_is_inclusive_and_to_exclusive(logging: TestClient) -> None:
    rows = whole_day(logging)
    pick = rows[10]
    moment = ms_of(pick)
    at = query(logging, **{'from': iso(moment), 'to': iso(moment + 1), 'limit': 10}).json()['data']
    assert pick in at
    before = query(logging, **{'from': iso(moment - 1000), 'to': iso(moment), 'limit': 10000}).json()['data']
    assert pick not in before


@pytest.mark.parametrize(
    'params, check',
    [
        ({'status': '404'}, lambda row: row['statusCode'] == 404),
        ({'status': '4xx,503'}, lambda row: 400 <= row['statusCode'] < 500 or row['statusCode'] == 503),
        ({'status': '5XX'}, lambda row: row['statusCode'] >= 500),
        ({'cacheStatus': 'MISS,-'}, lambda row: row['cacheStatus'] in ('MISS', '-')),
        ({'country': 'de,ee'}, lambda row: row['countryCode'] in ('DE', 'EE')),
        ({'edgeLocation': 'SYD,ny'}, lambda row: row['edgeLocation'] in ('SYD', 'NY')),
        ({'urlContains': '/IMAGES/'}, lambda row: '/images/' in row['url']),
        ({'userAgentContains': 'firefox'}, lambda row: 'Firefox' in row['userAgent']),
        ({'refererContains': 'news'}, lambda row: 'news' in row['referer']),
        ({'search': 'googlebot'}, lambda row: 'Googlebot' in row['userAgent']),
    ],
)
def test_v2_filters(logging: TestClient, params: dict[str, str], check: t.Callable[[dict[str, t.Any]], bool]) -> None:
    everything = whole_day(logging)
    filtered = whole_day(logging, **params)
    assert filtered, 'the filter should match some rows'
    assert len(filtered) < len(everything)
    assert filtered == [row for row in everything if check(row)]


def test_v2_remote_ip_and_origin_shield(logging: TestClient) -> None:
    everything = whole_day(logging)
    address = everything[3]['remoteIp']
    assert whole_day(logging, remoteIp=address) == [row for row in everything if row['remoteIp'] == address]
    with_shield = whole_day(logging, includeOriginShield='true')
    extra = [row for row in with_shield if row not in everything]
    assert extra and all(row['originShield'] and row['cacheStatus'] == 'MISS' for row in extra)
    assert not any(row['originShield'] for row in everything)


@pytest.mark.parametrize(
    'params, field',
    [
        ({'from': 'yesterday'}, 'from'),
        ({'to': '2026-13-01T00:00:00Z'}, 'to'),
        ({'from': iso(NOW - 2 * HOUR), 'to': iso(NOW - 3 * HOUR)}, 'to must be after from'),
        ({'from': iso(NOW - 72 * HOUR - 10 * 60000), 'to': iso(NOW - 70 * HOUR)}, '3-day log retention'),
        ({'from': iso(NOW - 73 * HOUR), 'to': iso(NOW)}, 'cannot exceed 3 days'),
        ({'from': iso(NOW + HOUR), 'to': iso(NOW + 2 * HOUR)}, 'from must not be in the future'),
        ({'limit': '0'}, 'limit must be between 1 and 10000'),
        ({'limit': '10001'}, 'limit must be between 1 and 10000'),
        ({'limit': 'many'}, 'limit must be an integer'),
        ({'offset': '-1'}, 'offset must be at least 0'),
        ({'order': 'newest'}, 'order must be asc or desc'),
        ({'status': '4x'}, 'status entries'),
        ({'status': '404,'}, 'status has an empty entry'),
        ({'cacheStatus': 'EXPIRED'}, 'cacheStatus values must be among'),
        ({'country': 'DEU'}, 'country values must be ISO 3166'),
        ({'remoteIp': '1.2.3'}, 'remoteIp must be an IP address'),
        ({'includeOriginShield': 'maybe'}, 'includeOriginShield must be true or false'),
    ],
)
def test_v2_validation(logging: TestClient, params: dict[str, str], field: str) -> None:
    answer = query(logging, **params)
    assert answer.status_code == 400
    assert answer.json()['error'] == 'invalid_request'
    assert field in answer.json()['message']


def test_v2_retention_grace_and_cut(logging: TestClient, monkeypatch) -> None:
    # -3d as a client computed it a moment ago is still accepted.
    assert query(logging, **{'from': iso(NOW - 72 * HOUR - 2000), 'to': iso(NOW - 70 * HOUR)}).status_code == 200
    assert query(logging, **{'from': iso(NOW - 72 * HOUR - 1000)}).status_code == 200
    # An hour later, the oldest hour is gone.
    oldest = query(
        logging, **{'from': iso(NOW - 72 * HOUR), 'to': iso(NOW - 71 * HOUR), 'order': 'asc', 'limit': 10000}
    ).json()['data']
    assert oldest
    monkeypatch.setattr(area, 'now_ms', lambda: NOW + HOUR)
    assert (
        query(logging, **{'from': iso(NOW - 71 * HOUR - 60000), 'to': iso(NOW - 70 * HOUR), 'limit': 10000}).status_code
        == 200
    )
    later = query(logging, **{'from': iso(NOW - 71 * HOUR), 'to': iso(NOW - 70 * HOUR), 'limit': 10000}).json()['data']
    assert not {row['requestId'] for row in oldest} & {row['requestId'] for row in later}


# ---- pull zones, credentials, rate limit -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    'zone, status, code',
    [
        (LOGGING_OFF, 404, 'logging_disabled'),
        (SUSPENDED, 403, 'forbidden'),
        (DISABLED, 403, 'forbidden'),
        (999999, 404, 'not_found'),
    ],
)
def test_zones_that_cannot_be_read(logging: TestClient, zone: int, status: int, code: str) -> None:
    for path in (f'/v2/pullzones/{zone}/logs', day_path(NOW - 24 * HOUR, zone)):
        answer = logging.get(path)
        assert answer.status_code == status
        body = answer.json()
        assert body['error'] == code and body['message'] and set(body) == {'error', 'message'}


def test_suspended_and_disabled_say_which(logging: TestClient) -> None:
    assert 'suspended' in query(logging, SUSPENDED).json()['message']
    assert 'disabled' in query(logging, DISABLED).json()['message']


def test_credentials(fixed: State) -> None:
    app = build_service('logging', fixed)
    path = f'/v2/pullzones/{LOGGING_ON}/logs'
    none = TestClient(app).get(path)
    assert none.status_code == 401 and none.json()['error'] == 'unauthorized'
    wrong = TestClient(app, headers={'AccessKey': 'wrong'}).get(path)
    assert wrong.status_code == 403 and wrong.json()['error'] == 'forbidden'
    token = area.make_jwt(KEY, {'sub': 'user', 'exp': int(time.time()) + 600})
    assert TestClient(app, headers={'Authorization': f'Bearer {token}'}).get(path).status_code == 200
    forged = area.make_jwt('another key', {'sub': 'user'})
    assert TestClient(app, headers={'Authorization': f'Bearer {forged}'}).get(path).status_code == 403
    expired = area.make_jwt(KEY, {'sub': 'user', 'exp': int(time.time()) - 1})
    assert TestClient(app, headers={'Authorization': f'Bearer {expired}'}).get(path).status_code == 403
    assert TestClient(app, headers={'Authorization': 'Bearer not.a.jwt'}).get(path).status_code == 403
    assert (
        TestClient(app, headers={'Authorization': f'Bearer {token}'}).get(day_path(NOW - 24 * HOUR)).status_code == 200
    )


def test_rate_limit_per_pull_zone(logging: TestClient, clock: Clock, fixed: State) -> None:
    for _request in range(30):
        assert query(logging, limit=1).status_code == 200
        clock.now += 0.1
    limited = query(logging, limit=1)
    assert limited.status_code == 429
    assert limited.json()['error'] == 'rate_limited'
    assert limited.headers['Retry-After'] == '7'  # the first request leaves the window 7.0 s later
    assert logging.get(day_path(NOW - 24 * HOUR)).status_code == 429  # both versions count
    assert query(logging, 1006, limit=1).status_code == 200  # another pull zone has its own budget
    clock.now += 7.0
    assert query(logging, limit=1).status_code == 200
    assert [entry['status'] for entry in fixed.requests if entry['service'] == 'logging'][-4:] == [429, 429, 200, 200]


def test_requests_are_recorded(fixed: State, logging: TestClient) -> None:
    query(logging, limit=3, status='404')
    entry = fixed.requests[-1]
    assert entry['service'] == 'logging' and entry['method'] == 'GET'
    assert (
        entry['path'] == f'/v2/pullzones/{LOGGING_ON}/logs'
        and 'status=404' in entry['query']
        and entry['status'] == 200
    )


# ---- v1 --------------------------------------------------------------------------------------------------------------


def day_start(millis: int) -> int:
    return millis - millis % (24 * HOUR)


def test_v1_day_file_matches_v2(logging: TestClient) -> None:
    begin = day_start(NOW - 24 * HOUR)
    answer = logging.get(day_path(begin))
    assert answer.status_code == 200
    assert answer.headers['content-type'].startswith('text/plain')
    lines = answer.text.splitlines()
    assert len(lines) > 500 and answer.text.endswith('\n')
    v2 = query(logging, **{'from': iso(begin), 'to': iso(begin + 24 * HOUR), 'order': 'asc', 'limit': 10000}).json()[
        'data'
    ]
    assert len(lines) == len(v2)
    for text, row in zip(lines, v2, strict=True):
        fields = text.split('|')
        assert len(fields) == 12
        expected = [str(row[name]) for name in area.V1_FIELDS]
        expected[2] = str(ms_of(row))
        assert fields == expected


def test_v1_query(logging: TestClient) -> None:
    path = day_path(NOW - 24 * HOUR)
    lines = logging.get(path).text.splitlines()
    assert logging.get(path, params={'start': 10, 'end': 15}).text.splitlines() == lines[10:15]
    assert logging.get(path, params={'start': 5}).text.splitlines() == lines[5:]
    assert logging.get(path, params={'end': 0}).text == ''
    assert logging.get(path, params={'order': 'desc', 'end': 3}).text.splitlines() == lines[::-1][:3]
    not_found = [text for text in lines if text.split('|')[1] == '404']
    assert logging.get(path, params={'status': '404'}).text.splitlines() == not_found
    errors = [text for text in lines if text.split('|')[1].startswith(('4', '5'))]
    assert logging.get(path, params={'status': '4xx,5xx'}).text.splitlines() == errors
    curl = [text for text in lines if 'curl/' in text.split('|')[9]]
    assert curl and logging.get(path, params={'search': 'CURL/'}).text.splitlines() == curl
    assert logging.get(path, params={'status': '404', 'start': 1, 'end': 3}).text.splitlines() == not_found[1:3]


@pytest.mark.parametrize(
    'path, params, message',
    [
        ('/2026-11-21/1001.log', {}, 'The date must be MM-dd-yy'),
        ('/11-31-26/1001.log', {}, 'The date must be MM-dd-yy'),
        ('/01-01-20/1001.log', {}, 'outside the 3-day log retention'),
        ('/11-23-26/1001.log', {}, 'outside the 3-day log retention'),
        ('/11-21-26/1001.log', {'start': '-1'}, 'start must be at least 0'),
        ('/11-21-26/1001.log', {'start': '5', 'end': '2'}, 'end must not be less than start'),
        ('/11-21-26/1001.log', {'order': 'up'}, 'order must be asc or desc'),
        ('/11-21-26/1001.log', {'status': '2x'}, 'status entries'),
    ],
)
def test_v1_validation(logging: TestClient, path: str, params: dict[str, str], message: str) -> None:
    answer = logging.get(path, params=params)
    assert answer.status_code == 400
    assert answer.json()['error'] == 'invalid_request' and message in answer.json()['message']


def test_v1_days_in_retention(logging: TestClient) -> None:
    for days in range(4):
        assert logging.get(day_path(NOW - days * 24 * HOUR)).status_code == 200
    oldest = logging.get(day_path(NOW - 72 * HOUR)).text.splitlines()
    assert oldest and all(int(text.split('|')[2]) >= NOW - 72 * HOUR for text in oldest)
