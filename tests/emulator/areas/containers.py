# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Container registries and applications under ``{base_url}/mc`` (spec 2.6, 2.7, 4.6, 4.7, 7.2; GAPS).

- ``GET /mc/registries`` → ``{items, meta: {totalItems}, cursor}``; ``GET|PUT|DELETE /mc/registries/{id}``;
  ``POST /mc/registries``. Create and replace answer ``{id, error, status}``: a 200 can carry a
  failure (``secretsValidationFailed`` when the simulated upstream registry refuses the login).
  Delete answers ``{status: removed | inUse | notFound, applications}``; ``inUse`` names the
  applications that pull from the registry. The password is stored apart and never returned.
- ``GET /mc/apps?limit=1..1000&nextCursor=`` pages the applications with an opaque cursor.
- Bad bodies and parameters answer the validation problem (``errors[]``); everything else under
  ``/mc`` (401, 404, injected faults) the plain problem object.

The seed always has more applications than the largest page (1000), so a full listing takes
at least two pages; applications carry ``registryId`` (the registry their image comes from,
or null) in the emulator's data and in ``GET {admin_url}/state``, never in the API's answers.
"""

from __future__ import annotations

import base64
import binascii
import copy
import datetime
import random
import typing as t
import uuid

from starlette.requests import Request
from starlette.responses import Response

from ..core import ApiError, Area, Endpoint, State, json_body, json_response, problem_error

# Registry types the API accepts and the host each one pulls from.
REGISTRY_HOSTS = {'dockerHub': 'docker.io', 'gitHub': 'ghcr.io'}
DEFAULT_REGISTRY_TYPE = 'dockerHub'
REGISTRY_FIELDS = (
    'id',
    'displayName',
    'hostName',
    'userName',
    'firstPasswordSymbols',
    'lastPasswordSymbols',
    'createdAt',
    'isPublic',
    'lastUpdatedAt',
)
DISPLAY_NAME_MAX = 50
# The simulated upstream registry refuses a login whose password starts with this.
REJECTED_PASSWORD_PREFIX = 'rejected'
PASSWORD_SYMBOLS = 3  # characters shown at each end of a stored password
FIRST_REGISTRY_ID = 201

APP_STATUSES = ('active', 'active', 'active', 'progressing', 'inactive', 'failing', 'suspended', 'unknown')
APP_WORDS = ('web', 'api', 'worker', 'cron', 'gateway', 'search', 'render', 'queue', 'auth', 'billing')
APP_DOMAIN = 'apps.edge-cdn.test'
APPS_MIN = 1000  # more than the largest page, so a full listing always takes several pages
APPS_PER_ZONE = 10
APPS_MAX = 2000
PAGE_MIN, PAGE_MAX, PAGE_DEFAULT = 1, 1000, 20
DUPLICATE_NAME_INDEX = 11  # this application reuses the name of the one before it

SEED_TIME = datetime.datetime(2026, 1, 5, 9, 30, tzinfo=datetime.timezone.utc)

# Seeded registries: (display name, type, user name or None for a public one).
# Index 0 serves every fourth app, index 1 exactly three, index 2 exactly one; 3 and 4 are unused.
SEED_REGISTRIES: tuple[tuple[str, str, str | None], ...] = (
    ('docker-hub-production', 'dockerHub', 'edge-deploy'),
    ('github-packages', 'gitHub', 'edge-ci'),
    ('docker-hub-staging', 'dockerHub', 'edge-staging'),
    ('github-archive', 'gitHub', 'edge-archive'),
    ('docker-hub-public', 'dockerHub', None),
)
GITHUB_APPS = (2, 5, 9)
STAGING_APPS = (6,)


def app_count(scale: int) -> int:
    return min(APPS_MAX, APPS_MIN + APPS_PER_ZONE * scale)


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')


def _stamp(moment: datetime.datetime) -> str:
    return moment.strftime('%Y-%m-%dT%H:%M:%SZ')


def _token(rng: random.Random, length: int) -> str:
    return ''.join(rng.choices('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', k=length))


def registries(state: State) -> dict[int, dict[str, t.Any]]:
    """Registry records by id, as the API answers them."""
    return state.data['registries']


def registry_passwords(state: State) -> dict[int, str | None]:
    return state.data['registry_passwords']


def apps(state: State) -> list[dict[str, t.Any]]:
    """Application records with their ``registryId`` (emulator data)."""
    return state.data['apps']


def _credentials_fields(password: str | None) -> dict[str, t.Any]:
    if not password:
        return {'firstPasswordSymbols': None, 'lastPasswordSymbols': None}
    return {'firstPasswordSymbols': password[:PASSWORD_SYMBOLS], 'lastPasswordSymbols': password[-PASSWORD_SYMBOLS:]}


def make_registry(
    registry_id: int,
    display_name: str,
    registry_type: str,
    user_name: str | None,
    password: str | None,
    created_at: str,
) -> dict[str, t.Any]:
    record = {
        'id': registry_id,
        'displayName': display_name,
        'hostName': REGISTRY_HOSTS[registry_type],
        'userName': user_name,
        'createdAt': created_at,
        'isPublic': user_name is None,
        'lastUpdatedAt': None,
        **_credentials_fields(password),
    }
    return {name: record[name] for name in REGISTRY_FIELDS}


def make_app(index: int, rng: random.Random, registry_ids: list[int]) -> dict[str, t.Any]:
    word = APP_WORDS[index % len(APP_WORDS)]
    name = f'{word}-{index:04d}'
    if index == DUPLICATE_NAME_INDEX:
        name = f'{APP_WORDS[(index - 1) % len(APP_WORDS)]}-{index - 1:04d}'
    if index in GITHUB_APPS:
        registry_id: int | None = registry_ids[1]
    elif index in STAGING_APPS:
        registry_id = registry_ids[2]
    elif index % 4 == 0:
        registry_id = registry_ids[0]
    else:
        registry_id = None
    return {
        'id': str(uuid.UUID(int=rng.getrandbits(128), version=4)),
        'name': name,
        'description': '' if index % 9 == 3 else f'{word.capitalize()} service number {index}',
        'displayEndpoint': {'id': f'ep-{_token(rng, 10).lower()}', 'address': f'{word}-{index:04d}.{APP_DOMAIN}'},
        'status': APP_STATUSES[index % len(APP_STATUSES)],
        'registryId': registry_id,
    }


# The apps made from a random generator's state: every reset of a scale makes the same ones, a thousand and more
# (the unit tests reset an emulator for each test), so they are made once and copied.
_SEEDED_APPS: dict[tuple[t.Any, tuple[int, ...], int], tuple[list[dict[str, t.Any]], t.Any]] = {}


def seeded_apps(rng: random.Random, registry_ids: list[int], count: int) -> list[dict[str, t.Any]]:
    """COUNT apps made with RNG (left as making them leaves it), a new copy of each."""
    key = (rng.getstate(), tuple(registry_ids), count)
    if key not in _SEEDED_APPS:
        made = [make_app(index, rng, registry_ids) for index in range(count)]
        _SEEDED_APPS[key] = made, rng.getstate()
    made, after = _SEEDED_APPS[key]
    rng.setstate(after)
    return [copy_app(app) for app in made]


def copy_app(app: dict[str, t.Any]) -> dict[str, t.Any]:
    """A copy of an app record that shares nothing with it: its values are strings, numbers and None but for
    displayEndpoint, a dictionary of strings (copy.deepcopy takes ten times as long, for a thousand apps a read)."""
    return {**app, 'displayEndpoint': dict(app['displayEndpoint'])}


def app_view(app: dict[str, t.Any]) -> dict[str, t.Any]:
    """An application as the list answers it (spec 2.6 plus its status)."""
    copied = copy_app(app)
    return {key: copied[key] for key in ('id', 'name', 'description', 'displayEndpoint', 'status')}


# ---- validation problems --------------------------------------------------------------------


def validation_problem(request: Request, errors: list[dict[str, str]]) -> Response:
    """400 with the validation problem of spec 7.2."""
    return json_response(
        {
            'title': 'validation_failed',
            'status': 400,
            'detail': 'One or more validation errors occurred.',
            'instance': request.url.path,
            'errors': errors,
            'id': None,
        },
        400,
    )


def _check_registry_body(body: t.Any) -> list[dict[str, str]]:
    """Errors of a create/replace body (ContainerRegistryRequest): ``[{field, message}]``."""
    if not isinstance(body, dict):
        return [{'field': '', 'message': 'A JSON object body is required.'}]
    errors = [
        {'field': key, 'message': f"'{key}' is not a known property."}
        for key in body
        if key not in ('displayName', 'type', 'passwordCredentials')
    ]
    name = body.get('displayName')
    if not isinstance(name, str):
        errors.append({'field': 'displayName', 'message': 'The displayName field is required.'})
    elif not 1 <= len(name) <= DISPLAY_NAME_MAX:
        errors.append(
            {
                'field': 'displayName',
                'message': 'The field displayName must be a string with a minimum length of 1 '
                f'and a maximum length of {DISPLAY_NAME_MAX}.',
            }
        )
    registry_type = body.get('type')
    if registry_type is not None and registry_type not in REGISTRY_HOSTS:
        errors.append({'field': 'type', 'message': f"The value '{registry_type}' is not valid for type."})
    credentials = body.get('passwordCredentials')
    if credentials is not None:
        if not isinstance(credentials, dict):
            errors.append({'field': 'passwordCredentials', 'message': 'passwordCredentials must be an object.'})
        else:
            errors.extend(
                {'field': f'passwordCredentials.{key}', 'message': f"'{key}' is not a known property."}
                for key in credentials
                if key not in ('userName', 'password')
            )
            for key in ('userName', 'password'):
                value = credentials.get(key)
                if not isinstance(value, str) or not value:
                    errors.append(
                        {
                            'field': f'passwordCredentials.{key}',
                            'message': f'The {key} field is required and must not be empty.',
                        }
                    )
    return errors


def _cursor(offset: int) -> str:
    return base64.urlsafe_b64encode(f'apps:{offset}'.encode()).decode()


def _offset(cursor: str) -> int | None:
    try:
        text = base64.urlsafe_b64decode(cursor.encode()).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    prefix, _sep, number = text.partition(':')
    if prefix != 'apps' or not number.isdigit():
        return None
    return int(number)


class Containers(Area):
    name = 'containers'
    error_style = {('api', '/mc'): problem_error}
    endpoints = (
        Endpoint('api', 'GET', '/mc/registries', 'list_registries'),
        Endpoint('api', 'POST', '/mc/registries', 'create_registry'),
        Endpoint('api', 'GET', '/mc/registries/{id:int}', 'get_registry'),
        Endpoint('api', 'PUT', '/mc/registries/{id:int}', 'replace_registry'),
        Endpoint('api', 'DELETE', '/mc/registries/{id:int}', 'delete_registry'),
        Endpoint('api', 'GET', '/mc/apps', 'list_apps'),
    )

    def seed(self, state: State, rng: random.Random) -> None:
        records: dict[int, dict[str, t.Any]] = {}
        passwords: dict[int, str | None] = {}
        for index, (display_name, registry_type, user_name) in enumerate(SEED_REGISTRIES):
            registry_id = FIRST_REGISTRY_ID + index
            prefix = 'dckr_pat_' if registry_type == 'dockerHub' else 'ghp_'
            password = f'{prefix}{_token(rng, 24)}' if user_name else None
            records[registry_id] = make_registry(
                registry_id,
                display_name,
                registry_type,
                user_name,
                password,
                _stamp(SEED_TIME + datetime.timedelta(days=index)),
            )
            passwords[registry_id] = password
        state.data['registries'] = records
        state.data['registry_passwords'] = passwords
        state.data['next_registry_id'] = FIRST_REGISTRY_ID + len(SEED_REGISTRIES)
        state.data['apps'] = seeded_apps(rng, sorted(records), app_count(state.scale))

    def snapshot(self, state: State) -> dict[str, list[t.Any]]:
        return {
            'registries': [copy.deepcopy(record) for record in registries(state).values()],
            'apps': [copy_app(app) for app in apps(state)],
        }

    def registry_or_404(self, state: State, request: Request) -> dict[str, t.Any]:
        record = registries(state).get(request.path_params['id'])
        if record is None:
            raise ApiError(404, 'Container registry not found.', 'not_found')
        return record

    @staticmethod
    def rejected(password: str | None) -> bool:
        return bool(password) and str(password).startswith(REJECTED_PASSWORD_PREFIX)

    async def list_registries(self, state: State, request: Request) -> Response:
        items = [copy.deepcopy(record) for record in registries(state).values()]
        return json_response({'items': items, 'meta': {'totalItems': len(items)}, 'cursor': None})

    async def get_registry(self, state: State, request: Request) -> Response:
        return json_response(copy.deepcopy(self.registry_or_404(state, request)))

    async def create_registry(self, state: State, request: Request) -> Response:
        body = await json_body(request)
        errors = _check_registry_body(body)
        if errors:
            return validation_problem(request, errors)
        credentials = body.get('passwordCredentials') or {}
        if self.rejected(credentials.get('password')):
            return json_response(
                {
                    'id': None,
                    'error': 'The registry refused the login with these credentials.',
                    'status': 'secretsValidationFailed',
                }
            )
        registry_id = state.data['next_registry_id']
        state.data['next_registry_id'] = registry_id + 1
        registries(state)[registry_id] = make_registry(
            registry_id,
            body['displayName'],
            body.get('type') or DEFAULT_REGISTRY_TYPE,
            credentials.get('userName'),
            credentials.get('password'),
            _now(),
        )
        registry_passwords(state)[registry_id] = credentials.get('password')
        return json_response({'id': registry_id, 'error': None, 'status': 'saved'})

    async def replace_registry(self, state: State, request: Request) -> Response:
        record = self.registry_or_404(state, request)
        body = await json_body(request)
        errors = _check_registry_body(body)
        if errors:
            return validation_problem(request, errors)
        credentials = body.get('passwordCredentials') or {}
        if self.rejected(credentials.get('password')):
            return json_response(
                {
                    'id': record['id'],
                    'error': 'The registry refused the login with these credentials.',
                    'status': 'secretsValidationFailed',
                }
            )
        replaced = make_registry(
            record['id'],
            body['displayName'],
            body.get('type') or DEFAULT_REGISTRY_TYPE,
            credentials.get('userName'),
            credentials.get('password'),
            record['createdAt'],
        )
        replaced['lastUpdatedAt'] = _now()
        registries(state)[record['id']] = replaced
        registry_passwords(state)[record['id']] = credentials.get('password')
        return json_response({'id': record['id'], 'error': None, 'status': 'saved'})

    async def delete_registry(self, state: State, request: Request) -> Response:
        registry_id = request.path_params['id']
        if registry_id not in registries(state):
            return json_response({'status': 'notFound', 'applications': None})
        users = [app['name'] for app in apps(state) if app['registryId'] == registry_id]
        if users:
            return json_response({'status': 'inUse', 'applications': users})
        del registries(state)[registry_id]
        registry_passwords(state).pop(registry_id, None)
        return json_response({'status': 'removed', 'applications': None})

    async def list_apps(self, state: State, request: Request) -> Response:
        errors = []
        raw_limit = request.query_params.get('limit')
        limit = PAGE_DEFAULT
        if raw_limit not in (None, ''):
            try:
                limit = int(raw_limit)
            except ValueError:
                limit = 0
            if not PAGE_MIN <= limit <= PAGE_MAX:
                errors.append(
                    {'field': 'limit', 'message': f'The field limit must be between {PAGE_MIN} and {PAGE_MAX}.'}
                )
        offset = 0
        cursor = request.query_params.get('nextCursor')
        if cursor:
            found = _offset(cursor)
            if found is None or found > len(apps(state)):
                errors.append({'field': 'nextCursor', 'message': 'The cursor is not valid.'})
            else:
                offset = found
        if errors:
            return validation_problem(request, errors)
        everything = apps(state)
        page = everything[offset : offset + limit]
        following = offset + limit
        return json_response(
            {
                'items': [app_view(app) for app in page],
                'meta': {'totalItems': len(everything)},
                'cursor': _cursor(following) if following < len(everything) else None,
            }
        )
