# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""The options of ``storage_zone``: a storage zone found by its name or id, what it is created with (its main region
and tier, which never change), its replication regions (which only grow) and its settings (StorageZoneSettingsModel),
and whether its passwords are returned."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Enum, Option, Table

STORAGE_ZONE_TIERS = Enum('StorageZoneTier', {'standard': 0, 'edge': 1})

TABLE = Table(
    Option(
        'name',
        'str',
        (
            'Name of the storage zone (C(Name)), 1 to 63 letters, digits and dashes. Exact and case-sensitive.',
            'Required to create a storage zone. The service refuses a name that another storage zone has, in any '
            "account; the module then fails with the API's answer.",
            'Exactly one of O(name) and O(id) is required.',
        ),
        api='Name',
    ),
    Option(
        'id',
        'int',
        'Id of the storage zone (C(Id)), to manage an existing one. A storage zone is only created by O(name).',
    ),
    Option(
        'state',
        'str',
        (
            'Whether the storage zone should exist.',
            'V(absent) deletes the zone with its files. A storage zone that is the origin of pull zones is not '
            'deleted: the module fails naming them, before any write (give them another origin, or delete them, '
            'first).',
        ),
        choices=('present', 'absent'),
        default='present',
    ),
    Option(
        'region',
        'str',
        (
            'Main region of the storage zone (C(Region)): a region code as the API lists them (C(GET '
            '/storagezone/regions)), such as V(DE) or V(NY); letters, compared in upper case.',
            'Required to create a storage zone. It cannot change afterwards: a different region on an existing zone '
            'fails before any write, naming both.',
        ),
        api='Region',
    ),
    Option(
        'tier',
        'str',
        (
            "The storage zone's tier (C(ZoneTier)), chosen when it is created (V(standard) when not given).",
            'It cannot change afterwards: a different tier on an existing zone fails before any write, naming both.',
        ),
        enum=STORAGE_ZONE_TIERS,
        api='ZoneTier',
    ),
    Option(
        'replication_regions',
        'list',
        (
            'The regions the files are replicated to besides the main region (C(ReplicationRegions)): region codes '
            'as the API lists them, a set (order and repeats ignored; compared in upper case).',
            'Regions can only be added: a list that leaves out a region the zone replicates to fails before any '
            'write, naming it. The main region is not one of them.',
        ),
        elements='str',
        unordered=True,
        api='ReplicationRegions',
    ),
    Option(
        'rewrite_404_to_200',
        'bool',
        'Answer 200 instead of 404 for a missing file whose URL has no extension (C(Rewrite404To200)).',
        api='Rewrite404To200',
    ),
    Option(
        'custom_404_file_path',
        'str',
        (
            'Path of the file of the zone answered for a missing file (C(Custom404FilePath)), such as V(/404.html).',
            "V('') clears it.",
        ),
        api='Custom404FilePath',
    ),
    Option(
        'origin_url',
        'str',
        (
            'Origin the storage zone fetches a missing file from (C(OriginUrl)).',
            "An C(http://) or C(https://) URL with a host; V('') clears it.",
        ),
        api='OriginUrl',
        member='url',
    ),
    Option(
        'return_password',
        'bool',
        (
            'Return the storage zone\'s passwords (C(Password), C(ReadOnlyPassword)) in RV(storage_zone); without '
            'it they are C(********).',
            'Anything returned is visible in task output and logs; use C(no_log) on the task. The passwords never '
            'appear in the diff, warnings or failures either way.',
        ),
        default=False,
        no_log=False,
    ),
)
