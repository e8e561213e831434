# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The Shield zones the ``shield_zone_info`` module reads: every zone, or one by its id or its pull zone, with their
access lists, custom WAF rules and rate limits when asked."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeClient
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._pullzones import PullZoneApi
from ansible_collections.edge.platform.plugins.module_utils._shield import ShieldApi, scope_problem
from ansible_collections.edge.platform.plugins.module_utils._shield_access_lists import AccessListApi
from ansible_collections.edge.platform.plugins.module_utils._shield_rules import (
    CUSTOM_RULES,
    RATE_LIMITS,
    ShieldRuleApi,
)


def zone_by_id(api: ShieldApi, zone_id: int) -> list[dict[str, t.Any]]:
    zone = api.zone(zone_id)
    if zone is None:
        return []
    if zone.get('pullZoneId') is None:  # the record may leave it out: the mapping has it
        zone['pullZoneId'] = api.pullzone_mapping().get(zone_id)
    return [zone]


def zones_of_pullzones(api: ShieldApi, pullzone_ids: t.Iterable[int]) -> list[dict[str, t.Any]]:
    zones = []
    for pullzone_id in pullzone_ids:
        zone = api.zone_of_pullzone(pullzone_id)
        if zone is not None:
            zones.append(dict(zone, pullZoneId=zone.get('pullZoneId') or pullzone_id))
    return zones


def with_rules(client: EdgeClient, zone: dict[str, t.Any]) -> None:
    """The zone with its custom WAF rules and rate limits: two requests, one listing each."""
    zone_id = int(zone['shieldZoneId'])
    zone['customWafRules'] = ShieldRuleApi(client, CUSTOM_RULES).listing(zone_id)
    zone['rateLimits'] = ShieldRuleApi(client, RATE_LIMITS).listing(zone_id)


def read_zones(module: EdgeModule) -> None:
    """Check the scope, then read the zones the options ask for (``module.run``)."""
    params = module.params
    problem = scope_problem(params)
    if problem:
        module.fail(problem)

    def run() -> dict[str, t.Any]:
        api = ShieldApi(module.client)
        if params['shield_zone_id'] is not None:
            zones = zone_by_id(api, params['shield_zone_id'])
        elif params['pullzone_id'] is not None:
            zones = zones_of_pullzones(api, [params['pullzone_id']])
        elif params['pullzone_name'] is not None:
            named = PullZoneApi(module.client).named(params['pullzone_name'])
            zones = zones_of_pullzones(api, [int(zone['Id']) for zone in named])
        else:
            zones = api.zones_with_pullzones()
        if params['access_lists'] != 'none':
            for zone in zones:
                lists = AccessListApi(module.client, int(zone['shieldZoneId']))
                zone['accessLists'] = lists.overview(with_content=params['access_lists'] == 'content')
        if params['rules']:
            module.client.concurrently(with_rules, zones)
        return {'shield_zones': zones}

    module.run(run)
