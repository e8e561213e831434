# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``cdn_log_export``: the pull zone (by name through the management API, whose ``api_url`` is
described so), the file written (with the description of ``mode`` of ``ansible.builtin.files``, which the module's
default of ``0600`` changes), the query (``cdn_log_query.TABLE``) and the rows to write."""

from __future__ import annotations

from dataclasses import replace

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table
from ansible_collections.edge.platform.plugins.module_utils._tables import api, cdn_log_query
from ansible_collections.edge.platform.plugins.module_utils._tables.scopes import LOG_FILE_MODE

TABLE = Table(
    replace(
        api.TABLE['api_url'],
        description=(
            'Base address of the management API, used only to find the pull zone by O(pullzone_name); required then.',
            'If not set, the value of the E(EDGE_API_URL) environment variable is used.',
        ),
    ),
    Option(
        'pullzone_id',
        'int',
        (
            'Id of the pull zone whose logs to export.',
            'Exactly one of O(pullzone_id) and O(pullzone_name) is required.',
        ),
    ),
    Option(
        'pullzone_name',
        'str',
        (
            'Exact name of the pull zone, looked up in the pull zone list.',
            'Fails when no pull zone or more than one has this name; use O(pullzone_id) then.',
        ),
    ),
    Option(
        'dest',
        'path',
        'Path of the file to write. Its directory must exist; an existing file is replaced when the export differs.',
        required=True,
    ),
    LOG_FILE_MODE,
    Option(
        'api_version',
        'int',
        (
            'Version of the logging API to read.',
            'V(2) exports a time window (O(start), O(end)) with all filters, as O(format).',
            'V(1) exports the log file of one day (O(date)) as the API streams it; it takes only the O(status), '
            'O(search), O(order) and O(limit) filters.',
        ),
        choices=(1, 2),
        default=2,
    ),
    Option(
        'format',
        'str',
        (
            'The file format of a v2 export, O(api_version=2) only.',
            'V(jsonl) (when not set) writes one JSON object a line, each row as the API gives it.',
            'V(csv) writes a header line, then one record a row, with the columns C(timestamp), C(pullZoneId), '
            'C(requestId), C(cacheStatus), C(statusCode), C(bytesSent), C(edgeLocation), C(scheme), C(host), '
            'C(path), C(url), C(remoteIp), C(countryCode), C(userAgent), C(referer), then the other fields of the '
            'first row; a missing value is empty.',
        ),
        choices=('jsonl', 'csv'),
    ),
    *cdn_log_query.TABLE,
    Option(
        'limit',
        'int',
        (
            'Most rows to write, 1 to 10000; when not set, every row of the window or day.',
            'RV(has_more) tells whether more rows match.',
        ),
    ),
    Option(
        'order',
        'str',
        (
            'Order of the rows by time, V(asc) (oldest first) or V(desc) (newest first).',
            'When not set, a v2 export is oldest first, and a v1 file as the API streams it (oldest first).',
        ),
        choices=('asc', 'desc'),
        api='order',
    ),
)
