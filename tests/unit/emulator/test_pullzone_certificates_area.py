# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's certificates of hostnames (GAPS "Certificates of a hostname"): real seeded and free certificates,
addCertificate and removeCertificate with their 204, 400 and 404 answers, in-process."""

from __future__ import annotations

import base64
import datetime
import typing as t

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.certificates import CustomCertificate, make_certificate
from ansible_collections.edge.platform.tests.emulator.areas import AREAS, pullzone_certificates as certificates
from ansible_collections.edge.platform.tests.emulator.areas.pullzone_certificates import (
    FREE_DAYS,
    FREE_ISSUER,
    decode,
    encode,
)
from ansible_collections.edge.platform.tests.emulator.areas.pullzones import SYSTEM_DOMAIN
from ansible_collections.edge.platform.tests.emulator.core import State
from ansible_collections.edge.platform.tests.unit.emulator.test_pullzone_writes_area import delete, error_of

ZONE = 1001
CUSTOM = 'assets-000.brand.example'
NOW = datetime.datetime.now(datetime.timezone.utc)


def leaf_of(record: dict[str, t.Any]) -> x509.Certificate:
    """The first certificate of a hostname's ``Certificate`` (Base64Url of its PEM file)."""
    return x509.load_pem_x509_certificates(decode(record['Certificate']))[0]


def hostnames(api: TestClient, zone_id: int = ZONE) -> dict[str, dict[str, t.Any]]:
    zone = api.get(f'/pullzone/{zone_id}', params={'includeCertificate': 'true'}).json()
    return {record['Value']: record for record in zone['Hostnames']}


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def body(given: CustomCertificate, hostname: str = CUSTOM, **fields: t.Any) -> dict[str, t.Any]:
    return {'Hostname': hostname, 'Certificate': b64(given.certificate), 'CertificateKey': b64(given.key), **fields}


def days_left(certificate: x509.Certificate) -> int:
    return (certificate.not_valid_after_utc - NOW) // datetime.timedelta(days=1)


# ---- the seed ------------------------------------------------------------------------------------------------------


def test_every_seeded_certificate_is_real_and_its_key_belongs_to_it(state: State) -> None:
    public = serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    records = [record for zone in state.data['pullzones'].values() for record in zone['Hostnames']]
    assert records and all(record['HasCertificate'] for record in records)
    for record in records:
        leaf = leaf_of(record)
        key = serialization.load_pem_private_key(decode(record['CertificateKey']), password=None)
        assert key.public_key().public_bytes(*public) == leaf.public_key().public_bytes(*public)
        assert '=' not in record['Certificate'] and '+' not in record['Certificate']  # Base64Url, unpadded


def test_the_seed_has_free_custom_expiring_expired_and_mismatched_certificates(api: TestClient) -> None:
    system = hostnames(api)[f'assets-000.{SYSTEM_DOMAIN}']
    leaf = leaf_of(system)
    assert leaf.issuer.rfc4514_string() == f'O=Edge Platform,CN={FREE_ISSUER}'
    assert leaf.extensions.get_extension_for_class(x509.SubjectAlternativeName).value.get_values_for_type(
        x509.DNSName
    ) == [f'*.{SYSTEM_DOMAIN}']
    seeded = {
        name: leaf_of(record)
        for zone_id in (1001, 1003, 1007, 1009, 1011)
        for name, record in hostnames(api, zone_id).items()
        if name.endswith('.brand.example')
    }
    assert sorted(seeded) == [
        'api-006.brand.example',
        'assets-000.brand.example',
        'fonts-010.brand.example',
        'shop-008.brand.example',
        'static-002.brand.example',
    ]
    issuers = {
        name: leaf.issuer.get_attributes_for_oid(x509.NameOID.COMMON_NAME)[0].value for name, leaf in seeded.items()
    }
    assert issuers['static-002.brand.example'] == issuers['fonts-010.brand.example'] == FREE_ISSUER
    assert issuers['assets-000.brand.example'] == issuers['api-006.brand.example'] == 'Example Server CA'
    assert 330 <= days_left(seeded['assets-000.brand.example']) <= 335
    assert 10 <= days_left(seeded['static-002.brand.example']) <= 12  # expiring
    assert days_left(seeded['api-006.brand.example']) < 0  # expired
    assert 55 <= days_left(seeded['fonts-010.brand.example']) <= 60
    shop = seeded['shop-008.brand.example']  # names another host only
    assert shop.extensions.get_extension_for_class(x509.SubjectAlternativeName).value.get_values_for_type(
        x509.DNSName
    ) == ['www.shop-008.brand.example']


def test_a_reset_brings_back_the_same_certificates_without_making_one(
    state: State, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = {zone_id: zone['Hostnames'] for zone_id, zone in state.data['pullzones'].items()}
    made = certificates.issued.cache_info().misses
    # Made once a process, looked up on every reset: signing again would cost ~1 ms a certificate.
    monkeypatch.setattr(certificates, 'sign', lambda *args: pytest.fail('a reset signed a certificate again'))
    state.reset()
    assert certificates.issued.cache_info().misses == made
    assert {zone_id: zone['Hostnames'] for zone_id, zone in state.data['pullzones'].items()} == before


def test_a_large_seed_has_certificates_for_every_hostname() -> None:
    large = State(api_key='key', scale=200, areas=AREAS)
    large.reset()
    records = [record for zone in large.data['pullzones'].values() for record in zone['Hostnames']]
    assert len(records) > 290
    ends = [days_left(leaf_of(record)) for record in records]
    # Besides the first zones' expiring and expired ones, none ends within 30 days.
    assert sum(left < 30 for left in ends) == 2


# ---- loadFreeCertificate -----------------------------------------------------------------------------------------


def test_a_free_certificate_is_real_issued_by_the_emulators_ca_for_90_days(api: TestClient) -> None:
    assert api.post('/pullzone/1006/addHostname', json={'Hostname': 'cdn.example.org'}).status_code == 204
    assert api.get('/pullzone/loadFreeCertificate', params={'hostname': 'CDN.example.org'}).status_code == 200
    record = hostnames(api, 1006)['cdn.example.org']
    leaf = leaf_of(record)
    assert leaf.issuer.get_attributes_for_oid(x509.NameOID.COMMON_NAME)[0].value == FREE_ISSUER
    assert leaf.extensions.get_extension_for_class(x509.SubjectAlternativeName).value.get_values_for_type(
        x509.DNSName
    ) == ['cdn.example.org']
    assert leaf.not_valid_after_utc - leaf.not_valid_before_utc == datetime.timedelta(days=FREE_DAYS)
    assert leaf.not_valid_before_utc <= NOW
    # Removed and loaded again the same day, the hostname gets the same certificate back.
    assert delete(api, '/pullzone/1006/removeCertificate', {'Hostname': 'cdn.example.org'}).status_code == 204
    assert api.get('/pullzone/loadFreeCertificate', params={'hostname': 'cdn.example.org'}).status_code == 200
    assert hostnames(api, 1006)['cdn.example.org'] == record


# ---- addCertificate -------------------------------------------------------------------------------------------------


@pytest.fixture(scope='module')
def given() -> CustomCertificate:
    return make_certificate([CUSTOM])


def test_add_a_certificate_and_read_it_back_as_loaded(api: TestClient, state: State, given: CustomCertificate) -> None:
    response = api.post(f'/pullzone/{ZONE}/addCertificate', json=body(given, hostname=CUSTOM.upper()))
    assert response.status_code == 204 and response.content == b''
    record = hostnames(api)[CUSTOM]
    assert record['HasCertificate'] is True
    assert decode(record['Certificate']).decode() == given.certificate  # the file as loaded, leaf then chain
    assert decode(record['CertificateKey']).decode() == given.key
    assert record['Certificate'] == encode(given.certificate.encode())
    assert leaf_of(record).fingerprint(hashes.SHA256()).hex() == given.fingerprint
    plain = api.get(f'/pullzone/{ZONE}').json()['Hostnames'][1]
    assert plain['HasCertificate'] is True and plain['Certificate'] is None and plain['CertificateKey'] is None
    # A new upload replaces it; the same one again is taken again.
    rotated = make_certificate([CUSTOM], key_type='rsa')
    for again in (rotated, rotated):
        assert api.post(f'/pullzone/{ZONE}/addCertificate', json=body(again)).status_code == 204
    assert decode(hostnames(api)[CUSTOM]['Certificate']).decode() == rotated.certificate


def test_the_service_takes_base64url_and_unpadded_base64_too(api: TestClient, given: CustomCertificate) -> None:
    fields = {
        'Certificate': encode(given.certificate.encode()),
        'CertificateKey': base64.b64encode(given.key.encode()).decode().rstrip('='),
    }
    assert api.post(f'/pullzone/{ZONE}/addCertificate', json=body(given, **fields)).status_code == 204
    assert decode(hostnames(api)[CUSTOM]['CertificateKey']).decode() == given.key


def test_names_and_dates_are_not_the_services_to_check(api: TestClient) -> None:
    other = make_certificate(['elsewhere.example.net'], days_left=-3)
    assert api.post(f'/pullzone/{ZONE}/addCertificate', json=body(other)).status_code == 204


def test_add_refusals(api: TestClient, state: State, given: CustomCertificate) -> None:
    other = make_certificate([CUSTOM])
    encrypted = serialization.load_pem_private_key(given.key.encode(), password=None).private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.BestAvailableEncryption(b'secret'),
    )
    before = hostnames(api)[CUSTOM]
    refusals: list[tuple[dict[str, t.Any], str, str]] = [
        (body(given, hostname='nowhere.example.org'), 'pullzone.hostname_not_found', 'Hostname'),
        (body(given, hostname=''), 'validation_error', 'Hostname'),
        ({'Certificate': b64(given.certificate), 'CertificateKey': b64(given.key)}, 'validation_error', 'Hostname'),
        (body(given, Certificate=''), 'validation_error', 'Certificate'),
        (body(given, Certificate=None), 'validation_error', 'Certificate'),
        (body(given, CertificateKey='  '), 'validation_error', 'CertificateKey'),
        (body(given, Certificate='not base64!'), 'validation_error', 'Certificate'),
        (body(given, CertificateKey='QUJD*'), 'validation_error', 'CertificateKey'),
        (
            body(given, Certificate=b64('-----BEGIN CERTIFICATE-----\nAAAA\n')),
            'pullzone.certificate_invalid',
            'Certificate',
        ),
        (body(given, Certificate=b64(given.key)), 'pullzone.certificate_invalid', 'Certificate'),
        (body(given, Certificate=b64(given.certificate + given.key)), 'pullzone.certificate_invalid', 'Certificate'),
        (body(given, CertificateKey=b64(given.certificate)), 'pullzone.key_invalid', 'CertificateKey'),
        (body(given, CertificateKey=base64.b64encode(encrypted).decode()), 'pullzone.key_invalid', 'CertificateKey'),
        (body(given, CertificateKey=b64(other.key)), 'pullzone.key_mismatch', 'CertificateKey'),
    ]
    for sent, key, field in refusals:
        message = error_of(api.post(f'/pullzone/{ZONE}/addCertificate', json=sent), 400, key, field)
        assert given.key_body not in message
    error_of(api.post(f'/pullzone/{ZONE}/addCertificate', json=[]), 400, 'validation_error', 'body')
    error_of(api.post('/pullzone/4242/addCertificate', json=body(given)), 404, 'pullzone.not_found', 'id')
    assert hostnames(api)[CUSTOM] == before


# ---- removeCertificate ----------------------------------------------------------------------------------------------


def test_remove_a_certificate(api: TestClient) -> None:
    response = delete(api, f'/pullzone/{ZONE}/removeCertificate', {'Hostname': CUSTOM.upper()})
    assert response.status_code == 204 and response.content == b''
    record = hostnames(api)[CUSTOM]
    assert (record['HasCertificate'], record['Certificate'], record['CertificateKey']) == (False, None, None)
    # Again: nothing to remove, the same answer.
    assert delete(api, f'/pullzone/{ZONE}/removeCertificate', {'Hostname': CUSTOM}).status_code == 204
    # A free one comes back with loadFreeCertificate.
    assert api.get('/pullzone/loadFreeCertificate', params={'hostname': CUSTOM}).status_code == 200
    leaf = leaf_of(hostnames(api)[CUSTOM])
    assert leaf.issuer.get_attributes_for_oid(x509.NameOID.COMMON_NAME)[0].value == FREE_ISSUER


def test_remove_refusals(api: TestClient) -> None:
    before = hostnames(api)
    error_of(
        delete(api, f'/pullzone/{ZONE}/removeCertificate', {'Hostname': 'media-001.example.com'}),
        400,
        'pullzone.hostname_not_found',
        'Hostname',
    )
    error_of(delete(api, f'/pullzone/{ZONE}/removeCertificate', {}), 400, 'validation_error', 'Hostname')
    error_of(delete(api, f'/pullzone/{ZONE}/removeCertificate'), 400, 'validation_error', 'body')
    error_of(delete(api, '/pullzone/4242/removeCertificate', {'Hostname': CUSTOM}), 404, 'pullzone.not_found', 'id')
    assert hostnames(api) == before
