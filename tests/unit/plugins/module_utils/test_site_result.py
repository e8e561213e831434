# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""site_result of the site role from what a run registered (the role_site target checks it on real runs)."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.filter.site_result import FilterModule
from ansible_collections.edge.platform.plugins.module_utils._site_result import changed, diff_lines, site_result

ZONE = {'name': 'shop', 'origin': 'https://origin.example.com', 'hostnames': [{'hostname': 'www.example.com'}]}
DECLARED: dict[str, t.Any] = {
    'site_pullzone': ZONE,
    'site_shield': {'waf_enabled': True},
    'site_registries': [],
    'site_database': None,
    'site_migrations': [],
}
SKIPPED = {'skipped': True}


def test_the_filter_is_the_summary() -> None:
    assert FilterModule().filters()['site_result'] is site_result


def test_changed_reads_the_result_when_the_audit_silenced_changed() -> None:
    # edge.platform.audit runs the role with changed_when false: what the module did (or would do) still shows.
    assert changed({'changed': True})
    assert changed({'changed': False, 'added': ['203.0.113.7']})
    assert changed({'changed': False, 'removed': ['203.0.113.7']})
    assert changed({'changed': False, 'diff': {'before': {}, 'after': {'name': 'images'}}})
    assert not changed({'changed': False, 'diff': {'before': {'name': 'images'}, 'after': {'name': 'images'}}})
    assert not changed({'changed': False, 'added': [], 'removed': [], 'diff': {}})


def zone_run(objects: dict[str, t.Any], pullzone_id: t.Any, reasons: list[str], check_mode: bool) -> dict[str, t.Any]:
    """What the site role registers of edge.platform.site_pullzone."""
    parts = {'hostnames': [], 'edge_rules': [], 'access_lists': [], **objects}
    return {
        'zone': {
            'changed': True,
            'pullzone': {'id': pullzone_id, 'name': 'shop'},
            'objects': parts,
            'purge': {'reasons': reasons, 'check_mode': check_mode},
        }
    }


def test_a_site_as_declared() -> None:
    run = zone_run(
        {
            'pullzone': {'changed': False, 'pullzone': {'Id': 1013}},
            'hostnames': [{'changed': False, 'item': {'hostname': 'www.example.com'}, 'hostname': {'Id': 7}}],
            'shield': {'changed': False, 'shield_zone': {'shieldZoneId': 3009}},
        },
        1013,
        [],
        False,
    )
    result = site_result(DECLARED, run)
    assert result['changed'] is False
    assert result['summary'] == [
        'pullzone shop: as declared',
        'hostname www.example.com: as declared',
        'shield_zone shop: as declared',
    ]
    assert [resource['id'] for resource in result['resources']] == [1013, 7, 3009]
    # Nothing to purge: no mode to speak of.
    assert result['purge'] == {'reasons': [], 'enabled': True, 'check_mode': None}
    assert result['pullzone'] == {'id': 1013, 'name': 'shop'}


def test_a_pull_zone_to_create_in_check_mode() -> None:
    with_zone = {'after_header': 'create (with the pull zone)'}
    run = zone_run(
        {
            'pullzone': {
                'changed': True,
                'pullzone': {'Id': None},
                'diff': {'before': {}, 'after': {'origin_url': ZONE['origin']}, 'after_header': 'create'},
            },
            'hostnames': [{'changed': True, 'item': {'hostname': 'www.example.com'}, 'diff': with_zone}],
            'edge_rules': [{'changed': True, 'item': {}, 'edge_rule': {'Guid': None}, 'diff': with_zone}],
            'shield': {
                'changed': True,
                'diff': {'before': {}, 'after': {'waf_enabled': True}, **with_zone},
                'shield_zone': {'pullZoneId': None},
            },
        },
        None,
        ['pull zone created', 'edge rule #1 changed'],
        True,
    )
    result = site_result(DECLARED, run)
    assert result['summary'] == [
        'pullzone shop: create',
        'hostname www.example.com: create (with the pull zone)',
        'edge_rule #1: create (with the pull zone)',
        'shield_zone shop: create (with the pull zone)',
        'cache of pull zone shop: purge notified (pull zone created, edge rule #1 changed)',
    ]
    assert result['changes'][0]['details'] == ['origin_url: "https://origin.example.com"']
    assert result['changes'][3]['details'] == ['waf_enabled: true']
    assert result['purge'] == {
        'reasons': ['pull zone created', 'edge rule #1 changed'],
        'enabled': True,
        'check_mode': True,
    }


def test_rules_and_rate_limits_follow_the_shield_zone() -> None:
    """Those rules_exclusive deletes (the item carries the rule's id, gone from the result), then the declared ones."""
    gone = 'delete; not declared (rules_exclusive)'
    run = zone_run(
        {
            'shield': {'changed': False, 'shield_zone': {'shieldZoneId': 3009}},
            'waf_rules': [
                {
                    'changed': True,
                    'item': {'name': 'old', 'id': 12007, 'state': 'absent'},
                    'rule': {},
                    'diff': {'before': {'name': 'old', 'action': 'log'}, 'after': {}, 'after_header': gone},
                },
                {
                    'changed': True,
                    'item': {'name': 'block-sqli', 'state': 'present'},
                    'rule': {'id': 12001},
                    'diff': {
                        'before': {'action': 'log'},
                        'after': {'action': 'block'},
                        'after_header': 'update (the custom WAF rule keeps its id)',
                    },
                },
            ],
            'rate_limits': [{'changed': False, 'item': {'name': 'api-burst'}, 'rate_limit': {'id': 14001}}],
        },
        1013,
        [],
        False,
    )
    result = site_result(DECLARED, run)
    assert [(r['kind'], r['name'], r['id'], r['action']) for r in result['resources']] == [
        ('shield_zone', 'shop', 3009, 'none'),
        ('waf_rule', 'old', 12007, gone),
        ('waf_rule', 'block-sqli', 12001, 'update (the custom WAF rule keeps its id)'),
        ('rate_limit', 'api-burst', 14001, 'none'),
    ]
    assert result['changes'][1]['details'] == ['action: "log" -> "block"']
    assert result['changes'][1]['options'] == ['action']
    assert result['purge'] == {'reasons': [], 'enabled': True, 'check_mode': None}  # no purge for a rule


def test_a_part_that_did_not_run_is_not_reported() -> None:
    result = site_result(DECLARED, {'zone': None})
    assert result['resources'] == [] and result['purge'] is None and result['pullzone'] is None


def test_an_access_list_diff_holds_the_whole_list() -> None:
    diff = {
        'before': {'entries': ['a', 'b', 'c'], 'action': 'block'},
        'after': {'entries': ['a', 'c', 'd'], 'action': 'log'},
    }
    assert diff_lines(diff) == ['entries added: 1 (d)', 'entries removed: 1 (b)', 'action: "block" -> "log"']
    nested = {'before': {'bot': {'mode': 1}}, 'after': {'bot': {'mode': 2, 'level': 3}}}
    assert diff_lines(nested) == ['bot.mode: 1 -> 2', 'bot.level: 3']
    assert diff_lines({'before': {'gone': 1}, 'after': {}}) == ['gone: 1 -> gone']


def test_migrations_and_credentials() -> None:
    declared = dict(
        DECLARED,
        site_pullzone=None,
        site_shield=None,
        site_database={'database_name': 'app'},
        site_migrations=[{'version': 1}, {'version': 2, 'description': 'an index'}],
    )
    run = {
        'db_token': {
            'changed': True,
            'database_id': 'db_1',
            'env_file': '/tmp/app.env',
            'diff': {'before': {'token': '********'}, 'after': {'token': 'new full token'}},
        },
        'schema': {'results': [{'rows': [{'user_version': 1}]}]},
    }
    result = site_result(declared, run)
    assert result['summary'] == ['database_credentials db_1: generate new full token', 'migrations db_1: apply 2']
    assert result['changes'][0]['details'] == ['token: ********', 'env_file: /tmp/app.env']
    assert result['changes'][1]['details'] == ['schema version 1 -> 2', 'an index']
    assert result['schema_version'] == {'before': 1, 'after': 2}
    assert result['pullzone'] is None and result['purge'] is None
    not_read = site_result(declared, {'schema': SKIPPED})
    assert not_read['not_checked'][0]['kind'] == 'migrations'
    assert not_read['summary'] == [
        'migrations app: not checked (the env file has no working token yet: '
        'the schema version is read once credentials exist)'
    ]


def test_dns_zones_and_their_record_sets_and_the_records_of_hostnames() -> None:
    """A zone whose settings are as declared but one of whose sets changes is the set's change, not the zone's; the
    record of a hostname that names its zone is a resource of the pull zone's."""
    record_set = {
        'name': 'www',
        'type': 'a',
        'changed': True,
        'dns_zone_id': 4002,
        'diff': {
            'before': {'name': 'www.example.net', 'type': 'a', 'records': [{'value': '192.0.2.1'}]},
            'after': {'name': 'www.example.net', 'type': 'a', 'records': [{'value': '192.0.2.2'}]},
            'after_header': 'update record',
        },
    }
    zone_diff = {
        'before': {'domain': 'example.net', 'records': {'a www.example.net': [{'value': '192.0.2.1'}]}},
        'after': {'domain': 'example.net', 'records': {'a www.example.net': [{'value': '192.0.2.2'}]}},
        'after_header': 'update; change 1 record set',
    }
    unchanged_set = dict(record_set, name='@', changed=False, diff={})
    run = {
        'dns_zones': {
            'results': [
                {
                    'item': 0,
                    'changed': False,  # as the audit's run of the role says it
                    'dns_zone': {'Id': 4002, 'Domain': 'example.net'},
                    'record_sets': [unchanged_set, record_set],
                    'diff': zone_diff,
                },
                {
                    'item': 1,
                    'changed': True,
                    'dns_zone': {'Id': None, 'Domain': 'new.example'},
                    'record_sets': [],
                    'diff': {'before': {}, 'after': {'domain': 'new.example'}, 'after_header': 'create'},
                },
            ]
        },
        **zone_run(
            {
                'dns_records': [
                    {
                        'changed': True,
                        'dns_zone_id': 4002,
                        'item': {'hostname': 'cdn.example.net', 'dns_zone': 'example.net', 'state': 'present'},
                        'diff': {
                            'before': None,
                            'after': {'records': [{'value': 'shop'}]},
                            'after_header': 'add 1 record',
                        },
                    }
                ],
            },
            1013,
            [],
            False,
        ),
    }
    declared = dict(DECLARED, site_dns_zones=[{'domain': 'Example.NET'}, {'domain': 'new.example'}])
    result = site_result(declared, run)
    described = [(r['kind'], r['name'], r['id'], r['changed'], r['action']) for r in result['resources']]
    assert described[:4] == [
        ('dns_zone', 'example.net', 4002, False, 'none'),
        ('dns_record_set', 'a www.example.net', 4002, True, 'update record'),
        ('dns_zone', 'new.example', None, True, 'create'),
        ('dns_record_set', 'pullzone cdn.example.net', 4002, True, 'add 1 record'),
    ]
    assert result['resources'][1]['details'] == ['records: [{"value": "192.0.2.1"}] -> [{"value": "192.0.2.2"}]']
    assert 'dns_record_set a www.example.net: update record' in result['summary']
