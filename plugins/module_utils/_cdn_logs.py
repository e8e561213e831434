# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""CDN request logs: the logging API's rules, paths, requests and row shapes (spec 2.8, 4.10, 7.1, 8, 9).

``LoggingApi(client)`` is the one way modules and event sources talk to the logging API. v2
answers JSON rows with camelCase property names; v1 streams one day as pipe-delimited lines
of 12 fields. Rows of both versions are returned with the v2 names, so a playbook reads them
the same way.
"""

from __future__ import annotations

import collections
import datetime
import ipaddress
import re
import time
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, EdgeClient, Response
from ansible_collections.edge.platform.plugins.module_utils._errors import LOGGING
from ansible_collections.edge.platform.plugins.module_utils._validation import COUNTRY_CODES

RETENTION = datetime.timedelta(days=3)
MAX_RANGE = datetime.timedelta(days=3)
DEFAULT_RANGE = datetime.timedelta(hours=24)  # what the API reads when only the end is given
MAX_LIMIT = 10000
DEFAULT_LIMIT = 100
RATE_REQUESTS = 30  # requests per pull zone …
RATE_WINDOW = 10.0  # … in this many seconds (spec 8)

# Spec 2.8, returned by both versions.
CACHE_STATUSES = ('HIT', 'MISS', 'BYPASS', 'REVALIDATED', 'STALE', 'UPDATING', '-')

V1_FIELD_COUNT = 12

STATUS_RE = re.compile(r'^(?:[1-5]\d\d|[1-5]xx)\Z', re.IGNORECASE)

UTC = datetime.timezone.utc


def iso_ms(millis: int) -> str:
    """Epoch milliseconds as ISO 8601 UTC to the millisecond (``2026-11-22T10:00:00.000Z``), as v2 writes timestamps."""
    moment = datetime.datetime.fromtimestamp(millis // 1000, UTC)
    return moment.strftime('%Y-%m-%dT%H:%M:%S.') + f'{millis % 1000:03d}Z'


def _int_or_text(text: str) -> t.Any:
    try:
        return int(text)
    except ValueError:
        return text


def _timestamp(text: str) -> t.Any:
    try:
        return iso_ms(int(text))
    except ValueError:
        return text


# The 12 fields of a v1 line, in order: (v2 property name, converter of the text).
V1_FIELDS: tuple[tuple[str, t.Callable[[str], t.Any]], ...] = (
    ('cacheStatus', str),
    ('statusCode', _int_or_text),
    ('timestamp', _timestamp),
    ('bytesSent', _int_or_text),
    ('pullZoneId', _int_or_text),
    ('remoteIp', str),
    ('referer', str),
    ('url', str),
    ('edgeLocation', str),
    ('userAgent', str),
    ('requestId', str),
    ('countryCode', str),
)
V1_NAMES = tuple(name for name, _convert in V1_FIELDS)
# The fields of a v2 row (GAPS "CDN request logs"), in the order a CSV export writes them.
V2_FIELDS = (
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
)


def parse_v1_line(line: str, number: int = 0) -> dict[str, t.Any]:
    """One v1 line as a row with the v2 property names.

    Fields are separated by ``|``. A line with more than 12 fields has a ``|`` inside a text
    field: the first six and the last two fields hold none (codes, numbers, addresses, ids),
    so the extra ones are kept in the user agent, the only free text between them that
    the API does not escape as part of a URL. Fewer than 12 fields is an error (ValueError).
    """
    parts = line.rstrip('\r\n').split('|')
    if len(parts) < V1_FIELD_COUNT:
        raise ValueError(f'line {number} of the log file has {len(parts)} fields, expected {V1_FIELD_COUNT}')
    if len(parts) > V1_FIELD_COUNT:
        parts = parts[:9] + ['|'.join(parts[9:-2])] + parts[-2:]
    return {name: convert(value) for (name, convert), value in zip(V1_FIELDS, parts)}


def iter_lines(chunks: t.Iterable[bytes]) -> t.Iterator[bytes]:
    """The lines of a byte stream, each with its line ending (the last one may have none)."""
    pending = b''
    for chunk in chunks:
        if not chunk:
            continue
        pending += chunk
        lines = pending.split(b'\n')
        pending = lines.pop()
        for line in lines:
            yield line + b'\n'
    if pending:
        yield pending


# ---- option checks (each raises ValueError naming the option) ------------------------------------------------


def normalize_status(values: t.Sequence[str] | None) -> list[str]:
    """Status filters as the API takes them: codes (``404``) or classes (``4xx``), lower case, without repeats."""
    result: list[str] = []
    for value in values or []:
        text = str(value).strip().lower()
        if not STATUS_RE.match(text):
            raise ValueError(
                f'status entries must be an HTTP status code such as "404" or a class such as "4xx", got {value!r}'
            )
        if text not in result:
            result.append(text)
    return result


def normalize_cache_status(values: t.Sequence[str] | None) -> list[str]:
    result: list[str] = []
    for value in values or []:
        text = str(value).strip().upper()
        if text not in CACHE_STATUSES:
            raise ValueError(f"cache_status entries must be among {', '.join(CACHE_STATUSES)}, got {value!r}")
        if text not in result:
            result.append(text)
    return result


def normalize_countries(values: t.Sequence[str] | None) -> list[str]:
    result: list[str] = []
    for value in values or []:
        text = str(value).strip().upper()
        if text not in COUNTRY_CODES:
            raise ValueError(f'country entries must be ISO 3166 alpha-2 codes such as "DE", got {value!r}')
        if text not in result:
            result.append(text)
    return result


def normalize_names(values: t.Sequence[str] | None, option: str) -> list[str]:
    """Plain entries of a comma-joined filter: not empty, no comma."""
    result: list[str] = []
    for value in values or []:
        text = str(value).strip()
        if not text or ',' in text:
            raise ValueError(f'{option} entries must not be empty or hold a comma, got {value!r}')
        if text not in result:
            result.append(text)
    return result


def check_ip(value: str | None, option: str = 'remote_ip') -> str | None:
    if value is None:
        return None
    try:
        return str(ipaddress.ip_address(value.strip()))
    except ValueError:
        raise ValueError(f'{option} must be an IPv4 or IPv6 address, got {value!r}') from None


def check_window(
    start: datetime.datetime | None,
    end: datetime.datetime | None,
    now: datetime.datetime,
) -> tuple[datetime.datetime, datetime.datetime]:
    """The v2 window the API will read (``start`` inclusive, ``end`` exclusive), or ValueError naming the option.

    Without ``end`` the window ends now; without ``start`` it starts 24 hours before its end,
    as the API does. It must not exceed 3 days and must start inside the 3-day retention.
    """
    window_end = end if end is not None else now
    window_start = start if start is not None else window_end - DEFAULT_RANGE
    start_text = 'start' if start is not None else 'start (by default 24 hours before end)'
    if window_end <= window_start:
        raise ValueError(f'end must be after start, got start {_text(window_start)} and end {_text(window_end)}')
    if window_end - window_start > MAX_RANGE:
        raise ValueError(f'start and end may be at most 3 days apart, got {window_end - window_start}')
    earliest = now - RETENTION
    if window_start < earliest:
        raise ValueError(
            f'{start_text} {_text(window_start)} is outside the 3-day log retention: the earliest is {_text(earliest)}'
        )
    if window_start > now:
        raise ValueError(f'{start_text} {_text(window_start)} is in the future')
    return window_start, window_end


def check_date(day: datetime.date, now: datetime.datetime) -> datetime.date:
    """A v1 day that still has logs: between the day 3 days ago and today (UTC)."""
    first = (now - RETENTION).date()
    last = now.date()
    if not first <= day <= last:
        raise ValueError(
            f'date {day.isoformat()} is outside the 3-day log retention: '
            f'give a date from {first.isoformat()} to {last.isoformat()}'
        )
    return day


def _text(moment: datetime.datetime) -> str:
    return moment.astimezone(UTC).strftime('%Y-%m-%dT%H:%M:%SZ')


def v1_path(day: datetime.date, pullzone_id: int) -> str:
    """``{MM-dd-yy}/{pullZoneId}.log`` (GAPS.md)."""
    return f"{day.strftime('%m-%d-%y')}/{pullzone_id}.log"


def v2_path(pullzone_id: int) -> str:
    return f'v2/pullzones/{pullzone_id}/logs'


class LoggingApi:
    """The requests of the logging API, each naming its operation in failures; every answer is read in the logging
    API's error shape (``_errors.LOGGING``: ``{error: <code>, message}``)."""

    def __init__(self, client: EdgeClient) -> None:
        self.client = client

    def rows(self, pullzone_id: int, params: dict[str, t.Any], operation: str) -> dict[str, t.Any]:
        """One v2 answer (``{data, pagination, query}``); EdgeApiError on failure or when it holds no ``data`` list."""
        body = self.client.get(v2_path(pullzone_id), operation, service='logging', params=params, errors=LOGGING)
        if not isinstance(body, dict) or not isinstance(body.get('data'), list):
            raise EdgeApiError(operation, None, 'the API answered without a data list')
        return body

    def day_file(self, day: datetime.date, pullzone_id: int, params: dict[str, t.Any], operation: str) -> Response:
        """The v1 file of a day, streamed: read it with ``iter_content`` (it stays under api_timeout until it is read
        to its end or closed)."""
        return self.client.request(
            'GET',
            v1_path(day, pullzone_id),
            operation,
            service='logging',
            params=params,
            headers={'Accept': 'text/plain, */*'},
            stream=True,
            errors=LOGGING,
        )


# ---- pacing -------------------------------------------------------------------------------------------------------


class Pacer:
    """Keeps a run's requests to one pull zone under the rate limit (30 in any 10 seconds).

    ``wait()`` before each request sleeps just long enough. Other clients of the same zone
    may still exhaust the limit; their 429 answers carry Retry-After, which the client honours.
    """

    def __init__(
        self,
        requests: int = RATE_REQUESTS,
        window: float = RATE_WINDOW,
        clock: t.Callable[[], float] | None = None,
        sleep: t.Callable[[float], None] | None = None,
    ) -> None:
        self.requests = requests
        self.window = window
        self.clock = clock or time.monotonic
        self.sleep = sleep or time.sleep
        self.sent: collections.deque[float] = collections.deque()
        self.waited = 0.0

    def wait(self) -> None:
        moment = self.clock()
        while self.sent and self.sent[0] <= moment - self.window:
            self.sent.popleft()
        if len(self.sent) >= self.requests:
            delay = self.sent[0] + self.window - moment
            if delay > 0:
                self.sleep(delay)
                self.waited += delay
            self.sent.popleft()
            moment = self.clock()
        self.sent.append(moment)
