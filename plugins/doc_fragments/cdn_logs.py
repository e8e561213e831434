# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

# The options of QUERY are made from plugins/module_utils/_tables/cdn_log_query.py by `nox -s update-docs-fragments`:
# edit the table and run that.

from __future__ import annotations


class ModuleDocFragment:
    # The query of the CDN log modules: a v2 window or a v1 day, and the filters of the logging API.
    QUERY = r'''
options:
  start:
    description:
      - Start of the window (inclusive), O(api_version=2) only.
      - ISO 8601 (V(2026-11-22T10:00:00Z); without an offset, UTC), epoch milliseconds, or relative
        to now (V(now), V(-24h), V(-30m), V(-2d)).
      - Must lie within the 3-day retention (not before V(-3d)). When not set, 24 hours before
        O(end).
    type: raw
  end:
    description:
      - End of the window (exclusive), O(api_version=2) only; same forms as O(start). When not
        set, now.
      - Must be after O(start), and at most 3 days after it.
      - The module sends both ends of the window to the API, computed from one reading of the
        clock.
    type: raw
  date:
    description:
      - Day (UTC) of the log file, as V(YYYY-MM-DD); required with O(api_version=1), refused
        with V(2).
      - Must be a day with retained logs (today or the 3 days before).
    type: str
  status:
    description:
      - HTTP status filters, each an exact code (V("404")) or a class (V("4xx")); a row matches
        any of them.
    type: list
    elements: str
  cache_status:
    description:
      - Cache statuses to match (any of them), O(api_version=2) only.
      - Values of the API, case-insensitive - V(HIT), V(MISS), V(BYPASS), V(REVALIDATED), V(STALE),
        V(UPDATING), or V(-) (no cache interaction, for example a POST).
    type: list
    elements: str
  country:
    description:
      - Countries of the client, ISO 3166 alpha-2 codes such as V(DE) (any of them), O(api_version=2)
        only.
    type: list
    elements: str
  edge_location:
    description:
      - Edge locations that served the request (any of them), O(api_version=2) only.
    type: list
    elements: str
  remote_ip:
    description:
      - The client's IP address (exact), O(api_version=2) only.
    type: str
  url_contains:
    description:
      - Text the request URL contains, O(api_version=2) only.
    type: str
  user_agent_contains:
    description:
      - Text the user agent contains, O(api_version=2) only.
    type: str
  referer_contains:
    description:
      - Text the referer contains, O(api_version=2) only.
    type: str
  search:
    description:
      - Free text the API searches the rows for.
    type: str
  include_origin_shield:
    description:
      - Also take in the requests served by the origin shield, O(api_version=2) only.
    type: bool
    default: false
'''
