# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""edge.platform.shield_events: an event for each new entry of the Shield event logs.

Polls the event logs of one or more Shield zones (``GET {base_url}/shield/event-logs/
{shieldZoneId}/{MM-dd-yyyy}/{continuationToken}``) and puts one event on the queue per
entry, once::

    {"shield_event": {"logId", "timestamp", "log", "labels"}, "shield_zone_id": 3001}

Arguments:

``shield_zone_ids``   Shield zones to follow (ids), and/or
``pullzone_names``    pull zones (exact names) whose Shield zones to follow.
``api_key``           account API key (``EDGE_API_KEY``); never in an event or a log line.
``api_url``           management API base address (``EDGE_API_URL``).
``interval``          seconds between two reads of a zone (default 30).
``state_file``        where the position in each zone's logs is kept, so that a restart
                      neither repeats nor loses entries (JSON, mode 0600). Without it
                      every start begins at ``start``.
``start``             where a zone without a saved position begins: ``now`` (default),
                      relative (``-30m``, ``-2h``), ISO 8601 or epoch ms; at most the two
                      days before today (UTC) that the API keeps.
``burst_threshold``   also emit ``{"shield_burst": {...}, "shield_zone_id": N}`` when one
``burst_minutes``     client address has more than this many entries of ``burst_features``
``burst_features``    within ``burst_minutes`` (default 5) by the entries' own timestamps;
                      features are those of the entry's ``log`` context (default ``waf``
                      and ``rate_limit``). Off unless ``burst_threshold`` is set.
``validate_certs``, ``api_timeout`` (``EDGE_API_TIMEOUT``), ``api_retries`` (``EDGE_API_RETRIES``)
                      as for the modules.

A failed read (after the client's retries; 429 waits as Retry-After asks) is an event
``{"error": {"operation", "status", "error_key", "message"}, "shield_zone_id": N}``; the zone
is read again after a pause that doubles with each failure (up to 5 minutes).

Entries are told apart by ``logId``. The position in a zone is the day, the token of the
page read last and the ids already emitted from that page: each read starts again at that
page (the API gives its token as ``startToken``) and follows ``continuationToken`` while
``hasMoreData``; at the end of a day the next day starts at its first page.
"""

from __future__ import annotations

# The source's metadata; its arguments and events are described above and in docs/eda.md.
DOCUMENTATION = r'''
short_description: An event for each new entry of the Shield event logs
version_added: 1.0.0
description:
  - Polls the event logs of one or more Shield zones and emits each new entry once, resuming from a state file.
author:
  - edge.platform contributors
'''

import datetime
import json
import os
import sys
import typing as t

if not __name__.startswith('ansible_collections.'):
    # ansible-rulebook runs this file by path: import the collection from the tree this file is in.
    sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), *(['..'] * 7))))

from ansible_collections.edge.platform.plugins.module_utils._shield import ShieldApi
from ansible_collections.edge.platform.plugins.module_utils._shield_events import EventLogApi, kept_days
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
    utc_now,
)

SOURCE = 'edge.platform.shield_events'
ARGS = ('shield_zone_ids', 'pullzone_names', 'api_url', 'burst_features') + CONNECTION_ARGS + POLLING_ARGS
DEFAULT_BURST_FEATURES = ('waf', 'rate_limit')
UTC = datetime.timezone.utc


def context_of(entry: dict[str, t.Any]) -> dict[str, t.Any]:
    """The request context an entry's ``log`` holds when it is a JSON object (client ``ip``, ``feature`` …), else {}."""
    text = entry.get('log')
    if not isinstance(text, str) or not text.lstrip().startswith('{'):
        return {}
    try:
        context = json.loads(text)
    except ValueError:
        return {}
    return context if isinstance(context, dict) else {}


class PagePosition(Cursor):
    """Where a zone's reading stands: ``day``, the ``token`` of the page to read first and the ``seen`` ids of
    that page.

    ``floor`` (epoch ms) is where a first run started: older entries are not emitted.
    """

    def __init__(
        self, day: datetime.date, token: str, seen: t.Iterable[str], floor: int, bursts: BurstCounter | None
    ) -> None:
        super().__init__(bursts)
        self.day = day
        self.token = token
        self.seen = set(seen)
        self.floor = floor

    def position(self) -> dict[str, t.Any]:
        return {'day': self.day.isoformat(), 'token': self.token, 'seen': sorted(self.seen), 'floor': self.floor}


class ShieldEvents(Poller):
    source = SOURCE
    id_key = 'shield_zone_id'
    ids_arg = 'shield_zone_ids'

    def __init__(self, args: Args) -> None:
        super().__init__(args, {'api': args.url('api_url', required=True)})
        self.burst_features = frozenset(args.names('burst_features') or DEFAULT_BURST_FEATURES)

    def resolve(self, scope: Scope) -> int:
        return ShieldApi(self.client).require_zone_id({'pullzone_name': scope.name})

    def new_cursor(self, saved: dict[str, t.Any] | None) -> PagePosition:
        bursts = self.burst_counter(saved)
        if saved:
            return PagePosition(
                datetime.date.fromisoformat(saved['day']), saved['token'], saved['seen'], saved['floor'], bursts
            )
        first_kept, _today = kept_days(utc_now())
        start_day = datetime.datetime.fromtimestamp(self.start / 1000, UTC).date()
        return PagePosition(max(start_day, first_kept), '', (), self.start, bursts)

    def read(self, scope: Scope) -> tuple[list[tuple[datetime.date, str, list[dict[str, t.Any]]]], bool]:
        """Pages from the cursor's page on, as ``(day, token, logs)``: to the end of the logs or ``max_pages``."""
        cursor: PagePosition = scope.cursor
        first_kept, today = kept_days(utc_now())
        day, token = cursor.day, cursor.token
        if day < first_kept:
            LOG.warning(
                '%s: shield zone %s was last read on %s; the API keeps event logs from %s on, reading from there',
                SOURCE,
                scope.id,
                day.isoformat(),
                first_kept.isoformat(),
            )
            day, token = first_kept, ''
        pages: list[tuple[datetime.date, str, list[dict[str, t.Any]]]] = []
        while len(pages) < self.max_pages:
            operation = f'read the shield event logs of shield zone {scope.id} for {day.isoformat()}'
            page = EventLogApi(self.client).page(t.cast(int, scope.id), day, token or None, operation)
            pages.append((day, token, page.get('logs') or []))
            following = page.get('continuationToken') or ''
            if page.get('hasMoreData') and following and following != token:
                token = following
            elif day < today:  # the day is over: the next one starts at its first page
                day, token = day + datetime.timedelta(days=1), ''
            else:
                return pages, False
        return pages, True

    def new_events(
        self, scope: Scope, batch: list[tuple[datetime.date, str, list[dict[str, t.Any]]]]
    ) -> t.Iterator[dict[str, t.Any]]:
        cursor: PagePosition = scope.cursor
        for day, token, logs in batch:
            if (day, token) != (cursor.day, cursor.token):
                cursor.day, cursor.token, cursor.seen = day, token, set()
            for entry in logs:
                log_id = entry_id(entry, 'logId')
                if (
                    log_id in cursor.seen
                    or not isinstance(entry.get('timestamp'), int)
                    or entry['timestamp'] < cursor.floor
                ):
                    continue
                yield {'shield_event': entry, 'shield_zone_id': scope.id}
                # Marked only once it is on the queue: one stopped while waiting for room comes after a restart.
                cursor.seen.add(log_id)
                burst = self.count(cursor, entry)
                if burst is not None:
                    yield {'shield_burst': burst, 'shield_zone_id': scope.id}

    def count(self, cursor: PagePosition, entry: dict[str, t.Any]) -> dict[str, t.Any] | None:
        if cursor.bursts is None:
            return None
        context = context_of(entry)
        feature, ip = context.get('feature'), context.get('ip')
        if feature not in self.burst_features or not isinstance(ip, str) or not ip:
            return None
        burst = cursor.bursts.add(ip, entry['timestamp'], str(feature))
        if burst is None:
            return None
        return {
            'ip': ip,
            'events': burst['count'],
            'minutes': self.burst_minutes,
            'first_timestamp': burst['first_timestamp'],
            'last_timestamp': burst['last_timestamp'],
            'features': burst['labels'],
        }


async def main(queue: t.Any, args: dict[str, t.Any]) -> None:
    """Follow the Shield event logs; puts events on ``queue`` until cancelled."""
    await ShieldEvents(Args(SOURCE, args, ARGS)).run(queue)
