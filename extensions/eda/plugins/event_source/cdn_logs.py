# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""edge.platform.cdn_logs: an event for each new row of the CDN request logs.

Polls the logging API v2 (``GET {logging_url}/v2/pullzones/{pullZoneId}/logs``, oldest
first) of one or more pull zones and puts one event on the queue per row, once::

    {"cdn_log": {"timestamp", "requestId", "statusCode", "cacheStatus", "remoteIp", "url", ...}, "pullzone_id": 1001}

Arguments:

``pullzone_ids``      pull zones to follow (ids), and/or
``pullzone_names``    pull zones by exact name (looked up through ``api_url``).
``api_key``           account API key (``EDGE_API_KEY``); never in an event or a log line.
``logging_api_url``   logging API base address (``EDGE_LOGGING_API_URL``).
``api_url``           management API base address (``EDGE_API_URL``), for ``pullzone_names`` only.
``interval``          seconds between two reads of a pull zone (default 30).
``status``            status filters: codes (``"404"``) or classes (``"5xx"``), any of them.
``cache_status``      cache statuses (``HIT``, ``MISS``, ``BYPASS``, ``REVALIDATED``, ``STALE``,
                      ``UPDATING``, ``-``), any of them.
``state_file``        where the position in each pull zone's logs is kept, so that a restart
                      neither repeats nor loses rows (JSON, mode 0600). Without it every
                      start begins at ``start``.
``start``             where a pull zone without a saved position begins: ``now`` (default),
                      relative (``-30m``), ISO 8601 or epoch ms; within the 3-day retention.
``overlap``           seconds each read goes back before the newest row emitted, for rows the
                      API adds late (default 60); rows seen again are not emitted again.
``burst_threshold``   also emit ``{"cdn_log_burst": {...}, "pullzone_id": N}`` when a pull zone
``burst_minutes``     has more than this many matching rows within ``burst_minutes`` (default
                      5) by the rows' own timestamps. Off unless ``burst_threshold`` is set.
``validate_certs``, ``api_timeout`` (``EDGE_API_TIMEOUT``), ``api_retries`` (``EDGE_API_RETRIES``)
                      as for the modules.

The logging API allows 30 requests per 10 seconds per pull zone: the source keeps its own
requests under that, and a 429 answer is waited out as its Retry-After asks. A failed read
is an event ``{"error": {"operation", "status", "error_key", "message"}, "pullzone_id": N}``;
the pull zone is read again after a pause that doubles with each failure (up to 5 minutes).

Rows are told apart by ``requestId``.
"""

from __future__ import annotations

# The source's metadata; its arguments and events are described above and in docs/eda.md.
DOCUMENTATION = r'''
short_description: An event for each new row of the CDN request logs
version_added: 1.0.0
description:
  - Polls the CDN request logs (logging API v2) of one or more pull zones and emits each new row once,
    resuming from a state file.
author:
  - edge.platform contributors
'''

import collections
import os
import sys
import typing as t

if not __name__.startswith('ansible_collections.'):
    # ansible-rulebook runs this file by path: import the collection from the tree this file is in.
    sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), *(['..'] * 7))))

from ansible_collections.edge.platform.plugins.module_utils._cdn_logs import (
    RETENTION,
    LoggingApi,
    Pacer,
    iso_ms,
    normalize_cache_status,
    normalize_status,
)
from ansible_collections.edge.platform.plugins.module_utils._pullzones import PullZoneApi
from ansible_collections.edge.platform.plugins.module_utils._timespec import epoch_ms, parse_iso
from ansible_collections.edge.platform.plugins.plugin_utils import _event_sources as event_sources
from ansible_collections.edge.platform.plugins.plugin_utils._event_sources import (
    CONNECTION_ARGS,
    LOG,
    POLLING_ARGS,
    Args,
    BurstCounter,
    Cursor,
    Poller,
    Scope,
    entry_id,
)

SOURCE = 'edge.platform.cdn_logs'
ARGS = (
    ('pullzone_ids', 'pullzone_names', 'logging_api_url', 'api_url', 'status', 'cache_status', 'overlap')
    + CONNECTION_ARGS
    + POLLING_ARGS
)
PAGE_LIMIT = 1000
DEFAULT_OVERLAP = 60.0
# A read starts at least this long ago: the API refuses a window that starts after its own "now",
# and its clock need not agree with this one to the second.
CLOCK_MARGIN_MS = 60_000
# How far inside the retention a read must start, so that the API still takes it when it arrives.
RETENTION_MARGIN_MS = 60_000


def row_time(row: dict[str, t.Any]) -> int | None:
    try:
        return epoch_ms(parse_iso(str(row.get('timestamp'))))
    except ValueError:
        return None


class TimePosition(Cursor):
    """Where a pull zone's reading stands: rows from ``since`` (epoch ms) on are new unless ``seen`` (the ids of the
    rows emitted from there on, with their times) holds them. ``since`` starts where a first run starts and follows
    the newest row emitted, ``overlap`` behind it."""

    def __init__(self, since: int, seen: dict[str, int], bursts: BurstCounter | None) -> None:
        super().__init__(bursts)
        self.since = since
        self.seen = dict(seen)

    def advance(self, overlap_ms: int) -> None:
        newest = max(self.seen.values(), default=self.since)
        self.since = max(self.since, newest - overlap_ms)
        self.seen = {key: moment for key, moment in self.seen.items() if moment >= self.since}

    def position(self) -> dict[str, t.Any]:
        # A copy: the poller keeps what it last saved to compare, and ``seen`` grows in place.
        return {'since': self.since, 'seen': dict(self.seen)}


class CdnLogs(Poller):
    source = SOURCE
    id_key = 'pullzone_id'
    ids_arg = 'pullzone_ids'

    def __init__(self, args: Args) -> None:
        super().__init__(
            args,
            {
                'logging': args.url('logging_api_url', required=True),
                'api': args.url('api_url', required=bool(args.names('pullzone_names'))),  # to look names up
            },
        )
        try:
            status = normalize_status([str(value) for value in args.items('status')])
            cache_status = normalize_cache_status([str(value) for value in args.items('cache_status')])
        except ValueError as error:
            args.fail(str(error))
        self.filters = {
            name: ','.join(values) for name, values in (('status', status), ('cacheStatus', cache_status)) if values
        }
        self.overlap_ms = int(args.number('overlap', DEFAULT_OVERLAP) * 1000)
        # One pacer per pull zone, kept across reads: the limit counts requests per pull zone.
        self.pacers: collections.defaultdict[int, Pacer] = collections.defaultdict(Pacer)

    def resolve(self, scope: Scope) -> int:
        return PullZoneApi(self.client).resolve_id(t.cast(str, scope.name))

    def new_cursor(self, saved: dict[str, t.Any] | None) -> TimePosition:
        bursts = self.burst_counter(saved)
        if saved:
            return TimePosition(saved['since'], saved['seen'], bursts)
        return TimePosition(self.start, {}, bursts)

    def read(self, scope: Scope) -> tuple[list[dict[str, t.Any]], bool]:
        """The matching rows from the cursor's ``since`` on, oldest first: all of them or ``max_pages`` pages."""
        cursor: TimePosition = scope.cursor
        zone_id = t.cast(int, scope.id)
        now = event_sources.now_ms()
        earliest = now - int(RETENTION.total_seconds() * 1000) + RETENTION_MARGIN_MS
        if cursor.since < earliest:
            LOG.warning(
                '%s: pull zone %s was last read at %s; the API keeps logs from %s on, reading from there',
                SOURCE,
                zone_id,
                iso_ms(cursor.since),
                iso_ms(earliest),
            )
        since = max(earliest, min(cursor.since, now - CLOCK_MARGIN_MS))
        params = dict(self.filters, **{'from': iso_ms(since), 'order': 'asc', 'limit': PAGE_LIMIT})
        operation = f'query CDN logs of pull zone {zone_id}'
        rows: list[dict[str, t.Any]] = []
        for _page in range(self.max_pages):
            self.pacers[zone_id].wait()
            body = LoggingApi(self.client).rows(zone_id, dict(params, offset=len(rows)), operation)
            rows.extend(body['data'])
            if not body['data'] or not (body.get('pagination') or {}).get('hasMore'):
                return rows, False
        return rows, True

    def new_events(self, scope: Scope, batch: list[dict[str, t.Any]]) -> t.Iterator[dict[str, t.Any]]:
        cursor: TimePosition = scope.cursor
        for row in batch:
            key, moment = entry_id(row, 'requestId'), row_time(row)
            if moment is None or moment < cursor.since or key in cursor.seen:
                continue
            yield {'cdn_log': row, 'pullzone_id': scope.id}
            # Marked only once it is on the queue: one stopped while waiting for room comes after a restart.
            cursor.seen[key] = moment
            if cursor.bursts is not None:
                burst = cursor.bursts.add('', moment, str(row.get('statusCode')))
                if burst is not None:
                    yield {
                        'cdn_log_burst': {
                            'rows': burst['count'],
                            'minutes': self.burst_minutes,
                            'first_timestamp': iso_ms(burst['first_timestamp']),
                            'last_timestamp': iso_ms(burst['last_timestamp']),
                            'status_codes': burst['labels'],
                        },
                        'pullzone_id': scope.id,
                    }
        cursor.advance(self.overlap_ms)


async def main(queue: t.Any, args: dict[str, t.Any]) -> None:
    """Follow the CDN request logs; puts events on ``queue`` until cancelled."""
    await CdnLogs(Args(SOURCE, args, ARGS)).run(queue)
