# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import pullzone_purge
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator

ZONE = 1001
CSS = 'https://assets-000.example.com/css/site.css'
IMAGES = 'https://assets-000.example.com/images/*'


def purges(emulator: Emulator) -> list[dict[str, t.Any]]:
    return emulator.snapshot()['purges']


def test_purges_a_zone_every_run(emulator: Emulator, run_module: t.Any) -> None:
    for run in (1, 2):
        outcome = run_module(pullzone_purge.main, dict(COMMON_ARGS, pullzone_id=ZONE), diff=True)
        assert not outcome.failed, outcome.result
        assert outcome.result == {
            'changed': True,
            'purged': [{'pullzone_id': ZONE, 'cache_tag': None}],
            'pullzone_id': ZONE,
        }  # no diff: a purge has no before and after
        assert purges(emulator) == [{'pullZoneId': ZONE, 'cacheTag': None}] * run
    # A whole zone: no body.
    assert [(call.method, call.path, call.content) for call in emulator.sent] == [
        ('POST', f'/pullzone/{ZONE}/purgeCache', b'')
    ] * 2


def test_purges_the_files_of_a_cache_tag_of_a_zone_by_name(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone_purge.main, dict(COMMON_ARGS, pullzone_name='assets-000', cache_tag='product-images'))
    assert outcome.result['purged'] == [
        {'pullzone_id': ZONE, 'cache_tag': 'product-images', 'pullzone_name': 'assets-000'}
    ]
    assert [(call.method, call.path, call.params.get('search')) for call in emulator.sent] == [
        ('GET', '/pullzone', 'assets-000'),
        ('POST', f'/pullzone/{ZONE}/purgeCache', None),
    ]
    assert emulator.sent[1].json == {'CacheTag': 'product-images'}
    assert purges(emulator) == [{'pullZoneId': ZONE, 'cacheTag': 'product-images'}]


def test_purges_each_url_once_in_order(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone_purge.main, dict(COMMON_ARGS, urls=[CSS, IMAGES, f' {CSS} ']))
    assert outcome.result == {'changed': True, 'purged': [{'url': CSS}, {'url': IMAGES}]}
    assert [(call.method, call.path, call.params) for call in emulator.sent] == [
        ('POST', '/purge', {'url': url, 'async': 'false', 'exactPath': 'false'}) for url in (CSS, IMAGES)
    ]
    assert purges(emulator) == [{'url': CSS}, {'url': IMAGES}]


def test_wait_false_and_exact_path(emulator: Emulator, run_module: t.Any) -> None:
    run_module(pullzone_purge.main, dict(COMMON_ARGS, urls=[CSS], wait=False, exact_path=True))
    assert [call.params for call in emulator.sent] == [{'url': CSS, 'async': 'true', 'exactPath': 'true'}]


@pytest.mark.parametrize(
    'extra, purged, reads',
    [
        ({'pullzone_id': ZONE}, [{'pullzone_id': ZONE, 'cache_tag': None}], []),
        # By name, the zone is looked up (a read): check mode returns its id, as a real run does.
        (
            {'pullzone_name': 'assets-000', 'cache_tag': 'css'},
            [{'pullzone_id': ZONE, 'cache_tag': 'css', 'pullzone_name': 'assets-000'}],
            [('GET', '/pullzone', 'assets-000')],
        ),
        ({'urls': [CSS, IMAGES]}, [{'url': CSS}, {'url': IMAGES}], []),
    ],
    ids=['zone', 'name-and-tag', 'urls'],
)
def test_check_mode_sends_no_purge_and_reads_only_to_find_a_zone_by_name(
    emulator: Emulator,
    run_module: t.Any,
    extra: dict[str, t.Any],
    purged: list[dict[str, t.Any]],
    reads: list[tuple[str, str, str]],
) -> None:
    outcome = run_module(pullzone_purge.main, dict(COMMON_ARGS, **extra), check_mode=True, diff=True)
    assert not outcome.failed
    assert outcome.result['changed'] is True
    assert outcome.result['purged'] == purged
    assert outcome.result.get('pullzone_id', ZONE) == ZONE  # never None
    assert 'diff' not in outcome.result
    assert [(call.method, call.path, call.params.get('search')) for call in emulator.sent] == reads
    assert purges(emulator) == []


def test_check_mode_fails_for_a_name_no_zone_has_as_a_real_run_does(emulator: Emulator, run_module: t.Any) -> None:
    wanted = dict(COMMON_ARGS, pullzone_name='no-such-zone')
    checked = run_module(pullzone_purge.main, wanted, check_mode=True)
    assert checked.failed
    assert checked.result == run_module(pullzone_purge.main, wanted).result
    assert checked.result['msg'] == 'find pull zone "no-such-zone" failed: no pull zone is named "no-such-zone"'
    assert checked.result['changed'] is False
    assert {call.method for call in emulator.sent} == {'GET'} and purges(emulator) == []


def test_check_mode_and_a_real_run_agree(emulator: Emulator, run_module: t.Any) -> None:
    for extra in (
        {'pullzone_id': ZONE, 'cache_tag': 'css'},
        {'pullzone_name': 'assets-000', 'cache_tag': 'css'},
        {'urls': [CSS, IMAGES]},
    ):
        wanted = dict(COMMON_ARGS, **extra)
        assert (
            run_module(pullzone_purge.main, wanted, check_mode=True).result
            == run_module(pullzone_purge.main, wanted).result
        )


def test_a_zone_that_does_not_exist(emulator: Emulator, run_module: t.Any) -> None:
    by_id = run_module(pullzone_purge.main, dict(COMMON_ARGS, pullzone_id=1999))
    assert by_id.failed
    assert by_id.result['msg'] == (
        'purge the cache of pull zone 1999 failed: HTTP 404 pullzone.not_found: The requested Pull Zone was not found'
    )
    assert by_id.result['changed'] is False
    by_name = run_module(pullzone_purge.main, dict(COMMON_ARGS, pullzone_name='no-such-zone'))
    assert by_name.result['msg'] == 'find pull zone "no-such-zone" failed: no pull zone is named "no-such-zone"'
    assert purges(emulator) == []


@pytest.mark.parametrize(
    'fault', [{'status': 429, 'retry_after': 1}, {'status': 500}, {'drop': True}, {'drop': True, 'after': True}]
)
def test_a_purge_is_repeated_after_a_fault(emulator: Emulator, run_module: t.Any, fault: dict[str, t.Any]) -> None:
    emulator.add_fault(service='api', method='POST', path='/purgeCache$', **fault)
    outcome = run_module(pullzone_purge.main, dict(COMMON_ARGS, pullzone_id=ZONE))
    assert not outcome.failed, outcome.result
    assert [call.path for call in emulator.sent] == [f'/pullzone/{ZONE}/purgeCache'] * 2
    # Repeated purges are harmless: the lost answer's purge and the repeat both acted.
    assert len(purges(emulator)) == (2 if fault.get('after') else 1)


def test_a_failed_url_says_which_were_purged_before_it(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='POST', path='^/purge$', status=500, skip=1, times=3)
    outcome = run_module(pullzone_purge.main, dict(COMMON_ARGS, urls=[CSS, IMAGES]))
    assert outcome.failed
    assert outcome.result['msg'].startswith(f'purge {IMAGES} failed: HTTP 500')
    assert outcome.result['purged'] == [{'url': CSS}]
    assert outcome.result['changed'] is True
    assert purges(emulator) == [{'url': CSS}]


@pytest.mark.parametrize(
    'extra, words',
    [
        ({'urls': [CSS, '']}, 'urls must not hold empty items (urls[1])'),
        ({'urls': ['  ', CSS, '']}, 'urls must not hold empty items (urls[0], urls[2])'),
        ({'urls': []}, 'urls must hold at least one URL'),
        ({'urls': ['assets-000.example.com/a.css']}, "urls[0] must be an http:// or https:// URL, got 'assets-000"),
        ({'urls': ['ftp://assets-000.example.com/a.css']}, 'urls[0] must be an http:// or https:// URL'),
        ({'urls': ['https:///a.css']}, 'urls[0] must name a host'),
        ({'urls': ['https://user:hunter2@assets-000.example.com/']}, 'urls[0] must not hold a user name or password'),
        ({'urls': [CSS], 'pullzone_id': ZONE}, 'mutually exclusive: pullzone_id|pullzone_name|urls'),
        ({'urls': [CSS], 'cache_tag': 'css'}, 'mutually exclusive: cache_tag|urls'),
        ({'pullzone_id': ZONE, 'pullzone_name': 'assets-000'}, 'mutually exclusive'),
        ({}, 'one of the following is required: pullzone_id, pullzone_name, urls'),
        ({'pullzone_id': 0}, 'pullzone_id must be a positive integer'),
        ({'pullzone_name': ' '}, 'pullzone_name must not be empty'),
        ({'pullzone_id': ZONE, 'cache_tag': ' '}, 'cache_tag must not be empty'),
        ({'pullzone_id': ZONE, 'exact_path': True}, 'exact_path applies to urls only'),
        ({'pullzone_id': ZONE, 'wait': False}, 'wait: false applies to urls only'),
    ],
)
@pytest.mark.parametrize('check_mode', [False, True])
def test_bad_input_is_refused_before_any_request(
    emulator: Emulator, run_module: t.Any, extra: dict[str, t.Any], words: str, check_mode: bool
) -> None:
    outcome = run_module(pullzone_purge.main, dict(COMMON_ARGS, **extra), check_mode=check_mode)
    assert outcome.failed
    assert words in outcome.result['msg'], outcome.result['msg']
    assert 'hunter2' not in str(outcome.result)
    assert emulator.sent == []
