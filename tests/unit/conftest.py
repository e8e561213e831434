# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Shared fixtures: run a module in-process against the emulator's apps or a fake API, with no network."""

from __future__ import annotations

import contextlib
import json
import os
import typing as t

import pytest
from ansible.module_utils import basic
from ansible.module_utils.common.text.converters import to_bytes

try:
    from ansible.module_utils.testing import patch_module_args
except ImportError:  # ansible-core before 2.19: AnsibleModule reads its arguments from basic._ANSIBLE_ARGS

    @contextlib.contextmanager
    def patch_module_args(args: dict[str, t.Any]) -> t.Iterator[None]:
        saved = basic._ANSIBLE_ARGS
        basic._ANSIBLE_ARGS = to_bytes(json.dumps({'ANSIBLE_MODULE_ARGS': args}))
        try:
            yield
        finally:
            basic._ANSIBLE_ARGS = saved


from ansible_collections.edge.platform.plugins.module_utils import _client as client_module
from ansible_collections.edge.platform.tests.emulator.areas import AREAS, video as video_area
from ansible_collections.edge.platform.tests.emulator.areas.database_pipeline import remove_database_directory
from ansible_collections.edge.platform.tests.emulator.core import State
from ansible_collections.edge.platform.tests.unit.helpers import API_KEY, Emulator, FakeApi, FakeSession, ModuleExit

# The process pytest runs in; a test run with forking (pytest --forked) runs in a child of it.
PYTEST_PID = os.getpid()


def pytest_configure(config: pytest.Config) -> None:
    """ansible-test units runs each test in a process of its own (its ansible_forked plugin), in case a test leaves
    state behind. None does here: a module's arguments are patched for one test, each test has an emulator or fake
    API of its own, and what a test changes it changes through monkeypatch, which undoes it. So the tests run in
    pytest's worker processes, without a fork each (ansible-core 2.21: 146 -> 88 CPU seconds, 190 -> 84 s)."""
    forked = config.pluginmanager.get_plugin('ansible_forked')
    if forked is not None:
        config.pluginmanager.unregister(forked)


@pytest.fixture(autouse=True)
def _no_database_files_left() -> t.Iterator[None]:
    """A forked test's process ends without exit handlers: the emulator's database files of that process go with
    the test (else each leaves a directory of SQLite files in the temporary directory). Unforked, the process's
    exit handler removes them."""
    yield
    if os.getpid() != PYTEST_PID:
        remove_database_directory()


@pytest.fixture
def emulator(monkeypatch: pytest.MonkeyPatch) -> t.Iterator[Emulator]:
    """A freshly seeded emulator (scale 12) that every session the client opens reaches in process, at the
    base addresses of ``emulator.args`` and at the addresses its areas bind (each database's ``url``, the
    videos' ``thumbnailUrl``); retry waits are recorded in ``emulator.slept``, not waited."""
    state = State(api_key=API_KEY, scale=12, areas=AREAS)
    state.reset()
    emulated = Emulator(state)
    monkeypatch.setattr(client_module.requests, 'Session', emulated.session)
    # The emulator's own fetches (a thumbnailUrl) reach its addresses in process too.
    monkeypatch.setattr(video_area, 'FETCH_TRANSPORT', emulated.transport())
    monkeypatch.setattr(client_module.time, 'sleep', emulated.slept.append)
    yield emulated
    emulated.close()


@pytest.fixture
def fake_api(monkeypatch: pytest.MonkeyPatch) -> FakeApi:
    """Replace the HTTP session of the client with a fake; no retry waits."""
    api = FakeApi()
    monkeypatch.setattr(client_module.requests, 'Session', lambda: FakeSession(api))
    monkeypatch.setattr(client_module.time, 'sleep', lambda seconds: None)
    return api


@pytest.fixture
def run_module(monkeypatch: pytest.MonkeyPatch) -> t.Callable[..., ModuleExit]:
    """``run_module(main, args, check_mode=False, diff=False)`` → ModuleExit with result and failed."""

    def exit_json(self: t.Any, **result: t.Any) -> None:
        raise ModuleExit(result, False)

    def fail_json(self: t.Any, msg: str, **result: t.Any) -> None:
        raise ModuleExit(dict(result, msg=msg, failed=True), True)

    monkeypatch.setattr(basic.AnsibleModule, 'exit_json', exit_json)
    monkeypatch.setattr(basic.AnsibleModule, 'fail_json', fail_json)

    def run(
        main: t.Callable[[], None], args: dict[str, t.Any], check_mode: bool = False, diff: bool = False
    ) -> ModuleExit:
        full = dict(args, _ansible_check_mode=check_mode, _ansible_diff=diff)
        with patch_module_args(full), pytest.raises(ModuleExit) as caught:
            main()
        return caught.value

    return run
