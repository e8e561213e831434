#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: shield_rate_limit
short_description: Manage one rate limit of a Shield zone
version_added: 1.1.0
description:
  - Adds, changes or deletes one rate limit of a Shield zone. A rate limit counts the requests its O(conditions)
    match, for each client (O(counter_key)), and when a client sends more than O(requests) within O(timeframe)
    seconds, does its O(action) for O(block_time) seconds - refuses its requests (V(rate_limit)), challenges it, or
    only logs it (V(log), the way to try a limit first).
  - The rate limit is found by its O(name) in the Shield zone, which must be unique there (two of one name are a
    failure naming their ids). The Shield zone is given by O(shield_zone_id), or by the pull zone it protects.
  - A change of any field writes the rate limit whole, in place (C(PATCH) with the whole configuration), so it keeps
    its id. Only the options given are managed; a field left out keeps the current value (a new rate limit counts by
    V(ip), severity V(notice)).
  - O(conditions) are those of M(edge.platform.shield_waf_rule), compared the same way (the chained ones as a set,
    whatever order the API keeps them in).
  - Bad input is refused before any request - an enumeration name or a O(timeframe) or O(block_time) the API does
    not have, a O(requests) below 1, the mistakes of O(conditions). A rate limit to add without O(conditions),
    O(requests), O(timeframe), O(block_time) or O(action), or past the limit of the zone's plan
    (C(rateLimitRulesLimit)), is refused before anything is written, in check mode too.
  - The zone's rate limits are read with one request (their listing); a rerun that finds the rate limit as wanted
    sends nothing else.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.SHIELD_RATE_LIMIT
notes:
  - Runs of one controller (the forks of a playbook) that change the rate limits of one Shield zone take turns, from
    their read of the rate limits to their last write.
  - When the answer to an added rate limit is lost, the module lists the zone's rate limits again and takes the one
    of this name that is new; a rerun finds it by its name and adds no second one.
seealso:
  - module: edge.platform.shield_waf_rule
  - module: edge.platform.shield_zone_info
'''

EXAMPLES = r'''
- name: Try a limit of the login page first, logging the addresses that send more than 10 logins in 10 seconds
  edge.platform.shield_rate_limit:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
    pullzone_name: assets-000
    name: login-burst
    description: Logins per address
    conditions:
      - variables: [request_uri]
        operator: begins_with
        value: /login
      - variables: [request_method]
        operator: str_eq
        value: POST
    requests: 10
    timeframe: 10
    block_time: 300
    action: log
  register: login_limit

- name: Then refuse their requests for five minutes
  edge.platform.shield_rate_limit:
    shield_zone_id: "{{ login_limit.shield_zone_id }}"
    name: login-burst
    action: rate_limit

- name: Count by address and TLS fingerprint together, so that clients behind one address are told apart
  edge.platform.shield_rate_limit:
    shield_zone_id: "{{ login_limit.shield_zone_id }}"
    name: login-burst
    counter_key: ip_ja4

- name: Delete it
  edge.platform.shield_rate_limit:
    pullzone_name: assets-000
    name: login-burst
    state: absent
'''

RETURN = r'''
rate_limit:
  description:
    - The rate limit as the API has it after the run (RateLimitRule, the API's property names, enums as the API's
      numbers, C(ruleConfiguration) as read); in check mode, as it would be (C(id), C(userId) and C(ruleJson) null
      for one that would be added, C(ruleJson) null for a change, the chained conditions in the order given).
    - An empty dict when the rate limit is absent.
  returned: always
  type: dict
  contains:
    id:
      description: The rate limit's id.
      type: int
      sample: 14002
    shieldZoneId:
      description: Id of the Shield zone.
      type: int
      sample: 3001
    ruleName:
      description: The rate limit's name.
      type: str
      sample: login-burst
    ruleDescription:
      description: The rate limit's description.
      type: str
      sample: Logins per address
    ruleConfiguration:
      description:
        - C(actionType) (1 RateLimit, 2 Log, 3 Challenge), C(requestCount), C(timeframe) and C(blockTime) (seconds),
          C(counterKeyType) (0 IP, 1 Host, 2 Country, 3 City, 4 ASN, 5 Organization, 6 JA4, 7 IP_JA4),
          C(severityType), the first condition (C(variableTypes), C(operatorType), C(value), C(transformationTypes),
          C(isNegated), C(isRegexVariable)) and the chained ones (C(chainedRuleConditions), in the API's order).
      type: dict
      sample:
        actionType: 2
        variableTypes: {REQUEST_URI: ""}
        operatorType: 0
        severityType: 0
        transformationTypes: []
        value: /login
        isNegated: false
        isRegexVariable: false
        requestCount: 10
        counterKeyType: 0
        timeframe: 10
        blockTime: 300
        chainedRuleConditions:
          - {variableTypes: {REQUEST_METHOD: ""}, operatorType: 15, value: POST, isNegated: false,
             isRegexVariable: false}
    ruleJson:
      description: The rate limit as the service keeps it, as JSON text.
      type: str
    userId:
      description: The account's user id.
      type: str
shield_zone_id:
  description: Id of the Shield zone (found by the pull zone when O(pullzone_id) or O(pullzone_name) was given; null
    when that pull zone has no Shield zone, with O(state=absent)).
  returned: success
  type: int
  sample: 3001
'''

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.shield_rate_limit import ShieldRateLimit
from ansible_collections.edge.platform.plugins.module_utils._shield import SCOPE_OPTIONS
from ansible_collections.edge.platform.plugins.module_utils._tables.shield_rate_limit import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[SCOPE_OPTIONS],
        required_one_of=[SCOPE_OPTIONS],
    )
    ShieldRateLimit(module).run()


if __name__ == '__main__':
    main()
