# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Container registries and applications (``{base_url}/mc``): lists, cursor paging, save results."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, EdgeClient, iter_pages

APP_PAGE_SIZE = 1000  # the largest ``limit`` the application list accepts
DISPLAY_NAME_MAX = 50

# Option value → the API's registry type, and the host each type pulls from (the registry
# record carries ``hostName``, not its type).
REGISTRY_TYPES = {'docker_hub': 'dockerHub', 'github': 'gitHub'}
REGISTRY_HOSTS = {'dockerHub': 'docker.io', 'gitHub': 'ghcr.io'}
_HOST_SUFFIXES = (
    ('dockerHub', ('docker.io', 'docker.com')),
    ('gitHub', ('ghcr.io', 'github.com')),
)


def registry_type_of(record: dict[str, t.Any]) -> str | None:
    """The API's type of a registry record: its ``type`` when given, else what its ``hostName`` tells."""
    if record.get('type'):
        return str(record['type'])
    host = str(record.get('hostName') or '').lower().rstrip('.')
    for registry_type, suffixes in _HOST_SUFFIXES:
        if any(host == suffix or host.endswith('.' + suffix) for suffix in suffixes):
            return registry_type
    return None


def list_registries(client: EdgeClient) -> list[dict[str, t.Any]]:
    """Every container registry of the account (the list takes no paging parameters)."""
    body = client.get('mc/registries', 'list container registries')
    if isinstance(body, list):
        return body
    return list((body or {}).get('items') or [])


def iter_cursor(client: EdgeClient, path: str, operation: str, limit: int) -> t.Iterator[dict[str, t.Any]]:
    """Items of a ``{items, meta, cursor}`` list, following ``cursor`` (sent back as ``nextCursor``)."""
    seen: set[str] = set()

    def fetch(cursor: str) -> t.Any:
        params: dict[str, t.Any] = {'limit': limit}
        if cursor:
            params['nextCursor'] = cursor
        return client.get(path, operation, params=params)

    def items_of(body: t.Any) -> list[dict[str, t.Any]]:
        return list((body or {}).get('items') or []) if isinstance(body, dict) else []

    def next_of(body: t.Any, cursor: str) -> str | None:
        following = body.get('cursor') if isinstance(body, dict) else None
        if not following:
            return None
        following = str(following)
        if following in seen:
            raise EdgeApiError(
                operation, None, 'the API answered a cursor it had already given; stopping instead of looping'
            )
        seen.add(following)
        return following

    return iter_pages(fetch, items_of, next_of, '')


def list_apps(client: EdgeClient) -> t.Iterator[dict[str, t.Any]]:
    """Every container application of the account, with the largest page size."""
    return iter_cursor(client, 'mc/apps', 'list container applications', APP_PAGE_SIZE)
