# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""CDN request logs (logging API v2 and v1) area of the emulator.

Spec 2.8, 3, 4.10, 5, 7.1, 8 and 9, with what spec/GAPS.md adds ("CDN request logs"):

- ``GET /v2/pullzones/{pullZoneId}/logs`` (JSON): query ``from`` (inclusive, default ``to``
  minus 24 hours), ``to`` (exclusive, default now), both ISO 8601, at most 3 days apart and
  inside the retention; ``status`` (codes or classes such as ``4xx``, comma list, OR-combined),
  ``cacheStatus`` (values of spec 2.8, comma list), ``country`` and ``edgeLocation`` (comma
  lists, exact, case-insensitive), ``remoteIp`` (exact), ``urlContains``,
  ``userAgentContains``, ``refererContains`` (case-insensitive substrings), ``search``
  (case-insensitive substring of the URL, user agent, referer, remote IP or request id),
  ``includeOriginShield`` (origin shield requests are left out unless true), ``limit``
  (1..10000, default 100), ``offset`` (default 0), ``order`` (``asc`` or ``desc``, default
  ``desc``: newest first). Answer ``{data, pagination: {offset, limit, returned, hasMore},
  query: {pullZoneId, from, to, order, …the filters given}}``.
- ``GET /{MM-dd-yy}/{pullZoneId}.log`` (v1): the edge requests of one UTC day as a
  pipe-delimited text stream, one request a line, 12 fields (``V1_FIELDS``), oldest first.
  Query ``status`` and ``search`` filter as in v2, ``order`` (``asc`` default, ``desc``)
  orders, then ``start`` (first line index, 0-based, default 0) and ``end`` (index after
  the last line, exclusive, default all) cut the filtered, ordered lines.

Checks, in order: credentials (``AccessKey`` or ``Authorization: Bearer <JWT>``, a JWT
signed HS256 with the account key; 401 ``unauthorized`` without credentials, 403
``forbidden`` when wrong), the rate limit of 30 requests per 10 seconds per pull zone
(429 ``rate_limited`` with ``Retry-After``), an unknown pull zone (404 ``not_found``), a
suspended or disabled pull zone (403 ``forbidden``), logging off (404
``logging_disabled``), the query (400 ``invalid_request``). Every error body is
``{error: <code>, message}`` (spec 7.1).

Rows are not stored. The seed keeps a salt and the reset time (``anchor``, to the minute);
the requests of each (pull zone, minute) of the 3 days before the anchor are derived from a
hash of (salt, zone, minute index), so the logs are deterministic per seed, relative to the
reset time, cost a few bytes of state at any scale, and do not grow after a reset. Rows older
than the retention (3 days before the current time) are never served; ``from`` may be up to
``RETENTION_GRACE_MS`` older than that (clock skew, the time a request takes).

Live traffic (``POST {admin_url}/traffic``, see ``traffic.py``) is stored: ``append_rows``
keeps the rows it is given (missing fields filled in, timestamps now) by pull zone, in time
order, and both versions serve them merged with the generated rows.
"""

from __future__ import annotations

import base64
import bisect
import collections
import datetime
import functools
import hashlib
import heapq
import hmac
import ipaddress
import json
import math
import operator
import random
import re
import time
import typing as t
import uuid

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from ..core import ApiError, Area, Endpoint, State, json_response
from .pullzones import pullzones

UTC = datetime.timezone.utc
MINUTE_MS = 60 * 1000
DAY_MS = 24 * 3600 * 1000
RETENTION_MS = 3 * DAY_MS
RETENTION_MINUTES = RETENTION_MS // MINUTE_MS
RETENTION_GRACE_MS = 5 * MINUTE_MS
DEFAULT_RANGE_MS = DAY_MS
RATE_LIMIT = 30  # requests per pull zone …
RATE_WINDOW = 10.0  # … per this many seconds
DEFAULT_LIMIT = 100
MAX_LIMIT = 10000
CACHE_STATUSES = ('HIT', 'MISS', 'BYPASS', 'REVALIDATED', 'STALE', 'UPDATING', '-')
# The 12 fields of a v1 line, in order, by their v2 property names.
V1_FIELDS = (
    'cacheStatus',
    'statusCode',
    'timestamp',
    'bytesSent',
    'pullZoneId',
    'remoteIp',
    'referer',
    'url',
    'edgeLocation',
    'userAgent',
    'requestId',
    'countryCode',
)
STATUS_RE = re.compile(r'^(?:[1-5]\d\d|[1-5]xx)$', re.IGNORECASE)
COUNTRY_RE = re.compile(r'^[A-Za-z]{2}$')
V1_DATE_RE = re.compile(r'^\d{2}-\d{2}-\d{2}$')

# Weighted choices of the generated requests.
CACHE_WEIGHTS = (('HIT', 60), ('MISS', 18), ('BYPASS', 5), ('REVALIDATED', 4), ('STALE', 2), ('UPDATING', 2), ('-', 9))
STATUS_WEIGHTS = (
    (200, 64),
    (206, 4),
    (304, 8),
    (301, 3),
    (302, 2),
    (404, 9),
    (403, 3),
    (410, 1),
    (429, 1),
    (500, 2),
    (502, 2),
    (503, 1),
)
EDGE_LOCATIONS = ('DE', 'FR', 'UK', 'NL', 'PL', 'NY', 'LA', 'MI', 'SG', 'JP', 'SYD', 'BR', 'ZA')
COUNTRY_CODES = ('US', 'DE', 'FR', 'GB', 'NL', 'PL', 'JP', 'BR', 'IN', 'CA', 'AU', 'SG', 'ZA', 'EE', 'SE', 'ES')
PATHS = (
    '/',
    '/index.html',
    '/css/site.css',
    '/js/app.js',
    '/images/logo.png',
    '/images/hero.webp',
    '/fonts/inter.woff2',
    '/video/intro.mp4',
    '/downloads/setup.zip',
    '/api/v1/items?page=2',
    '/blog/2026/edge-caching',
    '/favicon.ico',
    '/robots.txt',
    '/sitemap.xml',
    '/old-page',
    '/wp-login.php',
)
USER_AGENTS = (
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) '
    'Version/18.1 Safari/605.1.15',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    'curl/8.11.0',
    'Googlebot/2.1 (+http://www.google.com/bot.html)',
    'python-requests/2.32.3',
)
REFERERS = (
    '',
    '',
    '',
    'https://www.example.com/',
    'https://search.example.org/?q=edge',
    'https://news.example.net/article',
)
# Documentation address ranges (RFC 5737, RFC 3849).
IPV4_PREFIXES = ('192.0.2.', '198.51.100.', '203.0.113.')

# The rate limiter's clock; tests replace it.
clock: t.Callable[[], float] = time.monotonic


def now_ms() -> int:
    """The current time in epoch milliseconds (tests replace it)."""
    return int(time.time() * 1000)


def iso_ms(millis: int) -> str:
    """Epoch milliseconds as ISO 8601 UTC, always to the millisecond (``2026-11-22T10:00:00.000Z``)."""
    moment = datetime.datetime.fromtimestamp(millis / 1000, UTC)
    return moment.strftime('%Y-%m-%dT%H:%M:%S.') + f'{millis % 1000:03d}Z'


def _weighted(rng: random.Random, pairs: t.Sequence[tuple[t.Any, int]]) -> t.Any:
    return rng.choices([value for value, _weight in pairs], weights=[weight for _value, weight in pairs])[0]


# ---- the generated requests -------------------------------------------------------------------------------


class ZoneProfile(t.NamedTuple):
    """What the generated requests of a pull zone depend on."""

    zone_id: int
    hosts: tuple[str, ...]
    density: int  # mean requests a minute


def profile_of(zone: dict[str, t.Any]) -> ZoneProfile:
    hosts = tuple(hostname['Value'] for hostname in zone.get('Hostnames') or [] if hostname.get('Value')) or (
        f"{zone['Id']}.invalid",
    )
    return ZoneProfile(int(zone['Id']), hosts, 1 + int(zone['Id']) % 4)


@functools.lru_cache(maxsize=6000)
def minute_rows(salt: int, anchor: int, profile: ZoneProfile, index: int) -> tuple[dict[str, t.Any], ...]:
    """The requests of minute ``index`` before the anchor (``[anchor - (index+1) min, anchor - index min)``),
    oldest first.

    Shared between requests: callers must not change them.
    """
    digest = hashlib.blake2b(f'{salt}:{profile.zone_id}:{index}'.encode(), digest_size=8).digest()
    rng = random.Random(int.from_bytes(digest, 'big'))
    count = rng.randint(0, 2 * profile.density)
    begin = anchor - (index + 1) * MINUTE_MS
    rows = []
    for offset in sorted(rng.randrange(MINUTE_MS) for _number in range(count)):
        cache = _weighted(rng, CACHE_WEIGHTS)
        status = _weighted(rng, STATUS_WEIGHTS)
        path = rng.choice(PATHS)
        host = rng.choice(profile.hosts)
        scheme = 'https' if rng.random() < 0.9 else 'http'
        if rng.random() < 0.15:
            remote_ip = f'2001:db8:{rng.randrange(1, 0xFFFF):x}::{rng.randrange(1, 0xFFFF):x}'
        else:
            remote_ip = f'{rng.choice(IPV4_PREFIXES)}{rng.randrange(1, 255)}'
        body = (
            0
            if status in (301, 302, 304)
            else rng.randrange(200, 5 * 1024 * 1024 if path.endswith(('.mp4', '.zip')) else 200000)
        )
        rows.append(
            {
                'timestamp': iso_ms(begin + offset),
                'pullZoneId': profile.zone_id,
                'requestId': f'{rng.getrandbits(128):032x}',
                'cacheStatus': cache,
                'statusCode': status,
                'bytesSent': body + rng.randrange(180, 900),
                'edgeLocation': rng.choice(EDGE_LOCATIONS),
                'scheme': scheme,
                'host': host,
                'path': path,
                'url': f'{scheme}://{host}{path}',
                'remoteIp': remote_ip,
                'countryCode': rng.choice(COUNTRY_CODES),
                'userAgent': rng.choice(USER_AGENTS),
                'referer': rng.choice(REFERERS),
                'originShield': cache == 'MISS' and rng.random() < 0.3,
                '_ms': begin + offset,
            }
        )
    return tuple(rows)


def public(row: dict[str, t.Any]) -> dict[str, t.Any]:
    return {key: value for key, value in row.items() if not key.startswith('_')}


def v1_line(row: dict[str, t.Any]) -> str:
    values = dict(row, timestamp=row['_ms'])
    return '|'.join(str(values[name]) for name in V1_FIELDS)


def logs(state: State) -> dict[str, t.Any]:
    """This area's state: ``salt``, ``anchor`` (epoch ms of the reset, to the minute), ``hits`` (rate limiter),
    ``live`` (rows of live traffic by pull zone id, in time order)."""
    return state.data['cdn_logs']


def iter_rows(
    state: State, zone: dict[str, t.Any], begin: int, end: int, descending: bool
) -> t.Iterator[dict[str, t.Any]]:
    """Requests with ``begin <= time < end`` that are still retained, in time order (newest first when descending)."""
    begin = max(begin, now_ms() - RETENTION_MS)
    live = [row for row in logs(state)['live'].get(int(zone['Id']), ()) if begin <= row['_ms'] < end]
    generated = generated_rows(state, zone, begin, end, descending)
    if not live:
        yield from generated
        return
    # On equal times the generated rows come first, as the live ones were added later.
    yield from heapq.merge(
        generated, reversed(live) if descending else live, key=operator.itemgetter('_ms'), reverse=descending
    )


def generated_rows(
    state: State, zone: dict[str, t.Any], begin: int, end: int, descending: bool
) -> t.Iterator[dict[str, t.Any]]:
    data = logs(state)
    anchor = data['anchor']
    begin = max(begin, anchor - RETENTION_MS)
    if end <= begin:
        return
    first = max(0, (anchor - end) // MINUTE_MS)
    last = min(RETENTION_MINUTES - 1, (anchor - begin - 1) // MINUTE_MS)
    profile = profile_of(zone)
    indexes = range(first, last + 1) if descending else range(last, first - 1, -1)
    for index in indexes:
        rows = minute_rows(data['salt'], anchor, profile, index)
        for row in reversed(rows) if descending else rows:
            if begin <= row['_ms'] < end:
                yield row


# ---- live traffic ---------------------------------------------------------------------------------------------

ROW_FIELDS = frozenset(
    (
        'timestamp',
        'pullZoneId',
        'requestId',
        'cacheStatus',
        'statusCode',
        'bytesSent',
        'edgeLocation',
        'scheme',
        'host',
        'path',
        'url',
        'remoteIp',
        'countryCode',
        'userAgent',
        'referer',
        'originShield',
    )
)


def parse_row_time(value: t.Any) -> int:
    """Epoch ms of a row's ``timestamp`` as a traffic request gives it (ISO 8601 or epoch ms)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value).strip()
    try:
        moment = datetime.datetime.fromisoformat(text[:-1] + '+00:00' if text.endswith(('Z', 'z')) else text)
    except ValueError:
        raise ApiError(400, f'timestamp must be ISO 8601 or epoch milliseconds, got {value!r}.') from None
    return int(round((moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp() * 1000))


def live_row(zone: dict[str, t.Any], given: dict[str, t.Any], now: int) -> dict[str, t.Any]:
    """A v2 row from what a traffic request gives: a 200 HIT of ``/`` from a default client unless it says otherwise."""
    unknown = sorted(set(given) - ROW_FIELDS)
    if unknown:
        raise ApiError(400, f"'{unknown[0]}' is not a field of a CDN log row.")
    millis = parse_row_time(given['timestamp']) if given.get('timestamp') is not None else now
    host = str(given.get('host') or profile_of(zone).hosts[0])
    scheme = str(given.get('scheme') or 'https')
    path = str(given.get('path') or '/')
    row: dict[str, t.Any] = {
        'timestamp': iso_ms(millis),
        'pullZoneId': int(zone['Id']),
        'requestId': uuid.uuid4().hex,
        'cacheStatus': 'HIT',
        'statusCode': 200,
        'bytesSent': 1024,
        'edgeLocation': EDGE_LOCATIONS[0],
        'scheme': scheme,
        'host': host,
        'path': path,
        'url': f'{scheme}://{host}{path}',
        'remoteIp': '192.0.2.1',
        'countryCode': 'US',
        'userAgent': USER_AGENTS[0],
        'referer': '',
        'originShield': False,
    }
    row.update({key: value for key, value in given.items() if key not in ('timestamp', 'pullZoneId')})
    for name in ('statusCode', 'bytesSent'):
        if not isinstance(row[name], int) or isinstance(row[name], bool):
            raise ApiError(400, f'{name} must be an integer.')
    if row['cacheStatus'] not in CACHE_STATUSES:
        raise ApiError(400, f"cacheStatus must be among {', '.join(CACHE_STATUSES)}.")
    try:
        ipaddress.ip_address(row['remoteIp'])
    except ValueError:
        raise ApiError(400, f"remoteIp must be an IP address, got {row['remoteIp']!r}.") from None
    row['_ms'] = millis
    return row


def append_rows(state: State, pullzone_id: int, given: list[t.Any]) -> list[dict[str, t.Any]]:
    """Add rows to a pull zone's request logs; returns them as served (v2 names)."""
    zone = pullzones(state).get(pullzone_id)
    if zone is None:
        raise ApiError(404, f'Pull zone {pullzone_id} was not found.')
    if not isinstance(given, list) or not given or not all(isinstance(item, dict) for item in given):
        raise ApiError(400, 'rows must be a non-empty list of objects.')
    now = now_ms()
    rows = [live_row(zone, item, now) for item in given]
    stored = logs(state)['live'].setdefault(pullzone_id, [])
    for row in rows:
        bisect.insort(stored, row, key=operator.itemgetter('_ms'))  # after rows of the same time: the order added
    return [public(row) for row in rows]


def attack_rows(state: State, pullzone_id: int, ip: str, count: int) -> list[dict[str, t.Any]]:
    """The requests of an attack as the CDN logged them: ``count`` refused (403) requests from ``ip``."""
    return append_rows(
        state,
        pullzone_id,
        [
            {
                'remoteIp': ip,
                'statusCode': 403,
                'cacheStatus': '-',
                'bytesSent': 312,
                'path': ATTACK_PATHS[number % len(ATTACK_PATHS)],
                'userAgent': 'sqlmap/1.7.2#stable',
            }
            for number in range(count)
        ],
    )


ATTACK_PATHS = ("/index.php?id=1' OR '1'='1", '/../../etc/passwd', '/search?q=<script>alert(1)</script>', '/.env')


# ---- query parameters -------------------------------------------------------------------------------------


def invalid(message: str, name: str = '') -> ApiError:
    return ApiError(400, message, 'invalid_request', name)


def comma_list(request: Request, name: str) -> list[str]:
    raw = request.query_params.get(name)
    if raw is None or raw.strip() == '':
        return []
    values = [value.strip() for value in raw.split(',')]
    if any(not value for value in values):
        raise invalid(f'{name} has an empty entry: {raw!r}.', name)
    return values


def status_filter(request: Request) -> t.Callable[[int], bool] | None:
    entries = comma_list(request, 'status')
    for entry in entries:
        if not STATUS_RE.match(entry):
            raise invalid(f"status entries must be HTTP status codes (404) or classes (4xx), got '{entry}'.", 'status')
    if not entries:
        return None
    codes = {int(entry) for entry in entries if entry.isdigit()}
    classes = {int(entry[0]) for entry in entries if not entry.isdigit()}
    return lambda code: code in codes or code // 100 in classes


def query_integer(
    request: Request, name: str, default: int | None, minimum: int, maximum: int | None = None
) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw.strip() == '':
        return default
    try:
        value = int(raw)
    except ValueError:
        raise invalid(f"{name} must be an integer, got '{raw}'.", name) from None
    if value < minimum or (maximum is not None and value > maximum):
        bounds = f'between {minimum} and {maximum}' if maximum is not None else f'at least {minimum}'
        raise invalid(f'{name} must be {bounds}, got {value}.', name)
    return value


def query_order(request: Request, default: str) -> str:
    order = (request.query_params.get('order') or default).strip().lower()
    if order not in ('asc', 'desc'):
        raise invalid(f"order must be asc or desc, got '{request.query_params.get('order')}'.", 'order')
    return order


def query_time(request: Request, name: str) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw.strip() == '':
        return None
    text = raw.strip()
    try:
        moment = datetime.datetime.fromisoformat(text[:-1] + '+00:00' if text.endswith(('Z', 'z')) else text)
    except ValueError:
        raise invalid(f"{name} must be an ISO 8601 date and time, got '{raw}'.", name) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return int(round(moment.timestamp() * 1000))


def text_filter(request: Request, name: str, field: str) -> t.Callable[[dict[str, t.Any]], bool] | None:
    needle = (request.query_params.get(name) or '').strip().lower()
    if not needle:
        return None
    return lambda row: needle in str(row[field]).lower()


def search_filter(request: Request) -> t.Callable[[dict[str, t.Any]], bool] | None:
    needle = (request.query_params.get('search') or '').strip().lower()
    if not needle:
        return None
    fields = ('url', 'userAgent', 'referer', 'remoteIp', 'requestId')
    return lambda row: any(needle in str(row[field]).lower() for field in fields)


def v2_filters(request: Request) -> tuple[list[t.Callable[[dict[str, t.Any]], bool]], dict[str, t.Any]]:
    """The row predicates of a v2 query, and the filters as the answer's ``query`` echoes them."""
    predicates: list[t.Callable[[dict[str, t.Any]], bool]] = []
    echo: dict[str, t.Any] = {}

    status = status_filter(request)
    if status is not None:
        predicates.append(lambda row: status(row['statusCode']))
        echo['status'] = comma_list(request, 'status')

    cache = [value.upper() for value in comma_list(request, 'cacheStatus')]
    for value in cache:
        if value not in CACHE_STATUSES:
            raise invalid(
                f"cacheStatus values must be among {', '.join(CACHE_STATUSES)}, got '{value}'.", 'cacheStatus'
            )
    if cache:
        predicates.append(lambda row: row['cacheStatus'] in cache)
        echo['cacheStatus'] = cache

    countries = [value.upper() for value in comma_list(request, 'country')]
    for value in countries:
        if not COUNTRY_RE.match(value):
            raise invalid(f"country values must be ISO 3166 alpha-2 codes, got '{value}'.", 'country')
    if countries:
        predicates.append(lambda row: row['countryCode'] in countries)
        echo['country'] = countries

    locations = [value.upper() for value in comma_list(request, 'edgeLocation')]
    if locations:
        predicates.append(lambda row: row['edgeLocation'].upper() in locations)
        echo['edgeLocation'] = locations

    remote = (request.query_params.get('remoteIp') or '').strip()
    if remote:
        try:
            address = ipaddress.ip_address(remote)
        except ValueError:
            raise invalid(f"remoteIp must be an IP address, got '{remote}'.", 'remoteIp') from None
        predicates.append(lambda row: ipaddress.ip_address(row['remoteIp']) == address)
        echo['remoteIp'] = remote

    for name, field in (('urlContains', 'url'), ('userAgentContains', 'userAgent'), ('refererContains', 'referer')):
        check = text_filter(request, name, field)
        if check is not None:
            predicates.append(check)
            echo[name] = request.query_params[name].strip()

    search = search_filter(request)
    if search is not None:
        predicates.append(search)
        echo['search'] = request.query_params['search'].strip()

    raw_shield = (request.query_params.get('includeOriginShield') or '').strip().lower()
    if raw_shield not in ('', 'true', 'false', '1', '0'):
        raise invalid(f"includeOriginShield must be true or false, got '{raw_shield}'.", 'includeOriginShield')
    include_shield = raw_shield in ('true', '1')
    if not include_shield:
        predicates.append(lambda row: not row['originShield'])
    echo['includeOriginShield'] = include_shield
    return predicates, echo


# ---- credentials ---------------------------------------------------------------------------------------------


def _b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + '=' * (-len(text) % 4))


def valid_jwt(token: str, secret: str) -> bool:
    """An HS256 JWT signed with ``secret`` whose ``exp`` (if any) lies ahead."""
    parts = token.split('.')
    if len(parts) != 3:
        return False
    try:
        header = json.loads(_b64url_decode(parts[0]))
        payload = json.loads(_b64url_decode(parts[1]))
        signature = _b64url_decode(parts[2])
    except (ValueError, TypeError):
        return False
    if not isinstance(header, dict) or header.get('alg') != 'HS256' or not isinstance(payload, dict):
        return False
    expected = hmac.new(secret.encode(), f'{parts[0]}.{parts[1]}'.encode(), hashlib.sha256).digest()
    if not hmac.compare_digest(signature, expected):
        return False
    expires = payload.get('exp')
    return not isinstance(expires, (int, float)) or expires > time.time()


def make_jwt(secret: str, payload: dict[str, t.Any]) -> str:
    """An HS256 JWT (for tests and the demo)."""

    def encode(raw: bytes) -> str:
        return base64.urlsafe_b64encode(raw).decode().rstrip('=')

    head = encode(json.dumps({'alg': 'HS256', 'typ': 'JWT'}, separators=(',', ':')).encode())
    body = encode(json.dumps(payload, separators=(',', ':')).encode())
    signature = hmac.new(secret.encode(), f'{head}.{body}'.encode(), hashlib.sha256).digest()
    return f'{head}.{body}.{encode(signature)}'


def logging_credentials(state: State, request: Request) -> ApiError | None:
    """Spec 5: ``AccessKey: <API_KEY>`` or ``Authorization: Bearer <JWT>``; 401 without any, 403 when wrong."""
    key = request.headers.get('accesskey')
    authorization = request.headers.get('authorization', '').strip()
    if not key and not authorization:
        return ApiError(401, 'No authentication credentials were provided.', 'unauthorized')
    if key and hmac.compare_digest(key.encode(), state.api_key.encode()):
        return None
    scheme, _space, token = authorization.partition(' ')
    if scheme.lower() == 'bearer' and token.strip() and valid_jwt(token.strip(), state.api_key):
        return None
    return ApiError(403, 'The credentials are invalid.', 'forbidden')


# ---- the area ----------------------------------------------------------------------------------------------------


class CdnLogs(Area):
    name = 'cdn_logs'
    auth = {('logging', '/'): logging_credentials}
    endpoints = (
        Endpoint('logging', 'GET', '/v2/pullzones/{pullZoneId}/logs', 'query_v2'),
        Endpoint('logging', 'GET', '/{date}/{pullZoneId}.log', 'day_file_v1'),
    )

    def seed(self, state: State, rng: random.Random) -> None:
        state.data['cdn_logs'] = {
            'salt': rng.getrandbits(64),
            # Fixed at the first seeding: a reset brings back the same rows, whenever it comes.
            'anchor': state.fixed.setdefault('cdn_logs_anchor', now_ms() // MINUTE_MS * MINUTE_MS),
            'hits': {},
            'live': {},
        }

    def throttle(self, state: State, raw_id: str) -> None:
        """The per-pull-zone rate limit: 429 with ``Retry-After`` when the window is full."""
        hits: collections.deque[float] = logs(state)['hits'].setdefault(raw_id, collections.deque())
        moment = clock()
        while hits and hits[0] <= moment - RATE_WINDOW:
            hits.popleft()
        if len(hits) >= RATE_LIMIT:
            wait = max(1, math.ceil(hits[0] + RATE_WINDOW - moment))
            raise ApiError(
                429,
                f'Rate limit of {RATE_LIMIT} requests per {RATE_WINDOW:g} seconds exceeded for this pull zone.',
                'rate_limited',
                headers={'Retry-After': str(wait)},
            )
        hits.append(moment)

    def zone_for_logs(self, state: State, raw_id: str) -> dict[str, t.Any]:
        zone = pullzones(state).get(int(raw_id)) if raw_id.isdigit() else None
        if zone is None:
            raise ApiError(404, f'Pull zone {raw_id} was not found.', 'not_found', 'pullZoneId')
        if zone.get('Suspended'):
            raise ApiError(403, f'Pull zone {raw_id} is suspended.', 'forbidden', 'pullZoneId')
        if not zone.get('Enabled'):
            raise ApiError(403, f'Pull zone {raw_id} is disabled.', 'forbidden', 'pullZoneId')
        if not zone.get('EnableLogging'):
            raise ApiError(404, f'Logging is not enabled for pull zone {raw_id}.', 'logging_disabled', 'pullZoneId')
        return zone

    async def query_v2(self, state: State, request: Request) -> Response:
        raw_id = request.path_params['pullZoneId']
        self.throttle(state, raw_id)
        zone = self.zone_for_logs(state, raw_id)
        current = now_ms()
        given_end = query_time(request, 'to')
        end = current if given_end is None else given_end
        begin = query_time(request, 'from')
        begin = end - DEFAULT_RANGE_MS if begin is None else begin
        if end <= begin:
            raise invalid('to must be after from.', 'to')
        # A defaulted ``to`` (now) is a little later than the client's clock was.
        if end - begin > RETENTION_MS + (RETENTION_GRACE_MS if given_end is None else 0):
            raise invalid('The range from from to to cannot exceed 3 days.', 'from')
        if begin < current - RETENTION_MS - RETENTION_GRACE_MS:
            raise invalid(
                f'from must fall within the 3-day log retention window (not before {iso_ms(current - RETENTION_MS)}).',
                'from',
            )
        if begin > current:
            raise invalid('from must not be in the future.', 'from')
        limit = query_integer(request, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT)
        offset = query_integer(request, 'offset', 0, 0)
        order = query_order(request, 'desc')
        predicates, echo = v2_filters(request)
        assert limit is not None and offset is not None
        matching = (
            row
            for row in iter_rows(state, zone, begin, end, order == 'desc')
            if all(check(row) for check in predicates)
        )
        page: list[dict[str, t.Any]] = []
        skipped = 0
        has_more = False
        for row in matching:
            if skipped < offset:
                skipped += 1
                continue
            if len(page) == limit:
                has_more = True
                break
            page.append(public(row))
        return json_response(
            {
                'data': page,
                'pagination': {'offset': offset, 'limit': limit, 'returned': len(page), 'hasMore': has_more},
                'query': dict(
                    {'pullZoneId': int(raw_id), 'from': iso_ms(begin), 'to': iso_ms(end), 'order': order}, **echo
                ),
            }
        )

    async def day_file_v1(self, state: State, request: Request) -> Response:
        raw_id = request.path_params['pullZoneId']
        self.throttle(state, raw_id)
        zone = self.zone_for_logs(state, raw_id)
        raw_date = request.path_params['date']
        try:
            if not V1_DATE_RE.match(raw_date):
                raise ValueError(raw_date)
            day = datetime.datetime.strptime(raw_date, '%m-%d-%y').replace(tzinfo=UTC)
        except ValueError:
            raise invalid(f"The date must be MM-dd-yy, got '{raw_date}'.", 'date') from None
        begin = int(day.timestamp() * 1000)
        current = now_ms()
        if begin + DAY_MS <= current - RETENTION_MS or begin > current:
            raise invalid(f'The date {raw_date} is outside the 3-day log retention window.', 'date')
        status = status_filter(request)
        search = search_filter(request)
        order = query_order(request, 'asc')
        start = query_integer(request, 'start', 0, 0)
        end = query_integer(request, 'end', None, 0)
        assert start is not None
        if end is not None and end < start:
            raise invalid(f'end must not be less than start, got start={start} end={end}.', 'end')

        def lines() -> t.Iterator[bytes]:
            rows = (
                row
                for row in iter_rows(state, zone, begin, begin + DAY_MS, order == 'desc')
                if not row['originShield']
                and (status is None or status(row['statusCode']))
                and (search is None or search(row))
            )
            batch: list[str] = []
            for number, row in enumerate(rows):
                if end is not None and number >= end:
                    break
                if number < start:
                    continue
                batch.append(v1_line(row) + '\n')
                if len(batch) == 500:
                    yield ''.join(batch).encode('utf-8')
                    batch = []
            if batch:
                yield ''.join(batch).encode('utf-8')

        return StreamingResponse(lines(), media_type='text/plain; charset=utf-8')
