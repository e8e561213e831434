# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import pathlib
import typing as t

import pytest
import yaml
from ansible.module_utils import basic

from ansible_collections.edge.platform.plugins.modules import dns_record_set, dns_zone
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator

FILES = pathlib.Path(__file__).resolve().parents[3] / 'integration' / 'targets' / 'dns_zone' / 'files'
# A zone of another provider (241 records of every common type) and its record sets as a user declares them.
ZONE_FILE = FILES / 'migrated.example.zone'
RECORD_SETS = yaml.safe_load((FILES / 'migrated.example.yml').read_text())['migrated_record_sets']
MIGRATED = 'migrated.example'
DOMAIN = 'example.net'


def args(**extra: t.Any) -> dict[str, t.Any]:
    return {**COMMON_ARGS, 'domain': DOMAIN, **extra}


def calls(emulator: Emulator) -> list[tuple[str, str]]:
    return [(sent.method, sent.path) for sent in emulator.sent]


def zone_of(emulator: Emulator, domain: str = DOMAIN) -> dict[str, t.Any]:
    return emulator.item('dns_zones', Domain=domain)


def zones_of(emulator: Emulator, domain: str = DOMAIN) -> list[dict[str, t.Any]]:
    return [zone for zone in emulator.snapshot()['dns_zones'] if zone['Domain'] == domain]


def make_zone(emulator: Emulator, domain: str = DOMAIN, records: t.Sequence[dict[str, t.Any]] = ()) -> int:
    answer = (
        emulator.client()
        .request('POST', 'dnszone', 'add a zone', json_body={'Domain': domain, 'Records': list(records)})
        .json()
    )
    emulator.forget_requests()
    return int(answer['Id'])


def test_creates_a_zone_with_its_settings_and_dnssec_as_check_mode_predicts(
    emulator: Emulator, run_module: t.Any
) -> None:
    wanted = args(
        domain='Example.NET.',
        soa_email='Hostmaster@example.net',
        logging=True,
        logging_ip_anonymization='drop',
        nameservers=['ns1.example.org.', 'NS2.example.org'],
        dnssec=True,
    )
    before = emulator.snapshot()
    predicted = run_module(dns_zone.main, wanted, check_mode=True, diff=True).result
    assert emulator.writes == [] and emulator.snapshot() == before
    done = run_module(dns_zone.main, wanted, diff=True).result
    zone_id = done['dns_zone']['Id']
    assert [(sent.method, sent.path) for sent in emulator.writes] == [
        ('POST', '/dnszone'),
        ('POST', f'/dnszone/{zone_id}'),
        ('POST', f'/dnszone/{zone_id}/dnssec'),
    ]
    assert emulator.writes[0].json == {'Domain': DOMAIN}
    assert emulator.writes[1].json == {
        'CustomNameserversEnabled': True,
        'Nameserver1': 'ns1.example.org',
        'Nameserver2': 'ns2.example.org',
        'LoggingIPAnonymizationEnabled': True,
        'LogAnonymizationType': 1,
        'SoaEmail': 'Hostmaster@example.net',
        'LoggingEnabled': True,
    }
    held = {key: value for key, value in zone_of(emulator).items() if key != 'Records'}
    assert done['dns_zone'] == held
    assert held['DnsSecEnabled'] is True and held['Nameserver2'] == 'ns2.example.org'
    assert done['dnssec']['enabled'] is True
    assert done['dnssec']['ds_record'].startswith('example.net. 3600 IN DS ')
    assert set(done['dnssec']) == {'enabled', 'ds_record', 'digest', 'digest_type', 'algorithm', 'key_tag', 'flags'}
    assert done['diff'] == predicted['diff']
    assert predicted['diff'] == {
        'before': {},
        'after': {
            'domain': DOMAIN,
            'nameservers': ['ns1.example.org', 'ns2.example.org'],
            'soa_email': 'Hostmaster@example.net',
            'logging': True,
            'logging_ip_anonymization': 'drop',
            'dnssec': True,
        },
        'before_header': 'DNS zone example.net',
        'after_header': 'create',
    }
    # What the module sets is predicted; the id and the service's own choices are null until the service makes them.
    assert predicted['dns_zone']['Id'] is None and predicted['dnssec'] == {'enabled': True}
    assert {key: done['dns_zone'][key] for key in predicted['dns_zone'] if predicted['dns_zone'][key] is not None} == {
        key: value for key, value in predicted['dns_zone'].items() if value is not None
    }
    emulator.forget_requests()
    again = run_module(dns_zone.main, {**wanted, 'soa_email': 'hostmaster@EXAMPLE.net'}, diff=True).result
    assert again['changed'] is False
    assert calls(emulator) == [('GET', '/dnszone')]
    assert again['dnssec'] == {'enabled': True} and again['dns_zone'] == done['dns_zone']


@pytest.mark.parametrize(
    'option, value, body',
    [
        ('nameservers', [], {'CustomNameserversEnabled': False}),
        (
            'nameservers',
            ['ns.example.org'],
            {'CustomNameserversEnabled': True, 'Nameserver1': 'ns.example.org', 'Nameserver2': ''},
        ),
        ('logging_ip_anonymization', 'off', {'LoggingIPAnonymizationEnabled': False}),
        ('logging_ip_anonymization', 'drop', {'LoggingIPAnonymizationEnabled': True, 'LogAnonymizationType': 1}),
        ('logging', True, {'LoggingEnabled': True}),
        ('soa_email', 'dns@example.net', {'SoaEmail': 'dns@example.net'}),
    ],
)
def test_an_update_sends_only_what_differs_and_converges(
    emulator: Emulator, run_module: t.Any, option: str, value: t.Any, body: dict[str, t.Any]
) -> None:
    zone_id = make_zone(emulator)
    # Custom name servers first, so that turning them off is a change.
    emulator.client().request(
        'POST',
        f'dnszone/{zone_id}',
        'set name servers',
        json_body={'CustomNameserversEnabled': True, 'Nameserver1': 'a.example.org', 'Nameserver2': 'b.example.org'},
    )
    emulator.forget_requests()
    outcome = run_module(dns_zone.main, args(**{option: value}), diff=True)
    assert outcome.result['changed'] is True
    assert [(sent.method, sent.path, sent.json) for sent in emulator.writes] == [('POST', f'/dnszone/{zone_id}', body)]
    diff = outcome.result['diff']
    assert diff['after'][option] == ([server.rstrip('.') for server in value] if option == 'nameservers' else value)
    assert diff['before'][option] != diff['after'][option]
    assert outcome.result['dns_zone'] == {key: item for key, item in zone_of(emulator).items() if key != 'Records'}
    emulator.forget_requests()
    assert run_module(dns_zone.main, args(**{option: value})).result['changed'] is False
    assert emulator.writes == []


def test_a_zone_without_custom_name_servers_has_none_and_one_digit_is_its_default(
    emulator: Emulator, run_module: t.Any
) -> None:
    make_zone(emulator)  # the service's own name servers; client addresses of its logs kept without their last digit
    outcome = run_module(dns_zone.main, args(nameservers=[], logging_ip_anonymization='one_digit'))
    assert outcome.result['changed'] is False and emulator.writes == []


def test_dnssec_off_answers_enabled_false(emulator: Emulator, run_module: t.Any) -> None:
    zone_id = make_zone(emulator)
    run_module(dns_zone.main, args(dnssec=True))
    emulator.forget_requests()
    outcome = run_module(dns_zone.main, args(dnssec=False))
    assert outcome.result['changed'] is True and outcome.result['dnssec'] == {'enabled': False}
    assert [(sent.method, sent.path) for sent in emulator.writes] == [('DELETE', f'/dnszone/{zone_id}/dnssec')]
    assert zone_of(emulator)['DnsSecEnabled'] is False


def test_a_zone_file_is_imported_on_create_then_its_record_sets_are_managed_with_no_write(
    emulator: Emulator, run_module: t.Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    warned: list[str] = []
    monkeypatch.setattr(basic.AnsibleModule, 'warn', lambda self, warning: warned.append(warning))
    wanted = {**COMMON_ARGS, 'domain': MIGRATED, 'import_zone_file': str(ZONE_FILE)}
    predicted = run_module(dns_zone.main, wanted, check_mode=True, diff=True)
    assert emulator.writes == []
    assert predicted.result['imported'] == {'RecordsSuccessful': 239, 'RecordsFailed': 2, 'RecordsSkipped': 3}
    assert predicted.result['diff']['after_header'] == f'create; import 239 records of {ZONE_FILE} (5 left out)'
    done = run_module(dns_zone.main, wanted, diff=True)
    zone_id = done.result['dns_zone']['Id']
    assert [(sent.method, sent.path) for sent in emulator.writes] == [
        ('POST', '/dnszone'),
        ('POST', f'/dnszone/{zone_id}/import'),
    ]
    assert emulator.writes[1].content == ZONE_FILE.read_bytes()
    assert done.result['imported'] == predicted.result['imported']
    assert done.result['diff'] == predicted.result['diff']
    # The service cannot hold an HINFO or SSHFP record: the warning names them.
    (warning,) = warned
    assert warning.startswith(f'2 records of {ZONE_FILE} were not imported: line 74 (HINFO: ')
    assert 'line 76 (SSHFP: the API has no record type of it)' in warning
    assert len(zone_of(emulator, MIGRATED)['Records']) == 239

    emulator.forget_requests()
    again = run_module(dns_zone.main, wanted)
    assert again.result['changed'] is False and 'imported' not in again.result
    assert calls(emulator) == [('GET', '/dnszone'), ('GET', f'/dnszone/{zone_id}')]

    emulator.forget_requests()
    for record_set in RECORD_SETS:
        outcome = run_module(dns_record_set.main, {**COMMON_ARGS, 'zone': MIGRATED, **record_set})
        assert outcome.result['changed'] is False, (record_set, outcome.result)
    assert emulator.writes == []
    assert len(emulator.sent) == 2 * len(RECORD_SETS)
    assert sum(len(record_set['values']) for record_set in RECORD_SETS) == 239


def test_a_zone_file_is_imported_into_a_zone_that_holds_none_of_its_records(
    emulator: Emulator, run_module: t.Any, tmp_path: pathlib.Path
) -> None:
    zone_id = make_zone(emulator, records=[{'Type': 0, 'Name': 'elsewhere', 'Value': '198.51.100.1'}])
    zone_file = tmp_path / 'example.net.zone'
    zone_file.write_text('$TTL 600\nwww IN A 192.0.2.1\n  IN AAAA 2001:db8::1\n')
    outcome = run_module(dns_zone.main, args(import_zone_file=str(zone_file)), diff=True)
    assert outcome.result['changed'] is True
    assert outcome.result['imported'] == {'RecordsSuccessful': 2, 'RecordsFailed': 0, 'RecordsSkipped': 0}
    assert [sent.path for sent in emulator.writes] == [f'/dnszone/{zone_id}/import']
    assert outcome.result['diff']['before']['import_zone_file'] is None
    # Once it holds any of them, the file is not imported again (a record removed since stays removed).
    www = next(record for record in zone_of(emulator)['Records'] if record['Type'] == 1)
    emulator.client().request('DELETE', f"dnszone/{zone_id}/records/{www['Id']}", 'delete a record')
    emulator.forget_requests()
    again = run_module(dns_zone.main, args(import_zone_file=str(zone_file)))
    assert again.result['changed'] is False and emulator.writes == []


def test_an_import_whose_answer_is_lost_is_checked_against_the_zone(
    emulator: Emulator, run_module: t.Any, tmp_path: pathlib.Path
) -> None:
    make_zone(emulator)
    zone_file = tmp_path / 'example.net.zone'
    zone_file.write_text('www 600 IN A 192.0.2.1\n')
    emulator.add_fault(service='api', method='POST', path='/import$', drop=True, after=True)
    outcome = run_module(dns_zone.main, args(import_zone_file=str(zone_file)))
    assert outcome.result['changed'] is True and not outcome.failed, outcome.result
    assert outcome.result['imported'] == {}
    assert [record['Value'] for record in zone_of(emulator)['Records']] == ['192.0.2.1']
    assert [(sent.path, sent.status) for sent in emulator.writes] == [
        (f"/dnszone/{outcome.result['dns_zone']['Id']}/import", 0)
    ]


def test_an_import_refused_before_it_acted_is_done_by_the_rerun(
    emulator: Emulator, run_module: t.Any, tmp_path: pathlib.Path
) -> None:
    zone_file = tmp_path / 'example.net.zone'
    zone_file.write_text('www 600 IN A 192.0.2.1\n')
    emulator.add_fault(service='api', method='POST', path='/import$', status=500)
    failed = run_module(dns_zone.main, args(import_zone_file=str(zone_file)))
    assert failed.failed and failed.result['changed'] is True  # the zone was created
    assert 'import records into DNS zone' in failed.result['msg'] and 'HTTP 500' in failed.result['msg']
    repaired = run_module(dns_zone.main, args(import_zone_file=str(zone_file)))
    assert repaired.result['changed'] is True and repaired.result['imported']['RecordsSuccessful'] == 1
    assert len(zones_of(emulator)) == 1


def test_a_create_whose_answer_is_lost_is_found_by_its_domain(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='POST', path='^/dnszone$', drop=True, after=True)
    outcome = run_module(dns_zone.main, args(logging=True))
    assert outcome.result['changed'] is True and not outcome.failed, outcome.result
    assert len(zones_of(emulator)) == 1 and zone_of(emulator)['LoggingEnabled'] is True


def test_a_malformed_zone_file_is_refused_naming_its_line_before_any_request(
    emulator: Emulator, run_module: t.Any, tmp_path: pathlib.Path
) -> None:
    zone_file = tmp_path / 'bad.zone'
    zone_file.write_text('www IN A 192.0.2.1\nmail IN MX mail.example.net.\n')
    outcome = run_module(dns_zone.main, args(import_zone_file=str(zone_file)))
    assert outcome.failed
    assert outcome.result['msg'] == (
        f"import_zone_file {zone_file}: line 2: 'mail.example.net.' is not PRIORITY TARGET, such as "
        "'10 mail.example.com'"
    )
    assert emulator.sent == []


def test_deletes_the_zone_and_again_changes_nothing(emulator: Emulator, run_module: t.Any) -> None:
    zone_id = make_zone(emulator, records=[{'Type': 0, 'Name': 'www', 'Value': '192.0.2.1'}])
    check = run_module(dns_zone.main, args(state='absent'), check_mode=True, diff=True).result
    assert check['changed'] is True and emulator.writes == [] and check['dns_zone'] == {}
    assert check['diff']['after'] == {} and check['diff']['before'] == {'domain': DOMAIN}
    done = run_module(dns_zone.main, args(state='absent'), diff=True).result
    assert done == check
    assert [(sent.method, sent.path) for sent in emulator.writes] == [('DELETE', f'/dnszone/{zone_id}')]
    assert zones_of(emulator) == []
    emulator.forget_requests()
    again = run_module(dns_zone.main, args(state='absent')).result
    assert again == {'changed': False, 'dns_zone': {}, 'dnssec': {}}
    assert emulator.writes == []


def test_a_zone_given_by_id(emulator: Emulator, run_module: t.Any) -> None:
    zone_id = make_zone(emulator)
    found = run_module(dns_zone.main, {**COMMON_ARGS, 'id': zone_id, 'logging': True})
    assert found.result['changed'] is True and found.result['dns_zone']['Domain'] == DOMAIN
    missing = run_module(dns_zone.main, {**COMMON_ARGS, 'id': 999999, 'logging': True})
    assert (
        missing.failed and missing.result['msg'] == 'DNS zone 999999 does not exist; give domain to create a DNS zone'
    )
    gone = run_module(dns_zone.main, {**COMMON_ARGS, 'id': 999999, 'state': 'absent'})
    assert gone.result['changed'] is False


def test_a_domain_the_service_refuses_fails_with_its_answer(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='POST', path='^/dnszone$', status=400)
    outcome = run_module(dns_zone.main, args())
    assert outcome.failed and outcome.result['changed'] is False
    assert outcome.result['msg'].startswith('add DNS zone example.net failed: HTTP 400')


# ---- records declared with the zone (the site role's site_dns_zones) ---------------------------------------------
ZONE_RECORDS: list[dict[str, t.Any]] = [
    {'name': '@', 'type': 'a', 'values': ['192.0.2.10', '192.0.2.11'], 'ttl': 300},
    {'name': '@', 'type': 'mx', 'values': ['10 mail.example.net.']},
    {'name': 'www', 'type': 'cname', 'values': ['example.net']},
    {'name': 'cdn', 'type': 'pullzone', 'values': ['assets-000']},
    {'name': 'api', 'type': 'a', 'values': [{'value': '198.51.100.1', 'weight': 80, 'comment': 'primary'}]},
]


def test_a_zone_is_made_with_its_record_sets_in_one_run_as_check_mode_predicts(
    emulator: Emulator, run_module: t.Any
) -> None:
    wanted = args(records=ZONE_RECORDS, records_exclusive=True, logging=True)
    predicted = run_module(dns_zone.main, wanted, check_mode=True, diff=True).result
    assert emulator.writes == []
    assert predicted['changed'] and predicted['diff']['after_header'] == 'create; change 5 record sets'
    assert predicted['diff']['after']['records']['pullzone cdn.example.net'] == [{'value': 'assets-000'}]
    assert [(item['name'], item['type'], item['changed']) for item in predicted['record_sets']] == [
        ('@', 'a', True),
        ('@', 'mx', True),
        ('www', 'cname', True),
        ('cdn', 'pullzone', True),
        ('api', 'a', True),
    ]
    # One read of the zone (it does not exist) and one of the pull zones, for the pullzone value.
    assert calls(emulator) == [('GET', '/dnszone'), ('GET', '/pullzone')]
    emulator.forget_requests()
    done = run_module(dns_zone.main, wanted, diff=True).result
    zone = zone_of(emulator)
    assert done['diff'] == predicted['diff']
    adds = [sent.json for sent in emulator.writes if sent.method == 'PUT']
    assert len(adds) == 6 and {'Type': 7, 'Name': 'cdn', 'PullZoneId': 1001} in adds
    held = {(record['Name'], record['Type'], record['Value']) for record in zone['Records']}
    assert ('cdn', 7, 'assets-000.edge-cdn.test') in held and ('www', 2, 'example.net') in held
    assert next(r for r in zone['Records'] if r['Name'] == 'api')['Weight'] == 80
    emulator.forget_requests()
    again = run_module(dns_zone.main, wanted, diff=True).result
    assert not again['changed'] and emulator.writes == []
    zone_id = zone['Id']
    assert calls(emulator) == [('GET', '/dnszone'), ('GET', f'/dnszone/{zone_id}'), ('GET', '/pullzone')]
    assert [item['changed'] for item in again['record_sets']] == [False] * 5


def test_records_exclusive_removes_the_sets_not_listed_first_and_spares_a_sites_hostname_record(
    emulator: Emulator, run_module: t.Any
) -> None:
    """The seeded zone holds a pullzone record for each custom hostname of the seeded pull zones: those belong to the
    sites. A cname may take the name of records it replaces: the removal goes first."""
    brand = zone_of(emulator, 'brand.example')
    listed = [{'name': 'mail', 'type': 'cname', 'values': ['mx.example.org']}]
    wanted = {**COMMON_ARGS, 'domain': 'brand.example', 'records': listed, 'records_exclusive': True}
    predicted = run_module(dns_zone.main, wanted, check_mode=True, diff=True).result
    assert emulator.writes == []
    removed = [item for item in predicted['record_sets'] if item['records'] == []]
    site_records = [r for r in brand['Records'] if r['Type'] == 7]
    kept = {(r['Name'], r['Type']) for r in brand['Records'] if r['Type'] == 7}
    assert {(item['name'], item['type']) for item in removed} == {
        (r['Name'] or '@', dns_record_set_type(r['Type'])) for r in brand['Records'] if r['Type'] != 7
    }
    assert len(site_records) == 5 and all(item['type'] != 'pullzone' for item in removed)
    emulator.forget_requests()
    done = run_module(dns_zone.main, wanted).result
    assert done['changed']
    methods = [sent.method for sent in emulator.writes]
    assert methods.index('PUT') > max(i for i, m in enumerate(methods) if m == 'DELETE')  # removed first
    after = zone_of(emulator, 'brand.example')['Records']
    assert {(r['Name'], r['Type']) for r in after} == kept | {('mail', 2)}


def dns_record_set_type(number: int) -> str:
    from ansible_collections.edge.platform.plugins.module_utils._tables.dns_record_set import RECORD_TYPES

    return str(RECORD_TYPES.name(number))


@pytest.mark.parametrize(
    'extra, message',
    [
        ({'records_exclusive': True}, 'records_exclusive requires records'),
        ({'records': [], 'state': 'absent'}, 'records cannot be given with state=absent'),
        ({'records': [{'name': 'www', 'type': 'a', 'values': ['192.0.2.300']}]}, 'records[0] (a www): values[0]'),
        (
            {
                'records': [
                    {'name': 'www', 'type': 'a', 'values': ['192.0.2.1']},
                    {'name': 'WWW.example.net.', 'type': 'a', 'values': ['192.0.2.2']},
                ]
            },
            'records[1] (a WWW.example.net.) is the set of records[0] (a www) again',
        ),
        ({'records': [{'name': '@', 'type': 'cname', 'values': ['x.example.org']}]}, 'cannot be at the apex'),
    ],
)
def test_records_are_refused_before_any_request(
    emulator: Emulator, run_module: t.Any, extra: dict[str, t.Any], message: str
) -> None:
    outcome = run_module(dns_zone.main, args(**extra))
    assert outcome.failed and message in outcome.result['msg'], outcome.result
    assert emulator.sent == []


def test_a_pullzone_value_of_no_pull_zone_is_refused_before_any_write(emulator: Emulator, run_module: t.Any) -> None:
    make_zone(emulator)
    outcome = run_module(dns_zone.main, args(records=[{'name': 'cdn', 'type': 'pullzone', 'values': ['no-such-zone']}]))
    assert outcome.failed and 'records[0] (pullzone cdn)' in outcome.result['msg'], outcome.result
    assert 'no pull zone of the account has this name' in outcome.result['msg']
    assert emulator.writes == []
