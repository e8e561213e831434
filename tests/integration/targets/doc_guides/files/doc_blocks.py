# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The YAML blocks of the guides (docs/*.md), as JSON, for the doc_guides target to run.

Usage: doc_blocks.py DOCS_DIR [SCRATCH_DIR]. Prints a list of {file, line, kind, marker, text, data}:
kind is "tasks" (a list of tasks), "plays" (a list of plays, with hosts) or "data" (anything else).
With SCRATCH_DIR, each block to run (tasks or plays, not marked "not run") is also written there, to
NN-GUIDE.yml: NN its index in the list, GUIDE its guide's name without .md (one process for every
block, where a copy task would be a module process each). A block may be preceded by a marker
comment, on the line right before its fence:

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


def blocks(docs: pathlib.Path) -> list[dict[str, t.Any]]:
    found = []
    for path in sorted(docs.glob('*.md')):
        text = path.read_text(encoding='utf-8')
        for match in FENCE_RE.finditer(text):
            before = text[: match.start()].rstrip('\n').rsplit('\n', 1)[-1]
            marker = MARKER_RE.match(before)
            indent = len(match.group('indent'))
            body = '\n'.join(line[indent:] for line in match.group('body').splitlines()) + '\n'
            data = yaml.safe_load(body)
            found.append(
                {
                    'file': path.name,
                    'line': text.count('\n', 0, match.start()) + 1,
                    'kind': kind_of(data),
                    'marker': {'kind': marker.group('kind'), 'text': marker.group('text')} if marker else None,
                    'text': body,
                    'data': data,
                }
            )
    return found


def to_run(block: dict[str, t.Any]) -> bool:
    return block['kind'] in ('tasks', 'plays') and (block['marker'] or {}).get('kind') != 'not run'


def write(found: list[dict[str, t.Any]], scratch: pathlib.Path) -> None:
    """Each block to run, to its file of SCRATCH (mode 0600, as the examples may hold what they are given)."""
    for index, block in enumerate(found):
        if to_run(block):
            path = scratch / f'{index:02d}-{pathlib.Path(block["file"]).stem}.yml'
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, 'w', encoding='utf-8') as example:
                example.write(block['text'])


if __name__ == '__main__':
    guides = blocks(pathlib.Path(sys.argv[1]))
    if len(sys.argv) > 2:
        write(guides, pathlib.Path(sys.argv[2]))
    json.dump(guides, sys.stdout, default=str)
