# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's databases: management endpoints, tokens, and the Hrana v2 pipeline, in-process."""

from __future__ import annotations

import ctypes
import ctypes.util
import pathlib
import sqlite3
import typing as t

import pytest
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.emulator.areas import AREAS, database_pipeline as hrana
from ansible_collections.edge.platform.tests.emulator.core import ServiceMiddleware, State
from ansible_collections.edge.platform.tests.emulator.server import admin_app, build_service
from ansible_collections.edge.platform.tests.unit.helpers import EMULATOR_KEY as KEY

BASE = '/database/v2/databases'


class Databases:
    """A started emulator state with each database's pipeline app bound to a fake port."""

    def __init__(self) -> None:
        self.state = State(api_key=KEY, scale=6, areas=AREAS)
        self.state.reset()
        self.apps: dict[str, t.Any] = {}
        for area in AREAS:
            area.bind(self.state, self.bind)
        self.api = TestClient(build_service('api', self.state), headers={'AccessKey': KEY})
        self.admin = TestClient(admin_app(self.state))

    def bind(self, service: str, app: t.Any) -> str:
        url = f'http://127.0.0.1:{41000 + len(self.apps)}'
        self.apps[url] = ServiceMiddleware(app, service, self.state)
        return url

    def records(self) -> list[dict[str, t.Any]]:
        return self.admin.get('/state').json()['databases']

    def by_name(self, name: str) -> dict[str, t.Any]:
        return next(record for record in self.records() if record['name'] == name)

    def pipeline(self, record: dict[str, t.Any]) -> TestClient:
        return TestClient(self.apps[record['url']], base_url=record['url'])

    def token(self, record: dict[str, t.Any], access: str = 'full-access', expires_at: str | None = None) -> str:
        response = self.api.put(
            f"{BASE}/{record['id']}/auth/generate", json={'authorization': access, 'expires_at': expires_at}
        )
        assert response.status_code == 200, response.text
        return t.cast(str, response.json()['token'])


@pytest.fixture
def dbs() -> t.Iterator[Databases]:
    databases = Databases()
    yield databases
    databases.state.close()


def post(client: TestClient, token: str, requests: list[dict[str, t.Any]], baton: str | None = None) -> t.Any:
    return client.post(
        '/v2/pipeline', json={'baton': baton, 'requests': requests}, headers={'Authorization': f'Bearer {token}'}
    )


def execute(sql: str, *args: t.Any, **named: t.Any) -> dict[str, t.Any]:
    stmt: dict[str, t.Any] = {'sql': sql, 'args': list(args)}
    if named:
        stmt['named_args'] = [{'name': name, 'value': value} for name, value in named.items()]
    return {'type': 'execute', 'stmt': stmt}


def text(value: str) -> dict[str, str]:
    return {'type': 'text', 'value': value}


def integer(value: int) -> dict[str, str]:
    return {'type': 'integer', 'value': str(value)}


CLOSE = {'type': 'close'}


def test_records_are_deterministic_and_carry_their_own_url(dbs: Databases) -> None:
    records = dbs.records()
    assert [record['name'] for record in records] == ['app-main', 'catalog', 'sessions']
    assert all(record['id'].startswith('db_') and len(record['id']) == 29 for record in records)
    assert len({record['url'] for record in records}) == 3
    assert all(record['url'].startswith('http://127.0.0.1:') for record in records)
    other = Databases()
    assert [record['id'] for record in other.records()] == [record['id'] for record in records]
    for name in (
        'name',
        'id',
        'url',
        'block_reads',
        'block_writes',
        'size_max',
        'current_size',
        'storage_region',
        'primary_regions',
        'replicas_regions',
    ):
        assert name in records[0]
    assert int(dbs.by_name('catalog')['current_size']) > 0
    read = dbs.api.get(f"{BASE}/{records[1]['id']}").json()
    assert read == {'db': records[1]}
    listed = dbs.api.get(BASE, params={'page': 1, 'per_page': 2}).json()
    assert [record['id'] for record in listed['databases']] == [records[0]['id'], records[1]['id']]
    assert listed['page_info'] == {'current_page': 1, 'total_items': 3, 'has_more_items': True}
    last = dbs.api.get(BASE, params={'page': 2, 'per_page': 2}).json()
    assert [record['id'] for record in last['databases']] == [records[2]['id']]
    assert last['page_info'] == {'current_page': 2, 'total_items': 3, 'has_more_items': False}
    for per_page in (0, 5000):  # 0 (the default) means 100; no maximum
        assert len(dbs.api.get(BASE, params={'page': 1, 'per_page': per_page}).json()['databases']) == 3


@pytest.mark.parametrize(
    'params, message',
    [
        ({}, 'page is required'),
        ({'per_page': 10}, 'page is required'),
        ({'page': 0}, 'page must be'),
        ({'page': 1, 'per_page': -1}, 'per_page must be'),
    ],
)
def test_list_paging_is_checked(dbs: Databases, params: dict[str, t.Any], message: str) -> None:
    answer = dbs.api.get(BASE, params=params)
    assert answer.status_code == 400
    assert set(answer.json()) == {'error'} and message in answer.json()['error']


def test_management_errors_and_auth(dbs: Databases) -> None:
    missing = dbs.api.get(f'{BASE}/db_NOPE')
    assert missing.status_code == 404
    assert missing.json() == {'error': 'Database db_NOPE was not found'}
    record = dbs.records()[0]
    denied = TestClient(build_service('api', dbs.state)).get(f"{BASE}/{record['id']}")
    assert denied.status_code == 401
    assert denied.json() == {'error': 'Authorization has been denied for this request.'}
    for body, message in (
        ({'authorization': 'admin'}, 'authorization must be "full-access" or "read-only"'),
        ({'authorization': 'full-access', 'expires_at': 'soon'}, 'not an RFC 3339 date-time'),
        ({'authorization': 'full-access', 'expires_at': '2001-01-01T00:00:00Z'}, 'is in the past'),
    ):
        answer = dbs.api.put(f"{BASE}/{record['id']}/auth/generate", json=body)
        assert answer.status_code == 400 and message in answer.json()['error']


def test_seeded_data_is_deterministic(dbs: Databases) -> None:
    catalog = dbs.by_name('catalog')
    token = dbs.token(catalog)
    rows = post(dbs.pipeline(catalog), token, [execute('SELECT count(*), min(sku) FROM products'), CLOSE]).json()
    result = rows['results'][0]['response']['result']
    assert result['rows'] == [[integer(30), text('SKU-00001')]]
    other = Databases()
    again = other.by_name('catalog')
    answer = post(
        other.pipeline(again), other.token(again), [execute('SELECT sum(price), sum(stock) FROM products'), CLOSE]
    ).json()
    first = post(dbs.pipeline(catalog), token, [execute('SELECT sum(price), sum(stock) FROM products'), CLOSE]).json()
    assert answer['results'][0] == first['results'][0]


def test_tokens_are_per_database_and_revoking_ends_them_all(dbs: Databases) -> None:
    main, catalog = dbs.by_name('app-main'), dbs.by_name('catalog')
    first, second, read_only = dbs.token(main), dbs.token(main), dbs.token(main, 'read-only')
    other = dbs.token(catalog)
    client = dbs.pipeline(main)
    assert client.get('/v2').status_code == 200
    for token in (first, second, read_only):
        assert post(client, token, [execute('SELECT 1'), CLOSE]).status_code == 200
    wrong_db = post(client, other, [execute('SELECT 1')])
    assert wrong_db.status_code == 401
    assert wrong_db.json() == {
        'error': {'message': 'The access token belongs to another database', 'code': 'AUTH_TOKEN_INVALID'}
    }
    assert post(client, first[:-2] + 'xx', [execute('SELECT 1')]).status_code == 401
    no_header = client.post('/v2/pipeline', json={'requests': []})
    assert no_header.status_code == 401 and no_header.json()['error']['code'] == 'AUTH_HEADER_MISSING'
    # A stream open before the revoke does not outlive it either.
    open_stream = post(client, first, [execute('SELECT 1')]).json()['baton']
    assert dbs.api.post(f"{BASE}/{main['id']}/auth/revoke").status_code == 204
    for token in (first, second, read_only):
        refused = post(client, token, [execute('SELECT 1'), CLOSE])
        assert refused.status_code == 401
        assert refused.json()['error'] == {'message': 'The access token has been revoked', 'code': 'AUTH_TOKEN_REVOKED'}
    fresh = dbs.token(main)
    assert post(client, fresh, [CLOSE], baton=open_stream).status_code == 400
    assert post(dbs.pipeline(catalog), other, [execute('SELECT 1'), CLOSE]).status_code == 200
    statuses = [entry['status'] for entry in dbs.state.requests if entry['service'] == 'database']
    assert 401 in statuses and 200 in statuses


def test_expired_tokens_fail(dbs: Databases, monkeypatch: pytest.MonkeyPatch) -> None:
    import datetime

    from ansible_collections.edge.platform.tests.emulator.areas import databases as module

    record = dbs.by_name('app-main')
    token = dbs.token(record, expires_at='2030-01-01T00:00:00Z')
    assert post(dbs.pipeline(record), token, [CLOSE]).status_code == 200
    monkeypatch.setattr(module, '_now', lambda: datetime.datetime(2030, 1, 1, 0, 0, 1, tzinfo=datetime.timezone.utc))
    expired = post(dbs.pipeline(record), token, [CLOSE])
    assert expired.status_code == 401
    assert expired.json()['error']['code'] == 'AUTH_TOKEN_EXPIRED'


def test_read_only_tokens_refuse_writes(dbs: Databases) -> None:
    record = dbs.by_name('catalog')
    token = dbs.token(record, 'read-only')
    answer = post(
        dbs.pipeline(record),
        token,
        [
            execute('SELECT count(*) FROM products'),
            execute('DELETE FROM products'),
            {'type': 'sequence', 'sql': 'SELECT 1; UPDATE products SET stock = 0;'},
            {'type': 'batch', 'batch': {'steps': [{'stmt': {'sql': 'BEGIN IMMEDIATE'}}]}},
            CLOSE,
        ],
    ).json()
    results = answer['results']
    assert results[0]['type'] == 'ok'
    assert results[1]['type'] == 'error' and results[1]['error']['code'] == 'BLOCKED'
    assert 'read-only' in results[1]['error']['message']
    assert results[2]['error']['code'] == 'BLOCKED'
    assert results[3]['response']['result']['step_errors'][0]['code'] == 'BLOCKED'
    assert post(dbs.pipeline(record), dbs.token(record), [execute('SELECT count(*) FROM products'), CLOSE]).json()[
        'results'
    ][0]['response']['result']['rows'] == [[integer(30)]]


def test_execute_values_and_results(dbs: Databases) -> None:
    record = dbs.by_name('app-main')
    client, token = dbs.pipeline(record), dbs.token(record)
    answer = post(
        client,
        token,
        [
            execute('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL, data BLOB, n INTEGER)'),
            execute(
                'INSERT INTO t (name, score, data, n) VALUES (?, ?, ?, ?)',
                text('a'),
                {'type': 'float', 'value': 1.25},
                {'type': 'blob', 'base64': 'AAEC'},
                integer(2**62),
            ),
            execute(
                'INSERT INTO t (name, score) VALUES (:name, $score)', **{'name': text('b'), '$score': {'type': 'null'}}
            ),
            execute('SELECT id, name, score, data, n FROM t ORDER BY id'),
            execute('UPDATE t SET score = 0'),
            {'type': 'execute', 'stmt': {'sql': 'SELECT * FROM t', 'want_rows': False}},
            execute('SELECT ?', text('a'), text('b')),
            execute('SELECT :missing'),
            execute('SELECT 1; SELECT 2'),
            execute('   '),
            CLOSE,
        ],
    ).json()
    assert answer['baton'] is None and answer['base_url'] is None
    results = answer['results']
    assert all(result['type'] == 'ok' for result in results[:6])
    created = results[0]['response']['result']
    assert created == {'cols': [], 'rows': [], 'affected_row_count': 0, 'last_insert_rowid': None}
    assert results[1]['response']['result']['affected_row_count'] == 1
    assert results[1]['response']['result']['last_insert_rowid'] == '1'
    assert results[2]['response']['result']['last_insert_rowid'] == '2'
    select = results[3]['response']['result']
    assert [col['name'] for col in select['cols']] == ['id', 'name', 'score', 'data', 'n']
    assert select['rows'] == [
        [integer(1), text('a'), {'type': 'float', 'value': 1.25}, {'type': 'blob', 'base64': 'AAEC'}, integer(2**62)],
        [integer(2), text('b'), {'type': 'null'}, {'type': 'null'}, {'type': 'null'}],
    ]
    assert results[4]['response']['result']['affected_row_count'] == 2
    assert results[5]['response']['result']['rows'] == []
    assert [results[index]['error']['code'] for index in (6, 7, 8, 9)] == [
        'ARGS_INVALID',
        'ARGS_INVALID',
        'SQL_MANY_STATEMENTS',
        'SQL_NO_STATEMENT',
    ]
    assert results[10] == {'type': 'ok', 'response': {'type': 'close'}}


def test_batch_conditions_roll_back_like_the_official_client(dbs: Databases) -> None:
    record = dbs.by_name('app-main')
    client, token = dbs.pipeline(record), dbs.token(record)
    post(client, token, [execute('CREATE TABLE t (id INTEGER PRIMARY KEY)'), CLOSE])
    steps = [
        {'stmt': {'sql': 'BEGIN'}},
        {'condition': {'type': 'ok', 'step': 0}, 'stmt': {'sql': 'INSERT INTO t VALUES (1)'}},
        {'condition': {'type': 'ok', 'step': 1}, 'stmt': {'sql': 'INSERT INTO t VALUES (1)'}},
        {'condition': {'type': 'ok', 'step': 2}, 'stmt': {'sql': 'COMMIT'}},
        {'condition': {'type': 'not', 'cond': {'type': 'ok', 'step': 3}}, 'stmt': {'sql': 'ROLLBACK'}},
        {
            'condition': {'type': 'and', 'conds': [{'type': 'error', 'step': 2}, {'type': 'is_autocommit'}]},
            'stmt': {'sql': 'SELECT count(*) FROM t'},
        },
        {
            'condition': {'type': 'or', 'conds': [{'type': 'ok', 'step': 3}, {'type': 'error', 'step': 3}]},
            'stmt': {'sql': 'SELECT 1'},
        },
    ]
    result = post(client, token, [{'type': 'batch', 'batch': {'steps': steps}}, CLOSE]).json()['results'][0][
        'response'
    ]['result']
    assert [entry is not None for entry in result['step_results']] == [True, True, False, False, True, True, False]
    assert result['step_errors'][2]['code'] == 'SQLITE_CONSTRAINT_PRIMARYKEY'
    assert result['step_results'][5]['rows'] == [[integer(0)]]
    future = post(
        client,
        token,
        [
            {
                'type': 'batch',
                'batch': {'steps': [{'condition': {'type': 'ok', 'step': 0}, 'stmt': {'sql': 'SELECT 1'}}]},
            },
            CLOSE,
        ],
    )
    assert future.json()['results'][0]['error']['code'] == 'BATCH_COND_INVALID'


def test_baton_streams_hold_a_real_transaction(dbs: Databases) -> None:
    record = dbs.by_name('app-main')
    client, token = dbs.pipeline(record), dbs.token(record)
    post(client, token, [execute('CREATE TABLE t (x INTEGER)'), CLOSE])
    first = post(
        client,
        token,
        [
            execute('BEGIN'),
            execute('INSERT INTO t VALUES (1)'),
            {'type': 'store_sql', 'sql_id': 7, 'sql': 'SELECT count(*) FROM t'},
        ],
    ).json()
    baton = first['baton']
    assert baton
    inside = post(client, token, [{'type': 'execute', 'stmt': {'sql_id': 7}}], baton=baton).json()
    assert inside['results'][0]['response']['result']['rows'] == [[integer(1)]]
    assert inside['baton'] != baton
    assert post(client, token, [CLOSE], baton=baton).status_code == 400  # a used baton is gone
    # Another stream reads the committed state and cannot write meanwhile; closing without COMMIT rolls back.
    outside = post(
        client, token, [execute('SELECT count(*) FROM t'), execute('INSERT INTO t VALUES (2)'), CLOSE]
    ).json()
    assert outside['results'][0]['response']['result']['rows'] == [[integer(0)]]
    assert outside['results'][1]['error']['code'] == 'SQLITE_BUSY'
    closed = post(
        client,
        token,
        [{'type': 'close_sql', 'sql_id': 7}, {'type': 'execute', 'stmt': {'sql_id': 7}}, CLOSE, execute('SELECT 1')],
        baton=inside['baton'],
    ).json()
    assert closed['baton'] is None
    assert closed['results'][1]['error']['code'] == 'SQL_NOT_FOUND'
    assert closed['results'][3]['error']['code'] == 'STREAM_CLOSED'
    after = post(client, token, [execute('SELECT count(*) FROM t'), CLOSE]).json()
    assert after['results'][0]['response']['result']['rows'] == [[integer(0)]]


def test_sequence_describe_and_stored_sql(dbs: Databases) -> None:
    record = dbs.by_name('app-main')
    client, token = dbs.pipeline(record), dbs.token(record)
    answer = post(
        client,
        token,
        [
            {
                'type': 'sequence',
                'sql': 'CREATE TABLE s (a TEXT); -- note; with a semicolon\n'
                "INSERT INTO s VALUES ('x;y'); INSERT INTO s VALUES ('z')",
            },
            {'type': 'describe', 'sql': 'SELECT a AS value, ?2 FROM s WHERE a = :a'},
            {'type': 'describe', 'sql': 'DELETE FROM s'},
            {'type': 'describe', 'sql': 'EXPLAIN SELECT 1'},
            {'type': 'describe', 'sql': 'BEGIN'},
            {'type': 'store_sql', 'sql_id': 1, 'sql': 'SELECT count(*) FROM s'},
            {'type': 'store_sql', 'sql_id': 1, 'sql': 'SELECT 2'},
            {'type': 'describe', 'sql_id': 1},
            {'type': 'sequence', 'sql': 'SELECT 1; SELEC 2;'},
            CLOSE,
        ],
    ).json()
    results = answer['results']
    assert results[0] == {'type': 'ok', 'response': {'type': 'sequence'}}
    select = results[1]['response']['result']
    assert select['is_readonly'] is True and select['is_explain'] is False
    assert select['params'] == [{'name': None}, {'name': '?2'}, {'name': ':a'}]
    assert [col['name'] for col in select['cols']] == ['value', '?2']
    assert results[2]['response']['result']['is_readonly'] is False
    assert results[3]['response']['result']['is_explain'] is True
    assert results[4]['response']['result']['is_readonly'] is True  # SQLite calls BEGIN read-only
    assert results[6]['error']['code'] == 'SQL_STORE_ID_IN_USE'
    assert results[7]['response']['result']['cols'][0]['name'] == 'count(*)'
    assert results[8]['type'] == 'error' and 'syntax error' in results[8]['error']['message']
    count = post(client, token, [execute('SELECT a FROM s ORDER BY a'), CLOSE]).json()
    assert count['results'][0]['response']['result']['rows'] == [[text('x;y')], [text('z')]]


@pytest.mark.filterwarnings('error::DeprecationWarning')
def test_named_parameters_are_bound_by_name(dbs: Databases) -> None:
    """Python 3.14's sqlite3 refuses NULLs given by position to named parameters (3.12 and 3.13 warn): describe
    and the reading of a statement before it runs give them by name."""
    record = dbs.by_name('app-main')
    client, token = dbs.pipeline(record), dbs.token(record)
    answer = post(
        client,
        token,
        [
            execute('CREATE TABLE n (a TEXT, b INTEGER)'),
            {'type': 'describe', 'sql': 'SELECT a FROM n WHERE a = :a AND b > $b'},
            execute('INSERT INTO n VALUES (:a, @b)', a=text('x'), b=integer(2)),
            execute('SELECT a, b FROM n'),
            CLOSE,
        ],
    ).json()
    results = answer['results']
    described = results[1]['response']['result']
    assert described['params'] == [{'name': ':a'}, {'name': '$b'}]
    assert [col['name'] for col in described['cols']] == ['a']
    assert results[2]['response']['result']['affected_row_count'] == 1
    assert results[3]['response']['result']['rows'] == [[text('x'), integer(2)]]


def sqlite_says_read_only(sql: str) -> bool:
    """sqlite3_stmt_readonly() of ``sql``, the function libSQL's describe answers ``is_readonly`` with, from the
    SQLite library Python's sqlite3 module uses."""
    library = ctypes.CDLL(ctypes.util.find_library('sqlite3') or sqlite3._sqlite3.__file__)  # type: ignore[attr-defined]
    db, stmt = ctypes.c_void_p(), ctypes.c_void_p()
    assert library.sqlite3_open(b':memory:', ctypes.byref(db)) == 0
    try:
        assert library.sqlite3_prepare_v2(db, sql.encode(), -1, ctypes.byref(stmt), None) == 0, sql
        try:
            return bool(library.sqlite3_stmt_readonly(stmt))
        finally:
            library.sqlite3_finalize(stmt)
    finally:
        library.sqlite3_close(db)


def test_describe_calls_read_only_what_libsql_calls_read_only(dbs: Databases) -> None:
    # libSQL's describe answers is_readonly with SQLite's sqlite3_stmt_readonly(): read-only for ATTACH and
    # DETACH (they change the connection, not the database file), BEGIN and COMMIT; not for a PRAGMA that sets.
    statements = [
        "ATTACH DATABASE '/tmp/other.db' AS other",
        'ATTACH other AS o2',
        'DETACH DATABASE other',
        'BEGIN',
        'SELECT 1',
        'CREATE TABLE t (a)',
        'PRAGMA user_version = 3',
        'PRAGMA user_version',
        'VACUUM',
    ]
    record = dbs.by_name('app-main')
    answer = post(dbs.pipeline(record), dbs.token(record), [{'type': 'describe', 'sql': sql} for sql in statements])
    described = [result['response']['result']['is_readonly'] for result in answer.json()['results']]
    assert described == [sqlite_says_read_only(sql) for sql in statements]
    assert described[:5] == [True] * 5


def test_attach_is_refused_as_libsql_refuses_it(dbs: Databases, tmp_path: pathlib.Path) -> None:
    # libSQL classifies each statement before it runs: ATTACH of a file path is a statement it does not support
    # (a parse error, which fails a whole batch or sequence); ATTACH of a name is refused by the database it names.
    record = dbs.by_name('app-main')
    client, token = dbs.pipeline(record), dbs.token(record)
    path = tmp_path / 'other.db'
    attach = f"ATTACH DATABASE '{path}' AS other"
    answer = post(
        client,
        token,
        [
            execute(attach),
            {
                'type': 'batch',
                'batch': {'steps': [{'stmt': {'sql': 'CREATE TABLE early (a)'}}, {'stmt': {'sql': attach}}]},
            },
            {'type': 'sequence', 'sql': f'CREATE TABLE first (a); {attach}'},
            execute('DETACH DATABASE other'),
            CLOSE,
        ],
    ).json()
    results = answer['results']
    for result, text in zip(results[:3], [attach, attach, f'CREATE TABLE first (a); {attach}'], strict=True):
        assert result['type'] == 'error'
        assert result['error'] == {
            'message': f'SQL string could not be parsed: unsupported statement: {text}',
            'code': 'SQL_PARSE_ERROR',
        }
    assert results[3]['type'] == 'error' and 'no such database: other' in results[3]['error']['message']
    assert not path.exists()  # nothing made on the host
    tables = post(client, token, [execute("SELECT name FROM sqlite_master WHERE type = 'table'"), CLOSE]).json()
    assert tables['results'][0]['response']['result']['rows'] == []  # nothing of the refused batch or sequence ran

    named = client.post(
        '/v2/pipeline',
        json={'baton': None, 'requests': [execute('ATTACH "catalog" AS catalog'), CLOSE]},
        headers={'Authorization': f'Bearer {token}'},
    )
    assert named.status_code == 403
    assert named.json()['error']['message'] == "Namespace `catalog` doesn't allow attach"


@pytest.mark.parametrize(
    'body',
    [
        [],
        {'requests': 'nope'},
        {'requests': [{'type': 'open_stream'}]},
        {'requests': [{'type': 'execute', 'stmt': {}}]},
        {'requests': [{'type': 'execute', 'stmt': {'sql': 'SELECT 1', 'sql_id': 1}}]},
        {'requests': [{'type': 'execute', 'stmt': {'sql': 'SELECT ?', 'args': [{'type': 'integer', 'value': 'x'}]}}]},
        {
            'requests': [
                {'type': 'batch', 'batch': {'steps': [{'condition': {'type': 'maybe'}, 'stmt': {'sql': 'SELECT 1'}}]}}
            ]
        },
        {'baton': 5, 'requests': []},
    ],
)
def test_protocol_violations_are_refused_whole(dbs: Databases, body: t.Any) -> None:
    record = dbs.by_name('app-main')
    client, token = dbs.pipeline(record), dbs.token(record)
    before = len(dbs.state.data['database_tokens'])
    if isinstance(body, dict) and body.get('requests') and isinstance(body['requests'], list):
        body['requests'] = [execute('CREATE TABLE should_not_exist (a)')] + body['requests']
    answer = client.post('/v2/pipeline', json=body, headers={'Authorization': f'Bearer {token}'})
    assert answer.status_code == 400
    assert set(answer.json()['error']) == {'message', 'code'}
    tables = post(
        client, token, [execute("SELECT count(*) FROM sqlite_master WHERE name = 'should_not_exist'"), CLOSE]
    ).json()
    assert tables['results'][0]['response']['result']['rows'] == [[integer(0)]]
    assert len(dbs.state.data['database_tokens']) == before


def test_reset_keeps_urls_and_recreates_the_data(dbs: Databases) -> None:
    record = dbs.by_name('app-main')
    token = dbs.token(record)
    post(dbs.pipeline(record), token, [execute('CREATE TABLE gone (a)'), CLOSE])
    urls = [entry['url'] for entry in dbs.records()]
    assert dbs.admin.post('/reset').status_code == 200
    assert [entry['url'] for entry in dbs.records()] == urls
    assert post(dbs.pipeline(record), token, [CLOSE]).status_code == 401  # tokens do not survive a reset
    fresh = dbs.token(record)
    answer = post(
        dbs.pipeline(record), fresh, [execute("SELECT count(*) FROM sqlite_master WHERE name = 'gone'"), CLOSE]
    ).json()
    assert answer['results'][0]['response']['result']['rows'] == [[integer(0)]]


def test_faults_apply_to_the_pipeline(dbs: Databases) -> None:
    record = dbs.by_name('app-main')
    token = dbs.token(record)
    dbs.admin.post('/faults', json={'service': 'database', 'path': '^/v2/pipeline$', 'status': 503, 'times': 1})
    failed = post(dbs.pipeline(record), token, [CLOSE])
    assert failed.status_code == 503
    assert failed.json()['error']['code'] == 'SERVICE_UNAVAILABLE'
    assert post(dbs.pipeline(record), token, [CLOSE]).status_code == 200


def test_split_statements() -> None:
    assert hrana.split_statements("SELECT 1; SELECT ';'; -- c;\n/* x; */ SELECT 3") == [
        'SELECT 1;',
        " SELECT ';';",
        ' -- c;\n/* x; */ SELECT 3',
    ]
    assert hrana.split_statements('  ;  ') == []
    with pytest.raises(hrana.HranaError):
        hrana.split_statements("SELECT 'unterminated")


def test_the_database_files_go_when_the_state_closes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hrana.os, 'getpid', lambda: -2)  # a directory of this test's own
    state = State(api_key=KEY, scale=6, areas=AREAS)
    state.reset()
    directory = pathlib.Path(hrana.database_directory())
    first = sorted(path.name for path in directory.glob('*.db'))
    assert len(first) == 3
    state.reset()  # a reset replaces the databases: the old files go
    directory = pathlib.Path(hrana.database_directory())
    assert len(list(directory.glob('*.db'))) == 3 and not {path.name for path in directory.glob('*.db')} & {*first}
    state.close()
    assert not directory.exists()


def test_a_forked_process_has_a_database_directory_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    # pytest --forked ends each test's process without exit handlers: a child removes its own directory (the
    # unit tests' conftest does), never its parent's.
    monkeypatch.setattr(hrana.os, 'getpid', lambda: -3)
    state = State(api_key=KEY, scale=6, areas=AREAS)
    state.reset()
    parent = pathlib.Path(hrana.database_directory())
    monkeypatch.setattr(hrana.os, 'getpid', lambda: -4)
    child = pathlib.Path(hrana.database_directory())
    assert child != parent and child.is_dir()
    hrana.remove_database_directory()
    assert not child.exists() and len(list(parent.glob('*.db'))) == 3
    monkeypatch.setattr(hrana.os, 'getpid', lambda: -3)
    state.close()
    assert not parent.exists()
