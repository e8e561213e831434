# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Certificates of pull zone hostnames: the PEM files a user gives (parsed and checked before any request), the
certificate a hostname serves (read from the certificate itself: the API tells neither its expiry nor whether it is
free) and its summary, ``{kind, sha256_fingerprint, subject, names, issuer, not_after, days_left}``.

Parsing is the ``cryptography`` package's (ansible-core depends on it, so the controller has it); a module process on
a host without it fails naming the package. No message here ever holds a private key: a key is refused for what it
is, never quoted. Nothing here needs ansible-core: the audit's filter reads certificates with it too.
"""

from __future__ import annotations

import base64
import binascii
import datetime
import re
import typing as t
from dataclasses import dataclass

try:
    from cryptography import x509
    from cryptography.exceptions import UnsupportedAlgorithm
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.x509.oid import NameOID
except ImportError:  # pragma: no cover - reported by the module through missing_required_lib()
    HAS_CRYPTOGRAPHY = False
else:
    HAS_CRYPTOGRAPHY = True

#: The package that parses certificates, named when it is missing.
CRYPTOGRAPHY = 'cryptography'

#: The issuer of the service's free certificates (its ACME CA): a leaf it issued is ``free``, any other ``custom``.
FREE_ISSUER_COMMON_NAME = 'Edge Platform Free Certificates'
FREE_ISSUER_ORGANIZATION = 'Edge Platform'

#: The values ``certificate`` takes: have a free one loaded when there is none, the one given, none.
FREE, CUSTOM, NONE = 'free', 'custom', 'none'
CERTIFICATE_CHOICES = (FREE, CUSTOM, NONE)

#: The keys of a summary, in order; a certificate that cannot be read has each of them null.
SUMMARY_KEYS = ('kind', 'sha256_fingerprint', 'subject', 'names', 'issuer', 'not_before', 'not_after', 'days_left')

DAY = datetime.timedelta(days=1)
PEM_CERTIFICATE = re.compile(r'-----BEGIN CERTIFICATE-----.+?-----END CERTIFICATE-----', re.S)
PEM_PRIVATE_KEY = re.compile(r'-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----')
BASE64_TEXT = re.compile(r'[A-Za-z0-9+/_-]*={0,2}')

Summary = t.Dict[str, t.Any]


class CertificateProblem(ValueError):
    """Why a certificate or key that was given cannot be used: a message that names the option, never the key."""


# ---- reading certificates --------------------------------------------------------------------------------------------


def now_utc() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc)


def not_after(certificate: x509.Certificate) -> datetime.datetime:
    """The end of ``certificate``'s validity, in UTC (``not_valid_after_utc`` of cryptography 42 and later)."""
    end = getattr(certificate, 'not_valid_after_utc', None)
    if end is None:  # pragma: no cover - cryptography before 42
        end = certificate.not_valid_after.replace(tzinfo=datetime.timezone.utc)
    return t.cast(datetime.datetime, end)


def not_before(certificate: x509.Certificate) -> datetime.datetime:
    """The start of ``certificate``'s validity, in UTC."""
    start = getattr(certificate, 'not_valid_before_utc', None)
    if start is None:  # pragma: no cover - cryptography before 42
        start = certificate.not_valid_before.replace(tzinfo=datetime.timezone.utc)
    return t.cast(datetime.datetime, start)


def not_yet_valid(certificate: x509.Certificate, now: datetime.datetime | None = None) -> str | None:
    """Why clients refuse ``certificate`` for now - it is valid only from a later moment - or None."""
    start, moment = not_before(certificate), now or now_utc()
    if start <= moment:
        return None
    days = -((moment - start) // DAY)
    plural = 's' if days != 1 else ''
    return f'it is valid only from {iso(start)} ({days} day{plural} from now): clients refuse it until then'


def iso(moment: datetime.datetime) -> str:
    return moment.astimezone(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')


def days_left(end: datetime.datetime, now: datetime.datetime | None = None) -> int:
    """Whole days until ``end``, rounded down (negative once it has passed)."""
    return (end - (now or now_utc())) // DAY


def fingerprint(certificate: x509.Certificate) -> str:
    """Lowercase hex of the SHA-256 of the certificate's DER, without colons."""
    return certificate.fingerprint(hashes.SHA256()).hex()


def attribute(name: x509.Name, oid: t.Any) -> list[str]:
    return [str(item.value) for item in name.get_attributes_for_oid(oid)]


def names_of(certificate: x509.Certificate) -> list[str]:
    """The DNS names the certificate is for: its subject alternative names, or, when it has none, its subject's
    common name (RFC 6125, 6.4.4)."""
    try:
        extension = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName)
    except x509.ExtensionNotFound:
        return attribute(certificate.subject, NameOID.COMMON_NAME)
    return [str(name) for name in extension.value.get_values_for_type(x509.DNSName)]


def is_free(certificate: x509.Certificate) -> bool:
    """Whether the service's free-certificate CA issued ``certificate``."""
    issuer = certificate.issuer
    return attribute(issuer, NameOID.COMMON_NAME) == [FREE_ISSUER_COMMON_NAME] and attribute(
        issuer, NameOID.ORGANIZATION_NAME
    ) == [FREE_ISSUER_ORGANIZATION]


def summary(certificate: x509.Certificate, now: datetime.datetime | None = None) -> Summary:
    """What the collection tells of a certificate (the leaf of a file)."""
    end = not_after(certificate)
    return {
        'kind': FREE if is_free(certificate) else CUSTOM,
        'sha256_fingerprint': fingerprint(certificate),
        'subject': certificate.subject.rfc4514_string(),
        'names': names_of(certificate),
        'issuer': certificate.issuer.rfc4514_string(),
        'not_before': iso(not_before(certificate)),
        'not_after': iso(end),
        'days_left': days_left(end, now),
    }


def unknown_summary(**known: t.Any) -> Summary:
    """The summary of a certificate that cannot be read (or is not issued yet): each key null but those ``known``."""
    return {**dict.fromkeys(SUMMARY_KEYS), **known}


def covers(names: t.Iterable[str], hostname: str) -> bool:
    """Whether a certificate for ``names`` is good for ``hostname``, as TLS clients match them (RFC 6125): names
    compare without regard to case; a wildcard is a whole left-most label (``*.example.com``), stands for exactly one
    label (``cdn.example.com``, not ``example.com`` nor ``a.cdn.example.com``) and needs two labels after it."""
    wanted = hostname.lower().rstrip('.')
    for name in names:
        pattern = str(name).lower().rstrip('.')
        if '*' not in pattern:
            if pattern == wanted:
                return True
            continue
        leftmost, _dot, remainder = pattern.partition('.')
        if leftmost != '*' or '*' in remainder or remainder.count('.') < 1:
            continue  # a partial or inner wildcard, or one over a whole top-level domain: matches nothing
        label, dot, rest = wanted.partition('.')
        if label and dot and rest == remainder:
            return True
    return False


def decode_served(value: str) -> bytes:
    """A certificate as HostnameModel carries it: the Base64Url of its PEM file (spec 2.2), or Base64, padded or
    not; PEM text as it is. ValueError when it is none of these."""
    if '-----BEGIN' in value:
        return value.encode('utf-8')
    text = ''.join(value.split())
    if not BASE64_TEXT.fullmatch(text):
        raise ValueError('not Base64')
    text = text.rstrip('=').replace('-', '+').replace('_', '/')
    try:
        return base64.b64decode(text + '=' * (-len(text) % 4), validate=True)
    except binascii.Error:
        raise ValueError('not Base64') from None


def encode_served(pem: str) -> str:
    """A PEM file as HostnameModel carries it: Base64Url without padding."""
    return base64.urlsafe_b64encode(pem.encode('ascii')).decode('ascii').rstrip('=')


def pem_certificates(data: bytes) -> list[x509.Certificate]:
    """Every certificate of PEM text, in order; ValueError when it holds none that parses."""
    loader = getattr(x509, 'load_pem_x509_certificates', None)
    if loader is not None:
        return t.cast('list[x509.Certificate]', loader(data))
    # pragma: no cover - cryptography before 39
    blocks = PEM_CERTIFICATE.findall(data.decode('ascii', 'replace'))
    if not blocks:
        raise ValueError('no PEM certificate found')
    return [x509.load_pem_x509_certificate(block.encode('ascii')) for block in blocks]


def served_leaf(value: t.Any) -> x509.Certificate | None:
    """The leaf of a certificate as HostnameModel carries it, or None when there is none or it cannot be read."""
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        data = decode_served(value)
        if b'-----BEGIN' in data:
            return pem_certificates(data)[0]
        return x509.load_der_x509_certificate(data)
    except ValueError:
        return None


def served_summary(record: t.Mapping[str, t.Any], now: datetime.datetime | None = None) -> Summary | None:
    """The summary of the certificate a hostname (HostnameModel, read with ``includeCertificate=true``) serves: None
    when it has none, each key null when the API did not return it or it cannot be read."""
    if not record.get('HasCertificate'):
        return None
    leaf = served_leaf(record.get('Certificate'))
    return unknown_summary() if leaf is None else summary(leaf, now)


# ---- a certificate given ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CustomCertificate:
    """A certificate a user gives for a hostname, parsed and checked: its file as uploaded (the leaf, then its chain,
    as clean PEM) and its key (unencrypted PKCS#8 PEM). ``repr`` never shows the key."""

    certificates: tuple[x509.Certificate, ...]
    key_pem: str

    def __repr__(self) -> str:
        return f'CustomCertificate({self.fingerprint})'

    @property
    def leaf(self) -> x509.Certificate:
        return self.certificates[0]

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.leaf)

    @property
    def certificate_pem(self) -> str:
        return ''.join(item.public_bytes(serialization.Encoding.PEM).decode('ascii') for item in self.certificates)

    def summary(self, now: datetime.datetime | None = None) -> Summary:
        return summary(self.leaf, now)


def load_certificates(text: str, option: str, key_option: str) -> tuple[x509.Certificate, ...]:
    """The certificates of a file given as ``option`` (the leaf first); a private key in it is refused, unquoted."""
    if PEM_PRIVATE_KEY.search(text):
        raise CertificateProblem(
            f'{option} holds a private key: give the key as {key_option} ({option} takes the certificate, then its '
            'chain); the key is not shown'
        )
    try:
        return tuple(pem_certificates(text.encode('utf-8')))
    except ValueError as error:
        raise CertificateProblem(
            f'{option} is not a PEM certificate (-----BEGIN CERTIFICATE-----, the leaf, then its chain): {error}'
        ) from None


def load_private_key(text: str, option: str) -> t.Any:
    try:
        return serialization.load_pem_private_key(text.encode('utf-8'), password=None)
    except TypeError:
        raise CertificateProblem(
            f'{option} is encrypted: give the key decrypted (keep it secret with Ansible Vault instead); the key is '
            'not shown'
        ) from None
    except (ValueError, UnsupportedAlgorithm):
        raise CertificateProblem(
            f'{option} is not an unencrypted PEM private key (-----BEGIN PRIVATE KEY-----, -----BEGIN RSA PRIVATE '
            'KEY----- or -----BEGIN EC PRIVATE KEY-----); the key is not shown'
        ) from None


def public_der(key: t.Any) -> bytes:
    return t.cast(bytes, key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo))


def custom_certificate(
    hostname: str,
    certificate_text: str,
    key_text: str,
    options: tuple[str, str] = ('custom_certificate', 'custom_certificate_key'),
    now: datetime.datetime | None = None,
) -> CustomCertificate:
    """The certificate and key given for ``hostname`` (options ``options`` in messages), checked: both parse, the key
    belongs to the first certificate of the file (the leaf), which has not expired and covers the hostname. A
    CertificateProblem says what is wrong."""
    certificate_option, key_option = options
    certificates = load_certificates(certificate_text, certificate_option, key_option)
    key = load_private_key(key_text, key_option)
    leaf = certificates[0]
    subject = leaf.subject.rfc4514_string() or 'no subject'
    if public_der(key.public_key()) != public_der(leaf.public_key()):
        owner = next(
            (
                index
                for index, item in enumerate(certificates)
                if public_der(item.public_key()) == public_der(key.public_key())
            ),
            None,
        )
        hint = (
            f'; it belongs to certificate {owner + 1} of {certificate_option}: the leaf must come first, then its chain'
            if owner is not None
            else ''
        )
        raise CertificateProblem(
            f'{key_option} does not belong to the certificate of {certificate_option} ({subject}){hint}; the key is '
            'not shown'
        )
    end = not_after(leaf)
    moment = now or now_utc()
    if end <= moment:
        raise CertificateProblem(
            f'{certificate_option} expired on {iso(end)} ({subject}, {(moment - end) // DAY} days ago): give a renewed '
            'certificate'
        )
    names = names_of(leaf)
    if not covers(names, hostname):
        listed = ', '.join(names) if names else 'no DNS name'
        raise CertificateProblem(
            f'{certificate_option} does not cover hostname {hostname}: it names {listed} ({subject})'
        )
    normalized = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode('ascii')
    return CustomCertificate(certificates, normalized)


# ---- what the options ask -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WantedCertificate:
    """What ``certificate`` (with the custom one, for ``custom``) asks of a hostname's certificate."""

    kind: str  # FREE, CUSTOM or NONE
    custom: CustomCertificate | None = None

    def met_by(self, served: Summary | None) -> bool:
        """Whether a hostname serving ``served`` (its summary, None for no certificate) is as wanted: ``free`` takes
        any certificate (one is loaded only when there is none), ``custom`` the one given (the same SHA-256 of the
        leaf; the key is never read back), ``none`` none."""
        if self.kind == FREE:
            return served is not None
        if self.kind == NONE:
            return served is None
        return (
            served is not None
            and self.custom is not None
            and served.get('sha256_fingerprint') == self.custom.fingerprint
        )


def wanted_certificate(
    hostname: str,
    certificate: str | None,
    certificate_text: str | None,
    key_text: str | None,
    prefix: str = '',
    now: datetime.datetime | None = None,
) -> WantedCertificate | None:
    """What the options ``certificate``, ``custom_certificate`` and ``custom_certificate_key`` (each named with
    ``prefix`` in messages, as ``hostnames[0].`` where a declaration holds them) ask for ``hostname``: None when
    ``certificate`` is unset (the certificate is left as it is). Refused with a CertificateProblem: a certificate
    without its key or the other way round, either without ``certificate: custom`` or ``custom`` without them, and
    whatever ``custom_certificate`` refuses."""
    names = {option: f'{prefix}{option}' for option in ('certificate', 'custom_certificate', 'custom_certificate_key')}
    given_certificate = certificate_text is not None and certificate_text.strip() != ''
    given_key = key_text is not None and key_text.strip() != ''
    if given_key and not given_certificate:
        raise CertificateProblem(
            f"{names['custom_certificate_key']} is given without {names['custom_certificate']}: give the certificate "
            'it belongs to (the key is not shown)'
        )
    if given_certificate and not given_key:
        raise CertificateProblem(
            f"{names['custom_certificate']} is given without {names['custom_certificate_key']}: give its private key"
        )
    if certificate == CUSTOM:
        if not given_certificate:
            raise CertificateProblem(
                f"{names['certificate']}=custom needs {names['custom_certificate']} and "
                f"{names['custom_certificate_key']}"
            )
        options = (names['custom_certificate'], names['custom_certificate_key'])
        return WantedCertificate(
            CUSTOM, custom_certificate(hostname, t.cast(str, certificate_text), t.cast(str, key_text), options, now)
        )
    if given_certificate:
        shown = f"{names['certificate']}={certificate}" if certificate else f"{names['certificate']} unset"
        raise CertificateProblem(
            f"{names['custom_certificate']} and {names['custom_certificate_key']} are for "
            f"{names['certificate']}=custom only ({shown})"
        )
    return None if certificate is None else WantedCertificate(certificate)
