# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A DNS zone as BIND zone-file text (RFC 1035 section 5): what ``GET /dnszone/{id}/export`` answers and what
``POST /dnszone/{zoneId}/import`` reads.

The export writes ``$ORIGIN``, ``$TTL``, the SOA and the zone's nameservers, then every record in its zone-file form
(names relative to the origin, ``@`` the apex, targets absolute; TXT text quoted, split into strings of 255 bytes,
bytes outside printable ASCII as ``\\DDD``). Records that have no zone-file form (the service's own types PullZone,
Redirect, Flatten, Script) and disabled records are written as comments that a DNS server skips and the import reads
back: ``;edge: NAME TTL IN PULLZONE 1001`` and ``;edge-disabled: NAME TTL IN A 192.0.2.1``.

The import reads ``$ORIGIN``, ``$TTL``, relative and absolute names, ``@``, an owner left out (the previous one),
TTL and class in either order, TTL units (``1h30m``), quoted strings with escapes, multi-string TXT, parentheses over
several lines and comments. Each record goes through the same checks as an add; it counts as successful, failed (a
record the zone refuses, an unknown type, a line that does not parse, a name outside the zone) or skipped (the SOA,
the apex NS, which are the zone's own, and a record the zone already has).
"""

from __future__ import annotations

import datetime
import email.parser
import email.policy
import re
import typing as t

from ..core import ApiError, State
from .dns_records import (
    AAAA,
    CAA,
    CNAME,
    DEFAULT_TTL,
    FLATTEN,
    HTTPS,
    MNEMONICS,
    MX,
    NS,
    PTR,
    PULLZONE,
    REDIRECT,
    SCRIPT,
    SERVICE_TYPES,
    SRV,
    SVCB,
    TLSA,
    TXT,
    TYPE_BY_MNEMONIC,
    A,
    check_in_zone,
    identity,
    record_of,
)

SERVICE_PREFIX = ';edge: '
DISABLED_PREFIX = ';edge-disabled: '
# The SOA's timers: refresh, retry, expire, minimum (the negative-answer TTL).
SOA_TIMERS = (3600, 600, 1209600, 300)
SOA_TTL = NS_TTL = 3600
TXT_STRING_BYTES = 255
# Export order of the types at one name: the usual reading order of a zone file.
TYPE_ORDER = (NS, A, AAAA, CNAME, FLATTEN, PULLZONE, REDIRECT, MX, TXT, SRV, CAA, PTR, SVCB, HTTPS, TLSA, SCRIPT)
TTL_TOKEN = re.compile(r'\d+|(?:\d+[smhdwSMHDW])+')
TTL_UNITS = {'s': 1, 'm': 60, 'h': 3600, 'd': 86400, 'w': 604800}
CLASSES = frozenset({'IN', 'CH', 'HS', 'CS', 'ANY'})


# ---- export -------------------------------------------------------------------------------------------------


def quoted(data: bytes) -> str:
    """A character-string in its zone-file form: in quotes, ``"`` and ``\\`` escaped, other bytes outside printable
    ASCII as ``\\DDD``."""
    out = []
    for byte in data:
        if byte in (0x22, 0x5C):
            out.append('\\' + chr(byte))
        elif 0x20 <= byte < 0x7F:
            out.append(chr(byte))
        else:
            out.append(f'\\{byte:03d}')
    return '"' + ''.join(out) + '"'


def txt_strings(text: str) -> str:
    """A TXT value as the character-strings of 255 bytes at most it is served as."""
    data = text.encode()
    return ' '.join(quoted(data[start : start + TXT_STRING_BYTES]) for start in range(0, len(data), TXT_STRING_BYTES))


def absolute(name: str) -> str:
    return name if name == '.' else f'{name}.'


def soa_mailbox(email: str) -> str:
    """The SOA's RNAME of an e-mail address: the ``@`` a dot, dots of the local part escaped."""
    local, _at, host = email.partition('@')
    return f"{local.replace('.', chr(92) + '.')}.{host}."


def rdata(record: dict[str, t.Any]) -> str:
    kind, value = record['Type'], record['Value']
    if kind in (A, AAAA, TLSA):
        return str(value)
    if kind in (CNAME, NS, PTR, FLATTEN):
        return absolute(value)
    if kind == MX:
        return f'{record["Priority"]} {absolute(value)}'
    if kind == TXT:
        return txt_strings(value)
    if kind == SRV:
        return f'{record["Priority"]} {record["Weight"]} {record["Port"]} {absolute(value)}'
    if kind == CAA:
        return f'{record["Flags"]} {record["Tag"]} {quoted(value.encode())}'
    if kind in (SVCB, HTTPS):
        priority, name, *params = value.split(' ', 2)
        return ' '.join([priority, absolute(name), *params])
    if kind == REDIRECT:
        return quoted(value.encode())
    return str(record['LinkName'])  # PullZone, Script: the id they link


def record_line(record: dict[str, t.Any]) -> str:
    line = f'{record["Name"] or "@"}\t{record["Ttl"]}\tIN\t{MNEMONICS[record["Type"]]}\t{rdata(record)}'
    if record['Disabled']:
        return DISABLED_PREFIX + line
    if record['Type'] in SERVICE_TYPES:
        return SERVICE_PREFIX + line
    return line


def serial(zone: dict[str, t.Any]) -> int:
    """The SOA serial: the zone's last change as seconds since 1970 (it grows with every change)."""
    moment = datetime.datetime.strptime(zone['DateModified'], '%Y-%m-%dT%H:%M:%SZ')
    return int(moment.replace(tzinfo=datetime.timezone.utc).timestamp())


def export(zone: dict[str, t.Any]) -> str:
    domain = zone['Domain']
    nameservers = [name for name in (zone['Nameserver1'], zone['Nameserver2']) if name]
    refresh, retry, expire, minimum = SOA_TIMERS
    lines = [
        f'; Zone file of {domain}, exported from Edge Platform DNS.',
        '; Records of the service\'s own types (PULLZONE, REDIRECT, FLATTEN, SCRIPT) have no zone-file form and',
        f'; disabled records are not served: they are kept as "{SERVICE_PREFIX.strip()}" and '
        f'"{DISABLED_PREFIX.strip()}" comments, which the import reads back.',
        f'$ORIGIN {domain}.',
        f'$TTL {DEFAULT_TTL}',
        f'@\t{SOA_TTL}\tIN\tSOA\t{absolute(nameservers[0])} {soa_mailbox(zone["SoaEmail"])} '
        f'{serial(zone)} {refresh} {retry} {expire} {minimum}',
        *(f'@\t{NS_TTL}\tIN\tNS\t{absolute(name)}' for name in nameservers),
    ]
    ordered = sorted(
        zone['Records'],
        key=lambda record: (
            record['Name'] != '',
            record['Name'].lower(),
            TYPE_ORDER.index(record['Type']),
            record['Id'],
        ),
    )
    lines.extend(record_line(record) for record in ordered)
    return '\n'.join(lines) + '\n'


# ---- import: the text as logical lines of tokens ----------------------------------------------------------------


class Token(t.NamedTuple):
    text: str  # a quoted string's content (escapes kept), else the token as written
    quoted: bool


class Line(t.NamedTuple):
    number: int  # of its first physical line
    blank_owner: bool  # it starts with white space: the owner is the previous line's
    tokens: list[Token]
    disabled: bool
    error: str | None  # why it cannot be read (an unterminated string, an unclosed parenthesis)


def logical_lines(text: str) -> t.Iterator[Line]:
    """The zone file as logical lines: comments dropped, parentheses joined, strings kept whole. A line that starts
    with one of the export's markers (``;edge:``, ``;edge-disabled:``) is read as the record it holds."""
    tokens: list[Token] = []
    depth, start, blank_owner, disabled = 0, 0, False, False
    for number, raw in enumerate(text.splitlines(), 1):
        position = 0
        if depth == 0:
            tokens, start, disabled = [], number, False
            for prefix, is_disabled in ((SERVICE_PREFIX.strip(), False), (DISABLED_PREFIX.strip(), True)):
                if raw.startswith(prefix):
                    raw, disabled = raw[len(prefix) :].lstrip(' '), is_disabled
                    break
            blank_owner = raw[:1] in (' ', '\t')
        error = None
        while position < len(raw):
            char = raw[position]
            if char in ' \t':
                position += 1
            elif char == ';':
                break
            elif char == '(':
                depth, position = depth + 1, position + 1
            elif char == ')':
                if depth == 0:
                    error = 'a ")" without its "("'
                    break
                depth, position = depth - 1, position + 1
            else:
                token, position, error = read_token(raw, position)
                if error:
                    break
                tokens.append(token)
        if error:
            depth = 0
            yield Line(start, blank_owner, tokens, disabled, f'line {number}: {error}')
            continue
        if depth == 0 and tokens:
            yield Line(start, blank_owner, tokens, disabled, None)
    if depth:
        yield Line(start, blank_owner, tokens, disabled, f'line {start}: a "(" that is not closed')


def read_token(raw: str, position: int) -> tuple[Token, int, str | None]:
    """The token at ``position``: a quoted string (its content), or a run of characters up to white space, a
    comment or a parenthesis (quoted parts inside it kept as written, ``alpn="h2,h3"``)."""
    if raw[position] == '"':
        end = string_end(raw, position + 1)
        if end < 0:
            return Token('', True), len(raw), 'a string without its closing quote'
        return Token(raw[position + 1 : end], True), end + 1, None
    start = position
    while position < len(raw) and raw[position] not in ' \t;()':
        if raw[position] == '\\':
            position += 2
        elif raw[position] == '"':
            end = string_end(raw, position + 1)
            if end < 0:
                return Token('', False), len(raw), 'a string without its closing quote'
            position = end + 1
        else:
            position += 1
    return Token(raw[start:position], False), position, None


def string_end(raw: str, position: int) -> int:
    """Where the string that starts before ``position`` ends (its closing quote), or -1."""
    while position < len(raw):
        if raw[position] == '\\':
            position += 2
        elif raw[position] == '"':
            return position
        else:
            position += 1
    return -1


def unescaped(text: str) -> bytes:
    """A character-string's bytes: ``\\DDD`` a byte, ``\\X`` the character X."""
    out = bytearray()
    position = 0
    while position < len(text):
        char = text[position]
        if char == '\\' and re.fullmatch(r'\d{3}', text[position + 1 : position + 4]):
            value = int(text[position + 1 : position + 4])
            if value > 255:
                raise ValueError(f'\\{value} is not a byte')
            out.append(value)
            position += 4
        elif char == '\\' and position + 1 < len(text):
            out.extend(text[position + 1].encode())
            position += 2
        else:
            out.extend(char.encode())
            position += 1
    return bytes(out)


def ttl_of(text: str) -> int:
    """A TTL: seconds, or units (``1h30m``, ``2d``)."""
    if text.isdigit():
        return int(text)
    return sum(int(amount) * TTL_UNITS[unit.lower()] for amount, unit in re.findall(r'(\d+)([a-zA-Z])', text))


# ---- import: records ---------------------------------------------------------------------------------------------


class Skip(Exception):
    """A line that holds nothing to import: the SOA, the apex NS."""


class ZoneReader:
    """Reads a zone file into a zone: the directives' state (origin, default TTL, the previous owner) and counts."""

    def __init__(self, state: State, zone: dict[str, t.Any]) -> None:
        self.state = state
        self.zone = zone
        self.domain = zone['Domain']
        self.origin = self.domain
        self.default_ttl: int | None = None
        self.last_ttl = DEFAULT_TTL
        self.owner: str | None = None
        self.added: list[dict[str, t.Any]] = []
        # The zone's records by name: a zone file of many records is read in one pass.
        self.by_name: dict[str, list[dict[str, t.Any]]] = {}
        for record in zone['Records']:
            self.by_name.setdefault(record['Name'].lower(), []).append(record)
        self.successful = self.failed = self.skipped = 0

    def read(self, text: str, new_id: t.Callable[[], int]) -> None:
        for line in logical_lines(text):
            try:
                body = self.body_of(line)
            except Skip:
                self.skipped += 1
                continue
            except (ValueError, IndexError, KeyError):
                self.failed += 1
                continue
            if body is None:  # a directive
                continue
            try:
                record = record_of(self.state, body, self.domain)
            except ApiError:
                self.failed += 1
                continue
            record['Id'] = -1
            named = self.by_name.setdefault(record['Name'].lower(), [])
            mine = identity(record)
            if any(identity(other) == mine for other in named):
                self.skipped += 1
                continue
            try:
                check_in_zone(self.zone, record, named=named)
            except ApiError:
                self.failed += 1
                continue
            record['Id'] = new_id()
            self.zone['Records'].append(record)
            named.append(record)
            self.added.append(record)
            self.successful += 1

    def name(self, text: str) -> str:
        """A name of the file as an absolute name without its final dot: ``@`` the origin, a relative one under it."""
        if text == '@':
            return self.origin
        if text.endswith('.'):
            return text[:-1]
        return f'{text}.{self.origin}' if self.origin else text

    def relative(self, absolute_name: str) -> str:
        """A record's name in the zone (``""`` the apex); ValueError for a name outside it."""
        lowered, domain = absolute_name.lower(), self.domain
        if lowered == domain:
            return ''
        if lowered.endswith(f'.{domain}'):
            return absolute_name[: -len(domain) - 1]
        raise ValueError(f'{absolute_name} is not in {domain}')

    def body_of(self, line: Line) -> dict[str, t.Any] | None:
        """The AddDnsRecordModel of a logical line; None for a directive. ValueError (and IndexError for a line that
        ends too early) when it cannot be read, Skip when it holds nothing to import."""
        if line.error:
            raise ValueError(line.error)
        tokens = list(line.tokens)
        if not line.blank_owner and tokens[0].text.startswith('$'):
            return self.directive(tokens)
        if line.blank_owner:
            if self.owner is None:
                raise ValueError('a record without an owner')
            owner = self.owner
        else:
            owner = self.name(tokens.pop(0).text)
            self.owner = owner
        ttl: int | None = None
        for _position in range(2):  # a TTL and a class, in either order
            word = tokens[0].text
            if ttl is None and not tokens[0].quoted and TTL_TOKEN.fullmatch(word):
                ttl = ttl_of(word)
                tokens.pop(0)
            elif word.upper() in CLASSES:
                if word.upper() != 'IN':
                    raise ValueError(f'class {word}')
                tokens.pop(0)
        if ttl is not None:
            self.last_ttl = ttl
        mnemonic = tokens.pop(0).text.upper()
        name = self.relative(owner)
        if mnemonic == 'SOA' or (mnemonic == 'NS' and name == ''):
            raise Skip()
        kind = TYPE_BY_MNEMONIC[mnemonic]  # KeyError: a type the service does not have
        body: dict[str, t.Any] = {
            'Type': kind,
            'Name': name,
            'Ttl': ttl if ttl is not None else (self.default_ttl if self.default_ttl is not None else self.last_ttl),
            'Disabled': line.disabled,
        }
        body.update(self.data(kind, tokens))
        return body

    def directive(self, tokens: list[Token]) -> None:
        word = tokens[0].text.upper()
        if word == '$ORIGIN':
            self.origin = self.name(tokens[1].text)
        elif word == '$TTL':
            if not TTL_TOKEN.fullmatch(tokens[1].text):
                raise ValueError(f'$TTL {tokens[1].text}')
            self.default_ttl = ttl_of(tokens[1].text)
        else:
            raise ValueError(f'{word} is not read')  # $INCLUDE, $GENERATE: nothing to include from here
        return None

    def target(self, token: Token) -> str:
        return '.' if token.text == '.' else self.name(token.text)

    def data(self, kind: int, tokens: list[Token]) -> dict[str, t.Any]:
        """The members of a record's data in its zone-file form."""
        if kind in (A, AAAA):
            (value,) = tokens
            return {'Value': value.text}
        if kind in (CNAME, NS, PTR, FLATTEN):
            (name,) = tokens
            return {'Value': self.target(name)}
        if kind == MX:
            priority, name = tokens
            return {'Priority': int(priority.text), 'Value': self.target(name)}
        if kind == TXT:
            if not tokens:
                raise ValueError('TXT without text')
            return {'Value': b''.join(unescaped(token.text) for token in tokens).decode()}
        if kind == SRV:
            priority, weight, port, name = tokens
            return {
                'Priority': int(priority.text),
                'Weight': int(weight.text),
                'Port': int(port.text),
                'Value': self.target(name),
            }
        if kind == CAA:
            flags, tag, value = tokens
            return {'Flags': int(flags.text), 'Tag': tag.text, 'Value': unescaped(value.text).decode()}
        if kind in (SVCB, HTTPS):
            priority, name, *params = tokens
            written = [f'"{param.text}"' if param.quoted else param.text for param in params]
            return {'Value': ' '.join([priority.text, self.target(name), *written])}
        if kind == TLSA:
            usage, selector, matching, *data = tokens
            return {'Value': f'{usage.text} {selector.text} {matching.text} {"".join(part.text for part in data)}'}
        if kind == REDIRECT:
            (url,) = tokens
            return {'Value': unescaped(url.text).decode()}
        (linked,) = tokens  # PullZone, Script
        return {'PullZoneId' if kind == PULLZONE else 'ScriptId': int(linked.text)}


def zone_text(body: bytes, content_type: str) -> str:
    """The zone file a request carries: the body itself, or the first part of a ``multipart/form-data`` upload.
    400 when there is none or it is not UTF-8 text."""
    if content_type.lower().startswith('multipart/form-data'):
        message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            b'Content-Type: ' + content_type.encode('latin-1') + b'\r\n\r\n' + body
        )
        parts = [part for part in message.iter_parts() if part.get_content_disposition() == 'form-data']
        body = t.cast(bytes, parts[0].get_payload(decode=True) or b'') if parts else b''
    try:
        text = body.decode('utf-8-sig')
    except UnicodeDecodeError:
        raise ApiError(400, 'The zone file is not UTF-8 text.', 'validation_error', 'file') from None
    if not text.strip():
        raise ApiError(400, 'The zone file is empty.', 'validation_error', 'file')
    return text
