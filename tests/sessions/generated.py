# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Files made from the option tables (plugins/module_utils/_tables/), as community.dns makes its doc fragments from
its code: the doc fragment ``edge.platform._options`` (one attribute a table: the options of a module as
ansible-doc shows them), docs/enums.md (every enum the collection takes, its names and the API's numbers), and the
``options`` of the doc fragments that several modules share (``SHARED_FRAGMENTS``: the rest of those is written by
hand).

``nox -s update-docs-fragments`` writes them; ``nox -s docs-fragments-check`` (a step of make test) fails when
one is not what the tables make, naming the command that makes it so.
"""

from __future__ import annotations

import contextlib
import importlib
import re
import sys
import tempfile
import typing as t
from pathlib import Path

import yaml

from .tree import ROOT

if t.TYPE_CHECKING:
    from collections.abc import Iterator

    import nox

TABLES_DIR = ROOT / 'plugins' / 'module_utils' / '_tables'
FRAGMENT = ROOT / 'plugins' / 'doc_fragments' / '_options.py'
ENUMS = ROOT / 'docs' / 'enums.md'
# Modules of _tables that are shared pieces, not a module's table.
SHARED = ('__init__', 'scopes', 'api', 'cdn_log_query')
# The doc fragments written by hand but for their options: each attribute's ``options`` are those of a shared table
# (the module of _tables, and its Table or tuple of Options).
SHARED_FRAGMENTS = {
    ROOT / 'plugins' / 'doc_fragments' / 'api.py': {
        'DOCUMENTATION': ('api', 'TABLE'),
        'VIDEO': ('api', 'VIDEO'),
        'LOGGING': ('api', 'LOGGING'),
        'PULLZONE_SCOPE': ('scopes', 'PULLZONE_SCOPE'),
    },
    ROOT / 'plugins' / 'doc_fragments' / 'shield.py': {'EVENT_LOG_SCOPE': ('scopes', 'EVENT_LOG_SCOPE')},
    ROOT / 'plugins' / 'doc_fragments' / 'cdn_logs.py': {'QUERY': ('cdn_log_query', 'TABLE')},
}
HEADER = '''# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

# Made from the option tables of plugins/module_utils/_tables/ by `nox -s update-docs-fragments`: do not edit this
# file, edit a table and run that. Each attribute is the options of the module of its name, as ansible-doc shows them.

from __future__ import annotations


class ModuleDocFragment:
    DOCUMENTATION = r\'\'\'
options: {}
\'\'\'
'''


class Dumper(yaml.SafeDumper):
    """Block lists indented under their key, as the modules' own documentation writes them."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> t.Any:
        return super().increase_indent(flow, False)


@contextlib.contextmanager
def collection_importable() -> Iterator[None]:
    """The checkout importable as ansible_collections.edge.platform (a link to it in a temporary directory)."""
    with tempfile.TemporaryDirectory() as scratch:
        namespace = Path(scratch) / 'ansible_collections' / 'edge'
        namespace.mkdir(parents=True)
        (namespace / 'platform').symlink_to(ROOT)
        sys.path.insert(0, scratch)
        try:
            yield
        finally:
            sys.path.remove(scratch)
            for name in [name for name in sys.modules if name.startswith('ansible_collections.edge.platform')]:
                del sys.modules[name]


def tables() -> dict[str, t.Any]:
    """Each module's table by the module's name (call inside ``collection_importable``)."""
    found = {}
    for path in sorted(TABLES_DIR.glob('*.py')):
        if path.stem in SHARED:
            continue
        module = importlib.import_module(f'ansible_collections.edge.platform.plugins.module_utils._tables.{path.stem}')
        found[path.stem] = module.TABLE
    return found


def fragment_text(by_module: dict[str, t.Any]) -> str:
    parts = [HEADER]
    for name, table in by_module.items():
        documentation: dict[str, t.Any] = {'options': table.documentation()}
        if any(True for _path in table.enums()):
            documentation['seealso'] = [
                {
                    'ref': 'ansible_collections.edge.platform.docsite.enums',
                    'description': "Every enum the collection takes: its names and the API's numbers.",
                }
            ]
        text = yaml.dump(documentation, Dumper=Dumper, sort_keys=False, width=100, allow_unicode=True)
        parts.append(f"\n    {name.upper()} = r'''\n{text}'''\n")
    return ''.join(parts)


def options_text(table: t.Any) -> str:
    """The ``options`` of a hand-written fragment: folded narrower than ``_options.py``, so that a long word past the
    width still ends within the 120 columns ruff checks there."""
    return yaml.dump({'options': table.documentation()}, Dumper=Dumper, sort_keys=False, width=90, allow_unicode=True)


def shared_fragment_text(path: Path, attributes: dict[str, tuple[str, str]]) -> str:
    """The fragment file at ``path`` with the ``options`` of each of ``attributes`` made from its shared table."""
    from ansible_collections.edge.platform.plugins.module_utils._options import Table

    text = path.read_text()
    for attribute, (module_name, name) in attributes.items():
        module = importlib.import_module(
            f'ansible_collections.edge.platform.plugins.module_utils._tables.{module_name}'
        )
        options = getattr(module, name)
        table = options if isinstance(options, Table) else Table(*options)
        # The attribute's YAML, and in it the options: block (up to the next key of the top level).
        pattern = re.compile(rf"(\n    {attribute} = r'''\n(?:(?!''').*\n)*?)options:\n(?:(?:  .*)?\n)*")
        match = pattern.search(text)
        if match is None:
            raise ValueError(f'{path.name}: no options of {attribute} to write')
        text = text[: match.end(1)] + options_text(table) + text[match.end() :]
    return text


def enums_text(by_module: dict[str, t.Any]) -> str:
    """docs/enums.md: each enum once, with the options that take it."""
    users: dict[t.Any, list[str]] = {}
    for name, table in by_module.items():
        for path, enum in table.enums():
            users.setdefault(enum, []).append(f'`{name}` `{path}`')
    lines = [
        "# Enumerations: the options' names and the API's numbers",
        '',
        '<!-- Made from the option tables of plugins/module_utils/_tables/ by `nox -s update-docs-fragments`: '
        'do not edit. -->',
        '',
        'Options that take one of a few values take names (the snake_case of the names the API description gives),',
        'where the API reads and writes numbers. Results that keep the API\'s property names (`pullzone_info`,',
        "`shield_zone_info`, the `pullzone` and `shield_zone` results …) show the numbers; `site_info`, the diff and",
        'the audit show the names. This table gives both, for every enum the collection takes.',
        '',
    ]
    for enum in sorted(users, key=lambda enum: enum.api_name.lower()):
        lines += [f'## {enum.api_name}', '', 'Taken by ' + ', '.join(users[enum]) + '.', '']
        lines += ['| name | API value |', '|---|---:|']
        lines += [f'| `{name}` | {number} |' for name, number in enum.numbers.items()]
        lines.append('')
    return '\n'.join(lines)


def rendered() -> dict[Path, str]:
    with collection_importable():
        by_module = tables()
        shared = {path: shared_fragment_text(path, attributes) for path, attributes in SHARED_FRAGMENTS.items()}
        return {FRAGMENT: fragment_text(by_module), ENUMS: enums_text(by_module), **shared}


def stale() -> list[Path]:
    return [path for path, text in rendered().items() if not path.is_file() or path.read_text() != text]


def update(session: nox.Session) -> None:
    for path, text in rendered().items():
        if not path.is_file() or path.read_text() != text:
            path.write_text(text)
            session.log(f'wrote {path.relative_to(ROOT)}')


def check(session: nox.Session) -> None:
    outdated = stale()
    if outdated:
        names = ', '.join(str(path.relative_to(ROOT)) for path in outdated)
        session.error(f'{names}: not what the option tables make; run nox -s update-docs-fragments and commit')
    made = ', '.join(str(path.relative_to(ROOT)) for path in [FRAGMENT, ENUMS, *SHARED_FRAGMENTS])
    session.log(f'{made}: what the option tables make')
