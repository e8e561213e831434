#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: pullzone_edge_rule
short_description: Manage one edge rule of a pull zone
version_added: 1.0.0
description:
  - Adds, changes or deletes one edge rule of a pull zone. An edge rule does its O(action) (and its
    O(extra_actions)) on the requests its O(triggers) match, such as forcing HTTPS, redirecting, blocking, or
    setting a header.
  - The rule is found by its O(description), which must be unique in the pull zone (two rules with the same
    description are a failure naming their guids), or by its O(guid). With both, O(guid) finds the rule and
    O(description) is a field to set (a new description).
  - A change of any field replaces the rule whole, through the API's C(addOrUpdate) with the rule's C(Guid), so the
    rule keeps its guid and its place in the order. A change of O(enabled) alone switches the rule on or off instead
    (C(setEdgeRuleEnabled)).
  - Only the options given are managed; a field left out keeps the rule's current value (a new rule gets the
    API's defaults, and is enabled).
  - Rules the service manages itself (C(ReadOnly)) cannot be changed or deleted; a task that would is refused
    before any request that writes. A read-only rule that already is as wanted is fine.
  - The pull zone is read once (given by name, the pull zone list searched by the name instead); a rerun that
    finds the rule as wanted sends nothing else.
  - "How rules compare: O(triggers) as a set (the service combines them with O(trigger_matching), whatever their
    order), each trigger's O(triggers[].patterns) as a set (a trigger matches with O(triggers[].match), whatever
    their order or repeats), O(extra_actions) in order (they are applied one after another). A rule is written with
    the lists in the order given; a rerun that gives them in another order is unchanged."
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.PULLZONE_EDGE_RULE
notes:
  - The order of the rules (C(OrderIndex)) is the service's; a new rule comes last.
  - When the answer to an added rule is lost, the module reads the pull zone again and takes the rule of this
    description that is new; a rerun finds it by its description and adds no second one.
seealso:
  - module: edge.platform.pullzone_hostname
  - module: edge.platform.pullzone_purge
'''

EXAMPLES = r'''
- name: Redirect every plain HTTP request of assets-000 to HTTPS
  edge.platform.pullzone_edge_rule:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
    pullzone_name: assets-000
    description: Force SSL
    action: force_ssl
    triggers:
      - type: url
        patterns: ["*"]

- name: Block scanners and TRACE requests, unless they come from the office network
  edge.platform.pullzone_edge_rule:
    pullzone_name: assets-000
    description: Block unwanted requests
    action: block_request
    trigger_matching: all
    triggers:
      - type: request_header
        parameter_1: User-Agent
        patterns: ["*sqlmap*", "*nikto*"]
      - type: remote_ip
        match: none
        patterns: [192.0.2.0/24]
  register: block_rule

- name: Send security headers with every page
  edge.platform.pullzone_edge_rule:
    pullzone_name: assets-000
    description: Security headers on pages
    action: set_response_header
    action_parameter_1: Strict-Transport-Security
    action_parameter_2: max-age=63072000
    extra_actions:
      - action: set_response_header
        action_parameter_1: X-Content-Type-Options
        action_parameter_2: nosniff
    triggers:
      - type: url
        patterns: ["*.html", "*/"]

- name: Switch the block off for a while (the rule found by its guid; only its Enabled changes)
  edge.platform.pullzone_edge_rule:
    pullzone_id: "{{ block_rule.pullzone_id }}"
    guid: "{{ block_rule.edge_rule.Guid }}"
    enabled: false

- name: Delete it
  edge.platform.pullzone_edge_rule:
    pullzone_name: assets-000
    description: Block unwanted requests
    state: absent
'''

RETURN = r'''
edge_rule:
  description:
    - The rule as the API has it after the run (EdgeRuleV2Model, the API's property names, enums as the API's
      numbers); in check mode, as it would be (C(Guid) and C(OrderIndex) null for a rule that would be added).
    - An empty dict when the rule is absent.
  returned: always
  type: dict
  contains:
    Guid:
      description: The rule's guid.
      type: str
      sample: 3f1c2a4e-8d1b-5c7e-9a60-2b4d6f8e0a13
    ActionType:
      description: EdgeRuleActionType, as a number (0 ForceSSL, 1 Redirect, 4 BlockRequest, 5 SetResponseHeader …).
      type: int
      sample: 0
    ActionParameter1:
      description: First parameter of the action.
      type: str
      sample: null
    ActionParameter2:
      description: Second parameter of the action.
      type: str
      sample: null
    ActionParameter3:
      description: Third parameter of the action.
      type: str
      sample: null
    Triggers:
      description: The triggers, C({Type, PatternMatches, PatternMatchingType, Parameter1}) each.
      type: list
      elements: dict
      sample: [{Type: 0, PatternMatches: ["*"], PatternMatchingType: 0, Parameter1: null}]
    ExtraActions:
      description: The extra actions, C({ActionType, ActionParameter1, ActionParameter2, ActionParameter3}) each.
      type: list
      elements: dict
      sample: []
    TriggerMatchingType:
      description: How the triggers combine, 0 any, 1 all, 2 none.
      type: int
      sample: 0
    Description:
      description: The rule's description.
      type: str
      sample: Force SSL
    Enabled:
      description: Whether the rule is on.
      type: bool
      sample: true
    OrderIndex:
      description: The rule's place in the order, the service's.
      type: int
      sample: 0
    ReadOnly:
      description: Whether the service manages the rule (it cannot be changed).
      type: bool
      sample: false
pullzone_id:
  description: Id of the pull zone (found by its name when O(pullzone_name) was given).
  returned: success
  type: int
  sample: 1001
'''

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.pullzone_edge_rule import EdgeRule
from ansible_collections.edge.platform.plugins.module_utils._tables.pullzone_edge_rule import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[('pullzone_id', 'pullzone_name')],
        required_one_of=[('pullzone_id', 'pullzone_name'), ('description', 'guid')],
    )
    EdgeRule(module).run()


if __name__ == '__main__':
    main()
