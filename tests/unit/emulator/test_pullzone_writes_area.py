# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's pull zone writes (GAPS "Pull zone writes"): zones, hostnames, edge rules, purges, in-process."""

from __future__ import annotations

import base64
import copy
import hashlib
import typing as t
import uuid

import pytest
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.certificates import make_certificate
from ansible_collections.edge.platform.tests.emulator.areas.pullzone_model import (
    EDGE_RULE_FIELDS,
    ENUM_MAX,
    INT_BOUNDS,
    PULLZONE_FIELDS,
    RENAMED_BY_DIGEST,
    SERVICE_FIELDS,
    SETTINGS,
)
from ansible_collections.edge.platform.tests.emulator.areas.pullzones import NEW_ZONE_DEFAULTS, SYSTEM_DOMAIN
from ansible_collections.edge.platform.tests.emulator.core import State
from ansible_collections.edge.platform.tests.emulator.server import admin_app, build_service
from ansible_collections.edge.platform.tests.unit.emulator.test_pullzones_area import check_type

FIELD_NAMES = [name for name, _kind in PULLZONE_FIELDS]
# Seeded zones: 1001 has a Shield zone with access lists, a custom hostname and two edge rules (Force SSL first);
# 1002 a read-only edge rule then a disabled one; 1006 no Shield zone, no edge rules, only its system hostname.
WITH_SHIELD, READ_ONLY_ZONE, PLAIN = 1001, 1002, 1006
# The reference's names of the four fields spec 2.1 renames, encoded: the project does not spell another vendor's
# product names. Spec 2.1 name -> the reference's name.
REFERENCE_NAMES = {
    spec_name: base64.b64decode(encoded).decode()
    for spec_name, encoded in (
        ('ContainerAppId', 'TWFnaWNDb250YWluZXJzQXBwSWQ='),
        ('ContainerEndpointId', 'TWFnaWNDb250YWluZXJzRW5kcG9pbnRJZA=='),
        ('EnableServiceImageAi', 'RW5hYmxlQnVubnlJbWFnZUFp'),
        ('ServiceAiImageBlueprints', 'QnVubnlBaUltYWdlQmx1ZXByaW50cw=='),
    )
}


def snapshot(state: State) -> dict[str, t.Any]:
    return TestClient(admin_app(state)).get('/state').json()


def stored(state: State, zone_id: int) -> dict[str, t.Any]:
    return copy.deepcopy(state.data['pullzones'][zone_id])


def answered(zone: dict[str, t.Any]) -> dict[str, t.Any]:
    """A stored zone as the API answers it without includeCertificate: its hostnames' certificates left out."""
    hostnames = [{**record, 'Certificate': None, 'CertificateKey': None} for record in zone['Hostnames']]
    return {**zone, 'Hostnames': hostnames}


def error_of(response: t.Any, status: int, key: str, field: str) -> str:
    """The answer is ``status`` with the core error body ``{ErrorKey, Field, Message}`` of ``key`` and ``field``."""
    assert response.status_code == status, response.text
    body = response.json()
    assert list(body) == ['ErrorKey', 'Field', 'Message']
    assert (body['ErrorKey'], body['Field']) == (key, field), body
    assert body['Message']
    return t.cast(str, body['Message'])


def delete(api: TestClient, path: str, body: t.Any = None) -> t.Any:
    return api.request('DELETE', path, json=body) if body is not None else api.delete(path)


def create(api: TestClient, **body: t.Any) -> dict[str, t.Any]:
    response = api.post('/pullzone', json=body)
    assert response.status_code == 201, response.text
    return t.cast(dict, response.json())


def rule_body(**fields: t.Any) -> dict[str, t.Any]:
    return {'ActionType': 0, 'Triggers': [{'Type': 0, 'PatternMatches': ['*']}], 'Enabled': True, **fields}


# ---- create ---------------------------------------------------------------------------------------------------------


def test_create_answers_201_with_the_whole_new_record(api: TestClient, state: State) -> None:
    answer = create(
        api,
        Name='new-zone',
        OriginUrl='https://origin.example.org',
        Type=1,
        StorageZoneId=7002,  # a seeded storage zone: the origin (OriginType 2)
        EnableLogging=False,
        BlockedCountries=['DE'],
    )
    assert list(answer) == FIELD_NAMES  # every spec 2.1 property, nothing else
    for name, kind in PULLZONE_FIELDS:
        check_type(name, kind, answer[name])
    assert answer['Id'] == 1013  # after the seeded 1001..1012
    assert (answer['Name'], answer['Type'], answer['StorageZoneId'], answer['OriginType']) == ('new-zone', 1, 7002, 2)
    assert answer['OriginUrl'] == answer['OriginLinkValue'] == 'https://origin.example.org'
    assert answer['EnableLogging'] is False and answer['BlockedCountries'] == ['DE']
    [system] = answer['Hostnames']
    assert system['Value'] == f'new-zone.{SYSTEM_DOMAIN}' == answer['CnameDomain']
    assert system['IsSystemHostname'] is True and system['HasCertificate'] is True and system['ForceSSL'] is False
    assert answer['EdgeRules'] == []
    assert answer['ZoneSecurityKey']
    assert api.get('/pullzone/1013').json() == answer
    assert [answered(zone) for zone in snapshot(state)['pullzones'] if zone['Name'] == 'new-zone'] == [answer]


def test_a_new_zone_takes_the_defaults_for_what_it_does_not_send(api: TestClient) -> None:
    answer = create(api, Name='bare')
    assert {name: answer[name] for name in NEW_ZONE_DEFAULTS} == NEW_ZONE_DEFAULTS
    assert answer['Type'] == 0 and answer['OriginUrl'] is None and answer['Suspended'] is False
    assert answer['IpFamilyPolicy'] == 1  # the reference's default, DualStack
    seeded_system = api.get('/pullzone/1001').json()['Hostnames'][0]
    new_system = answer['Hostnames'][0]
    assert {k: v for k, v in new_system.items() if k not in ('Id', 'Value')} == {
        k: v for k, v in seeded_system.items() if k not in ('Id', 'Value')
    }


def test_ids_are_never_given_twice(api: TestClient, state: State) -> None:
    first = create(api, Name='first')
    assert delete(api, f"/pullzone/{first['Id']}").status_code == 204
    second = create(api, Name='second')
    assert second['Id'] == first['Id'] + 1
    assert api.post(f"/pullzone/{second['Id']}/addHostname", json={'Hostname': 'cdn.second.example'}).status_code == 204
    ids = [hostname['Id'] for zone in snapshot(state)['pullzones'] for hostname in zone['Hostnames']]
    assert len(ids) == len(set(ids))
    assert first['Hostnames'][0]['Id'] not in ids


@pytest.mark.parametrize(
    'body',
    [{}, {'Name': None}, {'Name': ''}, {'Name': 'has space'}, {'Name': 'under_score'}, {'Name': 'x' * 64}, {'Name': 7}],
)
def test_create_refuses_a_bad_name(api: TestClient, state: State, body: dict[str, t.Any]) -> None:
    error_of(
        api.post('/pullzone', json={**body, 'OriginUrl': 'https://o.example.com'}), 400, 'validation_error', 'Name'
    )
    assert len(state.data['pullzones']) == 12


def test_create_refuses_a_name_taken_in_any_case(api: TestClient, state: State) -> None:
    for name in ('assets-000', 'ASSETS-000'):
        message = error_of(api.post('/pullzone', json={'Name': name}), 400, 'pullzone.name_taken', 'Name')
        assert 'already taken' in message
    assert len(state.data['pullzones']) == 12
    create(api, Name='assets-000-b')  # a longer name is another name


@pytest.mark.parametrize(
    ('body', 'field'),
    [
        ({'Type': 2}, 'Type'),
        ({'Type': 'Volume'}, 'Type'),
        ({'OptimizerImageQuality': 0}, 'OptimizerImageQuality'),
        ({'OriginUrl': 'origin.example.com'}, 'OriginUrl'),
        ({'EnableLogging': 'true'}, 'EnableLogging'),
    ],
)
def test_create_refuses_bad_values(api: TestClient, state: State, body: dict[str, t.Any], field: str) -> None:
    error_of(api.post('/pullzone', json={'Name': 'refused', **body}), 400, 'validation_error', field)
    assert len(state.data['pullzones']) == 12


def test_check_availability(api: TestClient) -> None:
    def available(body: dict[str, t.Any]) -> t.Any:
        response = api.post('/pullzone/checkavailability', json=body)
        assert response.status_code == 200
        return response.json()

    assert available({'Name': 'assets-000'}) == {'Available': False}
    assert available({'name': 'Assets-000'}) == {'Available': False}
    assert available({'Name': 'free-name'}) == {'Available': True}
    assert available({'Name': 'not a name'}) == {'Available': False}
    error_of(api.post('/pullzone/checkavailability', json={}), 400, 'validation_error', 'Name')
    create(api, Name='free-name')
    assert available({'Name': 'free-name'}) == {'Available': False}


# ---- update ---------------------------------------------------------------------------------------------------------


def test_update_changes_only_what_is_sent(api: TestClient, state: State) -> None:
    before = api.get(f'/pullzone/{PLAIN}').json()
    changes = {'EnableLogging': not before['EnableLogging'], 'OptimizerImageQuality': 50, 'BlockedCountries': ['DE']}
    answer = api.post(f'/pullzone/{PLAIN}', json=changes)
    assert answer.status_code == 200
    assert answer.json() == {**before, **changes}
    assert api.get(f'/pullzone/{PLAIN}').json() == answer.json()
    again = api.post(f'/pullzone/{PLAIN}', json=changes)  # the same call again: the same record
    assert again.status_code == 200 and again.json() == answer.json()


def test_update_ignores_name_type_the_service_fields_and_unknown_members(api: TestClient, state: State) -> None:
    before = stored(state, PLAIN)
    body = {name: before[name] for name in SERVICE_FIELDS}
    body.update(
        Id=4242,
        Name='renamed',
        Type=1 - before['Type'],
        Enabled=not before['Enabled'],
        Hostnames=[],
        EdgeRules=[{'Guid': 'x'}],
        ZoneSecurityKey='chosen',
        CacheVersion=999,
        NotAField=True,
        TlsSecurityLevel=2,  # a reference setting that spec 2.1 does not have
    )
    answer = api.post(f'/pullzone/{PLAIN}', json=body)
    assert answer.status_code == 200
    assert answer.json() == answered(before)
    assert stored(state, PLAIN) == before


def test_setting_the_origin_url_also_sets_the_origin_link_value(api: TestClient, state: State) -> None:
    before = stored(state, PLAIN)
    answer = api.post(f'/pullzone/{PLAIN}', json={'OriginUrl': 'https://moved.example.net/base'}).json()
    assert answer == {
        **answered(before),
        'OriginUrl': 'https://moved.example.net/base',
        'OriginLinkValue': 'https://moved.example.net/base',
    }


def test_null_members_leave_the_values_alone(api: TestClient, state: State) -> None:
    before = api.get(f'/pullzone/{WITH_SHIELD}').json()
    body = dict.fromkeys(SETTINGS)
    assert api.post(f'/pullzone/{WITH_SHIELD}', json=body).json() == before


def sample(name: str, kind: str, current: t.Any) -> t.Any:
    """A valid value of setting ``name`` that differs from ``current``."""
    base = kind.rstrip('?')
    if base == 'bool':
        return not current
    if base == 'enum':
        return 1 if current != 1 else 0
    if name == 'StorageZoneId':  # a storage zone of the account (the seeded one that no pull zone uses)
        return 7002
    if base in ('int32', 'int64'):
        low, high = INT_BOUNDS.get(name, (0, 10**6))
        value = 500 if name == 'MaxWebSocketConnections' else (low + high) // 2
        return value if value != current else value + 1
    if base in ('decimal', 'double'):
        return (current or 0.0) + 1.5
    if base == 'string':
        return 'https://other-origin.example.com' if name == 'OriginUrl' else f'{name}-value'
    if base == 'strings':
        return ['NL', 'BE'] if 'Countries' in name else [f'{name.lower()}.example.com']
    return [{'Name': f'{name}-1', 'Properties': {'width': '100'}}]


def test_every_setting_can_be_written_and_reads_back(api: TestClient, state: State) -> None:
    before = api.get(f'/pullzone/{WITH_SHIELD}').json()
    kinds = dict(PULLZONE_FIELDS)
    body = {name: sample(name, kinds[name], before[name]) for name in SETTINGS}
    answer = api.post(f'/pullzone/{WITH_SHIELD}', json=body).json()
    # A storage zone as the origin makes OriginType StorageZone (2), whatever OriginType the body sends.
    expected = {**before, **body, 'OriginLinkValue': body['OriginUrl'], 'OriginType': 2}
    assert answer == expected
    assert set(SETTINGS).isdisjoint(SERVICE_FIELDS) and set(SETTINGS) | SERVICE_FIELDS == set(FIELD_NAMES)


def test_member_names_bind_in_any_case(api: TestClient, state: State) -> None:
    before = stored(state, PLAIN)
    body = {'EnableWebpVary': not before['EnableWebPVary'], 'enablelogging': not before['EnableLogging']}
    answer = api.post(f'/pullzone/{PLAIN}', json=body).json()
    assert answer['EnableWebPVary'] is body['EnableWebpVary']  # the reference's spelling of EnableWebPVary
    assert answer['EnableLogging'] is body['enablelogging']
    assert 'EnableWebpVary' not in answer and list(answer) == FIELD_NAMES


def test_the_reference_names_of_renamed_fields_are_taken(api: TestClient, state: State) -> None:
    # The emulator knows them by the SHA-256 of their lower-cased spelling; computed here the same way.
    digests = {hashlib.sha256(name.lower().encode()).hexdigest(): spec for spec, name in REFERENCE_NAMES.items()}
    assert digests == RENAMED_BY_DIGEST
    body = {
        REFERENCE_NAMES['ContainerAppId']: 'app-7',
        REFERENCE_NAMES['ContainerEndpointId']: 'endpoint-3',
        REFERENCE_NAMES['EnableServiceImageAi'].upper(): True,
        REFERENCE_NAMES['ServiceAiImageBlueprints']: [{'Name': 'hero', 'Properties': {'Prompt': 'a lake'}}],
    }
    answer = api.post(f'/pullzone/{PLAIN}', json=body).json()
    assert list(answer) == FIELD_NAMES  # the answer speaks spec 2.1 only
    assert answer['ContainerAppId'] == 'app-7' and answer['ContainerEndpointId'] == 'endpoint-3'
    assert answer['EnableServiceImageAi'] is True
    assert answer['ServiceAiImageBlueprints'] == [{'Name': 'hero', 'Properties': {'Prompt': 'a lake'}}]
    created = create(api, Name='renamed-on-create', **{REFERENCE_NAMES['ContainerAppId']: 'app-9'})
    assert created['ContainerAppId'] == 'app-9'


@pytest.mark.parametrize(
    ('field', 'value'),
    [
        ('OptimizerDesktopMaxWidth', 5001),
        ('OptimizerMobileMaxWidth', -1),
        ('OptimizerImageQuality', 0),
        ('OptimizerMobileImageQuality', 101),
        ('OriginShieldMaxConcurrentRequests', 0),
        ('PreloadingScreenDelay', 10001),
        ('MaxWebSocketConnections', 25001),
        ('IpFamilyPolicy', ENUM_MAX['IpFamilyPolicy'] + 1),
        ('OriginType', ENUM_MAX['OriginType'] + 1),
        ('LogFormat', -1),
        ('OptimizerHtmlToMarkdown', 3),
        ('BurstSize', 2**31),
        ('CacheControlMaxAgeOverride', 2**63),
        ('RequestLimit', 1.5),
        ('EnableLogging', 'yes'),
        ('EnableCacheSlice', 1),
        ('LimitRateAfter', 'fast'),
        ('OriginHostHeader', 5),
        ('OriginUrl', 'ftp://origin.example.com'),
        ('AllowedReferrers', 'a.example.com'),
        ('BlockedIps', [1]),
        ('BlockedCountries', ['USA']),
        ('BudgetRedirectedCountries', ['1A']),
        ('OptimizerClasses', ['small']),
    ],
)
def test_update_refuses_a_bad_value_naming_the_field(api: TestClient, state: State, field: str, value: t.Any) -> None:
    before = stored(state, PLAIN)
    body = {'EnableLogging': not before['EnableLogging'], field: value}  # nothing of the body is saved
    error_of(api.post(f'/pullzone/{PLAIN}', json=body), 400, 'validation_error', field)
    assert stored(state, PLAIN) == before


@pytest.mark.parametrize(
    ('field', 'value'),
    [
        ('OptimizerDesktopMaxWidth', 0),
        ('OptimizerMobileMaxWidth', 5000),
        ('OptimizerImageQuality', 1),
        ('OptimizerMobileImageQuality', 100),
        ('LimitRatePerSecond', 12),
    ],
)
def test_update_takes_the_bounds_themselves(api: TestClient, field: str, value: int) -> None:
    answer = api.post(f'/pullzone/{PLAIN}', json={field: value})
    assert answer.status_code == 200 and answer.json()[field] == value


@pytest.mark.parametrize(('sent', 'kept'), [(0, 0), (1, 500), (600, 1000), (2500, 2500), (24000, 25000)])
def test_websocket_connections_round_up_to_a_tier(api: TestClient, sent: int, kept: int) -> None:
    assert (
        api.post(f'/pullzone/{PLAIN}', json={'MaxWebSocketConnections': sent}).json()['MaxWebSocketConnections'] == kept
    )


def test_update_of_a_zone_that_does_not_exist_or_without_a_body(api: TestClient) -> None:
    error_of(api.post('/pullzone/4242', json={'EnableLogging': True}), 404, 'pullzone.not_found', 'id')
    error_of(api.post(f'/pullzone/{PLAIN}'), 400, 'validation_error', 'body')
    error_of(api.post(f'/pullzone/{PLAIN}', json=[{'EnableLogging': True}]), 400, 'validation_error', 'body')
    error_of(
        api.post(f'/pullzone/{PLAIN}', content=b'{"EnableLogging":', headers={'Content-Type': 'application/json'}),
        400,
        'invalid_json',
        '',
    )


# ---- delete ---------------------------------------------------------------------------------------------------------


def test_delete_takes_the_shield_zone_hostnames_and_edge_rules_with_it(api: TestClient, state: State) -> None:
    admin = TestClient(admin_app(state))
    shield_zone_id = state.data['shield_by_pullzone'][WITH_SHIELD]
    assert admin.post('/traffic', json={'pullzone_id': WITH_SHIELD, 'rows': [{}]}).status_code == 201
    assert admin.post('/traffic', json={'shield_zone_id': shield_zone_id, 'events': [{}]}).status_code == 201
    assert state.data['cdn_logs']['live'][WITH_SHIELD] and state.data['shield_live_events'][shield_zone_id]
    lists = [r['id'] for r in snapshot(state)['access_lists'] if r['shieldZoneId'] == shield_zone_id]
    before = snapshot(state)
    assert lists and before['pullzones'][0]['EdgeRules'] and len(before['pullzones'][0]['Hostnames']) == 2

    response = delete(api, f'/pullzone/{WITH_SHIELD}')
    assert response.status_code == 204 and response.content == b''

    after = snapshot(state)
    assert [zone['Id'] for zone in after['pullzones']] == [zone['Id'] for zone in before['pullzones'][1:]]
    assert [zone['shieldZoneId'] for zone in after['shield_zones']] == [
        zone['shieldZoneId'] for zone in before['shield_zones'] if zone['pullZoneId'] != WITH_SHIELD
    ]
    assert [r['id'] for r in after['access_lists']] == [r['id'] for r in before['access_lists'] if r['id'] not in lists]
    for key in ('bot_detection', 'upload_scanning', 'shield_event_rates', 'shield_live_events'):
        assert shield_zone_id not in state.data[key]
    assert WITH_SHIELD not in state.data['cdn_logs']['live']
    error_of(api.get(f'/pullzone/{WITH_SHIELD}'), 404, 'pullzone.not_found', 'id')
    assert api.get(f'/shield/shield-zone/get-by-pullzone/{WITH_SHIELD}').status_code == 404
    assert api.get(f'/shield/shield-zone/{shield_zone_id}').status_code == 404
    error_of(delete(api, f'/pullzone/{WITH_SHIELD}'), 404, 'pullzone.not_found', 'id')  # a second delete
    # Its name and hostnames are free again.
    assert api.post(f'/pullzone/{PLAIN}/addHostname', json={'Hostname': 'assets-000.brand.example'}).status_code == 204
    assert create(api, Name='assets-000')['Hostnames'][0]['Value'] == f'assets-000.{SYSTEM_DOMAIN}'


def test_delete_of_a_zone_without_a_shield_zone(api: TestClient, state: State) -> None:
    shield_zones = len(state.data['shield_zones'])
    assert PLAIN not in state.data['shield_by_pullzone']
    assert delete(api, f'/pullzone/{PLAIN}').status_code == 204
    assert len(state.data['shield_zones']) == shield_zones and PLAIN not in state.data['pullzones']


# ---- hostnames ------------------------------------------------------------------------------------------------------


def test_add_hostname(api: TestClient, state: State) -> None:
    response = api.post(f'/pullzone/{PLAIN}/addHostname', json={'Hostname': 'CDN.Example.org'})
    assert response.status_code == 204 and response.content == b''
    added = stored(state, PLAIN)['Hostnames'][-1]
    assert {k: v for k, v in added.items() if k != 'Id'} == {
        'Value': 'CDN.Example.org',
        'ForceSSL': False,
        'IsSystemHostname': False,
        'IsManagedHostname': False,
        'HasCertificate': False,
        'Certificate': None,
        'CertificateKey': None,
    }
    ids = [hostname['Id'] for zone in snapshot(state)['pullzones'] for hostname in zone['Hostnames']]
    assert len(ids) == len(set(ids))
    # Again, in another case: the zone has it already; another zone cannot have it.
    again = api.post(f'/pullzone/{PLAIN}/addHostname', json={'Hostname': 'cdn.example.org'})
    error_of(again, 400, 'pullzone.hostname_exists', 'Hostname')
    elsewhere = api.post(f'/pullzone/{WITH_SHIELD}/addHostname', json={'Hostname': 'cdn.example.ORG'})
    assert 'another Pull Zone' in error_of(elsewhere, 400, 'pullzone.hostname_taken', 'Hostname')
    system = api.post(f'/pullzone/{PLAIN}/addHostname', json={'Hostname': f'assets-000.{SYSTEM_DOMAIN}'})
    error_of(system, 400, 'pullzone.hostname_invalid', 'Hostname')
    assert len(stored(state, PLAIN)['Hostnames']) == 2


@pytest.mark.parametrize(
    'hostname',
    [
        '-bad.example.com',
        'bad-.example.com',
        'a..example.com',
        'under_score.example.com',
        'trailing.dot.example.com.',
        '*.example.com',
        f"{'x' * 64}.example.com",
        '.'.join(['abcdefghi'] * 26),
        f'free.{SYSTEM_DOMAIN}',
    ],
)
def test_add_hostname_refuses_what_is_not_a_hostname(api: TestClient, state: State, hostname: str) -> None:
    response = api.post(f'/pullzone/{PLAIN}/addHostname', json={'Hostname': hostname})
    error_of(response, 400, 'pullzone.hostname_invalid', 'Hostname')
    assert len(stored(state, PLAIN)['Hostnames']) == 1


@pytest.mark.parametrize('body', [None, {}, {'Hostname': ''}, {'Hostname': 5}, ['cdn.example.org']])
def test_hostname_bodies_are_required(api: TestClient, body: t.Any) -> None:
    field = 'body' if not isinstance(body, dict) else 'Hostname'
    error_of(api.post(f'/pullzone/{PLAIN}/addHostname', json=body), 400, 'validation_error', field)
    error_of(delete(api, f'/pullzone/{PLAIN}/removeHostname', body), 400, 'validation_error', field)


def test_remove_hostname(api: TestClient, state: State) -> None:
    assert api.post(f'/pullzone/{PLAIN}/addHostname', json={'Hostname': 'cdn.example.org'}).status_code == 204
    response = delete(api, f'/pullzone/{PLAIN}/removeHostname', {'Hostname': 'CDN.example.org'})
    assert response.status_code == 204 and response.content == b''
    assert [h['Value'] for h in stored(state, PLAIN)['Hostnames']] == [f'downloads-005.{SYSTEM_DOMAIN}']
    again = delete(api, f'/pullzone/{PLAIN}/removeHostname', {'Hostname': 'cdn.example.org'})
    error_of(again, 400, 'pullzone.hostname_not_found', 'Hostname')
    other_zones = delete(api, f'/pullzone/{PLAIN}/removeHostname', {'Hostname': 'assets-000.brand.example'})
    error_of(other_zones, 400, 'pullzone.hostname_not_found', 'Hostname')
    system = delete(api, f'/pullzone/{PLAIN}/removeHostname', {'Hostname': f'downloads-005.{SYSTEM_DOMAIN}'})
    assert 'system hostname' in error_of(system, 400, 'pullzone.system_hostname', 'Hostname')
    error_of(delete(api, '/pullzone/4242/removeHostname', {'Hostname': 'x.example'}), 404, 'pullzone.not_found', 'id')
    assert len(stored(state, PLAIN)['Hostnames']) == 1


def test_set_force_ssl(api: TestClient, state: State) -> None:
    for value in (True, True, False):  # the same call twice: 204 both times
        response = api.post(
            f'/pullzone/{PLAIN}/setForceSSL', json={'Hostname': f'DOWNLOADS-005.{SYSTEM_DOMAIN}', 'ForceSSL': value}
        )
        assert response.status_code == 204 and response.content == b''
        assert stored(state, PLAIN)['Hostnames'][0]['ForceSSL'] is value
    missing = api.post(
        f'/pullzone/{PLAIN}/setForceSSL', json={'Hostname': 'assets-000.brand.example', 'ForceSSL': True}
    )
    error_of(missing, 400, 'pullzone.hostname_not_found', 'Hostname')
    for body in (
        {'Hostname': f'downloads-005.{SYSTEM_DOMAIN}'},
        {'Hostname': f'downloads-005.{SYSTEM_DOMAIN}', 'ForceSSL': 'true'},
    ):
        error_of(api.post(f'/pullzone/{PLAIN}/setForceSSL', json=body), 400, 'validation_error', 'ForceSSL')
    error_of(api.post(f'/pullzone/{PLAIN}/setForceSSL', json={'ForceSSL': True}), 400, 'validation_error', 'Hostname')
    error_of(
        api.post('/pullzone/4242/setForceSSL', json={'Hostname': 'x.example', 'ForceSSL': True}),
        404,
        'pullzone.not_found',
        'id',
    )


def test_load_free_certificate(api: TestClient, state: State) -> None:
    assert api.post(f'/pullzone/{PLAIN}/addHostname', json={'Hostname': 'cdn.example.org'}).status_code == 204
    response = api.get('/pullzone/loadFreeCertificate', params={'hostname': 'CDN.example.org'})
    assert response.status_code == 200 and response.content == b''
    hostname = api.get(f'/pullzone/{PLAIN}', params={'includeCertificate': 'true'}).json()['Hostnames'][-1]
    assert hostname['HasCertificate'] is True and hostname['Certificate'] and hostname['CertificateKey']
    again = api.get('/pullzone/loadFreeCertificate', params={'hostname': 'cdn.example.org', 'useOnlyHttp01': ''})
    assert again.status_code == 200
    assert api.get(f'/pullzone/{PLAIN}', params={'includeCertificate': 'true'}).json()['Hostnames'][-1] == hostname
    assert api.get(f'/pullzone/{PLAIN}').json()['Hostnames'][-1]['CertificateKey'] is None
    error_of(
        api.get('/pullzone/loadFreeCertificate', params={'hostname': 'nowhere.example'}),
        404,
        'hostname.not_found',
        'hostname',
    )
    error_of(api.get('/pullzone/loadFreeCertificate', params={'hostname': ''}), 400, 'validation_error', 'hostname')
    error_of(api.get('/pullzone/loadFreeCertificate'), 400, 'validation_error', 'hostname')


# ---- edge rules -----------------------------------------------------------------------------------------------------


def test_add_edge_rule(api: TestClient, state: State) -> None:
    body = rule_body(Description='Force SSL everywhere', Triggers=[{'Type': 0, 'PatternMatches': ['*']}])
    response = api.post(f'/pullzone/{PLAIN}/edgerules/addOrUpdate', json=body)
    assert response.status_code == 201
    rule = response.json()
    assert list(rule) == list(EDGE_RULE_FIELDS)
    uuid.UUID(rule['Guid'])
    assert rule == {
        'Guid': rule['Guid'],
        'ActionType': 0,
        'ActionParameter1': None,
        'ActionParameter2': None,
        'ActionParameter3': None,
        'Triggers': [{'Type': 0, 'PatternMatches': ['*'], 'PatternMatchingType': 0, 'Parameter1': None}],
        'ExtraActions': [],
        'TriggerMatchingType': 0,
        'Description': 'Force SSL everywhere',
        'Enabled': True,
        'OrderIndex': 0,
        'ReadOnly': False,
    }
    second = api.post(f'/pullzone/{PLAIN}/edgerules/addOrUpdate', json=body).json()  # adds another
    assert second['Guid'] != rule['Guid'] and second['OrderIndex'] == 1
    assert api.get(f'/pullzone/{PLAIN}').json()['EdgeRules'] == [rule, second]
    assert [z['EdgeRules'] for z in snapshot(state)['pullzones'] if z['Id'] == PLAIN] == [[rule, second]]


def test_add_or_update_with_a_guid_replaces_the_rule_whole(api: TestClient, state: State) -> None:
    [_force_ssl, headers] = stored(state, WITH_SHIELD)['EdgeRules']
    assert headers['ExtraActions'] and headers['Triggers'] and headers['Enabled']
    body = {
        'Guid': headers['Guid'].upper(),
        'ActionType': 6,
        'ActionParameter1': 'X-From',
        'OrderIndex': 9,
        'ReadOnly': True,
    }
    response = api.post(f'/pullzone/{WITH_SHIELD}/edgerules/addOrUpdate', json=body)
    assert response.status_code == 201
    replaced = response.json()
    assert replaced == {
        'Guid': headers['Guid'],
        'ActionType': 6,
        'ActionParameter1': 'X-From',
        'ActionParameter2': None,
        'ActionParameter3': None,
        'Triggers': [],
        'ExtraActions': [],
        'TriggerMatchingType': 0,
        'Description': None,
        'Enabled': False,
        'OrderIndex': 1,
        'ReadOnly': False,
    }
    assert stored(state, WITH_SHIELD)['EdgeRules'][1] == replaced
    again = api.post(f'/pullzone/{WITH_SHIELD}/edgerules/addOrUpdate', json=body)
    assert again.status_code == 201 and again.json() == replaced
    assert len(stored(state, WITH_SHIELD)['EdgeRules']) == 2


def test_an_unknown_guid_or_zone_is_404(api: TestClient, state: State) -> None:
    before = stored(state, WITH_SHIELD)['EdgeRules']
    unknown = str(uuid.uuid4())
    response = api.post(f'/pullzone/{WITH_SHIELD}/edgerules/addOrUpdate', json=rule_body(Guid=unknown))
    error_of(response, 404, 'edgerule.not_found', 'Guid')
    error_of(delete(api, f'/pullzone/{WITH_SHIELD}/edgerules/{unknown}'), 404, 'edgerule.not_found', 'edgeRuleId')
    enable = api.post(
        f'/pullzone/{WITH_SHIELD}/edgerules/{unknown}/setEdgeRuleEnabled', json={'Id': WITH_SHIELD, 'Value': True}
    )
    error_of(enable, 404, 'edgerule.not_found', 'edgeRuleId')
    error_of(api.post('/pullzone/4242/edgerules/addOrUpdate', json=rule_body()), 404, 'pullzone.not_found', 'id')
    guid = before[0]['Guid']
    error_of(
        delete(api, f'/pullzone/{PLAIN}/edgerules/{guid}'), 404, 'edgerule.not_found', 'edgeRuleId'
    )  # another zone's
    assert stored(state, WITH_SHIELD)['EdgeRules'] == before


def test_read_only_rules_cannot_be_changed_or_deleted(api: TestClient, state: State) -> None:
    before = stored(state, READ_ONLY_ZONE)['EdgeRules']
    locked = before[0]
    assert locked['ReadOnly'] is True
    replace = api.post(f'/pullzone/{READ_ONLY_ZONE}/edgerules/addOrUpdate', json=rule_body(Guid=locked['Guid']))
    assert 'read-only' in error_of(replace, 400, 'edgerule.read_only', 'Guid')
    error_of(delete(api, f"/pullzone/{READ_ONLY_ZONE}/edgerules/{locked['Guid']}"), 400, 'edgerule.read_only', 'Guid')
    enable = api.post(
        f"/pullzone/{READ_ONLY_ZONE}/edgerules/{locked['Guid']}/setEdgeRuleEnabled",
        json={'Id': READ_ONLY_ZONE, 'Value': False},
    )
    error_of(enable, 400, 'edgerule.read_only', 'Guid')
    assert stored(state, READ_ONLY_ZONE)['EdgeRules'] == before


def test_delete_edge_rule(api: TestClient, state: State) -> None:
    [force_ssl, headers] = stored(state, WITH_SHIELD)['EdgeRules']
    response = delete(api, f"/pullzone/{WITH_SHIELD}/edgerules/{force_ssl['Guid']}")
    assert response.status_code == 204 and response.content == b''
    assert stored(state, WITH_SHIELD)['EdgeRules'] == [{**headers, 'OrderIndex': 0}]  # positions close up
    again = delete(api, f"/pullzone/{WITH_SHIELD}/edgerules/{force_ssl['Guid']}")
    error_of(again, 404, 'edgerule.not_found', 'edgeRuleId')


def test_set_edge_rule_enabled(api: TestClient, state: State) -> None:
    disabled = stored(state, READ_ONLY_ZONE)['EdgeRules'][1]
    path = f"/pullzone/{READ_ONLY_ZONE}/edgerules/{disabled['Guid']}/setEdgeRuleEnabled"
    assert disabled['Enabled'] is False
    for body, enabled in (
        ({'Id': READ_ONLY_ZONE, 'Value': True}, True),
        ({'Id': READ_ONLY_ZONE, 'Value': True}, True),  # again: 204, still enabled
        ({'Value': False}, False),
        ({'Id': 0, 'value': True}, True),  # a generated client's default id; names in any case
    ):
        response = api.post(path, json=body)
        assert response.status_code == 204 and response.content == b''
        assert stored(state, READ_ONLY_ZONE)['EdgeRules'][1] == {**disabled, 'Enabled': enabled}
    error_of(api.post(path, json={'Id': WITH_SHIELD, 'Value': False}), 400, 'validation_error', 'Id')
    error_of(api.post(path, json={'Id': READ_ONLY_ZONE}), 400, 'validation_error', 'Value')
    error_of(api.post(path, json={'Id': READ_ONLY_ZONE, 'Value': 'false'}), 400, 'validation_error', 'Value')
    assert stored(state, READ_ONLY_ZONE)['EdgeRules'][1]['Enabled'] is True


REFERENCE_ACTION_TYPES = [*range(35), 37]  # EdgeRuleActionType: 0..34, then 37


@pytest.mark.parametrize(
    ('body', 'field'),
    [
        (rule_body(ActionType=35), 'ActionType'),
        (rule_body(ActionType=36), 'ActionType'),
        (rule_body(ActionType=38), 'ActionType'),
        (rule_body(ActionType=-1), 'ActionType'),
        (rule_body(ActionType='ForceSSL'), 'ActionType'),
        (rule_body(TriggerMatchingType=3), 'TriggerMatchingType'),
        (rule_body(Triggers=[{'Type': 0}, {'Type': 14}]), 'Triggers[1].Type'),
        (rule_body(Triggers=[{'Type': 0, 'PatternMatchingType': 3}]), 'Triggers[0].PatternMatchingType'),
        (rule_body(Triggers=[{'Type': 0, 'PatternMatches': '*'}]), 'Triggers[0].PatternMatches'),
        (rule_body(Triggers=[{'Type': 0, 'Parameter1': 5}]), 'Triggers[0].Parameter1'),
        (rule_body(Triggers={'Type': 0}), 'Triggers'),
        (rule_body(ExtraActions=[{'ActionType': 36}]), 'ExtraActions[0].ActionType'),
        (rule_body(ExtraActions=[{'ActionType': 5, 'ActionParameter2': 1}]), 'ExtraActions[0].ActionParameter2'),
        (rule_body(ActionParameter1=['x']), 'ActionParameter1'),
        (rule_body(Description=1), 'Description'),
        (rule_body(Enabled='yes'), 'Enabled'),
    ],
)
def test_edge_rules_are_checked_against_the_reference_enums(
    api: TestClient, state: State, body: dict[str, t.Any], field: str
) -> None:
    error_of(api.post(f'/pullzone/{PLAIN}/edgerules/addOrUpdate', json=body), 400, 'validation_error', field)
    assert stored(state, PLAIN)['EdgeRules'] == []


def test_every_reference_action_and_trigger_type_is_taken(api: TestClient) -> None:
    for action in REFERENCE_ACTION_TYPES:
        body = rule_body(ActionType=action, ExtraActions=[{'ActionType': action}])
        assert api.post(f'/pullzone/{PLAIN}/edgerules/addOrUpdate', json=body).status_code == 201
    triggers = [{'Type': kind, 'PatternMatchingType': kind % 3} for kind in range(14)]
    answer = api.post(
        f'/pullzone/{PLAIN}/edgerules/addOrUpdate', json=rule_body(Triggers=triggers, TriggerMatchingType=2)
    )
    assert [trigger['Type'] for trigger in answer.json()['Triggers']] == list(range(14))


# ---- purge ----------------------------------------------------------------------------------------------------------


def test_purge_a_zone_or_its_tagged_files(api: TestClient, state: State) -> None:
    for body in (None, {'CacheTag': 'images'}, {'CacheTag': ''}, {'CacheTag': None}, None):
        response = (
            api.post(f'/pullzone/{PLAIN}/purgeCache', json=body) if body else api.post(f'/pullzone/{PLAIN}/purgeCache')
        )
        assert response.status_code == 204 and response.content == b''
    error_of(api.post('/pullzone/4242/purgeCache'), 404, 'pullzone.not_found', 'id')
    error_of(api.post(f'/pullzone/{PLAIN}/purgeCache', json={'CacheTag': 3}), 400, 'validation_error', 'CacheTag')
    error_of(api.post(f'/pullzone/{PLAIN}/purgeCache', json='images'), 400, 'validation_error', 'body')
    assert snapshot(state)['purges'] == [
        {'pullZoneId': PLAIN, 'cacheTag': None},
        {'pullZoneId': PLAIN, 'cacheTag': 'images'},
        {'pullZoneId': PLAIN, 'cacheTag': None},
        {'pullZoneId': PLAIN, 'cacheTag': None},
        {'pullZoneId': PLAIN, 'cacheTag': None},  # a purge always acts: the same one again is recorded again
    ]


def test_purge_a_url_with_post_or_get(api: TestClient, state: State) -> None:
    urls = [
        f'https://downloads-005.{SYSTEM_DOMAIN}/img/logo.png',
        f'https://downloads-005.{SYSTEM_DOMAIN}/img/*',
        'https://on-no-zone.example.net/a?b=c',
    ]
    for method, url, extra in (
        ('POST', urls[0], {'async': 'false', 'exactPath': 'true'}),
        ('GET', urls[1], {'async': 'true'}),
        ('POST', urls[2], {'async': '', 'exactPath': ''}),
    ):
        response = api.request(method, '/purge', params={'url': url, **extra})
        assert response.status_code == 200 and response.content == b''
    for params, field in (
        ({}, 'url'),
        ({'url': ''}, 'url'),
        ({'url': 'not a url'}, 'url'),
        ({'url': urls[0], 'async': 'soon'}, 'async'),
    ):
        error_of(api.post('/purge', params=params), 400, 'validation_error', field)
    assert snapshot(state)['purges'] == [{'url': url} for url in urls]


# ---- every write ----------------------------------------------------------------------------------------------------

# A certificate of the seeded custom hostname of WITH_SHIELD, and its key, as addCertificate takes them.
UPLOAD = make_certificate(['assets-000.brand.example'])
UPLOAD_BODY = {
    'Hostname': 'assets-000.brand.example',
    'Certificate': base64.b64encode(UPLOAD.certificate.encode()).decode(),
    'CertificateKey': base64.b64encode(UPLOAD.key.encode()).decode(),
}

# Every write of the area: method, path, body, and the status of its success.
WRITES: list[tuple[str, str, t.Any, int]] = [
    ('POST', '/pullzone', {'Name': 'keyless'}, 201),
    ('POST', '/pullzone/checkavailability', {'Name': 'keyless'}, 200),
    ('POST', f'/pullzone/{PLAIN}', {'EnableLogging': False}, 200),
    ('DELETE', f'/pullzone/{PLAIN}', None, 204),
    ('POST', f'/pullzone/{PLAIN}/addHostname', {'Hostname': 'cdn.example.org'}, 204),
    ('DELETE', f'/pullzone/{WITH_SHIELD}/removeHostname', {'Hostname': 'assets-000.brand.example'}, 204),
    ('POST', f'/pullzone/{WITH_SHIELD}/setForceSSL', {'Hostname': 'assets-000.brand.example', 'ForceSSL': False}, 204),
    ('GET', '/pullzone/loadFreeCertificate?hostname=assets-000.brand.example', None, 200),
    ('POST', f'/pullzone/{WITH_SHIELD}/addCertificate', UPLOAD_BODY, 204),
    ('DELETE', f'/pullzone/{WITH_SHIELD}/removeCertificate', {'Hostname': 'assets-000.brand.example'}, 204),
    ('POST', f'/pullzone/{PLAIN}/edgerules/addOrUpdate', rule_body(), 201),
    ('DELETE', f'/pullzone/{READ_ONLY_ZONE}/edgerules/GUID1', None, 204),
    (
        'POST',
        f'/pullzone/{READ_ONLY_ZONE}/edgerules/GUID1/setEdgeRuleEnabled',
        {'Id': READ_ONLY_ZONE, 'Value': True},
        204,
    ),
    ('POST', f'/pullzone/{PLAIN}/purgeCache', {'CacheTag': 'x'}, 204),
    ('POST', '/purge?url=https://cdn.example.org/a', None, 200),
    ('GET', '/purge?url=https://cdn.example.org/a', None, 200),
]


def send(client: TestClient, state: State, method: str, path: str, body: t.Any, **kwargs: t.Any) -> t.Any:
    path = path.replace('GUID1', state.data['pullzones'][READ_ONLY_ZONE]['EdgeRules'][1]['Guid'])
    return (
        client.request(method, path, json=body, **kwargs)
        if body is not None
        else client.request(method, path, **kwargs)
    )


@pytest.mark.parametrize(('method', 'path', 'body', 'status'), WRITES)
def test_every_write_needs_the_access_key(state: State, method: str, path: str, body: t.Any, status: int) -> None:
    before = snapshot(state)
    for headers in ({}, {'AccessKey': 'wrong'}):
        response = send(TestClient(build_service('api', state)), state, method, path, body, headers=headers)
        error_of(response, 401, 'unauthorized', 'AccessKey')
    assert snapshot(state) == before
    assert [entry['status'] for entry in state.requests] == [401, 401]


@pytest.mark.parametrize(('method', 'path', 'body', 'status'), WRITES)
def test_empty_query_parameters_of_generated_clients_are_ignored(
    api: TestClient, state: State, method: str, path: str, body: t.Any, status: int
) -> None:
    empty = 'page=&perPage=&includeCertificate=&headerName=&search='
    path = f"{path}{'&' if '?' in path else '?'}{empty}"
    response = send(api, state, method, path, body, headers={'Content-Type': 'application/*+json'})
    assert response.status_code == status, response.text


def test_reset_brings_back_the_seed(api: TestClient, state: State) -> None:
    seeded = snapshot(state)
    create(api, Name='gone-after-reset')
    assert api.post(f'/pullzone/{PLAIN}/purgeCache').status_code == 204
    assert delete(api, f'/pullzone/{WITH_SHIELD}').status_code == 204
    TestClient(admin_app(state)).post('/reset')
    assert snapshot(state) == seeded and seeded['purges'] == []
    assert create(api, Name='again')['Id'] == 1013
