# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``pullzone_info``: which pull zones to read (``GET pullzone``, ``GET pullzone/{id}``) and what to
return of them."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

TABLE = Table(
    Option(
        'id',
        'int',
        (
            'Id of one pull zone. An id that does not exist returns an empty list.',
            'Mutually exclusive with O(name) and O(search).',
        ),
        api='Id',
    ),
    Option(
        'name',
        'str',
        'Exact name of the pull zone (case-sensitive).',
        api='Name',
    ),
    Option(
        'search',
        'str',
        'Search term the API filters the list by (part of a name or hostname).',
        api='search',
    ),
    Option(
        'include_certificate',
        'bool',
        'Whether hostnames carry their SSL certificate (C(Certificate) and C(CertificateKey)).',
        default=False,
        api='includeCertificate',
    ),
    Option(
        'include_secrets',
        'bool',
        (
            'Return secret fields unmasked.',
            'Anything returned is visible in task output and logs; leave this off unless a later task needs the '
            'value, and then use C(no_log) on the tasks that handle it.',
        ),
        default=False,
    ),
)
