# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The option tables: each a module's options written once. The pull zone's settings against the service's model of
a pull zone (the emulator keeps PullZoneModel as the API description has it), the values each option refuses before
any request and the normal forms it sends, the translation of API values to option values and back, and what a
table makes of its options for Ansible (the argument spec) and ansible-doc (the documentation)."""

from __future__ import annotations

import importlib
import pathlib
import re
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils import _shield
from ansible_collections.edge.platform.plugins.module_utils._options import (
    INT32,
    INT64,
    Enum,
    Option,
    Table,
    member_form,
    member_problem,
)
from ansible_collections.edge.platform.plugins.module_utils._pullzones import SERVICE_PROPERTIES
from ansible_collections.edge.platform.plugins.module_utils._tables import (
    api,
    pullzone,
    pullzone_edge_rule,
    shield_zone,
)
from ansible_collections.edge.platform.plugins.module_utils._tables.pullzone import SETTINGS
from ansible_collections.edge.platform.tests.emulator.areas import pullzone_model

TABLES_DIR = pathlib.Path(pullzone.__file__).parent
TABLES = {
    path.stem: importlib.import_module(f'{pullzone.__package__}.{path.stem}').TABLE
    for path in sorted(TABLES_DIR.glob('*.py'))
    if path.stem not in ('__init__', 'scopes')
}

# ---- every table ------------------------------------------------------------------------------------------


@pytest.mark.parametrize('name', sorted(TABLES))
def test_every_option_is_documented_and_its_spec_is_what_ansible_takes(name: str) -> None:
    table = TABLES[name]

    def check(options: t.Iterable[Option], where: str) -> None:
        for option in options:
            assert re.fullmatch(r'[a-z][a-z0-9_]*', option.name), where + option.name
            assert option.lines and all(line.strip() for line in option.lines), where + option.name
            assert option.type in ('str', 'int', 'bool', 'float', 'list', 'dict', 'path', 'raw'), where + option.name
            assert (option.type == 'list') == (option.elements is not None), where + option.name
            assert not (option.enum and option.choices), where + option.name
            if option.default is not None and option.names:
                defaults = option.default if option.type == 'list' else [option.default]
                assert set(defaults) <= set(option.names), where + option.name
            spec, doc = option.argument_spec(), option.documentation()
            assert {key: spec.get(key) for key in ('type', 'elements', 'choices', 'default')} == {
                key: doc.get(key) for key in ('type', 'elements', 'choices', 'default')
            }
            assert bool(spec.get('required')) == bool(doc.get('required'))
            check(option.suboptions, f'{where}{option.name}.')

    check(table, f'{name}: ')


@pytest.mark.parametrize('name', sorted(TABLES))
def test_an_enum_is_documented_with_its_numbers(name: str) -> None:
    for path, enum in TABLES[name].enums():
        option = TABLES[name][path.split('.')[0]]
        if '.' in path:
            option = option.sub(path.split('.')[1])
        documented = ' '.join(option.documentation()['description'])
        assert all(f'V({name}) {number}' in documented for name, number in enum.numbers.items()), path
        assert len(set(enum.numbers.values())) == len(enum.numbers), path  # one name a number


def test_a_table_refuses_an_option_written_twice() -> None:
    with pytest.raises(ValueError, match='written twice'):
        Table(Option('a', 'str', 'A.'), Option('a', 'int', 'A again.'))


# ---- the pull zone's settings -----------------------------------------------------------------------------


def test_settings_and_the_service_properties_are_every_property_of_a_pull_zone() -> None:
    apis = SETTINGS.apis()
    assert len(apis) == len(SETTINGS.options) and len(set(apis)) == len(apis)
    assert not set(apis) & set(SERVICE_PROPERTIES)
    # The emulator keeps PullZoneModel as the API description has it, field by field.
    assert set(apis) | set(SERVICE_PROPERTIES) == {name for name, _kind in pullzone_model.PULLZONE_FIELDS}
    # Name and Type are chosen at create; Hostnames and EdgeRules have their own requests.
    assert not {'Name', 'Type', 'Hostnames', 'EdgeRules', 'Id'} & set(apis)


def test_settings_are_the_snake_case_of_the_api_names() -> None:
    for option in SETTINGS:
        squashed = option.name.replace('_', '')
        assert squashed == t.cast(str, option.api).lower().replace('_', ''), (option.name, option.api)


def test_the_types_and_bounds_are_those_the_service_checks() -> None:
    kinds = dict(pullzone_model.PULLZONE_FIELDS)
    expected_types = {
        'int32': ('int', None),
        'int64': ('int', None),
        'double': ('float', None),
        'string': ('str', None),
        'strings': ('list', 'str'),
        'objects': ('list', 'dict'),
        'bool': ('bool', None),
    }
    for option in SETTINGS:
        api = t.cast(str, option.api)
        kind = kinds[api].rstrip('?')
        if kind == 'enum':
            highest = max(option.enum.numbers.values()) if option.enum else t.cast(tuple, option.bounds)[1]
            assert highest == pullzone_model.ENUM_MAX[api], api
            assert option.type == ('str' if option.enum else 'int'), api
            continue
        assert (option.type, option.elements) == expected_types[kind], api
        assert option.unordered == (kind == 'strings'), api
        if kind in ('int32', 'int64'):
            # The reference's bounds where it gives them; within the width (and plain sense) where it does not.
            service = pullzone_model.INT_BOUNDS.get(api, INT32 if kind == 'int32' else INT64)
            limits = t.cast(tuple, option.limits)
            assert (
                limits == service
                if api in pullzone_model.INT_BOUNDS
                else service[0] <= limits[0] <= limits[1] <= service[1]
            ), api
    secrets = {option.api for option in SETTINGS if option.secret}
    assert secrets == set(pullzone_model.SECRET_FIELDS) - {'ZoneSecurityKey'}  # the service makes that one


def test_what_a_new_zone_gets_is_what_the_service_gives_it(emulator: t.Any) -> None:
    """The values site_info leaves out are those a zone the service creates has, where its create says nothing."""
    client = emulator.client()
    created = client.request('POST', 'pullzone', 'create', json_body={'Name': 'fresh-zone-0'}).json()
    for option in SETTINGS:
        value = created[option.api]
        assert option.is_new(option.from_api(value)), (option.name, value, option.new)


# ---- values ------------------------------------------------------------------------------------------------

OPTION = SETTINGS


@pytest.mark.parametrize(
    'option, value, problem',
    [
        ('optimizer_image_quality', 0, 'must be from 1 to 100, got 0'),
        ('optimizer_image_quality', 100, None),
        ('burst_size', 2**31, 'must be from 0 to 2147483647, got 2147483648'),
        ('burst_size', -1, 'must be from 0 to 2147483647, got -1'),
        ('monthly_bandwidth_limit', 2**40, None),
        ('origin_type', 7, 'must be from 0 to 6, got 7'),
        ('origin_type', 6, None),
        ('limit_rate_after', float('nan'), 'must be a finite number, got nan'),
        ('limit_rate_after', 0.5, None),
        ('blocked_countries', ['us', 'DE'], None),
        ('blocked_countries', ['USA'], "'USA' is not an ISO 3166-1 alpha-2 country code"),
        ('blocked_countries', ['', 'DE', ' '], 'must not hold empty items (2 given)'),
        ('allowed_referrers', ['Example.COM', 'a.example.net'], None),
        (
            'allowed_referrers',
            ['https://www.example.com/'],
            "has a scheme; give the hostname only, such as 'www.example.com'",
        ),
        ('allowed_referrers', ['www.example.com:443'], "has a port; give the hostname only, such as 'www.example.com'"),
        (
            'blocked_referrers',
            ['spam.example.net.'],
            "ends with a dot; give the hostname without it, 'spam.example.net'",
        ),
        ('allowed_referrers', ['*.example.com'], "'*.example.com' has a label '*'"),
        ('blocked_referrers', ['a' * 64 + '.example'], 'has a label of 64 characters (at most 63)'),
        ('blocked_ips', ['192.0.2.1', '2001:db8::/32', '198.51.100.0/24'], None),
        ('blocked_ips', ['192.0.2.1/24'], 'has host bits set (the network is 192.0.2.0/24)'),
        ('blocked_ips', ['example.com'], "'example.com' is not an IP address or network"),
        ('origin_url', '', None),
        ('origin_url', 'https://origin.example.com/path', None),
        ('origin_url', 'https:// origin.example.com', 'must not contain spaces'),
        ('origin_url', 'file:///etc/passwd', 'must be an http:// or https:// URL with a host'),
        ('cookie_vary_parameters', ['session'], None),
        ('max_websocket_connections', 25001, 'must be from 0 to 25000, got 25001'),
    ],
)
def test_a_value_is_checked_by_its_setting(option: str, value: t.Any, problem: str | None) -> None:
    found = OPTION[option].problem(value)
    if problem is None:
        assert found is None
    else:
        assert found is not None and problem in found


def test_many_bad_members_are_told_five_and_counted() -> None:
    problem = OPTION['blocked_countries'].problem([f'X{n}' for n in range(8)])
    assert problem is not None and problem.count('is not an ISO') == 5 and problem.endswith('(and 3 more)')


def test_members_in_the_form_the_service_compares() -> None:
    assert OPTION['blocked_countries'].normalized([' us', 'De']) == ['US', 'DE']
    assert OPTION['allowed_referrers'].normalized(['WWW.Example.com']) == ['www.example.com']
    assert OPTION['blocked_ips'].normalized(['2001:DB8:0:0::1', '2001:DB8::/32', '192.0.2.7']) == [
        '2001:db8::1',
        '2001:db8::/32',
        '192.0.2.7',
    ]
    assert OPTION['cookie_vary_parameters'].normalized(['Session']) == ['Session']  # no member kind: as given
    assert member_form(None, ' x ') == 'x' and member_problem(None, 'anything') is None


def test_an_integer_between_steps_is_rounded_up_as_the_service_does() -> None:
    websockets = OPTION['max_websocket_connections']
    assert [websockets.normalized(value) for value in (0, 1, 500, 501, 2500, 24000, 25000)] == [
        0,
        500,
        500,
        1000,
        2500,
        25000,
        25000,
    ]
    assert OPTION['burst_size'].normalized(7) == 7


# ---- API values and option values -------------------------------------------------------------------------

EDGE_RULE = pullzone_edge_rule.TABLE


def test_an_enum_translates_names_to_numbers_and_back() -> None:
    enum = Enum('Colour', {'red': 0, 'blue': 2})
    assert enum.names == ('red', 'blue') and enum.number('blue') == 2
    assert enum.name(2) == 'blue' and enum.name(7) == 7  # a number the collection does not know stays a number


def test_dicts_of_a_list_translate_by_their_suboptions() -> None:
    triggers = [{'type': 'url', 'patterns': ['*.html', '/'], 'match': 'all', 'parameter_1': None}]
    sent = EDGE_RULE['triggers'].to_api(triggers)
    assert sent == [{'Type': 0, 'PatternMatches': ['*.html', '/'], 'PatternMatchingType': 1, 'Parameter1': None}]
    assert EDGE_RULE['triggers'].from_api(sent) == [
        {'type': 'url', 'patterns': ['*.html', '/'], 'match': 'all', 'parameter_1': None}
    ]
    assert EDGE_RULE['action'].from_api(5) == 'set_response_header' and EDGE_RULE['action'].to_api('redirect') == 1


def test_a_set_reads_back_sorted_and_null_stays_null() -> None:
    assert SETTINGS['blocked_countries'].from_api(['KP', 'IR']) == ['IR', 'KP']
    assert SETTINGS['origin_url'].from_api(None) is None and SETTINGS['origin_url'].to_api(None) is None


def test_what_a_new_shield_zone_gets_is_what_the_service_gives_it(emulator: t.Any) -> None:
    """The values site_info leaves out of site_shield are those of a Shield zone created without settings."""
    client = emulator.client()
    created = client.request(
        'POST', 'shield/shield-zone', 'create', json_body={'pullZoneId': 1003, 'shieldZone': {}}
    ).json()['data']
    zone_id = created['shieldZone']['shieldZoneId']
    values = dict(created['shieldZone'])
    for prefix, part in (('botDetection.', 'bot-detection'), ('uploadScanning.', 'upload-scanning')):
        data = client.request('GET', f'shield/shield-zone/{zone_id}/{part}', 'read').json()['data']
        values.update(_shield.flatten(prefix, data))
    for option in shield_zone.TABLE.mapped():
        value = values[t.cast(str, option.api)]
        assert option.is_new(option.from_api(value)), (option.name, value, option.new)


# ---- the connection options -------------------------------------------------------------------------------


def test_a_connection_option_falls_back_to_the_variable_its_description_names() -> None:
    for option in api.TABLE:
        spec = option.argument_spec()
        if option.env is None:
            assert 'fallback' not in spec, option.name
            continue
        assert spec['fallback'][1] == [option.env], option.name
        assert f'E({option.env})' in ' '.join(option.lines), option.name
    for part in (api.VIDEO, api.LOGGING):
        for option in part:
            assert option.argument_spec() == api.TABLE[option.name].argument_spec()
            assert f'E({option.env})' in ' '.join(option.lines), option.name
