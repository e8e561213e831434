# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The query of the CDN log modules (cdn_log_info, cdn_log_export): options checked before any request, then read.

``LogQuery`` turns the options into what the logging API is asked for (a v2 window with its
filters, or a v1 day); ``LogReader`` reads v2 pages and the v1 day file, under the API's
rate limit.
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._cdn_logs import (
    DEFAULT_LIMIT,
    MAX_LIMIT,
    V2_FIELDS,
    LoggingApi,
    Pacer,
    check_date,
    check_ip,
    check_window,
    iter_lines,
    normalize_cache_status,
    normalize_countries,
    normalize_names,
    normalize_status,
    parse_v1_line,
)
from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, EdgeClient
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._files import CsvMeasure, LineMeasure, Measured
from ansible_collections.edge.platform.plugins.module_utils._timespec import iso, parse_date, parse_time, utc_now

V2_ONLY = (
    'start',
    'end',
    'cache_status',
    'country',
    'edge_location',
    'remote_ip',
    'url_contains',
    'user_agent_contains',
    'referer_contains',
)
TEXT_OPTIONS = ('date', 'remote_ip', 'url_contains', 'user_agent_contains', 'referer_contains', 'search')
CHUNK = 65536


def connect(module: EdgeModule, management_api: bool = False) -> EdgeClient:
    """The run's client of the logging API, and of the management API when ``management_api`` (a pull zone found by
    name), which is then required."""
    params = module.params
    base_urls = {'logging': params['logging_api_url']}
    if management_api:
        module.require('api_url')
        base_urls['api'] = params['api_url']
    return module.connect(base_urls, params['api_key'])


class LogQuery:
    """The checked options of one run: what to ask the API for.

    ``v1_only`` and ``v2_only`` name the module's own options that only one API version takes.
    ``pullzone_id`` may be None until the module finds the pull zone by name.
    """

    def __init__(self, module: EdgeModule, v1_only: t.Sequence[str] = ('date',), v2_only: t.Sequence[str] = ()) -> None:
        self.module = module
        params = module.params
        self.pullzone_id: int | None = params.get('pullzone_id')
        self.version: int = params['api_version']
        self.limit: int | None = params['limit']
        self.offset: int = params.get('offset') or 0
        self.order: str | None = params['order']
        self.window: tuple[datetime.datetime, datetime.datetime] | None = None
        self.day: datetime.date | None = None
        self.filters: dict[str, str] = {}
        self.check(params, v1_only, tuple(V2_ONLY) + tuple(v2_only))

    def check(self, params: dict[str, t.Any], v1_only: t.Sequence[str], v2_only: t.Sequence[str]) -> None:
        module = self.module
        module.refuse_non_positive('pullzone_id')
        module.refuse_blank(*TEXT_OPTIONS)
        for option in ('start', 'end'):
            if isinstance(params[option], str) and not params[option].strip():
                module.fail(f'{option} must not be empty')
        if self.limit is not None and not 1 <= self.limit <= MAX_LIMIT:
            module.fail(f'limit must be between 1 and {MAX_LIMIT}, got {self.limit}')
        if self.offset < 0:
            module.fail(f'offset must be 0 or more, got {self.offset}')

        if self.version == 1:
            wrong = [option for option in v2_only if params[option] not in (None, [])]
            if params['include_origin_shield']:
                wrong.append('include_origin_shield')
        else:
            wrong = [option for option in v1_only if params[option] is not None]
        if wrong:
            other = 2 if self.version == 1 else 1
            module.fail(
                f"{', '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} not supported "
                f'with api_version {self.version} (only with api_version {other})'
            )

        now = utc_now()
        status: list[str] = []
        cache_status: list[str] = []
        countries: list[str] = []
        locations: list[str] = []
        remote_ip: str | None = None
        try:
            status = normalize_status(params['status'])
            if self.version == 1:
                self.day = check_date(parse_date(params['date'], 'date'), now)
            else:
                start = parse_time(params['start'], 'start', now) if params['start'] is not None else None
                end = parse_time(params['end'], 'end', now) if params['end'] is not None else None
                self.window = check_window(start, end, now)
                cache_status = normalize_cache_status(params['cache_status'])
                countries = normalize_countries(params['country'])
                locations = normalize_names(params['edge_location'], 'edge_location')
                remote_ip = check_ip(params['remote_ip'])
        except ValueError as error:
            module.fail(str(error))

        filters: dict[str, str | None] = {'status': ','.join(status), 'search': params['search']}
        if self.version == 2:
            filters.update(
                {
                    'cacheStatus': ','.join(cache_status),
                    'country': ','.join(countries),
                    'edgeLocation': ','.join(locations),
                    'remoteIp': remote_ip,
                    'urlContains': params['url_contains'],
                    'userAgentContains': params['user_agent_contains'],
                    'refererContains': params['referer_contains'],
                    'includeOriginShield': 'true' if params['include_origin_shield'] else None,
                }
            )
        self.filters = {name: value for name, value in filters.items() if value}

    def window_view(self) -> dict[str, str]:
        """The v2 window as sent, in ISO 8601."""
        start, end = t.cast('tuple[datetime.datetime, datetime.datetime]', self.window)
        return {'start': iso(start), 'end': iso(end)}


def csv_columns(first_row: t.Mapping[str, object] | None) -> list[str]:
    """The columns of a CSV export: the v2 fields, then the other fields of the first row in its order."""
    return list(V2_FIELDS) + [name for name in first_row or {} if name not in V2_FIELDS]


def csv_value(value: object) -> str:
    if value is None:
        return ''
    if isinstance(value, bool):
        return 'true' if value else 'false'
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, separators=(',', ':'))
    return str(value)


def csv_lines(rows: t.Iterable[t.Mapping[str, object]], columns: t.Sequence[str], header: bool) -> bytes:
    """Rows as CSV records (RFC 4180 quoting, one line each unless a value holds a line break).

    Fields not in ``columns`` are left out.
    """
    text = io.StringIO()
    writer = csv.writer(text, lineterminator='\n')
    if header:
        writer.writerow(columns)
    writer.writerows([csv_value(row.get(column)) for column in columns] for row in rows)
    return text.getvalue().encode('utf-8')


def jsonl_lines(rows: t.Iterable[t.Mapping[str, object]]) -> bytes:
    """Rows as JSON Lines: one JSON object a line, the API's property names and order."""
    return ''.join(json.dumps(row, ensure_ascii=False, separators=(',', ':')) + '\n' for row in rows).encode('utf-8')


class BrokenStream(EdgeApiError):
    """A v1 day file that broke off while streaming (read again from the start where that is safe)."""


class LogReader:
    def __init__(self, query: LogQuery, client: EdgeClient) -> None:
        self.query = query
        self.client = client
        self.api = LoggingApi(client)
        self.pacer = Pacer()
        self.has_more = False  # the last read stopped at limit with more rows to come

    @property
    def pullzone_id(self) -> int:
        return t.cast(int, self.query.pullzone_id)

    # ---- v2 ---------------------------------------------------------------------------------------------------------

    def v2_pages(self, wanted: int | None) -> t.Iterator[list[dict[str, object]]]:
        """The rows of the window, page by page.

        ``wanted`` rows at most, or all of them (None) with the largest page.
        """
        query = self.query
        start, end = t.cast('tuple[datetime.datetime, datetime.datetime]', query.window)
        operation = f'query CDN logs of pull zone {self.pullzone_id}'
        base = dict(query.filters, **{'from': iso(start), 'to': iso(end)})
        if query.order:
            base['order'] = query.order
        offset, got = query.offset, 0
        self.has_more = False
        while wanted is None or got < wanted:
            self.pacer.wait()
            size = MAX_LIMIT if wanted is None else wanted - got
            body = self.api.rows(self.pullzone_id, dict(base, limit=size, offset=offset), operation)
            page = body['data']
            self.has_more = bool((body.get('pagination') or {}).get('hasMore'))
            if wanted is not None and got + len(page) > wanted:  # more than asked for: keep the cap
                page, self.has_more = page[: wanted - got], True
            got += len(page)
            offset += len(page)
            yield page
            if not self.has_more or not page:
                return

    def query_v2(self) -> dict[str, object]:
        query = self.query
        rows: list[dict[str, object]] = []
        for page in self.v2_pages(query.limit if query.limit is not None else DEFAULT_LIMIT):
            rows.extend(page)
        return {
            'logs': rows,
            'has_more': self.has_more,
            'next_offset': query.offset + len(rows) if self.has_more else None,
        }

    # ---- v1 ---------------------------------------------------------------------------------------------------------

    def open_v1(self) -> tuple[str, t.Iterator[bytes]]:
        """Start streaming the day file; the operation text and its lines."""
        query = self.query
        day = t.cast(datetime.date, query.day)
        operation = f'read the CDN log file of pull zone {self.pullzone_id} for {day.isoformat()}'
        params: dict[str, str | int] = dict(query.filters)
        if query.order:
            params['order'] = query.order
        if query.offset:
            params['start'] = query.offset
        if query.limit is not None:
            # One line more than wanted tells whether there are more (end is taken as exclusive;
            # were it inclusive, the extra line is dropped all the same).
            params['end'] = query.offset + query.limit + 1
        self.pacer.wait()
        response = self.api.day_file(day, self.pullzone_id, params, operation)

        def chunks() -> t.Iterator[bytes]:
            try:
                yield from response.iter_content(CHUNK)
            except EdgeApiError as error:  # the body broke off, or outlasted api_timeout
                raise BrokenStream(operation, None, error.message) from None

        return operation, iter_lines(chunks())

    def v1_lines(self) -> t.Iterator[bytes]:
        """The lines of the day file as the API streams them, cut after ``limit`` rows."""
        limit = self.query.limit
        rows = 0
        self.has_more = False
        _operation, lines = self.open_v1()
        for line in lines:
            data_row = bool(line.strip())
            if data_row and limit is not None and rows == limit:
                self.has_more = True
                return
            rows += data_row
            yield line

    def read_v1(self) -> dict[str, object]:
        operation, lines = self.open_v1()
        limit = self.query.limit
        rows: list[dict[str, object]] = []
        has_more = False
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            if limit is not None and len(rows) == limit:
                has_more = True
                break
            try:
                rows.append(parse_v1_line(line.decode('utf-8', 'replace'), number))
            except ValueError as error:
                raise EdgeApiError(operation, None, str(error)) from None
        return {'logs': rows, 'has_more': has_more, 'next_offset': self.query.offset + len(rows) if has_more else None}

    def write_v1(self, sink: t.BinaryIO | None) -> Measured:
        """Stream the day file into ``sink`` (or only count it); ``{checksum, size, rows}``.

        Reading only, so a stream that breaks off is read again from the start.
        """
        attempt = 0
        while True:
            measure = LineMeasure()
            if sink is not None:
                sink.seek(0)
                sink.truncate()
            try:
                for line in self.v1_lines():
                    measure.feed(line)
                    if sink is not None:
                        sink.write(line)
            except BrokenStream as broken:
                if attempt >= self.client.retries:
                    raise
                self.client.wait_before_retry(attempt, f'{broken.operation}: the stream broke off')
                attempt += 1
                continue
            return measure.result()

    def write_v2(self, sink: t.BinaryIO | None, file_format: str) -> Measured:
        """Stream every row of the window (up to ``limit``) into ``sink`` (or only count them) as JSON Lines or CSV
        (``file_format`` ``jsonl`` or ``csv``), page by page; ``{checksum, size, rows}``."""
        measure = CsvMeasure() if file_format == 'csv' else LineMeasure()

        def emit(data: bytes) -> None:
            measure.feed(data)
            if sink is not None:
                sink.write(data)

        columns: list[str] | None = None
        for page in self.v2_pages(self.query.limit):
            if file_format == 'jsonl':
                emit(jsonl_lines(page))
                continue
            header = columns is None
            if columns is None:
                columns = csv_columns(page[0] if page else None)
            emit(csv_lines(page, columns, header))  # the first page, even an empty one, carries the header
        return measure.result()
