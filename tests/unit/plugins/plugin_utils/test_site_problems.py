# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The site role's checks of its variables before any request (the role_site target runs them in the role)."""

from __future__ import annotations

import pathlib
import typing as t

import pytest
import yaml

from ansible_collections.edge.platform.plugins.filter.site_problems import FilterModule
from ansible_collections.edge.platform.plugins.plugin_utils._site_problems import plain, site_problems

SPEC = str(pathlib.Path(__file__).resolve().parents[4] / 'roles' / 'site' / 'meta' / 'argument_specs.yml')
ZONE = {'name': 'shop', 'origin': 'https://origin.example.com', 'hostnames': [{'hostname': 'www.example.com'}]}


def problems(**variables: t.Any) -> list[str]:
    given = {'site_pullzone': None, 'site_shield': None, 'site_access_lists': [], 'site_migrations': []}
    return site_problems({**given, **variables}, SPEC)


def test_the_filter_is_the_check() -> None:
    assert FilterModule().filters()['site_problems'] is site_problems


@pytest.mark.parametrize(
    'variables',
    [
        {},
        {'site_pullzone': 'shop'},
        {'site_pullzone': 1001, 'site_shield': {}},
        {'site_pullzone': ZONE, 'site_access_lists': [{'name': 'scanners'}]},
        {'site_pullzone': {**ZONE, 'settings': {'enable_logging': True}}},
        {'site_migrations': [{'version': 1, 'statements': []}, {'version': 3, 'statements': []}]},
        {
            'site_pullzone': {**ZONE, 'hostnames': [{'hostname': 'www.example.com', 'dns_zone': 'example.com'}]},
            'site_dns_zones': [
                {
                    'domain': 'example.com',
                    'dnssec': True,
                    'logging_ip_anonymization': 'off',
                    'records': [{'name': '@', 'type': 'mx', 'values': ['10 mail.example.com'], 'ttl': 3600}],
                    'records_exclusive': True,
                }
            ],
        },
    ],
)
def test_variables_that_may_run(variables: dict[str, t.Any]) -> None:
    assert problems(**variables) == []


def test_a_key_the_declaration_does_not_have_is_refused_alone_as_the_argument_spec_says_it() -> None:
    declared = {**ZONE, 'hostname': 'www.example.com', 'settings': {'origin_url': 'https://x.example.com'}}
    assert problems(site_pullzone=declared, site_migrations=[{'version': 0, 'statements': []}]) == [
        'Validation of arguments failed:\nsite_pullzone.hostname. Supported parameters include: edge_rules, '
        'hostnames, name, origin, purge_on_change, settings, settings_unlisted, state, storage_zone.'
    ]


def test_the_declaration_is_checked_down_to_its_hostnames() -> None:
    [problem] = problems(site_pullzone={**ZONE, 'hostnames': [{'hostname': 'www.example.com', 'force_ssl': 'maybe'}]})
    assert problem.startswith('Validation of arguments failed:\n')
    assert 'force_ssl' in problem
    [problem] = problems(site_pullzone={'origin': 'https://origin.example.com'})
    assert problem == 'Validation of arguments failed:\nmissing required arguments: name found in site_pullzone'


def test_settings_that_name_the_pull_zone_or_the_connection_are_refused() -> None:
    origin = {**ZONE, 'settings': {'state': 'absent', 'origin_url': 'https://x.example.com'}}
    assert problems(site_pullzone=origin) == [
        'site_pullzone.settings: origin_url, state cannot be a setting (give the origin as site_pullzone.origin)'
    ]
    connection = {**ZONE, 'settings': {'api_key': 'k', 'api_url': 'https://api.example.com'}}
    assert problems(site_pullzone=connection) == [
        'site_pullzone.settings: api_key, api_url cannot be a setting (the pull zone is site_pullzone.name; '
        'connection options come from module_defaults or the environment)'
    ]


@pytest.mark.parametrize(
    'versions',
    [[2, 1], [1, 1], [0], [-1], [True], ['1']],
)
def test_migrations_must_ascend_once_each_by_positive_integers(versions: list[t.Any]) -> None:
    migrations = [{'version': version, 'statements': []} for version in versions]
    assert problems(site_migrations=migrations) == [
        f'site_migrations: versions must be positive integers, in ascending order, each once (got {versions})'
    ]


def test_a_version_that_is_a_float_is_refused() -> None:
    # ansible-core 2.16 refuses a float for an int option; from 2.19 on 1.0 converts, and the role's own check refuses.
    [problem] = problems(site_migrations=[{'version': 1.0, 'statements': []}])
    assert problem in (
        'site_migrations: versions must be positive integers, in ascending order, each once (got [1.0])',
        "Validation of arguments failed:\nargument 'version' is of type <class 'str'> found in 'site_migrations'. and "
        "we were unable to convert to int: <class 'str'> cannot be converted to an int",
    )


def test_a_migration_without_a_version_is_refused_by_its_option() -> None:
    # ansible-core names the type NoneType from 2.19 on, <class 'NoneType'> before.
    [problem] = problems(site_migrations=[{'version': None, 'statements': []}])
    assert "argument 'version' is of type " in problem and 'NoneType' in problem
    assert "found in 'site_migrations'" in problem


KEY = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwSECRET\n-----END PRIVATE KEY-----\n'


def test_a_value_that_does_not_fit_an_option_without_free_text_is_never_repeated() -> None:
    """A private key given by mistake to a boolean, a number or a choice of any variable: each is refused, naming its
    option, and the key is in no message."""
    [problem] = problems(
        site_pullzone={
            **ZONE,
            'purge_on_change': KEY,
            'settings_unlisted': KEY,
            'hostnames': [{'hostname': 'www.example.com', 'force_ssl': KEY, 'certificate': KEY}],
        },
        site_shield={'waf_enabled': KEY, 'plan_type': KEY, 'waf_disabled_rules': [KEY]},
        site_access_lists=[{'name': 'office', 'enabled': KEY, 'type': KEY}],
        site_registries=[{'display_name': 'hub', 'registry_type': KEY, 'password': 'p', 'username': 'u'}],
        site_video_blocked_referrers=[{'library_id': 1, 'hostnames': ['a.example.com'], 'purge': KEY}],
        site_video_thumbnails=[{'library_id': 1, 'video_id': 'v', 'force': KEY}],
        site_database={'database_id': 'db_1', 'env_file': '/tmp/x', 'backup': KEY, 'access': KEY},
        site_migrations=[{'version': KEY, 'statements': []}],
        site_dns_zones=[{'domain': 'example.com', 'records_exclusive': KEY, 'records': [{'name': 'a', 'type': KEY}]}],
    )
    assert 'SECRET' not in problem and 'PRIVATE KEY' not in problem, problem
    for option in (
        'purge_on_change',
        'settings_unlisted',
        'force_ssl',
        'certificate',
        'waf_enabled',
        'plan_type',
        'enabled',
        'registry_type',
        'purge',
        'force',
        'backup',
        'access',
        'version',
        'records_exclusive',
        'type',
    ):
        assert option in problem, (option, problem)
    assert "'(a value that is not shown)'" in problem


def test_the_spec_leaves_options_without_free_text_to_this_check() -> None:
    """Ansible checks a role's arguments against its spec before the role's first task, and repeats a value it cannot
    convert: every variable whose options take a boolean, a number or a choice is raw there (its options documented,
    checked here)."""
    options = yaml.safe_load(pathlib.Path(SPEC).read_text())['argument_specs']['main']['options']
    for name, option in options.items():
        if option.get('options'):
            assert 'raw' in (option.get('type'), option.get('elements')), name


def test_shield_and_access_lists_need_their_pull_zone_and_every_problem_is_told() -> None:
    assert problems(site_shield={}) == ['site_pullzone is required with site_shield or site_access_lists']
    migrations = [{'version': 2, 'statements': []}, {'version': 1, 'statements': []}]
    assert problems(site_access_lists=[{'name': 'scanners'}], site_migrations=migrations) == [
        'site_pullzone is required with site_shield or site_access_lists',
        "site_migrations: versions must be positive integers, in ascending order, each once (got [2, 1])",
    ]


def test_plain_makes_plain_python_data() -> None:
    class Tagged(str):
        pass

    class Number(int):
        pass

    value = plain({Tagged('a'): (Number(1), [True, 1.5, None, Tagged('b')])})
    assert value == {'a': [1, [True, 1.5, None, 'b']]}
    key, [number, [flag, fraction, nothing, text]] = next(iter(value.items()))
    assert [type(item) for item in (key, number, flag, fraction, nothing, text)] == [
        str,
        int,
        bool,
        float,
        type(None),
        str,
    ]


def test_rules_and_rate_limits_are_checked_down_to_their_conditions_without_repeating_a_secret() -> None:
    rule = {'name': 'block-sqli', 'action': 'block', 'conditions': [{'variables': ['args'], 'operator': 'detect_sqli'}]}
    limit = {'name': 'burst', 'requests': 10, 'timeframe': 60, 'block_time': 300, 'action': 'rate_limit'}
    shield = {'waf_rules': [rule], 'rate_limits': [limit], 'rules_exclusive': True}
    assert problems(site_pullzone=ZONE, site_shield=shield) == []
    wrong = {
        'rules_exclusive': KEY,
        'waf_rules': [dict(rule, action=KEY, conditions=[{'variables': ['args'], 'operator': KEY, 'negated': KEY}])],
        'rate_limits': [dict(limit, timeframe=KEY, counter_key=KEY)],
    }
    [problem] = problems(site_pullzone=ZONE, site_shield=wrong)
    assert 'SECRET' not in problem and 'PRIVATE KEY' not in problem, problem
    for option in ('rules_exclusive', 'action', 'operator', 'negated', 'timeframe', 'counter_key'):
        assert option in problem, (option, problem)
    [problem] = problems(site_pullzone=ZONE, site_shield={'waf_rules': [{'action': 'block'}]})
    assert 'missing required arguments: name found in site_shield -> waf_rules' in problem, problem
