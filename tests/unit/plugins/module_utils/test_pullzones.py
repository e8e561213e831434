# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The pull zone API layer: the masking of secrets, and the create, update and delete requests of PullZoneApi against
the emulator."""

from __future__ import annotations

import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, EdgeClient
from ansible_collections.edge.platform.plugins.module_utils._pullzones import PullZoneApi, mask_pullzone
from ansible_collections.edge.platform.tests.certificates import make_certificate
from ansible_collections.edge.platform.tests.unit.helpers import (
    API_KEY,
    API_URL,
    Emulator,
    FakeApi,
    FakeResponse,
    FakeSession,
)


def test_only_secrets_that_are_set_are_masked() -> None:
    zone = {
        'ZoneSecurityKey': 'zsk',
        'AWSSigningKey': '',
        'AWSSigningSecret': None,
        'LogForwardingToken': 'token',
        'Hostnames': [{'CertificateKey': 'key'}, {'CertificateKey': None}],
    }
    assert mask_pullzone(zone) == {
        'ZoneSecurityKey': '********',
        'AWSSigningKey': '',
        'AWSSigningSecret': None,
        'LogForwardingToken': '********',
        'Hostnames': [{'CertificateKey': '********'}, {'CertificateKey': None}],
    }


# ---- the requests ----------------------------------------------------------------------------------------------


def api_of(emulator: Emulator) -> tuple[PullZoneApi, EdgeClient]:
    client = EdgeClient(
        API_KEY, dict(emulator.base_urls), retries=2, sleep=emulator.slept.append, session=emulator.session()
    )
    return PullZoneApi(client), client


def test_find_by_id_or_exact_name(emulator: Emulator) -> None:
    api, _client = api_of(emulator)
    assert t.cast(dict, api.find(zone_id=1002))['Name'] == 'media-001'
    assert api.find(zone_id=4242) is None
    assert t.cast(dict, api.find(name='media-001'))['Id'] == 1002
    assert api.find(name='media-00') is None  # the search finds media-001; only an exact name is it


def test_create_update_and_delete(emulator: Emulator) -> None:
    api, client = api_of(emulator)
    created = api.create('api-layer', {'Type': 1, 'EnableLogging': False, 'BlockedCountries': ['KP']})
    assert created['Name'] == 'api-layer' and created['Type'] == 1 and created['BlockedCountries'] == ['KP']
    assert client.wrote
    updated = api.update(created['Id'], {'EnableLogging': True, 'OriginUrl': 'https://o.example.com'})
    assert updated['EnableLogging'] is True and updated['OriginLinkValue'] == 'https://o.example.com'
    assert emulator.item('pullzones', Id=created['Id'])['EnableLogging'] is True
    api.delete(created['Id'])
    assert api.find(zone_id=created['Id']) is None
    api.delete(created['Id'])  # gone already: what was asked
    assert [(call.method, call.status) for call in emulator.writes] == [
        ('POST', 201),
        ('POST', 200),
        ('DELETE', 204),
        ('DELETE', 404),
    ]


def test_a_create_whose_answer_was_lost_returns_the_zone_it_made(emulator: Emulator) -> None:
    emulator.add_fault(service='api', method='POST', path='^/pullzone$', drop=True, after=True)
    api, client = api_of(emulator)
    created = api.create('lost-answer', {'Type': 0})
    assert created['Id'] == emulator.item('pullzones', Name='lost-answer')['Id']
    assert [call.method for call in emulator.writes] == ['POST'] and client.wrote


def test_a_create_lost_before_the_server_acted_fails_and_says_it_may_have_written(emulator: Emulator) -> None:
    emulator.add_fault(service='api', method='POST', path='^/pullzone$', drop=True)
    api, client = api_of(emulator)
    with pytest.raises(EdgeApiError) as caught:
        api.create('never-made', {})
    assert caught.value.status is None
    assert 'create pull zone "never-made" failed' in str(caught.value)
    assert client.wrote  # the request left: the run says it may have changed something
    assert [call.method for call in emulator.writes] == ['POST']  # never repeated


def test_a_refused_create_raises_the_apis_answer(emulator: Emulator) -> None:
    api, client = api_of(emulator)
    with pytest.raises(EdgeApiError) as caught:
        api.create('media-001', {})
    assert (caught.value.status, caught.value.error_key) == (400, 'pullzone.name_taken')
    assert not client.wrote


def test_a_delete_of_a_zone_that_fails_raises(emulator: Emulator) -> None:
    emulator.add_fault(service='api', method='DELETE', path='^/pullzone/1002$', status=500, times=3)
    api, _client = api_of(emulator)
    with pytest.raises(EdgeApiError) as caught:
        api.delete(1002)
    assert caught.value.status == 500


def test_a_create_answered_without_a_body_is_read_back_by_name(fake_api: FakeApi) -> None:
    # The reference declares no body for the create's 201; the emulator always sends the zone.
    zone = {'Id': 77, 'Name': 'no-body', 'Type': 0}
    fake_api.add('POST', r'^/pullzone$', FakeResponse(201))
    fake_api.add(
        'GET', r'^/pullzone$', {'Items': [zone, {**zone, 'Id': 78, 'Name': 'no-body-2'}], 'HasMoreItems': False}
    )
    api = PullZoneApi(EdgeClient(API_KEY, {'api': API_URL}, session=FakeSession(fake_api), sleep=lambda _s: None))
    assert api.create('no-body', {'Type': 0}) == zone
    assert [(call.method, call.path) for call in fake_api.calls] == [('POST', '/pullzone'), ('GET', '/pullzone')]


# ---- certificates of hostnames -----------------------------------------------------------------------------------

CUSTOM_HOSTNAME = 'assets-000.brand.example'


def uploads(emulator: Emulator) -> list[int | None]:
    return [call.status for call in emulator.sent if call.path.endswith('/addCertificate')]


def test_add_and_remove_a_certificate(emulator: Emulator) -> None:
    given = make_certificate([CUSTOM_HOSTNAME])
    api, client = api_of(emulator)
    api.add_certificate(1001, CUSTOM_HOSTNAME, given.certificate, given.key)
    assert api.served_fingerprint(1001, CUSTOM_HOSTNAME) == given.fingerprint
    assert client.wrote and uploads(emulator) == [204]
    api.remove_certificate(1001, CUSTOM_HOSTNAME)
    assert api.served_fingerprint(1001, CUSTOM_HOSTNAME) is None
    assert api.served_fingerprint(4242, CUSTOM_HOSTNAME) is None  # no such zone
    assert api.served_record(1001, 'nowhere.example.com') is None


@pytest.mark.parametrize('fault', [{'drop': True, 'after': True}, {'status': 502, 'after': True}])
def test_an_upload_the_service_took_is_not_sent_again(emulator: Emulator, fault: dict[str, t.Any]) -> None:
    given = make_certificate([CUSTOM_HOSTNAME])
    emulator.add_fault(service='api', method='POST', path='/addCertificate$', **fault)
    api, client = api_of(emulator)
    api.add_certificate(1001, CUSTOM_HOSTNAME, given.certificate, given.key)  # the re-read shows it taken
    assert uploads(emulator) == [fault.get('status', 0)] and client.wrote
    assert api.served_fingerprint(1001, CUSTOM_HOSTNAME) == given.fingerprint


@pytest.mark.parametrize('fault', [{'drop': True}, {'status': 500}, {'status': 400}])
def test_an_upload_the_service_did_not_take_fails_and_is_not_sent_again(
    emulator: Emulator, fault: dict[str, t.Any]
) -> None:
    given = make_certificate([CUSTOM_HOSTNAME])
    emulator.add_fault(service='api', method='POST', path='/addCertificate$', **fault)
    api, _client = api_of(emulator)
    with pytest.raises(EdgeApiError) as caught:
        api.add_certificate(1001, CUSTOM_HOSTNAME, given.certificate, given.key)
    assert str(caught.value).startswith(f'add a certificate to hostname {CUSTOM_HOSTNAME} of pull zone 1001 failed')
    assert caught.value.status == fault.get('status')
    assert uploads(emulator) == [fault.get('status', 0)]
    # A refusal (4xx) is the service's answer: nothing to read again.
    reads = [call for call in emulator.sent if call.method == 'GET']
    assert len(reads) == (0 if fault.get('status') == 400 else 1)
