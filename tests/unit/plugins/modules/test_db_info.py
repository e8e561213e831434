# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import db_info
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Call, FakeApi, FakeResponse

LIST = r'^/database/v2/databases$'


def record(index: int, name: str | None = None) -> dict[str, t.Any]:
    return {
        'id': f'db_{index:04d}',
        'name': name or f'db-{index}',
        'url': f'libsql://db-{index}.lite.edge.test',
        'block_reads': False,
        'block_writes': False,
        'size_max': '1073741824',
        'current_size': '0',
        'storage_region': 'DE',
        'primary_regions': ['DE'],
        'replicas_regions': [],
    }


def paged(records: list[dict[str, t.Any]], size: int) -> t.Callable[[Call], t.Any]:
    """Serve ``records`` in pages of ``size`` whatever per_page asks."""

    def answer(call: Call) -> t.Any:
        page = int(call.params['page'])
        return {
            'databases': records[(page - 1) * size : page * size],
            'page_info': {
                'current_page': page,
                'total_items': len(records),
                'has_more_items': page * size < len(records),
            },
        }

    return answer


RECORDS = [record(index) for index in range(5)] + [record(5, 'db-2')]


def test_lists_every_database_page_by_page(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', LIST, paged(RECORDS, 4))
    outcome = run_module(db_info.main, COMMON_ARGS)
    assert not outcome.failed and outcome.result['changed'] is False
    assert outcome.result['databases'] == RECORDS
    assert [call.params for call in fake_api.calls] == [{'page': 1, 'per_page': 1000}, {'page': 2, 'per_page': 1000}]


def test_exact_name_keeps_every_match(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', LIST, paged(RECORDS, 4))
    outcome = run_module(db_info.main, dict(COMMON_ARGS, name='db-2'))
    assert [item['id'] for item in outcome.result['databases']] == ['db_0002', 'db_0005']


def test_by_id_reads_one_database(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/database/v2/databases/db_0003$', {'db': RECORDS[3]})
    outcome = run_module(db_info.main, dict(COMMON_ARGS, id='db_0003'))
    assert outcome.result['databases'] == [RECORDS[3]]
    assert [call.path for call in fake_api.calls] == ['/database/v2/databases/db_0003']


@pytest.mark.parametrize('args', [{'id': 'db_NOPE'}, {'name': 'nothing'}])
def test_no_match_is_an_empty_list(fake_api: FakeApi, run_module: t.Any, args: dict[str, t.Any]) -> None:
    fake_api.add('GET', LIST, paged(RECORDS, 4))
    fake_api.add(
        'GET', r'^/database/v2/databases/db_NOPE$', FakeResponse(404, {'error': 'Database db_NOPE was not found'})
    )
    outcome = run_module(db_info.main, dict(COMMON_ARGS, **args))
    assert not outcome.failed and outcome.result['databases'] == []


def test_never_a_token(fake_api: FakeApi, run_module: t.Any) -> None:
    leaky = dict(record(1), token='eyJ.secret', auth_token='eyJ.other')
    fake_api.add('GET', LIST, paged([leaky], 10))
    found = run_module(db_info.main, COMMON_ARGS).result['databases'][0]
    assert found == record(1)


def test_check_mode_reads_the_same(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', LIST, paged(RECORDS, 10))
    outcome = run_module(db_info.main, COMMON_ARGS, check_mode=True)
    assert outcome.result['databases'] == RECORDS and outcome.result['changed'] is False


@pytest.mark.parametrize(
    'args, message',
    [
        ({'id': 'db 1'}, 'id must be a database id'),
        ({'id': ''}, 'id must not be empty'),
        ({'name': '  '}, 'name must not be empty'),
        ({'id': 'db_1', 'name': 'x'}, 'mutually exclusive'),
    ],
)
def test_bad_input_is_refused_before_any_request(
    fake_api: FakeApi, run_module: t.Any, args: dict[str, t.Any], message: str
) -> None:
    outcome = run_module(db_info.main, dict(COMMON_ARGS, **args))
    assert outcome.failed and message in outcome.result['msg']
    assert fake_api.calls == []


def test_errors_name_the_operation_and_the_api_s_words(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', LIST, paged(RECORDS, 4))
    fake_api.add(
        'GET',
        LIST,
        FakeResponse(200, paged(RECORDS, 4)(Call('GET', 'x', {'page': 1}, None, None, None))),
        FakeResponse(500, {'error': 'database list unavailable'}),
    )
    outcome = run_module(db_info.main, COMMON_ARGS)
    assert outcome.failed
    assert (
        outcome.result['msg']
        == 'list databases (page 2) failed: HTTP 500 internal_server_error: database list unavailable'
    )
    assert len(fake_api.calls) == 4  # page 1, then page 2 three times (two retries)
