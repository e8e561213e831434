# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""db_query against the emulator's real Hrana pipeline engine (SQLite), in-process, no network."""

from __future__ import annotations

import json
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import db_query
from ansible_collections.edge.platform.tests.emulator.areas.database_pipeline import ProtocolError, SqliteDatabase
from ansible_collections.edge.platform.tests.unit.helpers import FakeApi, FakeResponse

URL = 'libsql://db-1.lite.edge.test'
TOKEN = 'db-token-full-0123456789'
READ_TOKEN = 'db-token-read-0123456789'


class Backend:
    """The pipeline of one database: the emulator's engine, tokens checked like the emulator does."""

    def __init__(self) -> None:
        self.db = SqliteDatabase('unit')
        self.bodies: list[dict[str, t.Any]] = []

    def __call__(self, call: t.Any) -> FakeResponse:
        self.bodies.append(call.json)
        token = call.headers.get('Authorization', '').partition(' ')[2]
        if token not in (TOKEN, READ_TOKEN):
            return FakeResponse(
                401, {'error': {'message': 'The access token has been revoked', 'code': 'AUTH_TOKEN_REVOKED'}}
            )
        try:
            return FakeResponse(200, self.db.pipeline(call.json, read_only=token == READ_TOKEN))
        except ProtocolError as error:
            return FakeResponse(400, {'error': {'message': error.message, 'code': error.code}})

    def rows(self, sql: str) -> list[tuple[t.Any, ...]]:
        return self.db.keeper.execute(sql).fetchall()

    def tables(self) -> list[str]:
        return [row[0] for row in self.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]


@pytest.fixture
def backend(fake_api: FakeApi) -> t.Iterator[Backend]:
    backend = Backend()
    fake_api.add('POST', r'^/v2/pipeline$', backend)
    yield backend
    backend.db.close()


def args(*statements: t.Any, **extra: t.Any) -> dict[str, t.Any]:
    return dict({'database_url': URL, 'auth_token': TOKEN, 'statements': list(statements), 'api_retries': 2}, **extra)


MIGRATION = (
    'CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE NOT NULL, score REAL, avatar BLOB)',
    {
        'sql': 'INSERT INTO users (email, score, avatar) VALUES (?, ?, ?)',
        'args': ['ada@example.com', 1.5, {'type': 'blob', 'base64': 'AAEC'}],
    },
    {
        'sql': 'INSERT INTO users (email, score) VALUES (:email, @score)',
        'named_args': {':email': 'bob@example.com', 'score': None},
    },
    'SELECT id, email, score, avatar FROM users ORDER BY id',
)


def test_statements_run_in_one_transaction_and_report_results(fake_api, backend, run_module):
    outcome = run_module(db_query.main, args(*MIGRATION), diff=True)
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    results = outcome.result['results']
    assert results[0] == {
        'sql': MIGRATION[0],
        'columns': [],
        'rows': [],
        'affected_row_count': 0,
        'last_insert_rowid': None,
    }
    assert results[1]['affected_row_count'] == 1 and results[1]['last_insert_rowid'] == 1
    assert results[2]['last_insert_rowid'] == 2
    assert results[3]['columns'] == ['id', 'email', 'score', 'avatar']
    assert results[3]['rows'] == [
        {'id': 1, 'email': 'ada@example.com', 'score': 1.5, 'avatar': 'AAEC'},
        {'id': 2, 'email': 'bob@example.com', 'score': None, 'avatar': None},
    ]
    # Two requests: describe everything, then one batch BEGIN … COMMIT (ROLLBACK when COMMIT did not run).
    assert [call.url for call in fake_api.calls] == ['https://db-1.lite.edge.test/v2/pipeline'] * 2
    describe, run = backend.bodies
    assert [request['type'] for request in describe['requests']] == ['describe'] * 4 + ['close']
    steps = run['requests'][0]['batch']['steps']
    assert [step['stmt']['sql'] for step in steps] == [
        'BEGIN',
        *[(s if isinstance(s, str) else s['sql']) for s in MIGRATION],
        'COMMIT',
        'ROLLBACK',
    ]
    assert steps[1]['condition'] == {'type': 'ok', 'step': 0}
    assert steps[-1]['condition'] == {'type': 'not', 'cond': {'type': 'ok', 'step': 5}}
    assert run['requests'][1:] == [
        {'type': 'describe', 'sql': s if isinstance(s, str) else s['sql']} for s in MIGRATION[1:]
    ] + [{'type': 'close'}]
    assert all(
        call.headers['Authorization'] == f'Bearer {TOKEN}' and 'AccessKey' not in call.headers
        for call in fake_api.calls
    )
    # The SELECT that could only be described after the table existed is not listed as a change.
    prepared = outcome.result['diff']['prepared']
    assert 'CREATE TABLE users' in prepared and 'INSERT INTO users' in prepared and 'SELECT' not in prepared
    assert backend.rows('SELECT count(*) FROM users') == [(2,)]


def test_reads_are_not_a_change(fake_api, backend, run_module):
    run_module(db_query.main, args(*MIGRATION))
    outcome = run_module(db_query.main, args('SELECT count(*) AS n FROM users', 'PRAGMA table_info(users)'))
    assert outcome.result['changed'] is False
    assert outcome.result['results'][0]['rows'] == [{'n': 2}]
    assert [row['name'] for row in outcome.result['results'][1]['rows']] == ['id', 'email', 'score', 'avatar']
    assert outcome.result['diff'] == {'before': {}, 'after': {}}
    # SQLite does not call CREATE TABLE IF NOT EXISTS read-only, even when the table exists.
    again = run_module(db_query.main, args('CREATE TABLE IF NOT EXISTS users (id INTEGER)'))
    assert again.result['changed'] is True


def test_a_failing_statement_rolls_everything_back(fake_api, backend, run_module):
    run_module(db_query.main, args(*MIGRATION))
    outcome = run_module(
        db_query.main,
        args(
            {'sql': 'INSERT INTO users (email) VALUES (?)', 'args': ['cy@example.com']},
            {'sql': 'INSERT INTO users (email) VALUES (?)', 'args': ['ada@example.com']},
            'DELETE FROM users',
        ),
    )
    assert outcome.failed
    assert outcome.result['msg'] == (
        'statement 2 of 3 failed: SQLITE_CONSTRAINT_UNIQUE: UNIQUE constraint failed: users.email '
        '[INSERT INTO users (email) VALUES (?)]; the transaction was rolled back, no statement took effect'
    )
    assert outcome.result['failure']['statement'] == 2
    assert outcome.result['failure']['error_key'] == 'SQLITE_CONSTRAINT_UNIQUE'
    assert outcome.result['changed'] is False
    assert backend.rows('SELECT email FROM users ORDER BY id') == [('ada@example.com',), ('bob@example.com',)]


def test_without_a_transaction_earlier_statements_stay(fake_api, backend, run_module):
    run_module(db_query.main, args(*MIGRATION))
    outcome = run_module(
        db_query.main,
        args(
            {'sql': 'INSERT INTO users (email) VALUES (?)', 'args': ['cy@example.com']},
            {'sql': 'INSERT INTO users (email) VALUES (?)', 'args': ['ada@example.com']},
            'DELETE FROM users',
            transaction=False,
        ),
    )
    assert outcome.failed
    assert 'the statements before it stay applied, the 1 after it did not run' in outcome.result['msg']
    assert outcome.result['changed'] is True
    assert outcome.result['results'][0]['last_insert_rowid'] == 3
    assert backend.rows('SELECT count(*) FROM users') == [(3,)]
    assert 'BEGIN' not in json.dumps(backend.bodies[-1])


def test_check_mode_runs_only_reads(fake_api, backend, run_module):
    run_module(db_query.main, args(*MIGRATION))
    outcome = run_module(
        db_query.main,
        args(
            'SELECT count(*) AS n FROM users',
            {'sql': 'DELETE FROM users WHERE id = ?', 'args': [1]},
            'CREATE TABLE audit (id INTEGER)',
            'INSERT INTO audit VALUES (1)',
            'SELECT count(*) AS n FROM users',
        ),
        check_mode=True,
        diff=True,
    )
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    results = outcome.result['results']
    assert results[0]['rows'] == [{'n': 2}] and results[4]['rows'] == [{'n': 2}]
    assert results[1] == {'sql': 'DELETE FROM users WHERE id = ?', 'skipped': True}
    assert results[2]['skipped'] and results[3]['skipped']  # the INSERT depends on the skipped CREATE
    assert outcome.result['diff']['prepared'].startswith('-- would run on https://db-1.lite.edge.test: 3 statement(s)')
    steps = backend.bodies[-1]['requests'][0]['batch']['steps']
    assert [step['stmt']['sql'] for step in steps] == [
        'BEGIN',
        'SELECT count(*) AS n FROM users',
        'SELECT count(*) AS n FROM users',
        'ROLLBACK',
    ]
    assert backend.rows('SELECT count(*) FROM users') == [(2,)]
    assert backend.tables() == ['users']


def test_check_mode_reports_what_the_real_run_would_fail_on(fake_api, backend, run_module):
    outcome = run_module(db_query.main, args('SELECT * FROM missing', 'CREATE TABLE x (a)'), check_mode=True)
    assert outcome.failed
    assert outcome.result['msg'].startswith('statement 1 of 2 failed: SQLITE_ERROR: no such table: missing')
    assert backend.tables() == []


def test_check_mode_with_only_reads_is_unchanged(fake_api, backend, run_module):
    outcome = run_module(db_query.main, args('SELECT 1 AS one', 'SELECT 2 AS two'), check_mode=True)
    assert outcome.result['changed'] is False
    assert [r['rows'] for r in outcome.result['results']] == [[{'one': 1}], [{'two': 2}]]


def test_a_read_only_token_refuses_writes_clearly(fake_api, backend, run_module):
    run_module(db_query.main, args(*MIGRATION))
    reads = run_module(db_query.main, args('SELECT count(*) AS n FROM users', auth_token=READ_TOKEN))
    assert reads.result['results'][0]['rows'] == [{'n': 2}]
    outcome = run_module(db_query.main, args('DELETE FROM users', auth_token=READ_TOKEN))
    assert outcome.failed
    assert outcome.result['failure']['error_key'] == 'BLOCKED'
    assert (
        'the auth_token is a read-only token; statements that write need a full-access token' in outcome.result['msg']
    )
    assert backend.rows('SELECT count(*) FROM users') == [(2,)]


def test_credentials_come_from_the_service_environment(fake_api, backend, run_module, monkeypatch):
    monkeypatch.setenv('SERVICE_DATABASE_URL', 'http://127.0.0.1:8080/')
    monkeypatch.setenv('SERVICE_DATABASE_AUTH_TOKEN', TOKEN)
    outcome = run_module(db_query.main, {'statements': ['SELECT 41 + 1 AS answer']})
    assert outcome.result['results'][0]['rows'] == [{'answer': 42}]
    assert fake_api.calls[0].url == 'http://127.0.0.1:8080/v2/pipeline'


def test_a_revoked_token_names_the_operation_status_and_error(fake_api, backend, run_module):
    outcome = run_module(db_query.main, args('SELECT 1', auth_token='revoked'))
    assert outcome.failed
    assert outcome.result['msg'].startswith(
        'describe the statements on https://db-1.lite.edge.test failed: '
        'HTTP 401 AUTH_TOKEN_REVOKED: The access token has been revoked'
    )
    assert 'revoked, has expired, or belongs to another database' in outcome.result['msg']
    assert outcome.result['failure']['status'] == 401
    assert 'revoked' not in json.dumps(fake_api.calls[0].json)


@pytest.mark.parametrize(
    'extra, message',
    [
        ({'statements': []}, 'statements must be a non-empty list'),
        ({'statements': [{'sql': 'SELECT ?', 'args': [[1]]}]}, 'statement 1, args[0]: a list cannot be a SQL value'),
        ({'statements': ['SELECT 1', {'query': 'x'}]}, 'statement 2 has unknown keys: query'),
        ({'database_url': 'ftp://db.test'}, 'database_url must be a libsql://, https:// or http:// URL'),
        ({'database_url': f'{URL}?authToken=abc'}, 'must not carry a query string'),
        ({'auth_token': '  '}, 'auth_token must not be empty'),
        ({'api_timeout': 0}, 'api_timeout must be greater than 0'),
    ],
)
def test_bad_input_sends_nothing(fake_api, backend, run_module, extra, message):
    outcome = run_module(db_query.main, dict(args('SELECT 1'), **extra))
    assert outcome.failed
    assert message in outcome.result['msg']
    assert fake_api.calls == []


def test_the_describe_step_is_retried_but_a_write_is_not(fake_api, backend, run_module):
    answers = [FakeResponse(503, {'error': {'message': 'busy', 'code': 'UNAVAILABLE'}}), backend]
    fake_api.add('POST', r'^/v2/pipeline$', *answers)
    outcome = run_module(db_query.main, args('CREATE TABLE t (a)'))
    assert not outcome.failed
    assert len(fake_api.calls) == 3  # describe (503, then again), run
    fake_api.add(
        'POST', r'^/v2/pipeline$', backend, FakeResponse(503, {'error': {'message': 'busy', 'code': 'UNAVAILABLE'}})
    )
    fake_api.calls.clear()
    failed = run_module(db_query.main, args('INSERT INTO t VALUES (1)'))
    assert failed.failed
    assert (
        failed.result['msg'] == 'run the statements on https://db-1.lite.edge.test failed: HTTP 503 UNAVAILABLE: busy'
    )
    assert len(fake_api.calls) == 2


def test_a_protocol_refusal_is_reported(fake_api, backend, run_module):
    outcome = run_module(
        db_query.main, args({'sql': 'SELECT ?', 'args': [{'type': 'integer', 'value': '99999999999999999999'}]})
    )
    assert outcome.failed
    assert 'statement 1, args[0]: 99999999999999999999 does not fit a 64-bit integer' in outcome.result['msg']
    assert fake_api.calls == []
