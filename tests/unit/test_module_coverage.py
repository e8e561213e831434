# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""What every module must have beside its own file (docs/developing.md, Adding a resource): its table of options, a
unit test file, an integration target, a case of the fault matrix when it writes through the API, a guide that shows
it, a line of the README's table. A module added without one of them fails here, naming what is missing. The file
itself is its documentation, its imports and a short main(): its code lives in module_utils/_resources/."""

from __future__ import annotations

import ast
import pathlib

import pytest
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
MODULES = sorted(path.stem for path in (ROOT / 'plugins' / 'modules').glob('*.py') if path.stem != '__init__')
TARGETS = ROOT / 'tests' / 'integration' / 'targets'
# The longest main() a module may have: the EdgeModule with its option rules, and the run of its code.
MAIN_LINES = 30

# Modules whose integration target bears another name: the target of the playbook that runs the module.
TARGET_OF = {'site_export': 'export', 'site_drift_info': 'export'}
# Writing modules with no case of the fault matrix, and why.
NO_FAULT_CASE = {'site_export': 'it writes files only, from what site_info read: it sends no request'}


def writes(module: str) -> bool:
    """Whether the module changes something (its documentation's attributes are a writing module's)."""
    return 'edge.platform.api.INFO_MODULE' not in (ROOT / 'plugins' / 'modules' / f'{module}.py').read_text()


def test_the_modules_are_found() -> None:
    assert len(MODULES) >= 23
    assert {'pullzone', 'site_info', 'db_query'} <= set(MODULES)


@pytest.mark.parametrize('module', MODULES)
def test_every_module_takes_its_options_from_its_table(module: str) -> None:
    assert (ROOT / 'plugins' / 'module_utils' / '_tables' / f'{module}.py').is_file(), f'{module} has no table'
    source = (ROOT / 'plugins' / 'modules' / f'{module}.py').read_text()
    assert f'edge.platform._options.{module.upper()}' in source, f'{module} does not extend its generated options'
    assert '\noptions:' not in source, f'{module} writes options in its DOCUMENTATION instead of its table'


@pytest.mark.parametrize('module', MODULES)
def test_every_module_is_its_documentation_and_a_short_main(module: str) -> None:
    tree = ast.parse((ROOT / 'plugins' / 'modules' / f'{module}.py').read_text())
    docs = {'DOCUMENTATION', 'EXAMPLES', 'RETURN'}
    main = None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == 'main':
            main = node
        elif isinstance(node, ast.Assign):
            assert [getattr(target, 'id', None) for target in node.targets] in [[name] for name in docs], (
                f'{module}: line {node.lineno} belongs in module_utils/_resources/{module}.py'
            )
        else:
            allowed = (ast.Import, ast.ImportFrom, ast.If)  # the imports, and if __name__ == '__main__'
            assert isinstance(node, allowed) or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)), (
                f'{module}: line {node.lineno} belongs in module_utils/_resources/{module}.py'
            )
    assert main is not None, f'{module} has no main()'
    length = (main.end_lineno or main.lineno) - main.lineno + 1
    assert length <= MAIN_LINES, f'{module}: main() has {length} lines; its code belongs in module_utils/_resources/'


@pytest.mark.parametrize('module', MODULES)
def test_every_module_has_unit_tests_and_an_integration_target(module: str) -> None:
    # A module whose tests load files as the controller does lives beside the modules' tests: ansible-test runs those
    # with ansible.module_utils alone importable.
    tests = ROOT / 'tests' / 'unit' / 'plugins'
    assert (tests / 'modules' / f'test_{module}.py').is_file() or (tests / f'test_{module}.py').is_file(), module
    target = TARGETS / TARGET_OF.get(module, module)
    assert (target / 'aliases').is_file(), f'{module} has no integration target {target.name}'
    assert any(target.glob('tasks/*.yml')), f'{module}: target {target.name} has no tasks'


@pytest.mark.parametrize('module', [module for module in MODULES if writes(module)])
def test_every_writing_module_has_a_case_of_the_fault_matrix(module: str) -> None:
    cases = yaml.safe_load((TARGETS / 'fault_matrix' / 'vars' / 'main.yml').read_text())['fault_matrix_cases']
    names = {case['module'] for case in cases}
    # A case is named after its module, or after the module and the operation it hits (pullzone_update …).
    covered = module in names or any(name.startswith(f'{module}_') and name[len(module) + 1 :] for name in names)
    assert covered or module in NO_FAULT_CASE, f'{module} writes, and the fault matrix has no case of it'


@pytest.mark.parametrize('module', MODULES)
def test_every_module_is_shown_by_a_guide_and_the_readme(module: str) -> None:
    guides = [path for path in (ROOT / 'docs').glob('*.md') if f'edge.platform.{module}' in path.read_text()]
    assert guides, f'no guide of docs/ shows edge.platform.{module}'
    assert f'[`{module}`](plugins/modules/{module}.py)' in (ROOT / 'README.md').read_text(), module
