# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's start contract and its faults on real connections, in this process (no process is started).

``server.run`` serves in the test's main thread, as ``python -m tests.emulator`` does (it handles SIGTERM there),
while the checks run in another thread against the addresses of the line it prints; SIGTERM to this process ends
it. The test suite checks the same contract on every emulator its sessions start (tests/sessions/emulator.py).
"""

from __future__ import annotations

import io
import json
import os
import pathlib
import shlex
import signal
import socket
import stat
import sys
import threading
import time
import typing as t

import pytest
import requests
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.emulator import __main__ as command
from ansible_collections.edge.platform.tests.emulator.core import TRANSPORTS, State
from ansible_collections.edge.platform.tests.emulator.env_file import remove_env_file, write_env_file
from ansible_collections.edge.platform.tests.emulator.server import run

Check = t.Callable[[dict[str, str]], None]


class ReadyLine(io.StringIO):
    """Stands in for stdout: keeps the emulator's line and tells the checks it came."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self.printed = threading.Event()

    def write(self, text: str) -> int:
        self.lines += [line for line in text.splitlines() if line.strip()]
        if self.lines:
            self.printed.set()
        return super().write(text)


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> t.Callable[..., dict[str, str]]:
    """serve(check, **options): the emulator (api key contract-key, scale 6, run's OPTIONS) serves until CHECK, given
    its line, has run in another thread and sent SIGTERM; returns the line. What CHECK raises is raised here."""

    def serve(check: Check, **options: t.Any) -> dict[str, str]:
        stdout = ReadyLine()
        monkeypatch.setattr(sys, 'stdout', stdout)
        failures: list[BaseException] = []

        def checks() -> None:
            if not stdout.printed.wait(30):  # run() failed in the test's thread, which says why
                return
            try:
                check(json.loads(stdout.lines[0]))
            except BaseException as failure:  # raised again in the test's own thread
                failures.append(failure)
            finally:
                os.kill(os.getpid(), signal.SIGTERM)  # handled by the emulator: it stops serving

        thread = threading.Thread(target=checks)
        thread.start()
        run(api_key='contract-key', scale=6, **options)  # returns once SIGTERM stopped every server
        thread.join()
        if failures:
            raise failures[0]
        return t.cast(dict[str, str], json.loads(stdout.lines[0]))

    return serve


def test_ready_line_and_sigterm(served: t.Callable[[Check], dict[str, str]]) -> None:
    line = served(lambda emulator: None)
    assert set(line) == {'api_url', 'video_api_url', 'logging_api_url', 'admin_url', 'api_key'}
    assert line['api_key'] == 'contract-key'
    urls = [line[key] for key in ('api_url', 'video_api_url', 'logging_api_url', 'admin_url')]
    assert all(url.startswith('http://127.0.0.1:') for url in urls)
    assert len(set(urls)) == 4


def test_seed_scale_and_auth(served: t.Callable[[Check], dict[str, str]]) -> None:
    def check(emulator: dict[str, str]) -> None:
        zones = requests.get(f"{emulator['api_url']}/pullzone", headers={'AccessKey': 'contract-key'}, timeout=10)
        assert len(zones.json()) == 6
        assert requests.get(f"{emulator['api_url']}/pullzone", timeout=10).status_code == 401

    served(check)


def test_dropped_connection_and_delay(served: t.Callable[[Check], dict[str, str]]) -> None:
    def check(emulator: dict[str, str]) -> None:
        admin, headers = emulator['admin_url'], {'AccessKey': 'contract-key'}
        requests.post(f'{admin}/faults', json={'path': '^/pullzone$', 'drop': True}, timeout=10).raise_for_status()
        with pytest.raises(requests.exceptions.ConnectionError):
            requests.get(f"{emulator['api_url']}/pullzone", headers=headers, timeout=10)
        requests.post(f'{admin}/faults', json={'path': '^/pullzone$', 'delay': 0.3}, timeout=10).raise_for_status()
        response = requests.get(f"{emulator['api_url']}/pullzone", headers=headers, timeout=10)
        assert response.status_code == 200
        assert response.elapsed.total_seconds() >= 0.3
        statuses = [r['status'] for r in requests.get(f'{admin}/requests', timeout=10).json()]
        assert statuses[-2:] == [0, 200]

    served(check)


def test_answers_go_out_at_once_on_a_kept_alive_connection(served: t.Callable[[Check], dict[str, str]]) -> None:
    """Every connection the emulator accepts has TCP_NODELAY, as a real service's: without it each answer after the
    first on a kept-alive connection waited for the client's delayed ACK (about 40 ms)."""

    def check(emulator: dict[str, str]) -> None:
        with requests.Session() as session:
            for _attempt in range(2):  # the second answer is the one that used to wait
                session.get(f"{emulator['api_url']}/pullzone/1001", headers={'AccessKey': 'contract-key'}, timeout=10)
            # The connections the emulator holds open: the session's kept-alive one among them.
            accepted = [transport.get_extra_info('socket') for transport in list(TRANSPORTS.values())]
            assert accepted
            assert [sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) for sock in accepted] == [1] * len(accepted)

    served(check)


def test_the_env_file_to_source_while_it_serves(
    served: t.Callable[..., dict[str, str]], tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--env-file (make emulator's .emulator.env): the EDGE_* variables of the line, as lines a shell sources, mode
    0600 (it holds the key) even over a file that was readable by others; removed when the emulator stops."""
    env_file = tmp_path / '.emulator.env'
    env_file.write_text('export EDGE_API_URL=http://127.0.0.1:1\n')
    env_file.chmod(0o644)

    def check(emulator: dict[str, str]) -> None:
        assert stat.S_IMODE(env_file.stat().st_mode) == 0o600
        exported = [shlex.split(line) for line in env_file.read_text().splitlines() if not line.startswith('#')]
        assert all(words[0] == 'export' and len(words) == 2 for words in exported)
        assert dict(words[1].split('=', 1) for words in exported) == {
            'EDGE_API_URL': emulator['api_url'],
            'EDGE_API_KEY': 'contract-key',
            'EDGE_VIDEO_API_URL': emulator['video_api_url'],
            'EDGE_LOGGING_API_URL': emulator['logging_api_url'],
            'EDGE_ADMIN_URL': emulator['admin_url'],
        }
        assert list(tmp_path.iterdir()) == [env_file]  # nothing left beside it

    served(check, env_file=env_file)
    assert f'source {env_file}' in capsys.readouterr().err
    assert not env_file.exists()


def test_the_env_file_of_another_emulator_is_kept(tmp_path: pathlib.Path) -> None:
    """An emulator that stops removes its env file only while it still holds its own variables (another emulator
    started since may have written it)."""
    env_file = tmp_path / '.emulator.env'
    mine = {
        'api_url': 'http://127.0.0.1:1',
        'api_key': 'k',
        'video_api_url': 'v',
        'logging_api_url': 'l',
        'admin_url': 'a',
    }
    write_env_file(env_file, {**mine, 'api_url': 'http://127.0.0.1:2'})
    remove_env_file(env_file, mine)
    assert env_file.exists()
    write_env_file(env_file, mine)
    remove_env_file(env_file, mine)
    assert not env_file.exists()
    remove_env_file(env_file, mine)  # gone already: nothing to do


def test_seed_below_minimum_is_refused(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, 'argv', ['python -m tests.emulator', '--seed', '5'])
    with pytest.raises(SystemExit) as exit_status:
        command.main()
    assert exit_status.value.code != 0
    assert 'at least 6' in capsys.readouterr().err


def test_a_fault_after_the_request_was_handled(served: t.Callable[[Check], dict[str, str]]) -> None:
    """``after``: the server acts, then the answer is lost (drop) or replaced (status)."""

    def check(emulator: dict[str, str]) -> None:
        admin, headers = emulator['admin_url'], {'AccessKey': 'contract-key'}
        add = f"{emulator['api_url']}/videolibrary/5001/addBlockedReferrer"
        requests.post(
            f'{admin}/faults',
            json={'method': 'POST', 'path': 'addBlockedReferrer', 'drop': True, 'after': True},
            timeout=10,
        ).raise_for_status()
        with pytest.raises(requests.exceptions.ConnectionError):
            requests.post(add, json={'Hostname': 'lost.example.com'}, headers=headers, timeout=10)
        requests.post(
            f'{admin}/faults',
            json={'method': 'POST', 'path': 'addBlockedReferrer', 'status': 500, 'after': True},
            timeout=10,
        ).raise_for_status()
        answer = requests.post(add, json={'Hostname': 'failed.example.com'}, headers=headers, timeout=10)
        assert answer.status_code == 500
        libraries = requests.get(f'{admin}/state', timeout=10).json()['video_libraries']
        library = next(item for item in libraries if item['Id'] == 5001)
        assert {'lost.example.com', 'failed.example.com'} <= set(library['BlockedReferrers'])  # both were added
        record = [
            entry
            for entry in requests.get(f'{admin}/requests', timeout=10).json()
            if entry['path'].endswith('addBlockedReferrer')
        ]
        assert [entry['status'] for entry in record] == [0, 500]

    served(check)


def test_a_dripping_answer(served: t.Callable[[Check], dict[str, str]]) -> None:
    def check(emulator: dict[str, str]) -> None:
        admin, headers = emulator['admin_url'], {'AccessKey': 'contract-key'}
        requests.post(f'{admin}/faults', json={'path': '^/pullzone/1001$', 'drip': 0.05}, timeout=10).raise_for_status()
        started = time.monotonic()
        with requests.get(f"{emulator['api_url']}/pullzone/1001", headers=headers, stream=True, timeout=10) as answer:
            assert answer.status_code == 200
            first = answer.raw.read(20)
        assert len(first) == 20 and time.monotonic() - started >= 0.9  # a byte every 0.05 s
        # The next request is answered at full speed.
        started = time.monotonic()
        assert requests.get(f"{emulator['api_url']}/pullzone/1001", headers=headers, timeout=10).json()['Id'] == 1001
        assert time.monotonic() - started < 5  # dripping, its thousands of bytes would take minutes

    served(check)


def test_a_dripping_answer_without_a_body_trickles_its_head(served: t.Callable[[Check], dict[str, str]]) -> None:
    def check(emulator: dict[str, str]) -> None:
        admin, headers = emulator['admin_url'], {'AccessKey': 'contract-key'}
        add = f"{emulator['api_url']}/videolibrary/5001/addBlockedReferrer"
        drip = {'method': 'POST', 'path': 'addBlockedReferrer$'}
        requests.post(f'{admin}/faults', json={**drip, 'drip': 0.05}, timeout=10).raise_for_status()
        started = time.monotonic()
        # A byte at a time: no pause between two bytes reaches the read timeout (with room for a loaded machine),
        # yet the whole answer (38 bytes, 1.9 s) takes longer than it.
        answer = requests.post(add, json={'Hostname': 'slow.example.com'}, headers=headers, timeout=(5, 1.5))
        elapsed = time.monotonic() - started
        assert answer.status_code == 200 and answer.content == b''
        assert elapsed >= 0.05 * len('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n') > 1.5
        # A client that gives up first stops the trickle; the next answer comes at full speed.
        requests.post(f'{admin}/faults', json={**drip, 'drip': 2}, timeout=10).raise_for_status()
        with pytest.raises(requests.exceptions.ReadTimeout):  # two seconds between bytes
            requests.post(add, json={'Hostname': 'given-up.example.com'}, headers=headers, timeout=(5, 1))
        started = time.monotonic()
        assert requests.post(add, json={'Hostname': 'fast.example.com'}, headers=headers, timeout=10).status_code == 200
        assert time.monotonic() - started < 5  # dripping, two seconds a byte
        libraries = requests.get(f'{admin}/state', timeout=10).json()['video_libraries']
        library = next(item for item in libraries if item['Id'] == 5001)
        assert {'slow.example.com', 'given-up.example.com', 'fast.example.com'} <= set(library['BlockedReferrers'])

    served(check)


def test_a_dripping_answer_in_process(state: State, api: TestClient) -> None:
    """Without a connection of its own (an in-process client) the body still trickles, whole in the end."""
    state.add_fault({'path': '^/pullzone/999999$', 'drip': 0.005})
    started = time.monotonic()
    answer = api.get('/pullzone/999999')
    assert answer.status_code == 404 and answer.json()['ErrorKey'] == 'pullzone.not_found'
    assert time.monotonic() - started >= 0.005 * len(answer.content)


def test_a_fault_needs_something_to_do(admin: TestClient) -> None:
    assert admin.post('/faults', json={'path': '^/pullzone$', 'after': True}).status_code == 400


def test_reset_arms_the_faults_it_is_given(state: State, admin: TestClient, api: TestClient) -> None:
    answer = admin.post('/reset', json={'faults': [{'path': '^/pullzone$', 'status': 503, 'times': 2}]}).json()
    assert answer['reset'] is True and [fault['status'] for fault in answer['faults']] == [503]
    assert [api.get('/pullzone').status_code for _attempt in range(3)] == [503, 503, 200]
    assert admin.post('/reset').json() == {'reset': True, 'faults': []}
    assert admin.post('/reset', json={'faults': 'all'}).status_code == 400


def test_the_state_in_parts_and_as_a_digest(admin: TestClient, api: TestClient) -> None:
    whole = admin.get('/state').json()
    assert admin.get('/state', params={'only': 'pullzones,purges'}).json() == {
        'pullzones': whole['pullzones'],
        'purges': whole['purges'],
    }
    for wrong in ('zones', 'pullzones,zones', ''):
        answer = admin.get('/state', params={'only': wrong})
        assert answer.status_code == 400 and 'is not a part of the state' in answer.json()['error']
    digest = admin.get('/state', params={'digest': 'true'}).json()['digest']
    assert len(digest) == 64 and admin.get('/state', params={'digest': 'true'}).json()['digest'] == digest
    part = admin.get('/state', params={'only': 'shield_zones', 'digest': 'true'}).json()['digest']
    assert api.post('/pullzone/1001', json={'OriginUrl': 'https://moved.example.com'}).status_code == 200
    assert admin.get('/state', params={'digest': 'true'}).json()['digest'] != digest  # any change shows
    assert admin.get('/state', params={'only': 'shield_zones', 'digest': 'true'}).json()['digest'] == part


def test_the_request_record_counted_and_read_from_a_mark(admin: TestClient, api: TestClient) -> None:
    api.get('/pullzone')
    mark = admin.get('/requests', params={'count': 'true'}).json()['count']
    assert mark == len(admin.get('/requests').json()) > 0
    api.get('/pullzone/1001')
    assert [entry['path'] for entry in admin.get('/requests', params={'since': mark}).json()] == ['/pullzone/1001']
    assert admin.get('/requests', params={'since': 10_000}).json() == []
    assert admin.get('/requests', params={'since': '-1'}).status_code == 400
