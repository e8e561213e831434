# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The Shield event log API, and what the event log modules and the event source share.

``EventLogApi(client)`` holds every path, body and answer of the event logs: the pages of a day
(``GET shield/event-logs/{shieldZoneId}/{MM-dd-yyyy}/{token}``, whose wrapper carries its own
``errorResponse``) and the CSV export, streamed to a file (or only measured) while its SHA-256, size
and records are counted (``files.CsvMeasure``); each request passes the event logs' error shapes
(``_errors.SHIELD_EVENT_LOGS``). The export window and filters are checked before anything is sent.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import typing as t
from urllib.parse import quote

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, EdgeClient
from ansible_collections.edge.platform.plugins.module_utils._errors import SHIELD_EVENT_LOGS
from ansible_collections.edge.platform.plugins.module_utils._files import CHUNK_SIZE, CsvMeasure
from ansible_collections.edge.platform.plugins.module_utils._timespec import (
    epoch_ms,
    iso,
    parse_date,
    parse_time,
    utc_now,
)

# The API keeps the event logs of today and the two days before (UTC days).
RETENTION_DAYS = 3
# The export window: `to` after `from`, both within the last 72 hours.
EXPORT_WINDOW = datetime.timedelta(hours=72)
FILTER_FIELDS = ('feature', 'ruleId', 'ip', 'ja4', 'ua', 'url', 'asn', 'country', 'action')
FILTER_OPS = ('eq', 'in', 'contains', 'cidr', 'wildcard')

# 4xx answers whose body the page reader looks at itself (the wrapper's errorResponse); 429 stays retried.
CLIENT_ERRORS = tuple(status for status in range(400, 500) if status != 429)


# ---- records ----------------------------------------------------------------------------------------


class EventLogEntry(t.TypedDict, total=False):
    """A Shield event log entry (spec 2.5)."""

    logId: str
    timestamp: int
    log: str
    labels: dict[str, str]


class EventLogPages(t.TypedDict):
    """Pages of the event logs of a day as ``shield_event_log_info`` returns them (``EventLogApi.pages``)."""

    logs: list[EventLogEntry]
    has_more_data: bool
    continuation_token: str | None
    pages: int


class ExportFilter(t.TypedDict):
    """A filter of the CSV export (spec 4.4): its values combine with OR."""

    field: str
    op: str
    value: list[str]


# The body of the CSV export (spec 4.4): the window in Unix milliseconds, and the search and filters when given
# (``from`` is a keyword: the functional form; export_body always sets the window). A string, as an annotation
# would be: a module runs on Python 3.8 too, where ``list`` takes no subscript at run time.
ExportBody = t.TypedDict(
    'ExportBody', {'from': int, 'to': int, 'query': str, 'filters': 'list[ExportFilter]'}, total=False
)


# ---- the day of the logs ------------------------------------------------------------------------


def kept_days(now: datetime.datetime | None = None) -> tuple[datetime.date, datetime.date]:
    """The first and last day (UTC) whose event logs the API keeps."""
    today = (now or utc_now()).astimezone(datetime.timezone.utc).date()
    return today - datetime.timedelta(days=RETENTION_DAYS - 1), today


def check_date(value: object, now: datetime.datetime | None = None) -> datetime.date:
    """The day of ``date`` (YYYY-MM-DD) when its logs are kept; ValueError otherwise."""
    day = parse_date(value, 'date')
    first, last = kept_days(now)
    if not first <= day <= last:
        where = 'in the future' if day > last else 'older than the kept event logs'
        raise ValueError(
            f'date {day.isoformat()} is {where}: the API keeps the event logs of today and the two days before '
            f'({first.isoformat()} to {last.isoformat()}, UTC days)'
        )
    return day


def api_date(day: datetime.date) -> str:
    """The date as the API's path wants it: MM-dd-yyyy."""
    return f'{day.month:02d}-{day.day:02d}-{day.year:04d}'


def page_path(zone_id: int, day: datetime.date, token: str | None) -> str:
    """``shield/event-logs/{id}/{MM-dd-yyyy}/{token}``; the first page has an empty token."""
    return f"shield/event-logs/{zone_id}/{api_date(day)}/{quote(token or '', safe='')}"


# ---- pages -----------------------------------------------------------------------------------------


def wrapper_error(body: object, operation: str, status: int | None) -> EdgeApiError | None:
    """The failure an ``errorResponse`` with ``success: false`` describes, or None."""
    if not isinstance(body, dict):
        return None
    error = body.get('errorResponse')
    if not isinstance(error, dict) or error.get('success') is not False:
        return None
    code = error.get('statusCode')
    if isinstance(code, int) and not isinstance(code, bool) and code >= 400:
        status = code
    return EdgeApiError(operation, status, str(error.get('message') or 'no message'), error.get('errorKey') or None)


class EventLogApi:
    """The requests of the Shield event logs, each naming its operation in failures."""

    def __init__(self, client: EdgeClient) -> None:
        self.client = client

    def page(self, zone_id: int, day: datetime.date, token: str | None, operation: str) -> dict[str, t.Any]:
        """One page wrapper; EdgeApiError on any failure, including an ``errorResponse`` of success false."""
        response = self.client.request(
            'GET', page_path(zone_id, day, token), operation, ok_statuses=CLIENT_ERRORS, errors=SHIELD_EVENT_LOGS
        )
        body = response.json()
        error = wrapper_error(body, operation, response.status)
        if error is not None:
            raise error
        if response.status >= 400:
            raise EdgeClient.error_from(operation, response.raw, SHIELD_EVENT_LOGS)
        if not isinstance(body, dict):
            raise EdgeApiError(operation, response.status, 'the answer is not a page of event logs')
        return body

    def pages(self, zone_id: int, day: datetime.date, token: str | None, max_pages: int) -> EventLogPages:
        """Up to ``max_pages`` pages from ``token`` (None: the first page).

        Returns ``logs`` (in the API's order), ``has_more_data``, ``continuation_token`` (the
        token of the next page when there is more, else None) and ``pages`` (pages read).
        """
        logs: list[EventLogEntry] = []
        pages = 0
        has_more = False
        following: str | None = None
        while pages < max_pages:
            operation = f'read page {pages + 1} of the shield event logs of shield zone {zone_id} for {day.isoformat()}'
            page = self.page(zone_id, day, token, operation)
            pages += 1
            logs.extend(page.get('logs') or [])
            following = page.get('continuationToken') or None
            has_more = bool(page.get('hasMoreData')) and following is not None
            if not has_more or following == token:  # the last page, or an API that would send us round in circles
                break
            token = following
        return {
            'logs': logs,
            'has_more_data': has_more,
            'continuation_token': following if has_more else None,
            'pages': pages,
        }

    def export(self, zone_id: int, body: ExportBody, operation: str, sink: t.BinaryIO | None = None) -> CsvMeasure:
        """Run the export and stream the CSV into ``sink`` (or nowhere), measuring it.

        The export only reads, so it is sent as safe to repeat (5xx and network errors are
        retried), and a body that breaks off is fetched again from the start.
        """
        client = self.client
        attempt = 0
        while True:
            response = client.request(
                'POST',
                f'shield/event-logs/{zone_id}/export',
                operation,
                json_body=body,
                headers={'Accept': 'text/csv, application/json;q=0.5'},
                idempotent=True,
                stream=True,
                write=False,
                errors=SHIELD_EVENT_LOGS,
            )
            measure = CsvMeasure()
            if sink is not None:
                sink.seek(0)
                sink.truncate()
            broken: EdgeApiError | None = None
            try:
                for chunk in response.iter_content(CHUNK_SIZE):
                    if chunk:
                        measure.feed(chunk)
                        if sink is not None:
                            sink.write(chunk)
            except EdgeApiError as error:  # the body broke off, or outlasted api_timeout
                broken = error
            finally:
                response.close()
            if broken is None:
                if sink is not None:
                    sink.flush()
                    os.fsync(sink.fileno())
                return measure
            if attempt >= client.retries:
                raise EdgeApiError(operation, None, f'the CSV broke off after {measure.size} bytes: {broken.message}')
            client.wait_before_retry(attempt, f'POST shield/event-logs/{zone_id}/export: the CSV broke off')
            attempt += 1


# ---- the export window and filters ----------------------------------------------------------------


def export_window(
    start: object, end: object, now: datetime.datetime | None = None
) -> tuple[datetime.datetime, datetime.datetime]:
    """``(start, end)`` as UTC datetimes; ValueError unless end is after start and both lie within the last 72 hours."""
    now = now or utc_now()
    begin = parse_time(start, 'start', now=now)
    finish = parse_time(end, 'end', now=now)
    if finish <= begin:
        raise ValueError(f'end ({iso(finish)}) must be after start ({iso(begin)})')
    if begin < now - EXPORT_WINDOW:
        raise ValueError(
            f'start ({iso(begin)}) lies more than 72 hours back: the API exports event logs of the last 72 hours only '
            f'(from {iso(now - EXPORT_WINDOW)})'
        )
    if finish > now:
        raise ValueError(f'end ({iso(finish)}) lies in the future (now is {iso(now)})')
    return begin, finish


def filter_values(value: object, where: str) -> list[str]:
    """The values of a filter as a list of strings (a single value becomes a list of one)."""
    if isinstance(value, (list, tuple)):
        values = list(value)
    elif value is None:
        values = []
    else:
        values = [value]
    if not values:
        raise ValueError(f'{where}.value must hold at least one value')
    out = []
    for item in values:
        if isinstance(item, (dict, list, tuple)) or item is None:
            raise ValueError(f'{where}.value must be a string or a list of strings, got {item!r}')
        text = item if isinstance(item, str) else str(item).lower() if isinstance(item, bool) else str(item)
        if not text.strip():
            raise ValueError(f'{where}.value must not hold empty strings')
        out.append(text)
    return out


def check_filters(filters: t.Sequence[t.Mapping[str, object]] | None) -> list[ExportFilter]:
    """The ``filters`` of the export body (``{field, op, value: [str]}``); ValueError naming the bad one."""
    checked: list[ExportFilter] = []
    for index, item in enumerate(filters or []):
        where = f'filters[{index}]'
        field, op = item.get('field'), item.get('op')
        if not isinstance(field, str) or field not in FILTER_FIELDS:
            raise ValueError(f"{where}.field must be one of {', '.join(FILTER_FIELDS)}, got {field!r}")
        if not isinstance(op, str) or op not in FILTER_OPS:
            raise ValueError(f"{where}.op must be one of {', '.join(FILTER_OPS)}, got {op!r}")
        values = filter_values(item.get('value'), where)
        if op == 'cidr':
            if field != 'ip':
                raise ValueError(f'{where}: op cidr applies to field ip only, not {field}')
            for value in values:
                try:
                    ipaddress.ip_network(value.strip(), strict=False)
                except ValueError:
                    raise ValueError(
                        f'{where}.value {value!r} is not an IPv4 or IPv6 network such as 192.0.2.0/24'
                    ) from None
        checked.append({'field': field, 'op': op, 'value': values})
    return checked


def export_body(
    begin: datetime.datetime, finish: datetime.datetime, query: str | None, filters: list[ExportFilter]
) -> ExportBody:
    body: ExportBody = {'from': epoch_ms(begin), 'to': epoch_ms(finish)}
    if query is not None and query.strip():
        body['query'] = query
    if filters:
        body['filters'] = filters
    return body
