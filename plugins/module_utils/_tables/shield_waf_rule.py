# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``shield_waf_rule``: a custom WAF rule of a Shield zone (CustomWafRule, its configuration
CreateCustomWafRuleModel), and what ``shield_rate_limit`` shares with it: the name, the description, the conditions
and their enumerations. The API fields of the configuration are ``ruleConfiguration.`` paths."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Enum, Option, Table
from ansible_collections.edge.platform.plugins.module_utils._tables.scopes import SHIELD_RULE_SCOPE

WAF_RULE_ACTIONS = Enum('WafRuleActionType', {'block': 1, 'log': 2, 'challenge': 3, 'allow': 4, 'bypass': 5})
OPERATORS = Enum(
    'WafRuleOperatorType',
    {
        'begins_with': 0,
        'ends_with': 1,
        'contains': 2,
        'contains_word': 3,
        'str_match': 4,
        'eq': 5,
        'ge': 6,
        'gt': 7,
        'le': 8,
        'lt': 9,
        'within': 12,
        'rx': 14,
        'str_eq': 15,
        'detect_sqli': 17,
        'detect_xss': 18,
    },
)
SEVERITIES = Enum('WafRuleSeverityType', {'notice': 0, 'warning': 1, 'critical': 2})
TRANSFORMATIONS = Enum(
    'WafRuleTransformationType',
    {
        'cmd_line': 1,
        'compress_whitespace': 2,
        'css_decode': 3,
        'hex_encode': 4,
        'html_entity_decode': 5,
        'js_decode': 6,
        'length': 7,
        'lowercase': 8,
        'md5': 9,
        'normalize_path': 10,
        'normalise_path': 11,
        'normalize_path_win': 12,
        'normalise_path_win': 13,
        'remove_comments': 14,
        'remove_nulls': 15,
        'remove_whitespace': 16,
        'replace_comments': 17,
        'sha1': 18,
        'url_decode': 19,
        'url_decode_uni': 20,
        'utf8_to_unicode': 21,
    },
)
# The properties of variableTypes: the API knows a variable by its name, with the part of the request it names.
VARIABLES = Enum(
    'variableTypes',
    {
        name.lower(): name
        for name in (
            'REQUEST_URI',
            'REQUEST_URI_RAW',
            'ARGS',
            'ARGS_COMBINED_SIZE',
            'ARGS_GET',
            'ARGS_GET_NAMES',
            'ARGS_POST',
            'ARGS_POST_NAMES',
            'FILES_NAMES',
            'GEO',
            'REMOTE_ADDR',
            'QUERY_STRING',
            'REQUEST_BASENAME',
            'REQUEST_BODY',
            'REQUEST_COOKIES_NAMES',
            'REQUEST_COOKIES',
            'REQUEST_FILENAME',
            'REQUEST_HEADERS_NAMES',
            'REQUEST_HEADERS',
            'REQUEST_LINE',
            'REQUEST_METHOD',
            'REQUEST_PROTOCOL',
            'RESPONSE_BODY',
            'RESPONSE_HEADERS',
            'RESPONSE_STATUS',
            'FINGERPRINT',
            'VERIFIED_BOT_CATEGORY',
        )
    },
)
# The operators that compare numbers: their value is an integer.
NUMERIC_OPERATORS = frozenset(('eq', 'ge', 'gt', 'le', 'lt'))

NAME = Option(
    'name',
    'str',
    (
        "Name of the rule (C(ruleName)), which finds it in the Shield zone. Case-sensitive; it must not be blank.",
        'Two rules of this name in the zone are a failure naming their ids (rename or delete one in the dashboard).',
    ),
    required=True,
    api='ruleName',
)
DESCRIPTION = Option(
    'description',
    'str',
    ('Description of the rule (C(ruleDescription)).', 'An empty string and no value are the same.'),
    api='ruleDescription',
)
CONDITIONS = Option(
    'conditions',
    'list',
    (
        'What a request must match for the rule to act: the first condition is the rule\'s own, the others are '
        'chained to it (C(chainedRuleConditions)); a request matches when every condition matches.',
        'The whole list. The first condition is compared as given; the chained ones as a set, whatever order the '
        'API keeps them in (it keeps its own), so a rerun that gives them in another order is unchanged.',
        'Required to add a rule.',
    ),
    elements='dict',
    suboptions=(
        Option(
            'variables',
            'list',
            (
                'The parts of the request the condition looks at (C(variableTypes)), each the snake_case name of '
                "the API's variable, or C(NAME:PART) where the variable takes a part, such as "
                'V(request_headers:User-Agent), V(request_cookies:session) or V(args:q).',
                'A set: order and repeats do not matter; a variable may be named once in a condition.',
                'The variables: ' + ', '.join(f'V({name})' for name in VARIABLES.names) + '.',
            ),
            elements='str',
            required=True,
        ),
        Option(
            'operator',
            'str',
            (
                "How the variables are compared with O(conditions[].value), the snake_case name of the API's "
                'operator (C(operatorType)): V(begins_with), V(ends_with), V(contains), V(contains_word), '
                'V(str_eq) (equal text), V(str_match), V(within) (one of the space-separated words), V(rx) (a '
                'regular expression), V(eq), V(ge), V(gt), V(le), V(lt) (numbers: O(conditions[].value) must be an '
                'integer), V(detect_sqli), V(detect_xss) (no value needed).',
            ),
            enum=OPERATORS,
            required=True,
        ),
        Option(
            'value',
            'str',
            'What the variables are compared with (C(value)). An empty string and no value are the same.',
        ),
        Option(
            'transformations',
            'list',
            (
                'What is done to the variables before the comparison (C(transformationTypes)), in this order, such '
                'as V(url_decode) then V(lowercase).',
                "Only the first condition takes transformations: the API's chained conditions have none.",
            ),
            elements='str',
            enum=TRANSFORMATIONS,
        ),
        Option(
            'negated',
            'bool',
            'Whether the condition matches when the comparison fails (C(isNegated)).',
            default=False,
        ),
    ),
)
SEVERITY = Option(
    'severity',
    'str',
    (
        'The severity the rule reports in the event logs (C(severityType)).',
        'A new rule gets V(notice) when this is not given; an existing rule keeps its own.',
    ),
    enum=SEVERITIES,
    api='ruleConfiguration.severityType',
)
STATE = Option(
    'state',
    'str',
    (
        'V(present) adds the rule when the Shield zone has none of this O(name), else changes what differs (the rule '
        'keeps its id).',
        'V(absent) deletes it.',
    ),
    choices=('present', 'absent'),
    default='present',
)

TABLE = Table(
    *SHIELD_RULE_SCOPE,
    NAME,
    DESCRIPTION,
    Option(
        'action',
        'str',
        (
            "What the rule does with a request that matches (C(actionType)), the snake_case name of the API's "
            'action: V(block), V(log) (only logs: try a rule this way first), V(challenge), V(allow), V(bypass) (the '
            'other WAF rules are skipped).',
            'Required to add a rule.',
        ),
        enum=WAF_RULE_ACTIONS,
        api='ruleConfiguration.actionType',
    ),
    CONDITIONS,
    SEVERITY,
    STATE,
)
