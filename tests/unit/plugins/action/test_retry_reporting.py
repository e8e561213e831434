# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Retries are told: each wait as it begins (in process, at -v), and one warning in the result at the end.

Against the emulator in process (no network, waits recorded instead of waited).
"""

from __future__ import annotations

import typing as t

import pytest
from ansible.module_utils.common import warnings

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.modules import pullzone_info
from ansible_collections.edge.platform.plugins.plugin_utils import _in_process
from ansible_collections.edge.platform.tests.unit.helpers import API_KEY, COMMON_ARGS, Emulator

THROTTLED = 'GET pullzone/1001: HTTP 429, retry {n} of 2 after 3.0 s'


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> t.Iterator[t.Callable[[], list[str]]]:
    """The warnings a module run records into its result, as in a module process."""
    try:  # once the controller is imported, module warnings go to the screen instead (ansible-core 2.19+)
        from ansible.module_utils import _internal

        monkeypatch.setattr(_internal, 'is_controller', False)
    except ImportError:
        pass
    read = getattr(warnings, 'get_warnings', None) or warnings.get_warning_messages  # the latter before 2.19
    warnings._global_warnings.clear()
    yield lambda: [getattr(getattr(warning, 'event', None), 'msg', warning) for warning in read()]
    warnings._global_warnings.clear()


def test_a_run_that_was_retried_ends_with_one_warning_listing_the_retries(
    emulator: Emulator, run_module: t.Any, recorded: t.Callable[[], list[str]]
) -> None:
    emulator.add_fault(path=r'^/pullzone/1001$', status=429, retry_after=3, times=2)
    outcome = run_module(pullzone_info.main, dict(COMMON_ARGS, id=1001))
    assert not outcome.failed and emulator.slept == [3.0, 3.0]
    retries = [THROTTLED.format(n=1), THROTTLED.format(n=2)]
    assert recorded() == [f'2 retries after transient faults: {retries[0]}; {retries[1]}']


def test_a_run_that_failed_after_retries_tells_them_too(
    emulator: Emulator, run_module: t.Any, recorded: t.Callable[[], list[str]]
) -> None:
    emulator.add_fault(path=r'^/pullzone/1001$', status=429, retry_after=3, times=3)
    outcome = run_module(pullzone_info.main, dict(COMMON_ARGS, id=1001))
    assert outcome.failed and 'HTTP 429' in outcome.result['msg']
    assert recorded() == [
        f'2 retries after transient faults: {THROTTLED.format(n=1)}; {THROTTLED.format(n=2)}',
    ]


def test_no_retry_no_warning(emulator: Emulator, run_module: t.Any, recorded: t.Callable[[], list[str]]) -> None:
    run_module(pullzone_info.main, dict(COMMON_ARGS, id=1001))
    assert recorded() == []


def test_a_network_error_is_told_by_its_address_never_a_header(
    emulator: Emulator, run_module: t.Any, recorded: t.Callable[[], list[str]]
) -> None:
    emulator.add_fault(path=r'^/pullzone/1001$', drop=True, times=1)
    run_module(pullzone_info.main, dict(COMMON_ARGS, id=1001))
    (warning,) = recorded()
    assert warning.startswith('1 retry after transient faults: GET pullzone/1001: ')
    assert warning.endswith(f', retry 1 of 2 after {emulator.slept[0]:.1f} s')
    assert API_KEY not in warning and 'AccessKey' not in warning


def test_many_retries_are_counted_beyond_ten(
    emulator: Emulator, run_module: t.Any, recorded: t.Callable[[], list[str]]
) -> None:
    emulator.add_fault(path=r'^/pullzone/1001$', status=503, times=12)
    run_module(pullzone_info.main, dict(COMMON_ARGS, id=1001, api_retries=12))
    (warning,) = recorded()
    assert warning.startswith('12 retries after transient faults: GET pullzone/1001: HTTP 503, retry 1 of 12 after ')
    assert warning.count('HTTP 503') == 10 and warning.endswith('; and 2 more')


def test_each_wait_is_shown_as_it_begins(
    emulator: Emulator, run_module: t.Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The in-process action's hook is called with each retry line before the wait, not after the run."""
    shown: list[tuple[str, int]] = []
    monkeypatch.setattr(EdgeModule, 'on_retry_wait', lambda line: shown.append((line, len(emulator.slept))))
    emulator.add_fault(path=r'^/pullzone/1001$', status=429, retry_after=3, times=2)
    run_module(pullzone_info.main, dict(COMMON_ARGS, id=1001))
    assert shown == [(THROTTLED.format(n=1), 0), (THROTTLED.format(n=2), 1)]


def test_the_in_process_action_shows_waits_at_verbosity_one(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, str | None]] = []

    class FakeDisplay:
        def v(self, msg: str, host: str | None = None) -> None:
            calls.append((msg, host))

    monkeypatch.setattr(_in_process, 'display', FakeDisplay())
    with _in_process.retries_shown(_in_process.retry_display('edge.platform.pullzone_info', 'localhost')):
        assert EdgeModule.on_retry_wait is not None
        EdgeModule.on_retry_wait(THROTTLED.format(n=1))
    assert EdgeModule.on_retry_wait is None  # only while a module runs in process
    assert calls == [(f'edge.platform.pullzone_info: {THROTTLED.format(n=1)}', 'localhost')]
