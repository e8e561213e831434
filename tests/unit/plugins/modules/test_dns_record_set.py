# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import dns_record_set
from ansible_collections.edge.platform.tests.emulator.areas.dns_records import RECORD_DEFAULTS
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator

DOMAIN = 'example.net'
A, CNAME, TXT, MX, PULLZONE, SRV, CAA = 0, 2, 3, 4, 7, 8, 9
DKIM = 'v=DKIM1; k=rsa; p=' + 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu' * 9


def make_zone(emulator: Emulator, domain: str = DOMAIN, records: t.Sequence[dict[str, t.Any]] = ()) -> int:
    """A zone made through the API (with ``records``), before the module runs; the request record starts after."""
    answer = (
        emulator.client()
        .request('POST', 'dnszone', 'add a zone', json_body={'Domain': domain, 'Records': list(records)})
        .json()
    )
    emulator.forget_requests()
    return int(answer['Id'])


def args(**extra: t.Any) -> dict[str, t.Any]:
    return {**COMMON_ARGS, 'zone': DOMAIN, **extra}


def held(emulator: Emulator, name: str, record_type: int, domain: str = DOMAIN) -> list[dict[str, t.Any]]:
    zone = emulator.item('dns_zones', Domain=domain)
    return [record for record in zone['Records'] if record['Name'].lower() == name and record['Type'] == record_type]


def calls(emulator: Emulator) -> list[tuple[str, str]]:
    return [(sent.method, sent.path) for sent in emulator.sent]


def test_adds_the_records_of_a_new_set_and_a_rerun_reads_twice_and_writes_nothing(
    emulator: Emulator, run_module: t.Any
) -> None:
    zone_id = make_zone(emulator)
    wanted = args(name='www', type='a', values=['192.0.2.1', '192.0.2.2'], ttl=600)
    outcome = run_module(dns_record_set.main, wanted, diff=True)
    assert outcome.result['changed'] is True
    assert calls(emulator) == [
        ('GET', '/dnszone'),
        ('GET', f'/dnszone/{zone_id}/records'),
        ('GET', f'/dnszone/{zone_id}/records'),  # the name's other records: a cname would refuse them
        ('PUT', f'/dnszone/{zone_id}/records'),
        ('PUT', f'/dnszone/{zone_id}/records'),
        ('GET', f'/dnszone/{zone_id}/records'),
    ]
    assert emulator.sent[0].params == {'view': '1', 'search': DOMAIN, 'perPage': '1000', 'page': '1'}
    assert emulator.sent[1].params == {'type': '0', 'search': 'www', 'perPage': '1000', 'page': '1'}
    assert [sent.json for sent in emulator.writes] == [
        {'Type': 0, 'Name': 'www', 'Value': value, 'Ttl': 600} for value in ('192.0.2.1', '192.0.2.2')
    ]
    assert outcome.result['records'] == held(emulator, 'www', A)
    assert outcome.result['dns_zone_id'] == zone_id
    assert outcome.result['diff'] == {
        'before': {},
        'after': {
            'name': 'www.example.net',
            'type': 'a',
            'records': [{'value': '192.0.2.1', 'ttl': 600}, {'value': '192.0.2.2', 'ttl': 600}],
        },
        'before_header': 'A records www of DNS zone example.net',
        'after_header': 'add 2 records',
    }
    emulator.forget_requests()
    again = run_module(dns_record_set.main, {**wanted, 'values': ['192.0.2.2', '192.0.2.1', '192.0.2.2']}, diff=True)
    assert again.result['changed'] is False
    assert calls(emulator) == [('GET', '/dnszone'), ('GET', f'/dnszone/{zone_id}/records')]
    assert again.result['records'] == outcome.result['records']
    assert again.result['diff']['before'] == again.result['diff']['after'] == outcome.result['diff']['after']


@pytest.mark.parametrize(
    'record_type, stored, values',
    [
        ('mx', [{'Type': MX, 'Priority': 10, 'Value': 'mail.example.net'}], ['10 MAIL.example.net.']),
        ('mx', [{'Type': MX, 'Priority': 10, 'Value': 'MAIL.Example.NET'}], ['10 mail.example.net']),
        ('txt', [{'Type': TXT, 'Value': DKIM}], [' '.join(f'"{DKIM[i : i + 255]}"' for i in range(0, len(DKIM), 255))]),
        ('txt', [{'Type': TXT, 'Value': 'v=spf1 -all'}], ['"v=spf1 " "-all"']),
        ('caa', [{'Type': CAA, 'Flags': 0, 'Tag': 'issue', 'Value': 'letsencrypt.org'}], ['0 ISSUE letsencrypt.org']),
        (
            'srv',
            [{'Type': SRV, 'Priority': 1, 'Weight': 2, 'Port': 443, 'Value': 'x.example.net'}],
            ['1 2 443 X.example.net.'],
        ),
        ('aaaa', [{'Type': 1, 'Value': '2001:db8::1'}], ['2001:DB8:0:0:0:0:0:1']),
    ],
)
def test_values_compare_in_canonical_form(
    emulator: Emulator, run_module: t.Any, record_type: str, stored: list[dict[str, t.Any]], values: list[str]
) -> None:
    make_zone(emulator, records=[{'Name': 'host', 'Ttl': 300, **record} for record in stored])
    outcome = run_module(dns_record_set.main, args(name='HOST.example.net.', type=record_type, values=values))
    assert outcome.result['changed'] is False, outcome.result
    assert emulator.writes == []
    assert len(outcome.result['records']) == 1


def test_check_mode_predicts_the_set_and_writes_nothing(emulator: Emulator, run_module: t.Any) -> None:
    make_zone(emulator)
    wanted = args(
        name='@', type='mx', values=['10 mx1.example.net', {'value': '20 mx2.example.net', 'comment': 'backup'}]
    )
    before = emulator.snapshot()
    predicted = run_module(dns_record_set.main, wanted, check_mode=True, diff=True).result
    assert emulator.writes == [] and emulator.snapshot() == before
    assert predicted['changed'] is True
    done = run_module(dns_record_set.main, wanted, diff=True).result
    assert done['diff'] == predicted['diff']
    assert predicted['diff']['after'] == {
        'name': 'example.net',
        'type': 'mx',
        'records': [
            {'value': '10 mx1.example.net', 'comment': None},
            {'value': '20 mx2.example.net', 'comment': 'backup'},
        ],
    }
    # What the module writes is predicted; the id and the TTL are the service's to choose (null until then).
    assert len(predicted['records']) == len(done['records']) == 2
    for guess, record in zip(predicted['records'], done['records']):
        assert guess['Id'] is None and guess['Ttl'] is None and record['Ttl'] == 300
        assert {key: record[key] for key in guess if key not in ('Id', 'Ttl')} == {
            key: value for key, value in guess.items() if key not in ('Id', 'Ttl')
        }
        assert {'Type', 'Name', 'Value', 'Priority'} <= set(guess)


def test_replace_changes_a_record_of_another_value_in_place_and_deletes_the_rest(
    emulator: Emulator, run_module: t.Any
) -> None:
    make_zone(
        emulator,
        records=[
            {'Type': A, 'Name': 'api', 'Ttl': 300, 'Value': value, 'Comment': note}
            for value, note in (('198.51.100.1', 'one'), ('198.51.100.2', 'two'), ('198.51.100.3', 'three'))
        ],
    )
    seeded = {record['Value']: record for record in held(emulator, 'api', A)}
    outcome = run_module(
        dns_record_set.main, args(name='api', type='a', values=['198.51.100.2', '198.51.100.9']), diff=True
    )
    assert outcome.result['changed'] is True
    one, three = seeded['198.51.100.1'], seeded['198.51.100.3']
    zone_id = outcome.result['dns_zone_id']
    assert [(sent.method, sent.path, sent.json) for sent in emulator.writes] == [
        ('POST', f"/dnszone/{zone_id}/records/{one['Id']}", {'Type': A, 'Value': '198.51.100.9', 'Id': one['Id']}),
        ('DELETE', f"/dnszone/{zone_id}/records/{three['Id']}", None),
    ]
    after = {record['Value']: record for record in held(emulator, 'api', A)}
    assert set(after) == {'198.51.100.2', '198.51.100.9'}
    assert after['198.51.100.9'] == {**one, 'Value': '198.51.100.9'}  # the same record: its id and its note kept
    assert after['198.51.100.2'] == seeded['198.51.100.2']
    assert outcome.result['diff']['after_header'] == 'update 1 record, delete 1 record'
    assert outcome.result['diff']['before']['records'] == [
        {'value': value} for value in ('198.51.100.1', '198.51.100.2', '198.51.100.3')
    ]


def test_keep_adds_the_missing_values_and_leaves_the_others(emulator: Emulator, run_module: t.Any) -> None:
    make_zone(emulator, records=[{'Type': TXT, 'Name': '', 'Ttl': 3600, 'Value': 'v=spf1 -all'}])
    outcome = run_module(
        dns_record_set.main, args(name='', type='txt', values=['verification=4f1c'], on_existing='keep')
    )
    assert outcome.result['changed'] is True
    assert [sent.method for sent in emulator.writes] == ['PUT']
    # A record added to a set gets the TTL its records share (the records of one name and type share theirs).
    assert emulator.writes[0].json == {'Type': TXT, 'Name': '', 'Value': 'verification=4f1c', 'Ttl': 3600}
    assert sorted(record['Value'] for record in held(emulator, '', TXT)) == ['v=spf1 -all', 'verification=4f1c']
    again = run_module(
        dns_record_set.main, args(name='@', type='txt', values=['verification=4f1c'], on_existing='keep')
    )
    assert again.result['changed'] is False


def test_ttl_and_the_settings_given_are_managed_and_the_others_left_alone(
    emulator: Emulator, run_module: t.Any
) -> None:
    make_zone(
        emulator,
        records=[
            {'Type': A, 'Name': 'lb', 'Ttl': 300, 'Value': '192.0.2.1', 'Weight': 50, 'Comment': 'kept'},
            {'Type': A, 'Name': 'lb', 'Ttl': 300, 'Value': '192.0.2.2', 'Weight': 50, 'Disabled': True},
        ],
    )
    before = {record['Value']: record for record in held(emulator, 'lb', A)}
    values = [{'value': '192.0.2.1', 'weight': 80}, {'value': '192.0.2.2', 'weight': '20', 'disabled': 'no'}]
    outcome = run_module(dns_record_set.main, args(name='lb', type='a', values=values, ttl=60), diff=True)
    assert outcome.result['changed'] is True
    zone_id = outcome.result['dns_zone_id']
    assert sorted((sent.path, tuple(sorted(sent.json.items()))) for sent in emulator.writes) == sorted(
        [
            (
                f"/dnszone/{zone_id}/records/{before['192.0.2.1']['Id']}",
                (('Id', before['192.0.2.1']['Id']), ('Ttl', 60), ('Type', A), ('Weight', 80)),
            ),
            (
                f"/dnszone/{zone_id}/records/{before['192.0.2.2']['Id']}",
                (('Disabled', False), ('Id', before['192.0.2.2']['Id']), ('Ttl', 60), ('Type', A), ('Weight', 20)),
            ),
        ]
    )
    after = {record['Value']: record for record in held(emulator, 'lb', A)}
    assert after['192.0.2.1'] == {**before['192.0.2.1'], 'Ttl': 60, 'Weight': 80}  # its comment is not managed
    assert outcome.result['diff']['after']['records'] == [
        {'value': '192.0.2.1', 'ttl': 60, 'weight': 80, 'disabled': False},
        {'value': '192.0.2.2', 'ttl': 60, 'weight': 20, 'disabled': False},
    ]
    again = run_module(dns_record_set.main, args(name='lb', type='a', values=values, ttl=60))
    assert again.result['changed'] is False


def test_absent_removes_the_values_given_or_the_whole_set_and_again_changes_nothing(
    emulator: Emulator, run_module: t.Any
) -> None:
    make_zone(
        emulator,
        records=[{'Type': A, 'Name': 'old', 'Ttl': 300, 'Value': f'192.0.2.{n}'} for n in (1, 2, 3)]
        + [{'Type': TXT, 'Name': 'old', 'Ttl': 300, 'Value': 'stays'}],
    )
    one = run_module(dns_record_set.main, args(name='old', type='a', values=['192.0.2.3', '192.0.2.9'], state='absent'))
    assert one.result['changed'] is True
    assert [sent.method for sent in emulator.writes] == ['DELETE']
    assert sorted(record['Value'] for record in held(emulator, 'old', A)) == ['192.0.2.1', '192.0.2.2']
    emulator.forget_requests()
    again = run_module(dns_record_set.main, args(name='old', type='a', values=['192.0.2.3'], state='absent'))
    assert again.result['changed'] is False and emulator.writes == []
    whole = run_module(dns_record_set.main, args(name='old', type='a', state='absent'), check_mode=True, diff=True)
    assert whole.result['changed'] is True and emulator.writes == [] and whole.result['records'] == []
    assert whole.result['diff']['after'] == {} and whole.result['diff']['after_header'] == 'delete 2 records'
    gone = run_module(dns_record_set.main, args(name='old', type='a', state='absent'), diff=True)
    assert gone.result['changed'] is True and gone.result['diff'] == whole.result['diff']
    assert [sent.method for sent in emulator.writes] == ['DELETE', 'DELETE']
    assert held(emulator, 'old', A) == [] and len(held(emulator, 'old', TXT)) == 1
    emulator.forget_requests()
    gone_again = run_module(dns_record_set.main, args(name='old', type='a', state='absent'))
    assert gone_again.result == {'changed': False, 'records': [], 'dns_zone_id': one.result['dns_zone_id']}
    assert emulator.writes == []


def test_a_pullzone_value_is_a_pull_zone_name_linked_by_its_id(emulator: Emulator, run_module: t.Any) -> None:
    make_zone(emulator)
    outcome = run_module(dns_record_set.main, args(name='cdn', type='pullzone', values=['assets-000']), diff=True)
    assert outcome.result['changed'] is True
    (add,) = emulator.writes
    assert add.json == {'Type': PULLZONE, 'Name': 'cdn', 'PullZoneId': 1001}
    (record,) = outcome.result['records']
    assert record['LinkName'] == '1001' and record['Value'] == 'assets-000.edge-cdn.test'
    assert outcome.result['diff']['after']['records'] == [{'value': 'assets-000'}]
    emulator.forget_requests()
    again = run_module(dns_record_set.main, args(name='cdn', type='pullzone', values=['assets-000']))
    assert again.result['changed'] is False and emulator.writes == []
    moved = run_module(dns_record_set.main, args(name='cdn', type='pullzone', values=['media-001']), diff=True)
    assert [sent.json for sent in emulator.writes] == [{'Type': PULLZONE, 'PullZoneId': 1002, 'Id': record['Id']}]
    assert moved.result['records'][0]['LinkName'] == '1002'
    assert (moved.result['diff']['before']['records'], moved.result['diff']['after']['records']) == (
        [{'value': '1001 (the id of a pull zone not named in values)'}],
        [{'value': 'media-001'}],
    )


def test_an_unknown_pull_zone_is_refused_before_any_write(emulator: Emulator, run_module: t.Any) -> None:
    make_zone(emulator)
    outcome = run_module(dns_record_set.main, args(name='cdn', type='pullzone', values=['no-such-zone']))
    assert outcome.failed
    assert 'find pull zone "no-such-zone"' in outcome.result['msg']
    assert 'no pull zone of the account has this name' in outcome.result['msg']
    assert outcome.result['failure']['error_key'] == 'pullzone.not_found'
    assert outcome.result['changed'] is False and emulator.writes == []


def test_a_zone_given_by_id_takes_full_names_inside_it_and_refuses_others(
    emulator: Emulator, run_module: t.Any
) -> None:
    zone_id = make_zone(emulator)
    base = {**COMMON_ARGS, 'zone_id': zone_id, 'type': 'a', 'values': ['192.0.2.7']}
    inside = run_module(dns_record_set.main, {**base, 'name': 'Www.Example.NET.'})
    assert inside.result['changed'] is True and inside.result['records'][0]['Name'] == 'www'
    outside = run_module(dns_record_set.main, {**base, 'name': 'www.example.org.'})
    assert outside.failed
    assert "name 'www.example.org.' is not inside the zone example.net" in outside.result['msg']
    missing = run_module(dns_record_set.main, {**base, 'zone_id': 999999, 'name': 'www'})
    assert missing.failed and 'HTTP 404' in missing.result['msg'] and 'read DNS zone 999999' in missing.result['msg']


def test_a_zone_of_no_domain_fails_naming_it(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(dns_record_set.main, args(zone='nowhere.example', name='www', type='a', values=['192.0.2.1']))
    assert outcome.failed
    assert outcome.result['msg'] == 'find DNS zone nowhere.example failed: the account has no DNS zone of this domain'


@pytest.mark.parametrize(
    'record_type, values, other, words',
    [
        ('cname', ['target.example.org'], {'Type': A, 'Value': '192.0.2.1'}, 'the name has a records'),
        ('a', ['192.0.2.1'], {'Type': CNAME, 'Value': 'target.example.org'}, 'the name has a cname record'),
    ],
)
def test_cname_records_alone_at_their_name_are_checked_before_any_write(
    emulator: Emulator, run_module: t.Any, record_type: str, values: list[str], other: dict[str, t.Any], words: str
) -> None:
    make_zone(emulator, records=[{'Name': 'shared', 'Ttl': 300, **other}])
    for check_mode in (True, False):
        outcome = run_module(
            dns_record_set.main, args(name='shared', type=record_type, values=values), check_mode=check_mode
        )
        assert outcome.failed and words in outcome.result['msg'], outcome.result
        assert 'cname records cannot share their name with records of other types' in outcome.result['msg']
    assert emulator.writes == []


def test_an_add_whose_answer_is_lost_is_found_and_not_sent_again(emulator: Emulator, run_module: t.Any) -> None:
    zone_id = make_zone(emulator)
    emulator.add_fault(service='api', method='PUT', path='/records$', drop=True, after=True)
    outcome = run_module(dns_record_set.main, args(name='www', type='a', values=['192.0.2.1', '192.0.2.2']))
    assert outcome.result['changed'] is True, outcome.result
    assert [(sent.method, sent.status) for sent in emulator.writes] == [('PUT', 0), ('PUT', 201)]
    assert sorted(record['Value'] for record in held(emulator, 'www', A)) == ['192.0.2.1', '192.0.2.2']
    assert [record['Id'] for record in outcome.result['records']] == [
        record['Id'] for record in held(emulator, 'www', A)
    ]
    assert outcome.result['dns_zone_id'] == zone_id


def test_an_add_that_fails_reports_changed_when_an_earlier_one_was_written(
    emulator: Emulator, run_module: t.Any
) -> None:
    make_zone(emulator)
    emulator.add_fault(service='api', method='PUT', path='/records$', status=500, skip=1)
    failed = run_module(dns_record_set.main, args(name='www', type='a', values=['192.0.2.1', '192.0.2.2']))
    assert failed.failed and failed.result['changed'] is True
    assert 'add A record "www" to DNS zone' in failed.result['msg'] and 'HTTP 500' in failed.result['msg']
    assert len(held(emulator, 'www', A)) == 1
    repaired = run_module(dns_record_set.main, args(name='www', type='a', values=['192.0.2.1', '192.0.2.2']))
    assert repaired.result['changed'] is True and len(held(emulator, 'www', A)) == 2


def test_a_converged_set_of_a_ten_thousand_record_zone_is_two_small_requests(
    emulator: Emulator, run_module: t.Any
) -> None:
    zone_id = make_zone(emulator, 'big.example')
    # More records than a test should add one by one: into the emulator's store, made as the area makes them.
    emulator.state.data['dns_zones'][zone_id]['Records'].extend(
        {
            **RECORD_DEFAULTS,
            'Id': 900000 + n,
            'Name': f'host-{n:05d}',
            'Value': f'10.{n // 65536}.{n // 256 % 256}.{n % 256}',
        }
        for n in range(10_000)
    )
    outcome = run_module(
        dns_record_set.main,
        {**COMMON_ARGS, 'zone': 'big.example', 'name': 'host-04711', 'type': 'a', 'values': ['10.0.18.103']},
    )
    assert outcome.result['changed'] is False, outcome.result
    assert len(emulator.sent) == 2
    assert sum(len(sent.answer) for sent in emulator.sent) < 5_000  # neither answer carries the zone's records
