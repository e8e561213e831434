# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Edge rules (EdgeRuleV2Model) in the terms of the ``pullzone_edge_rule`` options and back.

Triggers and extra actions are written as ``addOrUpdate`` takes them, compared as the service applies them
(triggers and their patterns as sets: order does not change what matches; extra actions in order: they run one
after another) and shown with the options' enum names. An optional text the API keeps as empty or null is the
same either way.
"""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._options import Enum, optional_text as text
from ansible_collections.edge.platform.plugins.module_utils._pullzones import EdgeRuleAction, Trigger
from ansible_collections.edge.platform.plugins.module_utils._tables.pullzone_edge_rule import (
    EDGE_RULE_ACTIONS,
    PATTERN_MATCHING_TYPES,
    TRIGGER_TYPES,
)

PARAMETERS = ('ActionParameter1', 'ActionParameter2', 'ActionParameter3')
# What the rule is made of, as addOrUpdate takes it; OrderIndex and ReadOnly are the service's.
RULE_KEYS = (
    'Guid',
    'ActionType',
    *PARAMETERS,
    'Triggers',
    'ExtraActions',
    'TriggerMatchingType',
    'Description',
    'Enabled',
)


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


def same_text(current: object, wanted: object) -> bool:
    return text(current) == text(wanted)


def named(enum: Enum, value: object) -> object:
    """An enum number by its option name (a number the collection does not know stays a number)."""
    return enum.name(value)


# ---- triggers: a set of triggers, each with a set of patterns --------------------------------------------


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


def trigger_key(trigger: Trigger) -> tuple[int | None, int, str, tuple[str, ...]]:
    """A trigger in a form that compares as the service matches it: its patterns as a set."""
    return (
        trigger.get('Type'),
        trigger.get('PatternMatchingType') or 0,
        text(trigger.get('Parameter1')) or '',
        tuple(sorted(set(trigger.get('PatternMatches') or ()))),
    )


def same_triggers(current: t.Sequence[Trigger] | None, wanted: t.Sequence[Trigger] | None) -> bool:
    """The triggers as a set: the service combines them with TriggerMatchingType, which order does not change."""
    return sorted(map(trigger_key, current or ()), key=repr) == sorted(map(trigger_key, wanted or ()), key=repr)


def triggers_view(triggers: list[Trigger]) -> list[dict[str, object]]:
    return [
        {
            'type': named(TRIGGER_TYPES, trigger.get('Type')),
            'patterns': list(trigger.get('PatternMatches') or ()),
            'match': named(PATTERN_MATCHING_TYPES, trigger.get('PatternMatchingType') or 0),
            'parameter_1': text(trigger.get('Parameter1')),
        }
        for trigger in triggers
    ]


# ---- extra actions: a list, in order -------------------------------------------------------------------------


def extra_actions_to_api(actions: list[ExtraActionOption]) -> list[dict[str, object]]:
    return [
        {
            'ActionType': EDGE_RULE_ACTIONS.number(action['action']),
            **{api: action.get(f'action_parameter_{number}') for number, api in enumerate(PARAMETERS, 1)},
        }
        for action in actions
    ]


def extra_action_key(action: EdgeRuleAction) -> tuple[int | str | None, ...]:
    return (action.get('ActionType'), *(text(action.get(api)) for api in PARAMETERS))


def same_extra_actions(current: t.Sequence[EdgeRuleAction] | None, wanted: t.Sequence[EdgeRuleAction] | None) -> bool:
    """Extra actions in order: they are applied one after another (a later header wins)."""
    return [extra_action_key(action) for action in current or ()] == [
        extra_action_key(action) for action in wanted or ()
    ]


def extra_actions_view(actions: list[EdgeRuleAction]) -> list[dict[str, object]]:
    return [
        {
            'action': named(EDGE_RULE_ACTIONS, action.get('ActionType')),
            **{f'action_parameter_{number}': text(action.get(api)) for number, api in enumerate(PARAMETERS, 1)},
        }
        for action in actions
    ]


def new_rule(description: str | None, wanted: t.Mapping[str, object]) -> dict[str, object]:
    """A rule to add: the API's values for what is not given, enabled unless ``Enabled`` says otherwise."""
    return {
        'ActionType': 0,
        **dict.fromkeys(PARAMETERS),
        'Triggers': [],
        'ExtraActions': [],
        'TriggerMatchingType': 0,
        'Description': description,
        'Enabled': True,
        **wanted,
    }


def saved_form(rule: t.Mapping[str, object]) -> dict[str, object]:
    """What ``addOrUpdate`` takes of a rule the zone holds (``OrderIndex`` and ``ReadOnly`` are the service's)."""
    return {key: value for key, value in rule.items() if key in RULE_KEYS}


def rules_of(zone: dict[str, t.Any]) -> list[dict[str, t.Any]]:
    """The edge rules of a pull zone record."""
    return [rule for rule in zone.get('EdgeRules') or () if isinstance(rule, dict)]
