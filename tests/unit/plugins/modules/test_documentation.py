# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Every module's DOCUMENTATION, EXAMPLES and RETURN are YAML that parses, in seconds rather than at sanity time:
a plain scalar ending a line with a colon, say, makes ansible-doc and validate-modules give up on the whole module."""

from __future__ import annotations

import ast
import pathlib
import typing as t

import pytest
import yaml

MODULES = sorted((pathlib.Path(__file__).parents[4] / 'plugins' / 'modules').glob('*.py'))


def documentation_blocks(path: pathlib.Path) -> dict[str, str]:
    """The module's DOCUMENTATION, EXAMPLES and RETURN strings, read without importing it (as ansible-doc does)."""
    blocks = {}
    for node in ast.parse(path.read_text(encoding='utf-8')).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id in ('DOCUMENTATION', 'EXAMPLES', 'RETURN'):
                    blocks[target.id] = node.value.value
    return blocks


def test_every_module_is_found() -> None:
    assert len([path for path in MODULES if path.name != '__init__.py']) >= 15


@pytest.mark.parametrize('path', [path for path in MODULES if path.name != '__init__.py'], ids=lambda path: path.stem)
def test_documentation_examples_and_return_parse(path: pathlib.Path) -> None:
    blocks = documentation_blocks(path)
    assert set(blocks) == {'DOCUMENTATION', 'EXAMPLES', 'RETURN'}
    documentation: t.Any = yaml.safe_load(blocks['DOCUMENTATION'])
    assert documentation['module'] == path.stem
    if f'edge.platform._options.{path.stem.upper()}' in documentation.get('extends_documentation_fragment', []):
        assert 'options' not in documentation  # its table is the one place its options are written
    else:
        assert isinstance(documentation['options'], dict) and documentation['options']
    examples = yaml.safe_load(blocks['EXAMPLES'])
    assert isinstance(examples, list) and examples
    assert isinstance(yaml.safe_load(blocks['RETURN']), dict)
