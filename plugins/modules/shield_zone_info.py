#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: shield_zone_info
short_description: List and read the Shield (WAF and DDoS protection) zones of the account
version_added: 1.0.0
description:
  - Returns the Shield zones of the account, all of them or the one given by O(shield_zone_id), or the one
    protecting the pull zone given by O(pullzone_id) or O(pullzone_name).
  - All of them are read through the Shield zone list, page by page with the largest page (1000 zones a
    request), joined with the pull zone mapping (one more request), so every zone carries its C(pullZoneId).
    An account with thousands of pull zones is read in a handful of requests.
  - With O(access_lists) each zone also carries its access lists (one more request per zone, and with
    V(content) one per custom list); narrow the zones down with O(shield_zone_id), O(pullzone_id) or
    O(pullzone_name) for large accounts.
  - With O(rules) each zone also carries its custom WAF rules and rate limits (two more requests per zone, read up
    to eight zones at a time), for audits of every zone's rules.
  - Only reads; never changes anything.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform._options.SHIELD_ZONE_INFO
  - edge.platform.api
  - edge.platform.api.INFO_MODULE
seealso:
  - module: edge.platform.shield_zone
  - module: edge.platform.shield_access_list
  - module: edge.platform.shield_waf_rule
  - module: edge.platform.shield_rate_limit
'''

EXAMPLES = r'''
- name: Read every Shield zone of the account
  edge.platform.shield_zone_info:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
  register: shield

- name: Name the Shield zones whose web application firewall only logs
  ansible.builtin.debug:
    msg: "{{ shield.shield_zones | selectattr('wafExecutionMode', 'equalto', 0) | map(attribute='shieldZoneId')
      | list }}"

- name: Read the Shield zone of a pull zone, with the entries of its custom access lists
  edge.platform.shield_zone_info:
    pullzone_name: assets-000
    access_lists: content
  register: assets_shield

- name: Show the names of its disabled custom access lists
  ansible.builtin.debug:
    msg: "{{ assets_shield.shield_zones[0].accessLists.customLists | rejectattr('isEnabled')
      | map(attribute='name') | list }}"
  when: assets_shield.shield_zones | length > 0

- name: Read every Shield zone with its custom WAF rules and rate limits
  edge.platform.shield_zone_info:
    rules: true
  register: shield_rules

- name: Name the custom WAF rules that only log (actionType 2), of every zone
  ansible.builtin.debug:
    msg: "{{ shield_rules.shield_zones | map(attribute='customWafRules') | flatten
      | selectattr('ruleConfiguration.actionType', 'equalto', 2) | map(attribute='ruleName') | list }}"
'''

RETURN = r'''
shield_zones:
  description:
    - The matching Shield zones, with the API's own property names, in the order of the Shield zone list.
    - Always a list; empty when nothing matches.
  returned: always
  type: list
  elements: dict
  contains:
    shieldZoneId:
      description: Id of the Shield zone.
      type: int
    pullZoneId:
      description: Id of the pull zone the Shield zone protects (from the pull zone mapping).
      type: int
    planType:
      description: The Shield plan, C(0) Basic, C(1) Advanced, C(2) Business, C(3) Enterprise.
      type: int
    wafEnabled:
      description: Whether the web application firewall is on.
      type: bool
    wafExecutionMode:
      description: What the firewall does with a request that matches a rule, C(0) log, C(1) block.
      type: int
    learningMode:
      description: Whether the zone is in learning mode (until C(learningModeUntil)).
      type: bool
    dDoSShieldSensitivity:
      description: DDoS protection sensitivity, C(0) off to C(4) challenge.
      type: int
    accessLists:
      description:
        - The access list overview of the zone - C(managedLists) and C(customLists) (each with C(listId),
          C(configurationId), C(name), C(description), C(isEnabled), C(type), C(action), C(entryCount), C(lastUpdated),
          and with O(access_lists=content) C(content) and C(checksum) for custom lists), C(customEntryCount),
          C(customEntryLimit), C(customListCount), C(customListLimit).
      returned: when O(access_lists) is not V(none)
      type: dict
    customWafRules:
      description:
        - The custom WAF rules of the zone, as the API lists them (C(id), C(shieldZoneId), C(ruleName),
          C(ruleDescription), C(ruleConfiguration), C(ruleJson), C(userId)); see M(edge.platform.shield_waf_rule).
      returned: when O(rules=true)
      type: list
      elements: dict
    rateLimits:
      description:
        - The rate limits of the zone, as the API lists them (the fields of C(customWafRules), the configuration
          with C(requestCount), C(timeframe), C(blockTime), C(counterKeyType)); see M(edge.platform.shield_rate_limit).
      returned: when O(rules=true)
      type: list
      elements: dict
  sample:
    - shieldZoneId: 3001
      pullZoneId: 1001
      premiumPlan: true
      planType: 1
      learningMode: false
      learningModeUntil: null
      wafEnabled: true
      wafExecutionMode: 1
      wafDisabledRules: []
      wafLogOnlyRules: ["920170"]
      dDoSShieldSensitivity: 1
      dDoSExecutionMode: 1
      dDoSChallengeWindow: 1800
      accessLists:
        customLists:
          - listId: 9001
            configurationId: 60002
            name: office
            description: Office egress addresses
            isEnabled: true
            type: 0
            action: 1
            entryCount: 6
            lastUpdated: "2026-11-01T00:00:00Z"
        customEntryCount: 9
        customEntryLimit: 20000
        customListCount: 2
        customListLimit: 10
'''


from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.shield_zone_info import read_zones
from ansible_collections.edge.platform.plugins.module_utils._shield import SCOPE_OPTIONS
from ansible_collections.edge.platform.plugins.module_utils._tables.shield_zone_info import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[SCOPE_OPTIONS],
    )
    read_zones(module)


if __name__ == '__main__':
    main()
