# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The export of the ``shield_event_log_export`` module: the event logs of a Shield zone over a window, as CSV written
to dest."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule, make_diff
from ansible_collections.edge.platform.plugins.module_utils._files import CsvMeasure, ExportFile, check_dest
from ansible_collections.edge.platform.plugins.module_utils._shield import ShieldApi, scope_problem
from ansible_collections.edge.platform.plugins.module_utils._shield_events import (
    EventLogApi,
    check_filters,
    export_body,
    export_window,
)
from ansible_collections.edge.platform.plugins.module_utils._timespec import iso


def export_events(module: EdgeModule) -> None:
    """Refuse bad input before any request, then write the export to dest (``module.run``)."""
    params = module.params

    # ---- input, refused before any request ----
    problem = scope_problem(params)
    if problem:
        module.fail(problem)
    try:
        begin, finish = export_window(params['start'], params['end'])
        filters = check_filters(params['filters'])
    except ValueError as exc:
        module.fail(str(exc))
    dest = check_dest(module, params['dest'])
    body = export_body(begin, finish, params['query'], filters)
    window = {'start': iso(begin), 'end': iso(finish), 'from': body['from'], 'to': body['to']}

    def run() -> dict[str, t.Any]:
        zone_id = ShieldApi(module.client).require_zone_id(params)
        operation = f'export the shield event logs of shield zone {zone_id} from {window["start"]} to {window["end"]}'
        export = ExportFile(module, dest, CsvMeasure)
        changed = export.write(lambda sink: EventLogApi(module.client).export(zone_id, body, operation, sink).result())
        result = dict(export.after, changed=changed, dest=dest, window=window, shield_zone_id=zone_id)
        if module.builds_diff:
            result['diff'] = make_diff(export.before, export.after)
        return result

    module.run(run)
