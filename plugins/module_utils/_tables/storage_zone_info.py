# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""The options of ``storage_zone_info``: which storage zones to return."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

TABLE = Table(
    Option(
        'id',
        'int',
        (
            'Id of one storage zone. An id that does not exist returns an empty list.',
            'Mutually exclusive with O(name).',
        ),
    ),
    Option('name', 'str', 'Exact name of the storage zone (case-sensitive).'),
)
