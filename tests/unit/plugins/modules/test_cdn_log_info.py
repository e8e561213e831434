# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""cdn_log_info: the v2 window, filters and pages, the v1 day file, errors and the rate limit, input refused before any
request, and the deprecated dest. The helpers serve test_cdn_log_export too."""

from __future__ import annotations

import datetime
import hashlib
import os
import tempfile
import typing as t

import pytest
from ansible.module_utils import basic

from ansible_collections.edge.platform.plugins.module_utils import (
    _cdn_log_query as cdn_log_query,
    _cdn_logs as cdn_logs,
)
from ansible_collections.edge.platform.plugins.modules import cdn_log_info
from ansible_collections.edge.platform.tests.emulator.areas import cdn_logs as cdn_logs_area
from ansible_collections.edge.platform.tests.unit.helpers import API_KEY, LOGGING_URL, Emulator, FakeResponse

# Pull zones of the emulator's seed (scale 12): 1001 logs about two requests a minute, 1002 does not log,
# 1003 is suspended and 1004 disabled.
ARGS = {'api_key': API_KEY, 'logging_api_url': LOGGING_URL, 'api_retries': 2, 'pullzone_id': 1001}
V2_PATH = r'^/v2/pullzones/1001/logs$'
UTC = datetime.timezone.utc


def today() -> datetime.date:
    return datetime.datetime.now(UTC).date()


def yesterday() -> datetime.date:
    return today() - datetime.timedelta(days=1)


def v1_path(day: datetime.date, zone: int = 1001) -> str:
    return rf"^/{day.strftime('%m-%d-%y')}/{zone}\.log$"


def day_window(day: datetime.date) -> dict[str, str]:
    """The v2 window of a whole UTC day."""
    return {'from': f'{day.isoformat()}T00:00:00Z', 'to': f'{(day + datetime.timedelta(days=1)).isoformat()}T00:00:00Z'}


def at(day: datetime.date, hour: int, millis: int = 0) -> int:
    """Epoch milliseconds of an hour of a UTC day."""
    return int(datetime.datetime(day.year, day.month, day.day, hour, tzinfo=UTC).timestamp() * 1000) + millis


# ---- what the emulator serves, read by the test itself (not recorded) ------------------------------------------------


def v2_served(emulator: Emulator, zone: int = 1001, **params: t.Any) -> dict[str, t.Any]:
    """The v2 answer of the emulator to ``params``."""
    response = emulator.session().get(
        f'{LOGGING_URL}/v2/pullzones/{zone}/logs', params=params, headers={'AccessKey': API_KEY}
    )
    assert response.status_code == 200, response.text
    emulator.forget_requests()
    return t.cast(dict[str, t.Any], response.json())


def v1_served(emulator: Emulator, day: datetime.date, zone: int = 1001, **params: t.Any) -> bytes:
    """The v1 day file of the emulator for ``params``."""
    response = emulator.session().get(
        f"{LOGGING_URL}/{day.strftime('%m-%d-%y')}/{zone}.log", params=params, headers={'AccessKey': API_KEY}
    )
    assert response.status_code == 200, response.text
    emulator.forget_requests()
    return response.content


def add_rows(emulator: Emulator, rows: list[dict[str, t.Any]], zone: int = 1001) -> list[dict[str, t.Any]]:
    """Live traffic (the admin endpoint POST /traffic): rows added to a pull zone's logs, as the API serves them."""
    response = emulator.admin.post('/traffic', json={'pullzone_id': zone, 'rows': rows})
    assert response.status_code == 201, response.text
    return t.cast(list[dict[str, t.Any]], response.json()['rows'])


def v1_view(entry: dict[str, t.Any]) -> dict[str, t.Any]:
    """A v2 row as the module returns the v1 line of the same request: its 12 fields."""
    return {name: entry[name] for name in cdn_logs.V1_NAMES}


# ---- hand-made answers, for the few the emulator never gives ---------------------------------------------------------


def row(number: int, **extra: t.Any) -> dict[str, t.Any]:
    record = {
        'timestamp': f'2026-11-21T10:00:{number % 60:02d}.000Z',
        'pullZoneId': 1001,
        'requestId': f'r{number:04d}',
        'cacheStatus': 'HIT',
        'statusCode': 200,
        'bytesSent': 100 + number,
        'edgeLocation': 'DE',
        'scheme': 'https',
        'host': 'a.test',
        'path': f'/{number}',
        'url': f'https://a.test/{number}',
        'remoteIp': '192.0.2.1',
        'countryCode': 'DE',
        'userAgent': 'curl/8',
        'referer': '',
    }
    record.update(extra)
    return record


def page(rows: list[dict[str, t.Any]], offset: int, limit: int, more: bool) -> dict[str, t.Any]:
    return {
        'data': rows,
        'pagination': {'offset': offset, 'limit': limit, 'returned': len(rows), 'hasMore': more},
        'query': {},
    }


def line(number: int, status: int = 200, agent: str = 'curl/8') -> str:
    millis = 1795000000000 + number
    return (
        f'HIT|{status}|{millis}|{100 + number}|1001|192.0.2.{number % 250}||https://a.test/{number}|DE|{agent}|'
        f'r{number:04d}|DE\n'
    )


def day_file(count: int) -> bytes:
    return ''.join(line(number) for number in range(count)).encode()


# ---- v2 -------------------------------------------------------------------------------------------------------------


def test_v2_sends_the_whole_window_and_returns_the_rows(emulator, run_module):
    outcome = run_module(cdn_log_info.main, dict(ARGS, start='-2h'))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is False
    [call] = emulator.sent
    assert (call.service, call.path, call.status) == ('logging', '/v2/pullzones/1001/logs', 200)
    assert call.headers['AccessKey'] == API_KEY
    start = datetime.datetime.fromisoformat(call.params['from'].replace('Z', '+00:00'))
    end = datetime.datetime.fromisoformat(call.params['to'].replace('Z', '+00:00'))
    assert end - start == datetime.timedelta(hours=2)
    assert abs((datetime.datetime.now(UTC) - end).total_seconds()) < 60
    assert call.params['limit'] == '100' and call.params['offset'] == '0'
    assert 'order' not in call.params and 'status' not in call.params and 'includeOriginShield' not in call.params
    served = v2_served(emulator, **call.params)
    assert outcome.result['logs'] == served['data'] and len(served['data']) == 100
    # Two hours hold more than the default limit of 100 rows: the next ones start at 100.
    assert served['pagination']['hasMore'] is True
    assert outcome.result['has_more'] is True and outcome.result['next_offset'] == 100


def test_v2_without_start_reads_the_24_hours_before_end(emulator, run_module):
    end = (datetime.datetime.now(UTC) - datetime.timedelta(hours=2)).replace(microsecond=0)
    outcome = run_module(cdn_log_info.main, dict(ARGS, end=end.strftime('%Y-%m-%dT%H:%M:%SZ')))
    assert not outcome.failed, outcome.result
    [call] = emulator.sent
    assert call.params['to'] == end.strftime('%Y-%m-%dT%H:%M:%SZ')
    assert call.params['from'] == (end - datetime.timedelta(hours=24)).strftime('%Y-%m-%dT%H:%M:%SZ')
    assert call.status == 200 and outcome.result['logs'] == v2_served(emulator, **call.params)['data']


def test_epoch_milliseconds_are_accepted(emulator, run_module):
    end = int(datetime.datetime.now(UTC).timestamp()) * 1000 - 3600 * 1000
    outcome = run_module(cdn_log_info.main, dict(ARGS, start=end - 600 * 1000, end=str(end)))
    assert not outcome.failed, outcome.result
    [call] = emulator.sent
    assert call.params['to'] == datetime.datetime.fromtimestamp(end / 1000, UTC).strftime('%Y-%m-%dT%H:%M:%SZ')
    assert call.params['from'] == datetime.datetime.fromtimestamp(end / 1000 - 600, UTC).strftime('%Y-%m-%dT%H:%M:%SZ')
    assert call.status == 200


def test_v2_filters_are_sent_with_the_api_names(emulator, run_module):
    outcome = run_module(
        cdn_log_info.main,
        dict(
            ARGS,
            start='-1d',
            end='now',
            status=['404', '5XX', '404'],
            cache_status=['hit', '-', 'Miss'],
            country=['de', 'FR'],
            edge_location=['DE', 'NY'],
            remote_ip='2001:db8::1',
            url_contains='/img/',
            user_agent_contains='bot',
            referer_contains='example',
            search='logo',
            include_origin_shield=True,
            limit=10,
            offset=20,
            order='asc',
        ),
    )
    assert not outcome.failed, outcome.result
    [call] = emulator.sent
    assert call.status == 200  # the API takes every filter as sent
    params = call.params
    assert params['status'] == '404,5xx'
    assert params['cacheStatus'] == 'HIT,-,MISS'
    assert params['country'] == 'DE,FR'
    assert params['edgeLocation'] == 'DE,NY'
    assert params['remoteIp'] == '2001:db8::1'
    assert params['urlContains'] == '/img/'
    assert params['userAgentContains'] == 'bot'
    assert params['refererContains'] == 'example'
    assert params['search'] == 'logo'
    assert params['includeOriginShield'] == 'true'
    assert (params['limit'], params['offset'], params['order']) == ('10', '20', 'asc')


def test_v2_follows_the_pagination_until_the_limit(fake_api, run_module):
    # A hand-made answer: the emulator never answers fewer rows than asked for while it has more.
    fake_api.add(
        'GET',
        V2_PATH,
        page([row(n) for n in range(100)], 0, 250, True),
        page([row(n) for n in range(100, 200)], 100, 150, True),
        page([row(n) for n in range(200, 250)], 200, 50, True),
    )
    outcome = run_module(cdn_log_info.main, dict(ARGS, limit=250, offset=0))
    assert [r['requestId'] for r in outcome.result['logs']] == [f'r{n:04d}' for n in range(250)]
    assert [(c.params['limit'], c.params['offset']) for c in fake_api.calls] == [(250, 0), (150, 100), (50, 200)]
    assert outcome.result['has_more'] is True
    assert outcome.result['next_offset'] == 250


def test_v2_stops_when_the_api_has_no_more(emulator, run_module):
    outcome = run_module(cdn_log_info.main, dict(ARGS, limit=10000, offset=5))
    [call] = emulator.sent
    assert (call.params['limit'], call.params['offset']) == ('10000', '5')
    served = v2_served(emulator, **call.params)
    assert served['pagination']['hasMore'] is False and len(served['data']) > 1000  # a day of requests, after 5
    assert outcome.result['logs'] == served['data']
    assert outcome.result['has_more'] is False and outcome.result['next_offset'] is None


def test_v2_keeps_the_limit_when_the_api_returns_more(fake_api, run_module):
    # A hand-made answer: the emulator never answers more rows than the limit asks for.
    fake_api.add('GET', V2_PATH, page([row(n) for n in range(5)], 0, 3, False))
    outcome = run_module(cdn_log_info.main, dict(ARGS, limit=3))
    assert len(outcome.result['logs']) == 3
    assert outcome.result['has_more'] is True and outcome.result['next_offset'] == 3


def test_long_paging_runs_are_paced_under_the_rate_limit(fake_api, run_module, monkeypatch):
    # A hand-made answer: one row a page, so a run sends 65 requests; the emulator answers as many rows as asked for.
    moments = {'now': 0.0}
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        moments['now'] += seconds

    monkeypatch.setattr(cdn_log_query, 'Pacer', lambda: cdn_logs.Pacer(clock=lambda: moments['now'], sleep=sleep))
    fake_api.add('GET', V2_PATH, lambda call: page([row(call.params['offset'])], call.params['offset'], 1, True))
    outcome = run_module(cdn_log_info.main, dict(ARGS, limit=65))
    assert len(outcome.result['logs']) == 65 and len(fake_api.calls) == 65
    # 30 requests at once, then a wait for the window, twice.
    assert slept == [10.0, 10.0]


def test_a_rate_limit_answer_is_waited_out(emulator, run_module):
    emulator.add_fault(service='logging', path=V2_PATH, status=429, retry_after=3)
    outcome = run_module(cdn_log_info.main, ARGS)
    assert not outcome.failed
    assert [call.status for call in emulator.sent] == [429, 200]
    assert emulator.sent[0].params == emulator.sent[1].params
    assert emulator.slept == [3.0]  # Retry-After honoured
    assert outcome.result['logs'] == v2_served(emulator, **emulator.sent[1].params)['data']


@pytest.mark.parametrize(
    'args, fault, status, code, message',
    [
        ({'pullzone_id': 1002}, None, 404, 'logging_disabled', 'Logging is not enabled for pull zone 1002.'),
        ({'pullzone_id': 1003}, None, 403, 'forbidden', 'Pull zone 1003 is suspended.'),
        ({'pullzone_id': 1004}, None, 403, 'forbidden', 'Pull zone 1004 is disabled.'),
        ({'pullzone_id': 999}, None, 404, 'not_found', 'Pull zone 999 was not found.'),
        ({'api_key': 'not-the-account-key-0123456789'}, None, 403, 'forbidden', 'The credentials are invalid.'),
        ({}, 401, 401, 'unauthorized', 'Authorization has been denied for this request.'),
    ],
)
def test_api_errors_are_failures_with_the_api_code(emulator, run_module, args, fault, status, code, message):
    if fault is not None:
        emulator.add_fault(service='logging', path=r'^/v2/pullzones/', status=fault)
    outcome = run_module(cdn_log_info.main, dict(ARGS, **args))
    assert outcome.failed
    zone = args.get('pullzone_id', 1001)
    assert outcome.result['failure'] == {'status': status, 'error_key': code, 'message': message}
    assert outcome.result['msg'] == f'query CDN logs of pull zone {zone} failed: HTTP {status} {code}: {message}'
    assert [(call.path, call.status) for call in emulator.sent] == [(f'/v2/pullzones/{zone}/logs', status)]


def test_a_window_the_api_finds_outside_its_retention_is_its_failure(emulator, run_module, monkeypatch):
    # The API's clock runs ten minutes ahead: the module's earliest start lies before the API's retention.
    real = cdn_logs_area.now_ms
    monkeypatch.setattr(cdn_logs_area, 'now_ms', lambda: real() + 10 * 60 * 1000)
    outcome = run_module(cdn_log_info.main, dict(ARGS, start='-3d', end='-2d'))
    assert outcome.failed
    failure = outcome.result['failure']
    assert (failure['status'], failure['error_key']) == (400, 'invalid_request')
    assert failure['message'].startswith('from must fall within the 3-day log retention window (not before ')
    assert (
        outcome.result['msg']
        == f"query CDN logs of pull zone 1001 failed: HTTP 400 invalid_request: {failure['message']}"
    )
    assert [call.status for call in emulator.sent] == [400]  # a 4xx is not retried


def test_the_management_api_is_not_needed(emulator, run_module):
    outcome = run_module(cdn_log_info.main, ARGS)
    assert 'api_url' not in ARGS and not outcome.failed
    assert [(call.service, call.status) for call in emulator.sent] == [('logging', 200)]


# ---- refused before any request --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    'args, message',
    [
        ({'pullzone_id': 0}, 'pullzone_id must be a positive integer'),
        ({'limit': 0}, 'limit must be between 1 and 10000, got 0'),
        ({'limit': 10001}, 'limit must be between 1 and 10000, got 10001'),
        ({'offset': -1}, 'offset must be 0 or more'),
        (
            {'status': ['45']},
            "status entries must be an HTTP status code such as \"404\" or a class such as \"4xx\", got '45'",
        ),
        ({'status': ['4xxx']}, 'status entries must be'),
        ({'status': ['600']}, 'status entries must be'),
        (
            {'cache_status': ['HIT', 'EXPIRED']},
            "cache_status entries must be among HIT, MISS, BYPASS, REVALIDATED, STALE, UPDATING, -, got 'EXPIRED'",
        ),
        ({'country': ['DEU']}, 'country entries must be ISO 3166 alpha-2 codes'),
        ({'edge_location': ['DE,FR']}, 'edge_location entries must not be empty or hold a comma'),
        ({'remote_ip': '300.1.1.1'}, 'remote_ip must be an IPv4 or IPv6 address'),
        ({'url_contains': '  '}, 'url_contains must not be empty'),
        ({'start': 'yesterday'}, 'start must be ISO 8601'),
        ({'end': '-5x'}, 'end must be ISO 8601'),
        ({'start': '-2h', 'end': '-3h'}, 'end must be after start'),
        ({'start': '-4d', 'end': '-2h'}, 'start and end may be at most 3 days apart'),
        ({'start': '-73h', 'end': '-72h'}, 'start 20'),
        ({'start': '-73h', 'end': '-72h'}, 'is outside the 3-day log retention'),
        ({'end': '-60h'}, 'start (by default 24 hours before end)'),
        ({'start': '+1h', 'end': '+2h'}, 'is in the future'),
        ({'start': 1795000000}, 'looks like epoch seconds'),
        ({'date': '2026-11-21'}, 'date is not supported with api_version 2 (only with api_version 1)'),
        ({'dest': '/tmp/x.log'}, 'dest is not supported with api_version 2'),
        ({'api_version': 1}, 'api_version is 1 but all of the following are missing: date'),
        ({'api_version': 1, 'date': '21-11-2026'}, 'date must be a date as YYYY-MM-DD'),
        ({'api_version': 1, 'date': '2026-02-30'}, 'is not a calendar date'),
        ({'api_version': 1, 'date': '2020-01-01'}, 'date 2020-01-01 is outside the 3-day log retention'),
        (
            {'api_version': 1, 'date': 'TODAY', 'cache_status': ['HIT'], 'start': '-1h'},
            'start, cache_status are not supported with api_version 1',
        ),
        (
            {'api_version': 1, 'date': 'TODAY', 'include_origin_shield': True},
            'include_origin_shield is not supported with api_version 1',
        ),
        (
            {'api_version': 1, 'date': 'TODAY', 'dest': '/nonexistent-dir/day.log'},
            'the directory of dest (/nonexistent-dir) does not exist',
        ),
        ({'api_version': 1, 'date': 'TODAY', 'dest': '/tmp'}, 'dest /tmp is a directory'),
        ({'api_version': 3}, 'value of api_version must be one of: 1, 2'),
        ({'order': 'newest'}, 'value of order must be one of: asc, desc'),
    ],
)
def test_bad_input_is_refused_before_any_request(emulator, run_module, args, message):
    args = {key: (today().isoformat() if value == 'TODAY' else value) for key, value in args.items()}
    outcome = run_module(cdn_log_info.main, dict(ARGS, **args))
    assert outcome.failed
    assert message in outcome.result['msg']
    assert emulator.sent == []


def test_retention_allows_exactly_three_days(emulator, run_module):
    outcome = run_module(cdn_log_info.main, dict(ARGS, start='-3d', end='now'))
    assert not outcome.failed, outcome.result
    [call] = emulator.sent
    assert call.status == 200  # the API takes the window too
    start = datetime.datetime.fromisoformat(call.params['from'].replace('Z', '+00:00'))
    end = datetime.datetime.fromisoformat(call.params['to'].replace('Z', '+00:00'))
    assert end - start == datetime.timedelta(days=3)
    assert outcome.result['logs'] == v2_served(emulator, **call.params)['data']


@pytest.mark.parametrize('days_back', [0, 1, 2, 3])
def test_v1_dates_within_retention_are_accepted(emulator, run_module, days_back):
    day = today() - datetime.timedelta(days=days_back)
    outcome = run_module(cdn_log_info.main, dict(ARGS, api_version=1, date=day.isoformat()))
    assert not outcome.failed, outcome.result
    assert [(call.service, call.path, call.status) for call in emulator.sent] == [
        ('logging', f"/{day.strftime('%m-%d-%y')}/1001.log", 200)
    ]
    stamps = [entry['timestamp'] for entry in outcome.result['logs']]
    assert all(stamp.startswith(day.isoformat()) for stamp in stamps)
    assert stamps == sorted(stamps)  # oldest first


# ---- v1 --------------------------------------------------------------------------------------------------------------


def test_v1_rows_use_the_v2_names(emulator, run_module):
    outcome = run_module(cdn_log_info.main, dict(ARGS, api_version=1, date=yesterday().isoformat()))
    assert not outcome.failed, outcome.result
    [call] = emulator.sent
    assert (call.service, call.path, call.params) == ('logging', f"/{yesterday().strftime('%m-%d-%y')}/1001.log", {})
    # The same requests through v2 (a whole day, oldest first): the v1 rows carry their 12 fields by the v2 names.
    served = v2_served(emulator, **day_window(yesterday()), order='asc', limit=10000)
    assert served['pagination']['hasMore'] is False and len(served['data']) > 1000
    assert outcome.result['logs'] == [v1_view(entry) for entry in served['data']]
    assert outcome.result['has_more'] is False


def test_v1_query_carries_filters_order_and_line_indexes(emulator, run_module):
    add_rows(
        emulator,
        [{'timestamp': at(yesterday(), 12, n), 'path': '/images/logo.png', 'statusCode': 404} for n in range(20)],
    )
    outcome = run_module(
        cdn_log_info.main,
        dict(
            ARGS,
            api_version=1,
            date=yesterday().isoformat(),
            status=['4xx', '503'],
            search='logo',
            order='desc',
            limit=5,
            offset=10,
        ),
    )
    assert emulator.sent[0].params == {
        'status': '4xx,503',
        'search': 'logo',
        'order': 'desc',
        'start': '10',
        'end': '16',
    }
    # The sixth line only tells that there is more.
    expected = v2_served(
        emulator, **day_window(yesterday()), status='4xx,503', search='logo', order='desc', offset=10, limit=5
    )
    assert outcome.result['logs'] == [v1_view(entry) for entry in expected['data']] and len(expected['data']) == 5
    assert outcome.result['has_more'] is True and outcome.result['next_offset'] == 15


def test_v1_limit_exactly_met_has_no_more(emulator, run_module):
    added = add_rows(emulator, [{'timestamp': at(yesterday(), 9, n), 'path': f'/exactly-five/{n}'} for n in range(5)])
    outcome = run_module(
        cdn_log_info.main, dict(ARGS, api_version=1, date=yesterday().isoformat(), search='exactly-five', limit=5)
    )
    assert emulator.sent[0].params == {'search': 'exactly-five', 'end': '6'}
    assert outcome.result['logs'] == [v1_view(entry) for entry in added]
    assert outcome.result['has_more'] is False and outcome.result['next_offset'] is None


def test_v1_pipe_in_the_user_agent(emulator, run_module):
    [added] = add_rows(emulator, [{'timestamp': at(yesterday(), 8), 'path': '/piped', 'userAgent': 'odd|agent|x'}])
    outcome = run_module(cdn_log_info.main, dict(ARGS, api_version=1, date=yesterday().isoformat(), search='/piped'))
    [only] = outcome.result['logs']
    assert only['userAgent'] == 'odd|agent|x'
    assert (only['requestId'], only['countryCode'], only['edgeLocation']) == (
        added['requestId'],
        added['countryCode'],
        added['edgeLocation'],
    )
    assert only == v1_view(added)


def test_v1_short_line_is_a_clear_failure(fake_api, run_module):
    # A hand-made answer: the emulator's v1 lines always have their 12 fields.
    fake_api.add('GET', v1_path(yesterday()), FakeResponse(200, content=day_file(2) + b'HIT|200|17\n'))
    outcome = run_module(cdn_log_info.main, dict(ARGS, api_version=1, date=yesterday().isoformat()))
    assert outcome.failed
    assert 'line 3 of the log file has 3 fields, expected 12' in outcome.result['msg']
    assert outcome.result['msg'].startswith(
        f'read the CDN log file of pull zone 1001 for {yesterday().isoformat()} failed'
    )


def test_v1_errors_carry_the_api_code(emulator, run_module):
    outcome = run_module(cdn_log_info.main, dict(ARGS, api_version=1, date=yesterday().isoformat(), pullzone_id=1004))
    assert outcome.failed
    assert outcome.result['failure'] == {
        'status': 403,
        'error_key': 'forbidden',
        'message': 'Pull zone 1004 is disabled.',
    }
    assert [call.status for call in emulator.sent] == [403]


# ---- v1 with the deprecated dest: still written, never a change ------------------------------------------------------


def dest_args(path: str, **extra: t.Any) -> dict[str, t.Any]:
    return dict(ARGS, api_version=1, date=yesterday().isoformat(), dest=path, **extra)


@pytest.fixture
def deprecations(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, t.Any]]:
    """The deprecations the module announces."""
    seen: list[dict[str, t.Any]] = []
    monkeypatch.setattr(
        basic.AnsibleModule, 'deprecate', lambda self, msg, **kwargs: seen.append(dict(kwargs, msg=msg))
    )
    return seen


def test_deprecated_dest_is_written_but_never_a_change(emulator, run_module, tmp_path, deprecations):
    content = v1_served(emulator, yesterday())
    path = str(tmp_path / 'day.log')

    first = run_module(cdn_log_info.main, dest_args(path, mode='0640'), diff=True)
    assert not first.failed, first.result
    assert first.result['changed'] is False
    assert 'diff' not in first.result and 'logs' not in first.result
    with open(path, 'rb') as handle:
        assert handle.read() == content
    rows = content.count(b'\n')
    assert rows > 1000  # a day of requests
    expected = {'dest': path, 'size': len(content), 'rows': rows, 'checksum': hashlib.sha256(content).hexdigest()}
    assert {key: first.result[key] for key in expected} == expected
    assert first.result['has_more'] is False
    assert os.stat(path).st_mode & 0o777 == 0o640
    assert os.listdir(tmp_path) == ['day.log']  # no temporary file left
    [deprecation] = deprecations
    assert 'edge.platform.cdn_log_export' in deprecation['msg']
    assert deprecation['version'] == '2.0.0' and deprecation['collection_name'] == 'edge.platform'

    stamp = os.stat(path).st_mtime_ns
    second = run_module(cdn_log_info.main, dest_args(path, mode='0640'))
    assert second.result['changed'] is False and second.result['checksum'] == expected['checksum']
    assert os.stat(path).st_mtime_ns == stamp
    assert len(emulator.sent) == 2


def test_deprecated_dest_in_check_mode_writes_nothing(emulator, run_module, tmp_path):
    path = str(tmp_path / 'day.log')
    outcome = run_module(cdn_log_info.main, dest_args(path, limit=5), check_mode=True)
    assert outcome.result['changed'] is False
    assert outcome.result['rows'] == 5 and outcome.result['has_more'] is True and outcome.result['next_offset'] == 5
    assert emulator.sent[0].params == {'end': '6'}
    assert os.listdir(tmp_path) == []


def test_without_dest_there_is_no_deprecation(emulator, run_module, deprecations):
    outcome = run_module(cdn_log_info.main, dict(ARGS, api_version=1, date=yesterday().isoformat()))
    assert deprecations == []
    assert len(outcome.result['logs']) == v1_served(emulator, yesterday()).count(b'\n') > 0


def test_an_unwritable_dest_directory_is_refused_before_the_download(emulator, run_module, tmp_path, monkeypatch):
    locked = tmp_path / 'locked'
    locked.mkdir(mode=0o500)
    real_mkstemp = tempfile.mkstemp

    def mkstemp(*args: t.Any, **kwargs: t.Any) -> tuple[int, str]:
        if str(kwargs.get('dir')) == str(locked):
            raise PermissionError(13, 'Permission denied')
        return real_mkstemp(*args, **kwargs)

    # The tests may run as root, for whom permission bits refuse nothing: answer as for another user.
    monkeypatch.setattr(tempfile, 'mkstemp', mkstemp)
    outcome = run_module(
        cdn_log_info.main, dict(ARGS, api_version=1, date=today().isoformat(), dest=str(locked / 'day.log'))
    )
    assert outcome.failed
    assert f'the directory of dest ({locked}) is not writable: Permission denied' in outcome.result['msg']
    assert emulator.sent == []
