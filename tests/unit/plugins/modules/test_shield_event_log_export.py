# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""shield_event_log_export: window and filters checked before any request, atomic write, idempotence, check mode,
retries."""

from __future__ import annotations

import csv
import datetime
import hashlib
import io
import os
import pathlib
import stat
import typing as t

import pytest
import requests

from ansible_collections.edge.platform.plugins.module_utils._files import CsvMeasure
from ansible_collections.edge.platform.plugins.module_utils._shield_events import check_filters, export_window
from ansible_collections.edge.platform.plugins.modules import shield_event_log_export
from ansible_collections.edge.platform.tests.emulator.areas import shield_events as shield_events_area
from ansible_collections.edge.platform.tests.unit.helpers import (
    API_KEY,
    API_URL,
    COMMON_ARGS,
    Emulator,
    FakeApi,
    FakeResponse,
)

ZONE = 3001  # the emulator's busiest Shield zone (40 events an hour)
EXPORT = rf'^/shield/event-logs/{ZONE}/export$'
HEADER = 'logId,timestamp,action,ruleId,ip,ua\r\n'
CSV = (
    HEADER
    + 'a1,1795219200001,block,942100,192.0.2.10,"Mozilla/5.0 (KHTML, like Gecko)"\r\n'
    + 'a2,1795219200002,log,941100,198.51.100.40,"quoted ""name"", with\r\na line break"\r\n'
    + 'a3,1795219200003,challenge,RL-1001,2001:db8:1::7,curl/8.4.0\r\n'
).encode()
NOW = datetime.datetime.now(datetime.timezone.utc)


def iso(moment: datetime.datetime) -> str:
    return moment.strftime('%Y-%m-%dT%H:%M:%SZ')


START = iso(NOW - datetime.timedelta(hours=30))
END = iso(NOW - datetime.timedelta(hours=6))


def epoch_ms(text: str) -> int:
    moment = datetime.datetime.strptime(text, '%Y-%m-%dT%H:%M:%SZ').replace(tzinfo=datetime.timezone.utc)
    return int(moment.timestamp() * 1000)


# The export body of the window START to END, as the module sends it without a query or filters.
BODY = {'from': epoch_ms(START), 'to': epoch_ms(END)}


def csv_answer(content: bytes = CSV) -> FakeResponse:
    return FakeResponse(200, headers={'Content-Type': 'text/csv; charset=utf-8'}, content=content)


class BrokenResponse(FakeResponse):
    """A CSV whose body breaks off after the first chunk."""

    def iter_content(self, chunk_size: int = 65536) -> t.Iterator[bytes]:
        yield self.content[:20]
        raise requests.exceptions.ChunkedEncodingError('Connection broken: IncompleteRead')


def run(
    run_module: t.Callable[..., t.Any], dest: pathlib.Path, check_mode: bool = False, diff: bool = False, **args: t.Any
) -> t.Any:
    wanted = dict(COMMON_ARGS, shield_zone_id=ZONE, dest=str(dest), start=START, end=END)
    wanted.update(args)
    return run_module(
        shield_event_log_export.main,
        {key: value for key, value in wanted.items() if value is not None},
        check_mode=check_mode,
        diff=diff,
    )


def sha(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


def leftovers(directory: pathlib.Path) -> list[str]:
    return sorted(path.name for path in directory.iterdir() if path.name.endswith('.tmp'))


def records(content: bytes) -> list[list[str]]:
    """The CSV records under the header."""
    return list(csv.reader(io.StringIO(content.decode('utf-8'), newline='')))[1:]


def served(emulator: Emulator, body: dict[str, t.Any] | None = None, zone: int = ZONE) -> bytes:
    """The CSV the emulator exports for ``body`` (the window's by default); a set-up, not recorded."""
    response = emulator.session().post(
        f'{API_URL}/shield/event-logs/{zone}/export',
        json=BODY if body is None else body,
        headers={'AccessKey': API_KEY, 'Accept': 'text/csv'},
    )
    assert response.status_code == 200, response.text
    emulator.forget_requests()
    return response.content


def add_events(emulator: Emulator, *events: dict[str, t.Any], zone: int = ZONE) -> list[dict[str, t.Any]]:
    """Live traffic (the admin endpoint POST /traffic): entries added to a zone's event logs, as stored."""
    response = emulator.admin.post('/traffic', json={'shield_zone_id': zone, 'events': list(events)})
    assert response.status_code == 201, response.text
    return t.cast(list[dict[str, t.Any]], response.json()['events'])


# ---- input ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    'args, message',
    [
        ({'start': iso(NOW - datetime.timedelta(hours=73))}, 'lies more than 72 hours back'),
        ({'start': '-73h', 'end': 'now'}, 'lies more than 72 hours back'),
        ({'start': END, 'end': START}, 'must be after start'),
        ({'start': START, 'end': START}, 'must be after start'),
        ({'end': '+1h'}, 'lies in the future'),
        ({'start': 'yesterday'}, 'start must be ISO 8601'),
        ({'start': '1795219200'}, 'looks like epoch seconds'),
        (
            {'filters': [{'field': 'country', 'op': 'cidr', 'value': ['DE']}]},
            'filters[0]: op cidr applies to field ip only, not country',
        ),
        (
            {'filters': [{'field': 'ip', 'op': 'cidr', 'value': ['192.0.2.0/33']}]},
            "filters[0].value '192.0.2.0/33' is not an IPv4 or IPv6 network",
        ),
        ({'filters': [{'field': 'ip', 'op': 'eq', 'value': []}]}, 'filters[0].value must hold at least one value'),
        (
            {'filters': [{'field': 'ua', 'op': 'contains', 'value': ['curl', ' ']}]},
            'filters[0].value must not hold empty strings',
        ),
        (
            {'filters': [{'field': 'ua', 'op': 'contains', 'value': [{'a': 1}]}]},
            'filters[0].value must be a string or a list of strings',
        ),
        (
            {'filters': [{'field': 'host', 'op': 'eq', 'value': 'x'}]},
            'value of field must be one of: feature, ruleId, ip',
        ),
        (
            {'filters': [{'field': 'ip', 'op': 'regex', 'value': 'x'}]},
            'value of op must be one of: eq, in, contains, cidr, wildcard',
        ),
        ({'filters': [{'field': 'ip', 'value': 'x'}]}, 'missing required arguments: op'),
        ({'shield_zone_id': -1}, 'shield_zone_id must be a positive integer, got -1'),
    ],
)
def test_bad_input_is_refused_before_any_request(
    emulator: Emulator,
    run_module: t.Callable[..., t.Any],
    tmp_path: pathlib.Path,
    args: dict[str, t.Any],
    message: str,
) -> None:
    result = run(run_module, tmp_path / 'events.csv', **args)
    assert result.failed
    assert message in result.result['msg']
    assert emulator.sent == []
    assert list(tmp_path.iterdir()) == []


def test_dest_that_cannot_be_written_is_refused_before_any_request(
    emulator: Emulator,
    run_module: t.Callable[..., t.Any],
    tmp_path: pathlib.Path,
) -> None:
    directory = run(run_module, tmp_path)
    assert directory.failed and 'is a directory' in directory.result['msg']
    missing = run(run_module, tmp_path / 'nowhere' / 'events.csv')
    assert missing.failed and 'does not exist' in missing.result['msg']
    assert emulator.sent == []


@pytest.mark.parametrize('check_mode', [False, True])
@pytest.mark.parametrize(
    'attributes, message',
    [
        ({'mode': '0999'}, "mode '0999' is not a file mode"),
        ({'mode': 'u+q'}, "mode 'u+q' is not a file mode"),
        ({'owner': 'no-such-user-of-edge'}, "owner 'no-such-user-of-edge' is not a user of this host"),
        ({'group': 'no-such-group-of-edge'}, "group 'no-such-group-of-edge' is not a group of this host"),
    ],
)
def test_file_attributes_that_cannot_be_set_are_refused_before_any_request(
    emulator: Emulator,
    run_module: t.Callable[..., t.Any],
    tmp_path: pathlib.Path,
    attributes: dict[str, t.Any],
    message: str,
    check_mode: bool,
) -> None:
    result = run(run_module, tmp_path / 'events.csv', check_mode=check_mode, **attributes)
    assert result.failed
    assert message in result.result['msg']
    assert result.result['changed'] is False
    assert emulator.sent == []
    assert list(tmp_path.iterdir()) == []


def test_window_forms() -> None:
    now = datetime.datetime(2026, 11, 22, 12, tzinfo=datetime.timezone.utc)
    begin, finish = export_window('-72h', 'now', now)
    assert (begin, finish) == (now - datetime.timedelta(hours=72), now)
    begin, finish = export_window('1795219200000', '2026-11-21T12:00:00+01:00', now)
    assert begin == datetime.datetime.fromtimestamp(1795219200, datetime.timezone.utc)
    assert finish == datetime.datetime(2026, 11, 21, 11, tzinfo=datetime.timezone.utc)


def test_filters_become_lists_of_strings() -> None:
    assert check_filters(
        [
            {'field': 'asn', 'op': 'eq', 'value': 15169},
            {'field': 'ua', 'op': 'contains', 'value': 'Mozilla/5.0 (KHTML, like Gecko)'},
            {'field': 'ip', 'op': 'cidr', 'value': ['192.0.2.0/24', '2001:db8::/32']},
        ]
    ) == [
        {'field': 'asn', 'op': 'eq', 'value': ['15169']},
        {'field': 'ua', 'op': 'contains', 'value': ['Mozilla/5.0 (KHTML, like Gecko)']},
        {'field': 'ip', 'op': 'cidr', 'value': ['192.0.2.0/24', '2001:db8::/32']},
    ]


# ---- CSV measurement --------------------------------------------------------------------------------------


@pytest.mark.parametrize('size', [1, 2, 3, 7, 64, 10**6])
def test_records_are_counted_across_chunks_and_quoted_line_breaks(size: int) -> None:
    measure = CsvMeasure()
    for start in range(0, len(CSV), size):
        measure.feed(CSV[start : start + size])
    assert measure.result() == {'checksum': sha(CSV), 'size': len(CSV), 'rows': 3}


@pytest.mark.parametrize(
    'content, rows',
    [
        (b'', 0),
        (HEADER.encode(), 0),
        (HEADER.encode().rstrip(), 0),
        (b'h\na\nb', 2),
        (b'h\n\na\n\n\nb\n', 2),
        (b'h\r\n"x\r\n\r\ny"\r\n', 1),
    ],
)
def test_rows_are_the_records_under_the_header(content: bytes, rows: int) -> None:
    measure = CsvMeasure()
    measure.feed(content)
    assert measure.rows == rows


# ---- the export ---------------------------------------------------------------------------------------------


def test_export_writes_the_file(emulator: Emulator, run_module: t.Callable[..., t.Any], tmp_path: pathlib.Path) -> None:
    # An event whose user agent needs quoting: a comma, quotes and a line break inside one CSV record.
    agent = 'sqlmap/1.7 "quoted", with\r\na line break'
    (added,) = add_events(
        emulator,
        {'timestamp': BODY['from'] + 3600 * 1000, 'log': {'ip': '192.0.2.10', 'ua': agent, 'action': 'block'}},
    )
    filters = [
        {'field': 'action', 'op': 'eq', 'value': ['block']},
        {'field': 'ip', 'op': 'cidr', 'value': ['192.0.2.0/24']},
    ]
    expected = served(emulator, dict(BODY, query='sqlmap', filters=filters))
    dest = tmp_path / 'events.csv'
    result = run(
        run_module,
        dest,
        mode='0640',
        query='sqlmap',
        filters=[
            {'field': 'action', 'op': 'eq', 'value': 'block'},
            {'field': 'ip', 'op': 'cidr', 'value': ['192.0.2.0/24']},
        ],
    )
    assert not result.failed, result.result
    assert result.result['changed'] is True
    assert dest.read_bytes() == expected
    rows = records(expected)
    assert [row[0] for row in rows].count(added['logId']) == 1
    assert agent in [row[-3] for row in rows]  # the quoted record read back whole
    assert all(row[3] == 'block' and row[9].startswith('192.0.2.') for row in rows)
    assert stat.S_IMODE(dest.stat().st_mode) == 0o640
    assert {key: result.result[key] for key in ('dest', 'size', 'rows', 'checksum')} == {
        'dest': str(dest),
        'size': len(expected),
        'rows': len(rows),
        'checksum': sha(expected),
    }
    assert leftovers(tmp_path) == []

    (call,) = emulator.sent
    assert (call.method, call.path, call.status) == ('POST', f'/shield/event-logs/{ZONE}/export', 200)
    assert call.json == {
        'from': result.result['window']['from'],
        'to': result.result['window']['to'],
        'query': 'sqlmap',
        'filters': filters,
    }
    assert result.result['window'] == {'start': START, 'end': END, 'from': BODY['from'], 'to': BODY['to']}
    assert call.headers['Accept'].startswith('text/csv')
    assert call.headers['AccessKey'] == COMMON_ARGS['api_key']


def test_defaults_export_the_last_24_hours(
    emulator: Emulator, run_module: t.Callable[..., t.Any], tmp_path: pathlib.Path
) -> None:
    dest = tmp_path / 'events.csv'
    result = run(run_module, dest, start=None, end=None, query='')
    assert not result.failed, result.result
    window = result.result['window']
    assert window['to'] - window['from'] == 24 * 3600 * 1000
    assert abs(window['to'] - datetime.datetime.now(datetime.timezone.utc).timestamp() * 1000) < 60 * 1000
    assert emulator.sent[0].json == {'from': window['from'], 'to': window['to']}
    assert result.result['rows'] == len(records(dest.read_bytes())) > 0


def test_same_content_is_unchanged_and_left_alone(
    emulator: Emulator, run_module: t.Callable[..., t.Any], tmp_path: pathlib.Path
) -> None:
    content = served(emulator)
    dest = tmp_path / 'events.csv'
    dest.write_bytes(content)
    os.chmod(dest, 0o600)  # the default mode
    before = dest.stat()
    result = run(run_module, dest, diff=True)
    assert not result.failed, result.result
    assert result.result['changed'] is False
    assert dest.stat().st_ino == before.st_ino and dest.stat().st_mtime_ns == before.st_mtime_ns
    assert (
        result.result['diff']['before']
        == result.result['diff']['after']
        == {'checksum': sha(content), 'size': len(content), 'rows': len(records(content))}
    )
    assert leftovers(tmp_path) == []
    assert len(emulator.sent) == 1


def test_the_file_is_private_unless_a_mode_is_given(
    emulator: Emulator, run_module: t.Callable[..., t.Any], tmp_path: pathlib.Path
) -> None:
    created = tmp_path / 'new.csv'
    assert run(run_module, created).result['changed'] is True
    assert stat.S_IMODE(created.stat().st_mode) == 0o600
    shared = tmp_path / 'shared.csv'
    run(run_module, shared, mode='0640')
    assert stat.S_IMODE(shared.stat().st_mode) == 0o640
    assert shared.read_bytes() == created.read_bytes() == served(emulator)
    os.chmod(created, 0o644)  # written before, by an older version or by hand
    assert run(run_module, created).result['changed'] is True
    assert stat.S_IMODE(created.stat().st_mode) == 0o600


def test_only_a_mode_change_is_a_change(
    emulator: Emulator, run_module: t.Callable[..., t.Any], tmp_path: pathlib.Path
) -> None:
    content = served(emulator)
    dest = tmp_path / 'events.csv'
    dest.write_bytes(content)
    os.chmod(dest, 0o644)
    checked = run(run_module, dest, check_mode=True, mode='0600')
    assert checked.result['changed'] is True and stat.S_IMODE(dest.stat().st_mode) == 0o644
    result = run(run_module, dest, mode='0600')
    assert result.result['changed'] is True and stat.S_IMODE(dest.stat().st_mode) == 0o600
    assert dest.read_bytes() == content
    again = run(run_module, dest, mode='0600')
    assert again.result['changed'] is False
    assert len(emulator.sent) == 3


def test_a_new_file_is_only_for_its_owner_unless_mode_says_otherwise(
    emulator: Emulator, run_module: t.Callable[..., t.Any], tmp_path: pathlib.Path
) -> None:
    dest = tmp_path / 'events.csv'
    assert run(run_module, dest).result['changed'] is True
    assert stat.S_IMODE(dest.stat().st_mode) == 0o600
    dest.chmod(0o644)
    assert run(run_module, dest).result['changed'] is True  # an existing file is set to the default too
    assert stat.S_IMODE(dest.stat().st_mode) == 0o600


def test_other_content_replaces_the_file_atomically(
    emulator: Emulator, run_module: t.Callable[..., t.Any], tmp_path: pathlib.Path
) -> None:
    content = served(emulator)
    dest = tmp_path / 'events.csv'
    dest.write_bytes(HEADER.encode())
    os.chmod(dest, 0o600)
    inode = dest.stat().st_ino
    result = run(run_module, dest, diff=True)
    assert result.result['changed'] is True
    assert dest.read_bytes() == content
    assert dest.stat().st_ino != inode  # a new file moved over the old one, not rewritten in place
    assert stat.S_IMODE(dest.stat().st_mode) == 0o600  # the existing file's mode is kept
    assert result.result['diff']['before'] == {'checksum': sha(HEADER.encode()), 'size': len(HEADER), 'rows': 0}
    assert result.result['diff']['after'] == {
        'checksum': sha(content),
        'size': len(content),
        'rows': len(records(content)),
    }
    assert leftovers(tmp_path) == []


def test_check_mode_predicts_and_writes_nothing(
    emulator: Emulator, run_module: t.Callable[..., t.Any], tmp_path: pathlib.Path
) -> None:
    dest = tmp_path / 'events.csv'
    checked = run(run_module, dest, check_mode=True)
    assert checked.result['changed'] is True
    assert list(tmp_path.iterdir()) == []
    assert len(emulator.sent) == 1  # the export only reads, so check mode runs it

    real = run(run_module, dest)
    assert {key: real.result[key] for key in ('changed', 'size', 'rows', 'checksum', 'dest')} == {
        key: checked.result[key] for key in ('changed', 'size', 'rows', 'checksum', 'dest')
    }
    written = dest.read_bytes()

    same = run(run_module, dest, check_mode=True)
    assert same.result['changed'] is False
    add_events(emulator, {'timestamp': BODY['from'] + 60 * 1000})  # a new event in the window
    differs = run(run_module, dest, check_mode=True)
    assert differs.result['changed'] is True and differs.result['rows'] == real.result['rows'] + 1
    assert dest.read_bytes() == written and leftovers(tmp_path) == []
    assert {(call.method, call.path) for call in emulator.sent} == {('POST', f'/shield/event-logs/{ZONE}/export')}


def test_a_5xx_is_retried(emulator: Emulator, run_module: t.Callable[..., t.Any], tmp_path: pathlib.Path) -> None:
    content = served(emulator)
    emulator.add_fault(method='POST', path=EXPORT, status=502)
    dest = tmp_path / 'events.csv'
    result = run(run_module, dest)
    assert not result.failed
    assert [call.status for call in emulator.sent] == [502, 200]
    assert emulator.sent[0].json == emulator.sent[1].json == BODY
    assert dest.read_bytes() == content


def test_a_body_that_breaks_off_is_fetched_again(
    fake_api: FakeApi, run_module: t.Callable[..., t.Any], tmp_path: pathlib.Path
) -> None:
    # A hand-made answer: the emulator in process always delivers a body whole, never cut off half-way.
    broken = BrokenResponse(200, headers={'Content-Type': 'text/csv'}, content=CSV)
    fake_api.add('POST', EXPORT, broken, csv_answer())
    dest = tmp_path / 'events.csv'
    result = run(run_module, dest)
    assert not result.failed
    assert len(fake_api.calls) == 2
    assert dest.read_bytes() == CSV and result.result['checksum'] == sha(CSV)

    fake_api.add('POST', EXPORT, broken)
    dest.unlink()
    failed = run(run_module, dest)
    assert failed.failed
    assert 'the CSV broke off after 20 bytes' in failed.result['msg']
    assert not dest.exists() and leftovers(tmp_path) == []


def test_a_refusal_fails_and_leaves_the_file(
    emulator: Emulator, run_module: t.Callable[..., t.Any], tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The API's clock runs five minutes ahead: a window the module takes as the last 72 hours starts too early for it.
    ahead = shield_events_area.now_ms
    monkeypatch.setattr(shield_events_area, 'now_ms', lambda: ahead() + 5 * 60 * 1000)
    dest = tmp_path / 'events.csv'
    dest.write_bytes(b'old')
    result = run(run_module, dest, start='-72h')
    assert result.failed
    message = result.result['msg']
    assert message.startswith(f'export the shield event logs of shield zone {ZONE} from ')
    assert message.endswith(
        f' to {END} failed: HTTP 400 invalid_datetime_window.event_logs: '
        'The export window must lie within the last 72 hours.'
    )
    assert result.result['failure'] == {
        'status': 400,
        'error_key': 'invalid_datetime_window.event_logs',
        'message': 'The export window must lie within the last 72 hours.',
    }
    assert [call.status for call in emulator.sent] == [400]  # a 4xx is not retried
    assert dest.read_bytes() == b'old' and leftovers(tmp_path) == []


def test_unknown_shield_zone_and_pull_zone_without_one(
    emulator: Emulator, run_module: t.Callable[..., t.Any], tmp_path: pathlib.Path
) -> None:
    dest = tmp_path / 'events.csv'
    unknown = run(run_module, dest, shield_zone_id=999)
    assert unknown.failed
    assert unknown.result['failure'] == {
        'status': 404,
        'error_key': 'shield_zone.not_found',
        'message': 'Shield Zone 999 was not found.',
    }
    bare = run(run_module, dest, shield_zone_id=None, pullzone_id=1003)
    assert bare.failed and 'pull zone 1003 has no shield zone' in bare.result['msg']
    assert [(call.method, call.path, call.status) for call in emulator.sent] == [
        ('POST', '/shield/event-logs/999/export', 404),
        ('GET', '/shield/shield-zone/get-by-pullzone/1003', 404),
    ]
    assert list(tmp_path.iterdir()) == []


def test_epoch_milliseconds_as_numbers(
    emulator: Emulator, run_module: t.Callable[..., t.Any], tmp_path: pathlib.Path
) -> None:
    start_ms = int((NOW - datetime.timedelta(hours=2)).timestamp() * 1000)
    end_ms = start_ms + 3600 * 1000
    dest = tmp_path / 'events.csv'
    result = run(run_module, dest, start=start_ms, end=end_ms)
    assert not result.failed, result.result
    assert emulator.sent[0].json == {'from': start_ms, 'to': end_ms}
    assert dest.read_bytes() == served(emulator, {'from': start_ms, 'to': end_ms})  # set-up read: record cleared
    refused = run(run_module, tmp_path / 'events.csv', start=True)
    assert refused.failed and 'start must be ISO 8601' in refused.result['msg']
    assert emulator.sent == []
