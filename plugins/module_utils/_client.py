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

import contextlib
import email.utils
import ipaddress
import json
import random
import re
import socket
import ssl
import threading
import time
import typing as t
from urllib.parse import urlsplit

try:
    import requests
    from requests.adapters import HTTPAdapter
    from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
except ImportError:  # pragma: no cover - reported by the module through missing_required_lib()
    HAS_REQUESTS = False
    HTTPAdapter = object  # type: ignore[assignment,misc]
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
# Methods that only read; any other method is a write unless the caller says otherwise (write=False).
READ_METHODS = frozenset(('GET', 'HEAD', 'OPTIONS'))

# Services (API areas) and the option that holds each base address.
SERVICE_OPTIONS = {
    'api': 'api_url',
    'video': 'video_api_url',
    'logging': 'logging_api_url',
}


def url_problem(option: str, url: str, schemes: t.Sequence[str] = ('http', 'https')) -> str | None:
    """Why ``url`` cannot be an address the collection sends a request to, or None.

    User info (``user:password@``) is refused everywhere: requests would send it as Basic
    auth beside the AccessKey, or instead of a database token. A refusal never repeats a
    URL that holds a password.
    """
    if any(char.isspace() or ord(char) < 32 for char in url):
        return f'{option} must not contain spaces or control characters'
    try:
        parts = urlsplit(url)
    except ValueError as exc:  # an unclosed IPv6 bracket, say
        return f'{option} is not a valid URL ({exc}), got {url!r}'
    wanted = ', '.join(f'{scheme}://' for scheme in schemes[:-1]) + f' or {schemes[-1]}://'
    if parts.scheme.lower() not in schemes:
        article = 'an' if wanted.startswith('http') else 'a'
        return f'{option} must be {article} {wanted} URL, got {url!r}'
    if '@' in parts.netloc:
        return f'{option} must not hold a user name or password (user@host): the collection sends its own credentials'
    try:
        parts.port  # noqa: B018  (reading the port checks it)
    except ValueError:
        return f'{option} has an invalid port, got {url!r}'
    if not parts.hostname:
        return f'{option} must name a host, got {url!r}'
    return None


def url_secrets(url: str) -> list[str]:
    """The user info of a URL (``user:password`` and the password), to be masked in every output."""
    # Not urlsplit: it refuses some malformed URLs (an unclosed IPv6 bracket), which may still hold a password.
    netloc = url.partition('://')[2].split('/', 1)[0].split('?', 1)[0].split('#', 1)[0]
    if '@' not in netloc:
        return []
    userinfo = netloc.rpartition('@')[0]
    return [userinfo] + [part for part in userinfo.split(':', 1)[1:] if part]


def sends_in_clear(url: str) -> bool:
    """True for an http:// address of another machine: the credentials would cross the network unencrypted."""
    parts = urlsplit(url)
    if parts.scheme.lower() != 'http':
        return False
    host = (parts.hostname or '').lower()
    if host == 'localhost' or host.endswith('.localhost'):
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True


UNSENDABLE_HEADER = 'a request header holds a character HTTP cannot carry (its value is not shown)'


def _origin(url: str) -> str:
    """The scheme, host and port of ``url``: what could not be reached, without a path or query."""
    parts = urlsplit(url)
    return f'{parts.scheme}://{parts.netloc.rpartition("@")[2]}'


def missing_option(option: str) -> str:
    """What to say about a connection option that is not set: it names the variable that can set it."""
    return f'{option} is required (or set EDGE_{option.upper()})'


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


class EdgeFinding(EdgeApiError):
    """A finding of the module itself, with no HTTP status: what it read is ambiguous, or a planned
    write cannot succeed (a name several objects have, a limit the write would exceed)."""

    def __init__(self, operation: str, message: str, error_key: str | None = None) -> None:
        super().__init__(operation, None, message, error_key)


def _text(value: t.Any) -> str:
    return '' if value is None else str(value)


ErrorParts = t.Tuple[t.Optional[str], str, t.List[t.Dict[str, str]]]


def _core_error(body: dict[str, t.Any]) -> ErrorParts | None:
    """Core and video library: ``{ErrorKey, Field, Message}``."""
    if 'ErrorKey' not in body and 'Message' not in body:
        return None
    message = _text(body.get('Message')) or 'no message'
    field = body.get('Field')
    return body.get('ErrorKey') or None, message, [{'field': _text(field), 'message': message}] if field else []


def _nested_error(body: dict[str, t.Any]) -> ErrorParts | None:
    """Shield envelope ``{error: {errorKey, message}}`` and the database pipeline ``{error: {message, code}}``."""
    error = body.get('error')
    if not isinstance(error, dict):
        return None
    return (error.get('errorKey') or error.get('code') or None), _text(error.get('message')) or 'no message', []


def _validation_problem(body: dict[str, t.Any]) -> ErrorParts | None:
    """A problem with ``errors[]`` of ``{field, message}``."""
    if not isinstance(body.get('errors'), list):
        return None
    field_errors = [
        {'field': _text(item.get('field')), 'message': _text(item.get('message'))}
        for item in body['errors']
        if isinstance(item, dict)
    ]
    details = '; '.join(
        f"{item['field']}: {item['message']}" if item['field'] else item['message'] for item in field_errors
    )
    headline = _text(body.get('detail')) or _text(body.get('title'))
    message = f'{headline} ({details})' if headline and details else (details or headline or 'validation failed')
    return _text(body.get('title')) or 'validation_failed', message, field_errors


def _problem(body: dict[str, t.Any]) -> ErrorParts | None:
    """A problem: ``{type, title, detail}``."""
    if 'title' not in body and 'detail' not in body and 'type' not in body:
        return None
    key = _text(body.get('title')) or _text(body.get('type')) or None
    return key, _text(body.get('detail')) or _text(body.get('title')) or 'no detail', []


def _code_error(body: dict[str, t.Any]) -> ErrorParts | None:
    """Logging ``{error: code, message}`` and registry create ``{id, error}``."""
    error = body.get('error')
    if not isinstance(error, str):
        return None
    return (error, _text(body.get('message')) or error, []) if 'message' in body else (None, error, [])


def _message(body: dict[str, t.Any]) -> ErrorParts | None:
    """Video thumbnail ``{success, message, statusCode}`` and any other bare message."""
    return (None, _text(body.get('message')) or 'no message', []) if 'message' in body else None


def _status_code(body: dict[str, t.Any]) -> ErrorParts | None:
    """A Shield answer with only ``{statusCode}``."""
    return (None, f"the API answered statusCode {body['statusCode']}", []) if 'statusCode' in body else None


ErrorParser = t.Callable[[t.Dict[str, t.Any]], t.Optional[ErrorParts]]

#: Every error body shape of the API, in the order they are told apart: each parser takes a body
#: of its shape and leaves any other (None) to the next.
ERROR_SHAPES: tuple[ErrorParser, ...] = (
    _core_error,
    _nested_error,
    _validation_problem,
    _problem,
    _code_error,
    _message,
    _status_code,
)

#: The shapes each part of the API answers its errors in, by ``(service, path prefix)``: the longest
#: prefix a request's path starts with wins (as the spec's sections, and the emulator's areas, divide it).
ERROR_SHAPES_BY_PLACE: dict[tuple[str, str], tuple[ErrorParser, ...]] = {
    ('api', ''): (_core_error,),
    ('api', 'shield'): (_nested_error, _message, _status_code),  # envelope; bare success false; 401 {statusCode}
    ('api', 'mc'): (_validation_problem, _problem, _code_error),  # problems; a registry save {id, error}
    ('api', 'database'): (_code_error,),  # AppError {error}
    ('video', ''): (_core_error, _message),  # library {ErrorKey, Message}; thumbnail {success, message, statusCode}
    ('logging', ''): (_code_error,),
    ('database', ''): (_nested_error,),  # the pipeline {error: {message, code}}
}


def error_shapes(service: str, path: str) -> tuple[ErrorParser, ...]:
    """The parsers of the error bodies ``service`` answers at ``path`` (relative to its base address)."""
    path = path.lstrip('/')
    best: tuple[ErrorParser, ...] = ()
    best_length = -1
    for (place_service, prefix), parsers in ERROR_SHAPES_BY_PLACE.items():
        if place_service == service and path.startswith(prefix) and len(prefix) > best_length:
            best, best_length = parsers, len(prefix)
    return best


def unsaved_answer(
    operation: str, http_status: int | None, body: t.Any, done: t.Collection[str] | None = None
) -> EdgeApiError | None:
    """The failure a 2xx answer reports, or None: the API says "not saved" in three shapes.

    The Shield envelope ``{data, error: {success: false, errorKey, message}}``; a bare ``{success:
    false, message, statusCode}`` (Shield, video), whose own statusCode is reported; and a save
    answer ``{id, status, error}`` whose status is not ``saved`` (compared case-insensitively),
    or that has an error and no status. ``done`` names the statuses of an answer that has no id
    (a remove's ``{status}``) and says the operation happened; the error key is the status.
    """
    if not isinstance(body, dict):
        return None
    error = body.get('error')
    if isinstance(error, dict):
        if error.get('success') is False:
            return EdgeApiError(
                operation, http_status, _text(error.get('message')) or 'no message', error.get('errorKey') or None
            )
        return None
    if body.get('success') is False:
        status_code = body.get('statusCode')
        return EdgeApiError(
            operation,
            status_code if isinstance(status_code, int) and status_code else http_status,
            _text(body.get('message')) or 'no message',
            body.get('errorKey') or None,
        )
    if done is None and 'id' not in body:
        return None
    succeeded = {word.lower() for word in done} if done is not None else {'saved'}
    status = body.get('status')
    if status is not None and str(status).lower() not in succeeded:
        return EdgeApiError(operation, http_status, str(error or f'the API answered status {status}'), str(status))
    if status is None and error:
        return EdgeApiError(operation, http_status, str(error))
    return None


def parse_error_body(
    status: int | None, body: t.Any, raw_text: str = '', service: str | None = None, path: str = ''
) -> ErrorParts:
    """Return ``(error_key, message, field_errors)`` from an error body of the API.

    The body is read by the parsers of the place that answered (``error_shapes``); one they do not
    know (a gateway's, a proxy's, or no service given) is tried against every shape, and a body of
    no known shape is quoted (at most 500 characters).
    """
    if isinstance(body, dict):
        own = error_shapes(service, path) if service else ()
        for shape in (*own, *(shape for shape in ERROR_SHAPES if shape not in own)):
            parts = shape(body)
            if parts is not None:
                return parts
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
        seconds = when.timestamp() - time.time()
    return min(RETRY_AFTER_MAX, max(RETRY_AFTER_MIN, seconds))


def backoff_seconds(attempt: int, rng: t.Callable[[float, float], float] = random.uniform) -> float:
    """Jittered exponential backoff: the cap grows 0.5, 1, 2, 4 … s, and the wait is half to all of it."""
    cap = min(BACKOFF_MAX, BACKOFF_BASE * (2**attempt))
    return rng(cap / 2, cap)


def _causes(exc: BaseException) -> t.Iterator[BaseException]:
    """``exc`` and every exception behind it (requests wraps urllib3's, which wrap the socket's)."""
    seen: set[int] = set()
    pending: list[t.Any] = [exc]
    while pending:
        current = pending.pop()
        if not isinstance(current, BaseException) or id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        pending.extend((getattr(current, 'reason', None), current.__cause__, current.__context__, *current.args))


def _is_local_error(exc: Exception) -> bool:
    """Errors that repeating cannot cure: a malformed URL or header, or a certificate that does not verify."""
    if isinstance(
        exc,
        (
            requests.exceptions.InvalidURL,
            requests.exceptions.InvalidHeader,
            requests.exceptions.InvalidSchema,
            requests.exceptions.MissingSchema,
            requests.exceptions.InvalidJSONError,
        ),
    ):
        return True
    if isinstance(exc, requests.exceptions.SSLError):
        return any(
            isinstance(cause, ssl.SSLCertVerificationError) or 'CERTIFICATE_VERIFY_FAILED' in str(cause)
            for cause in _causes(exc)
        )
    return False


class Deadline:
    """A whole request (connect, send, answer, streamed body) within ``seconds``, not each socket read.

    A timer shuts the socket of the request down when time is up, so a server that answers one
    byte at a time cannot hold a run hostage; the request then fails naming api_timeout.
    """

    def __init__(self) -> None:
        self.seconds = 0.0
        self.expired = False
        self._timer: threading.Timer | None = None
        self._socket: t.Any = None
        self._lock = threading.Lock()

    def arm(self, seconds: float) -> None:
        self.disarm()
        self.seconds, self.expired, self._socket = seconds, False, None
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True
        self._timer.start()

    def disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def watch(self, sock: t.Any) -> None:
        """The socket the current request goes over (a reused one, or one just connected)."""
        if sock is None:
            return
        with self._lock:
            self._socket = sock
            if self.expired:
                self._shut()

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            self._shut()

    def _shut(self) -> None:
        # The answer keeps reading from this socket even after its connection forgot it.
        if self._socket is not None:
            with contextlib.suppress(OSError):
                self._socket.shutdown(socket.SHUT_RDWR)


def _deadline_pool(base: t.Any, deadline: Deadline) -> t.Any:
    """A urllib3 pool class whose connections tell ``deadline`` which socket each request uses."""

    class DeadlineConnection(base.ConnectionCls):  # type: ignore[misc]  # a base chosen at run time
        def connect(self) -> None:
            super().connect()
            deadline.watch(self.sock)

    class DeadlinePool(base):  # type: ignore[misc]
        ConnectionCls = DeadlineConnection

        def _get_conn(self, timeout: float | None = None) -> t.Any:
            connection = super()._get_conn(timeout)
            deadline.watch(getattr(connection, 'sock', None))  # a kept-alive connection
            return connection

    return DeadlinePool


class DeadlineAdapter(HTTPAdapter):
    """requests' adapter whose connections are watched by a Deadline; urllib3's own retries off."""

    def __init__(self, deadline: Deadline) -> None:
        self.deadline = deadline
        super().__init__(pool_connections=4, pool_maxsize=8, max_retries=0)

    def init_poolmanager(self, *args: t.Any, **kwargs: t.Any) -> None:
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = {
            'http': _deadline_pool(HTTPConnectionPool, self.deadline),
            'https': _deadline_pool(HTTPSConnectionPool, self.deadline),
        }


def _never_sent(exc: Exception) -> bool:
    """True when the connection failed before the request left: repeating it cannot duplicate a write."""
    if isinstance(exc, requests.exceptions.ConnectTimeout):
        return True
    reason = exc.args[0] if exc.args else None
    reason = getattr(reason, 'reason', reason)
    return type(reason).__name__ in ('NewConnectionError', 'NameResolutionError')


class Response:
    """What a successful call returns: status, headers and the decoded body.

    A streamed answer stays under its request's deadline until it is read to the end or closed.
    """

    def __init__(self, raw: requests.Response, operation: str = '', deadline: Deadline | None = None) -> None:
        self.raw = raw
        self.status: int = raw.status_code
        self.headers = raw.headers
        self.operation = operation
        self.deadline = deadline

    def iter_content(self, chunk_size: int) -> t.Iterator[bytes]:
        """The body in chunks; a body that breaks off or outlasts api_timeout raises EdgeApiError."""
        try:
            yield from self.raw.iter_content(chunk_size)
        except (requests.exceptions.RequestException, OSError) as exc:
            if self.deadline is not None and self.deadline.expired:
                raise EdgeApiError(
                    self.operation, None, f'no complete answer within {self.deadline.seconds:g} s (api_timeout)'
                ) from None
            raise EdgeApiError(self.operation, None, f'the answer broke off: {EdgeClient._describe(exc)}') from None
        finally:
            self.close()

    def close(self) -> None:
        if self.deadline is not None:
            self.deadline.disarm()
        self.raw.close()

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


def _no_auth(request: t.Any) -> t.Any:
    return request


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
        ca_path: str | None = None,
    ) -> None:
        self.base_urls = {name: url.rstrip('/') for name, url in base_urls.items() if url}
        self.timeout = timeout
        self.retries = max(0, int(retries))
        self.sleep = sleep if sleep is not None else time.sleep
        self.deadline = Deadline()
        self.session = session if session is not None else requests.Session()
        if session is None:
            # Connections are reused across calls; urllib3's own retries stay off, ours decide.
            adapter = DeadlineAdapter(self.deadline)
            self.session.mount('http://', adapter)
            self.session.mount('https://', adapter)
        # Passed with every request: requests would otherwise let REQUESTS_CA_BUNDLE or
        # CURL_CA_BUNDLE override it, and validate_certs=false must win.
        self.verify: bool | str = ca_path if (validate_certs and ca_path) else validate_certs
        # No credentials from ~/.netrc: the only credential sent is the AccessKey (or a database token).
        self.session.auth = _no_auth
        self.session.headers.update({'Accept': 'application/json', 'User-Agent': user_agent})
        if api_key:  # a client for a database host carries no account key at all
            self.session.headers['AccessKey'] = api_key
        # One line per retry (method, path, reason), for callers that want to tell the user.
        self.retry_log: list[str] = []
        # Whether a write reached the server: it answered 2xx, or an answer was lost after the
        # request was sent (it may have acted). A failed run that wrote still reports a change.
        self.wrote = False

    def url(self, service: str, path: str) -> str:
        try:
            base = self.base_urls[service]
        except KeyError:
            option = SERVICE_OPTIONS.get(service)
            message = missing_option(option) if option else f'the {service} base address is not set'
            raise EdgeFinding(f'{service} request', message) from None
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
        headers: t.Mapping[str, str | None] | None = None,
        idempotent: bool | None = None,
        ok_statuses: t.Collection[int] = (),
        stream: bool = False,
        auth: bool = True,
        write: bool | None = None,
        refused: t.Callable[[Response], EdgeApiError | None] | None = None,
    ) -> Response:
        """Send one API call with retries; raise EdgeApiError on failure.

        ``ok_statuses`` lists non-2xx statuses the caller handles itself (for example 404
        on a lookup). ``idempotent`` overrides the method's default retry safety.
        ``data`` may be a callable returning a fresh body (a stream) for every attempt.
        ``auth=False`` sends no AccessKey (for URLs outside the API, such as a served
        thumbnail); only then are redirects followed, so the key never travels to
        another host. ``write=False`` marks a POST that only reads (an export, a query):
        any other method but GET, HEAD and OPTIONS counts as a write for ``wrote``.
        ``refused(response)`` returns the error of a 2xx answer that says nothing was saved.
        The whole attempt, a streamed answer included, must end within ``timeout``.
        """
        method = method.upper()
        if not auth:
            headers = dict(headers or {}, AccessKey=None)
        safe = method in SAFE_METHODS if idempotent is None else idempotent
        writes = method not in READ_METHODS if write is None else write
        url = self.url(service, path)
        attempt = 0
        while True:
            body = data() if callable(data) else data
            self.deadline.arm(self.timeout)
            try:
                raw = self.session.request(
                    method,
                    url,
                    params=params,
                    json=json_body,
                    data=body,
                    headers=headers,
                    timeout=self.timeout,
                    stream=stream,
                    allow_redirects=not auth,
                    verify=self.verify,
                )
                if self.deadline.expired and not stream:  # cut off: what arrived is not the whole answer
                    raw.close()
                    raise requests.exceptions.ConnectionError('the answer was cut off at api_timeout')
            except UnicodeError:
                # http.client encodes header values as Latin-1; the error would name the character's place.
                self.deadline.disarm()
                raise EdgeApiError(operation, None, UNSENDABLE_HEADER) from None
            except requests.exceptions.RequestException as exc:
                self.deadline.disarm()
                sent = not _never_sent(exc)
                if writes and sent and not _is_local_error(exc):
                    self.wrote = True  # the answer was lost: the server may have acted
                retryable = (safe or not sent) and not _is_local_error(exc)
                reason = self._reason(exc, url)
                if retryable and attempt < self.retries:
                    self._wait(attempt, None, f'{method} {path}: {reason}')
                    attempt += 1
                    continue
                raise EdgeApiError(operation, None, reason) from None

            status = raw.status_code
            if 200 <= status < 300 or status in ok_statuses:
                if not stream:
                    self.deadline.disarm()
                response = Response(raw, operation, self.deadline if stream else None)
                # Some answers are 2xx and still say nothing was saved: that is a refusal, not a write.
                refusal = refused(response) if refused is not None and 200 <= status < 300 else None
                if refusal is not None:
                    raise refusal
                self.wrote = self.wrote or (writes and 200 <= status < 300)
                return response
            if writes and status >= 500 and status != 503:
                self.wrote = True  # it failed after the server took the write on (503: it did not)
            self.deadline.disarm()
            # 429: the server refused before acting, so even a create may be repeated.
            retryable = status == 429 or (status >= 500 and safe)
            if retryable and attempt < self.retries:
                delay = retry_after_seconds(raw.headers.get('Retry-After')) if status == 429 else None
                raw.close()
                self._wait(attempt, delay, f'{method} {path}: HTTP {status}')
                attempt += 1
                continue
            raise self.error_from(operation, raw, service, path)

    def _reason(self, exc: Exception, url: str) -> str:
        """Why a request got no answer, in the user's terms: the address, never a header's value."""
        if self.deadline.expired:
            return f'no complete answer within {self.deadline.seconds:g} s (api_timeout)'
        if isinstance(exc, requests.exceptions.InvalidHeader):
            return UNSENDABLE_HEADER  # requests' message quotes the header value: the key, say
        if isinstance(exc, requests.exceptions.ConnectTimeout):
            return f'cannot connect to {_origin(url)}: no connection within {self.timeout:g} s (api_timeout)'
        if isinstance(exc, requests.exceptions.SSLError):
            return f'TLS with {_origin(url)} failed: {self._describe(exc)}'
        if _never_sent(exc):
            return f'cannot connect to {_origin(url)}: {self._describe(exc)}'
        if isinstance(exc, requests.exceptions.ConnectionError):
            return f'the connection to {_origin(url)} broke off before an answer came: {self._describe(exc)}'
        return f'request to {_origin(url)} failed: {self._describe(exc)}'

    def _wait(self, attempt: int, delay: float | None, reason: str) -> None:
        seconds = delay if delay is not None else backoff_seconds(attempt)
        self.retry_log.append(f'{reason}; retrying in {seconds:.1f}s')
        self.sleep(seconds)

    @staticmethod
    def _describe(exc: Exception) -> str:
        """The innermost reason of requests' chain of errors, without urllib3's connection class and address
        (``HTTPConnection(host='…', port=1): ``), which the message names in the user's terms instead."""
        reason = exc.args[0] if exc.args else exc
        reason = getattr(reason, 'reason', reason)
        if isinstance(reason, Exception) and len(reason.args) == 2 and isinstance(reason.args[1], Exception):
            # urllib3's ProtocolError('Connection aborted.', RemoteDisconnected('Remote end closed …'))
            return f"{str(reason.args[0]).rstrip('.')}: {reason.args[1]}"
        text = re.sub(r"^<?[A-Za-z]*Connection(?:Pool)?\(host='[^']*', port=[^)]*\)>?:\s*", '', str(reason))
        return text or type(exc).__name__

    @staticmethod
    def error_from(operation: str, raw: t.Any, service: str | None = None, path: str = '') -> EdgeApiError:
        """The error of a failed answer, its body read as ``service`` answers at ``path``."""
        text = ''
        body = None
        try:
            text = raw.text
            body = json.loads(text) if text else None
        except ValueError:
            body = None
        key, message, field_errors = parse_error_body(raw.status_code, body, text, service, path)
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
        self.deadline.disarm()
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
