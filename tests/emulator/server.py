# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Start the emulator: one uvicorn server per base address, all in one event loop."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import secrets
import signal
import socket
import sys
import typing as t
from pathlib import Path

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.routing import Route
from uvicorn.protocols.http.h11_impl import H11Protocol

from .areas import AREAS
from .core import (
    TRANSPORTS,
    ApiError,
    ASGIApp,
    ServiceMiddleware,
    State,
    TricklingTransport,
    json_body,
    json_response,
    service_app,
)
from .env_file import remove_env_file, write_env_file

SERVICES = ('api', 'video', 'logging')


class TrackingH11Protocol(H11Protocol):
    """Remembers each connection's transport by peer, so a fault can drop the connection or trickle its answer."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        # Each answer goes out at once, as from a real service: without TCP_NODELAY (asyncio sets it only on sockets
        # made with proto IPPROTO_TCP) every answer after the first on a kept-alive connection waited ~40 ms for the
        # client's delayed ACK, which made clients that keep their connections look slower than those that do not.
        sock = transport.get_extra_info('socket')
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        trickling = TricklingTransport(transport)
        super().connection_made(t.cast(asyncio.Transport, trickling))
        peer = transport.get_extra_info('peername')
        if peer:
            TRANSPORTS[tuple(peer[:2])] = t.cast(asyncio.Transport, trickling)

    def shutdown(self) -> None:
        # The server is stopping: an answer still trickling is cut off rather than waited for.
        if isinstance(self.transport, TricklingTransport):
            self.transport.cut()
        super().shutdown()

    def connection_lost(self, exc: Exception | None) -> None:
        peer = self.transport.get_extra_info('peername') if self.transport else None
        if peer:
            TRANSPORTS.pop(tuple(peer[:2]), None)
        super().connection_lost(exc)


class QuietServer(uvicorn.Server):
    """A uvicorn server that leaves signal handling to the emulator (several run in one loop)."""

    @contextlib.contextmanager
    def capture_signals(self) -> t.Iterator[None]:
        yield


def build_service(service: str, state: State) -> ASGIApp:
    routes = []
    for area in state.areas:
        routes.extend(area.routes(state).get(service, []))
    app = ServiceMiddleware(service_app(service, state, routes), service, state)
    state.fixed.setdefault('apps', {})[service] = app  # the dashboard's changes go through the same handlers
    return app


def admin_app(state: State) -> ASGIApp:
    async def get_state(request: Request) -> t.Any:
        snapshot: dict[str, t.Any] = {}
        for area in state.areas:
            snapshot.update(area.snapshot(state))
        # ?only=pullzones,purges: those parts alone (a test reading one part need not parse them all).
        only = request.query_params.get('only')
        if only is not None:
            names = [name for name in only.split(',') if name]
            unknown = [name for name in names if name not in snapshot]
            if unknown or not names:
                known = ', '.join(snapshot)
                raise ApiError(400, f"only: {', '.join(unknown) or 'nothing'} is not a part of the state ({known})")
            snapshot = {name: snapshot[name] for name in names}
        # ?digest=true: a hash of it, for tests that only ask whether anything changed.
        if request.query_params.get('digest', '').lower() in ('1', 'true'):
            canonical = json.dumps(snapshot, sort_keys=True, separators=(',', ':'), default=str)
            return json_response({'digest': hashlib.sha256(canonical.encode()).hexdigest()})
        return json_response(snapshot)

    async def get_requests(request: Request) -> t.Any:
        # ?count=true: how many there are; ?since=N: those after the first N (a test marks the record, acts, reads).
        if request.query_params.get('count', '').lower() in ('1', 'true'):
            return json_response({'count': len(state.requests)})
        since = request.query_params.get('since', '0')
        if not since.isdigit():
            raise ApiError(400, f'since must be a number of requests, got {since!r}')
        return json_response(state.requests[int(since) :])

    async def clear_requests(request: Request) -> t.Any:
        state.requests.clear()
        return json_response({'cleared': True})

    async def reset(request: Request) -> t.Any:
        # An optional {"faults": [...]} is armed on the fresh state: one call starts a fault test.
        body = await json_body(request) if await request.body() else {}
        faults = body.get('faults') if isinstance(body, dict) else None
        if faults is not None and not isinstance(faults, list):
            raise ApiError(400, 'faults must be a list of faults')
        state.reset()
        armed = [state.add_fault(spec).describe() for spec in faults or []]
        return json_response({'reset': True, 'faults': armed})

    async def add_fault(request: Request) -> t.Any:
        body = await json_body(request)
        if not isinstance(body, dict):
            raise ApiError(400, 'the body must be a JSON object')
        return json_response(state.add_fault(body).describe(), 201)

    async def list_faults(request: Request) -> t.Any:
        return json_response([fault.describe() for fault in state.faults])

    async def clear_faults(request: Request) -> t.Any:
        state.faults.clear()
        return json_response({'cleared': True})

    # Areas may add admin endpoints of their own (live traffic).
    area_routes = [route for area in state.areas for route in area.routes(state).get('admin', [])]
    app = Starlette(
        exception_handlers={ApiError: lambda request, exc: json_response({'error': exc.message}, exc.status)},
        routes=area_routes
        + [
            Route('/state', get_state, methods=['GET']),
            Route('/requests', get_requests, methods=['GET']),
            Route('/requests', clear_requests, methods=['DELETE']),
            Route('/reset', reset, methods=['POST']),
            Route('/faults', add_fault, methods=['POST']),
            Route('/faults', list_faults, methods=['GET']),
            Route('/faults', clear_faults, methods=['DELETE']),
        ],
    )
    return app


class Emulator:
    """Binds one socket per base address (port chosen by the OS) and serves them together."""

    def __init__(self, host: str) -> None:
        self.host = host
        self.servers: list[tuple[QuietServer, socket.socket]] = []

    def bind(self, service: str, app: ASGIApp) -> int:
        sock = socket.socket(socket.AF_INET6 if ':' in self.host else socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, 0))
        sock.listen(128)
        sock.setblocking(False)
        config = uvicorn.Config(
            app,
            http=TrackingH11Protocol,
            lifespan='off',
            log_level='warning',
            access_log=False,
            timeout_keep_alive=30,
            server_header=False,
        )
        self.servers.append((QuietServer(config), sock))
        return sock.getsockname()[1]

    def url(self, port: int) -> str:
        host = f'[{self.host}]' if ':' in self.host else self.host
        return f'http://{host}:{port}'

    async def serve(self, ready_line: str, on_ready: t.Callable[[], None] = lambda: None) -> None:
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, self.stop)
        tasks = [asyncio.create_task(server.serve(sockets=[sock])) for server, sock in self.servers]
        while not all(server.started for server, _sock in self.servers):
            if any(task.done() for task in tasks):
                break
            await asyncio.sleep(0.01)
        else:
            on_ready()
            sys.stdout.write(ready_line + '\n')
            sys.stdout.flush()
        await asyncio.gather(*tasks)

    def stop(self) -> None:
        for server, _sock in self.servers:
            server.should_exit = True


def run(host: str = '127.0.0.1', api_key: str | None = None, scale: int = 12, env_file: Path | None = None) -> None:
    """Serve until SIGTERM or SIGINT. Once every port listens, ENV_FILE (if given) holds the EDGE_* variables of the
    line printed then, and a line on stderr says how to source it; it is removed when the emulator stops."""
    state = State(api_key=api_key or f'emu-{secrets.token_hex(16)}', scale=scale, areas=AREAS)
    state.reset()
    emulator = Emulator(host)
    ports = {service: emulator.bind(service, build_service(service, state)) for service in SERVICES}
    ports['admin'] = emulator.bind('admin', admin_app(state))
    for area in state.areas:
        area.bind(
            state, lambda service, app: emulator.url(emulator.bind(service, ServiceMiddleware(app, service, state)))
        )
    ready = {
        'api_url': emulator.url(ports['api']),
        'video_api_url': emulator.url(ports['video']),
        'logging_api_url': emulator.url(ports['logging']),
        'admin_url': emulator.url(ports['admin']),
        'api_key': state.api_key,
    }

    def on_ready() -> None:
        if env_file is not None:
            write_env_file(env_file, ready)
            sys.stderr.write(f'The EDGE_* variables of this emulator are in {env_file}: source {env_file}\n')
            sys.stderr.flush()

    try:
        asyncio.run(emulator.serve(json.dumps(ready), on_ready))
    finally:
        if env_file is not None:
            remove_env_file(env_file, ready)
        state.close()
