# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The query the CDN log modules share (doc fragment ``edge.platform.cdn_logs.QUERY``): a v2 window or a v1 day, and
the filters of the logging API (query parameters of ``GET v2/pullzones/{pullZoneId}/logs`` and of the v1 day file,
``{MM-dd-yy}/{pullZoneId}.log``). Each module's table adds ``api_version``, ``limit`` and ``order``, which each
describes in its own terms."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

TABLE = Table(
    Option(
        'start',
        'raw',
        (
            'Start of the window (inclusive), O(api_version=2) only.',
            'ISO 8601 (V(2026-11-22T10:00:00Z); without an offset, UTC), epoch milliseconds, or relative to now '
            '(V(now), V(-24h), V(-30m), V(-2d)).',
            'Must lie within the 3-day retention (not before V(-3d)). When not set, 24 hours before O(end).',
        ),
        api='from',
    ),
    Option(
        'end',
        'raw',
        (
            'End of the window (exclusive), O(api_version=2) only; same forms as O(start). When not set, now.',
            'Must be after O(start), and at most 3 days after it.',
            'The module sends both ends of the window to the API, computed from one reading of the clock.',
        ),
        api='to',
    ),
    Option(
        'date',
        'str',
        (
            'Day (UTC) of the log file, as V(YYYY-MM-DD); required with O(api_version=1), refused with V(2).',
            'Must be a day with retained logs (today or the 3 days before).',
        ),
    ),
    Option(
        'status',
        'list',
        'HTTP status filters, each an exact code (V("404")) or a class (V("4xx")); a row matches any of them.',
        elements='str',
        api='status',
    ),
    Option(
        'cache_status',
        'list',
        (
            'Cache statuses to match (any of them), O(api_version=2) only.',
            'Values of the API, case-insensitive - V(HIT), V(MISS), V(BYPASS), V(REVALIDATED), V(STALE), '
            'V(UPDATING), or V(-) (no cache interaction, for example a POST).',
        ),
        elements='str',
        api='cacheStatus',
    ),
    Option(
        'country',
        'list',
        'Countries of the client, ISO 3166 alpha-2 codes such as V(DE) (any of them), O(api_version=2) only.',
        elements='str',
        api='country',
    ),
    Option(
        'edge_location',
        'list',
        'Edge locations that served the request (any of them), O(api_version=2) only.',
        elements='str',
        api='edgeLocation',
    ),
    Option(
        'remote_ip',
        'str',
        "The client's IP address (exact), O(api_version=2) only.",
        api='remoteIp',
    ),
    Option(
        'url_contains',
        'str',
        'Text the request URL contains, O(api_version=2) only.',
        api='urlContains',
    ),
    Option(
        'user_agent_contains',
        'str',
        'Text the user agent contains, O(api_version=2) only.',
        api='userAgentContains',
    ),
    Option(
        'referer_contains',
        'str',
        'Text the referer contains, O(api_version=2) only.',
        api='refererContains',
    ),
    Option(
        'search',
        'str',
        'Free text the API searches the rows for.',
        api='search',
    ),
    Option(
        'include_origin_shield',
        'bool',
        'Also take in the requests served by the origin shield, O(api_version=2) only.',
        default=False,
        api='includeOriginShield',
    ),
)
