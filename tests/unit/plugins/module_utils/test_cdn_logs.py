# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import datetime

import pytest

from ansible_collections.edge.platform.plugins.module_utils._cdn_logs import (
    V1_NAMES,
    LoggingApi,
    Pacer,
    check_date,
    check_window,
    iso_ms,
    iter_lines,
    normalize_cache_status,
    normalize_status,
    parse_v1_line,
    v1_path,
    v2_path,
)
from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError
from ansible_collections.edge.platform.tests.unit.helpers import Emulator

UTC = datetime.timezone.utc
NOW = datetime.datetime(2026, 11, 22, 12, 0, 0, tzinfo=UTC)
HOUR = datetime.timedelta(hours=1)


def test_v1_names_are_the_v2_property_names_in_file_order() -> None:
    assert V1_NAMES == (
        'cacheStatus',
        'statusCode',
        'timestamp',
        'bytesSent',
        'pullZoneId',
        'remoteIp',
        'referer',
        'url',
        'edgeLocation',
        'userAgent',
        'requestId',
        'countryCode',
    )


def test_parse_v1_line_converts_numbers_and_time() -> None:
    text = (
        'MISS|404|1795521600123|612|1001|203.0.113.7|https://ref.test/|https://a.test/x.png|DE|curl/8.11.0|'
        'abc123|EE\r\n'
    )
    assert parse_v1_line(text) == {
        'cacheStatus': 'MISS',
        'statusCode': 404,
        'timestamp': '2026-11-24T12:00:00.123Z',
        'bytesSent': 612,
        'pullZoneId': 1001,
        'remoteIp': '203.0.113.7',
        'referer': 'https://ref.test/',
        'url': 'https://a.test/x.png',
        'edgeLocation': 'DE',
        'userAgent': 'curl/8.11.0',
        'requestId': 'abc123',
        'countryCode': 'EE',
    }


def test_parse_v1_line_keeps_unexpected_text() -> None:
    parsed = parse_v1_line('-|-|soon|n/a|1001|::|||DE|ua|id|US')
    assert (parsed['statusCode'], parsed['timestamp'], parsed['bytesSent']) == ('-', 'soon', 'n/a')


def test_parse_v1_line_refuses_short_lines() -> None:
    with pytest.raises(ValueError, match='line 7 of the log file has 2 fields, expected 12'):
        parse_v1_line('HIT|200', 7)


def test_iter_lines_across_chunks() -> None:
    chunks = [b'ab', b'c\nde', b'', b'f\n\ng', b'h']
    assert list(iter_lines(chunks)) == [b'abc\n', b'def\n', b'\n', b'gh']
    assert list(iter_lines([])) == []


def test_iso_ms_is_always_to_the_millisecond() -> None:
    assert iso_ms(1795521600000) == '2026-11-24T12:00:00.000Z'
    assert iso_ms(1795521600007) == '2026-11-24T12:00:00.007Z'


def test_paths() -> None:
    assert v1_path(datetime.date(2026, 1, 9), 1001) == '01-09-26/1001.log'
    assert v2_path(7) == 'v2/pullzones/7/logs'


def test_status_and_cache_status_normalized() -> None:
    assert normalize_status(['404', '4XX', ' 503 ', '404']) == ['404', '4xx', '503']
    assert normalize_status(None) == []
    assert normalize_cache_status(['hit', '-', 'Updating', 'HIT']) == ['HIT', '-', 'UPDATING']
    for bad in ('4x', '99', '1000', 'xx', '6xx'):
        with pytest.raises(ValueError, match='status entries'):
            normalize_status([bad])


def test_window_defaults_like_the_api() -> None:
    assert check_window(None, None, NOW) == (NOW - 24 * HOUR, NOW)
    assert check_window(None, NOW - HOUR, NOW) == (NOW - 25 * HOUR, NOW - HOUR)
    assert check_window(NOW - 72 * HOUR, None, NOW) == (NOW - 72 * HOUR, NOW)


@pytest.mark.parametrize(
    'start, end, message',
    [
        (NOW - HOUR, NOW - 2 * HOUR, 'end must be after start'),
        (NOW - HOUR, NOW - HOUR, 'end must be after start'),
        (
            NOW - 73 * HOUR,
            NOW - 71 * HOUR,
            'start 2026-11-19T11:00:00Z is outside the 3-day log retention: the earliest is 2026-11-19T12:00:00Z',
        ),
        (NOW - 80 * HOUR, NOW, 'at most 3 days apart'),
        (None, NOW - 50 * HOUR, 'start (by default 24 hours before end) 2026-11-19T10:00:00Z is outside'),
        (NOW + HOUR, NOW + 2 * HOUR, 'is in the future'),
    ],
)
def test_window_refusals(start, end, message) -> None:
    with pytest.raises(ValueError) as caught:
        check_window(start, end, NOW)
    assert message in str(caught.value)


def test_dates_with_retained_logs() -> None:
    for days in range(4):
        day = (NOW - datetime.timedelta(days=days)).date()
        assert check_date(day, NOW) == day
    with pytest.raises(ValueError, match='give a date from 2026-11-19 to 2026-11-22'):
        check_date(datetime.date(2026, 11, 18), NOW)
    with pytest.raises(ValueError, match='outside the 3-day log retention'):
        check_date(datetime.date(2026, 11, 23), NOW)


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def test_pacer_keeps_30_requests_in_any_10_seconds() -> None:
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep)
    sent = []
    for _request in range(95):
        pacer.wait()
        sent.append(clock.now)
        clock.now += 0.05
    assert clock.slept  # it had to wait
    for index in range(len(sent) - 30):
        assert sent[index + 30] - sent[index] >= 10.0
    assert pacer.waited == pytest.approx(sum(clock.slept))


def test_pacer_does_not_wait_when_slow_enough() -> None:
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep)
    for _request in range(100):
        pacer.wait()
        clock.now += 0.34
    assert clock.slept == []


# ---- the logging API, against the emulator --------------------------------------------------------------------


def test_rows_and_the_day_file_of_a_pull_zone(emulator: Emulator) -> None:
    api = LoggingApi(emulator.client())
    now = datetime.datetime.now(UTC)
    window = {'from': (now - HOUR).strftime('%Y-%m-%dT%H:%M:%SZ'), 'limit': 5}
    page = api.rows(1001, window, 'query')
    assert len(page['data']) == 5 and page['pagination']['hasMore'] is True
    day = api.day_file((now - datetime.timedelta(days=1)).date(), 1001, {'end': 2}, 'read')
    lines = b''.join(day.iter_content(65536)).decode().splitlines()
    assert len(lines) == 2 and all(parse_v1_line(line)['pullZoneId'] == 1001 for line in lines)
    assert [(call.service, call.path) for call in emulator.sent] == [
        ('logging', '/v2/pullzones/1001/logs'),
        ('logging', f"/{(now - datetime.timedelta(days=1)).strftime('%m-%d-%y')}/1001.log"),
    ]


@pytest.mark.parametrize(
    'read',
    [
        lambda api: api.rows(1002, {}, 'query CDN logs of pull zone 1002'),
        lambda api: api.day_file(datetime.datetime.now(UTC).date(), 1002, {}, 'query CDN logs of pull zone 1002'),
    ],
)
def test_errors_are_read_in_the_logging_api_s_shape(emulator: Emulator, read) -> None:
    with pytest.raises(EdgeApiError) as caught:
        read(LoggingApi(emulator.client()))
    assert str(caught.value) == (
        'query CDN logs of pull zone 1002 failed: HTTP 404 logging_disabled: Logging is not enabled for pull zone 1002.'
    )
