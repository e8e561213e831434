# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's DNS zones and records (GAPS "DNS, storage, Shield rules, audit log"; the ``/dnszone`` paths of the
reference), in-process."""

from __future__ import annotations

import base64
import struct
import typing as t

import pytest
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.emulator.areas.dns import ds_digest, key_tag
from ansible_collections.edge.platform.tests.emulator.areas.dns_records import (
    RECORD_DEFAULTS,
    SERVICE_NAMESERVERS,
    SERVICE_SOA_EMAIL,
    dns_zones,
)
from ansible_collections.edge.platform.tests.emulator.core import State
from ansible_collections.edge.platform.tests.emulator.server import admin_app

# DnsZoneModel's properties, in the reference's order.
ZONE_FIELDS = [
    'Id',
    'Domain',
    'Records',
    'DateModified',
    'DateCreated',
    'NameserversDetected',
    'CustomNameserversEnabled',
    'Nameserver1',
    'Nameserver2',
    'SoaEmail',
    'NameserversNextCheck',
    'LoggingEnabled',
    'LoggingIPAnonymizationEnabled',
    'LogAnonymizationType',
    'DnsSecEnabled',
    'CertificateKeyType',
]
# DnsRecordModel's properties, in the reference's order.
RECORD_FIELDS = [
    'Id',
    'Type',
    'Ttl',
    'Value',
    'Name',
    'Weight',
    'Priority',
    'Port',
    'Flags',
    'Tag',
    'Accelerated',
    'AcceleratedPullZoneId',
    'LinkName',
    'IPGeoLocationInfo',
    'GeolocationInfo',
    'MonitorStatus',
    'MonitorType',
    'GeolocationLatitude',
    'GeolocationLongitude',
    'EnviromentalVariables',
    'LatencyZone',
    'SmartRoutingType',
    'Disabled',
    'Comment',
    'AutoSslIssuance',
    'AccelerationStatus',
]


def error_of(answer: t.Any, status: int, key: str, field: str) -> str:
    """The core error body ``{ErrorKey, Field, Message}`` of ``answer``, checked; its message."""
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {'ErrorKey', 'Field', 'Message'}
    assert (body['ErrorKey'], body['Field']) == (key, field), body
    return t.cast(str, body['Message'])


def create_zone(api: TestClient, domain: str = 'zone.example', **extra: t.Any) -> dict[str, t.Any]:
    answer = api.post('/dnszone', json={'Domain': domain, **extra})
    assert answer.status_code == 201, answer.text
    return t.cast(dict, answer.json())


def add(api: TestClient, zone_id: int, **record: t.Any) -> dict[str, t.Any]:
    answer = api.put(f'/dnszone/{zone_id}/records', json=record)
    assert answer.status_code == 201, answer.text
    return t.cast(dict, answer.json())


def records_of(api: TestClient, zone_id: int) -> list[dict[str, t.Any]]:
    return t.cast(list, api.get(f'/dnszone/{zone_id}').json()['Records'])


# ---- zones ---------------------------------------------------------------------------------------------------


def test_a_new_zone_has_the_reference_fields_and_the_service_defaults(api: TestClient, state: State) -> None:
    zone = create_zone(api, 'Shop.Example.')
    assert list(zone) == ZONE_FIELDS
    assert zone['Domain'] == 'shop.example'  # lower case, no trailing dot
    assert zone['Records'] == []
    assert (zone['Nameserver1'], zone['Nameserver2']) == SERVICE_NAMESERVERS
    assert zone['SoaEmail'] == SERVICE_SOA_EMAIL
    assert zone['CustomNameserversEnabled'] is zone['NameserversDetected'] is zone['DnsSecEnabled'] is False
    assert zone['LoggingEnabled'] is False and zone['LoggingIPAnonymizationEnabled'] is True
    assert zone['LogAnonymizationType'] == zone['CertificateKeyType'] == 0
    assert zone['DateCreated'] == zone['DateModified'] and zone['DateCreated'].endswith('Z')
    assert zone['NameserversNextCheck'] > zone['DateCreated']
    assert api.get(f'/dnszone/{zone["Id"]}').json() == zone
    assert dns_zones(state)[zone['Id']] == zone
    state_zones = TestClient(admin_app(state)).get('/state').json()['dns_zones']
    assert zone in state_zones


def test_zone_ids_are_never_given_twice(api: TestClient) -> None:
    first = create_zone(api, 'one.example')
    assert api.delete(f'/dnszone/{first["Id"]}').status_code == 204
    second = create_zone(api, 'one.example')
    assert second['Id'] > first['Id']


def test_a_zone_is_created_with_its_records(api: TestClient) -> None:
    zone = create_zone(
        api,
        'with-records.example',
        Records=[{'Type': 0, 'Name': 'www', 'Value': '192.0.2.1'}, {'Type': 3, 'Name': '@', 'Value': 'v=spf1 -all'}],
    )
    assert [(r['Type'], r['Name'], r['Value']) for r in zone['Records']] == [
        (0, 'www', '192.0.2.1'),
        (3, '', 'v=spf1 -all'),
    ]
    assert len({r['Id'] for r in zone['Records']}) == 2 and all(r['Id'] > 0 for r in zone['Records'])
    assert records_of(api, zone['Id']) == zone['Records']


@pytest.mark.parametrize(
    ('body', 'field', 'key'),
    [
        ({}, 'Domain', 'validation_error'),
        ({'Domain': ''}, 'Domain', 'validation_error'),
        ({'Domain': 'localhost'}, 'Domain', 'validation_error'),
        ({'Domain': 'bad_name.example'}, 'Domain', 'validation_error'),
        ({'Domain': 'ok.example', 'Records': {}}, 'Records', 'validation_error'),
        ({'Domain': 'ok.example', 'Records': [{'Type': 0, 'Value': 'nope'}]}, 'Records[0].Value', 'validation_error'),
        ({'Domain': 'ok.example', 'Records': [{'Value': '192.0.2.1'}]}, 'Records[0].Type', 'validation_error'),
        (
            {'Domain': 'ok.example', 'Records': [{'Type': 0, 'Value': '192.0.2.1'}] * 2},
            'Records[1].Value',
            'dnsrecord.duplicate',
        ),
    ],
)
def test_a_refused_zone_is_not_created(
    api: TestClient, state: State, body: dict[str, t.Any], field: str, key: str
) -> None:
    error_of(api.post('/dnszone', json=body), 400, key, field)
    assert all(zone['Domain'] != 'ok.example' for zone in dns_zones(state).values())


def test_a_domain_is_one_zone(api: TestClient) -> None:
    create_zone(api, 'taken.example')
    message = error_of(api.post('/dnszone', json={'Domain': 'TAKEN.example'}), 400, 'dnszone.domain_taken', 'Domain')
    assert 'taken.example' in message
    assert api.post('/dnszone/checkavailability', json={'Name': 'taken.example'}).json() == {'Available': False}
    assert api.post('/dnszone/checkavailability', json={'Name': 'free.example'}).json() == {'Available': True}
    assert api.post('/dnszone/checkavailability', json={'Name': 'not a domain'}).json() == {'Available': False}
    error_of(api.post('/dnszone/checkavailability', json={}), 400, 'validation_error', 'Name')


def test_unknown_zones_and_records_are_404(api: TestClient) -> None:
    for answer in (
        api.get('/dnszone/999'),
        api.post('/dnszone/999', json={}),
        api.delete('/dnszone/999'),
        api.put('/dnszone/999/records', json={'Type': 0, 'Value': '192.0.2.1'}),
        api.get('/dnszone/999/records'),
    ):
        error_of(answer, 404, 'dnszone.not_found', 'id')
    zone = create_zone(api)
    for answer in (
        api.post(f'/dnszone/{zone["Id"]}/records/5', json={'Ttl': 60}),
        api.delete(f'/dnszone/{zone["Id"]}/records/5'),
    ):
        error_of(answer, 404, 'dnsrecord.not_found', 'id')


def test_the_api_key_is_required(state: State) -> None:
    from ansible_collections.edge.platform.tests.emulator.server import build_service

    anonymous = TestClient(build_service('api', state))
    error_of(anonymous.get('/dnszone'), 401, 'unauthorized', 'AccessKey')


def test_zones_are_listed_by_pages_and_searched(api: TestClient) -> None:
    for number in range(7):
        create_zone(api, f'page-{number}.example', Records=[{'Type': 0, 'Value': '192.0.2.1'}])
    create_zone(api, 'other.test')
    first = api.get('/dnszone', params={'perPage': 5}).json()
    assert set(first) == {'Items', 'CurrentPage', 'TotalItems', 'HasMoreItems'}
    # The seeded brand.example, then the zones made here.
    assert (first['CurrentPage'], first['TotalItems'], first['HasMoreItems'], len(first['Items'])) == (1, 9, True, 5)
    second = api.get('/dnszone', params={'perPage': 5, 'page': 2}).json()
    assert (second['CurrentPage'], second['HasMoreItems'], len(second['Items'])) == (2, False, 4)
    domains = [z['Domain'] for z in first['Items'] + second['Items']]
    assert domains == ['brand.example', *(f'page-{number}.example' for number in range(7)), 'other.test']
    assert first['Items'][1]['Records'][0]['Value'] == '192.0.2.1'  # Full view: the records too
    past = api.get('/dnszone', params={'perPage': 5, 'page': 9}).json()
    assert (past['Items'], past['TotalItems'], past['HasMoreItems']) == ([], 9, False)
    found = api.get('/dnszone', params={'search': 'PAGE-3'}).json()
    assert [z['Domain'] for z in found['Items']] == ['page-3.example']
    lite = api.get('/dnszone', params={'view': 1, 'search': 'page-3'}).json()['Items'][0]
    assert lite['Records'] is None and lite['Domain'] == 'page-3.example'
    assert api.get(f'/dnszone/{lite["Id"]}', params={'view': 1}).json() == lite
    default = api.get('/dnszone', params={'page': '', 'perPage': ''}).json()
    assert (default['CurrentPage'], len(default['Items'])) == (1, 9)
    for params, field in (({'page': 0}, 'page'), ({'perPage': 4}, 'perPage'), ({'perPage': 1001}, 'perPage')):
        error_of(api.get('/dnszone', params=params), 400, 'validation_error', field)


def test_a_zone_update_changes_only_what_is_sent(api: TestClient) -> None:
    zone = create_zone(api)
    path = f'/dnszone/{zone["Id"]}'
    answer = api.post(path, json={'LoggingEnabled': True, 'LogAnonymizationType': 1, 'SoaEmail': 'dns@zone.example'})
    assert answer.status_code == 200
    updated = answer.json()
    assert (updated['LoggingEnabled'], updated['LogAnonymizationType'], updated['SoaEmail']) == (
        True,
        1,
        'dns@zone.example',
    )
    assert updated['LoggingIPAnonymizationEnabled'] is True and updated['CertificateKeyType'] == 0
    assert updated['DateModified'] >= zone['DateModified'] and updated['DateCreated'] == zone['DateCreated']
    again = api.post(path, json={'loggingipanonymizationenabled': False, 'CertificateKeyType': None}).json()
    assert again['LoggingIPAnonymizationEnabled'] is False and again['CertificateKeyType'] == 0
    assert again['LoggingEnabled'] is True  # not sent: unchanged
    assert api.get(path).json() == again


def test_custom_nameservers(api: TestClient) -> None:
    path = f'/dnszone/{create_zone(api)["Id"]}'
    # Without custom nameservers, the names sent are not taken: the service's own stay.
    plain = api.post(path, json={'Nameserver1': 'ns.other.example'}).json()
    assert (plain['Nameserver1'], plain['Nameserver2']) == SERVICE_NAMESERVERS
    custom = api.post(
        path,
        json={
            'CustomNameserversEnabled': True,
            'Nameserver1': 'NS1.Other.example.',
            'Nameserver2': 'ns2.other.example',
        },
    ).json()
    assert (custom['CustomNameserversEnabled'], custom['Nameserver1'], custom['Nameserver2']) == (
        True,
        'ns1.other.example',
        'ns2.other.example',
    )
    one = api.post(path, json={'Nameserver2': ''}).json()
    assert (one['Nameserver1'], one['Nameserver2']) == ('ns1.other.example', None)
    error_of(api.post(path, json={'Nameserver1': ''}), 400, 'validation_error', 'Nameserver1')
    error_of(api.post(path, json={'Nameserver2': 'not a name'}), 400, 'validation_error', 'Nameserver2')
    back = api.post(path, json={'CustomNameserversEnabled': False}).json()
    assert (back['CustomNameserversEnabled'], back['Nameserver1'], back['Nameserver2']) == (False, *SERVICE_NAMESERVERS)


@pytest.mark.parametrize(
    ('body', 'field'),
    [
        ({'LoggingEnabled': 'yes'}, 'LoggingEnabled'),
        ({'LogAnonymizationType': 2}, 'LogAnonymizationType'),
        ({'CertificateKeyType': -1}, 'CertificateKeyType'),
        ({'SoaEmail': 'no-at-sign'}, 'SoaEmail'),
        ({'SoaEmail': 'a@localhost'}, 'SoaEmail'),
        ({'CustomNameserversEnabled': 1}, 'CustomNameserversEnabled'),
    ],
)
def test_a_refused_zone_update_changes_nothing(api: TestClient, body: dict[str, t.Any], field: str) -> None:
    zone = create_zone(api)
    error_of(api.post(f'/dnszone/{zone["Id"]}', json=body), 400, 'validation_error', field)
    assert api.get(f'/dnszone/{zone["Id"]}').json() == zone


def test_a_zone_delete_takes_its_records(api: TestClient, state: State) -> None:
    zone = create_zone(api, Records=[{'Type': 0, 'Value': '192.0.2.1'}])
    assert api.delete(f'/dnszone/{zone["Id"]}').status_code == 204
    assert zone['Id'] not in dns_zones(state)
    error_of(api.delete(f'/dnszone/{zone["Id"]}'), 404, 'dnszone.not_found', 'id')
    assert api.post('/dnszone/checkavailability', json={'Name': zone['Domain']}).json() == {'Available': True}


# ---- records --------------------------------------------------------------------------------------------------

# One record of every type: the body added, then what it reads back as (beyond the defaults).
EVERY_TYPE: list[tuple[str, dict[str, t.Any], dict[str, t.Any]]] = [
    ('A', {'Type': 0, 'Name': 'www', 'Value': '192.0.2.10'}, {}),
    ('AAAA', {'Type': 1, 'Name': 'www', 'Value': '2001:db8::10'}, {}),
    ('CNAME', {'Type': 2, 'Name': 'docs', 'Value': 'docs.host.example.'}, {'Value': 'docs.host.example'}),
    ('TXT', {'Type': 3, 'Name': '_dmarc', 'Value': 'v=DMARC1; p=reject'}, {}),
    ('MX', {'Type': 4, 'Name': '', 'Value': 'mail.zone.example', 'Priority': 10}, {}),
    ('Redirect', {'Type': 5, 'Name': 'old', 'Value': 'https://www.zone.example/'}, {}),
    ('Flatten', {'Type': 6, 'Name': '', 'Value': 'apex.host.example'}, {}),
    (
        'SRV',
        {'Type': 8, 'Name': '_sip._tcp', 'Value': 'sip.zone.example', 'Priority': 10, 'Weight': 60, 'Port': 5060},
        {},
    ),
    ('CAA', {'Type': 9, 'Name': '', 'Value': 'ca.example.net', 'Flags': 0, 'Tag': 'issue'}, {}),
    ('PTR', {'Type': 10, 'Name': '10', 'Value': 'host.zone.example'}, {}),
    ('Script', {'Type': 11, 'Name': 'dyn', 'ScriptId': 42}, {'Value': '42', 'LinkName': '42'}),
    ('NS', {'Type': 12, 'Name': 'lab', 'Value': 'ns1.lab.example'}, {}),
    (
        'SVCB',
        {'Type': 13, 'Name': '_dns', 'Value': '1 dns.zone.example. alpn=dot port=853'},
        {'Value': '1 dns.zone.example alpn=dot port=853'},
    ),
    ('HTTPS', {'Type': 14, 'Name': '', 'Value': '1 . alpn=h2,h3'}, {}),
    ('TLSA', {'Type': 15, 'Name': '_443._tcp.www', 'Value': '3 1 1 ' + 'ab' * 32}, {}),
]


@pytest.mark.parametrize(('label', 'body', 'extra'), EVERY_TYPE, ids=[case[0] for case in EVERY_TYPE])
def test_a_record_of_every_type(api: TestClient, label: str, body: dict[str, t.Any], extra: dict[str, t.Any]) -> None:
    zone = create_zone(api)
    record = add(api, zone['Id'], **body)
    assert list(record) == RECORD_FIELDS
    expected = {**RECORD_DEFAULTS, **{k: v for k, v in body.items() if k in RECORD_DEFAULTS}, **extra}
    expected['Id'] = record['Id']
    if label == 'SRV':
        expected['Weight'] = 60
    assert record == expected
    assert records_of(api, zone['Id']) == [record]


def test_a_pullzone_record_links_the_pull_zone(api: TestClient) -> None:
    zone = create_zone(api)
    record = add(api, zone['Id'], Type=7, Name='cdn', PullZoneId=1001)
    assert (record['LinkName'], record['Value']) == ('1001', 'assets-000.edge-cdn.test')
    error_of(
        api.put(f'/dnszone/{zone["Id"]}/records', json={'Type': 7, 'Name': 'x', 'PullZoneId': 99}),
        400,
        'dnsrecord.pullzone_not_found',
        'PullZoneId',
    )
    error_of(
        api.put(f'/dnszone/{zone["Id"]}/records', json={'Type': 7, 'Name': 'x', 'Value': 'x'}),
        400,
        'validation_error',
        'PullZoneId',
    )
    # The record keeps what it linked when the pull zone goes: a dangling record.
    assert api.delete('/pullzone/1001').status_code == 204
    assert records_of(api, zone['Id']) == [record]


def test_record_settings(api: TestClient) -> None:
    zone = create_zone(api)
    record = add(
        api,
        zone['Id'],
        Type=0,
        Name='geo',
        Value='192.0.2.7',
        Ttl=60,
        Weight=20,
        Disabled=True,
        Comment='eu edge',
        MonitorType=2,
        SmartRoutingType=2,
        GeolocationLatitude=50.1,
        GeolocationLongitude=8.7,
        LatencyZone='DE',
        EnviromentalVariables=[{'Name': 'A', 'Value': 'b'}],
        AutoSslIssuance=False,
        Priority=5,  # not an MX or SRV: read back as 0
    )
    assert {key: record[key] for key in ('Ttl', 'Weight', 'Disabled', 'Comment', 'MonitorType', 'MonitorStatus')} == {
        'Ttl': 60,
        'Weight': 20,
        'Disabled': True,
        'Comment': 'eu edge',
        'MonitorType': 2,
        'MonitorStatus': 1,
    }
    assert (record['SmartRoutingType'], record['GeolocationLatitude'], record['GeolocationLongitude']) == (2, 50.1, 8.7)
    assert record['LatencyZone'] == 'DE' and record['EnviromentalVariables'] == [{'Name': 'A', 'Value': 'b'}]
    assert record['AutoSslIssuance'] is False and record['Priority'] == 0


BAD_RECORDS: list[tuple[dict[str, t.Any], str]] = [
    ({'Value': '192.0.2.1'}, 'Type'),
    ({'Type': 16, 'Value': 'x'}, 'Type'),
    ({'Type': '0', 'Value': '192.0.2.1'}, 'Type'),
    ({'Type': 0}, 'Value'),
    ({'Type': 0, 'Value': '192.0.2.300'}, 'Value'),
    ({'Type': 0, 'Value': '2001:db8::1'}, 'Value'),
    ({'Type': 1, 'Value': '192.0.2.1'}, 'Value'),
    ({'Type': 2, 'Name': 'a', 'Value': 'not a name'}, 'Value'),
    ({'Type': 3, 'Value': '   '}, 'Value'),
    ({'Type': 3, 'Value': 'x' * 10001}, 'Value'),
    ({'Type': 4, 'Value': 'mail.example', 'Priority': 65536}, 'Priority'),
    ({'Type': 5, 'Value': 'ftp://example.com/'}, 'Value'),
    ({'Type': 8, 'Name': '_x._tcp', 'Value': 'a.example', 'Port': -1}, 'Port'),
    ({'Type': 9, 'Value': 'ca.example'}, 'Tag'),
    ({'Type': 9, 'Value': 'ca.example', 'Tag': 'is sue'}, 'Tag'),
    ({'Type': 9, 'Value': 'ca.example', 'Tag': 'issue', 'Flags': 256}, 'Flags'),
    ({'Type': 11, 'Name': 'dyn'}, 'ScriptId'),
    ({'Type': 13, 'Value': '0 alias.example alpn=h2'}, 'Value'),
    ({'Type': 14, 'Value': 'one . alpn=h2'}, 'Value'),
    ({'Type': 15, 'Value': '3 1 1 abcd'}, 'Value'),
    ({'Type': 15, 'Value': '4 1 1 ' + 'ab' * 32}, 'Value'),
    ({'Type': 0, 'Name': 'bad name', 'Value': '192.0.2.1'}, 'Name'),
    ({'Type': 0, 'Name': 'a..b', 'Value': '192.0.2.1'}, 'Name'),
    ({'Type': 0, 'Name': 'x' * 64, 'Value': '192.0.2.1'}, 'Name'),
    ({'Type': 0, 'Value': '192.0.2.1', 'Ttl': 14}, 'Ttl'),
    ({'Type': 0, 'Value': '192.0.2.1', 'Weight': 101}, 'Weight'),
    ({'Type': 0, 'Value': '192.0.2.1', 'MonitorType': 4}, 'MonitorType'),
    ({'Type': 0, 'Value': '192.0.2.1', 'SmartRoutingType': 3}, 'SmartRoutingType'),
    ({'Type': 0, 'Value': '192.0.2.1', 'GeolocationLatitude': 91}, 'GeolocationLatitude'),
    ({'Type': 0, 'Value': '192.0.2.1', 'Disabled': 'no'}, 'Disabled'),
    ({'Type': 0, 'Value': '192.0.2.1', 'Comment': 5}, 'Comment'),
    ({'Type': 0, 'Value': '192.0.2.1', 'EnviromentalVariables': [{'Value': 'x'}]}, 'EnviromentalVariables'),
    ({'Type': 3, 'Value': 'x', 'Accelerated': True}, 'Accelerated'),
]


@pytest.mark.parametrize(('body', 'field'), BAD_RECORDS)
def test_a_refused_record_is_not_added(api: TestClient, body: dict[str, t.Any], field: str) -> None:
    zone = create_zone(api)
    error_of(api.put(f'/dnszone/{zone["Id"]}/records', json=body), 400, 'validation_error', field)
    assert api.get(f'/dnszone/{zone["Id"]}').json() == zone


def test_record_names(api: TestClient) -> None:
    zone_id = create_zone(api)['Id']
    assert add(api, zone_id, Type=0, Name='@', Value='192.0.2.1')['Name'] == ''
    assert add(api, zone_id, Type=0, Name='*', Value='192.0.2.1')['Name'] == '*'
    assert add(api, zone_id, Type=0, Name='*.Dev', Value='192.0.2.1')['Name'] == '*.Dev'  # kept as sent
    assert add(api, zone_id, Type=3, Name='_acme-challenge.www', Value='token')['Name'] == '_acme-challenge.www'


def test_the_rules_between_records(api: TestClient) -> None:
    zone_id = create_zone(api)['Id']
    path = f'/dnszone/{zone_id}/records'
    add(api, zone_id, Type=0, Name='www', Value='192.0.2.1')
    error_of(
        api.put(path, json={'Type': 0, 'Name': 'WWW', 'Value': '192.0.2.1', 'Ttl': 60}),
        400,
        'dnsrecord.duplicate',
        'Value',
    )
    add(api, zone_id, Type=0, Name='www', Value='192.0.2.2')  # another value: a record set of two
    error_of(
        api.put(path, json={'Type': 2, 'Name': 'www', 'Value': 'x.example'}), 400, 'dnsrecord.cname_conflict', 'Name'
    )
    add(api, zone_id, Type=2, Name='alias', Value='x.example')
    error_of(api.put(path, json={'Type': 3, 'Name': 'alias', 'Value': 'x'}), 400, 'dnsrecord.cname_conflict', 'Name')
    error_of(api.put(path, json={'Type': 2, 'Name': '', 'Value': 'x.example'}), 400, 'dnsrecord.cname_apex', 'Name')
    error_of(api.put(path, json={'Type': 12, 'Name': '@', 'Value': 'ns.x.example'}), 400, 'dnsrecord.ns_apex', 'Name')
    add(api, zone_id, Type=4, Name='', Value='mx.example', Priority=10)
    add(api, zone_id, Type=4, Name='', Value='MX.example.', Priority=20)  # another priority: another record
    error_of(
        api.put(path, json={'Type': 4, 'Value': 'mx.EXAMPLE', 'Priority': 10}), 400, 'dnsrecord.duplicate', 'Value'
    )
    add(api, zone_id, Type=1, Name='v6', Value='2001:db8::1')
    error_of(
        api.put(path, json={'Type': 1, 'Name': 'v6', 'Value': '2001:DB8:0::1'}), 400, 'dnsrecord.duplicate', 'Value'
    )


def test_a_record_update_changes_only_what_is_sent(api: TestClient) -> None:
    zone = create_zone(api)
    record = add(api, zone['Id'], Type=4, Name='', Value='mail.zone.example', Priority=10, Comment='primary')
    path = f'/dnszone/{zone["Id"]}/records/{record["Id"]}'
    answer = api.post(path, json={'Id': record['Id'], 'Priority': 5, 'Comment': None, 'Ttl': 3600})
    assert answer.status_code == 204 and answer.content == b''
    [updated] = records_of(api, zone['Id'])
    assert updated == {**record, 'Priority': 5, 'Ttl': 3600}
    assert api.get(f'/dnszone/{zone["Id"]}').json()['DateModified'] >= zone['DateModified']
    api.post(path, json={'Comment': '', 'id': 0})
    assert records_of(api, zone['Id'])[0]['Comment'] == ''
    error_of(api.post(path, json={'Id': record['Id'] + 1}), 400, 'validation_error', 'Id')
    error_of(api.post(path, json={'Priority': -1}), 400, 'validation_error', 'Priority')
    error_of(api.post(path, json=[]), 400, 'validation_error', 'body')


def test_a_record_changes_type_with_the_new_types_fields(api: TestClient) -> None:
    zone = create_zone(api)
    record = add(api, zone['Id'], Type=8, Name='_sip._tcp', Value='sip.zone.example', Priority=1, Weight=500, Port=5060)
    path = f'/dnszone/{zone["Id"]}/records/{record["Id"]}'
    error_of(api.post(path, json={'Type': 0}), 400, 'validation_error', 'Value')  # an A needs its own value
    assert api.post(path, json={'Type': 0, 'Value': '192.0.2.5'}).status_code == 204
    [changed] = records_of(api, zone['Id'])
    assert (changed['Type'], changed['Value'], changed['Priority'], changed['Port'], changed['Weight']) == (
        0,
        '192.0.2.5',
        0,
        0,
        100,
    )
    assert api.post(path, json={'Type': 7, 'PullZoneId': 1002}).status_code == 204
    assert records_of(api, zone['Id'])[0]['LinkName'] == '1002'
    assert api.post(path, json={'Ttl': 120}).status_code == 204  # a PullZone record keeps its link
    assert records_of(api, zone['Id'])[0]['LinkName'] == '1002'
    assert api.post(path, json={'Type': 3, 'Value': 'text'}).status_code == 204
    assert records_of(api, zone['Id'])[0]['LinkName'] is None


def test_an_update_keeps_the_rules_between_records(api: TestClient) -> None:
    zone_id = create_zone(api)['Id']
    add(api, zone_id, Type=0, Name='www', Value='192.0.2.1')
    other = add(api, zone_id, Type=0, Name='www', Value='192.0.2.2')
    path = f'/dnszone/{zone_id}/records/{other["Id"]}'
    error_of(api.post(path, json={'Value': '192.0.2.1'}), 400, 'dnsrecord.duplicate', 'Value')
    assert api.post(path, json={'Value': '192.0.2.2', 'Ttl': 60}).status_code == 204  # itself is no duplicate


def test_a_record_delete(api: TestClient) -> None:
    zone = create_zone(api)
    keep = add(api, zone['Id'], Type=0, Name='a', Value='192.0.2.1')
    gone = add(api, zone['Id'], Type=0, Name='b', Value='192.0.2.2')
    assert api.delete(f'/dnszone/{zone["Id"]}/records/{gone["Id"]}').status_code == 204
    assert records_of(api, zone['Id']) == [keep]
    error_of(api.delete(f'/dnszone/{zone["Id"]}/records/{gone["Id"]}'), 404, 'dnsrecord.not_found', 'id')
    other_zone = create_zone(api, 'other.example')
    error_of(api.delete(f'/dnszone/{other_zone["Id"]}/records/{keep["Id"]}'), 404, 'dnsrecord.not_found', 'id')


def test_records_are_listed_by_pages_filtered_by_type_and_searched(api: TestClient) -> None:
    zone_id = create_zone(api)['Id']
    for number in range(6):
        add(api, zone_id, Type=0, Name=f'host{number}', Value=f'192.0.2.{number + 1}')
    add(api, zone_id, Type=3, Name='note', Value='hello host')
    page = api.get(f'/dnszone/{zone_id}/records', params={'perPage': 5}).json()
    assert (page['TotalItems'], page['HasMoreItems'], len(page['Items'])) == (7, True, 5)
    texts = api.get(f'/dnszone/{zone_id}/records', params={'type': 3}).json()['Items']
    assert [r['Name'] for r in texts] == ['note']
    found = api.get(f'/dnszone/{zone_id}/records', params={'search': '192.0.2.3'}).json()['Items']
    assert [r['Name'] for r in found] == ['host2']
    error_of(api.get(f'/dnszone/{zone_id}/records', params={'type': 16}), 400, 'validation_error', 'type')


def test_dns_writes_are_in_the_audit_log(api: TestClient, state: State) -> None:
    zone = create_zone(api)
    add(api, zone['Id'], Type=0, Value='192.0.2.1')
    entries = [entry for entry in state.data['audit_log'] if entry['Product'] == 'DNS']
    assert [(e['ResourceType'], e['ResourceId']) for e in entries] == [('DnsZone', str(zone['Id']))] * 2


# ---- the zone file ----------------------------------------------------------------------------------------------


def every_type_zone(api: TestClient, domain: str = 'zone.example') -> dict[str, t.Any]:
    """A zone with a record of every type, a long TXT and a disabled record."""
    zone = create_zone(api, domain)
    for _label, body, _extra in EVERY_TYPE:
        add(api, zone['Id'], **body)
    add(api, zone['Id'], Type=7, Name='cdn', PullZoneId=1001)
    add(api, zone['Id'], Type=3, Name='long', Value='é' + 'x' * 300, Ttl=3600)
    add(api, zone['Id'], Type=3, Name='quotes', Value='say "hi" \\ bye; (not a comment)')
    add(api, zone['Id'], Type=0, Name='off', Value='192.0.2.99', Disabled=True, Ttl=60)
    return t.cast(dict, api.get(f'/dnszone/{zone["Id"]}').json())


def test_the_export_is_a_bind_zone_file(api: TestClient) -> None:
    zone = every_type_zone(api)
    answer = api.get(f'/dnszone/{zone["Id"]}/export')
    assert answer.status_code == 200
    assert answer.headers['content-type'] == 'application/octet-stream'
    assert answer.headers['content-disposition'] == 'attachment; filename="zone.example.zone"'
    text = answer.content.decode('ascii')  # bytes outside ASCII are escaped
    lines = [line for line in text.splitlines() if not line.startswith('; ')]
    serial = lines[2].split()[6]
    assert serial.isdigit() and int(serial) > 1_700_000_000
    assert lines[:5] == [
        '$ORIGIN zone.example.',
        '$TTL 300',
        f'@\t3600\tIN\tSOA\tns1.edge-dns.test. hostmaster.edge-dns.test. {serial} 3600 600 1209600 300',
        '@\t3600\tIN\tNS\tns1.edge-dns.test.',
        '@\t3600\tIN\tNS\tns2.edge-dns.test.',
    ]
    long_txt = '"\\195\\169' + 'x' * 253 + '" "' + 'x' * 47 + '"'  # 255 bytes, then the rest
    assert lines[5:] == [
        ';edge: @\t300\tIN\tFLATTEN\tapex.host.example.',
        '@\t300\tIN\tMX\t10 mail.zone.example.',
        '@\t300\tIN\tCAA\t0 issue "ca.example.net"',
        '@\t300\tIN\tHTTPS\t1 . alpn=h2,h3',
        '10\t300\tIN\tPTR\thost.zone.example.',
        '_443._tcp.www\t300\tIN\tTLSA\t3 1 1 ' + 'ab' * 32,
        '_dmarc\t300\tIN\tTXT\t"v=DMARC1; p=reject"',
        '_dns\t300\tIN\tSVCB\t1 dns.zone.example. alpn=dot port=853',
        '_sip._tcp\t300\tIN\tSRV\t10 60 5060 sip.zone.example.',
        ';edge: cdn\t300\tIN\tPULLZONE\t1001',
        'docs\t300\tIN\tCNAME\tdocs.host.example.',
        ';edge: dyn\t300\tIN\tSCRIPT\t42',
        'lab\t300\tIN\tNS\tns1.lab.example.',
        f'long\t3600\tIN\tTXT\t{long_txt}',
        ';edge-disabled: off\t60\tIN\tA\t192.0.2.99',
        ';edge: old\t300\tIN\tREDIRECT\t"https://www.zone.example/"',
        'quotes\t300\tIN\tTXT\t"say \\"hi\\" \\\\ bye; (not a comment)"',
        'www\t300\tIN\tA\t192.0.2.10',
        'www\t300\tIN\tAAAA\t2001:db8::10',
    ]


def test_the_export_names_custom_nameservers_and_the_soa_email(api: TestClient) -> None:
    zone = create_zone(api)
    api.post(
        f'/dnszone/{zone["Id"]}',
        json={
            'CustomNameserversEnabled': True,
            'Nameserver1': 'a.ns.example',
            'Nameserver2': '',
            'SoaEmail': 'first.last@zone.example',
        },
    )
    lines = api.get(f'/dnszone/{zone["Id"]}/export').text.splitlines()
    soa = next(line for line in lines if '\tSOA\t' in line)
    assert soa.split('\t')[4].split()[:2] == ['a.ns.example.', 'first\\.last.zone.example.']
    assert [line for line in lines if '\tNS\t' in line] == ['@\t3600\tIN\tNS\ta.ns.example.']


def without_ids(records: list[dict[str, t.Any]]) -> list[dict[str, t.Any]]:
    return sorted(({**record, 'Id': 0} for record in records), key=repr)


def test_importing_the_export_into_an_empty_zone_gives_the_same_records(api: TestClient) -> None:
    zone = every_type_zone(api)
    text = api.get(f'/dnszone/{zone["Id"]}/export').content
    assert api.delete(f'/dnszone/{zone["Id"]}').status_code == 204
    empty = create_zone(api, 'zone.example')
    answer = api.post(f'/dnszone/{empty["Id"]}/import', content=text, headers={'Content-Type': 'text/plain'})
    assert answer.status_code == 200
    # The SOA and the two apex NS are the zone's own: skipped.
    assert answer.json() == {'RecordsSuccessful': len(zone['Records']), 'RecordsFailed': 0, 'RecordsSkipped': 3}
    assert without_ids(records_of(api, empty['Id'])) == without_ids(zone['Records'])
    # Again: every record is there already.
    again = api.post(f'/dnszone/{empty["Id"]}/import', content=text).json()
    assert again == {'RecordsSuccessful': 0, 'RecordsFailed': 0, 'RecordsSkipped': len(zone['Records']) + 3}


ZONE_FILE = r"""
; A zone file as another DNS service writes it.
$TTL 1h
$ORIGIN zone.example.
@   IN  SOA ns.old-dns.example. admin.zone.example. (
            2024010101 ; serial
            7200       ; refresh
            3600 1209600 300 )
    IN  NS  ns.old-dns.example.      ; the apex NS: the zone's own
@       IN  A       192.0.2.1
        IN  AAAA    2001:db8::1         ; the owner of the line above
www     300 IN  CNAME   @
mail    IN 600  A   192.0.2.25
@       MX  10 mail
@       MX  20 backup.mx.example.
@       TXT "v=spf1 mx" " -all"
dkim._domainkey TXT ( "v=DKIM1; k=rsa; "
                      "p=MIIBIjAN" )
escaped TXT "caf\195\169 \"bar\" ; semi"
plain   TXT unquoted
_sip._tcp SRV 10 60 5060 sip
@       CAA 0 issuewild ";"
svc     HTTPS 1 . alpn="h2,h3" port=443
_25._tcp.mail TLSA 3 1 1 (
            0123456789abcdef0123456789abcdef
            0123456789abcdef0123456789abcdef )
$ORIGIN sub.zone.example.
deep    A   192.0.2.50
Other.Zone.Example.  A 192.0.2.51
*       A   192.0.2.52
$ORIGIN zone.example.
outside.other.example. A 192.0.2.60
bad     A   999.0.0.1
weird   NAPTR 100 10 "u" "E2U+sip" "!^.*$!sip:info@example.com!" .
@       A   192.0.2.1
short   MX  10
$INCLUDE other.zone
www     A   192.0.2.70
ch      CH  A   192.0.2.71
unclosed TXT ( "never closed"
"""


def test_import_reads_bind_zone_files(api: TestClient) -> None:
    zone = create_zone(api)
    answer = api.post(f'/dnszone/{zone["Id"]}/import', content=ZONE_FILE.encode())
    assert answer.status_code == 200
    # Failed: a name outside the zone, an address that is not one, NAPTR, an MX without its target, $INCLUDE, an A
    # beside the CNAME www, class CH, the unclosed parenthesis. Skipped: the SOA, the apex NS, the second apex A.
    assert answer.json() == {'RecordsSuccessful': 17, 'RecordsFailed': 8, 'RecordsSkipped': 3}
    got = {
        (r['Name'], r['Type'], r['Value'], r['Ttl'], r['Priority'], r['Weight'], r['Port'])
        for r in records_of(api, zone['Id'])
    }
    assert got == {
        ('', 0, '192.0.2.1', 3600, 0, 100, 0),
        ('', 1, '2001:db8::1', 3600, 0, 100, 0),
        ('www', 2, 'zone.example', 300, 0, 100, 0),
        ('mail', 0, '192.0.2.25', 600, 0, 100, 0),
        ('', 4, 'mail.zone.example', 3600, 10, 100, 0),
        ('', 4, 'backup.mx.example', 3600, 20, 100, 0),
        ('', 3, 'v=spf1 mx -all', 3600, 0, 100, 0),
        ('dkim._domainkey', 3, 'v=DKIM1; k=rsa; p=MIIBIjAN', 3600, 0, 100, 0),
        ('escaped', 3, 'café "bar" ; semi', 3600, 0, 100, 0),
        ('plain', 3, 'unquoted', 3600, 0, 100, 0),
        ('_sip._tcp', 8, 'sip.zone.example', 3600, 10, 60, 5060),
        ('', 9, ';', 3600, 0, 100, 0),
        ('svc', 14, '1 . alpn="h2,h3" port=443', 3600, 0, 100, 0),
        ('_25._tcp.mail', 15, '3 1 1 ' + '0123456789abcdef' * 4, 3600, 0, 100, 0),
        ('deep.sub', 0, '192.0.2.50', 3600, 0, 100, 0),
        ('Other', 0, '192.0.2.51', 3600, 0, 100, 0),
        ('*.sub', 0, '192.0.2.52', 3600, 0, 100, 0),
    }
    caa = next(r for r in records_of(api, zone['Id']) if r['Type'] == 9)
    assert (caa['Flags'], caa['Tag']) == (0, 'issuewild')


def test_import_takes_a_file_upload_and_refuses_what_is_no_zone_file(api: TestClient) -> None:
    zone = create_zone(api)
    path = f'/dnszone/{zone["Id"]}/import'
    upload = api.post(path, files={'file': ('zone.txt', b'www 300 IN A 192.0.2.1\n', 'text/plain')})
    assert upload.json() == {'RecordsSuccessful': 1, 'RecordsFailed': 0, 'RecordsSkipped': 0}
    error_of(api.post(path, content=b''), 400, 'validation_error', 'file')
    error_of(api.post(path, content=b' \n\t\n'), 400, 'validation_error', 'file')
    error_of(api.post(path, content=b'\xff\xfe'), 400, 'validation_error', 'file')
    only_comments = api.post(path, content=b'; nothing\n$TTL 60\n').json()
    assert only_comments == {'RecordsSuccessful': 0, 'RecordsFailed': 0, 'RecordsSkipped': 0}
    error_of(api.post('/dnszone/999/import', content=b'www A 192.0.2.1'), 404, 'dnszone.not_found', 'id')


# ---- DNSSEC -----------------------------------------------------------------------------------------------------


def test_dnssec_is_enabled_with_a_real_ds_record_and_disabled(api: TestClient) -> None:
    zone = create_zone(api, 'secure.example')
    path = f'/dnszone/{zone["Id"]}/dnssec'
    enabled = api.post(path)
    assert enabled.status_code == 200
    ds = enabled.json()
    assert list(ds) == [
        'Enabled',
        'DsRecord',
        'Digest',
        'DigestType',
        'Algorithm',
        'PublicKey',
        'KeyTag',
        'Flags',
        'DsConfigured',
    ]
    assert (ds['Enabled'], ds['Algorithm'], ds['Flags'], ds['DigestType'], ds['DsConfigured']) == (
        True,
        13,
        257,
        'SHA256',
        False,
    )
    assert ds['DsRecord'] == f'secure.example. 3600 IN DS {ds["KeyTag"]} 13 2 {ds["Digest"]}'
    public_key = base64.b64decode(ds['PublicKey'])
    rdata = struct.pack('!HBB', 257, 3, 13) + public_key
    assert (
        len(public_key) == 64 and ds['KeyTag'] == key_tag(rdata) and ds['Digest'] == ds_digest('secure.example', rdata)
    )
    assert api.get(f'/dnszone/{zone["Id"]}').json()['DnsSecEnabled'] is True
    assert api.post(path).json() == ds  # on again: the same key
    disabled = api.delete(path)
    assert disabled.status_code == 200
    assert disabled.json() == {
        'Enabled': False,
        'DsRecord': None,
        'Digest': None,
        'DigestType': None,
        'Algorithm': 0,
        'PublicKey': None,
        'KeyTag': 0,
        'Flags': 0,
        'DsConfigured': False,
    }
    assert api.get(f'/dnszone/{zone["Id"]}').json()['DnsSecEnabled'] is False
    assert api.delete(path).json()['Enabled'] is False
    renewed = api.post(path).json()
    assert renewed['PublicKey'] != ds['PublicKey']  # a new key each time it is turned on
    error_of(api.post('/dnszone/999/dnssec'), 404, 'dnszone.not_found', 'id')


def test_the_ds_record_is_computed_as_rfc_4034_says() -> None:
    # RFC 6605 section 6.1: the ECDSA P-256 key of example.net and its SHA-256 DS record.
    public_key = base64.b64decode(
        'GojIhhXUN/u4v54ZQqGSnyhWJwaubCvTmeexv7bR6edbkrSqQpF64cYbcB7wNcP+e+MAnLr+Wi9xMWyQLc8NAA=='
    )
    rdata = struct.pack('!HBB', 257, 3, 13) + public_key
    assert key_tag(rdata) == 55648
    assert ds_digest('example.net', rdata) == 'B4C8C1FE2E7477127B27115656AD6256F424625BF5C1E2770CE6D6E37DF61D17'


def test_svcb_parameters_with_or_without_quotes_are_one_record(api: TestClient) -> None:
    zone = create_zone(api)
    add(api, zone['Id'], Type=14, Name='', Value='1 . alpn=h2,h3')
    answer = api.post(f'/dnszone/{zone["Id"]}/import', content=b'@ 300 IN HTTPS 1 . alpn="h2,h3"\n').json()
    assert answer == {'RecordsSuccessful': 0, 'RecordsFailed': 0, 'RecordsSkipped': 1}
    error_of(
        api.put(f'/dnszone/{zone["Id"]}/records', json={'Type': 14, 'Value': '1 . alpn="h2,h3"'}),
        400,
        'dnsrecord.duplicate',
        'Value',
    )


# ---- the record scan, statistics ---------------------------------------------------------------------------------

SCAN_FIELDS = ['JobId', 'ZoneId', 'Domain', 'AccountId', 'Status', 'CreatedAt', 'CompletedAt', 'Records', 'Error']


def test_a_scan_of_a_domain_before_its_zone_finds_the_records_it_has_elsewhere(api: TestClient) -> None:
    triggered = api.post('/dnszone/records/scan', json={'Domain': 'Moving.Example'})
    assert triggered.status_code == 200
    assert set(triggered.json()) == {'JobId', 'Status'} and triggered.json()['Status'] == 0  # Pending
    zone = create_zone(api, 'moving.example')
    job = api.get(f'/dnszone/{zone["Id"]}/records/scan').json()
    assert list(job) == SCAN_FIELDS
    assert (job['JobId'], job['ZoneId'], job['Domain'], job['Status'], job['Error']) == (
        triggered.json()['JobId'],
        None,
        'moving.example',
        2,
        None,
    )
    found = {(r['Name'], r['Type'], r['Value']) for r in job['Records']}
    assert ('@', 12, 'ns1.previous-dns.example') in found and ('www', 2, 'moving.example') in found
    assert ('@', 4, 'mail.moving.example') in found and any(kind == 16 for _name, kind, _value in found)
    assert all(r['IsProxied'] is False for r in job['Records'])
    again = api.post('/dnszone/records/scan', json={'ZoneId': zone['Id']}).json()
    latest = api.get(f'/dnszone/{zone["Id"]}/records/scan').json()
    assert latest['JobId'] == again['JobId'] != job['JobId'] and latest['ZoneId'] == zone['Id']
    assert latest['Records'] == job['Records']  # the same each time


def test_a_scan_of_a_delegated_zone_finds_its_own_records(api: TestClient, state: State) -> None:
    zone = create_zone(api, 'served.example')
    dns_zones(state)[zone['Id']]['NameserversDetected'] = True
    add(api, zone['Id'], Type=0, Name='www', Value='192.0.2.1')
    add(api, zone['Id'], Type=7, Name='cdn', PullZoneId=1001)
    add(api, zone['Id'], Type=5, Name='old', Value='https://served.example/')
    add(api, zone['Id'], Type=4, Name='', Value='mx.served.example', Priority=5)
    api.post('/dnszone/records/scan', json={'ZoneId': zone['Id']})
    job = api.get(f'/dnszone/{zone["Id"]}/records/scan').json()
    assert [(r['Name'], r['Type'], r['Value'], r['Priority']) for r in job['Records']][1:] == [
        ('@', 12, 'ns1.edge-dns.test', None),
        ('@', 12, 'ns2.edge-dns.test', None),
        ('www', 0, '192.0.2.1', None),
        ('cdn', 2, 'assets-000.edge-cdn.test', None),
        ('@', 4, 'mx.served.example', 5),
    ]


def test_scan_errors(api: TestClient) -> None:
    zone = create_zone(api)
    error_of(api.get(f'/dnszone/{zone["Id"]}/records/scan'), 404, 'dnszone.scan_not_found', 'zoneId')
    error_of(api.post('/dnszone/records/scan', json={}), 400, 'validation_error', 'ZoneId')
    error_of(
        api.post('/dnszone/records/scan', json={'ZoneId': zone['Id'], 'Domain': 'x.example'}),
        400,
        'validation_error',
        'ZoneId',
    )
    error_of(api.post('/dnszone/records/scan', json={'ZoneId': 999}), 404, 'dnszone.not_found', 'ZoneId')
    error_of(api.post('/dnszone/records/scan', json={'Domain': 'no'}), 400, 'validation_error', 'Domain')
    nowhere = create_zone(api, 'gone.invalid')
    api.post('/dnszone/records/scan', json={'ZoneId': nowhere['Id']})
    failed = api.get(f'/dnszone/{nowhere["Id"]}/records/scan').json()
    assert (failed['Status'], failed['Records'], failed['Error']) == (
        3,
        [],
        "The domain 'gone.invalid' does not resolve.",
    )


def test_statistics(api: TestClient) -> None:
    zone = create_zone(api)
    empty = api.get(f'/dnszone/{zone["Id"]}/statistics').json()
    assert set(empty) == {
        'TotalQueriesServed',
        'QueriesServedChart',
        'NormalQueriesServedChart',
        'SmartQueriesServedChart',
        'QueriesByTypeChart',
    }
    assert empty['TotalQueriesServed'] == 0 and len(empty['QueriesServedChart']) == 30
    add(api, zone['Id'], Type=0, Name='www', Value='192.0.2.1')
    add(api, zone['Id'], Type=3, Name='www', Value='x', SmartRoutingType=1)
    params = {'dateFrom': '2026-03-01T00:00:00Z', 'dateTo': '2026-03-03T12:00:00Z'}
    stats = api.get(f'/dnszone/{zone["Id"]}/statistics', params=params).json()
    assert list(stats['QueriesServedChart']) == ['2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z']
    for key, value in stats['QueriesServedChart'].items():
        assert value == stats['NormalQueriesServedChart'][key] + stats['SmartQueriesServedChart'][key]
    assert stats['TotalQueriesServed'] == sum(stats['QueriesServedChart'].values()) > 0
    assert set(stats['QueriesByTypeChart']) == {'A', 'TXT'}
    assert api.get(f'/dnszone/{zone["Id"]}/statistics', params=params).json() == stats
    error_of(
        api.get(f'/dnszone/{zone["Id"]}/statistics', params={'dateFrom': 'yesterday'}),
        400,
        'validation_error',
        'dateFrom',
    )
    error_of(
        api.get(f'/dnszone/{zone["Id"]}/statistics', params={'dateFrom': '2026-03-02', 'dateTo': '2026-03-01'}),
        400,
        'validation_error',
        'dateFrom',
    )


# ---- accelerated records -------------------------------------------------------------------------------------------


def test_an_accelerated_record_gets_a_pull_zone(api: TestClient, state: State) -> None:
    zone = create_zone(api, 'fast.example')
    record = add(api, zone['Id'], Type=0, Name='www', Value='192.0.2.80', Accelerated=True)
    pullzone_id = record['AcceleratedPullZoneId']
    assert record['Accelerated'] is True and record['AccelerationStatus'] == 3 and pullzone_id > 0
    pullzone = api.get(f'/pullzone/{pullzone_id}', params={'includeCertificate': 'true'}).json()
    assert pullzone['Name'] == f'www-fast-example-{record["Id"]}'
    assert (pullzone['OriginType'], pullzone['OriginUrl'], pullzone['OriginHostHeader'], pullzone['AddHostHeader']) == (
        1,
        'http://192.0.2.80',
        'www.fast.example',
        True,
    )
    assert (pullzone['DnsRecordId'], pullzone['DnsZoneId'], pullzone['DnsRecordValue']) == (
        record['Id'],
        zone['Id'],
        '192.0.2.80',
    )
    custom = [h for h in pullzone['Hostnames'] if not h['IsSystemHostname']]
    assert [(h['Value'], h['HasCertificate']) for h in custom] == [('www.fast.example', True)]
    assert custom[0]['Certificate']
    # The value moves the origin; the same pull zone stays.
    path = f'/dnszone/{zone["Id"]}/records/{record["Id"]}'
    assert api.post(path, json={'Value': '192.0.2.81'}).status_code == 204
    moved = api.get(f'/pullzone/{pullzone_id}').json()
    assert (moved['OriginUrl'], moved['OriginLinkValue'], moved['DnsRecordValue']) == (
        'http://192.0.2.81',
        'http://192.0.2.81',
        '192.0.2.81',
    )
    # Another name: another pull zone for it.
    assert api.post(path, json={'Name': 'web'}).status_code == 204
    renamed = records_of(api, zone['Id'])[0]['AcceleratedPullZoneId']
    assert pullzone_id not in state.data['pullzones']
    hostnames = [h['Value'] for h in state.data['pullzones'][renamed]['Hostnames'] if not h['IsSystemHostname']]
    assert hostnames == ['web.fast.example']
    # Acceleration off: the pull zone goes.
    assert api.post(path, json={'Accelerated': False}).status_code == 204
    assert renamed not in state.data['pullzones']
    assert (
        records_of(api, zone['Id'])[0]['AcceleratedPullZoneId']
        == records_of(api, zone['Id'])[0]['AccelerationStatus']
        == 0
    )
    # On again: a new pull zone; a delete of the record takes it too.
    assert api.post(path, json={'Accelerated': True}).status_code == 204
    again = records_of(api, zone['Id'])[0]['AcceleratedPullZoneId']
    assert again not in (0, pullzone_id, renamed)
    assert api.delete(path).status_code == 204
    assert again not in state.data['pullzones']


def test_accelerated_aaaa_and_cname_origins_and_a_zone_delete(api: TestClient, state: State) -> None:
    zone = create_zone(
        api,
        'fast.example',
        Records=[
            {'Type': 1, 'Name': 'v6', 'Value': '2001:db8::80', 'Accelerated': True},
            {'Type': 2, 'Name': 'app', 'Value': 'origin.host.example', 'Accelerated': True},
        ],
    )
    pullzone_ids = [record['AcceleratedPullZoneId'] for record in zone['Records']]
    origins = [state.data['pullzones'][pullzone_id]['OriginUrl'] for pullzone_id in pullzone_ids]
    assert origins == ['http://[2001:db8::80]', 'http://origin.host.example']
    assert api.delete(f'/dnszone/{zone["Id"]}').status_code == 204
    assert not set(pullzone_ids) & set(state.data['pullzones'])


def test_a_record_cannot_be_accelerated_twice_nor_on_a_hostname_in_use(api: TestClient, state: State) -> None:
    zone = create_zone(api, 'fast.example')
    path = f'/dnszone/{zone["Id"]}/records'
    add(api, zone['Id'], Type=0, Name='www', Value='192.0.2.80', Accelerated=True)
    before = set(state.data['pullzones'])
    error_of(
        api.put(path, json={'Type': 1, 'Name': 'www', 'Value': '2001:db8::1', 'Accelerated': True}),
        400,
        'dnsrecord.hostname_taken',
        'Accelerated',
    )
    error_of(
        api.put(path, json={'Type': 0, 'Name': '*', 'Value': '192.0.2.1', 'Accelerated': True}),
        400,
        'dnsrecord.acceleration_wildcard',
        'Accelerated',
    )
    assert api.post('/pullzone/1003/addHostname', json={'Hostname': 'taken.fast.example'}).status_code == 204
    error_of(
        api.put(path, json={'Type': 0, 'Name': 'taken', 'Value': '192.0.2.1', 'Accelerated': True}),
        400,
        'dnsrecord.hostname_taken',
        'Accelerated',
    )
    twice = [
        {'Type': 0, 'Name': 'x', 'Value': '192.0.2.1', 'Accelerated': True},
        {'Type': 1, 'Name': 'x', 'Value': '2001:db8::1', 'Accelerated': True},
    ]
    error_of(
        api.post('/dnszone', json={'Domain': 'two.example', 'Records': twice}),
        400,
        'dnsrecord.hostname_taken',
        'Accelerated',
    )
    assert set(state.data['pullzones']) == before
    assert len(records_of(api, zone['Id'])) == 1


# ---- the free certificate of a hostname inside an account zone ------------------------------------------------------


def load_free(api: TestClient, hostname: str) -> t.Any:
    return api.get('/pullzone/loadFreeCertificate', params={'hostname': hostname})


def has_certificate(api: TestClient, pullzone_id: int, hostname: str) -> bool:
    hostnames = api.get(f'/pullzone/{pullzone_id}').json()['Hostnames']
    return bool(next(h for h in hostnames if h['Value'] == hostname)['HasCertificate'])


def test_a_free_certificate_needs_a_record_pointing_at_the_pull_zone(api: TestClient) -> None:
    zone = create_zone(api, 'site.example')
    for hostname in ('www.site.example', 'site.example', 'cdn.site.example', 'deep.wild.site.example'):
        assert api.post('/pullzone/1003/addHostname', json={'Hostname': hostname}).status_code == 204
    message = error_of(load_free(api, 'www.site.example'), 400, 'pullzone.hostname_not_pointing', 'hostname')
    assert message == (
        "The hostname 'www.site.example' does not point at the Pull Zone: the DNS zone 'site.example' has no record "
        "of that name linking Pull Zone 1003 or a CNAME to 'static-002.edge-cdn.test'."
    )
    assert not has_certificate(api, 1003, 'www.site.example')
    # Records that do not point at it: an A, a PullZone record of another pull zone, a CNAME elsewhere, a disabled one.
    add(api, zone['Id'], Type=0, Name='www', Value='192.0.2.1')
    add(api, zone['Id'], Type=7, Name='cdn', PullZoneId=1001)
    add(api, zone['Id'], Type=7, Name='', PullZoneId=1003, Disabled=True)
    for hostname in ('www.site.example', 'cdn.site.example', 'site.example'):
        error_of(load_free(api, hostname), 400, 'pullzone.hostname_not_pointing', 'hostname')
    # A PullZone record linking it; a CNAME to its system hostname (any case, trailing dot); a wildcard CNAME.
    add(api, zone['Id'], Type=7, Name='cdn', PullZoneId=1003)
    assert load_free(api, 'cdn.site.example').status_code == 200 and has_certificate(api, 1003, 'cdn.site.example')
    add(api, zone['Id'], Type=2, Name='*.wild', Value='Static-002.edge-cdn.test.')
    assert load_free(api, 'deep.wild.site.example').status_code == 200
    assert (
        api.post(
            f'/dnszone/{zone["Id"]}/records/{records_of(api, zone["Id"])[2]["Id"]}', json={'Disabled': False}
        ).status_code
        == 204
    )
    assert load_free(api, 'site.example').status_code == 200


def test_names_outside_the_account_zones_and_system_hostnames_are_not_checked(api: TestClient) -> None:
    create_zone(api, 'site.example')
    assert api.post('/pullzone/1003/addHostname', json={'Hostname': 'www.elsewhere.example'}).status_code == 204
    assert load_free(api, 'www.elsewhere.example').status_code == 200
    assert load_free(api, 'static-002.edge-cdn.test').status_code == 200


def test_the_nearest_zone_decides(api: TestClient) -> None:
    parent = create_zone(api, 'site.example')
    child = create_zone(api, 'lab.site.example')
    assert api.post('/pullzone/1003/addHostname', json={'Hostname': 'x.lab.site.example'}).status_code == 204
    add(api, parent['Id'], Type=7, Name='x.lab', PullZoneId=1003)  # in the parent: not what answers
    message = error_of(load_free(api, 'x.lab.site.example'), 400, 'pullzone.hostname_not_pointing', 'hostname')
    assert "the DNS zone 'lab.site.example'" in message
    add(api, child['Id'], Type=2, Name='x', Value='static-002.edge-cdn.test')
    assert load_free(api, 'x.lab.site.example').status_code == 200


def test_an_accelerated_record_points_at_its_pull_zone(api: TestClient, state: State) -> None:
    zone = create_zone(api, 'fast.example')
    record = add(api, zone['Id'], Type=0, Name='www', Value='192.0.2.80', Accelerated=True)
    pullzone_id = record['AcceleratedPullZoneId']
    assert (
        api.request(
            'DELETE', f'/pullzone/{pullzone_id}/removeCertificate', json={'Hostname': 'www.fast.example'}
        ).status_code
        == 204
    )
    assert load_free(api, 'www.fast.example').status_code == 200
    assert has_certificate(api, pullzone_id, 'www.fast.example')


def test_the_service_domains_are_no_account_zone(api: TestClient) -> None:
    for domain in ('edge-cdn.test', 'x.edge-cdn.test', 'edge-dns.test'):
        error_of(api.post('/dnszone', json={'Domain': domain}), 400, 'dnszone.domain_reserved', 'Domain')
        assert api.post('/dnszone/checkavailability', json={'Name': domain}).json() == {'Available': False}


# ---- the seed -------------------------------------------------------------------------------------------------------


def test_the_seeded_zone_holds_the_seeded_hostnames_with_their_pullzone_records(api: TestClient, state: State) -> None:
    [zone] = api.get('/dnszone').json()['Items']
    assert (zone['Id'], zone['Domain'], zone['NameserversDetected'], zone['DnsSecEnabled'], zone['LoggingEnabled']) == (
        4001,
        'brand.example',
        True,
        True,
        True,
    )
    custom = {
        hostname['Value']: pullzone['Id']
        for pullzone in state.data['pullzones'].values()
        for hostname in pullzone['Hostnames']
        if not hostname['IsSystemHostname']
    }
    assert sorted(custom) == [
        f'{name}.brand.example' for name in ('api-006', 'assets-000', 'fonts-010', 'shop-008', 'static-002')
    ]
    linked = {f'{r["Name"]}.brand.example': (int(r['LinkName']), r['Value']) for r in zone['Records'] if r['Type'] == 7}
    assert linked == {
        hostname: (pullzone_id, f'{hostname.split(".")[0]}.edge-cdn.test') for hostname, pullzone_id in custom.items()
    }
    others = [(r['Name'], r['Type'], r['Value']) for r in zone['Records'] if r['Type'] != 7]
    assert others[:2] == [('', 0, '192.0.2.10'), ('', 1, '2001:db8::10')]
    assert ('www', 2, 'assets-000.edge-cdn.test') in others and ('old', 5, 'https://www.brand.example/') in others
    dkim = next(r for r in zone['Records'] if r['Name'] == 'mail._domainkey')
    assert len(dkim['Value']) > 255  # two strings in the zone file
    assert all(list(record) == RECORD_FIELDS for record in zone['Records'])
    # DNSSEC is on, its DS record at the parent.
    assert api.post('/dnszone/4001/dnssec').json()['DsConfigured'] is True


def test_every_seeded_hostname_can_have_its_free_certificate_again(api: TestClient, state: State) -> None:
    for pullzone in list(state.data['pullzones'].values()):
        for hostname in [h['Value'] for h in pullzone['Hostnames'] if h['Value'].endswith('.brand.example')]:
            removed = api.request(
                'DELETE', f'/pullzone/{pullzone["Id"]}/removeCertificate', json={'Hostname': hostname}
            )
            assert removed.status_code == 204
            assert load_free(api, hostname).status_code == 200, hostname
            assert has_certificate(api, pullzone['Id'], hostname)
    # Hostnames elsewhere (the tests' own) are not checked; one of brand.example without a record is refused.
    assert api.post('/pullzone/1002/addHostname', json={'Hostname': 'cdn.example.com'}).status_code == 204
    assert load_free(api, 'cdn.example.com').status_code == 200
    assert api.post('/pullzone/1002/addHostname', json={'Hostname': 'new.brand.example'}).status_code == 204
    error_of(load_free(api, 'new.brand.example'), 400, 'pullzone.hostname_not_pointing', 'hostname')


def test_the_seeded_zone_survives_its_export_and_import(api: TestClient) -> None:
    zone = api.get('/dnszone/4001').json()
    text = api.get('/dnszone/4001/export').content
    assert api.delete('/dnszone/4001').status_code == 204
    empty = create_zone(api, 'brand.example')
    result = api.post(f'/dnszone/{empty["Id"]}/import', content=text).json()
    assert result == {'RecordsSuccessful': len(zone['Records']), 'RecordsFailed': 0, 'RecordsSkipped': 3}
    assert without_ids(records_of(api, empty['Id'])) == without_ids(zone['Records'])


def test_from_scale_1000_a_zone_of_10000_records(admin: TestClient) -> None:
    from ansible_collections.edge.platform.tests.emulator.areas import AREAS
    from ansible_collections.edge.platform.tests.unit.helpers import EMULATOR_KEY

    large = State(api_key=EMULATOR_KEY, scale=1000, areas=AREAS)
    large.reset()
    zones = {zone['Domain']: zone for zone in dns_zones(large).values()}
    assert sorted(zones) == ['brand.example', 'bulk.example']
    bulk = zones['bulk.example']['Records']
    assert len(bulk) == 10000 and len({r['Id'] for r in bulk}) == 10000
    assert {r['Type'] for r in bulk} == {0, 1, 2, 3}
    custom = [h for z in large.data['pullzones'].values() for h in z['Hostnames'] if not h['IsSystemHostname']]
    assert len(custom) == 499  # every even zone but 1005 (no secrets)
    assert len(zones['brand.example']['Records']) == 11 + len(custom)  # a PullZone record per custom hostname
    first = [dict(r) for r in bulk[:50]]
    large.reset()
    assert [dict(r) for r in dns_zones(large)[zones['bulk.example']['Id']]['Records'][:50]] == first  # deterministic
    assert admin.get('/state').json()['dns_zones'][0]['Domain'] == 'brand.example'  # the default scale: one zone
    assert len(admin.get('/state').json()['dns_zones']) == 1
