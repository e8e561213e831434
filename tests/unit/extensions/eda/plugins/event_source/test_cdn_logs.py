# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The edge.platform.cdn_logs event source against the emulator: polling, filters, paging, de-duplication,
late rows, the state file, pacing under the logging API's limit, error events and spike summaries."""

from __future__ import annotations

import functools
import json
import os
import stat
import typing as t

import pytest

from ansible_collections.edge.platform.extensions.eda.plugins.event_source import cdn_logs as source_module
from ansible_collections.edge.platform.extensions.eda.plugins.event_source.cdn_logs import TimePosition, main
from ansible_collections.edge.platform.plugins.module_utils._cdn_logs import Pacer, iso_ms
from ansible_collections.edge.platform.tests.emulator.areas import cdn_logs as area
from ansible_collections.edge.platform.tests.unit.extensions.eda.plugins.event_source.conftest import (
    API_URL,
    LOGGING_URL,
    START,
    Emulator,
    Running,
    run,
)
from ansible_collections.edge.platform.tests.unit.helpers import EMULATOR_KEY

ZONE = 1001  # logging on
OTHER = 1005  # logging on
LOGGING_OFF = 1002
SUSPENDED = 1003
MINUTE = 60_000


def args(**more: t.Any) -> dict[str, t.Any]:
    return dict({'api_key': EMULATOR_KEY, 'logging_api_url': LOGGING_URL, 'interval': 0.05}, **more)


def rows(events: list[dict[str, t.Any]]) -> list[dict[str, t.Any]]:
    assert all(set(event) == {'cdn_log', 'pullzone_id'} for event in events), events
    return [event['cdn_log'] for event in events]


def ids(items: list[dict[str, t.Any]]) -> list[str]:
    return [row['requestId'] for row in items]


def add_rows(emulator: Emulator, zone: int, *given: dict[str, t.Any]) -> list[dict[str, t.Any]]:
    added = emulator.traffic(pullzone_id=zone, rows=list(given))['rows']
    emulator.clock.now += 1  # the logging API's window ends now, exclusive
    return added


def test_a_first_run_starts_now_and_emits_each_new_row_once(emulator: Emulator) -> None:
    async def scenario() -> None:
        source = Running(main, args(pullzone_ids=[ZONE]))
        assert await source.quiet() == []  # the logs before the start are history
        added = add_rows(emulator, ZONE, {}, {'statusCode': 404}, {})
        events = await source.take(3)
        assert [event['pullzone_id'] for event in events] == [ZONE] * 3
        assert rows(events) == added
        assert await source.quiet() == []
        await source.stop()

    run(scenario)


def test_filters_are_sent_to_the_api(emulator: Emulator) -> None:
    async def scenario() -> None:
        source = Running(main, args(pullzone_ids=[ZONE], status=['5xx', 404], cache_status=['miss', '-']))
        await source.quiet(0.2)
        added = add_rows(
            emulator,
            ZONE,
            {'statusCode': 502, 'cacheStatus': 'MISS'},
            {'statusCode': 502, 'cacheStatus': 'HIT'},
            {'statusCode': 404, 'cacheStatus': '-'},
            {'statusCode': 200, 'cacheStatus': 'MISS'},
        )
        assert ids(rows(await source.take(2))) == ids([added[0], added[2]])
        assert await source.quiet() == []
        await source.stop()

    run(scenario)
    query = emulator.requests('logging', f'/v2/pullzones/{ZONE}/logs')[-1]['query']
    assert 'status=5xx%2C404' in query and 'cacheStatus=MISS%2C-' in query and 'order=asc' in query


def test_start_in_the_past_reads_every_page(emulator: Emulator, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(source_module, 'PAGE_LIMIT', 50)
    expected = emulator.logging.get(
        f'/v2/pullzones/{ZONE}/logs', params={'from': iso_ms(START - 180 * MINUTE), 'order': 'asc', 'limit': 10000}
    ).json()['data']
    assert len(expected) > 150

    async def scenario() -> None:
        source = Running(main, args(pullzone_ids=[ZONE], start='-3h'))
        assert rows(await source.take(len(expected))) == expected
        assert await source.quiet() == []
        await source.stop()

    run(scenario)
    offsets = [entry['query'] for entry in emulator.requests('logging', f'/v2/pullzones/{ZONE}/logs')]
    assert any('offset=150' in query for query in offsets)


def test_late_rows_within_the_overlap_are_emitted_once(emulator: Emulator) -> None:
    async def scenario() -> None:
        source = Running(main, args(pullzone_ids=[OTHER], overlap=120))
        await source.quiet(0.2)
        emulator.clock.now += 5 * MINUTE
        newest = add_rows(emulator, OTHER, {})
        assert ids(rows(await source.take(1))) == ids(newest)
        late = add_rows(emulator, OTHER, {'timestamp': iso_ms(emulator.clock.now - 90_000)})
        too_late = add_rows(emulator, OTHER, {'timestamp': iso_ms(emulator.clock.now - 200_000)})
        assert ids(rows(await source.take(1))) == ids(late)
        assert await source.quiet() == []
        assert too_late  # older than the overlap: a read no longer reaches it
        await source.stop()

    run(scenario)


def test_the_state_file_resumes_without_loss_or_repeat(emulator: Emulator, tmp_path: t.Any) -> None:
    state_file = tmp_path / 'cdn.json'

    async def first() -> None:
        source = Running(main, args(pullzone_ids=[ZONE], state_file=str(state_file)))
        await source.quiet(0.2)
        add_rows(emulator, ZONE, {}, {})
        await source.take(2)
        await source.stop()

    async def second() -> None:
        source = Running(main, args(pullzone_ids=[ZONE], state_file=str(state_file)))
        assert ids(rows(await source.take(3))) == ids(later)
        assert await source.quiet() == []
        await source.stop()

    run(first)
    assert stat.S_IMODE(os.stat(state_file).st_mode) == 0o600
    assert json.loads(state_file.read_text())['source'] == 'edge.platform.cdn_logs'
    emulator.clock.now += 10 * MINUTE
    later = add_rows(emulator, ZONE, {}, {}, {})
    run(second)


def test_a_saved_position_does_not_move_with_the_cursor() -> None:
    # The poller compares the cursors with the last ones it saved: a position sharing the cursor's ``seen``
    # looked saved already when rows came right after an empty read, and a restart emitted them again.
    cursor = TimePosition(START, {}, None)
    saved = cursor.state()
    cursor.seen['a-request-id'] = START
    assert saved == {'since': START, 'seen': {}}
    assert cursor.state() != saved


def test_requests_stay_under_the_rate_limit_of_each_pull_zone(
    emulator: Emulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Monotonic:
        def __init__(self) -> None:
            self.now = 1000.0

        def __call__(self) -> float:
            return self.now

        def advance(self, seconds: float) -> None:
            self.now += seconds

    clock = Monotonic()
    monkeypatch.setattr(area, 'clock', clock)  # the emulator's rate limiter
    monkeypatch.setattr(source_module, 'Pacer', functools.partial(Pacer, clock=clock, sleep=clock.advance))

    async def scenario() -> None:
        source = Running(main, args(pullzone_ids=[ZONE, OTHER], interval=0.001))
        while len(emulator.requests('logging', f'/v2/pullzones/{ZONE}/logs')) < 70:
            assert await source.quiet(0.05) == []
        await source.stop()

    run(scenario)
    assert {entry['status'] for entry in emulator.state.requests} == {200}
    assert clock.now - 1000.0 >= 20  # the pacer waited: 70 requests of one pull zone take more than two windows


def test_rate_limits_are_waited_out(emulator: Emulator) -> None:
    async def scenario() -> None:
        source = Running(main, args(pullzone_ids=[ZONE]))
        await source.quiet(0.2)
        # The fault first: the source reads in a thread of its own, and could take the rows between the two.
        emulator.fault(service='logging', path=f'/v2/pullzones/{ZONE}/logs', status=429, retry_after=4, times=1)
        added = add_rows(emulator, ZONE, {})
        assert rows(await source.take(1)) == added
        await source.stop()

    run(scenario)
    assert 4 in emulator.waits


@pytest.mark.parametrize(
    'zone, status, key',
    [
        (LOGGING_OFF, 404, 'logging_disabled'),
        (SUSPENDED, 403, 'forbidden'),
        (9999, 404, 'not_found'),
    ],
)
def test_zones_the_api_refuses_are_error_events(emulator: Emulator, zone: int, status: int, key: str) -> None:
    async def scenario() -> None:
        source = Running(main, args(pullzone_ids=[zone, ZONE]))
        event = (await source.take(1))[0]
        assert event['pullzone_id'] == zone
        assert event['error']['operation'] == f'query CDN logs of pull zone {zone}'
        assert (event['error']['status'], event['error']['error_key']) == (status, key)
        added = add_rows(emulator, ZONE, {})
        following = [event for event in await source.take(2) if 'cdn_log' in event]  # the refused zone is tried again
        assert rows(following) == added
        await source.stop()

    run(scenario)


def test_a_refused_key_is_an_error_event_that_never_shows_the_key(emulator: Emulator) -> None:
    async def scenario() -> None:
        source = Running(main, args(pullzone_ids=[ZONE], api_key='wrong-key-0123456789'))
        event = (await source.take(1))[0]
        assert (event['error']['status'], event['error']['error_key']) == (403, 'forbidden')
        assert 'wrong-key-0123456789' not in json.dumps(event)
        await source.stop()

    run(scenario)


def test_pull_zone_names_are_looked_up(emulator: Emulator) -> None:
    async def scenario() -> None:
        source = Running(main, args(pullzone_names=['assets-000', 'nowhere'], api_url=API_URL))
        error = (await source.take(1))[0]
        assert error == {
            'error': {
                'operation': 'find pull zone "nowhere"',
                'status': None,
                'error_key': None,
                'message': 'no pull zone is named "nowhere"',
            }
        }
        added = add_rows(emulator, ZONE, {})
        assert [event for event in await source.take(2) if 'cdn_log' in event] == [
            {'cdn_log': added[0], 'pullzone_id': ZONE}
        ]
        await source.stop()

    run(scenario)


def test_spikes_are_summarised(emulator: Emulator) -> None:
    async def scenario() -> None:
        source = Running(main, args(pullzone_ids=[ZONE], status=['5xx'], burst_threshold=3, burst_minutes=2))
        await source.quiet(0.2)
        add_rows(emulator, ZONE, {'statusCode': 502}, {'statusCode': 500}, {'statusCode': 502})
        assert len(await source.take(3)) == 3
        emulator.clock.now += MINUTE
        add_rows(emulator, ZONE, {'statusCode': 503})
        events = await source.take(2)
        assert events[1] == {
            'cdn_log_burst': {
                'rows': 4,
                'minutes': 2,
                'first_timestamp': iso_ms(START),
                'last_timestamp': iso_ms(START + 1 + MINUTE),
                'status_codes': {'502': 2, '500': 1, '503': 1},
            },
            'pullzone_id': ZONE,
        }
        await source.stop()

    run(scenario)


@pytest.mark.parametrize(
    'given, message',
    [
        ({}, 'give pullzone_ids or pullzone_names'),
        ({'pullzone_ids': [ZONE], 'status': ['4x4']}, 'status entries must be an HTTP status code'),
        ({'pullzone_ids': [ZONE], 'cache_status': ['WARM']}, 'cache_status entries must be among'),
        (
            {'pullzone_ids': [ZONE], 'logging_api_url': None},
            'logging_api_url (or the environment variable EDGE_LOGGING_API_URL) is required',
        ),
        ({'pullzone_names': ['assets-000']}, 'api_url (or the environment variable EDGE_API_URL) is required'),
        ({'pullzone_ids': [ZONE], 'overlap': -1}, 'overlap must be at least 0'),
        ({'pullzone_ids': [ZONE], 'validate_certs': 'maybe'}, 'validate_certs must be true or false'),
    ],
)
def test_bad_arguments_are_refused_before_any_request(
    emulator: Emulator, given: dict[str, t.Any], message: str
) -> None:
    async def scenario() -> None:
        with pytest.raises(ValueError, match=r'^edge\.platform\.cdn_logs: ') as caught:
            await main(None, dict(args(), **given))
        assert message in str(caught.value)

    run(scenario)
    assert emulator.state.requests == []
