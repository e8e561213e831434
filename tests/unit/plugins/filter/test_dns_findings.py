# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The filter the audit finds what is wrong with the DNS zones with: dangling records, hostnames whose names point
elsewhere, zones not delegated or not signed, each naming the record's full name and its zone, with its fix (the
role_audit target runs it in the role)."""

from __future__ import annotations

import typing as t

import pytest
from ansible.errors import AnsibleFilterError

from ansible_collections.edge.platform.plugins.filter.dns_findings import FilterModule, dns_findings
from ansible_collections.edge.platform.tests.unit.helpers import Emulator


def read(emulator: Emulator) -> tuple[list[dict[str, t.Any]], list[dict[str, t.Any]]]:
    """The DNS zones with their records and the pull zones, as the audit reads them (the API's property names)."""
    snapshot = emulator.snapshot()
    return snapshot['dns_zones'], snapshot['pullzones']


def add(emulator: Emulator, zone_id: int, **record: t.Any) -> None:
    emulator.client().request('PUT', f'dnszone/{zone_id}/records', 'add a record', json_body=record)


def test_the_filter_is_the_check() -> None:
    assert FilterModule().filters()['dns_findings'] is dns_findings


def test_the_seeded_account_is_sound(emulator: Emulator) -> None:
    """brand.example is delegated and signed, and every hostname in it, and its cname, point at their pull zones."""
    assert dns_findings(*read(emulator)) == []


def test_records_of_pull_zones_that_are_gone_are_dangling(emulator: Emulator) -> None:
    emulator.client().request('DELETE', 'pullzone/1001', 'delete assets-000')
    add(emulator, 4001, Type=2, Name='off', Value='gone-zone.edge-cdn.test', Disabled=True)  # not served: no risk
    add(emulator, 4001, Type=2, Name='elsewhere', Value='cdn.example.org')  # not the service's: not ours to tell
    findings = dns_findings(*read(emulator))
    assert [(f['check'], f['severity'], f['record'], f['record_type']) for f in findings] == [
        ('dns_dangling_record', 'high', 'www.brand.example', 'cname'),
        ('dns_dangling_record', 'high', 'assets-000.brand.example', 'pullzone'),
    ]
    cname, record = findings
    assert cname['resource'] == 'record www.brand.example (cname) of DNS zone brand.example'
    assert 'is a cname to assets-000.edge-cdn.test, the system hostname of no pull zone' in cname['message']
    assert (record['dns_zone'], record['dns_zone_id']) == ('brand.example', 4001)
    assert 'links pull zone 1001, which no longer exists' in record['message']
    assert record['fix'] == {
        'module': 'edge.platform.dns_record_set',
        'options': {'zone': 'brand.example', 'name': 'assets-000', 'type': 'pullzone', 'state': 'absent'},
        'text': 'edge.platform.dns_record_set zone: brand.example, name: assets-000, type: pullzone, state: absent '
        '(or point it at a pull zone that exists)',
    }


def test_a_hostname_whose_name_points_elsewhere_is_told_and_a_wildcard_answers_for_names_without_records(
    emulator: Emulator,
) -> None:
    client = emulator.client()
    for hostname in ('shop.apps.brand.example', 'blog.apps.brand.example', 'edge.brand.example'):
        client.request('POST', 'pullzone/1002/addHostname', 'add', json_body={'Hostname': hostname})
    add(emulator, 4001, Type=7, Name='*.apps', PullZoneId=1002)  # answers for shop and blog: media-001's
    add(emulator, 4001, Type=7, Name='blog.apps', PullZoneId=1001)  # blog has records of its own: assets-000's
    add(emulator, 4001, Type=2, Name='edge', Value='MEDIA-001.edge-cdn.test.')  # a cname to its system hostname
    findings = dns_findings(*read(emulator))
    [blog] = findings
    assert (blog['check'], blog['severity'], blog['hostname'], blog['pullzone_id']) == (
        'hostname_dns_elsewhere',
        'medium',
        'blog.apps.brand.example',
        1002,
    )
    assert blog['resource'] == 'pull zone media-001 (1002)' and blog['record'] == 'blog.apps.brand.example'
    assert blog['message'] == (
        'hostname blog.apps.brand.example lies in DNS zone brand.example, and its records there (pullzone) point '
        'elsewhere, not at pull zone media-001: its free certificate cannot be issued or renewed'
    )
    assert blog['fix']['options'] == {
        'zone': 'brand.example',
        'name': 'blog.apps',
        'type': 'pullzone',
        'values': ['media-001'],
    }
    # Only the pull zones the audit covers are told.
    zones, pullzones = read(emulator)
    assert dns_findings(zones, pullzones, [zone for zone in pullzones if zone['Id'] != 1002]) == []


def test_a_new_zone_is_not_delegated_and_not_signed(emulator: Emulator) -> None:
    emulator.client().request('POST', 'dnszone', 'add a zone', json_body={'Domain': 'fresh.example'})
    findings = [f for f in dns_findings(*read(emulator)) if f['dns_zone'] == 'fresh.example']
    assert [(f['check'], f['severity'], f['resource']) for f in findings] == [
        ('dns_zone_not_delegated', 'medium', 'DNS zone fresh.example'),
        ('dns_zone_dnssec_off', 'low', 'DNS zone fresh.example'),
    ]
    delegation, dnssec = findings
    assert delegation['fix'] == {
        'module': None,
        'options': {'nameservers': ['ns1.edge-dns.test', 'ns2.edge-dns.test']},
        'text': 'at the registrar of fresh.example, set its name servers to ns1.edge-dns.test, ns2.edge-dns.test',
    }
    assert dnssec['fix']['module'] == 'edge.platform.dns_zone'
    assert dnssec['fix']['options'] == {'domain': 'fresh.example', 'dnssec': True}


@pytest.mark.parametrize('zones, pullzones', [({}, []), ([], None)])
def test_anything_but_lists_is_refused(zones: t.Any, pullzones: t.Any) -> None:
    with pytest.raises(AnsibleFilterError, match='takes a list of DNS zones and a list of pull zones'):
        dns_findings(zones, pullzones)
