# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``shield_zone_info``: which Shield zones to read (one, those of pull zones, or all), and whether
with their access lists, custom WAF rules and rate limits."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

TABLE = Table(
    Option(
        'shield_zone_id',
        'int',
        (
            'Id of one Shield zone. An id that does not exist returns an empty list.',
            'Mutually exclusive with O(pullzone_id) and O(pullzone_name).',
        ),
        api='shieldZoneId',
    ),
    Option(
        'pullzone_id',
        'int',
        'Id of a pull zone; returns its Shield zone. A pull zone without one (or that does not exist) returns an '
        'empty list.',
        api='pullZoneId',
    ),
    Option(
        'pullzone_name',
        'str',
        'Exact name of a pull zone (case-sensitive), looked up in the pull zone list; returns the Shield zone of each '
        'pull zone with that name. No such pull zone, or none with a Shield zone, returns an empty list.',
    ),
    Option(
        'access_lists',
        'str',
        (
            'Whether each zone also carries its access lists, as C(accessLists).',
            'V(none) leaves them out.',
            'V(overview) adds the access list overview of the zone - its managed and custom lists (C(listId), '
            'C(configurationId), C(name), C(description), C(isEnabled), C(type), C(action), C(entryCount), '
            'C(lastUpdated)) with the counts and limits of its plan.',
            'V(content) adds the C(content) (entries separated by newlines) and C(checksum) of each custom list too.',
        ),
        choices=('none', 'overview', 'content'),
        default='none',
    ),
    Option(
        'rules',
        'bool',
        (
            'Whether each zone also carries its custom WAF rules, as C(customWafRules), and its rate limits, as '
            'C(rateLimits): lists of the rules as the API has them (C(id), C(ruleName), C(ruleDescription), '
            'C(ruleConfiguration) …), in the order of their listings.',
            'It costs two requests per zone, the fewest the API allows (it lists the two apart, and has no listing '
            'of several zones): each listing is read in one page of up to 1000, more than any plan lets a zone '
            'hold. Up to eight zones are read at a time.',
        ),
        default=False,
        version_added='1.1.0',
    ),
)
