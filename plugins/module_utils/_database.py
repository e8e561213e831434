# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Edge databases on the management API: every path, request body and answer of database records and their access
tokens (``{base_url}/database/v2/databases…``, GAPS "Databases and tokens"), and the variables that carry a
database's credentials.

``DatabaseApi(client)`` is the one way modules talk to this area; every request passes the area's error shape
(``_errors.DATABASES``: ``{error: <message>}``). A database's own address (its HTTP pipeline) is
``_database_pipeline``'s; the env file that keeps its credentials is ``_env_file``'s.
"""

from __future__ import annotations

import datetime
import re
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import (
    AnswerOptions,
    EdgeApiError,
    EdgeClient,
    EdgeFinding,
    Response,
    iter_pages,
)
from ansible_collections.edge.platform.plugins.module_utils._errors import DATABASES
from ansible_collections.edge.platform.plugins.module_utils._records import Record

if t.TYPE_CHECKING:  # only for mypy
    from typing_extensions import Unpack

#: The variables a container app or edge script gets a database's credentials in (spec 2.9).
ENV_URL = 'SERVICE_DATABASE_URL'
ENV_TOKEN = 'SERVICE_DATABASE_AUTH_TOKEN'
# API names of the token kinds (spec 2.9) by option value.
ACCESS_API = {'full': 'full-access', 'read_only': 'read-only'}

DATABASES_PATH = 'database/v2/databases'
# A database id is ``db_<ulid>`` (the reference's DatabaseId); anything else is refused before a request.
DATABASE_ID_RE = re.compile(r'^db_[A-Za-z0-9]+\Z')
DATABASE_ID_EXAMPLE = 'db_01HZX3J5K8M9N0P1Q2R3S4T5V6'
# per_page of the database list: it states no maximum, so the largest page of the management API's lists.
DATABASE_PAGE_SIZE = 1000

DURATION_RE = re.compile(r'^\s*(\d+)\s*([mhdw])\s*$', re.IGNORECASE)
RFC3339_RE = re.compile(r'^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})\Z')
DURATION_UNITS = {'m': 60, 'h': 3600, 'd': 86400, 'w': 604800}


class Database(t.TypedDict, total=False):
    """A database record (the reference's Database), as returned: never a property that could be a token."""

    id: str
    name: str
    url: str  # ``libsql://…``: the address of its pipeline
    block_reads: bool
    block_writes: bool
    size_max: str
    current_size: str
    storage_region: str
    primary_regions: list[str]
    replicas_regions: list[str]


def database_record(record: object) -> Record | None:
    """A database record as returned: what the API gives, without any property that could be a token."""
    if not isinstance(record, dict) or not record.get('id'):
        return None
    return {key: value for key, value in record.items() if 'token' not in str(key).lower()}


def database_id_problem(option: str, value: str) -> str | None:
    """Why ``value`` of ``option`` is not a database id, or None: refused before any request."""
    if DATABASE_ID_RE.match(value):
        return None
    return f'{option} must be a database id such as {DATABASE_ID_EXAMPLE}, got {value!r}'


class DatabaseApi:
    """The requests of the databases' management API, each naming its operation in failures."""

    def __init__(self, client: EdgeClient) -> None:
        self.client = client

    def _call(self, method: str, path: str, operation: str, **kwargs: Unpack[AnswerOptions]) -> Response:
        return self.client.request(method, path, operation, errors=DATABASES, **kwargs)

    @staticmethod
    def _record(body: object, operation: str) -> Record:
        """The record of an answer ``{db: {...}}``."""
        record = database_record(body.get('db') if isinstance(body, dict) else None)
        if record is None:
            raise EdgeApiError(operation, None, 'the answer has no database record')
        return record

    # ---- reading ----

    def listing(self) -> t.Iterator[Record]:
        """Every database of the account, page by page (``?page=&per_page=``), one page held at a time."""

        def fetch(page: int) -> object:
            params = {'page': page, 'per_page': DATABASE_PAGE_SIZE}
            return self._call('GET', DATABASES_PATH, f'list databases (page {page})', params=params).json()

        def items_of(body: object) -> list[Record]:
            records = body.get('databases') if isinstance(body, dict) else None
            return [record for record in map(database_record, records or []) if record is not None]

        def next_of(body: object, page: int) -> int | None:
            more = isinstance(body, dict) and (body.get('page_info') or {}).get('has_more_items')
            return page + 1 if more and items_of(body) else None

        return iter_pages(fetch, items_of, next_of, 1)

    def get(self, database_id: str) -> Record | None:
        """One database, or None when the API says it has none of that id; a 404 that is not the database API's
        own (another service at api_url) fails, naming the address."""
        operation = f'read database {database_id}'
        body = self.client.get_or_none(f'{DATABASES_PATH}/{database_id}', operation, errors=DATABASES)
        return None if body is None else self._record(body, operation)

    def named(self, name: str) -> Database:
        """The one database called exactly ``name``; a finding when none or several are."""
        matches = [record for record in self.listing() if record.get('name') == name]
        if len(matches) == 1:
            return t.cast(Database, matches[0])
        operation = f'find database "{name}"'
        if not matches:
            raise EdgeFinding(operation, f'no database is named "{name}"', 'database.not_found')
        ids = ', '.join(str(record['id']) for record in matches)
        raise EdgeFinding(operation, f'{len(matches)} databases are named "{name}" ({ids}); give database_id instead')

    def require(self, database_id: str | None = None, name: str | None = None) -> Database:
        """The database of ``database_id`` (the API's answer when it has none) or the one called exactly ``name``,
        with the url of its pipeline: what a module that works on a database reads."""
        if database_id is None:  # the list has the id and url of a database found by name
            record: Record | Database = self.named(t.cast(str, name))
        else:
            operation = f'read database {database_id}'
            record = self._record(self._call('GET', f'{DATABASES_PATH}/{database_id}', operation).json(), operation)
        if not isinstance(record.get('url'), str) or not record.get('url'):
            raise EdgeApiError(f"read database {record['id']}", None, 'the answer has no database url')
        return t.cast(Database, record)

    # ---- tokens ----

    def generate(self, database_id: str, access: str, expires: str | None) -> str:
        """A new token of ``access`` (``full`` or ``read_only``) that expires at ``expires`` (RFC 3339 UTC, or None
        for never). Never repeated: a repeat would leave a second token behind that nobody has seen."""
        operation = f'generate a {access} token for database {database_id}'
        answer = self._call(
            'PUT',
            f'{DATABASES_PATH}/{database_id}/auth/generate',
            operation,
            json_body={'authorization': ACCESS_API[access], 'expires_at': expires},
            idempotent=False,
        ).json()
        token = answer.get('token') if isinstance(answer, dict) else None
        if not isinstance(token, str) or not token:
            raise EdgeApiError(operation, None, 'the answer has no token')
        return token

    def revoke(self, database_id: str) -> None:
        """Revoke every token of the database at once (the API cannot revoke one); repeating it is harmless."""
        self._call(
            'POST',
            f'{DATABASES_PATH}/{database_id}/auth/revoke',
            f'revoke the tokens of database {database_id}',
            idempotent=True,
        )


# ---- token expiry ----------------------------------------------------------------------------


def parse_rfc3339(text: str) -> datetime.datetime | None:
    match = RFC3339_RE.match(text.strip())
    if not match:
        return None
    year, month, day, hour, minute, second = (int(match.group(index)) for index in range(1, 7))
    zone = match.group(8)
    if zone in ('Z', 'z'):
        offset = datetime.timedelta(0)
    else:
        sign = -1 if zone[0] == '-' else 1
        offset = sign * datetime.timedelta(hours=int(zone[1:3]), minutes=int(zone[4:6]))
    try:
        return datetime.datetime(year, month, day, hour, minute, second, tzinfo=datetime.timezone(offset))
    except ValueError:
        return None


def expires_at(text: str | None, now: datetime.datetime | None = None) -> str | None:
    """``expires`` (``30d``, ``12h``, ``90m``, ``2w`` or RFC 3339) as the RFC 3339 UTC time the API takes."""
    if text is None or not str(text).strip():
        return None
    now = now or datetime.datetime.now(datetime.timezone.utc)
    duration = DURATION_RE.match(str(text))
    if duration:
        seconds = int(duration.group(1)) * DURATION_UNITS[duration.group(2).lower()]
        if seconds <= 0:
            raise ValueError(f'expires must be a positive duration, got {text!r}')
        try:
            when = now + datetime.timedelta(seconds=seconds)
        except OverflowError:
            raise ValueError(f'expires {text!r} is too far in the future (after the year 9999)') from None
    else:
        parsed = parse_rfc3339(str(text))
        if parsed is None:
            raise ValueError(
                f'expires must be a duration such as 30d, 12h, 90m or 2w, or an RFC 3339 date-time such as '
                f'2030-01-31T00:00:00Z, got {text!r}'
            )
        if parsed <= now:
            raise ValueError(f'expires {text!r} is in the past')
        when = parsed
    try:
        return when.astimezone(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')
    except OverflowError:
        raise ValueError(f'expires {text!r} is too far in the future (after the year 9999 in UTC)') from None
