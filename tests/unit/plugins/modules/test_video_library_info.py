# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import json
import random
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import video_library_info
from ansible_collections.edge.platform.tests.emulator.areas import video as video_area
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator

KEYS = ('ApiKey', 'ReadOnlyApiKey', 'ApiAccessKey')
# The seed (scale 12) has three libraries, 5001..5003, called library-00..library-02.
SEEDED = [5001, 5002, 5003]


def add_libraries(emulator: Emulator, count: int, name: str | None = None) -> list[int]:
    """More libraries, made as the emulator makes its own (the API cannot create one)."""
    stored = video_area.libraries(emulator.state)
    rng = random.Random('unit')
    added = []
    for index in range(len(stored), len(stored) + count):
        library = video_area.make_library(index, rng, 1001)
        if name is not None:
            library['Name'] = name
        stored[library['Id']] = library
        added.append(library['Id'])
    return added


def seeded(emulator: Emulator, library_id: int) -> dict[str, t.Any]:
    return emulator.item('video_libraries', Id=library_id)


def masked(library: dict[str, t.Any]) -> dict[str, t.Any]:
    return {**library, **{key: '********' for key in KEYS if library.get(key) not in (None, '')}}


def test_lists_every_library_with_its_keys_masked(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(video_library_info.main, COMMON_ARGS)
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is False
    assert outcome.result['video_libraries'] == [masked(seeded(emulator, library_id)) for library_id in SEEDED]
    assert [(call.method, call.path, call.params) for call in emulator.sent] == [
        ('GET', '/videolibrary', {'perPage': '1000', 'page': '1'})
    ]
    text = json.dumps(outcome.result)
    for library_id in SEEDED:
        for key in ('ApiKey', 'ReadOnlyApiKey'):
            assert seeded(emulator, library_id)[key] not in text


def test_pages_through_the_list_with_the_largest_page(emulator: Emulator, run_module: t.Any) -> None:
    added = add_libraries(emulator, 1000)  # 1003 libraries: two pages of at most 1000
    outcome = run_module(video_library_info.main, COMMON_ARGS)
    assert [library['Id'] for library in outcome.result['video_libraries']] == SEEDED + added
    assert [call.params for call in emulator.sent] == [{'perPage': '1000', 'page': str(page)} for page in (1, 2)]


def test_only_keys_that_are_set_are_masked(emulator: Emulator, run_module: t.Any) -> None:
    library = video_area.libraries(emulator.state)[5002]
    library.update(ReadOnlyApiKey='', ApiAccessKey='access-key-of-5002')
    outcome = run_module(video_library_info.main, dict(COMMON_ARGS, id=5002))
    [found] = outcome.result['video_libraries']
    assert (found['ApiKey'], found['ReadOnlyApiKey'], found['ApiAccessKey']) == ('********', '', '********')
    assert 'access-key-of-5002' not in json.dumps(outcome.result)


def test_an_id_is_read_directly(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(video_library_info.main, dict(COMMON_ARGS, id=5003))
    assert outcome.result['video_libraries'] == [masked(seeded(emulator, 5003))]
    assert [(call.path, call.status) for call in emulator.sent] == [('/videolibrary/5003', 200)]


def test_a_missing_id_is_an_empty_list(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(video_library_info.main, dict(COMMON_ARGS, id=4242))
    assert not outcome.failed and outcome.result['video_libraries'] == []
    assert [(call.path, call.status) for call in emulator.sent] == [('/videolibrary/4242', 404)]


def test_a_name_is_searched_then_matched_exactly(emulator: Emulator, run_module: t.Any) -> None:
    [longer] = add_libraries(emulator, 1, name='library-01-archive')  # the API's search finds both
    outcome = run_module(video_library_info.main, dict(COMMON_ARGS, name='library-01'))
    assert [library['Id'] for library in outcome.result['video_libraries']] == [5002]
    assert emulator.sent[0].params['search'] == 'library-01'
    searched = run_module(video_library_info.main, dict(COMMON_ARGS, search='library-01'))
    assert [library['Id'] for library in searched.result['video_libraries']] == [5002, longer]


def test_a_name_nothing_has_is_an_empty_list(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(video_library_info.main, dict(COMMON_ARGS, name='Library-01'))  # case-sensitive
    assert not outcome.failed and outcome.result['video_libraries'] == []


def test_check_mode_reads_the_same_and_never_changes(emulator: Emulator, run_module: t.Any) -> None:
    checked = run_module(video_library_info.main, COMMON_ARGS, check_mode=True)
    real = run_module(video_library_info.main, COMMON_ARGS)
    assert checked.result == real.result
    assert checked.result['changed'] is False
    assert emulator.writes == []


def test_an_api_error_carries_the_status_and_names_the_operation(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(path='^/videolibrary/5001$', status=500, times=5)
    outcome = run_module(video_library_info.main, dict(COMMON_ARGS, id=5001))
    assert outcome.failed
    assert outcome.result['msg'].startswith('read video library 5001 failed: HTTP 500')
    assert outcome.result['changed'] is False
    assert [call.status for call in emulator.sent] == [500, 500, 500]  # a read is repeated api_retries times


def test_a_rate_limit_is_waited_out(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(path='^/videolibrary$', status=429, retry_after=2, times=1)
    outcome = run_module(video_library_info.main, COMMON_ARGS)
    assert not outcome.failed
    assert len(outcome.result['video_libraries']) == 3
    assert emulator.slept == [2.0]


@pytest.mark.parametrize(
    'extra, words',
    [
        ({'id': 0}, 'id must be a positive integer'),
        ({'name': ' '}, 'name must not be empty'),
        ({'id': 5001, 'name': 'library-00'}, 'mutually exclusive'),
        ({'id': 5001, 'search': 'library'}, 'mutually exclusive'),
    ],
)
def test_bad_input_sends_nothing(emulator: Emulator, run_module: t.Any, extra: dict[str, t.Any], words: str) -> None:
    outcome = run_module(video_library_info.main, dict(COMMON_ARGS, **extra))
    assert outcome.failed and words in outcome.result['msg']
    assert emulator.sent == []
