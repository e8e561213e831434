# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A fake Edge Platform API for unit tests: routes by method and path, records every call."""

from __future__ import annotations

import json
import re
import typing as t

import requests

API_URL = 'https://api.edge.test'
VIDEO_URL = 'https://video.edge.test'
LOGGING_URL = 'https://logging.edge.test'
API_KEY = 'unit-test-api-key-0123456789'
COMMON_ARGS = {'api_key': API_KEY, 'api_url': API_URL, 'api_retries': 2}


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
