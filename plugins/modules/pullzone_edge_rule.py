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

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeFinding
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._edge_rules import (
    extra_actions_to_api,
    extra_actions_view,
    new_rule,
    rules_of,
    same_extra_actions,
    same_text,
    same_triggers,
    saved_form,
    triggers_to_api,
    triggers_view,
)
from ansible_collections.edge.platform.plugins.module_utils._pullzones import PullZoneApi
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._shield import scope_problem
from ansible_collections.edge.platform.plugins.module_utils._tables.pullzone_edge_rule import TABLE
from ansible_collections.edge.platform.plugins.module_utils._validation import id_segment_problem, text_problem


class EdgeRule(EdgeResource):
    """One edge rule of a pull zone, found by its description or its guid."""

    name = 'edge_rule'
    fields = (
        Field.of(TABLE['description']),
        Field.of(TABLE['action']),
        *(Field.of(TABLE[f'action_parameter_{number}'], equal=same_text) for number in (1, 2, 3)),
        Field.of(
            TABLE['extra_actions'], to_api=extra_actions_to_api, equal=same_extra_actions, from_api=extra_actions_view
        ),
        Field.of(TABLE['triggers'], to_api=triggers_to_api, equal=same_triggers, from_api=triggers_view),
        Field.of(TABLE['trigger_matching']),
        Field.of(TABLE['enabled']),
    )

    def __init__(self, module: EdgeModule) -> None:
        super().__init__(module)
        self.api = PullZoneApi(self.client)
        self.guid: str | None = self.params['guid']
        self.description: str | None = self.params['description']

    @property
    def zone_id(self) -> int:
        return int(self.where['Id'])

    @property
    def what(self) -> str:
        """The rule as a message names it."""
        which = f'"{self.description}"' if self.description is not None and self.guid is None else self.guid
        return f'edge rule {which} of pull zone {self.zone_id}'

    # ---- input ----

    def validate(self) -> None:
        params = self.params
        problem = scope_problem(params, ('pullzone_id', 'pullzone_name'))
        if problem:
            self.module.fail(problem)
        if self.description is not None:
            problem = text_problem(self.description)
            if problem:
                self.module.fail(f'description {self.description!r} {problem}')
        if self.guid is not None:
            problem = id_segment_problem(self.guid)
            if problem:
                self.module.fail(f'guid {self.guid!r} {problem}')
        for index, trigger in enumerate(params['triggers'] or ()):
            blank = [pattern for pattern in trigger['patterns'] if not pattern.strip()]
            if blank:
                self.module.fail(f'triggers[{index}].patterns must not hold empty patterns ({len(blank)} given)')

    # ---- reading ----

    def locate(self) -> dict[str, t.Any]:
        return self.api.require(self.params['pullzone_id'], self.params['pullzone_name'])

    def find(self) -> dict[str, t.Any] | None:
        rules = rules_of(self.where)
        if self.guid is not None:
            wanted = self.guid.lower()
            return next((rule for rule in rules if str(rule.get('Guid') or '').lower() == wanted), None)
        matches = [rule for rule in rules if rule.get('Description') == self.description]
        if len(matches) > 1:
            guids = ', '.join(str(rule.get('Guid')) for rule in matches)
            raise EdgeFinding(
                f'find {self.what}',
                f'{len(matches)} edge rules have this description (guids {guids}); give guid to pick one, or give '
                'them descriptions of their own',
            )
        return matches[0] if matches else None

    def check(self, plan: Plan) -> None:
        current = plan.current or {}
        if plan.action == 'create':
            if self.guid is not None:
                self.module.fail(
                    f'find {self.what} failed: the pull zone has no edge rule of this guid (a rule is added by its '
                    'description; the service gives it its guid)'
                )
            missing = [option for option in ('action', 'triggers') if self.params[option] is None]
            if missing:
                self.module.fail(f"adding {self.what} needs {' and '.join(missing)}")
        elif current.get('ReadOnly'):
            self.module.fail(
                f"{'delete' if plan.action == 'delete' else 'change'} {self.what} refused: the rule "
                f"(guid {current.get('Guid')}) is read-only, managed by the service, which refuses to change or "
                'delete it'
            )
        if plan.action in ('create', 'update') and self.guid is not None and 'Description' in plan.changes:
            others = [
                rule.get('Guid')
                for rule in rules_of(self.where)
                if rule.get('Description') == self.description and rule.get('Guid') != current.get('Guid')
            ]
            if others:
                self.module.fail(
                    f'describing {self.what} as "{self.description}" refused: edge rule {others[0]} has this '
                    'description, which finds one rule only'
                )

    # ---- writing ----

    def create(self, wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        known = {rule.get('Guid') for rule in rules_of(self.where)}
        return self.api.add_edge_rule(self.zone_id, new_rule(self.description, wanted), known)

    def update(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> dict[str, t.Any]:
        guid = str(current['Guid'])
        if set(changes) == {'Enabled'}:
            self.api.set_edge_rule_enabled(self.zone_id, guid, bool(changes['Enabled']))
            return {**current, **changes}
        return self.api.save_edge_rule(self.zone_id, saved_form({**current, **changes}))

    def delete(self, current: dict[str, t.Any]) -> None:
        self.api.delete_edge_rule(self.zone_id, str(current['Guid']))

    # ---- check mode ----

    def predict_create(self, wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        return {'Guid': None, **new_rule(self.description, wanted), 'OrderIndex': None, 'ReadOnly': False}

    # ---- output ----

    def describe(self, plan: Plan) -> str | None:
        if plan.action == 'update' and set(plan.changes) == {'Enabled'}:
            return 'enable' if plan.changes['Enabled'] else 'disable'
        if plan.action == 'update':
            return 'update (the rule is replaced whole and keeps its guid)'
        return plan.note

    def outcome(self, plan: Plan, after: dict[str, t.Any] | None) -> dict[str, t.Any]:
        return {**super().outcome(plan, after), 'pullzone_id': self.zone_id}


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[('pullzone_id', 'pullzone_name')],
        required_one_of=[('pullzone_id', 'pullzone_name'), ('description', 'guid')],
    )
    EdgeRule(module).run()


if __name__ == '__main__':
    main()
