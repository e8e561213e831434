# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""An edge rule of a pull zone as the ``pullzone_edge_rule`` module manages it: found by its description or guid,
added, replaced whole, enabled, deleted."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeFinding
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._edge_rules import (
    PARAMETERS,
    new_rule,
    rules_of,
    same_extra_actions,
    same_text,
    same_triggers,
    saved_form,
)
from ansible_collections.edge.platform.plugins.module_utils._pullzones import EdgeRuleAction, PullZoneApi, Trigger
from ansible_collections.edge.platform.plugins.module_utils._records import Record, optional_text
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._shield import scope_problem
from ansible_collections.edge.platform.plugins.module_utils._tables.pullzone_edge_rule import (
    EDGE_RULE_ACTIONS,
    PATTERN_MATCHING_TYPES,
    TABLE,
    TRIGGER_TYPES,
)
from ansible_collections.edge.platform.plugins.module_utils._validation import id_segment_problem, text_problem

# ---- triggers and extra actions in the options' terms (enum names) and the API's (numbers) ----------------


class TriggerOption(t.TypedDict):
    """A trigger as the ``triggers`` option gives it."""

    type: str
    patterns: list[str]
    match: str | None
    parameter_1: str | None


class ExtraActionOption(t.TypedDict):
    """An extra action as the ``extra_actions`` option gives it."""

    action: str
    action_parameter_1: str | None
    action_parameter_2: str | None
    action_parameter_3: str | None


def triggers_to_api(triggers: list[TriggerOption]) -> list[dict[str, object]]:
    return [
        {
            'Type': TRIGGER_TYPES.number(trigger['type']),
            'PatternMatches': list(trigger['patterns']),
            'PatternMatchingType': PATTERN_MATCHING_TYPES.number(trigger['match'] or 'any'),
            'Parameter1': trigger.get('parameter_1'),
        }
        for trigger in triggers
    ]


def triggers_view(triggers: list[Trigger]) -> list[dict[str, object]]:
    return [
        {
            'type': TRIGGER_TYPES.name(trigger.get('Type')),
            'patterns': list(trigger.get('PatternMatches') or ()),
            'match': PATTERN_MATCHING_TYPES.name(trigger.get('PatternMatchingType') or 0),
            'parameter_1': optional_text(trigger.get('Parameter1')),
        }
        for trigger in triggers
    ]


def extra_actions_to_api(actions: list[ExtraActionOption]) -> list[dict[str, object]]:
    return [
        {
            'ActionType': EDGE_RULE_ACTIONS.number(action['action']),
            **{api: action.get(f'action_parameter_{number}') for number, api in enumerate(PARAMETERS, 1)},
        }
        for action in actions
    ]


def extra_actions_view(actions: list[EdgeRuleAction]) -> list[dict[str, object]]:
    return [
        {
            'action': EDGE_RULE_ACTIONS.name(action.get('ActionType')),
            **{
                f'action_parameter_{number}': optional_text(action.get(api)) for number, api in enumerate(PARAMETERS, 1)
            },
        }
        for action in actions
    ]


class EdgeRule(EdgeResource):
    """One edge rule of a pull zone, found by its description or its guid."""

    name = 'edge_rule'
    noun = 'edge rule'
    identity = ('description', 'guid')
    #: Whether a description and patterns are taken as the API keeps them (any text, an empty pattern): true for the
    #: rules of a site's declaration, which need not be found by their description and may be exported as they are;
    #: the module refuses a description that cannot find a rule, and an empty pattern, as a slip.
    free_text = False
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
    def zone_id(self) -> int | None:
        """The id of the rule's pull zone; None for a zone the run creates (its rules are predicted until it exists)."""
        zone_id = self.where.get('Id')
        return int(zone_id) if zone_id is not None else None

    @property
    def saved_zone_id(self) -> int:
        """The id the writes go to: the zone exists by the time a run writes its rules."""
        if self.zone_id is None:
            raise EdgeFinding(f'write {self.what}', 'its pull zone does not exist yet')
        return self.zone_id

    @property
    def what(self) -> str:
        """The rule as a message names it."""
        which = f'"{self.description}"' if self.description is not None and self.guid is None else self.guid
        zone = f'pull zone {self.zone_id}' if self.zone_id is not None else 'the pull zone to be created'
        return f'edge rule {which} of {zone}'

    # ---- input ----

    def validate(self) -> None:
        params = self.params
        problem = scope_problem(params, ('pullzone_id', 'pullzone_name'))
        if problem:
            self.module.fail(problem)
        if self.description is not None and not self.free_text:
            problem = text_problem(self.description)
            if problem:
                self.module.fail(f'description {self.description!r} {problem}')
        if self.guid is not None:
            problem = id_segment_problem(self.guid)
            if problem:
                self.module.fail(f'guid {self.guid!r} {problem}')
        for index, trigger in enumerate(params['triggers'] or ()):
            blank = [pattern for pattern in trigger['patterns'] if not pattern.strip() and not self.free_text]
            if blank:
                self.module.fail(f'triggers[{index}].patterns must not hold empty patterns ({len(blank)} given)')

    # ---- reading ----

    def locate(self) -> dict[str, t.Any]:
        return self.api.require(self.params['pullzone_id'], self.params['pullzone_name'])

    def find(self) -> Record | None:
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

    def create(self, wanted: Record) -> Record:
        known = {rule.get('Guid') for rule in rules_of(self.where)}
        return self.api.add_edge_rule(self.saved_zone_id, new_rule(self.description, wanted), known)

    def update(self, current: Record, changes: Record) -> Record:
        guid = str(current['Guid'])
        if set(changes) == {'Enabled'}:
            self.api.set_edge_rule_enabled(self.saved_zone_id, guid, bool(changes['Enabled']))
            return {**current, **changes}
        return self.api.save_edge_rule(self.saved_zone_id, saved_form({**current, **changes}))

    def delete(self, current: Record) -> None:
        self.api.delete_edge_rule(self.saved_zone_id, str(current['Guid']))

    # ---- check mode ----

    def predict_create(self, wanted: Record) -> Record:
        return {'Guid': None, **new_rule(self.description, wanted), 'OrderIndex': None, 'ReadOnly': False}

    # ---- output ----

    def describe(self, plan: Plan) -> str | None:
        if plan.action == 'update' and set(plan.changes) == {'Enabled'}:
            return 'enable' if plan.changes['Enabled'] else 'disable'
        if plan.action == 'update':
            return 'update (the rule is replaced whole and keeps its guid)'
        return plan.note

    def outcome(self, plan: Plan, after: Record | None) -> dict[str, object]:
        return {**super().outcome(plan, after), 'pullzone_id': self.zone_id}
