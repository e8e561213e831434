# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``shield_event_log_info``: the Shield zone (``scopes.EVENT_LOG_SCOPE``), the day and the pages of
its event logs to read (``GET shield/event-logs/{shieldZoneId}/{MM-dd-yyyy}/{token}``: parts of the path, no API
fields)."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table
from ansible_collections.edge.platform.plugins.module_utils._tables.scopes import EVENT_LOG_SCOPE

TABLE = Table(
    *EVENT_LOG_SCOPE,
    Option(
        'date',
        'str',
        (
            'The day whose event logs to read, as V(YYYY-MM-DD), a UTC day.',
            'Must be today or one of the two days before (UTC); the API keeps no older event logs.',
        ),
        required=True,
    ),
    Option(
        'continuation_token',
        'str',
        (
            'Start at the page this token names, as returned in RV(continuation_token) by an earlier run for the same '
            'Shield zone and O(date). Without it, reading starts at the first page of the day.',
            'The token is opaque; the API refuses one it did not give for this Shield zone and day.',
        ),
        no_log=False,
    ),
    Option(
        'max_pages',
        'int',
        (
            'The most pages to read in this run (at least 1). The API chooses how many entries a page holds.',
            'When more pages are left, RV(has_more_data) is true and RV(continuation_token) is set.',
        ),
        default=10,
    ),
)
