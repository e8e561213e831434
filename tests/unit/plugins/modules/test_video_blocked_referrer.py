# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils import _locks
from ansible_collections.edge.platform.plugins.module_utils._resources.video_blocked_referrer import BlockedReferrers
from ansible_collections.edge.platform.plugins.modules import video_blocked_referrer
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator, FakeApi
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_shield_access_list_forks import run_at_once

LIBRARY = '/videolibrary/5001'
ADD = r'^/videolibrary/5001/addBlockedReferrer$'
# The seeded library 5001 blocks these two, spelt as it holds them.
SEEDED = ['spam0.example.net', 'Leech.Example.ORG']


def args(**extra: t.Any) -> dict[str, t.Any]:
    return dict(COMMON_ARGS, library_id=5001, **extra)


def sent(emulator: Emulator) -> list[tuple[str, str]]:
    """(endpoint, hostname) of every write."""
    return [(call.path.rsplit('/', 1)[-1], call.json['Hostname']) for call in emulator.writes]


def blocked(emulator: Emulator) -> list[str]:
    """What library 5001 blocks now."""
    return emulator.item('video_libraries', Id=5001)['BlockedReferrers']


@pytest.fixture(autouse=True)
def own_locks(monkeypatch: pytest.MonkeyPatch, tmp_path: t.Any) -> None:
    # Locks of each test's own: another test's turn on the same library (another worker, another test run on the
    # machine) must not count as another run's, which makes a run read the library again.
    monkeypatch.setattr(_locks, 'lock_directory', lambda: str(tmp_path / 'locks'))


@pytest.fixture
def held(emulator: Emulator) -> Emulator:
    assert blocked(emulator) == SEEDED
    return emulator


def test_adds_only_the_missing_hostnames_in_lower_case(held, run_module):
    outcome = run_module(
        video_blocked_referrer.main, args(hostnames=['New.Example.com', 'leech.example.org', 'new.example.com '])
    )
    assert not outcome.failed
    assert outcome.result['changed'] is True
    assert outcome.result['added'] == ['new.example.com']
    assert outcome.result['removed'] == []
    assert outcome.result['blocked_referrers'] == ['spam0.example.net', 'Leech.Example.ORG', 'new.example.com']
    assert sent(held) == [('addBlockedReferrer', 'new.example.com')]
    # one read of the library, with the account key
    assert [(call.method, call.path) for call in held.sent] == [
        ('GET', LIBRARY),
        ('POST', f'{LIBRARY}/addBlockedReferrer'),
    ]
    assert all(call.headers['AccessKey'] == COMMON_ARGS['api_key'] for call in held.sent)
    assert blocked(held) == outcome.result['blocked_referrers']


def test_converged_list_sends_no_write(held, run_module):
    outcome = run_module(video_blocked_referrer.main, args(hostnames=['SPAM0.example.net', 'leech.example.org']))
    assert outcome.result['changed'] is False
    assert outcome.result['added'] == outcome.result['removed'] == []
    assert held.writes == []
    assert len(held.sent) == 1
    assert blocked(held) == SEEDED


def test_absent_removes_the_present_ones_as_the_library_spells_them(held, run_module):
    outcome = run_module(
        video_blocked_referrer.main, args(hostnames=['leech.example.org', 'never.example.com'], state='absent')
    )
    assert outcome.result['changed'] is True
    assert outcome.result['removed'] == ['Leech.Example.ORG']
    assert outcome.result['blocked_referrers'] == ['spam0.example.net']
    assert sent(held) == [('removeBlockedReferrer', 'Leech.Example.ORG')]
    assert blocked(held) == ['spam0.example.net']


def test_absent_of_missing_ones_is_unchanged(held, run_module):
    outcome = run_module(video_blocked_referrer.main, args(hostnames=['never.example.com'], state='absent'))
    assert outcome.result['changed'] is False
    assert held.writes == []
    assert outcome.result['blocked_referrers'] == blocked(held) == SEEDED


def test_purge_makes_the_list_exactly_hostnames_removing_first(held, run_module):
    outcome = run_module(
        video_blocked_referrer.main, args(hostnames=['leech.example.org', 'a.example.com'], purge=True)
    )
    assert outcome.result['added'] == ['a.example.com']
    assert outcome.result['removed'] == ['spam0.example.net']
    assert outcome.result['blocked_referrers'] == ['Leech.Example.ORG', 'a.example.com']
    assert sent(held) == [('removeBlockedReferrer', 'spam0.example.net'), ('addBlockedReferrer', 'a.example.com')]
    assert blocked(held) == ['Leech.Example.ORG', 'a.example.com']


def test_purge_with_an_empty_list_removes_everything(held, run_module):
    outcome = run_module(video_blocked_referrer.main, args(hostnames=[], purge=True))
    assert outcome.result['blocked_referrers'] == []
    assert sent(held) == [
        ('removeBlockedReferrer', 'spam0.example.net'),
        ('removeBlockedReferrer', 'Leech.Example.ORG'),
    ]
    assert blocked(held) == []


def test_check_mode_predicts_and_sends_no_write(held, run_module):
    outcome = run_module(
        video_blocked_referrer.main, args(hostnames=['a.example.com'], purge=True), check_mode=True, diff=True
    )
    assert outcome.result['changed'] is True
    assert outcome.result['added'] == ['a.example.com']
    assert outcome.result['removed'] == ['spam0.example.net', 'Leech.Example.ORG']
    assert outcome.result['blocked_referrers'] == ['a.example.com']
    assert held.writes == []
    assert blocked(held) == SEEDED
    assert outcome.result['diff'] == {
        'before': {'blocked_referrers': ['spam0.example.net', 'Leech.Example.ORG']},
        'after': {'blocked_referrers': ['a.example.com']},
        'before_header': 'blocked referrers of video library 5001',
        'after_header': 'update',
    }


def test_check_mode_and_real_run_agree(held, run_module):
    wanted = args(hostnames=['b.example.com', 'spam0.example.net'], purge=True)
    predicted = run_module(video_blocked_referrer.main, wanted, check_mode=True).result
    assert blocked(held) == SEEDED
    done = run_module(video_blocked_referrer.main, wanted).result
    assert predicted == done
    assert blocked(held) == done['blocked_referrers'] == ['spam0.example.net', 'b.example.com']


@pytest.mark.parametrize(
    'value, words',
    [
        ('https://spam.example.com', ["'https://spam.example.com' has a scheme", "'spam.example.com'"]),
        ('//spam.example.com', ['has a scheme']),
        ('spam.example.com/page', ["'spam.example.com/page' has a path", "such as 'spam.example.com'"]),
        ('spam.example.com:8080', ["'spam.example.com:8080' has a port"]),
        ('', ["'' is empty"]),
        ('   ', ['is empty']),
        ('spam example.com', ['is not a hostname']),
    ],
)
def test_bad_hostnames_are_refused_before_any_request(emulator, run_module, value, words):
    outcome = run_module(video_blocked_referrer.main, args(hostnames=['ok.example.com', value]))
    assert outcome.failed
    assert outcome.result['msg'].startswith('hostnames: ')
    for word in words:
        assert word in outcome.result['msg']
    assert emulator.sent == []


def test_every_bad_hostname_is_named(emulator, run_module):
    outcome = run_module(video_blocked_referrer.main, args(hostnames=['http://a.example.com', 'b.example.com:1']))
    assert "'http://a.example.com'" in outcome.result['msg'] and "'b.example.com:1'" in outcome.result['msg']
    assert emulator.sent == []


@pytest.mark.parametrize(
    'extra, words',
    [
        (dict(hostnames=['a.example.com'], state='absent', purge=True), 'purge applies to state=present only'),
        (dict(hostnames=['a.example.com'], library_id=0), 'library_id must be a positive integer'),
    ],
)
def test_bad_options_are_refused_before_any_request(emulator, run_module, extra, words):
    outcome = run_module(video_blocked_referrer.main, dict(args(), **extra))
    assert outcome.failed
    assert words in outcome.result['msg']
    assert emulator.sent == []


def test_missing_library_reports_the_core_error_body(emulator, run_module):
    outcome = run_module(video_blocked_referrer.main, dict(args(hostnames=['a.example.com']), library_id=5999))
    assert outcome.failed
    assert outcome.result['msg'] == (
        'read video library 5999 failed: HTTP 404 videolibrary.not_found: '
        'The Video Library with the requested ID does not exist'
    )
    assert outcome.result['failure']['error_key'] == 'videolibrary.not_found'
    assert outcome.result['failure']['errors'] == [
        {'field': 'id', 'message': 'The Video Library with the requested ID does not exist'}
    ]
    assert [(call.path, call.status) for call in emulator.sent] == [('/videolibrary/5999', 404)]


def test_failed_write_says_what_was_done(held, run_module):
    def block_b() -> None:  # another run blocks b.example.com between the two adds
        held.client().request('POST', f'{LIBRARY}/addBlockedReferrer', 'add b', json_body={'Hostname': 'b.example.com'})

    held.meanwhile('POST', ADD, block_b)
    outcome = run_module(video_blocked_referrer.main, args(hostnames=['a.example.com', 'b.example.com']))
    assert outcome.failed
    assert outcome.result['msg'] == (
        'add blocked referrer "b.example.com" to video library 5001 failed: '
        'HTTP 400 videolibrary.referrer_exists: The hostname b.example.com is already a blocked referrer.'
    )
    assert outcome.result['added'] == ['a.example.com']
    assert outcome.result['changed'] is True
    assert sent(held) == [('addBlockedReferrer', 'a.example.com'), ('addBlockedReferrer', 'b.example.com')]
    assert blocked(held) == [*SEEDED, 'a.example.com', 'b.example.com']


def test_a_write_is_not_repeated_after_a_server_error(held, run_module):
    held.add_fault(method='POST', path=ADD, status=500, times=5)
    outcome = run_module(video_blocked_referrer.main, args(hostnames=['a.example.com']))
    assert outcome.failed
    assert outcome.result['msg'] == (
        'add blocked referrer "a.example.com" to video library 5001 failed: '
        'HTTP 500 internal_error: An unexpected error occurred.'
    )
    assert outcome.result['changed'] is True  # a 5xx write may have been done
    assert [call.status for call in held.writes] == [500]


# ---- the library by name -----------------------------------------------------------------------

NAME = 'library-00'  # the seeded name of library 5001


def by_name(**extra: t.Any) -> dict[str, t.Any]:
    return dict(COMMON_ARGS, library_name=NAME, **extra)


def test_library_by_name_is_read_once_from_the_list(held, run_module):
    outcome = run_module(video_blocked_referrer.main, by_name(hostnames=['new.example.com']))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    assert outcome.result['library_id'] == 5001
    assert outcome.result['blocked_referrers'] == [*SEEDED, 'new.example.com']
    # The list searched by the name holds the library's referrers, and no other run on the controller held the
    # library's turn since: the write to the library found follows.
    assert [(call.method, call.path) for call in held.sent] == [
        ('GET', '/videolibrary'),
        ('POST', f'{LIBRARY}/addBlockedReferrer'),
    ]
    assert held.sent[0].params == {'perPage': '1000', 'search': NAME, 'page': '1'}
    assert all(call.headers['AccessKey'] == COMMON_ARGS['api_key'] for call in held.sent)
    assert blocked(held) == outcome.result['blocked_referrers']


def test_library_by_name_converged_sends_no_write(held, run_module):
    outcome = run_module(video_blocked_referrer.main, by_name(hostnames=['spam0.example.net']))
    assert outcome.result['changed'] is False
    assert outcome.result['library_id'] == 5001
    assert [call.path for call in held.sent] == ['/videolibrary']


def test_library_by_name_is_read_again_when_another_run_held_its_turn_since_the_list(
    held, run_module, monkeypatch: pytest.MonkeyPatch
):
    # Another run on the controller takes the library's turn (and writes) after this run read the list, before its
    # own turn: the list entry may be stale, so the library is read again under the lock.
    listed = BlockedReferrers.locate

    def locate_then_another_run(self: t.Any) -> t.Any:
        found = listed(self)
        key = (self.client.base_urls['api'], 'video library blocked referrers', 5001)
        with _locks.controller_lock('another run', *key):
            held.client().request(
                'POST', f'{LIBRARY[1:]}/addBlockedReferrer', 'add', json_body={'Hostname': 'other.example.com'}
            )
        return found

    monkeypatch.setattr(BlockedReferrers, 'locate', locate_then_another_run)
    outcome = run_module(video_blocked_referrer.main, by_name(hostnames=['other.example.com'], purge=True))
    assert not outcome.failed, outcome.result
    assert outcome.result['removed'] == SEEDED and outcome.result['added'] == []
    assert [(call.method, call.path) for call in held.sent if call.method == 'GET'] == [
        ('GET', '/videolibrary'),
        ('GET', LIBRARY),
    ]
    assert blocked(held) == ['other.example.com']


def test_library_by_id_returns_its_id_too(held, run_module):
    assert run_module(video_blocked_referrer.main, args(hostnames=[])).result['library_id'] == 5001


def test_check_mode_with_a_name_looks_the_library_up_and_writes_nothing(held, run_module):
    wanted = by_name(hostnames=['a.example.com'], purge=True)
    predicted = run_module(video_blocked_referrer.main, wanted, check_mode=True, diff=True).result
    assert predicted['changed'] is True
    assert predicted['library_id'] == 5001
    assert predicted['added'] == ['a.example.com'] and predicted['removed'] == SEEDED
    assert predicted['diff']['before'] == {'blocked_referrers': SEEDED}
    assert [(call.method, call.path) for call in held.sent] == [('GET', '/videolibrary')]
    assert held.writes == []
    assert blocked(held) == SEEDED
    assert run_module(video_blocked_referrer.main, wanted, diff=True).result == predicted


@pytest.mark.parametrize(
    'name',
    [
        'library',  # the search finds every library, none named exactly so
        'Library-00',  # names compare case-sensitively
        'no-such-library',
    ],
)
def test_an_unknown_name_fails_clearly_before_any_write(held, run_module, name):
    outcome = run_module(video_blocked_referrer.main, dict(by_name(hostnames=['a.example.com']), library_name=name))
    assert outcome.failed
    assert outcome.result['msg'] == f'find video library "{name}" failed: no video library is named "{name}"'
    assert outcome.result['failure'] == {
        'status': None,
        'error_key': None,
        'message': f'no video library is named "{name}"',
    }
    assert outcome.result['changed'] is False
    assert [(call.method, call.path) for call in held.sent] == [('GET', '/videolibrary')]
    assert blocked(held) == SEEDED


def test_a_name_several_libraries_have_fails_before_any_write(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator's libraries all have names of their own.
    items = [{'Id': 7, 'Name': 'videos'}, {'Id': 9, 'Name': 'videos'}, {'Id': 8, 'Name': 'videos-old'}]
    fake_api.add('GET', r'^/videolibrary$', {'Items': items, 'CurrentPage': 1, 'TotalItems': 3, 'HasMoreItems': False})
    outcome = run_module(
        video_blocked_referrer.main, dict(COMMON_ARGS, library_name='videos', hostnames=['a.example.com'])
    )
    assert outcome.failed
    assert outcome.result['msg'] == (
        'find video library "videos" failed: 2 video libraries are (7, 9) named "videos"; give library_id instead'
    )
    assert [call.path for call in fake_api.calls] == ['/videolibrary']


def test_a_listing_without_referrers_is_followed_by_a_read_of_the_library(fake_api: FakeApi, run_module: t.Any):
    # A hand-made answer: a list whose records lack BlockedReferrers (the emulator's hold them).
    fake_api.add('GET', r'^/videolibrary$', {'Items': [{'Id': 7, 'Name': 'videos'}], 'HasMoreItems': False})
    fake_api.add('GET', r'^/videolibrary/7$', {'Id': 7, 'Name': 'videos', 'BlockedReferrers': ['a.example.com']})
    outcome = run_module(
        video_blocked_referrer.main, dict(COMMON_ARGS, library_name='videos', hostnames=['A.example.com'])
    )
    assert outcome.result['changed'] is False
    assert outcome.result['library_id'] == 7
    assert [call.path for call in fake_api.calls] == ['/videolibrary', '/videolibrary/7']  # the list lacked them


def test_the_library_list_pages_until_the_name_is_found(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: more than one page of libraries matching the search term.
    first = [{'Id': n, 'Name': f'videos-{n}', 'BlockedReferrers': []} for n in range(1000)]
    second = [{'Id': 1000, 'Name': 'videos', 'BlockedReferrers': []}]
    fake_api.add(
        'GET',
        r'^/videolibrary$',
        lambda call: (
            {'Items': first, 'CurrentPage': 1, 'TotalItems': 1001, 'HasMoreItems': True}
            if call.params['page'] == 1
            else {'Items': second, 'CurrentPage': 2, 'TotalItems': 1001, 'HasMoreItems': False}
        ),
    )
    outcome = run_module(video_blocked_referrer.main, dict(COMMON_ARGS, library_name='videos', hostnames=[]))
    assert not outcome.failed, outcome.result
    assert outcome.result['library_id'] == 1000
    assert [call.params.get('page') for call in fake_api.calls] == [1, 2]  # the entry holds its referrers


@pytest.mark.parametrize(
    'extra, words',
    [
        (dict(library_id=5001, library_name=NAME), 'parameters are mutually exclusive: library_id|library_name'),
        (dict(), 'one of the following is required: library_id, library_name'),
        (dict(library_name='  '), 'library_name must not be empty'),
    ],
)
def test_the_library_is_given_exactly_once_before_any_request(emulator, run_module, extra, words):
    outcome = run_module(video_blocked_referrer.main, dict(COMMON_ARGS, hostnames=['a.example.com'], **extra))
    assert outcome.failed
    assert words in outcome.result['msg']
    assert emulator.sent == []


# ---- forks of one run -------------------------------------------------------------------------------------------


def test_ten_runs_blocking_the_same_hostname_at_once_take_turns(
    held: Emulator, monkeypatch: pytest.MonkeyPatch, tmp_path: t.Any
) -> None:
    # The forks of a play each declare the same hostname: without turns, runs that read the list before another's
    # write would send it again, which the API refuses (already a blocked referrer).
    monkeypatch.setattr(_locks, 'lock_directory', lambda: str(tmp_path / 'locks'))
    runs = [args(hostnames=['shared.example.com', f'host{n}.example.com']) for n in range(10)]
    runs[5:] = [by_name(hostnames=['shared.example.com', f'host{n}.example.com']) for n in range(5, 10)]
    outcomes = run_at_once(held, monkeypatch, video_blocked_referrer.main, runs)
    assert [outcome.failed for outcome in outcomes] == [False] * 10, [o.result.get('msg') for o in outcomes]
    assert sorted(call.json['Hostname'] for call in held.writes) == sorted(
        ['shared.example.com'] + [f'host{n}.example.com' for n in range(10)]
    )
    assert sorted(blocked(held)) == sorted(
        [*SEEDED, 'shared.example.com'] + [f'host{n}.example.com' for n in range(10)]
    )
