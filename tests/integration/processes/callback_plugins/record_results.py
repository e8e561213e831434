# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Test callback: writes every task result, as callbacks receive it, to the JSON file in $RECORD_RESULTS."""

from __future__ import annotations

import json
import os
import typing as t

from ansible.plugins.callback import CallbackBase


class CallbackModule(CallbackBase):
    CALLBACK_VERSION = 2.0
    CALLBACK_TYPE = 'aggregate'
    CALLBACK_NAME = 'record_results'
    CALLBACK_NEEDS_ENABLED = True

    def __init__(self, *args: t.Any, **kwargs: t.Any) -> None:
        super().__init__(*args, **kwargs)
        self.records: list[dict[str, t.Any]] = []

    def _record(self, status: str, result: t.Any) -> None:
        data = getattr(result, 'result', None)
        if data is None:  # ansible-core before 2.19
            data = result._result
        self.records.append({'task': result._task.get_name(), 'status': status, 'result': data})

    def v2_runner_on_ok(self, result: t.Any) -> None:
        self._record('ok', result)

    def v2_runner_on_failed(self, result: t.Any, ignore_errors: bool = False) -> None:
        self._record('failed', result)

    def v2_runner_on_skipped(self, result: t.Any) -> None:
        self._record('skipped', result)

    def v2_playbook_on_stats(self, stats: t.Any) -> None:
        with open(os.environ['RECORD_RESULTS'], 'w', encoding='utf-8') as handle:
            json.dump(self.records, handle, default=str, sort_keys=True, indent=1)
