# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""site_drift_info: the drift of an account from declarations is what a run of the site role with each would write -
planned by the role's own code, in check mode, the account read once - each change named by who made it, from the
audit log. The audit role's drift from a directory (role_audit, export) is made with it."""

from __future__ import annotations

import copy
import typing as t

from ansible_collections.edge.platform.plugins.modules import pullzone_hostname, site_drift_info, site_info
from ansible_collections.edge.platform.tests.certificates import make_certificate
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator


def exported(run_module: t.Any) -> list[dict[str, t.Any]]:
    """The declarations an export writes: one a pull zone, the account's, one a DNS zone."""
    read = run_module(site_info.main, dict(COMMON_ARGS, include_account=True)).result
    items = [{'file': f"{site['pullzone_name']}.yml", 'declaration': site['declaration']} for site in read['sites']]
    account = {key: value for key, value in read['account'].items() if key != 'left_out'}
    zones = [{'file': f"dns/{zone['domain']}.yml", 'declaration': zone['declaration']} for zone in read['dns_zones']]
    return [*items, {'file': 'account.yml', 'declaration': account}, *zones]


def drift(run_module: t.Any, declarations: list[dict[str, t.Any]], **args: t.Any) -> dict[str, t.Any]:
    outcome = run_module(site_drift_info.main, dict(COMMON_ARGS, declarations=declarations, **args))
    assert not outcome.failed, outcome.result
    return t.cast('dict[str, t.Any]', outcome.result)


def of(result: dict[str, t.Any], name: str) -> dict[str, t.Any]:
    return next(item for item in result['declarations'] if item['file'] == name)


def test_an_export_has_no_drift_and_the_account_is_read_once(emulator: Emulator, run_module: t.Any) -> None:
    declarations = exported(run_module)
    emulator.forget_requests()
    result = drift(run_module, declarations)
    assert result['changed'] is False
    assert [(item['file'], item['changed'], item['error']) for item in result['declarations']] == [
        (item['file'], False, None) for item in declarations
    ]
    assert result['undeclared_pullzones'] == []
    assert emulator.writes == []
    reads = [call.path for call in emulator.sent]
    assert reads.count('/pullzone') == 1  # every zone in one page, with the certificates of their hostnames
    # The DNS zones with their records once, for the hostnames' records; dns/brand.example.yml reads its zone.
    assert reads.count('/dnszone') == 2 and reads.count('/dnszone/4001') == 1
    assert reads.count('/shield/shield-zones') == 1
    assert not any(path.startswith('/shield/shield-zone/get-by-pullzone') for path in reads)
    assert result['audit_log'] == {'days': 7, 'read': True, 'error': None}
    assert sum(path.startswith('/user/audit/') for path in reads) == 7


def test_a_value_the_role_would_not_change_is_no_drift(emulator: Emulator, run_module: t.Any) -> None:
    """A hand edit that changes nothing a run would write: a setting at its default written out, a set in another
    order and spelling, a custom certificate declared as the one the hostname serves, a site declared absent that
    is gone."""
    files = make_certificate(['www.unit.example.com'])
    zone = {'name': 'unit-zone', 'origin': 'https://origin.unit.example.com'}
    run_module(pullzone_hostname.main, dict(COMMON_ARGS, pullzone_name='assets-000', hostname='www.unit.example.com'))
    custom = {
        'hostname': 'www.unit.example.com',
        'certificate': 'custom',
        'custom_certificate': files.certificate,
        'custom_certificate_key': files.key,
    }
    run_module(pullzone_hostname.main, dict(COMMON_ARGS, pullzone_name='assets-000', **custom))
    declarations = exported(run_module)
    assets = copy.deepcopy(next(item for item in declarations if item['file'] == 'assets-000.yml'))
    declared = assets['declaration']['site_pullzone']
    declared['settings']['enable_logging'] = True  # the default, written out
    declared['settings']['blocked_countries'] = ['cu', 'RU']
    declared['hostnames'] = [
        dict(item, **custom) if item['hostname'] == custom['hostname'] else item for item in declared['hostnames']
    ]
    gone = {'file': 'gone.yml', 'declaration': {'site_pullzone': {'name': 'gone-zone', 'state': 'absent'}}}
    emulator.client().request('POST', 'pullzone/1001', 'set up', json_body={'BlockedCountries': ['RU', 'CU']})
    result = drift(run_module, [assets, gone])
    assert [(item['file'], item['changed'], item['changes'], item['error']) for item in result['declarations']] == [
        ('assets-000.yml', False, [], None),
        ('gone.yml', False, [], None),
    ]
    assert files.key not in str(result)
    assert zone  # a new zone is drift: below


def test_each_change_names_who_made_it_and_when(emulator: Emulator, run_module: t.Any) -> None:
    """A change in the dashboard, one through the API and a site that is gone: each is what a run would write, named
    by who made it (for each option, the audit log's latest entry of its resource that names its field)."""
    declarations = exported(run_module)
    dashboard = emulator.admin.post(
        '/dashboard', json={'method': 'POST', 'path': '/pullzone/1002', 'body': {'EnableTLS1': True}, 'actor': 'ann'}
    )
    assert dashboard.json()['status'] == 200
    emulator.client().request('POST', 'pullzone/1002', 'another change', json_body={'CacheErrorResponses': True})
    emulator.client().request('DELETE', 'pullzone/1003', 'delete a zone')
    emulator.forget_requests()
    result = drift(run_module, declarations)
    media, static = of(result, 'media-001.yml'), of(result, 'static-002.yml')
    assert media['changed'] and static['changed'] and result['changed'] is False
    [zone] = media['changes']
    assert (zone['kind'], zone['action'], zone['options']) == (
        'pullzone',
        'update',
        ['enable_tls1', 'cache_error_responses'],
    )
    ann, api = zone['changed_by']
    assert (ann['options'], ann['by'], api['options'], api['by']) == (
        ['enable_tls1'],
        'ann',
        ['cache_error_responses'],
        'api-key',
    )
    assert zone['message'] == (
        'pull zone media-001 differs from its file: enable_tls1 is true, the file says false; cache_error_responses is '
        f"true, the file says false (enable_tls1 changed by ann (User) at {ann['at']}; cache_error_responses changed "
        f"by api-key (ApiKey) at {api['at']})"
    )
    gone, *parts = static['changes']  # the zone, then each of its parts, created with it
    assert (
        gone['message'] == 'pull zone static-002 is not in the account, and the file declares it (not in the audit log)'
    )
    assert gone['options'] == [] and {p['action'] for p in parts if p['kind'] != 'dns_record_set'} == {
        'create (with the pull zone)'
    }
    # The record of its hostname still links the pull zone that is gone: a run points it at the one it makes.
    assert [(p['name'], p['action']) for p in parts if p['kind'] == 'dns_record_set'] == [
        ('pullzone static-002.brand.example', 'update 1 record')
    ]
    assert emulator.writes == []


def test_without_the_audit_log_each_change_says_so(emulator: Emulator, run_module: t.Any) -> None:
    declarations = exported(run_module)
    emulator.client().request('POST', 'pullzone/1002', 'set up', json_body={'EnableTLS1': True})
    unread = drift(run_module, declarations, audit_log_days=0)
    assert [change['changed_by'][0]['text'] for change in of(unread, 'media-001.yml')['changes']] == [
        'the audit log was not read'
    ]
    emulator.add_fault(path='^/user/audit/', status=403, times=100)
    failed = drift(run_module, declarations)
    [change] = of(failed, 'media-001.yml')['changes']
    assert change['changed_by'][0]['text'].startswith('the audit log could not be read: read the audit log of ')
    assert failed['audit_log']['read'] is False and '403' in failed['audit_log']['error']


def test_a_declaration_the_role_refuses_is_reported_and_the_others_are_planned(
    emulator: Emulator, run_module: t.Any
) -> None:
    declarations = exported(run_module)[:2]
    broken = {'file': 'broken.yml', 'declaration': {'site_pullzone': {'name': 'x', 'settings': {'request_limit': -1}}}}
    result = drift(run_module, [broken, *declarations, {'file': 'list.yml', 'declaration': ['not', 'a', 'mapping']}])
    assert of(result, 'broken.yml')['error'] == 'site_pullzone: request_limit must be from 0 to 2147483647, got -1'
    assert of(result, 'list.yml')['error'] == 'the file is not a mapping of the site role variables'
    assert [item['error'] for item in result['declarations'][1:3]] == [None, None]


def test_registries_without_a_password_and_referrers_as_exported_have_no_drift(
    emulator: Emulator, run_module: t.Any
) -> None:
    [account] = [item for item in exported(run_module) if item['file'] == 'account.yml']
    assert account['declaration']['site_registries'] and account['declaration']['site_video_blocked_referrers']
    assert of(drift(run_module, [account]), 'account.yml')['changed'] is False
    changed = copy.deepcopy(account)
    changed['declaration']['site_video_blocked_referrers'][0]['hostnames'].append('new.example.org')
    [change] = of(drift(run_module, [changed]), 'account.yml')['changes']
    assert change['kind'] == 'video_blocked_referrers' and change['details'] == ['block: new.example.org']
    assert emulator.writes == []


def test_storage_zones_as_exported_have_no_drift_and_a_change_is_named(emulator: Emulator, run_module: t.Any) -> None:
    declarations = exported(run_module)
    [account] = [item for item in declarations if item['file'] == 'account.yml']
    video = next(item for item in declarations if item['file'] == 'video-004.yml')
    assert video['declaration']['site_pullzone']['storage_zone'] == 'video-004-files'
    assert [item['changed'] for item in drift(run_module, [account, video])['declarations']] == [False, False]
    emulator.admin.post(
        '/dashboard', json={'method': 'POST', 'path': '/storagezone/7001', 'body': {'Rewrite404To200': False}}
    )
    [change] = of(drift(run_module, [account]), 'account.yml')['changes']
    assert change['message'].startswith(
        'storage zone video-004-files differs from its file: rewrite_404_to_200 is false, the file says true (changed '
        'by owner@account.test (User) at '
    )


def test_rules_and_rate_limits_drift_as_a_run_would_write_them(emulator: Emulator, run_module: t.Any) -> None:
    """The export declares zone 3001's rules with rules_exclusive: a rule added in the dashboard is drift a run would
    delete, a rate limit changed through the API one it would write back, each named by who made it."""
    declarations = [item for item in exported(run_module) if item['file'] == 'assets-000.yml']
    shield = declarations[0]['declaration']['site_shield']
    assert shield['rules_exclusive'] is True
    assert [rule['name'] for rule in shield['waf_rules']] == ['block-sqli', 'log-admin-probes']
    added = {
        'shieldZoneId': 3001,
        'ruleName': 'allow-office',
        'ruleConfiguration': {
            'actionType': 4,
            'variableTypes': {'REMOTE_ADDR': ''},
            'operatorType': 15,
            'value': '192.0.2.1',
        },
    }
    dashboard = emulator.admin.post(
        '/dashboard', json={'method': 'POST', 'path': '/shield/waf/custom-rule', 'body': added, 'actor': 'ann'}
    )
    rule_id = dashboard.json()['answer']['id']
    body = {'ruleConfiguration': {'requestCount': 500}}
    emulator.client().request('PATCH', 'shield/rate-limit/14001', 'set up', json_body=body, idempotent=True)
    emulator.forget_requests()
    [planned] = drift(run_module, declarations)['declarations']
    assert planned['changed'] and emulator.writes == []
    removed, limit = planned['changes']
    assert (removed['kind'], removed['name'], removed['id']) == ('waf_rule', 'allow-office', rule_id)
    assert removed['message'] == (
        'custom WAF rule "allow-office" of pull zone assets-000 is in the account, and the file does not declare it '
        f"(rules_exclusive: true) (changed by ann (User) at {removed['changed_by'][0]['at']})"
    )
    assert (limit['kind'], limit['name'], limit['options'], limit['details']) == (
        'rate_limit',
        'api-burst',
        ['requests'],
        ['requests: 500 -> 100'],
    )
    assert limit['changed_by'][0]['by'] == 'api-key'
    assert limit['message'].startswith(
        'rate limit "api-burst" of pull zone assets-000 differs from its file: requests is 500, the file says 100 ('
    )


def test_dns_zones_and_hostname_records_as_exported_have_no_drift_and_a_change_is_named(
    emulator: Emulator, run_module: t.Any
) -> None:
    declarations = exported(run_module)
    brand = next(item for item in declarations if item['file'] == 'dns/brand.example.yml')
    assets = next(item for item in declarations if item['file'] == 'assets-000.yml')
    assert brand['declaration']['site_dns_zones'][0]['records_exclusive'] is True
    assert [item['changed'] for item in drift(run_module, [brand, assets])['declarations']] == [False, False]
    # In the dashboard: www points elsewhere, and the record of assets-000's hostname is deleted.
    www = next(r for r in emulator.item('dns_zones', Domain='brand.example')['Records'] if r['Name'] == 'www')
    site_record = next(
        r for r in emulator.item('dns_zones', Domain='brand.example')['Records'] if r['Name'] == 'assets-000'
    )
    for method, path, body in (
        ('POST', f"/dnszone/4001/records/{www['Id']}", {'Value': 'elsewhere.example.org'}),
        ('DELETE', f"/dnszone/4001/records/{site_record['Id']}", None),
    ):
        answer = emulator.admin.post('/dashboard', json={'method': method, 'path': path, 'body': body, 'actor': 'ann'})
        assert answer.json()['status'] in (200, 204), answer.json()
    emulator.forget_requests()
    result = drift(run_module, [brand, assets])
    [www_change] = of(result, 'dns/brand.example.yml')['changes']
    assert (www_change['kind'], www_change['name'], www_change['id']) == (
        'dns_record_set',
        'cname www.brand.example',
        4001,
    )
    assert www_change['message'].startswith(
        'DNS record set cname www.brand.example differs from its file: records is [{"value": '
        '"elsewhere.example.org", "ttl": 300}], the file says [{"value": "assets-000.edge-cdn.test", "ttl": 300}] '
        '(last changed by ann (User) '
    )
    [record_change] = of(result, 'assets-000.yml')['changes']
    assert (record_change['kind'], record_change['name']) == ('dns_record_set', 'pullzone assets-000.brand.example')
    assert record_change['message'].startswith(
        'DNS record set pullzone assets-000.brand.example is not in the account, and the file declares it (last '
        'changed by ann (User) at '
    )
    assert emulator.writes == []
