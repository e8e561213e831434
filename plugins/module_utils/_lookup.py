# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Finding objects of the account: by id, by exact name, or all.

The core listings of the management API (``GET pullzone``, ``GET videolibrary``) page the same
way: a ``page`` above 0 answers ``{Items, CurrentPage, TotalItems, HasMoreItems}`` with up to
``perPage`` (at most 1000) objects, and ``search`` narrows them. A name is also the search
term; it must then match exactly one object, or the lookup fails with a finding that says how
many did and which option to give instead.

Nothing here needs ansible-core: the event sources find pull zones by name with it too.
"""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeClient, EdgeFinding, iter_pages
from ansible_collections.edge.platform.plugins.module_utils._errors import CORE
from ansible_collections.edge.platform.plugins.module_utils._records import Record

CORE_PAGE_SIZE = 1000  # the largest perPage the core listings accept


def list_core(
    client: EdgeClient, path: str, operation: str, params: dict[str, t.Any] | None = None
) -> t.Iterator[Record]:
    """Every object of a core listing at ``path`` (with ``params``, such as ``search``), page by page with the
    largest page size, holding one page at a time."""
    query: dict[str, t.Any] = {'perPage': CORE_PAGE_SIZE, **(params or {})}

    def fetch(page: int) -> t.Any:
        return client.get(path, operation, params=dict(query, page=page), errors=CORE)

    def items_of(body: t.Any) -> list[Record]:
        # page > 0 answers {Items, CurrentPage, TotalItems, HasMoreItems}; accept a plain array too.
        return body if isinstance(body, list) else (body or {}).get('Items') or []

    def next_of(body: t.Any, page: int) -> int | None:
        return page + 1 if isinstance(body, dict) and body.get('HasMoreItems') else None

    return iter_pages(fetch, items_of, next_of, 1)


def select_records(
    listing: t.Callable[[], t.Iterable[Record]],
    *,
    record_id: t.Any = None,
    name: str | None = None,
    read_one: t.Callable[[t.Any], Record | None] | None = None,
    id_key: str = 'id',
    name_key: str = 'name',
) -> list[Record]:
    """What an info module returns: the object of ``record_id``, those named exactly ``name``, or all.

    ``read_one(record_id)`` reads one object directly (None when there is none); without it the listing
    is searched and paging stops at the match. ``listing()`` is called only when it is needed, so an
    info module is its options and one call of this.
    """
    if record_id is not None:
        if read_one is not None:
            record = read_one(record_id)
            return [record] if record is not None else []
        found = next((record for record in listing() if record.get(id_key) == record_id), None)
        return [found] if found is not None else []
    records = listing()
    if name is not None:
        records = (record for record in records if record.get(name_key) == name)
    return list(records)


def only_one(matches: list[Record], name: str, kind: str, kinds: str, id_option: str, id_key: str = 'Id') -> Record:
    """The one object of ``matches`` (those named exactly ``name``); a finding naming the name when none or several
    are: ``find <kind> "<name>" failed: no <kind> is named "<name>"``, or how many ``kinds`` are (their ids), and
    that ``id_option`` picks one."""
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise EdgeFinding(f'find {kind} "{name}"', f'no {kind} is named "{name}"')
    ids = ', '.join(str(match.get(id_key)) for match in matches)
    raise EdgeFinding(
        f'find {kind} "{name}"', f'{len(matches)} {kinds} are ({ids}) named "{name}"; give {id_option} instead'
    )
