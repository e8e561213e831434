# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The reads of the ``cdn_log_info`` module: a v2 window of the CDN log, or the v1 day file (and its deprecated copy to
dest)."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._cdn_log_query import LogQuery, LogReader, connect
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._files import ExportFile, LineMeasure, check_dest

DEST_DEPRECATION = (
    'The dest option of cdn_log_info is deprecated: an info module changes nothing. To keep the day file, '
    'use edge.platform.cdn_log_export, which writes it to dest (left alone when the file already holds it) '
    'and reports the change.'
)


def read_logs(module: EdgeModule) -> None:
    """Check the query, then read the log the options ask for (``module.run``)."""
    query = LogQuery(module, v1_only=('date', 'dest'))
    module.refuse_blank('dest')
    dest = check_dest(module, module.params['dest']) if module.params['dest'] is not None else None
    if dest is not None:
        module.ansible.deprecate(DEST_DEPRECATION, version='2.0.0', collection_name='edge.platform')
    reader = LogReader(query, connect(module))

    def run() -> dict[str, t.Any]:
        if query.version == 2:
            return reader.query_v2()
        if dest is None:
            return reader.read_v1()
        # Deprecated: the file is still written (atomically, left alone when it holds the same), never a change.
        day_file = ExportFile(module, dest, LineMeasure)
        day_file.write(reader.write_v1)
        rows = day_file.after['rows']
        return dict(
            day_file.after,
            changed=False,
            dest=dest,
            has_more=reader.has_more,
            next_offset=query.offset + rows if reader.has_more else None,
        )

    module.run(run)
