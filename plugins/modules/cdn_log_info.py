#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: cdn_log_info
short_description: Read the raw CDN request logs of a pull zone
version_added: 0.1.0
description:
  - Reads the raw request logs of one pull zone from the CDN request logging API (C({logging_url})),
    which keeps them for 3 days.
  - With O(api_version=2) (the default) queries C(GET {logging_url}/v2/pullzones/{pullZoneId}/logs) for
    a time window with filters, and returns the rows as the API gives them.
  - With O(api_version=1) reads the pipe-delimited log file of one day
    (C(GET {logging_url}/{MM-dd-yy}/{pullZoneId}.log)); its rows are returned with the v2 property names,
    or the file is written to O(dest).
  - Every option is checked before any request is sent; a wrong value fails with a message naming the option.
  - A pull zone that does not exist, is suspended or disabled, or has logging off is a failure with the
    API's answer (404 C(not_found), 403 C(forbidden), 404 C(logging_disabled)); so is a query the API
    refuses (400 C(invalid_request)).
  - The API allows 30 requests per 10 seconds per pull zone. The module keeps its own requests under
    that, and waits as long as a 429 C(rate_limited) answer's C(Retry-After) asks (see O(api_retries)).
  - Authenticates with the account key (O(api_key)) sent as the C(AccessKey) header.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api.LOGGING
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - ansible.builtin.files
attributes:
  check_mode:
    details:
      - Reads the logs as in a normal run. With O(dest), streams the file and compares it with O(dest)
        without writing anything (not even a temporary file), and reports whether it would change.
  diff_mode:
    details:
      - With O(dest), shows a summary (C(path), C(size), C(rows), C(checksum), and file attributes such as
        C(mode) when they change) of the file before and after, not its content. Without O(dest) nothing changes.
options:
  api_url:
    description:
      - Not used by this module, which sends its requests to O(logging_api_url).
      - Accepted so that C(module_defaults) of the C(edge.platform.edge) group apply to this module too.
    type: str
    required: false
  pullzone_id:
    description:
      - Id of the pull zone whose logs to read.
      - A pull zone that does not exist is a failure (HTTP 404 C(not_found)), not an empty list.
    type: int
    required: true
  api_version:
    description:
      - Version of the logging API to use.
      - V(2) queries a time window (O(start), O(end)) with all filters and returns JSON rows.
      - V(1) reads the log file of one day (O(date)); it takes only the O(status), O(search), O(order),
        O(limit) and O(offset) filters, and can write the file to O(dest).
    type: int
    choices: [1, 2]
    default: 2
  start:
    description:
      - Start of the window (inclusive), O(api_version=2) only.
      - ISO 8601 (V(2026-11-22T10:00:00Z); without an offset, UTC), epoch milliseconds, or relative to now
        (V(now), V(-24h), V(-30m), V(-2d)).
      - Must lie within the 3-day retention (not before V(-3d)). When not set, 24 hours before O(end).
    type: raw
  end:
    description:
      - End of the window (exclusive), O(api_version=2) only; same forms as O(start). When not set, now.
      - Must be after O(start), and at most 3 days after it.
      - The module sends both ends of the window to the API, computed from one reading of the clock.
    type: raw
  date:
    description:
      - Day (UTC) whose log file to read, as V(YYYY-MM-DD); required with O(api_version=1), refused with V(2).
      - Must be a day with retained logs (today or the 3 days before).
    type: str
  status:
    description:
      - HTTP status filters, each an exact code (V("404")) or a class (V("4xx")); a row matches any of them.
    type: list
    elements: str
  cache_status:
    description:
      - Cache statuses to match (any of them), O(api_version=2) only.
      - Values of the API, case-insensitive - V(HIT), V(MISS), V(BYPASS), V(REVALIDATED), V(STALE),
        V(UPDATING), or V(-) (no cache interaction, for example a POST).
    type: list
    elements: str
  country:
    description:
      - Countries of the client, ISO 3166 alpha-2 codes such as V(DE) (any of them), O(api_version=2) only.
    type: list
    elements: str
  edge_location:
    description:
      - Edge locations that served the request (any of them), O(api_version=2) only.
    type: list
    elements: str
  remote_ip:
    description:
      - The client's IP address (exact), O(api_version=2) only.
    type: str
  url_contains:
    description:
      - Text the request URL contains, O(api_version=2) only.
    type: str
  user_agent_contains:
    description:
      - Text the user agent contains, O(api_version=2) only.
    type: str
  referer_contains:
    description:
      - Text the referer contains, O(api_version=2) only.
    type: str
  search:
    description:
      - Free text the API searches the rows for.
    type: str
  include_origin_shield:
    description:
      - Also return requests served by the origin shield, O(api_version=2) only.
    type: bool
    default: false
  limit:
    description:
      - Most rows to return (or to write to O(dest)), 1 to 10000. It caps the total, not a page.
      - O(api_version=2) asks the API for all of them at once (its largest page is 10000), and follows the
        pagination only when the API returns fewer rows than asked; when not set, 100 rows (the API's default).
      - O(api_version=1) returns the whole day when not set.
      - RV(has_more) tells whether more rows match; continue with O(offset=next_offset).
    type: int
  offset:
    description:
      - Number of matching rows to skip (with O(api_version=1), the first line to read, counted from 0).
    type: int
    default: 0
  order:
    description:
      - Order of the rows by time, V(asc) (oldest first) or V(desc) (newest first).
      - When not set, the API's own order applies (the v1 file is oldest first).
    type: str
    choices: [asc, desc]
  dest:
    description:
      - Write the v1 log file to this path instead of returning RV(logs); O(api_version=1) only.
      - The file is what the API streams (one request a line, 12 fields separated by C(|)), cut to
        O(limit) lines when set. It is streamed to a temporary file in the same directory, then
        renamed over O(dest), so a reader never sees half a file.
      - Unchanged (and left alone) when O(dest) already has exactly that content (same SHA-256).
      - The directory must exist.
    type: path
notes:
  - v1 rows carry the 12 fields of the v1 file, named as in v2 - C(cacheStatus), C(statusCode),
    C(timestamp) (ISO 8601 UTC to the millisecond, as v2 writes it), C(bytesSent), C(pullZoneId),
    C(remoteIp), C(referer), C(url), C(edgeLocation), C(userAgent), C(requestId), C(countryCode).
    v2 rows carry more (for example C(scheme), C(host), C(path)).
  - Logs appear in near real time, so two runs over a window that reaches now may differ.
'''

EXAMPLES = r'''
- name: Server errors of the last hour, newest first
  edge.platform.cdn_log_info:
    api_key: "{{ vault_edge_api_key }}"
    logging_api_url: "{{ edge_logging_api_url }}"
    pullzone_id: 1001
    start: -1h
    status: ["5xx"]
    order: desc
    limit: 500
  register: errors

- name: Show the failing URLs
  ansible.builtin.debug:
    msg: "{{ errors.logs | map(attribute='url') | unique | list }}"

- name: Cache misses and bypasses from two countries in a fixed window
  edge.platform.cdn_log_info:
    pullzone_id: 1001
    start: "2026-11-21T08:00:00Z"
    end: "2026-11-21T12:00:00Z"
    cache_status: [MISS, BYPASS]
    country: [DE, FR]
    url_contains: /images/
  register: misses

- name: The next rows of the same query
  edge.platform.cdn_log_info:
    pullzone_id: 1001
    start: "2026-11-21T08:00:00Z"
    end: "2026-11-21T12:00:00Z"
    cache_status: [MISS, BYPASS]
    country: [DE, FR]
    url_contains: /images/
    offset: "{{ misses.next_offset }}"
  when: misses.has_more

- name: Keep yesterday's log file (unchanged when it is already there)
  edge.platform.cdn_log_info:
    pullzone_id: 1001
    api_version: 1
    date: "{{ '%Y-%m-%d' | strftime(now().timestamp() - 86400, utc=true) }}"
    dest: /var/log/edge/assets-{{ '%Y-%m-%d' | strftime(now().timestamp() - 86400, utc=true) }}.log
    mode: "0640"
  register: day_file

- name: Read the 404s of a day with the v1 API, as v2 rows
  edge.platform.cdn_log_info:
    pullzone_id: 1001
    api_version: 1
    date: "2026-11-21"
    status: ["404"]
    limit: 1000
'''

RETURN = r'''
logs:
  description:
    - The matching rows, with the v2 property names (also for O(api_version=1)).
    - Always a list; empty when nothing matches.
  returned: when O(dest) is not set
  type: list
  elements: dict
  contains:
    timestamp:
      description: Time of the request, ISO 8601 UTC.
      type: str
    pullZoneId:
      description: Id of the pull zone.
      type: int
    requestId:
      description: Id of the request.
      type: str
    cacheStatus:
      description: Cache status, one of V(HIT), V(MISS), V(BYPASS), V(REVALIDATED), V(STALE), V(UPDATING), V(-).
      type: str
    statusCode:
      description: HTTP status of the answer.
      type: int
    bytesSent:
      description: Bytes sent to the client.
      type: int
    edgeLocation:
      description: Edge location that served the request.
      type: str
    url:
      description: The requested URL.
      type: str
    remoteIp:
      description: Address of the client (anonymized when the pull zone says so).
      type: str
    countryCode:
      description: Country of the client, ISO 3166 alpha-2.
      type: str
    userAgent:
      description: User agent of the client.
      type: str
    referer:
      description: Referer of the request.
      type: str
  sample:
    - timestamp: "2026-11-21T10:15:02.417Z"
      pullZoneId: 1001
      requestId: 9f1c2a7e0b8d4c3f9a6e5d4c3b2a1f0e
      cacheStatus: MISS
      statusCode: 404
      bytesSent: 612
      edgeLocation: DE
      scheme: https
      host: assets.cdn.example.net
      path: /images/old.png
      url: https://assets.cdn.example.net/images/old.png
      remoteIp: 203.0.113.7
      countryCode: DE
      userAgent: curl/8.11.0
      referer: ""
has_more:
  description: Whether more rows match than were returned (or written).
  returned: always
  type: bool
  sample: true
next_offset:
  description: The O(offset) that continues where these rows end; null when RV(has_more) is false.
  returned: always
  type: int
  sample: 100
dest:
  description: The path written (or, in check mode, that would be written).
  returned: when O(dest) is set
  type: str
  sample: /var/log/edge/assets-2026-11-21.log
size:
  description: Size of the file in bytes.
  returned: when O(dest) is set
  type: int
  sample: 1482210
rows:
  description: Number of requests (lines) in the file.
  returned: when O(dest) is set
  type: int
  sample: 8113
checksum:
  description: SHA-256 (hex) of the file.
  returned: when O(dest) is set
  type: str
  sample: 5d41402abc4b2a76b9719d911017c592a4b2f3d9e6c8a1b0f7e6d5c4b3a29180
'''

import datetime
import hashlib
import os
import tempfile
import typing as t

from ansible_collections.edge.platform.plugins.module_utils.cdn_logs import (
    DEFAULT_LIMIT,
    MAX_LIMIT,
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
    read_v2_page,
    v1_path,
)
from ansible_collections.edge.platform.plugins.module_utils.client import EdgeApiError, EdgeClient
from ansible_collections.edge.platform.plugins.module_utils.common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils.timespec import iso, parse_date, parse_time, utc_now

V2_ONLY = ('start', 'end', 'cache_status', 'country', 'edge_location', 'remote_ip', 'url_contains', 'user_agent_contains',
           'referer_contains')
V1_ONLY = ('date', 'dest')
TEXT_OPTIONS = ('date', 'remote_ip', 'url_contains', 'user_agent_contains', 'referer_contains', 'search', 'dest')
CHUNK = 65536


class LogQuery:
    """The checked options of one run: what to ask the API for."""

    def __init__(self, module: EdgeModule) -> None:
        self.module = module
        params = module.params
        self.pullzone_id: int = params['pullzone_id']
        self.version: int = params['api_version']
        self.limit: int | None = params['limit']
        self.offset: int = params['offset']
        self.order: str | None = params['order']
        self.dest: str | None = params['dest']
        self.window: tuple[datetime.datetime, datetime.datetime] | None = None
        self.day: datetime.date | None = None
        self.filters: dict[str, str] = {}
        self.check(params)

    def check(self, params: dict[str, t.Any]) -> None:
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
            wrong = [option for option in V2_ONLY if params[option] not in (None, [])]
            if params['include_origin_shield']:
                wrong.append('include_origin_shield')
        else:
            wrong = [option for option in V1_ONLY if params[option] is not None]
        if wrong:
            other = 2 if self.version == 1 else 1
            module.fail(f"{', '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} not supported with api_version {self.version} "
                        f'(only with api_version {other})')

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

        filters: dict[str, t.Any] = {'status': ','.join(status), 'search': params['search']}
        if self.version == 2:
            filters.update({
                'cacheStatus': ','.join(cache_status),
                'country': ','.join(countries),
                'edgeLocation': ','.join(locations),
                'remoteIp': remote_ip,
                'urlContains': params['url_contains'],
                'userAgentContains': params['user_agent_contains'],
                'refererContains': params['referer_contains'],
                'includeOriginShield': 'true' if params['include_origin_shield'] else None,
            })
        self.filters = {name: value for name, value in filters.items() if value}

        if self.dest is not None:
            if os.path.isdir(self.dest):
                module.fail(f'dest {self.dest} is a directory; give the path of the file to write')
            directory = os.path.dirname(os.path.abspath(self.dest))
            if not os.path.isdir(directory):
                module.fail(f'the directory of dest {self.dest} does not exist')


class LogReader:
    def __init__(self, module: EdgeModule, query: LogQuery, client: EdgeClient) -> None:
        self.module = module
        self.query = query
        self.client = client
        self.pacer = Pacer()

    # ---- v2 ---------------------------------------------------------------------------------------------------------

    def query_v2(self) -> dict[str, t.Any]:
        query = self.query
        start, end = t.cast('tuple[datetime.datetime, datetime.datetime]', query.window)
        operation = f'query CDN logs of pull zone {query.pullzone_id}'
        base = dict(query.filters, **{'from': iso(start), 'to': iso(end)})
        if query.order:
            base['order'] = query.order
        wanted = query.limit if query.limit is not None else DEFAULT_LIMIT
        offset = query.offset
        rows: list[dict[str, t.Any]] = []
        has_more = False
        while len(rows) < wanted:
            self.pacer.wait()
            body = read_v2_page(self.client, query.pullzone_id, dict(base, limit=wanted - len(rows), offset=offset), operation)
            page = body['data']
            rows.extend(page)
            offset += len(page)
            has_more = bool((body.get('pagination') or {}).get('hasMore'))
            if not has_more or not page:
                break
        if len(rows) > wanted:  # more than asked for: keep the cap
            rows, has_more, offset = rows[:wanted], True, query.offset + wanted
        return {'logs': rows, 'has_more': has_more, 'next_offset': offset if has_more else None}

    # ---- v1 ---------------------------------------------------------------------------------------------------------

    def open_v1(self) -> tuple[str, t.Iterator[bytes]]:
        """Start streaming the day file; the operation text and its lines."""
        query = self.query
        day = t.cast(datetime.date, query.day)
        operation = f'read the CDN log file of pull zone {query.pullzone_id} for {day.isoformat()}'
        params: dict[str, t.Any] = dict(query.filters)
        if query.order:
            params['order'] = query.order
        if query.offset:
            params['start'] = query.offset
        if query.limit is not None:
            # One line more than wanted tells whether there are more (end is taken as exclusive;
            # were it inclusive, the extra line is dropped all the same).
            params['end'] = query.offset + query.limit + 1
        self.pacer.wait()
        response = self.client.request(
            'GET', v1_path(day, query.pullzone_id), operation, service='logging', params=params,
            headers={'Accept': 'text/plain, */*'}, stream=True,
        )

        return operation, iter_lines(response.iter_content(CHUNK))

    def read_v1(self) -> dict[str, t.Any]:
        operation, lines = self.open_v1()
        limit = self.query.limit
        rows: list[dict[str, t.Any]] = []
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

    def write_v1(self) -> dict[str, t.Any]:
        module = self.module
        ansible = module.ansible
        dest = t.cast(str, self.query.dest)
        limit = self.query.limit
        try:
            before = file_summary(dest) if os.path.exists(dest) else None
        except OSError as error:
            module.fail(f'reading dest {dest} failed: {error}')
        _operation, lines = self.open_v1()

        digest = hashlib.sha256()
        size = rows = 0
        has_more = False
        handle: t.Any = None
        temporary = None
        try:
            if not module.check_mode:
                descriptor, temporary = tempfile.mkstemp(prefix=f'.{os.path.basename(dest)}.', suffix='.tmp', dir=os.path.dirname(os.path.abspath(dest)))
                handle = os.fdopen(descriptor, 'wb')
            for line in lines:
                data_row = bool(line.strip())
                if data_row and limit is not None and rows == limit:
                    has_more = True
                    break
                digest.update(line)
                size += len(line)
                rows += data_row
                if handle is not None:
                    handle.write(line)
            checksum = digest.hexdigest()
            changed = before is None or before['checksum'] != checksum
            if handle is not None:
                handle.flush()
                os.fsync(handle.fileno())
                handle.close()
                handle = None
                if changed:
                    ansible.atomic_move(temporary, dest, unsafe_writes=module.params['unsafe_writes'])
                    temporary = None
        except OSError as error:  # the stream's own errors arrive as EdgeApiError
            module.fail(f'writing dest {dest} failed: {error}')
        finally:
            if handle is not None:
                handle.close()
            if temporary is not None and os.path.exists(temporary):
                os.unlink(temporary)

        after = {'path': dest, 'size': size, 'rows': rows, 'checksum': checksum}
        diff: dict[str, t.Any] = {'before': dict(before) if before else {}, 'after': dict(after)}
        if os.path.exists(dest):  # in check mode a new file is not there to compare attributes with
            file_args = ansible.load_file_common_arguments(module.params, path=dest)
            # A file this run created had no attributes before: keep its "before" empty.
            attributes: dict[str, t.Any] = {'before': {}, 'after': {}} if before is None else diff
            changed = ansible.set_fs_attributes_if_different(file_args, changed, diff=attributes)
            if before is None:
                diff['after'].update(attributes['after'])
        return {
            'changed': changed, 'dest': dest, 'size': size, 'rows': rows, 'checksum': checksum, 'has_more': has_more,
            'next_offset': self.query.offset + rows if has_more else None, 'diff': diff,
        }


def file_summary(path: str) -> dict[str, t.Any]:
    """Path, size, number of rows and SHA-256 of a file, read in chunks."""
    digest = hashlib.sha256()
    size = rows = 0
    with open(path, 'rb') as handle:
        for line in iter_lines(iter(lambda: handle.read(CHUNK), b'')):
            digest.update(line)
            size += len(line)
            rows += bool(line.strip())
    return {'path': path, 'size': size, 'rows': rows, 'checksum': digest.hexdigest()}


def main() -> None:
    module = EdgeModule(
        argument_spec=dict(
            pullzone_id=dict(type='int', required=True),
            api_version=dict(type='int', default=2, choices=[1, 2]),
            start=dict(type='raw'),
            end=dict(type='raw'),
            date=dict(type='str'),
            status=dict(type='list', elements='str'),
            cache_status=dict(type='list', elements='str'),
            country=dict(type='list', elements='str'),
            edge_location=dict(type='list', elements='str'),
            remote_ip=dict(type='str'),
            url_contains=dict(type='str'),
            user_agent_contains=dict(type='str'),
            referer_contains=dict(type='str'),
            search=dict(type='str'),
            include_origin_shield=dict(type='bool', default=False),
            limit=dict(type='int'),
            offset=dict(type='int', default=0),
            order=dict(type='str', choices=['asc', 'desc']),
            dest=dict(type='path'),
        ),
        services=('logging',),
        management_api=False,
        required_if=[('api_version', 1, ('date',))],
        add_file_common_args=True,
    )
    query = LogQuery(module)
    client = module.connect({'logging': module.params['logging_api_url']}, module.params['api_key'])
    reader = LogReader(module, query, client)

    def run() -> dict[str, t.Any]:
        if query.version == 2:
            return reader.query_v2()
        if query.dest is not None:
            return reader.write_v1()
        return reader.read_v1()

    module.run(run)


if __name__ == '__main__':
    main()
