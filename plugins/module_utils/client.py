# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The one HTTP client of the collection.

One ``requests.Session`` per module run (connections are reused), the ``AccessKey``
header, one base address per API area, retries that never repeat a write the server
may have acted on, and one error type that understands every error body the
Edge Platform API answers with.
"""

from __future__ import annotations

import email.utils
import json
import random
import time
import typing as t

try:
    import requests
    from requests.adapters import HTTPAdapter
except ImportError:  # pragma: no cover - reported by the module through missing_required_lib()
    HAS_REQUESTS = False
else:
    HAS_REQUESTS = True

DEFAULT_TIMEOUT = 30
DEFAULT_RETRIES = 5
RETRY_AFTER_MIN = 1.0
RETRY_AFTER_MAX = 60.0
BACKOFF_BASE = 0.5
BACKOFF_MAX = 30.0

# Methods whose repetition cannot create a second object. PATCH of absolute values is
# safe too, but the caller says so (idempotent=True), since PATCH in general is not.
SAFE_METHODS = frozenset(('GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'))

# Services (API areas) and the option that holds each base address.
SERVICE_OPTIONS = {
    'api': 'api_url',
    'video': 'video_api_url',
    'logging': 'logging_api_url',
}


class EdgeApiError(Exception):
    """A failed API operation: what was attempted, the HTTP status and the API's own words."""

    def __init__(
        self,
        operation: str,
        status: int | None,
        message: str,
        error_key: str | None = None,
        field_errors: list[dict[str, str]] | None = None,
    ) -> None:
        self.operation = operation
        self.status = status
        self.message = message
        self.error_key = error_key
        self.field_errors = field_errors or []
        super().__init__(str(self))

    def __str__(self) -> str:
        if not self.status:  # a network error or a finding of the module itself
            return f'{self.operation} failed: {self.message}'
        key = f' {self.error_key}' if self.error_key else ''
        return f'{self.operation} failed: HTTP {self.status}{key}: {self.message}'

    def failure(self) -> dict[str, t.Any]:
        """The machine-readable part of a module failure."""
        failure: dict[str, t.Any] = {'status': self.status, 'error_key': self.error_key, 'message': self.message}
        if self.field_errors:
            failure['errors'] = self.field_errors
        return failure


def _text(value: t.Any) -> str:
    return '' if value is None else str(value)


def parse_error_body(status: int | None, body: t.Any, raw_text: str = '') -> tuple[str | None, str, list[dict[str, str]]]:
    """Return ``(error_key, message, field_errors)`` from any error body shape of the API.

    Shapes: problem (``type``/``title``/``detail``), validation problem (``errors[]``),
    shield envelope (``error: {errorKey, message}`` or ``{statusCode}``), core and video
    library (``{ErrorKey, Field, Message}``), video thumbnail (``{success, message,
    statusCode}``), registry create (``{id, error}``), logging (``{error: code, message}``)
    and Hrana (``{error: {message, code}}``).
    """
    if isinstance(body, dict):
        if 'ErrorKey' in body or 'Message' in body:
            message = _text(body.get('Message')) or 'no message'
            field = body.get('Field')
            field_errors = [{'field': _text(field), 'message': message}] if field else []
            return body.get('ErrorKey') or None, message, field_errors

        error = body.get('error')
        if isinstance(error, dict):
            key = error.get('errorKey') or error.get('code')
            return (key or None), _text(error.get('message')) or 'no message', []

        if isinstance(body.get('errors'), list):
            field_errors = [
                {'field': _text(item.get('field')), 'message': _text(item.get('message'))}
                for item in body['errors'] if isinstance(item, dict)
            ]
            details = '; '.join(f"{item['field']}: {item['message']}" if item['field'] else item['message'] for item in field_errors)
            headline = _text(body.get('detail')) or _text(body.get('title'))
            message = f'{headline} ({details})' if headline and details else (details or headline or 'validation failed')
            return _text(body.get('title')) or 'validation_failed', message, field_errors

        if 'title' in body or 'detail' in body or 'type' in body:
            key = _text(body.get('title')) or _text(body.get('type')) or None
            return key, _text(body.get('detail')) or _text(body.get('title')) or 'no detail', []

        if isinstance(error, str):
            # logging API {error: code, message} and registry create {id, error}
            if 'message' in body:
                return error, _text(body.get('message')) or error, []
            return None, error, []

        if 'message' in body:
            return None, _text(body.get('message')) or 'no message', []

        if 'statusCode' in body:
            return None, f"the API answered statusCode {body['statusCode']}", []

    text = raw_text.strip() if raw_text else ''
    return None, (text[:500] if text else 'no error details in the response'), []


def retry_after_seconds(header: str | None) -> float | None:
    """Seconds a Retry-After header asks for (delta-seconds or HTTP date), clamped to 1..60."""
    if not header:
        return None
    header = header.strip()
    try:
        seconds = float(header)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(header)
        except (TypeError, ValueError):
            return None
        if when is None:
            return None
        seconds = when.timestamp() - time.time()
    return min(RETRY_AFTER_MAX, max(RETRY_AFTER_MIN, seconds))


def backoff_seconds(attempt: int, rng: t.Callable[[float, float], float] = random.uniform) -> float:
    """Jittered exponential backoff: the cap grows 0.5, 1, 2, 4 … s, and the wait is half to all of it."""
    cap = min(BACKOFF_MAX, BACKOFF_BASE * (2 ** attempt))
    return rng(cap / 2, cap)


def _never_sent(exc: Exception) -> bool:
    """True when the connection failed before the request left: repeating it cannot duplicate a write."""
    if isinstance(exc, requests.exceptions.ConnectTimeout):
        return True
    reason = exc.args[0] if exc.args else None
    reason = getattr(reason, 'reason', reason)
    return type(reason).__name__ in ('NewConnectionError', 'NameResolutionError')


class Response:
    """What a successful call returns: status, headers and the decoded body."""

    def __init__(self, raw: t.Any) -> None:
        self.raw = raw
        self.status: int = raw.status_code
        self.headers = raw.headers

    def json(self) -> t.Any:
        if not self.raw.content:
            return None
        try:
            return self.raw.json()
        except ValueError:
            return None

    @property
    def content(self) -> bytes:
        return self.raw.content


class EdgeClient:
    """HTTP client for all Edge Platform API areas.

    ``base_urls`` maps a service name (``api``, ``video``, ``logging`` or any other area a
    module adds) to its base address. Without ``api_key`` no ``AccessKey`` header is sent.
    """

    def __init__(
        self,
        api_key: str | None,
        base_urls: dict[str, str],
        timeout: float = DEFAULT_TIMEOUT,
        retries: int = DEFAULT_RETRIES,
        validate_certs: bool = True,
        user_agent: str = 'edge.platform',
        sleep: t.Callable[[float], None] | None = None,
        session: t.Any = None,
    ) -> None:
        self.base_urls = {name: url.rstrip('/') for name, url in base_urls.items() if url}
        self.timeout = timeout
        self.retries = max(0, int(retries))
        self.sleep = sleep if sleep is not None else time.sleep
        self.session = session if session is not None else requests.Session()
        if session is None:
            # Connections are reused across calls; urllib3's own retries stay off, ours decide.
            adapter = HTTPAdapter(pool_connections=4, pool_maxsize=8, max_retries=0)
            self.session.mount('http://', adapter)
            self.session.mount('https://', adapter)
        self.session.verify = validate_certs
        self.session.headers.update({'Accept': 'application/json', 'User-Agent': user_agent})
        if api_key:  # a client for a database host carries no account key at all
            self.session.headers['AccessKey'] = api_key
        # One line per retry (method, path, reason), for callers that want to tell the user.
        self.retry_log: list[str] = []

    def url(self, service: str, path: str) -> str:
        try:
            base = self.base_urls[service]
        except KeyError:
            option = SERVICE_OPTIONS.get(service, f'{service} base address')
            raise EdgeApiError(f'{service} request', None, f'{option} is not set') from None
        if path.startswith(('http://', 'https://')):
            return path
        return f"{base}/{path.lstrip('/')}"

    def request(
        self,
        method: str,
        path: str,
        operation: str,
        service: str = 'api',
        params: dict[str, t.Any] | None = None,
        json_body: t.Any = None,
        data: t.Any = None,
        headers: dict[str, str] | None = None,
        idempotent: bool | None = None,
        ok_statuses: t.Collection[int] = (),
        stream: bool = False,
        auth: bool = True,
    ) -> Response:
        """Send one API call with retries; raise EdgeApiError on failure.

        ``ok_statuses`` lists non-2xx statuses the caller handles itself (for example 404
        on a lookup). ``idempotent`` overrides the method's default retry safety.
        ``data`` may be a callable returning a fresh body (a stream) for every attempt.
        ``auth=False`` sends no AccessKey (for URLs outside the API, such as a served
        thumbnail); only then are redirects followed, so the key never travels to
        another host.
        """
        method = method.upper()
        if not auth:
            headers = dict(headers or {}, AccessKey=None)
        safe = method in SAFE_METHODS if idempotent is None else idempotent
        url = self.url(service, path)
        attempt = 0
        while True:
            body = data() if callable(data) else data
            try:
                raw = self.session.request(
                    method, url, params=params, json=json_body, data=body, headers=headers,
                    timeout=self.timeout, stream=stream, allow_redirects=not auth,
                )
            except requests.exceptions.RequestException as exc:
                retryable = safe or _never_sent(exc)
                if retryable and attempt < self.retries:
                    self._wait(attempt, None, f'{method} {path}: {type(exc).__name__}')
                    attempt += 1
                    continue
                raise EdgeApiError(operation, None, f'{type(exc).__name__}: {self._describe(exc)}') from None

            status = raw.status_code
            if 200 <= status < 300 or status in ok_statuses:
                return Response(raw)
            # 429: the server refused before acting, so even a create may be repeated.
            retryable = status == 429 or (status >= 500 and safe)
            if retryable and attempt < self.retries:
                delay = retry_after_seconds(raw.headers.get('Retry-After')) if status == 429 else None
                raw.close()
                self._wait(attempt, delay, f'{method} {path}: HTTP {status}')
                attempt += 1
                continue
            raise self.error_from(operation, raw)

    def _wait(self, attempt: int, delay: float | None, reason: str) -> None:
        seconds = delay if delay is not None else backoff_seconds(attempt)
        self.retry_log.append(f'{reason}; retrying in {seconds:.1f}s')
        self.sleep(seconds)

    @staticmethod
    def _describe(exc: Exception) -> str:
        # requests' messages can be long chains; the innermost reason is what helps.
        reason = exc.args[0] if exc.args else exc
        reason = getattr(reason, 'reason', reason)
        return str(reason)

    @staticmethod
    def error_from(operation: str, raw: t.Any) -> EdgeApiError:
        text = ''
        body = None
        try:
            text = raw.text
            body = json.loads(text) if text else None
        except ValueError:
            body = None
        key, message, field_errors = parse_error_body(raw.status_code, body, text)
        if key is None:
            key = raw.reason.lower().replace(' ', '_') if raw.reason else None
        return EdgeApiError(operation, raw.status_code, message, key, field_errors)

    # Convenience wrappers -------------------------------------------------------------

    def get(self, path: str, operation: str, **kwargs: t.Any) -> t.Any:
        return self.request('GET', path, operation, **kwargs).json()

    def get_or_none(self, path: str, operation: str, missing: t.Collection[int] = (404,), **kwargs: t.Any) -> t.Any:
        """GET that answers None when the API says the object does not exist."""
        response = self.request('GET', path, operation, ok_statuses=missing, **kwargs)
        if response.status in missing:
            return None
        return response.json()

    def close(self) -> None:
        self.session.close()


def iter_pages(
    fetch: t.Callable[[t.Any], t.Any],
    items_of: t.Callable[[t.Any], list[t.Any]],
    next_of: t.Callable[[t.Any, t.Any], t.Any],
    start: t.Any,
) -> t.Iterator[t.Any]:
    """Yield items page by page, holding one page at a time.

    ``fetch(position)`` returns a page body, ``items_of(page)`` its items and
    ``next_of(page, position)`` the next position, or None after the last page.
    """
    position = start
    while position is not None:
        page = fetch(position)
        yield from items_of(page) or []
        position = next_of(page, position)
