# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The account's audit log (``GET {base_url}/user/audit/{date}``): one entry per change, by the API or in the
dashboard - when, which resource, which actor, and a ``Diff`` of what changed. ``AuditLogApi(client)`` reads the
entries of the last days, a day a request, following the log's continuation tokens.
"""

from __future__ import annotations

import datetime
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeClient, iter_pages
from ansible_collections.edge.platform.plugins.module_utils._errors import CORE


class AuditEntry(t.TypedDict, total=False):
    """One entry of the audit log, as the API names its fields."""

    Timestamp: str
    Product: str | None
    ResourceType: str | None
    ResourceId: str | None
    ResourceOwner: str | None
    Action: str | None
    ActorId: str | None
    ActorType: str | None
    Diff: str | None


PAGE_LIMIT = 10000  # the largest Limit the log takes


class AuditLogApi:
    def __init__(self, client: EdgeClient) -> None:
        self.client = client

    def day(self, date: datetime.date) -> t.Iterator[AuditEntry]:
        """The entries of one (UTC) day, oldest first."""
        path = f'user/audit/{date.isoformat()}T00:00:00Z'

        def fetch(token: str) -> t.Any:
            params: dict[str, str | int | None] = {'Limit': PAGE_LIMIT, 'Order': 'Ascending'}
            if token:
                params['ContinuationToken'] = token
            return self.client.get(path, f'read the audit log of {date.isoformat()}', params=params, errors=CORE)

        def entries_of(page: t.Any) -> list[AuditEntry]:
            return [t.cast(AuditEntry, entry) for entry in (page or {}).get('Logs') or [] if isinstance(entry, dict)]

        def next_of(page: t.Any, token: str) -> str | None:
            following = (page or {}).get('ContinuationToken')
            return str(following) if (page or {}).get('HasMoreData') and following and following != token else None

        return iter_pages(fetch, entries_of, next_of, '')

    def entries(self, days: int, today: datetime.date | None = None) -> list[AuditEntry]:
        """Every entry of the last ``days`` days, today's included, oldest first."""
        today = today or datetime.datetime.now(datetime.timezone.utc).date()
        found: list[AuditEntry] = []
        for back in range(days - 1, -1, -1):
            found.extend(self.day(today - datetime.timedelta(days=back)))
        return found
