# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""cdn_log_export: the v1 day file and the v2 window (JSON Lines or CSV) written atomically, idempotence, check mode,
the pull zone by name, failures, and input refused before any request."""

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
from ansible.module_utils import basic

from ansible_collections.edge.platform.plugins.module_utils._cdn_logs import V2_FIELDS
from ansible_collections.edge.platform.plugins.modules import cdn_log_export
from ansible_collections.edge.platform.tests.unit.helpers import API_KEY, API_URL, FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_cdn_log_info import (
    ARGS,
    add_rows,
    day_file,
    v1_path,
    v1_served,
    v2_served,
    yesterday,
)

# A fixed window within the retention: 30 to 6 hours back, to the second.
NOW = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
START = (NOW - datetime.timedelta(hours=30)).strftime('%Y-%m-%dT%H:%M:%SZ')
END = (NOW - datetime.timedelta(hours=6)).strftime('%Y-%m-%dT%H:%M:%SZ')
START_MS = int((NOW - datetime.timedelta(hours=30)).timestamp() * 1000)


def v1_args(path: str, **extra: t.Any) -> dict[str, t.Any]:
    return dict(ARGS, api_version=1, date=yesterday().isoformat(), dest=path, **extra)


def v2_args(path: str, **extra: t.Any) -> dict[str, t.Any]:
    return dict(ARGS, start=START, end=END, dest=path, **extra)


def mode_of(path: t.Any) -> int:
    return os.stat(path).st_mode & 0o777


# ---- v1: the day file ------------------------------------------------------------------------------------------------


def test_v1_day_file_is_written_then_unchanged(emulator, run_module, tmp_path):
    content = v1_served(emulator, yesterday())
    path = str(tmp_path / 'day.log')

    first = run_module(cdn_log_export.main, v1_args(path), diff=True)
    assert not first.failed, first.result
    assert first.result['changed'] is True
    with open(path, 'rb') as handle:
        assert handle.read() == content
    rows = content.count(b'\n')
    assert rows > 1000  # a day of requests
    expected = {'dest': path, 'size': len(content), 'rows': rows, 'checksum': hashlib.sha256(content).hexdigest()}
    assert {key: first.result[key] for key in expected} == expected
    assert first.result['has_more'] is False and first.result['date'] == yesterday().isoformat()
    assert first.result['pullzone_id'] == 1001
    assert first.result['diff']['before'] == {}
    assert first.result['diff']['after']['checksum'] == expected['checksum']
    assert mode_of(path) == 0o600  # the default mode
    assert os.listdir(tmp_path) == ['day.log']  # no temporary file left
    assert [(call.service, call.path, call.params, call.status) for call in emulator.sent] == [
        ('logging', f"/{yesterday().strftime('%m-%d-%y')}/1001.log", {}, 200)
    ]

    stamp = os.stat(path).st_mtime_ns
    second = run_module(cdn_log_export.main, v1_args(path), diff=True)
    assert second.result['changed'] is False
    assert second.result['diff']['before'] == second.result['diff']['after']
    assert os.stat(path).st_mtime_ns == stamp


def test_check_mode_predicts_and_writes_nothing(emulator, run_module, tmp_path):
    content = v1_served(emulator, yesterday())
    path = str(tmp_path / 'day.log')

    new = run_module(cdn_log_export.main, v1_args(path), check_mode=True)
    assert new.result['changed'] is True
    assert new.result['checksum'] == hashlib.sha256(content).hexdigest()
    assert new.result['rows'] == content.count(b'\n')
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
    assert emulator.writes == [] and len(emulator.sent) == 4


def test_v1_replaces_other_content_and_honours_the_limit(emulator, run_module, tmp_path):
    kept = v1_served(emulator, yesterday(), status='2xx', order='desc', end=5)
    assert kept.count(b'\n') == 5
    path = tmp_path / 'day.log'
    path.write_bytes(b'something else\n')
    os.chmod(path, 0o644)
    outcome = run_module(cdn_log_export.main, v1_args(str(path), limit=5, status=['2xx'], order='desc'))
    assert outcome.result['changed'] is True
    assert path.read_bytes() == kept
    assert outcome.result['rows'] == 5 and outcome.result['size'] == len(kept) and outcome.result['has_more'] is True
    assert emulator.sent[0].params == {'status': '2xx', 'order': 'desc', 'end': '6'}
    assert mode_of(path) == 0o600


def test_a_stream_that_breaks_off_is_read_again(fake_api, run_module, tmp_path):
    # A hand-made answer: the emulator in process always delivers a body whole, never cut off half-way.
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


def test_a_refusal_fails_and_leaves_the_file_alone(emulator, run_module, tmp_path):
    path = tmp_path / 'day.log'
    path.write_bytes(b'kept\n')
    outcome = run_module(cdn_log_export.main, v1_args(str(path), pullzone_id=1002))  # logging is off
    assert outcome.failed and outcome.result['failure']['error_key'] == 'logging_disabled'
    assert outcome.result['msg'] == (
        f'read the CDN log file of pull zone 1002 for {yesterday().isoformat()} failed: '
        'HTTP 404 logging_disabled: Logging is not enabled for pull zone 1002.'
    )
    assert [call.status for call in emulator.sent] == [404]  # a 4xx is not retried
    assert path.read_bytes() == b'kept\n'
    assert os.listdir(tmp_path) == ['day.log']


def test_a_dest_that_cannot_be_written_is_refused_before_the_download(emulator, run_module, tmp_path, monkeypatch):
    from ansible_collections.edge.platform.plugins.module_utils import _files as files

    def refuse(*args: t.Any, **kwargs: t.Any) -> t.NoReturn:
        raise PermissionError(13, 'Permission denied')

    monkeypatch.setattr(files.tempfile, 'mkstemp', refuse)  # what a read-only mount answers, even to root
    outcome = run_module(cdn_log_export.main, v1_args(str(tmp_path / 'day.log')))
    assert outcome.failed
    assert outcome.result['msg'] == f'the directory of dest ({tmp_path}) is not writable: Permission denied'
    assert emulator.sent == []
    assert os.listdir(tmp_path) == []


def test_a_write_that_fails_after_the_check_is_a_clear_failure(emulator, run_module, tmp_path, monkeypatch):
    from ansible_collections.edge.platform.plugins.module_utils import _files as files

    real_mkstemp = files.tempfile.mkstemp
    calls: list[str] = []

    def probe_then_refuse(*args: t.Any, **kwargs: t.Any) -> tuple[int, str]:
        calls.append(kwargs.get('suffix', ''))
        if len(calls) > 1:  # the directory was writable when checked, then stops being so (full, remounted)
            raise PermissionError(13, 'Permission denied')
        return real_mkstemp(*args, **kwargs)

    monkeypatch.setattr(files.tempfile, 'mkstemp', probe_then_refuse)
    outcome = run_module(cdn_log_export.main, v1_args(str(tmp_path / 'day.log')))
    assert outcome.failed
    assert outcome.result['msg'] == f"write {tmp_path / 'day.log'} failed: [Errno 13] Permission denied"
    assert calls[0] == '.probe' and len(calls) == 2
    assert os.listdir(tmp_path) == []


# ---- file attributes: checked before any request, set before dest is replaced --------------------------------------

BAD_ATTRIBUTES = [
    ({'mode': '0999'}, "mode '0999' is not a file mode: give octal digits such as '0640' or a symbolic mode"),
    ({'mode': 'u+q'}, "mode 'u+q' is not a file mode"),
    ({'mode': 0o1000000}, 'is not a file mode'),
    ({'owner': 'no-such-user-of-edge'}, "owner 'no-such-user-of-edge' is not a user of this host"),
    ({'group': 'no-such-group-of-edge'}, "group 'no-such-group-of-edge' is not a group of this host"),
]


@pytest.mark.parametrize('check_mode', [False, True])
@pytest.mark.parametrize('attributes, message', BAD_ATTRIBUTES)
def test_file_attributes_that_cannot_be_set_are_refused_before_any_request(
    emulator, run_module, tmp_path, attributes, message, check_mode
):
    outcome = run_module(cdn_log_export.main, v1_args(str(tmp_path / 'day.log'), **attributes), check_mode=check_mode)
    assert outcome.failed
    assert message in outcome.result['msg']
    assert outcome.result['changed'] is False
    assert emulator.sent == []
    assert os.listdir(tmp_path) == []


def test_a_new_file_is_never_readable_by_others_while_it_is_written(emulator, run_module, tmp_path, monkeypatch):
    path = str(tmp_path / 'day.log')
    modes: list[int] = []
    real_chmod = os.chmod

    def chmod(target: t.Any, mode: int, *args: t.Any, **kwargs: t.Any) -> None:
        if os.fsdecode(target) == path:
            modes.append(mode)
        real_chmod(target, mode, *args, **kwargs)

    monkeypatch.setattr(os, 'chmod', chmod)
    previous = os.umask(0o022)
    try:
        outcome = run_module(cdn_log_export.main, v1_args(path))
    finally:
        os.umask(previous)
    assert not outcome.failed, outcome.result
    assert modes and all(mode & 0o077 == 0 for mode in modes), [oct(mode) for mode in modes]
    assert mode_of(path) == 0o600


def test_attributes_that_cannot_be_set_leave_dest_as_it_was(emulator, run_module, tmp_path, monkeypatch):
    path = tmp_path / 'day.log'
    path.write_bytes(b'kept\n')
    os.chmod(path, 0o600)

    def refuse(*args: t.Any, **kwargs: t.Any) -> t.NoReturn:
        raise PermissionError(1, 'Operation not permitted')

    monkeypatch.setattr(os, 'lchown', refuse)  # a chown that only root may do
    monkeypatch.setattr(os, 'chown', refuse)
    outcome = run_module(cdn_log_export.main, v1_args(str(path), owner=str(os.getuid() + 1)))
    assert outcome.failed
    assert outcome.result['changed'] is False
    assert path.read_bytes() == b'kept\n'
    assert os.listdir(tmp_path) == ['day.log']  # no temporary file left


def test_a_failure_after_the_file_is_written_reports_the_change(emulator, run_module, tmp_path, monkeypatch):
    path = str(tmp_path / 'day.log')
    real = basic.AnsibleModule.set_fs_attributes_if_different

    def fail_on_dest(self: t.Any, file_args: dict[str, t.Any], changed: bool, *args: t.Any, **kwargs: t.Any) -> bool:
        if file_args['path'] == path:  # the temporary file took them, dest then refuses (a file system that changed)
            self.fail_json(msg=f'chmod failed on {path}')
        return t.cast(bool, real(self, file_args, changed, *args, **kwargs))

    monkeypatch.setattr(basic.AnsibleModule, 'set_fs_attributes_if_different', fail_on_dest)
    outcome = run_module(cdn_log_export.main, v1_args(path))
    assert outcome.failed and outcome.result['msg'] == f'chmod failed on {path}'
    assert outcome.result['changed'] is True  # dest holds the new export
    with open(path, 'rb') as handle:
        assert handle.read() == v1_served(emulator, yesterday())


def test_an_interrupted_export_leaves_no_temporary_file(emulator, run_module, tmp_path, monkeypatch):
    from ansible_collections.edge.platform.plugins.module_utils import _cdn_log_query

    path = tmp_path / 'day.log'
    path.write_bytes(b'kept\n')

    def interrupted(self: t.Any, sink: t.BinaryIO | None) -> t.NoReturn:
        assert sink is not None
        sink.write(b'half a file')
        raise KeyboardInterrupt  # Ctrl-C in the middle of the stream

    monkeypatch.setattr(_cdn_log_query.LogReader, 'write_v1', interrupted)
    with pytest.raises(KeyboardInterrupt):
        run_module(cdn_log_export.main, v1_args(str(path)))
    assert os.listdir(tmp_path) == ['day.log']
    assert path.read_bytes() == b'kept\n'


# ---- v2: JSON Lines and CSV ------------------------------------------------------------------------------------------


def test_v2_json_lines_page_through_the_window_oldest_first(emulator, run_module, tmp_path):
    # More rows than the largest page (10000), one every five seconds of the window, told apart by their path.
    wanted = [{'timestamp': START_MS + 1000 + 5000 * n, 'path': f'/paged/{n}'} for n in range(10005)]
    rows = add_rows(emulator, wanted[:5000]) + add_rows(emulator, wanted[5000:])
    path = tmp_path / 'rows.jsonl'
    outcome = run_module(cdn_log_export.main, v2_args(str(path), status=['2xx'], url_contains='/paged/'))
    assert not outcome.failed, outcome.result
    assert [json.loads(text) for text in path.read_text().splitlines()] == rows
    assert outcome.result['rows'] == 10005 and outcome.result['format'] == 'jsonl'
    assert outcome.result['window'] == {'start': START, 'end': END}
    assert (emulator.sent[0].params['from'], emulator.sent[0].params['to']) == (START, END)
    assert [(call.params['offset'], call.params['limit']) for call in emulator.sent] == [
        ('0', '10000'),
        ('10000', '10000'),
    ]
    assert {call.params['order'] for call in emulator.sent} == {'asc'}
    assert {(call.params['status'], call.params['urlContains']) for call in emulator.sent} == {('2xx', '/paged/')}
    assert outcome.result['checksum'] == hashlib.sha256(path.read_bytes()).hexdigest()
    assert outcome.result['has_more'] is False


def test_v2_csv_has_a_header_and_the_fields_of_the_rows(emulator, run_module, tmp_path):
    newer, older = add_rows(
        emulator,
        [
            {'timestamp': START_MS + 7200 * 1000, 'path': '/csv-case/1', 'originShield': False},
            {
                'timestamp': START_MS + 3600 * 1000,
                'path': '/csv-case/2',
                'cacheStatus': 'MISS',
                'userAgent': 'odd, "quoted"\nagent',
                'originShield': True,
            },
        ],
    )
    path = tmp_path / 'rows.csv'
    outcome = run_module(
        cdn_log_export.main,
        v2_args(str(path), format='csv', order='desc', url_contains='/csv-case/', include_origin_shield=True),
    )
    records = list(csv.reader(io.StringIO(path.read_text())))
    assert records[0] == list(V2_FIELDS) + ['originShield']
    assert [record[records[0].index('requestId')] for record in records[1:]] == [
        newer['requestId'],
        older['requestId'],
    ]
    assert records[2][records[0].index('userAgent')] == 'odd, "quoted"\nagent'
    assert [record[-1] for record in records[1:]] == ['false', 'true']
    assert outcome.result['rows'] == 2 and outcome.result['format'] == 'csv'
    assert emulator.sent[0].params['order'] == 'desc' and emulator.sent[0].params['includeOriginShield'] == 'true'


def test_v2_csv_of_no_rows_is_the_header_alone(emulator, run_module, tmp_path):
    path = tmp_path / 'rows.csv'
    outcome = run_module(cdn_log_export.main, v2_args(str(path), format='csv', url_contains='/nothing-has-this/'))
    assert path.read_text().count('\n') == 1 and path.read_text().startswith('timestamp,pullZoneId,')
    assert outcome.result['rows'] == 0 and outcome.result['changed'] is True
    assert [call.status for call in emulator.sent] == [200]


def test_v2_limit_caps_the_rows(emulator, run_module, tmp_path):
    path = tmp_path / 'rows.jsonl'
    outcome = run_module(cdn_log_export.main, v2_args(str(path), limit=12))
    assert outcome.result['rows'] == 12 and outcome.result['has_more'] is True
    [call] = emulator.sent
    assert call.params['limit'] == '12'
    assert [json.loads(text) for text in path.read_text().splitlines()] == v2_served(emulator, **call.params)['data']


def test_pullzone_name_is_found_through_the_management_api(emulator, run_module, tmp_path):
    args = {key: value for key, value in v2_args(str(tmp_path / 'rows.jsonl')).items() if key != 'pullzone_id'}
    outcome = run_module(cdn_log_export.main, dict(args, pullzone_name='assets-000', api_url=API_URL))
    assert not outcome.failed, outcome.result
    assert outcome.result['pullzone_id'] == 1001
    assert [(call.service, call.path, call.status) for call in emulator.sent] == [
        ('api', '/pullzone', 200),
        ('logging', '/v2/pullzones/1001/logs', 200),
    ]
    assert emulator.sent[0].params['search'] == 'assets-000'
    assert emulator.sent[0].headers['AccessKey'] == API_KEY


def test_an_unknown_pullzone_name_is_a_clear_failure(emulator, run_module, tmp_path):
    args = {key: value for key, value in v2_args(str(tmp_path / 'rows.jsonl')).items() if key != 'pullzone_id'}
    outcome = run_module(cdn_log_export.main, dict(args, pullzone_name='nothing', api_url=API_URL))
    assert (
        outcome.failed and outcome.result['msg'] == 'find pull zone "nothing" failed: no pull zone is named "nothing"'
    )
    assert [(call.service, call.path) for call in emulator.sent] == [('api', '/pullzone')]
    assert os.listdir(tmp_path) == []
