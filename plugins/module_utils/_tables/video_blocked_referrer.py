# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""The options of ``video_blocked_referrer``: the blocked referrers of a video library."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

TABLE = Table(
    Option(
        'library_id',
        'int',
        (
            'Id of the video library.',
            'Exactly one of O(library_id) and O(library_name) is required.',
        ),
    ),
    Option(
        'library_name',
        'str',
        (
            'Exact name of the video library (case-sensitive), looked up in the video library list of the account. '
            'The lookup is a read, so it runs in check mode too.',
            'Fails before any change when no video library or more than one has this name; use O(library_id) then.',
        ),
    ),
    Option(
        'hostnames',
        'list',
        (
            'Hostnames of referrers, such as V(spam.example.com).',
            'Each needs at least one character, and is normalised to lower case; duplicates count once.',
            'A scheme (V(https://spam.example.com)), a path (V(spam.example.com/page)) or a port '
            '(V(spam.example.com:8080)) is refused before any request is sent.',
            'With O(purge=true) and O(state=present), an empty list removes every blocked referrer.',
        ),
        required=True,
        elements='str',
        api='BlockedReferrers',
        unordered=True,
        member='hostname',
    ),
    Option(
        'state',
        'str',
        (
            'V(present) adds the O(hostnames) the library does not block yet.',
            'V(absent) removes those of the O(hostnames) the library blocks.',
        ),
        choices=('present', 'absent'),
        default='present',
    ),
    Option(
        'purge',
        'bool',
        (
            'With O(state=present), also remove every blocked referrer that is not in O(hostnames), so the list '
            'becomes exactly O(hostnames).',
            'Not allowed with O(state=absent).',
        ),
        default=False,
    ),
)
