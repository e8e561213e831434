# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""module_utils/_database_pipeline.py: database URLs, Hrana values, statements and the pipeline client."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, EdgeClient
from ansible_collections.edge.platform.plugins.module_utils._database_pipeline import (
    Pipeline,
    StatementError,
    changes_connection,
    decode_value,
    encode_value,
    parse_statements,
    pipeline_base_url,
    statement_result,
    token_works,
    unique_names,
)
from ansible_collections.edge.platform.tests.unit.helpers import API_KEY, FakeApi, FakeResponse, FakeSession

DB_URL = 'https://db-1.lite.edge.test'


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
