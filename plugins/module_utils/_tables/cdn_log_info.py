# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``cdn_log_info``: the pull zone, the query (``cdn_log_query.TABLE``) and the rows to return of
the logging API; ``api_url``, which it does not use, described so."""

from __future__ import annotations

from dataclasses import replace

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table
from ansible_collections.edge.platform.plugins.module_utils._tables import api, cdn_log_query

TABLE = Table(
    replace(
        api.TABLE['api_url'],
        description=(
            'Not used by this module, which sends its requests to O(logging_api_url).',
            'Accepted so that C(module_defaults) of the C(edge.platform.edge) group apply to this module too.',
        ),
    ),
    Option(
        'pullzone_id',
        'int',
        (
            'Id of the pull zone whose logs to read.',
            'A pull zone that does not exist is a failure (HTTP 404 C(not_found)), not an empty list.',
        ),
        required=True,
    ),
    Option(
        'api_version',
        'int',
        (
            'Version of the logging API to use.',
            'V(2) queries a time window (O(start), O(end)) with all filters and returns JSON rows.',
            'V(1) reads the log file of one day (O(date)); it takes only the O(status), O(search), O(order), O(limit) '
            'and O(offset) filters.',
        ),
        choices=(1, 2),
        default=2,
    ),
    *cdn_log_query.TABLE,
    Option(
        'limit',
        'int',
        (
            'Most rows to return, 1 to 10000. It caps the total, not a page.',
            'O(api_version=2) asks the API for all of them at once (its largest page is 10000), and follows the '
            "pagination only when the API returns fewer rows than asked; when not set, 100 rows (the API's default).",
            'O(api_version=1) returns the whole day when not set.',
            'RV(has_more) tells whether more rows match; continue with O(offset=next_offset).',
        ),
    ),
    Option(
        'offset',
        'int',
        'Number of matching rows to skip (with O(api_version=1), the first line to read, counted from 0).',
        default=0,
    ),
    Option(
        'order',
        'str',
        (
            'Order of the rows by time, V(asc) (oldest first) or V(desc) (newest first).',
            "When not set, the API's own order applies (the v1 file is oldest first).",
        ),
        choices=('asc', 'desc'),
        api='order',
    ),
    Option(
        'dest',
        'path',
        (
            'Deprecated, removed in version 2.0.0 - use M(edge.platform.cdn_log_export), which writes the day file '
            '(and v2 rows as JSON Lines or CSV) to its O(edge.platform.cdn_log_export#module:dest) and reports the '
            'change.',
            'Writes the v1 log file to this path instead of returning RV(logs); O(api_version=1) only. The file is '
            'what the API streams, cut to O(limit) lines when set, written atomically and left alone when it already '
            'holds exactly that content, with O(mode) V(0600) unless set. Check mode writes nothing.',
            'The task never reports a change, even when the file is written.',
        ),
    ),
)
