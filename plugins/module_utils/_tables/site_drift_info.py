# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""The options of ``site_drift_info``: the declarations to plan (the files of the ``declarations`` lookup), and how
many days of the audit log say who made each change."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

TABLE = Table(
    Option(
        'declarations',
        'list',
        (
            'The declarations of the C(edge.platform.site) role to plan, each C({file, declaration}): C(declaration) '
            'the variables one run of the role takes (C(site_pullzone), C(site_shield), C(site_access_lists), '
            'C(site_registries), C(site_video_blocked_referrers)), C(file) what names it in the result.',
            "The lookup C(edge.platform.declarations) reads a directory of them (what C(edge.platform.export) writes) "
            'as a run of the role would read each file.',
        ),
        elements='dict',
        required=True,
    ),
    Option(
        'audit_log_days',
        'int',
        (
            "How many days of the account's audit log (today's included) to read, to name who made each change and "
            'when; V(0) reads none. A day a request (more for a day of more than 10,000 changes).',
        ),
        default=7,
        bounds=(0, 90),
    ),
)
