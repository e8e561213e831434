# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The purges of the ``pullzone_purge`` module: a pull zone (whole or by cache tag) or URLs, the input checked
before any request."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, url_secrets
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._pullzones import (
    PullZoneApi,
    Purged,
    purge_of_zone,
    purge_urls,
)
from ansible_collections.edge.platform.plugins.module_utils._shield import scope_problem


def validate(module: EdgeModule) -> list[str] | None:
    """Refuse bad input before any request; the URLs to purge, or None for a pull zone."""
    params = module.params
    problem = scope_problem(params, ('pullzone_id', 'pullzone_name'))
    if problem:
        module.fail(problem)
    module.refuse_blank('cache_tag')
    if params['urls'] is None:
        if params['exact_path']:
            module.fail('exact_path applies to urls only (a pull zone is purged whole, or by cache_tag)')
        if not params['wait']:
            module.fail('wait: false applies to urls only (the API purges a pull zone before it answers)')
        return None
    if not params['urls']:
        module.fail('urls must hold at least one URL')
    for url in params['urls']:
        module.ansible.no_log_values.update(url_secrets((url or '').strip()))  # a password in a URL is never shown
    try:
        return purge_urls(params['urls'])
    except ValueError as error:
        module.fail(str(error))


def purge(module: EdgeModule, urls: list[str] | None) -> dict[str, t.Any]:
    """Check mode sends no purge: its only requests are the reads that find a pull zone given by name."""
    params, api, check_mode = module.params, PullZoneApi(module.client), module.check_mode
    if urls is None:
        zone_id, name = params['pullzone_id'], params['pullzone_name']
        if zone_id is None:  # a read, so in check mode too: a name that no pull zone has fails as a real run would
            zone_id = api.resolve_id(name)
        item = (
            purge_of_zone(zone_id, params['cache_tag']) if check_mode else api.purge_zone(zone_id, params['cache_tag'])
        )
        if name is not None:
            item['pullzone_name'] = name
        return {'changed': True, 'purged': [item], 'pullzone_id': zone_id}
    purged: list[Purged] = []
    for url in urls:
        try:
            purged.append({'url': url} if check_mode else api.purge_url(url, params['exact_path'], params['wait']))
        except EdgeApiError as error:
            # What was purged before the failure (changed: true when anything was); a rerun purges all.
            module.fail_api(error, purged=purged)
    return {'changed': True, 'purged': purged}
