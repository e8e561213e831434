# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator fixture: the client's requests reach the emulator's apps in process, recorded, with faults."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, EdgeClient
from ansible_collections.edge.platform.tests.unit.helpers import API_KEY, Emulator


def client(emulator: Emulator, retries: int = 2) -> EdgeClient:
    return EdgeClient(API_KEY, dict(emulator.base_urls), retries=retries)


def test_requests_reach_the_service_of_their_base_address_and_are_recorded(emulator: Emulator) -> None:
    edge = client(emulator)
    zone = edge.get('pullzone/1001', 'read pull zone 1001')
    assert zone['Name'] == 'assets-000'
    guid = emulator.snapshot()['videos'][0]['guid']
    video = edge.get(f'library/5001/videos/{guid}', 'read video', service='video')
    assert video['guid'] == guid
    assert [(sent.service, sent.method, sent.path, sent.status) for sent in emulator.sent] == [
        ('api', 'GET', '/pullzone/1001', 200),
        ('video', 'GET', f'/library/5001/videos/{guid}', 200),
    ]
    assert emulator.sent[0].headers['AccessKey'] == API_KEY
    assert [(entry['service'], entry['path'], entry['status']) for entry in emulator.requests] == [
        ('api', '/pullzone/1001', 200),
        ('video', f'/library/5001/videos/{guid}', 200),
    ]


def test_a_write_is_recorded_with_its_body_and_changes_the_state(emulator: Emulator) -> None:
    edge = client(emulator)
    edge.request(
        'PATCH',
        'shield/shield-zone',
        'update shield zone 3001',
        json_body={'shieldZoneId': 3001, 'shieldZone': {'wafEnabled': False}},
        idempotent=True,
    )
    assert [(sent.method, sent.path, sent.json) for sent in emulator.writes] == [
        ('PATCH', '/shield/shield-zone', {'shieldZoneId': 3001, 'shieldZone': {'wafEnabled': False}})
    ]
    assert emulator.item('shield_zones', shieldZoneId=3001)['wafEnabled'] is False
    assert edge.wrote


def test_an_api_error_is_answered_in_the_shape_of_the_service(emulator: Emulator) -> None:
    with pytest.raises(EdgeApiError) as caught:
        client(emulator).get('pullzone/4242', 'read pull zone 4242')
    assert str(caught.value) == (
        'read pull zone 4242 failed: HTTP 404 pullzone.not_found: The requested Pull Zone was not found'
    )


def test_a_rate_limit_is_waited_out_as_retry_after_says(emulator: Emulator) -> None:
    emulator.add_fault(path='^/pullzone/1001$', status=429, retry_after=7, times=2)
    assert client(emulator).get('pullzone/1001', 'read pull zone 1001')['Id'] == 1001
    assert [sent.status for sent in emulator.sent] == [429, 429, 200]
    assert emulator.slept == [7.0, 7.0]


def test_a_dropped_connection_is_a_network_error(emulator: Emulator) -> None:
    emulator.add_fault(path='^/pullzone/1001$', drop=True, times=5)
    with pytest.raises(EdgeApiError) as caught:
        client(emulator, retries=1).get('pullzone/1001', 'read pull zone 1001')
    assert str(caught.value) == (
        'read pull zone 1001 failed: the connection to https://api.edge.test broke off before an answer came: '
        'Connection aborted: Remote end closed connection without response'
    )
    assert len(emulator.sent) == 2


def test_a_streamed_answer_is_read_in_chunks(emulator: Emulator) -> None:
    response = client(emulator).request('GET', 'pullzone/1001', 'read pull zone 1001', stream=True)
    body = b''.join(response.iter_content(16))
    assert b'"Name": "assets-000"' in body or b'"Name":"assets-000"' in body


def test_a_database_url_reaches_its_pipeline_and_libsql_means_https(emulator: Emulator) -> None:
    record = emulator.item('databases', name='catalog')
    token = (
        client(emulator)
        .request(
            'PUT',
            f"database/v2/databases/{record['id']}/auth/generate",
            'generate a token',
            json_body={'authorization': 'read-only', 'expires_at': None},
        )
        .json()['token']
    )
    body = {'baton': None, 'requests': [{'type': 'execute', 'stmt': {'sql': 'SELECT count(*) FROM products'}}]}
    for base in (record['url'], record['url'].replace('http://', 'https://')):
        database = EdgeClient(None, {'database': base})
        answer = database.request(
            'POST',
            'v2/pipeline',
            'count',
            service='database',
            json_body=body,
            headers={'Authorization': f'Bearer {token}'},
        ).json()
        assert answer['results'][0]['response']['result']['rows'] == [[{'type': 'integer', 'value': '60'}]]
    pipeline = [sent for sent in emulator.sent if sent.service == 'database']
    assert [(sent.url, sent.status) for sent in pipeline] == [
        (f"{record['url']}/v2/pipeline", 200),
        (f"{record['url'].replace('http://', 'https://')}/v2/pipeline", 200),
    ]
    assert pipeline[0].answer_json['results'][0]['type'] == 'ok'
    assert [entry['service'] for entry in emulator.requests] == ['api', 'database', 'database']


def test_another_address_is_offline(emulator: Emulator) -> None:
    with pytest.raises(EdgeApiError) as caught:
        EdgeClient(None, {'api': 'https://elsewhere.example'}, retries=1, sleep=emulator.slept.append).get(
            'pullzone', 'list pull zones'
        )
    assert str(caught.value) == (
        'list pull zones failed: cannot connect to https://elsewhere.example: Failed to establish a new connection: '
        'not an address of the emulator, and no network'
    )
    assert emulator.sent == [] and emulator.requests == []
    assert len(emulator.slept) == 1  # a connection that never opened is retried
