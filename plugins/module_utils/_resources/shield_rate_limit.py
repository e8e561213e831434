# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A rate limit of a Shield zone as the ``shield_rate_limit`` module manages it: a custom WAF rule's name, description
and conditions (``shield_waf_rule``'s resource does the work), and how many requests a client may send in a
timeframe."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._resource import Field
from ansible_collections.edge.platform.plugins.module_utils._resources.shield_waf_rule import (
    ShieldWafRule,
    conditions_to_api,
    conditions_view,
    same_conditions,
    same_text,
)
from ansible_collections.edge.platform.plugins.module_utils._shield_rules import RATE_LIMITS
from ansible_collections.edge.platform.plugins.module_utils._tables.shield_rate_limit import TABLE


class ShieldRateLimit(ShieldWafRule):
    """One rate limit of a Shield zone, found by its name."""

    name = 'rate_limit'
    kind = RATE_LIMITS
    table = TABLE
    fields = (
        Field.of(TABLE['description'], equal=same_text),
        Field('conditions', 'conditions', to_api=conditions_to_api, equal=same_conditions, from_api=conditions_view),
        Field.of(TABLE['requests']),
        Field.of(TABLE['timeframe']),
        Field.of(TABLE['block_time']),
        Field.of(TABLE['counter_key']),
        Field.of(TABLE['action']),
        Field.of(TABLE['severity']),
    )
    required_to_add = ('conditions', 'requests', 'timeframe', 'block_time', 'action')
