# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A custom WAF rule of a Shield zone as the ``shield_waf_rule`` module manages it (found by its name, added,
changed in place, deleted), and what ``shield_rate_limit`` shares with it: the conditions in the options' terms and
back, and the rule as a run holds it.

A run holds a rule as ``held`` makes it: the managed values under the tables' API names (``ruleDescription``,
``ruleConfiguration.actionType`` …), the conditions as one list (the rule's own condition, then the chained ones), and
the rule as the API has it under ``RULE``, which the module returns. The conditions compare as the service applies
them: the first as given (it carries the transformations, applied in order), the chained ones as a set (a request
must match all of them, whatever their order; the API keeps its own order).
"""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._records import Record, optional_text
from ansible_collections.edge.platform.plugins.module_utils._resource import Field, Plan, ZoneItemResource
from ansible_collections.edge.platform.plugins.module_utils._shield import ShieldApi, no_shield_zone, scope_problem
from ansible_collections.edge.platform.plugins.module_utils._shield_rules import (
    CONDITION_KEYS,
    CUSTOM_RULES,
    RuleKind,
    ShieldRule,
    ShieldRuleApi,
    ZoneRules,
)
from ansible_collections.edge.platform.plugins.module_utils._tables.shield_waf_rule import (
    NUMERIC_OPERATORS,
    OPERATORS,
    TABLE,
    TRANSFORMATIONS,
    VARIABLES,
)
from ansible_collections.edge.platform.plugins.module_utils._validation import text_problem

#: Where a held rule keeps the rule as the API has it.
RULE = 'rule'
CONFIGURATION = 'ruleConfiguration.'
# The values of a configuration that are not the conditions' (those of a rate limit only are None in a rule's).
SCALARS = ('actionType', 'severityType', 'requestCount', 'counterKeyType', 'timeframe', 'blockTime')
# What a new rule gets where nothing is said of it (the API's zero of the enum).
NEW = {'severityType': 0, 'counterKeyType': 0}


class ConditionOption(t.TypedDict):
    """A condition as the ``conditions`` option gives it."""

    variables: list[str]
    operator: str
    value: str | None
    transformations: list[str] | None
    negated: bool | None


# ---- conditions: the options' terms and the API's -----------------------------------------------------------


def variable_types(variables: t.Iterable[str]) -> dict[str, str]:
    """``request_headers:User-Agent`` … as ``variableTypes``: each variable's API name with its part (``""``: all)."""
    parts: dict[str, str] = {}
    for text in variables:
        name, _colon, part = text.partition(':')
        parts[t.cast(str, VARIABLES.number(name.strip()))] = part.strip()
    return parts


def condition_problems(conditions: t.Sequence[ConditionOption]) -> list[str]:
    """Why the conditions cannot be sent, before any request: a variable the API does not have, one named twice with
    different parts, transformations on a chained condition, a numeric operator's value that is not an integer."""
    if not conditions:
        return ["conditions must hold at least one condition (the rule's own)"]
    problems = []
    for index, condition in enumerate(conditions):
        where = f'conditions[{index}]'
        if not condition['variables']:
            problems.append(f'{where}.variables must name at least one variable')
        parts: dict[str, str] = {}
        for text in condition['variables']:
            name, colon, part = (piece.strip() for piece in text.partition(':'))
            if name not in VARIABLES.numbers:
                problems.append(
                    f'{where}.variables: {text!r} is not a variable; the variables are {", ".join(VARIABLES.names)} '
                    '(a part after a colon, such as request_headers:User-Agent)'
                )
            elif colon and not part:
                problems.append(f'{where}.variables: {text!r} has no part after the colon (give {name} for all of it)')
            elif parts.setdefault(name, part) != part:
                problems.append(
                    f'{where}.variables names {name} with two parts ({parts[name]!r}, {part!r}); the API takes one '
                    'part of a variable in a condition: give another condition for the other part'
                )
        if index and condition.get('transformations'):
            problems.append(
                f"{where}.transformations: only the first condition takes transformations (the API's chained "
                'conditions have none)'
            )
        value = (condition.get('value') or '').strip()
        if condition['operator'] in NUMERIC_OPERATORS and not value.lstrip('+-').isdigit():
            problems.append(f"{where}.value must be an integer for operator {condition['operator']}, got {value!r}")
    return problems


def conditions_to_api(conditions: t.Sequence[ConditionOption]) -> list[Record]:
    """The conditions as the API takes them: the first with its transformations, then the chained ones."""
    converted = []
    for index, condition in enumerate(conditions):
        item: Record = {
            'variableTypes': variable_types(condition['variables']),
            'operatorType': OPERATORS.number(condition['operator']),
            'value': condition.get('value') or '',
            'isNegated': bool(condition.get('negated')),
            'isRegexVariable': False,
        }
        if index == 0:
            item['transformationTypes'] = [
                TRANSFORMATIONS.number(name) for name in condition.get('transformations') or ()
            ]
        converted.append(item)
    return converted


def conditions_of(configuration: t.Mapping[str, t.Any]) -> list[Record]:
    """The conditions of a configuration as the API has it: the rule's own, then the chained ones in its order."""
    own = {key: configuration.get(key) for key in CONDITION_KEYS}
    own['transformationTypes'] = list(configuration.get('transformationTypes') or ())
    chained = [item for item in configuration.get('chainedRuleConditions') or () if isinstance(item, dict)]
    return [own, *chained]


def condition_key(condition: t.Mapping[str, t.Any]) -> tuple[object, ...]:
    """A condition in a form that compares as the service applies it: its variables as a set, empty texts as none."""
    parts = condition.get('variableTypes') or {}
    return (
        tuple(sorted((str(name), str(part or '')) for name, part in parts.items())),
        condition.get('operatorType'),
        optional_text(condition.get('value')) or '',
        bool(condition.get('isNegated')),
        bool(condition.get('isRegexVariable')),
    )


def same_conditions(current: t.Sequence[Record] | None, wanted: t.Sequence[Record] | None) -> bool:
    """The first conditions alike (their transformations in order), the chained ones as a set."""
    if not current or not wanted:
        return not current and not wanted
    (own, *chained), (wanted_own, *wanted_chained) = current, wanted
    transformations = list(own.get('transformationTypes') or ()), list(wanted_own.get('transformationTypes') or ())
    return (
        condition_key(own) == condition_key(wanted_own)
        and transformations[0] == transformations[1]
        and sorted(map(condition_key, chained), key=repr) == sorted(map(condition_key, wanted_chained), key=repr)
    )


def condition_view(condition: t.Mapping[str, t.Any]) -> dict[str, object]:
    """A condition of the API in the options' terms (names, not numbers)."""
    parts = condition.get('variableTypes') or {}
    return {
        'variables': sorted(
            f'{VARIABLES.name(name)}:{part}' if part else VARIABLES.name(name) for name, part in parts.items()
        ),
        'operator': OPERATORS.name(condition.get('operatorType')),
        'value': optional_text(condition.get('value')),
        'transformations': [TRANSFORMATIONS.name(number) for number in condition.get('transformationTypes') or ()],
        'negated': bool(condition.get('isNegated')),
    }


def conditions_view(conditions: t.Sequence[Record]) -> list[dict[str, object]]:
    """The conditions in the options' terms: the first, then the chained ones in a steady order (the API's may
    change), so that a diff shows what changed only."""
    if not conditions:
        return []
    own, *chained = conditions
    return [condition_view(own), *sorted(map(condition_view, chained), key=repr)]


# ---- the rule as a run holds it ----------------------------------------------------------------------------


def held(rule: ShieldRule) -> Record:
    """A rule of the API as a run holds it: its managed values by their tables' API names, and the rule itself."""
    configuration = rule.get('ruleConfiguration') or {}
    record: Record = {'ruleDescription': rule.get('ruleDescription'), 'conditions': conditions_of(configuration)}
    record.update({CONFIGURATION + key: configuration.get(key) for key in SCALARS})
    record[RULE] = rule
    return record


def configuration_of(kind: RuleKind, values: t.Mapping[str, t.Any]) -> Record:
    """The whole configuration the API takes, from held values (a new rule's where they say nothing)."""
    own, *chained = values['conditions']
    source = {key: values.get(CONFIGURATION + key) for key in SCALARS}
    source.update({key: value for key, value in NEW.items() if source[key] is None})
    source.update({key: own.get(key) for key in CONDITION_KEYS})
    source['value'] = source['value'] or ''
    source['isNegated'], source['isRegexVariable'] = bool(source['isNegated']), bool(source['isRegexVariable'])
    source['transformationTypes'] = list(own.get('transformationTypes') or ())
    source['chainedRuleConditions'] = [{key: item.get(key) for key in CONDITION_KEYS} for item in chained]
    return {key: source[key] for key in kind.configuration_keys}


def same_text(current: object, wanted: object) -> bool:
    return optional_text(current) == optional_text(wanted)


class ShieldWafRule(ZoneItemResource):
    """One custom WAF rule of a Shield zone, found by its name."""

    name = 'rule'
    kind = CUSTOM_RULES
    fields: tuple[Field, ...] = (
        Field.of(TABLE['description'], equal=same_text),
        Field.of(TABLE['action']),
        Field('conditions', 'conditions', to_api=conditions_to_api, equal=same_conditions, from_api=conditions_view),
        Field.of(TABLE['severity']),
    )
    table = TABLE
    #: The options a new rule needs.
    required_to_add: tuple[str, ...] = ('action', 'conditions')
    where: ZoneRules | None  # the zone's rules of this kind (None: the pull zone has no Shield zone)

    @property
    def rules(self) -> ZoneRules:
        return t.cast(ZoneRules, self.where)

    @property
    def noun(self) -> str:  # type: ignore[override]  # the kind's own: a custom WAF rule, a rate limit
        return self.kind.noun

    @property
    def what(self) -> str:
        """The rule as a message names it."""
        # A Shield zone that a site creates in the same run has no id yet.
        zone = (
            f'shield zone {self.where.zone_id}' if self.where is not None and self.where.zone_id else 'the shield zone'
        )
        return f'{self.kind.noun} "{self.params["name"]}" of {zone}'

    # ---- input ----

    def validate(self) -> None:
        params = self.params
        problem = scope_problem(params)
        if problem:
            self.module.fail(problem)
        problem = text_problem(params['name'])
        if problem:
            self.module.fail(f"name {params['name']!r} {problem}")
        for problem in self.table.problems(params):  # the bounds of the table's values
            self.module.fail(problem)
        if params['conditions'] is not None:
            problems = condition_problems(params['conditions'])
            if problems:
                self.module.fail('; '.join(problems))

    # ---- reading ----

    def locate(self) -> ZoneRules | None:
        zone_id, pullzone_id = ShieldApi(self.client).scope(self.params)
        if zone_id is None:
            if self.state == 'absent':
                return None
            raise no_shield_zone(pullzone_id)
        return ZoneRules(ShieldRuleApi(self.client, self.kind), zone_id)

    def found_in(self, collection: ZoneRules) -> Record | None:
        """The rule among the zone's rules of its kind as read, or None."""
        rule = collection.find(self.params['name'])
        return held(rule) if rule is not None else None

    def check(self, plan: Plan) -> None:
        if plan.action != 'create':
            return
        missing = [option for option in self.required_to_add if self.params[option] is None]
        if missing:
            listed = ', '.join(missing[:-1]) + (' and ' if len(missing) > 1 else '') + missing[-1]
            self.module.fail(f'adding {self.what} needs {listed}')
        problem = self.rules.limit_problem()
        if problem is not None:
            raise problem

    # ---- writing ----

    def create(self, wanted: Record) -> Record:
        rule = self.rules.create(
            self.params['name'], wanted.get('ruleDescription'), configuration_of(self.kind, wanted)
        )
        return held(rule)

    def update(self, current: Record, changes: Record) -> Record:
        after = {**current, **changes}
        rule = current[RULE]
        saved = self.rules.api.update(
            int(rule['id']), rule['ruleName'], after.get('ruleDescription'), configuration_of(self.kind, after)
        )
        return held(saved)

    def delete(self, current: Record) -> None:
        self.rules.api.delete(current[RULE])

    # ---- check mode ----

    def predict_create(self, wanted: Record) -> Record:
        rule: ShieldRule = {
            'id': None,
            'shieldZoneId': self.rules.zone_id,
            'userId': None,
            'ruleName': self.params['name'],
            'ruleDescription': wanted.get('ruleDescription') or '',
            'ruleJson': None,
            'ruleConfiguration': configuration_of(self.kind, wanted),
        }
        return held(rule)

    def predict_update(self, current: Record, changes: Record) -> Record:
        after = {**current, **changes}
        rule = dict(
            current[RULE],
            ruleDescription=after.get('ruleDescription') or '',
            ruleJson=None,  # the service's own form of the new configuration
            ruleConfiguration=configuration_of(self.kind, after),
        )
        return held(t.cast(ShieldRule, rule))

    # ---- output ----

    def result_view(self, resource: Record | None) -> Record | None:
        return t.cast(Record, resource[RULE]) if resource is not None else None

    def diff_view(self, resource: Record | None) -> dict[str, object] | None:
        view = super().diff_view(resource)
        return {'name': resource[RULE].get('ruleName'), **view} if resource is not None and view is not None else view

    def describe(self, plan: Plan) -> str | None:
        return f'update (the {self.kind.noun} keeps its id)' if plan.action == 'update' else plan.note

    def outcome(self, plan: Plan, after: Record | None) -> dict[str, object]:
        zone_id = self.where.zone_id if self.where is not None else None
        return {**super().outcome(plan, after), 'shield_zone_id': zone_id}
