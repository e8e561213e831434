# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Certificates of hostnames: the PEM files given (parsed and checked), the names they cover as TLS matches them, the
summary of a certificate a hostname serves, and what the options ask."""

from __future__ import annotations

import base64
import datetime
import re

import pytest
from cryptography.hazmat.primitives import serialization

from ansible_collections.edge.platform.plugins.module_utils import _certificates as certificates
from ansible_collections.edge.platform.plugins.module_utils._certificates import (
    CertificateProblem,
    WantedCertificate,
    covers,
    custom_certificate,
    decode_served,
    encode_served,
    served_summary,
    wanted_certificate,
)
from ansible_collections.edge.platform.tests.certificates import CustomCertificate, make_certificate
from ansible_collections.edge.platform.tests.emulator.areas import pullzone_certificates as emulator_certificates

HOST = 'cdn.example.com'
NOW = datetime.datetime.now(datetime.timezone.utc)


@pytest.fixture(scope='module')
def given() -> CustomCertificate:
    return make_certificate([HOST, 'www.example.com'], days_left=100.5)


@pytest.mark.parametrize(
    'names, hostname, expected',
    [
        (['cdn.example.com'], 'cdn.example.com', True),
        (['CDN.Example.com'], 'cdn.example.COM', True),
        (['cdn.example.com.'], 'cdn.example.com', True),
        (['www.example.com'], 'cdn.example.com', False),
        (['*.example.com'], 'cdn.example.com', True),
        (['*.example.com'], 'example.com', False),  # a wildcard stands for one label, not none
        (['*.example.com'], 'a.cdn.example.com', False),  # nor two
        (['*.cdn.example.com'], 'a.cdn.example.com', True),
        (['f*.example.com'], 'foo.example.com', False),  # a partial wildcard matches nothing
        (['*.*.example.com'], 'a.b.example.com', False),
        (['cdn.*.com'], 'cdn.example.com', False),
        (['*.com'], 'example.com', False),  # a wildcard over a whole top-level domain
        (['*'], 'localhost', False),
        (['other.example.net', '*.example.com'], 'img.example.com', True),
        ([], 'cdn.example.com', False),
    ],
)
def test_names_cover_a_hostname_as_tls_matches_them(names: list[str], hostname: str, expected: bool) -> None:
    assert covers(names, hostname) is expected


def test_the_summary_of_a_custom_certificate(given: CustomCertificate) -> None:
    checked = custom_certificate(HOST, given.certificate, given.key)
    summary = checked.summary(NOW)
    assert list(summary) == list(certificates.SUMMARY_KEYS)
    assert summary == {
        'kind': 'custom',
        'sha256_fingerprint': given.fingerprint,
        'subject': f'CN={HOST}',
        'names': [HOST, 'www.example.com'],
        'issuer': 'CN=Example Test CA',
        'not_before': given.not_before,
        'not_after': given.not_after,
        'days_left': 100,  # rounded down
    }
    assert re.fullmatch(r'[0-9a-f]{64}', summary['sha256_fingerprint'])
    assert re.fullmatch(r'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ', summary['not_after'])
    assert len(checked.certificates) == 2  # the leaf, then the CA
    assert checked.certificate_pem == given.certificate
    assert given.key_body not in repr(checked)


def test_a_certificate_valid_only_later_says_from_when() -> None:
    later = make_certificate([HOST], days_left=465, days_valid=365)
    leaf = custom_certificate(HOST, later.certificate, later.key).leaf
    now = datetime.datetime.now(datetime.timezone.utc)
    assert certificates.not_yet_valid(leaf, now) == (
        f'it is valid only from {later.not_before} (100 days from now): clients refuse it until then'
    )
    assert certificates.not_yet_valid(leaf, now + datetime.timedelta(days=101)) is None


def test_days_left_round_down_also_past_the_end() -> None:
    end = NOW + datetime.timedelta(days=10, hours=23)
    assert certificates.days_left(end, NOW) == 10
    assert certificates.days_left(NOW - datetime.timedelta(hours=1), NOW) == -1


def test_free_certificates_are_those_of_the_services_ca() -> None:
    issued, _key = emulator_certificates.free_certificate(HOST)
    summary = served_summary({'HasCertificate': True, 'Certificate': issued})
    assert summary is not None and summary['kind'] == 'free' and summary['names'] == [HOST]
    assert summary['issuer'] == 'O=Edge Platform,CN=Edge Platform Free Certificates'
    # The collection and the emulator name the same issuer.
    assert certificates.FREE_ISSUER_COMMON_NAME == emulator_certificates.FREE_ISSUER
    assert certificates.FREE_ISSUER_ORGANIZATION == emulator_certificates.FREE_ISSUER_ORGANIZATION


def test_a_certificate_without_alternative_names_names_its_common_name() -> None:
    plain = make_certificate([HOST], subject_alternative_names=False, self_signed=True)
    assert custom_certificate(HOST, plain.certificate, plain.key).summary()['names'] == [HOST]


@pytest.mark.parametrize('key_type', ['ec', 'rsa'])
def test_keys_of_either_type_are_taken_and_uploaded_as_pkcs8(key_type: str) -> None:
    made = make_certificate([HOST], key_type=key_type, self_signed=True)
    traditional = serialization.load_pem_private_key(made.key.encode(), password=None).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL, serialization.NoEncryption()
    )
    checked = custom_certificate(HOST, made.certificate, traditional.decode())
    assert checked.key_pem == made.key  # PKCS#8, whatever form it was given in


def test_a_served_certificate_reads_in_every_encoding(given: CustomCertificate) -> None:
    data = given.certificate.encode()
    # Base64Url unpadded (spec 2.2), Base64, Base64Url padded, PEM text
    forms = [
        encode_served(given.certificate),
        base64.b64encode(data).decode(),
        base64.urlsafe_b64encode(data).decode(),
        given.certificate,
    ]
    for form in forms:
        assert decode_served(form).decode() == given.certificate
        summary = served_summary({'HasCertificate': True, 'Certificate': form}, NOW)
        assert summary is not None and summary['sha256_fingerprint'] == given.fingerprint
    der = certificates.pem_certificates(data)[0].public_bytes(serialization.Encoding.DER)
    assert served_summary({'HasCertificate': True, 'Certificate': base64.b64encode(der).decode()}) is not None


def test_a_served_certificate_that_cannot_be_read() -> None:
    assert served_summary({'HasCertificate': False, 'Certificate': None}) is None
    unknown = dict.fromkeys(certificates.SUMMARY_KEYS)
    for value in (None, '', 'not base64!', base64.b64encode(b'no certificate').decode()):
        assert served_summary({'HasCertificate': True, 'Certificate': value}) == unknown


def test_what_the_options_ask(given: CustomCertificate) -> None:
    assert wanted_certificate(HOST, None, None, None) is None
    assert wanted_certificate(HOST, 'free', None, None) == WantedCertificate('free')
    assert wanted_certificate(HOST, 'none', None, None) == WantedCertificate('none')
    custom = wanted_certificate(HOST, 'custom', given.certificate, given.key)
    assert custom is not None and custom.kind == 'custom' and custom.custom is not None
    served = {'sha256_fingerprint': given.fingerprint}
    other = {'sha256_fingerprint': '0' * 64}
    assert custom.met_by(served) and not custom.met_by(other) and not custom.met_by(None)
    assert WantedCertificate('free').met_by(other) and not WantedCertificate('free').met_by(None)
    assert WantedCertificate('none').met_by(None) and not WantedCertificate('none').met_by(other)


def refusal(*args: str | None, prefix: str = '') -> str:
    with pytest.raises(CertificateProblem) as refused:
        wanted_certificate(HOST, *args, prefix=prefix)  # type: ignore[arg-type]
    return str(refused.value)


def test_refusals_name_the_option_and_never_the_key(given: CustomCertificate) -> None:
    other = make_certificate([HOST])
    expired = make_certificate([HOST], days_left=-2.5)
    elsewhere = make_certificate(['*.example.net', 'example.com'])
    encrypted = (
        serialization.load_pem_private_key(given.key.encode(), password=None)
        .private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.BestAvailableEncryption(b'passphrase'),
        )
        .decode()
    )
    chain_first = given.certificate[len(given.leaf) :] + given.leaf
    cases = [
        (('custom', None, None), 'certificate=custom needs custom_certificate and custom_certificate_key'),
        (('custom', None, given.key), 'custom_certificate_key is given without custom_certificate'),
        (('custom', given.certificate, None), 'custom_certificate is given without custom_certificate_key'),
        (('custom', given.certificate, '  '), 'custom_certificate is given without custom_certificate_key'),
        (('free', given.certificate, given.key), 'are for certificate=custom only (certificate=free)'),
        ((None, given.certificate, given.key), 'are for certificate=custom only (certificate unset)'),
        (('custom', 'not a certificate', given.key), 'custom_certificate is not a PEM certificate'),
        (('custom', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n', given.key), 'is not a PEM'),
        (('custom', given.certificate + given.key, given.key), 'custom_certificate holds a private key'),
        (('custom', given.key, given.key), 'custom_certificate holds a private key'),
        (('custom', given.certificate, 'not a key'), 'custom_certificate_key is not an unencrypted PEM private key'),
        (('custom', given.certificate, given.leaf), 'custom_certificate_key is not an unencrypted PEM private key'),
        (('custom', given.certificate, encrypted), 'custom_certificate_key is encrypted'),
        (('custom', given.certificate, other.key), 'custom_certificate_key does not belong to the certificate'),
        (('custom', chain_first, given.key), 'it belongs to certificate 2 of custom_certificate: the leaf must come'),
        (('custom', expired.certificate, expired.key), 'custom_certificate expired on '),
        (('custom', elsewhere.certificate, elsewhere.key), 'does not cover hostname cdn.example.com: it names'),
    ]
    for args, words in cases:
        message = refusal(*args)
        assert words in message, (words, message)
        for secret in (given.key, given.key_body, other.key_body, expired.key_body, elsewhere.key_body):
            assert secret not in message
    assert '(CN=cdn.example.com, 2 days ago)' in refusal('custom', expired.certificate, expired.key)
    assert refusal('custom', None, None, prefix='hostnames[2].') == (
        'hostnames[2].certificate=custom needs hostnames[2].custom_certificate and hostnames[2].custom_certificate_key'
    )
