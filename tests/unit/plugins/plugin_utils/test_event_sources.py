# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""What the event sources share: arguments, error events, burst counting, the state file, the pause after failures."""

from __future__ import annotations

import asyncio
import json
import os
import stat
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError
from ansible_collections.edge.platform.plugins.plugin_utils import _event_sources as event_sources
from ansible_collections.edge.platform.plugins.plugin_utils._event_sources import (
    Args,
    BurstCounter,
    Poller,
    Scope,
    StateFile,
    error_event,
)

KNOWN = ('api_key', 'api_url', 'interval', 'api_timeout', 'api_retries', 'validate_certs', 'ids', 'start')


def test_arguments_fall_back_to_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv('EDGE_API_KEY', 'from-env')
    monkeypatch.setenv('EDGE_API_URL', 'https://api.example.net')
    monkeypatch.setenv('EDGE_API_RETRIES', '2')
    given = Args('test.source', {'api_url': 'https://given.example.net', 'eda_feedback_queue': object()}, KNOWN)
    assert given.text('api_key', required=True) == 'from-env'
    assert given.url('api_url') == 'https://given.example.net'
    assert given.integer('api_retries', 5) == 2
    client = given.client({'api': given.url('api_url'), 'logging': None})
    assert client.base_urls == {'api': 'https://given.example.net'} and client.retries == 2
    assert client.session.headers['AccessKey'] == 'from-env'


@pytest.mark.parametrize(
    'given, read, message',
    [
        ({'interval': 'soon'}, lambda a: a.number('interval', 1.0, above=True), 'interval must be a number'),
        ({'interval': True}, lambda a: a.number('interval', 1.0, above=True), 'interval must be greater than 0'),
        ({'api_retries': -1}, lambda a: a.integer('api_retries', 5), 'api_retries must be an integer of at least 0'),
        (
            {'validate_certs': 'perhaps'},
            lambda a: a.boolean('validate_certs', True),
            'validate_certs must be true or false',
        ),
        ({'ids': [1, 0]}, lambda a: a.ids('ids'), 'ids must hold positive integer ids'),
        ({'start': '-5 minutes'}, lambda a: a.start(), 'start must be ISO 8601'),
    ],
)
def test_bad_arguments_name_themselves(given: dict[str, t.Any], read: t.Callable[[Args], t.Any], message: str) -> None:
    with pytest.raises(ValueError, match=f'^test.source: {message}'):
        read(Args('test.source', given, KNOWN))


def test_arguments_in_their_other_forms() -> None:
    given = Args(
        'test.source', {'ids': ['7', 7, 8], 'validate_certs': 'no', 'api_timeout': '2.5', 'start': '-1m'}, KNOWN
    )
    assert given.ids('ids') == [7, 8]
    assert given.boolean('validate_certs', True) is False
    assert given.number('api_timeout', 30.0) == 2.5
    assert abs(given.start() - (event_sources.now_ms() - 60_000)) < 5_000
    with pytest.raises(ValueError, match='unknown argument colour'):
        Args('test.source', {'colour': 'red'}, KNOWN)


def test_error_events_carry_the_failure_and_where() -> None:
    error = EdgeApiError('read things', 429, 'Slow down.', 'rate_limited', [{'field': 'x', 'message': 'y'}])
    assert error_event(error, pullzone_id=1001) == {
        'error': {'operation': 'read things', 'status': 429, 'error_key': 'rate_limited', 'message': 'Slow down.'},
        'pullzone_id': 1001,
    }


def test_entries_are_told_apart_by_their_id_or_a_digest() -> None:
    assert event_sources.entry_id({'logId': 'abc', 'timestamp': 1}, 'logId') == 'abc'
    first, same, other = ({'timestamp': 1, 'log': 'x'}, {'log': 'x', 'timestamp': 1}, {'timestamp': 2, 'log': 'x'})
    assert (
        event_sources.entry_id(first, 'logId')
        == event_sources.entry_id(same, 'logId')
        != event_sources.entry_id(other, 'logId')
    )


def test_a_burst_is_told_once_a_window_by_the_entries_own_times() -> None:
    counter = BurstCounter(threshold=3, window_ms=10_000)
    assert [counter.add('a', moment, 'waf') for moment in (0, 2_000, 4_000)] == [None, None, None]
    assert counter.add('b', 5_000, 'waf') is None  # another key counts on its own
    assert counter.add('a', 6_000, 'rate_limit') == {
        'count': 4,
        'first_timestamp': 0,
        'last_timestamp': 6_000,
        'labels': {'waf': 3, 'rate_limit': 1},
    }
    assert counter.add('a', 7_000, 'waf') is None  # the same window: told already
    assert counter.add('a', 15_000, 'waf') is None  # only 6, 7 and 15 s are within 10 s of 15 s
    assert counter.add('a', 15_500, 'waf') is None  # 4 within 10 s, but told less than 10 s ago (at 6 s)
    burst = counter.add('a', 16_000, 'waf')  # 7, 15, 15.5 and 16 s: a window after the last report
    assert burst is not None and (burst['count'], burst['first_timestamp']) == (4, 7_000)


def test_entries_read_late_count_where_they_belong() -> None:
    counter = BurstCounter(threshold=2, window_ms=1_000)
    assert counter.add('a', 5_000, 'waf') is None
    assert counter.add('a', 1_000, 'waf') is None  # long before: not in the window of 5 s
    assert counter.add('a', 4_500, 'waf') is None
    assert counter.add('a', 4_800, 'waf')['count'] == 3


def test_burst_counts_survive_a_restart() -> None:
    counter = BurstCounter(threshold=2, window_ms=10_000)
    for moment in (0, 20_000, 21_000):
        counter.add('a', moment, 'waf')
    counter.add('old', 1_000, 'waf')
    saved = json.loads(json.dumps(counter.state()))
    assert set(saved) == {'a'}  # what lies outside every window is dropped
    again = BurstCounter(threshold=2, window_ms=10_000, state=saved)
    assert again.add('a', 22_000, 'waf')['count'] == 3


def test_the_state_file_is_replaced_whole_and_private(tmp_path: t.Any) -> None:
    path = tmp_path / 'state.json'
    state = StateFile(str(path), 'test.source')
    assert state.load() == {}
    state.save({'1': {'since': 5}})
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert json.loads(path.read_text()) == {'version': 1, 'source': 'test.source', 'cursors': {'1': {'since': 5}}}
    assert state.load() == {'1': {'since': 5}}
    with pytest.raises(TypeError):
        state.save({'1': {'since': object()}})  # a failed write leaves the old file and no temporary one
    assert state.load() == {'1': {'since': 5}} and os.listdir(tmp_path) == ['state.json']
    assert StateFile(None, 'test.source').load() == {}


@pytest.mark.parametrize(
    'content, message',
    [
        ('{not json', 'cannot be read'),
        ('{"version": 2, "cursors": {}}', 'not a state file of this version'),
        ('{"version": 1, "source": "other.source", "cursors": {}}', 'belongs to other.source'),
    ],
)
def test_a_state_file_that_cannot_be_used_is_refused(tmp_path: t.Any, content: str, message: str) -> None:
    path = tmp_path / 'state.json'
    path.write_text(content)
    with pytest.raises(ValueError, match=message):
        StateFile(str(path), 'test.source').load()


class Failing(Poller):
    source = 'test.source'
    id_key = 'zone_id'
    ids_arg = 'ids'

    def resolve(self, scope: Scope) -> int:
        raise AssertionError('not asked')

    def new_cursor(self, saved: dict[str, t.Any] | None) -> t.Any:
        return None

    def read(self, scope: Scope) -> tuple[t.Any, bool]:
        raise EdgeApiError('read zone', 503, 'Down for maintenance.', 'service_unavailable')

    def new_events(self, scope: Scope, batch: t.Any) -> t.Iterator[dict[str, t.Any]]:
        return iter(())


def test_the_pause_after_failures_doubles_up_to_five_minutes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(event_sources.time, 'monotonic', lambda: 1000.0)
    poller = Failing(
        Args('test.source', {'ids': [7], 'interval': 30, 'api_key': 'k'}, KNOWN), {'api': 'https://api.test'}
    )
    queue: asyncio.Queue[dict[str, t.Any]] = asyncio.Queue()
    pauses = []
    for _attempt in range(5):
        asyncio.run(poller.poll(poller.scopes[0], queue))
        pauses.append(poller.scopes[0].due - 1000.0)
    assert pauses == [60.0, 120.0, 240.0, 300.0, 300.0]
    assert queue.qsize() == 5 and queue.get_nowait()['error']['status'] == 503
    with pytest.raises(ValueError, match='give ids or pullzone_names'):
        Failing(Args('test.source', {}, ()), {})
