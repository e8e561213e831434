# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import container_app_info
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Call, FakeApi, FakeResponse


def app(index: int, name: str | None = None) -> dict[str, t.Any]:
    return {
        'id': f'id-{index}',
        'name': name or f'app-{index}',
        'description': f'App {index}',
        'displayEndpoint': {'id': f'ep-{index}', 'address': f'app-{index}.test'},
        'status': 'active',
    }


def paged(apps: list[dict[str, t.Any]], size: int) -> t.Callable[[Call], t.Any]:
    """Serve ``apps`` in pages of ``size`` whatever the limit, with cursors ``c<offset>``."""

    def answer(call: Call) -> t.Any:
        offset = int(call.params.get('nextCursor', 'c0')[1:])
        following = offset + size
        return {
            'items': apps[offset:following],
            'meta': {'totalItems': len(apps)},
            'cursor': f'c{following}' if following < len(apps) else None,
        }

    return answer


APPS = [app(index) for index in range(7)] + [app(7, 'app-3')]


def test_follows_the_cursor_with_the_largest_page(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/mc/apps$', paged(APPS, 3))
    outcome = run_module(container_app_info.main, COMMON_ARGS)
    assert not outcome.failed
    assert outcome.result['changed'] is False
    assert outcome.result['apps'] == APPS
    assert [call.params for call in fake_api.calls] == [
        {'limit': 1000},
        {'limit': 1000, 'nextCursor': 'c3'},
        {'limit': 1000, 'nextCursor': 'c6'},
    ]


def test_an_empty_string_cursor_ends_the_list(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/mc/apps$', {'items': APPS[:2], 'meta': {'totalItems': 2}, 'cursor': ''})
    outcome = run_module(container_app_info.main, COMMON_ARGS)
    assert len(outcome.result['apps']) == 2 and len(fake_api.calls) == 1


def test_filter_by_name_keeps_every_exact_match(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/mc/apps$', paged(APPS, 3))
    outcome = run_module(container_app_info.main, dict(COMMON_ARGS, name='app-3'))
    assert [item['id'] for item in outcome.result['apps']] == ['id-3', 'id-7']


def test_filter_by_id_stops_at_the_match(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/mc/apps$', paged(APPS, 3))
    outcome = run_module(container_app_info.main, dict(COMMON_ARGS, id='id-4'))
    assert outcome.result['apps'] == [APPS[4]]
    assert len(fake_api.calls) == 2


@pytest.mark.parametrize('option', ['id', 'name'])
def test_no_match_is_an_empty_list(fake_api: FakeApi, run_module: t.Any, option: str) -> None:
    fake_api.add('GET', r'^/mc/apps$', paged(APPS, 3))
    outcome = run_module(container_app_info.main, dict(COMMON_ARGS, **{option: 'nothing'}))
    assert not outcome.failed and outcome.result['apps'] == []


def test_an_empty_account(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/mc/apps$', {'items': [], 'meta': {'totalItems': 0}, 'cursor': None})
    assert run_module(container_app_info.main, COMMON_ARGS).result['apps'] == []


def test_check_mode_reads_the_same(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/mc/apps$', paged(APPS, 5))
    outcome = run_module(container_app_info.main, COMMON_ARGS, check_mode=True)
    assert outcome.result['apps'] == APPS and outcome.result['changed'] is False


@pytest.mark.parametrize(
    'extra, message',
    [
        ({'id': ''}, 'id must not be empty'),
        ({'name': '  '}, 'name must not be empty'),
        ({'id': 'a', 'name': 'b'}, 'parameters are mutually exclusive: id|name'),
    ],
)
def test_bad_input_sends_nothing(fake_api: FakeApi, run_module: t.Any, extra: dict, message: str) -> None:
    outcome = run_module(container_app_info.main, dict(COMMON_ARGS, **extra))
    assert outcome.failed and message in outcome.result['msg']
    assert fake_api.calls == []


def test_a_repeated_cursor_stops_with_an_error(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/mc/apps$', {'items': APPS[:1], 'meta': {'totalItems': 9}, 'cursor': 'same'})
    outcome = run_module(container_app_info.main, COMMON_ARGS)
    assert outcome.failed
    assert (
        outcome.result['msg'] == 'list container applications failed: the API answered a cursor it had already given; '
        'stopping instead of looping'
    )
    assert len(fake_api.calls) == 2


def test_a_validation_problem_is_reported_field_by_field(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add(
        'GET',
        r'^/mc/apps$',
        FakeResponse(
            400,
            {
                'title': 'validation_failed',
                'status': 400,
                'detail': 'One or more validation errors occurred.',
                'instance': '/mc/apps',
                'errors': [{'field': 'nextCursor', 'message': 'The cursor is not valid.'}],
                'id': None,
            },
        ),
    )
    outcome = run_module(container_app_info.main, COMMON_ARGS)
    assert outcome.result['msg'] == (
        'list container applications failed: HTTP 400 validation_failed: '
        'One or more validation errors occurred. (nextCursor: The cursor is not valid.)'
    )
    assert outcome.result['failure']['errors'] == [{'field': 'nextCursor', 'message': 'The cursor is not valid.'}]


def test_a_problem_on_a_later_page_fails_the_listing(fake_api: FakeApi, run_module: t.Any) -> None:
    first = {'items': APPS[:3], 'meta': {'totalItems': 8}, 'cursor': 'c3'}
    problem = FakeResponse(
        401, {'type': 'about:blank', 'title': 'unauthorized', 'status': 401, 'detail': 'Authorization has been denied.'}
    )
    fake_api.add('GET', r'^/mc/apps$', first, problem)
    outcome = run_module(container_app_info.main, COMMON_ARGS)
    assert outcome.failed
    assert outcome.result['failure'] == {
        'status': 401,
        'error_key': 'unauthorized',
        'message': 'Authorization has been denied.',
    }
    assert (
        outcome.result['msg']
        == 'list container applications failed: HTTP 401 unauthorized: Authorization has been denied.'
    )


def test_a_server_error_is_retried(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add(
        'GET', r'^/mc/apps$', FakeResponse(503, {'title': 'service_unavailable', 'status': 503}), paged(APPS, 100)
    )
    outcome = run_module(container_app_info.main, COMMON_ARGS)
    assert outcome.result['apps'] == APPS and len(fake_api.calls) == 2
