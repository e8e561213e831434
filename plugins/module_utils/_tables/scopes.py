# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Options that several tables share: the pull zone a module works on."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option

#: The pull zone of a hostname or an edge rule: by id, or by its exact name.
PULLZONE_SCOPE = (
    Option(
        'pullzone_id',
        'int',
        ('Id of the pull zone.', 'Exactly one of O(pullzone_id) and O(pullzone_name) is required.'),
    ),
    Option(
        'pullzone_name',
        'str',
        (
            'Exact name of the pull zone, looked up in the pull zone list. The lookup is a read, so it runs in check '
            'mode too.',
            'Fails when no pull zone has this name.',
        ),
    ),
)
