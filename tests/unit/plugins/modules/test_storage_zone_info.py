# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import json
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import storage_zone_info
from ansible_collections.edge.platform.tests.emulator.areas import storage as storage_area
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator

PASSWORDS = ('Password', 'ReadOnlyPassword')
# The seed: 7001 video-004-files, the origin of pull zone 1005; 7002 archive-files.
SEEDED = [7001, 7002]


def seeded(emulator: Emulator, zone_id: int) -> dict[str, t.Any]:
    return emulator.item('storage_zones', Id=zone_id)


def masked(zone: dict[str, t.Any]) -> dict[str, t.Any]:
    """A zone as the module returns it: its passwords masked (the seeded pull zone it lists has no secrets set)."""
    return {**zone, **{key: '********' for key in PASSWORDS if zone.get(key) not in (None, '')}}


def add_zones(emulator: Emulator, count: int) -> list[int]:
    """More storage zones, straight into the emulator's store (more than a page of them)."""
    stored = storage_area.storage_zones(emulator.state)
    added = []
    for number in range(count):
        zone_id = 8000 + number
        stored[zone_id] = storage_area.make_zone(emulator.state, zone_id, f'bulk-{number:04d}', 'DE', [])
        added.append(zone_id)
    return added


def test_lists_every_zone_with_its_passwords_masked(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(storage_zone_info.main, COMMON_ARGS)
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is False
    assert outcome.result['storage_zones'] == [masked(seeded(emulator, zone_id)) for zone_id in SEEDED]
    assert [(call.method, call.path, call.params) for call in emulator.sent] == [
        ('GET', '/storagezone', {'perPage': '1000', 'page': '1'})
    ]
    text = json.dumps(outcome.result)
    for zone_id in SEEDED:
        for key in PASSWORDS:
            assert seeded(emulator, zone_id)[key] not in text
    [origin] = outcome.result['storage_zones'][0]['PullZones']
    assert (origin['Name'], origin['OriginType'], origin['StorageZoneId']) == ('video-004', 2, 7001)


def test_pages_through_the_list_with_the_largest_page(emulator: Emulator, run_module: t.Any) -> None:
    added = add_zones(emulator, 1000)  # 1002 zones: two pages of at most 1000
    outcome = run_module(storage_zone_info.main, COMMON_ARGS)
    assert [zone['Id'] for zone in outcome.result['storage_zones']] == SEEDED + added
    assert [call.params for call in emulator.sent] == [{'perPage': '1000', 'page': str(page)} for page in (1, 2)]


def test_the_secrets_of_a_listed_pull_zone_are_masked(emulator: Emulator, run_module: t.Any) -> None:
    emulator.client().request('POST', 'pullzone/1001', 'set-up', json_body={'StorageZoneId': 7002})
    key = emulator.item('pullzones', Id=1001)['AWSSigningSecret']
    outcome = run_module(storage_zone_info.main, dict(COMMON_ARGS, id=7002))
    [zone] = outcome.result['storage_zones']
    assert zone['PullZones'][0]['AWSSigningSecret'] == '********'
    assert key and key not in json.dumps(outcome.result)


def test_an_id_is_read_directly(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(storage_zone_info.main, dict(COMMON_ARGS, id=7002))
    assert outcome.result['storage_zones'] == [masked(seeded(emulator, 7002))]
    assert [(call.path, call.status) for call in emulator.sent] == [('/storagezone/7002', 200)]


def test_a_missing_id_or_name_is_an_empty_list(emulator: Emulator, run_module: t.Any) -> None:
    assert run_module(storage_zone_info.main, dict(COMMON_ARGS, id=7999)).result['storage_zones'] == []
    assert run_module(storage_zone_info.main, dict(COMMON_ARGS, name='nothing')).result['storage_zones'] == []
    assert [call.status for call in emulator.sent] == [404, 200]


def test_a_name_is_exact_and_searched(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(storage_zone_info.main, dict(COMMON_ARGS, name='archive-files'))
    assert [zone['Id'] for zone in outcome.result['storage_zones']] == [7002]
    assert emulator.sent[0].params == {'perPage': '1000', 'page': '1', 'search': 'archive-files'}
    # The search finds both (case-insensitive substring), the exact name neither.
    assert run_module(storage_zone_info.main, dict(COMMON_ARGS, name='Files')).result['storage_zones'] == []


@pytest.mark.parametrize(
    ('extra', 'message'),
    [
        ({'id': 0}, 'id must be a positive integer, got 0'),
        ({'name': ' '}, 'name must not be empty'),
        ({'id': 7001, 'name': 'archive-files'}, 'parameters are mutually exclusive: id|name'),
    ],
)
def test_bad_input_is_refused_before_any_request(
    emulator: Emulator, run_module: t.Any, extra: dict[str, t.Any], message: str
) -> None:
    outcome = run_module(storage_zone_info.main, dict(COMMON_ARGS, **extra))
    assert outcome.failed and message in outcome.result['msg']
    assert emulator.sent == []


def test_an_api_error_names_operation_status_and_key(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(storage_zone_info.main, dict(COMMON_ARGS, api_key='not-the-account-key'))
    message = 'Authorization has been denied for this request.'
    assert outcome.result['msg'] == f'list storage zones failed: HTTP 401 unauthorized: {message}'
    assert (outcome.result['failure']['status'], outcome.result['failure']['error_key']) == (401, 'unauthorized')
