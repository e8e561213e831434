# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The DNS zones the ``dns_zone_info`` module reads: every zone, or one by its domain or id, with its records and
its zone file when asked."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._dns import DnsApi, same_domain, without_records
from ansible_collections.edge.platform.plugins.module_utils._dns_records import BadValue, domain_form


def read_zones(module: EdgeModule) -> None:
    """Check the options, then read the zones they ask for (``module.run``)."""
    params = module.params
    module.refuse_non_positive('id')
    module.refuse_blank('domain')
    if params['domain'] is not None:
        try:
            params['domain'] = domain_form(params['domain'])
        except BadValue as error:
            module.fail(f'domain {error}')

    def run() -> dict[str, t.Any]:
        api = DnsApi(module.client)
        records = params['records']
        if params['id'] is not None:
            zone = api.zone(params['id'], records=records)
            zones = [zone] if zone is not None else []
        else:
            zones = [
                zone
                for zone in api.zones(search=params['domain'], records=records)
                if params['domain'] is None or same_domain(zone.get('Domain'), params['domain'])
            ]
        found: list[dict[str, t.Any]] = []
        for zone in zones:
            if records and zone.get('Records') is None:  # a listing that leaves them out: the zone has them
                zone = api.zone(int(zone['Id']), records=True) or zone
            shown: dict[str, t.Any] = dict(zone if records else without_records(zone))
            if params['zone_file']:
                shown['zone_file'] = api.export(int(zone['Id']))
            found.append(shown)
        return {'dns_zones': found}

    module.run(run)
