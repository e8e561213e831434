# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import contextlib
import email.utils
import http.server
import ssl
import threading
import time
import typing as t

import pytest
import requests

from ansible_collections.edge.platform.plugins.module_utils import _client as client_module
from ansible_collections.edge.platform.plugins.module_utils._client import (
    EdgeApiError,
    EdgeClient,
    EdgeFinding,
    backoff_seconds,
    iter_pages,
    retry_after_seconds,
)
from ansible_collections.edge.platform.plugins.module_utils._errors import (
    CORE,
    DATABASES,
    ERROR_SHAPES,
    error_shapes,
    parse_error_body,
    unsaved_answer,
)
from ansible_collections.edge.platform.tests.unit.helpers import API_KEY, API_URL, FakeApi, FakeResponse, FakeSession


@pytest.fixture
def api() -> FakeApi:
    return FakeApi()


@pytest.fixture
def waits() -> list[float]:
    return []


@pytest.fixture
def client(api: FakeApi, waits: list[float]) -> EdgeClient:
    return EdgeClient(
        API_KEY,
        {'api': API_URL, 'video': 'https://video.test/'},
        retries=3,
        sleep=waits.append,
        session=FakeSession(api),
    )


def connection_refused() -> requests.exceptions.ConnectionError:
    """What requests raises when the TCP connection could not be opened (nothing was sent)."""
    reason = type('NewConnectionError', (Exception,), {})('refused')
    return requests.exceptions.ConnectionError(type('MaxRetryError', (Exception,), {'reason': reason})('max retries'))


def connection_dropped() -> requests.exceptions.ConnectionError:
    """The server closed the connection after the request was sent: it may have acted."""
    return requests.exceptions.ConnectionError(ConnectionResetError('Connection reset by peer'))


# ---- headers, URLs -------------------------------------------------------------------------


def test_sends_access_key_and_joins_base_urls(client: EdgeClient, api: FakeApi) -> None:
    api.add('GET', r'^/pullzone$', [])
    api.add('GET', r'^/library/1/videos/x$', {})
    client.get('pullzone', 'list pull zones')
    client.get('/library/1/videos/x', 'read video', service='video')
    assert api.calls[0].url == 'https://api.edge.test/pullzone'
    assert api.calls[1].url == 'https://video.test/library/1/videos/x'
    assert api.calls[0].headers['AccessKey'] == API_KEY


def test_auth_false_sends_no_access_key(client: EdgeClient, api: FakeApi) -> None:
    api.add('GET', r'/thumb.jpg$', FakeResponse(200, content=b'img'))
    client.request('GET', 'https://cdn.elsewhere.test/thumb.jpg', 'fetch thumbnail', auth=False)
    assert 'AccessKey' not in api.calls[0].headers


def test_missing_service_url_is_a_clear_error(client: EdgeClient) -> None:
    with pytest.raises(EdgeApiError, match=r'logging_api_url is required \(or set EDGE_LOGGING_API_URL\)'):
        client.get('v2/logs', 'read logs', service='logging')


# ---- retries ---------------------------------------------------------------------------------


def test_429_honours_retry_after_then_succeeds(client: EdgeClient, api: FakeApi, waits: list[float]) -> None:
    api.add('GET', r'^/pullzone$', FakeResponse(429, {'error': 'rate_limited'}, {'Retry-After': '7'}), [])
    assert client.get('pullzone', 'list pull zones') == []
    assert waits == [7.0]
    assert len(api.calls) == 2


def test_retry_after_is_clamped(client: EdgeClient, api: FakeApi, waits: list[float]) -> None:
    api.add(
        'GET',
        r'^/a$',
        FakeResponse(429, None, {'Retry-After': '3600'}),
        FakeResponse(429, None, {'Retry-After': '0'}),
        {},
    )
    client.get('a', 'read a')
    assert waits == [60.0, 1.0]


def test_retry_after_http_date() -> None:
    when = email.utils.formatdate(time.time() + 20, usegmt=True)
    assert 18 <= retry_after_seconds(when) <= 20
    assert retry_after_seconds('not a date') is None
    assert retry_after_seconds(None) is None


def test_429_repeats_even_a_create(client: EdgeClient, api: FakeApi) -> None:
    api.add('POST', r'^/mc/registries$', FakeResponse(429, None, {'Retry-After': '1'}), {'id': 5})
    assert client.request('POST', 'mc/registries', 'create registry', json_body={'displayName': 'x'}).json() == {
        'id': 5
    }
    assert len(api.writes) == 2


def test_5xx_on_a_read_is_retried_with_growing_jittered_backoff(
    client: EdgeClient, api: FakeApi, waits: list[float]
) -> None:
    api.add('GET', r'^/a$', FakeResponse(503), FakeResponse(502), FakeResponse(500), {'ok': True})
    assert client.get('a', 'read a') == {'ok': True}
    assert len(waits) == 3
    caps = [0.5, 1.0, 2.0]
    for wait, cap in zip(waits, caps):
        assert cap / 2 <= wait <= cap


def test_5xx_on_a_create_is_not_repeated(client: EdgeClient, api: FakeApi) -> None:
    api.add('POST', r'^/mc/registries$', FakeResponse(503, {'title': 'unavailable', 'detail': 'try later'}), {'id': 5})
    with pytest.raises(EdgeApiError) as caught:
        client.request('POST', 'mc/registries', 'create container registry "x"', json_body={})
    assert caught.value.status == 503
    assert len(api.writes) == 1


def test_idempotent_post_may_be_retried(client: EdgeClient, api: FakeApi) -> None:
    api.add('POST', r'^/export$', FakeResponse(502), {'ok': True})
    assert client.request('POST', 'export', 'export logs', idempotent=True).json() == {'ok': True}
    assert len(api.calls) == 2


def test_put_and_delete_are_safe_to_repeat(client: EdgeClient, api: FakeApi) -> None:
    api.add('PUT', r'^/x$', FakeResponse(504), {})
    api.add('DELETE', r'^/x$', FakeResponse(500), FakeResponse(204))
    client.request('PUT', 'x', 'replace x')
    client.request('DELETE', 'x', 'delete x')
    assert [call.method for call in api.calls] == ['PUT', 'PUT', 'DELETE', 'DELETE']


def test_retries_give_up_after_api_retries(client: EdgeClient, api: FakeApi, waits: list[float]) -> None:
    api.add('GET', r'^/a$', FakeResponse(500, {'ErrorKey': 'internal', 'Field': '', 'Message': 'boom'}))
    with pytest.raises(EdgeApiError) as caught:
        client.get('a', 'read a')
    assert len(api.calls) == 4  # first attempt + 3 retries
    assert len(waits) == 3
    assert str(caught.value) == 'read a failed: HTTP 500 internal: boom'


def test_zero_retries_means_one_attempt(api: FakeApi) -> None:
    client = EdgeClient(API_KEY, {'api': API_URL}, retries=0, sleep=lambda s: None, session=FakeSession(api))
    api.add('GET', r'^/a$', FakeResponse(429, None, {'Retry-After': '1'}))
    with pytest.raises(EdgeApiError):
        client.get('a', 'read a')
    assert len(api.calls) == 1


def test_connection_error_retried_for_reads(client: EdgeClient, api: FakeApi) -> None:
    api.add('GET', r'^/a$', connection_dropped(), {'ok': 1})
    assert client.get('a', 'read a') == {'ok': 1}


def test_connection_refused_create_is_repeated(client: EdgeClient, api: FakeApi) -> None:
    api.add('POST', r'^/c$', connection_refused(), {'id': 1})
    assert client.request('POST', 'c', 'create c').json() == {'id': 1}
    assert len(api.writes) == 2


def test_dropped_create_is_never_repeated(client: EdgeClient, api: FakeApi) -> None:
    api.add('POST', r'^/c$', connection_dropped(), {'id': 1})
    with pytest.raises(EdgeApiError) as caught:
        client.request('POST', 'c', 'create c')
    assert caught.value.status is None
    assert str(caught.value) == (
        'create c failed: the connection to https://api.edge.test broke off before an answer came: '
        'Connection reset by peer'
    )
    assert len(api.writes) == 1


def test_streamed_body_is_recreated_for_each_attempt(client: EdgeClient, api: FakeApi) -> None:
    bodies = []
    api.add('POST', r'^/up$', FakeResponse(429, None, {'Retry-After': '1'}), {})

    def body() -> list[bytes]:
        bodies.append(1)
        return [b'chunk-1', b'chunk-2']

    client.request('POST', 'up', 'upload', data=body)
    assert len(bodies) == 2
    assert api.calls[1].data == b'chunk-1chunk-2'


def test_ok_statuses_are_returned_not_raised(client: EdgeClient, api: FakeApi) -> None:
    api.add('GET', r'^/pullzone/9$', FakeResponse(404, {'ErrorKey': 'not_found', 'Field': '', 'Message': 'no'}))
    assert client.get_or_none('pullzone/9', 'read pull zone 9') is None


def test_backoff_is_capped() -> None:
    assert backoff_seconds(20, rng=lambda low, high: high) == 30.0
    assert backoff_seconds(0, rng=lambda low, high: low) == 0.25


def test_default_session_is_real_and_reused(monkeypatch: pytest.MonkeyPatch) -> None:
    made = []
    real = client_module.requests.Session

    def counting() -> requests.Session:
        made.append(1)
        return real()

    monkeypatch.setattr(client_module.requests, 'Session', counting)
    client = EdgeClient(API_KEY, {'api': API_URL})
    assert len(made) == 1
    assert client.session.headers['AccessKey'] == API_KEY
    client.close()


# ---- error bodies ------------------------------------------------------------------------


@pytest.mark.parametrize(
    'body, expected',
    [
        (  # problem
            {
                'type': 'https://x/not-found',
                'title': 'Not Found',
                'status': 404,
                'detail': 'no such app',
                'instance': '/mc/apps/1',
            },
            ('Not Found', 'no such app', []),
        ),
        (  # validation problem
            {
                'title': 'One or more validation errors occurred.',
                'status': 400,
                'detail': 'invalid input',
                'instance': '',
                'errors': [{'field': 'displayName', 'message': 'too long'}, {'field': 'type', 'message': 'unknown'}],
                'id': 'abc',
            },
            (
                'One or more validation errors occurred.',
                'invalid input (displayName: too long; type: unknown)',
                [{'field': 'displayName', 'message': 'too long'}, {'field': 'type', 'message': 'unknown'}],
            ),
        ),
        (  # shield envelope
            {
                'data': None,
                'error': {'success': False, 'message': 'Shield zone already exists', 'errorKey': 'shield.zone_exists'},
            },
            ('shield.zone_exists', 'Shield zone already exists', []),
        ),
        (  # shield status only
            {'statusCode': 409},
            (None, 'the API answered statusCode 409', []),
        ),
        (  # core / video library
            {'ErrorKey': 'videolibrary.referrer_invalid', 'Field': 'Hostname', 'Message': 'The hostname is invalid'},
            (
                'videolibrary.referrer_invalid',
                'The hostname is invalid',
                [{'field': 'Hostname', 'message': 'The hostname is invalid'}],
            ),
        ),
        (  # video thumbnail
            {'success': False, 'message': 'Video not found', 'statusCode': 404},
            (None, 'Video not found', []),
        ),
        (  # registry create
            {'id': 0, 'error': 'Registry credentials are invalid'},
            (None, 'Registry credentials are invalid', []),
        ),
        (  # logging API
            {'error': 'rate_limited', 'message': 'Per-pull-zone rate limit exceeded'},
            ('rate_limited', 'Per-pull-zone rate limit exceeded', []),
        ),
        (  # Hrana
            {'error': {'message': 'no such table: t', 'code': 'SQLITE_ERROR'}},
            ('SQLITE_ERROR', 'no such table: t', []),
        ),
    ],
)
def test_every_error_body_shape(body: dict, expected: tuple) -> None:
    assert parse_error_body(400, body) == expected


def test_non_json_error_body_keeps_its_text() -> None:
    assert parse_error_body(502, None, '<html>Bad Gateway</html>') == (None, '<html>Bad Gateway</html>', [])
    assert parse_error_body(502, None, '') == (None, 'no error details in the response', [])


def test_error_from_response_falls_back_to_reason(client: EdgeClient, api: FakeApi) -> None:
    api.add('GET', r'^/a$', FakeResponse(403, content=b'forbidden!'))
    with pytest.raises(EdgeApiError) as caught:
        client.request('GET', 'a', 'read a', idempotent=False)
    error = caught.value
    assert (error.status, error.error_key, error.message) == (403, 'forbidden', 'forbidden!')
    assert error.failure() == {'status': 403, 'error_key': 'forbidden', 'message': 'forbidden!'}


def test_failure_carries_field_errors() -> None:
    error = EdgeApiError('create x', 400, 'bad', 'validation', [{'field': 'name', 'message': 'required'}])
    assert error.failure()['errors'] == [{'field': 'name', 'message': 'required'}]


def test_api_key_never_in_error_text(client: EdgeClient, api: FakeApi) -> None:
    api.add('GET', r'^/a$', FakeResponse(401, {'ErrorKey': 'unauthorized', 'Field': 'AccessKey', 'Message': 'denied'}))
    with pytest.raises(EdgeApiError) as caught:
        client.get('a', 'read a')
    assert API_KEY not in str(caught.value)
    assert API_KEY not in repr(caught.value.failure())


# ---- paging --------------------------------------------------------------------------------


def test_iter_pages_follows_until_no_next() -> None:
    pages = {1: {'items': [1, 2], 'next': 2}, 2: {'items': [3], 'next': 3}, 3: {'items': [], 'next': None}}
    fetched = []

    def fetch(position: int) -> dict:
        fetched.append(position)
        return pages[position]

    assert list(iter_pages(fetch, lambda page: page['items'], lambda page, position: page['next'], 1)) == [1, 2, 3]
    assert fetched == [1, 2, 3]


def test_iter_pages_is_lazy() -> None:
    fetched = []

    def fetch(position: int) -> dict:
        fetched.append(position)
        return {'items': [position], 'next': position + 1}

    pages = iter_pages(fetch, lambda page: page['items'], lambda page, position: page['next'], 1)
    assert next(pages) == 1
    assert fetched == [1]


# ---- a whole request within api_timeout ----------------------------------------------------


class DripHandler(http.server.BaseHTTPRequestHandler):
    """Answers at once, then sends its body one byte every 0.2 s (or drips the headers, for /headers)."""

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        if self.path == '/headers':
            self.wfile.write(b'HTTP/1.1 200 OK\r\n')
            for _byte in range(100):
                self.wfile.write(b'X')
                self.wfile.flush()
                time.sleep(0.2)
            return
        self.send_response(200)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', '100')
        self.end_headers()
        try:
            for _byte in range(100):
                self.wfile.write(b' ')
                self.wfile.flush()
                time.sleep(0.2)
        except OSError:
            pass

    def log_message(self, *args: t.Any) -> None:
        pass


@pytest.fixture
def drip_server() -> t.Iterator[str]:
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), DripHandler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f'http://127.0.0.1:{server.server_address[1]}'
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize('path, stream', [('/body', False), ('/body', True), ('/headers', False)])
def test_a_dripping_answer_ends_at_api_timeout(drip_server: str, path: str, stream: bool) -> None:
    # Each byte comes well within the socket timeout: only a deadline for the whole request ends it.
    client = EdgeClient(API_KEY, {'api': drip_server}, timeout=1.0, retries=0)
    started = time.monotonic()
    with pytest.raises(EdgeApiError) as caught:
        response = client.request('GET', path, 'read the slow thing', stream=stream)
        for _chunk in response.iter_content(16):
            pass
    assert time.monotonic() - started < 3
    assert str(caught.value) == 'read the slow thing failed: no complete answer within 1 s (api_timeout)'
    client.close()


class UploadSink(http.server.BaseHTTPRequestHandler):
    """Takes a chunked upload whole, then answers 200."""

    def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
        received = b''
        with contextlib.suppress(OSError):
            while not received.endswith(b'0\r\n\r\n'):
                chunk = self.rfile.read1(65536)
                if not chunk:
                    return
                received += chunk
            self.send_response(200)
            self.send_header('Content-Length', '0')
            self.end_headers()

    def log_message(self, *args: t.Any) -> None:
        pass


def test_a_slow_upload_ends_at_api_timeout() -> None:
    # Each piece of the body leaves well within the socket timeout: only a deadline for the whole request ends it.
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), UploadSink)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    client = EdgeClient(API_KEY, {'api': f'http://127.0.0.1:{server.server_address[1]}'}, timeout=1.0, retries=0)

    def slow_body() -> t.Iterator[bytes]:
        for _piece in range(50):
            yield b'x' * 64
            time.sleep(0.2)

    started = time.monotonic()
    try:
        with pytest.raises(EdgeApiError) as caught:
            client.request('POST', '/upload', 'upload the slow thing', data=slow_body)
        assert time.monotonic() - started < 4
        assert 'upload the slow thing failed' in str(caught.value)
        assert 'within 1 s (api_timeout)' in str(caught.value)
    finally:
        client.close()
        server.shutdown()
        server.server_close()


def test_a_fast_answer_is_not_cut_by_an_earlier_deadline(drip_server: str, api: FakeApi) -> None:
    client = EdgeClient(API_KEY, {'api': API_URL}, timeout=0.3, retries=0, session=FakeSession(api))
    api.add('GET', r'^/pullzone$', [])
    for _attempt in range(3):
        client.get('pullzone', 'list pull zones')
        time.sleep(0.2)  # the timer of each request is gone once it answered
    assert not client.deadline.expired


def test_one_watcher_thread_serves_every_request_of_a_client(drip_server: str) -> None:
    # A thread started for each request cost more than a request to a nearby server: one waits for them all.
    client = EdgeClient(API_KEY, {'api': drip_server}, timeout=1.0, retries=0)
    watchers = []
    started = time.monotonic()
    for _attempt in range(3):
        with pytest.raises(EdgeApiError, match='no complete answer within 1 s'):
            client.request('GET', '/body', 'read the slow thing')
        watchers.append(client.deadline._watcher)
    assert 2.5 < time.monotonic() - started < 6  # each cut at its own deadline, none at an earlier one's
    [watcher] = set(watchers)
    assert watcher is not None and watcher.is_alive()
    client.close()
    watcher.join(2)
    assert not watcher.is_alive()  # closed: the watcher ended


def test_an_idle_watcher_ends_and_the_next_request_starts_another(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client_module.Deadline, 'IDLE', 0.1)
    deadline = client_module.Deadline()
    deadline.arm(0.05)
    deadline.disarm()  # the watcher is not woken: it finds nothing armed when the time it waited for comes
    first = deadline._watcher
    assert first is not None
    first.join(2)
    assert not first.is_alive() and deadline._watcher is None and not deadline.expired
    deadline.arm(0.2)
    assert deadline._watcher is not None and deadline._watcher is not first
    time.sleep(0.5)
    assert deadline.expired
    deadline.close()


def test_the_environment_is_read_once_per_address(monkeypatch: pytest.MonkeyPatch) -> None:
    # requests walks the whole environment for each request (proxies, NO_PROXY): a run reads it once per address.
    monkeypatch.setenv('HTTPS_PROXY', 'http://proxy.test:3128')
    monkeypatch.setenv('NO_PROXY', 'video.test')
    monkeypatch.setenv('REQUESTS_CA_BUNDLE', '/etc/bundle.pem')
    read = []
    real = requests.sessions.get_environ_proxies

    def counting(url: str, no_proxy: t.Any = None) -> t.Any:
        read.append(url)
        return real(url, no_proxy=no_proxy)

    monkeypatch.setattr(requests.sessions, 'get_environ_proxies', counting)
    client = EdgeClient(API_KEY, {'api': API_URL, 'video': 'https://video.test'})
    plain = requests.Session()
    for url in (f'{API_URL}/pullzone', f'{API_URL}/pullzone/1', 'https://video.test/library', f'{API_URL}/shield'):
        for verify in (True, False):
            expected = plain.merge_environment_settings(url, {}, None, verify, None)
            assert client.session.merge_environment_settings(url, {}, None, verify, None) == expected
    assert expected['proxies']['https'] == 'http://proxy.test:3128' and expected['verify'] is False
    # requests' own reads each time (8), the client's once per address and settings (4).
    assert len(read) == 8 + 4
    settings = client.session.merge_environment_settings(f'{API_URL}/x', {}, None, True, None)
    settings['proxies']['https'] = 'changed'  # what one request does with its settings stays its own
    assert client.session.merge_environment_settings(f'{API_URL}/x', {}, None, True, None)['proxies']['https'] == (
        'http://proxy.test:3128'
    )
    assert settings['verify'] == '/etc/bundle.pem'
    client.close()
    plain.close()


# ---- several reads at once ----------------------------------------------------------------------


def test_concurrent_work_keeps_the_order_of_its_items(client: EdgeClient, api: FakeApi) -> None:
    api.add('GET', r'^/pullzone/\d+$', lambda call: {'Id': int(call.url.rsplit('/', 1)[1])})
    clients: set[int] = set()
    threads: set[int] = set()

    def read(each: EdgeClient, zone_id: int) -> t.Any:
        clients.add(id(each))
        threads.add(threading.get_ident())
        time.sleep(0.01 * (zone_id % 3))  # answers come back out of order
        return each.get(f'pullzone/{zone_id}', f'read pull zone {zone_id}')['Id']

    assert client.concurrently(read, range(1, 31), workers=4) == list(range(1, 31))
    assert len(clients) == 4 and len(threads) == 4  # this thread and three of their own, each with its client
    assert sorted(int(call.url.rsplit('/', 1)[1]) for call in api.calls) == list(range(1, 31))


def test_a_fork_has_the_clients_settings_and_tells_its_retries(client: EdgeClient, api: FakeApi) -> None:
    told: list[str] = []
    client.on_wait = told.append
    api.add('GET', r'^/pullzone/1$', FakeResponse(503, {'Message': 'busy'}), {'Id': 1})
    fork = client.fork()
    assert fork.session.headers['AccessKey'] == API_KEY and fork.base_urls == client.base_urls
    assert (fork.timeout, fork.retries, fork.verify) == (client.timeout, client.retries, client.verify)
    assert fork.deadline is not client.deadline
    assert fork.get('pullzone/1', 'read pull zone 1') == {'Id': 1}
    assert client.retry_log == told and len(told) == 1 and 'GET pullzone/1: HTTP 503, retry 1 of 3' in told[0]
    fork.deadline.close()


def test_the_first_failure_in_the_order_of_items_is_raised_and_no_more_start(client: EdgeClient) -> None:
    started: list[int] = []

    def read(each: EdgeClient, item: int) -> int:
        started.append(item)
        if item == 5:  # fails after item 12 did: its failure is still the one raised, as one after the other
            time.sleep(0.3)
            raise EdgeApiError(f'read item {item}', 503, 'busy')
        if item == 12:
            raise EdgeApiError(f'read item {item}', 500, 'broken')
        time.sleep(0.01)
        return item

    with pytest.raises(EdgeApiError) as caught:
        client.concurrently(read, range(60), workers=8)
    assert str(caught.value).startswith('read item 5 failed')
    assert 12 in started and max(started) < 40  # no item started once one had failed, but those under way


def test_one_item_or_one_worker_runs_in_this_thread(client: EdgeClient, monkeypatch: pytest.MonkeyPatch) -> None:
    def where(each: EdgeClient, item: int) -> tuple[int, str]:
        return id(each), threading.current_thread().name

    here = (id(client), threading.current_thread().name)
    assert client.concurrently(where, [1]) == [here]
    monkeypatch.setattr(client_module, 'READ_WORKERS', 1)
    assert client.concurrently(where, [1, 2, 3]) == [here] * 3


# ---- errors that repeating cannot cure -------------------------------------------------------


@pytest.mark.parametrize(
    'error',
    [
        requests.exceptions.InvalidURL('Invalid URL: No host supplied'),
        requests.exceptions.InvalidHeader('Invalid leading whitespace'),
        requests.exceptions.SSLError(
            requests.packages.urllib3.exceptions.SSLError(
                ssl.SSLCertVerificationError(1, '[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed')
            )
        ),
    ],
)
def test_local_errors_fail_at_once(client: EdgeClient, api: FakeApi, waits: list[float], error: Exception) -> None:
    api.add('GET', r'^/pullzone$', error)
    with pytest.raises(EdgeApiError) as caught:
        client.get('pullzone', 'list pull zones')
    assert waits == [] and len(api.calls) == 1
    assert str(caught.value).startswith('list pull zones failed: ')


def test_other_tls_errors_are_retried(client: EdgeClient, api: FakeApi, waits: list[float]) -> None:
    api.add('GET', r'^/pullzone$', requests.exceptions.SSLError('EOF occurred in violation of protocol'), [])
    assert client.get('pullzone', 'list pull zones') == []
    assert len(waits) == 1


# ---- TLS settings and credentials ---------------------------------------------------------------


class RecordingSession(FakeSession):
    def request(self, method: str, url: str, **kwargs: t.Any) -> FakeResponse:  # type: ignore[override]
        self.api.last_verify = kwargs.get('verify')
        return super().request(method, url, **kwargs)


@pytest.mark.parametrize(
    'validate_certs, ca_path, verify',
    [
        (False, None, False),
        (True, None, True),
        (True, '/etc/ca.pem', '/etc/ca.pem'),
        (False, '/etc/ca.pem', False),
    ],
)
def test_verify_is_passed_with_each_request(
    api: FakeApi, validate_certs: bool, ca_path: str | None, verify: t.Any
) -> None:
    # Passed per request, REQUESTS_CA_BUNDLE and CURL_CA_BUNDLE cannot turn validate_certs=false back on.
    api.add('GET', r'^/pullzone$', [])
    client = EdgeClient(
        API_KEY, {'api': API_URL}, validate_certs=validate_certs, ca_path=ca_path, session=RecordingSession(api)
    )
    client.get('pullzone', 'list pull zones')
    assert api.last_verify == verify


def test_validate_certs_false_wins_over_the_ca_bundle_environment(
    monkeypatch: pytest.MonkeyPatch, drip_server: str
) -> None:
    monkeypatch.setenv('REQUESTS_CA_BUNDLE', '/nonexistent/bundle.pem')
    monkeypatch.setenv('CURL_CA_BUNDLE', '/nonexistent/bundle.pem')
    client = EdgeClient(API_KEY, {'api': drip_server}, validate_certs=False, timeout=5)
    settings = client.session.merge_environment_settings(f'{drip_server}/', {}, None, client.verify, None)
    assert settings['verify'] is False
    client.close()


def test_no_credentials_from_netrc(tmp_path: t.Any, monkeypatch: pytest.MonkeyPatch) -> None:
    netrc = tmp_path / '.netrc'
    netrc.write_text('machine api.edge.test login someone password netrc-secret\n', encoding='utf-8')
    netrc.chmod(0o600)
    monkeypatch.setenv('NETRC', str(netrc))
    client = EdgeClient(API_KEY, {'api': API_URL})
    prepared = client.session.prepare_request(requests.Request('GET', f'{API_URL}/pullzone'))
    assert 'Authorization' not in prepared.headers
    client.close()


@pytest.mark.parametrize(
    'url, problem',
    [
        ('https://api.edge.test', None),
        ('http://127.0.0.1:8080/', None),
        ('ftp://api.edge.test', "api_url must be an http:// or https:// URL, got 'ftp://api.edge.test'"),
        ('http://', "api_url must name a host, got 'http://'"),
        (
            'https://user:pass@api.edge.test',
            'api_url must not hold a user name or password (user@host): the collection sends its own credentials',
        ),
        ('https://api.edge.test:99999', "api_url has an invalid port, got 'https://api.edge.test:99999'"),
        ('https://api.edge .test', 'api_url must not contain spaces or control characters'),
    ],
)
def test_url_problems(url: str, problem: str | None) -> None:
    assert client_module.url_problem('api_url', url) == problem


def test_url_secrets_and_clear_text() -> None:
    assert client_module.url_secrets('https://user:p%40ss@host/x') == ['user:p%40ss', 'p%40ss']
    assert client_module.url_secrets('https://host/x') == []
    assert client_module.sends_in_clear('http://api.example.net')
    assert not client_module.sends_in_clear('https://api.example.net')
    assert not client_module.sends_in_clear('http://127.0.0.1:8080')
    assert not client_module.sends_in_clear('http://[::1]:8080')
    assert not client_module.sends_in_clear('http://localhost:8080')


# ---- whether a run wrote -----------------------------------------------------------------------


@pytest.mark.parametrize(
    'answer, wrote',
    [
        (FakeResponse(200, {}), True),
        (FakeResponse(400, {'Message': 'no'}), False),
        (FakeResponse(503, {'Message': 'later'}), False),
        (FakeResponse(500, {'Message': 'boom'}), True),
        (connection_dropped(), True),
        (connection_refused(), False),
    ],
)
def test_a_write_counts_when_the_server_may_have_acted(
    client: EdgeClient, api: FakeApi, answer: t.Any, wrote: bool
) -> None:
    client.retries = 0
    api.add('POST', r'^/things$', answer)
    with contextlib.suppress(EdgeApiError):
        client.request('POST', 'things', 'create a thing', json_body={})
    assert client.wrote is wrote


def test_reads_and_refused_answers_are_no_writes(client: EdgeClient, api: FakeApi) -> None:
    api.add('GET', r'^/things$', [])
    api.add('POST', r'^/export$', {})
    api.add('POST', r'^/things$', {'status': 'invalid'})
    client.get('things', 'list things')
    client.request('POST', 'export', 'export things', write=False)
    with pytest.raises(EdgeApiError, match='create a thing failed: HTTP 200: not saved'):
        client.request(
            'POST',
            'things',
            'create a thing',
            refused=lambda response: EdgeApiError('create a thing', 200, 'not saved'),
        )
    assert client.wrote is False


def test_a_finding_of_the_module_has_no_status_and_reads_like_an_api_error():
    finding = EdgeFinding('find pull zone "web"', '2 pull zones are (1, 2) named "web"; give pullzone_id instead')
    assert isinstance(finding, EdgeApiError)
    assert str(finding) == 'find pull zone "web" failed: 2 pull zones are (1, 2) named "web"; give pullzone_id instead'
    assert finding.failure() == {
        'status': None,
        'error_key': None,
        'message': '2 pull zones are (1, 2) named "web"; give pullzone_id instead',
    }


def test_every_error_shape_has_a_parser_that_leaves_the_others_alone():
    bodies = {
        'core': {'ErrorKey': 'pullzone.not_found', 'Field': 'Id', 'Message': 'no such zone'},
        'nested': {'error': {'errorKey': 'shield.bad', 'message': 'bad'}},
        'validation': {'title': 'invalid', 'errors': [{'field': 'name', 'message': 'required'}]},
        'problem': {'type': 'about:blank', 'title': 'Not Found', 'detail': 'gone'},
        'code': {'error': 'rate_limited', 'message': 'slow down'},
        'message': {'success': False, 'message': 'not an image', 'statusCode': 400},
        'status_code': {'statusCode': 500},
        'error_response': {'logs': None, 'errorResponse': {'success': False, 'message': 'bad token', 'errorKey': 't'}},
    }
    # Each body is read by its own parser: the ones before it in the table leave it alone.
    for shape, body in zip(ERROR_SHAPES, bodies.values()):
        assert shape(body) is not None, shape.__name__
        assert parse_error_body(400, body) == shape(body), shape.__name__
    assert len(ERROR_SHAPES) == len(bodies)


@pytest.mark.parametrize(
    'body, expected',
    [
        (
            {'data': None, 'error': {'success': False, 'message': 'plan too small', 'errorKey': 'plan'}},
            (200, 'plan', 'plan too small'),
        ),
        ({'data': {'id': 1}, 'error': None}, None),
        ({'data': {'id': 1}, 'error': {'success': True}}, None),
        (
            {'statusCode': 409, 'success': False, 'message': 'in use', 'errorKey': 'access_list.in_use'},
            (409, 'access_list.in_use', 'in use'),
        ),
        ({'success': False, 'message': 'Thumbnail rejected', 'statusCode': 422}, (422, None, 'Thumbnail rejected')),
        ({'success': False}, (200, None, 'no message')),
        ({'success': True, 'message': 'OK', 'statusCode': 200}, None),
        (
            {'id': None, 'error': 'refused the login', 'status': 'secretsValidationFailed'},
            (200, 'secretsValidationFailed', 'refused the login'),
        ),
        ({'id': 9, 'error': None, 'status': 'Saved'}, None),
        ({'id': 9, 'error': None, 'status': 'pending'}, (200, 'pending', 'the API answered status pending')),
        ({'id': None, 'error': 'no id'}, (200, None, 'no id')),
        ({'status': 'removed', 'applications': None}, None),
        ([], None),
    ],
)
def test_one_check_tells_every_answer_that_was_not_saved(body: t.Any, expected: t.Any) -> None:
    error = unsaved_answer('save it', 200, body)
    if expected is None:
        assert error is None
    else:
        assert error is not None
        assert (error.status, error.error_key, error.message) == expected


@pytest.mark.parametrize(
    'service, path, parsers',
    [
        ('api', 'pullzone/1001', ('_core_error',)),
        ('api', '/shield/shield-zone/3001', ('_nested_error', '_message', '_status_code')),
        ('api', 'mc/registries', ('_validation_problem', '_problem', '_code_error')),
        ('api', 'database/v2/databases', ('_app_error',)),
        ('video', 'library/5001/videos/a/thumbnail', ('_core_error', '_message')),
        ('logging', '10-22-26/1001.log', ('_code_error',)),
        ('database', 'v2/pipeline', ('_nested_error',)),
        ('elsewhere', 'x', ()),
    ],
)
def test_each_place_of_the_api_has_its_own_error_parsers(service: str, path: str, parsers: tuple) -> None:
    assert tuple(parser.__name__ for parser in error_shapes(service, path)) == parsers


def test_a_body_is_read_as_the_place_that_answered_writes_it() -> None:
    # Readable two ways: the Shield API's envelope at a Shield path, the core API's keys elsewhere.
    body = {'Message': 'core words', 'ErrorKey': 'core.key', 'error': {'message': 'shield words', 'errorKey': 'k'}}
    assert parse_error_body(400, body, shapes=error_shapes('api', 'shield/shield-zone/1')) == ('k', 'shield words', [])
    assert parse_error_body(400, body, shapes=error_shapes('api', 'pullzone/1'))[:2] == ('core.key', 'core words')
    # A gateway's body of another shape is still read, by the shapes of the other places.
    gateway = {'title': 'Bad Gateway', 'detail': 'upstream timed out'}
    assert parse_error_body(502, gateway, shapes=error_shapes('api', 'pullzone/1')) == (
        'Bad Gateway',
        'upstream timed out',
        [],
    )


def test_a_failed_answer_is_read_by_the_parsers_of_its_path(client: EdgeClient, api: FakeApi) -> None:
    body = {'Message': 'core words', 'error': {'message': 'shield words', 'errorKey': 'shield.bad'}}
    api.add('GET', r'^/shield/shield-zone/1$', FakeResponse(400, body))  # two shapes at once: no real answer
    with pytest.raises(EdgeApiError) as raised:
        client.get('shield/shield-zone/1', 'read shield zone 1')
    assert (raised.value.error_key, raised.value.message) == ('shield.bad', 'shield words')


@pytest.mark.parametrize(
    'body, done, expected',
    [
        ({'status': 'removed'}, ('removed', 'notFound'), None),
        ({'status': 'NotFound'}, ('removed', 'notFound'), None),
        (
            {'status': 'inUse', 'applications': ['a']},
            ('removed', 'notFound'),
            ('inUse', 'the API answered status inUse'),
        ),
        ({'status': 'saved'}, None, None),  # no id: not a save answer unless done says what it is
    ],
)
def test_a_remove_answer_says_whether_it_removed(body: dict, done: tuple | None, expected: tuple | None) -> None:
    refusal = unsaved_answer('remove thing', 200, body, done=done)
    assert (None if refusal is None else (refusal.error_key, refusal.message)) == expected


# ---- what a failure says: the user's terms, never a header's value ---------------------------------


def test_an_invalid_header_never_quotes_its_value(client: EdgeClient, api: FakeApi) -> None:
    key = API_KEY + '\n'
    api.add('GET', r'^/a$', requests.exceptions.InvalidHeader(f'Invalid return character in header value: {key!r}'))
    with pytest.raises(EdgeApiError) as caught:
        client.get('a', 'read a')
    assert str(caught.value) == (
        'read a failed: a request header holds a character HTTP cannot carry (its value is not shown)'
    )
    assert API_KEY not in repr(caught.value.failure())


def test_a_header_http_cannot_encode_is_a_failure_not_a_crash(client: EdgeClient, api: FakeApi) -> None:
    api.add('GET', r'^/a$', UnicodeEncodeError('latin-1', API_KEY + '\u2603', 28, 29, 'ordinal not in range(256)'))
    with pytest.raises(EdgeApiError) as caught:
        client.get('a', 'read a')
    assert 'a request header holds a character HTTP cannot carry' in str(caught.value)
    assert API_KEY not in str(caught.value)


def test_a_refused_connection_names_the_address_not_a_class() -> None:
    # A real session against a port nothing listens on: urllib3 names its connection class; the error must not.
    client = EdgeClient(API_KEY, {'api': 'http://127.0.0.1:1/base'}, retries=0)
    with pytest.raises(EdgeApiError) as caught:
        client.get('pullzone?x=1', 'list pull zones')
    message = str(caught.value)
    assert message.startswith('list pull zones failed: cannot connect to http://127.0.0.1:1: '), message
    assert 'Connection' not in message.split(': ', 2)[2] or 'refused' in message
    assert 'DeadlineConnection' not in message and 'HTTPConnection' not in message and 'host=' not in message


# ---- a 404 that is not the API's ----------------------------------------------------------------


@pytest.mark.parametrize(
    'answer',
    [
        FakeResponse(404, {'error': 'not_found', 'message': 'No such route.'}),  # the logging API's body
        FakeResponse(404, content=b'<html><body>Not Found</body></html>'),  # a web server's page
    ],
    ids=['another API', 'a web page'],
)
def test_a_404_of_something_else_is_no_not_found(client: EdgeClient, api: FakeApi, answer: FakeResponse) -> None:
    api.add('GET', r'^/pullzone/1001$', answer)
    with pytest.raises(EdgeApiError) as caught:
        client.get_or_none('pullzone/1001', 'read pull zone 1001', errors=CORE)
    assert caught.value.status == 404
    assert 'is https://api.edge.test the right base address?' in str(caught.value)


@pytest.mark.parametrize(
    'answer',
    [
        FakeResponse(404, {'ErrorKey': 'pullzone.not_found', 'Field': 'id', 'Message': 'The Pull Zone was not found'}),
        FakeResponse(404),  # the reference documents a 404 without a body
    ],
    ids=['its error body', 'no body'],
)
def test_the_apis_own_404_is_not_found(client: EdgeClient, api: FakeApi, answer: FakeResponse) -> None:
    api.add('GET', r'^/pullzone/1001$', answer)
    assert client.get_or_none('pullzone/1001', 'read pull zone 1001', errors=CORE) is None


def test_the_logging_apis_404_is_no_database_not_found(client: EdgeClient, api: FakeApi) -> None:
    # Both bodies have an ``error`` string; the logging API's has a ``message`` too, the database API's AppError none.
    api.add('GET', r'^/database/v2/databases/db_1$', FakeResponse(404, {'error': 'not_found', 'message': 'No route.'}))
    with pytest.raises(EdgeApiError, match='the right base address'):
        client.get_or_none('database/v2/databases/db_1', 'read database db_1', errors=DATABASES)
    api.add('GET', r'^/database/v2/databases/db_2$', FakeResponse(404, {'error': 'database not found'}))
    assert client.get_or_none('database/v2/databases/db_2', 'read database db_2', errors=DATABASES) is None
