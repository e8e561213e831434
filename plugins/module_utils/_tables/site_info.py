# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""The options of ``site_info``: which pull zones to write as declarations of the ``site`` role, and whether the
account's registries and video libraries come too."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

TABLE = Table(
    Option(
        'pullzone_id',
        'int',
        (
            'Id of the one pull zone to declare. A pull zone that does not exist gives an empty RV(sites) list.',
            'Without O(pullzone_id) and O(pullzone_name), every pull zone of the account is declared.',
        ),
    ),
    Option(
        'pullzone_name',
        'str',
        (
            'Exact name of the one pull zone to declare. A name no pull zone has gives an empty RV(sites) list.',
            'Mutually exclusive with O(pullzone_id).',
        ),
    ),
    Option(
        'include_account',
        'bool',
        (
            "Also declare the account's storage zones, container registries (never their passwords) and the blocked "
            'referrers of its video libraries, as RV(account) (C(site_storage_zones), C(site_registries) and '
            'C(site_video_blocked_referrers)), and its DNS zones with their records, as RV(dns_zones).',
            'A few more reads (the storage zone, registry and video library lists; the pull zone list, for the names '
            'of the pull zones DNS records link, when one pull zone is asked for).',
        ),
        default=False,
    ),
)
