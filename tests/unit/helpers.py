# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""What module unit tests talk to: the emulator's apps in process (``Emulator``), and a hand-made fake API
(``FakeApi``) for the malformed answers the emulator never gives. Both record every request."""

from __future__ import annotations

import asyncio
import dataclasses
import http
import io
import itertools
import json
import re
import threading
import typing as t
from http.client import RemoteDisconnected
from urllib.parse import parse_qs, unquote, urlsplit

import httpx
import requests
from requests.adapters import HTTPAdapter
from requests.sessions import Session
from starlette.testclient import TestClient
from urllib3 import HTTPResponse
from urllib3._collections import HTTPHeaderDict
from urllib3.exceptions import MaxRetryError, NewConnectionError, ProtocolError

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeClient
from ansible_collections.edge.platform.tests.emulator.core import ASGIApp, ServiceMiddleware, State
from ansible_collections.edge.platform.tests.emulator.server import admin_app, build_service

API_URL = 'https://api.edge.test'
VIDEO_URL = 'https://video.edge.test'
LOGGING_URL = 'https://logging.edge.test'
API_KEY = 'unit-test-api-key-0123456789'
COMMON_ARGS = {'api_key': API_KEY, 'api_url': API_URL, 'api_retries': 2}
# The same with the base addresses of every API the emulator serves.
EMULATOR_ARGS = dict(COMMON_ARGS, video_api_url=VIDEO_URL, logging_api_url=LOGGING_URL)


class ModuleExit(Exception):
    def __init__(self, result: dict[str, t.Any], failed: bool) -> None:
        super().__init__(result)
        self.result = result
        self.failed = failed


class FakeResponse:
    """The part of requests.Response the client uses."""

    def __init__(
        self, status: int, body: t.Any = None, headers: dict[str, str] | None = None, content: bytes | None = None
    ) -> None:
        self.status_code = status
        self.headers = requests.structures.CaseInsensitiveDict(headers or {})
        if content is not None:
            self.content = content
        elif body is None:
            self.content = b''
        else:
            self.content = json.dumps(body).encode()
            self.headers.setdefault('Content-Type', 'application/json')
        self.reason = requests.status_codes._codes.get(status, ('',))[0].upper().replace('_', ' ') if status else ''

    @property
    def text(self) -> str:
        return self.content.decode('utf-8', 'replace')

    def json(self) -> t.Any:
        return json.loads(self.content)

    def iter_content(self, chunk_size: int = 65536) -> t.Iterator[bytes]:
        for start in range(0, len(self.content), chunk_size):
            yield self.content[start : start + chunk_size]

    def close(self) -> None:
        pass


Handler = t.Callable[['Call'], t.Union[FakeResponse, Exception]]


class Call:
    """One request the module sent."""

    def __init__(self, method: str, url: str, params: t.Any, json_body: t.Any, data: t.Any, headers: t.Any) -> None:
        self.method = method
        self.url = url
        self.path = re.sub(r'^https?://[^/]+', '', url)
        self.params = dict(params or {})
        self.json = json_body
        self.data = data
        self.headers = dict(headers or {})

    def __repr__(self) -> str:
        return f'{self.method} {self.path} {self.params or ""}'


class FakeApi:
    """Routes requests to handlers by method and path regex; records every call.

    ``fake_api.add('GET', r'^/pullzone$', {...})`` answers 200 with that body;
    a handler may also be a FakeResponse, an exception, a callable(call) or a list of
    those (consumed in order, the last one repeats).
    """

    def __init__(self) -> None:
        self.routes: list[tuple[str, re.Pattern[str], list[t.Any]]] = []
        self.calls: list[Call] = []
        self.session_headers: dict[str, str] = {}

    def add(self, method: str, path: str, *answers: t.Any) -> None:
        self.routes.insert(0, (method.upper(), re.compile(path), list(answers)))

    @property
    def writes(self) -> list[Call]:
        return [call for call in self.calls if call.method not in ('GET', 'HEAD')]

    def handle(self, call: Call) -> FakeResponse:
        self.calls.append(call)
        for method, pattern, answers in self.routes:
            if method == call.method and pattern.search(call.path):
                answer = answers.pop(0) if len(answers) > 1 else answers[0]
                if callable(answer) and not isinstance(answer, FakeResponse):
                    answer = answer(call)
                if isinstance(answer, Exception):
                    raise answer
                if isinstance(answer, FakeResponse):
                    return answer
                return FakeResponse(200, answer)
        return FakeResponse(404, {'ErrorKey': 'not_found', 'Field': '', 'Message': f'no fake route for {call}'})


class FakeSession:
    def __init__(self, api: FakeApi) -> None:
        self.api = api
        self.headers = requests.structures.CaseInsensitiveDict()
        self.verify = True
        api.session_headers = self.headers

    def mount(self, prefix: str, adapter: t.Any) -> None:
        pass

    def request(
        self,
        method: str,
        url: str,
        params: t.Any = None,
        json: t.Any = None,
        data: t.Any = None,
        headers: t.Any = None,
        **kwargs: t.Any,
    ) -> FakeResponse:
        merged = dict(self.headers)
        merged.update(dict(headers or {}))
        merged = {key: value for key, value in merged.items() if value is not None}
        if hasattr(data, 'read'):
            data = data.read()
        elif data is not None and not isinstance(data, (bytes, str, dict)):
            data = b''.join(data)
        return self.api.handle(Call(method.upper(), url, params, json, data, merged))

    def close(self) -> None:
        pass


# The account key of the emulator states the emulator unit tests build.
EMULATOR_KEY = 'emulator-unit-key'


# ---- the emulator in process ------------------------------------------------------------------

WRITE_EXEMPT_METHODS = frozenset(('GET', 'HEAD', 'OPTIONS'))


@dataclasses.dataclass
class Sent:
    """One request a module sent to the emulator, as it went over the wire (``path`` percent-encoded), and the
    status it got (0 when a fault dropped the connection). ``service`` is the service of the address it went to:
    ``api``, ``video``, ``logging``, ``database`` (a database's pipeline), ``admin``."""

    service: str
    method: str
    path: str
    params: dict[str, str | list[str]]
    headers: requests.structures.CaseInsensitiveDict[str]
    content: bytes
    status: int = 0
    url: str = ''  # scheme, host and path, without the query
    answer: bytes = b''  # the body of the emulator's answer

    @property
    def json(self) -> t.Any:
        """The body decoded as JSON, or None when it is not JSON."""
        return _json_or_none(self.content)

    @property
    def answer_json(self) -> t.Any:
        """The answer's body decoded as JSON, or None when it is not JSON."""
        return _json_or_none(self.answer)

    def __repr__(self) -> str:
        return f'{self.method} {self.path} {self.params or ""} -> {self.status}'


def _json_or_none(content: bytes) -> t.Any:
    try:
        return json.loads(content) if content else None
    except ValueError:
        return None


def _body_bytes(body: t.Any) -> bytes:
    """A prepared request's body (bytes, text, a file or an iterable of chunks) as bytes."""
    if body is None:
        return b''
    if isinstance(body, str):
        return body.encode('utf-8')
    if isinstance(body, (bytes, bytearray)):
        return bytes(body)
    if hasattr(body, 'read'):
        return _body_bytes(body.read())
    return b''.join(chunk.encode('utf-8') if isinstance(chunk, str) else bytes(chunk) for chunk in body)


@dataclasses.dataclass
class Meanwhile:
    """What another client does right after the emulator answered a matching request."""

    method: str
    path: re.Pattern[str]
    action: t.Callable[[], None]
    times: int


class EmulatorAdapter(HTTPAdapter):
    """requests' adapter that hands each request to the ASGI app of one emulator address, with no socket."""

    def __init__(self, emulator: Emulator, service: str, app: ASGIApp | None = None) -> None:
        super().__init__(max_retries=0)
        self.emulator = emulator
        self.service = service
        self.app = app if app is not None else emulator.apps[service]

    def send(  # type: ignore[override]
        self, request: requests.PreparedRequest, stream: bool = False, **kwargs: t.Any
    ) -> requests.Response:
        url = urlsplit(request.url or '')
        content = _body_bytes(request.body)
        headers = requests.structures.CaseInsensitiveDict(
            {key: value for key, value in request.headers.items() if key.lower() != 'transfer-encoding'}
        )
        headers.setdefault('Host', url.netloc)
        if content or request.method not in WRITE_EXEMPT_METHODS:
            headers['Content-Length'] = str(len(content))
        query = parse_qs(url.query, keep_blank_values=True)
        sent = Sent(
            service=self.service,
            method=(request.method or 'GET').upper(),
            path=url.path,
            params={name: values[0] if len(values) == 1 else values for name, values in query.items()},
            headers=headers,
            content=content,
            url=f'{url.scheme}://{url.netloc}{url.path}',
        )
        self.emulator.sent.append(sent)
        scope = {
            'type': 'http',
            'asgi': {'version': '3.0'},
            'http_version': '1.1',
            'method': sent.method,
            'scheme': url.scheme,
            'path': unquote(url.path),
            'raw_path': url.path.encode('latin-1'),
            'root_path': '',
            'query_string': url.query.encode('latin-1'),
            'headers': [(key.lower().encode('latin-1'), value.encode('latin-1')) for key, value in headers.items()],
            'client': ('127.0.0.1', 50000),
            'server': (url.hostname or '', url.port or (443 if url.scheme == 'https' else 80)),
        }
        status, answer_headers, body = self.emulator.call(self.service, scope, content, self.app)
        if status is None:  # a fault dropped the connection before any answer
            raise requests.exceptions.ConnectionError(
                ProtocolError(
                    'Connection aborted.', RemoteDisconnected('Remote end closed connection without response')
                ),
                request=request,
            )
        sent.status = status
        sent.answer = body
        raw = HTTPResponse(
            body=io.BytesIO(body),
            headers=HTTPHeaderDict(answer_headers),
            status=status,
            reason=http.HTTPStatus(status).phrase if status in http.HTTPStatus._value2member_map_ else '',
            preload_content=False,
            decode_content=True,
            request_method=sent.method,
            request_url=request.url,
        )
        response = self.build_response(request, raw)
        self.emulator.after(sent)
        return response


class OfflineAdapter(HTTPAdapter):
    """What answers an address the emulator does not serve: a connection that cannot be opened (no network)."""

    def send(  # type: ignore[override]
        self, request: requests.PreparedRequest, stream: bool = False, **kwargs: t.Any
    ) -> requests.Response:
        message = 'Failed to establish a new connection: not an address of the emulator, and no network'
        # As urllib3 raises it, naming its connection (which the client's message leaves out).
        connection = f"HTTPSConnection(host='{urlsplit(request.url or '').hostname}', port=443)"
        refused = NewConnectionError(connection, message)  # type: ignore[arg-type]
        raise requests.exceptions.ConnectionError(
            MaxRetryError(None, request.url or '', refused),  # type: ignore[arg-type]
            request=request,
        )


class EmulatorSession(Session):
    """A requests session whose emulator addresses reach the emulator's apps; every other address is offline,
    whatever adapters the client mounts."""

    offline = OfflineAdapter()

    def get_adapter(self, url: str) -> t.Any:
        adapter = super().get_adapter(url)
        return adapter if isinstance(adapter, EmulatorAdapter) else self.offline


class EmulatorTransport(httpx.AsyncBaseTransport):
    """httpx's transport of the emulator's own fetches (a ``thumbnailUrl``): to its addresses, in process."""

    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        found = self.emulator.app_at(str(request.url))
        if found is None:
            raise httpx.ConnectError(f'no emulator address: {request.url}', request=request)
        return await httpx.ASGITransport(app=found[1]).handle_async_request(request)


# Ports of the addresses the areas bind (a database's pipeline, the video CDN) and of the admin address: no
# socket is opened, they only tell the addresses (and the databases) apart.
FIRST_BOUND_PORT = 41000


class Emulator:
    """The emulator's services in process: a seeded ``state``, its apps reached through requests' sessions,
    every request a module ``sent`` (with its body), and the admin endpoints (``admin``: ``/state``, faults).

    Faults are those of the admin endpoint ``POST /faults``: ``emulator.add_fault(path='^/shield/', status=503)``.
    The client's retry waits are recorded in ``slept`` instead of being waited. ``meanwhile`` lets another
    client act between two requests of a module (a concurrent run), through ``client()``.

    Besides the base addresses, the addresses the areas bind are served as the emulator's server serves them
    (``http://127.0.0.1:<port>``, here over ``https://`` too, which a ``libsql://`` URL means): each database's
    pipeline (its record's ``url``; service ``database``) and the video libraries' CDN (the videos'
    ``thumbnailUrl``), and the admin endpoints at ``admin_url``. Any other address is offline.
    """

    base_urls = {'api': API_URL, 'video': VIDEO_URL, 'logging': LOGGING_URL}

    def __init__(self, state: State) -> None:
        self.state = state
        self.apps = {service: build_service(service, state) for service in self.base_urls}
        self.admin = TestClient(admin_app(state))
        self.sent: list[Sent] = []
        self.slept: list[float] = []
        self.loop = asyncio.new_event_loop()
        self.calling = threading.RLock()
        self.args = dict(EMULATOR_ARGS)
        self.others: list[Meanwhile] = []
        self.in_other_run = False
        # Every address served: base address -> (service, app).
        self.addresses: dict[str, tuple[str, ASGIApp]] = {
            base_url: (service, self.apps[service]) for service, base_url in self.base_urls.items()
        }
        self.ports = itertools.count(FIRST_BOUND_PORT)
        for area in state.areas:
            area.bind(state, self.bind)
        self.admin_url = self.serve('admin', admin_app(state))

    def rescale(self, scale: int) -> None:
        """Seed the account again at ``scale`` (pull zones), as ``--seed`` does; the record of requests starts over."""
        self.state.scale = scale
        self.state.reset()
        self.sent.clear()

    def session(self) -> requests.Session:
        """A requests session whose requests to the emulator's addresses go to its apps (no other address
        answers)."""
        session = EmulatorSession()
        for base_url, (service, app) in self.addresses.items():
            session.mount(f'{base_url}/', EmulatorAdapter(self, service, app))
        return session

    def serve(self, service: str, app: ASGIApp) -> str:
        """Serve ``app`` at an address of its own, ``http://127.0.0.1:<port>`` (and ``https://``); returns it."""
        port = next(self.ports)
        for scheme in ('http', 'https'):
            self.addresses[f'{scheme}://127.0.0.1:{port}'] = (service, app)
        return f'http://127.0.0.1:{port}'

    def bind(self, service: str, app: ASGIApp) -> str:
        """What an area's ``bind`` is given: ``app`` at an address of its own, behind the emulator's middleware
        (faults, credentials, the record), as the emulator's server binds it."""
        return self.serve(service, ServiceMiddleware(app, service, self.state))

    def add_address(self, service: str, base_url: str) -> None:
        """Let ``service`` answer at ``base_url`` too (a plain http address, say), for sessions opened after."""
        self.addresses[base_url.rstrip('/')] = (service, self.apps[service])

    def app_at(self, url: str) -> tuple[str, ASGIApp] | None:
        """The (service, app) that answers ``url``: that of the longest address it starts with."""
        found = [base for base in self.addresses if url.lower().startswith(f'{base.lower()}/')]
        return self.addresses[max(found, key=len)] if found else None

    def transport(self) -> EmulatorTransport:
        """The transport of the emulator's own fetches (``areas.video.FETCH_TRANSPORT``)."""
        return EmulatorTransport(self)

    def client(self) -> EdgeClient:
        """A client of the emulator for a test's own set-up and for other clients' doings."""
        return EdgeClient(API_KEY, dict(self.base_urls), sleep=self.slept.append, session=self.session())

    def meanwhile(self, method: str, path: str, action: t.Callable[[], None], times: int = 1) -> None:
        """Run ``action`` (another client's doing) right after the emulator answered the next ``times`` requests
        of ``method`` to a path matching ``path``; its own requests go to ``requests``, not to ``sent``."""
        self.others.append(Meanwhile(method.upper(), re.compile(path), action, times))

    def after(self, sent: Sent) -> None:
        if self.in_other_run:  # another client's own requests do not set off more of its doings
            return
        for other in self.others:
            if other.times > 0 and other.method == sent.method and other.path.search(sent.path):
                other.times -= 1
                recorded, self.sent, self.in_other_run = self.sent, [], True
                try:
                    other.action()
                finally:
                    self.sent, self.in_other_run = recorded, False

    def call(
        self, service: str, scope: dict[str, t.Any], content: bytes, app: ASGIApp | None = None
    ) -> tuple[int | None, list[t.Any], bytes]:
        """Run one request through a service's app (or ``app``): (status or None when no answer came, headers,
        body)."""
        with self.calling:  # one loop for every thread of a module that reads concurrently
            return self.loop.run_until_complete(
                self._call(app if app is not None else self.apps[service], scope, content)
            )

    @staticmethod
    async def _call(app: t.Any, scope: dict[str, t.Any], content: bytes) -> tuple[int | None, list[t.Any], bytes]:
        answered = asyncio.Event()
        start: dict[str, t.Any] = {}
        chunks: list[bytes] = []
        request_read = False

        async def receive() -> dict[str, t.Any]:
            nonlocal request_read
            if not request_read:
                request_read = True
                return {'type': 'http.request', 'body': content, 'more_body': False}
            await answered.wait()  # the client stays until the whole answer is in
            return {'type': 'http.disconnect'}

        async def send(message: t.MutableMapping[str, t.Any]) -> None:
            if message['type'] == 'http.response.start':
                start.update(message)
            elif message['type'] == 'http.response.body':
                chunks.append(message.get('body', b''))
                if not message.get('more_body', False):
                    answered.set()

        await app(scope, receive, send)
        answered.set()
        if not start:
            return None, [], b''
        headers = [(key.decode('latin-1'), value.decode('latin-1')) for key, value in start.get('headers', [])]
        return start['status'], headers, b''.join(chunks)

    def close(self) -> None:
        self.loop.close()
        self.admin.close()
        self.state.close()  # the databases' SQLite files

    # What the emulator holds and was asked ---------------------------------------------------

    @property
    def requests(self) -> list[dict[str, t.Any]]:
        """The emulator's own record of the requests it served (service, method, path, query, status)."""
        return self.state.requests

    @property
    def writes(self) -> list[Sent]:
        return [sent for sent in self.sent if sent.method not in WRITE_EXEMPT_METHODS]

    def forget_requests(self) -> None:
        """Start the record afresh (after a test's own set-up)."""
        self.sent.clear()
        self.state.requests.clear()

    def snapshot(self) -> dict[str, list[t.Any]]:
        """The admin endpoint ``GET /state``: every area's lists."""
        response = self.admin.get('/state')
        response.raise_for_status()
        return t.cast(dict[str, list[t.Any]], response.json())

    def item(self, kind: str, **fields: t.Any) -> dict[str, t.Any]:
        """The one item of the snapshot list ``kind`` with those field values."""
        found = [item for item in self.snapshot()[kind] if all(item.get(k) == v for k, v in fields.items())]
        assert len(found) == 1, f'{len(found)} {kind} have {fields}'
        return t.cast(dict[str, t.Any], found[0])

    def add_fault(self, **spec: t.Any) -> None:
        """Inject a fault through the admin endpoint ``POST /faults`` (service, method, path, status, retry_after,
        times, after, skip, drop …)."""
        response = self.admin.post('/faults', json=spec)
        assert response.status_code == 201, response.text
