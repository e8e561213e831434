# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The YAML blocks of the collection's guides (README.md, docs/*.md, the roles' READMEs), as JSON, for the
doc_guides target to run.

Usage: doc_blocks.py ROOT SCRATCH_DIR PATTERN... Reads the Markdown files of ROOT that the PATTERNs (globs relative
to ROOT, in order) match, and prints {sources, blocks}: sources the files each PATTERN matched, blocks a list of
{file, line, kind, marker, text, data, script, heads}: file the path relative to ROOT, kind "tasks" (a list of
tasks), "plays" (a list of plays, with hosts) or "data" (anything else), script the name of the file in SCRATCH_DIR
that a block to run (tasks or plays, not marked "not run") is written to (NN-NAME.yml: NN its index in the list,
NAME its file's path with dashes; one process for every block, where a copy task would be a module process each),
heads what is wrong with the head of each of its plays, run or not: an example play runs as written with
``ansible-playbook -i localhost,``, so it names localhost with a local connection, and gathers no facts (none of
the collection's plays reads one). A block may be preceded by a marker comment, on the line right before its
fence:

    <!-- example not run: REASON -->            the block is not run, for REASON
    <!-- example equals: PATH KEY -->           the block equals KEY of the YAML file PATH of the collection
    <!-- example fails: TEXT -->                the block runs and fails, with TEXT in its output
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import sys
import typing as t

import yaml

FENCE_RE = re.compile(
    r'^(?P<indent>[ \t]*)```yaml[ \t]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$', re.MULTILINE | re.DOTALL
)
MARKER_RE = re.compile(r'^\s*<!--\s*example (?P<kind>not run|equals|fails):\s*(?P<text>.*?)\s*-->\s*$')


def kind_of(data: t.Any) -> str:
    if isinstance(data, list) and data and all(isinstance(item, dict) for item in data):
        return 'plays' if all('hosts' in item for item in data) else 'tasks'
    return 'data'


def head_problems(plays: list[dict[str, t.Any]]) -> list[str]:
    """What keeps each play from running as written on localhost without ssh, or makes it gather facts."""
    problems = []
    for number, play in enumerate(plays, 1):
        name = f'play {number} ({play.get("name", "no name")})'
        if play.get('hosts') != 'localhost':
            problems.append(f'{name}: hosts is {play.get("hosts")!r}, not localhost')
        if play.get('connection') != 'local':
            problems.append(f'{name}: no connection: local (with -i localhost, Ansible would use ssh)')
        if play.get('gather_facts') is not False:
            problems.append(f'{name}: no gather_facts: false (nothing reads facts)')
    return problems


def blocks_of(root: pathlib.Path, path: pathlib.Path) -> list[dict[str, t.Any]]:
    found = []
    text = path.read_text(encoding='utf-8')
    for match in FENCE_RE.finditer(text):
        before = text[: match.start()].rstrip('\n').rsplit('\n', 1)[-1]
        marker = MARKER_RE.match(before)
        indent = len(match.group('indent'))
        body = '\n'.join(line[indent:] for line in match.group('body').splitlines()) + '\n'
        data = yaml.safe_load(body)
        kind = kind_of(data)
        found.append(
            {
                'file': path.relative_to(root).as_posix(),
                'line': text.count('\n', 0, match.start()) + 1,
                'kind': kind,
                'marker': {'kind': marker.group('kind'), 'text': marker.group('text')} if marker else None,
                'text': body,
                'data': data,
                'heads': head_problems(data) if kind == 'plays' else [],
            }
        )
    return found


def to_run(block: dict[str, t.Any]) -> bool:
    return block['kind'] in ('tasks', 'plays') and (block['marker'] or {}).get('kind') != 'not run'


def write(found: list[dict[str, t.Any]], scratch: pathlib.Path) -> None:
    """Each block to run, to its file of SCRATCH (mode 0600, as the examples may hold what they are given)."""
    for index, block in enumerate(found):
        block['script'] = None
        if to_run(block):
            block['script'] = f'{index:02d}-{block["file"].removesuffix(".md").replace("/", "-")}.yml'
            descriptor = os.open(scratch / block['script'], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, 'w', encoding='utf-8') as example:
                example.write(block['text'])


def main(root: pathlib.Path, scratch: pathlib.Path, patterns: list[str]) -> dict[str, t.Any]:
    sources = {
        pattern: sorted(path.relative_to(root).as_posix() for path in root.glob(pattern)) for pattern in patterns
    }
    found = [block for files in sources.values() for name in files for block in blocks_of(root, root / name)]
    write(found, scratch)
    return {'sources': sources, 'blocks': found}


if __name__ == '__main__':
    json.dump(main(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3:]), sys.stdout, default=str)
