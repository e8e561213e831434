#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: shield_event_log_info
short_description: Read the event logs of a Shield zone for one day
version_added: 1.0.0
description:
  - Reads the event logs (WAF, rate limit, bot detection, access list and DDoS events) of a Shield zone for one
    day, page by page, and returns the entries as the API gives them.
  - The Shield zone is given by O(shield_zone_id), or by the pull zone it protects (O(pullzone_id) or O(pullzone_name)).
  - Reading starts at the first page of O(date), or at O(continuation_token), and stops after the last page or after
    O(max_pages) pages. When pages are left, RV(has_more_data) is true and RV(continuation_token) resumes reading
    where this run stopped.
  - The date is checked before anything is sent. The API keeps the event logs of today and the two days before
    (UTC days); another date is refused.
  - To export the logs of a time window, filtered, as a CSV file, use M(edge.platform.shield_event_log_export).
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform._options.SHIELD_EVENT_LOG_INFO
  - edge.platform.api
  - edge.platform.api.INFO_MODULE
seealso:
  - module: edge.platform.shield_event_log_export
  - module: edge.platform.shield_zone
'''

EXAMPLES = r'''
- name: Read the event logs of yesterday
  edge.platform.shield_event_log_info:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
    pullzone_name: assets-000
    date: "{{ '%Y-%m-%d' | strftime(now().timestamp() - 86400, utc=true) }}"
    max_pages: 50
  register: events

- name: Show the blocked requests
  ansible.builtin.debug:
    msg: "{{ events.logs | selectattr('labels.status', 'equalto', '403') | map(attribute='log') | list }}"

- name: Read the first two pages of today
  edge.platform.shield_event_log_info:
    shield_zone_id: 3001
    date: "{{ '%Y-%m-%d' | strftime(utc=true) }}"
    max_pages: 2
  register: first

- name: Read the next two pages
  edge.platform.shield_event_log_info:
    shield_zone_id: 3001
    date: "{{ '%Y-%m-%d' | strftime(utc=true) }}"
    continuation_token: "{{ first.continuation_token }}"
    max_pages: 2
  when: first.has_more_data
'''

RETURN = r'''
logs:
  description:
    - The entries of the pages read, in the API's order, with the API's property names.
    - C(timestamp) is Unix time in milliseconds; C(log) is the event's request context as the API gives it (a string).
  returned: always
  type: list
  elements: dict
  contains:
    logId:
      description: Id of the entry.
      type: str
    timestamp:
      description: When the event happened, Unix time in milliseconds (UTC).
      type: int
    log:
      description: The event's request context, as a string.
      type: str
    labels:
      description: C(asn), C(country), C(ruleId), C(severity), C(method), C(ruleGroup), C(status) and C(serverZone),
        all strings.
      type: dict
  sample:
    - logId: af8915dd-a35c-14b7-ca07-a4cc53b7c5af
      timestamp: 1795219250343
      log: '{"action":"block","ip":"203.0.113.84","ruleId":"932100","url":"https://assets.example.com/?cmd=id"}'
      labels:
        asn: "7552"
        country: VN
        ruleId: "932100"
        severity: CRITICAL
        method: POST
        ruleGroup: RCE
        status: "403"
        serverZone: LA
has_more_data:
  description: Whether pages are left after the last page read (O(max_pages) stopped the run).
  returned: always
  type: bool
  sample: true
continuation_token:
  description:
    - Give it as O(continuation_token) (with the same Shield zone and O(date)) to read on from where this run stopped.
    - V(null) when RV(has_more_data) is false.
  returned: always
  type: str
  sample: MzAwMS4yMDI2MTEyMS4yOTkyMDQ2Ni4wLmVkNmFjNWIwMjA3ZQ
pages:
  description: How many pages were read.
  returned: always
  type: int
  sample: 2
shield_zone_id:
  description: Id of the Shield zone whose logs were read (found through the pull zone when one was given).
  returned: always
  type: int
  sample: 3001
'''

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._shield import SCOPE_OPTIONS, ShieldApi, scope_problem
from ansible_collections.edge.platform.plugins.module_utils._shield_events import EventLogApi, check_date
from ansible_collections.edge.platform.plugins.module_utils._tables.shield_event_log_info import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[SCOPE_OPTIONS],
        required_one_of=[SCOPE_OPTIONS],
    )
    params = module.params

    # ---- input, refused before any request ----
    problem = scope_problem(params)
    if problem:
        module.fail(problem)
    try:
        day = check_date(params['date'])
    except ValueError as exc:
        module.fail(str(exc))
    if params['max_pages'] < 1:
        module.fail(f"max_pages must be at least 1, got {params['max_pages']}")
    module.refuse_blank('continuation_token')

    def run() -> dict[str, t.Any]:
        zone_id = ShieldApi(module.client).require_zone_id(params)
        result = EventLogApi(module.client).pages(zone_id, day, params['continuation_token'], params['max_pages'])
        return dict(result, changed=False, shield_zone_id=zone_id)

    module.run(run)


if __name__ == '__main__':
    main()
