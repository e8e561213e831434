# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Edge databases: the records of the management API, the HTTP pipeline client, SQL values, access tokens and env files.

The pipeline is libSQL's "Hrana over HTTP" v2 (``POST {database_url}/v2/pipeline`` with
``Authorization: Bearer <token>``). Every call here is one-shot: ``baton: null``, the
requests, then ``close``. Values follow the Hrana rules: integers as strings, floats as
numbers, text, blobs as base64, null. The env file is ``KEY=value`` lines, rewritten
atomically at mode 0600 with its other lines kept.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import datetime
import math
import os
import re
import tempfile
import typing as t
from collections.abc import Mapping

from ansible_collections.edge.platform.plugins.module_utils._client import (
    EdgeApiError,
    EdgeClient,
    EdgeFinding,
    iter_pages,
)
from ansible_collections.edge.platform.plugins.module_utils._files import unwritable_reason

ENV_URL = 'SERVICE_DATABASE_URL'
ENV_TOKEN = 'SERVICE_DATABASE_AUTH_TOKEN'
PIPELINE_PATH = 'v2/pipeline'
SERVICE = 'database'
ENV_FILE_MODE = 0o600
INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1
VALUE_TYPES = ('null', 'integer', 'float', 'text', 'blob')
# API names of the token kinds (spec 2.9) by option value.
ACCESS_API = {'full': 'full-access', 'read_only': 'read-only'}

DURATION_RE = re.compile(r'^\s*(\d+)\s*([mhdw])\s*$', re.IGNORECASE)
RFC3339_RE = re.compile(r'^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})\Z')
DURATION_UNITS = {'m': 60, 'h': 3600, 'd': 86400, 'w': 604800}
ENV_LINE_RE = re.compile(r'^(\s*(?:export\s+)?)([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$')


# ---- database records (management API, GAPS "Databases and tokens") ----------------------

DATABASES_PATH = 'database/v2/databases'
# A database id is ``db_<ulid>`` (the reference's DatabaseId); anything else is refused before a request.
DATABASE_ID_RE = re.compile(r'^db_[A-Za-z0-9]+\Z')
# per_page of the database list: it states no maximum, so the largest page of the management API's lists.
DATABASE_PAGE_SIZE = 1000


def database_record(record: t.Any) -> dict[str, t.Any] | None:
    """A database record as returned: what the API gives, without any property that could be a token."""
    if not isinstance(record, dict) or not record.get('id'):
        return None
    return {key: value for key, value in record.items() if 'token' not in str(key).lower()}


def list_databases(client: EdgeClient) -> t.Iterator[dict[str, t.Any]]:
    """Every database of the account, page by page (``GET database/v2/databases?page=&per_page=``)."""

    def fetch(page: int) -> t.Any:
        return client.get(
            DATABASES_PATH, f'list databases (page {page})', params={'page': page, 'per_page': DATABASE_PAGE_SIZE}
        )

    def items_of(body: t.Any) -> list[dict[str, t.Any]]:
        records = body.get('databases') if isinstance(body, dict) else None
        return [record for record in map(database_record, records or []) if record is not None]

    def next_of(body: t.Any, page: int) -> int | None:
        more = isinstance(body, dict) and (body.get('page_info') or {}).get('has_more_items')
        return page + 1 if more and items_of(body) else None

    return iter_pages(fetch, items_of, next_of, 1)


def read_database(client: EdgeClient, db_id: str) -> dict[str, t.Any] | None:
    """One database by id (``{db: {...}}``), or None when the API answers 404."""
    operation = f'read database {db_id}'
    response = client.request('GET', f'{DATABASES_PATH}/{db_id}', operation, ok_statuses=(404,))
    if response.status == 404:
        return None
    body = response.json()
    record = database_record(body.get('db') if isinstance(body, dict) else None)
    if record is None:
        raise EdgeApiError(operation, response.status, 'the answer has no database record')
    return record


def find_database(client: EdgeClient, name: str) -> dict[str, t.Any]:
    """The one database called exactly ``name``; a clear error when none or several are."""
    matches = [record for record in list_databases(client) if record.get('name') == name]
    if len(matches) != 1:
        operation = f'find database "{name}"'
        if not matches:
            raise EdgeFinding(operation, f'no database is named "{name}"', 'database.not_found')
        ids = ', '.join(str(record['id']) for record in matches)
        raise EdgeFinding(operation, f'{len(matches)} databases are named "{name}" ({ids}); give database_id instead')
    return matches[0]


# ---- errors ------------------------------------------------------------------------------


class StatementError(EdgeApiError):
    """A request of the pipeline the database refused: the HTTP answer was 200, the result an error."""

    def __init__(
        self, operation: str, message: str, code: str | None, statement: int | None = None, sql: str | None = None
    ) -> None:
        self.statement = statement
        self.sql = sql
        super().__init__(operation, 200, message, code or None)

    def __str__(self) -> str:
        code = f'{self.error_key}: ' if self.error_key else ''
        return f'{self.operation} failed: {code}{self.message}'

    def failure(self) -> dict[str, t.Any]:
        failure = super().failure()
        if self.statement is not None:
            failure['statement'] = self.statement
            failure['sql'] = self.sql
        return failure


# ---- URLs ----------------------------------------------------------------------------------


def pipeline_base_url(url: str, option: str = 'database_url') -> str:
    """The http(s) base address of a database URL: ``libsql://`` means ``https://``."""
    text = (url or '').strip()
    if '?' in text or '#' in text:
        # Never echo it: a query string may hold a token (``?authToken=``).
        raise ValueError(f'{option} must not carry a query string or fragment; pass the token as auth_token')
    scheme, sep, rest = text.partition('://')
    scheme = scheme.lower()
    if not sep or scheme not in ('libsql', 'https', 'http') or not rest.strip('/') or rest.startswith('/'):
        raise ValueError(f'{option} must be a libsql://, https:// or http:// URL with a host, got {text!r}')
    return f"{'https' if scheme == 'libsql' else scheme}://{rest.rstrip('/')}"


# ---- values ----------------------------------------------------------------------------------


def encode_value(value: t.Any, where: str) -> dict[str, t.Any]:
    """A Python (or YAML) value as a Hrana value; a dict with ``type`` is taken as a Hrana value."""
    if value is None:
        return {'type': 'null'}
    if isinstance(value, bool):
        return {'type': 'integer', 'value': '1' if value else '0'}
    if isinstance(value, int):
        if not INT64_MIN <= value <= INT64_MAX:
            raise ValueError(f'{where}: {value} does not fit a 64-bit integer')
        return {'type': 'integer', 'value': str(value)}
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f'{where}: {value} is not a finite number')
        return {'type': 'float', 'value': value}
    if isinstance(value, str):
        return {'type': 'text', 'value': str(value)}
    if isinstance(value, (bytes, bytearray)):
        return {'type': 'blob', 'base64': base64.b64encode(bytes(value)).decode('ascii')}
    if isinstance(value, Mapping) and 'type' in value:
        return _explicit_value(value, where)
    raise ValueError(
        f'{where}: a {type(value).__name__} cannot be a SQL value; use null, an integer, a float, a string, '
        'or a typed value such as {type: blob, base64: ...}'
    )


def _explicit_value(value: Mapping[str, t.Any], where: str) -> dict[str, t.Any]:
    kind = value.get('type')
    if kind not in VALUE_TYPES:
        raise ValueError(f"{where}: type must be one of {', '.join(VALUE_TYPES)}, got {kind!r}")
    extra = set(value) - {'type', 'base64' if kind == 'blob' else 'value'}
    if extra:
        raise ValueError(f"{where}: a {kind} value does not take {', '.join(sorted(extra))}")
    if kind == 'null':
        return {'type': 'null'}
    if kind == 'blob':
        raw = value.get('base64')
        if not isinstance(raw, str):
            raise ValueError(f'{where}: a blob value needs base64 (a string)')
        try:
            decoded = base64.b64decode(raw + '=' * (-len(raw) % 4), validate=True)
        except (binascii.Error, ValueError):
            raise ValueError(f'{where}: base64 is not valid base64') from None
        return {'type': 'blob', 'base64': base64.b64encode(decoded).decode('ascii')}
    raw = value.get('value')
    if kind == 'integer':
        try:
            number = int(str(raw).strip()) if not isinstance(raw, (bool, float)) and raw is not None else None
        except ValueError:
            number = None
        if number is None:
            raise ValueError(f'{where}: {raw!r} is not an integer')
        return encode_value(number, where)
    if kind == 'float':
        try:
            number_f = float(raw) if not isinstance(raw, bool) and raw is not None else None
        except (TypeError, ValueError):
            number_f = None
        if number_f is None:
            raise ValueError(f'{where}: {raw!r} is not a number')
        return encode_value(number_f, where)
    if raw is None:
        raise ValueError(f'{where}: a text value needs value')
    return {'type': 'text', 'value': str(raw)}


def decode_value(value: t.Any) -> t.Any:
    """A Hrana value as a native value (blobs as base64 text)."""
    if not isinstance(value, dict):
        return value
    kind = value.get('type')
    given: t.Any = value.get('value')
    if kind == 'integer':
        return int(given)
    if kind == 'float':
        return float(given)
    if kind == 'text':
        return value.get('value')
    if kind == 'blob':
        raw = value.get('base64') or ''
        return base64.b64encode(base64.b64decode(raw + '=' * (-len(raw) % 4))).decode('ascii')
    return None


class Statement:
    """One statement of db_query: SQL and its arguments, already encoded."""

    def __init__(self, number: int, sql: str, args: list[dict[str, t.Any]], named_args: list[dict[str, t.Any]]) -> None:
        self.number = number  # 1-based, as messages count
        self.sql = sql
        self.args = args
        self.named_args = named_args

    def stmt(self) -> dict[str, t.Any]:
        stmt: dict[str, t.Any] = {'sql': self.sql, 'want_rows': True}
        if self.args:
            stmt['args'] = self.args
        if self.named_args:
            stmt['named_args'] = self.named_args
        return stmt

    def preview(self, length: int = 80) -> str:
        text = ' '.join(self.sql.split())
        return text if len(text) <= length else text[: length - 3] + '...'


# ATTACH and DETACH change the connection (and ATTACH can create a file), not the database: SQLite's
# sqlite3_stmt_readonly(), which the database's describe answers with, calls them read-only.
CONNECTION_STATEMENT_RE = re.compile(
    r'^(?:\s|--[^\n]*(?:\n|\Z)|/\*.*?\*/)*(?:attach|detach)\b', re.IGNORECASE | re.DOTALL
)


def changes_connection(sql: str) -> bool:
    """Whether ``sql`` is an ATTACH or DETACH, which the database describes as read-only but which write."""
    return CONNECTION_STATEMENT_RE.match(sql) is not None


def parse_statements(items: t.Any) -> list[Statement]:
    """Validate ``statements`` (SQL strings or ``{sql, args, named_args}``); raise ValueError."""
    if not isinstance(items, list) or not items:
        raise ValueError('statements must be a non-empty list of SQL strings or {sql, args, named_args}')
    statements = []
    for number, item in enumerate(items, 1):
        where = f'statement {number}'
        if isinstance(item, str):
            item = {'sql': item}
        if not isinstance(item, Mapping):
            raise ValueError(f'{where} must be a SQL string or a dict with sql, args and named_args')
        unknown = set(item) - {'sql', 'args', 'named_args'}
        if unknown:
            raise ValueError(
                f"{where} has unknown keys: {', '.join(sorted(map(str, unknown)))} (allowed: sql, args, named_args)"
            )
        sql = item.get('sql')
        if not isinstance(sql, str) or not sql.strip():
            raise ValueError(f'{where} has no SQL text')
        args = item.get('args')
        if args is None:
            args = []
        if not isinstance(args, list):
            raise ValueError(f'{where}: args must be a list of values (for names use named_args)')
        named = item.get('named_args')
        if named is None:
            named = {}
        if not isinstance(named, Mapping):
            raise ValueError(f'{where}: named_args must be a dict of parameter names (such as :name) to values')
        encoded_args = [encode_value(value, f'{where}, args[{index}]') for index, value in enumerate(args)]
        encoded_named = []
        for name, value in named.items():
            if not isinstance(name, str) or not re.match(r'^[:@$]?[A-Za-z0-9_]+\Z', name):
                raise ValueError(f'{where}: {name!r} is not a parameter name such as :name, @name or $name')
            encoded_named.append({'name': name, 'value': encode_value(value, f'{where}, named_args[{name}]')})
        statements.append(Statement(number, sql, encoded_args, encoded_named))
    return statements


def unique_names(columns: list[t.Any]) -> list[str]:
    """Keys for row dicts: the column names, with ``_2``, ``_3`` … added to repeated ones."""
    names: list[str] = []
    seen: dict[str, int] = {}
    for index, column in enumerate(columns):
        name = column if isinstance(column, str) and column else f'column_{index + 1}'
        if name in seen:
            seen[name] += 1
            candidate = f'{name}_{seen[name]}'
            while candidate in seen:
                seen[name] += 1
                candidate = f'{name}_{seen[name]}'
            name = candidate
        seen.setdefault(name, 1)
        names.append(name)
    return names


def statement_result(result: t.Any, sql: str) -> dict[str, t.Any]:
    """A Hrana StmtResult as db_query returns it."""
    result = result if isinstance(result, dict) else {}
    columns = [col.get('name') if isinstance(col, dict) else None for col in result.get('cols') or []]
    keys = unique_names(columns)
    rows = [dict(zip(keys, (decode_value(value) for value in row))) for row in result.get('rows') or []]
    rowid = result.get('last_insert_rowid')
    return {
        'sql': sql,
        'columns': [name if isinstance(name, str) else None for name in columns],
        'rows': rows,
        'affected_row_count': int(result.get('affected_row_count') or 0),
        'last_insert_rowid': int(rowid) if rowid is not None else None,
    }


# ---- the pipeline --------------------------------------------------------------------------


def result_error(result: t.Any) -> dict[str, t.Any] | None:
    """The ``{message, code}`` of a failed pipeline result, or None."""
    if isinstance(result, dict) and result.get('type') == 'error':
        error = result.get('error')
        return error if isinstance(error, dict) else {'message': 'no message'}
    return None


def response_result(result: t.Any) -> t.Any:
    """The ``result`` of a successful pipeline result."""
    response = result.get('response') if isinstance(result, dict) else None
    return response.get('result') if isinstance(response, dict) else None


class Pipeline:
    """One-shot calls of ``POST {database_url}/v2/pipeline`` through the shared EdgeClient."""

    def __init__(self, client: EdgeClient, token: str, service: str = SERVICE, unauthorized: str | None = None) -> None:
        self.client = client
        self.token = token
        self.service = service
        self.unauthorized = unauthorized  # what a refused token (401) tells the user, when it is not a finding itself

    def run(self, requests: list[dict[str, t.Any]], operation: str, idempotent: bool = False) -> list[t.Any]:
        """Send ``requests`` then ``close`` on a new stream; return the results of ``requests``.

        ``idempotent`` when repeating the call cannot change the database (reads, describes):
        only then are 5xx answers and broken connections retried, and the call is not a write.
        """
        body: dict[str, t.Any] = {'baton': None, 'requests': list(requests) + [{'type': 'close'}]}
        # The account key never travels to a database host; the database token does.
        headers = {'AccessKey': None, 'Authorization': f'Bearer {self.token}'}
        try:
            response = self.client.request(
                'POST',
                PIPELINE_PATH,
                operation,
                service=self.service,
                json_body=body,
                headers=headers,
                idempotent=idempotent,
                write=not idempotent,
            )
        except EdgeApiError as error:
            if error.status == 401 and self.unauthorized:
                error.message += f' ({self.unauthorized})'
            raise
        answer = response.json()
        results = answer.get('results') if isinstance(answer, dict) else None
        if not isinstance(results, list) or len(results) != len(body['requests']):
            raise EdgeApiError(
                operation, response.status, 'the database answered with a body that is not a pipeline result'
            )
        return results[:-1]


def token_works(client: EdgeClient, token: str, service: str = SERVICE) -> bool:
    """True when ``token`` is accepted by the database (checked with a harmless ``SELECT 1``)."""
    try:
        results = Pipeline(client, token, service).run(
            [{'type': 'execute', 'stmt': {'sql': 'SELECT 1', 'want_rows': False}}],
            'check the access token of env_file',
            idempotent=True,
        )
    except EdgeApiError as error:
        if error.status in (401, 403):
            return False
        raise
    failure = result_error(results[0])
    if failure is not None:
        raise StatementError('check the access token of env_file', str(failure.get('message')), failure.get('code'))
    return True


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


# ---- env files ---------------------------------------------------------------------------


def _env_value(raw: str) -> str:
    raw = raw.strip()
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in ('"', "'"):
        return raw[1:-1]
    return re.split(r'\s+#', raw, maxsplit=1)[0].strip()


class EnvFile:
    """A ``KEY=value`` file: read it, change some keys, write it back with the other lines kept."""

    def __init__(self, path: str) -> None:
        # A symlink is read through, and replaced by a file of its own when written: writing
        # through it would put a token (and mode 0600) into whatever file it points to.
        self.path = os.path.abspath(os.path.expanduser(path))
        self.is_link = os.path.islink(self.path)
        self.exists = os.path.exists(self.path)
        self.lines: list[str] = []
        self.mode: int | None = None
        directory = os.path.dirname(self.path) or '.'
        if not os.path.isdir(directory):
            raise ValueError(f'the directory of env_file {path} does not exist')
        if self.exists:
            if not os.path.isfile(self.path):
                raise ValueError(f'env_file {path} is not a regular file')
            with open(self.path, encoding='utf-8') as handle:
                self.lines = handle.read().splitlines(keepends=True)
            self.mode = os.lstat(self.path).st_mode & 0o7777 if not self.is_link else None

    def check_writable(self) -> None:
        """Refuse before anything is changed when the file could not be written afterwards."""
        reason = unwritable_reason(os.path.dirname(self.path) or '.', os.path.basename(self.path))
        if reason is not None:
            raise ValueError(f'env_file {self.path} cannot be written: {reason}')

    @property
    def text(self) -> str:
        return ''.join(self.lines)

    def get(self, key: str) -> str | None:
        """The value of ``key`` (the last assignment wins, as shells and Node read it)."""
        value = None
        for line in self.lines:
            match = ENV_LINE_RE.match(line.rstrip('\r\n'))
            if match and match.group(2) == key:
                value = _env_value(match.group(3))
        return value

    def render(self, updates: dict[str, str | None]) -> str:
        """The file with ``updates`` applied: a value replaces the key's line in place, None removes it."""
        out: list[str] = []
        written: set[str] = set()
        for line in self.lines:
            match = ENV_LINE_RE.match(line.rstrip('\r\n'))
            key = match.group(2) if match else None
            if key is None or key not in updates:
                out.append(line)
                continue
            if updates[key] is None or key in written:
                continue  # removed, or a repeated assignment of a key already written
            ending = line[len(line.rstrip('\r\n')) :] or '\n'
            prefix = match.group(1) if match else ''
            out.append(f'{prefix}{key}={updates[key]}{ending}')
            written.add(key)
        if out and not out[-1].endswith('\n'):
            out[-1] += '\n'
        for key, value in updates.items():
            if value is not None and key not in written:
                out.append(f'{key}={value}\n')
        return ''.join(out)

    def needs_write(self, text: str) -> bool:
        return not self.exists or self.is_link or text != self.text

    def write(self, text: str) -> None:
        """Write atomically: a temporary file at mode 0600 in the same directory, renamed over the file."""
        directory = os.path.dirname(self.path) or '.'
        handle, temporary = tempfile.mkstemp(prefix=f'.{os.path.basename(self.path)}.', suffix='.tmp', dir=directory)
        try:
            with os.fdopen(handle, 'w', encoding='utf-8') as stream:
                stream.write(text)
                stream.flush()
                os.fsync(stream.fileno())
            os.chmod(temporary, ENV_FILE_MODE)
            if self.exists:
                current = os.lstat(self.path)
                if (current.st_uid, current.st_gid) != (os.getuid(), os.getgid()):
                    # Not allowed to give it away: the file becomes ours, still 0600.
                    with contextlib.suppress(OSError):
                        os.chown(temporary, current.st_uid, current.st_gid)
            os.replace(temporary, self.path)
        except BaseException:
            if os.path.exists(temporary):
                os.unlink(temporary)
            raise
        self.exists, self.is_link = True, False
        self.lines = text.splitlines(keepends=True)
        self.mode = ENV_FILE_MODE

    def fix_mode(self) -> None:
        os.chmod(self.path, ENV_FILE_MODE)
        self.mode = ENV_FILE_MODE


def mode_text(mode: int | None) -> str | None:
    return None if mode is None else f'{mode:04o}'


# ---- a module without the management API ----------------------------------------------------
