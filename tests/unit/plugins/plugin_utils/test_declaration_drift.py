# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The drift of an account from its declarations: object by object, a value left out being what a new object gets;
pull zones, hostnames, rules and lists added in the account or gone from it."""

from __future__ import annotations

import copy
import typing as t

from ansible_collections.edge.platform.plugins.filter.declaration_drift import FilterModule
from ansible_collections.edge.platform.plugins.plugin_utils._declaration_drift import declaration_drift

RULE = {'description': 'Force SSL', 'action': 'force_ssl', 'triggers': [{'type': 'url', 'patterns': ['*']}]}
DECLARED: dict[str, t.Any] = {
    'site_pullzone': {
        'name': 'shop',
        'origin': 'https://origin.example.com',
        'settings': {'blocked_countries': ['KP', 'IR'], 'enable_logging': False},
        'hostnames': [{'hostname': 'www.example.com', 'force_ssl': True, 'certificate': 'free'}],
        'edge_rules': [RULE, {'action': 'block_request', 'triggers': [{'type': 'url', 'patterns': ['/x']}]}],
    },
    'site_shield': {'waf_execution_mode': 'log'},
    'site_access_lists': [
        {'name': 'office', 'type': 'ip', 'action': 'allow', 'enabled': True, 'entries': ['192.0.2.1']}
    ],
}


def live(declaration: dict[str, t.Any], name: str = 'shop', zone_id: int = 1001) -> dict[str, t.Any]:
    return {'pullzone_name': name, 'pullzone_id': zone_id, 'declaration': declaration, 'left_out': []}


def test_the_filter_is_the_comparison() -> None:
    assert FilterModule().filters()['declaration_drift'] is declaration_drift


def test_an_account_as_declared_has_no_drift() -> None:
    now = copy.deepcopy(DECLARED)
    now['site_pullzone']['settings']['blocked_countries'] = ['IR', 'KP']  # a set, in another order
    result = declaration_drift({'shop': DECLARED}, [live(now)])
    assert result['changed'] is False and result['changes'] == []
    assert [(r['kind'], r['name']) for r in result['resources']] == [
        ('pullzone', 'shop'),
        ('hostname', 'shop www.example.com'),
        ('edge_rule', 'shop Force SSL'),
        ('edge_rule', 'shop (no description)'),
        ('shield_zone', 'shop'),
        ('access_list', 'shop office'),
    ]


def test_every_object_that_differs_is_named_with_its_values() -> None:
    now = copy.deepcopy(DECLARED)
    zone = now['site_pullzone']
    del zone['settings']['enable_logging']  # now what a new zone gets
    zone['settings']['request_limit'] = 50  # a value the file leaves out
    zone['hostnames'][0]['force_ssl'] = False
    zone['hostnames'].append({'hostname': 'new.example.com'})
    zone['edge_rules'][0] = dict(RULE, enabled=False)
    del zone['edge_rules'][1]
    now['site_shield'] = {}
    now['site_access_lists'] = []
    drift = {
        (r['kind'], r['name']): (r['action'], r['details'])
        for r in declaration_drift({'shop': DECLARED}, [live(now)])['changes']
    }
    assert drift == {
        ('pullzone', 'shop'): (
            'differs',
            ['settings.enable_logging: false -> (as new)', 'settings.request_limit: (as new) -> 50'],
        ),
        ('hostname', 'shop www.example.com'): ('differs', ['force_ssl: true -> false']),
        ('hostname', 'shop new.example.com'): ('added in the account', ['hostname: (as new) -> "new.example.com"']),
        ('edge_rule', 'shop Force SSL'): ('differs', ['enabled: (as new) -> false']),
        ('edge_rule', 'shop (no description)'): ('gone from the account', []),
        ('shield_zone', 'shop'): ('differs', ['waf_execution_mode: "log" -> (as new)']),
        ('access_list', 'shop office'): ('gone from the account', []),
    }


def test_a_pull_zone_without_a_file_or_a_file_without_its_pull_zone_is_drift() -> None:
    result = declaration_drift({'shop': DECLARED}, [live(DECLARED, 'other', 1002)])
    assert [(r['name'], r['action']) for r in result['changes']] == [
        ('shop', 'gone from the account (its file declares it)'),
        ('other', 'added in the account (no file declares it)'),
    ]
