# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Custom certificates for the tests: what a customer would give ``pullzone_hostname`` (a PEM file with the leaf, then
its chain, and the leaf's key), made on the spot with the dates and names a test wants. The unit tests, the
integration targets (setup_emulator's ``test_certificate`` lookup) and the equality test of both execution paths use
them; the emulator's own certificates are in ``tests/emulator/areas/pullzone_certificates.py``."""

from __future__ import annotations

import datetime
import functools
import typing as t
from dataclasses import dataclass, field

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import NameOID

DAY = datetime.timedelta(days=1)
TEST_ISSUER = 'Example Test CA'


@dataclass(frozen=True)
class CustomCertificate:
    """A certificate file (``certificate``: the leaf, then the CA that issued it), its key (``key``, PEM), the leaf
    alone (``leaf``, PEM), its SHA-256 fingerprint (lowercase hex of its DER) and its end (ISO 8601 UTC)."""

    certificate: str
    key: str = field(repr=False)
    leaf: str = field(repr=False)
    fingerprint: str
    not_after: str
    not_before: str = ''

    @property
    def key_body(self) -> str:
        """The Base64 body of the key's PEM, on one line: what must never be shown either."""
        return ''.join(line for line in self.key.splitlines() if line and not line.startswith('-----'))

    def as_dict(self) -> dict[str, str]:
        return {
            'certificate': self.certificate,
            'key': self.key,
            'leaf': self.leaf,
            'fingerprint': self.fingerprint,
            'not_before': self.not_before,
            'not_after': self.not_after,
        }


def new_key(kind: str = 'ec') -> t.Any:
    if kind == 'rsa':
        return rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return ec.generate_private_key(ec.SECP256R1())


@functools.cache
def issuing_authority() -> tuple[x509.Certificate, t.Any]:
    """A CA of this process that issues the test certificates."""
    key = new_key()
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, TEST_ISSUER)])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - 3650 * DAY)
        .not_valid_after(now + 3650 * DAY)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .sign(key, hashes.SHA256())
    )
    return certificate, key


def make_certificate(
    names: t.Sequence[str],
    days_left: float = 365,
    days_valid: float | None = None,
    key_type: str = 'ec',
    self_signed: bool = False,
    common_name: str | None = None,
    subject_alternative_names: bool = True,
) -> CustomCertificate:
    """A certificate for ``names`` that ends ``days_left`` days from now (negative: it has expired), valid
    ``days_valid`` days in all (default: a year, or ``days_left`` plus a day when longer); issued by the test CA
    (the file holds it after the leaf) unless ``self_signed``. ``common_name`` defaults to the first name;
    ``subject_alternative_names=False`` leaves the names out (the common name alone names the certificate)."""
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    not_after = now + days_left * DAY
    valid = days_valid if days_valid is not None else max(365, days_left + 1)
    key = new_key(key_type)
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name or names[0])])
    authority, authority_key = (None, key) if self_signed else issuing_authority()
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject if authority is None else authority.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(not_after - valid * DAY)
        .not_valid_after(not_after)
    )
    if subject_alternative_names:
        builder = builder.add_extension(
            x509.SubjectAlternativeName([x509.DNSName(name) for name in names]), critical=False
        )
    leaf = builder.sign(authority_key, hashes.SHA256())
    leaf_pem = leaf.public_bytes(serialization.Encoding.PEM).decode('ascii')
    chain = '' if authority is None else authority.public_bytes(serialization.Encoding.PEM).decode('ascii')
    key_text = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode('ascii')
    return CustomCertificate(
        certificate=leaf_pem + chain,
        key=key_text,
        leaf=leaf_pem,
        fingerprint=leaf.fingerprint(hashes.SHA256()).hex(),
        not_after=not_after.strftime('%Y-%m-%dT%H:%M:%SZ'),
        not_before=(not_after - valid * DAY).strftime('%Y-%m-%dT%H:%M:%SZ'),
    )
