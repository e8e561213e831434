# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""shield_access_list run by many forks of one playbook at once (as the in-process path runs them: the module's
code in threads of one process, against one emulator): the runs take turns on the controller's lock, so every
entry stays, one list is created, and every run is ok. The integration target shield_access_list_forks runs the
same with ten hosts as module processes and inside the controller."""

from __future__ import annotations

import copy
import threading
import typing as t

import pytest
from ansible.module_utils import basic

from ansible_collections.edge.platform.plugins.module_utils import _locks
from ansible_collections.edge.platform.plugins.modules import shield_access_list
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator, ModuleExit

ZONE = 3001
RUNS = 10


@pytest.fixture(autouse=True)
def private_locks(tmp_path: t.Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lock files of this test's own, so that another run of the tests on the machine is not waited for."""
    monkeypatch.setattr(_locks, 'lock_directory', lambda: str(tmp_path / 'locks'))


def run_at_once(
    emulator: Emulator, monkeypatch: pytest.MonkeyPatch, main: t.Callable[[], None], runs: list[dict[str, t.Any]]
) -> list[ModuleExit]:
    """Run ``main`` once per item of ``runs`` (its arguments), all at the same time, each in a thread of its own, the
    way forks of a play run the module's code; the results in the order of ``runs``."""
    given = threading.local()
    # Each thread's AnsibleModule reads its own arguments (Ansible keeps them in one global).
    monkeypatch.setattr(basic, '_load_params', lambda: copy.deepcopy(given.args))
    monkeypatch.setattr(basic, 'remove_values', basic.remove_values)  # swapped by each run's exit: put back after
    one_at_a_time = threading.Lock()  # the emulator's apps run on one event loop: one request at a time
    call = emulator.call

    def serialised(*arguments: t.Any, **keywords: t.Any) -> t.Any:
        with one_at_a_time:
            return call(*arguments, **keywords)

    monkeypatch.setattr(emulator, 'call', serialised)

    def exit_json(self: t.Any, **result: t.Any) -> None:
        raise ModuleExit(result, False)

    def fail_json(self: t.Any, msg: str, **result: t.Any) -> None:
        raise ModuleExit(dict(result, msg=msg, failed=True), True)

    monkeypatch.setattr(basic.AnsibleModule, 'exit_json', exit_json)
    monkeypatch.setattr(basic.AnsibleModule, 'fail_json', fail_json)
    results: list[t.Any] = [None] * len(runs)
    start = threading.Barrier(len(runs))

    def run(index: int) -> None:
        given.args = dict(runs[index], _ansible_check_mode=False, _ansible_diff=False)
        start.wait()
        try:
            main()
        except ModuleExit as outcome:  # a crash leaves None, and the thread's traceback
            results[index] = outcome

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(runs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert all(isinstance(result, ModuleExit) for result in results), results
    return t.cast('list[ModuleExit]', results)


def custom_lists(emulator: Emulator, name: str) -> list[dict[str, t.Any]]:
    return [
        item for item in emulator.snapshot()['access_lists'] if item['shieldZoneId'] == ZONE and item['name'] == name
    ]


def address(index: int) -> str:
    return f'192.0.2.{index + 1}'


def test_ten_runs_each_adding_its_address_to_a_new_list(emulator: Emulator, monkeypatch: pytest.MonkeyPatch) -> None:
    # The list does not exist yet: one run creates it, the others find it and add their address.
    runs = [
        dict(COMMON_ARGS, shield_zone_id=ZONE, name='forks', type='ip', entries=[address(n)], purge=False)
        for n in range(RUNS)
    ]
    outcomes = run_at_once(emulator, monkeypatch, shield_access_list.main, runs)
    assert [outcome.failed for outcome in outcomes] == [False] * RUNS, [o.result.get('msg') for o in outcomes]
    assert all(outcome.result['changed'] for outcome in outcomes)
    made = custom_lists(emulator, 'forks')
    assert len(made) == 1
    assert sorted(made[0]['content'].splitlines()) == sorted(address(n) for n in range(RUNS))
    assert sorted(outcome.result['access_list']['entryCount'] for outcome in outcomes) == list(range(1, RUNS + 1))


def test_ten_runs_each_adding_its_address_to_an_existing_list(
    emulator: Emulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = set(custom_lists(emulator, 'office')[0]['content'].split())
    runs = [
        dict(COMMON_ARGS, pullzone_id=1001, name='office', entries=[address(n)], purge=False, return_content=True)
        for n in range(RUNS)
    ]
    outcomes = run_at_once(emulator, monkeypatch, shield_access_list.main, runs)
    assert [outcome.failed for outcome in outcomes] == [False] * RUNS, [o.result.get('msg') for o in outcomes]
    for index, outcome in enumerate(outcomes):  # each run reports the list as it left it: its own entry in it
        assert outcome.result['changed'] is True
        assert address(index) in outcome.result['access_list']['content'].split('\n')
    office = custom_lists(emulator, 'office')
    assert len(office) == 1
    assert set(office[0]['content'].split()) == before | {address(n) for n in range(RUNS)}
    # Each run wrote once: none had to write again over another's write.
    assert len([call for call in emulator.writes if call.method == 'PATCH']) == RUNS


def test_runs_adding_and_removing_entries_keep_each_others_changes(
    emulator: Emulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded = sorted(custom_lists(emulator, 'office')[0]['content'].split())
    adding = [
        dict(COMMON_ARGS, shield_zone_id=ZONE, name='office', entries=[address(n)], purge=False) for n in range(5)
    ]
    removing = [dict(COMMON_ARGS, shield_zone_id=ZONE, name='office', remove_entries=[entry]) for entry in seeded]
    outcomes = run_at_once(emulator, monkeypatch, shield_access_list.main, adding + removing)
    assert not any(outcome.failed for outcome in outcomes), [o.result.get('msg') for o in outcomes]
    assert set(custom_lists(emulator, 'office')[0]['content'].split()) == {address(n) for n in range(5)}


def test_a_run_that_cannot_get_its_turn_fails_clearly_and_writes_nothing(
    emulator: Emulator, run_module: t.Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_locks, 'LOCK_WAIT', 0.2)
    with _locks.controller_lock('a test', 'https://api.edge.test', 'shield zone access lists', ZONE, timeout=1):
        outcome = run_module(
            shield_access_list.main,
            dict(COMMON_ARGS, shield_zone_id=ZONE, name='office', entries=['192.0.2.9'], purge=False),
        )
    assert outcome.failed and outcome.result['changed'] is False
    assert outcome.result['msg'].startswith(
        'wait for the other runs on this controller that change the custom access lists of shield zone 3001 failed: '
        'another run has held the lock for more than'
    )
    assert outcome.result['failure']['error_key'] == 'lock.timeout'
    assert emulator.writes == []
