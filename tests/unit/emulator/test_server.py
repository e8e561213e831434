# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's start contract: ``python -m tests.emulator`` on 127.0.0.1, one JSON line, SIGTERM."""

from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import sys
import time
import typing as t

import pytest
import requests
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.emulator.core import State

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture  # per test: ansible-test runs each test in a forked child, which would skip a module-scoped teardown
def emulator() -> t.Iterator[dict[str, str]]:
    process = subprocess.Popen(
        [sys.executable, '-m', 'tests.emulator', '--api-key', 'contract-key', '--seed', '6'],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = process.stdout.readline()
        assert line, process.stderr.read()
        info = json.loads(line)
        info['pid'] = process.pid
        yield info
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 0


def test_ready_line(emulator: dict[str, t.Any]) -> None:
    assert set(emulator) - {'pid'} == {'api_url', 'video_api_url', 'logging_api_url', 'admin_url', 'api_key'}
    assert emulator['api_key'] == 'contract-key'
    urls = [emulator[key] for key in ('api_url', 'video_api_url', 'logging_api_url', 'admin_url')]
    assert all(url.startswith('http://127.0.0.1:') for url in urls)
    assert len(set(urls)) == 4


def test_seed_scale_and_auth(emulator: dict[str, t.Any]) -> None:
    zones = requests.get(f"{emulator['api_url']}/pullzone", headers={'AccessKey': 'contract-key'}, timeout=10).json()
    assert len(zones) == 6
    assert requests.get(f"{emulator['api_url']}/pullzone", timeout=10).status_code == 401


def test_dropped_connection_and_delay(emulator: dict[str, t.Any]) -> None:
    admin = emulator['admin_url']
    requests.post(f'{admin}/faults', json={'path': '^/pullzone$', 'drop': True}, timeout=10).raise_for_status()
    with pytest.raises(requests.exceptions.ConnectionError):
        requests.get(f"{emulator['api_url']}/pullzone", headers={'AccessKey': 'contract-key'}, timeout=10)
    requests.post(f'{admin}/faults', json={'path': '^/pullzone$', 'delay': 0.3}, timeout=10).raise_for_status()
    response = requests.get(f"{emulator['api_url']}/pullzone", headers={'AccessKey': 'contract-key'}, timeout=10)
    assert response.status_code == 200
    assert response.elapsed.total_seconds() >= 0.3
    statuses = [r['status'] for r in requests.get(f'{admin}/requests', timeout=10).json()]
    assert statuses[-2:] == [0, 200]


def test_seed_below_minimum_is_refused() -> None:
    result = subprocess.run(
        [sys.executable, '-m', 'tests.emulator', '--seed', '5'],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
        env=dict(os.environ),
        check=False,
    )
    assert result.returncode != 0
    assert 'at least 6' in result.stderr


def test_a_fault_after_the_request_was_handled(emulator: dict[str, t.Any]) -> None:
    """``after``: the server acts, then the answer is lost (drop) or replaced (status)."""
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
    assert requests.post(add, json={'Hostname': 'failed.example.com'}, headers=headers, timeout=10).status_code == 500
    library = next(
        item for item in requests.get(f'{admin}/state', timeout=10).json()['video_libraries'] if item['Id'] == 5001
    )
    assert {'lost.example.com', 'failed.example.com'} <= set(library['BlockedReferrers'])  # both were added
    record = [
        entry
        for entry in requests.get(f'{admin}/requests', timeout=10).json()
        if entry['path'].endswith('addBlockedReferrer')
    ]
    assert [entry['status'] for entry in record] == [0, 500]


def test_a_dripping_answer(emulator: dict[str, t.Any]) -> None:
    admin = emulator['admin_url']
    requests.post(f'{admin}/faults', json={'path': '^/pullzone/1001$', 'drip': 0.05}, timeout=10).raise_for_status()
    started = time.monotonic()
    with requests.get(
        f"{emulator['api_url']}/pullzone/1001", headers={'AccessKey': 'contract-key'}, stream=True, timeout=10
    ) as answer:
        assert answer.status_code == 200
        first = answer.raw.read(20)
    assert len(first) == 20 and time.monotonic() - started >= 0.9  # a byte every 0.05 s
    # The next request is answered at full speed.
    started = time.monotonic()
    assert (
        requests.get(f"{emulator['api_url']}/pullzone/1001", headers={'AccessKey': 'contract-key'}, timeout=10).json()[
            'Id'
        ]
        == 1001
    )
    assert time.monotonic() - started < 1


def test_a_dripping_answer_without_a_body_trickles_its_head(emulator: dict[str, t.Any]) -> None:
    admin, headers = emulator['admin_url'], {'AccessKey': 'contract-key'}
    add = f"{emulator['api_url']}/videolibrary/5001/addBlockedReferrer"
    requests.post(
        f'{admin}/faults', json={'method': 'POST', 'path': 'addBlockedReferrer$', 'drip': 0.02}, timeout=10
    ).raise_for_status()
    started = time.monotonic()
    # A byte at a time: no pause between two bytes reaches the read timeout, yet the answer takes long.
    answer = requests.post(add, json={'Hostname': 'slow.example.com'}, headers=headers, timeout=(5, 0.5))
    elapsed = time.monotonic() - started
    assert answer.status_code == 200 and answer.content == b''
    assert elapsed >= 0.02 * len('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n')
    # A client that gives up first stops the trickle; the next answer comes at full speed.
    requests.post(
        f'{admin}/faults', json={'method': 'POST', 'path': 'addBlockedReferrer$', 'drip': 2}, timeout=10
    ).raise_for_status()
    with pytest.raises(requests.exceptions.ReadTimeout):  # two seconds between bytes
        requests.post(add, json={'Hostname': 'given-up.example.com'}, headers=headers, timeout=(5, 1))
    started = time.monotonic()
    assert requests.post(add, json={'Hostname': 'fast.example.com'}, headers=headers, timeout=10).status_code == 200
    assert time.monotonic() - started < 1
    library = next(
        item for item in requests.get(f'{admin}/state', timeout=10).json()['video_libraries'] if item['Id'] == 5001
    )
    assert {'slow.example.com', 'given-up.example.com', 'fast.example.com'} <= set(library['BlockedReferrers'])


def test_a_dripping_answer_in_process(state: State, api: TestClient) -> None:
    """Without a connection of its own (an in-process client) the body still trickles, whole in the end."""
    state.add_fault({'path': '^/pullzone/999999$', 'drip': 0.005})
    started = time.monotonic()
    answer = api.get('/pullzone/999999')
    assert answer.status_code == 404 and answer.json()['ErrorKey'] == 'pullzone.not_found'
    assert time.monotonic() - started >= 0.005 * len(answer.content)


def test_a_fault_needs_something_to_do(emulator: dict[str, t.Any]) -> None:
    answer = requests.post(f"{emulator['admin_url']}/faults", json={'path': '^/pullzone$', 'after': True}, timeout=10)
    assert answer.status_code == 400


def test_reset_arms_the_faults_it_is_given(emulator: dict[str, t.Any]) -> None:
    admin = emulator['admin_url']
    answer = requests.post(
        f'{admin}/reset', json={'faults': [{'path': '^/pullzone$', 'status': 503, 'times': 2}]}, timeout=10
    ).json()
    assert answer['reset'] is True and [fault['status'] for fault in answer['faults']] == [503]
    statuses = [
        requests.get(f"{emulator['api_url']}/pullzone", headers={'AccessKey': 'contract-key'}, timeout=10).status_code
        for _attempt in range(3)
    ]
    assert statuses == [503, 503, 200]
    assert requests.post(f'{admin}/reset', timeout=10).json() == {'reset': True, 'faults': []}
    assert requests.post(f'{admin}/reset', json={'faults': 'all'}, timeout=10).status_code == 400
