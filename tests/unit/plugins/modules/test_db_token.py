# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import datetime
import json
import os
import pathlib
import stat
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import db_token
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, FakeApi, FakeResponse

DB = 'db_01TEST'
DB_URL = 'libsql://db-01test.lite.edge.test'
DB_PATH = rf'^/database/v2/databases/{DB}$'
GENERATE = rf'^/database/v2/databases/{DB}/auth/generate$'
REVOKE = rf'^/database/v2/databases/{DB}/auth/revoke$'
PIPELINE = r'^/v2/pipeline$'
OK_PIPELINE = {
    'baton': None,
    'base_url': None,
    'results': [
        {
            'type': 'ok',
            'response': {
                'type': 'execute',
                'result': {'cols': [], 'rows': [], 'affected_row_count': 0, 'last_insert_rowid': None},
            },
        },
        {'type': 'ok', 'response': {'type': 'close'}},
    ],
}
REVOKED = FakeResponse(401, {'error': {'message': 'The access token has been revoked', 'code': 'AUTH_TOKEN_REVOKED'}})


class Tokens:
    """Answers generate with tok-1, tok-2 …, remembering the request bodies."""

    def __init__(self) -> None:
        self.bodies: list[dict[str, t.Any]] = []

    def __call__(self, call: t.Any) -> dict[str, t.Any]:
        self.bodies.append(call.json)
        return {'token': f'tok-{len(self.bodies)}', 'expires_at': call.json.get('expires_at')}


@pytest.fixture
def tokens(fake_api: FakeApi) -> Tokens:
    generated = Tokens()
    fake_api.add('GET', DB_PATH, {'db': {'id': DB, 'name': 'app', 'url': DB_URL}})
    fake_api.add('PUT', GENERATE, generated)
    fake_api.add('POST', REVOKE, FakeResponse(204))
    return generated


def args(**extra: t.Any) -> dict[str, t.Any]:
    return dict(COMMON_ARGS, database_id=DB, **extra)


def mode(path: t.Any) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def calls(fake_api: FakeApi) -> list[str]:
    return [f'{call.method} {call.path}' for call in fake_api.calls]


def test_present_without_env_file_always_generates(fake_api, run_module, tokens):
    outcome = run_module(db_token.main, args())
    assert not outcome.failed
    assert outcome.result['changed'] is True
    assert outcome.result['database_url'] == DB_URL
    assert outcome.result['env_file'] is None
    assert 'token' not in outcome.result
    assert tokens.bodies == [{'authorization': 'full-access', 'expires_at': None}]
    assert 'tok-1' not in json.dumps(outcome.result)
    assert calls(fake_api) == [f'GET /database/v2/databases/{DB}', f'PUT /database/v2/databases/{DB}/auth/generate']
    again = run_module(db_token.main, args(access='read_only', expires='30d', return_token=True))
    assert again.result['token'] == 'tok-2'
    assert tokens.bodies[1]['authorization'] == 'read-only'
    expires = datetime.datetime.strptime(tokens.bodies[1]['expires_at'], '%Y-%m-%dT%H:%M:%SZ').replace(
        tzinfo=datetime.timezone.utc
    )
    assert abs((expires - datetime.datetime.now(datetime.timezone.utc)).total_seconds() - 30 * 86400) < 120
    assert again.result['expires_at'] == tokens.bodies[1]['expires_at']


def test_env_file_is_written_then_kept_while_its_token_works(fake_api, run_module, tokens, tmp_path):
    env = tmp_path / 'app.env'
    env.write_text('# my app\nPORT=8080\n', encoding='utf-8')
    os.chmod(env, 0o644)
    first = run_module(db_token.main, args(env_file=str(env)), diff=True)
    assert first.result['changed'] is True
    assert (
        env.read_text(encoding='utf-8')
        == f'# my app\nPORT=8080\nSERVICE_DATABASE_URL={DB_URL}\nSERVICE_DATABASE_AUTH_TOKEN=tok-1\n'
    )
    assert mode(env) == 0o600
    assert first.result['env_file'] == str(env)
    diff = first.result['diff']
    assert diff['before']['env_file'] == {
        'path': str(env),
        'SERVICE_DATABASE_URL': None,
        'SERVICE_DATABASE_AUTH_TOKEN': None,
        'mode': '0644',
    }
    assert diff['after']['env_file'] == {
        'path': str(env),
        'SERVICE_DATABASE_URL': DB_URL,
        'SERVICE_DATABASE_AUTH_TOKEN': '******** (new)',
        'mode': '0600',
    }
    assert 'generate a full token' in diff['after_header']
    assert 'tok-1' not in json.dumps(first.result)

    fake_api.add('POST', PIPELINE, OK_PIPELINE)
    fake_api.calls.clear()
    second = run_module(db_token.main, args(env_file=str(env), return_token=True))
    assert second.result['changed'] is False
    assert second.result['token'] == 'tok-1'
    assert calls(fake_api) == [f'GET /database/v2/databases/{DB}', 'POST /v2/pipeline']
    probe = fake_api.calls[1]
    assert probe.url == 'https://db-01test.lite.edge.test/v2/pipeline'
    assert probe.headers['Authorization'] == 'Bearer tok-1'
    assert 'AccessKey' not in probe.headers  # the account key never goes to the database host
    assert probe.json['requests'][0]['stmt']['sql'] == 'SELECT 1'
    assert second.result['diff']['after_header'] == 'no change'


def test_a_token_that_no_longer_works_is_replaced(fake_api, run_module, tokens, tmp_path):
    env = tmp_path / 'app.env'
    env.write_text(f'SERVICE_DATABASE_AUTH_TOKEN=revoked-one\nA=1\nSERVICE_DATABASE_URL={DB_URL}\n', encoding='utf-8')
    fake_api.add('POST', PIPELINE, REVOKED)
    outcome = run_module(db_token.main, args(env_file=str(env), backup=True), diff=True)
    assert outcome.result['changed'] is True
    assert env.read_text(encoding='utf-8') == f'SERVICE_DATABASE_AUTH_TOKEN=tok-1\nA=1\nSERVICE_DATABASE_URL={DB_URL}\n'
    assert outcome.result['diff']['before']['token'].startswith('env_file token does not work')
    assert outcome.result['diff']['before']['env_file']['SERVICE_DATABASE_AUTH_TOKEN'] == '********'
    backup = outcome.result['backup_file']
    assert pathlib.Path(backup).read_text(encoding='utf-8').startswith('SERVICE_DATABASE_AUTH_TOKEN=revoked-one')
    assert 'revoked-one' not in json.dumps(outcome.result)
    assert 'tok-1' not in json.dumps(outcome.result)


def test_a_token_for_another_database_is_not_sent_there(fake_api, run_module, tokens, tmp_path):
    env = tmp_path / 'app.env'
    env.write_text(
        'SERVICE_DATABASE_URL=libsql://other.lite.edge.test\nSERVICE_DATABASE_AUTH_TOKEN=other\n', encoding='utf-8'
    )
    outcome = run_module(db_token.main, args(env_file=str(env)))
    assert outcome.result['changed'] is True
    assert 'POST /v2/pipeline' not in calls(fake_api)
    assert f'SERVICE_DATABASE_URL={DB_URL}\nSERVICE_DATABASE_AUTH_TOKEN=tok-1\n' == env.read_text(encoding='utf-8')


def test_check_mode_generates_and_writes_nothing(fake_api, run_module, tokens, tmp_path):
    env = tmp_path / 'app.env'
    outcome = run_module(db_token.main, args(env_file=str(env), return_token=True), check_mode=True, diff=True)
    assert outcome.result['changed'] is True
    assert 'token' not in outcome.result
    assert not env.exists()
    assert tokens.bodies == []
    assert [call.method for call in fake_api.calls] == ['GET']
    assert outcome.result['diff']['after']['env_file']['SERVICE_DATABASE_AUTH_TOKEN'] == '******** (new)'


def test_a_working_token_in_a_loose_file_only_fixes_the_mode(fake_api, run_module, tokens, tmp_path):
    env = tmp_path / 'app.env'
    env.write_text(f'SERVICE_DATABASE_URL={DB_URL}\nSERVICE_DATABASE_AUTH_TOKEN="good"\n', encoding='utf-8')
    os.chmod(env, 0o644)
    fake_api.add('POST', PIPELINE, OK_PIPELINE)
    checked = run_module(db_token.main, args(env_file=str(env)), check_mode=True)
    assert checked.result['changed'] is True
    assert mode(env) == 0o644
    outcome = run_module(db_token.main, args(env_file=str(env)))
    assert outcome.result['changed'] is True
    assert mode(env) == 0o600
    assert env.read_text(encoding='utf-8') == f'SERVICE_DATABASE_URL={DB_URL}\nSERVICE_DATABASE_AUTH_TOKEN="good"\n'
    assert tokens.bodies == []
    assert fake_api.calls[1].headers['Authorization'] == 'Bearer good'


def test_absent_revokes_and_removes_the_token_line(fake_api, run_module, tokens, tmp_path):
    env = tmp_path / 'app.env'
    env.write_text(f'A=1\nSERVICE_DATABASE_URL={DB_URL}\nSERVICE_DATABASE_AUTH_TOKEN=old\n', encoding='utf-8')
    checked = run_module(db_token.main, args(env_file=str(env), state='absent'), check_mode=True)
    assert checked.result['changed'] is True
    assert [call.method for call in fake_api.calls] == ['GET']
    assert 'SERVICE_DATABASE_AUTH_TOKEN=old' in env.read_text(encoding='utf-8')
    outcome = run_module(db_token.main, args(env_file=str(env), state='absent'), diff=True)
    assert outcome.result['changed'] is True
    assert calls(fake_api)[-1] == f'POST /database/v2/databases/{DB}/auth/revoke'
    assert env.read_text(encoding='utf-8') == f'A=1\nSERVICE_DATABASE_URL={DB_URL}\n'
    assert outcome.result['diff']['after']['token'] == 'all revoked'
    assert outcome.result['diff']['after']['env_file']['SERVICE_DATABASE_AUTH_TOKEN'] is None
    again = run_module(db_token.main, args(env_file=str(env), state='absent'))
    assert again.result['changed'] is True  # the API cannot tell whether tokens existed
    assert calls(fake_api)[-1] == f'POST /database/v2/databases/{DB}/auth/revoke'
    assert env.read_text(encoding='utf-8') == f'A=1\nSERVICE_DATABASE_URL={DB_URL}\n'


def test_regenerate_writes_the_access_named_token_and_returns_both(fake_api, run_module, tokens, tmp_path):
    env = tmp_path / 'app.env'
    outcome = run_module(
        db_token.main,
        args(
            env_file=str(env),
            state='absent',
            regenerate=True,
            access='read_only',
            expires='2099-01-01T00:00:00Z',
            return_token=True,
        ),
    )
    assert outcome.result['changed'] is True
    assert calls(fake_api)[1:] == [
        f'POST /database/v2/databases/{DB}/auth/revoke',
        f'PUT /database/v2/databases/{DB}/auth/generate',
        f'PUT /database/v2/databases/{DB}/auth/generate',
    ]
    assert [body['authorization'] for body in tokens.bodies] == ['full-access', 'read-only']
    assert all(body['expires_at'] == '2099-01-01T00:00:00Z' for body in tokens.bodies)
    assert outcome.result['tokens'] == {'full_access': 'tok-1', 'read_only': 'tok-2'}
    assert outcome.result['token'] == 'tok-2'
    assert env.read_text(encoding='utf-8') == f'SERVICE_DATABASE_URL={DB_URL}\nSERVICE_DATABASE_AUTH_TOKEN=tok-2\n'


def test_regenerate_in_check_mode(fake_api, run_module, tokens, tmp_path):
    outcome = run_module(db_token.main, args(state='absent', regenerate=True, return_token=True), check_mode=True)
    assert outcome.result['changed'] is True
    assert 'tokens' not in outcome.result
    assert [call.method for call in fake_api.calls] == ['GET']


@pytest.mark.parametrize(
    'extra, message',
    [
        ({'database_id': 'db/../x'}, 'database_id must be a database id'),
        ({'database_id': ''}, 'database_id must be a database id'),
        ({'regenerate': True}, 'regenerate requires state=absent'),
        ({'expires': '30x'}, 'expires must be a duration'),
        ({'expires': '2001-01-01T00:00:00Z'}, 'is in the past'),
        ({'env_file': '/nonexistent-dir-for-db-token/app.env'}, 'does not exist'),
        ({'api_url': 'ftp://x'}, 'api_url must be an http'),
    ],
)
def test_bad_input_sends_nothing(fake_api, run_module, tokens, extra, message):
    outcome = run_module(db_token.main, dict(args(), **extra))
    assert outcome.failed
    assert message in outcome.result['msg']
    assert fake_api.calls == []


def test_missing_database_names_the_operation_and_the_api_error(fake_api, run_module):
    fake_api.add('GET', DB_PATH, FakeResponse(404, {'error': f'Database {DB} was not found'}))
    outcome = run_module(db_token.main, args())
    assert outcome.failed
    assert outcome.result['msg'] == f'read database {DB} failed: HTTP 404 not_found: Database {DB} was not found'
    assert outcome.result['failure']['status'] == 404


def test_generate_is_not_repeated_after_a_server_error(fake_api, run_module):
    fake_api.add('GET', DB_PATH, {'db': {'id': DB, 'url': DB_URL}})
    fake_api.add('PUT', GENERATE, FakeResponse(503, {'error': 'try later'}))
    outcome = run_module(db_token.main, args())
    assert outcome.failed
    assert (
        outcome.result['msg']
        == f'generate a full token for database {DB} failed: HTTP 503 service_unavailable: try later'
    )
    assert [call.method for call in fake_api.calls] == ['GET', 'PUT']


def test_a_token_check_that_cannot_tell_fails_instead_of_generating(fake_api, run_module, tokens, tmp_path):
    env = tmp_path / 'app.env'
    env.write_text(f'SERVICE_DATABASE_URL={DB_URL}\nSERVICE_DATABASE_AUTH_TOKEN=maybe\n', encoding='utf-8')
    fake_api.add('POST', PIPELINE, FakeResponse(500, {'error': {'message': 'boom', 'code': 'INTERNAL'}}))
    outcome = run_module(db_token.main, args(env_file=str(env)))
    assert outcome.failed
    assert outcome.result['msg'] == 'check the access token of env_file failed: HTTP 500 INTERNAL: boom'
    assert tokens.bodies == []
    assert len([call for call in fake_api.calls if call.path == '/v2/pipeline']) == 3  # a read: retried


def test_a_working_token_without_the_url_line_gets_the_url(fake_api, run_module, tokens, tmp_path):
    env = tmp_path / 'app.env'
    env.write_text('SERVICE_DATABASE_AUTH_TOKEN=good\n', encoding='utf-8')
    os.chmod(env, 0o600)
    fake_api.add('POST', PIPELINE, OK_PIPELINE)
    outcome = run_module(db_token.main, args(env_file=str(env)))
    assert outcome.result['changed'] is True
    assert tokens.bodies == []
    assert env.read_text(encoding='utf-8') == f'SERVICE_DATABASE_AUTH_TOKEN=good\nSERVICE_DATABASE_URL={DB_URL}\n'
    again = run_module(db_token.main, args(env_file=str(env)))
    assert again.result['changed'] is False


def test_a_file_that_cannot_be_written_fails_clearly(fake_api, run_module, tokens, tmp_path, monkeypatch):
    from ansible_collections.edge.platform.plugins.module_utils import _database as database

    def refuse(self, text):
        raise PermissionError(13, 'Permission denied')

    monkeypatch.setattr(database.EnvFile, 'write', refuse)
    outcome = run_module(db_token.main, args(env_file=str(tmp_path / 'app.env')))
    assert outcome.failed
    assert outcome.result['changed'] is True
    assert outcome.result['msg'].startswith(
        f"write env_file {tmp_path / 'app.env'} failed: [Errno 13] Permission denied"
    )
    assert 'done before: generate a full token' in outcome.result['msg']
    assert 'tok-1' not in json.dumps(outcome.result)


def test_regenerate_that_fails_after_the_revoke_reports_the_change_and_drops_the_dead_token(
    fake_api, run_module, tokens, tmp_path
):
    env = tmp_path / 'app.env'
    env.write_text(
        'KEEP=1\nSERVICE_DATABASE_URL=libsql://db-01test.lite.edge.test\nSERVICE_DATABASE_AUTH_TOKEN=tok-old\n',
        encoding='utf-8',
    )
    fake_api.add('PUT', GENERATE, FakeResponse(503, {'error': {'message': 'down', 'code': 'UNAVAILABLE'}}))
    outcome = run_module(db_token.main, args(state='absent', regenerate=True, env_file=str(env), api_retries=0))
    assert outcome.failed
    assert outcome.result['changed'] is True  # every token was revoked
    assert 'every token was revoked, and the revoked token was removed from' in outcome.result['msg']
    assert env.read_text(encoding='utf-8') == 'KEEP=1\nSERVICE_DATABASE_URL=libsql://db-01test.lite.edge.test\n'
    assert 'tok-old' not in json.dumps(outcome.result)


def test_an_env_file_that_cannot_be_written_is_refused_before_a_token_is_generated(
    fake_api, run_module, tokens, tmp_path, monkeypatch
):
    def refuse(self: t.Any) -> None:
        raise ValueError(f'env_file {self.path} cannot be written: Read-only file system')

    monkeypatch.setattr(db_token.EnvFile, 'check_writable', refuse)
    for state in ('present', 'absent'):
        outcome = run_module(db_token.main, args(state=state, env_file=str(tmp_path / 'app.env')))
        assert outcome.failed and outcome.result['changed'] is False
        assert 'cannot be written: Read-only file system' in outcome.result['msg']
    assert [call.method for call in fake_api.calls] == ['GET', 'GET']  # the database read, nothing written
    assert tokens.bodies == []


def test_a_symlinked_env_file_is_replaced_not_written_through(fake_api, run_module, tokens, tmp_path):
    target = tmp_path / 'shared.env'
    target.write_text('OTHER=1\n', encoding='utf-8')
    os.chmod(target, 0o644)
    link = tmp_path / 'app.env'
    link.symlink_to(target)
    outcome = run_module(db_token.main, args(env_file=str(link)))
    assert outcome.result['changed'] is True
    assert not link.is_symlink() and mode(link) == 0o600
    assert 'SERVICE_DATABASE_AUTH_TOKEN=tok-1' in link.read_text(encoding='utf-8')
    assert target.read_text(encoding='utf-8') == 'OTHER=1\n' and mode(target) == 0o644


# ---- the database by its name ---------------------------------------------------------------------------------


def listing(*records: dict[str, t.Any]) -> dict[str, t.Any]:
    return {
        'databases': list(records),
        'page_info': {'current_page': 1, 'total_items': len(records), 'has_more_items': False},
    }


def test_database_name_finds_the_id_and_url_in_the_list(fake_api, run_module, tokens):
    fake_api.add(
        'GET',
        r'^/database/v2/databases$',
        listing(
            {'id': 'db_OTHER', 'name': 'app-old', 'url': 'libsql://other'}, {'id': DB, 'name': 'app', 'url': DB_URL}
        ),
    )
    outcome = run_module(db_token.main, dict(COMMON_ARGS, database_name='app'))
    assert not outcome.failed
    assert outcome.result['database_id'] == DB and outcome.result['database_url'] == DB_URL
    assert calls(fake_api) == ['GET /database/v2/databases', f'PUT /database/v2/databases/{DB}/auth/generate']
    assert fake_api.calls[0].params == {'page': 1, 'per_page': 1000}


@pytest.mark.parametrize(
    'records, message',
    [
        ([], 'find database "app" failed: no database is named "app"'),
        (
            [{'id': 'db_A', 'name': 'app', 'url': 'libsql://a'}, {'id': 'db_B', 'name': 'app', 'url': 'libsql://b'}],
            'find database "app" failed: 2 databases are named "app" (db_A, db_B); give database_id instead',
        ),
    ],
)
def test_a_name_that_is_not_one_database_fails_before_any_write(fake_api, run_module, tokens, records, message):
    fake_api.add('GET', r'^/database/v2/databases$', listing(*records))
    outcome = run_module(db_token.main, dict(COMMON_ARGS, database_name='app', state='absent'))
    assert outcome.failed and outcome.result['msg'] == message
    assert fake_api.writes == []


@pytest.mark.parametrize(
    'extra, message',
    [
        ({}, 'one of the following is required: database_id, database_name'),
        ({'database_id': DB, 'database_name': 'app'}, 'mutually exclusive'),
        ({'database_name': ' '}, 'database_name must not be empty'),
    ],
)
def test_the_database_is_given_exactly_once(fake_api, run_module, extra, message):
    outcome = run_module(db_token.main, dict(COMMON_ARGS, **extra))
    assert outcome.failed and message in outcome.result['msg']
    assert fake_api.calls == []
