# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A database's HTTP pipeline: its address, SQL values, statements, and every request and answer of the pipeline.

The pipeline is libSQL's "Hrana over HTTP" v2 (``POST {database_url}/v2/pipeline`` with
``Authorization: Bearer <token>``; GAPS "Databases and tokens"). Every call here is one-shot:
``baton: null``, the requests, then ``close``. Values follow the Hrana rules: integers as
strings, floats as numbers, text, blobs as base64, null. Errors come as ``{error: {message,
code}}`` (``_errors.PIPELINE``): the HTTP answer's, or a request's result inside a 200.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
import typing as t
from collections.abc import Mapping
from dataclasses import dataclass, field

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, EdgeClient
from ansible_collections.edge.platform.plugins.module_utils._errors import PIPELINE

PIPELINE_PATH = 'v2/pipeline'
SERVICE = 'database'  # the client's name of a database's own address
INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1
VALUE_TYPES = ('null', 'integer', 'float', 'text', 'blob')


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

    def failure(self) -> dict[str, object]:
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


def encode_value(value: object, where: str) -> dict[str, object]:
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


def _explicit_value(value: Mapping[str, t.Any], where: str) -> dict[str, object]:
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


def decode_value(value: object) -> object:
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

    def __init__(
        self, number: int, sql: str, args: list[dict[str, object]], named_args: list[dict[str, object]]
    ) -> None:
        self.number = number  # 1-based, as messages count
        self.sql = sql
        self.args = args
        self.named_args = named_args

    def stmt(self) -> dict[str, object]:
        stmt: dict[str, object] = {'sql': self.sql, 'want_rows': True}
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


def parse_statements(items: object) -> list[Statement]:
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
        encoded_named: list[dict[str, object]] = []
        for name, value in named.items():
            if not isinstance(name, str) or not re.match(r'^[:@$]?[A-Za-z0-9_]+\Z', name):
                raise ValueError(f'{where}: {name!r} is not a parameter name such as :name, @name or $name')
            encoded_named.append({'name': name, 'value': encode_value(value, f'{where}, named_args[{name}]')})
        statements.append(Statement(number, sql, encoded_args, encoded_named))
    return statements


def unique_names(columns: t.Sequence[object]) -> list[str]:
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


def statement_result(result: object, sql: str) -> dict[str, object]:
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


class PipelineError(t.TypedDict, total=False):
    """The ``error`` of a failed pipeline result or batch step."""

    message: str
    code: str | None


def result_error(result: object) -> PipelineError | None:
    """The ``{message, code}`` of a failed pipeline result, or None."""
    if isinstance(result, dict) and result.get('type') == 'error':
        error = result.get('error')
        return t.cast(PipelineError, error) if isinstance(error, dict) else {'message': 'no message'}
    return None


def response_result(result: object) -> t.Any:
    """The ``result`` of a successful pipeline result."""
    response = result.get('response') if isinstance(result, dict) else None
    return response.get('result') if isinstance(response, dict) else None


def reads_only(statement: Statement, described: object) -> bool:
    """Whether a statement only reads: what the database's ``describe`` says (``is_readonly``), except that ATTACH
    and DETACH, which it calls read-only, write."""
    readonly = (response_result(described) or {}).get('is_readonly') is True
    return readonly and not changes_connection(statement.sql)


#: What the database said of a statement before it ran: (only reads, None when it cannot tell; the error then).
Described = t.Tuple[t.Optional[bool], t.Optional[PipelineError]]


def batch_steps(statements: t.Sequence[Statement], finish: str | None) -> list[dict[str, object]]:
    """The steps of a batch that runs ``statements`` in order, each only if the one before succeeded: inside
    ``BEGIN`` and ``finish`` (``COMMIT``, or ``ROLLBACK`` when nothing may stay) unless ``finish`` is None."""
    steps: list[dict[str, object]] = []
    if finish is not None:
        steps.append({'stmt': {'sql': 'BEGIN', 'want_rows': False}})
    for statement in statements:
        step: dict[str, object] = {'stmt': statement.stmt()}
        if steps:
            step['condition'] = {'type': 'ok', 'step': len(steps) - 1}
        steps.append(step)
    if finish == 'COMMIT':
        steps.append(
            {'condition': {'type': 'ok', 'step': len(steps) - 1}, 'stmt': {'sql': 'COMMIT', 'want_rows': False}}
        )
        steps.append(
            {
                'condition': {'type': 'not', 'cond': {'type': 'ok', 'step': len(steps) - 1}},
                'stmt': {'sql': 'ROLLBACK', 'want_rows': False},
            }
        )
    elif finish == 'ROLLBACK':
        steps.append({'stmt': {'sql': 'ROLLBACK', 'want_rows': False}})
    return steps


@dataclass
class BatchResult:
    """What one batch did: each statement's result and error (``{message, code}``, None when it succeeded or did not
    run), the error of the ``COMMIT`` that ends it, and whether each statement described after it only reads (by
    its number; None when the database still cannot tell)."""

    results: list[t.Any]
    errors: list[PipelineError | None]
    commit_error: PipelineError | None = None
    described: dict[int, bool | None] = field(default_factory=dict)


class Pipeline:
    """One-shot calls of ``POST {database_url}/v2/pipeline`` through the shared EdgeClient."""

    def __init__(self, client: EdgeClient, token: str, service: str = SERVICE, unauthorized: str | None = None) -> None:
        self.client = client
        self.token = token
        self.service = service
        self.unauthorized = unauthorized  # what a refused token (401) tells the user, when it is not a finding itself

    @property
    def url(self) -> str:
        """The database's address, as operations name it."""
        return self.client.base_urls.get(self.service, '')

    def run(self, requests: list[dict[str, object]], operation: str, idempotent: bool = False) -> list[t.Any]:
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
                errors=PIPELINE,
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

    def describe(self, statements: t.Sequence[Statement]) -> list[Described]:
        """What the database says of each statement before it runs (a read): whether it only reads, or the error
        that keeps the database from telling (a table an earlier statement creates, say)."""
        results = self.run(describe_requests(statements), self.describe_operation, idempotent=True)
        return described_by(statements, results)

    @property
    def describe_operation(self) -> str:
        return f'describe the statements on {self.url}'

    @property
    def run_operation(self) -> str:
        return f'run the statements on {self.url}'

    def batch(
        self,
        statements: t.Sequence[Statement],
        finish: str | None,
        idempotent: bool,
        describe_after: t.Sequence[Statement] = (),
    ) -> BatchResult:
        """Run ``statements`` in one batch (see ``batch_steps`` for ``finish``); ``describe_after`` are described
        after it, on the same stream. A batch the database refuses whole, or a ``BEGIN`` that fails, raises
        StatementError; a statement's own failure is in the result."""
        steps = batch_steps(statements, finish)
        requests: list[dict[str, object]] = [
            {'type': 'batch', 'batch': {'steps': steps}},
            *describe_requests(describe_after),
        ]
        results = self.run(requests, self.run_operation, idempotent=idempotent)
        return self.batch_result(statements, finish, steps, results[0], describe_after, results[1:])

    def described_batch(
        self, statements: t.Sequence[Statement], finish: str | None
    ) -> tuple[list[Described], BatchResult]:
        """Describe ``statements`` and run them in one batch, in one request: what the database says of each before
        it runs (``describe``), then the batch (``batch``), then each described again (what could not be described
        before may depend on an earlier statement: a table it creates). The request counts as a write only when a
        statement does not only read.

        Its answer lost or a 5xx: the statements are described alone (a read, retried); when they only read, or the
        server did not act on the request (503), the batch is sent alone as ``batch`` sends it; else the failure is
        the run's (the server may have acted: never repeated)."""
        steps = batch_steps(statements, finish)
        requests = describe_requests(statements)
        requests += [{'type': 'batch', 'batch': {'steps': steps}}, *describe_requests(statements)]
        wrote_before = self.client.wrote
        try:
            # Named as the first thing it does: a refused token is refused on the describe.
            results = self.run(requests, self.describe_operation, idempotent=False)
        except EdgeApiError as error:
            if error.status is not None and error.status < 500:
                raise
            acted = self.client.wrote and not wrote_before
            self.client.wrote = wrote_before
            described = self.describe(statements)
            all_reads = all(readonly is True for readonly, _error in described)
            if acted and not all_reads:
                self.client.wrote = True
                raise EdgeApiError(
                    self.run_operation, error.status, error.message, error.error_key, error.field_errors
                ) from None
            unknown = [statement for statement, (readonly, _error) in zip(statements, described) if readonly is None]
            return described, self.batch(statements, finish, idempotent=all_reads, describe_after=unknown)
        count = len(statements)
        described = described_by(statements, results[:count])
        if all(readonly is True for readonly, _error in described):
            self.client.wrote = wrote_before  # it only read
        batch = self.batch_result(statements, finish, steps, results[count], statements, results[count + 1 :])
        return described, batch

    def batch_result(
        self,
        statements: t.Sequence[Statement],
        finish: str | None,
        steps: list[dict[str, object]],
        result: object,
        describe_after: t.Sequence[Statement],
        described_after: t.Sequence[object],
    ) -> BatchResult:
        """A batch's result in the pipeline's answer, and what the describes sent after it say."""
        operation = self.run_operation
        offset = 0 if finish is None else 1  # the BEGIN step
        error = result_error(result)
        if error is not None:
            raise StatementError(operation, str(error.get('message') or 'no message'), error.get('code'))
        batch = response_result(result) or {}
        step_results = list(batch.get('step_results') or [])
        step_errors = list(batch.get('step_errors') or [])
        step_results += [None] * (len(steps) - len(step_results))
        step_errors += [None] * (len(steps) - len(step_errors))
        if finish is not None and step_errors[0]:
            begin = step_errors[0]
            raise StatementError(f'begin a transaction on {self.url}', str(begin.get('message')), begin.get('code'))
        end = offset + len(statements)
        return BatchResult(
            results=step_results[offset:end],
            errors=step_errors[offset:end],
            commit_error=step_errors[end] if finish == 'COMMIT' else None,
            described={
                statement.number: reads_only(statement, answer) if result_error(answer) is None else None
                for statement, answer in zip(describe_after, described_after)
            },
        )


def describe_requests(statements: t.Sequence[Statement]) -> list[dict[str, object]]:
    return [{'type': 'describe', 'sql': statement.sql} for statement in statements]


def described_by(statements: t.Sequence[Statement], results: t.Sequence[object]) -> list[Described]:
    """What the describe results say of each statement: (only reads, None when it cannot tell; the error then)."""
    described: list[Described] = []
    for statement, result in zip(statements, results):
        error = result_error(result)
        described.append((None, error) if error is not None else (reads_only(statement, result), None))
    return described


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
