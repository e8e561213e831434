# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""What the collection's event sources (``extensions/eda/plugins/event_source``) share.

Their arguments with the ``EDGE_*`` environment fallbacks, the collection's API client
(``plugins/module_utils/_client.py``: same retries, same Retry-After handling, same error
messages) called in a worker thread so that the event loop never blocks, the state file
(written to a temporary file and renamed over, mode 0600), error events, and the polling
loop: each followed scope (a Shield zone, a pull zone) is read every ``interval`` seconds,
with a growing pause after a failure, and its new entries are put on the queue one by one
while its cursor moves with them, so a stop at any point saves exactly what was emitted.

Nothing here needs ansible-core or ansible-rulebook: only asyncio and ``requests``.
"""

from __future__ import annotations

import abc
import asyncio
import bisect
import collections
import datetime
import hashlib
import json
import logging
import os
import tempfile
import time
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import (
    DEFAULT_RETRIES,
    DEFAULT_TIMEOUT,
    HAS_REQUESTS,
    EdgeApiError,
    EdgeClient,
)
from ansible_collections.edge.platform.plugins.module_utils._timespec import epoch_ms, parse_time
from ansible_collections.edge.platform.plugins.module_utils._version import collection_version

LOG = logging.getLogger('edge.platform.event_source')

DEFAULT_INTERVAL = 30.0
MAX_BACKOFF = 300.0  # the longest pause after failures, unless the interval is longer
STATE_VERSION = 1

# Where each connection argument falls back to.
ENVIRONMENT = {
    'api_key': 'EDGE_API_KEY',
    'api_url': 'EDGE_API_URL',
    'logging_api_url': 'EDGE_LOGGING_API_URL',
    'api_timeout': 'EDGE_API_TIMEOUT',
    'api_retries': 'EDGE_API_RETRIES',
}


def now_ms() -> int:
    """The current time in epoch milliseconds (tests replace it)."""
    return int(time.time() * 1000)


def utc_now() -> datetime.datetime:
    return datetime.datetime.fromtimestamp(now_ms() / 1000, datetime.timezone.utc)


# ---- arguments (each check raises ValueError naming the argument) ----------------------------------------------


class Args:
    """The arguments a rulebook gave a source, read with their environment fallbacks."""

    def __init__(self, source: str, given: t.Mapping[str, object], known: t.Collection[str]) -> None:
        self.source = source
        # ansible-rulebook adds arguments of its own (eda_feedback_queue …); they are not the user's.
        self.given = {name: value for name, value in given.items() if not name.startswith('eda_')}
        unknown = sorted(set(self.given) - set(known))
        if unknown:
            raise ValueError(f"{source}: unknown argument {', '.join(unknown)} (known: {', '.join(sorted(known))})")

    def fail(self, message: str) -> t.NoReturn:
        raise ValueError(f'{self.source}: {message}')

    def raw(self, name: str) -> t.Any:
        value = self.given.get(name)
        if value is None and name in ENVIRONMENT:
            value = os.environ.get(ENVIRONMENT[name]) or None
        return value

    def text(self, name: str, required: bool = False) -> str | None:
        value = self.raw(name)
        if value is None or (isinstance(value, str) and not value.strip()):
            if required:
                where = f' (or the environment variable {ENVIRONMENT[name]})' if name in ENVIRONMENT else ''
                self.fail(f'{name}{where} is required')
            return None
        if not isinstance(value, str):
            self.fail(f'{name} must be a string')
        return value.strip()

    def url(self, name: str, required: bool = False) -> str | None:
        value = self.text(name, required)
        if value is not None and not value.startswith(('http://', 'https://')):
            self.fail(f'{name} must be an http:// or https:// URL, got {value!r}')
        return value

    def number(self, name: str, default: float, minimum: float = 0.0, above: bool = False) -> float:
        value = self.raw(name)
        if value is None:
            return default
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(f'{name} must be a number, got {value!r}')
        if isinstance(value, bool) or number < minimum or (above and number == minimum):
            self.fail(f"{name} must be {'greater than' if above else 'at least'} {minimum:g}, got {value!r}")
        return number

    def integer(self, name: str, default: int | None, minimum: int = 0) -> int | None:
        value = self.raw(name)
        if value is None:
            return default
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            self.fail(f'{name} must be an integer of at least {minimum}, got {value!r}')
        return value

    def boolean(self, name: str, default: bool) -> bool:
        value = self.raw(name)
        if value is None:
            return default
        if isinstance(value, str) and value.strip().lower() in ('true', 'yes', 'on', '1', 'false', 'no', 'off', '0'):
            return value.strip().lower() in ('true', 'yes', 'on', '1')
        if not isinstance(value, bool):
            self.fail(f'{name} must be true or false, got {value!r}')
        return value

    def start(self) -> int:
        """``start`` in epoch ms: where a scope without a saved position begins (default now)."""
        try:
            return epoch_ms(parse_time(self.raw('start') or 'now', 'start', utc_now()))
        except ValueError as error:
            self.fail(str(error))

    def items(self, name: str) -> list[object]:
        """A list argument; a single value counts as a list of one."""
        value = self.given.get(name)
        if value is None:
            return []
        return list(value) if isinstance(value, (list, tuple)) else [value]

    def ids(self, name: str) -> list[int]:
        ids: list[int] = []
        for value in self.items(name):
            if isinstance(value, str) and value.strip().isdigit():
                value = int(value)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                self.fail(f'{name} must hold positive integer ids, got {value!r}')
            if value not in ids:
                ids.append(value)
        return ids

    def names(self, name: str) -> list[str]:
        names: list[str] = []
        for value in self.items(name):
            if not isinstance(value, str) or not value.strip():
                self.fail(f'{name} must hold names (non-empty strings), got {value!r}')
            if value.strip() not in names:
                names.append(value.strip())
        return names

    def client(self, base_urls: dict[str, str | None]) -> EdgeClient:
        """The collection's API client with the key, timeout, retries and TLS setting of these arguments."""
        if not HAS_REQUESTS:
            self.fail('needs the Python library requests (pip install requests) where ansible-rulebook runs')
        api_key = self.text('api_key', required=True)
        return EdgeClient(
            api_key=api_key,
            base_urls={service: url for service, url in base_urls.items() if url},
            timeout=self.number('api_timeout', DEFAULT_TIMEOUT, above=True),
            retries=t.cast(int, self.integer('api_retries', DEFAULT_RETRIES)),
            validate_certs=self.boolean('validate_certs', True),
            user_agent=f'edge.platform/{collection_version()} event source',
        )


CONNECTION_ARGS = ('api_key', 'validate_certs', 'api_timeout', 'api_retries')
POLLING_ARGS = ('interval', 'state_file', 'start', 'burst_threshold', 'burst_minutes')


# ---- events ---------------------------------------------------------------------------------------------------------


def entry_id(entry: t.Mapping[str, object], key: str) -> str:
    """What tells an entry apart: its ``key`` (``logId``, ``requestId``); a digest of the entry when it has none."""
    value = entry.get(key)
    if isinstance(value, str) and value:
        return value
    return hashlib.sha256(json.dumps(entry, sort_keys=True, default=str).encode()).hexdigest()


def error_event(error: EdgeApiError, **where: object) -> dict[str, object]:
    """``{"error": {operation, status, error_key, message}}`` and where it happened (the zone's id)."""
    failure = error.failure()
    return dict(
        {
            'error': {
                'operation': error.operation,
                'status': failure['status'],
                'error_key': failure['error_key'],
                'message': failure['message'],
            }
        },
        **where,
    )


class Burst(t.TypedDict):
    """A burst summary: how many entries of a key fell within the window, their first and last timestamps (epoch
    ms) and how many of each label."""

    count: int
    first_timestamp: int
    last_timestamp: int
    labels: dict[str, int]


class BurstCounter:
    """Counts entries per key (a client address, a whole pull zone) in a sliding window of their own timestamps.

    ``add`` answers a burst summary when a key has more than ``threshold`` entries within
    ``window_ms`` (by the entries' timestamps, not by when they were read, so a backlog read
    after a pause is counted as it happened); at most one per key and window, so a lasting
    burst is reported again once a window later.
    """

    def __init__(self, threshold: int, window_ms: int, state: dict[str, t.Any] | None = None) -> None:
        self.threshold = threshold
        self.window_ms = window_ms
        self.times: dict[str, list[tuple[int, str]]] = {}
        self.reported: dict[str, int] = {}
        for key, saved in (state or {}).items():
            self.times[key] = sorted((int(moment), str(label)) for moment, label in saved.get('times', []))
            if saved.get('reported') is not None:
                self.reported[key] = int(saved['reported'])

    def add(self, key: str, moment: int, label: str) -> Burst | None:
        times = self.times.setdefault(key, [])
        bisect.insort(times, (moment, label))
        newest = times[-1][0]
        del times[: bisect.bisect_right(times, (newest - self.window_ms, '\uffff'))]
        if len(times) <= self.threshold:
            return None
        last = self.reported.get(key)
        if last is not None and newest - last < self.window_ms:
            return None
        self.reported[key] = newest
        return {
            'count': len(times),
            'first_timestamp': times[0][0],
            'last_timestamp': newest,
            'labels': dict(collections.Counter(label for _moment, label in times)),
        }

    def state(self) -> dict[str, object]:
        """What to keep in the state file: the entries still inside a window of the newest one."""
        newest = max((times[-1][0] for times in self.times.values() if times), default=0)
        kept: dict[str, object] = {}
        for key, times in self.times.items():
            recent = [[moment, label] for moment, label in times if moment > newest - self.window_ms]
            reported = self.reported.get(key)
            if recent or (reported is not None and reported > newest - self.window_ms):
                kept[key] = {'times': recent, 'reported': reported}
        return kept


# ---- the state file --------------------------------------------------------------------------------------------------


class StateFile:
    """The cursors of one source, kept in a JSON file (mode 0600) that is replaced whole on each save."""

    def __init__(self, path: str | None, source: str) -> None:
        self.path = os.path.abspath(os.path.expanduser(path)) if path else None
        self.source = source

    def load(self) -> dict[str, dict[str, t.Any]]:
        """The saved cursors by scope id; none without a file. ValueError for a file this source cannot use."""
        if self.path is None or not os.path.exists(self.path):
            return {}
        try:
            with open(self.path, encoding='utf-8') as handle:
                saved = json.load(handle)
        except (OSError, ValueError) as error:
            raise ValueError(f'{self.source}: state_file {self.path} cannot be read: {error}') from None
        if (
            not isinstance(saved, dict)
            or saved.get('version') != STATE_VERSION
            or not isinstance(saved.get('cursors'), dict)
        ):
            raise ValueError(f'{self.source}: state_file {self.path} is not a state file of this version')
        if saved.get('source') != self.source:
            raise ValueError(
                f"{self.source}: state_file {self.path} belongs to {saved.get('source')}; give each source its own file"
            )
        return t.cast('dict[str, dict[str, t.Any]]', saved['cursors'])

    def save(self, cursors: dict[str, dict[str, t.Any]]) -> None:
        if self.path is None:
            return
        directory = os.path.dirname(self.path)
        descriptor, temporary = tempfile.mkstemp(
            prefix=f'.{os.path.basename(self.path)}.', suffix='.tmp', dir=directory
        )
        try:
            with os.fdopen(descriptor, 'w', encoding='utf-8') as handle:  # mkstemp creates it 0600
                json.dump(
                    {'version': STATE_VERSION, 'source': self.source, 'cursors': cursors}, handle, separators=(',', ':')
                )
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            if os.path.exists(temporary):
                os.unlink(temporary)
            raise


# ---- polling -------------------------------------------------------------------------------------------------------


class Cursor:
    """Where the reading of a scope stands (``position``), with the burst counts that go with it."""

    def __init__(self, bursts: BurstCounter | None) -> None:
        self.bursts = bursts

    def position(self) -> dict[str, t.Any]:
        raise NotImplementedError

    def state(self) -> dict[str, object]:
        state = self.position()
        if self.bursts is not None:
            state['bursts'] = self.bursts.state()
        return state


class Scope:
    """One followed zone: its id (None until a name is resolved), its cursor and when to read it next."""

    def __init__(self, zone_id: int | None = None, name: str | None = None) -> None:
        self.id = zone_id
        self.name = name
        self.cursor: t.Any = None  # the source's Cursor, once the scope is first read
        self.failures = 0
        self.due = 0.0

    @property
    def label(self) -> str:
        return str(self.id) if self.id is not None else f'"{self.name}"'


class Poller(abc.ABC):
    """The loop of a source: read each due scope in a worker thread, emit what is new, save the cursors.

    The scopes are given by id (the argument ``ids_arg``) and/or by pull zone name (``pullzone_names``).
    """

    source = ''  # the source's name, in errors and in the state file
    id_key = ''  # the event key of the scope's id (shield_zone_id, pullzone_id)
    ids_arg = ''  # the argument that gives scopes by id
    max_pages = 20  # pages one read may take; the rest follows right away

    def __init__(self, args: Args, base_urls: dict[str, str | None]) -> None:
        """Checks the common arguments (ValueError naming the wrong one) and builds the client for ``base_urls``."""
        self.scopes = [Scope(zone_id) for zone_id in args.ids(self.ids_arg)]
        self.scopes += [Scope(name=name) for name in args.names('pullzone_names')]
        if not self.scopes:
            args.fail(f'give {self.ids_arg} or pullzone_names')
        self.interval = args.number('interval', DEFAULT_INTERVAL, above=True)
        self.start = args.start()
        self.burst_threshold = args.integer('burst_threshold', None, minimum=1)
        minutes = args.number('burst_minutes', 5.0, above=True)
        self.burst_minutes: float = int(minutes) if minutes.is_integer() else minutes  # as the summaries tell it
        self.burst_window = int(minutes * 60_000)
        self.state_file = StateFile(args.text('state_file'), self.source)
        self.saved = self.state_file.load()
        self.written = self.saved
        self.client = args.client(base_urls)

    def burst_counter(self, saved: dict[str, t.Any] | None) -> BurstCounter | None:
        """A scope's burst counts (as saved), or None without ``burst_threshold``."""
        if self.burst_threshold is None:
            return None
        return BurstCounter(self.burst_threshold, self.burst_window, (saved or {}).get('bursts'))

    @abc.abstractmethod
    def resolve(self, scope: Scope) -> int:
        """The id of a scope given by name (in a worker thread); EdgeApiError when it cannot be found."""

    @abc.abstractmethod
    def new_cursor(self, saved: dict[str, t.Any] | None) -> Cursor:
        """A scope's cursor: the saved one, or where a first run starts."""

    @abc.abstractmethod
    def read(self, scope: Scope) -> tuple[object, bool]:
        """What the API has from the scope's cursor on, and whether pages were left (in a worker thread)."""

    @abc.abstractmethod
    def new_events(self, scope: Scope, batch: t.Any) -> t.Iterator[dict[str, object]]:
        """The events of a batch not yet emitted, moving the cursor past each as it is taken."""

    def cursors(self) -> dict[str, dict[str, t.Any]]:
        cursors = dict(self.saved)  # scopes not followed in this run keep their cursors
        cursors.update({str(scope.id): scope.cursor.state() for scope in self.scopes if scope.cursor is not None})
        return cursors

    def save(self) -> None:
        cursors = self.cursors()
        if cursors != self.written:
            self.state_file.save(cursors)
            self.written = cursors

    async def run(self, queue: asyncio.Queue[dict[str, object]]) -> None:
        """Put the events on ``queue`` until cancelled; the cursors are saved on the way out too."""
        LOG.info(
            '%s: following %s every %gs', self.source, ', '.join(scope.label for scope in self.scopes), self.interval
        )
        try:
            while True:
                for scope in list(self.scopes):
                    if scope.due <= time.monotonic():
                        await self.poll(scope, queue)
                self.save()
                if not self.scopes:
                    return
                await asyncio.sleep(max(0.0, min(scope.due for scope in self.scopes) - time.monotonic()))
        finally:
            self.save()
            self.client.close()

    async def poll(self, scope: Scope, queue: asyncio.Queue[dict[str, object]]) -> None:
        try:
            if scope.id is None:
                zone_id = await asyncio.to_thread(self.resolve, scope)
                if any(other.id == zone_id for other in self.scopes):
                    LOG.info('%s: %s is %s %s, already followed', self.source, scope.label, self.id_key, zone_id)
                    self.scopes.remove(scope)
                    return
                scope.id = zone_id
            if scope.cursor is None:
                scope.cursor = self.new_cursor(self.saved.get(str(scope.id)))
            batch, more = await asyncio.to_thread(self.read, scope)
        except EdgeApiError as error:
            await self.failed(scope, queue, error)
            return
        except Exception as error:  # a fault of this source must not end the rulebook either
            LOG.exception('%s: reading %s failed', self.source, scope.label)
            operation = f"read {self.id_key.replace('_', ' ')} {scope.label}"
            await self.failed(scope, queue, EdgeApiError(operation, None, f'{type(error).__name__}: {error}'))
            return
        scope.failures = 0
        scope.due = time.monotonic() + (0.0 if more else self.interval)
        for event in self.new_events(scope, batch):
            await queue.put(event)

    async def failed(self, scope: Scope, queue: asyncio.Queue[dict[str, object]], error: EdgeApiError) -> None:
        scope.failures += 1
        pause = min(self.interval * 2**scope.failures, max(self.interval, MAX_BACKOFF))
        scope.due = time.monotonic() + pause
        LOG.warning('%s: %s; next try in %.0fs', self.source, error, pause)
        where = {self.id_key: scope.id} if scope.id is not None else {}
        await queue.put(error_event(error, **where))
