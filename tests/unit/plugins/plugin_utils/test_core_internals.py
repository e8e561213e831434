# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The names of ansible-core the collection uses that ansible-core does not promise to keep (docs/developing.md,
"ansible-core internals"), checked on the ansible-core the unit tests run on: the suite runs them on the oldest and
the newest supported, ``make matrix`` on every version between. A name that moves fails here, naming itself and
what it is for, instead of sending the in-process path down a fallback meant for another version."""

from __future__ import annotations

import importlib
import typing as t
from dataclasses import dataclass

import pytest
from ansible.release import __version__ as CORE_VERSION

from ansible_collections.edge.platform.plugins.plugin_utils import _in_process


def version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split('.')[:3] if part.isdigit())


CORE = version(CORE_VERSION)


@dataclass(frozen=True)
class Internal:
    module: str
    name: str  # an attribute of the module, or Class.attribute
    why: str
    since: str = '2.16'
    before: str | None = None  # the first ansible-core that no longer needs it

    @property
    def needed(self) -> bool:
        return version(self.since) <= CORE and (self.before is None or version(self.before) > CORE)

    def find(self) -> t.Any:
        found: t.Any = importlib.import_module(self.module)
        for part in self.name.split('.'):
            found = getattr(found, part)
        return found


# The same list as docs/developing.md's table, in its order.
INTERNALS = (
    Internal('ansible.module_utils.basic', '_ANSIBLE_ARGS', 'the arguments AnsibleModule reads, set per run'),
    Internal('ansible.module_utils.basic', '_ANSIBLE_PROFILE', 'the serialization profile of those arguments', '2.19'),
    Internal(
        'ansible.module_utils.basic',
        'AnsibleModule._record_module_result',
        "the module's result taken as an object, not printed JSON",
        '2.19.1',
    ),
    Internal('ansible.module_utils._internal', 'is_controller', 'warnings go into the result as in a module', '2.19'),
    Internal(
        'ansible.module_utils._internal._ansiballz._loader',
        '_handle_exception',
        "an exception the module raises reported as AnsiballZ reports it",
        '2.19',
    ),
    Internal(
        'ansible._internal._errors._captured',
        'AnsibleModuleCapturedError',
        "a failed result's exception normalized as the controller does",
        '2.19',
        '2.21',
    ),
    Internal('ansible._internal._task', 'UnifiedTaskResult', "the module's result as the controller takes it", '2.21'),
    Internal(
        'ansible.vars.clean', 'remove_internal_keys', "the result cleaned as _execute_module does", '2.16', '2.21'
    ),
    Internal('ansible.module_utils.common.warnings', '_global_warnings', "the module's warnings, cleared per run"),
    Internal('ansible.module_utils.common.warnings', '_global_deprecations', "the module's deprecations, cleared"),
    Internal('ansible.module_utils.basic', 'remove_values', 'the no_log scan, skipped for values without a secret'),
    Internal('ansible.plugins.action', 'ActionBase._update_module_args', "the _ansible_* settings of the task"),
    Internal('ansible.plugins.action', 'ActionBase._compute_environment_string', "the task's environment"),
    Internal('ansible.plugins.action', 'ActionBase._parse_returned_data', "a module's printed output parsed"),
)


@pytest.mark.parametrize(
    'internal',
    [internal for internal in INTERNALS if internal.needed],  # the names the collection reads on this version
    ids=lambda internal: f'{internal.module}.{internal.name}',
)
def test_each_internal_is_where_the_collection_reads_it(internal: Internal) -> None:
    try:
        internal.find()
    except (ImportError, AttributeError) as error:
        pytest.fail(
            f'ansible-core {CORE_VERSION} has no {internal.module}.{internal.name} ({error}); the collection uses it '
            f'for {internal.why}: see docs/developing.md, "ansible-core internals"'
        )


def test_the_in_process_path_takes_the_way_of_this_ansible_core() -> None:
    """Each optional import of _in_process found what this version has (a silent fallback would run a path that
    belongs to another version)."""
    chosen = {
        'UnifiedTaskResult': _in_process.UnifiedTaskResult is not None,
        'remove_internal_keys': _in_process.remove_internal_keys is not None,
        'AnsibleModuleCapturedError': _in_process.AnsibleModuleCapturedError is not None,
        '_handle_exception': _in_process.report_module_exception is not None,
        'is_controller': _in_process.module_internals is not None,
    }
    expected = {internal.name: internal.needed for internal in INTERNALS if internal.name in chosen}
    assert chosen == expected, f'ansible-core {CORE_VERSION}'
