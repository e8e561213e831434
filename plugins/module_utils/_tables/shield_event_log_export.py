# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``shield_event_log_export``: the Shield zone (``scopes.EVENT_LOG_SCOPE``), the file written (with
the description of ``mode`` of ``ansible.builtin.files``, which the module's default of ``0600`` changes), and the
body of ``POST shield/event-logs/{shieldZoneId}/export`` (``from`` and ``to`` from the window, ``query``,
``filters``)."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table
from ansible_collections.edge.platform.plugins.module_utils._shield_events import FILTER_FIELDS, FILTER_OPS
from ansible_collections.edge.platform.plugins.module_utils._tables.scopes import EVENT_LOG_SCOPE, LOG_FILE_MODE

TABLE = Table(
    *EVENT_LOG_SCOPE,
    Option(
        'dest',
        'path',
        'Path of the CSV file to write. Its directory must exist; an existing file is replaced when the export '
        'differs.',
        required=True,
    ),
    LOG_FILE_MODE,
    Option(
        'start',
        'raw',
        (
            'Start of the window, as ISO 8601 (V(2026-11-22T10:00:00Z); without an offset, UTC), epoch milliseconds '
            '(V(1795000000000)), or relative to now (V(-24h), V(-30m), V(-2d), V(now)).',
            'No more than 72 hours back.',
        ),
        default='-24h',
        api='from',
    ),
    Option(
        'end',
        'raw',
        'End of the window, in the forms of O(start). Must be after O(start) and not in the future.',
        default='now',
        api='to',
    ),
    Option(
        'query',
        'str',
        (
            'Free-text search across the IP address, rule id, URL, User-Agent and rule name of the events.',
            'An empty string searches nothing (it is not sent).',
        ),
        api='query',
    ),
    Option(
        'filters',
        'list',
        (
            'Filters of the events; all must match (AND). The values of one filter are alternatives (OR).',
            'Checked before anything is sent.',
        ),
        elements='dict',
        api='filters',
        suboptions=(
            Option('field', 'str', 'The dimension to filter on.', choices=FILTER_FIELDS, required=True, api='field'),
            Option(
                'op',
                'str',
                'V(eq) and V(in) match a value exactly, V(contains) a part of it, V(wildcard) a pattern where C(*) '
                'matches any run of characters, V(cidr) an address in a network such as V(192.0.2.0/24) '
                '(O(filters[].field=ip) only).',
                choices=FILTER_OPS,
                required=True,
                api='op',
            ),
            Option(
                'value',
                'raw',
                (
                    'The value, or a list of values. A single string is one value, even with commas in it.',
                    'Numbers (an ASN) are sent as strings.',
                ),
                required=True,
                api='value',
            ),
        ),
    ),
)
