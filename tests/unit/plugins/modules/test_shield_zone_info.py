# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""shield_zone_info: every zone (the largest page, joined with the pull zone mapping), one zone by id, pull zone id or
pull zone name, access lists, check mode, failures and retries."""

from __future__ import annotations

import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import shield_zone_info
from ansible_collections.edge.platform.tests.emulator.areas.shield import (
    Shield,
    default_bot_detection,
    default_upload_scanning,
    default_zone,
)
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, LOGGING_URL, Call, Emulator, FakeApi

OK = {'success': True, 'message': '', 'errorKey': ''}
# The emulator's seed (scale 12): Shield zones 3001 to 3008 protect pull zones 1001, 1002, 1004, 1005, 1007, 1008,
# 1010 and 1011, in that order; pull zones 1003, 1006, 1009 and 1012 have none.
SEEDED = [
    (3001, 1001),
    (3002, 1002),
    (3003, 1004),
    (3004, 1005),
    (3005, 1007),
    (3006, 1008),
    (3007, 1010),
    (3008, 1011),
]
LIST = '/shield/shield-zones'
MAPPING = '/shield/shield-zones/pullzone-mapping'


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


def stored(emulator: Emulator, zone_id: int) -> dict[str, t.Any]:
    """The emulator's Shield zone record as the API answers it (without bot detection and upload scanning)."""
    record = emulator.item('shield_zones', shieldZoneId=zone_id)
    return {key: value for key, value in record.items() if key not in ('botDetection', 'uploadScanning')}


def overview(emulator: Emulator, zone_id: int) -> dict[str, t.Any]:
    """The access list overview the emulator serves for a zone, without its error part; a set-up, not recorded."""
    answer = emulator.client().get(f'shield/shield-zone/{zone_id}/access-lists', 'read the overview')
    emulator.forget_requests()
    return {key: value for key, value in answer.items() if key != 'error'}


def paths(emulator: Emulator) -> list[str]:
    return [call.path for call in emulator.sent]


def test_lists_every_zone_with_the_largest_page_and_joins_the_mapping(emulator: Emulator, run_module: t.Any) -> None:
    # 2001 zones: three pages of the largest size (1000); the added ones protect pull zones 5001 and on.
    state = emulator.state
    for number in range(2001 - len(SEEDED)):
        Shield.add_zone(state, default_zone(4001 + number, 5001 + number, 0))
        state.data['bot_detection'][4001 + number] = default_bot_detection(4001 + number)
        state.data['upload_scanning'][4001 + number] = default_upload_scanning(4001 + number)
    outcome = run_module(shield_zone_info.main, COMMON_ARGS)
    assert not outcome.failed and outcome.result['changed'] is False
    found = outcome.result['shield_zones']
    assert [(z['shieldZoneId'], z['pullZoneId']) for z in found] == SEEDED + [
        (4001 + number, 5001 + number) for number in range(2001 - len(SEEDED))
    ]
    assert found[:2] == [stored(emulator, 3001), stored(emulator, 3002)]
    assert [call.params for call in emulator.sent[:3]] == [{'page': str(page), 'perPage': '1000'} for page in (1, 2, 3)]
    assert paths(emulator) == [LIST] * 3 + [MAPPING]
    assert [call.status for call in emulator.sent] == [200] * 4
    assert 'accessLists' not in found[0]


def test_a_zone_the_mapping_does_not_know_keeps_the_list_s_pull_zone(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator's pull zone mapping always agrees with its zone list.
    fake_api.add('GET', r'^/shield/shield-zones$', listing([zone(3001, 1001), zone(3002, None), zone(3003, 1003)], 10))
    fake_api.add('GET', r'^/shield/shield-zones/pullzone-mapping$', mapping({3002: 1002, 3003: 1013}))
    zones = run_module(shield_zone_info.main, COMMON_ARGS).result['shield_zones']
    assert [z['pullZoneId'] for z in zones] == [1001, 1002, 1013]


def test_an_account_without_zones_is_one_request(emulator: Emulator, run_module: t.Any) -> None:
    emulator.state.data['shield_zones'].clear()
    emulator.state.data['shield_by_pullzone'].clear()
    outcome = run_module(shield_zone_info.main, COMMON_ARGS)
    assert not outcome.failed and outcome.result['shield_zones'] == []
    assert paths(emulator) == [LIST]
    assert emulator.sent[0].params == {'page': '1', 'perPage': '1000'}


def test_a_list_that_never_moves_on_is_read_once(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator's nextPage always lies ahead of the current page.
    fake_api.add(
        'GET', r'^/shield/shield-zones$', {'data': [zone(3001, 1001)], 'page': {'currentPage': 1, 'nextPage': 1}}
    )
    fake_api.add('GET', r'^/shield/shield-zones/pullzone-mapping$', mapping({}))
    outcome = run_module(shield_zone_info.main, COMMON_ARGS)
    assert len(outcome.result['shield_zones']) == 1
    assert [call.path for call in fake_api.calls].count('/shield/shield-zones') == 1


def test_by_shield_zone_id(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(shield_zone_info.main, dict(COMMON_ARGS, shield_zone_id=3002))
    assert not outcome.failed and outcome.result['changed'] is False
    assert outcome.result['shield_zones'] == [stored(emulator, 3002)]
    assert outcome.result['shield_zones'][0]['pullZoneId'] == 1002
    assert paths(emulator) == ['/shield/shield-zone/3002']


def test_by_shield_zone_id_without_pull_zone_reads_the_mapping(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator's zone record always carries its pullZoneId.
    fake_api.add('GET', r'^/shield/shield-zone/3002$', {'data': zone(3002), 'error': OK})
    fake_api.add('GET', r'^/shield/shield-zones/pullzone-mapping$', mapping({3002: 1002}))
    outcome = run_module(shield_zone_info.main, dict(COMMON_ARGS, shield_zone_id=3002))
    assert outcome.result['shield_zones'][0]['pullZoneId'] == 1002
    assert [call.path for call in fake_api.calls] == ['/shield/shield-zone/3002', MAPPING]


def test_by_pullzone_id(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(shield_zone_info.main, dict(COMMON_ARGS, pullzone_id=1002))
    assert outcome.result['shield_zones'] == [stored(emulator, 3002)]
    assert paths(emulator) == ['/shield/shield-zone/get-by-pullzone/1002']


def test_by_pullzone_name_keeps_exact_matches(emulator: Emulator, run_module: t.Any) -> None:
    # Pull zone 1002 is media-001; 1007 is given the same name, 1005 a longer one the search finds too.
    pullzones = emulator.state.data['pullzones']
    pullzones[1007]['Name'] = 'media-001'
    pullzones[1005]['Name'] = 'media-001-old'
    outcome = run_module(shield_zone_info.main, dict(COMMON_ARGS, pullzone_name='media-001'))
    assert [z['shieldZoneId'] for z in outcome.result['shield_zones']] == [3002, 3005]
    assert outcome.result['shield_zones'] == [stored(emulator, 3002), stored(emulator, 3005)]
    assert emulator.sent[0].path == '/pullzone' and emulator.sent[0].params['search'] == 'media-001'
    # The longer name was found by the search, but its Shield zone (3004) is never read.
    assert paths(emulator)[1:] == [
        '/shield/shield-zone/get-by-pullzone/1002',
        '/shield/shield-zone/get-by-pullzone/1007',
    ]


@pytest.mark.parametrize(
    'args, asked',
    [
        ({'shield_zone_id': 3999}, [('/shield/shield-zone/3999', 404)]),
        ({'pullzone_id': 1003}, [('/shield/shield-zone/get-by-pullzone/1003', 404)]),
        ({'pullzone_name': 'media-00'}, [('/pullzone', 200)]),  # the search finds media-001, not exactly the name
    ],
)
def test_a_filter_that_matches_nothing_is_an_empty_list(
    emulator: Emulator, run_module: t.Any, args: dict[str, t.Any], asked: list[tuple[str, int]]
) -> None:
    outcome = run_module(shield_zone_info.main, dict(COMMON_ARGS, **args))
    assert not outcome.failed and outcome.result['shield_zones'] == []
    assert [(call.path, call.status) for call in emulator.sent] == asked


@pytest.mark.parametrize(
    'args, operation',
    [
        ({'shield_zone_id': 3001}, 'read shield zone 3001'),
        ({'pullzone_id': 1001}, 'read shield zone of pull zone 1001'),
    ],
)
def test_a_404_of_another_service_is_no_empty_list(
    emulator: Emulator, run_module: t.Any, args: dict[str, t.Any], operation: str
) -> None:
    # api_url pointed at the logging API: its 404 is not the Shield API's "no such zone".
    outcome = run_module(shield_zone_info.main, dict(COMMON_ARGS, api_url=LOGGING_URL, **args))
    assert outcome.failed, outcome.result
    assert outcome.result['msg'].startswith(f'{operation} failed: HTTP 404')
    assert f'is {LOGGING_URL} the right base address?' in outcome.result['msg']
    assert outcome.result['failure']['status'] == 404


def test_access_list_overview(emulator: Emulator, run_module: t.Any) -> None:
    expected = overview(emulator, 3001)
    assert [item['name'] for item in expected['customLists']] == ['office', 'blocked-countries']
    found = run_module(shield_zone_info.main, dict(COMMON_ARGS, pullzone_id=1001, access_lists='overview')).result[
        'shield_zones'
    ][0]
    assert found == dict(stored(emulator, 3001), accessLists=expected)
    assert all('content' not in item for item in found['accessLists']['customLists'])
    assert paths(emulator) == ['/shield/shield-zone/get-by-pullzone/1001', '/shield/shield-zone/3001/access-lists']


def test_access_list_content(emulator: Emulator, run_module: t.Any) -> None:
    records = {record['id']: record for record in emulator.snapshot()['access_lists']}
    outcome = run_module(shield_zone_info.main, dict(COMMON_ARGS, access_lists='content'))
    assert not outcome.failed, outcome.result
    found = outcome.result['shield_zones']
    assert [z['shieldZoneId'] for z in found] == [zone_id for zone_id, _pullzone_id in SEEDED]
    custom = [item for z in found for item in z['accessLists']['customLists']]
    assert [(item['listId'], item['content'], item['checksum']) for item in custom] == [
        (list_id, record['content'], record['checksum']) for list_id, record in records.items()
    ]
    assert len(custom) == 5  # two lists of zone 3001, one of 3002, 3003 and 3008
    assert all(not {'content', 'checksum'} & set(item) for z in found for item in z['accessLists']['managedLists'])
    # Each zone's overview, then each of its custom lists.
    assert paths(emulator) == [LIST, MAPPING] + [
        path
        for zone_id, _pullzone_id in SEEDED
        for path in [f'/shield/shield-zone/{zone_id}/access-lists']
        + [
            f'/shield/shield-zone/{zone_id}/access-lists/{list_id}'
            for list_id, record in records.items()
            if record['shieldZoneId'] == zone_id
        ]
    ]


def test_rules_are_two_listings_per_zone(emulator: Emulator, run_module: t.Any) -> None:
    state = emulator.snapshot()
    outcome = run_module(shield_zone_info.main, dict(COMMON_ARGS, rules=True))
    assert not outcome.failed, outcome.result
    found = outcome.result['shield_zones']
    assert [z['shieldZoneId'] for z in found] == [zone_id for zone_id, _pullzone_id in SEEDED]
    for item in found:
        assert item['customWafRules'] == [r for r in state['waf_rules'] if r['shieldZoneId'] == item['shieldZoneId']]
        assert item['rateLimits'] == [r for r in state['rate_limits'] if r['shieldZoneId'] == item['shieldZoneId']]
    first = found[0]
    assert [rule['ruleName'] for rule in first['customWafRules']] == ['block-sqli', 'log-admin-probes']
    assert [limit['ruleName'] for limit in first['rateLimits']] == ['api-burst']
    # The zones, the mapping, then two requests per zone, each the one page of its listing; read eight zones at a
    # time, so the order between zones is not kept.
    requests = [(call.path, call.params.get('perPage')) for call in emulator.sent]
    assert requests[:2] == [(LIST, '1000'), (MAPPING, None)]
    assert sorted(requests[2:]) == sorted(
        (f'/shield/{listing}/{zone_id}', '1000')
        for zone_id, _pullzone_id in SEEDED
        for listing in ('waf/custom-rules', 'rate-limits')
    )
    assert len(emulator.requests) == 2 + 2 * len(SEEDED)  # the emulator's own record: nothing else was asked


def test_rules_of_one_zone_with_its_access_lists(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        shield_zone_info.main, dict(COMMON_ARGS, shield_zone_id=3002, rules=True, access_lists='overview')
    )
    (found,) = outcome.result['shield_zones']
    assert found['customWafRules'] == [] and found['rateLimits'] == [] and 'accessLists' in found
    assert paths(emulator) == [
        '/shield/shield-zone/3002',
        '/shield/shield-zone/3002/access-lists',
        '/shield/waf/custom-rules/3002',
        '/shield/rate-limits/3002',
    ]
    without = run_module(shield_zone_info.main, dict(COMMON_ARGS, shield_zone_id=3002)).result['shield_zones'][0]
    assert not {'customWafRules', 'rateLimits'} & set(without)


def test_check_mode_reads_the_same(emulator: Emulator, run_module: t.Any) -> None:
    normal = run_module(shield_zone_info.main, COMMON_ARGS)
    checked = run_module(shield_zone_info.main, COMMON_ARGS, check_mode=True)
    assert checked.result == normal.result
    assert checked.result['changed'] is False and checked.result['shield_zones'][0]['pullZoneId'] == 1001
    assert emulator.writes == []
    assert paths(emulator) == [LIST, MAPPING] * 2


def test_a_refused_list_names_the_operation_and_status(emulator: Emulator, run_module: t.Any) -> None:
    # A wrong key: the zone list answers 401 with the bare {statusCode} of the reference.
    outcome = run_module(shield_zone_info.main, dict(COMMON_ARGS, api_key='not-the-account-key-0123456789'))
    assert outcome.failed
    assert (
        outcome.result['msg']
        == 'list shield zones (page 1) failed: HTTP 401 unauthorized: the API answered statusCode 401'
    )
    assert outcome.result['failure']['status'] == 401
    assert [(call.path, call.status) for call in emulator.sent] == [(LIST, 401)]  # a 401 is not retried


def test_an_envelope_that_says_it_failed_is_a_failure(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator never answers 200 with success false.
    fake_api.add('GET', r'^/shield/shield-zones$', listing([zone(3001)], 1000))
    fake_api.add(
        'GET',
        r'^/shield/shield-zones/pullzone-mapping$',
        {'data': None, 'error': {'success': False, 'message': 'try later', 'errorKey': 'shield.busy'}},
    )
    outcome = run_module(shield_zone_info.main, COMMON_ARGS)
    assert outcome.failed
    assert outcome.result['msg'] == 'read the pull zones of the shield zones failed: HTTP 200 shield.busy: try later'


def test_5xx_and_429_are_retried(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(path=rf'^{LIST}$', status=503)
    emulator.add_fault(path=rf'^{LIST}$', status=429, retry_after=1)
    outcome = run_module(shield_zone_info.main, COMMON_ARGS)
    assert not outcome.failed and outcome.result['shield_zones'][0]['pullZoneId'] == 1001
    assert len(outcome.result['shield_zones']) == len(SEEDED)
    assert [(call.path, call.status) for call in emulator.sent] == [
        (LIST, 503),
        (LIST, 429),
        (LIST, 200),
        (MAPPING, 200),
    ]
    assert emulator.slept[1] == 1.0  # Retry-After honoured
