# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""DNS records in zone-file form: a value as users write it (``10 mail.example.com.``), a zone file in BIND form, and
the API records they are.

Every value has one canonical text, which tells two values apart and is how the collection shows it: names in lower
case without their final dot (``10 MAIL.example.com`` and ``10 mail.example.com.`` are one MX value), addresses in
their normal spelling, numbers as numbers, a TXT value its text whole (its character-strings, quoted or not, joined
as DNS software joins them: ``"v=DKIM1; k=rsa; " "p=MIGf…"`` is one text). ``parse_value`` reads a value as a user
writes it, ``record_value`` an API record's, and ``parse_zone_file`` a zone file. Nothing here knows an option: the
module tables and resources (``_tables/dns_*``, ``_resources/dns_*``) say what users give.
"""

from __future__ import annotations

import ipaddress
import re
import typing as t
from dataclasses import dataclass, field

from ansible_collections.edge.platform.plugins.module_utils._dns import RECORD_TYPES, TYPE_NAMES

A, AAAA, CNAME, TXT, MX = (RECORD_TYPES[name] for name in ('A', 'AAAA', 'CNAME', 'TXT', 'MX'))
REDIRECT, FLATTEN, PULLZONE, SRV, CAA = (
    RECORD_TYPES[name] for name in ('Redirect', 'Flatten', 'PullZone', 'SRV', 'CAA')
)
PTR, SCRIPT, NS, SVCB, HTTPS, TLSA = (RECORD_TYPES[name] for name in ('PTR', 'Script', 'NS', 'SVCB', 'HTTPS', 'TLSA'))

# Types whose value is one host name.
NAME_VALUED = frozenset((CNAME, PTR, NS, FLATTEN))
# Types whose records the service can accelerate (it makes a pull zone in front of them).
ACCELERABLE = frozenset((A, AAAA, CNAME))
# The longest name, and label, DNS allows.
NAME_MAX = 253
LABEL_MAX = 63
# A label of a name: letters, digits, hyphens and underscores (``_dmarc``, ``_sip._tcp``); ``*`` alone as the first
# label of an owner name.
LABEL_RE = re.compile(r'[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?\Z')
# What a refusal shows as the form of a value.
CAA_EXAMPLE = '0 issue "ca.example.net"'
SVC_EXAMPLE = '1 . alpn=h2,h3'
TLSA_EXAMPLE = '3 1 1 0a1b...'
# TLSA (RFC 6698): the registered certificate usages, selectors and matching types, and the digits of each digest.
TLSA_FIELDS = (('usage', 3), ('selector', 1), ('matching type', 2))
TLSA_DIGEST_DIGITS = {1: 64, 2: 128}
CAA_TAG_MAX = 15
# A TTL of a zone file: seconds, or BIND's units (``1h30m``, ``1d``, ``2w``).
TTL_RE = re.compile(r'(?:\d+[smhdw]?)+\Z', re.IGNORECASE)
TTL_UNITS = {'': 1, 's': 1, 'm': 60, 'h': 3600, 'd': 86400, 'w': 604800}
TTL_MAX = 2147483647
# SVCB and HTTPS parameter keys (RFC 9460) in the order of their numbers, which is the canonical order.
SVC_KEYS = ('mandatory', 'alpn', 'no-default-alpn', 'port', 'ipv4hint', 'ech', 'ipv6hint')
# The characters of a pull zone name (the first label of its system hostname).
PULLZONE_NAME_RE = re.compile(r'[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\Z')


class BadValue(ValueError):
    """Why a value (or a line of a zone file) cannot be a record: a phrase that names the value."""


@dataclass(frozen=True)
class Value:
    """One value of a record set.

    ``text`` is the canonical text: two values are one when their texts are equal. ``fields`` are the API properties
    that write it (AddDnsRecordModel). ``shown`` is how the collection shows it when that is not ``text``: a
    ``pullzone`` value's text is its pull zone's id, shown as the pull zone's name."""

    text: str
    fields: t.Mapping[str, object] = field(default_factory=dict, compare=False, hash=False)
    shown_as: str | None = field(default=None, compare=False, hash=False)

    @property
    def shown(self) -> str:
        return self.shown_as if self.shown_as is not None else self.text


# ---- names -------------------------------------------------------------------------------------------------


def name_problem(name: str, owner: bool = False) -> str | None:
    """Why ``name`` (lower case, no final dot; empty is the root) is not a DNS name of a record (``owner``: may start
    with the ``*`` label of a wildcard), or None."""
    if not name:
        return None
    if not name.isascii():
        try:
            ascii_form = name.encode('idna').decode('ascii')
        except UnicodeError:
            return 'is not a DNS name'
        return f'is not ASCII; give the internationalized name in its ASCII form, {ascii_form!r}'
    if len(name) > NAME_MAX:
        return f'is longer than {NAME_MAX} characters'
    labels = name.split('.')
    for index, label in enumerate(labels):
        if not label:
            return 'has an empty label (two dots in a row, or a leading dot)'
        if len(label) > LABEL_MAX:
            return f'has a label of {len(label)} characters (at most {LABEL_MAX})'
        if label == '*' and owner and index == 0:
            continue
        if not LABEL_RE.match(label):
            return f'has a label {label!r} that is not letters, digits, hyphens and underscores'
    return None


def host_name(token: str, what: str, root: bool = False) -> str:
    """A host name of a value (a target) in canonical form: lower case, no final dot. ``root`` allows ``.``, the
    name of no host (a null MX or SRV target), kept as ``.``."""
    name = token.strip().lower()
    if name == '.':
        if root:
            return '.'
        raise BadValue(f'{what} {token!r} is the root, not a host name')
    name = name[:-1] if name.endswith('.') else name
    problem = name_problem(name) if name else 'is empty'
    if problem:
        raise BadValue(f'{what} {token!r} {problem}')
    return name


# ---- character-strings (TXT, CAA) ------------------------------------------------------------------------


def quoted(text: str) -> str:
    """``text`` as one quoted character-string of a zone file (``"`` and ``\\`` escaped)."""
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


def unescape(text: str) -> str:
    """The text of a character-string as a zone file writes it: ``\\DDD`` a byte by its number (the bytes of a
    character outside ASCII, in UTF-8), ``\\X`` the character X."""
    out = bytearray()
    index = 0
    while index < len(text):
        char = text[index]
        if char == '\\' and index + 1 < len(text):
            digits = text[index + 1 : index + 4]
            if len(digits) == 3 and digits.isdigit() and int(digits) < 256:
                out.append(int(digits))
                index += 4
                continue
            out += text[index + 1].encode('utf-8')
            index += 2
            continue
        out += char.encode('utf-8')
        index += 1
    return out.decode('utf-8', errors='replace')


@dataclass
class Token:
    text: str
    quoted: bool = False


def tokens_of(text: str, line: int | None = None) -> list[Token]:
    """The tokens of one entry of a zone file (no comments or parentheses left; ``line``, where it starts) or of a
    value: words and quoted strings, the escapes of quoted strings undone."""
    where = f'line {line}: ' if line is not None else ''
    found: list[Token] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char.isspace():
            index += 1
            continue
        if char == '"':
            end = index + 1
            while end < len(text) and text[end] != '"':
                end += 2 if text[end] == '\\' else 1
            if end >= len(text):
                raise BadValue(f'{where}a quoted string is not closed')
            found.append(Token(unescape(text[index + 1 : end]), quoted=True))
            index = end + 1
            continue
        end = index
        while end < len(text) and not text[end].isspace() and text[end] != '"':
            end += 2 if text[end] == '\\' else 1
        found.append(Token(text[index:end]))
        index = end
    return found


def joined_strings(tokens: t.Sequence[Token]) -> str:
    """A TXT record's character-strings joined into its text, as SPF and DKIM readers join them (no space
    between)."""
    return ''.join(token.text if token.quoted else unescape(token.text) for token in tokens)


def txt_shown(text: str) -> str:
    """How a TXT text is written as a value: as it is, unless it would be read as quoted strings (it starts with a
    quote) or trimmed."""
    return quoted(text) if text.startswith('"') or text != text.strip() else text


# ---- values by type --------------------------------------------------------------------------------------


def number(token: str, what: str, high: int) -> int:
    if not token.isdigit() or int(token) > high:
        raise BadValue(f'{what} {token!r} is not a number from 0 to {high}')
    return int(token)


def _words(text: str, count: int, form: str, example: str) -> list[str]:
    words = text.split()
    if len(words) != count:
        raise BadValue(f'{text!r} is not {form}, such as {example!r}')
    return words


def _svc(record_type: int, tokens: list[Token], text: str) -> tuple[int, str, str]:
    """SVCB and HTTPS: ``PRIORITY TARGET [KEY=VALUE …]`` as (priority, target, parameters in canonical order)."""
    if len(tokens) < 2 or tokens[0].quoted or tokens[1].quoted:
        raise BadValue(f'{text!r} is not PRIORITY TARGET [PARAMS], such as {SVC_EXAMPLE!r}')
    priority = number(tokens[0].text, 'priority', 65535)
    target = host_name(tokens[1].text, 'target', root=True)
    params: dict[str, str | None] = {}
    pending: str | None = None  # a key written ``key=`` with its value in a quoted string after it
    for token in tokens[2:]:
        if pending is not None:
            params[pending] = token.text
            pending = None
            continue
        key, equals, value = token.text.partition('=')
        key = key.lower()
        if not (key in SVC_KEYS or re.fullmatch(r'key\d{1,5}', key)):
            raise BadValue(f'{text!r} has the parameter {key!r}, which SVCB and HTTPS do not know')
        if key in params:
            raise BadValue(f'{text!r} gives the parameter {key!r} twice')
        if equals and not value:
            pending = key
        params[key] = value.strip('"') if equals else None
    if pending is not None:
        raise BadValue(f'{text!r} gives the parameter {pending!r} no value')
    if priority == 0 and params:
        raise BadValue(f'{text!r} is an alias (priority 0), which takes no parameters')

    def order(key: str) -> int:
        return SVC_KEYS.index(key) if key in SVC_KEYS else int(key[3:])

    rendered = ' '.join(key if params[key] is None else f'{key}={params[key]}' for key in sorted(params, key=order))
    return priority, target, rendered


def parse_tokens(record_type: int, tokens: list[Token], text: str) -> Value:
    """A value of ``record_type`` from its tokens (as a zone file has them after the type); ``text`` names it in a
    refusal."""
    words = [token.text for token in tokens]
    if record_type == TXT:
        if not tokens:
            raise BadValue('a TXT value must hold a text')
        joined = joined_strings(tokens)
        return Value(joined, {'Value': joined}, txt_shown(joined))
    if record_type == CAA:
        if len(tokens) < 3:
            raise BadValue(f'{text!r} is not FLAGS TAG VALUE, such as {CAA_EXAMPLE!r}')
        flags = number(words[0], 'flags', 255)
        tag = words[1].lower()
        if not re.fullmatch(r'[a-z0-9]+', tag) or len(tag) > CAA_TAG_MAX:
            raise BadValue(f'{text!r} has the tag {words[1]!r}, which is not 1 to {CAA_TAG_MAX} letters and digits')
        value = joined_strings(tokens[2:]) if tokens[2].quoted else ' '.join(words[2:])
        return Value(f'{flags} {tag} {quoted(value)}', {'Flags': flags, 'Tag': tag, 'Value': value})
    if any(token.quoted for token in tokens) and record_type not in (SVCB, HTTPS):
        raise BadValue(f'{text!r} holds a quoted string, which a {TYPE_NAMES[record_type]} value does not take')
    if record_type in (A, AAAA):
        (address,) = _words(' '.join(words), 1, 'one address', '192.0.2.10' if record_type == A else '2001:db8::10')
        try:
            parsed = ipaddress.ip_address(address) if '%' not in address else None  # no scope of a link
        except ValueError:
            parsed = None
        kind = ipaddress.IPv4Address if record_type == A else ipaddress.IPv6Address
        if not isinstance(parsed, kind):
            raise BadValue(f'{address!r} is not an IPv{4 if record_type == A else 6} address')
        return Value(str(parsed), {'Value': str(parsed)})
    if record_type in NAME_VALUED:
        (target,) = _words(' '.join(words), 1, 'one host name', 'www.example.com')
        name = host_name(target, f'{TYPE_NAMES[record_type]} target')
        return Value(name, {'Value': name})
    if record_type == MX:
        priority, target = _words(' '.join(words), 2, 'PRIORITY TARGET', '10 mail.example.com')
        preference, name = number(priority, 'priority', 65535), host_name(target, 'MX target', root=True)
        return Value(f'{preference} {name}', {'Priority': preference, 'Value': name})
    if record_type == SRV:
        priority, weight, port, target = _words(
            ' '.join(words), 4, 'PRIORITY WEIGHT PORT TARGET', '10 5 5060 sip.example.com'
        )
        numbers = [number(priority, 'priority', 65535), number(weight, 'weight', 65535), number(port, 'port', 65535)]
        name = host_name(target, 'SRV target', root=True)
        return Value(
            ' '.join(map(str, numbers)) + f' {name}',
            {'Priority': numbers[0], 'Weight': numbers[1], 'Port': numbers[2], 'Value': name},
        )
    if record_type in (SVCB, HTTPS):
        svc_priority, svc_target, svc_params = _svc(record_type, tokens, text)
        canonical = f'{svc_priority} {svc_target} {svc_params}'.strip()
        return Value(canonical, {'Value': canonical})  # the API keeps the whole form in Value
    if record_type == TLSA:
        if len(words) < 4:
            raise BadValue(f'{text!r} is not USAGE SELECTOR MATCHING-TYPE DATA, such as {TLSA_EXAMPLE!r}')
        usage, selector, matching = (number(word, what, high) for word, (what, high) in zip(words, TLSA_FIELDS))
        data = ''.join(words[3:]).lower()
        if not re.fullmatch(r'(?:[0-9a-f]{2})+', data):
            raise BadValue(f'{text!r} has certificate data that is not hexadecimal')
        digits = TLSA_DIGEST_DIGITS.get(matching)
        if digits is not None and len(data) != digits:
            raise BadValue(f'{text!r} has {len(data)} hexadecimal digits; matching type {matching} takes {digits}')
        canonical = f'{usage} {selector} {matching} {data}'
        return Value(canonical, {'Value': canonical})
    if record_type == REDIRECT:
        (url,) = _words(' '.join(words), 1, 'one URL', 'https://www.example.com/')
        if not re.match(r'https?://[^/\s?#]+', url, re.IGNORECASE):
            raise BadValue(f'{url!r} is not an http:// or https:// URL with a host')
        return Value(url, {'Value': url})
    if record_type == PULLZONE:
        (name,) = _words(' '.join(words), 1, 'the name of one pull zone', 'assets')
        if not PULLZONE_NAME_RE.match(name):
            raise BadValue(f'{name!r} is not a pull zone name (letters, digits and dashes)')
        return Value(name, {})  # the pull zone's id, once it is looked up, makes its text (``linked_value``)
    if record_type == SCRIPT:
        (script,) = _words(' '.join(words), 1, 'the id of one edge script', '4711')
        if not script.isdigit() or int(script) < 1:
            raise BadValue(f'{script!r} is not the id of an edge script (a positive integer)')
        return Value(str(int(script)), {'ScriptId': int(script)})
    raise BadValue(f'records of type {record_type} are not known')


def parse_value(record_type: int, text: str) -> Value:
    """A value as a user writes it in a record set, in zone-file form: names are full names (a final dot is
    optional), a TXT value its text (or quoted strings, joined), a ``PullZone`` value the name of a pull zone."""
    if not text.strip():
        raise BadValue('a value must not be empty')
    if record_type == TXT and not text.lstrip().startswith('"'):
        return Value(text, {'Value': text}, txt_shown(text))
    return parse_tokens(record_type, tokens_of(text.strip()), text)


def linked_value(record_type: int, link: int, name: str | None = None) -> Value:
    """The value of a record that links a pull zone (``PullZone``) or an edge script (``Script``) by its id: its text
    is the id, shown by the pull zone's ``name`` when it is known."""
    fields = {'PullZoneId': link} if record_type == PULLZONE else {'ScriptId': link}
    return Value(str(link), fields, name)


def record_value(record: t.Mapping[str, t.Any]) -> Value:
    """The value of an API record (DnsRecordModel) in canonical form; a value the service holds that does not
    parse stays as it is."""
    record_type = record.get('Type')
    value = str(record.get('Value') or '')
    if record_type in (PULLZONE, SCRIPT):
        link = str(record.get('LinkName') or '')
        return Value(link if link.isdigit() else value)
    try:
        if record_type == TXT:
            return Value(value, {'Value': value}, txt_shown(value))
        if record_type == MX:
            return parse_value(MX, f"{record.get('Priority') or 0} {value or '.'}")
        if record_type == SRV:
            numbers = ' '.join(str(record.get(key) or 0) for key in ('Priority', 'Weight', 'Port'))
            return parse_value(SRV, f"{numbers} {value or '.'}")
        if record_type == CAA:
            return parse_tokens(
                CAA,
                [Token(str(record.get('Flags') or 0)), Token(str(record.get('Tag') or '')), Token(value, True)],
                value,
            )
        if isinstance(record_type, int) and record_type in TYPE_NAMES:
            return parse_value(record_type, value)
    except BadValue:
        pass
    return Value(value, {'Value': value})


# ---- zone files ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ZoneEntry:
    """One record of a zone file: its name relative to the zone (``""`` the apex, lower case), type, TTL (None: the
    file gives none) and value, and the line it starts on."""

    name: str
    type: int
    ttl: int | None
    value: Value
    line: int


@dataclass
class ZoneFile:
    """A zone file read: the records the API can hold (each once), those the service keeps itself or that repeat one
    (``skipped``), and those of types the API has not (``unsupported``), each as ``(line, type, why)``."""

    entries: list[ZoneEntry] = field(default_factory=list)
    skipped: list[tuple[int, str, str]] = field(default_factory=list)
    unsupported: list[tuple[int, str, str]] = field(default_factory=list)


def ttl_seconds(token: str) -> int | None:
    """The seconds of a zone file's TTL (``3600``, ``1h``, ``1d12h``), or None when ``token`` is not one."""
    if not TTL_RE.match(token):
        return None
    seconds = sum(int(amount) * TTL_UNITS[unit.lower()] for amount, unit in re.findall(r'(\d+)([smhdw]?)', token))
    return seconds if seconds <= TTL_MAX else None


def _entries(text: str) -> t.Iterator[tuple[int, bool, str]]:
    """The entries of a zone file: (line it starts on, whether it starts with blank space, its text), comments taken
    out and the lines between parentheses joined."""
    depth, start, indented = 0, 1, False
    parts: list[str] = []
    in_quote = False
    for number_, line in enumerate(text.splitlines(), start=1):
        if depth == 0 and not parts:
            start, indented = number_, line[:1].isspace()
        index = 0
        buffer = ''
        while index < len(line):
            char = line[index]
            if in_quote:
                buffer += char
                if char == '\\' and index + 1 < len(line):
                    buffer += line[index + 1]
                    index += 1
                elif char == '"':
                    in_quote = False
            elif char == '"':
                in_quote = True
                buffer += char
            elif char == '\\' and index + 1 < len(line):
                buffer += line[index : index + 2]
                index += 1
            elif char == ';':
                break
            elif char == '(':
                depth += 1
                buffer += ' '
            elif char == ')':
                if depth == 0:
                    raise BadValue(f'line {number_}: a ")" closes no "("')
                depth -= 1
                buffer += ' '
            else:
                buffer += char
            index += 1
        if in_quote:
            raise BadValue(f'line {number_}: a quoted string is not closed on its line')
        parts.append(buffer)
        if depth == 0:
            joined = ' '.join(parts)
            parts = []
            if joined.strip():
                yield start, indented, joined
    if depth:
        raise BadValue(f'line {start}: a "(" is not closed')


def _absolute(token: str, origin: str) -> str:
    """A name of a zone file as a full name without its final dot: ``@`` the origin, a name without a final dot
    relative to it."""
    if token == '@':
        return origin
    if token.endswith('.') and not token.endswith('\\.'):
        return token[:-1].lower()
    return f'{token}.{origin}'.lower() if origin else token.lower()


def _relative(full: str, domain: str, line: int) -> str:
    if full == domain:
        return ''
    if full.endswith('.' + domain):
        return full[: -len(domain) - 1]
    raise BadValue(f'line {line}: the name {full!r} is not inside the zone {domain}')


# The token of each type's rdata that is a name, which a zone file may write relative to its origin.
_NAME_TOKEN = {CNAME: 0, PTR: 0, NS: 0, MX: 1, SRV: 3, SVCB: 1, HTTPS: 1}
_TYPE_OF = {
    name.upper(): number
    for name, number in RECORD_TYPES.items()
    if name not in ('Redirect', 'Flatten', 'PullZone', 'Script')
}
_CLASSES = ('IN', 'CH', 'HS', 'CS')


def parse_zone_file(text: str, domain: str) -> ZoneFile:
    """The records of a zone file of ``domain`` in BIND form (RFC 1035: ``$ORIGIN``, ``$TTL``, ``@``, names relative
    to the origin, an entry without a name the previous one's, TTL and class in either order, parentheses over
    several lines, comments). The SOA record, the NS records of the apex (the service keeps them itself: the zone's
    name servers) and a record the file repeats are listed as skipped, records of types the API has not as
    unsupported; anything malformed is refused, naming its line."""
    domain = domain.rstrip('.').lower()
    origin, default_ttl, last_ttl, owner = domain, None, None, None
    result = ZoneFile()
    seen: dict[tuple[str, int, str], int] = {}  # each record's first line
    for line, indented, entry in _entries(text):
        tokens = tokens_of(entry, line)
        head = tokens[0].text.upper() if tokens and not tokens[0].quoted else ''
        if head.startswith('$'):
            if head == '$ORIGIN' and len(tokens) == 2:
                origin = _absolute(tokens[1].text, origin)
                _relative(origin, domain, line)
            elif head == '$TTL' and len(tokens) == 2 and ttl_seconds(tokens[1].text) is not None:
                default_ttl = ttl_seconds(tokens[1].text)
            elif head in ('$INCLUDE', '$GENERATE'):
                raise BadValue(f'line {line}: {head} is not supported; give the zone as one file of plain records')
            else:
                raise BadValue(f'line {line}: {entry.strip()!r} is not a directive this parser knows')
            continue
        if not indented:
            owner = _absolute(tokens.pop(0).text, origin)
        if owner is None:
            raise BadValue(f'line {line}: the first record gives no name')
        ttl, record_class = None, None
        while tokens and not tokens[0].quoted:
            word = tokens[0].text.upper()
            if ttl is None and ttl_seconds(tokens[0].text) is not None:
                ttl = ttl_seconds(tokens.pop(0).text)
            elif record_class is None and word in _CLASSES:
                record_class = tokens.pop(0).text.upper()
            else:
                break
        if not tokens:
            raise BadValue(f'line {line}: the record gives no type')
        type_name = tokens.pop(0).text.upper()
        if record_class not in (None, 'IN'):
            raise BadValue(f'line {line}: the class {record_class} is not IN')
        name = _relative(owner, domain, line)
        problem = name_problem(name, owner=True)
        if problem:
            raise BadValue(f'line {line}: the name {owner!r} {problem}')
        if type_name == 'SOA':
            result.skipped.append((line, type_name, 'the service keeps the zone\'s SOA record itself'))
            continue
        record_type = _TYPE_OF.get(type_name)
        if record_type is None:
            result.unsupported.append((line, type_name, 'the API has no record type of it'))
            continue
        if record_type == NS and name == '':
            result.skipped.append((line, type_name, "the zone's own name servers are its nameservers setting"))
            continue
        if record_type in _NAME_TOKEN and len(tokens) > _NAME_TOKEN[record_type]:
            target = tokens[_NAME_TOKEN[record_type]]
            if target.text != '.':
                target.text = _absolute(target.text, origin)
        rendered = ' '.join(quoted(token.text) if token.quoted else token.text for token in tokens)
        try:
            value = parse_tokens(record_type, tokens, rendered)
        except BadValue as error:
            raise BadValue(f'line {line}: {error}') from None
        if ttl is not None:
            last_ttl = ttl
        ttl = ttl if ttl is not None else default_ttl if default_ttl is not None else last_ttl
        if (name, record_type, value.text) in seen:
            result.skipped.append(
                (line, type_name, f'it repeats the record of line {seen[(name, record_type, value.text)]}')
            )
            continue
        seen[(name, record_type, value.text)] = line
        result.entries.append(ZoneEntry(name, record_type, ttl, value, line))
    return result


def full_name(name: str, domain: str) -> str:
    """A record's name relative to its zone as a full name (no final dot)."""
    return f'{name}.{domain}' if name else domain


def domain_form(text: str) -> str:
    """A zone's domain in canonical form (lower case, no final dot); BadValue when it is not a DNS name of at least
    two labels."""
    domain = text.strip().lower()
    domain = domain[:-1] if domain.endswith('.') else domain
    problem = name_problem(domain) if domain else 'is empty'
    if problem is None and '.' not in domain:
        problem = 'is a single label; give the whole domain, such as example.com'
    if problem:
        raise BadValue(f'{text!r} {problem}')
    return domain


def relative_name(name: str, domain: str) -> str:
    """A record's name relative to the zone of ``domain`` (``""`` the apex): ``@`` and ``""`` are the apex, a full
    name inside the zone (with or without its final dot) is taken as such, a name ending with a dot outside it is
    refused (BadValue), any other name is relative."""
    given = name.strip()
    text = given.lower()
    if text in ('', '@', '@.'):
        return ''
    absolute = text.endswith('.')
    text = text[:-1] if absolute else text
    if text == domain:
        return ''
    if text.endswith('.' + domain):
        relative = text[: -len(domain) - 1]
    elif absolute:
        raise BadValue(f'{given!r} is not inside the zone {domain} (a name ending with a dot is a full name)')
    else:
        relative = text
    problem = name_problem(relative, owner=True) or (
        f'is longer than {NAME_MAX} characters with the zone' if len(full_name(relative, domain)) > NAME_MAX else None
    )
    if problem:
        raise BadValue(f'{given!r} {problem}')
    return relative
