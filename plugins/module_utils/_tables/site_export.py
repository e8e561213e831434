# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""The options of ``site_export``: where the declarations of ``site_info`` go as files, and what their headers say."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

TABLE = Table(
    Option(
        'dest',
        'path',
        (
            'The directory the files go to: one a pull zone, C(<name>.yml), C(account.yml) when O(account) is '
            'given, and one a DNS zone of O(dns_zones), C(dns/<domain>.yml). It is made when it does not exist; one '
            'that cannot be written fails before any file is.',
            'A file whose content would not change is not written; the others are written whole, each to a temporary '
            'file that then takes its place, so a file is never half written. Files of pull zones that are no longer '
            'there are left as they are.',
        ),
        required=True,
    ),
    Option(
        'sites',
        'list',
        'The C(sites) that M(edge.platform.site_info) returns: each C({pullzone_name, pullzone_id, declaration, '
        'left_out}).',
        elements='dict',
        required=True,
    ),
    Option(
        'account',
        'dict',
        'The C(account) that M(edge.platform.site_info) returns with '
        'O(edge.platform.site_info#module:include_account).',
    ),
    Option(
        'dns_zones',
        'list',
        (
            'The C(dns_zones) that M(edge.platform.site_info) returns with '
            'O(edge.platform.site_info#module:include_account): each is written to C(dns/<domain>.yml) below '
            'O(dest), as C(site_dns_zones) with the one zone.',
        ),
        elements='dict',
        default=[],
    ),
    Option(
        'existing',
        'list',
        (
            'The files of O(dest) as M(edge.platform.site_drift_info) planned them (its '
            'RV(edge.platform.site_drift_info#module:declarations)).',
            'A file with which a run of the site role writes nothing is left as it is, byte for byte - hand edits, '
            'templates and vault references kept - and its pull zone gets no other file.',
            'A file that no longer converges is written again under its own name. Unless O(overwrite).',
        ),
        elements='dict',
        default=[],
    ),
    Option(
        'overwrite',
        'bool',
        'Write every file anew, whether it converges or not.',
        default=False,
    ),
    Option(
        'made_by',
        'str',
        "The command that makes the files, written in each file's header.",
        default='ansible-playbook edge.platform.export',
    ),
)
