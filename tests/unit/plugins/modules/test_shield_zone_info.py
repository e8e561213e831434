# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import shield_zone_info
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Call, FakeApi, FakeResponse

OK = {'success': True, 'message': '', 'errorKey': ''}


def zone(zone_id: int, pullzone_id: int | None = None, **extra: t.Any) -> dict[str, t.Any]:
    return {'shieldZoneId': zone_id, 'pullZoneId': pullzone_id, 'wafEnabled': True, 'wafExecutionMode': 1, **extra}


def listing(zones: list[dict[str, t.Any]], size: int) -> t.Callable[[Call], t.Any]:
    """Serve ``zones`` in pages of ``size`` whatever perPage asks, as the Shield zone list pages."""

    def answer(call: Call) -> t.Any:
        page = int(call.params['page'])
        pages = max(1, (len(zones) + size - 1) // size)
        return {
            'data': zones[(page - 1) * size : page * size],
            'page': {
                'totalCount': len(zones),
                'totalPages': pages,
                'currentPage': page,
                'nextPage': page + 1 if page < pages else None,
                'pageSize': size,
            },
        }

    return answer


def mapping(pairs: dict[int, int]) -> dict[str, t.Any]:
    return {'data': [{'shieldZoneId': zone_id, 'pullZoneId': pullzone_id} for zone_id, pullzone_id in pairs.items()]}


OVERVIEW = {
    'managedLists': [{'listId': 101, 'name': 'VPN Providers', 'isEnabled': True}],
    'customLists': [
        {
            'listId': 9001,
            'configurationId': 60001,
            'name': 'office',
            'isEnabled': True,
            'type': 0,
            'action': 1,
            'entryCount': 2,
        },
        {
            'listId': 9002,
            'configurationId': 60002,
            'name': 'partners',
            'isEnabled': False,
            'type': 1,
            'action': 5,
            'entryCount': 1,
        },
    ],
    'customEntryCount': 3,
    'customEntryLimit': 1000,
    'customListCount': 2,
    'customListLimit': 2,
    'error': OK,
}


def paths(api: FakeApi) -> list[str]:
    return [call.path for call in api.calls]


def test_lists_every_zone_with_the_largest_page_and_joins_the_mapping(fake_api: FakeApi, run_module: t.Any) -> None:
    zones = [zone(3001 + index) for index in range(5)]
    fake_api.add('GET', r'^/shield/shield-zones$', listing(zones, 2))
    fake_api.add(
        'GET', r'^/shield/shield-zones/pullzone-mapping$', mapping({3001 + index: 1001 + index for index in range(5)})
    )
    outcome = run_module(shield_zone_info.main, COMMON_ARGS)
    assert not outcome.failed and outcome.result['changed'] is False
    assert [(z['shieldZoneId'], z['pullZoneId']) for z in outcome.result['shield_zones']] == [
        (3001 + i, 1001 + i) for i in range(5)
    ]
    assert [call.params for call in fake_api.calls[:3]] == [{'page': page, 'perPage': 1000} for page in (1, 2, 3)]
    assert paths(fake_api) == ['/shield/shield-zones'] * 3 + ['/shield/shield-zones/pullzone-mapping']
    assert 'accessLists' not in outcome.result['shield_zones'][0]


def test_a_zone_the_mapping_does_not_know_keeps_the_list_s_pull_zone(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/shield/shield-zones$', listing([zone(3001, 1001), zone(3002, None), zone(3003, 1003)], 10))
    fake_api.add('GET', r'^/shield/shield-zones/pullzone-mapping$', mapping({3002: 1002, 3003: 1013}))
    zones = run_module(shield_zone_info.main, COMMON_ARGS).result['shield_zones']
    assert [z['pullZoneId'] for z in zones] == [1001, 1002, 1013]


def test_an_account_without_zones_is_one_request(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/shield/shield-zones$', listing([], 1000))
    outcome = run_module(shield_zone_info.main, COMMON_ARGS)
    assert outcome.result['shield_zones'] == [] and paths(fake_api) == ['/shield/shield-zones']


def test_a_list_that_never_moves_on_is_read_once(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add(
        'GET', r'^/shield/shield-zones$', {'data': [zone(3001, 1001)], 'page': {'currentPage': 1, 'nextPage': 1}}
    )
    fake_api.add('GET', r'^/shield/shield-zones/pullzone-mapping$', mapping({}))
    outcome = run_module(shield_zone_info.main, COMMON_ARGS)
    assert len(outcome.result['shield_zones']) == 1 and paths(fake_api).count('/shield/shield-zones') == 1


def test_by_shield_zone_id(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/shield/shield-zone/3002$', {'data': zone(3002, 1002), 'error': OK})
    outcome = run_module(shield_zone_info.main, dict(COMMON_ARGS, shield_zone_id=3002))
    assert outcome.result['shield_zones'] == [zone(3002, 1002)]
    assert paths(fake_api) == ['/shield/shield-zone/3002']


def test_by_shield_zone_id_without_pull_zone_reads_the_mapping(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/shield/shield-zone/3002$', {'data': zone(3002), 'error': OK})
    fake_api.add('GET', r'^/shield/shield-zones/pullzone-mapping$', mapping({3002: 1002}))
    assert (
        run_module(shield_zone_info.main, dict(COMMON_ARGS, shield_zone_id=3002)).result['shield_zones'][0][
            'pullZoneId'
        ]
        == 1002
    )


def test_by_pullzone_id(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/shield/shield-zone/get-by-pullzone/1002$', {'data': zone(3002, 1002), 'error': OK})
    outcome = run_module(shield_zone_info.main, dict(COMMON_ARGS, pullzone_id=1002))
    assert outcome.result['shield_zones'] == [zone(3002, 1002)]
    assert paths(fake_api) == ['/shield/shield-zone/get-by-pullzone/1002']


def test_by_pullzone_name_keeps_exact_matches(fake_api: FakeApi, run_module: t.Any) -> None:
    named = [{'Id': 1002, 'Name': 'media'}, {'Id': 1005, 'Name': 'media-old'}, {'Id': 1007, 'Name': 'media'}]
    fake_api.add('GET', r'^/pullzone$', {'Items': named, 'HasMoreItems': False})
    fake_api.add('GET', r'^/shield/shield-zone/get-by-pullzone/1002$', {'data': zone(3002, 1002), 'error': OK})
    fake_api.add('GET', r'^/shield/shield-zone/get-by-pullzone/1007$', {'data': zone(3007, 1007), 'error': OK})
    outcome = run_module(shield_zone_info.main, dict(COMMON_ARGS, pullzone_name='media'))
    assert [z['shieldZoneId'] for z in outcome.result['shield_zones']] == [3002, 3007]
    assert fake_api.calls[0].params['search'] == 'media'


@pytest.mark.parametrize(
    'args',
    [
        {'shield_zone_id': 3999},
        {'pullzone_id': 1003},
        {'pullzone_name': 'nothing'},
    ],
)
def test_a_filter_that_matches_nothing_is_an_empty_list(
    fake_api: FakeApi, run_module: t.Any, args: dict[str, t.Any]
) -> None:
    missing = FakeResponse(
        404, {'data': None, 'error': {'success': False, 'message': 'not found', 'errorKey': 'shield_zone.not_found'}}
    )
    fake_api.add('GET', r'^/shield/shield-zone/', missing)
    fake_api.add('GET', r'^/pullzone$', {'Items': [{'Id': 1001, 'Name': 'nothing-else'}], 'HasMoreItems': False})
    outcome = run_module(shield_zone_info.main, dict(COMMON_ARGS, **args))
    assert not outcome.failed and outcome.result['shield_zones'] == []


def test_access_list_overview(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/shield/shield-zone/get-by-pullzone/1001$', {'data': zone(3001, 1001), 'error': OK})
    fake_api.add('GET', r'^/shield/shield-zone/3001/access-lists$', OVERVIEW)
    found = run_module(shield_zone_info.main, dict(COMMON_ARGS, pullzone_id=1001, access_lists='overview')).result[
        'shield_zones'
    ][0]
    assert found['accessLists'] == {key: value for key, value in OVERVIEW.items() if key != 'error'}
    assert len(fake_api.calls) == 2


def test_access_list_content(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/shield/shield-zones$', listing([zone(3001)], 1000))
    fake_api.add('GET', r'^/shield/shield-zones/pullzone-mapping$', mapping({3001: 1001}))
    fake_api.add('GET', r'^/shield/shield-zone/3001/access-lists$', OVERVIEW)
    for list_id, content in ((9001, '192.0.2.1\n192.0.2.2'), (9002, '198.51.100.0/24')):
        fake_api.add(
            'GET',
            rf'^/shield/shield-zone/3001/access-lists/{list_id}$',
            {'data': {'id': list_id, 'content': content, 'checksum': f'sum-{list_id}'}, 'error': OK},
        )
    found = run_module(shield_zone_info.main, dict(COMMON_ARGS, access_lists='content')).result['shield_zones'][0]
    custom = found['accessLists']['customLists']
    assert [(item['content'], item['checksum']) for item in custom] == [
        ('192.0.2.1\n192.0.2.2', 'sum-9001'),
        ('198.51.100.0/24', 'sum-9002'),
    ]
    assert found['accessLists']['managedLists'][0].keys() == {'listId', 'name', 'isEnabled'}
    assert len(fake_api.calls) == 5


def test_check_mode_reads_the_same(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/shield/shield-zones$', listing([zone(3001)], 1000))
    fake_api.add('GET', r'^/shield/shield-zones/pullzone-mapping$', mapping({3001: 1001}))
    outcome = run_module(shield_zone_info.main, COMMON_ARGS, check_mode=True)
    assert outcome.result['changed'] is False and outcome.result['shield_zones'][0]['pullZoneId'] == 1001
    assert fake_api.writes == []


@pytest.mark.parametrize(
    'args, message',
    [
        ({'shield_zone_id': 0}, 'shield_zone_id must be a positive integer'),
        ({'pullzone_id': -2}, 'pullzone_id must be a positive integer'),
        ({'pullzone_name': ' '}, 'pullzone_name must not be empty'),
        ({'shield_zone_id': 3001, 'pullzone_id': 1001}, 'mutually exclusive'),
        ({'access_lists': 'all'}, 'value of access_lists must be one of'),
    ],
)
def test_bad_input_is_refused_before_any_request(
    fake_api: FakeApi, run_module: t.Any, args: dict[str, t.Any], message: str
) -> None:
    outcome = run_module(shield_zone_info.main, dict(COMMON_ARGS, **args))
    assert outcome.failed and message in outcome.result['msg']
    assert fake_api.calls == []


def test_a_refused_list_names_the_operation_and_status(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/shield/shield-zones$', FakeResponse(401, {'statusCode': 401}))
    outcome = run_module(shield_zone_info.main, COMMON_ARGS)
    assert outcome.failed
    assert (
        outcome.result['msg']
        == 'list shield zones (page 1) failed: HTTP 401 unauthorized: the API answered statusCode 401'
    )
    assert outcome.result['failure']['status'] == 401


def test_an_envelope_that_says_it_failed_is_a_failure(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/shield/shield-zones$', listing([zone(3001)], 1000))
    fake_api.add(
        'GET',
        r'^/shield/shield-zones/pullzone-mapping$',
        {'data': None, 'error': {'success': False, 'message': 'try later', 'errorKey': 'shield.busy'}},
    )
    outcome = run_module(shield_zone_info.main, COMMON_ARGS)
    assert outcome.failed
    assert outcome.result['msg'] == 'read the pull zones of the shield zones failed: HTTP 200 shield.busy: try later'


def test_5xx_and_429_are_retried(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add(
        'GET',
        r'^/shield/shield-zones$',
        FakeResponse(503),
        FakeResponse(429, None, {'Retry-After': '1'}),
        listing([zone(3001)], 1000),
    )
    fake_api.add('GET', r'^/shield/shield-zones/pullzone-mapping$', mapping({3001: 1001}))
    outcome = run_module(shield_zone_info.main, COMMON_ARGS)
    assert not outcome.failed and outcome.result['shield_zones'][0]['pullZoneId'] == 1001
    assert paths(fake_api).count('/shield/shield-zones') == 3
