# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import json
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils._pullzones import SERVICE_PROPERTIES
from ansible_collections.edge.platform.plugins.module_utils._resources.pullzone import PullZone
from ansible_collections.edge.platform.plugins.module_utils._tables.pullzone import SETTINGS
from ansible_collections.edge.platform.plugins.modules import pullzone
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator
from ansible_collections.edge.platform.tests.unit.plugins.test_resource_fields import (
    argument_spec_of,
    documented_options,
)

SECRET = 'aws-secret-Unit-4711'
NEW_SECRET = 'aws-secret-Rotated-0815'
SECRETS = ('ZoneSecurityKey', 'AWSSigningKey', 'AWSSigningSecret', 'LogForwardingToken')
# Seeded zones: 1001 assets-000 (premium, two hostnames, two edge rules, Shield zone 3001, every secret set),
# 1002 media-001 (volume, logging off), 1003 static-002 (premium, no Shield zone, no edge rules).
ASSETS, MEDIA, STATIC = 1001, 1002, 1003


def args(**extra: t.Any) -> dict[str, t.Any]:
    return dict(COMMON_ARGS, **extra)


def new_zone(**extra: t.Any) -> dict[str, t.Any]:
    """A pull zone the seed does not have, with some settings of each kind."""
    settings: dict[str, t.Any] = dict(
        name='site-assets',
        origin_url='https://origin.example.com',
        type='volume',
        enable_logging=True,
        blocked_countries=['kp', 'IR', 'KP'],
        allowed_referrers=['WWW.Example.com', 'example.com'],
        ip_family_policy='ipv6_only',
        cache_control_max_age_override=86400,
    )
    return args(**dict(settings, **extra))


def zone(emulator: Emulator, **fields: t.Any) -> dict[str, t.Any]:
    return emulator.item('pullzones', **fields)


def zones_named(emulator: Emulator, name: str) -> list[dict[str, t.Any]]:
    return [item for item in emulator.snapshot()['pullzones'] if item['Name'] == name]


def sent(emulator: Emulator) -> list[tuple[str, str]]:
    return [(call.method, call.path) for call in emulator.sent]


def assert_no_secret(result: dict[str, t.Any], *secrets: str) -> None:
    text = json.dumps(result)
    for secret in secrets:
        assert secret not in text


# ---- the options: declared once, stated the same everywhere ---------------------------------------------


def test_every_setting_is_an_option_documented_and_managed_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = argument_spec_of('pullzone', monkeypatch)
    documented = documented_options('pullzone')
    fields = {field.option: field for field in PullZone.fields}
    assert set(fields) == {option.name for option in SETTINGS} | {'name', 'type'}
    assert set(fields) | {'name', 'id', 'state', 'type'} <= set(documented) & set(spec)
    for setting in SETTINGS:
        option, doc, field = spec[setting.name], documented[setting.name], fields[setting.name]
        assert field.api == setting.api
        description = ' '.join(doc['description'])
        assert bool(option.get('no_log')) == setting.secret == ('A secret, never shown' in description), setting.name
        assert f'C({setting.api})' in description, setting.name  # the API's name is shown
        assert field.choices == (setting.enum.names if setting.enum else None)
        assert field.members == setting.unordered, setting.name
    assert {key for key in PullZone.secret_keys if key.islower()} == {
        setting.name for setting in SETTINGS if setting.secret
    }


def test_hostnames_and_edge_rules_are_no_options(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = argument_spec_of('pullzone', monkeypatch)
    assert not {'hostnames', 'edge_rules'} & set(spec)
    assert not {'Hostnames', 'EdgeRules'} & {field.api for field in PullZone.fields}


# ---- bad input --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    'extra, words',
    [
        ({'name': 'site assets'}, "name 'site assets' must be 1 to 63 letters, digits and dashes"),
        ({'name': 'site_assets'}, 'must be 1 to 63 letters, digits and dashes'),
        ({'name': 'x' * 64}, 'must be 1 to 63 letters, digits and dashes'),
        ({'name': ''}, 'must be 1 to 63 letters, digits and dashes'),
        ({'optimizer_image_quality': 0}, 'optimizer_image_quality must be from 1 to 100, got 0'),
        ({'optimizer_desktop_max_width': 5001}, 'optimizer_desktop_max_width must be from 0 to 5000, got 5001'),
        ({'burst_size': 2**31}, 'burst_size must be from 0 to 2147483647'),
        ({'log_format': 2}, 'log_format must be from 0 to 1, got 2'),
        ({'ip_family_policy': 'ipv5'}, 'ip_family_policy must be one of'),
        ({'type': 'standard'}, 'type must be one of: premium, volume'),
        ({'blocked_referrers': ['spam_site.example']}, "blocked_referrers 'spam_site.example' has a label"),
        ({'allowed_referrers': ['https://example.com/']}, 'allowed_referrers'),
        ({'blocked_countries': ['US', 'XX']}, "blocked_countries 'XX' is not an ISO 3166-1 alpha-2 country code"),
        ({'blocked_ips': ['10.0.0.1/8']}, "blocked_ips '10.0.0.1/8' has host bits set (the network is 10.0.0.0/8)"),
        ({'blocked_ips': ['300.1.1.1']}, "blocked_ips '300.1.1.1' is not an IP address or network"),
        ({'blocked_ips': ['192.0.2.1', ' ']}, 'blocked_ips must not hold empty items (1 given)'),
        ({'origin_url': 'ftp://origin.example.com'}, 'origin_url'),
        ({'origin_url': 'origin.example.com'}, 'must be an http:// or https:// URL with a host'),
        ({'limit_rate_after': float('inf')}, 'limit_rate_after must be a finite number'),
        ({'max_websocket_connections': 25001}, 'max_websocket_connections must be from 0 to 25000'),
        ({'id': 0, 'name': None}, 'id must be a positive integer'),
        ({'id': 1001}, 'mutually exclusive'),
        ({'name': None}, 'one of the following is required: name, id'),
    ],
)
def test_bad_input_is_refused_before_any_request(
    emulator: Emulator, run_module: t.Any, extra: dict[str, t.Any], words: str
) -> None:
    given = {key: value for key, value in {'name': 'site-assets', **extra}.items() if value is not None}
    for check_mode in (False, True):
        outcome = run_module(pullzone.main, args(**given), check_mode=check_mode)
        assert outcome.failed
        assert words in outcome.result['msg'], outcome.result['msg']
        assert outcome.result.get('changed') in (None, False)
    assert emulator.sent == []


# ---- create -------------------------------------------------------------------------------------------


def test_create_in_check_mode_predicts_the_result_and_writes_nothing(emulator: Emulator, run_module: t.Any) -> None:
    checked = run_module(pullzone.main, new_zone(), check_mode=True, diff=True)
    assert not checked.failed, checked.result
    assert checked.result['changed'] is True
    assert emulator.writes == [] and zones_named(emulator, 'site-assets') == []
    predicted = checked.result['pullzone']
    assert predicted['Id'] is None and predicted['Name'] == 'site-assets' and predicted['Type'] == 1
    assert predicted['Hostnames'] == [] and predicted['EdgeRules'] == []  # the system hostname is left out
    assert predicted['BlockedCountries'] == ['IR', 'KP']
    assert predicted['AllowedReferrers'] == ['example.com', 'www.example.com']
    assert predicted['OriginLinkValue'] == 'https://origin.example.com'
    assert predicted['Enabled'] is None  # the service decides

    real = run_module(pullzone.main, new_zone(), diff=True)
    assert set(real.result['pullzone']) == set(predicted)  # the same shape: every property of a pull zone
    assert set(predicted) == set(SERVICE_PROPERTIES) | set(SETTINGS.apis())
    assert real.result['diff'] == checked.result['diff']
    for key, value in predicted.items():
        if value is not None and key not in ('Hostnames', 'Id'):
            assert real.result['pullzone'][key] == value, key


def test_create_sends_the_name_type_and_every_set_option_once(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone.main, new_zone(), diff=True)
    assert outcome.result['changed'] is True
    assert sent(emulator) == [('GET', '/pullzone'), ('POST', '/pullzone')]
    assert emulator.sent[0].params['search'] == 'site-assets'
    assert emulator.writes[0].json == {
        'Name': 'site-assets',
        'Type': 1,
        'OriginUrl': 'https://origin.example.com',
        'EnableLogging': True,
        'BlockedCountries': ['IR', 'KP'],
        'AllowedReferrers': ['example.com', 'www.example.com'],
        'IpFamilyPolicy': 3,
        'CacheControlMaxAgeOverride': 86400,
    }
    [created] = zones_named(emulator, 'site-assets')
    returned = outcome.result['pullzone']
    assert returned['Id'] == created['Id'] and returned['Type'] == 1
    # The system hostname the service gave it (the answer of a create leaves its certificate out).
    assert returned['Hostnames'] == [
        {**hostname, 'Certificate': None, 'CertificateKey': None} for hostname in created['Hostnames']
    ]
    assert returned['ZoneSecurityKey'] == '********' != created['ZoneSecurityKey']
    assert outcome.result['diff'] == {
        'before': {},
        'after': {
            'name': 'site-assets',
            'type': 'volume',
            'origin_url': 'https://origin.example.com',
            'allowed_referrers': ['example.com', 'www.example.com'],
            'blocked_countries': ['IR', 'KP'],
            'ip_family_policy': 'ipv6_only',
            'enable_logging': True,
            'cache_control_max_age_override': 86400,
        },
        'before_header': 'pull zone site-assets',
        'after_header': 'create',
    }


def test_a_create_without_type_is_premium_and_says_so(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone.main, args(name='plain-zone'), diff=True)
    assert emulator.writes[0].json == {'Name': 'plain-zone', 'Type': 0}
    assert outcome.result['pullzone']['Type'] == 0
    assert outcome.result['diff']['after'] == {'name': 'plain-zone', 'type': 'premium'}


def test_a_rerun_is_unchanged_and_writes_nothing(emulator: Emulator, run_module: t.Any) -> None:
    first = run_module(pullzone.main, new_zone(aws_signing_secret=SECRET))
    emulator.forget_requests()
    # The same sets in another order, with repeats and in other cases; the secret as the API holds it.
    again = run_module(
        pullzone.main,
        new_zone(
            aws_signing_secret=SECRET,
            blocked_countries=['IR', 'kp'],
            allowed_referrers=['example.com', 'www.example.com', 'EXAMPLE.com'],
        ),
        diff=True,
    )
    assert again.result['changed'] is False
    assert emulator.writes == []
    assert sent(emulator) == [('GET', '/pullzone')]
    assert again.result['pullzone']['Id'] == first.result['pullzone']['Id']
    assert again.result['diff']['before'] == again.result['diff']['after']
    assert again.result['pullzone']['AWSSigningSecret'] == '********'
    assert_no_secret(first.result, SECRET)
    assert_no_secret(again.result, SECRET)


def test_a_name_another_zone_has_fails_with_the_apis_answer(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone.main, args(name='ASSETS-000'))  # taken, in another case
    assert outcome.failed
    assert outcome.result['msg'] == (
        'create pull zone "ASSETS-000" failed: HTTP 400 pullzone.name_taken: '
        "Failed adding Pull Zone: the name 'ASSETS-000' is already taken."
    )
    assert outcome.result['changed'] is False
    assert len(emulator.snapshot()['pullzones']) == 12


def test_a_create_whose_answer_was_lost_is_found_by_name(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='POST', path='^/pullzone$', drop=True, after=True)
    outcome = run_module(pullzone.main, new_zone())
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    [created] = zones_named(emulator, 'site-assets')
    assert outcome.result['pullzone']['Id'] == created['Id']
    assert [call.method for call in emulator.writes] == ['POST']  # never sent twice
    emulator.forget_requests()
    rerun = run_module(pullzone.main, new_zone())
    assert rerun.result['changed'] is False and emulator.writes == []
    assert len(zones_named(emulator, 'site-assets')) == 1


def test_a_create_the_server_failed_is_reported_changed_and_never_repeated(
    emulator: Emulator, run_module: t.Any
) -> None:
    emulator.add_fault(service='api', method='POST', path='^/pullzone$', status=500)
    outcome = run_module(pullzone.main, new_zone())
    assert outcome.failed
    assert outcome.result['msg'].startswith('create pull zone "site-assets" failed: HTTP 500')
    assert outcome.result['changed'] is True  # a 500 may come after the server acted
    assert [call.status for call in emulator.writes] == [500]
    rerun = run_module(pullzone.main, new_zone())
    assert rerun.result['changed'] is True and len(zones_named(emulator, 'site-assets')) == 1


def test_a_create_refused_with_429_is_repeated(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='POST', path='^/pullzone$', status=429, retry_after=3)
    outcome = run_module(pullzone.main, new_zone())
    assert not outcome.failed, outcome.result
    assert [call.status for call in emulator.writes] == [429, 201]
    assert emulator.slept == [3.0]
    assert len(zones_named(emulator, 'site-assets')) == 1


# ---- update --------------------------------------------------------------------------------------------


def test_one_setting_changes_with_one_request_of_only_it(emulator: Emulator, run_module: t.Any) -> None:
    before = zone(emulator, Id=MEDIA)
    assert before['EnableLogging'] is False
    outcome = run_module(pullzone.main, args(name='media-001', enable_logging=True), diff=True)
    assert outcome.result['changed'] is True
    assert sent(emulator) == [('GET', '/pullzone'), ('POST', f'/pullzone/{MEDIA}')]
    assert emulator.writes[0].json == {'EnableLogging': True}
    after = zone(emulator, Id=MEDIA)
    assert after == {**before, 'EnableLogging': True}  # nothing else changed, hostnames and edge rules included
    assert outcome.result['diff'] == {  # only what changes, the zone named in the header
        'before': {'enable_logging': False},
        'after': {'enable_logging': True},
        'before_header': 'pull zone media-001',
        'after_header': 'update',
    }
    assert outcome.result['pullzone']['EnableLogging'] is True


def test_every_differing_setting_goes_in_one_request(emulator: Emulator, run_module: t.Any) -> None:
    settings = dict(
        origin_url='https://new-origin.example.com',
        enable_logging=False,  # as it is: not sent
        ip_family_policy='dual_stack_prefer_ipv6',
        blocked_countries=['RU'],
        blocked_ips=['2001:DB8::1', '192.0.2.0/24'],
        optimizer_image_quality=90,
        limit_rate_after=1.5,
        log_format=0,
        optimizer_classes=[{'Name': 'thumb', 'Properties': {'width': '200'}}],
    )
    outcome = run_module(pullzone.main, args(name='media-001', **settings), diff=True)
    assert [call.method for call in emulator.writes] == ['POST']
    assert emulator.writes[0].json == {
        'OriginUrl': 'https://new-origin.example.com',
        'IpFamilyPolicy': 2,
        'BlockedCountries': ['RU'],
        'BlockedIps': ['192.0.2.0/24', '2001:db8::1'],
        'OptimizerImageQuality': 90,
        'LimitRateAfter': 1.5,
        'LogFormat': 0,
        'OptimizerClasses': [{'Name': 'thumb', 'Properties': {'width': '200'}}],
    }
    diff = outcome.result['diff']
    assert diff['before']['ip_family_policy'] == 'dual_stack' and diff['after']['ip_family_policy'] == (
        'dual_stack_prefer_ipv6'
    )
    assert diff['after']['blocked_ips'] == ['192.0.2.0/24', '2001:db8::1'] and diff['before']['blocked_ips'] == []
    assert zone(emulator, Id=MEDIA)['OriginLinkValue'] == 'https://new-origin.example.com'
    emulator.forget_requests()
    assert run_module(pullzone.main, args(name='media-001', **settings)).result['changed'] is False
    assert emulator.writes == []


def test_check_mode_predicts_an_update_exactly(emulator: Emulator, run_module: t.Any) -> None:
    wanted = args(
        name='assets-000',
        origin_url='https://moved.example.com',
        blocked_countries=['CN'],
        enable_tls1=True,
        aws_signing_secret=SECRET,
    )
    checked = run_module(pullzone.main, wanted, check_mode=True, diff=True)
    assert checked.result['changed'] is True and emulator.writes == []
    real = run_module(pullzone.main, wanted, diff=True)
    assert real.result['pullzone'] == checked.result['pullzone']
    assert real.result['diff'] == checked.result['diff']


# ---- a storage zone as the origin (the emulator's 7001 is the origin of 1005; 7002 is used by none) ----


def test_a_pull_zone_created_with_a_storage_zone_has_it_as_its_origin(emulator: Emulator, run_module: t.Any) -> None:
    wanted = args(name='site-files-cdn', storage_zone_id=7002)
    checked = run_module(pullzone.main, wanted, check_mode=True, diff=True)
    assert checked.result['changed'] is True and emulator.writes == []
    assert (checked.result['pullzone']['StorageZoneId'], checked.result['pullzone']['OriginType']) == (7002, 2)
    real = run_module(pullzone.main, wanted, diff=True)
    assert emulator.writes[0].json == {'Name': 'site-files-cdn', 'Type': 0, 'StorageZoneId': 7002}
    created = real.result['pullzone']
    assert (created['StorageZoneId'], created['OriginType'], created['OriginUrl']) == (7002, 2, None)
    assert real.result['diff'] == checked.result['diff']
    assert real.result['diff']['after']['storage_zone_id'] == 7002
    linked = emulator.item('storage_zones', Id=7002)['PullZones']
    assert [zone['Name'] for zone in linked] == ['site-files-cdn']
    again = run_module(pullzone.main, wanted)
    assert again.result['changed'] is False and len(emulator.writes) == 1


def test_a_pull_zone_is_pointed_at_a_storage_zone_and_away(emulator: Emulator, run_module: t.Any) -> None:
    for storage_zone_id, origin_type in ((7002, 2), (0, 0)):
        wanted = args(id=STATIC, storage_zone_id=storage_zone_id)
        checked = run_module(pullzone.main, wanted, check_mode=True, diff=True)
        real = run_module(pullzone.main, wanted, diff=True)
        assert emulator.writes[-1].json == {'StorageZoneId': storage_zone_id}
        assert real.result['pullzone'] == checked.result['pullzone']
        assert (real.result['pullzone']['StorageZoneId'], real.result['pullzone']['OriginType']) == (
            storage_zone_id,
            origin_type,
        )
        assert real.result['diff'] == checked.result['diff']
    assert len(emulator.writes) == 2


def test_a_storage_zone_that_does_not_exist_is_the_apis_answer(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone.main, args(id=STATIC, storage_zone_id=7999))
    assert outcome.failed and outcome.result['changed'] is False
    assert outcome.result['msg'] == (
        'update pull zone 1003 failed: HTTP 400 pullzone.storage_zone_not_found: The Storage Zone 7999 does not exist.'
    )
    assert emulator.item('pullzones', Id=STATIC)['StorageZoneId'] == 0


def test_a_changed_secret_is_sent_and_never_shown(emulator: Emulator, run_module: t.Any) -> None:
    held = zone(emulator, Id=ASSETS)['AWSSigningSecret']
    same = run_module(pullzone.main, args(name='assets-000', aws_signing_secret=held), diff=True)
    assert same.result['changed'] is False and emulator.writes == []  # compared with the value the API holds
    outcome = run_module(pullzone.main, args(name='assets-000', aws_signing_secret=NEW_SECRET), diff=True)
    assert outcome.result['changed'] is True
    assert emulator.writes[0].json == {'AWSSigningSecret': NEW_SECRET}
    assert zone(emulator, Id=ASSETS)['AWSSigningSecret'] == NEW_SECRET
    diff = outcome.result['diff']
    assert diff['before']['aws_signing_secret'] == diff['after']['aws_signing_secret'] == '********'
    assert diff['after_header'] == 'update; aws_signing_secret changes (not shown)'
    assert {outcome.result['pullzone'][key] for key in SECRETS} == {'********'}
    assert_no_secret(outcome.result, held, NEW_SECRET)
    assert_no_secret(same.result, held)


def test_a_websocket_limit_between_tiers_is_kept_as_the_service_keeps_it(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone.main, args(name='media-001', max_websocket_connections=600))
    assert emulator.writes[0].json == {'MaxWebSocketConnections': 1000}
    assert outcome.result['pullzone']['MaxWebSocketConnections'] == 1000
    emulator.forget_requests()
    again = run_module(pullzone.main, args(name='media-001', max_websocket_connections=600))
    assert again.result['changed'] is False and emulator.writes == []


def test_a_zone_found_by_id(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone.main, args(id=STATIC, enable_logging=False), diff=True)
    assert sent(emulator) == [('GET', f'/pullzone/{STATIC}'), ('POST', f'/pullzone/{STATIC}')]
    assert outcome.result['diff']['after'] == {'enable_logging': False}
    assert outcome.result['diff']['before_header'] == f'pull zone {STATIC}'


def test_an_id_that_does_not_exist_is_not_created(emulator: Emulator, run_module: t.Any) -> None:
    for check_mode in (True, False):
        outcome = run_module(pullzone.main, args(id=4242, enable_logging=True), check_mode=check_mode)
        assert outcome.failed
        assert outcome.result['msg'] == 'pull zone 4242 does not exist; give name to create a pull zone'
    assert emulator.writes == []


def test_a_different_type_fails_before_any_write(emulator: Emulator, run_module: t.Any) -> None:
    for check_mode in (True, False):
        outcome = run_module(
            pullzone.main, args(name='assets-000', type='volume', enable_logging=False), check_mode=check_mode
        )
        assert outcome.failed
        assert outcome.result['msg'] == (
            'type cannot change: pull zone "assets-000" (id 1001) is premium, not volume; '
            'the type is chosen when a pull zone is created'
        )
        assert outcome.result['changed'] is False
    assert emulator.writes == []
    same = run_module(pullzone.main, args(name='media-001', type='volume'))
    assert same.result['changed'] is False


def test_an_update_through_transient_faults(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='POST', path=f'^/pullzone/{MEDIA}$', status=503)
    emulator.add_fault(service='api', method='POST', path=f'^/pullzone/{MEDIA}$', drop=True)
    emulator.add_fault(service='api', method='POST', path=f'^/pullzone/{MEDIA}$', drop=True, after=True)
    outcome = run_module(pullzone.main, args(name='media-001', enable_logging=True, api_retries=3))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    assert [call.status for call in emulator.writes] == [503, 0, 0, 200]  # the same values: safe to repeat
    assert zone(emulator, Id=MEDIA)['EnableLogging'] is True


# ---- remove ----------------------------------------------------------------------------------------------


def test_remove_in_check_mode_names_what_goes_and_writes_nothing(emulator: Emulator, run_module: t.Any) -> None:
    checked = run_module(pullzone.main, args(name='assets-000', state='absent'), check_mode=True, diff=True)
    assert checked.result['changed'] is True
    assert emulator.writes == []
    assert checked.result['pullzone'] == {}
    assert checked.result['deleted'] == {'id': ASSETS, 'name': 'assets-000'}
    lists = [item['name'] for item in emulator.snapshot()['access_lists'] if item['shieldZoneId'] == 3001]
    assert checked.result['diff'] == {
        'before': {
            'name': 'assets-000',
            'type': 'premium',
            'id': ASSETS,
            'hostnames': ['assets-000.edge-cdn.test', 'assets-000.brand.example'],
            'edge_rules': ['Force SSL', 'Security headers on pages'],
            'shield_zone_id': 3001,
            'access_lists': lists,
        },
        'after': {},
        'before_header': 'pull zone assets-000',
        'after_header': 'delete pull zone "assets-000" with 2 hostnames, 2 edge rules and Shield zone 3001'
        + (f" ({len(lists)} access list{'s' if len(lists) != 1 else ''}: {', '.join(lists)})" if lists else ''),
    }
    real = run_module(pullzone.main, args(name='assets-000', state='absent'), diff=True)
    assert real.result['diff'] == checked.result['diff']
    assert real.result['deleted'] == checked.result['deleted']
    assert [(call.method, call.path) for call in emulator.writes] == [('DELETE', f'/pullzone/{ASSETS}')]
    state = emulator.snapshot()
    assert ASSETS not in [item['Id'] for item in state['pullzones']]
    assert 3001 not in [item['shieldZoneId'] for item in state['shield_zones']]  # gone with it


def test_remove_without_diff_reads_only_the_zone(emulator: Emulator, run_module: t.Any) -> None:
    # What goes with the zone is read for the diff only: without --diff the delete sends the lookup and the delete.
    outcome = run_module(pullzone.main, args(name='assets-000', state='absent'))
    assert outcome.result['changed'] is True
    assert outcome.result['deleted'] == {'id': ASSETS, 'name': 'assets-000'}
    assert 'diff' not in outcome.result  # built only in diff mode
    assert [(call['method'], call['path']) for call in emulator.requests] == [
        ('GET', '/pullzone'),
        ('DELETE', f'/pullzone/{ASSETS}'),
    ]


def test_remove_a_zone_without_shield_zone_or_rules(emulator: Emulator, run_module: t.Any) -> None:
    hostnames = [hostname['Value'] for hostname in zone(emulator, Id=STATIC)['Hostnames']]
    outcome = run_module(pullzone.main, args(id=STATIC, state='absent'), diff=True)
    before = outcome.result['diff']['before']
    assert (before['hostnames'], before['edge_rules'], before['shield_zone_id']) == (hostnames, [], None)
    assert outcome.result['diff']['after_header'] == (
        f'delete pull zone 1003 with {len(hostnames)} hostnames, 0 edge rules and no Shield zone'
    )


def test_remove_again_is_unchanged(emulator: Emulator, run_module: t.Any) -> None:
    run_module(pullzone.main, args(name='media-001', state='absent'))
    emulator.forget_requests()
    for check_mode in (True, False):
        again = run_module(pullzone.main, args(name='media-001', state='absent'), check_mode=check_mode, diff=True)
        assert again.result['changed'] is False
        assert again.result['deleted'] is None
        assert again.result['diff'] == {'before': {}, 'after': {}, 'before_header': 'pull zone media-001'}
    by_id = run_module(pullzone.main, args(id=MEDIA, state='absent'))
    assert by_id.result['changed'] is False
    assert emulator.writes == []


def test_a_delete_whose_answer_was_lost_is_done(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='DELETE', path=f'^/pullzone/{MEDIA}$', drop=True, after=True)
    outcome = run_module(pullzone.main, args(name='media-001', state='absent'))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    assert [call.status for call in emulator.writes] == [0, 404]  # repeated: gone already is what was asked
    assert MEDIA not in [item['Id'] for item in emulator.snapshot()['pullzones']]


def test_a_failed_delete_says_what_failed(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='DELETE', path=f'^/pullzone/{MEDIA}$', status=500, times=3)
    outcome = run_module(pullzone.main, args(name='media-001', state='absent'))
    assert outcome.failed
    assert outcome.result['msg'].startswith(f'delete pull zone {MEDIA} failed: HTTP 500')
    assert outcome.result['changed'] is True  # a 500 may come after the server acted


def test_sets_the_zone_holds_in_another_spelling_are_unchanged(emulator: Emulator, run_module: t.Any) -> None:
    """The service keeps a set as it was given (``ru``, ``2001:DB8::1``, ``Example.COM``): the same values in the
    option's spelling change nothing, and a set that differs keeps the spelling of what it shares."""
    emulator.client().request(
        'POST',
        'pullzone/1001',
        'set up',
        json_body={
            'BlockedCountries': ['ru', 'Cu'],
            'BlockedIps': ['10.0.0.1', '2001:DB8::1'],
            'AllowedReferrers': ['Example.COM'],
        },
        idempotent=True,
    )
    emulator.forget_requests()
    same = dict(
        COMMON_ARGS,
        name='assets-000',
        blocked_countries=['RU', 'CU'],
        blocked_ips=['2001:db8::1', '10.0.0.1'],
        allowed_referrers=['example.com'],
    )
    for check_mode in (True, False):
        outcome = run_module(pullzone.main, same, check_mode=check_mode)
        assert not outcome.failed and outcome.result['changed'] is False, outcome.result
    assert emulator.writes == []
    outcome = run_module(pullzone.main, dict(same, blocked_countries=['RU', 'KP']))
    assert outcome.result['changed'] is True
    assert sorted(emulator.writes[0].json['BlockedCountries']) == ['KP', 'ru']
