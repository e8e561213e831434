# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``dns_zone_info``: which DNS zones to return, and with what."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

TABLE = Table(
    Option(
        'domain',
        'str',
        (
            'The domain of the zone to return (compared without regard to case; a final dot is optional). A domain '
            'of no zone returns an empty list.',
            'Mutually exclusive with O(id).',
        ),
    ),
    Option('id', 'int', 'Id of the zone to return. An id of no zone returns an empty list.'),
    Option('records', 'bool', "Return each zone's records in C(Records).", default=True),
    Option(
        'zone_file',
        'bool',
        'Return each zone in BIND form, as the service exports it, in C(zone_file) (one request a zone).',
        default=False,
    ),
)
