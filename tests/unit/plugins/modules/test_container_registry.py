# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import json
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import container_registry
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator, FakeApi, FakeResponse

PASSWORD = 'dckr_pat_Unit-Secret-4711'
NEW_PASSWORD = 'dckr_pat_Rotated-Secret-0815'
HOSTS = {'dockerHub': 'docker.io', 'gitHub': 'ghcr.io'}


# The emulator's seeded registries in use: 201 by 280 applications, 202 by 3, 203 by 1.
IN_USE = {'docker-hub-production': 280, 'github-packages': 3, 'docker-hub-staging': 1}


def add_registry(
    emulator: Emulator, name: str = 'hub', registry_type: str = 'dockerHub', user: str | None = 'deployer'
) -> int:
    """Add a registry through the API (a set-up, not recorded); returns its id."""
    body: dict[str, t.Any] = {'displayName': name, 'type': registry_type}
    if user:
        body['passwordCredentials'] = {'userName': user, 'password': PASSWORD}
    answer = emulator.client().request('POST', 'mc/registries', f'add registry {name}', json_body=body).json()
    assert answer['status'] == 'saved', answer
    emulator.forget_requests()
    return t.cast(int, answer['id'])


def registries(emulator: Emulator, name: str = 'hub') -> list[dict[str, t.Any]]:
    """The emulator's registries of a display name."""
    return [item for item in emulator.snapshot()['registries'] if item['displayName'] == name]


def registry(
    registry_id: int = 7, name: str = 'hub', host: str = 'docker.io', user: str | None = 'deployer'
) -> dict[str, t.Any]:
    """A registry as the API lists it, for hand-made answers."""
    return {
        'id': registry_id,
        'displayName': name,
        'hostName': host,
        'userName': user,
        'firstPasswordSymbols': 'dck' if user else None,
        'lastPasswordSymbols': '711' if user else None,
        'createdAt': '2026-01-05T09:30:00Z',
        'isPublic': user is None,
        'lastUpdatedAt': None,
    }


def apps_of(emulator: Emulator, registry_name: str) -> list[str]:
    """The names of the emulator's applications that use a registry, in the seed's order."""
    [used] = registries(emulator, registry_name)
    return [app['name'] for app in emulator.snapshot()['apps'] if app['registryId'] == used['id']]


def listing(*records: dict[str, t.Any]) -> dict[str, t.Any]:
    return {'items': list(records), 'meta': {'totalItems': len(records)}, 'cursor': None}


def args(**extra: t.Any) -> dict[str, t.Any]:
    return dict(COMMON_ARGS, display_name='hub', **extra)


def creds(**extra: t.Any) -> dict[str, t.Any]:
    return args(registry_type='docker_hub', username='deployer', password=PASSWORD, **extra)


def assert_no_password(result: dict[str, t.Any]) -> None:
    text = json.dumps(result)
    assert PASSWORD not in text and NEW_PASSWORD not in text


# ---- input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    'extra, message',
    [
        ({'display_name': ''}, 'display_name must be 1 to 50 characters long, got 0'),
        ({'display_name': 'x' * 51}, 'display_name must be 1 to 50 characters long, got 51'),
        ({'username': '', 'password': PASSWORD}, 'username must not be empty'),
        ({'username': 'u', 'password': ''}, 'password must not be empty'),
        ({'password': PASSWORD}, 'missing parameter(s) required by \'password\': username'),
        ({'registry_type': 'quay'}, 'value of registry_type must be one of: docker_hub, github'),
    ],
)
def test_bad_input_is_refused_before_any_request(
    emulator: Emulator, run_module: t.Any, extra: dict, message: str
) -> None:
    outcome = run_module(container_registry.main, dict(args(), **extra))
    assert outcome.failed
    assert message in outcome.result['msg']
    assert emulator.sent == []


def test_a_user_without_a_password_leaves_a_registry_of_that_user_as_it_is(
    emulator: Emulator, run_module: t.Any
) -> None:
    """As an exported account.yml declares a registry: its user, never its password."""
    add_registry(emulator, 'hub', user='deployer')
    emulator.forget_requests()
    for check_mode in (True, False):
        outcome = run_module(
            container_registry.main, args(registry_type='docker_hub', username='deployer'), check_mode=check_mode
        )
        assert not outcome.failed and outcome.result['changed'] is False, outcome.result
    assert emulator.writes == []


@pytest.mark.parametrize(
    'existing, message',
    [
        (None, 'adding container registry "hub" with user "deployer" needs password'),
        ('robot', 'updating container registry "hub" needs password'),
    ],
)
def test_a_user_without_a_password_cannot_add_or_change_credentials(
    emulator: Emulator, run_module: t.Any, existing: str | None, message: str
) -> None:
    if existing is not None:
        add_registry(emulator, 'hub', user=existing)
    emulator.forget_requests()
    for check_mode in (True, False):
        outcome = run_module(
            container_registry.main, args(registry_type='docker_hub', username='deployer'), check_mode=check_mode
        )
        assert outcome.failed and message in outcome.result['msg'], outcome.result
        assert outcome.result['changed'] is False
    assert emulator.writes == []


def test_fifty_characters_are_accepted(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(container_registry.main, dict(creds(), display_name='x' * 50))
    assert not outcome.failed
    assert emulator.writes[0].json['displayName'] == 'x' * 50
    assert len(registries(emulator, 'x' * 50)) == 1


# ---- create ------------------------------------------------------------------------------------


def test_create_sends_the_spec_body_and_returns_the_registry(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(container_registry.main, creds(), diff=True)
    assert not outcome.failed
    assert outcome.result['changed'] is True
    [created] = registries(emulator)
    assert [(call.method, call.path) for call in emulator.sent] == [
        ('GET', '/mc/registries'),
        ('POST', '/mc/registries'),
        ('GET', f"/mc/registries/{created['id']}"),
    ]
    assert emulator.writes[0].json == {
        'displayName': 'hub',
        'type': 'dockerHub',
        'passwordCredentials': {'userName': 'deployer', 'password': PASSWORD},
    }
    assert (created['hostName'], created['userName'], created['lastPasswordSymbols']) == (
        'docker.io',
        'deployer',
        '711',
    )
    returned = outcome.result['registry']
    assert returned['id'] == created['id'] and returned['hostName'] == 'docker.io' and returned['type'] == 'dockerHub'
    assert returned['userName'] == 'deployer'
    assert returned['firstPasswordSymbols'] == returned['lastPasswordSymbols'] == '********'
    assert outcome.result['diff'] == {
        'before': {},
        'after': {'display_name': 'hub', 'registry_type': 'docker_hub', 'username': 'deployer', 'password': '********'},
        'before_header': 'container registry hub',
        'after_header': 'create',
    }
    assert_no_password(outcome.result)


def test_create_in_check_mode_predicts_and_sends_no_write(emulator: Emulator, run_module: t.Any) -> None:
    checked = run_module(container_registry.main, creds(), check_mode=True, diff=True)
    assert checked.result['changed'] is True
    assert emulator.writes == [] and registries(emulator) == []
    assert checked.result['registry'] == {
        'id': None,
        'displayName': 'hub',
        'hostName': 'docker.io',
        'userName': 'deployer',
        'firstPasswordSymbols': '********',
        'lastPasswordSymbols': '********',
        'createdAt': None,
        'isPublic': False,
        'lastUpdatedAt': None,
        'type': 'dockerHub',
    }
    real = run_module(container_registry.main, creds(), diff=True)
    assert real.result['diff'] == checked.result['diff']
    assert set(real.result['registry']) == set(checked.result['registry'])


def test_create_without_credentials(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(container_registry.main, args(registry_type='github'), diff=True)
    assert emulator.writes[0].json == {'displayName': 'hub', 'type': 'gitHub'}
    assert outcome.result['registry']['hostName'] == 'ghcr.io'
    assert outcome.result['registry']['firstPasswordSymbols'] is None
    assert outcome.result['diff']['after']['password'] is None
    assert [(item['hostName'], item['isPublic']) for item in registries(emulator)] == [('ghcr.io', True)]


def test_create_needs_a_registry_type(emulator: Emulator, run_module: t.Any) -> None:
    for check_mode in (True, False):
        outcome = run_module(container_registry.main, args(username='u', password=PASSWORD), check_mode=check_mode)
        assert outcome.failed
        assert outcome.result['msg'] == 'registry_type is required to add container registry "hub"'
    assert emulator.writes == []


def test_a_save_status_other_than_saved_is_a_failure(emulator: Emulator, run_module: t.Any) -> None:
    rejected = 'rejected-by-the-registry'  # the emulator's upstream registry refuses it
    outcome = run_module(container_registry.main, dict(creds(), password=rejected))
    assert outcome.failed
    assert outcome.result['msg'] == (
        'add container registry "hub" failed: HTTP 200 secretsValidationFailed: '
        'The registry refused the login with these credentials.'
    )
    assert outcome.result['failure'] == {
        'status': 200,
        'error_key': 'secretsValidationFailed',
        'message': 'The registry refused the login with these credentials.',
    }
    assert rejected not in json.dumps(outcome.result)
    assert registries(emulator) == []


def test_the_saved_status_is_compared_case_insensitively(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator's status is always "saved" in lower case.
    fake_api.add('GET', r'^/mc/registries$', listing())
    fake_api.add('POST', r'^/mc/registries$', {'id': 9, 'error': None, 'status': 'Saved'})
    fake_api.add('GET', r'^/mc/registries/9$', registry(9))
    outcome = run_module(container_registry.main, creds())
    assert not outcome.failed and outcome.result['registry']['id'] == 9


def test_a_status_without_message_and_a_missing_id(fake_api: FakeApi, run_module: t.Any) -> None:
    # Hand-made answers: the emulator never answers a status without its error, nor "saved" without an id.
    fake_api.add('GET', r'^/mc/registries$', listing())
    fake_api.add(
        'POST',
        r'^/mc/registries$',
        {'id': None, 'error': None, 'status': 'unknownErrorOccured'},
        {'id': None, 'error': None, 'status': 'saved'},
    )
    first = run_module(container_registry.main, creds())
    assert (
        first.result['msg'] == 'add container registry "hub" failed: HTTP 200 unknownErrorOccured: '
        'the API answered status unknownErrorOccured'
    )
    second = run_module(container_registry.main, creds())
    assert second.failed and 'the API answered no registry id' in second.result['msg']


def test_validation_problems_are_reported_field_by_field(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator's validation problems answer bodies the module refuses to send.
    fake_api.add('GET', r'^/mc/registries$', listing())
    fake_api.add(
        'POST',
        r'^/mc/registries$',
        FakeResponse(
            400,
            {
                'title': 'validation_failed',
                'status': 400,
                'detail': 'One or more validation errors occurred.',
                'instance': '/mc/registries',
                'errors': [
                    {'field': 'displayName', 'message': 'already taken'},
                    {'field': 'passwordCredentials.password', 'message': 'too weak'},
                ],
                'id': None,
            },
        ),
    )
    outcome = run_module(container_registry.main, creds())
    assert outcome.failed
    assert outcome.result['msg'] == (
        'add container registry "hub" failed: HTTP 400 validation_failed: One or more validation errors occurred. '
        '(displayName: already taken; passwordCredentials.password: too weak)'
    )
    assert outcome.result['failure']['errors'] == [
        {'field': 'displayName', 'message': 'already taken'},
        {'field': 'passwordCredentials.password', 'message': 'too weak'},
    ]


def test_an_id_error_body_is_shown(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator never answers a 400 in the {id, error} shape.
    fake_api.add('GET', r'^/mc/registries$', listing())
    fake_api.add('POST', r'^/mc/registries$', FakeResponse(400, {'id': 0, 'error': 'Registry limit reached'}))
    outcome = run_module(container_registry.main, creds())
    assert outcome.result['msg'] == 'add container registry "hub" failed: HTTP 400 bad_request: Registry limit reached'
    assert len(fake_api.writes) == 1  # a failed create is not repeated


def test_several_registries_with_the_name_are_refused(emulator: Emulator, run_module: t.Any) -> None:
    first, second = add_registry(emulator), add_registry(emulator)
    outcome = run_module(container_registry.main, creds())
    assert outcome.failed
    assert (
        outcome.result['msg']
        == f'find container registry "hub" failed: 2 registries have this display name (ids {first}, {second}); '
        'rename all but one to manage it'
    )
    assert emulator.writes == []


# ---- idempotence and update ------------------------------------------------------------------------


def test_unchanged_sends_no_write_and_the_password_is_not_compared(emulator: Emulator, run_module: t.Any) -> None:
    add_registry(emulator)
    outcome = run_module(container_registry.main, dict(creds(), password=NEW_PASSWORD), diff=True)
    assert outcome.result['changed'] is False
    assert emulator.writes == []
    assert outcome.result['diff']['before'] == outcome.result['diff']['after']
    assert outcome.result['diff']['after']['password'] == '********'
    assert outcome.result['registry']['type'] == 'dockerHub'


def test_the_type_is_read_from_the_host_name(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator's Docker Hub registries are always on docker.io.
    fake_api.add('GET', r'^/mc/registries$', listing(registry(host='registry-1.docker.io')))
    outcome = run_module(container_registry.main, creds())
    assert outcome.result['changed'] is False
    assert outcome.result['registry']['type'] == 'dockerHub'


def test_a_new_username_replaces_the_credentials(emulator: Emulator, run_module: t.Any) -> None:
    registry_id = add_registry(emulator)
    outcome = run_module(container_registry.main, dict(creds(), username='robot'), diff=True)
    assert outcome.result['changed'] is True
    assert [(call.method, call.path) for call in emulator.writes] == [('PUT', f'/mc/registries/{registry_id}')]
    assert emulator.writes[0].json == {
        'displayName': 'hub',
        'type': 'dockerHub',
        'passwordCredentials': {'userName': 'robot', 'password': PASSWORD},
    }
    assert registries(emulator)[0]['userName'] == 'robot'
    assert outcome.result['registry']['userName'] == 'robot'
    assert outcome.result['diff'] == {  # what changes, the registry named in the header
        'before': {'username': 'deployer', 'password': '********'},
        'after': {'username': 'robot', 'password': '******** (updated)'},
        'before_header': 'container registry hub',
        'after_header': 'update',
    }
    assert_no_password(outcome.result)


def test_update_in_check_mode_predicts_the_real_run(emulator: Emulator, run_module: t.Any) -> None:
    registry_id = add_registry(emulator)
    before = registries(emulator)
    wanted = dict(creds(), username='robot', registry_type='github')
    checked = run_module(container_registry.main, wanted, check_mode=True, diff=True)
    assert checked.result['changed'] is True
    assert emulator.writes == [] and registries(emulator) == before
    predicted = checked.result['registry']
    assert (predicted['hostName'], predicted['type'], predicted['userName'], predicted['id']) == (
        'ghcr.io',
        'gitHub',
        'robot',
        registry_id,
    )
    real = run_module(container_registry.main, wanted, diff=True)
    assert real.result['diff'] == checked.result['diff']
    assert {key: value for key, value in real.result['registry'].items() if key != 'lastUpdatedAt'} == {
        key: value for key, value in predicted.items() if key != 'lastUpdatedAt'
    }


def test_update_password_always_sends_it_and_reports_a_change(emulator: Emulator, run_module: t.Any) -> None:
    add_registry(emulator)
    outcome = run_module(
        container_registry.main, dict(creds(), password=NEW_PASSWORD, update_password='always'), diff=True
    )
    assert outcome.result['changed'] is True
    assert emulator.writes[0].json['passwordCredentials'] == {'userName': 'deployer', 'password': NEW_PASSWORD}
    stored = registries(emulator)[0]
    assert (stored['firstPasswordSymbols'], stored['lastPasswordSymbols']) == (NEW_PASSWORD[:3], NEW_PASSWORD[-3:])
    assert outcome.result['diff']['before']['password'] == '********'
    assert outcome.result['diff']['after']['password'] == '******** (updated)'
    assert_no_password(outcome.result)
    checked = run_module(container_registry.main, dict(creds(), update_password='always'), check_mode=True)
    assert checked.result['changed'] is True and len(emulator.writes) == 1


def test_update_password_always_without_a_password_changes_nothing(emulator: Emulator, run_module: t.Any) -> None:
    add_registry(emulator)
    outcome = run_module(container_registry.main, args(registry_type='docker_hub', update_password='always'))
    assert outcome.result['changed'] is False and emulator.writes == []


def test_an_update_of_a_registry_with_credentials_needs_the_password(emulator: Emulator, run_module: t.Any) -> None:
    add_registry(emulator)
    for check_mode in (True, False):
        outcome = run_module(container_registry.main, args(registry_type='github'), check_mode=check_mode)
        assert outcome.failed
        assert outcome.result['msg'].startswith('updating container registry "hub" needs password')
    assert emulator.writes == []


def test_a_public_registry_changes_type_without_credentials(emulator: Emulator, run_module: t.Any) -> None:
    add_registry(emulator, user=None)
    outcome = run_module(container_registry.main, args(registry_type='github'), diff=True)
    assert emulator.writes[0].json == {'displayName': 'hub', 'type': 'gitHub'}
    assert outcome.result['diff'] == {  # no password before or after: not in the diff
        'before': {'registry_type': 'docker_hub'},
        'after': {'registry_type': 'github'},
        'before_header': 'container registry hub',
        'after_header': 'update',
    }
    assert [(item['hostName'], item['isPublic']) for item in registries(emulator)] == [('ghcr.io', True)]


def test_an_unknown_host_needs_a_type_to_update(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator's registries are all on docker.io or ghcr.io.
    fake_api.add('GET', r'^/mc/registries$', listing(registry(host='registry.example.com')))
    outcome = run_module(container_registry.main, args(username='robot', password=PASSWORD))
    assert outcome.result['msg'] == 'registry_type is required to update container registry "hub"'
    assert fake_api.writes == []


def test_a_failed_replace_reports_its_status(emulator: Emulator, run_module: t.Any) -> None:
    add_registry(emulator)
    before = registries(emulator)
    rejected = 'rejected-by-the-registry'  # the emulator's upstream registry refuses it
    outcome = run_module(container_registry.main, dict(creds(), password=rejected, update_password='always'))
    assert outcome.result['msg'] == (
        'update container registry "hub" failed: HTTP 200 secretsValidationFailed: '
        'The registry refused the login with these credentials.'
    )
    assert registries(emulator) == before


# ---- remove -------------------------------------------------------------------------------------


def test_remove_and_remove_again(emulator: Emulator, run_module: t.Any) -> None:
    registry_id = add_registry(emulator)
    add_registry(emulator, 'other')
    checked = run_module(container_registry.main, args(state='absent'), check_mode=True, diff=True)
    assert checked.result['changed'] is True and emulator.writes == []
    removed = run_module(container_registry.main, args(state='absent'), diff=True)
    assert removed.result['changed'] is True
    assert [(call.method, call.path) for call in emulator.writes] == [('DELETE', f'/mc/registries/{registry_id}')]
    assert removed.result['registry'] == {}
    assert removed.result['diff'] == checked.result['diff']
    assert removed.result['diff']['after'] == {} and removed.result['diff']['after_header'] == 'delete'
    assert registries(emulator) == [] and len(registries(emulator, 'other')) == 1
    again = run_module(container_registry.main, args(state='absent'))
    assert again.result['changed'] is False and len(emulator.writes) == 1


def test_a_registry_in_use_is_refused_naming_the_applications(emulator: Emulator, run_module: t.Any) -> None:
    users = apps_of(emulator, 'github-packages')
    assert len(users) == IN_USE['github-packages']
    outcome = run_module(container_registry.main, dict(args(state='absent'), display_name='github-packages'))
    assert outcome.failed
    assert (
        outcome.result['msg'] == 'remove container registry "github-packages" failed: HTTP 200 inUse: '
        f"the registry is in use by 3 applications: {', '.join(users)}"
    )
    assert outcome.result['applications'] == users
    assert outcome.result['failure']['error_key'] == 'inUse'
    assert len(registries(emulator, 'github-packages')) == 1


def test_a_long_list_of_applications_is_shortened_in_the_message(emulator: Emulator, run_module: t.Any) -> None:
    names = apps_of(emulator, 'docker-hub-production')
    outcome = run_module(container_registry.main, dict(args(state='absent'), display_name='docker-hub-production'))
    shown = ', '.join(names[:10])
    more = IN_USE['docker-hub-production'] - 10
    assert outcome.result['msg'].endswith(f'the registry is in use by 280 applications: {shown} and {more} more')
    assert outcome.result['applications'] == names


def test_one_application_in_use(emulator: Emulator, run_module: t.Any) -> None:
    [name] = apps_of(emulator, 'docker-hub-staging')
    outcome = run_module(container_registry.main, dict(args(state='absent'), display_name='docker-hub-staging'))
    assert outcome.result['msg'].endswith(f'HTTP 200 inUse: the registry is in use by 1 application: {name}')


def test_in_use_without_the_applications(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator always names the applications.
    fake_api.add('GET', r'^/mc/registries$', listing(registry()))
    fake_api.add('DELETE', r'^/mc/registries/7$', {'status': 'inUse'})
    bare = run_module(container_registry.main, args(state='absent'))
    assert bare.result['msg'].endswith('HTTP 200 inUse: the registry is in use') and bare.result['applications'] == []


def test_a_409_conflict_is_refused_with_the_api_error(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator answers a registry in use with 200 inUse, never 409.
    fake_api.add('GET', r'^/mc/registries$', listing(registry()))
    fake_api.add(
        'DELETE',
        r'^/mc/registries/7$',
        FakeResponse(
            409,
            {
                'title': 'conflict',
                'status': 409,
                'detail': 'Container registry is used.',
                'instance': '/mc/registries/7',
                'errors': None,
                'id': None,
            },
        ),
    )
    outcome = run_module(container_registry.main, args(state='absent'))
    assert outcome.failed
    assert (
        outcome.result['msg']
        == 'remove container registry "hub" failed: HTTP 409 conflict: Container registry is used.'
    )
    assert outcome.result['failure'] == {
        'status': 409,
        'error_key': 'conflict',
        'message': 'Container registry is used.',
    }
    assert outcome.result['applications'] == []


def test_a_registry_already_gone_on_delete_is_fine(emulator: Emulator, run_module: t.Any) -> None:
    registry_id = add_registry(emulator)

    def other_run_removes() -> None:  # between this run's lookup and its delete
        emulator.client().request('DELETE', f'mc/registries/{registry_id}', 'another run')

    emulator.meanwhile('GET', r'^/mc/registries$', other_run_removes)
    outcome = run_module(container_registry.main, args(state='absent'))
    assert not outcome.failed and outcome.result['changed'] is True
    assert [(call.method, call.path) for call in emulator.writes] == [('DELETE', f'/mc/registries/{registry_id}')]
    assert registries(emulator) == []


def test_an_api_error_names_operation_status_and_key(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(container_registry.main, dict(creds(), api_key='not-the-account-key'))
    message = 'Authorization has been denied for this request.'
    assert outcome.result['msg'] == f'list container registries failed: HTTP 401 unauthorized: {message}'
    assert outcome.result['failure'] == {'status': 401, 'error_key': 'unauthorized', 'message': message}
    assert [(call.method, call.status) for call in emulator.sent] == [('GET', 401)]
