# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""ShieldApi against the emulator, without AnsibleModule: zones by id and by pull zone (the API's 404 is "none",
another service's fails naming the address), the list and the mapping, the scope options, the writes."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, EdgeClient, EdgeFinding
from ansible_collections.edge.platform.plugins.module_utils._shield import (
    BOT_DETECTION,
    UPLOAD_SCANNING,
    ShieldApi,
    scope_problem,
)
from ansible_collections.edge.platform.tests.unit.helpers import API_KEY, LOGGING_URL, Emulator, FakeApi


def shield(emulator: Emulator, base_url: str | None = None) -> ShieldApi:
    client = emulator.client()
    if base_url is not None:
        client.base_urls['api'] = base_url
    return ShieldApi(client)


def test_a_zone_by_id_and_by_pull_zone(emulator: Emulator) -> None:
    api = shield(emulator)
    zone = api.zone(3001)
    assert zone is not None and (zone['shieldZoneId'], zone['pullZoneId']) == (3001, 1001)
    assert api.zone_of_pullzone(1001) == zone
    assert api.zone(3999) is None  # the API's 404
    assert api.zone_of_pullzone(1003) is None  # a pull zone without a Shield zone


@pytest.mark.parametrize(
    'read, operation',
    [
        (lambda api: api.zone(3001), 'read shield zone 3001'),
        (lambda api: api.zone_of_pullzone(1001), 'read shield zone of pull zone 1001'),
    ],
)
def test_a_404_of_another_service_is_a_failure_naming_the_address(emulator: Emulator, read, operation) -> None:
    with pytest.raises(EdgeApiError) as caught:
        read(shield(emulator, LOGGING_URL))
    assert caught.value.status == 404
    assert str(caught.value).startswith(f'{operation} failed: HTTP 404')
    assert f'is {LOGGING_URL} the right base address?' in str(caught.value)


def test_every_zone_and_the_mapping(emulator: Emulator) -> None:
    api = shield(emulator)
    stored = {zone['shieldZoneId']: zone['pullZoneId'] for zone in emulator.snapshot()['shield_zones']}
    assert {zone['shieldZoneId'] for zone in api.zones()} == set(stored)
    assert api.pullzone_mapping() == stored


def test_the_scope_options(emulator: Emulator) -> None:
    api = shield(emulator)
    assert api.scope({'shield_zone_id': 3002}) == (3002, None)
    assert api.scope({'pullzone_id': 1002}) == (3002, 1002)
    assert api.scope({'pullzone_name': 'media-001'}) == (3002, 1002)
    assert api.scope({'pullzone_id': 1003}) == (None, 1003)
    with pytest.raises(EdgeFinding) as caught:
        api.require_zone_id({'pullzone_id': 1003})
    assert caught.value.error_key == 'shield_zone.not_found'
    assert str(caught.value) == (
        'find shield zone of pull zone 1003 failed: pull zone 1003 has no shield zone '
        '(create one with edge.platform.shield_zone)'
    )
    assert scope_problem({'shield_zone_id': 0}) == 'shield_zone_id must be a positive integer, got 0'
    assert scope_problem({'pullzone_name': ' '}) == 'pullzone_name must not be empty'


def test_create_update_and_the_parts(emulator: Emulator) -> None:
    api = shield(emulator)
    created = api.create_zone(1003, {'wafEnabled': True}, {'botDetectionExecutionMode': 1})
    zone_id = created['shieldZone']['shieldZoneId']
    assert api.zone_of_pullzone(1003)['wafEnabled'] is True  # type: ignore[index]
    assert api.part(zone_id, BOT_DETECTION)['executionMode'] == 1
    assert api.update_zone(zone_id, {'learningMode': True})['learningMode'] is True  # type: ignore[index]
    api.update_part(zone_id, UPLOAD_SCANNING, {'csamScanningMode': 2})
    assert api.part(zone_id, UPLOAD_SCANNING)['csamScanningMode'] == 2
    sent = [(call.method, call.path, call.json) for call in emulator.writes]
    assert sent[0] == (
        'POST',
        '/shield/shield-zone',
        {'pullZoneId': 1003, 'shieldZone': {'wafEnabled': True}, 'botDetectionExecutionMode': 1},
    )
    assert sent[1] == ('PATCH', '/shield/shield-zone', {'shieldZoneId': zone_id, 'shieldZone': {'learningMode': True}})
    assert sent[2] == (
        'PATCH',
        f'/shield/shield-zone/{zone_id}/upload-scanning',
        {'csamScanningMode': 2, 'shieldZoneId': zone_id},
    )


def test_a_2xx_envelope_that_says_it_failed_is_a_failure(fake_api: FakeApi) -> None:
    # A hand-made answer: the emulator never answers a 200 with success false.
    failed = {'data': None, 'error': {'success': False, 'message': 'plan too small', 'errorKey': 'plan'}}
    fake_api.add('PATCH', r'^/shield/shield-zone$', failed)
    api = ShieldApi(EdgeClient(API_KEY, {'api': 'https://api.edge.test'}))
    with pytest.raises(EdgeApiError) as caught:
        api.update_zone(3001, {'wafEnabled': False})
    assert str(caught.value) == 'update shield zone 3001 failed: HTTP 200 plan: plan too small'
