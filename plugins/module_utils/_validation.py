# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Input rules more than one module applies, checked before any request is sent.

Each check returns why a value is refused (a phrase to follow the value in a message),
or None when the value is good.
"""

from __future__ import annotations

import re
import unicodedata

# ISO 3166-1 alpha-2 country codes.
COUNTRY_CODES = frozenset(
    (
        'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW '
        'BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI '
        'FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN '
        'IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME '
        'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF '
        'PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV '
        'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE '
        'YT ZA ZM ZW'
    ).split()
)

HOSTNAME_MAX = 253
LABEL_RE = re.compile(r'[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\Z')
# A JA4 TLS client fingerprint: protocol, TLS version, SNI, cipher and extension counts, ALPN,
# then the truncated SHA-256 hashes of the ciphers and of the extensions.
JA4_RE = re.compile(r'[tqd][0-9a-z]{2}[di][0-9]{2}[0-9]{2}[0-9a-z]{2}_[0-9a-f]{12}_[0-9a-f]{12}\Z')
# Path segments the API takes as ids: letters, digits, '-' and '_' (a GUID, a database id).
ID_SEGMENT_RE = re.compile(r'[A-Za-z0-9][A-Za-z0-9_-]*\Z')


def hostname_problem(hostname: str) -> str | None:
    """Why ``hostname`` (lower case, no scheme, path or port) is not a DNS hostname."""
    if not hostname.isascii():
        try:
            ascii_form = hostname.encode('idna').decode('ascii')
        except UnicodeError:
            return 'is not a hostname'
        return f'is not ASCII; give the internationalized name in its ASCII form, {ascii_form!r}'
    if len(hostname.rstrip('.')) > HOSTNAME_MAX:
        return f'is longer than {HOSTNAME_MAX} characters'
    for label in hostname.rstrip('.').split('.'):
        if not label:
            return 'has an empty label (two dots in a row, or a leading dot)'
        if len(label) > 63:
            return f'has a label of {len(label)} characters (at most 63)'
        if not LABEL_RE.match(label):
            return f'has a label {label!r} that is not letters, digits and inner hyphens'
    return None


def text_problem(value: str) -> str | None:
    """Why a name shown to people cannot be taken: blank, or holding control or direction-changing characters."""
    if not value.strip():
        return 'is blank'
    for char in value:
        if unicodedata.category(char) in ('Cc', 'Cf', 'Zl', 'Zp'):
            return f'holds the invisible or control character U+{ord(char):04X}'
    return None


def id_segment_problem(value: str) -> str | None:
    """Why ``value`` cannot be an id in a request path (``..``, a slash, spaces …)."""
    if not ID_SEGMENT_RE.match(value):
        return 'must be letters, digits, "-" and "_" only'
    return None


# A scheme (``https://``) in front of a hostname; the characters that are never in one, whatever the label rules.
SCHEME_RE = re.compile(r'^[a-z][a-z0-9+.-]*://', re.IGNORECASE)
NOT_IN_HOSTNAME_RE = re.compile(r'[\s/?#@\\:]')


def bare_hostname_problem(hostname: str) -> str | None:
    """Why ``hostname`` (lower case) is not a bare DNS name as RFC 1123 has it: empty, a URL or ``host:port`` (each
    named with the hostname to give instead), a trailing dot, or labels that are not letters, digits and inner
    hyphens, 1..63 long, 253 in all."""
    if not hostname:
        return 'is empty'
    if SCHEME_RE.match(hostname) or hostname.startswith('//'):
        rest = SCHEME_RE.sub('', hostname).lstrip('/')
        bare = re.split(r'[/?#:]', rest.rpartition('@')[2], maxsplit=1)[0]
        return f'has a scheme; give the hostname only, such as {bare!r}' if bare else 'is a URL, not a hostname'
    if '/' in hostname:
        return f"has a path; give the hostname only, such as {hostname.split('/', 1)[0]!r}"
    if re.search(r':\d*$', hostname):
        return f"has a port; give the hostname only, such as {hostname.rsplit(':', 1)[0]!r}"
    if NOT_IN_HOSTNAME_RE.search(hostname):
        return 'is not a hostname'
    if hostname.endswith('.'):
        return f"ends with a dot; give the hostname without it, {hostname.rstrip('.')!r}"
    return hostname_problem(hostname)
