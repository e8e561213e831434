# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The in-process switch and when the action runs a module inside the controller, without a playbook. The runs
of ansible-playbook both ways are tests/integration/processes/test_in_process.py."""

from __future__ import annotations

import pathlib
import types

import pytest


@pytest.mark.parametrize(
    'value, expected',
    [('false', False), ('OFF', False), ('0', False), ('no', False), ('Yes', True), ('1', True), (' ', True)],
)
def test_switch_values(monkeypatch: pytest.MonkeyPatch, value: str, expected: bool) -> None:
    from ansible_collections.edge.platform.plugins.plugin_utils import _in_process

    monkeypatch.setenv('EDGE_PLATFORM_IN_PROCESS', value)
    assert _in_process.in_process_enabled({}) is expected


def test_a_switch_that_is_not_a_boolean_is_refused_naming_where_it_is_set(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    """Any other word used to turn the in-process path off without a word; now it names the setting."""
    from ansible_collections.edge.platform.plugins.plugin_utils import _in_process

    monkeypatch.setenv('EDGE_PLATFORM_IN_PROCESS', 'maybe')
    with pytest.raises(_in_process.SwitchError) as refused:
        _in_process.in_process_enabled({})
    assert str(refused.value) == (
        "the environment variable EDGE_PLATFORM_IN_PROCESS must be true or false (or yes/no, on/off, 1/0), got 'maybe'"
    )
    # A variable comes first, and is templated before it is judged.
    assert _in_process.in_process_enabled({'edge_platform_in_process': False}) is False
    with pytest.raises(_in_process.SwitchError, match="^the variable edge_platform_in_process must be .*, got 'fast'$"):
        _in_process.in_process_enabled({'edge_platform_in_process': '{{ mode }}'}, template=lambda value: 'fast')
    assert _in_process.in_process_enabled({'edge_platform_in_process': '{{ x }}'}, template=lambda value: 'no') is False


def refusal(
    monkeypatch: pytest.MonkeyPatch,
    transport: str = 'local',
    become: bool = False,
    async_val: int = 0,
    has_requests: bool = True,
    module: str = 'edge.platform.pullzone_info',
) -> str | None:
    """Why an action with this connection and task would not run in process (no playbook needed)."""
    from ansible_collections.edge.platform.plugins.plugin_utils import _in_process

    monkeypatch.delenv('EDGE_PLATFORM_IN_PROCESS', raising=False)
    monkeypatch.setattr(_in_process, 'HAS_REQUESTS', has_requests)
    action = _in_process.InProcessAction.__new__(_in_process.InProcessAction)
    action._connection = types.SimpleNamespace(transport=transport)
    action._play_context = types.SimpleNamespace(become=become)
    action._task = types.SimpleNamespace(async_val=async_val, action=module, collections=None)
    found = types.SimpleNamespace(resolved=True, resolved_fqcn=module)
    finder = types.SimpleNamespace(find_plugin_with_context=lambda name, collection_list=None: found)
    action._shared_loader_obj = types.SimpleNamespace(module_loader=finder)
    return action.in_process_refusal({})


def test_refusals(monkeypatch: pytest.MonkeyPatch) -> None:
    assert refusal(monkeypatch) is None
    assert refusal(monkeypatch, transport='ssh') == 'connection ssh'
    assert refusal(monkeypatch, become=True) == 'become'
    assert refusal(monkeypatch, async_val=30) == 'async'
    assert refusal(monkeypatch, has_requests=False) == 'requests is not installed on the controller'
    # A module of another collection whose routing names this action runs as its own module.
    assert refusal(monkeypatch, module='other.collection.pullzone_info') == 'not a module of edge.platform'


@pytest.mark.parametrize(
    'role, asked',
    [(None, False), ('edge.platform.site', True), ('edge.platform.audit', False), ('other.collection.site', False)],
)
def test_the_site_roles_tasks_ask_for_the_diff(monkeypatch: pytest.MonkeyPatch, role: str | None, asked: bool) -> None:
    """A module builds its diff only in diff mode; the site role summarises every diff (site_result's details, the
    audit's drift), so its tasks ask for one in their environment, on both paths, under the task's own variables
    (ansible-core still shows a diff only in diff mode)."""
    from ansible_collections.edge.platform.plugins.module_utils._common import DIFF_VARIABLE
    from ansible_collections.edge.platform.plugins.plugin_utils import _in_process

    def stop(task_vars: object) -> None:
        raise _in_process.SwitchError('stop here')  # run returns at once: the environment is what is tested

    action = _in_process.InProcessAction.__new__(_in_process.InProcessAction)
    owner = None if role is None else types.SimpleNamespace(get_name=lambda: role)
    action._task = types.SimpleNamespace(_role=owner, environment={'TZ': 'UTC'})
    monkeypatch.setattr(action, 'in_process_refusal', stop)
    assert action.run(task_vars={}) == {'failed': True, 'msg': 'stop here'}
    expected = [{DIFF_VARIABLE: '1'}, {'TZ': 'UTC'}] if asked else {'TZ': 'UTC'}
    assert action._task.environment == expected
