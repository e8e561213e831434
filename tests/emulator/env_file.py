# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's addresses and key as the ``EDGE_*`` variables the modules fall back to: shell lines that export
them, and a file of those lines to source (``python -m tests.emulator --env-file PATH``, which ``make emulator``
writes to ``.emulator.env``)."""

from __future__ import annotations

import os
import shlex
import typing as t
from pathlib import Path

# The EDGE_* variable of each field of the emulator's line (the modules' environment fallbacks; EDGE_ADMIN_URL is the
# emulator's own).
ENVIRONMENT = {
    'api_url': 'EDGE_API_URL',
    'api_key': 'EDGE_API_KEY',
    'video_api_url': 'EDGE_VIDEO_API_URL',
    'logging_api_url': 'EDGE_LOGGING_API_URL',
    'admin_url': 'EDGE_ADMIN_URL',
}


def exports(info: t.Mapping[str, str]) -> str:
    """Shell commands that export the EDGE_* variables of the fields of the emulator's line."""
    return '\n'.join(f'export {name}={shlex.quote(info[key])}' for key, name in ENVIRONMENT.items())


def write_env_file(path: Path, info: t.Mapping[str, str]) -> None:
    """PATH holds the export lines of INFO, mode 0600 (it holds the API key) from its first byte on: written beside
    it and renamed over it, so a shell that sources it never reads half of it."""
    temporary = path.with_name(f'.{path.name}.{os.getpid()}')
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, 'w', encoding='utf-8') as env_file:
        env_file.write(f'# The emulator started by this checkout listens here (until it stops).\n{exports(info)}\n')
    os.replace(temporary, path)


def remove_env_file(path: Path, info: t.Mapping[str, str]) -> None:
    """Remove PATH when it still points at this emulator (its ports no longer listen); another emulator's is kept."""
    try:
        if exports(info) in path.read_text(encoding='utf-8'):
            path.unlink()
    except FileNotFoundError:
        pass
