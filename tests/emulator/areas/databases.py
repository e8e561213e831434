# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Databases: records and access tokens (spec 2.9, 3, 5; GAPS "Databases and tokens") and the pipeline (4.11).

Management endpoints live under ``{base_url}/database`` on the management API (AccessKey,
error body ``{error}``):

- ``GET /database/v2/databases`` and ``GET /database/v2/databases/{db_id}`` → ``{db: {...}}``;
- ``PUT /database/v2/databases/{db_id}/auth/generate`` ``{authorization, expires_at}`` → ``{token, expires_at}``;
- ``POST /database/v2/databases/{db_id}/auth/revoke`` → 204: every token of the database stops working at once.

Each database has its own port (its ``url``) serving ``GET /v2`` and ``POST /v2/pipeline``
(Hrana over HTTP v2, see ``database_pipeline.py``) with ``Authorization: Bearer <token>``:
401 for a missing, unknown, revoked or expired token or one of another database; a
read-only token is refused for statements that write.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import hmac
import json
import random
import re
import secrets
import typing as t

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..core import (
    ApiError,
    Area,
    ASGIApp,
    Endpoint,
    State,
    json_body,
    json_response,
    query_int,
    service_app,
)
from .database_pipeline import ProtocolError, SqliteDatabase

CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
DATABASES = (
    # name, storage region, primary regions, replica regions
    ('app-main', 'DE', ['DE'], ['NY', 'SG']),
    ('catalog', 'NY', ['NY'], ['DE']),
    ('sessions', 'SG', ['SG', 'SYD'], []),
)
SIZE_MAX = str(1024**3)
DATABASES_PATH = '/database/v2/databases'
DEFAULT_PAGE_SIZE = 100  # what per_page 0 (its default) means
ACCESS = {'full-access': 'rw', 'read-only': 'ro'}
RFC3339_RE = re.compile(r'^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$')


def app_error(status: int, key: str, message: str, field_name: str = '') -> dict[str, t.Any]:
    """Database management API (AppError): ``{error: <message>}``."""
    return {'error': message}


def _ulid(rng: random.Random) -> str:
    return ''.join(rng.choice(CROCKFORD) for _position in range(26))


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode('ascii').rstrip('=')


def _unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + '=' * (-len(text) % 4))


def parse_rfc3339(text: str) -> datetime.datetime:
    match = RFC3339_RE.match(text)
    if not match:
        raise ValueError(f'{text!r} is not an RFC 3339 date-time')
    zone = match.group(8)
    iso = text[:19].replace('t', 'T').replace(' ', 'T') + ('+00:00' if zone in ('Z', 'z') else zone)
    return datetime.datetime.fromisoformat(iso)


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc)


# ---- the store -------------------------------------------------------------------------


def databases(state: State) -> dict[str, dict[str, t.Any]]:
    """Database records by id (API property names)."""
    return state.data['databases']


def engines(state: State) -> dict[str, SqliteDatabase]:
    """The SQLite database behind each database id (recreated on every reset)."""
    return state.fixed.setdefault('database_engines', {})


def tokens(state: State) -> dict[str, dict[str, t.Any]]:
    """Issued tokens that still work, by token id: ``{db_id, access, expires}``."""
    return state.data['database_tokens']


def _secret(state: State) -> bytes:
    return t.cast(bytes, state.fixed.setdefault('database_token_secret', secrets.token_bytes(32)))


def issue_token(state: State, db_id: str, access: str, expires: datetime.datetime | None) -> str:
    """A signed JWT-shaped token; it works while its id is in the store."""
    token_id = secrets.token_hex(12)
    now = int(_now().timestamp())
    claims: dict[str, t.Any] = {'a': ACCESS[access], 'id': db_id, 'iat': now, 'jti': token_id}
    if expires is not None:
        claims['exp'] = int(expires.timestamp())
    header = _b64url(json.dumps({'alg': 'HS256', 'typ': 'JWT'}, separators=(',', ':')).encode())
    payload = _b64url(json.dumps(claims, separators=(',', ':')).encode())
    signature = _b64url(hmac.new(_secret(state), f'{header}.{payload}'.encode(), hashlib.sha256).digest())
    tokens(state)[token_id] = {'db_id': db_id, 'access': ACCESS[access], 'expires': expires}
    return f'{header}.{payload}.{signature}'


def check_token(state: State, db_id: str, token: str) -> tuple[str | None, ApiError | None]:
    """``(access, None)`` for a working token of ``db_id``; ``(None, 401 error)`` otherwise."""
    parts = token.split('.')
    if len(parts) != 3:
        return None, ApiError(401, 'The access token is malformed', 'auth_token_invalid')
    expected = _b64url(hmac.new(_secret(state), f'{parts[0]}.{parts[1]}'.encode(), hashlib.sha256).digest())
    if not hmac.compare_digest(expected, parts[2]):
        return None, ApiError(401, 'The access token signature is not valid', 'auth_token_invalid')
    try:
        claims = json.loads(_unb64url(parts[1]))
    except ValueError:
        return None, ApiError(401, 'The access token is malformed', 'auth_token_invalid')
    record = tokens(state).get(claims.get('jti', ''))
    if record is None:
        return None, ApiError(401, 'The access token has been revoked', 'auth_token_revoked')
    if record['db_id'] != db_id:
        return None, ApiError(401, 'The access token belongs to another database', 'auth_token_invalid')
    if record['expires'] is not None and record['expires'] <= _now():
        return None, ApiError(401, 'The access token has expired', 'auth_token_expired')
    return record['access'], None


def revoke_tokens(state: State, db_id: str) -> None:
    store = tokens(state)
    for token_id in [token_id for token_id, record in store.items() if record['db_id'] == db_id]:
        del store[token_id]
    engine = engines(state).get(db_id)
    if engine is not None:  # open streams end with their tokens
        engine.close_streams()


def database_for(state: State, request: Request) -> str | None:
    """The database a pipeline request is for: the one whose port it reached."""
    server = request.scope.get('server') or ('', 0)
    return t.cast(str | None, state.fixed.get('database_ports', {}).get(int(server[1] or 0)))


def database_auth(state: State, request: Request) -> ApiError | None:
    """Pipeline: ``Authorization: Bearer <token>`` of this database (version probes need none)."""
    if request.method in ('GET', 'HEAD', 'OPTIONS'):
        return None
    db_id = database_for(state, request)
    if db_id is None or db_id not in databases(state):
        return ApiError(404, 'No database is served here', 'not_found')
    header = request.headers.get('authorization', '')
    scheme, _sep, token = header.partition(' ')
    if scheme.lower() != 'bearer' or not token.strip():
        return ApiError(401, 'The request has no "Authorization: Bearer <token>" header', 'auth_header_missing')
    return check_token(state, db_id, token.strip())[1]


# ---- seeding ---------------------------------------------------------------------------


def _seed_catalog(engine: SqliteDatabase, rng: random.Random, scale: int) -> None:
    conn = engine.keeper
    conn.execute(
        'CREATE TABLE products (id INTEGER PRIMARY KEY, sku TEXT NOT NULL UNIQUE, name TEXT NOT NULL, '
        'price REAL NOT NULL, stock INTEGER NOT NULL DEFAULT 0, thumbnail BLOB)'
    )
    words = ('lamp', 'chair', 'desk', 'shelf', 'rug', 'mug', 'clock', 'vase')
    rows = [
        (
            index,
            f'SKU-{index:05d}',
            f'{words[index % len(words)]} {index}',
            round(rng.uniform(2, 400), 2),
            rng.randrange(0, 500),
            bytes(rng.randrange(256) for _position in range(8)) if index % 3 == 0 else None,
        )
        for index in range(1, scale * 5 + 1)
    ]
    conn.executemany('INSERT INTO products VALUES (?, ?, ?, ?, ?, ?)', rows)


def _seed_sessions(engine: SqliteDatabase, rng: random.Random, scale: int) -> None:
    conn = engine.keeper
    conn.execute('CREATE TABLE sessions (id TEXT PRIMARY KEY, user_id INTEGER NOT NULL, expires_at TEXT NOT NULL)')
    conn.executemany(
        'INSERT INTO sessions VALUES (?, ?, ?)',
        [
            (
                ''.join(rng.choice('0123456789abcdef') for _position in range(16)),
                rng.randrange(1, 1000),
                f'2030-01-{day:02d}T00:00:00Z',
            )
            for day in range(1, 8)
        ],
    )


SEEDERS: dict[str, t.Callable[[SqliteDatabase, random.Random, int], None]] = {
    'catalog': _seed_catalog,
    'sessions': _seed_sessions,
}


def placeholder_url(db_id: str) -> str:
    """The URL of a database before its port is bound (the spec's form)."""
    return f'libsql://{db_id.lower()}.lite.edge-db.test'


class Databases(Area):
    name = 'databases'
    auth = {('database', '/'): database_auth}
    error_style = {('api', '/database/'): app_error}
    endpoints = (
        Endpoint('api', 'GET', DATABASES_PATH, 'list_databases'),
        Endpoint('api', 'GET', f'{DATABASES_PATH}/{{db_id}}', 'get_database'),
        Endpoint('api', 'PUT', f'{DATABASES_PATH}/{{db_id}}/auth/generate', 'generate'),
        Endpoint('api', 'POST', f'{DATABASES_PATH}/{{db_id}}/auth/revoke', 'revoke'),
    )

    def seed(self, state: State, rng: random.Random) -> None:
        self.close(state)
        urls = state.fixed.get('database_urls', {})
        records: dict[str, dict[str, t.Any]] = {}
        for name, region, primary, replicas in DATABASES:
            db_id = f'db_{_ulid(rng)}'
            engine = SqliteDatabase(name)
            seeder = SEEDERS.get(name)
            if seeder is not None:
                seeder(engine, rng, state.scale)
            engines(state)[db_id] = engine
            records[db_id] = {
                'id': db_id,
                'name': name,
                'url': urls.get(db_id) or placeholder_url(db_id),
                'block_reads': False,
                'block_writes': False,
                'size_max': SIZE_MAX,
                'current_size': '0',
                'storage_region': region,
                'primary_regions': list(primary),
                'replicas_regions': list(replicas),
            }
        state.data['databases'] = records
        state.data['database_tokens'] = {}

    def close(self, state: State) -> None:
        for engine in engines(state).values():
            engine.close()
        engines(state).clear()

    def bind(self, state: State, bind: t.Callable[[str, ASGIApp], str]) -> None:
        urls: dict[str, str] = state.fixed.setdefault('database_urls', {})
        ports: dict[int, str] = state.fixed.setdefault('database_ports', {})
        for db_id, record in databases(state).items():
            url = bind('database', self.pipeline_app(state, db_id))
            urls[db_id] = url
            ports[int(url.rsplit(':', 1)[1].rstrip('/'))] = db_id
            record['url'] = url

    def view(self, state: State, record: dict[str, t.Any]) -> dict[str, t.Any]:
        view = dict(
            record, primary_regions=list(record['primary_regions']), replicas_regions=list(record['replicas_regions'])
        )
        engine = engines(state).get(record['id'])
        if engine is not None:
            view['current_size'] = str(engine.size())
        return view

    def snapshot(self, state: State) -> dict[str, list[t.Any]]:
        return {'databases': [self.view(state, record) for record in databases(state).values()]}

    # ---- the per-database pipeline ------------------------------------------------------

    def pipeline_app(self, state: State, db_id: str) -> ASGIApp:
        async def version(request: Request) -> t.Any:
            return Response(status_code=200)

        async def pipeline(request: Request) -> t.Any:
            header = request.headers.get('authorization', '')
            access, denied = check_token(state, db_id, header.partition(' ')[2].strip())
            if denied is not None:  # the token was revoked between the check and here
                raise denied
            body = await json_body(request)
            try:
                answer = engines(state)[db_id].pipeline(body, read_only=access == 'ro')
            except ProtocolError as error:
                raise ApiError(error.status, error.message, error.code.lower()) from None
            return json_response(answer)

        return service_app(
            'database',
            state,
            [
                Route('/v2', version, methods=['GET']),
                Route('/v2/pipeline', pipeline, methods=['POST']),
            ],
        )

    # ---- the management API ------------------------------------------------------------

    def find(self, state: State, request: Request) -> dict[str, t.Any]:
        record = databases(state).get(request.path_params['db_id'])
        if record is None:
            raise ApiError(404, f"Database {request.path_params['db_id']} was not found", 'not_found')
        return record

    async def list_databases(self, state: State, request: Request) -> Response:
        if not request.query_params.get('page'):
            raise ApiError(400, 'page is required', 'validation_error', 'page')
        page = query_int(request, 'page', 1, 1, 2**32 - 1)
        per_page = query_int(request, 'per_page', 0, 0) or DEFAULT_PAGE_SIZE
        records = list(databases(state).values())
        start = (page - 1) * per_page
        return json_response(
            {
                'databases': [self.view(state, record) for record in records[start : start + per_page]],
                'page_info': {
                    'current_page': page,
                    'total_items': len(records),
                    'has_more_items': start + per_page < len(records),
                },
            }
        )

    async def get_database(self, state: State, request: Request) -> Response:
        return json_response({'db': self.view(state, self.find(state, request))})

    async def generate(self, state: State, request: Request) -> Response:
        record = self.find(state, request)
        body = await json_body(request)
        if not isinstance(body, dict):
            raise ApiError(400, 'The body must be a JSON object with "authorization"', 'invalid_request')
        access = body.get('authorization')
        if access not in ACCESS:
            raise ApiError(
                400, f'authorization must be "full-access" or "read-only", got {access!r}', 'invalid_request'
            )
        expires_at = body.get('expires_at')
        expires = None
        if expires_at is not None:
            if not isinstance(expires_at, str):
                raise ApiError(400, 'expires_at must be an RFC 3339 date-time or null', 'invalid_request')
            try:
                expires = parse_rfc3339(expires_at)
            except ValueError as exc:
                raise ApiError(400, f'expires_at: {exc}', 'invalid_request') from None
            if expires <= _now():
                raise ApiError(400, f'expires_at {expires_at} is in the past', 'invalid_request')
        token = issue_token(state, record['id'], access, expires)
        return json_response({'token': token, 'expires_at': expires_at})

    async def revoke(self, state: State, request: Request) -> Response:
        revoke_tokens(state, self.find(state, request)['id'])
        return Response(status_code=204)
