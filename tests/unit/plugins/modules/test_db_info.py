# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import db_info
from ansible_collections.edge.platform.tests.emulator.areas import databases as databases_area
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, LOGGING_URL, Emulator, FakeApi

LIST = '/database/v2/databases'


def add_databases(emulator: Emulator, count: int, name: str | None = None) -> list[str]:
    """Seed ``count`` more database records, as the emulator seeds its own (the API cannot create one)."""
    store = databases_area.databases(emulator.state)
    added = []
    for index in range(count):
        db_id = f'db_UNIT{len(store):06d}'
        store[db_id] = {
            'id': db_id,
            'name': name or f'db-{index}',
            'url': databases_area.placeholder_url(db_id),
            'block_reads': False,
            'block_writes': False,
            'size_max': databases_area.SIZE_MAX,
            'current_size': '0',
            'storage_region': 'DE',
            'primary_regions': ['DE'],
            'replicas_regions': [],
        }
        added.append(db_id)
    return added


def databases(emulator: Emulator) -> list[dict[str, t.Any]]:
    return emulator.snapshot()['databases']


def test_lists_every_database_page_by_page(emulator: Emulator, run_module: t.Any) -> None:
    add_databases(emulator, 1000)  # 1003 databases: two pages of at most 1000
    outcome = run_module(db_info.main, COMMON_ARGS)
    assert not outcome.failed and outcome.result['changed'] is False
    assert outcome.result['databases'] == databases(emulator)
    assert [(call.path, call.params) for call in emulator.sent] == [
        (LIST, {'page': '1', 'per_page': '1000'}),
        (LIST, {'page': '2', 'per_page': '1000'}),
    ]


def test_exact_name_keeps_every_match(emulator: Emulator, run_module: t.Any) -> None:
    seeded = emulator.item('databases', name='catalog')['id']
    [again] = add_databases(emulator, 1, name='catalog')
    add_databases(emulator, 1, name='catalog-old')
    add_databases(emulator, 1, name='Catalog')
    outcome = run_module(db_info.main, dict(COMMON_ARGS, name='catalog'))
    assert [item['id'] for item in outcome.result['databases']] == [seeded, again]


def test_by_id_reads_one_database(emulator: Emulator, run_module: t.Any) -> None:
    catalog = emulator.item('databases', name='catalog')
    outcome = run_module(db_info.main, dict(COMMON_ARGS, id=catalog['id']))
    assert outcome.result['databases'] == [catalog]
    assert catalog['url'].startswith('http://127.0.0.1:') and int(catalog['current_size']) > 0
    assert [call.path for call in emulator.sent] == [f"{LIST}/{catalog['id']}"]


@pytest.mark.parametrize('args', [{'id': 'db_NOPE'}, {'name': 'nothing'}])
def test_no_match_is_an_empty_list(emulator: Emulator, run_module: t.Any, args: dict[str, t.Any]) -> None:
    outcome = run_module(db_info.main, dict(COMMON_ARGS, **args))
    assert not outcome.failed and outcome.result['databases'] == []
    expected = (f'{LIST}/db_NOPE', 404) if 'id' in args else (LIST, 200)
    assert [(call.path, call.status) for call in emulator.sent] == [expected]


def test_a_404_of_another_service_is_no_empty_list(emulator: Emulator, run_module: t.Any) -> None:
    # api_url pointed at the logging API: its 404 is not the database API's "no such database".
    catalog = emulator.item('databases', name='catalog')['id']
    outcome = run_module(db_info.main, dict(COMMON_ARGS, api_url=LOGGING_URL, id=catalog))
    assert outcome.failed, outcome.result
    assert outcome.result['msg'].startswith(f'read database {catalog} failed: HTTP 404')
    assert f'is {LOGGING_URL} the right base address?' in outcome.result['msg']
    assert outcome.result['failure']['status'] == 404
    assert [(call.service, call.path) for call in emulator.sent] == [('logging', f'{LIST}/{catalog}')]


def test_never_a_token(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator's records never carry a token-like property.
    record = {'id': 'db_0001', 'name': 'db-1', 'url': 'libsql://db-1.lite.edge.test', 'storage_region': 'DE'}
    leaky = dict(record, token='eyJ.secret', auth_token='eyJ.other')
    page_info = {'current_page': 1, 'total_items': 1, 'has_more_items': False}
    fake_api.add('GET', r'^/database/v2/databases$', {'databases': [leaky], 'page_info': page_info})
    found = run_module(db_info.main, COMMON_ARGS).result['databases'][0]
    assert found == record


def test_check_mode_reads_the_same(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(db_info.main, COMMON_ARGS, check_mode=True)
    assert outcome.result['databases'] == databases(emulator) and outcome.result['changed'] is False
    assert [record['name'] for record in outcome.result['databases']] == ['app-main', 'catalog', 'sessions']
    assert emulator.writes == []


def test_errors_name_the_operation_and_the_api_s_words(emulator: Emulator, run_module: t.Any) -> None:
    add_databases(emulator, 1000)
    emulator.add_fault(path=f'^{LIST}$', status=500, skip=1, times=3)  # page 2, and its two retries
    outcome = run_module(db_info.main, COMMON_ARGS)
    assert outcome.failed
    assert (
        outcome.result['msg']
        == 'list databases (page 2) failed: HTTP 500 internal_server_error: An unexpected error occurred.'
    )
    assert [(call.params['page'], call.status) for call in emulator.sent] == [('1', 200)] + [('2', 500)] * 3
