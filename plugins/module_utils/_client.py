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

if t.TYPE_CHECKING:  # only for mypy: neither is imported when the collection runs
    from typing_extensions import Unpack
    from urllib3.connection import HTTPConnection

from ansible_collections.edge.platform.plugins.module_utils._errors import (
    EdgeApiError,
    EdgeFinding,
    ErrorParser,
    error_shapes,
    parse_error_body,
)

# The errors the client raises are importable from here too.
__all__ = ['EdgeApiError', 'EdgeClient', 'EdgeFinding', 'Response', 'iter_pages']

DEFAULT_TIMEOUT = 30
DEFAULT_RETRIES = 5
RETRY_AFTER_MIN = 1.0
RETRY_AFTER_MAX = 60.0
BACKOFF_BASE = 0.5
BACKOFF_MAX = 30.0
# Reads sent at once by ``EdgeClient.concurrently``: the calling thread and this many less one of its own.
READ_WORKERS = 8

Item = t.TypeVar('Item')
Result = t.TypeVar('Result')

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
    pending: list[object] = [exc]
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

    A watcher shuts the socket of the request down when time is up, so a server that answers one
    byte at a time cannot hold a run hostage; the request then fails naming api_timeout. The watcher
    is one thread that waits for whichever request is armed (a thread started for each request
    cost more than a request to a nearby server), and ends when nothing was armed for ``IDLE`` seconds.
    """

    IDLE = 5.0

    def __init__(self) -> None:
        self.seconds = 0.0
        self.expired = False
        self._socket: socket.socket | None = None
        self._until: float | None = None  # time.monotonic() by which the armed request must end
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._watcher: threading.Thread | None = None

    def arm(self, seconds: float) -> None:
        with self._lock:
            self.seconds, self.expired, self._socket = seconds, False, None
            self._until = time.monotonic() + seconds
            if self._watcher is None:
                self._watcher = threading.Thread(target=self._watch, name='edge-deadline', daemon=True)
                self._watcher.start()
            else:
                self._changed.notify()

    def disarm(self) -> None:
        with self._lock:
            # The watcher wakes at the time it waited for, finds nothing armed and waits on.
            self._until = None

    def watch(self, sock: socket.socket | None) -> None:
        """The socket the current request goes over (a reused one, or one just connected)."""
        if sock is None:
            return
        with self._lock:
            self._socket = sock
            if self.expired:
                self._shut()

    def close(self) -> None:
        """End the watcher now (it would end on its own once idle)."""
        with self._lock:
            self._until = None
            self._watcher = None
            self._changed.notify()

    def _watch(self) -> None:
        me = threading.current_thread()
        with self._lock:
            while self._watcher is me:
                if self._until is None:
                    if not self._changed.wait(self.IDLE) and self._until is None and self._watcher is me:
                        self._watcher = None  # idle: the next arm starts another
                    continue
                left = self._until - time.monotonic()
                if left > 0:
                    self._changed.wait(left)
                    continue
                self._until = None
                self.expired = True
                self._shut()

    def _shut(self) -> None:
        # The answer keeps reading from this socket even after its connection forgot it.
        if self._socket is not None:
            with contextlib.suppress(OSError):
                self._socket.shutdown(socket.SHUT_RDWR)


def _deadline_pool(base: t.Any, deadline: Deadline) -> type[HTTPConnectionPool]:
    """A urllib3 pool class whose connections tell ``deadline`` which socket each request uses."""

    class DeadlineConnection(base.ConnectionCls):  # type: ignore[misc]  # a base chosen at run time
        def connect(self) -> None:
            super().connect()
            deadline.watch(self.sock)

    class DeadlinePool(base):  # type: ignore[misc]
        ConnectionCls = DeadlineConnection

        def _get_conn(self, timeout: float | None = None) -> HTTPConnection:
            connection: HTTPConnection = super()._get_conn(timeout)
            deadline.watch(getattr(connection, 'sock', None))  # a kept-alive connection
            return connection

    return DeadlinePool


class DeadlineAdapter(HTTPAdapter):
    """requests' adapter whose connections are watched by a Deadline; urllib3's own retries off."""

    def __init__(self, deadline: Deadline) -> None:
        self.deadline = deadline
        super().__init__(pool_connections=4, pool_maxsize=8, max_retries=0)

    def init_poolmanager(self, connections: int, maxsize: int, block: bool = False, **pool_kwargs: object) -> None:
        super().init_poolmanager(connections, maxsize, block, **pool_kwargs)
        self.poolmanager.pool_classes_by_scheme = {
            'http': _deadline_pool(HTTPConnectionPool, self.deadline),
            'https': _deadline_pool(HTTPSConnectionPool, self.deadline),
        }


class EnvironmentSettings(t.TypedDict):
    """The settings of a request with the environment's merged in, as ``merge_environment_settings`` answers them."""

    proxies: dict[str, str] | None
    stream: bool | None
    verify: bool | str | None
    cert: str | tuple[str, str] | None


def _environment_read_once(session: t.Any) -> None:
    """Make ``session`` read the environment (proxies and ``NO_PROXY``, ``REQUESTS_CA_BUNDLE``) once per address
    and settings, not once per request: requests walks the whole environment for each, which cost more than a
    request to a nearby server. The environment of a run does not change while it runs."""
    merge = getattr(session, 'merge_environment_settings', None)
    if merge is None:  # not a requests.Session
        return
    merged: dict[tuple[object, ...], EnvironmentSettings] = {}

    def merge_once(
        url: str,
        proxies: t.Mapping[str, str] | None,
        stream: bool | None,
        verify: bool | str | None,
        cert: str | tuple[str, str] | None,
    ) -> EnvironmentSettings:
        parts = urlsplit(url)
        key = (parts.scheme, parts.netloc, tuple(sorted((proxies or {}).items())), stream, verify, cert)
        if key not in merged:
            merged[key] = merge(url, dict(proxies) if proxies is not None else None, stream, verify, cert)
        settings = merged[key]
        found = settings.get('proxies')
        return {**settings, 'proxies': dict(found) if found is not None else None}

    session.merge_environment_settings = merge_once


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

    def __init__(
        self, raw: requests.Response, operation: str = '', deadline: Deadline | None = None, url: str = ''
    ) -> None:
        self.raw = raw
        self.url = url  # the address asked, without the query
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


class CallOptions(t.TypedDict, total=False):
    """The arguments of ``EdgeClient.request`` that an API module's calls pass on: all but how the answers are
    read (``ok_statuses``, ``refused``, ``errors``), which the module sets itself."""

    service: str
    params: t.Mapping[str, str | int | None] | None
    json_body: object
    data: bytes | str | t.Callable[[], t.BinaryIO] | None
    headers: t.Mapping[str, str | None] | None
    idempotent: bool | None
    stream: bool
    auth: bool
    write: bool | None


class AnswerOptions(CallOptions, total=False):
    """The arguments of ``EdgeClient.request`` but the error shapes, which an API module's calls set themselves."""

    ok_statuses: t.Collection[int]
    refused: t.Callable[[Response], EdgeApiError | None] | None


class RequestOptions(AnswerOptions, total=False):
    """Every keyword argument of ``EdgeClient.request``."""

    errors: t.Sequence[ErrorParser] | None


def _no_auth(request: requests.PreparedRequest) -> requests.PreparedRequest:
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
        session: requests.Session | None = None,
        ca_path: str | None = None,
    ) -> None:
        self.base_urls = {name: url.rstrip('/') for name, url in base_urls.items() if url}
        self.timeout = timeout
        self.retries = max(0, int(retries))
        self.sleep = sleep if sleep is not None else time.sleep
        self.deadline = Deadline()
        self._given = session  # a session the caller gave (its forks share it)
        self.session = session if session is not None else requests.Session()
        if session is None:
            # Connections are reused across calls; urllib3's own retries stay off, ours decide.
            adapter = DeadlineAdapter(self.deadline)
            self.session.mount('http://', adapter)
            self.session.mount('https://', adapter)
            _environment_read_once(self.session)
        # Passed with every request: requests would otherwise let REQUESTS_CA_BUNDLE or
        # CURL_CA_BUNDLE override it, and validate_certs=false must win.
        self.verify: bool | str = ca_path if (validate_certs and ca_path) else validate_certs
        # No credentials from ~/.netrc: the only credential sent is the AccessKey (or a database token).
        self.session.auth = _no_auth
        self.session.headers.update({'Accept': 'application/json', 'User-Agent': user_agent})
        if api_key:  # a client for a database host carries no account key at all
            self.session.headers['AccessKey'] = api_key
        # One line per retry (method, path, reason, retry N of M, seconds), for callers that want to tell the user.
        self.retry_log: list[str] = []
        # Called with each of those lines as its wait begins (the in-process action shows it live at -v).
        self.on_wait: t.Callable[[str], None] | None = None
        # Whether a write reached the server: it answered 2xx, or an answer was lost after the
        # request was sent (it may have acted). A failed run that wrote still reports a change.
        self.wrote = False

    def fork(self) -> EdgeClient:
        """A client of the same account, addresses, timeout, retries and TLS settings for another thread, with a
        session (connections) and deadline of its own; its retries are told in this client's ``retry_log`` and to
        its ``on_wait``. A session the caller gave is shared (it is the caller's to make safe)."""
        twin = EdgeClient(
            None, self.base_urls, timeout=self.timeout, retries=self.retries, sleep=self.sleep, session=self._given
        )
        twin.verify = self.verify
        if twin.session is not self.session:
            twin.session.headers.clear()
            twin.session.headers.update(self.session.headers)
        twin.retry_log = self.retry_log
        twin.on_wait = self.on_wait
        return twin

    def concurrently(
        self,
        work: t.Callable[[EdgeClient, Item], Result],
        items: t.Iterable[Item],
        workers: int | None = None,
    ) -> list[Result]:
        """``work(client, item)`` for every item, up to ``workers`` (``READ_WORKERS``) at once: this thread with this
        client, the others each with a ``fork``; what each returned, in the order of ``items``. For reads only: the
        order of requests between items is not kept, each item's own requests are sent in order, each with its
        retries. When one fails, no further item starts; the failure of the first item that failed, in the order of
        ``items``, is raised once the items under way have ended (as one after the other, where it would have been
        the first)."""
        pending = list(items)
        workers = READ_WORKERS if workers is None else workers
        if workers <= 1 or len(pending) <= 1:
            return [work(self, item) for item in pending]
        results: dict[int, Result] = {}
        failures: dict[int, BaseException] = {}
        indexes = iter(range(len(pending)))
        taking = threading.Lock()
        stop = threading.Event()

        def take(client: EdgeClient, caught: type[BaseException] = BaseException) -> None:
            while not stop.is_set():
                with taking:
                    index = next(indexes, None)
                if index is None:
                    return
                try:
                    results[index] = work(client, pending[index])
                except caught as exc:  # raised in the calling thread below
                    failures[index] = exc
                    stop.set()

        forks = [self.fork() for _worker in range(min(workers, len(pending)) - 1)]
        threads = [threading.Thread(target=take, args=(fork,), name='edge-read', daemon=True) for fork in forks]
        try:
            for thread in threads:
                thread.start()
            take(self, Exception)  # an interrupt (Ctrl-C, SIGTERM) reaches this thread and ends the run as before
            for thread in threads:
                thread.join()
        finally:
            stop.set()  # an interrupt: the other threads end after their current item
            for fork in forks:
                self.wrote = self.wrote or fork.wrote
                fork.deadline.close()
                if fork.session is not self.session:
                    fork.session.close()
        if failures:
            raise failures[min(failures)]
        return [results[index] for index in range(len(pending))]

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
        params: t.Mapping[str, str | int | None] | None = None,
        json_body: object = None,
        data: bytes | str | t.Callable[[], t.BinaryIO] | None = None,
        headers: t.Mapping[str, str | None] | None = None,
        idempotent: bool | None = None,
        ok_statuses: t.Collection[int] = (),
        stream: bool = False,
        auth: bool = True,
        write: bool | None = None,
        refused: t.Callable[[Response], EdgeApiError | None] | None = None,
        errors: t.Sequence[ErrorParser] | None = None,
    ) -> Response:
        """Send one API call with retries; raise EdgeApiError on failure.

        ``ok_statuses`` lists non-2xx statuses the caller handles itself (for example 404
        on a lookup). ``idempotent`` overrides the method's default retry safety.
        ``data`` may be a callable returning a fresh body (a stream) for every attempt.
        ``auth=False`` sends no AccessKey (for URLs outside the API, such as a served
        thumbnail); only then are redirects followed, so the key never travels to
        another host. ``write=False`` marks a POST that only reads (an export, a query):
        any other method but GET, HEAD and OPTIONS counts as a write for ``wrote``.
        ``refused(response)`` returns the error of a 2xx answer that says nothing was saved. ``errors`` are the
        error body shapes of the API area answering (``_errors.CORE`` …); without them, those of the service and path.
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
                    self.wait_before_retry(attempt, f'{method} {path}: {reason}')
                    attempt += 1
                    continue
                raise EdgeApiError(operation, None, reason) from None

            status = raw.status_code
            shapes = tuple(errors) if errors is not None else error_shapes(service, path)
            if 200 <= status < 300 or status in ok_statuses:
                if not stream:
                    self.deadline.disarm()
                response = Response(raw, operation, self.deadline if stream else None, url)
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
                self.wait_before_retry(attempt, f'{method} {path}: HTTP {status}', delay)
                attempt += 1
                continue
            raise self.error_from(operation, raw, shapes)

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

    def wait_before_retry(self, attempt: int, reason: str, delay: float | None = None) -> None:
        """Wait before retry ``attempt + 1`` (``delay`` seconds, else a jittered backoff), told in ``retry_log`` and to
        ``on_wait``; ``reason`` (method, path, status or error) holds no header value. Also for a caller that repeats
        a whole stream that broke off."""
        seconds = delay if delay is not None else backoff_seconds(attempt)
        line = f'{reason}, retry {attempt + 1} of {self.retries} after {seconds:.1f} s'
        self.retry_log.append(line)
        if self.on_wait is not None:
            self.on_wait(line)
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
    def _body_of(raw: requests.Response) -> tuple[str, object]:
        """The text of an answer and its JSON (None when it is not JSON)."""
        try:
            text = raw.text
        except ValueError:
            return '', None
        try:
            return text, json.loads(text) if text else None
        except ValueError:
            return text, None

    def _answered_by_api(self, raw: requests.Response, shapes: t.Sequence[ErrorParser]) -> bool:
        """Whether an error answer comes from the API area itself: its body is one of the area's error shapes,
        or empty (the reference documents some errors without a body)."""
        text, body = self._body_of(raw)
        if not text.strip():
            return True
        return isinstance(body, dict) and any(shape(body) is not None for shape in shapes)

    @classmethod
    def error_from(
        cls, operation: str, raw: requests.Response, shapes: t.Sequence[ErrorParser] = (), foreign: str | None = None
    ) -> EdgeApiError:
        """The error of a failed answer, its body read in the area's ``shapes`` first. ``foreign`` is the URL of an
        answer that did not come from the API (an error body of another service, a web server's page)."""
        text, body = cls._body_of(raw)
        key, message, field_errors = parse_error_body(raw.status_code, body, text, shapes)
        if key is None:
            key = raw.reason.lower().replace(' ', '_') if raw.reason else None
        if foreign is not None:
            message = (
                f'{message} (this answer is not one of the Edge Platform API: is {_origin(foreign)} the right base '
                'address?)'
            )
        return EdgeApiError(operation, raw.status_code, message, key, field_errors)

    # Convenience wrappers -------------------------------------------------------------

    def get(self, path: str, operation: str, **kwargs: Unpack[RequestOptions]) -> t.Any:
        return self.request('GET', path, operation, **kwargs).json()

    def get_or_none(
        self,
        path: str,
        operation: str,
        missing: t.Collection[int] = (404,),
        errors: t.Sequence[ErrorParser] | None = None,
        **kwargs: Unpack[CallOptions],
    ) -> t.Any:
        """GET that answers None when the API says the object does not exist."""
        response = self.request('GET', path, operation, ok_statuses=missing, errors=errors, **kwargs)
        if self.says_missing(
            response, errors if errors is not None else error_shapes(kwargs.get('service', 'api'), path)
        ):
            return None
        return response.json()

    def says_missing(self, response: Response, errors: t.Sequence[ErrorParser]) -> bool:
        """Whether an answer of a status the caller reads as "no such object" (a 404) is the API area's own: its
        body is one of the area's error bodies, or empty (the reference documents some without a body). Any
        other body (another service's error, a web server's page) means the base address is wrong: that fails,
        naming the address, rather than reading as "not found"."""
        if 200 <= response.status < 300:
            return False
        if self._answered_by_api(response.raw, errors):
            return True
        raise self.error_from(response.operation, response.raw, errors, foreign=response.url)

    def close(self) -> None:
        self.deadline.close()
        self.session.close()


Page = t.TypeVar('Page')
Position = t.TypeVar('Position')


def iter_pages(
    fetch: t.Callable[[Position], Page],
    items_of: t.Callable[[Page], list[Item]],
    next_of: t.Callable[[Page, Position], Position | None],
    start: Position,
) -> t.Iterator[Item]:
    """Yield items page by page, holding one page at a time.

    ``fetch(position)`` returns a page body, ``items_of(page)`` its items and
    ``next_of(page, position)`` the next position, or None after the last page.
    """
    position: Position | None = start
    while position is not None:
        page = fetch(position)
        yield from items_of(page) or []
        position = next_of(page, position)
