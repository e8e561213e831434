# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Locks on the controller, so that the runs of one playbook that change the same object take turns.

The API has no compare-and-swap: two runs that read a list, add an entry each and write the list back undo each
other. Every fork of a playbook run (inside the controller's worker processes or as module processes) runs on the
same machine, as the same user: ``controller_lock`` serialises them with ``fcntl.flock`` on a lock file named by a
hash of the object's key (the API's base address and the object's ids), in a directory of the user's own under the
system temp directory (mode 0700, files 0600). The lock is released when the block ends, or when the process dies,
so a stopped run never leaves one behind. A run that waits longer than ``timeout`` fails, naming the object and the
process holding it, instead of hanging.

The file also tells the run that takes the lock whether the run before it let go of it before a moment of its own
(``Turn.undisturbed_since``): a run that read the object before its turn (found it in a listing) keeps what it read
when no other run of the controller held the lock since, and reads it again otherwise.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import os
import stat
import tempfile
import threading
import time
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._errors import EdgeFinding

#: How long a run waits for another run of the same object (seconds).
LOCK_WAIT = 300.0
_FIRST_PAUSE = 0.01
_LONGEST_PAUSE = 0.05


def lock_directory() -> str:
    """The directory of this user's lock files: ``edge-platform-locks-<uid>`` under the system temp directory."""
    return os.path.join(tempfile.gettempdir(), f'edge-platform-locks-{os.getuid()}')


def _private_directory(path: str, operation: str) -> None:
    """Make ``path`` a directory only this user can enter, or refuse one that another user could write into."""
    try:
        os.mkdir(path, 0o700)
    except FileExistsError:
        pass
    except OSError as exc:
        raise EdgeFinding(operation, f'cannot make the lock directory {path}: {exc.strerror}') from None
    info = os.lstat(path)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        raise EdgeFinding(
            operation,
            f'the lock directory {path} is not a directory of user {os.getuid()} closed to others '
            f'(owner {info.st_uid}, mode {stat.S_IMODE(info.st_mode):04o}); remove it',
            'lock.unsafe',
        )


def lock_path(*key: t.Any) -> str:
    """The lock file of ``key``: the SHA-256 of its parts, in this user's lock directory."""
    name = hashlib.sha256('\0'.join(str(part) for part in key).encode()).hexdigest()
    return os.path.join(lock_directory(), f'{name}.lock')


def _holder(fd: int) -> str:
    """Who holds a lock, as its holder wrote it into the file (``process N: what``, its first line)."""
    try:
        return os.pread(fd, 512, 0).decode('utf-8', 'replace').strip().split('\n')[0]
    except OSError:
        return ''


class Turn:
    """A run's hold of a lock, and what the file said of the run before it: whether it let go of the lock, and when
    (``time.monotonic``, the same clock for every process of the machine)."""

    def __init__(self, before: str) -> None:
        self.never_held = before == ''  # a new file: no run has held the lock
        lines = before.split('\n')
        parts = lines[1].split() if len(lines) > 1 else []
        released = parts[1] if len(parts) == 2 and parts[0] == 'released' else ''
        self.released: int | None = int(released) if released.isdigit() else None

    def undisturbed_since(self, moment: int) -> bool:
        """True when no other run held the lock since ``moment`` (``time.monotonic_ns()``): no run ever held it, or the
        run before let go of it before then. False when it let go after, or did not say when (it died holding it,
        or wrote an older file)."""
        return self.never_held or (self.released is not None and self.released < moment)


@contextlib.contextmanager
def controller_lock(what: str, *key: t.Any, timeout: float | None = None) -> t.Iterator[Turn]:
    """Hold the lock of ``key`` while the block runs; ``what`` names the object for the user.

    ``key`` must tell the object apart across accounts and services: start it with the API's base address.
    Waits (polling) for another holder up to ``timeout`` seconds (``LOCK_WAIT``), then raises ``EdgeFinding``
    (``lock.timeout``). Threads of one process exclude each other too: each call opens the file anew.
    """
    operation = f'wait for the other runs on this controller that change {what}'
    timeout = LOCK_WAIT if timeout is None else timeout
    path = lock_path(*key)
    _private_directory(os.path.dirname(path), operation)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        raise EdgeFinding(operation, f'cannot open the lock file {path}: {exc.strerror}') from None
    try:
        deadline = time.monotonic() + timeout
        pause = _FIRST_PAUSE
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES):
                    raise EdgeFinding(operation, f'cannot lock {path}: {exc.strerror}') from None
            left = deadline - time.monotonic()
            if left <= 0:
                holder = _holder(fd)
                raise EdgeFinding(
                    operation,
                    f'another run has held the lock for more than {timeout:g} s'
                    f"{f' ({holder})' if holder else ''}; lock file {path}. Run again when it has ended",
                    'lock.timeout',
                )
            # Not time.sleep: a test that fakes the client's retry waits must not turn this into a busy loop.
            threading.Event().wait(min(pause, left))
            pause = min(pause * 2, _LONGEST_PAUSE)
        turn = Turn(os.pread(fd, 4096, 0).decode('utf-8', 'replace'))
        note = f'process {os.getpid()}: {what}'.encode()
        os.ftruncate(fd, 0)
        os.pwrite(fd, note + b'\nheld\n', 0)
        try:
            yield turn
        finally:
            # When it let go: a run that read the object before its turn keeps what it read only if this came before.
            os.ftruncate(fd, 0)
            os.pwrite(fd, note + f'\nreleased {time.monotonic_ns()}\n'.encode(), 0)
    finally:
        os.close(fd)  # releases the lock
