# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The export of the ``cdn_log_export`` module: the CDN log of a pull zone (the v1 day file, or a v2 window as
JSON Lines or CSV) written to dest."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._cdn_log_query import LogQuery, LogReader, connect
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._files import (
    CsvMeasure,
    ExportFile,
    LineMeasure,
    check_dest,
)
from ansible_collections.edge.platform.plugins.module_utils._pullzones import PullZoneApi


def export_log(module: EdgeModule) -> None:
    """Check the input, then write the log the options ask for to dest (``module.run``)."""
    params = module.params
    module.refuse_blank('pullzone_name')
    query = LogQuery(module, v2_only=('format',))
    if query.version == 2 and query.order is None:
        query.order = 'asc'  # a file reads oldest first
    dest = check_dest(module, params['dest'])
    file_format = params['format'] or 'jsonl'
    # A pull zone given by name is found in the pull zone list of the management API.
    client = connect(module, management_api=params['pullzone_name'] is not None)
    reader = LogReader(query, client)

    def run() -> dict[str, t.Any]:
        if query.pullzone_id is None:
            query.pullzone_id = PullZoneApi(client).resolve_id(params['pullzone_name'])
        if query.version == 1:
            export = ExportFile(module, dest, LineMeasure)
            changed = export.write(reader.write_v1)
            scope: dict[str, t.Any] = {'date': t.cast(t.Any, query.day).isoformat()}
        else:
            export = ExportFile(module, dest, CsvMeasure if file_format == 'csv' else LineMeasure)
            changed = export.write(lambda sink: reader.write_v2(sink, file_format))
            scope = {'window': query.window_view(), 'format': file_format}
        result = dict(
            export.after, changed=changed, dest=dest, has_more=reader.has_more, pullzone_id=query.pullzone_id, **scope
        )
        if module.builds_diff:
            result['diff'] = export.diff(path=dest)
        return result

    module.run(run)
