# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""_locks.controller_lock: runs that change the same object take turns; others do not wait; a wait has an end; the
lock files are the user's own."""

from __future__ import annotations

import os
import stat
import threading
import time
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils import _locks
from ansible_collections.edge.platform.plugins.module_utils._errors import EdgeFinding

KEY = ('https://api.edge.test', 'shield zone access lists', 3001)


@pytest.fixture(autouse=True)
def directory(tmp_path: t.Any, monkeypatch: pytest.MonkeyPatch) -> str:
    path = str(tmp_path / 'locks')
    monkeypatch.setattr(_locks, 'lock_directory', lambda: path)
    return path


def take_turn(what: str, timeout: float | None = None) -> None:
    with _locks.controller_lock(what, *KEY, timeout=timeout):
        pass


def test_runs_of_the_same_object_take_turns() -> None:
    # Read, pause, write back: without turns, runs that read the same value lose each other's increments.
    counter = {'value': 0}

    def increment() -> None:
        for _round in range(5):
            with _locks.controller_lock('the counter', *KEY):
                seen = counter['value']
                time.sleep(0.002)
                counter['value'] = seen + 1

    threads = [threading.Thread(target=increment) for _thread in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert counter['value'] == 40


def test_another_object_is_not_waited_for() -> None:
    with _locks.controller_lock('zone 3001', *KEY):
        started = time.monotonic()
        with _locks.controller_lock('zone 3002', 'https://api.edge.test', 'shield zone access lists', 3002):
            pass
        with _locks.controller_lock('zone 3001 elsewhere', 'https://other.edge.test', 'shield zone access lists', 3001):
            pass
        assert time.monotonic() - started < 1


def test_a_wait_ends_with_a_clear_failure_naming_the_holder() -> None:
    with _locks.controller_lock('the lists of shield zone 3001', *KEY):
        started = time.monotonic()
        with pytest.raises(EdgeFinding) as caught:
            take_turn('the lists of shield zone 3001', timeout=0.3)
        assert 0.3 <= time.monotonic() - started < 3
    error = caught.value
    assert error.error_key == 'lock.timeout'
    assert str(error).startswith(
        'wait for the other runs on this controller that change the lists of shield zone 3001 failed: '
        'another run has held the lock for more than 0.3 s '
        f'(process {os.getpid()}: the lists of shield zone 3001); lock file '
    )
    assert str(error).endswith('Run again when it has ended')


def test_the_lock_is_released_when_the_block_fails() -> None:
    with pytest.raises(RuntimeError), _locks.controller_lock('the counter', *KEY):
        raise RuntimeError('a failed run')
    with _locks.controller_lock('the counter', *KEY, timeout=0):
        pass


def test_the_files_are_the_user_s_own(directory: str) -> None:
    with _locks.controller_lock('the counter', *KEY):
        path = _locks.lock_path(*KEY)
        assert os.path.dirname(path) == directory
        assert stat.S_IMODE(os.stat(directory).st_mode) == 0o700
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


@pytest.mark.parametrize('mode', [0o777, 0o755, 0o770])
def test_a_directory_others_can_enter_is_refused(directory: str, mode: int) -> None:
    os.mkdir(directory)
    os.chmod(directory, mode)
    with pytest.raises(EdgeFinding) as caught:
        take_turn('the counter')
    assert caught.value.error_key == 'lock.unsafe'
    assert f'the lock directory {directory} is not a directory of user {os.getuid()} closed to others' in str(
        caught.value
    )


def test_a_link_in_place_of_the_directory_is_refused(directory: str, tmp_path: t.Any) -> None:
    elsewhere = tmp_path / 'elsewhere'
    elsewhere.mkdir(mode=0o700)
    os.symlink(elsewhere, directory)
    with pytest.raises(EdgeFinding) as caught:
        take_turn('the counter')
    assert caught.value.error_key == 'lock.unsafe'
    assert list(elsewhere.iterdir()) == []


def test_the_default_directory_is_the_user_s_under_the_temp_directory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()
    assert _locks.lock_directory().endswith(f'/edge-platform-locks-{os.getuid()}')


def test_a_turn_tells_whether_another_run_held_the_lock_since_a_moment() -> None:
    before_any = time.monotonic_ns()
    with _locks.controller_lock('the library', *KEY) as turn:
        assert turn.undisturbed_since(before_any)  # a new lock: no run held it
    between = time.monotonic_ns()
    with _locks.controller_lock('the library', *KEY) as turn:
        assert turn.undisturbed_since(between)  # the run before let go before
        assert not turn.undisturbed_since(before_any)  # it held the lock after that moment
    with open(_locks.lock_path(*KEY), 'w', encoding='utf-8') as file:
        file.write('process 1: the library\nheld\n')  # a run that died holding it
    with _locks.controller_lock('the library', *KEY) as turn:
        assert not turn.undisturbed_since(time.monotonic_ns())
