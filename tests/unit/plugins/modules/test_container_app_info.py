# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import random
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import container_app_info
from ansible_collections.edge.platform.tests.emulator.areas import containers as containers_area
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator, FakeApi

# The seed: 1120 applications (two pages of at most 1000); the twelfth reuses the name of the eleventh.
SEEDED = 1120
TWINS = 'web-0010'


def add_apps(emulator: Emulator, count: int) -> None:
    """Seed ``count`` more applications, made as the emulator makes its own (the API cannot create one)."""
    store = containers_area.apps(emulator.state)
    rng = random.Random('unit')
    store.extend(
        containers_area.make_app(index, rng, [201, 202, 203]) for index in range(len(store), len(store) + count)
    )


def listed(emulator: Emulator) -> list[dict[str, t.Any]]:
    """The applications as the API lists them, in the emulator's order."""
    return [containers_area.app_view(app) for app in emulator.snapshot()['apps']]


def cursors(emulator: Emulator) -> list[str]:
    """The cursors the emulator answers to a listing with the largest page (read through the API, unrecorded)."""
    client, found, cursor = emulator.client(), [], None
    while True:
        params = {'limit': 1000, **({'nextCursor': cursor} if cursor else {})}
        cursor = client.get('mc/apps', 'list container applications', params=params)['cursor']
        if not cursor:
            break
        found.append(cursor)
    emulator.forget_requests()
    return found


def test_follows_the_cursor_with_the_largest_page(emulator: Emulator, run_module: t.Any) -> None:
    add_apps(emulator, 900)  # 2020 applications: three pages
    given = cursors(emulator)
    outcome = run_module(container_app_info.main, COMMON_ARGS)
    assert not outcome.failed
    assert outcome.result['changed'] is False
    assert outcome.result['container_apps'] == listed(emulator)
    assert len(outcome.result['container_apps']) == 2020
    assert [call.params for call in emulator.sent] == [
        {'limit': '1000'},
        {'limit': '1000', 'nextCursor': given[0]},
        {'limit': '1000', 'nextCursor': given[1]},
    ]


def test_an_empty_string_cursor_ends_the_list(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator ends its list with a null cursor, never an empty string.
    apps = [{'id': f'id-{index}', 'name': f'app-{index}', 'status': 'active'} for index in range(2)]
    fake_api.add('GET', r'^/mc/apps$', {'items': apps, 'meta': {'totalItems': 2}, 'cursor': ''})
    outcome = run_module(container_app_info.main, COMMON_ARGS)
    assert outcome.result['container_apps'] == apps and len(fake_api.calls) == 1


def test_filter_by_name_keeps_every_exact_match(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(container_app_info.main, dict(COMMON_ARGS, name=TWINS))
    twins = [app for app in listed(emulator) if app['name'] == TWINS]
    assert len(twins) == 2
    assert outcome.result['container_apps'] == twins
    assert len(emulator.sent) == 2  # a name is searched through every page


@pytest.mark.parametrize('index, pages', [(5, 1), (1500, 2)])
def test_filter_by_id_stops_at_the_match(emulator: Emulator, run_module: t.Any, index: int, pages: int) -> None:
    add_apps(emulator, 900)
    wanted = listed(emulator)[index]
    outcome = run_module(container_app_info.main, dict(COMMON_ARGS, id=wanted['id']))
    assert outcome.result['container_apps'] == [wanted]
    assert len(emulator.sent) == pages  # of three


@pytest.mark.parametrize('option', ['id', 'name'])
def test_no_match_is_an_empty_list(emulator: Emulator, run_module: t.Any, option: str) -> None:
    outcome = run_module(container_app_info.main, dict(COMMON_ARGS, **{option: 'nothing'}))
    assert not outcome.failed and outcome.result['container_apps'] == []
    assert [call.status for call in emulator.sent] == [200, 200]


def test_an_empty_account(emulator: Emulator, run_module: t.Any) -> None:
    containers_area.apps(emulator.state).clear()
    assert run_module(container_app_info.main, COMMON_ARGS).result['container_apps'] == []
    assert [call.params for call in emulator.sent] == [{'limit': '1000'}]


def test_check_mode_reads_the_same(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(container_app_info.main, COMMON_ARGS, check_mode=True)
    assert outcome.result['container_apps'] == listed(emulator) and outcome.result['changed'] is False
    assert len(outcome.result['container_apps']) == SEEDED
    assert emulator.writes == []


@pytest.mark.parametrize(
    'extra, message',
    [
        ({'id': ''}, 'id must not be empty'),
        ({'name': '  '}, 'name must not be empty'),
        ({'id': 'a', 'name': 'b'}, 'parameters are mutually exclusive: id|name'),
    ],
)
def test_bad_input_sends_nothing(emulator: Emulator, run_module: t.Any, extra: dict, message: str) -> None:
    outcome = run_module(container_app_info.main, dict(COMMON_ARGS, **extra))
    assert outcome.failed and message in outcome.result['msg']
    assert emulator.sent == []


def test_a_repeated_cursor_stops_with_an_error(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator never gives a cursor twice.
    apps = [{'id': 'id-0', 'name': 'app-0', 'status': 'active'}]
    fake_api.add('GET', r'^/mc/apps$', {'items': apps, 'meta': {'totalItems': 9}, 'cursor': 'same'})
    outcome = run_module(container_app_info.main, COMMON_ARGS)
    assert outcome.failed
    assert (
        outcome.result['msg'] == 'list container applications failed: the API answered a cursor it had already given; '
        'stopping instead of looping'
    )
    assert len(fake_api.calls) == 2


def test_a_validation_problem_is_reported_field_by_field(emulator: Emulator, run_module: t.Any) -> None:
    def remove_apps() -> None:  # between the pages, applications go: the cursor now points past the end
        del containers_area.apps(emulator.state)[500:]

    emulator.meanwhile('GET', r'^/mc/apps$', remove_apps)
    outcome = run_module(container_app_info.main, COMMON_ARGS)
    assert outcome.failed
    assert outcome.result['msg'] == (
        'list container applications failed: HTTP 400 validation_failed: '
        'One or more validation errors occurred. (nextCursor: The cursor is not valid.)'
    )
    assert outcome.result['failure']['errors'] == [{'field': 'nextCursor', 'message': 'The cursor is not valid.'}]
    assert [call.status for call in emulator.sent] == [200, 400]  # a 400 is not retried


def test_a_problem_on_a_later_page_fails_the_listing(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(path=r'^/mc/apps$', status=401, skip=1)
    outcome = run_module(container_app_info.main, COMMON_ARGS)
    assert outcome.failed
    assert outcome.result['failure'] == {
        'status': 401,
        'error_key': 'unauthorized',
        'message': 'Authorization has been denied for this request.',
    }
    assert (
        outcome.result['msg']
        == 'list container applications failed: HTTP 401 unauthorized: Authorization has been denied for this request.'
    )
    assert [call.status for call in emulator.sent] == [200, 401]
    assert 'nextCursor' in emulator.sent[1].params


def test_a_server_error_is_retried(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(path=r'^/mc/apps$', status=503)
    outcome = run_module(container_app_info.main, COMMON_ARGS)
    assert outcome.result['container_apps'] == listed(emulator)
    assert [call.status for call in emulator.sent] == [503, 200, 200]
    assert emulator.sent[0].params == emulator.sent[1].params == {'limit': '1000'}
    assert len(emulator.slept) == 1


@pytest.mark.parametrize('args', [{}, {'name': TWINS}, {'id': 'nothing'}])
def test_apps_is_the_deprecated_name_of_container_apps(emulator: Emulator, run_module: t.Any, args: dict) -> None:
    outcome = run_module(container_app_info.main, dict(COMMON_ARGS, **args))
    assert not outcome.failed, outcome.result
    assert outcome.result['apps'] == outcome.result['container_apps']
    assert 'deprecations' not in outcome.result  # a return value cannot warn those who already read container_apps
