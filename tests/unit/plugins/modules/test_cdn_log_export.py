# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import csv
import datetime
import hashlib
import io
import json
import os
import typing as t

import pytest
import requests

from ansible_collections.edge.platform.plugins.modules import cdn_log_export
from ansible_collections.edge.platform.tests.unit.helpers import API_KEY, API_URL, Call, FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_cdn_log_info import (
    ARGS,
    V2_PATH,
    day_file,
    error,
    page,
    row,
    v1_path,
    yesterday,
)

# A fixed window within the retention: 30 to 6 hours back, to the second.
NOW = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
START = (NOW - datetime.timedelta(hours=30)).strftime('%Y-%m-%dT%H:%M:%SZ')
END = (NOW - datetime.timedelta(hours=6)).strftime('%Y-%m-%dT%H:%M:%SZ')


def v1_args(path: str, **extra: t.Any) -> dict[str, t.Any]:
    return dict(ARGS, api_version=1, date=yesterday().isoformat(), dest=path, **extra)


def v2_args(path: str, **extra: t.Any) -> dict[str, t.Any]:
    return dict(ARGS, start=START, end=END, dest=path, **extra)


def mode_of(path: t.Any) -> int:
    return os.stat(path).st_mode & 0o777


def served(rows: list[dict[str, t.Any]], size: int) -> t.Callable[[Call], t.Any]:
    """v2 pages of at most ``size`` rows (the server's own cap) at the asked offset."""

    def answer(call: Call) -> t.Any:
        offset, limit = int(call.params['offset']), min(int(call.params['limit']), size)
        chunk = rows[offset : offset + limit]
        return page(chunk, offset, limit, offset + len(chunk) < len(rows))

    return answer


# ---- v1: the day file ------------------------------------------------------------------------------------------------


def test_v1_day_file_is_written_then_unchanged(fake_api, run_module, tmp_path):
    content = day_file(40)
    fake_api.add('GET', v1_path(yesterday()), FakeResponse(200, content=content))
    path = str(tmp_path / 'day.log')

    first = run_module(cdn_log_export.main, v1_args(path), diff=True)
    assert not first.failed, first.result
    assert first.result['changed'] is True
    with open(path, 'rb') as handle:
        assert handle.read() == content
    expected = {'dest': path, 'size': len(content), 'rows': 40, 'checksum': hashlib.sha256(content).hexdigest()}
    assert {key: first.result[key] for key in expected} == expected
    assert first.result['has_more'] is False and first.result['date'] == yesterday().isoformat()
    assert first.result['pullzone_id'] == 1001
    assert first.result['diff']['before'] == {}
    assert first.result['diff']['after']['checksum'] == expected['checksum']
    assert mode_of(path) == 0o600  # the default mode
    assert os.listdir(tmp_path) == ['day.log']  # no temporary file left

    stamp = os.stat(path).st_mtime_ns
    second = run_module(cdn_log_export.main, v1_args(path), diff=True)
    assert second.result['changed'] is False
    assert second.result['diff']['before'] == second.result['diff']['after']
    assert os.stat(path).st_mtime_ns == stamp


def test_check_mode_predicts_and_writes_nothing(fake_api, run_module, tmp_path):
    content = day_file(10)
    fake_api.add('GET', v1_path(yesterday()), FakeResponse(200, content=content))
    path = str(tmp_path / 'day.log')

    new = run_module(cdn_log_export.main, v1_args(path), check_mode=True)
    assert new.result['changed'] is True
    assert new.result['checksum'] == hashlib.sha256(content).hexdigest() and new.result['rows'] == 10
    assert os.listdir(tmp_path) == []

    with open(path, 'wb') as handle:
        handle.write(b'old content\n')
    os.chmod(path, 0o644)
    differs = run_module(cdn_log_export.main, v1_args(path), check_mode=True, diff=True)
    assert differs.result['changed'] is True
    assert differs.result['diff']['before'] == {
        'path': path,
        'size': 12,
        'rows': 1,
        'checksum': hashlib.sha256(b'old content\n').hexdigest(),
        'mode': '0644',
    }
    assert differs.result['diff']['after']['mode'] == '0600'
    with open(path, 'rb') as handle:
        assert handle.read() == b'old content\n'

    with open(path, 'wb') as handle:
        handle.write(content)
    os.chmod(path, 0o600)
    assert run_module(cdn_log_export.main, v1_args(path), check_mode=True).result['changed'] is False
    mode_only = run_module(cdn_log_export.main, v1_args(path, mode='0640'), check_mode=True, diff=True)
    assert mode_only.result['changed'] is True
    assert mode_only.result['diff']['after']['mode'] == '0640'
    assert mode_of(path) == 0o600
    assert fake_api.writes == []


def test_v1_replaces_other_content_and_honours_the_limit(fake_api, run_module, tmp_path):
    content = day_file(8)
    fake_api.add('GET', v1_path(yesterday()), FakeResponse(200, content=content))
    path = tmp_path / 'day.log'
    path.write_bytes(b'something else\n')
    os.chmod(path, 0o644)
    outcome = run_module(cdn_log_export.main, v1_args(str(path), limit=5, status=['2xx'], order='desc'))
    assert outcome.result['changed'] is True
    kept = b''.join(content.splitlines(keepends=True)[:5])
    assert path.read_bytes() == kept
    assert outcome.result['rows'] == 5 and outcome.result['size'] == len(kept) and outcome.result['has_more'] is True
    assert fake_api.calls[0].params == {'status': '2xx', 'order': 'desc', 'end': 6}
    assert mode_of(path) == 0o600


def test_a_stream_that_breaks_off_is_read_again(fake_api, run_module, tmp_path):
    content = day_file(20)

    class Breaking(FakeResponse):
        def iter_content(self, chunk_size: int = 65536) -> t.Iterator[bytes]:
            yield content[:300]
            raise requests.exceptions.ChunkedEncodingError('connection broken')

    fake_api.add('GET', v1_path(yesterday()), Breaking(200, content=content), FakeResponse(200, content=content))
    path = tmp_path / 'day.log'
    outcome = run_module(cdn_log_export.main, v1_args(str(path)))
    assert not outcome.failed, outcome.result
    assert path.read_bytes() == content and outcome.result['rows'] == 20
    assert len(fake_api.calls) == 2


def test_a_refusal_fails_and_leaves_the_file_alone(fake_api, run_module, tmp_path):
    fake_api.add(
        'GET', v1_path(yesterday()), error(404, 'logging_disabled', 'Logging is not enabled for pull zone 1001.')
    )
    path = tmp_path / 'day.log'
    path.write_bytes(b'kept\n')
    outcome = run_module(cdn_log_export.main, v1_args(str(path)))
    assert outcome.failed and outcome.result['failure']['error_key'] == 'logging_disabled'
    assert outcome.result['msg'] == (
        f'read the CDN log file of pull zone 1001 for {yesterday().isoformat()} failed: '
        'HTTP 404 logging_disabled: Logging is not enabled for pull zone 1001.'
    )
    assert path.read_bytes() == b'kept\n'
    assert os.listdir(tmp_path) == ['day.log']


def test_a_dest_that_cannot_be_written_is_a_clear_failure(fake_api, run_module, tmp_path, monkeypatch):
    from ansible_collections.edge.platform.plugins.module_utils import _files as files

    fake_api.add('GET', v1_path(yesterday()), FakeResponse(200, content=day_file(3)))

    def refuse(*args: t.Any, **kwargs: t.Any) -> t.NoReturn:
        raise PermissionError(13, 'Permission denied')

    monkeypatch.setattr(files.tempfile, 'mkstemp', refuse)
    outcome = run_module(cdn_log_export.main, v1_args(str(tmp_path / 'day.log')))
    assert outcome.failed
    assert outcome.result['msg'] == f"write {tmp_path / 'day.log'} failed: [Errno 13] Permission denied"
    assert os.listdir(tmp_path) == []


# ---- v2: JSON Lines and CSV ------------------------------------------------------------------------------------------


def test_v2_json_lines_page_through_the_window_oldest_first(fake_api, run_module, tmp_path):
    rows = [row(number) for number in range(25)]
    fake_api.add('GET', V2_PATH, served(rows, 10))
    path = tmp_path / 'rows.jsonl'
    outcome = run_module(cdn_log_export.main, v2_args(str(path), status=['2xx']))
    assert not outcome.failed, outcome.result
    assert [json.loads(text) for text in path.read_text().splitlines()] == rows
    assert outcome.result['rows'] == 25 and outcome.result['format'] == 'jsonl'
    assert outcome.result['window'] == {'start': START, 'end': END}
    assert (fake_api.calls[0].params['from'], fake_api.calls[0].params['to']) == (START, END)
    assert [(call.params['offset'], call.params['limit']) for call in fake_api.calls] == [
        (0, 10000),
        (10, 10000),
        (20, 10000),
    ]
    assert {call.params['order'] for call in fake_api.calls} == {'asc'}
    assert fake_api.calls[0].params['status'] == '2xx'
    assert outcome.result['checksum'] == hashlib.sha256(path.read_bytes()).hexdigest()


def test_v2_csv_has_a_header_and_the_fields_of_the_rows(fake_api, run_module, tmp_path):
    rows = [row(1, originShield=False), row(2, userAgent='odd, "quoted"\nagent', originShield=True)]
    fake_api.add('GET', V2_PATH, page(rows, 0, 10000, False))
    path = tmp_path / 'rows.csv'
    outcome = run_module(cdn_log_export.main, v2_args(str(path), format='csv', order='desc'))
    records = list(csv.reader(io.StringIO(path.read_text())))
    assert records[0][:3] == ['timestamp', 'pullZoneId', 'requestId'] and records[0][-1] == 'originShield'
    assert records[2][records[0].index('userAgent')] == 'odd, "quoted"\nagent'
    assert [record[-1] for record in records[1:]] == ['false', 'true']
    assert outcome.result['rows'] == 2 and outcome.result['format'] == 'csv'
    assert fake_api.calls[0].params['order'] == 'desc'


def test_v2_csv_of_no_rows_is_the_header_alone(fake_api, run_module, tmp_path):
    fake_api.add('GET', V2_PATH, page([], 0, 10000, False))
    path = tmp_path / 'rows.csv'
    outcome = run_module(cdn_log_export.main, v2_args(str(path), format='csv'))
    assert path.read_text().count('\n') == 1 and path.read_text().startswith('timestamp,pullZoneId,')
    assert outcome.result['rows'] == 0 and outcome.result['changed'] is True


def test_v2_limit_caps_the_rows(fake_api, run_module, tmp_path):
    fake_api.add('GET', V2_PATH, served([row(number) for number in range(30)], 100))
    path = tmp_path / 'rows.jsonl'
    outcome = run_module(cdn_log_export.main, v2_args(str(path), limit=12))
    assert outcome.result['rows'] == 12 and outcome.result['has_more'] is True
    assert fake_api.calls[0].params['limit'] == 12


def test_pullzone_name_is_found_through_the_management_api(fake_api, run_module, tmp_path):
    fake_api.add('GET', r'^/pullzone$', {'Items': [{'Id': 1001, 'Name': 'assets'}], 'HasMoreItems': False})
    fake_api.add('GET', V2_PATH, page([row(1)], 0, 10000, False))
    args = {key: value for key, value in v2_args(str(tmp_path / 'rows.jsonl')).items() if key != 'pullzone_id'}
    outcome = run_module(cdn_log_export.main, dict(args, pullzone_name='assets', api_url=API_URL))
    assert not outcome.failed, outcome.result
    assert outcome.result['pullzone_id'] == 1001
    assert [call.url.split('?')[0] for call in fake_api.calls] == [
        f'{API_URL}/pullzone',
        f"{ARGS['logging_api_url']}/v2/pullzones/1001/logs",
    ]
    assert fake_api.calls[0].headers['AccessKey'] == API_KEY


def test_an_unknown_pullzone_name_is_a_clear_failure(fake_api, run_module, tmp_path):
    fake_api.add('GET', r'^/pullzone$', {'Items': [], 'HasMoreItems': False})
    args = {key: value for key, value in v2_args(str(tmp_path / 'rows.jsonl')).items() if key != 'pullzone_id'}
    outcome = run_module(cdn_log_export.main, dict(args, pullzone_name='nothing', api_url=API_URL))
    assert (
        outcome.failed and outcome.result['msg'] == 'find pull zone "nothing" failed: no pull zone is named "nothing"'
    )
    assert os.listdir(tmp_path) == []


# ---- refused before any request --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    'args, message',
    [
        (
            {'format': 'csv', 'api_version': 1, 'date': 'YESTERDAY'},
            'format is not supported with api_version 1 (only with api_version 2)',
        ),
        ({'format': 'xml'}, 'value of format must be one of: jsonl, csv'),
        ({'date': 'YESTERDAY'}, 'date is not supported with api_version 2'),
        ({'start': '-4d'}, 'start and end may be at most 3 days apart'),
        ({'status': ['4x']}, 'status entries must be'),
        ({'limit': 0}, 'limit must be between 1 and 10000'),
        ({'pullzone_id': 0}, 'pullzone_id must be a positive integer'),
        ({'pullzone_name': 'assets'}, 'parameters are mutually exclusive: pullzone_id|pullzone_name'),
        ({'pullzone_id': None, 'pullzone_name': 'assets'}, 'api_url is required (or set EDGE_API_URL)'),
        ({'pullzone_id': None, 'pullzone_name': ' '}, 'pullzone_name must not be empty'),
        ({'pullzone_id': None}, 'one of the following is required: pullzone_id, pullzone_name'),
        ({'dest': '/nonexistent-dir/rows.jsonl'}, 'the directory of dest (/nonexistent-dir) does not exist'),
        ({'dest': '/tmp'}, 'dest /tmp is a directory'),
        ({'offset': 5}, 'Unsupported parameters'),
    ],
)
def test_bad_input_is_refused_before_any_request(fake_api, run_module, tmp_path, monkeypatch, args, message):
    monkeypatch.delenv('EDGE_API_URL', raising=False)
    wanted = dict(ARGS, dest=str(tmp_path / 'rows.jsonl'))
    wanted.update({key: (yesterday().isoformat() if value == 'YESTERDAY' else value) for key, value in args.items()})
    outcome = run_module(cdn_log_export.main, {key: value for key, value in wanted.items() if value is not None})
    assert outcome.failed
    assert message in outcome.result['msg']
    assert fake_api.calls == []
    assert os.listdir(tmp_path) == []
