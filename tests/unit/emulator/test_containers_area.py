# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's container registries and applications (spec 2.6, 2.7, 4.6, 4.7, 7.2; GAPS), in-process."""

from __future__ import annotations

import typing as t

import pytest
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.emulator.areas import AREAS
from ansible_collections.edge.platform.tests.emulator.areas.containers import REGISTRY_FIELDS, app_count
from ansible_collections.edge.platform.tests.emulator.core import State
from ansible_collections.edge.platform.tests.emulator.server import admin_app, build_service
from ansible_collections.edge.platform.tests.unit.helpers import EMULATOR_KEY as KEY

VALIDATION_KEYS = {'title', 'status', 'detail', 'instance', 'errors', 'id'}
PROBLEM_KEYS = {'type', 'title', 'status', 'detail', 'instance'}
APP_KEYS = ['id', 'name', 'description', 'displayEndpoint', 'status']
STATUSES = {'unknown', 'active', 'progressing', 'inactive', 'failing', 'suspended'}


def snapshot(state: State) -> dict[str, t.Any]:
    return TestClient(admin_app(state)).get('/state').json()


def body(
    name: str = 'new-registry',
    registry_type: str | None = 'gitHub',
    user: str | None = 'robot',
    password: str | None = 'ghp_secret-value',
) -> dict[str, t.Any]:
    request: dict[str, t.Any] = {'displayName': name}
    if registry_type is not None:
        request['type'] = registry_type
    if user is not None:
        request['passwordCredentials'] = {'userName': user, 'password': password}
    return request


# ---- seed -----------------------------------------------------------------------------------


def test_seed_has_registries_and_more_apps_than_one_page(state: State) -> None:
    seeded = snapshot(state)
    assert len(seeded['registries']) >= 4
    assert all(list(record) == list(REGISTRY_FIELDS) for record in seeded['registries'])
    assert any(record['userName'] is None for record in seeded['registries'])
    assert len(seeded['apps']) == app_count(12) > 1000
    used = {application['registryId'] for application in seeded['apps']} - {None}
    assert used and used < {record['id'] for record in seeded['registries']}
    assert len({application['id'] for application in seeded['apps']}) == len(seeded['apps'])
    assert {application['status'] for application in seeded['apps']} == STATUSES
    names = [application['name'] for application in seeded['apps']]
    assert len(set(names)) == len(names) - 1  # one name is shared by two applications


def test_seed_is_deterministic_and_scales_within_bounds() -> None:
    first, second, small, huge = (State(api_key=KEY, scale=n, areas=AREAS) for n in (12, 12, 6, 5000))
    for state in (first, second, small, huge):
        state.reset()
    assert first.data['apps'] == second.data['apps']
    assert first.data['registries'] == second.data['registries']
    assert len(small.data['apps']) == 1060
    assert len(huge.data['apps']) == 2000


def test_passwords_are_never_in_the_state_or_the_api(state: State, api: TestClient) -> None:
    passwords = [password for password in state.data['registry_passwords'].values() if password]
    assert passwords
    seen = str(snapshot(state)) + api.get('/mc/registries').text
    assert not [password for password in passwords if password in seen]


# ---- registries -----------------------------------------------------------------------------------


def test_list_and_get(api: TestClient, state: State) -> None:
    listed = api.get('/mc/registries').json()
    assert set(listed) == {'items', 'meta', 'cursor'}
    assert listed['meta'] == {'totalItems': len(listed['items'])} and listed['cursor'] is None
    first = listed['items'][0]
    assert api.get(f"/mc/registries/{first['id']}").json() == first
    missing = api.get('/mc/registries/999999')
    assert missing.status_code == 404
    assert set(missing.json()) == PROBLEM_KEYS and missing.json()['detail'] == 'Container registry not found.'


def test_create_then_read(api: TestClient, state: State) -> None:
    answer = api.post('/mc/registries', json=body())
    assert answer.status_code == 200
    saved = answer.json()
    assert saved['status'] == 'saved' and saved['error'] is None and isinstance(saved['id'], int)
    record = api.get(f"/mc/registries/{saved['id']}").json()
    assert list(record) == list(REGISTRY_FIELDS)
    assert (record['displayName'], record['hostName'], record['userName'], record['isPublic']) == (
        'new-registry',
        'ghcr.io',
        'robot',
        False,
    )
    assert (record['firstPasswordSymbols'], record['lastPasswordSymbols']) == ('ghp', 'lue')
    assert state.data['registry_passwords'][saved['id']] == 'ghp_secret-value'
    public = api.post('/mc/registries', json=body('public', None, None)).json()
    assert api.get(f"/mc/registries/{public['id']}").json()['hostName'] == 'docker.io'


@pytest.mark.parametrize(
    'request_body, fields',
    [
        (body(name=''), ['displayName']),
        (body(name='x' * 51), ['displayName']),
        ({'type': 'gitHub'}, ['displayName']),
        (body(registry_type='quay'), ['type']),
        (body(user=''), ['passwordCredentials.userName']),
        (body(password=''), ['passwordCredentials.password']),
        (dict(body(), extra=1), ['extra']),
        ([], ['']),
    ],
)
def test_create_validation_problem(api: TestClient, state: State, request_body: t.Any, fields: list[str]) -> None:
    before = dict(state.data['registries'])
    answer = api.post('/mc/registries', json=request_body)
    assert answer.status_code == 400
    problem = answer.json()
    assert set(problem) == VALIDATION_KEYS and problem['status'] == 400
    assert [error['field'] for error in problem['errors']] == fields
    assert state.data['registries'] == before


def test_fifty_characters_are_a_valid_name(api: TestClient) -> None:
    assert api.post('/mc/registries', json=body(name='x' * 50)).json()['status'] == 'saved'


def test_rejected_credentials_answer_200_with_a_failure_status(api: TestClient, state: State) -> None:
    before = dict(state.data['registries'])
    answer = api.post('/mc/registries', json=body(password='rejected-token'))
    assert answer.status_code == 200
    assert answer.json() == {
        'id': None,
        'error': 'The registry refused the login with these credentials.',
        'status': 'secretsValidationFailed',
    }
    assert state.data['registries'] == before


def test_replace(api: TestClient, state: State) -> None:
    record = api.get('/mc/registries/201').json()
    answer = api.put('/mc/registries/201', json=body(record['displayName'], 'gitHub', 'someone', 'ghp_other-token'))
    assert answer.json() == {'id': 201, 'error': None, 'status': 'saved'}
    replaced = api.get('/mc/registries/201').json()
    assert (replaced['hostName'], replaced['userName'], replaced['createdAt']) == (
        'ghcr.io',
        'someone',
        record['createdAt'],
    )
    assert replaced['lastUpdatedAt'] is not None
    assert state.data['registry_passwords'][201] == 'ghp_other-token'
    cleared = api.put('/mc/registries/201', json=body(record['displayName'], 'dockerHub', None)).json()
    assert cleared['status'] == 'saved'
    assert api.get('/mc/registries/201').json()['userName'] is None
    assert api.put('/mc/registries/999999', json=body()).status_code == 404
    assert api.put('/mc/registries/201', json=body(name='')).status_code == 400
    refused = api.put('/mc/registries/201', json=body(password='rejected')).json()
    assert refused['status'] == 'secretsValidationFailed' and refused['id'] == 201


def test_delete_answers_in_use_removed_and_not_found(api: TestClient, state: State) -> None:
    users = [application['name'] for application in state.data['apps'] if application['registryId'] == 202]
    assert len(users) == 3
    assert api.delete('/mc/registries/202').json() == {'status': 'inUse', 'applications': users}
    assert 202 in state.data['registries']
    unused = next(
        registry_id
        for registry_id in state.data['registries']
        if all(application['registryId'] != registry_id for application in state.data['apps'])
    )
    assert api.delete(f'/mc/registries/{unused}').json() == {'status': 'removed', 'applications': None}
    assert unused not in state.data['registries'] and unused not in state.data['registry_passwords']
    assert api.delete(f'/mc/registries/{unused}').json() == {'status': 'notFound', 'applications': None}
    assert len(snapshot(state)['registries']) == len(state.data['registries'])


# ---- applications ------------------------------------------------------------------------------------


def test_apps_page_with_the_cursor(api: TestClient, state: State) -> None:
    seen = []
    params: dict[str, t.Any] = {'limit': 1000}
    pages = 0
    while True:
        page = api.get('/mc/apps', params=params).json()
        assert set(page) == {'items', 'meta', 'cursor'}
        assert page['meta'] == {'totalItems': app_count(12)}
        seen.extend(page['items'])
        pages += 1
        if not page['cursor']:
            break
        params = {'limit': 1000, 'nextCursor': page['cursor']}
    assert pages == 2
    assert all(list(item) == APP_KEYS for item in seen)
    assert all(set(item['displayEndpoint']) == {'id', 'address'} for item in seen)
    expected = [{key: application[key] for key in APP_KEYS} for application in snapshot(state)['apps']]
    assert seen == expected


def test_apps_default_limit_is_20(api: TestClient) -> None:
    page = api.get('/mc/apps').json()
    assert len(page['items']) == 20 and page['cursor']
    following = api.get('/mc/apps', params={'nextCursor': page['cursor'], 'limit': 5}).json()
    assert following['items'][0]['id'] != page['items'][0]['id'] and len(following['items']) == 5


@pytest.mark.parametrize(
    'params, field',
    [
        ({'limit': 0}, 'limit'),
        ({'limit': 1001}, 'limit'),
        ({'limit': 'x'}, 'limit'),
        ({'nextCursor': 'not-a-cursor'}, 'nextCursor'),
    ],
)
def test_apps_bad_parameters(api: TestClient, params: dict, field: str) -> None:
    answer = api.get('/mc/apps', params=params)
    assert answer.status_code == 400
    assert set(answer.json()) == VALIDATION_KEYS
    assert [error['field'] for error in answer.json()['errors']] == [field]


def test_container_errors_use_the_problem_shape(state: State) -> None:
    anonymous = TestClient(build_service('api', state))
    for path in ('/mc/apps', '/mc/registries'):
        answer = anonymous.get(path)
        assert answer.status_code == 401
        assert set(answer.json()) == PROBLEM_KEYS and answer.json()['title'] == 'unauthorized'
    admin = TestClient(admin_app(state))
    assert admin.post('/faults', json={'service': 'api', 'path': '^/mc/apps$', 'status': 503}).status_code == 201
    faulted = TestClient(build_service('api', state), headers={'AccessKey': KEY}).get('/mc/apps')
    assert faulted.status_code == 503 and faulted.json()['title'] == 'service_unavailable'
    # other areas keep their own shape
    assert set(anonymous.get('/pullzone').json()) == {'ErrorKey', 'Field', 'Message'}


def test_reset_restores_the_seed(api: TestClient, state: State) -> None:
    seeded = snapshot(state)
    api.post('/mc/registries', json=body())
    api.delete('/mc/registries/204')
    assert snapshot(state) != seeded
    TestClient(admin_app(state)).post('/reset')
    assert snapshot(state) == seeded
