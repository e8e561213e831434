# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Env files: ``KEY=value`` lines (``export`` and quotes allowed), read, changed key by key and written back
atomically at mode 0600 with their other lines kept. The runs of one playbook that write the same file take turns
(``EnvFile.turn``).
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._files import unwritable_reason
from ansible_collections.edge.platform.plugins.module_utils._locks import controller_lock

ENV_FILE_MODE = 0o600
ENV_LINE_RE = re.compile(r'^(\s*(?:export\s+)?)([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$')


def _env_value(raw: str) -> str:
    raw = raw.strip()
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in ('"', "'"):
        return raw[1:-1]
    return re.split(r'\s+#', raw, maxsplit=1)[0].strip()


class EnvFile:
    """A ``KEY=value`` file: read it, change some keys, write it back with the other lines kept."""

    def __init__(self, path: str) -> None:
        # A symlink is read through, and replaced by a file of its own when written: writing
        # through it would put a token (and mode 0600) into whatever file it points to.
        self.given = path
        self.path = os.path.abspath(os.path.expanduser(path))
        self.read()

    def read(self) -> None:
        """Read the file (again: another run may have written it since); ValueError when it cannot be one."""
        self.is_link = os.path.islink(self.path)
        self.exists = os.path.exists(self.path)
        self.lines: list[str] = []
        self.mode: int | None = None
        if not os.path.isdir(os.path.dirname(self.path) or '.'):
            raise ValueError(f'the directory of env_file {self.given} does not exist')
        if self.exists:
            if not os.path.isfile(self.path):
                raise ValueError(f'env_file {self.given} is not a regular file')
            with open(self.path, encoding='utf-8') as handle:
                self.lines = handle.read().splitlines(keepends=True)
            self.mode = os.lstat(self.path).st_mode & 0o7777 if not self.is_link else None

    def turn(self) -> t.ContextManager[object]:
        """The lock the runs on this controller that write this file take, from their read of it to their write:
        forks of one run writing the same file would otherwise each decide from what the file held before any of
        them wrote (``_locks.controller_lock``)."""
        return controller_lock(f'env file {self.path}', 'env file', self.path)

    def check_writable(self) -> None:
        """Refuse before anything is changed when the file could not be written afterwards."""
        reason = unwritable_reason(os.path.dirname(self.path) or '.', os.path.basename(self.path))
        if reason is not None:
            raise ValueError(f'env_file {self.path} cannot be written: {reason}')

    @property
    def text(self) -> str:
        return ''.join(self.lines)

    def get(self, key: str) -> str | None:
        """The value of ``key`` (the last assignment wins, as shells and Node read it)."""
        value = None
        for line in self.lines:
            match = ENV_LINE_RE.match(line.rstrip('\r\n'))
            if match and match.group(2) == key:
                value = _env_value(match.group(3))
        return value

    def render(self, updates: dict[str, str | None]) -> str:
        """The file with ``updates`` applied: a value replaces the key's line in place, None removes it."""
        out: list[str] = []
        written: set[str] = set()
        for line in self.lines:
            match = ENV_LINE_RE.match(line.rstrip('\r\n'))
            key = match.group(2) if match else None
            if key is None or key not in updates:
                out.append(line)
                continue
            if updates[key] is None or key in written:
                continue  # removed, or a repeated assignment of a key already written
            ending = line[len(line.rstrip('\r\n')) :] or '\n'
            prefix = match.group(1) if match else ''
            out.append(f'{prefix}{key}={updates[key]}{ending}')
            written.add(key)
        if out and not out[-1].endswith('\n'):
            out[-1] += '\n'
        for key, value in updates.items():
            if value is not None and key not in written:
                out.append(f'{key}={value}\n')
        return ''.join(out)

    def needs_write(self, text: str) -> bool:
        return not self.exists or self.is_link or text != self.text

    @property
    def mode_wrong(self) -> bool:
        """Whether the file is a link (replaced by a file of its own when written) or is not at mode 0600."""
        return self.is_link or (self.exists and self.mode != ENV_FILE_MODE)

    def changes(self, updates: dict[str, str | None]) -> bool:
        """Whether ``updates`` change the file: its lines, or its mode."""
        return self.needs_write(self.render(updates)) or self.mode_wrong

    def apply(
        self, updates: dict[str, str | None], check_mode: bool, before_write: t.Callable[[], None] | None = None
    ) -> str | None:
        """Bring the file to ``updates`` (``{}``: only to mode 0600, a link replaced by a file of its own); what that
        takes (``write <path>``, ``set mode 0600 on <path>``), or None when nothing. Check mode only says it.
        ``before_write`` runs just before the file is written (a backup). OSError when it cannot be done."""
        text = self.render(updates)
        if self.is_link or (updates and self.needs_write(text)):
            if not check_mode:
                if before_write is not None:
                    before_write()
                self.write(text)
            return f'write {self.path}'
        if self.mode_wrong:
            if not check_mode:
                self.fix_mode()
            return f'set mode 0600 on {self.path}'
        return None

    def write(self, text: str) -> None:
        """Write atomically: a temporary file at mode 0600 in the same directory, renamed over the file."""
        directory = os.path.dirname(self.path) or '.'
        handle, temporary = tempfile.mkstemp(prefix=f'.{os.path.basename(self.path)}.', suffix='.tmp', dir=directory)
        try:
            with os.fdopen(handle, 'w', encoding='utf-8') as stream:
                stream.write(text)
                stream.flush()
                os.fsync(stream.fileno())
            os.chmod(temporary, ENV_FILE_MODE)
            if self.exists:
                current = os.lstat(self.path)
                if (current.st_uid, current.st_gid) != (os.getuid(), os.getgid()):
                    # Not allowed to give it away: the file becomes ours, still 0600.
                    with contextlib.suppress(OSError):
                        os.chown(temporary, current.st_uid, current.st_gid)
            os.replace(temporary, self.path)
        except BaseException:
            if os.path.exists(temporary):
                os.unlink(temporary)
            raise
        self.exists, self.is_link = True, False
        self.lines = text.splitlines(keepends=True)
        self.mode = ENV_FILE_MODE

    def fix_mode(self) -> None:
        os.chmod(self.path, ENV_FILE_MODE)
        self.mode = ENV_FILE_MODE


def mode_text(mode: int | None) -> str | None:
    return None if mode is None else f'{mode:04o}'
