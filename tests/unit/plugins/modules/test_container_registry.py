# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import json
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import container_registry
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Call, FakeApi, FakeResponse

PASSWORD = 'dckr_pat_Unit-Secret-4711'
NEW_PASSWORD = 'dckr_pat_Rotated-Secret-0815'
HOSTS = {'dockerHub': 'docker.io', 'gitHub': 'ghcr.io'}


class Registries:
    """A stateful fake of ``/mc/registries`` on top of FakeApi."""

    def __init__(self, api: FakeApi, *records: dict[str, t.Any]) -> None:
        self.records = {record['id']: dict(record) for record in records}
        self.passwords: dict[int, str | None] = {}
        self.next_id = 500
        api.add(
            'GET',
            r'^/mc/registries$',
            lambda call: {
                'items': list(self.records.values()),
                'meta': {'totalItems': len(self.records)},
                'cursor': None,
            },
        )
        api.add('GET', r'^/mc/registries/\d+$', self.get)
        api.add('POST', r'^/mc/registries$', self.create)
        api.add('PUT', r'^/mc/registries/\d+$', self.replace)
        api.add('DELETE', r'^/mc/registries/\d+$', self.delete)

    @staticmethod
    def ident(call: Call) -> int:
        return int(call.path.rsplit('/', 1)[1])

    def get(self, call: Call) -> t.Any:
        record = self.records.get(self.ident(call))
        return (
            dict(record)
            if record
            else FakeResponse(404, {'title': 'not_found', 'status': 404, 'detail': 'Container registry not found.'})
        )

    def save(self, registry_id: int, body: dict[str, t.Any], created: str) -> None:
        credentials = body.get('passwordCredentials') or {}
        password = credentials.get('password')
        self.records[registry_id] = {
            'id': registry_id,
            'displayName': body['displayName'],
            'hostName': HOSTS[body['type']],
            'userName': credentials.get('userName'),
            'firstPasswordSymbols': password[:3] if password else None,
            'lastPasswordSymbols': password[-3:] if password else None,
            'createdAt': created,
            'isPublic': not credentials,
            'lastUpdatedAt': None if created == 'now' else 'later',
        }
        self.passwords[registry_id] = password

    def create(self, call: Call) -> t.Any:
        self.next_id += 1
        self.save(self.next_id, call.json, 'now')
        return {'id': self.next_id, 'error': None, 'status': 'saved'}

    def replace(self, call: Call) -> t.Any:
        registry_id = self.ident(call)
        self.save(registry_id, call.json, self.records[registry_id]['createdAt'])
        return {'id': registry_id, 'error': None, 'status': 'saved'}

    def delete(self, call: Call) -> t.Any:
        self.records.pop(self.ident(call), None)
        return {'status': 'removed', 'applications': None}


def registry(
    registry_id: int = 7, name: str = 'hub', host: str = 'docker.io', user: str | None = 'deployer'
) -> dict[str, t.Any]:
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
        ({'username': 'u'}, 'parameters are required together: username, password'),
        ({'registry_type': 'quay'}, 'value of registry_type must be one of: docker_hub, github'),
    ],
)
def test_bad_input_is_refused_before_any_request(
    fake_api: FakeApi, run_module: t.Any, extra: dict, message: str
) -> None:
    outcome = run_module(container_registry.main, dict(args(), **extra))
    assert outcome.failed
    assert message in outcome.result['msg']
    assert fake_api.calls == []


def test_fifty_characters_are_accepted(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api)
    outcome = run_module(container_registry.main, dict(creds(), display_name='x' * 50))
    assert not outcome.failed
    assert fake_api.writes[0].json['displayName'] == 'x' * 50


# ---- create ------------------------------------------------------------------------------------


def test_create_sends_the_spec_body_and_returns_the_registry(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api, registry(3, 'other'))
    outcome = run_module(container_registry.main, creds(), diff=True)
    assert not outcome.failed
    assert outcome.result['changed'] is True
    assert [(call.method, call.path) for call in fake_api.calls] == [
        ('GET', '/mc/registries'),
        ('POST', '/mc/registries'),
        ('GET', '/mc/registries/501'),
    ]
    assert fake_api.writes[0].json == {
        'displayName': 'hub',
        'type': 'dockerHub',
        'passwordCredentials': {'userName': 'deployer', 'password': PASSWORD},
    }
    returned = outcome.result['registry']
    assert returned['id'] == 501 and returned['hostName'] == 'docker.io' and returned['type'] == 'dockerHub'
    assert returned['userName'] == 'deployer'
    assert returned['firstPasswordSymbols'] == returned['lastPasswordSymbols'] == '********'
    assert outcome.result['diff'] == {
        'before': {},
        'after': {'display_name': 'hub', 'registry_type': 'docker_hub', 'username': 'deployer', 'password': '********'},
        'after_header': 'create',
    }
    assert_no_password(outcome.result)


def test_create_in_check_mode_predicts_and_sends_no_write(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api)
    checked = run_module(container_registry.main, creds(), check_mode=True, diff=True)
    assert checked.result['changed'] is True
    assert fake_api.writes == []
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


def test_create_without_credentials(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api)
    outcome = run_module(container_registry.main, args(registry_type='github'))
    assert fake_api.writes[0].json == {'displayName': 'hub', 'type': 'gitHub'}
    assert outcome.result['registry']['hostName'] == 'ghcr.io'
    assert outcome.result['registry']['firstPasswordSymbols'] is None
    assert outcome.result['diff']['after']['password'] is None


def test_create_needs_a_registry_type(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api)
    for check_mode in (True, False):
        outcome = run_module(container_registry.main, args(username='u', password=PASSWORD), check_mode=check_mode)
        assert outcome.failed
        assert outcome.result['msg'] == 'registry_type is required to add container registry "hub"'
    assert fake_api.writes == []


def test_a_save_status_other_than_saved_is_a_failure(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api)
    fake_api.add(
        'POST',
        r'^/mc/registries$',
        {'id': None, 'error': 'The registry refused the login.', 'status': 'secretsValidationFailed'},
    )
    outcome = run_module(container_registry.main, creds())
    assert outcome.failed
    assert (
        outcome.result['msg']
        == 'add container registry "hub" failed: HTTP 200 secretsValidationFailed: The registry refused the login.'
    )
    assert outcome.result['failure'] == {
        'status': 200,
        'error_key': 'secretsValidationFailed',
        'message': 'The registry refused the login.',
    }
    assert_no_password(outcome.result)


def test_the_saved_status_is_compared_case_insensitively(fake_api: FakeApi, run_module: t.Any) -> None:
    api = Registries(fake_api)
    fake_api.add(
        'POST',
        r'^/mc/registries$',
        lambda call: (api.save(9, call.json, 'now'), {'id': 9, 'error': None, 'status': 'Saved'})[1],
    )
    outcome = run_module(container_registry.main, creds())
    assert not outcome.failed and outcome.result['registry']['id'] == 9


def test_a_status_without_message_and_a_missing_id(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api)
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
    Registries(fake_api)
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
    Registries(fake_api)
    fake_api.add('POST', r'^/mc/registries$', FakeResponse(400, {'id': 0, 'error': 'Registry limit reached'}))
    outcome = run_module(container_registry.main, creds())
    assert outcome.result['msg'] == 'add container registry "hub" failed: HTTP 400 bad_request: Registry limit reached'
    assert len(fake_api.writes) == 1  # a failed create is not repeated


def test_several_registries_with_the_name_are_refused(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api, registry(7), registry(8))
    outcome = run_module(container_registry.main, creds())
    assert outcome.failed
    assert (
        outcome.result['msg']
        == 'find container registry "hub" failed: 2 registries have this display name (ids 7, 8); '
        'rename all but one to manage it'
    )
    assert fake_api.writes == []


# ---- idempotence and update ------------------------------------------------------------------------


def test_unchanged_sends_no_write_and_the_password_is_not_compared(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api, registry())
    outcome = run_module(container_registry.main, dict(creds(), password=NEW_PASSWORD), diff=True)
    assert outcome.result['changed'] is False
    assert fake_api.writes == []
    assert outcome.result['diff']['before'] == outcome.result['diff']['after']
    assert outcome.result['diff']['after']['password'] == '********'
    assert outcome.result['registry']['type'] == 'dockerHub'


def test_the_type_is_read_from_the_host_name(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api, registry(host='registry-1.docker.io'))
    outcome = run_module(container_registry.main, creds())
    assert outcome.result['changed'] is False
    assert outcome.result['registry']['type'] == 'dockerHub'


def test_a_new_username_replaces_the_credentials(fake_api: FakeApi, run_module: t.Any) -> None:
    api = Registries(fake_api, registry())
    outcome = run_module(container_registry.main, dict(creds(), username='robot'), diff=True)
    assert outcome.result['changed'] is True
    assert [(call.method, call.path) for call in fake_api.writes] == [('PUT', '/mc/registries/7')]
    assert fake_api.writes[0].json == {
        'displayName': 'hub',
        'type': 'dockerHub',
        'passwordCredentials': {'userName': 'robot', 'password': PASSWORD},
    }
    assert api.records[7]['userName'] == 'robot'
    assert outcome.result['registry']['userName'] == 'robot'
    assert outcome.result['diff'] == {
        'before': {
            'display_name': 'hub',
            'registry_type': 'docker_hub',
            'username': 'deployer',
            'password': '********',
        },
        'after': {
            'display_name': 'hub',
            'registry_type': 'docker_hub',
            'username': 'robot',
            'password': '******** (updated)',
        },
        'after_header': 'update',
    }
    assert_no_password(outcome.result)


def test_update_in_check_mode_predicts_the_real_run(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api, registry())
    wanted = dict(creds(), username='robot', registry_type='github')
    checked = run_module(container_registry.main, wanted, check_mode=True, diff=True)
    assert checked.result['changed'] is True
    assert fake_api.writes == []
    predicted = checked.result['registry']
    assert (predicted['hostName'], predicted['type'], predicted['userName'], predicted['id']) == (
        'ghcr.io',
        'gitHub',
        'robot',
        7,
    )
    real = run_module(container_registry.main, wanted, diff=True)
    assert real.result['diff'] == checked.result['diff']
    assert {key: value for key, value in real.result['registry'].items() if key != 'lastUpdatedAt'} == {
        key: value for key, value in predicted.items() if key != 'lastUpdatedAt'
    }


def test_update_password_always_sends_it_and_reports_a_change(fake_api: FakeApi, run_module: t.Any) -> None:
    api = Registries(fake_api, registry())
    outcome = run_module(
        container_registry.main, dict(creds(), password=NEW_PASSWORD, update_password='always'), diff=True
    )
    assert outcome.result['changed'] is True
    assert fake_api.writes[0].json['passwordCredentials'] == {'userName': 'deployer', 'password': NEW_PASSWORD}
    assert api.passwords[7] == NEW_PASSWORD
    assert outcome.result['diff']['before']['password'] == '********'
    assert outcome.result['diff']['after']['password'] == '******** (updated)'
    assert_no_password(outcome.result)
    checked = run_module(container_registry.main, dict(creds(), update_password='always'), check_mode=True)
    assert checked.result['changed'] is True and len(fake_api.writes) == 1


def test_update_password_always_without_a_password_changes_nothing(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api, registry())
    outcome = run_module(container_registry.main, args(registry_type='docker_hub', update_password='always'))
    assert outcome.result['changed'] is False and fake_api.writes == []


def test_an_update_of_a_registry_with_credentials_needs_the_password(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api, registry())
    for check_mode in (True, False):
        outcome = run_module(container_registry.main, args(registry_type='github'), check_mode=check_mode)
        assert outcome.failed
        assert outcome.result['msg'].startswith('updating container registry "hub" needs password')
    assert fake_api.writes == []


def test_a_public_registry_changes_type_without_credentials(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api, registry(user=None))
    outcome = run_module(container_registry.main, args(registry_type='github'), diff=True)
    assert fake_api.writes[0].json == {'displayName': 'hub', 'type': 'gitHub'}
    assert outcome.result['diff']['before']['password'] is None and outcome.result['diff']['after']['password'] is None


def test_an_unknown_host_needs_a_type_to_update(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api, registry(host='registry.example.com'))
    outcome = run_module(container_registry.main, args(username='robot', password=PASSWORD))
    assert outcome.result['msg'] == 'registry_type is required to update container registry "hub"'
    assert fake_api.writes == []


def test_a_failed_replace_reports_its_status(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api, registry())
    fake_api.add('PUT', r'^/mc/registries/7$', {'id': 7, 'error': 'Login failed', 'status': 'SecretsValidationFailed'})
    outcome = run_module(container_registry.main, dict(creds(), update_password='always'))
    assert (
        outcome.result['msg']
        == 'update container registry "hub" failed: HTTP 200 SecretsValidationFailed: Login failed'
    )


# ---- remove -------------------------------------------------------------------------------------


def test_remove_and_remove_again(fake_api: FakeApi, run_module: t.Any) -> None:
    api = Registries(fake_api, registry(), registry(8, 'other'))
    checked = run_module(container_registry.main, args(state='absent'), check_mode=True, diff=True)
    assert checked.result['changed'] is True and fake_api.writes == []
    removed = run_module(container_registry.main, args(state='absent'), diff=True)
    assert removed.result['changed'] is True
    assert [(call.method, call.path) for call in fake_api.writes] == [('DELETE', '/mc/registries/7')]
    assert removed.result['registry'] == {}
    assert removed.result['diff'] == checked.result['diff']
    assert removed.result['diff']['after'] == {} and removed.result['diff']['after_header'] == 'delete'
    assert list(api.records) == [8]
    again = run_module(container_registry.main, args(state='absent'))
    assert again.result['changed'] is False and len(fake_api.writes) == 1


def test_a_registry_in_use_is_refused_naming_the_applications(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api, registry())
    fake_api.add('DELETE', r'^/mc/registries/7$', {'status': 'inUse', 'applications': ['web-1', 'api-2']})
    outcome = run_module(container_registry.main, args(state='absent'))
    assert outcome.failed
    assert (
        outcome.result['msg'] == 'remove container registry "hub" failed: HTTP 200 inUse: '
        'the registry is in use by 2 applications: web-1, api-2'
    )
    assert outcome.result['applications'] == ['web-1', 'api-2']
    assert outcome.result['failure']['error_key'] == 'inUse'


def test_a_long_list_of_applications_is_shortened_in_the_message(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api, registry())
    names = [f'app-{index}' for index in range(14)]
    fake_api.add('DELETE', r'^/mc/registries/7$', {'status': 'InUse', 'applications': names})
    outcome = run_module(container_registry.main, args(state='absent'))
    shown = ', '.join(names[:10])
    assert outcome.result['msg'].endswith(f'the registry is in use by 14 applications: {shown} and 4 more')
    assert outcome.result['applications'] == names


def test_one_application_in_use(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api, registry())
    fake_api.add('DELETE', r'^/mc/registries/7$', {'status': 'inUse', 'applications': ['web-1']}, {'status': 'inUse'})
    outcome = run_module(container_registry.main, args(state='absent'))
    assert outcome.result['msg'].endswith('HTTP 200 inUse: the registry is in use by 1 application: web-1')
    bare = run_module(container_registry.main, args(state='absent'))
    assert bare.result['msg'].endswith('HTTP 200 inUse: the registry is in use') and bare.result['applications'] == []


def test_a_409_conflict_is_refused_with_the_api_error(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api, registry())
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


def test_a_registry_already_gone_on_delete_is_fine(fake_api: FakeApi, run_module: t.Any) -> None:
    Registries(fake_api, registry())
    fake_api.add('DELETE', r'^/mc/registries/7$', {'status': 'notFound', 'applications': None})
    outcome = run_module(container_registry.main, args(state='absent'))
    assert not outcome.failed and outcome.result['changed'] is True


def test_an_api_error_names_operation_status_and_key(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add(
        'GET',
        r'^/mc/registries$',
        FakeResponse(401, {'type': 'x', 'title': 'unauthorized', 'status': 401, 'detail': 'Denied.'}),
    )
    outcome = run_module(container_registry.main, creds())
    assert outcome.result['msg'] == 'list container registries failed: HTTP 401 unauthorized: Denied.'
    assert outcome.result['failure'] == {'status': 401, 'error_key': 'unauthorized', 'message': 'Denied.'}
