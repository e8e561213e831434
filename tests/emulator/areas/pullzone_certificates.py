# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Certificates of pull zone hostnames (GAPS "Certificates of a hostname"): the emulator's own CA of free
certificates, the certificates it issues and seeds, and the checks of a certificate uploaded with ``addCertificate``.

Every certificate is a real X.509 certificate (EC P-256 keys, ECDSA with SHA-256), so that clients read its expiry,
names and issuer as they would the service's. No state here: the keys are derived from a label (the same in every
process) and made once a process, and each certificate is made once a process too, cached by what it is (~0.1 ms
each), so a reset of the state (before every unit test and every integration case) only looks them up. Dates count
from the first certificate a process makes (``anchor``).

``HostnameModel`` carries a certificate and its key as the Base64Url of their PEM files (spec 2.2), without padding:
``encode`` makes that form, ``decode`` reads Base64 in either alphabet, padded or not.
"""

from __future__ import annotations

import base64
import binascii
import datetime
import functools
import hashlib
import re
import typing as t

from cryptography import x509
from cryptography.exceptions import UnsupportedAlgorithm
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from ..core import ApiError

#: The issuer of every free certificate (the service's ACME CA, here the emulator's own): clients tell a free
#: certificate from a custom one by it.
FREE_ISSUER = 'Edge Platform Free Certificates'
FREE_ISSUER_ORGANIZATION = 'Edge Platform'
#: A free certificate is valid for this many days from the day it is issued.
FREE_DAYS = 90
#: The CA of the seeded custom certificates: one a customer bought its certificates from.
CUSTOMER_ISSUER = 'Example Server CA'
CUSTOMER_ISSUER_ORGANIZATION = 'Example Certificates'

FREE, CUSTOMER = 'free', 'customer'
DAY = datetime.timedelta(days=1)
# The order of the P-256 group: a private value derived from a label is reduced into 1..n-1.
P256_ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
PRIVATE_KEY_BLOCK = re.compile(rb'-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----')
BASE64_TEXT = re.compile(r'[A-Za-z0-9+/_-]*={0,2}')


@functools.cache
def anchor() -> datetime.datetime:
    """When this process made its first certificate, to the minute: what the seeded certificates' dates count from."""
    return datetime.datetime.now(datetime.timezone.utc).replace(second=0, microsecond=0)


@functools.cache
def private_key(label: str) -> ec.EllipticCurvePrivateKey:
    """The P-256 key of ``label``, the same in every process."""
    value = int.from_bytes(hashlib.sha256(f'edge-platform-emulator:{label}'.encode()).digest(), 'big')
    return ec.derive_private_key(value % (P256_ORDER - 1) + 1, ec.SECP256R1())


def name_of(common_name: str, organization: str | None = None) -> x509.Name:
    attributes = [x509.NameAttribute(NameOID.COMMON_NAME, common_name)]
    if organization:
        attributes.append(x509.NameAttribute(NameOID.ORGANIZATION_NAME, organization))
    return x509.Name(attributes)


ISSUERS = {
    FREE: name_of(FREE_ISSUER, FREE_ISSUER_ORGANIZATION),
    CUSTOMER: name_of(CUSTOMER_ISSUER, CUSTOMER_ISSUER_ORGANIZATION),
}


def sign(builder: x509.CertificateBuilder, key: ec.EllipticCurvePrivateKey) -> x509.Certificate:
    """Signed deterministically where the installed cryptography can (the same certificate in every process)."""
    try:
        return builder.sign(key, hashes.SHA256(), ecdsa_deterministic=True)
    except TypeError:  # cryptography before 44
        return builder.sign(key, hashes.SHA256())


def serial_of(*parts: t.Any) -> int:
    return int.from_bytes(hashlib.sha256(repr(parts).encode()).digest()[:8], 'big') >> 1 or 1


@functools.cache
def authority(kind: str) -> x509.Certificate:
    """The self-signed CA of ``kind`` (FREE: the emulator's free certificates; CUSTOMER: the seeded custom ones)."""
    key = private_key(f'ca:{kind}')
    start = anchor() - 5 * 365 * DAY
    builder = (
        x509.CertificateBuilder()
        .subject_name(ISSUERS[kind])
        .issuer_name(ISSUERS[kind])
        .public_key(key.public_key())
        .serial_number(serial_of('ca', kind))
        .not_valid_before(start)
        .not_valid_after(start + 15 * 365 * DAY)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
    )
    return sign(builder, key)


def pem(certificate: x509.Certificate) -> bytes:
    return certificate.public_bytes(serialization.Encoding.PEM)


def key_pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def encode(data: bytes) -> str:
    """A file's bytes as HostnameModel carries them: Base64Url without padding (spec 2.2)."""
    return base64.urlsafe_b64encode(data).decode('ascii').rstrip('=')


def decode(value: str) -> bytes:
    """Base64 in either alphabet, with or without padding; ValueError when it is not."""
    text = ''.join(value.split())
    if not BASE64_TEXT.fullmatch(text):
        raise ValueError('is not Base64')
    text = text.rstrip('=').replace('-', '+').replace('_', '/')
    try:
        return base64.b64decode(text + '=' * (-len(text) % 4), validate=True)
    except binascii.Error:
        raise ValueError('is not Base64') from None


@functools.cache
def issued(
    names: tuple[str, ...], not_before: datetime.datetime, not_after: datetime.datetime, kind: str, key_label: str
) -> tuple[str, str]:
    """A certificate for ``names`` (the first is the subject's common name), from the CA of ``kind``, valid from
    ``not_before`` to ``not_after``, with the key of ``key_label``: its PEM file (the leaf, then the CA) and its key's,
    each encoded as HostnameModel carries them. Made once a process."""
    key = private_key(key_label)
    builder = (
        x509.CertificateBuilder()
        .subject_name(name_of(names[0]))
        .issuer_name(ISSUERS[kind])
        .public_key(key.public_key())
        .serial_number(serial_of(names, not_before, not_after, kind))
        .not_valid_before(not_before)
        .not_valid_after(not_after)
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name) for name in names]), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
    )
    leaf = sign(builder, private_key(f'ca:{kind}'))
    return encode(pem(leaf) + pem(authority(kind))), encode(key_pem(key))


def free_certificate(hostname: str, when: datetime.datetime | None = None) -> tuple[str, str]:
    """The free certificate the emulator issues for ``hostname``: valid FREE_DAYS from the start of the day (UTC) it
    is issued, so the same one all day (a hostname whose certificate is removed and loaded again gets it back)."""
    day = (when or datetime.datetime.now(datetime.timezone.utc)).replace(hour=0, minute=0, second=0, microsecond=0)
    return issued((hostname.lower(),), day, day + FREE_DAYS * DAY, FREE, 'free')


def system_certificate(domain: str) -> tuple[str, str]:
    """The certificate of every system hostname, ``*.<domain>``: a free one issued 20 days before the anchor."""
    start = anchor() - 20 * DAY
    return issued((f'*.{domain}',), start, start + FREE_DAYS * DAY, FREE, 'system')


# The seeded custom hostnames (of zones 0, 2, 6, 8 …): (kind, names, days before the anchor it was issued, days
# valid). A name starting with a dot is the hostname's own prefixed: ".www" covers www.<hostname>, not the hostname.
SEEDED: dict[int, tuple[str, str, int, int]] = {
    0: (CUSTOMER, '', 30, 365),  # a bought certificate, 335 days left
    2: (FREE, '', 78, FREE_DAYS),  # free, 12 days left: expiring
    6: (CUSTOMER, '', 370, 365),  # expired 5 days ago
    8: (CUSTOMER, '.www', 10, 365),  # names www.<hostname> only: does not cover the hostname
    10: (FREE, '', 30, FREE_DAYS),  # free, 60 days left
}


def seeded_certificate(index: int, hostname: str) -> tuple[str, str]:
    """The certificate of the custom hostname of seeded zone ``index``: SEEDED's for the first zones, then custom ones
    (1 year, issued up to 160 days before the anchor) and free ones (issued up to 49 days before) by turns, none
    closer than 30 days to its end."""
    kind, prefix, age, days = SEEDED.get(index) or (
        (CUSTOMER, '', index % 161, 365) if index % 4 == 0 else (FREE, '', (index // 4) % 50, FREE_DAYS)
    )
    start = anchor() - age * DAY
    name = f'{prefix[1:]}.{hostname}' if prefix else hostname
    return issued((name.lower(),), start, start + days * DAY, kind, 'free' if kind == FREE else f'custom:{index % 8}')


# ---- addCertificate ---------------------------------------------------------------------------------------------


def invalid(field: str, reason: str, key: str = 'validation_error') -> ApiError:
    return ApiError(400, f'Failed adding the certificate: {field} {reason}.', key, field)


def uploaded(certificate: t.Any, certificate_key: t.Any) -> tuple[str, str]:
    """The certificate and key an ``addCertificate`` body sends (Base64 of their PEM files), as HostnameModel then
    carries them; 400 when either is missing, not Base64, does not parse, or the key does not belong to the first
    certificate of the file (the leaf; the chain follows it). The service does not check the names or the dates."""
    files = {}
    for field, value in (('Certificate', certificate), ('CertificateKey', certificate_key)):
        if not isinstance(value, str) or not value.strip():
            raise invalid(field, 'is required: the Base64 of a PEM file')
        try:
            files[field] = decode(value)
        except ValueError:
            raise invalid(field, 'is not Base64') from None
    if PRIVATE_KEY_BLOCK.search(files['Certificate']):
        raise invalid('Certificate', 'holds a private key', 'pullzone.certificate_invalid')
    try:
        leaf = x509.load_pem_x509_certificates(files['Certificate'])[0]
    except ValueError:
        raise invalid('Certificate', 'is not a PEM certificate', 'pullzone.certificate_invalid') from None
    try:
        key = serialization.load_pem_private_key(files['CertificateKey'], password=None)
    except (ValueError, TypeError, UnsupportedAlgorithm):
        raise invalid('CertificateKey', 'is not an unencrypted PEM private key', 'pullzone.key_invalid') from None
    public = serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    if key.public_key().public_bytes(*public) != leaf.public_key().public_bytes(*public):
        raise invalid('CertificateKey', 'does not belong to the certificate', 'pullzone.key_mismatch')
    return encode(files['Certificate']), encode(files['CertificateKey'])
