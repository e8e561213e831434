# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator in a process of its own, as the integration targets, the rulebook, the AWX job and the demo use it.

Every start checks the emulator's start contract (``python -m tests.emulator``: one JSON line with four distinct
base addresses on 127.0.0.1 and the API key, once every port listens) and every stop its end (SIGTERM: it exits
with 0), so the suite runs on the contract its sessions rely on.
"""

from __future__ import annotations

import json
import select
import signal
import subprocess
import sys
import tempfile
import time
import typing as t
import urllib.request
from pathlib import Path

from ..emulator.env_file import ENVIRONMENT, exports as export_lines

ADDRESSES = ('api_url', 'video_api_url', 'logging_api_url', 'admin_url')


class EmulatorError(Exception):
    """The emulator broke its start or stop contract."""


def ready_line(line: str) -> dict[str, str]:
    """The fields of the emulator's line, checked: the API key and four distinct base addresses on 127.0.0.1."""
    info = json.loads(line)
    if not isinstance(info, dict) or set(info) != set(ENVIRONMENT):
        raise EmulatorError(f'the emulator line is not {sorted(ENVIRONMENT)}: {line!r}')
    addresses = [info[key] for key in ADDRESSES]
    if len(set(addresses)) != len(addresses) or not all(url.startswith('http://127.0.0.1:') for url in addresses):
        raise EmulatorError(f'the emulator must listen on four addresses of 127.0.0.1: {addresses}')
    return t.cast(dict[str, str], info)


def exports(line: str) -> str:
    """Shell commands that export the EDGE_* variables of the emulator's line (scripts/lib.sh start_emulator)."""
    return export_lines(ready_line(line))


class Emulator:
    """``python -m tests.emulator --seed SEED`` started from TREE (a checkout or a copy of the collection)."""

    def __init__(self, tree: Path, seed: int = 12, python: str = sys.executable, timeout: float = 60) -> None:
        # Its stderr, read when it fails; open as long as the emulator runs.
        self.errors = tempfile.TemporaryFile(mode='w+')  # noqa: SIM115
        self.process = subprocess.Popen(
            [python, '-m', 'tests.emulator', '--seed', str(seed)],
            cwd=tree,
            stdout=subprocess.PIPE,
            stderr=self.errors,
            text=True,
        )
        try:
            self.info = self._ready_line(timeout)
        except BaseException:
            self.process.kill()
            self.process.wait()
            raise

    def _ready_line(self, timeout: float) -> dict[str, str]:
        assert self.process.stdout is not None
        readable = select.select([self.process.stdout], [], [], timeout)[0]
        line = self.process.stdout.readline() if readable else ''
        if not line:
            self.errors.seek(0)
            raise EmulatorError(f'the emulator printed no line within {timeout:.0f} s:\n{self.errors.read()[-3000:]}')
        return ready_line(line)

    def __enter__(self) -> Emulator:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        self.stop(check=kind is None)

    @property
    def environment(self) -> dict[str, str]:
        """The EDGE_* variables that point the modules at this emulator."""
        return {name: self.info[key] for key, name in ENVIRONMENT.items()}

    def admin(self, path: str, method: str = 'GET', body: t.Any = None) -> t.Any:
        """An admin endpoint's answer (``/state``, ``/requests``, ``/traffic`` …)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.info['admin_url'] + path, data=data, method=method, headers={'Content-Type': 'application/json'}
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)

    def stop(self, check: bool = True) -> None:
        """SIGTERM, by PID; the emulator must exit with 0 within 10 s."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                if check:
                    raise EmulatorError('the emulator did not stop within 10 s of SIGTERM') from None
        if self.process.stdout:
            self.process.stdout.close()
        self.errors.seek(0)
        errors = self.errors.read()
        self.errors.close()
        if check and self.process.returncode != 0:
            raise EmulatorError(f'the emulator exited with {self.process.returncode} on SIGTERM:\n{errors[-3000:]}')


def wait_for(condition: t.Callable[[], bool], seconds: float, interval: float = 0.5) -> bool:
    """Whether CONDITION became true within SECONDS."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(interval)
    return True
