# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Pull zone lookups shared by the modules that identify things by pull zone."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeClient
from ansible_collections.edge.platform.plugins.module_utils._lookup import list_core, only_one, select_records


def list_pullzones(
    client: EdgeClient, search: str | None = None, include_certificate: bool = False
) -> t.Iterator[dict[str, t.Any]]:
    """Every pull zone (matching ``search``), fetched page by page with the largest page size."""
    params: dict[str, t.Any] = {'includeCertificate': str(include_certificate).lower()}
    if search:
        params['search'] = search
    return list_core(client, 'pullzone', 'list pull zones', params)


def pullzones_named(client: EdgeClient, name: str) -> list[dict[str, t.Any]]:
    """Pull zones whose name is exactly ``name`` (the name is also the search term)."""
    return select_records(lambda: list_pullzones(client, search=name), name=name, id_key='Id', name_key='Name')


def resolve_pullzone_id(client: EdgeClient, name: str) -> int:
    """The id of the one pull zone called ``name``; a clear error when none or several match."""
    return int(only_one(pullzones_named(client, name), name, 'pull zone', 'pull zones', 'pullzone_id')['Id'])
