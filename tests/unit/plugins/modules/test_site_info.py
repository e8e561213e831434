# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""site_info: every pull zone of the seeded account as the site role's declarations, which the modules the role runs
find as declared (no change, no write); what is left out, and why; no secret anywhere; the requests it sends."""

from __future__ import annotations

import json
import re
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils import _client as client_module
from ansible_collections.edge.platform.plugins.modules import (
    dns_zone,
    pullzone,
    pullzone_edge_rule,
    pullzone_hostname,
    shield_access_list,
    shield_rate_limit,
    shield_waf_rule,
    shield_zone,
    site_info,
    site_pullzone,
)
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator

SECRET_SETTINGS = ('ZoneSecurityKey', 'AWSSigningKey', 'AWSSigningSecret', 'LogForwardingToken')


def read(run_module: t.Any, **args: t.Any) -> dict[str, t.Any]:
    outcome = run_module(site_info.main, dict(COMMON_ARGS, **args))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is False
    return t.cast('dict[str, t.Any]', outcome.result)


def secrets_of(snapshot: dict[str, t.Any]) -> list[str]:
    """Every secret value the seeded account holds: the pull zones' secret settings and certificate keys, the video
    libraries' keys."""
    found = []
    for zone in snapshot['pullzones']:
        found += [str(zone[key]) for key in SECRET_SETTINGS if zone.get(key)]
        found += [str(h['CertificateKey']) for h in zone.get('Hostnames') or () if h.get('CertificateKey')]
    for library in snapshot['video_libraries']:
        found += [str(library[key]) for key in ('ApiKey', 'ReadOnlyApiKey', 'ApiAccessKey') if library.get(key)]
    return found


def test_every_pull_zone_is_declared_with_option_names_and_no_secret(emulator: Emulator, run_module: t.Any) -> None:
    snapshot = emulator.snapshot()
    result = read(run_module, include_account=True)
    assert [site['pullzone_name'] for site in result['sites']] == [zone['Name'] for zone in snapshot['pullzones']]
    text = json.dumps(result)
    secrets = secrets_of(snapshot)
    assert secrets and not [secret for secret in secrets if secret in text]
    for site in result['sites']:
        declaration = site['declaration']
        assert set(declaration) <= {'site_pullzone', 'site_shield', 'site_access_lists'}
        # Option names and enum names only: no API property name (PascalCase or camelCase) as a key.
        keys = re.findall(r'"([A-Za-z0-9_]+)":', json.dumps(declaration))
        assert all(re.fullmatch(r'[a-z][a-z0-9_]*', key) for key in keys), keys
    # Every seeded zone has its secrets set: each is left out, named by where it would go.
    first = result['sites'][0]
    paths = {item['path'] for item in first['left_out']}
    assert {'site_pullzone.settings.aws_signing_key', 'site_pullzone.settings.aws_signing_secret'} <= paths
    # A custom certificate (assets-000's, bought) is declared as one the hostname has, its key left out by path; a
    # free one (static-002's) leaves nothing out.
    [key_left_out] = [item for item in first['left_out'] if item['path'].endswith('.custom_certificate_key')]
    index = int(re.fullmatch(r'site_pullzone\.hostnames\[(\d+)\]\.custom_certificate_key', key_left_out['path'])[1])
    declared_hostname = first['declaration']['site_pullzone']['hostnames'][index]
    assert declared_hostname == {
        'hostname': 'assets-000.brand.example',
        'force_ssl': True,
        'certificate': 'free',
        'dns_zone': 'brand.example',  # its pullzone record there links this pull zone
    }
    assert 'assets-000.brand.example has a custom certificate' in key_left_out['reason']
    static = next(site for site in result['sites'] if site['pullzone_name'] == 'static-002')
    assert not [item for item in static['left_out'] if 'certificate' in item['path']]
    assert result['account']['site_registries'] and all(
        'password' not in r for r in result['account']['site_registries']
    )


def test_an_origin_the_role_refuses_is_left_out_with_its_reason(emulator: Emulator, run_module: t.Any) -> None:
    """The API takes an origin URL with a space in its path, which origin_url refuses: the declaration leaves it out,
    says why, and is found as declared (the role then leaves the origin as it is)."""
    body = {'OriginUrl': 'https://origin.example.com/a b'}
    emulator.client().request('POST', 'pullzone/1002', 'set up', json_body=body, idempotent=True)
    [site] = read(run_module, pullzone_name='media-001')['sites']
    assert 'origin' not in site['declaration']['site_pullzone']
    assert {
        'path': 'site_pullzone.origin',
        'reason': 'the service holds an origin that origin_url refuses: '
        "'https://origin.example.com/a b' must not contain spaces",
    } in site['left_out']
    for main, options in declared_options(site):
        given = {key: value for key, value in options.items() if value is not None}
        outcome = run_module(main, dict(COMMON_ARGS, **given), check_mode=True)
        assert not outcome.failed and outcome.result['changed'] is False, outcome.result


def test_a_zone_without_a_shield_zone_has_no_site_shield(emulator: Emulator, run_module: t.Any) -> None:
    [site] = read(run_module, pullzone_name='static-002')['sites']  # seeded without a Shield zone
    assert 'site_shield' not in site['declaration'] and site['declaration']['site_access_lists'] == []


@pytest.mark.parametrize('args', [{'pullzone_name': 'no-such-zone'}, {'pullzone_id': 999999}])
def test_an_unknown_pull_zone_gives_no_site(emulator: Emulator, run_module: t.Any, args: dict[str, t.Any]) -> None:
    assert read(run_module, **args)['sites'] == []


def test_every_pull_zone_costs_no_request_of_its_own(emulator: Emulator, run_module: t.Any) -> None:
    snapshot = emulator.snapshot()
    read(run_module)
    paths = [call.path for call in emulator.sent]
    assert paths.count('/pullzone') == 1 and not [path for path in paths if re.match(r'/pullzone/\d+', path)]
    per_zone = len(snapshot['shield_zones']) * 5 + len(snapshot['access_lists'])
    # The pull zone page, the Shield listing and mapping, the storage zones (video-004's origin), the DNS zones with
    # their records, each zone's parts, lists, rules and rate limits.
    assert len(paths) == 1 + 2 + 1 + 1 + per_zone
    assert paths.count('/dnszone') == 1
    assert paths.count('/storagezone') == 1


# The seeded storage zones, by name.
STORAGE_ZONES = {'video-004-files': 7001, 'archive-files': 7002}


def test_a_storage_zone_origin_is_declared_by_name(emulator: Emulator, run_module: t.Any) -> None:
    [site] = read(run_module, pullzone_name='video-004')['sites']
    zone = site['declaration']['site_pullzone']
    assert zone['storage_zone'] == 'video-004-files' and 'origin' not in zone
    assert not {'storage_zone_id', 'origin_type'} & set(zone.get('settings') or {})
    storage = read(run_module, pullzone_name='no-such-zone', include_account=True)['account']['site_storage_zones']
    assert [item['name'] for item in storage] == ['video-004-files', 'archive-files']
    assert storage[0] == {
        'name': 'video-004-files',
        'region': 'DE',
        'replication_regions': ['NY'],
        'rewrite_404_to_200': True,
        'custom_404_file_path': '/404.html',
    }
    assert 'Password' not in str(storage)


def declared_options(site: dict[str, t.Any]) -> t.Iterator[tuple[t.Any, dict[str, t.Any]]]:
    """The module calls the site role makes of a declaration (each item its module and options)."""
    declared = site['declaration']
    zone = declared['site_pullzone']
    settings = dict(zone.get('settings') or {})
    # The role's own keys (the settings not listed held at the default, the purge of a change) are no options.
    assert (zone['settings_unlisted'], zone['purge_on_change']) == ('default', True)
    if 'storage_zone' in zone:  # the origin, by name: the role gives the pull zone its id
        settings['storage_zone_id'] = STORAGE_ZONES[zone['storage_zone']]
    yield pullzone.main, dict(settings, name=zone['name'], origin_url=zone.get('origin'))
    for hostname in zone.get('hostnames') or ():
        # dns_zone is the role's (its record is planned by site_pullzone), not pullzone_hostname's.
        yield (
            pullzone_hostname.main,
            {**{k: v for k, v in hostname.items() if k != 'dns_zone'}, 'pullzone_name': zone['name']},
        )
    for rule in zone.get('edge_rules') or ():
        if 'description' in rule and [r.get('description') for r in zone['edge_rules']].count(rule['description']) == 1:
            yield pullzone_edge_rule.main, dict(rule, pullzone_name=zone['name'])
    if 'site_shield' in declared:
        rule_keys = ('settings_unlisted', 'waf_rules', 'rate_limits', 'rules_exclusive')
        shield = {key: value for key, value in declared['site_shield'].items() if key not in rule_keys}
        yield shield_zone.main, dict(shield, pullzone_name=zone['name'])
        for rule in declared['site_shield'].get('waf_rules') or ():
            yield shield_waf_rule.main, dict(rule, pullzone_name=zone['name'])
        for rate_limit in declared['site_shield'].get('rate_limits') or ():
            yield shield_rate_limit.main, dict(rate_limit, pullzone_name=zone['name'])
    for access_list in declared['site_access_lists']:
        yield shield_access_list.main, dict(access_list, pullzone_name=zone['name'])


def test_each_declaration_is_what_the_account_holds(emulator: Emulator, run_module: t.Any) -> None:
    """Run in check mode with a declaration's options, each module the role runs finds its object as declared."""
    for site in read(run_module)['sites']:
        for main, options in declared_options(site):
            given = {key: value for key, value in options.items() if value is not None}
            outcome = run_module(main, dict(COMMON_ARGS, **given), check_mode=True)
            assert not outcome.failed, (site['pullzone_name'], main.__module__, outcome.result)
            assert outcome.result['changed'] is False, (site['pullzone_name'], main.__module__, outcome.result)


# ---- the reads of the Shield zones, several at once ------------------------------------------------------------


def shield_zone_ids(emulator: Emulator) -> list[int]:
    return [int(zone['shieldZoneId']) for zone in emulator.snapshot()['shield_zones']]


def test_reading_several_shield_zones_at_once_reads_the_same(
    emulator: Emulator, run_module: t.Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert len(shield_zone_ids(emulator)) > 2  # enough for several threads
    at_once = read(run_module, include_account=True)
    sent_at_once = sorted((call.method, call.path, str(call.params)) for call in emulator.sent)
    emulator.sent.clear()
    monkeypatch.setattr(client_module, 'READ_WORKERS', 1)
    one_by_one = read(run_module, include_account=True)
    assert at_once == one_by_one
    # The same requests, only not one after the other; each zone's own still in order (its parts, then its lists).
    assert sorted((call.method, call.path, str(call.params)) for call in emulator.sent) == sent_at_once
    zone = shield_zone_ids(emulator)[0]
    own = [call.path for call in emulator.sent if call.path.startswith(f'/shield/shield-zone/{zone}/')]
    assert own[:3] == [
        f'/shield/shield-zone/{zone}/bot-detection',
        f'/shield/shield-zone/{zone}/upload-scanning',
        f'/shield/shield-zone/{zone}/access-lists',
    ]


def test_a_fault_on_one_shield_zones_read_is_retried(emulator: Emulator, run_module: t.Any) -> None:
    clean = read(run_module, include_account=True)
    first, second = shield_zone_ids(emulator)[:2]
    emulator.forget_requests()
    emulator.add_fault(path=f'^/shield/shield-zone/{first}/bot-detection$', status=503)
    emulator.add_fault(path=f'^/shield/shield-zone/{second}/access-lists$', status=429, retry_after=2)
    assert read(run_module, include_account=True) == clean
    assert sorted(emulator.slept)[-1] == 2  # the 429's Retry-After; the 503's backoff is shorter
    assert len(emulator.slept) == 2
    statuses = [(entry['path'], entry['status']) for entry in emulator.requests]
    assert statuses.count((f'/shield/shield-zone/{first}/bot-detection', 503)) == 1
    assert statuses.count((f'/shield/shield-zone/{first}/bot-detection', 200)) == 1


def test_a_read_of_one_shield_zone_that_fails_names_it(emulator: Emulator, run_module: t.Any) -> None:
    zone = shield_zone_ids(emulator)[1]
    emulator.add_fault(path=f'^/shield/shield-zone/{zone}/upload-scanning$', status=503, times=10)
    outcome = run_module(site_info.main, dict(COMMON_ARGS, api_retries=1))
    assert outcome.failed and outcome.result['changed'] is False
    assert outcome.result['msg'].startswith(f'read upload scanning of shield zone {zone} failed: HTTP 503')
    assert len(emulator.slept) == 1  # retried once, as api_retries says


# ---- custom WAF rules and rate limits -------------------------------------------------------------------------


def test_rules_and_rate_limits_are_declared_by_their_options(emulator: Emulator, run_module: t.Any) -> None:
    """Seeded Shield zone 3001 (assets-000): its rules and rate limit by option and enum names, conditions in the
    options' form, nothing a new rule gets (severity notice, counter key ip, no value, not negated), and
    rules_exclusive."""
    [site] = read(run_module, pullzone_name='assets-000')['sites']
    shield = site['declaration']['site_shield']
    assert shield['rules_exclusive'] is True
    assert shield['waf_rules'][1] == {
        'name': 'log-admin-probes',
        'description': 'Posts to the admin pages from scripts',
        'action': 'log',
        'conditions': [
            {
                'variables': ['request_uri'],
                'operator': 'begins_with',
                'value': '/wp-admin',
                'transformations': ['lowercase'],
            },
            {'variables': ['request_headers:User-Agent'], 'operator': 'contains', 'value': 'curl'},
            {'variables': ['request_method'], 'operator': 'str_eq', 'value': 'POST'},
        ],
        'severity': 'warning',
    }
    assert shield['rate_limits'] == [
        {
            'name': 'api-burst',
            'description': 'Requests to the API per address',
            'conditions': [{'variables': ['request_uri'], 'operator': 'begins_with', 'value': '/api/'}],
            'requests': 100,
            'timeframe': 60,
            'block_time': 300,
            'action': 'rate_limit',
        }
    ]
    assert not [item for item in site['left_out'] if item['path'].startswith('site_shield')]


def test_rules_a_declaration_cannot_carry_are_left_out_and_it_still_converges(
    emulator: Emulator, run_module: t.Any
) -> None:
    """Two rules of one name (the API allows it) cannot be declared, nor rules_exclusive, which would delete them;
    conditions that take variables as regular expressions cannot be said: the rule is declared without them. The
    declaration is found as declared."""
    client = emulator.client()
    twin = {'actionType': 1, 'variableTypes': {'ARGS': ''}, 'operatorType': 17}
    regex = {
        'actionType': 3,
        'variableTypes': {'REQUEST_HEADERS': '^X-'},
        'operatorType': 2,
        'value': 'a',
        'isRegexVariable': True,
    }
    for zone, name, configuration in ((3001, 'block-sqli', twin), (3002, 'headers', regex)):
        body = {'shieldZoneId': zone, 'ruleName': name, 'ruleConfiguration': configuration}
        client.request('POST', 'shield/waf/custom-rule', 'set up', json_body=body)
    sites = {site['pullzone_name']: site for site in read(run_module)['sites']}
    assets, media = sites['assets-000'], sites['media-001']
    assert 'rules_exclusive' not in assets['declaration']['site_shield']
    assert [rule['name'] for rule in assets['declaration']['site_shield']['waf_rules']] == ['log-admin-probes']
    reasons = {item['path']: item['reason'] for item in assets['left_out'] if item['path'].startswith('site_shield')}
    assert reasons['site_shield.waf_rules'] == (
        "2 custom WAF rules are named 'block-sqli' (ids 12001, 12003), and a declaration finds one by its name: rename "
        'them, or delete all but one, to declare them'
    )
    assert reasons['site_shield.rules_exclusive'].startswith('not declared: it would delete the rules')
    assert media['declaration']['site_shield']['waf_rules'] == [{'name': 'headers', 'action': 'challenge'}]
    assert media['declaration']['site_shield']['rules_exclusive'] is True
    [conditions] = [item for item in media['left_out'] if item['path'] == 'site_shield.waf_rules[0].conditions']
    assert conditions['reason'].startswith('condition 1 takes its variables as regular expressions')
    emulator.forget_requests()
    for site in (assets, media):
        outcome = run_module(
            site_pullzone.main,
            dict(
                COMMON_ARGS,
                pullzone=site['declaration']['site_pullzone'],
                shield=site['declaration']['site_shield'],
                access_lists=site['declaration']['site_access_lists'],
            ),
        )
        assert not outcome.failed and outcome.result['changed'] is False, outcome.result
    assert emulator.writes == []


# ---- DNS zones ---------------------------------------------------------------------------------------------------


def test_dns_zones_are_declared_whole_and_hostnames_name_the_zone_that_links_them(
    emulator: Emulator, run_module: t.Any
) -> None:
    result = read(run_module, include_account=True)
    [brand] = result['dns_zones']
    assert brand['domain'] == 'brand.example' and brand['dns_zone_id'] == 4001 and brand['left_out'] == []
    [zone] = brand['declaration']['site_dns_zones']
    assert {key: value for key, value in zone.items() if key != 'records'} == {
        'domain': 'brand.example',
        'soa_email': 'hostmaster@edge-dns.test',
        'logging': True,
        'dnssec': True,
        'records_exclusive': True,
    }
    sets = {(item['name'], item['type']): item for item in zone['records']}
    assert list(sets)[:5] == [('@', 'a'), ('@', 'aaaa'), ('@', 'txt'), ('@', 'mx'), ('@', 'caa')]
    assert sets[('@', 'mx')] == {'name': '@', 'type': 'mx', 'values': ['10 mail.brand.example'], 'ttl': 3600}
    assert sets[('@', 'caa')]['values'] == ['0 issue "ca.edge-cdn.test"']
    assert sets[('www', 'cname')]['values'] == ['assets-000.edge-cdn.test']
    assert sets[('old', 'redirect')]['values'] == ['https://www.brand.example/']
    assert sets[('_imaps._tcp', 'srv')]['values'] == ['0 1 993 mail.brand.example']
    # The pullzone records of the seeded hostnames are their sites': each hostname names the zone.
    assert not [key for key in sets if key[1] == 'pullzone']
    hostnames = [
        hostname
        for site in result['sites']
        for hostname in site['declaration']['site_pullzone'].get('hostnames') or ()
        if hostname['hostname'].endswith('.brand.example')
    ]
    assert len(hostnames) == 5 and all(hostname['dns_zone'] == 'brand.example' for hostname in hostnames)


def test_a_dns_zone_and_the_sites_as_declared_change_nothing(emulator: Emulator, run_module: t.Any) -> None:
    result = read(run_module, include_account=True)
    [zone] = result['dns_zones'][0]['declaration']['site_dns_zones']
    emulator.forget_requests()
    for check_mode in (True, False):
        outcome = run_module(dns_zone.main, dict(COMMON_ARGS, **zone), check_mode=check_mode)
        assert not outcome.failed and not outcome.result['changed'], outcome.result
    for site in result['sites']:
        declared = site['declaration']
        args = dict(COMMON_ARGS, pullzone=declared['site_pullzone'], shield=declared.get('site_shield'))
        outcome = run_module(site_pullzone.main, dict(args, access_lists=declared['site_access_lists']))
        assert not outcome.failed and not outcome.result['changed'], outcome.result
    assert emulator.writes == []


def test_a_record_that_links_a_pull_zone_that_is_gone_is_left_out_and_the_zone_not_exclusive(
    emulator: Emulator, run_module: t.Any
) -> None:
    emulator.client().request('DELETE', 'pullzone/1003', 'delete a pull zone', ok_statuses=(204,))
    result = read(run_module, include_account=True)
    [brand] = result['dns_zones']
    [zone] = brand['declaration']['site_dns_zones']
    assert zone['records_exclusive'] is False
    [left_out] = brand['left_out']
    assert left_out['path'] == 'site_dns_zones[0].records'
    assert 'links pull zone 1003, which does not exist' in left_out['reason']
    outcome = run_module(dns_zone.main, dict(COMMON_ARGS, **zone))
    assert not outcome.failed and not outcome.result['changed'], outcome.result


def test_records_whose_settings_differ_from_a_new_records_carry_them(emulator: Emulator, run_module: t.Any) -> None:
    client = emulator.client()
    for body in (
        {'Type': 0, 'Name': 'api', 'Value': '198.51.100.1', 'Weight': 80, 'Comment': 'primary', 'Ttl': 60},
        {'Type': 0, 'Name': 'api', 'Value': '198.51.100.2', 'Weight': 20, 'Disabled': True, 'Ttl': 120},
    ):
        client.request('PUT', 'dnszone/4001/records', 'add a record', json_body=body)
    [brand] = read(run_module, include_account=True)['dns_zones']
    [zone] = brand['declaration']['site_dns_zones']
    api = next(item for item in zone['records'] if item['name'] == 'api')
    assert api == {
        'name': 'api',
        'type': 'a',
        'values': [
            {'value': '198.51.100.1', 'weight': 80, 'comment': 'primary'},
            {'value': '198.51.100.2', 'weight': 20, 'disabled': True},
        ],
    }
    assert brand['left_out'] == [
        {
            'path': f"site_dns_zones[0].records[{zone['records'].index(api)}].ttl",
            'reason': 'the records of a api have different TTLs (60, 120): ttl is left out, so each keeps its own',
        }
    ]
    emulator.forget_requests()
    outcome = run_module(dns_zone.main, dict(COMMON_ARGS, **zone))
    assert not outcome.failed and not outcome.result['changed'] and emulator.writes == [], outcome.result
