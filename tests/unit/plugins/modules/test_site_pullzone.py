# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""site_pullzone: a declared pull zone with its hostnames, edge rules, Shield zone and access lists made in one run -
every item checked before any request, each object read once, the writes in order; check mode predicts it all; what
site_info declares is found as declared; several rules of one description, or none, settle; a site is removed."""

from __future__ import annotations

import copy
import hashlib
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import site_info, site_pullzone
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator

SITE: dict[str, t.Any] = {
    'pullzone': {
        'name': 'unit-shop',
        'origin': 'https://origin.unit-shop.example.com',
        'settings': {'type': 'volume', 'blocked_countries': ['KP'], 'cache_control_max_age_override': 86400},
        'hostnames': [
            {'hostname': 'www.unit-shop.example.com', 'certificate': 'free', 'force_ssl': True},
            {'hostname': 'static.unit-shop.example.com', 'certificate': 'free'},
        ],
        'edge_rules': [
            {'description': 'Force SSL', 'action': 'force_ssl', 'triggers': [{'type': 'url', 'patterns': ['*']}]},
            {
                'description': 'Security headers',
                'action': 'set_response_header',
                'action_parameter_1': 'Strict-Transport-Security',
                'action_parameter_2': 'max-age=31536000',
                'triggers': [{'type': 'url', 'patterns': ['*.html', '*/']}],
            },
        ],
    },
    'shield': {'waf_enabled': True, 'waf_execution_mode': 'block', 'bot_detection_execution_mode': 'challenge'},
    'access_lists': [
        {'name': 'scanners', 'type': 'cidr', 'action': 'block', 'entries': ['203.0.113.0/24', '198.51.100.0/25']}
    ],
}


def run(run_module: t.Any, site: dict[str, t.Any], **kwargs: t.Any) -> t.Any:
    return run_module(site_pullzone.main, dict(COMMON_ARGS, **site), **kwargs)


def actions(outcome: t.Any) -> list[tuple[str, t.Any, t.Any]]:
    results = outcome.result['objects']
    listed = [('pullzone', results.get('pullzone'))] if results.get('pullzone') else []
    listed += [('hostname', result) for result in results['hostnames']]
    listed += [('edge_rule', result) for result in results['edge_rules']]
    listed += [('shield', results['shield'])] if results.get('shield') else []
    listed += [('access_list', result) for result in results['access_lists']]
    return [(kind, result['changed'], (result.get('diff') or {}).get('after_header')) for kind, result in listed]


def test_check_mode_predicts_the_whole_site_and_writes_nothing(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run(run_module, SITE, check_mode=True, diff=True)
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] and emulator.writes == []
    assert outcome.result['pullzone'] == {'id': None, 'name': 'unit-shop'}
    assert actions(outcome) == [
        ('pullzone', True, 'create'),
        ('hostname', True, 'create (with the pull zone)'),
        ('hostname', True, 'create (with the pull zone)'),
        ('edge_rule', True, 'create (with the pull zone)'),
        ('edge_rule', True, 'create (with the pull zone)'),
        ('shield', True, 'create (with the pull zone)'),
        ('access_list', True, 'create (with the Shield zone)'),
    ]
    # Check mode says what the real run will: the zone is created and each rule changes.
    assert outcome.result['purge'] == {
        'reasons': ['pull zone created', 'edge rule Force SSL changed', 'edge rule Security headers changed'],
        'check_mode': True,
    }
    assert [call.path for call in emulator.sent] == ['/pullzone']  # the one read: the zone does not exist


def test_the_first_run_makes_the_site_and_a_rerun_reads_each_object_once(emulator: Emulator, run_module: t.Any) -> None:
    first = run(run_module, SITE)
    assert not first.failed, first.result
    assert all(changed for _kind, changed, _action in actions(first))
    zone = emulator.item('pullzones', Name='unit-shop')
    assert first.result['pullzone'] == {'id': zone['Id'], 'name': 'unit-shop'}
    writes = [(call.method, call.path) for call in emulator.writes]
    assert writes[0] == ('POST', '/pullzone')
    assert first.result['purge']['reasons'][0] == 'pull zone created' and len(first.result['purge']['reasons']) == 3
    sent = [(call.method, call.path, sorted(call.params.items())) for call in emulator.sent]
    assert len(sent) <= 24, sent
    # The new hostnames are added, each with its free certificate, then read back together: one read of the zone.
    assert [(m, p) for m, p, _q in sent if p == f"/pullzone/{zone['Id']}"] == [('GET', f"/pullzone/{zone['Id']}")]
    # A request is repeated only when a write came between (loadFreeCertificate is a GET that acts).
    for index, request in enumerate(sent):
        if request[0] == 'GET' and request in sent[:index]:
            previous = max(i for i in range(index) if sent[i] == request)
            between = sent[previous:index]
            assert any(m != 'GET' or p.endswith('/loadFreeCertificate') for m, p, _q in between), (request, sent)
    emulator.forget_requests()

    again = run(run_module, SITE)
    assert not again.failed and not again.result['changed'] and emulator.writes == []
    assert again.result['purge'] == {'reasons': [], 'check_mode': False}
    paths = [call.path for call in emulator.sent]
    shield_id = emulator.item('shield_zones', pullZoneId=zone['Id'])['shieldZoneId']
    list_id = emulator.item('access_lists', shieldZoneId=shield_id, name='scanners')['id']
    assert paths == [
        '/pullzone',
        f"/shield/shield-zone/get-by-pullzone/{zone['Id']}",
        f'/shield/shield-zone/{shield_id}/bot-detection',
        f'/shield/shield-zone/{shield_id}/access-lists',
        f'/shield/shield-zone/{shield_id}/access-lists/{list_id}',
    ]


def test_every_problem_is_named_before_any_request(emulator: Emulator, run_module: t.Any) -> None:
    site = copy.deepcopy(SITE)
    site['pullzone']['hostnames'] = [
        {'hostname': 'https://www.unit-shop.example.com/'},
        {'hostname': 'WWW.x.example.com', 'force_ssl': True},
        {'hostname': 'www.X.example.com', 'force_ssl': False},
    ]
    site['pullzone']['edge_rules'] = [{'description': 'Force SSL', 'action': 'forcessl', 'triggers': []}]
    site['pullzone']['settings'] = {'request_limit': -5}
    site['access_lists'] = [{'name': 'a', 'type': 'ip', 'entries': ['not-an-ip']}]
    outcome = run(run_module, site)
    assert outcome.failed and emulator.sent == []
    message = outcome.result['msg']
    for words in (
        'site_pullzone: request_limit must be from 0 to 2147483647, got -5',
        "site_pullzone.hostnames https://www.unit-shop.example.com/: hostname 'https://www.unit-shop.example.com/' "
        'has a scheme',
        'site_pullzone.edge_rules Force SSL: value of action must be one of: force_ssl',
        'site_pullzone.hostnames www.x.example.com: declared 2 times (hostnames are compared without regard to case)',
        'site_access_lists a: entries:',
    ):
        assert words in message, (words, message)


def add_lists(emulator: Emulator, zone: int, *lists: tuple[str, int, list[str]]) -> None:
    """Custom access lists added to a Shield zone through the API, as the dashboard allows (two of one name …)."""
    client = emulator.client()
    for name, list_type, entries in lists:
        content = '\n'.join(entries)
        body = {
            'name': name,
            'type': list_type,
            'content': content,
            'checksum': hashlib.sha256(content.encode()).hexdigest(),
        }
        client.request('POST', f'shield/shield-zone/{zone}/access-lists', 'set up', json_body=body)
    emulator.forget_requests()


def test_lists_of_one_name_are_told_apart_by_what_they_hold(emulator: Emulator, run_module: t.Any) -> None:
    """The API lets a Shield zone hold two lists of one name: declared as they are (as site_info declares them), they
    are found as declared, whatever the order; one that differs is the one that changes."""
    sites = run_module(site_info.main, dict(COMMON_ARGS, pullzone_name='media-001')).result['sites']
    zone = emulator.item('shield_zones', pullZoneId=1002)['shieldZoneId']
    for held in emulator.snapshot()['access_lists']:
        if held['shieldZoneId'] == zone:
            emulator.client().request('DELETE', f"shield/shield-zone/{zone}/access-lists/{held['id']}", 'set up')
    add_lists(emulator, zone, ('twins', 0, ['192.0.2.1']), ('twins', 0, ['192.0.2.2']))
    declared = run_module(site_info.main, dict(COMMON_ARGS, pullzone_name='media-001')).result['sites'][0]
    lists = declared['declaration']['site_access_lists']
    assert [(item['name'], item['entries']) for item in lists] == [('twins', ['192.0.2.1']), ('twins', ['192.0.2.2'])]
    site = {'pullzone': 'media-001', 'access_lists': list(reversed(lists))}
    for check_mode in (True, False):
        outcome = run(run_module, site, check_mode=check_mode)
        assert not outcome.failed and outcome.result['changed'] is False, outcome.result
    assert emulator.writes == []
    lists[1]['entries'] = ['192.0.2.3']
    outcome = run(run_module, {'pullzone': 'media-001', 'access_lists': lists})
    assert outcome.result['changed'] is True
    held = sorted(
        (item['id'], item['content']) for item in emulator.snapshot()['access_lists'] if item['shieldZoneId'] == zone
    )
    assert [content for _id, content in held] == ['192.0.2.1', '192.0.2.3']
    assert sites  # the zone was declared before the lists were added


def test_a_name_declared_more_often_than_the_zone_holds_it_is_refused_before_any_write(
    emulator: Emulator, run_module: t.Any
) -> None:
    lists = [
        {'name': 'office', 'type': 'ip', 'entries': ['192.0.2.1']},
        {'name': 'office', 'type': 'ip', 'entries': []},
    ]
    for pullzone in ('assets-000', 'unit-new'):
        site = {'pullzone': {'name': pullzone}, 'shield': {}, 'access_lists': lists}
        outcome = run(run_module, site)
        assert outcome.failed and emulator.writes == [], outcome.result
        assert 'site_access_lists office: declared 2 times, and the Shield zone holds' in outcome.result['msg']


def test_rules_are_declared_as_the_api_keeps_them(emulator: Emulator, run_module: t.Any) -> None:
    """A description is any text the API keeps (blank, on two lines, with a non-breaking space or a control
    character), and a pattern may be empty: exported as they are, such rules settle."""
    descriptions = ['   ', 'two\nlines', 'non\xa0breaking', 'bell\x07rings', 'empty pattern']
    rules = [
        {'description': text, 'action': 'block_request', 'triggers': [{'type': 'url', 'patterns': [f'*/{index}*']}]}
        for index, text in enumerate(descriptions)
    ]
    rules[-1]['triggers'][0]['patterns'] = ['']
    first = run(run_module, {'pullzone': {'name': 'assets-000', 'edge_rules': rules}})
    assert not first.failed and first.result['changed'], first.result
    declared = run_module(site_info.main, dict(COMMON_ARGS, pullzone_name='assets-000')).result['sites'][0]
    exported = declared['declaration']['site_pullzone']
    assert [rule.get('description') for rule in exported['edge_rules']][-5:] == descriptions
    emulator.forget_requests()
    again = run(run_module, {'pullzone': exported, 'shield': declared['declaration'].get('site_shield')})
    assert not again.failed and not again.result['changed'] and emulator.writes == [], again.result


def test_what_site_info_declares_is_found_as_declared(emulator: Emulator, run_module: t.Any) -> None:
    sites = run_module(site_info.main, COMMON_ARGS).result['sites']
    for site in sites:
        declaration = site['declaration']
        outcome = run(
            run_module,
            {
                'pullzone': declaration['site_pullzone'],
                'shield': declaration.get('site_shield'),
                'access_lists': declaration['site_access_lists'],
            },
            check_mode=True,
        )
        assert not outcome.failed and not outcome.result['changed'], (site['pullzone_name'], outcome.result)
    assert emulator.writes == []


def test_rules_of_one_description_or_none_settle_after_one_run(emulator: Emulator, run_module: t.Any) -> None:
    header = {
        'description': 'Headers',
        'action': 'set_response_header',
        'triggers': [{'type': 'url', 'patterns': ['*']}],
    }
    rules = [
        dict(header, action_parameter_1='A', action_parameter_2='1'),
        dict(header, action_parameter_1='B', action_parameter_2='2'),
        {'action': 'block_request', 'triggers': [{'type': 'remote_ip', 'patterns': ['192.0.2.1']}], 'enabled': False},
        {'action': 'redirect', 'action_parameter_1': 'https://example.com', 'extra_actions': [{'action': 'force_ssl'}],
         'triggers': [{'type': 'request_header', 'patterns': ['x'], 'parameter_1': 'X-Test', 'match': 'none'}],
         'trigger_matching': 'all'},
    ]  # fmt: skip
    site = {'pullzone': {'name': 'assets-000', 'edge_rules': rules}}
    first = run(run_module, site)
    assert not first.failed and first.result['changed'], first.result
    assert [result['changed'] for result in first.result['objects']['edge_rules']] == [True, True, True, True]
    emulator.forget_requests()
    again = run(run_module, site)
    assert not again.failed and not again.result['changed'] and emulator.writes == [], again.result
    zone = emulator.item('pullzones', Id=1001)
    assert len([rule for rule in zone['EdgeRules'] if rule['Description'] == 'Headers']) == 2


def test_a_site_is_removed_with_everything_on_it(emulator: Emulator, run_module: t.Any) -> None:
    site = {'pullzone': {'name': 'assets-000', 'state': 'absent'}}
    predicted = run(run_module, site, check_mode=True, diff=True)
    assert not predicted.failed and predicted.result['changed'] and emulator.writes == []
    header = predicted.result['objects']['pullzone']['diff']['after_header']
    assert header.startswith('delete pull zone "assets-000" with ') and 'Shield zone 3001' in header
    removed = run(run_module, site)
    assert not removed.failed and removed.result['changed']
    assert [(call.method, call.path) for call in emulator.writes] == [('DELETE', '/pullzone/1001')]
    assert run(run_module, site).result['changed'] is False


def test_a_part_of_a_zone_that_does_not_exist_needs_the_pullzone_part(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run(run_module, dict(SITE, parts=['hostnames']))
    assert outcome.failed and emulator.writes == []
    assert (
        'the pull zone does not exist yet; the part that creates it (tag pullzone) must run first'
        in (outcome.result['msg'])
    )


@pytest.mark.parametrize('reference', ['assets-000', 1001, '1001'])
def test_a_pull_zone_that_exists_is_named_or_given_by_id(
    emulator: Emulator, run_module: t.Any, reference: t.Any
) -> None:
    outcome = run(run_module, {'pullzone': reference, 'shield': {'waf_execution_mode': 'log'}})
    assert not outcome.failed and outcome.result['changed'], outcome.result
    assert outcome.result['pullzone'] == {'id': 1001, 'name': 'assets-000'}
    assert [(call.method, call.path) for call in emulator.writes] == [('PATCH', '/shield/shield-zone')]


def test_a_failure_after_writes_reports_them_and_the_purge_they_call_for(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(path='/edgerules/addOrUpdate$', status=400, times=5)
    outcome = run(run_module, SITE)
    assert outcome.failed and outcome.result['changed'] is True
    assert outcome.result['purge']['reasons'] == ['pull zone created']
    assert [result['changed'] for result in outcome.result['objects']['hostnames']] == [True, True]


@pytest.mark.parametrize('unlisted, written', [('keep', False), ('default', True)])
def test_settings_unlisted_default_holds_what_a_declaration_leaves_out_at_what_a_new_zone_gets(
    emulator: Emulator, run_module: t.Any, unlisted: str, written: bool
) -> None:
    """A declaration lists only what differs from a new zone: with settings_unlisted: default, a change of a setting
    it leaves out (made in the dashboard) is written back, for the pull zone and its Shield zone alike; with keep
    (the default) it is left alone."""
    declared = run_module(site_info.main, dict(COMMON_ARGS, pullzone_name='media-001')).result['sites'][0]
    zone, shield = declared['declaration']['site_pullzone'], declared['declaration']['site_shield']
    assert 'enable_tls1' not in zone.get('settings', {}) and 'learning_mode' not in shield  # as a new zone has them
    client = emulator.client()
    client.request('POST', 'pullzone/1002', 'set up', json_body={'EnableTLS1': True}, idempotent=True)
    shield_id = emulator.item('shield_zones', pullZoneId=1002)['shieldZoneId']
    body = {'shieldZoneId': shield_id, 'shieldZone': {'learningMode': True}}
    client.request('PATCH', 'shield/shield-zone', 'set up', json_body=body, idempotent=True)
    emulator.forget_requests()
    site = {
        'pullzone': dict(zone, settings_unlisted=unlisted),
        'shield': dict(shield, settings_unlisted=unlisted),
        'access_lists': declared['declaration']['site_access_lists'],
    }
    outcome = run(run_module, site, diff=True)
    assert not outcome.failed and outcome.result['changed'] is written, outcome.result
    if written:
        assert [(call.method, call.path, call.json) for call in emulator.writes] == [
            ('POST', '/pullzone/1002', {'EnableTLS1': False}),
            ('PATCH', '/shield/shield-zone', {'shieldZoneId': shield_id, 'shieldZone': {'learningMode': False}}),
        ]
    else:
        assert emulator.writes == []


@pytest.mark.parametrize(
    'site, message',
    [
        ({'pullzone': {'name': 'a', 'settings_unlisted': 'all'}}, 'settings_unlisted must be one of: keep, default'),
        (
            {'pullzone': {'name': 'a'}, 'shield': {'settings_unlisted': 'none'}},
            "site_shield: settings_unlisted must be one of keep, default, got 'none'",
        ),
    ],
)
def test_settings_unlisted_takes_keep_or_default(
    emulator: Emulator, run_module: t.Any, site: dict[str, t.Any], message: str
) -> None:
    outcome = run(run_module, site)
    assert outcome.failed and emulator.sent == [] and message in outcome.result['msg'], outcome.result


def test_a_storage_zone_is_the_origin_by_its_name(emulator: Emulator, run_module: t.Any) -> None:
    site = {'pullzone': {'name': 'unit-static', 'storage_zone': 'archive-files', 'settings_unlisted': 'default'}}
    made = run(run_module, site)
    assert not made.failed and made.result['changed'], made.result
    created = emulator.item('pullzones', Name='unit-static')
    assert (created['StorageZoneId'], created['OriginType']) == (7002, 2)
    emulator.forget_requests()
    again = run(run_module, site)
    assert not again.failed and again.result['changed'] is False and emulator.writes == [], again.result
    moved = run(run_module, {'pullzone': dict(site['pullzone'], storage_zone='video-004-files')}, diff=True)
    assert [call.json for call in emulator.writes] == [{'StorageZoneId': 7001}]
    assert moved.result['diff'][0]['after'] == {'storage_zone_id': 7001}


@pytest.mark.parametrize(
    'declared, message',
    [
        (
            {'name': 'unit-static', 'storage_zone': 'archive-files', 'origin': 'https://o.example.com'},
            'site_pullzone: storage_zone is the origin, which origin would give too; give one',
        ),
        (
            {'name': 'unit-static', 'storage_zone': 'archive-files', 'settings': {'origin_type': 0}},
            'site_pullzone: storage_zone is the origin, which origin_type would give too; give one',
        ),
    ],
)
def test_a_storage_zone_and_another_origin_are_refused_before_any_request(
    emulator: Emulator, run_module: t.Any, declared: dict[str, t.Any], message: str
) -> None:
    outcome = run(run_module, {'pullzone': declared})
    assert outcome.failed and outcome.result['msg'] == message and emulator.sent == []


def test_a_storage_zone_the_account_has_not_is_refused_unless_the_run_makes_it(
    emulator: Emulator, run_module: t.Any
) -> None:
    site = {'pullzone': {'name': 'unit-static', 'storage_zone': 'unit-files'}}
    for check_mode in (True, False):
        outcome = run(run_module, site, check_mode=check_mode)
        assert outcome.failed and emulator.writes == []
        assert 'storage_zone unit-files: no storage zone of the account has this name' in outcome.result['msg']
    predicted = run(run_module, dict(site, storage_zones=['unit-files']), check_mode=True, diff=True)
    assert not predicted.failed and predicted.result['changed'] and emulator.writes == [], predicted.result
    assert predicted.result['diff'][0]['after']['storage_zone_id'] == 'storage zone unit-files (made by this run)'


# ---- custom WAF rules and rate limits (site_shield.waf_rules, rate_limits, rules_exclusive) -----------------------

RULES: dict[str, t.Any] = {
    'waf_rules': [
        {
            'name': 'block-scanners',
            'description': 'Scanners, by their user agent',
            'action': 'block',
            'conditions': [
                {'variables': ['request_headers:User-Agent'], 'operator': 'rx', 'value': '(?i)(sqlmap|nikto)'},
                {'variables': ['request_method'], 'operator': 'str_eq', 'value': 'POST'},
            ],
        },
    ],
    'rate_limits': [
        {
            'name': 'login-burst',
            'conditions': [{'variables': ['request_uri'], 'operator': 'begins_with', 'value': '/login'}],
            'requests': 10,
            'timeframe': 60,
            'block_time': 300,
            'action': 'challenge',
        },
    ],
}


def rules_of(emulator: Emulator, kind: str, shield_id: int) -> list[dict[str, t.Any]]:
    return [rule for rule in emulator.snapshot()[kind] if rule['shieldZoneId'] == shield_id]


def test_rules_and_rate_limits_are_created_with_a_new_shield_zone_and_settle(
    emulator: Emulator, run_module: t.Any
) -> None:
    site = dict(SITE, shield=dict(SITE['shield'], **RULES))
    predicted = run(run_module, site, check_mode=True, diff=True)
    assert not predicted.failed and predicted.result['changed'] and emulator.writes == [], predicted.result
    objects = predicted.result['objects']
    assert [(result['changed'], result['diff']['after_header']) for result in objects['waf_rules']] == [
        (True, 'create (with the Shield zone)')
    ]
    assert [result['item'] for result in objects['rate_limits']] == [{'name': 'login-burst', 'state': 'present'}]
    assert objects['rate_limits'][0]['rate_limit']['ruleConfiguration']['requestCount'] == 10
    first = run(run_module, site)
    assert not first.failed and first.result['changed'], first.result
    zone = emulator.item('pullzones', Name='unit-shop')
    shield_id = emulator.item('shield_zones', pullZoneId=zone['Id'])['shieldZoneId']
    [rule] = rules_of(emulator, 'waf_rules', shield_id)
    [limit] = rules_of(emulator, 'rate_limits', shield_id)
    assert (rule['ruleName'], rule['ruleConfiguration']['actionType']) == ('block-scanners', 1)
    assert (limit['ruleName'], limit['ruleConfiguration']['actionType'], limit['ruleConfiguration']['timeframe']) == (
        'login-burst',
        3,
        60,
    )
    # Written after the Shield zone and its access list, each with the zone the run made.
    writes = [(call.method, call.path) for call in emulator.writes]
    assert writes[-2:] == [('POST', '/shield/waf/custom-rule'), ('POST', '/shield/rate-limit')]
    assert [call.json['shieldZoneId'] for call in emulator.writes[-2:]] == [shield_id, shield_id]
    emulator.forget_requests()
    again = run(run_module, site)
    assert not again.failed and not again.result['changed'] and emulator.writes == [], again.result
    # One listing of each kind (the rules listed, no rule read one by one).
    listings = [call.path for call in emulator.sent if '/waf/' in call.path or 'rate-limit' in call.path]
    assert listings == [f'/shield/waf/custom-rules/{shield_id}', f'/shield/rate-limits/{shield_id}']


def test_a_rule_that_differs_is_changed_in_place_and_the_others_are_left_alone(
    emulator: Emulator, run_module: t.Any
) -> None:
    """Seeded Shield zone 3001 (pull zone assets-000) has block-sqli, log-admin-probes and the rate limit api-burst:
    the declared rule that differs is written (its id kept), a new rate limit added, the rules not declared stay."""
    site = {
        'pullzone': 'assets-000',
        'shield': {
            'waf_rules': [{'name': 'log-admin-probes', 'action': 'block'}],
            'rate_limits': RULES['rate_limits'],
        },
    }
    outcome = run(run_module, site, diff=True)
    assert not outcome.failed and outcome.result['changed'], outcome.result
    assert [(call.method, call.path) for call in emulator.writes] == [
        ('PATCH', '/shield/waf/custom-rule/12002'),
        ('POST', '/shield/rate-limit'),
    ]
    [rule] = outcome.result['objects']['waf_rules']
    assert (rule['diff']['before'], rule['diff']['after']) == ({'action': 'log'}, {'action': 'block'})
    assert rule['diff']['after_header'] == 'update (the custom WAF rule keeps its id)'
    assert [rule['ruleName'] for rule in rules_of(emulator, 'waf_rules', 3001)] == ['block-sqli', 'log-admin-probes']
    assert [rule['ruleName'] for rule in rules_of(emulator, 'rate_limits', 3001)] == ['api-burst', 'login-burst']
    emulator.forget_requests()
    assert run(run_module, site).result['changed'] is False and emulator.writes == []


def test_rules_exclusive_deletes_what_is_not_declared_first_check_mode_predicts_it(
    emulator: Emulator, run_module: t.Any
) -> None:
    site = {
        'pullzone': 'assets-000',
        'shield': {'waf_rules': [{'name': 'block-sqli'}], 'rate_limits': RULES['rate_limits'], 'rules_exclusive': True},
    }
    predicted = run(run_module, site, check_mode=True, diff=True)
    assert not predicted.failed and predicted.result['changed'] and emulator.writes == [], predicted.result
    objects = predicted.result['objects']
    waf_rules = objects['waf_rules']
    assert [(result['item'], result['changed'], result['diff'].get('after_header')) for result in waf_rules] == [
        (
            {'name': 'log-admin-probes', 'id': 12002, 'state': 'absent'},
            True,
            'delete; not declared (rules_exclusive)',
        ),
        ({'name': 'block-sqli', 'state': 'present'}, False, None),
    ]
    assert [(result['item']['name'], result['diff'].get('after_header')) for result in objects['rate_limits']] == [
        ('api-burst', 'delete; not declared (rules_exclusive)'),
        ('login-burst', 'create'),
    ]
    outcome = run(run_module, site)
    assert not outcome.failed and outcome.result['changed'], outcome.result
    # The deletions first: they make room under the plan's limit.
    assert [(call.method, call.path) for call in emulator.writes] == [
        ('DELETE', '/shield/waf/custom-rule/12002'),
        ('DELETE', '/shield/rate-limit/14001'),
        ('POST', '/shield/rate-limit'),
    ]
    assert [rule['ruleName'] for rule in rules_of(emulator, 'waf_rules', 3001)] == ['block-sqli']
    assert [rule['ruleName'] for rule in rules_of(emulator, 'rate_limits', 3001)] == ['login-burst']
    emulator.forget_requests()
    assert run(run_module, site).result['changed'] is False and emulator.writes == []
    # Nothing declared and exclusive: every rule and rate limit goes.
    run(run_module, {'pullzone': 'assets-000', 'shield': {'rules_exclusive': True}})
    assert rules_of(emulator, 'waf_rules', 3001) == [] and rules_of(emulator, 'rate_limits', 3001) == []


def test_a_rule_declared_absent_is_deleted_and_named_by_its_id(emulator: Emulator, run_module: t.Any) -> None:
    site = {'pullzone': 'assets-000', 'shield': {'waf_rules': [{'name': 'log-admin-probes', 'state': 'absent'}]}}
    outcome = run(run_module, site)
    assert not outcome.failed and outcome.result['changed'], outcome.result
    assert outcome.result['objects']['waf_rules'][0]['item'] == {
        'name': 'log-admin-probes',
        'state': 'absent',
        'id': 12002,
    }
    assert [(call.method, call.path) for call in emulator.writes] == [('DELETE', '/shield/waf/custom-rule/12002')]
    assert run(run_module, site).result['changed'] is False


@pytest.mark.parametrize(
    'shield, message',
    [
        (
            {'waf_rules': [{'name': 'a', 'action': 'drop', 'conditions': []}]},
            'site_shield.waf_rules a: value of action must be one of: block, log, challenge, allow, bypass, got: drop',
        ),
        (
            {
                'waf_rules': [
                    {'name': 'a', 'action': 'block', 'conditions': [{'variables': ['nope'], 'operator': 'rx'}]}
                ]
            },
            "site_shield.waf_rules a: conditions[0].variables: 'nope' is not a variable",
        ),
        (
            {'rate_limits': [dict(RULES['rate_limits'][0], timeframe=7)]},
            'site_shield.rate_limits login-burst: value of timeframe must be one of: 1, 10, 60, 300, 900, 3600, got: 7',
        ),
        (
            {'waf_rules': [{'name': 'twice', 'action': 'block'}, {'name': 'twice', 'action': 'log'}]},
            'site_shield.waf_rules twice: declared 2 times; declare each once',
        ),
        ({'waf_rules': [{'name': '  '}]}, "site_shield.waf_rules #1: name '  ' is blank"),
        ({'rules_exclusive': 'sometimes'}, "site_shield: argument 'rules_exclusive' is of type"),
        ({'waf_rules': {'name': 'a'}}, "site_shield: argument 'waf_rules' is of type"),
    ],
)
def test_bad_rules_are_refused_before_any_request(
    emulator: Emulator, run_module: t.Any, shield: dict[str, t.Any], message: str
) -> None:
    outcome = run(run_module, {'pullzone': 'assets-000', 'shield': shield}, check_mode=True)
    assert outcome.failed and emulator.sent == [], outcome.result
    assert message in outcome.result['msg'], outcome.result['msg']


def test_rules_a_zone_cannot_hold_are_refused_before_any_write(emulator: Emulator, run_module: t.Any) -> None:
    """Seeded Shield zone 3002 (pull zone media-001) is of the Basic plan: two rate limits at most. Three declared
    are refused whole, in check mode too, before any write; a rule to add needs what its module needs."""
    limits = [dict(RULES['rate_limits'][0], name=f'burst-{index}') for index in range(3)]
    site = {'pullzone': 'media-001', 'shield': {'rate_limits': limits, 'waf_rules': [{'name': 'bare'}]}}
    for check_mode in (True, False):
        outcome = run(run_module, site, check_mode=check_mode)
        assert outcome.failed and emulator.writes == [], outcome.result
        assert (
            'site_shield.rate_limits: the Shield zone would hold 3 rate limits, more than its plan allows '
            '(rateLimitRulesLimit 2)' in outcome.result['msg']
        )
        assert (
            'site_shield.waf_rules bare: adding custom WAF rule "bare" of shield zone 3002 needs action and conditions'
            in (outcome.result['msg'])
        )
    # The zone full: two others in their place fit with rules_exclusive, which deletes the two first.
    assert run(run_module, dict(site, shield={'rate_limits': limits[:2]})).result['changed'] is True
    emulator.forget_requests()
    others = [dict(limit, name=f'other-{index}') for index, limit in enumerate(limits[:2])]
    outcome = run(run_module, dict(site, shield={'rate_limits': others, 'rules_exclusive': True}))
    assert not outcome.failed, outcome.result
    assert [call.method for call in emulator.writes] == ['DELETE', 'DELETE', 'POST', 'POST']
    assert [limit['ruleName'] for limit in rules_of(emulator, 'rate_limits', 3002)] == ['other-0', 'other-1']


def test_two_rules_of_one_name_in_the_zone_are_a_failure_naming_them(emulator: Emulator, run_module: t.Any) -> None:
    client = emulator.client()
    body = {
        'shieldZoneId': 3001,
        'ruleName': 'block-sqli',
        'ruleConfiguration': {'actionType': 1, 'variableTypes': {'ARGS': ''}, 'operatorType': 17},
    }
    client.request('POST', 'shield/waf/custom-rule', 'set up', json_body=body)
    emulator.forget_requests()
    outcome = run(run_module, {'pullzone': 'assets-000', 'shield': {'waf_rules': [{'name': 'block-sqli'}]}})
    assert outcome.failed and emulator.writes == []
    assert (
        'site_shield.waf_rules block-sqli: 2 custom WAF rules have this name (ids 12001, 12003)'
        in outcome.result['msg']
    )


def test_rules_need_a_shield_zone_the_run_has_or_makes(emulator: Emulator, run_module: t.Any) -> None:
    """The rules part alone (tag waf_rules) on a pull zone without a Shield zone fails before any write; with the
    shield part, the Shield zone is made first."""
    site = {'pullzone': 'static-002', 'shield': {'waf_rules': RULES['waf_rules']}}
    alone = run(run_module, dict(site, parts=['waf_rules']))
    assert alone.failed and emulator.writes == []
    assert (
        'site_shield.waf_rules block-scanners: pull zone static-002 has no shield zone yet; the part that creates it'
        in (alone.result['msg'])
    )
    made = run(run_module, site)
    assert not made.failed and made.result['changed'], made.result
    assert [(call.method, call.path) for call in emulator.writes] == [
        ('POST', '/shield/shield-zone'),
        ('POST', '/shield/waf/custom-rule'),
    ]
    # Without the part, the rules are neither read nor written.
    emulator.forget_requests()
    other = dict(site, shield={'waf_rules': [dict(RULES['waf_rules'][0], action='log')]}, parts=['shield'])
    assert run(run_module, other).result['changed'] is False
    assert not [call for call in emulator.sent if '/waf/' in call.path]


def test_a_rule_to_create_with_a_new_shield_zone_needs_what_its_module_needs(
    emulator: Emulator, run_module: t.Any
) -> None:
    site = {'pullzone': 'static-002', 'shield': {'rate_limits': [{'name': 'bare', 'requests': 5}]}}
    for check_mode in (True, False):
        outcome = run(run_module, site, check_mode=check_mode)
        assert outcome.failed and emulator.writes == [], outcome.result
        assert (
            'site_shield.rate_limits bare: adding rate limit "bare" of the shield zone needs conditions, timeframe, '
            'block_time and action' in outcome.result['msg']
        )


def test_a_rule_write_that_fails_reports_what_was_written_and_a_rerun_finishes(
    emulator: Emulator, run_module: t.Any
) -> None:
    emulator.add_fault(path='^/shield/rate-limit$', status=400, times=1)
    site = {'pullzone': 'static-002', 'shield': dict(RULES, waf_enabled=True)}
    failed = run(run_module, site)
    assert failed.failed and failed.result['changed'] is True
    assert 'add rate limit "login-burst" to shield zone' in failed.result['msg'] and 'HTTP 400' in failed.result['msg']
    assert [result['changed'] for result in failed.result['objects']['waf_rules']] == [True]
    assert failed.result['objects']['shield']['changed'] is True
    emulator.forget_requests()
    again = run(run_module, site)
    assert not again.failed and again.result['changed'], again.result
    assert [(call.method, call.path) for call in emulator.writes] == [('POST', '/shield/rate-limit')]


# ---- a hostname inside a DNS zone of the account (dns_zone): its record, then the hostname, then its certificate ----
DNS_SITE: dict[str, t.Any] = {
    'pullzone': {
        'name': 'unit-brand',
        'origin': 'https://origin.unit-brand.example.com',
        'hostnames': [{'hostname': 'unit.brand.example', 'certificate': 'free', 'dns_zone': 'brand.example'}],
    }
}


def brand_records(emulator: Emulator, name: str) -> list[dict[str, t.Any]]:
    return [
        record for record in emulator.item('dns_zones', Domain='brand.example')['Records'] if record['Name'] == name
    ]


def test_a_hostname_in_a_dns_zone_gets_its_record_then_its_free_certificate_in_one_run(
    emulator: Emulator, run_module: t.Any
) -> None:
    predicted = run(run_module, DNS_SITE, check_mode=True, diff=True)
    assert not predicted.failed and predicted.result['changed'] and emulator.writes == [], predicted.result
    (record,) = predicted.result['objects']['dns_records']
    assert record['item'] == {'hostname': 'unit.brand.example', 'dns_zone': 'brand.example', 'state': 'present'}
    assert record['changed'] and record['diff']['after'] == {
        'name': 'unit.brand.example',
        'type': 'pullzone',
        'records': [{'value': 'unit-brand'}],
    }
    emulator.forget_requests()

    made = run(run_module, DNS_SITE, diff=True)
    assert not made.failed and made.result['changed'], made.result
    zone = emulator.item('pullzones', Name='unit-brand')
    writes = [(call.method, call.path) for call in emulator.writes]
    assert writes[:2] == [('POST', '/pullzone'), ('PUT', '/dnszone/4001/records')]
    assert writes.index(('POST', f"/pullzone/{zone['Id']}/addHostname")) > 1
    assert emulator.writes[1].json == {'Type': 7, 'Name': 'unit', 'PullZoneId': zone['Id']}
    (hostname,) = [host for host in zone['Hostnames'] if host['Value'] == 'unit.brand.example']
    assert hostname['HasCertificate']
    assert [(r['Type'], r['LinkName']) for r in brand_records(emulator, 'unit')] == [(7, str(zone['Id']))]
    assert made.result['objects']['dns_records'][0]['diff'] == predicted.result['objects']['dns_records'][0]['diff']
    emulator.forget_requests()

    again = run(run_module, DNS_SITE)
    assert not again.failed and not again.result['changed'] and emulator.writes == [], again.result
    emulator.forget_requests()

    removed = run(run_module, {'pullzone': dict(DNS_SITE['pullzone'], state='absent')}, diff=True)
    assert not removed.failed and removed.result['changed'], removed.result
    assert [(call.method, call.path) for call in emulator.writes] == [
        ('DELETE', f"/dnszone/4001/records/{emulator.writes[0].path.rsplit('/', 1)[-1]}"),
        ('DELETE', f"/pullzone/{zone['Id']}"),
    ]
    assert brand_records(emulator, 'unit') == []
    emulator.forget_requests()
    gone = run(run_module, {'pullzone': dict(DNS_SITE['pullzone'], state='absent')})
    assert not gone.failed and not gone.result['changed'] and emulator.writes == []


def test_without_dns_zone_the_free_certificate_of_a_name_of_an_account_zone_is_refused(
    emulator: Emulator, run_module: t.Any
) -> None:
    site = copy.deepcopy(DNS_SITE)
    del site['pullzone']['hostnames'][0]['dns_zone']
    outcome = run(run_module, site)
    assert outcome.failed and 'does not point at the Pull Zone' in outcome.result['msg'], outcome.result


def test_a_record_that_linked_another_pull_zone_is_changed_and_one_hostname_removed_takes_its_record(
    emulator: Emulator, run_module: t.Any
) -> None:
    site = {
        'pullzone': {
            'name': 'unit-brand',
            'origin': 'https://origin.unit-brand.example.com',
            'hostnames': [{'hostname': 'www.brand.example', 'dns_zone': 'brand.example'}],
        }
    }
    refused = run(run_module, site)
    # www holds a cname (to assets-000's system hostname): a pullzone record cannot share its name.
    assert refused.failed and 'cname records cannot share their name' in refused.result['msg'], refused.result
    assert emulator.writes == []
    # moved.brand.example links pull zone assets-000 (1001) until the site takes the name over.
    emulator.client().request(
        'PUT', 'dnszone/4001/records', 'add', json_body={'Type': 7, 'Name': 'moved', 'PullZoneId': 1001}
    )
    emulator.forget_requests()
    site['pullzone']['hostnames'] = [{'hostname': 'MOVED.brand.example', 'dns_zone': 'Brand.Example.'}]
    outcome = run(run_module, site)
    assert not outcome.failed, outcome.result
    zone = emulator.item('pullzones', Name='unit-brand')
    assert [r['LinkName'] for r in brand_records(emulator, 'moved')] == [str(zone['Id'])]
    update = next(call for call in emulator.writes if call.method == 'POST' and '/records/' in call.path)
    assert update.json['PullZoneId'] == zone['Id']
    site['pullzone']['hostnames'][0]['state'] = 'absent'
    emulator.forget_requests()
    gone = run(run_module, site)
    assert not gone.failed and gone.result['changed'], gone.result
    methods = [(call.method, call.path.rsplit('/', 1)[-1]) for call in emulator.writes]
    assert methods[0] == ('DELETE', 'removeHostname') and methods[-1][0] == 'DELETE'  # the record after the hostname
    assert brand_records(emulator, 'moved') == []


@pytest.mark.parametrize(
    'dns_zone, message',
    [
        ('other.example', 'dns_zone other.example does not hold the hostname'),
        ('brand', "dns_zone 'brand' is a single label"),
        (['brand.example'], 'dns_zone must be the domain of a DNS zone of the account'),
    ],
)
def test_a_dns_zone_that_cannot_hold_the_hostname_is_refused_before_any_request(
    emulator: Emulator, run_module: t.Any, dns_zone: object, message: str
) -> None:
    site = copy.deepcopy(DNS_SITE)
    site['pullzone']['hostnames'][0]['dns_zone'] = dns_zone
    outcome = run(run_module, site)
    assert outcome.failed and message in outcome.result['msg'], outcome.result
    assert emulator.sent == []


def test_a_dns_zone_the_account_has_not_is_refused_unless_the_run_makes_it(
    emulator: Emulator, run_module: t.Any
) -> None:
    site = copy.deepcopy(DNS_SITE)
    site['pullzone']['hostnames'] = [{'hostname': 'www.unit-new.example', 'dns_zone': 'unit-new.example'}]
    for check_mode in (False, True):
        outcome = run(run_module, site, check_mode=check_mode)
        assert outcome.failed and 'dns_zone unit-new.example: the account has no DNS zone' in outcome.result['msg']
    assert emulator.writes == []
    predicted = run(run_module, dict(site, dns_zones=['unit-new.example']), check_mode=True)
    assert not predicted.failed and predicted.result['objects']['dns_records'][0]['changed'], predicted.result
