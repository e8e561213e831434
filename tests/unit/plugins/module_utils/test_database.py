# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""module_utils/database.py: URLs, Hrana values, statements, the pipeline client, expiry and env files."""

from __future__ import annotations

import datetime
import os
import stat
import tempfile

import pytest

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, EdgeClient
from ansible_collections.edge.platform.plugins.module_utils._database import (
    EnvFile,
    Pipeline,
    StatementError,
    changes_connection,
    decode_value,
    encode_value,
    expires_at,
    parse_statements,
    pipeline_base_url,
    statement_result,
    token_works,
    unique_names,
)
from ansible_collections.edge.platform.tests.unit.helpers import API_KEY, FakeApi, FakeResponse, FakeSession

DB_URL = 'https://db-1.lite.edge.test'
NOW = datetime.datetime(2026, 11, 22, 10, 0, 0, tzinfo=datetime.timezone.utc)


@pytest.fixture
def api() -> FakeApi:
    return FakeApi()


@pytest.fixture
def client(api: FakeApi) -> EdgeClient:
    return EdgeClient(
        API_KEY,
        {'api': 'https://api.edge.test', 'database': DB_URL},
        retries=2,
        sleep=lambda seconds: None,
        session=FakeSession(api),
    )


# ---- URLs -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    'url, expected',
    [
        ('libsql://db-1.lite.edge.test', 'https://db-1.lite.edge.test'),
        ('LIBSQL://db-1.lite.edge.test/', 'https://db-1.lite.edge.test'),
        ('https://db-1.lite.edge.test', 'https://db-1.lite.edge.test'),
        ('http://127.0.0.1:8080/', 'http://127.0.0.1:8080'),
    ],
)
def test_database_urls(url: str, expected: str) -> None:
    assert pipeline_base_url(url) == expected


@pytest.mark.parametrize('url', ['ftp://host', 'db-1.lite.edge.test', 'libsql://', 'https:///path', ''])
def test_bad_database_urls(url: str) -> None:
    with pytest.raises(ValueError, match='libsql://, https:// or http://'):
        pipeline_base_url(url)


def test_a_url_with_a_query_is_refused_without_echoing_it() -> None:
    with pytest.raises(ValueError) as caught:
        pipeline_base_url('libsql://db.test?authToken=secret-token')
    assert 'secret-token' not in str(caught.value)
    assert 'auth_token' in str(caught.value)


# ---- values -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    'value, encoded',
    [
        (None, {'type': 'null'}),
        (True, {'type': 'integer', 'value': '1'}),
        (False, {'type': 'integer', 'value': '0'}),
        (42, {'type': 'integer', 'value': '42'}),
        (-(2**63), {'type': 'integer', 'value': str(-(2**63))}),
        (1.5, {'type': 'float', 'value': 1.5}),
        ('héllo', {'type': 'text', 'value': 'héllo'}),
        (b'\x00\x01\x02', {'type': 'blob', 'base64': 'AAEC'}),
        ({'type': 'blob', 'base64': 'AAE'}, {'type': 'blob', 'base64': 'AAE='}),
        ({'type': 'integer', 'value': '9007199254740993'}, {'type': 'integer', 'value': '9007199254740993'}),
        ({'type': 'float', 'value': '2.5'}, {'type': 'float', 'value': 2.5}),
        ({'type': 'text', 'value': 7}, {'type': 'text', 'value': '7'}),
        ({'type': 'null'}, {'type': 'null'}),
    ],
)
def test_encode_value(value: object, encoded: dict) -> None:
    assert encode_value(value, 'x') == encoded


@pytest.mark.parametrize(
    'value, message',
    [
        (2**63, 'does not fit a 64-bit integer'),
        (float('nan'), 'not a finite number'),
        ([1, 2], 'a list cannot be a SQL value'),
        ({'a': 1}, 'a dict cannot be a SQL value'),
        ({'type': 'date', 'value': 'x'}, 'type must be one of'),
        ({'type': 'blob', 'base64': '!!'}, 'not valid base64'),
        ({'type': 'integer', 'value': '1.5'}, 'is not an integer'),
        ({'type': 'integer', 'value': 1, 'extra': 2}, 'does not take extra'),
    ],
)
def test_encode_value_refuses(value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        encode_value(value, 'statement 1, args[0]')


@pytest.mark.parametrize(
    'value, decoded',
    [
        ({'type': 'null'}, None),
        ({'type': 'integer', 'value': '9223372036854775807'}, 9223372036854775807),
        ({'type': 'float', 'value': 0.25}, 0.25),
        ({'type': 'text', 'value': 'x'}, 'x'),
        ({'type': 'blob', 'base64': 'AAE'}, 'AAE='),
    ],
)
def test_decode_value(value: dict, decoded: object) -> None:
    assert decode_value(value) == decoded


def test_statements_are_validated_and_encoded() -> None:
    statements = parse_statements(
        [
            'SELECT 1',
            {'sql': 'INSERT INTO t VALUES (?, ?)', 'args': [1, 'a']},
            {'sql': 'UPDATE t SET a = :a', 'named_args': {':a': None}},
        ]
    )
    assert [statement.number for statement in statements] == [1, 2, 3]
    assert statements[0].stmt() == {'sql': 'SELECT 1', 'want_rows': True}
    assert statements[1].stmt()['args'] == [{'type': 'integer', 'value': '1'}, {'type': 'text', 'value': 'a'}]
    assert statements[2].stmt()['named_args'] == [{'name': ':a', 'value': {'type': 'null'}}]


@pytest.mark.parametrize(
    'items, message',
    [
        ([], 'non-empty list'),
        (['  '], 'statement 1 has no SQL text'),
        (['SELECT 1', 5], 'statement 2 must be a SQL string'),
        ([{'sql': 'SELECT ?', 'values': [1]}], 'unknown keys: values'),
        ([{'sql': 'SELECT ?', 'args': {'a': 1}}], 'args must be a list'),
        ([{'sql': 'SELECT :a', 'named_args': [1]}], 'named_args must be a dict'),
        ([{'sql': 'SELECT :a', 'named_args': {'a b': 1}}], 'is not a parameter name'),
        ([{'sql': 'SELECT ?', 'args': [[1]]}], r'statement 1, args\[0\]: a list cannot be a SQL value'),
    ],
)
def test_bad_statements(items: list, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_statements(items)


def test_unique_names() -> None:
    assert unique_names(['id', 'id', None, 'id_2', 'x']) == ['id', 'id_2', 'column_3', 'id_2_2', 'x']


def test_statement_result() -> None:
    result = statement_result(
        {
            'cols': [{'name': 'id', 'decltype': 'INTEGER'}, {'name': 'id', 'decltype': None}, {'name': 'data'}],
            'rows': [
                [{'type': 'integer', 'value': '1'}, {'type': 'float', 'value': 2.0}, {'type': 'blob', 'base64': 'AAEC'}]
            ],
            'affected_row_count': 0,
            'last_insert_rowid': '17',
        },
        'SELECT …',
    )
    assert result == {
        'sql': 'SELECT …',
        'columns': ['id', 'id', 'data'],
        'rows': [{'id': 1, 'id_2': 2.0, 'data': 'AAEC'}],
        'affected_row_count': 0,
        'last_insert_rowid': 17,
    }


# ---- the pipeline -----------------------------------------------------------------------------


def ok_execute() -> dict:
    return {
        'type': 'ok',
        'response': {
            'type': 'execute',
            'result': {'cols': [], 'rows': [], 'affected_row_count': 0, 'last_insert_rowid': None},
        },
    }


CLOSE = {'type': 'ok', 'response': {'type': 'close'}}


def test_pipeline_is_one_shot_with_the_token_and_never_the_account_key(api: FakeApi, client: EdgeClient) -> None:
    api.add('POST', r'^/v2/pipeline$', {'baton': None, 'base_url': None, 'results': [ok_execute(), CLOSE]})
    results = Pipeline(client, 'db-token').run([{'type': 'execute', 'stmt': {'sql': 'SELECT 1'}}], 'run')
    assert results == [ok_execute()]
    call = api.calls[0]
    assert call.url == f'{DB_URL}/v2/pipeline'
    assert call.json == {
        'baton': None,
        'requests': [{'type': 'execute', 'stmt': {'sql': 'SELECT 1'}}, {'type': 'close'}],
    }
    assert call.headers['Authorization'] == 'Bearer db-token'
    assert 'AccessKey' not in call.headers


def test_pipeline_checks_the_answer_shape(api: FakeApi, client: EdgeClient) -> None:
    api.add('POST', r'^/v2/pipeline$', {'baton': None, 'results': [CLOSE]})
    with pytest.raises(EdgeApiError, match='not a pipeline result'):
        Pipeline(client, 'db-token').run([{'type': 'execute', 'stmt': {'sql': 'SELECT 1'}}], 'run')


def test_pipeline_http_errors_carry_the_hrana_code(api: FakeApi, client: EdgeClient) -> None:
    api.add(
        'POST',
        r'^/v2/pipeline$',
        FakeResponse(401, {'error': {'message': 'The access token has been revoked', 'code': 'AUTH_TOKEN_REVOKED'}}),
    )
    with pytest.raises(EdgeApiError) as caught:
        Pipeline(client, 'db-token').run([], 'run the statements')
    assert (
        str(caught.value) == 'run the statements failed: HTTP 401 AUTH_TOKEN_REVOKED: The access token has been revoked'
    )


def test_a_write_pipeline_is_not_repeated_after_a_5xx_but_a_read_is(api: FakeApi, client: EdgeClient) -> None:
    api.add('POST', r'^/v2/pipeline$', FakeResponse(503, {'error': {'message': 'busy', 'code': 'UNAVAILABLE'}}))
    with pytest.raises(EdgeApiError):
        Pipeline(client, 't').run([], 'write')
    assert len(api.calls) == 1
    with pytest.raises(EdgeApiError):
        Pipeline(client, 't').run([], 'read', idempotent=True)
    assert len(api.calls) == 1 + 3


@pytest.mark.parametrize('status', [401, 403])
def test_token_works_false_on_refusal(api: FakeApi, client: EdgeClient, status: int) -> None:
    api.add('POST', r'^/v2/pipeline$', FakeResponse(status, {'error': {'message': 'no', 'code': 'X'}}))
    assert token_works(client, 'old') is False
    assert api.calls[0].json['requests'][0] == {'type': 'execute', 'stmt': {'sql': 'SELECT 1', 'want_rows': False}}


def test_token_works(api: FakeApi, client: EdgeClient) -> None:
    api.add('POST', r'^/v2/pipeline$', {'baton': None, 'results': [ok_execute(), CLOSE]})
    assert token_works(client, 'good') is True


def test_token_check_that_cannot_tell_fails(api: FakeApi, client: EdgeClient) -> None:
    api.add('POST', r'^/v2/pipeline$', FakeResponse(500, {'error': {'message': 'boom', 'code': 'INTERNAL'}}))
    with pytest.raises(EdgeApiError, match='HTTP 500'):
        token_works(client, 'maybe')


def test_statement_error_message_and_failure() -> None:
    error = StatementError(
        'statement 2 of 3', 'UNIQUE constraint failed: t.id', 'SQLITE_CONSTRAINT_PRIMARYKEY', 2, 'INSERT …'
    )
    assert str(error) == 'statement 2 of 3 failed: SQLITE_CONSTRAINT_PRIMARYKEY: UNIQUE constraint failed: t.id'
    assert error.failure() == {
        'status': 200,
        'error_key': 'SQLITE_CONSTRAINT_PRIMARYKEY',
        'message': 'UNIQUE constraint failed: t.id',
        'statement': 2,
        'sql': 'INSERT …',
    }


# ---- expiry -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    'text, expected',
    [
        (None, None),
        ('', None),
        ('30d', '2026-12-22T10:00:00Z'),
        ('12h', '2026-11-22T22:00:00Z'),
        ('90m', '2026-11-22T11:30:00Z'),
        ('2W', '2026-12-06T10:00:00Z'),
        ('2030-01-31T00:00:00Z', '2030-01-31T00:00:00Z'),
        ('2030-01-31T02:00:00+02:00', '2030-01-31T00:00:00Z'),
        ('2030-01-31 00:00:00.123z', '2030-01-31T00:00:00Z'),
    ],
)
def test_expires(text: str | None, expected: str | None) -> None:
    assert expires_at(text, NOW) == expected


@pytest.mark.parametrize(
    'text, message',
    [
        ('0d', 'positive duration'),
        ('30x', 'must be a duration'),
        ('2030-02-30T00:00:00Z', 'must be a duration'),
        ('2026-01-01T00:00:00Z', 'in the past'),
        ('tomorrow', 'must be a duration'),
    ],
)
def test_bad_expires(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        expires_at(text, NOW)


# ---- env files --------------------------------------------------------------------------------


def test_env_file_keeps_other_lines_and_replaces_in_place(tmp_path) -> None:
    path = tmp_path / 'app.env'
    path.write_text(
        '# app settings\nexport SERVICE_DATABASE_URL="libsql://old"\nPORT=8080\n'
        'SERVICE_DATABASE_AUTH_TOKEN=old # comment\n'
        'SERVICE_DATABASE_AUTH_TOKEN=older\nLAST=1',
        encoding='utf-8',
    )
    os.chmod(path, 0o644)
    env = EnvFile(str(path))
    assert env.get('SERVICE_DATABASE_URL') == 'libsql://old'
    assert env.get('SERVICE_DATABASE_AUTH_TOKEN') == 'older'
    assert env.get('PORT') == '8080'
    assert env.mode == 0o644
    text = env.render({'SERVICE_DATABASE_URL': 'libsql://new', 'SERVICE_DATABASE_AUTH_TOKEN': 'tok', 'EXTRA': 'x'})
    assert text == (
        '# app settings\nexport SERVICE_DATABASE_URL=libsql://new\nPORT=8080\nSERVICE_DATABASE_AUTH_TOKEN=tok\n'
        'LAST=1\nEXTRA=x\n'
    )
    env.write(text)
    assert path.read_text(encoding='utf-8') == text
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert sorted(os.listdir(tmp_path)) == ['app.env']  # no temporary file left


def test_env_file_removal_and_creation(tmp_path) -> None:
    path = tmp_path / 'new.env'
    env = EnvFile(str(path))
    assert not env.exists and env.get('X') is None and env.mode is None
    assert env.needs_write(env.render({'SERVICE_DATABASE_AUTH_TOKEN': None}))
    env.write(env.render({'A': '1', 'SERVICE_DATABASE_AUTH_TOKEN': 'tok'}))
    assert path.read_text(encoding='utf-8') == 'A=1\nSERVICE_DATABASE_AUTH_TOKEN=tok\n'
    again = EnvFile(str(path))
    text = again.render({'SERVICE_DATABASE_AUTH_TOKEN': None})
    assert text == 'A=1\n'
    assert not again.needs_write(again.render({'A': '1'}))


def test_a_symlinked_env_file_is_replaced_never_written_through(tmp_path) -> None:
    target = tmp_path / 'real.env'
    target.write_text('A=1\n', encoding='utf-8')
    os.chmod(target, 0o644)
    link = tmp_path / 'link.env'
    link.symlink_to(target)
    env = EnvFile(str(link))
    assert env.get('A') == '1'  # read through the link
    assert env.needs_write(env.render({}))  # the link is replaced even when the lines stay the same
    env.write(env.render({'B': '2'}))
    assert not link.is_symlink() and link.read_text(encoding='utf-8') == 'A=1\nB=2\n'
    assert oct(link.stat().st_mode & 0o777) == '0o600'
    assert target.read_text(encoding='utf-8') == 'A=1\n' and oct(target.stat().st_mode & 0o777) == '0o644'


def test_an_env_file_that_cannot_be_written_is_refused_first(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = EnvFile(str(tmp_path / 'app.env'))
    env.check_writable()
    assert os.listdir(tmp_path) == []  # the probe is gone

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, 'Permission denied')

    monkeypatch.setattr(tempfile, 'mkstemp', refuse)  # what a read-only mount answers, even to root
    with pytest.raises(ValueError, match='env_file .*app.env cannot be written: Permission denied'):
        env.check_writable()


def test_env_file_needs_an_existing_directory_and_a_file(tmp_path) -> None:
    with pytest.raises(ValueError, match='does not exist'):
        EnvFile(str(tmp_path / 'missing' / 'app.env'))
    with pytest.raises(ValueError, match='not a regular file'):
        EnvFile(str(tmp_path))


def test_env_file_mode_fix(tmp_path) -> None:
    path = tmp_path / 'app.env'
    path.write_text('A=1\n', encoding='utf-8')
    os.chmod(path, 0o640)
    env = EnvFile(str(path))
    env.fix_mode()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


@pytest.mark.parametrize(
    'sql, attaches',
    [
        ("ATTACH DATABASE 'x.db' AS x", True),
        ('attach x as y', True),
        ('DETACH x', True),
        ('  -- first\n/* then */ Detach DATABASE x', True),
        ('SELECT 1', False),
        ("SELECT 'ATTACH x AS y'", False),
        ('CREATE TABLE attachments (a)', False),
        ('-- ATTACH x AS y\nSELECT 1', False),
        ('EXPLAIN ATTACH x AS y', False),  # an EXPLAIN only reads
    ],
)
def test_attach_and_detach_are_told_apart(sql: str, attaches: bool) -> None:
    assert changes_connection(sql) is attaches
