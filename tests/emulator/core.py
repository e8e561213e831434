# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""What every API area of the emulator shares.

The in-memory state with its request record and injected faults, the error body each
service answers with, the authentication rules, and the ASGI middleware that applies
faults, checks credentials and records every request.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import json
import random
import re
import typing as t
from dataclasses import dataclass, field

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

Scope = t.MutableMapping[str, t.Any]
ASGIApp = t.Callable[..., t.Awaitable[None]]

# Status code → error key used when a body has to be made up (faults, generic errors).
STATUS_KEYS = {
    400: 'invalid_request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not_found',
    405: 'method_not_allowed',
    409: 'conflict',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
    422: 'validation_failed',
    429: 'rate_limited',
    500: 'internal_error',
    502: 'bad_gateway',
    503: 'service_unavailable',
    504: 'gateway_timeout',
}
STATUS_TEXT = {
    400: 'The request is invalid.',
    401: 'Authorization has been denied for this request.',
    403: 'Access to this resource is forbidden.',
    404: 'The requested resource was not found.',
    409: 'The request conflicts with the current state of the resource.',
    429: 'Too many requests. Please slow down.',
    500: 'An unexpected error occurred.',
    502: 'Bad gateway.',
    503: 'The service is temporarily unavailable.',
    504: 'Gateway timeout.',
}


def json_response(body: t.Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(
        json.dumps(body, separators=(',', ':')), status_code=status, headers=headers, media_type='application/json'
    )


# ---- error bodies (spec section 7) ------------------------------------------------------

ErrorStyle = t.Callable[[int, str, str, str], t.Any]  # (status, key, message, field) -> body


def core_error(status: int, key: str, message: str, field_name: str = '') -> dict[str, str]:
    """Core management API and video library: ``{ErrorKey, Field, Message}``."""
    return {'ErrorKey': key, 'Field': field_name, 'Message': message}


def problem_error(status: int, key: str, message: str, field_name: str = '') -> dict[str, t.Any]:
    """RFC 7807 problem, as the container endpoints answer."""
    return {
        'type': f'https://errors.edge-platform.test/{key}',
        'title': key,
        'status': status,
        'detail': message,
        'instance': '',
    }


def shield_error(status: int, key: str, message: str, field_name: str = '') -> dict[str, t.Any]:
    """Shield envelope: ``{data, error: {success, message, errorKey}}``."""
    return {'data': None, 'error': {'success': False, 'message': message, 'errorKey': key}}


def video_error(status: int, key: str, message: str, field_name: str = '') -> dict[str, t.Any]:
    """Video API (thumbnail): ``{success, message, statusCode}``."""
    return {'success': False, 'message': message, 'statusCode': status}


def logging_error(status: int, key: str, message: str, field_name: str = '') -> dict[str, str]:
    """Logging API: ``{error: <code>, message}`` with the codes of spec 7.1."""
    return {'error': key, 'message': message}


def database_error(status: int, key: str, message: str, field_name: str = '') -> dict[str, t.Any]:
    return {'error': {'message': message, 'code': key.upper()}}


# Each service's error body where no area declares one for the path: (service, path prefix) → style.
DEFAULT_ERROR_STYLES: dict[tuple[str, str], ErrorStyle] = {
    ('api', '/'): core_error,
    ('video', '/'): video_error,
    ('logging', '/'): logging_error,
    ('database', '/'): database_error,
}

Rule = t.TypeVar('Rule')


def longest_prefix(rules: t.Mapping[tuple[str, str], Rule], service: str, path: str, default: Rule) -> Rule:
    """The rule of ``(service, prefix)`` whose prefix is the longest that ``path`` starts with."""
    best_length, best = -1, default
    for (name, prefix), rule in rules.items():
        if name == service and path.startswith(prefix) and len(prefix) > best_length:
            best_length, best = len(prefix), rule
    return best


def error_response(
    state: State,
    service: str,
    path: str,
    status: int,
    message: str | None = None,
    key: str | None = None,
    field_name: str = '',
    headers: dict[str, str] | None = None,
) -> Response:
    key = key or STATUS_KEYS.get(status, f'http_{status}')
    message = message or STATUS_TEXT.get(status, f'HTTP {status}')
    body = state.error_style(service, path)(status, key, message, field_name)
    return json_response(body, status, headers)


class ApiError(Exception):
    """Raised by a handler: answered with the service's error body for the path."""

    def __init__(
        self,
        status: int,
        message: str,
        key: str | None = None,
        field_name: str = '',
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.key = key
        self.field_name = field_name
        self.headers = headers

    def response(self, state: State, service: str, path: str) -> Response:
        """This error in the error shape of ``service`` for ``path``."""
        return error_response(state, service, path, self.status, self.message, self.key, self.field_name, self.headers)


# ---- state, record, faults --------------------------------------------------------------


@dataclass
class Fault:
    path: re.Pattern[str]
    service: str | None = None
    method: str | None = None
    status: int | None = None
    retry_after: float | None = None
    delay: float = 0.0
    drop: bool = False
    times: int = 1
    # The request is handled first and the fault hits its answer: lost after the server acted.
    after: bool = False
    # Seconds between the bytes of the answer's body, or of its head when it has no body (a server that trickles).
    drip: float = 0.0
    # Matching requests to let through before the fault applies (the write after a read, say).
    skip: int = 0

    def matches(self, service: str, method: str, path: str) -> bool:
        return (
            self.times > 0
            and (self.service is None or self.service == service)
            and (self.method is None or self.method.upper() == method)
            and self.path.search(path) is not None
        )

    def describe(self) -> dict[str, t.Any]:
        return {
            'service': self.service,
            'method': self.method,
            'path': self.path.pattern,
            'status': self.status,
            'retry_after': self.retry_after,
            'delay': self.delay,
            'drop': self.drop,
            'times': self.times,
            'after': self.after,
            'drip': self.drip,
            'skip': self.skip,
        }


class Endpoint(t.NamedTuple):
    """One line of an area's route table: ``handler`` names an async method ``(state, request) -> Response``."""

    service: str
    method: str
    path: str
    handler: str


class Area:
    """One API area of the emulator (pull zones, shield, containers …).

    ``endpoints`` is the area's route table, read top to bottom like the spec; ``auth`` and
    ``error_style`` map ``(service, path prefix)`` to the credential check and the error body
    of the paths under that prefix (the longest prefix over every area wins, then core's
    defaults). ``seed`` fills the area's part of ``state.data`` (deterministic for a scale),
    ``snapshot`` gives its lists for ``GET {admin_url}/state`` and ``bind`` may start extra
    servers (one per database): ``bind(service, app)`` serves ``app`` on a port of its own
    (requests recorded under ``service``, faults applied) and returns its base URL.
    """

    name = ''
    endpoints: t.ClassVar[t.Sequence[Endpoint]] = ()
    auth: t.ClassVar[t.Mapping[tuple[str, str], AuthCheck]] = {}
    error_style: t.ClassVar[t.Mapping[tuple[str, str], ErrorStyle]] = {}

    def seed(self, state: State, rng: random.Random) -> None:
        """Fill this area's data; called at start and on every reset."""

    def routes(self, state: State) -> dict[str, list[BaseRoute]]:
        """The route table as Starlette routes per service, each handler bound to ``state``."""
        by_service: dict[str, list[BaseRoute]] = {}
        for endpoint in self.endpoints:
            handler = getattr(self, endpoint.handler)
            by_service.setdefault(endpoint.service, []).append(
                Route(endpoint.path, bind_state(handler, state), methods=[endpoint.method], name=endpoint.handler)
            )
        return by_service

    def snapshot(self, state: State) -> dict[str, list[t.Any]]:
        return {}

    def bind(self, state: State, bind: t.Callable[[str, ASGIApp], str]) -> None:
        """Start extra servers; called once, after the first seeding."""

    def close(self, state: State) -> None:
        """Release what the area holds outside ``state.data`` (files); called once, when the state is done."""

    def observe(self, state: State, write: Write) -> None:
        """See a write that the service answered with a 2xx (the audit log keeps one entry per change)."""


class Write(t.NamedTuple):
    """A write a service carried out: who sent it (``actor``: ``None`` for the account's API key, else the person
    in the dashboard), what it was and what the service answered."""

    service: str
    method: str
    path: str
    status: int
    body: bytes
    answer: bytes
    actor: str | None


Handler = t.Callable[['State', Request], t.Awaitable[Response]]


def bind_state(handler: Handler, state: State) -> t.Callable[[Request], t.Awaitable[Response]]:
    """A Starlette endpoint that runs ``handler`` on ``state`` (areas are shared by every State)."""

    async def endpoint(request: Request) -> Response:
        return await handler(state, request)

    return endpoint


@dataclass
class State:
    api_key: str
    scale: int
    areas: t.Sequence[Area] = ()
    data: dict[str, t.Any] = field(default_factory=dict)
    requests: list[dict[str, t.Any]] = field(default_factory=list)
    faults: list[Fault] = field(default_factory=list)
    # Values that outlive a reset (ports of extra servers and the like).
    fixed: dict[str, t.Any] = field(default_factory=dict)

    def auth_check(self, service: str, path: str) -> AuthCheck:
        """The credential check for ``path`` of ``service``; none when nothing covers it."""
        return longest_prefix(self.declared_auth, service, path, no_auth)

    def error_style(self, service: str, path: str) -> ErrorStyle:
        """The error body for ``path`` of ``service``."""
        return longest_prefix(self.declared_error_styles, service, path, core_error)

    @functools.cached_property
    def declared_auth(self) -> dict[tuple[str, str], AuthCheck]:
        return self._declared('auth', DEFAULT_AUTH)

    @functools.cached_property
    def declared_error_styles(self) -> dict[tuple[str, str], ErrorStyle]:
        return self._declared('error_style', DEFAULT_ERROR_STYLES)

    def _declared(self, attribute: str, defaults: t.Mapping[tuple[str, str], Rule]) -> dict[tuple[str, str], Rule]:
        """Core's defaults overlaid with what each area declares; two areas may not claim the same prefix."""
        rules = dict(defaults)
        claimed_by: dict[tuple[str, str], str] = {}
        for area in self.areas:
            for service_prefix, rule in getattr(area, attribute).items():
                if service_prefix in claimed_by:
                    raise ValueError(
                        f'{area.name} and {claimed_by[service_prefix]} both declare {attribute} {service_prefix}'
                    )
                claimed_by[service_prefix] = area.name
                rules[service_prefix] = rule
        return rules

    def reset(self) -> None:
        self.data.clear()
        self.requests.clear()
        self.faults.clear()
        for area in self.areas:
            area.seed(self, random.Random(f'{area.name}:{self.scale}'))

    def close(self) -> None:
        """Release what the areas hold outside the data (the databases' files)."""
        for area in self.areas:
            area.close(self)

    def take_fault(self, service: str, method: str, path: str) -> Fault | None:
        for fault in self.faults:
            if fault.matches(service, method, path):
                if fault.skip > 0:
                    fault.skip -= 1
                    return None
                fault.times -= 1
                return fault
        return None

    def add_fault(self, spec: dict[str, t.Any]) -> Fault:
        try:
            pattern = re.compile(str(spec.get('path') or ''))
        except re.error as exc:
            raise ApiError(400, f'path is not a valid regular expression: {exc}') from None
        times = int(spec.get('times') if spec.get('times') is not None else 1)
        status = spec.get('status')
        fault = Fault(
            path=pattern,
            service=spec.get('service'),
            method=spec.get('method'),
            status=int(status) if status is not None else None,
            retry_after=float(spec['retry_after']) if spec.get('retry_after') is not None else None,
            delay=float(spec.get('delay') or 0),
            drop=bool(spec.get('drop')),
            times=times,
            after=bool(spec.get('after')),
            drip=float(spec.get('drip') or 0),
            skip=int(spec.get('skip') or 0),
        )
        if fault.status is None and not fault.drop and not fault.delay and not fault.drip:
            raise ApiError(400, 'a fault needs a status, a delay, drop or drip')
        self.faults.append(fault)
        return fault


# ---- authentication ----------------------------------------------------------------------

AuthCheck = t.Callable[[State, Request], ApiError | None]


def access_key_auth(state: State, request: Request) -> ApiError | None:
    """Management and video API: ``AccessKey`` must be the account key; 401 otherwise."""
    if request.headers.get('accesskey') != state.api_key:
        return ApiError(401, 'Authorization has been denied for this request.', 'unauthorized', 'AccessKey')
    return None


def logging_auth(state: State, request: Request) -> ApiError | None:
    """Logging API: 401 when no credentials, 403 when they are wrong (spec 5 and 7.1)."""
    key = request.headers.get('accesskey')
    bearer = request.headers.get('authorization', '')
    if not key and not bearer:
        return ApiError(401, 'No authentication credentials were provided.', 'unauthorized')
    if key != state.api_key:
        return ApiError(403, 'The credentials are invalid.', 'forbidden')
    return None


def no_auth(state: State, request: Request) -> ApiError | None:
    return None


# Each service's credential check where no area declares one for the path.
DEFAULT_AUTH: dict[tuple[str, str], AuthCheck] = {
    ('api', '/'): access_key_auth,
    ('video', '/'): access_key_auth,
    ('logging', '/'): logging_auth,
}


# ---- middleware ---------------------------------------------------------------------------

# Methods that change nothing: every other request the services answer with a 2xx is a write the areas see.
READS = frozenset({'GET', 'HEAD', 'OPTIONS'})
# The ASGI scope key that names who sent a request made in the dashboard (admin ``POST /dashboard``).
ACTOR = 'edge.actor'

# Open connections by peer address, so that a fault can drop one or trickle its answer (see server.TrackingH11Protocol).
TRANSPORTS: dict[tuple[str, int], asyncio.BaseTransport] = {}


class ServiceMiddleware:
    """Applies injected faults, checks credentials, turns ApiError into error bodies and records the request."""

    def __init__(self, app: ASGIApp, service: str, state: State) -> None:
        self.app = app
        self.service = service
        self.state = state

    async def __call__(self, scope: Scope, receive: t.Callable[..., t.Any], send: t.Callable[..., t.Any]) -> None:
        if scope['type'] != 'http':
            await self.app(scope, receive, send)
            return
        method = scope['method']
        path = scope['path']
        entry = {
            'service': self.service,
            'method': method,
            'path': path,
            'query': scope.get('query_string', b'').decode('latin-1'),
            'status': None,
        }
        self.state.requests.append(entry)

        fault = self.state.take_fault(self.service, method, path)
        if fault is not None and not fault.after and await self._apply(fault, scope, receive, send, entry):
            return

        denied = self.state.auth_check(self.service, path)(self.state, Request(scope))
        if denied is not None:
            entry['status'] = denied.status
            await denied.response(self.state, self.service, path)(scope, receive, send)
            return

        held: list[t.MutableMapping[str, t.Any]] = []  # the head of a dripping answer, until its body comes
        receive, observed = self._observed(scope, receive) if method not in READS else (receive, _unchanged)

        async def recording_send(message: t.MutableMapping[str, t.Any]) -> None:
            if message['type'] == 'http.response.start':
                entry['status'] = message['status']
                if fault is not None and fault.after and fault.delay:  # done, then slow to answer
                    await asyncio.sleep(fault.delay)
                if fault is not None and fault.drip:
                    held.append(message)
                    return
            if fault is not None and fault.drip and message['type'] == 'http.response.body':
                await self._trickle(scope, held, message, send, fault.drip)
                return
            await send(message)

        if fault is not None and fault.after and (fault.drop or fault.status is not None):
            # The handler acts on the state; its answer is replaced by the fault.
            await self.app(scope, receive, observed(_discard))
            if await self._apply(fault, scope, receive, send, entry):
                return
        await self.app(scope, receive, observed(recording_send))

    def _observed(
        self, scope: Scope, receive: t.Callable[..., t.Any]
    ) -> tuple[t.Callable[..., t.Any], t.Callable[[t.Callable[..., t.Any]], t.Callable[..., t.Any]]]:
        """A ``receive`` that keeps the request's body, and what wraps a ``send`` to keep the answer's and show the
        areas the write once its answer (2xx) is complete: one whose answer a fault replaces after it was carried out
        counts too."""
        body, answer = bytearray(), bytearray()
        status: list[int] = []

        async def keeping_receive() -> t.Any:
            message = await receive()
            if message.get('type') == 'http.request':
                body.extend(message.get('body', b''))
            return message

        def wrap(send: t.Callable[..., t.Any]) -> t.Callable[..., t.Any]:
            async def keeping_send(message: t.MutableMapping[str, t.Any]) -> None:
                keep(message)
                await send(message)

            return keeping_send

        def keep(message: t.MutableMapping[str, t.Any]) -> None:
            if message['type'] == 'http.response.start':
                status.append(int(message['status']))
            elif message['type'] == 'http.response.body':
                answer.extend(message.get('body', b''))
                if not message.get('more_body') and status and 200 <= status[0] < 300:
                    write = Write(
                        self.service,
                        scope['method'],
                        scope['path'],
                        status[0],
                        bytes(body),
                        bytes(answer),
                        scope.get(ACTOR),
                    )
                    for area in self.state.areas:
                        area.observe(self.state, write)

        return keeping_receive, wrap

    async def _apply(
        self,
        fault: Fault,
        scope: Scope,
        receive: t.Callable[..., t.Any],
        send: t.Callable[..., t.Any],
        entry: dict[str, t.Any],
    ) -> bool:
        """Delay, then drop the connection or answer with the fault's status; True when it answered."""
        if fault.delay:
            await asyncio.sleep(fault.delay)
        if fault.drop:
            entry['status'] = 0
            transport = TRANSPORTS.get(tuple(scope.get('client') or ())[:2])
            if transport is not None:
                transport.abort()
                await asyncio.sleep(0.01)  # let the server see the disconnect before the handler returns
            return True
        if fault.status is not None:
            entry['status'] = fault.status
            headers = {'Retry-After': _retry_after(fault.retry_after)} if fault.retry_after is not None else None
            answer = error_response(self.state, self.service, scope['path'], fault.status, headers=headers)
            await answer(scope, receive, send)
            return True
        return False

    @staticmethod
    async def _trickle(
        scope: Scope,
        held: list[t.MutableMapping[str, t.Any]],
        message: t.MutableMapping[str, t.Any],
        send: t.Callable[..., t.Any],
        seconds: float,
    ) -> None:
        """Send the body a byte every ``seconds``; an answer without a body, its head (status line and headers).

        The head waits in ``held`` for the first part of the body, which tells whether there is one.
        Without a connection of the emulator's own (an in-process client) only the body trickles,
        a message a byte.
        """
        transport = TRANSPORTS.get(tuple(scope.get('client') or ())[:2])
        if not isinstance(transport, TricklingTransport):
            while held:
                await send(held.pop())
            body: bytes = message.get('body', b'')
            more = message.get('more_body', False)
            for index in range(len(body)):
                await send({**message, 'body': body[index : index + 1], 'more_body': more or index < len(body) - 1})
                await asyncio.sleep(seconds)
            if not body:
                await send(message)
            return
        last = not message.get('more_body', False)
        if held:
            transport.drip = seconds if last and not message.get('body') else 0.0
            try:
                await send(held.pop())
            finally:
                transport.drip = 0.0
        transport.drip = seconds
        try:
            await send(message)
        finally:
            transport.drip = 0.0
        if last:
            await transport.sent()


class TricklingTransport:
    """A connection's transport that can send what is written to it a byte at a time (the drip fault).

    What is written while ``drip`` is set goes out one byte every ``drip`` seconds; what is written
    after it waits its turn, and a close waits until all is sent. Sending stops when the peer is
    gone, or at ``cut`` (the server shutting down). Everything else is the wrapped transport's.
    """

    def __init__(self, transport: asyncio.Transport) -> None:
        self.transport = transport
        self.drip = 0.0
        self._queue: collections.deque[tuple[bytes, float]] = collections.deque()
        self._sender: asyncio.Task[None] | None = None
        self._close_when_sent = False

    def __getattr__(self, name: str) -> t.Any:
        return getattr(self.transport, name)

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not self.drip and self._sender is None:
            self.transport.write(data)
            return
        self._queue.append((bytes(data), self.drip))
        if self._sender is None:
            self._sender = asyncio.get_running_loop().create_task(self._send())

    async def _send(self) -> None:
        try:
            while self._queue and not self.transport.is_closing():
                data, seconds = self._queue.popleft()
                if not seconds:
                    self.transport.write(data)
                    continue
                for index in range(len(data)):
                    if self.transport.is_closing():
                        break
                    self.transport.write(data[index : index + 1])
                    await asyncio.sleep(seconds)
        finally:
            self._queue.clear()
            self._sender = None
            if self._close_when_sent:
                self.transport.close()

    async def sent(self) -> None:
        """Wait until what was written is sent, or sending stopped."""
        if self._sender is not None:
            await asyncio.wait([self._sender])

    def cut(self) -> None:
        """Stop sending: what is still queued is dropped."""
        self._queue.clear()
        if self._sender is not None:
            self._sender.cancel()

    def is_closing(self) -> bool:
        return self._close_when_sent or self.transport.is_closing()

    def close(self) -> None:
        if self._sender is not None:
            self._close_when_sent = True
        else:
            self.transport.close()

    def abort(self) -> None:
        self.cut()
        self.transport.abort()


def service_app(service: str, state: State, routes: t.Sequence[BaseRoute]) -> Starlette:
    """A Starlette app whose handlers may raise ApiError, answered in the service's error shape."""

    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return exc.response(state, service, request.url.path)

    return Starlette(routes=list(routes), exception_handlers={ApiError: api_error})


def _unchanged(send: t.Callable[..., t.Any]) -> t.Callable[..., t.Any]:
    """A read's ``send``: nothing is kept of its answer."""
    return send


async def _discard(message: t.MutableMapping[str, t.Any]) -> None:
    """Where the answer of a request goes when a fault replaces it."""


def _retry_after(seconds: float) -> str:
    return str(int(seconds)) if float(seconds).is_integer() else str(seconds)


# ---- request helpers -----------------------------------------------------------------------


def query_int(request: Request, name: str, default: int, minimum: int | None = None, maximum: int | None = None) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == '':
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ApiError(400, f"The value '{raw}' is not valid for {name}.", 'validation_error', name) from None
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        bounds = f'between {minimum} and {maximum}' if maximum is not None else f'at least {minimum}'
        raise ApiError(400, f'{name} must be {bounds}, got {value}.', 'validation_error', name)
    return value


def query_bool(request: Request, name: str, default: bool = False) -> bool:
    raw = request.query_params.get(name)
    if raw is None or raw == '':
        return default
    lowered = raw.lower()
    if lowered not in ('true', 'false', '1', '0'):
        raise ApiError(400, f"The value '{raw}' is not valid for {name}.", 'validation_error', name)
    return lowered in ('true', '1')


async def json_body(request: Request) -> t.Any:
    raw = await request.body()
    if not raw:
        return None
    try:
        return json.loads(raw)
    except ValueError:
        raise ApiError(400, 'The request body is not valid JSON.', 'invalid_json') from None
