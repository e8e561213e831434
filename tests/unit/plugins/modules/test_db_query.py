# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""db_query against the emulator's database pipeline (SQLite), in process, no network."""

from __future__ import annotations

import json
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import db_query
from ansible_collections.edge.platform.tests.emulator.areas import databases as databases_area
from ansible_collections.edge.platform.tests.unit.helpers import Emulator


class Backend:
    """The seeded database app-main (no tables) as db_query reaches it: its URL as the API gives it, in the
    libsql:// form, tokens generated through the API, and its SQLite database to inspect."""

    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator
        record = emulator.item('databases', name='app-main')
        self.id = record['id']
        self.http_url = record['url']  # http://127.0.0.1:<port>
        self.url = self.http_url.replace('http://', 'libsql://')
        self.base = self.http_url.replace('http://', 'https://')  # what libsql:// means
        self.token = self.issue('full-access')
        self.read_token = self.issue('read-only')

    def issue(self, access: str) -> str:
        path = f'database/v2/databases/{self.id}/auth/generate'
        body = {'authorization': access, 'expires_at': None}
        answer = self.emulator.client().request('PUT', path, 'generate', json_body=body).json()
        self.emulator.forget_requests()
        return t.cast(str, answer['token'])

    @property
    def bodies(self) -> list[dict[str, t.Any]]:
        """The pipeline requests the module sent."""
        return [call.json for call in self.emulator.sent if call.service == 'database']

    def rows(self, sql: str) -> list[tuple[t.Any, ...]]:
        return databases_area.engines(self.emulator.state)[self.id].keeper.execute(sql).fetchall()

    def tables(self) -> list[str]:
        return [row[0] for row in self.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]


@pytest.fixture
def backend(emulator: Emulator) -> Backend:
    return Backend(emulator)


def args(backend: Backend, *statements: t.Any, **extra: t.Any) -> dict[str, t.Any]:
    return dict(
        {'database_url': backend.url, 'auth_token': backend.token, 'statements': list(statements), 'api_retries': 2},
        **extra,
    )


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


def test_statements_run_in_one_transaction_and_report_results(emulator, backend, run_module):
    outcome = run_module(db_query.main, args(backend, *MIGRATION), diff=True)
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
    # One request: describe everything, then one batch BEGIN … COMMIT (ROLLBACK when COMMIT did not run), then
    # describe everything again (what could only be described once a table existed).
    assert [call.url for call in emulator.sent] == [f'{backend.base}/v2/pipeline']
    assert [call.status for call in emulator.sent] == [200]
    (run,) = backend.bodies
    describe = [{'type': 'describe', 'sql': s if isinstance(s, str) else s['sql']} for s in MIGRATION]
    assert run['requests'][:4] == describe
    steps = run['requests'][4]['batch']['steps']
    assert [step['stmt']['sql'] for step in steps] == [
        'BEGIN',
        *[(s if isinstance(s, str) else s['sql']) for s in MIGRATION],
        'COMMIT',
        'ROLLBACK',
    ]
    assert steps[1]['condition'] == {'type': 'ok', 'step': 0}
    assert steps[-1]['condition'] == {'type': 'not', 'cond': {'type': 'ok', 'step': 5}}
    assert run['requests'][5:] == [*describe, {'type': 'close'}]
    assert all(
        call.headers['Authorization'] == f'Bearer {backend.token}' and 'AccessKey' not in call.headers
        for call in emulator.sent
    )
    # The SELECT that could only be described after the table existed is not listed as a change.
    prepared = outcome.result['diff']['prepared']
    assert 'CREATE TABLE users' in prepared and 'INSERT INTO users' in prepared and 'SELECT' not in prepared
    assert backend.rows('SELECT count(*) FROM users') == [(2,)]


def test_one_string_is_one_statement_never_split_on_commas(emulator, backend, run_module):
    # Ansible's list type would split this string on its commas and run "UPDATE acct SET balance = 0" on every row.
    run_module(
        db_query.main,
        args(
            backend,
            'CREATE TABLE acct (id INTEGER PRIMARY KEY, balance INTEGER, owner TEXT)',
            "INSERT INTO acct (id, balance, owner) VALUES (1, 10, 'a'), (2, 20, 'b')",
        ),
    )
    emulator.forget_requests()
    update = "UPDATE acct SET balance = 0, owner = 'x' WHERE id = 1"
    outcome = run_module(db_query.main, dict(args(backend), statements=update))
    assert not outcome.failed, outcome.result
    assert [result['sql'] for result in outcome.result['results']] == [update]
    assert outcome.result['results'][0]['affected_row_count'] == 1
    assert backend.rows('SELECT id, balance, owner FROM acct ORDER BY id') == [(1, 0, 'x'), (2, 20, 'b')]
    run = backend.bodies[-1]['requests'][1]['batch']['steps']
    assert [step['stmt']['sql'] for step in run] == ['BEGIN', update, 'COMMIT', 'ROLLBACK']


def test_reads_are_not_a_change(emulator, backend, run_module):
    run_module(db_query.main, args(backend, *MIGRATION))
    reads = args(backend, 'SELECT count(*) AS n FROM users', 'PRAGMA table_info(users)')
    outcome = run_module(db_query.main, reads, diff=True)
    assert outcome.result['changed'] is False
    assert outcome.result['results'][0]['rows'] == [{'n': 2}]
    assert [row['name'] for row in outcome.result['results'][1]['rows']] == ['id', 'email', 'score', 'avatar']
    assert outcome.result['diff'] == {'before': {}, 'after': {}, 'before_header': 'SQL statements'}
    # SQLite does not call CREATE TABLE IF NOT EXISTS read-only, even when the table exists.
    again = run_module(db_query.main, args(backend, 'CREATE TABLE IF NOT EXISTS users (id INTEGER)'))
    assert again.result['changed'] is True


def test_a_failing_statement_rolls_everything_back(emulator, backend, run_module):
    run_module(db_query.main, args(backend, *MIGRATION))
    outcome = run_module(
        db_query.main,
        args(
            backend,
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


def test_without_a_transaction_earlier_statements_stay(emulator, backend, run_module):
    run_module(db_query.main, args(backend, *MIGRATION))
    outcome = run_module(
        db_query.main,
        args(
            backend,
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


def test_check_mode_runs_only_reads(emulator, backend, run_module):
    run_module(db_query.main, args(backend, *MIGRATION))
    outcome = run_module(
        db_query.main,
        args(
            backend,
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
    assert outcome.result['diff']['prepared'].startswith(f'-- would run on {backend.base}: 3 statement(s)')
    steps = backend.bodies[-1]['requests'][0]['batch']['steps']
    assert [step['stmt']['sql'] for step in steps] == [
        'BEGIN',
        'SELECT count(*) AS n FROM users',
        'SELECT count(*) AS n FROM users',
        'ROLLBACK',
    ]
    assert backend.rows('SELECT count(*) FROM users') == [(2,)]
    assert backend.tables() == ['users']


def test_check_mode_never_runs_attach_or_detach(emulator, backend, run_module, tmp_path):
    # The database describes ATTACH and DETACH as read-only (SQLite's rule, which libSQL's describe follows), but
    # they change the connection and ATTACH can create a file: the module counts them as writes.
    path = tmp_path / 'other.db'
    attach = f"ATTACH DATABASE '{path}' AS other"
    statements = ['SELECT 1 AS one', attach, '/* note */ detach  other', f'-- a comment\n  attach "{path}" as o2']
    outcome = run_module(db_query.main, args(backend, *statements), check_mode=True, diff=True)
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    results = outcome.result['results']
    assert results[0]['rows'] == [{'one': 1}]
    assert results[1:] == [{'sql': sql, 'skipped': True} for sql in statements[1:]]
    assert outcome.result['diff']['prepared'].startswith(f'-- would run on {backend.base}: 3 statement(s)')
    describe, run = backend.bodies
    assert [request['sql'] for request in describe['requests'][:-1]] == statements
    answers = [call.answer_json for call in emulator.sent if call.service == 'database'][0]['results']
    assert [answer['response']['result']['is_readonly'] for answer in answers[:-1]] == [True] * 4
    steps = run['requests'][0]['batch']['steps']
    assert [step['stmt']['sql'] for step in steps] == ['BEGIN', 'SELECT 1 AS one', 'ROLLBACK']
    assert not path.exists()


def test_check_mode_reports_what_the_real_run_would_fail_on(emulator, backend, run_module):
    outcome = run_module(db_query.main, args(backend, 'SELECT * FROM missing', 'CREATE TABLE x (a)'), check_mode=True)
    assert outcome.failed
    assert outcome.result['msg'].startswith('statement 1 of 2 failed: SQLITE_ERROR: no such table: missing')
    assert backend.tables() == []


def test_check_mode_with_only_reads_is_unchanged(emulator, backend, run_module):
    outcome = run_module(db_query.main, args(backend, 'SELECT 1 AS one', 'SELECT 2 AS two'), check_mode=True)
    assert outcome.result['changed'] is False
    assert [r['rows'] for r in outcome.result['results']] == [[{'one': 1}], [{'two': 2}]]


def test_a_read_only_token_refuses_writes_clearly(emulator, backend, run_module):
    run_module(db_query.main, args(backend, *MIGRATION))
    reads = run_module(db_query.main, args(backend, 'SELECT count(*) AS n FROM users', auth_token=backend.read_token))
    assert reads.result['results'][0]['rows'] == [{'n': 2}]
    outcome = run_module(db_query.main, args(backend, 'DELETE FROM users', auth_token=backend.read_token))
    assert outcome.failed
    assert outcome.result['failure']['error_key'] == 'BLOCKED'
    assert (
        'the auth_token is a read-only token; statements that write need a full-access token' in outcome.result['msg']
    )
    assert backend.rows('SELECT count(*) FROM users') == [(2,)]


def test_credentials_come_from_the_service_environment(emulator, backend, run_module, monkeypatch):
    monkeypatch.setenv('SERVICE_DATABASE_URL', f'{backend.http_url}/')
    monkeypatch.setenv('SERVICE_DATABASE_AUTH_TOKEN', backend.token)
    outcome = run_module(db_query.main, {'statements': ['SELECT 41 + 1 AS answer']})
    assert outcome.result['results'][0]['rows'] == [{'answer': 42}]
    assert emulator.sent[0].url == f'{backend.http_url}/v2/pipeline'
    assert emulator.sent[0].headers['Authorization'] == f'Bearer {backend.token}'


def test_a_revoked_token_names_the_operation_status_and_error(emulator, backend, run_module):
    revoked = backend.issue('full-access')
    emulator.client().request('POST', f'database/v2/databases/{backend.id}/auth/revoke', 'revoke')
    emulator.forget_requests()
    outcome = run_module(db_query.main, args(backend, 'SELECT 1', auth_token=revoked))
    assert outcome.failed
    assert outcome.result['msg'].startswith(
        f'describe the statements on {backend.base} failed: '
        'HTTP 401 AUTH_TOKEN_REVOKED: The access token has been revoked'
    )
    assert 'revoked, has expired, or belongs to another database' in outcome.result['msg']
    assert outcome.result['failure']['status'] == 401
    assert [call.status for call in emulator.sent] == [401]  # not retried
    assert revoked not in json.dumps(emulator.sent[0].json)  # the token goes in the header only
    assert revoked not in json.dumps(outcome.result)


@pytest.mark.parametrize(
    'extra, message',
    [
        ({'statements': []}, 'statements must be a non-empty list'),
        ({'statements': [{'sql': 'SELECT ?', 'args': [[1]]}]}, 'statement 1, args[0]: a list cannot be a SQL value'),
        ({'statements': ['SELECT 1', {'query': 'x'}]}, 'statement 2 has unknown keys: query'),
        ({'database_url': 'ftp://db.test'}, 'database_url must be a libsql://, https:// or http:// URL'),
        ({'database_url': 'libsql://db-1.lite.edge.test?authToken=abc'}, 'must not carry a query string'),
        ({'auth_token': '  '}, 'auth_token must not be empty'),
        ({'api_timeout': 0}, 'api_timeout must be greater than 0'),
    ],
)
def test_bad_input_sends_nothing(emulator, backend, run_module, extra, message):
    outcome = run_module(db_query.main, dict(args(backend, 'SELECT 1'), **extra))
    assert outcome.failed
    assert message in outcome.result['msg']
    assert emulator.sent == []


def test_the_describe_step_is_retried_but_a_write_is_not(emulator, backend, run_module):
    # The server did not act on a 503: the statements are described alone (a read), then run.
    emulator.add_fault(service='database', path=r'^/v2/pipeline$', status=503)
    outcome = run_module(db_query.main, args(backend, 'CREATE TABLE t (a)'))
    assert not outcome.failed
    assert [call.status for call in emulator.sent] == [503, 200, 200]  # describe and run (503), describe, run
    assert backend.tables() == ['t']
    # A 500 may come after the server acted: the statements write, so they are not sent again.
    emulator.add_fault(service='database', path=r'^/v2/pipeline$', status=500, after=True)
    emulator.forget_requests()
    failed = run_module(db_query.main, args(backend, 'INSERT INTO t VALUES (1)'))
    assert failed.failed
    assert failed.result['changed'] is True
    assert failed.result['msg'].startswith(f'run the statements on {backend.base} failed: HTTP 500')
    assert [call.status for call in emulator.sent] == [500, 200]  # describe and run, then describe alone
    assert backend.rows('SELECT count(*) FROM t') == [(1,)]


def test_reads_whose_answer_is_lost_are_run_again(emulator, backend, run_module):
    run_module(db_query.main, args(backend, 'CREATE TABLE t (a)'))
    emulator.add_fault(service='database', path=r'^/v2/pipeline$', drop=True, after=True)
    emulator.forget_requests()
    outcome = run_module(db_query.main, args(backend, 'SELECT count(*) AS n FROM t'))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is False
    assert outcome.result['results'][0]['rows'] == [{'n': 0}]
    assert [call.status for call in emulator.sent] == [0, 200, 200]  # describe and run, describe, run


def test_a_run_whose_answer_is_lost_may_have_changed_the_database(emulator, backend, run_module):
    run_module(db_query.main, args(backend, 'CREATE TABLE t (a)'))
    emulator.add_fault(service='database', path=r'^/v2/pipeline$', drop=True, after=True)
    emulator.forget_requests()
    outcome = run_module(db_query.main, args(backend, 'INSERT INTO t VALUES (1)'))
    assert outcome.failed
    assert outcome.result['changed'] is True  # the statements ran, their answer was lost
    assert outcome.result['msg'] == (
        f'run the statements on {backend.base} failed: the connection to {backend.base} broke off before an answer '
        'came: Connection aborted: Remote end closed connection without response'
    )
    assert [call.status for call in emulator.sent] == [0, 200]  # the run is not repeated; the describe alone is
    assert backend.rows('SELECT count(*) FROM t') == [(1,)]


def test_a_statement_that_cannot_run_fails_in_one_request(emulator, backend, run_module):
    outcome = run_module(db_query.main, args(backend, 'SELECT * FROM missing'))
    assert outcome.failed
    assert outcome.result['msg'].startswith('statement 1 of 1 failed: SQLITE_ERROR: no such table: missing')
    assert len(emulator.sent) == 1


def test_a_protocol_refusal_is_reported(emulator, backend, run_module):
    outcome = run_module(
        db_query.main,
        args(backend, {'sql': 'SELECT ?', 'args': [{'type': 'integer', 'value': '99999999999999999999'}]}),
    )
    assert outcome.failed
    assert 'statement 1, args[0]: 99999999999999999999 does not fit a 64-bit integer' in outcome.result['msg']
    assert emulator.sent == []
