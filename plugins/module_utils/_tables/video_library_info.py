# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""The options of ``video_library_info``: which video libraries to return."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

TABLE = Table(
    Option(
        'id',
        'int',
        (
            'Id of one video library. An id that does not exist returns an empty list.',
            'Mutually exclusive with O(name) and O(search).',
        ),
    ),
    Option('name', 'str', 'Exact name of the video library (case-sensitive).'),
    Option('search', 'str', 'Search term the API filters the list by (part of a name).'),
)
