# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``pullzone_edge_rule``: an edge rule of a pull zone (EdgeRuleV2Model), its actions and triggers."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Enum, Option, Table
from ansible_collections.edge.platform.plugins.module_utils._tables.scopes import PULLZONE_SCOPE

# EdgeRuleActionType; 22 drops the word the API description's renaming drops (its ContainerAppId).
EDGE_RULE_ACTIONS = Enum(
    'EdgeRuleActionType',
    {
        'force_ssl': 0,
        'redirect': 1,
        'origin_url': 2,
        'override_cache_time': 3,
        'block_request': 4,
        'set_response_header': 5,
        'set_request_header': 6,
        'force_download': 7,
        'disable_token_authentication': 8,
        'enable_token_authentication': 9,
        'override_cache_time_public': 10,
        'ignore_query_string': 11,
        'disable_optimizer': 12,
        'force_compression': 13,
        'set_status_code': 14,
        'bypass_perma_cache': 15,
        'override_browser_cache_time': 16,
        'origin_storage': 17,
        'set_network_rate_limit': 18,
        'set_connection_limit': 19,
        'set_requests_per_second_limit': 20,
        'run_edge_script': 21,
        'origin_containers': 22,
        'disable_waf': 23,
        'retry_origin': 24,
        'override_browser_cache_response_header': 25,
        'remove_browser_cache_response_header': 26,
        'disable_shield_challenge': 27,
        'disable_shield': 28,
        'disable_shield_bot_detection': 29,
        'bypass_aws_s3_authentication': 30,
        'disable_shield_access_lists': 31,
        'disable_shield_rate_limiting': 32,
        'enable_request_coalescing': 33,
        'disable_request_coalescing': 34,
        'strip_cookies_client_to_origin': 37,
    },
)
TRIGGER_TYPES = Enum(
    'TriggerTypes',
    {
        'url': 0,
        'request_header': 1,
        'response_header': 2,
        'url_extension': 3,
        'country_code': 4,
        'remote_ip': 5,
        'url_query_string': 6,
        'random_chance': 7,
        'status_code': 8,
        'request_method': 9,
        'cookie_value': 10,
        'country_state_code': 11,
        'origin_retry_attempt_count': 12,
        'origin_connection_error': 13,
    },
)
# A rule's TriggerMatchingType and a trigger's PatternMatchingType take the same names.
TRIGGER_MATCHING_TYPES = Enum('TriggerMatchingTypes', {'any': 0, 'all': 1, 'none': 2})
PATTERN_MATCHING_TYPES = Enum('PatternMatchingTypes', {'any': 0, 'all': 1, 'none': 2})

TABLE = Table(
    *PULLZONE_SCOPE,
    Option(
        'description',
        'str',
        (
            "The rule's description (C(Description)), which finds it. Case-sensitive; it must not be blank.",
            'At least one of O(description) and O(guid) is required; a rule is added only by O(description).',
        ),
        api='Description',
    ),
    Option(
        'guid',
        'str',
        (
            "The rule's C(Guid), which finds it when given; then O(description), when given too, is set as the "
            "rule's new description.",
            'The service gives a new rule its guid, so a rule is never added by O(guid); a guid the pull zone does '
            'not have fails with O(state=present) and is unchanged with O(state=absent).',
        ),
        api='Guid',
    ),
    Option(
        'action',
        'str',
        (
            "What the rule does (C(ActionType)), the snake_case name of the API's EdgeRuleActionType, such as "
            'V(force_ssl) (redirect to HTTPS), V(redirect) (O(action_parameter_1) the URL, O(action_parameter_2) the '
            'status code), V(block_request), V(set_response_header) and V(set_request_header) (O(action_parameter_1) '
            "the header's name, O(action_parameter_2) its value), V(override_cache_time) (O(action_parameter_1) the "
            'seconds).',
            'Required to add a rule.',
        ),
        enum=EDGE_RULE_ACTIONS,
        api='ActionType',
    ),
    Option(
        'action_parameter_1',
        'str',
        (
            'The first parameter of O(action) (C(ActionParameter1)); what it means depends on the action.',
            'An empty string and no value are the same.',
        ),
        api='ActionParameter1',
    ),
    Option(
        'action_parameter_2',
        'str',
        'The second parameter of O(action) (C(ActionParameter2)).',
        api='ActionParameter2',
    ),
    Option(
        'action_parameter_3',
        'str',
        'The third parameter of O(action) (C(ActionParameter3)).',
        api='ActionParameter3',
    ),
    Option(
        'extra_actions',
        'list',
        (
            'More actions the rule does on the same requests (C(ExtraActions)), after O(action), in this order.',
            'The whole list; V([]) removes every extra action.',
        ),
        elements='dict',
        api='ExtraActions',
        suboptions=(
            Option(
                'action',
                'str',
                'What the extra action does; the names of O(action).',
                enum=EDGE_RULE_ACTIONS,
                required=True,
                api='ActionType',
            ),
            Option(
                'action_parameter_1',
                'str',
                'The first parameter of the extra action.',
                api='ActionParameter1',
            ),
            Option(
                'action_parameter_2',
                'str',
                'The second parameter of the extra action.',
                api='ActionParameter2',
            ),
            Option(
                'action_parameter_3',
                'str',
                'The third parameter of the extra action.',
                api='ActionParameter3',
            ),
        ),
    ),
    Option(
        'triggers',
        'list',
        (
            'The conditions on a request that make the rule act (C(Triggers)), combined with O(trigger_matching).',
            'The whole list, compared as a set. Required to add a rule.',
        ),
        elements='dict',
        api='Triggers',
        suboptions=(
            Option(
                'type',
                'str',
                "What the trigger looks at, the snake_case name of the API's TriggerTypes, such as V(url), "
                'V(request_header), V(url_extension), V(country_code), V(remote_ip), V(status_code), '
                'V(request_method).',
                enum=TRIGGER_TYPES,
                required=True,
                api='Type',
            ),
            Option(
                'patterns',
                'list',
                (
                    'The values the trigger matches (C(PatternMatches)), such as V(*) or V(https://*/images/*) for '
                    'V(url), V(KP) for V(country_code); V(*) is a wildcard.',
                    'Compared as a set, sent in the order given. An empty or blank pattern is refused.',
                ),
                required=True,
                elements='str',
                api='PatternMatches',
                unordered=True,
            ),
            Option(
                'match',
                'str',
                'How the patterns combine (C(PatternMatchingType)), V(any), V(all) or V(none) of them.',
                enum=PATTERN_MATCHING_TYPES,
                default='any',
                api='PatternMatchingType',
            ),
            Option(
                'parameter_1',
                'str',
                "The trigger's parameter (C(Parameter1)), such as the header's name for V(request_header).",
                api='Parameter1',
            ),
        ),
    ),
    Option(
        'trigger_matching',
        'str',
        (
            'How the triggers combine (C(TriggerMatchingType)), V(any), V(all) or V(none) of them.',
            'A new rule takes V(any) when this is not given; an existing rule keeps its own.',
        ),
        enum=TRIGGER_MATCHING_TYPES,
        api='TriggerMatchingType',
    ),
    Option(
        'enabled',
        'bool',
        (
            'Whether the rule is on. A new rule is enabled unless this is V(false); an existing rule keeps its own.',
            'A change of this alone switches the rule through C(setEdgeRuleEnabled).',
        ),
        api='Enabled',
    ),
    Option(
        'state',
        'str',
        (
            'V(present) adds the rule when the pull zone has no rule of this O(description), else changes what '
            'differs.',
            'V(absent) deletes it.',
        ),
        choices=('present', 'absent'),
        default='present',
    ),
)
