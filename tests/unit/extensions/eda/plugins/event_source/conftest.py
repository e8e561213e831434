# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Fixtures of the event source tests: the emulator in this process, on a clock the tests move.

The sources build the collection's real API client; its ``requests.Session`` is replaced
by one that hands each request to the emulator's apps (through Starlette's test client),
so retries, Retry-After, faults and error bodies are the real ones, with no sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import typing as t

import pytest
import requests
from starlette.testclient import TestClient

from ansible_collections.edge.platform.plugins.module_utils import _client as client_module
from ansible_collections.edge.platform.plugins.plugin_utils import _event_sources as event_sources
from ansible_collections.edge.platform.tests.emulator.areas import AREAS, cdn_logs, shield_events
from ansible_collections.edge.platform.tests.emulator.core import State
from ansible_collections.edge.platform.tests.emulator.server import admin_app, build_service
from ansible_collections.edge.platform.tests.unit.helpers import EMULATOR_KEY

UTC = datetime.timezone.utc
START = int(datetime.datetime(2026, 11, 22, 15, 30, 12, tzinfo=UTC).timestamp() * 1000)
API_URL = 'http://api.emulator.test'
LOGGING_URL = 'http://logging.emulator.test'
SERVICES = {API_URL: 'api', LOGGING_URL: 'logging'}


class Clock:
    """The time of the emulator and of the sources, in epoch ms; only the tests move it."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> int:
        return self.now


class Answer:
    """The part of requests.Response the client uses, from a test client's response."""

    def __init__(self, response: t.Any) -> None:
        self.status_code = response.status_code
        self.headers = response.headers
        self.content = response.content
        self.reason = response.reason_phrase

    @property
    def text(self) -> str:
        return self.content.decode('utf-8', 'replace')

    def json(self) -> t.Any:
        return requests.models.complexjson.loads(self.content)

    def iter_content(self, chunk_size: int = 65536) -> t.Iterator[bytes]:
        for start in range(0, len(self.content), chunk_size):
            yield self.content[start : start + chunk_size]

    def close(self) -> None:
        pass


class InProcessSession:
    """A requests.Session stand-in that sends every request to the emulator app of its base address."""

    def __init__(self, state: State) -> None:
        self.clients = {base: TestClient(build_service(service, state)) for base, service in SERVICES.items()}
        self.headers = requests.structures.CaseInsensitiveDict()
        self.verify = True

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
        **_ignored: t.Any,
    ) -> Answer:
        merged = {key: value for key, value in dict(self.headers, **(headers or {})).items() if value is not None}
        base = next(base for base in self.clients if url.startswith(base))
        return Answer(
            self.clients[base].request(method, url[len(base) :], params=params, json=json, content=data, headers=merged)
        )

    def close(self) -> None:
        pass


class Emulator:
    """The emulator's state, its admin API and the waits the client was asked to make."""

    def __init__(self, state: State, clock: Clock) -> None:
        self.state = state
        self.clock = clock
        self.admin = TestClient(admin_app(state))
        self.api = TestClient(build_service('api', state), headers={'AccessKey': EMULATOR_KEY})
        self.logging = TestClient(build_service('logging', state), headers={'AccessKey': EMULATOR_KEY})
        self.waits: list[float] = []

    def traffic(self, **body: t.Any) -> dict[str, t.Any]:
        answer = self.admin.post('/traffic', json=body)
        assert answer.status_code == 201, answer.text
        return answer.json()

    def fault(self, **spec: t.Any) -> None:
        assert self.admin.post('/faults', json=spec).status_code == 201

    def requests(self, service: str, path_part: str) -> list[dict[str, t.Any]]:
        return [entry for entry in self.state.requests if entry['service'] == service and path_part in entry['path']]


@pytest.fixture
def emulator(monkeypatch: pytest.MonkeyPatch) -> Emulator:
    clock = Clock()
    for module in (shield_events, cdn_logs, event_sources):
        monkeypatch.setattr(module, 'now_ms', clock)
    state = State(api_key=EMULATOR_KEY, scale=12, areas=AREAS)
    state.reset()
    emulator = Emulator(state, clock)
    monkeypatch.setattr(client_module.requests, 'Session', lambda: InProcessSession(state))
    monkeypatch.setattr(client_module.time, 'sleep', emulator.waits.append)
    for name in ('EDGE_API_KEY', 'EDGE_API_URL', 'EDGE_LOGGING_API_URL', 'EDGE_API_TIMEOUT', 'EDGE_API_RETRIES'):
        monkeypatch.delenv(name, raising=False)
    return emulator


class Running:
    """A source's ``main`` running as a task, and the events it put on its queue."""

    def __init__(self, main: t.Callable[..., t.Awaitable[None]], args: dict[str, t.Any], maxsize: int = 0) -> None:
        self.queue: asyncio.Queue[dict[str, t.Any]] = asyncio.Queue(maxsize)
        self.task = asyncio.ensure_future(main(self.queue, args))

    async def take(self, count: int, timeout: float = 10.0) -> list[dict[str, t.Any]]:
        """The next ``count`` events (fails after ``timeout`` seconds)."""
        return [await asyncio.wait_for(self.queue.get(), timeout) for _number in range(count)]

    async def quiet(self, seconds: float = 0.4) -> list[dict[str, t.Any]]:
        """What arrives within ``seconds``: nothing, when the source has nothing new."""
        await asyncio.sleep(seconds)
        events = []
        while not self.queue.empty():
            events.append(self.queue.get_nowait())
        return events

    async def stop(self) -> None:
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task


def run(scenario: t.Callable[[], t.Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(scenario(), 60))
