# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The layers import one way (docs/developing.md, Layers): an API area speaks the API's terms and knows no module,
so it imports neither an option table, a resource, the module machinery nor ansible-core; and ansible-core's
private names are used in one file only, the one that runs modules in process, where a change of ansible-core is
met in one place (and `make matrix` names it)."""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
MODULE_UTILS = ROOT / 'plugins' / 'module_utils'
PACKAGE = 'ansible_collections.edge.platform.plugins.module_utils.'

# The API areas and what they stand on: the transport, its errors, records, and helpers that know no module.
API_AREAS = (
    '_client',
    '_errors',
    '_pullzones',
    '_edge_rules',
    '_shield',
    '_shield_access_lists',
    '_shield_rules',
    '_shield_events',
    '_dns',
    '_dns_records',
    '_containers',
    '_video',
    '_database',
    '_database_pipeline',
    '_cdn_logs',
    '_storage',
    '_audit_log',
    '_records',
)
# What an API area never imports: the options and their tables, the resources, and what runs a module or a site.
ABOVE_THE_API = ('_tables', '_resources', '_options', '_resource', '_common', '_site', '_declaration')
# ansible-core's names that are not its public interface for collections.
PRIVATE = (
    'ansible._internal',
    'ansible.module_utils._internal',
    'ansible.vars',
    'ansible.executor',
    'ansible.utils.vars',
)
RUNS_MODULES_IN_PROCESS = ROOT / 'plugins' / 'plugin_utils' / '_in_process.py'


def imported(path: pathlib.Path) -> list[str]:
    """Every module ``path`` imports, at its top or inside a function, as a dotted name."""
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.extend([node.module, *(f'{node.module}.{alias.name}' for alias in node.names)])
    return names


def private_attributes(path: pathlib.Path) -> list[str]:
    """The underscored attributes ``path`` reads of what it imports from ansible-core (``basic._ANSIBLE_ARGS``)."""
    tree = ast.parse(path.read_text())
    from_core = {
        alias.asname or alias.name.split('.')[0]
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        and (node.module or '' if isinstance(node, ast.ImportFrom) else node.names[0].name).startswith('ansible')
        and not (node.module or '').startswith('ansible_collections')
        for alias in node.names
    }
    return [
        f'{node.value.id}.{node.attr}'
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in from_core
        and node.attr.startswith('_')
        and not node.attr.startswith('__')
    ]


def test_the_api_areas_are_found() -> None:
    assert [area for area in API_AREAS if not (MODULE_UTILS / f'{area}.py').is_file()] == []


@pytest.mark.parametrize('area', API_AREAS)
def test_an_api_area_imports_nothing_above_the_api(area: str) -> None:
    above = [
        name
        for name in imported(MODULE_UTILS / f'{area}.py')
        if name == 'ansible'
        or name.startswith('ansible.')
        or (name.startswith(PACKAGE) and name[len(PACKAGE) :].startswith(ABOVE_THE_API))
    ]
    assert above == [], f'{area}.py imports {above}: an API area speaks the API, the layers above translate'


def test_ansible_core_s_private_names_are_used_in_one_file() -> None:
    used = {
        str(path.relative_to(ROOT)): private
        for path in sorted((ROOT / 'plugins').rglob('*.py'))
        if path != RUNS_MODULES_IN_PROCESS
        for private in [[name for name in imported(path) if name.startswith(PRIVATE)] + private_attributes(path)]
        if private
    }
    assert used == {}
    assert any(name.startswith(PRIVATE) for name in imported(RUNS_MODULES_IN_PROCESS))
    assert 'basic._ANSIBLE_ARGS' in private_attributes(RUNS_MODULES_IN_PROCESS)


# ansible-test units runs the tests of these directories with only ansible.module_utils of ansible-core importable, as
# a module has on a managed host; a plain pytest run has all of ansible-core and would not see the difference.
MODULE_CONTEXT_TESTS = (
    ROOT / 'tests' / 'unit' / 'plugins' / 'modules',
    ROOT / 'tests' / 'unit' / 'plugins' / 'module_utils',
)


def test_the_modules_tests_import_only_what_a_module_has() -> None:
    controller_only = {
        str(path.relative_to(ROOT)): names
        for directory in MODULE_CONTEXT_TESTS
        for path in sorted(directory.rglob('*.py'))
        for names in [
            [
                name
                for name in imported(path)
                if (name == 'ansible' or name.startswith('ansible.')) and not name.startswith('ansible.module_utils')
            ]
        ]
        if names
    }
    assert controller_only == {}, 'move these tests to tests/unit/plugins/ (the controller context)'
