# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Options that several tables share: the pull zone a module works on, the Shield zone of event logs and of custom
rules, the mode of an exported log file."""

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

#: The Shield zone whose event logs a module reads: by its id, or by the pull zone it protects (doc fragment
#: ``edge.platform.shield.EVENT_LOG_SCOPE``).
EVENT_LOG_SCOPE = (
    Option(
        'shield_zone_id',
        'int',
        (
            'Id of the Shield zone.',
            'Exactly one of O(shield_zone_id), O(pullzone_id) and O(pullzone_name) is required.',
            "A Shield zone that does not exist fails with the API's answer.",
        ),
    ),
    Option(
        'pullzone_id',
        'int',
        ("Id of the pull zone whose Shield zone's event logs to use.", 'Fails when the pull zone has no Shield zone.'),
    ),
    Option(
        'pullzone_name',
        'str',
        (
            "Exact name of the pull zone whose Shield zone's event logs to use, looked up in the pull zone list.",
            'Fails when no pull zone or more than one has this name, or when it has no Shield zone.',
        ),
    ),
)

#: The Shield zone of a custom WAF rule or a rate limit: by its id, or by the pull zone it protects.
SHIELD_RULE_SCOPE = (
    Option(
        'shield_zone_id',
        'int',
        (
            'Id of the Shield zone the rule belongs to.',
            'Exactly one of O(shield_zone_id), O(pullzone_id) and O(pullzone_name) is required.',
            "A Shield zone that does not exist fails with the API's answer.",
        ),
    ),
    Option(
        'pullzone_id',
        'int',
        (
            'Id of the pull zone whose Shield zone the rule belongs to.',
            'When the pull zone has no Shield zone, O(state=present) fails and O(state=absent) reports no change.',
        ),
    ),
    Option(
        'pullzone_name',
        'str',
        (
            'Exact name of the pull zone whose Shield zone the rule belongs to, looked up in the pull zone list. The '
            'lookup is a read, so it runs in check mode too.',
            'Fails when no pull zone or more than one has this name.',
        ),
    ),
)

#: The permissions of the file a log export writes (the CDN log and the Shield event log exports).
LOG_FILE_MODE = Option(
    'mode',
    'raw',
    (
        "The permissions of O(dest), as octal digits (quoted, such as V('0640')) or a symbolic mode (such as "
        'V(u=rw,g=r)).',
        'When not set, O(dest) gets (or keeps) mode V(0600), a new file and an existing one alike - the file holds '
        'client addresses and request details.',
        'O(mode), O(owner) and O(group) are checked before any request, in check mode too - a mode that is '
        'neither octal nor symbolic, or an owner or group that this host does not know, is refused. They are set '
        'on the temporary file before it replaces O(dest), so attributes that cannot be set leave O(dest) as it '
        'was.',
    ),
)
