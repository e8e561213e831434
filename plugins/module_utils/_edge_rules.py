# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Edge rules (EdgeRuleV2Model) as the API keeps them: what a rule is made of, how two compare and what a saved
rule becomes.

Triggers and extra actions compare as the service applies them (triggers and their patterns as sets: order does not
change what matches; extra actions in order: they run one after another). An optional text the API keeps as empty or
null is the same either way. Their options and enum names are the ``pullzone_edge_rule`` resource's.
"""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._pullzones import EdgeRuleAction, Trigger
from ansible_collections.edge.platform.plugins.module_utils._records import optional_text as text

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


def same_text(current: object, wanted: object) -> bool:
    return text(current) == text(wanted)


# ---- triggers: a set of triggers, each with a set of patterns --------------------------------------------


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


# ---- extra actions: a list, in order -------------------------------------------------------------------------


def extra_action_key(action: EdgeRuleAction) -> tuple[int | str | None, ...]:
    return (action.get('ActionType'), *(text(action.get(api)) for api in PARAMETERS))


def same_extra_actions(current: t.Sequence[EdgeRuleAction] | None, wanted: t.Sequence[EdgeRuleAction] | None) -> bool:
    """Extra actions in order: they are applied one after another (a later header wins)."""
    return [extra_action_key(action) for action in current or ()] == [
        extra_action_key(action) for action in wanted or ()
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
