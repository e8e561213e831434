#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: cdn_log_export
short_description: Export the raw CDN request logs of a pull zone to a file
version_added: 1.0.0
description:
  - Writes the raw request logs of one pull zone, read from the CDN request logging API (C({logging_url})), to O(dest).
  - With O(api_version=1) the file is the pipe-delimited log file of one day (O(date)) exactly as the API streams
    it (C(GET {logging_url}/{MM-dd-yy}/{pullZoneId}.log)), one request a line.
  - With O(api_version=2) (the default) the file holds every row of a time window (O(start), O(end)) that matches
    the filters (C(GET {logging_url}/v2/pullzones/{pullZoneId}/logs), page by page with the API's largest page),
    as JSON Lines (O(format=jsonl), one JSON object a line with the API's property names) or as CSV
    (O(format=csv), with a header line).
  - The pull zone is given by O(pullzone_id), or by O(pullzone_name) (looked up in the pull zone list of the
    management API, so O(api_url) is needed then).
  - The content is streamed to a temporary file next to O(dest) while its SHA-256 checksum is computed, and moved
    over O(dest) (atomically) only when it differs from what O(dest) holds. Otherwise O(dest) is left alone, apart
    from the file attributes (O(mode), O(owner), ...), and the task is unchanged.
  - O(mode) is V(0600) unless you set it, since the file holds client addresses and request details; the file
    attributes are checked before any request.
  - Every option is checked before any request is sent. A pull zone that does not exist, is suspended or disabled,
    or has logging off is a failure with the API's answer, and O(dest) is left as it was.
  - The API allows 30 requests per 10 seconds per pull zone. The module keeps its own requests under that, and
    waits as long as a 429 answer's C(Retry-After) asks. Every request only reads, so 5xx answers and network errors
    are repeated (see O(api_retries)), and a v1 file whose stream breaks off is read again from its start.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform._options.CDN_LOG_EXPORT
  - edge.platform.api.LOGGING
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - ansible.builtin.files
attributes:
  check_mode:
    details:
      - Reads the logs as in a normal run, but only measures them and writes nothing, not even a temporary file.
        Returns the same RV(size), RV(rows) and RV(checksum) and predicts RV(ignore:changed) exactly.
  diff_mode:
    details:
      - Shows C(path), C(size), C(rows) and C(checksum) of O(dest) before and after (and its attributes such as
        C(mode) when they change), not its content.
notes:
  - O(start) and O(end) are resolved once, when the module starts. With a relative window (the defaults) every run
    exports a different window, so the file usually changes (RV(ignore:changed)) whenever requests came in meanwhile.
    An absolute window (or a past O(date)) gives the same file again, and a rerun is unchanged.
  - Logs appear in near real time, so a window that reaches now may still grow.
seealso:
  - module: edge.platform.cdn_log_info
'''

EXAMPLES = r'''
- name: Keep yesterday's log file of a pull zone (unchanged when it is already there)
  edge.platform.cdn_log_export:
    api_key: "{{ vault_edge_api_key }}"
    logging_api_url: "{{ edge_logging_api_url }}"
    pullzone_id: 1001
    api_version: 1
    date: "{{ '%Y-%m-%d' | strftime(now().timestamp() - 86400, utc=true) }}"
    dest: /tmp/assets-000-{{ '%Y-%m-%d' | strftime(now().timestamp() - 86400, utc=true) }}.log
    mode: "0640"

- name: Export the server errors from 36 to 24 hours ago as CSV, finding the pull zone by name
  edge.platform.cdn_log_export:
    pullzone_name: assets-000
    start: -36h
    end: -24h
    status: ["5xx"]
    format: csv
    dest: /tmp/assets-5xx.csv
  register: errors

- name: Say how many there were
  ansible.builtin.debug:
    msg: "{{ errors.rows }} server errors, SHA-256 {{ errors.checksum }}"

- name: Export the cache misses of the last hour as JSON Lines
  edge.platform.cdn_log_export:
    pullzone_id: 1001
    start: -1h
    cache_status: [MISS]
    dest: /tmp/assets-misses.jsonl
'''

RETURN = r'''
dest:
  description: Absolute path of the file written (in check mode, that would be written).
  returned: always
  type: str
  sample: /tmp/assets-5xx.csv
size:
  description: Size of the file in bytes.
  returned: always
  type: int
  sample: 48213
rows:
  description: Number of rows (requests) in the file, the CSV header line not counted.
  returned: always
  type: int
  sample: 312
checksum:
  description: SHA-256 (hex) of the file.
  returned: always
  type: str
  sample: 5d41402abc4b2a76b9719d911017c592a4b2f3d9e6c8a1b0f7e6d5c4b3a29180
has_more:
  description: Whether more rows match than O(limit) let the file hold.
  returned: always
  type: bool
  sample: false
pullzone_id:
  description: Id of the pull zone exported (found by its name when O(pullzone_name) was given).
  returned: always
  type: int
  sample: 1001
format:
  description: Format of a v2 export, V(jsonl) or V(csv).
  returned: when O(api_version=2)
  type: str
  sample: csv
window:
  description: The window exported (C(start) inclusive, C(end) exclusive), ISO 8601 UTC, as sent.
  returned: when O(api_version=2)
  type: dict
  contains:
    start:
      description: Start of the window (inclusive), ISO 8601 UTC.
      type: str
      sample: "2026-11-21T00:00:00Z"
    end:
      description: End of the window (exclusive), ISO 8601 UTC.
      type: str
      sample: "2026-11-21T12:00:00Z"
  sample:
    start: "2026-11-21T00:00:00Z"
    end: "2026-11-21T12:00:00Z"
date:
  description: The day exported, V(YYYY-MM-DD).
  returned: when O(api_version=1)
  type: str
  sample: "2026-11-21"
'''


from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.cdn_log_export import export_log
from ansible_collections.edge.platform.plugins.module_utils._tables.cdn_log_export import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        services=('logging',),
        management_api=False,
        mutually_exclusive=[('pullzone_id', 'pullzone_name')],
        required_one_of=[('pullzone_id', 'pullzone_name')],
        required_if=[('api_version', 1, ('date',))],
        add_file_common_args=True,
    )
    export_log(module)


if __name__ == '__main__':
    main()
