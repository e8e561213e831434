# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's Shield event logs (spec 2.5, 4.4, 4.5, 7.2, 8 and GAPS.md), in-process, on a fixed clock."""

from __future__ import annotations

import csv
import datetime
import io
import ipaddress
import json
import typing as t

import pytest
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.emulator.areas import AREAS, shield_events as area
from ansible_collections.edge.platform.tests.emulator.core import State
from ansible_collections.edge.platform.tests.emulator.server import build_service
from ansible_collections.edge.platform.tests.unit.helpers import EMULATOR_KEY as KEY

UTC = datetime.timezone.utc
NOW = datetime.datetime(2026, 11, 22, 15, 30, 12, 345000, tzinfo=UTC)
NOW_MS = int(NOW.timestamp() * 1000)
HOUR = 3600 * 1000
BUSY, QUIET = 3001, 3003
WRAPPER_KEYS = {'logs', 'hasMoreData', 'continuationToken', 'startToken', 'errorResponse'}
LABELS = {'asn', 'country', 'ruleId', 'severity', 'method', 'ruleGroup', 'status', 'serverZone'}
PROBLEM_KEYS = {'type', 'title', 'status', 'detail', 'instance'}


@pytest.fixture(autouse=True)
def clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(area, 'now_ms', lambda: NOW_MS)


def day(days_ago: int) -> str:
    return (NOW.date() - datetime.timedelta(days=days_ago)).strftime('%m-%d-%Y')


def day_bounds(days_ago: int) -> tuple[int, int]:
    start = datetime.datetime.combine(NOW.date() - datetime.timedelta(days=days_ago), datetime.time(), UTC)
    return int(start.timestamp() * 1000), int(start.timestamp() * 1000) + 24 * HOUR - 1


def all_pages(api: TestClient, zone: int, date: str) -> list[dict[str, t.Any]]:
    pages = [api.get(f'/shield/event-logs/{zone}/{date}/').json()]
    while pages[-1]['hasMoreData']:
        pages.append(api.get(f"/shield/event-logs/{zone}/{date}/{pages[-1]['continuationToken']}").json())
    return pages


def export(api: TestClient, zone: int = BUSY, **body: t.Any) -> t.Any:
    body.setdefault('from', NOW_MS - 24 * HOUR)
    body.setdefault('to', NOW_MS)
    return api.post(f'/shield/event-logs/{zone}/export', json=body)


def rows_of(response: t.Any) -> list[dict[str, str]]:
    assert response.status_code == 200, response.text
    assert response.headers['content-type'].startswith('text/csv')
    return list(csv.DictReader(io.StringIO(response.text)))


# ---- seed ------------------------------------------------------------------------------------------------


def test_seed_keeps_rates_only(state: State) -> None:
    rates = state.data['shield_event_rates']
    assert sorted(rates) == sorted(state.data['shield_zones'])
    assert rates[BUSY] == 40.0 and rates[QUIET] == 0.0
    assert all(isinstance(rate, float) for rate in rates.values())


def test_memory_light_at_scale() -> None:
    big = State(api_key=KEY, scale=3000, areas=AREAS)
    big.reset()
    assert len(big.data['shield_event_rates']) == 2000
    api = TestClient(build_service('api', big), headers={'AccessKey': KEY})
    last = max(big.data['shield_zones'])
    assert api.get(f'/shield/event-logs/{last}/{day(1)}/').status_code == 200


def test_logs_are_deterministic_per_seed(state: State, api: TestClient) -> None:
    again = State(api_key=KEY, scale=12, areas=AREAS)
    again.reset()
    other = State(api_key=KEY, scale=13, areas=AREAS)
    other.reset()
    first = api.get(f'/shield/event-logs/{BUSY}/{day(1)}/').json()
    same = (
        TestClient(build_service('api', again), headers={'AccessKey': KEY})
        .get(f'/shield/event-logs/{BUSY}/{day(1)}/')
        .json()
    )
    different = (
        TestClient(build_service('api', other), headers={'AccessKey': KEY})
        .get(f'/shield/event-logs/{BUSY}/{day(1)}/')
        .json()
    )
    assert first == same
    assert first['logs'] != different['logs']
    assert api.get(f'/shield/event-logs/{BUSY}/{day(1)}/').json() == first


# ---- pages ----------------------------------------------------------------------------------------------------


def test_page_wrapper_and_entries(api: TestClient) -> None:
    response = api.get(f'/shield/event-logs/{BUSY}/{day(1)}/')
    assert response.status_code == 200
    page = response.json()
    assert set(page) == WRAPPER_KEYS
    assert page['errorResponse'] == {'success': True, 'message': '', 'errorKey': ''}
    assert len(page['logs']) == area.PAGE_SIZE and page['hasMoreData'] is True
    assert isinstance(page['continuationToken'], str) and page['continuationToken']
    assert isinstance(page['startToken'], str) and page['startToken']
    for entry in page['logs']:
        assert set(entry) == {'logId', 'timestamp', 'log', 'labels'}
        assert isinstance(entry['logId'], str) and isinstance(entry['timestamp'], int) and isinstance(entry['log'], str)
        assert set(entry['labels']) == LABELS and all(isinstance(value, str) for value in entry['labels'].values())
        context = json.loads(entry['log'])
        assert context['ruleId'] == entry['labels']['ruleId']
        ipaddress.ip_address(context['ip'])
        assert context['url'].startswith('https://')


def test_paging_covers_the_day_in_order(api: TestClient) -> None:
    pages = all_pages(api, BUSY, day(1))
    assert len(pages) >= 5
    logs = [entry for page in pages for entry in page['logs']]
    start, end = day_bounds(1)
    assert all(start <= entry['timestamp'] <= end for entry in logs)
    assert [entry['timestamp'] for entry in logs] == sorted(entry['timestamp'] for entry in logs)
    assert len({entry['logId'] for entry in logs}) == len(logs)
    assert all(len(page['logs']) == area.PAGE_SIZE for page in pages[:-1])
    assert pages[-1]['hasMoreData'] is False and pages[-1]['continuationToken'] == ''
    # each page's startToken is the token that read it
    assert [page['startToken'] for page in pages[1:]] == [page['continuationToken'] for page in pages[:-1]]
    again = api.get(f"/shield/event-logs/{BUSY}/{day(1)}/{pages[2]['startToken']}").json()
    assert again == pages[2]


def test_first_page_with_or_without_the_slash(api: TestClient) -> None:
    assert (
        api.get(f'/shield/event-logs/{BUSY}/{day(0)}').json() == api.get(f'/shield/event-logs/{BUSY}/{day(0)}/').json()
    )


def test_today_ends_now(api: TestClient) -> None:
    logs = [entry for page in all_pages(api, BUSY, day(0)) for entry in page['logs']]
    assert logs and max(entry['timestamp'] for entry in logs) <= NOW_MS
    assert min(entry['timestamp'] for entry in logs) >= day_bounds(0)[0]


def test_quiet_zone_and_zone_created_later(api: TestClient) -> None:
    page = api.get(f'/shield/event-logs/{QUIET}/{day(1)}/').json()
    assert page['logs'] == [] and page['hasMoreData'] is False and page['continuationToken'] == ''
    created = api.post('/shield/shield-zone', json={'pullZoneId': 1003}).json()['data']['shieldZone']['shieldZoneId']
    assert api.get(f'/shield/event-logs/{created}/{day(0)}/').json()['logs'] == []
    assert rows_of(export(api, created)) == []


@pytest.mark.parametrize('days_ago', [3, 10, -1])
def test_days_outside_the_kept_logs_answer_error_response(api: TestClient, days_ago: int) -> None:
    response = api.get(f'/shield/event-logs/{BUSY}/{day(days_ago)}/')
    assert response.status_code == 400
    body = response.json()
    assert set(body) == WRAPPER_KEYS and body['logs'] is None
    assert body['errorResponse'] == {
        'success': False,
        'errorKey': 'invalid_datetime_window.event_logs',
        'message': 'You can only view the past 3 days (72 hours) of Event Logs.',
    }


@pytest.mark.parametrize('date', ['2026-11-21', '11-31-2026', 'export', '1-2-2026'])
def test_a_date_not_mm_dd_yyyy_is_a_problem(api: TestClient, date: str) -> None:
    response = api.get(f'/shield/event-logs/{BUSY}/{date}/')
    assert response.status_code == 400
    assert set(response.json()) == PROBLEM_KEYS and response.json()['title'] == 'validation_error'


def test_tokens_are_bound_to_zone_and_day(api: TestClient) -> None:
    token = api.get(f'/shield/event-logs/{BUSY}/{day(1)}/').json()['continuationToken']
    for path in (
        f'/shield/event-logs/3002/{day(1)}/{token}',
        f'/shield/event-logs/{BUSY}/{day(0)}/{token}',
        f'/shield/event-logs/{BUSY}/{day(1)}/forged',
        f'/shield/event-logs/{BUSY}/{day(1)}/{token[:-2]}xx',
    ):
        response = api.get(path)
        assert response.status_code == 400, path
        assert response.json()['errorResponse']['errorKey'] == 'invalid_continuation_token'


def test_unknown_zone_and_auth(api: TestClient, state: State) -> None:
    response = api.get(f'/shield/event-logs/999999/{day(1)}/')
    assert response.status_code == 404
    assert response.json() == {
        'data': None,
        'error': {
            'success': False,
            'message': 'Shield Zone 999999 was not found.',
            'errorKey': 'shield_zone.not_found',
        },
    }
    assert export(api, 999999).status_code == 404
    anonymous = TestClient(build_service('api', state))
    assert anonymous.get(f'/shield/event-logs/{BUSY}/{day(1)}/').status_code == 401


# ---- export ----------------------------------------------------------------------------------------------------


def test_export_is_the_whole_window_with_a_header(api: TestClient) -> None:
    start, end = day_bounds(1)
    response = export(api, **{'from': start, 'to': end})
    assert response.text.splitlines()[0] == ','.join(area.CSV_COLUMNS)
    assert 'attachment' in response.headers['content-disposition']
    rows = rows_of(response)
    logs = [entry for page in all_pages(api, BUSY, day(1)) for entry in page['logs']]
    assert [row['logId'] for row in rows] == [entry['logId'] for entry in logs]
    first, entry = rows[0], logs[0]
    assert int(first['timestamp']) == entry['timestamp']
    assert first['ruleId'] == entry['labels']['ruleId'] and first['country'] == entry['labels']['country']
    assert first['datetime'].endswith('Z')
    assert export(api, **{'from': start, 'to': end}).content == response.content


def test_export_of_72_hours(api: TestClient) -> None:
    rows = rows_of(export(api, **{'from': NOW_MS - 72 * HOUR, 'to': NOW_MS}))
    assert len(rows) > 2500
    assert all(NOW_MS - 72 * HOUR <= int(row['timestamp']) <= NOW_MS for row in rows)


def test_query_searches_ip_rule_url_agent_and_rule_name(api: TestClient) -> None:
    every = rows_of(export(api))
    for query in ('SQLMAP', '942100', '/wp-login', '192.0.2.1', 'libinjection'):
        rows = rows_of(export(api, query=query))
        expected = [
            row['logId']
            for row in every
            if any(query.lower() in row[key].lower() for key in ('ip', 'ruleId', 'url', 'ua', 'ruleName'))
        ]
        assert rows and [row['logId'] for row in rows] == expected, query


@pytest.mark.parametrize(
    'flt, keep',
    [
        ({'field': 'action', 'op': 'eq', 'value': ['block']}, lambda row: row['action'] == 'block'),
        ({'field': 'country', 'op': 'in', 'value': ['DE', 'NL']}, lambda row: row['country'] in ('DE', 'NL')),
        ({'field': 'asn', 'op': 'eq', 'value': ['15169']}, lambda row: row['asn'] == '15169'),
        (
            {'field': 'ruleId', 'op': 'in', 'value': ['942100', 'RL-1001']},
            lambda row: row['ruleId'] in ('942100', 'RL-1001'),
        ),
        ({'field': 'feature', 'op': 'eq', 'value': ['rate_limit']}, lambda row: row['feature'] == 'rate_limit'),
        ({'field': 'ua', 'op': 'contains', 'value': ['khtml']}, lambda row: 'KHTML' in row['ua']),
        ({'field': 'url', 'op': 'wildcard', 'value': ['*/WP-*.php']}, lambda row: '/wp-login.php' in row['url']),
        ({'field': 'ja4', 'op': 'wildcard', 'value': ['t12*', 'q13*']}, lambda row: row['ja4'][:3] in ('t12', 'q13')),
        (
            {'field': 'ip', 'op': 'cidr', 'value': ['192.0.2.0/28', '2001:db8::/32']},
            lambda row: (
                ipaddress.ip_address(row['ip']) in ipaddress.ip_network('192.0.2.0/28')
                or row['ip'].startswith('2001:db8:')
            ),
        ),
    ],
)
def test_filters(api: TestClient, flt: dict[str, t.Any], keep: t.Callable[[dict[str, str]], bool]) -> None:
    every = rows_of(export(api))
    rows = rows_of(export(api, filters=[flt]))
    assert rows and [row['logId'] for row in rows] == [row['logId'] for row in every if keep(row)]
    assert len(rows) < len(every)


def test_filters_combine_with_and(api: TestClient) -> None:
    rows = rows_of(
        export(
            api,
            query='sqlmap',
            filters=[
                {'field': 'action', 'op': 'eq', 'value': ['block']},
                {'field': 'country', 'op': 'in', 'value': ['US', 'DE', 'CN']},
            ],
        )
    )
    assert rows
    assert all(
        row['action'] == 'block' and row['country'] in ('US', 'DE', 'CN') and 'sqlmap' in row['ua'] for row in rows
    )


@pytest.mark.parametrize(
    'body, detail',
    [
        ({'from': NOW_MS - HOUR, 'to': NOW_MS - HOUR}, 'to must be after from'),
        ({'from': NOW_MS - HOUR, 'to': NOW_MS - 2 * HOUR}, 'to must be after from'),
        ({'from': NOW_MS - 73 * HOUR}, 'within the last 72 hours'),
        ({'to': NOW_MS + HOUR}, 'within the last 72 hours'),
    ],
)
def test_the_72_hour_window_is_enforced(api: TestClient, body: dict[str, t.Any], detail: str) -> None:
    response = export(api, **body)
    assert response.status_code == 400
    problem = response.json()
    assert set(problem) == PROBLEM_KEYS and problem['status'] == 400
    assert problem['title'] == 'invalid_datetime_window.event_logs' and detail in problem['detail']


def test_a_minute_of_clock_skew_is_allowed(api: TestClient) -> None:
    assert export(api, **{'from': NOW_MS - 72 * HOUR - 30000, 'to': NOW_MS + 30000}).status_code == 200


@pytest.mark.parametrize(
    'body, detail',
    [
        ({'from': None}, 'from is required'),
        ({'to': 'now'}, 'to is required'),
        ({'from': True}, 'from is required'),
        ({'limit': 5}, "'limit' is not a property"),
        ({'query': 5}, 'query must be a string'),
        ({'filters': {'field': 'ip'}}, 'filters must be an array'),
        ({'filters': [{'field': 'host', 'op': 'eq', 'value': ['x']}]}, "filters[0].field 'host' is not one of"),
        ({'filters': [{'field': 'ip', 'op': 'regex', 'value': ['x']}]}, "filters[0].op 'regex' is not one of"),
        (
            {'filters': [{'field': 'country', 'op': 'cidr', 'value': ['DE']}]},
            'the cidr operator applies to the ip field only',
        ),
        ({'filters': [{'field': 'ip', 'op': 'cidr', 'value': ['192.0.2.0/33']}]}, 'filters[0].value'),
        ({'filters': [{'field': 'ip', 'op': 'eq', 'value': []}]}, 'non-empty array of strings'),
        ({'filters': [{'field': 'ip', 'op': 'eq', 'value': '192.0.2.10'}]}, 'non-empty array of strings'),
        ({'filters': [{'field': 'asn', 'op': 'eq', 'value': [15169]}]}, 'non-empty array of strings'),
        ({'filters': [{'field': 'ip', 'op': 'eq', 'value': ['x'], 'not': True}]}, "filters[0].not is not a property"),
    ],
)
def test_bad_export_bodies_are_problems(api: TestClient, body: dict[str, t.Any], detail: str) -> None:
    request = {'from': NOW_MS - HOUR, 'to': NOW_MS}
    request.update(body)
    response = api.post(
        f'/shield/event-logs/{BUSY}/export', json={key: value for key, value in request.items() if value is not None}
    )
    assert response.status_code == 400
    assert set(response.json()) == PROBLEM_KEYS and detail in response.json()['detail']


def test_faults_apply_to_the_export(api: TestClient, state: State) -> None:
    state.add_fault({'service': 'api', 'method': 'POST', 'path': '/export$', 'status': 503, 'times': 1})
    failed = export(api)
    assert failed.status_code == 503
    assert failed.json()['error']['success'] is False  # the Shield envelope
    assert export(api).status_code == 200
    assert [entry['status'] for entry in state.requests[-2:]] == [503, 200]
