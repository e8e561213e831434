# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Values in zone-file form: their canonical text (what tells two values apart), the API fields that write them, an
API record's value, and zone files in BIND form."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._dns_records import (
    AAAA,
    CAA,
    CNAME,
    HTTPS,
    MX,
    NS,
    PULLZONE,
    REDIRECT,
    SCRIPT,
    SRV,
    SVCB,
    TLSA,
    TXT,
    A,
    BadValue,
    domain_form,
    parse_value,
    parse_zone_file,
    record_value,
    relative_name,
)

DIGEST = 'ab' * 32


@pytest.mark.parametrize(
    'record_type, spellings, text, fields',
    [
        (A, ['192.0.2.10', ' 192.0.2.10 '], '192.0.2.10', {'Value': '192.0.2.10'}),
        (AAAA, ['2001:DB8:0:0::1', '2001:db8::1'], '2001:db8::1', {'Value': '2001:db8::1'}),
        (CNAME, ['WWW.Example.com.', 'www.example.com'], 'www.example.com', {'Value': 'www.example.com'}),
        (NS, ['ns1.other.net.'], 'ns1.other.net', {'Value': 'ns1.other.net'}),
        (
            MX,
            ['10 mail.example.com.', '10 MAIL.example.com', '  10   mail.example.com '],
            '10 mail.example.com',
            {'Priority': 10, 'Value': 'mail.example.com'},
        ),
        (MX, ['0 .'], '0 .', {'Priority': 0, 'Value': '.'}),
        (
            SRV,
            ['10 5 5060 SIP.example.com.', '10 5 5060 sip.example.com'],
            '10 5 5060 sip.example.com',
            {'Priority': 10, 'Weight': 5, 'Port': 5060, 'Value': 'sip.example.com'},
        ),
        (
            CAA,
            ['0 issue "letsencrypt.org"', '0 ISSUE letsencrypt.org'],
            '0 issue "letsencrypt.org"',
            {'Flags': 0, 'Tag': 'issue', 'Value': 'letsencrypt.org'},
        ),
        (
            CAA,
            ['0 iodef "mailto:security@example.com"'],
            '0 iodef "mailto:security@example.com"',
            {'Flags': 0, 'Tag': 'iodef', 'Value': 'mailto:security@example.com'},
        ),
        (TXT, ['v=spf1 -all'], 'v=spf1 -all', {'Value': 'v=spf1 -all'}),
        # Quoted strings are joined into one text, as SPF and DKIM readers join them.
        (
            TXT,
            ['"v=DKIM1; k=rsa; " "p=MIGf"', '"v=DKIM1; k=rsa; p=MIGf"', 'v=DKIM1; k=rsa; p=MIGf'],
            'v=DKIM1; k=rsa; p=MIGf',
            {'Value': 'v=DKIM1; k=rsa; p=MIGf'},
        ),
        (TXT, [r'"say \"hi\""'], 'say "hi"', {'Value': 'say "hi"'}),
        (
            HTTPS,
            ['1 . alpn="h2,h3" port=443', '1 . port=443 alpn=h2,h3', '1 . PORT=443 alpn=h2,h3'],
            '1 . alpn=h2,h3 port=443',
            {'Value': '1 . alpn=h2,h3 port=443'},
        ),
        (SVCB, ['0 svc.example.net.'], '0 svc.example.net', {'Value': '0 svc.example.net'}),
        (TLSA, [f'3 1 1 {DIGEST.upper()}', f'3 1 1 {DIGEST[:32]} {DIGEST[32:]}'], f'3 1 1 {DIGEST}', None),
        (REDIRECT, ['https://www.example.com/'], 'https://www.example.com/', {'Value': 'https://www.example.com/'}),
        (SCRIPT, ['4711', '04711'], '4711', {'ScriptId': 4711}),
    ],
)
def test_every_spelling_of_a_value_is_one_canonical_text(
    record_type: int, spellings: list[str], text: str, fields: dict[str, object] | None
) -> None:
    values = [parse_value(record_type, spelling) for spelling in spellings]
    assert {value.text for value in values} == {text}
    assert len(set(values)) == 1  # values compare by their text
    if fields is not None:
        assert dict(values[0].fields) == fields


def test_a_txt_text_that_starts_with_a_quote_is_shown_quoted_so_that_it_reads_back() -> None:
    value = parse_value(TXT, r'"\"quoted\" text"')
    assert value.text == '"quoted" text'
    assert value.shown == r'"\"quoted\" text"'
    assert parse_value(TXT, value.shown) == value


def test_a_long_txt_text_split_into_strings_is_the_text_unsplit() -> None:
    key = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA' * 10
    split = ' '.join(f'"{key[start : start + 255]}"' for start in range(0, len(key), 255))
    assert parse_value(TXT, split) == parse_value(TXT, key)
    assert parse_value(TXT, split).text == key


@pytest.mark.parametrize(
    'record_type, text, words',
    [
        (A, '192.0.2', 'is not an IPv4 address'),
        (A, '2001:db8::1', 'is not an IPv4 address'),
        (AAAA, '192.0.2.1', 'is not an IPv6 address'),
        (AAAA, 'fe80::1%eth0', 'is not an IPv6 address'),
        (CNAME, 'two names.example.com', 'is not one host name'),
        (CNAME, 'bad_label!.example.com', 'is not letters, digits, hyphens and underscores'),
        (CNAME, '.', 'is the root'),
        (MX, 'mail.example.com', 'is not PRIORITY TARGET'),
        (MX, '70000 mail.example.com', 'is not a number from 0 to 65535'),
        (SRV, '10 5 mail.example.com', 'is not PRIORITY WEIGHT PORT TARGET'),
        (CAA, '0 issue', 'is not FLAGS TAG VALUE'),
        (CAA, '256 issue x', 'is not a number from 0 to 255'),
        (CAA, '0 is-sue x', 'is not 1 to 15 letters and digits'),
        (TXT, '"unclosed', 'a quoted string is not closed'),
        (TXT, '   ', 'must not be empty'),
        (HTTPS, '1', 'is not PRIORITY TARGET'),
        (HTTPS, '1 . colour=red', 'which SVCB and HTTPS do not know'),
        (HTTPS, '0 . alpn=h2', 'takes no parameters'),
        (TLSA, '3 1 1', 'is not USAGE SELECTOR MATCHING-TYPE DATA'),
        (TLSA, '4 1 1 ' + DIGEST, 'usage'),
        (TLSA, '3 1 1 abcd', 'matching type 1 takes 64'),
        (TLSA, '3 1 0 xyz0', 'not hexadecimal'),
        (REDIRECT, 'www.example.com', 'is not an http:// or https:// URL'),
        (PULLZONE, 'not a name', 'is not the name of one pull zone'),
        (PULLZONE, 'under_score', 'is not a pull zone name'),
        (SCRIPT, 'abc', 'is not the id of an edge script'),
        (MX, '10 "mail.example.com"', 'holds a quoted string'),
    ],
)
def test_a_malformed_value_is_refused_naming_it(record_type: int, text: str, words: str) -> None:
    with pytest.raises(BadValue) as refused:
        parse_value(record_type, text)
    assert words in str(refused.value)


@pytest.mark.parametrize(
    'record, text',
    [
        ({'Type': MX, 'Priority': 10, 'Value': 'MAIL.example.com'}, '10 mail.example.com'),
        ({'Type': SRV, 'Priority': 1, 'Weight': 0, 'Port': 443, 'Value': 'x.example.com'}, '1 0 443 x.example.com'),
        ({'Type': CAA, 'Flags': 128, 'Tag': 'ISSUE', 'Value': 'ca.example.net'}, '128 issue "ca.example.net"'),
        ({'Type': AAAA, 'Value': '2001:DB8::0001'}, '2001:db8::1'),
        ({'Type': TXT, 'Value': ' spaced '}, ' spaced '),
        ({'Type': PULLZONE, 'Value': 'assets-000.edge-cdn.test', 'LinkName': '1001'}, '1001'),
        ({'Type': SCRIPT, 'Value': '77', 'LinkName': '77'}, '77'),
        ({'Type': HTTPS, 'Priority': 0, 'Value': '1 . port=443 alpn=h2'}, '1 . alpn=h2 port=443'),
        # A value the service holds that does not parse stays as it is.
        ({'Type': A, 'Value': 'not-an-address'}, 'not-an-address'),
    ],
)
def test_an_api_record_reads_as_its_canonical_value(record: dict[str, object], text: str) -> None:
    assert record_value(record).text == text


def test_names_are_relative_to_the_zone_and_a_name_outside_it_is_refused() -> None:
    assert [relative_name(name, 'example.com') for name in ('', '@', 'WWW', 'www.example.com', 'Www.Example.com.')] == [
        '',
        '',
        'www',
        'www',
        'www',
    ]
    assert relative_name('example.com.', 'example.com') == ''
    assert relative_name('*.apps', 'example.com') == '*.apps'
    assert relative_name('_sip._tcp', 'example.com') == '_sip._tcp'
    with pytest.raises(BadValue, match='is not inside the zone example.com'):
        relative_name('www.example.org.', 'example.com')
    with pytest.raises(BadValue, match='has an empty label'):
        relative_name('a..b', 'example.com')
    with pytest.raises(BadValue, match='longer than 253'):
        relative_name('.'.join(['a' * 60] * 4), 'example.com')


def test_a_domain_is_lower_case_without_its_final_dot() -> None:
    assert domain_form(' Example.COM. ') == 'example.com'
    for bad, words in (('localhost', 'single label'), ('exa mple.com', 'not letters'), ('', 'is empty')):
        with pytest.raises(BadValue, match=words):
            domain_form(bad)


ZONE_FILE = r"""; a zone exported by another provider
$ORIGIN example.com.
$TTL 1h
@   IN  SOA ns1.other.net. hostmaster.example.com. (
            2024010101 ; serial
            3600 900 604800 300 )
    IN  NS  ns1.other.net.
@   300 IN A 192.0.2.1
www     CNAME   @
mail IN 600 A 192.0.2.25
@       MX  10 mail
@       MX  20 mx2.backup.net.
@       TXT "v=spf1 include:_spf.example.net ~all"
sel._domainkey  TXT ( "v=DKIM1; k=rsa; "
                      "p=MIGfMA0" ) ; split over two lines
_sip._tcp   SRV 10 5 5060 sip
@       CAA 0 issue "letsencrypt.org; validationmethods=dns-01"
$ORIGIN sub.example.com.
host    A   192.0.2.99
*       IN A 192.0.2.100
@       HINFO "x86" "Linux"
"""


def test_a_zone_file_reads_as_bind_reads_it() -> None:
    zone = parse_zone_file(ZONE_FILE, 'Example.com.')
    found = [(entry.name, entry.type, entry.ttl, entry.value.text) for entry in zone.entries]
    assert found == [
        ('', A, 300, '192.0.2.1'),
        ('www', CNAME, 3600, 'example.com'),
        ('mail', A, 600, '192.0.2.25'),
        ('', MX, 3600, '10 mail.example.com'),
        ('', MX, 3600, '20 mx2.backup.net'),
        ('', TXT, 3600, 'v=spf1 include:_spf.example.net ~all'),
        ('sel._domainkey', TXT, 3600, 'v=DKIM1; k=rsa; p=MIGfMA0'),
        ('_sip._tcp', SRV, 3600, '10 5 5060 sip.example.com'),
        ('', CAA, 3600, '0 issue "letsencrypt.org; validationmethods=dns-01"'),
        ('host.sub', A, 3600, '192.0.2.99'),
        ('*.sub', A, 3600, '192.0.2.100'),
    ]
    assert [(line, kind) for line, kind, _why in zone.skipped] == [(4, 'SOA'), (7, 'NS')]
    assert [(line, kind) for line, kind, _why in zone.unsupported] == [(21, 'HINFO')]
    assert zone.entries[6].line == 14


def test_a_record_the_file_repeats_is_skipped() -> None:
    zone = parse_zone_file('www A 192.0.2.1\nWWW.example.com. 600 IN A 192.0.2.1\n', 'example.com')
    assert len(zone.entries) == 1
    assert zone.skipped == [(2, 'A', 'it repeats the record of line 1')]


def test_without_ttl_directive_a_record_takes_the_last_ttl_given() -> None:
    zone = parse_zone_file('a 600 A 192.0.2.1\nb A 192.0.2.2\nc A 192.0.2.3\n', 'example.com')
    assert [entry.ttl for entry in zone.entries] == [600, 600, 600]
    assert [entry.ttl for entry in parse_zone_file('a A 192.0.2.1\n', 'example.com').entries] == [None]
    assert [entry.ttl for entry in parse_zone_file('a 1d2h IN A 192.0.2.1\n', 'example.com').entries] == [93600]


@pytest.mark.parametrize(
    'text, words',
    [
        ('www.example.org. A 192.0.2.1\n', "line 1: the name 'www.example.org' is not inside the zone"),
        ('www A 192.0.2\n', "line 1: '192.0.2' is not an IPv4 address"),
        ('www ( A 192.0.2.1\n', 'line 1: a "(" is not closed'),
        ('www A 192.0.2.1 )\n', 'line 1: a ")" closes no "("'),
        ('www TXT "open\n', 'line 1: a quoted string is not closed'),
        ('$INCLUDE other.zone\n', 'line 1: $INCLUDE is not supported'),
        ('$ORIGIN example.org.\n', "line 1: the name 'example.org' is not inside the zone"),
        ('   A 192.0.2.1\n', 'line 1: the first record gives no name'),
        ('www CH A 192.0.2.1\n', 'line 1: the class CH is not IN'),
        ('www 300\n', 'line 1: the record gives no type'),
        ('$WHATEVER x\n', 'line 1: '),
    ],
)
def test_a_malformed_zone_file_is_refused_naming_the_line(text: str, words: str) -> None:
    with pytest.raises(BadValue) as refused:
        parse_zone_file(text, 'example.com')
    assert words in str(refused.value)


def test_escaped_bytes_of_a_character_string_are_its_utf8() -> None:
    assert parse_value(TXT, r'"caf\195\169 \"ok\" \\ \059"').text == 'café "ok" \\ ;'
