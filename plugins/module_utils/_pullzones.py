# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Pull zone lookups shared by the modules that identify things by pull zone."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeClient, EdgeFinding, iter_pages

PAGE_SIZE = 1000  # the largest perPage the API accepts


def list_pullzones(
    client: EdgeClient, search: str | None = None, include_certificate: bool = False
) -> t.Iterator[dict[str, t.Any]]:
    """Every pull zone (matching ``search``), fetched page by page with the largest page size."""
    params: dict[str, t.Any] = {'perPage': PAGE_SIZE, 'includeCertificate': str(include_certificate).lower()}
    if search:
        params['search'] = search

    def fetch(page: int) -> t.Any:
        return client.get('pullzone', 'list pull zones', params=dict(params, page=page))

    def items_of(body: t.Any) -> list[dict[str, t.Any]]:
        # page > 0 answers {Items, CurrentPage, TotalItems, HasMoreItems}; accept a plain array too.
        return body if isinstance(body, list) else (body or {}).get('Items') or []

    def next_of(body: t.Any, page: int) -> int | None:
        return page + 1 if isinstance(body, dict) and body.get('HasMoreItems') else None

    return iter_pages(fetch, items_of, next_of, 1)


def pullzones_named(client: EdgeClient, name: str) -> list[dict[str, t.Any]]:
    """Pull zones whose name is exactly ``name`` (the name is also the search term)."""
    return [zone for zone in list_pullzones(client, search=name) if zone.get('Name') == name]


def resolve_pullzone_id(client: EdgeClient, name: str) -> int:
    """The id of the one pull zone called ``name``; a clear error when none or several match."""
    zones = pullzones_named(client, name)
    if len(zones) != 1:
        found = (
            'no pull zone is'
            if not zones
            else f"{len(zones)} pull zones are ({', '.join(str(z.get('Id')) for z in zones)})"
        )
        raise EdgeFinding(
            f'find pull zone "{name}"',
            f'{found} named "{name}"; give pullzone_id instead' if zones else f'{found} named "{name}"',
        )
    return int(zones[0]['Id'])
