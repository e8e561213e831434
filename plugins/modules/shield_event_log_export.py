#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: shield_event_log_export
short_description: Export the event logs of a Shield zone to a CSV file
version_added: 1.0.0
description:
  - Exports the event logs of a Shield zone for a time window, optionally searched (O(query)) and filtered
    (O(filters)), as a CSV file with a header line, and writes it to O(dest).
  - The Shield zone is given by O(shield_zone_id), or by the pull zone it protects (O(pullzone_id) or O(pullzone_name)).
  - The window is checked before anything is sent. The API exports the last 72 hours only, so O(start) must not lie
    more than 72 hours back, O(end) must be after O(start), and O(end) must not lie in the future.
  - The CSV is streamed to a temporary file next to O(dest) while its SHA-256 checksum is computed, and moved over
    O(dest) only when its content differs from what O(dest) holds (atomically). Otherwise O(dest) is left alone,
    apart from the file attributes you set (O(mode), O(owner), ...).
  - O(mode) is V(0600) unless you set it, since the file holds client addresses and request details; the file
    attributes are checked before any request.
  - The export only reads, so a failed export (5xx answer, network error, a body that breaks off) is repeated.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform._options.SHIELD_EVENT_LOG_EXPORT
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - ansible.builtin.files
notes:
  - O(start) and O(end) are resolved once, when the module starts, and sent as epoch milliseconds. With a relative
    window (the defaults) every run exports a different window, so the file usually changes (RV(ignore:changed))
    whenever events happened in the meantime. An absolute window gives the same file again, and a rerun is unchanged.
  - RV(ignore:changed) is true when the content of O(dest) changes (or the attributes you set do).
  - Check mode runs the export too (it only reads), but measures the CSV in memory and writes nothing, not even a
    temporary file. It returns the same RV(size), RV(rows) and RV(checksum) and predicts RV(ignore:changed) exactly.
  - Diff mode shows the checksum, size and rows of O(dest) before and after.
seealso:
  - module: edge.platform.shield_event_log_info
'''

EXAMPLES = r'''
- name: Export the event logs of the last 24 hours
  edge.platform.shield_event_log_export:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
    pullzone_name: assets-000
    dest: /tmp/shield-assets-000.csv
    mode: "0640"

- name: Export the blocked SQL injection attempts from two networks, from 36 to 24 hours ago
  edge.platform.shield_event_log_export:
    shield_zone_id: 3001
    dest: /tmp/sqli.csv
    start: -36h
    end: -24h
    filters:
      - field: action
        op: eq
        value: block
      - field: ruleId
        op: in
        value: ["942100", "942190"]
      - field: ip
        op: cidr
        value: [192.0.2.0/24, "2001:db8::/32"]
  register: export

- name: Export the events of scanners over the last 6 hours
  edge.platform.shield_event_log_export:
    shield_zone_id: 3001
    dest: /tmp/scanners.csv
    start: -6h
    filters:
      - field: ua
        op: wildcard
        value: ["sqlmap*", "Nikto*"]
'''

RETURN = r'''
dest:
  description: Path of the file written (in check mode, that would be written).
  returned: always
  type: str
  sample: /tmp/sqli.csv
size:
  description: Size of the CSV in bytes.
  returned: always
  type: int
  sample: 99745
rows:
  description: Number of records under the header line.
  returned: always
  type: int
  sample: 312
checksum:
  description: SHA-256 (hex) of the CSV.
  returned: always
  type: str
  sample: 5b1ad0e59b0a2cbcb0c7bd6a9f4c4f6a9a6b5c2f8d1e3a7b9c0d2e4f6a8b0c1d
window:
  description: The window exported, as sent (C(from), C(to) in epoch milliseconds) and in ISO 8601 (C(start), C(end)).
  returned: always
  type: dict
  contains:
    start:
      description: Start of the window, ISO 8601 (UTC).
      type: str
      sample: "2026-11-21T00:00:00Z"
    end:
      description: End of the window, ISO 8601 (UTC).
      type: str
      sample: "2026-11-21T12:00:00Z"
    from:
      description: Start of the window in epoch milliseconds, as sent to the API.
      type: int
      sample: 1795219200000
    to:
      description: End of the window in epoch milliseconds, as sent to the API.
      type: int
      sample: 1795262400000
  sample:
    start: "2026-11-21T00:00:00Z"
    end: "2026-11-21T12:00:00Z"
    from: 1795219200000
    to: 1795262400000
shield_zone_id:
  description: Id of the Shield zone whose logs were exported (found through the pull zone when one was given).
  returned: always
  type: int
  sample: 3001
'''


from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.shield_event_log_export import export_events
from ansible_collections.edge.platform.plugins.module_utils._shield import SCOPE_OPTIONS
from ansible_collections.edge.platform.plugins.module_utils._tables.shield_event_log_export import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[SCOPE_OPTIONS],
        required_one_of=[SCOPE_OPTIONS],
        add_file_common_args=True,
    )
    export_events(module)


if __name__ == '__main__':
    main()
