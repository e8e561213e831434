#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: shield_waf_rule
short_description: Manage one custom WAF rule of a Shield zone
version_added: 1.1.0
description:
  - Adds, changes or deletes one custom WAF rule of a Shield zone. A custom rule does its O(action) (block, log,
    challenge, allow, bypass) on the requests its O(conditions) match, such as the requests to the admin pages
    from one country, or with a user agent a scanner sends.
  - The rule is found by its O(name) in the Shield zone, which must be unique there (two rules of one name are a
    failure naming their ids). The Shield zone is given by O(shield_zone_id), or by the pull zone it protects.
  - A change of any field writes the rule whole, in place (C(PATCH) with the whole configuration), so it keeps its
    id. Only the options given are managed; a field left out keeps the rule's current value (a new rule gets the
    API's, severity V(notice)).
  - "How rules compare: enumerations by name; the first condition as given, its O(conditions[].transformations) in
    order (they are applied one after another); the chained conditions (the others) as a set, whatever order the
    API keeps them in; each condition's O(conditions[].variables) as a set; an empty O(description) or
    O(conditions[].value) as none. A rerun that gives the chained conditions or the variables in another order is
    unchanged."
  - Bad input is refused before any request - an enumeration name the API does not have, a variable it does not
    have or named twice with different parts, transformations on a chained condition, a numeric operator's value
    that is not an integer. A rule to add without O(action) or O(conditions), or past the limit of the zone's plan
    (C(customWafRulesLimit)), is refused before anything is written, in check mode too.
  - The zone's rules are read with one request (its listing); a rerun that finds the rule as wanted sends nothing
    else.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.SHIELD_WAF_RULE
notes:
  - Runs of one controller (the forks of a playbook) that change the rules of one Shield zone take turns, from
    their read of the rules to their last write, so that ten hosts adding rules to one zone at once lose none and
    add none twice.
  - When the answer to an added rule is lost, the module lists the zone's rules again and takes the rule of this
    name that is new; a rerun finds it by its name and adds no second one.
  - The reference's C(isRegexVariable) (a variable's part that is a regular expression) is not an option; the
    module writes it false.
seealso:
  - module: edge.platform.shield_rate_limit
  - module: edge.platform.shield_zone
  - module: edge.platform.shield_zone_info
'''

EXAMPLES = r'''
- name: Block the user agents of SQL injection scanners on the assets pull zone
  edge.platform.shield_waf_rule:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
    pullzone_name: assets-000
    name: block-scanners
    description: Scanners by their user agent
    action: block
    severity: critical
    conditions:
      - variables: ["request_headers:User-Agent"]
        operator: rx
        value: "(?i)(sqlmap|nikto|nmap)"
  register: scanners

- name: Only log posts to the admin pages that do not come from the office country
  edge.platform.shield_waf_rule:
    shield_zone_id: "{{ scanners.shield_zone_id }}"
    name: admin-posts-abroad
    action: log
    conditions:
      - variables: [request_uri]
        operator: begins_with
        value: /wp-admin
        transformations: [url_decode, lowercase]
      - variables: [request_method]
        operator: str_eq
        value: POST
      - variables: [geo]
        operator: within
        value: DE AT CH
        negated: true

- name: Switch it to blocking once the log shows only what it should block
  edge.platform.shield_waf_rule:
    shield_zone_id: "{{ scanners.shield_zone_id }}"
    name: admin-posts-abroad
    action: block

- name: Delete it
  edge.platform.shield_waf_rule:
    pullzone_name: assets-000
    name: admin-posts-abroad
    state: absent
'''

RETURN = r'''
rule:
  description:
    - The rule as the API has it after the run (CustomWafRule, the API's property names, enums as the API's
      numbers, C(ruleConfiguration) as read); in check mode, as it would be (C(id), C(userId) and C(ruleJson) null
      for a rule that would be added, C(ruleJson) null for a change, the chained conditions in the order given).
    - An empty dict when the rule is absent.
  returned: always
  type: dict
  contains:
    id:
      description: The rule's id.
      type: int
      sample: 12003
    shieldZoneId:
      description: Id of the Shield zone.
      type: int
      sample: 3001
    ruleName:
      description: The rule's name.
      type: str
      sample: block-scanners
    ruleDescription:
      description: The rule's description.
      type: str
      sample: Scanners by their user agent
    ruleConfiguration:
      description:
        - C(actionType) (1 Block, 2 Log, 3 Challenge, 4 Allow, 5 Bypass), C(severityType), the first condition
          (C(variableTypes), C(operatorType), C(value), C(transformationTypes), C(isNegated), C(isRegexVariable)) and
          the chained ones (C(chainedRuleConditions), in the API's order). docs/enums.md has the numbers' names.
      type: dict
      sample:
        actionType: 1
        variableTypes: {REQUEST_HEADERS: User-Agent}
        operatorType: 14
        severityType: 2
        transformationTypes: []
        value: "(?i)(sqlmap|nikto|nmap)"
        isNegated: false
        isRegexVariable: false
        chainedRuleConditions: []
    ruleJson:
      description: The rule as the service keeps it, as JSON text.
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
from ansible_collections.edge.platform.plugins.module_utils._resources.shield_waf_rule import ShieldWafRule
from ansible_collections.edge.platform.plugins.module_utils._shield import SCOPE_OPTIONS
from ansible_collections.edge.platform.plugins.module_utils._tables.shield_waf_rule import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[SCOPE_OPTIONS],
        required_one_of=[SCOPE_OPTIONS],
    )
    ShieldWafRule(module).run()


if __name__ == '__main__':
    main()
