# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``shield_rate_limit``: a rate limit of a Shield zone (RateLimitRule, its configuration
CreateWafRateLimitRuleModel): the name, description and conditions of a custom WAF rule, and how many requests a
client may send in a timeframe. The API fields of the configuration are ``ruleConfiguration.`` paths."""

from __future__ import annotations

from dataclasses import replace

from ansible_collections.edge.platform.plugins.module_utils._options import INT32, Enum, Option, Table
from ansible_collections.edge.platform.plugins.module_utils._tables.scopes import SHIELD_RULE_SCOPE
from ansible_collections.edge.platform.plugins.module_utils._tables.shield_waf_rule import (
    CONDITIONS,
    DESCRIPTION,
    NAME,
    SEVERITY,
    STATE,
)

RATE_LIMIT_ACTIONS = Enum('RatelimitRuleActionType', {'rate_limit': 1, 'log': 2, 'challenge': 3})
COUNTER_KEYS = Enum(
    'WafRatelimitCounterKeyType',
    {'ip': 0, 'host': 1, 'country': 2, 'city': 3, 'asn': 4, 'organization': 5, 'ja4': 6, 'ip_ja4': 7},
)
# WafRateLimitTimeframeType and WafRatelimitBlockType: their values are the seconds.
TIMEFRAMES = (1, 10, 60, 300, 900, 3600)
BLOCK_TIMES = (30, 60, 300, 900, 1800, 3600)

TABLE = Table(
    *SHIELD_RULE_SCOPE,
    replace(
        NAME,
        description=(
            'Name of the rate limit (C(ruleName)), which finds it in the Shield zone. Case-sensitive; it must not be '
            'blank.',
            'Two rate limits of this name in the zone are a failure naming their ids (rename or delete one in the '
            'dashboard).',
        ),
    ),
    replace(DESCRIPTION, description=('Description of the rate limit (C(ruleDescription)).', DESCRIPTION.lines[1])),
    replace(
        CONDITIONS,
        description=(
            'Which requests count (the conditions of a custom WAF rule; see M(edge.platform.shield_waf_rule)): the '
            "first condition is the rate limit's own, the others are chained to it; a request counts when every "
            'condition matches.',
            *CONDITIONS.lines[1:-1],
            'Required to add a rate limit.',
        ),
    ),
    Option(
        'requests',
        'int',
        (
            'How many matching requests a client (as O(counter_key) tells clients apart) may send within '
            'O(timeframe) before O(action) applies (C(requestCount)).',
            'Required to add a rate limit.',
        ),
        bounds=(1, INT32[1]),
        api='ruleConfiguration.requestCount',
    ),
    Option(
        'timeframe',
        'int',
        ('The seconds over which O(requests) are counted (C(timeframe)).', 'Required to add a rate limit.'),
        choices=TIMEFRAMES,
        api='ruleConfiguration.timeframe',
    ),
    Option(
        'block_time',
        'int',
        (
            'The seconds O(action) lasts for a client that went over the limit (C(blockTime)).',
            'Required to add a rate limit.',
        ),
        choices=BLOCK_TIMES,
        api='ruleConfiguration.blockTime',
    ),
    Option(
        'counter_key',
        'str',
        (
            'What tells clients apart, each counted on its own (C(counterKeyType)): its V(ip) address, the V(host) '
            'it asks for, its V(country), V(city), V(asn), V(organization), its V(ja4) TLS fingerprint, or '
            'V(ip_ja4) both.',
            'A new rate limit counts by V(ip) when this is not given; an existing one keeps its own.',
        ),
        enum=COUNTER_KEYS,
        api='ruleConfiguration.counterKeyType',
    ),
    Option(
        'action',
        'str',
        (
            "What happens to a client over the limit (C(actionType)), the snake_case name of the API's action: "
            'V(rate_limit) (its requests are refused for O(block_time)), V(log) (only logged: try a limit this way '
            'first), V(challenge).',
            'Required to add a rate limit.',
        ),
        enum=RATE_LIMIT_ACTIONS,
        api='ruleConfiguration.actionType',
    ),
    replace(
        SEVERITY,
        description=(
            'The severity the rate limit reports in the event logs (C(severityType)).',
            'A new rate limit gets V(notice) when this is not given; an existing one keeps its own.',
        ),
    ),
    replace(
        STATE,
        description=(
            'V(present) adds the rate limit when the Shield zone has none of this O(name), else changes what differs '
            '(it keeps its id).',
            'V(absent) deletes it.',
        ),
    ),
)
