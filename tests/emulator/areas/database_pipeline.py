# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The database HTTP pipeline (libSQL "Hrana over HTTP" v2) on a real SQLite database.

One :class:`SqliteDatabase` per database id: a SQLite database in WAL mode, in a temporary
file that lives as long as the database (a reset recreates it, the process removes it on
exit), shared by the connections of its streams. A stream is one connection, so a ``BEGIN``
on one stream is a real transaction: other streams keep reading the last committed state
(as libSQL serves them) and a second writer is refused at once with ``SQLITE_BUSY``. A
stream lives from the first pipeline request with ``baton: null`` until a ``close``
request, or until it stays idle too long. Every answer carries a new baton, the old one
stops working.

Requests: ``execute``, ``batch`` (with conditions ``ok``/``error``/``not``/``and``/``or``/
``is_autocommit``), ``sequence``, ``describe``, ``store_sql``, ``close_sql``, ``close``.
Statement failures are answered per request (``{type: error, error: {message, code}}``,
the HTTP answer stays 200); a body that breaks the protocol is refused whole (400) before
anything runs.
"""

from __future__ import annotations

import atexit
import base64
import binascii
import contextlib
import math
import os
import re
import secrets
import shutil
import sqlite3
import tempfile
import time
import typing as t
import warnings
from dataclasses import dataclass, field

# A stream nobody used for this long is closed (its transaction rolled back).
STREAM_IDLE_SECONDS = 30.0
INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1
INT32_MIN = -(2**31)
INT32_MAX = 2**31 - 1

# Opcodes after which SQLite itself no longer calls a statement read-only (besides a write
# OP_Transaction): what sqlite3_stmt_readonly() answers, read from EXPLAIN.
WRITE_OPCODES = frozenset(('Vacuum', 'Checkpoint', 'JournalMode', 'VUpdate', 'VCreate', 'VDestroy'))
EXPLAIN_RE = re.compile(r'^\s*(?:(?:--[^\n]*\n|/\*.*?\*/)\s*)*explain\b', re.IGNORECASE | re.DOTALL)
INSERT_RE = re.compile(r'^\s*(?:(?:--[^\n]*\n|/\*.*?\*/)\s*)*(insert|replace)\b', re.IGNORECASE | re.DOTALL)
USES_RE = re.compile(r'uses (\d+)')

# ATTACH as libSQL classifies it before running anything: of a name (bare or in double quotes), another
# database of the account; of anything else (a file path), a statement it does not support.
ATTACH_RE = re.compile(
    r'^(?:\s|--[^\n]*(?:\n|\Z)|/\*.*?\*/)*attach\s+(?:database\s+)?(?P<target>.*?)\s+as\s',
    re.IGNORECASE | re.DOTALL,
)
ATTACH_NAME_RE = re.compile(r'^(?:"(?P<quoted>[^"]+)"|(?P<bare>[A-Za-z_][A-Za-z0-9_]*))$')

READ_ONLY_REFUSAL = (
    'Operation was blocked: the access token is read-only, and this statement writes to the database '
    '(use a full-access token)'
)

REQUEST_TYPES = frozenset(('execute', 'batch', 'sequence', 'describe', 'store_sql', 'close_sql', 'close'))


class HranaError(Exception):
    """A failed request of a pipeline: answered as ``{type: error, error: {message, code}}``."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.code = code

    def body(self) -> dict[str, str]:
        return {'message': self.message, 'code': self.code}


class ProtocolError(Exception):
    """A body that breaks the protocol: the whole pipeline is refused with HTTP 400 (or ``status``)."""

    def __init__(self, message: str, code: str = 'PROTOCOL_ERROR', status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status


def sqlite_error(exc: Exception) -> HranaError:
    message = str(exc)
    if 'one statement at a time' in message:
        return HranaError('SQL string contains more than one statement', 'SQL_MANY_STATEMENTS')
    if isinstance(exc, sqlite3.ProgrammingError) and 'bindings' in message:
        return HranaError(message, 'ARGS_INVALID')
    return HranaError(message, getattr(exc, 'sqlite_errorname', None) or 'SQLITE_ERROR')


# ---- values ----------------------------------------------------------------------------


def from_value(value: t.Any) -> t.Any:
    """A Hrana value as the Python value SQLite binds."""
    if not isinstance(value, dict):
        raise ProtocolError('a value must be an object with a "type"')
    kind = value.get('type')
    if kind == 'null':
        return None
    if kind == 'integer':
        raw = value.get('value')
        if isinstance(raw, bool) or not isinstance(raw, (str, int)):
            raise ProtocolError('an integer value must be a string of digits')
        try:
            number = int(raw)
        except ValueError:
            raise ProtocolError(f'{raw!r} is not an integer') from None
        if not INT64_MIN <= number <= INT64_MAX:
            raise ProtocolError(f'{raw} does not fit a 64-bit integer')
        return number
    if kind == 'float':
        raw = value.get('value')
        if isinstance(raw, bool) or not isinstance(raw, (int, float)):
            raise ProtocolError('a float value must be a number')
        return float(raw)
    if kind == 'text':
        if not isinstance(value.get('value'), str):
            raise ProtocolError('a text value must be a string')
        return value['value']
    if kind == 'blob':
        raw = value.get('base64')
        if not isinstance(raw, str):
            raise ProtocolError('a blob value must carry "base64"')
        try:
            return base64.b64decode(raw + '=' * (-len(raw) % 4), validate=True)
        except (binascii.Error, ValueError):
            raise ProtocolError('a blob value is not valid base64') from None
    raise ProtocolError(f'unknown value type {kind!r}')


def to_value(value: t.Any) -> dict[str, t.Any]:
    """A value SQLite returned, as a Hrana value."""
    if value is None:
        return {'type': 'null'}
    if isinstance(value, int):
        return {'type': 'integer', 'value': str(value)}
    if isinstance(value, float):
        if not math.isfinite(value):  # JSON has no infinity; the largest double is the nearest value
            value = math.copysign(1.7976931348623157e308, value)
        return {'type': 'float', 'value': value}
    if isinstance(value, str):
        return {'type': 'text', 'value': value}
    return {'type': 'blob', 'base64': base64.b64encode(bytes(value)).decode('ascii').rstrip('=')}


# ---- statements ------------------------------------------------------------------------


@dataclass
class Analysis:
    """What SQLite says about one statement before it runs."""

    param_count: int = 0
    param_names: dict[int, str | None] = field(default_factory=dict)  # referenced parameters only
    readonly: bool = True
    is_explain: bool = False
    returns_rows: bool = False


class NullForEveryName(dict[str, None]):
    """Parameters that give NULL to every named parameter (sqlite3 looks each name up with ``[]``)."""

    def __missing__(self, name: str) -> None:
        return None


def execute_with_nulls(conn: sqlite3.Connection, sql: str, count: int) -> sqlite3.Cursor:
    """Run ``sql`` with NULL for each of its COUNT parameters: by position, or by name where the parameters have
    names (Python 3.14's sqlite3 refuses a sequence for named parameters; 3.12 and 3.13 warn)."""
    with warnings.catch_warnings():
        warnings.simplefilter('error', DeprecationWarning)
        try:
            return conn.execute(sql, (None,) * count)
        except (DeprecationWarning, sqlite3.ProgrammingError):
            pass
    try:
        return conn.execute(sql, NullForEveryName())
    except sqlite3.ProgrammingError:
        # Positional and named parameters at once, which only a sequence binds (before Python 3.14, with a
        # warning); or the statement's own error, which this raises again.
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', DeprecationWarning)
            return conn.execute(sql, (None,) * count)


def _with_param_count(conn: sqlite3.Connection, sql: str) -> tuple[int, t.Any]:
    """Run ``sql`` (an EXPLAIN, which changes nothing) with NULL for every parameter."""
    try:
        return 0, conn.execute(sql, ())
    except sqlite3.ProgrammingError as exc:
        found = USES_RE.search(str(exc))
        if not found:
            raise
        count = int(found.group(1))
        return count, execute_with_nulls(conn, sql, count)


def analyze(conn: sqlite3.Connection, sql: str) -> Analysis:
    if not sql.strip():
        raise HranaError('SQL string does not contain any statement', 'SQL_NO_STATEMENT')
    if EXPLAIN_RE.match(sql):
        try:
            count, cursor = _with_param_count(conn, sql)
            cursor.fetchall()
        except (sqlite3.Error, sqlite3.Warning) as exc:
            raise sqlite_error(exc) from None
        return Analysis(
            param_count=count, param_names=dict.fromkeys(range(1, count + 1)), is_explain=True, returns_rows=True
        )
    try:
        count, cursor = _with_param_count(conn, f'EXPLAIN {sql}')
        program = cursor.fetchall()
    except (sqlite3.Error, sqlite3.Warning) as exc:
        raise sqlite_error(exc) from None
    analysis = Analysis(param_count=count)
    for _addr, opcode, p1, p2, _p3, p4, _p5, _comment in program:
        if opcode == 'Variable':
            analysis.param_names[p1] = p4
        elif (opcode == 'Transaction' and p2) or opcode in WRITE_OPCODES:
            analysis.readonly = False
        elif opcode == 'ResultRow':
            analysis.returns_rows = True
    if not program:  # a statement of comments only
        raise HranaError('SQL string does not contain any statement', 'SQL_NO_STATEMENT')
    return analysis


def refuse_attach(sql: str, text: str | None = None) -> None:
    """ATTACH as libSQL answers it, before anything runs.

    libSQL classifies every statement before it runs a request: an ATTACH of a file path is a statement it does not
    support (a parse error: the whole request fails, a batch or sequence runs none of its statements), and an
    ATTACH of a name reaches another database of the account, which none of the emulator's allows (libSQL refuses
    the whole pipeline with HTTP 403). SQLite would open or create the file on this host. DETACH runs as SQLite
    runs it. describe leaves both alone: libSQL answers it with SQLite's sqlite3_stmt_readonly(), which calls
    ATTACH and DETACH read-only. ``text`` is the SQL text the statement came in (a sequence's), which the
    parse error quotes.
    """
    found = ATTACH_RE.match(sql)
    if found is None:
        return
    name = ATTACH_NAME_RE.match(found.group('target').strip())
    if name is None:
        shown = sql if text is None else text
        raise HranaError(f'SQL string could not be parsed: unsupported statement: {shown}', 'SQL_PARSE_ERROR')
    raise ProtocolError(
        f"Namespace `{name.group('quoted') or name.group('bare')}` doesn't allow attach", 'FORBIDDEN', status=403
    )


def bind(analysis: Analysis, args: list[t.Any], named: dict[str, t.Any]) -> t.Any:
    """Parameters for sqlite3: positional args by index, named args by name (prefix guessed when left out)."""
    if len(args) > analysis.param_count:
        raise HranaError(
            f'The statement expects {analysis.param_count} arguments, but {len(args)} were given', 'ARGS_INVALID'
        )
    names = {name for name in analysis.param_names.values() if name}
    for given in named:
        if given not in names and not any(name[1:] == given for name in names if name[0] in ':@$'):
            raise HranaError(f'The statement has no parameter named {given!r}', 'ARGS_INVALID')
    values: list[t.Any] = []
    for index in range(1, analysis.param_count + 1):
        name = analysis.param_names.get(index)
        if index not in analysis.param_names:  # a gap such as ?1 when only ?2 is used
            values.append(args[index - 1] if index <= len(args) else None)
        elif name is not None and name in named:
            values.append(named[name])
        elif name is not None and name[0] in ':@$' and name[1:] in named:
            values.append(named[name[1:]])
        elif index <= len(args):
            values.append(args[index - 1])
        else:
            label = name or f'?{index}'
            raise HranaError(f'The statement expects a value for parameter {label}, but none was given', 'ARGS_INVALID')
    names_by_index = [analysis.param_names.get(index) for index in range(1, analysis.param_count + 1)]
    if names_by_index and all(name and name[0] in ':@$' for name in names_by_index):
        return {t.cast(str, name)[1:]: value for name, value in zip(names_by_index, values, strict=True)}
    return values


@dataclass
class Stream:
    conn: sqlite3.Connection
    sql: dict[int, str] = field(default_factory=dict)
    last_used: float = field(default_factory=time.monotonic)

    def close(self) -> None:
        try:
            if self.conn.in_transaction:
                self.conn.rollback()
        finally:
            self.conn.close()


_DIRECTORY: dict[int, str] = {}


def database_directory() -> str:
    """A temporary directory for the database files of this process (a forked one makes its own: the parent's may
    go away first), removed when its last database closes (State.close), or at exit. A forked child that ends
    without exit handlers (pytest --forked) removes it itself: remove_database_directory."""
    pid = os.getpid()
    directory = _DIRECTORY.get(pid)
    if directory is None or not os.path.isdir(directory):
        if directory is None:
            atexit.register(remove_database_directory)
        directory = _DIRECTORY[pid] = tempfile.mkdtemp(prefix='edge-emulator-db-')
    return directory


def remove_database_directory() -> None:
    """Removes this process's database directory with whatever is still in it."""
    directory = _DIRECTORY.get(os.getpid())
    if directory is not None:
        shutil.rmtree(directory, ignore_errors=True)


class SqliteDatabase:
    """One database: its SQLite file, its streams and their batons."""

    def __init__(self, name: str) -> None:
        self.path = os.path.join(database_directory(), f'{name}-{secrets.token_hex(6)}.db')
        # The keeper connection seeds the database and answers size questions.
        self.keeper = self.connect()
        self.keeper.execute('PRAGMA journal_mode=WAL').fetchall()
        self.streams: dict[str, Stream] = {}

    def connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=0)
        conn.execute('PRAGMA synchronous=OFF')  # a test double: no fsync
        return conn

    def close(self) -> None:
        self.close_streams()
        self.keeper.close()
        for suffix in ('', '-wal', '-shm', '-journal'):
            if os.path.exists(self.path + suffix):
                os.unlink(self.path + suffix)
        with contextlib.suppress(OSError):  # the directory's last database: no directory left behind
            os.rmdir(os.path.dirname(self.path))

    def close_streams(self) -> None:
        for stream in self.streams.values():
            stream.close()
        self.streams.clear()

    def size(self) -> int:
        pages = self.keeper.execute('PRAGMA page_count').fetchone()[0]
        page_size = self.keeper.execute('PRAGMA page_size').fetchone()[0]
        return int(pages) * int(page_size)

    def _expire(self) -> None:
        deadline = time.monotonic() - STREAM_IDLE_SECONDS
        for baton in [baton for baton, stream in self.streams.items() if stream.last_used < deadline]:
            self.streams.pop(baton).close()

    # ---- the pipeline -----------------------------------------------------------------

    def pipeline(self, body: t.Any, read_only: bool = False) -> dict[str, t.Any]:
        """Answer one ``POST /v2/pipeline`` body. Raises ProtocolError for a body to refuse (400)."""
        if not isinstance(body, dict):
            raise ProtocolError('the body must be a JSON object')
        requests = body.get('requests')
        if not isinstance(requests, list):
            raise ProtocolError('"requests" must be an array')
        baton = body.get('baton')
        if baton is not None and not isinstance(baton, str):
            raise ProtocolError('"baton" must be a string or null')
        for request in requests:
            check_request(request)
        self._expire()
        if baton is None:
            stream = Stream(self.connect())
        else:
            found = self.streams.pop(baton, None)
            if found is None:
                raise ProtocolError('The stream has expired or the baton is not valid', 'STREAM_EXPIRED')
            stream = found
        results: list[dict[str, t.Any]] = []
        closed = False
        try:
            for request in requests:
                if closed:
                    results.append(
                        {'type': 'error', 'error': {'message': 'The stream is closed', 'code': 'STREAM_CLOSED'}}
                    )
                    continue
                try:
                    response = self.run_request(stream, request, read_only)
                except HranaError as error:
                    results.append({'type': 'error', 'error': error.body()})
                    continue
                results.append({'type': 'ok', 'response': response})
                closed = request['type'] == 'close'
        except BaseException:
            stream.close()
            raise
        if closed:
            stream.close()
            next_baton = None
        else:
            next_baton = secrets.token_urlsafe(24)
            stream.last_used = time.monotonic()
            self.streams[next_baton] = stream
        return {'baton': next_baton, 'base_url': None, 'results': results}

    def run_request(self, stream: Stream, request: dict[str, t.Any], read_only: bool) -> dict[str, t.Any]:
        kind = request['type']
        if kind == 'close':
            return {'type': 'close'}
        if kind == 'execute':
            return {'type': 'execute', 'result': self.execute(stream, request['stmt'], read_only)}
        if kind == 'batch':
            return {'type': 'batch', 'result': self.batch(stream, request['batch'], read_only)}
        if kind == 'sequence':
            self.sequence(stream, self.sql_of(stream, request), read_only)
            return {'type': 'sequence'}
        if kind == 'describe':
            return {'type': 'describe', 'result': self.describe(stream, self.sql_of(stream, request))}
        if kind == 'store_sql':
            if request['sql_id'] in stream.sql:
                raise HranaError(f"SQL text id {request['sql_id']} is already in use", 'SQL_STORE_ID_IN_USE')
            stream.sql[request['sql_id']] = request['sql']
            return {'type': 'store_sql'}
        stream.sql.pop(request['sql_id'], None)  # close_sql: closing an unknown id is not an error
        return {'type': 'close_sql'}

    @staticmethod
    def sql_of(stream: Stream, holder: dict[str, t.Any]) -> str:
        if holder.get('sql') is not None:
            return t.cast(str, holder['sql'])
        sql_id = holder.get('sql_id')
        if sql_id not in stream.sql:
            raise HranaError(f'SQL text {sql_id} was not stored on this stream', 'SQL_NOT_FOUND')
        return stream.sql[sql_id]

    def execute(self, stream: Stream, stmt: dict[str, t.Any], read_only: bool) -> dict[str, t.Any]:
        conn = stream.conn
        sql = self.sql_of(stream, stmt)
        refuse_attach(sql)
        analysis = analyze(conn, sql)
        if read_only and not analysis.readonly:
            raise HranaError(READ_ONLY_REFUSAL, 'BLOCKED')
        args = [from_value(value) for value in stmt.get('args') or []]
        named = {item['name']: from_value(item['value']) for item in stmt.get('named_args') or []}
        params = bind(analysis, args, named)
        before = conn.execute('SELECT last_insert_rowid()').fetchone()[0] if not analysis.readonly else None
        try:
            with warnings.catch_warnings():
                warnings.simplefilter('ignore', DeprecationWarning)  # named placeholders bound by position
                cursor = conn.execute(sql, params)
            rows = cursor.fetchall()
        except (sqlite3.Error, sqlite3.Warning) as exc:
            raise sqlite_error(exc) from None
        columns = [{'name': column[0], 'decltype': None} for column in cursor.description or ()]
        last_rowid = None
        affected = 0
        if not analysis.readonly:
            affected = max(cursor.rowcount, 0)
            after = conn.execute('SELECT last_insert_rowid()').fetchone()[0]
            if after != before or INSERT_RE.match(sql):
                last_rowid = str(after)
        want_rows = stmt.get('want_rows', True) is not False
        return {
            'cols': columns,
            'rows': [[to_value(value) for value in row] for row in rows] if want_rows else [],
            'affected_row_count': affected,
            'last_insert_rowid': last_rowid,
        }

    def batch(self, stream: Stream, batch: dict[str, t.Any], read_only: bool) -> dict[str, t.Any]:
        for step in batch['steps']:  # libSQL reads the whole program before it runs a step
            refuse_attach(self.sql_of(stream, step['stmt']))
        results: list[t.Any] = []
        errors: list[t.Any] = []
        for index, step in enumerate(batch['steps']):
            condition = step.get('condition')
            if condition is not None and not self.condition(stream, condition, results, errors, index):
                results.append(None)
                errors.append(None)
                continue
            try:
                results.append(self.execute(stream, step['stmt'], read_only))
                errors.append(None)
            except HranaError as error:
                results.append(None)
                errors.append(error.body())
        return {'step_results': results, 'step_errors': errors}

    def condition(
        self, stream: Stream, cond: dict[str, t.Any], results: list[t.Any], errors: list[t.Any], index: int
    ) -> bool:
        kind = cond['type']
        if kind in ('ok', 'error'):
            step = cond['step']
            if step >= index:
                raise HranaError(
                    f'The condition of step {index} refers to step {step}, which has not run yet', 'BATCH_COND_INVALID'
                )
            return (results if kind == 'ok' else errors)[step] is not None
        if kind == 'not':
            return not self.condition(stream, cond['cond'], results, errors, index)
        if kind == 'and':
            return all(self.condition(stream, item, results, errors, index) for item in cond['conds'])
        if kind == 'or':
            return any(self.condition(stream, item, results, errors, index) for item in cond['conds'])
        return not stream.conn.in_transaction  # is_autocommit

    def sequence(self, stream: Stream, sql: str, read_only: bool) -> None:
        statements = split_statements(sql)
        for statement in statements:  # libSQL reads every statement before it runs one
            refuse_attach(statement.strip(), sql)
        for statement in statements:
            analysis = analyze(stream.conn, statement)
            if read_only and not analysis.readonly:
                raise HranaError(READ_ONLY_REFUSAL, 'BLOCKED')
            if analysis.param_count:
                raise HranaError('Statements of a sequence cannot have parameters', 'ARGS_INVALID')
            try:
                stream.conn.execute(statement).fetchall()
            except (sqlite3.Error, sqlite3.Warning) as exc:
                raise sqlite_error(exc) from None

    def describe(self, stream: Stream, sql: str) -> dict[str, t.Any]:
        analysis = analyze(stream.conn, sql)
        columns: list[dict[str, t.Any]] = []
        if analysis.readonly and analysis.returns_rows and not analysis.is_explain:
            # Column names of a read-only statement: run it with NULL parameters, read only its header.
            try:
                cursor = execute_with_nulls(stream.conn, sql, analysis.param_count)
                columns = [{'name': column[0], 'decltype': None} for column in cursor.description or ()]
                cursor.close()
            except (sqlite3.Error, sqlite3.Warning):
                columns = []
        return {
            'params': [{'name': analysis.param_names.get(index)} for index in range(1, analysis.param_count + 1)],
            'cols': columns,
            'is_explain': analysis.is_explain,
            'is_readonly': analysis.readonly,
        }


def split_statements(sql: str) -> list[str]:
    """The statements of a SQL text, split where SQLite says a statement is complete."""
    statements: list[str] = []
    current = ''
    for char in sql:
        current += char
        if char == ';' and sqlite3.complete_statement(current):
            if current.strip(' \t\r\n;'):
                statements.append(current)
            current = ''
    if current.strip() and sqlite3.complete_statement(current + ';'):
        statements.append(current)
    elif current.strip():
        raise HranaError('The SQL text ends with an incomplete statement', 'SQL_PARSE_ERROR')
    return [statement for statement in statements if _has_code(statement)]


def _has_code(statement: str) -> bool:
    stripped = re.sub(r'--[^\n]*|/\*.*?\*/', '', statement, flags=re.DOTALL)
    return bool(stripped.strip(' \t\r\n;'))


# ---- protocol checks (before anything runs) --------------------------------------------


def _int32(value: t.Any, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not INT32_MIN <= value <= INT32_MAX:
        raise ProtocolError(f'{what} must be a 32-bit integer')


def _sql_or_id(holder: t.Any, what: str) -> None:
    if not isinstance(holder, dict):
        raise ProtocolError(f'{what} must be an object')
    has_sql = holder.get('sql') is not None
    has_id = holder.get('sql_id') is not None
    if has_sql == has_id:
        raise ProtocolError(f'{what} needs exactly one of "sql" and "sql_id"')
    if has_sql and not isinstance(holder['sql'], str):
        raise ProtocolError(f'"sql" of {what} must be a string')
    if has_id:
        _int32(holder['sql_id'], f'"sql_id" of {what}')


def check_stmt(stmt: t.Any) -> None:
    _sql_or_id(stmt, 'a statement')
    args = stmt.get('args')
    if args is not None:
        if not isinstance(args, list):
            raise ProtocolError('"args" must be an array of values')
        for value in args:
            from_value(value)
    named = stmt.get('named_args')
    if named is not None:
        if not isinstance(named, list):
            raise ProtocolError('"named_args" must be an array of {name, value}')
        for item in named:
            if not isinstance(item, dict) or not isinstance(item.get('name'), str):
                raise ProtocolError('each named argument needs a "name" string and a "value"')
            from_value(item.get('value'))
    if 'want_rows' in stmt and stmt['want_rows'] is not None and not isinstance(stmt['want_rows'], bool):
        raise ProtocolError('"want_rows" must be a boolean')


def check_condition(cond: t.Any) -> None:
    if not isinstance(cond, dict):
        raise ProtocolError('a batch condition must be an object')
    kind = cond.get('type')
    if kind in ('ok', 'error'):
        _int32(cond.get('step'), f'"step" of an {kind} condition')
        if cond['step'] < 0:
            raise ProtocolError('"step" of a condition cannot be negative')
    elif kind == 'not':
        check_condition(cond.get('cond'))
    elif kind in ('and', 'or'):
        if not isinstance(cond.get('conds'), list):
            raise ProtocolError(f'an {kind} condition needs "conds"')
        for item in cond['conds']:
            check_condition(item)
    elif kind != 'is_autocommit':
        raise ProtocolError(f'unknown batch condition type {kind!r}')


def check_request(request: t.Any) -> None:
    if not isinstance(request, dict) or request.get('type') not in REQUEST_TYPES:
        kind = request.get('type') if isinstance(request, dict) else None
        raise ProtocolError(f'unknown stream request type {kind!r}')
    kind = request['type']
    if kind == 'execute':
        check_stmt(request.get('stmt'))
    elif kind == 'batch':
        batch = request.get('batch')
        if not isinstance(batch, dict) or not isinstance(batch.get('steps'), list):
            raise ProtocolError('a batch needs "steps"')
        for step in batch['steps']:
            if not isinstance(step, dict):
                raise ProtocolError('a batch step must be an object')
            if step.get('condition') is not None:
                check_condition(step['condition'])
            check_stmt(step.get('stmt'))
    elif kind in ('sequence', 'describe'):
        _sql_or_id(request, f'a {kind} request')
    elif kind == 'store_sql':
        _int32(request.get('sql_id'), '"sql_id" of store_sql')
        if not isinstance(request.get('sql'), str):
            raise ProtocolError('"sql" of store_sql must be a string')
    elif kind == 'close_sql':
        _int32(request.get('sql_id'), '"sql_id" of close_sql')
