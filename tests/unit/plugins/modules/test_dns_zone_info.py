# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.modules import dns_zone_info
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator

RECORDS = [
    {'Type': 0, 'Name': 'www', 'Ttl': 300, 'Value': '192.0.2.1'},
    {'Type': 4, 'Name': '', 'Ttl': 3600, 'Value': 'mail.example.net', 'Priority': 10},
    {'Type': 3, 'Name': '_dmarc', 'Ttl': 3600, 'Value': 'v=DMARC1; p=none'},
]


def make_zones(emulator: Emulator) -> dict[str, int]:
    client = emulator.client()
    made = {
        domain: int(
            client.request('POST', 'dnszone', 'add', json_body={'Domain': domain, 'Records': records}).json()['Id']
        )
        for domain, records in (('example.net', RECORDS), ('shop.example.net', []), ('example.org', RECORDS[:1]))
    }
    emulator.forget_requests()
    return made


def held(emulator: Emulator) -> dict[str, dict[str, t.Any]]:
    return {zone['Domain']: zone for zone in emulator.snapshot()['dns_zones']}


def test_lists_every_zone_with_its_records_in_one_request(emulator: Emulator, run_module: t.Any) -> None:
    make_zones(emulator)
    outcome = run_module(dns_zone_info.main, COMMON_ARGS)
    assert outcome.result['changed'] is False
    zones = outcome.result['dns_zones']
    assert zones == emulator.snapshot()['dns_zones']  # every zone of the account, in the API's order
    assert [zone['Domain'] for zone in zones][-3:] == ['example.net', 'shop.example.net', 'example.org']
    assert held(emulator)['example.net']['Records'] and zones[-3]['Records'] == held(emulator)['example.net']['Records']
    assert [(sent.method, sent.path, sent.params['view']) for sent in emulator.sent] == [('GET', '/dnszone', '0')]


def test_one_zone_by_its_domain_or_id_and_without_records(emulator: Emulator, run_module: t.Any) -> None:
    made = make_zones(emulator)
    by_domain = run_module(dns_zone_info.main, {**COMMON_ARGS, 'domain': 'Example.NET.'}).result['dns_zones']
    assert by_domain == [held(emulator)['example.net']]  # shop.example.net matches the search, not the domain
    assert [sent.params.get('search') for sent in emulator.sent] == ['example.net']
    emulator.forget_requests()
    by_id = run_module(dns_zone_info.main, {**COMMON_ARGS, 'id': made['example.org'], 'records': False}).result
    expected = {key: value for key, value in held(emulator)['example.org'].items() if key != 'Records'}
    assert by_id['dns_zones'] == [expected]
    assert [(sent.path, sent.params) for sent in emulator.sent] == [(f"/dnszone/{made['example.org']}", {'view': '1'})]
    lite = run_module(dns_zone_info.main, {**COMMON_ARGS, 'records': False}).result['dns_zones']
    assert all('Records' not in zone for zone in lite) and len(lite) == len(held(emulator))


def test_a_domain_or_id_of_no_zone_is_an_empty_list(emulator: Emulator, run_module: t.Any) -> None:
    make_zones(emulator)
    assert run_module(dns_zone_info.main, {**COMMON_ARGS, 'domain': 'nowhere.example'}).result['dns_zones'] == []
    assert run_module(dns_zone_info.main, {**COMMON_ARGS, 'id': 999999}).result['dns_zones'] == []


def test_the_zone_file_is_the_export(emulator: Emulator, run_module: t.Any) -> None:
    made = make_zones(emulator)
    outcome = run_module(dns_zone_info.main, {**COMMON_ARGS, 'domain': 'example.net', 'zone_file': True}).result
    (zone,) = outcome['dns_zones']
    exported = emulator.client().request('GET', f"dnszone/{made['example.net']}/export", 'export').raw.text
    assert zone['zone_file'] == exported
    assert '$ORIGIN example.net.' in exported and '_dmarc\t3600\tIN\tTXT\t"v=DMARC1; p=none"' in exported


def test_a_failure_names_the_operation(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='GET', path='^/dnszone$', status=401)
    outcome = run_module(dns_zone_info.main, COMMON_ARGS)
    assert outcome.failed and outcome.result['msg'].startswith('list DNS zones failed: HTTP 401')
