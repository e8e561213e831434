# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The edge.platform.shield_events event source against the emulator: polling, paging, de-duplication,
the state file, rate limits, error events and burst summaries."""

from __future__ import annotations

import asyncio
import datetime
import json
import logging
import os
import stat
import typing as t

import pytest

from ansible_collections.edge.platform.extensions.eda.plugins.event_source.shield_events import main
from ansible_collections.edge.platform.tests.unit.extensions.eda.plugins.event_source.conftest import (
    API_URL,
    START,
    UTC,
    Emulator,
    Running,
    run,
)
from ansible_collections.edge.platform.tests.unit.helpers import EMULATOR_KEY

BUSY = 3001  # 40 generated events an hour; the Shield zone of pull zone assets-000
QUIET = 3003  # no generated events
MINUTE = 60_000


def args(**more: t.Any) -> dict[str, t.Any]:
    return dict({'api_key': EMULATOR_KEY, 'api_url': API_URL, 'interval': 0.05}, **more)


def entries(events: list[dict[str, t.Any]]) -> list[dict[str, t.Any]]:
    assert all(set(event) == {'shield_event', 'shield_zone_id'} for event in events), events
    return [event['shield_event'] for event in events]


def day_logs(emulator: Emulator, zone: int) -> list[dict[str, t.Any]]:
    """Every entry of today as the API pages give it."""
    day = datetime.datetime.fromtimestamp(emulator.clock.now / 1000, UTC).strftime('%m-%d-%Y')
    logs, token = [], ''
    while True:
        page = emulator.api.get(f'/shield/event-logs/{zone}/{day}/{token}').json()
        logs.extend(page['logs'])
        if not page['hasMoreData']:
            return logs
        token = page['continuationToken']


def test_a_first_run_starts_now_and_emits_each_new_entry_once(emulator: Emulator) -> None:
    async def scenario() -> None:
        source = Running(main, args(shield_zone_ids=[BUSY]))
        assert await source.quiet() == []  # the day's earlier entries are history
        added = emulator.traffic(shield_zone_id=BUSY, events=[{}, {'log': {'ip': '192.0.2.7'}}, {}])['events']
        events = await source.take(3)
        assert [event['shield_zone_id'] for event in events] == [BUSY] * 3
        assert entries(events) == added  # the entries as the API gives them
        assert await source.quiet() == []  # read again and again: nothing twice
        await source.stop()

    run(scenario)


def test_start_in_the_past_follows_the_continuation_tokens(emulator: Emulator) -> None:
    expected = [entry for entry in day_logs(emulator, BUSY) if entry['timestamp'] >= START - 6 * 60 * MINUTE]
    assert len(expected) > 200  # more than two pages

    async def scenario() -> None:
        source = Running(main, args(shield_zone_ids=[BUSY], start='-6h'))
        assert entries(await source.take(len(expected))) == expected
        assert await source.quiet() == []
        await source.stop()

    run(scenario)
    pages = emulator.requests('api', f'/shield/event-logs/{BUSY}/')
    assert len({entry['path'] for entry in pages}) >= 3


def test_the_state_file_resumes_without_loss_or_repeat(emulator: Emulator, tmp_path: t.Any) -> None:
    state_file = tmp_path / 'shield.json'

    async def first() -> None:
        source = Running(main, args(shield_zone_ids=[QUIET], state_file=str(state_file)))
        await source.quiet(0.2)
        emulator.traffic(shield_zone_id=QUIET, events=[{}, {}])
        await source.take(2)
        await source.stop()

    async def second() -> None:
        source = Running(main, args(shield_zone_ids=[QUIET], state_file=str(state_file)))
        assert entries(await source.take(3)) == later
        assert await source.quiet() == []
        await source.stop()

    run(first)
    assert stat.S_IMODE(os.stat(state_file).st_mode) == 0o600
    saved = json.loads(state_file.read_text())
    assert saved['source'] == 'edge.platform.shield_events' and set(saved['cursors']) == {str(QUIET)}
    emulator.clock.now += 5 * MINUTE  # entries that come while the source is stopped
    later = emulator.traffic(shield_zone_id=QUIET, events=[{}, {}, {}])['events']
    run(second)
    assert not [name for name in os.listdir(tmp_path) if name != 'shield.json']  # no temporary files left


def test_a_stop_while_emitting_keeps_exactly_what_was_emitted(emulator: Emulator, tmp_path: t.Any) -> None:
    state_file = str(tmp_path / 'shield.json')
    delivered: list[dict[str, t.Any]] = []

    async def first() -> None:
        source = Running(main, args(shield_zone_ids=[QUIET], state_file=state_file), maxsize=1)
        await source.quiet(0.2)
        emulator.traffic(shield_zone_id=QUIET, events=[{} for _number in range(5)])
        delivered.extend(await source.take(1))
        await asyncio.sleep(0.2)  # the second one is put into the queue, the third waits to be put
        assert source.queue.qsize() == 1
        await source.stop()
        delivered.append(source.queue.get_nowait())

    async def second() -> None:
        source = Running(main, args(shield_zone_ids=[QUIET], state_file=state_file))
        delivered.extend(await source.take(5 - len(delivered)))
        assert await source.quiet() == []
        await source.stop()

    run(first)
    assert len(delivered) == 2
    run(second)
    ids = [entry['logId'] for entry in entries(delivered)]
    assert sorted(ids) == sorted({entry['logId'] for entry in day_logs(emulator, QUIET)}) and len(set(ids)) == 5


def test_pull_zone_names_and_their_errors(emulator: Emulator) -> None:
    async def scenario() -> None:
        source = Running(main, args(pullzone_names=['assets-000', 'downloads-005', 'no-such-zone']))
        errors = await source.take(2)
        by_operation = {event['error']['operation']: event for event in errors}
        assert set(by_operation) == {'find shield zone of pull zone 1006', 'find pull zone "no-such-zone"'}
        assert by_operation['find shield zone of pull zone 1006']['error']['error_key'] == 'shield_zone.not_found'
        assert all(
            set(event) == {'error'} and set(event['error']) == {'operation', 'status', 'error_key', 'message'}
            for event in errors
        )
        emulator.traffic(shield_zone_id=BUSY, events=[{}])
        assert [event['shield_zone_id'] for event in await source.take(1)] == [BUSY]
        await source.stop()

    run(scenario)


def test_rate_limits_are_waited_out(emulator: Emulator) -> None:
    async def scenario() -> None:
        source = Running(main, args(shield_zone_ids=[QUIET]))
        await source.quiet(0.2)
        # The fault first: the source reads in a thread of its own, and could take the event between the two.
        emulator.fault(service='api', path='/shield/event-logs/', status=429, retry_after=7, times=2)
        emulator.traffic(shield_zone_id=QUIET, events=[{}])
        events = await source.take(1)
        assert 'shield_event' in events[0]
        await source.stop()

    run(scenario)
    assert emulator.waits.count(7) == 2


def test_api_errors_are_events_and_polling_goes_on(emulator: Emulator, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        source = Running(main, args(shield_zone_ids=[QUIET, 9999], api_retries=1))
        unknown = await source.take(1)
        assert unknown == [
            {
                'error': {
                    'operation': 'read the shield event logs of shield zone 9999 '
                    f'for {datetime.datetime.fromtimestamp(START / 1000, UTC).date()}',
                    'status': 404,
                    'error_key': 'shield_zone.not_found',
                    'message': 'Shield Zone 9999 was not found.',
                },
                'shield_zone_id': 9999,
            }
        ]
        emulator.fault(service='api', path=f'/shield/event-logs/{QUIET}/', status=503, times=2)
        failure = [event for event in await source.take(2) if event['shield_zone_id'] == QUIET][0]
        assert failure['error']['status'] == 503 and failure['error']['error_key'] == 'service_unavailable'
        emulator.traffic(shield_zone_id=QUIET, events=[{}])
        following = [event for event in await source.take(3) if 'shield_event' in event]  # the unknown zone fails on
        assert len(following) == 1
        await source.stop()

    with caplog.at_level(logging.INFO):
        run(scenario)
    assert '9999' in caplog.text


def test_a_refused_key_is_an_error_event_that_never_shows_the_key(
    emulator: Emulator, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        source = Running(main, args(shield_zone_ids=[BUSY], api_key='wrong-key-0123456789'))
        event = (await source.take(1))[0]
        assert (event['error']['status'], event['error']['error_key']) == (401, 'unauthorized')
        assert 'wrong-key-0123456789' not in json.dumps(event)
        await source.stop()

    with caplog.at_level(logging.DEBUG):
        run(scenario)
    assert 'wrong-key-0123456789' not in caplog.text


def test_bursts_from_one_address_are_summarised(emulator: Emulator) -> None:
    async def scenario() -> None:
        source = Running(main, args(shield_zone_ids=[QUIET], burst_threshold=5, burst_minutes=1))
        await source.quiet(0.2)
        emulator.traffic(kind='attack', shield_zone_id=QUIET, ip='203.0.113.9', count=4)
        emulator.traffic(
            shield_zone_id=QUIET,
            events=[
                {'log': {'ip': '203.0.113.9', 'ruleId': 'RL-1001'}},  # rate limit: counts
                {'log': {'ip': '203.0.113.9', 'ruleId': 'BOT-2001'}},  # bot detection: does not
                {'log': {'ip': '198.51.100.1'}},  # another address
            ],
        )
        assert [list(event) for event in await source.take(7)] == [['shield_event', 'shield_zone_id']] * 7
        emulator.traffic(shield_zone_id=QUIET, events=[{'log': {'ip': '203.0.113.9'}}, {'log': {'ip': '203.0.113.9'}}])
        events = await source.take(3)
        assert ['shield_burst' in event for event in events] == [False, True, False]
        assert events[1] == {
            'shield_burst': {
                'ip': '203.0.113.9',
                'events': 6,
                'minutes': 1,
                'first_timestamp': START,
                'last_timestamp': START,
                'features': {'waf': 5, 'rate_limit': 1},
            },
            'shield_zone_id': QUIET,
        }
        # still inside the window: no second summary; a window later, the burst goes on and is told again
        emulator.clock.now += 30_000
        emulator.traffic(kind='attack', shield_zone_id=QUIET, ip='203.0.113.9', count=3)
        assert not any('shield_burst' in event for event in await source.take(3))
        emulator.clock.now += 40_000
        emulator.traffic(kind='attack', shield_zone_id=QUIET, ip='203.0.113.9', count=6)
        bursts = [event['shield_burst'] for event in await source.take(7) if 'shield_burst' in event]
        assert len(bursts) == 1 and bursts[0]['first_timestamp'] == START + 30_000
        await source.stop()

    run(scenario)


def test_the_next_day_starts_at_its_first_page(emulator: Emulator) -> None:
    emulator.clock.now = int(datetime.datetime(2026, 11, 22, 23, 59, 50, tzinfo=UTC).timestamp() * 1000)

    async def scenario() -> None:
        source = Running(main, args(shield_zone_ids=[QUIET]))
        await source.quiet(0.2)
        late = emulator.traffic(shield_zone_id=QUIET, events=[{}])['events']
        emulator.clock.now += 30_000
        early = emulator.traffic(shield_zone_id=QUIET, events=[{}])['events']
        assert entries(await source.take(2)) == late + early
        assert await source.quiet() == []
        await source.stop()

    run(scenario)
    days = {entry['path'].split('/')[4] for entry in emulator.requests('api', f'/shield/event-logs/{QUIET}/')}
    assert days == {'11-22-2026', '11-23-2026'}


def test_the_environment_gives_the_connection(emulator: Emulator, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv('EDGE_API_KEY', EMULATOR_KEY)
    monkeypatch.setenv('EDGE_API_URL', API_URL)

    async def scenario() -> None:
        source = Running(main, {'shield_zone_ids': BUSY, 'interval': '0.05'})
        await source.quiet(0.2)
        emulator.traffic(shield_zone_id=BUSY, events=[{}])
        assert len(await source.take(1)) == 1
        await source.stop()

    run(scenario)


@pytest.mark.parametrize(
    'given, message',
    [
        ({}, 'give shield_zone_ids or pullzone_names'),
        ({'shield_zone_ids': [BUSY], 'colour': 'red'}, 'unknown argument colour'),
        ({'shield_zone_ids': ['x']}, 'shield_zone_ids must hold positive integer ids'),
        ({'shield_zone_ids': [BUSY], 'interval': 0}, 'interval must be greater than 0'),
        ({'shield_zone_ids': [BUSY], 'start': 'yesterday'}, 'start must be ISO 8601'),
        ({'shield_zone_ids': [BUSY], 'burst_threshold': 0}, 'burst_threshold must be an integer of at least 1'),
        (
            {'shield_zone_ids': [BUSY], 'api_url': None},
            'api_url (or the environment variable EDGE_API_URL) is required',
        ),
        ({'shield_zone_ids': [BUSY], 'api_url': 'ftp://x'}, 'api_url must be an http:// or https:// URL'),
        (
            {'shield_zone_ids': [BUSY], 'api_key': None},
            'api_key (or the environment variable EDGE_API_KEY) is required',
        ),
    ],
)
def test_bad_arguments_are_refused_before_any_request(
    emulator: Emulator, given: dict[str, t.Any], message: str
) -> None:
    async def scenario() -> None:
        with pytest.raises(ValueError, match=r'^edge\.platform\.shield_events: ') as caught:
            await main(None, dict(args(), **given))
        assert message in str(caught.value)

    run(scenario)
    assert emulator.state.requests == []


def test_a_state_file_of_another_source_is_refused(emulator: Emulator, tmp_path: t.Any) -> None:
    state_file = tmp_path / 'other.json'
    state_file.write_text(json.dumps({'version': 1, 'source': 'edge.platform.cdn_logs', 'cursors': {}}))

    async def scenario() -> None:
        with pytest.raises(ValueError, match='belongs to edge.platform.cdn_logs'):
            await main(None, args(shield_zone_ids=[BUSY], state_file=str(state_file)))

    run(scenario)
