# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The declarative resource base and the shared module machinery, on a made-up resource."""

from __future__ import annotations

import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils._common import (
    DIFF_VARIABLE,
    MASK,
    EdgeModule,
    api_argument_spec,
    make_diff,
    mask_secrets,
)
from ansible_collections.edge.platform.plugins.module_utils._pullzones import mask_pullzone
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, same_set
from ansible_collections.edge.platform.tests.unit.helpers import API_KEY, COMMON_ARGS, FakeApi, FakeResponse

KINDS = {'small': 0, 'large': 1}


class Widget(EdgeResource):
    name = 'widget'
    fields = (
        Field('name', 'name'),
        Field('size', 'size'),
        Field('kind', 'kind', to_api=KINDS.get, updatable=False),
        Field('tags', 'tags', equal=same_set),
        Field('secret', 'secret'),
    )
    secret_keys = frozenset({'secret'})

    def validate(self) -> None:
        if self.params['size'] is not None and self.params['size'] < 0:
            self.module.fail('size must be 0 or more')

    def find(self) -> dict[str, t.Any] | None:
        widgets = self.client.get('widgets', 'list widgets')
        return next((w for w in widgets if w['name'] == self.params['name']), None)

    def create(self, wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        return self.client.request('POST', 'widgets', 'create widget', json_body=wanted).json()

    def update(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> dict[str, t.Any]:
        return self.client.request(
            'PATCH', f"widgets/{current['id']}", 'update widget', json_body=changes, idempotent=True
        ).json()

    def delete(self, current: dict[str, t.Any]) -> None:
        self.client.request('DELETE', f"widgets/{current['id']}", 'delete widget')


def widget_main() -> None:
    module = EdgeModule(
        argument_spec=dict(
            name=dict(type='str', required=True),
            size=dict(type='int'),
            kind=dict(type='str', choices=list(KINDS)),
            tags=dict(type='list', elements='str'),
            secret=dict(type='str', no_log=True),
            state=dict(type='str', default='present', choices=['present', 'absent']),
        )
    )
    Widget(module).run()


EXISTING = {'id': 7, 'name': 'w', 'size': 1, 'kind': 0, 'tags': ['a', 'b'], 'secret': 's3cr3t-value'}


def args(**extra: t.Any) -> dict[str, t.Any]:
    return dict(COMMON_ARGS, name='w', **extra)


def test_create(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/widgets$', [])
    fake_api.add('POST', r'^/widgets$', lambda call: dict(call.json, id=9))
    outcome = run_module(widget_main, args(size=3, kind='large'), diff=True)
    assert outcome.result['changed'] is True
    assert fake_api.writes[0].json == {'name': 'w', 'size': 3, 'kind': 1}
    assert outcome.result['widget'] == {'name': 'w', 'size': 3, 'kind': 1, 'id': 9}
    assert outcome.result['diff']['before'] == {}
    assert outcome.result['diff']['after']['size'] == 3
    assert outcome.result['diff']['after_header'] == 'create'


def test_the_diff_is_built_only_in_diff_mode_or_when_the_task_asks(
    fake_api: FakeApi, run_module: t.Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_api.add('GET', r'^/widgets$', [EXISTING])
    assert 'diff' not in run_module(widget_main, args(size=2), check_mode=True).result
    # The site role's tasks ask for it in their environment: the summary is made of the diffs.
    monkeypatch.setenv(DIFF_VARIABLE, '1')
    asked = run_module(widget_main, args(size=2), check_mode=True).result
    assert asked['diff']['before']['size'] == 1
    assert asked['diff']['after']['size'] == 2


def test_create_in_check_mode_sends_no_write(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/widgets$', [])
    outcome = run_module(widget_main, args(size=3), check_mode=True)
    assert outcome.result['changed'] is True
    assert outcome.result['widget'] == {'name': 'w', 'size': 3}
    assert fake_api.writes == []


def test_unchanged_sends_no_write(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/widgets$', [EXISTING])
    outcome = run_module(widget_main, args(size=1, kind='small', tags=['b', 'a', 'a']), diff=True)
    assert outcome.result['changed'] is False
    assert fake_api.writes == []
    assert outcome.result['diff']['before'] == outcome.result['diff']['after']


def test_update_sends_only_what_differs(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/widgets$', [EXISTING])
    fake_api.add('PATCH', r'^/widgets/7$', lambda call: dict(EXISTING, **call.json))
    outcome = run_module(widget_main, args(size=2, kind='small', tags=['a', 'b']), diff=True)
    assert outcome.result['changed'] is True
    assert [call.json for call in fake_api.writes] == [{'size': 2}]
    assert outcome.result['diff']['before']['size'] == 1
    assert outcome.result['diff']['after']['size'] == 2


def test_update_in_check_mode_predicts(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/widgets$', [EXISTING])
    outcome = run_module(widget_main, args(size=2), check_mode=True)
    assert outcome.result['changed'] is True
    assert outcome.result['widget']['size'] == 2
    assert fake_api.writes == []


def test_unset_options_leave_the_remote_value(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/widgets$', [EXISTING])
    outcome = run_module(widget_main, args())
    assert outcome.result['changed'] is False
    assert outcome.result['widget']['size'] == 1


def test_fixed_field_change_recreates(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/widgets$', [EXISTING])
    fake_api.add('DELETE', r'^/widgets/7$', FakeResponse(204))
    fake_api.add('POST', r'^/widgets$', lambda call: dict(call.json, id=8))
    outcome = run_module(widget_main, args(kind='large'), diff=True)
    assert [call.method for call in fake_api.writes] == ['DELETE', 'POST']
    # unset managed values are carried over to the new object
    assert fake_api.writes[1].json['size'] == 1
    assert fake_api.writes[1].json['kind'] == 1
    assert outcome.result['diff']['after_header'] == 'recreate (the API cannot change kind in place)'


def test_delete_and_delete_again(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/widgets$', [EXISTING], [])
    fake_api.add('DELETE', r'^/widgets/7$', FakeResponse(204))
    first = run_module(widget_main, args(state='absent'))
    second = run_module(widget_main, args(state='absent'))
    assert first.result['changed'] is True
    assert first.result['widget'] == {}
    assert second.result['changed'] is False
    assert len(fake_api.writes) == 1


def test_delete_in_check_mode(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/widgets$', [EXISTING])
    outcome = run_module(widget_main, args(state='absent'), check_mode=True)
    assert outcome.result['changed'] is True
    assert fake_api.writes == []


def test_secrets_masked_in_result_and_diff(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/widgets$', [EXISTING])
    outcome = run_module(widget_main, args(), diff=True)
    assert outcome.result['widget']['secret'] == MASK
    assert outcome.result['diff']['before']['secret'] == MASK
    assert 's3cr3t-value' not in repr(outcome.result)


def test_validation_runs_before_any_request(fake_api: FakeApi, run_module: t.Any) -> None:
    outcome = run_module(widget_main, args(size=-1))
    assert outcome.failed
    assert outcome.result['msg'] == 'size must be 0 or more'
    assert fake_api.calls == []


def test_api_error_becomes_failure(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/widgets$', FakeResponse(500, {'title': 'boom', 'detail': 'database down', 'status': 500}))
    outcome = run_module(widget_main, args())
    assert outcome.failed
    assert outcome.result['failure'] == {'status': 500, 'error_key': 'boom', 'message': 'database down'}
    assert outcome.result['msg'] == 'list widgets failed: HTTP 500 boom: database down'


@pytest.mark.parametrize(
    'option, value, message',
    [
        ('api_url', 'api.edge.test', 'api_url must be an http:// or https:// URL'),
        ('api_timeout', 0, 'api_timeout must be greater than 0'),
        ('api_retries', -1, 'api_retries must be 0 or more'),
    ],
)
def test_common_options_are_validated(
    fake_api: FakeApi, run_module: t.Any, option: str, value: t.Any, message: str
) -> None:
    outcome = run_module(widget_main, args(**{option: value}))
    assert outcome.failed
    assert message in outcome.result['msg']
    assert fake_api.calls == []


def test_environment_fallbacks(fake_api: FakeApi, run_module: t.Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv('EDGE_API_KEY', 'from-env-key')
    monkeypatch.setenv('EDGE_API_URL', 'https://env.edge.test')
    monkeypatch.setenv('EDGE_API_RETRIES', '0')
    fake_api.add('GET', r'^/widgets$', FakeResponse(503))
    outcome = run_module(widget_main, {'name': 'w'})
    assert outcome.failed
    assert len(fake_api.calls) == 1
    assert fake_api.calls[0].url == 'https://env.edge.test/widgets'
    assert fake_api.calls[0].headers['AccessKey'] == 'from-env-key'


def test_argument_spec_has_every_connection_option() -> None:
    spec = api_argument_spec()
    assert spec['api_key']['no_log'] is True
    assert spec['api_url']['fallback'][1] == ['EDGE_API_URL']
    assert spec['video_api_url']['fallback'][1] == ['EDGE_VIDEO_API_URL']
    assert spec['logging_api_url']['fallback'][1] == ['EDGE_LOGGING_API_URL']
    assert spec['api_retries']['default'] == 5
    assert spec['api_timeout']['default'] == 30
    assert not any(option.get('required') for option in spec.values())


@pytest.mark.parametrize(
    'missing, message',
    [
        ('api_url', 'api_url is required (or set EDGE_API_URL)'),
        ('api_key', 'api_key is required (or set EDGE_API_KEY)'),
    ],
)
def test_a_missing_connection_option_names_its_variable(
    fake_api: FakeApi, run_module: t.Any, missing: str, message: str
) -> None:
    outcome = run_module(widget_main, {key: value for key, value in args().items() if key != missing})
    assert outcome.failed
    assert outcome.result['msg'] == message
    assert fake_api.calls == []


def test_options_of_apis_a_module_does_not_call_are_ignored(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/widgets$', [EXISTING])
    outcome = run_module(
        widget_main, args(video_api_url='https://video.edge.test', logging_api_url='https://logging.edge.test')
    )
    assert not outcome.failed
    assert [call.url for call in fake_api.calls] == ['https://api.edge.test/widgets']


def test_mask_secrets_only_set_values() -> None:
    value = {'a': 'x', 'key': 'k', 'empty': '', 'none': None, 'nested': [{'key': 'n'}]}
    masked = mask_secrets(value, {'key', 'empty', 'none'})
    assert masked == {'a': 'x', 'key': MASK, 'empty': '', 'none': None, 'nested': [{'key': MASK}]}
    assert value['key'] == 'k'  # the input is not changed


def test_mask_pullzone_covers_spec_secrets() -> None:
    zone = {
        'ZoneSecurityKey': 'a',
        'AWSSigningKey': 'b',
        'AWSSigningSecret': 'c',
        'LogForwardingToken': 'd',
        'Name': 'n',
        'Hostnames': [{'Value': 'h', 'Certificate': 'cert', 'CertificateKey': 'key'}],
    }
    masked = mask_pullzone(zone)
    assert [masked[k] for k in ('ZoneSecurityKey', 'AWSSigningKey', 'AWSSigningSecret', 'LogForwardingToken')] == [
        MASK
    ] * 4
    assert masked['Hostnames'][0] == {'Value': 'h', 'Certificate': 'cert', 'CertificateKey': MASK}


def test_make_diff_absent_sides() -> None:
    assert make_diff(None, {'a': 1}) == {'before': {}, 'after': {'a': 1}}
    assert make_diff({'token': 't'}, None, {'token'}) == {'before': {'token': MASK}, 'after': {}}


def test_api_key_is_no_log(fake_api: FakeApi, run_module: t.Any) -> None:
    fake_api.add('GET', r'^/widgets$', [EXISTING])
    outcome = run_module(widget_main, args())
    assert API_KEY not in repr(outcome.result)
