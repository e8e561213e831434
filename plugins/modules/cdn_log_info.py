#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: cdn_log_info
short_description: Read the raw CDN request logs of a pull zone
version_added: 1.0.0
description:
  - Reads the raw request logs of one pull zone from the CDN request logging API (C({logging_url})),
    which keeps them for 3 days.
  - With O(api_version=2) (the default) queries C(GET {logging_url}/v2/pullzones/{pullZoneId}/logs) for
    a time window with filters, and returns the rows as the API gives them.
  - With O(api_version=1) reads the pipe-delimited log file of one day
    (C(GET {logging_url}/{MM-dd-yy}/{pullZoneId}.log)); its rows are returned with the v2 property names.
  - Only reads, and never reports a change. To keep logs in a file, use M(edge.platform.cdn_log_export).
  - Every option is checked before any request is sent; a wrong value fails with a message naming the option.
  - A pull zone that does not exist, is suspended or disabled, or has logging off is a failure with the
    API's answer (404 C(not_found), 403 C(forbidden), 404 C(logging_disabled)); so is a query the API
    refuses (400 C(invalid_request)).
  - The API allows 30 requests per 10 seconds per pull zone. The module keeps its own requests under
    that, and waits as long as a 429 C(rate_limited) answer's C(Retry-After) asks (see O(api_retries)).
  - Authenticates with the account key (O(api_key)) sent as the C(AccessKey) header.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform._options.CDN_LOG_INFO
  - edge.platform.api.LOGGING
  - edge.platform.api
  - edge.platform.api.INFO_MODULE
  - ansible.builtin.files
notes:
  - This module never reports a change. The deprecated O(dest) is the only thing it writes.
  - v1 rows carry the 12 fields of the v1 file, named as in v2 - C(cacheStatus), C(statusCode),
    C(timestamp) (ISO 8601 UTC to the millisecond, as v2 writes it), C(bytesSent), C(pullZoneId),
    C(remoteIp), C(referer), C(url), C(edgeLocation), C(userAgent), C(requestId), C(countryCode).
    v2 rows carry more (for example C(scheme), C(host), C(path)).
  - Logs appear in near real time, so two runs over a window that reaches now may differ.
seealso:
  - module: edge.platform.cdn_log_export
'''

EXAMPLES = r'''
- name: Server errors of the last hour, newest first
  edge.platform.cdn_log_info:
    api_key: "{{ vault_edge_api_key }}"
    logging_api_url: "{{ edge_logging_api_url }}"
    pullzone_id: 1001
    start: -1h
    status: ["5xx"]
    order: desc
    limit: 500
  register: errors

- name: Show the failing URLs
  ansible.builtin.debug:
    msg: "{{ errors.logs | map(attribute='url') | unique | list }}"

- name: Cache misses and bypasses from two countries, from 8 to 4 hours ago
  edge.platform.cdn_log_info:
    pullzone_id: 1001
    start: -8h
    end: -4h
    cache_status: [MISS, BYPASS]
    country: [DE, FR]
    url_contains: /images/
  register: misses

- name: The next rows of the same query
  edge.platform.cdn_log_info:
    pullzone_id: 1001
    start: -8h
    end: -4h
    cache_status: [MISS, BYPASS]
    country: [DE, FR]
    url_contains: /images/
    offset: "{{ misses.next_offset }}"
  when: misses.has_more

- name: Read the 404s of a day with the v1 API, as v2 rows
  edge.platform.cdn_log_info:
    pullzone_id: 1001
    api_version: 1
    date: "{{ '%Y-%m-%d' | strftime(now().timestamp() - 86400, utc=true) }}"
    status: ["404"]
    limit: 1000
'''

RETURN = r'''
logs:
  description:
    - The matching rows, with the v2 property names (also for O(api_version=1)).
    - Always a list; empty when nothing matches.
  returned: when O(dest) is not set
  type: list
  elements: dict
  contains:
    timestamp:
      description: Time of the request, ISO 8601 UTC.
      type: str
    pullZoneId:
      description: Id of the pull zone.
      type: int
    requestId:
      description: Id of the request.
      type: str
    cacheStatus:
      description: Cache status, one of V(HIT), V(MISS), V(BYPASS), V(REVALIDATED), V(STALE), V(UPDATING), V(-).
      type: str
    statusCode:
      description: HTTP status of the answer.
      type: int
    bytesSent:
      description: Bytes sent to the client.
      type: int
    edgeLocation:
      description: Edge location that served the request.
      type: str
    url:
      description: The requested URL.
      type: str
    remoteIp:
      description: Address of the client (anonymized when the pull zone says so).
      type: str
    countryCode:
      description: Country of the client, ISO 3166 alpha-2.
      type: str
    userAgent:
      description: User agent of the client.
      type: str
    referer:
      description: Referer of the request.
      type: str
  sample:
    - timestamp: "2026-11-21T10:15:02.417Z"
      pullZoneId: 1001
      requestId: 9f1c2a7e0b8d4c3f9a6e5d4c3b2a1f0e
      cacheStatus: MISS
      statusCode: 404
      bytesSent: 612
      edgeLocation: DE
      scheme: https
      host: assets.cdn.example.net
      path: /images/old.png
      url: https://assets.cdn.example.net/images/old.png
      remoteIp: 203.0.113.7
      countryCode: DE
      userAgent: curl/8.11.0
      referer: ""
has_more:
  description: Whether more rows match than were returned (or written).
  returned: always
  type: bool
  sample: true
next_offset:
  description: The O(offset) that continues where these rows end; null when RV(has_more) is false.
  returned: always
  type: int
  sample: 100
dest:
  description: The path written (or, in check mode, that would be written).
  returned: when O(dest) is set
  type: str
  sample: /var/log/edge/assets-2026-11-21.log
size:
  description: Size of the file in bytes.
  returned: when O(dest) is set
  type: int
  sample: 1482210
rows:
  description: Number of requests (lines) in the file.
  returned: when O(dest) is set
  type: int
  sample: 8113
checksum:
  description: SHA-256 (hex) of the file.
  returned: when O(dest) is set
  type: str
  sample: 5d41402abc4b2a76b9719d911017c592a4b2f3d9e6c8a1b0f7e6d5c4b3a29180
'''


from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.cdn_log_info import read_logs
from ansible_collections.edge.platform.plugins.module_utils._tables.cdn_log_info import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        services=('logging',),
        management_api=False,
        required_if=[('api_version', 1, ('date',))],
        add_file_common_args=True,
    )
    read_logs(module)


if __name__ == '__main__':
    main()
