# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The container API (``{base_url}/mc``): every path, body and answer of container registries and applications.

``ContainersApi(client)`` is the one way modules talk to this area: listing registries and applications (cursor
paging), reading, adding, replacing and removing a registry, each save's answer read as the API says "saved" or
not (a 200 can carry a failure), and a refused removal naming the applications that use the registry.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass, field

from ansible_collections.edge.platform.plugins.module_utils._client import (
    EdgeApiError,
    EdgeClient,
    Response,
    iter_pages,
)
from ansible_collections.edge.platform.plugins.module_utils._errors import CONTAINERS, unsaved_answer

APP_PAGE_SIZE = 1000  # the largest ``limit`` the application list accepts
DISPLAY_NAME_MAX = 50

# The host each of the API's registry types pulls from (the registry record carries ``hostName``, not its type).
REGISTRY_HOSTS = {'dockerHub': 'docker.io', 'gitHub': 'ghcr.io'}
_HOST_SUFFIXES = (
    ('dockerHub', ('docker.io', 'docker.com')),
    ('gitHub', ('ghcr.io', 'github.com')),
)


def registry_type_of(record: t.Mapping[str, object]) -> str | None:
    """The API's type of a registry record: its ``type`` when given, else what its ``hostName`` tells."""
    if record.get('type'):
        return str(record['type'])
    host = str(record.get('hostName') or '').lower().rstrip('.')
    for registry_type, suffixes in _HOST_SUFFIXES:
        if any(host == suffix or host.endswith('.' + suffix) for suffix in suffixes):
            return registry_type
    return None


def iter_cursor(client: EdgeClient, path: str, operation: str, limit: int) -> t.Iterator[dict[str, t.Any]]:
    """Items of a ``{items, meta, cursor}`` list, following ``cursor`` (sent back as ``nextCursor``)."""
    seen: set[str] = set()

    def fetch(cursor: str) -> object:
        params: dict[str, str | int] = {'limit': limit}
        if cursor:
            params['nextCursor'] = cursor
        return client.get(path, operation, params=params, errors=CONTAINERS)

    def items_of(body: object) -> list[dict[str, t.Any]]:
        return list((body or {}).get('items') or []) if isinstance(body, dict) else []

    def next_of(body: object, cursor: str) -> str | None:
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


class Registry(t.TypedDict, total=False):
    """A container registry as the API lists it (the password is never returned)."""

    id: int
    displayName: str
    hostName: str | None
    userName: str | None
    firstPasswordSymbols: str | None
    lastPasswordSymbols: str | None
    createdAt: str | None
    isPublic: bool | None
    lastUpdatedAt: str | None
    type: str | None  # not the API's: what ``registry_type_of`` tells


@dataclass
class Removal:
    """The answer to a registry removal: ``refusal`` (None when removed or gone already) and the applications that
    use the registry, when the API names them."""

    refusal: EdgeApiError | None
    applications: list[str] = field(default_factory=list)


class ContainersApi:
    """The requests of the container area, each naming its operation in failures."""

    def __init__(self, client: EdgeClient) -> None:
        self.client = client

    def registries(self) -> list[Registry]:
        """Every container registry of the account (the list takes no paging parameters), each with its type."""
        body = self.client.get('mc/registries', 'list container registries', errors=CONTAINERS)
        items = body if isinstance(body, list) else (body or {}).get('items') or []
        return [with_type(item) for item in items if isinstance(item, dict)]

    def registry(self, registry_id: object) -> Registry:
        operation = f'read container registry {registry_id}'
        return with_type(self.client.get(f'mc/registries/{registry_id}', operation, errors=CONTAINERS) or {})

    def add_registry(self, name: str, body: t.Mapping[str, object]) -> Registry:
        """Add a registry (``{displayName, type, passwordCredentials?}``); the registry as the API now lists it."""
        operation = f'add container registry "{name}"'
        response = self.client.request(
            'POST', 'mc/registries', operation, json_body=body, refused=_refusal(operation), errors=CONTAINERS
        )
        answer = response.json() or {}
        if answer.get('id') is None:
            raise EdgeApiError(operation, response.status, 'the API answered no registry id')
        return self.registry(answer['id'])

    def replace_registry(self, name: str, registry_id: object, body: t.Mapping[str, object]) -> Registry:
        """Replace a registry's settings and credentials whole (the API has no partial update)."""
        operation = f'update container registry "{name}"'
        self.client.request(
            'PUT',
            f'mc/registries/{registry_id}',
            operation,
            json_body=body,
            refused=_refusal(operation),
            errors=CONTAINERS,
        )
        return self.registry(registry_id)

    def remove_registry(self, name: str, registry_id: object) -> Removal:
        """Remove a registry. Gone already (404, ``notFound``) counts as removed; in use (409, ``inUse``) is a
        refusal naming the applications that use it."""
        operation = f'remove container registry "{name}"'
        response = self.client.request(
            'DELETE', f'mc/registries/{registry_id}', operation, ok_statuses=(404, 409), errors=CONTAINERS
        )
        if response.status == 404 and self.client.says_missing(response, CONTAINERS):
            return Removal(None)  # a repeated delete whose first answer was lost
        body = response.json()
        body = body if isinstance(body, dict) else {}
        applications = [str(name) for name in body.get('applications') or []]
        if response.status == 409:
            error = EdgeClient.error_from(operation, response.raw, CONTAINERS)
            if applications:
                error = EdgeApiError(
                    operation, error.status, f'{error.message} Used by: {name_list(applications)}', error.error_key
                )
            return Removal(error, applications)
        refusal = unsaved_answer(operation, response.status, body, done=('removed', 'notFound', ''))
        if refusal is not None and str(refusal.error_key).lower() == 'inuse':
            count = len(applications)
            users = (
                f" by {count} application{'' if count == 1 else 's'}: {name_list(applications)}" if applications else ''
            )
            refusal = EdgeApiError(operation, response.status, f'the registry is in use{users}', refusal.error_key)
        return Removal(refusal, applications)

    def apps(self) -> t.Iterator[dict[str, t.Any]]:
        """Every container application of the account, with the largest page size."""
        return iter_cursor(self.client, 'mc/apps', 'list container applications', APP_PAGE_SIZE)


def with_type(record: t.Mapping[str, object]) -> Registry:
    """A registry record with its ``type`` (the API returns ``hostName`` only)."""
    return t.cast(Registry, {**record, 'type': registry_type_of(record)})


# Application names spelled out in the message of a refused removal (all are in ``applications``).
NAMES_SHOWN = 10


def name_list(names: list[str]) -> str:
    shown = ', '.join(names[:NAMES_SHOWN])
    return f'{shown} and {len(names) - NAMES_SHOWN} more' if len(names) > NAMES_SHOWN else shown


def _refusal(operation: str) -> t.Callable[[Response], EdgeApiError | None]:
    """A save's 200 that says it was not saved (``status`` other than ``saved``, or an ``error``)."""
    return lambda response: unsaved_answer(operation, response.status, response.json())
