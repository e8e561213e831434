# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The custom WAF rules and rate limits of a Shield zone: every path, body and answer, and what a run does with the
rules of one kind of one zone.

``ShieldRuleApi(client, kind)`` sends the requests of one kind (``CUSTOM_RULES`` or ``RATE_LIMITS``): a zone's
listing (pages of ``RULE_PAGE_SIZE``, one request for any zone a plan allows), create, update (PATCH of the whole rule:
absolute values, safe to repeat) and delete. A create is never repeated: when its answer is lost (or says nothing of
the rule), the zone's rules are listed again and the one new rule of its name is the one it made.

``ZoneRules(api, zone_id)`` holds the rules of a zone as a run read them: it finds one by name (two of one name are a
clear failure naming their ids), tells whether the zone has room for one more (its plan's limit), and takes the run's
turn among the runs on the controller that change them (``_locks.controller_lock``), from the read to the last write:
two runs adding the same rule would otherwise both find none and both add it.

A rule travels as the API has it (``CustomWafRule``, ``RateLimitRule``): ``{id, shieldZoneId, userId, ruleName,
ruleDescription, ruleJson, ruleConfiguration}``. Answers are read in the Shield shapes and the rule's own
``errorResponse``, whose ``success: false`` is a failure even in a 2xx answer.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from ansible_collections.edge.platform.plugins.module_utils._client import (
    CallOptions,
    EdgeApiError,
    EdgeClient,
    EdgeFinding,
    Response,
    iter_pages,
)
from ansible_collections.edge.platform.plugins.module_utils._errors import SHIELD_RULES, unsaved_answer
from ansible_collections.edge.platform.plugins.module_utils._locks import controller_lock
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._shield import ShieldApi

if t.TYPE_CHECKING:  # only for mypy
    from typing_extensions import Unpack

# The largest page the listings are asked for: more than any plan lets a zone hold, so a zone is one request.
RULE_PAGE_SIZE = 1000

# A configuration as the API takes it, in the reference's order (CreateCustomWafRuleModel; a rate limit's,
# CreateWafRateLimitRuleModel, adds RATE_LIMIT_KEYS before the chained conditions), and a chained condition
# (WafChainedRuleConditionItem).
CONDITION_KEYS = ('variableTypes', 'operatorType', 'value', 'isNegated', 'isRegexVariable')
RULE_KEYS = (
    'actionType',
    'variableTypes',
    'operatorType',
    'severityType',
    'transformationTypes',
    'value',
    'isNegated',
    'isRegexVariable',
)
RATE_LIMIT_KEYS = ('requestCount', 'counterKeyType', 'timeframe', 'blockTime')


class ShieldRule(t.TypedDict, total=False):
    """A custom WAF rule or a rate limit as the API answers it."""

    id: int | None
    shieldZoneId: int
    userId: str | None
    ruleName: str
    ruleDescription: str | None
    ruleJson: str | None
    ruleConfiguration: Record


@dataclass(frozen=True)
class RuleKind:
    """Custom WAF rules or rate limits: their paths, names and the zone's limit of them."""

    noun: str
    plural: str
    listing: str  # followed by /{shieldZoneId}
    item: str  # the create's path; followed by /{id}, the rule's
    limit_field: str
    limit_key: str
    configuration_keys: tuple[str, ...]


CUSTOM_RULES = RuleKind(
    'custom WAF rule',
    'custom WAF rules',
    'shield/waf/custom-rules',
    'shield/waf/custom-rule',
    'customWafRulesLimit',
    'custom_waf_rule.limit_exceeded',
    (*RULE_KEYS, 'chainedRuleConditions'),
)
RATE_LIMITS = RuleKind(
    'rate limit',
    'rate limits',
    'shield/rate-limits',
    'shield/rate-limit',
    'rateLimitRulesLimit',
    'rate_limit.limit_exceeded',
    (*RULE_KEYS, *RATE_LIMIT_KEYS, 'chainedRuleConditions'),
)


def refusal(operation: str, response: Response) -> EdgeApiError | None:
    """The failure a 2xx answer reports: the Shield envelope's or a bare ``success: false``, or the rule's own
    ``errorResponse``."""
    body = response.json()
    error = unsaved_answer(operation, response.status, body)
    if error is not None or not isinstance(body, dict):
        return error
    inner = body.get('errorResponse')
    if isinstance(inner, dict) and inner.get('success') is False:
        message = str(inner.get('message') or 'no message')
        return EdgeApiError(operation, response.status, message, inner.get('errorKey') or None)
    return None


def rule_of(answer: object) -> ShieldRule | None:
    """The rule an answer carries (a 202 carries none)."""
    return t.cast(ShieldRule, answer) if isinstance(answer, dict) and answer.get('id') is not None else None


class ShieldRuleApi:
    """The requests of one kind of rule, each naming its operation in failures."""

    def __init__(self, client: EdgeClient, kind: RuleKind) -> None:
        self.client = client
        self.kind = kind

    def _call(
        self, method: str, path: str, operation: str, ok_statuses: t.Collection[int] = (), **kwargs: Unpack[CallOptions]
    ) -> Response:
        return self.client.request(
            method,
            path,
            operation,
            ok_statuses=ok_statuses,
            refused=lambda response: refusal(operation, response),
            errors=SHIELD_RULES,
            **kwargs,
        )

    def of(self, rule: t.Mapping[str, object]) -> str:
        return f'{self.kind.noun} {rule.get("id")} ("{rule.get("ruleName")}")'

    def listing(self, zone_id: int) -> list[ShieldRule]:
        """The rules of a zone, in the API's order: one request per page of ``RULE_PAGE_SIZE``."""

        def fetch(page: int) -> object:
            operation = f'list the {self.kind.plural} of shield zone {zone_id}'
            if page > 1:
                operation += f' (page {page})'
            params = {'page': page, 'perPage': RULE_PAGE_SIZE}
            return self._call('GET', f'{self.kind.listing}/{zone_id}', operation, params=params).json()

        def items_of(body: object) -> list[ShieldRule]:
            data = body.get('data') if isinstance(body, dict) else None
            return [rule for rule in map(rule_of, data or []) if rule is not None]

        def next_of(body: object, page: int) -> int | None:
            following = (body.get('page') or {}).get('nextPage') if isinstance(body, dict) else None
            # Only forward: an API that answered the same page again would otherwise be read forever.
            return following if isinstance(following, int) and following > page and items_of(body) else None

        return list(iter_pages(fetch, items_of, next_of, 1))

    def create(
        self, zone_id: int, name: str, description: str | None, configuration: Record, known: t.Collection[object]
    ) -> ShieldRule:
        """A new rule in a zone whose rules have the ids ``known``; the rule as saved. A create is never repeated:
        when it may have been done but its answer is lost, or the answer carries no rule, the zone is listed again
        and the one new rule of ``name`` is the one it made."""
        operation = f'add {self.kind.noun} "{name}" to shield zone {zone_id}'
        body = {
            'shieldZoneId': zone_id,
            'ruleName': name,
            'ruleDescription': description or '',
            'ruleConfiguration': configuration,
        }
        try:
            answer = rule_of(self._call('POST', self.kind.item, operation, json_body=body).json())
        except EdgeApiError as error:
            if not self.client.wrote:  # refused before the server acted
                raise
            return self.made(zone_id, name, known, error)
        return answer if answer is not None else self.made(zone_id, name, known, None)

    def made(self, zone_id: int, name: str, known: t.Collection[object], error: EdgeApiError | None) -> ShieldRule:
        """The one rule of ``name`` that is not among ``known`` (a create whose answer did not tell); ``error`` (else
        a finding) when there is not exactly one."""
        try:
            added = [rule for rule in self.listing(zone_id) if rule.get('ruleName') == name and rule['id'] not in known]
        except EdgeApiError:
            if error is not None:
                raise error from None
            raise
        if len(added) == 1:
            return added[0]
        if error is not None:
            raise error
        raise EdgeFinding(
            f'add {self.kind.noun} "{name}" to shield zone {zone_id}',
            f'the API answered without the rule, and the zone has {len(added)} new {self.kind.plural} of this name',
        )

    def update(self, rule_id: int, name: str, description: str | None, configuration: Record) -> ShieldRule:
        """Set the name, description and whole configuration of a rule (absolute values: safe to repeat); the rule as
        saved."""
        operation = f'update {self.kind.noun} {rule_id} ("{name}")'
        body = {'ruleName': name, 'ruleDescription': description or '', 'ruleConfiguration': configuration}
        answer = rule_of(
            self._call('PATCH', f'{self.kind.item}/{rule_id}', operation, json_body=body, idempotent=True).json()
        )
        if answer is None:
            raise EdgeFinding(operation, 'the API answered without the rule')
        return answer

    def delete(self, rule: t.Mapping[str, object]) -> None:
        """Delete a rule; gone already (the API's 404: a repeat whose first answer was lost) is what was asked."""
        response = self._call('DELETE', f'{self.kind.item}/{rule["id"]}', f'delete {self.of(rule)}', ok_statuses=(404,))
        self.client.says_missing(response, SHIELD_RULES)  # a 404 of another service fails, naming the address


class ZoneRules:
    """The rules of one kind of one Shield zone, as a run reads and changes them."""

    def __init__(self, api: ShieldRuleApi, zone_id: int) -> None:
        self.api = api
        self.zone_id = zone_id
        self.rules: list[ShieldRule] = []

    @property
    def kind(self) -> RuleKind:
        return self.api.kind

    def read(self) -> None:
        self.rules = self.api.listing(self.zone_id)

    def turn(self) -> t.ContextManager[object]:
        """This run's turn at the zone's rules of this kind: the runs on this controller that change them take
        turns, from their read to their last write (the zone's limit counts every rule: the turn is the zone's)."""
        what = f'the {self.kind.plural} of shield zone {self.zone_id}'
        return controller_lock(what, self.api.client.base_urls['api'], f'shield zone {self.kind.plural}', self.zone_id)

    def find(self, name: str) -> ShieldRule | None:
        """The rule called ``name``; a clear failure when several are."""
        matches = [rule for rule in self.rules if rule.get('ruleName') == name]
        if len(matches) > 1:
            ids = ', '.join(str(rule.get('id')) for rule in matches)
            raise EdgeFinding(
                f'find {self.kind.noun} "{name}" of shield zone {self.zone_id}',
                f'{len(matches)} {self.kind.plural} have this name (ids {ids}); rename or delete all but one',
                'rule.ambiguous',
            )
        return matches[0] if matches else None

    def limit_problem(self) -> EdgeFinding | None:
        """Why the zone has no room for one more rule (its plan's limit, read from the zone), or None."""
        zone = ShieldApi(self.api.client).zone(self.zone_id) or {}
        limit = zone.get(self.kind.limit_field)
        if not isinstance(limit, int) or len(self.rules) < limit:
            return None
        return EdgeFinding(
            f'add a {self.kind.noun} to shield zone {self.zone_id}',
            f'the zone holds {len(self.rules)} {self.kind.plural}, the limit of its plan ({self.kind.limit_field} '
            f'{limit}); delete one, or change the plan with edge.platform.shield_zone',
            self.kind.limit_key,
        )

    def create(self, name: str, description: str | None, configuration: Record) -> ShieldRule:
        known = [rule.get('id') for rule in self.rules]
        return self.api.create(self.zone_id, name, description, configuration, known)
