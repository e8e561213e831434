# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.modules import pullzone_info
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, FakeResponse


def zone(zone_id: int, name: str, **extra: object) -> dict:
    record = {
        'Id': zone_id,
        'Name': name,
        'ZoneSecurityKey': f'secret-{zone_id}',
        'AWSSigningKey': None,
        'AWSSigningSecret': '',
        'LogForwardingToken': f'token-{zone_id}',
        'Hostnames': [{'Id': zone_id * 10, 'Value': f'{name}.test', 'Certificate': 'CERT', 'CertificateKey': 'KEY'}],
    }
    record.update(extra)
    return record


def page(items: list, current: int, more: bool) -> dict:
    return {'Items': items, 'CurrentPage': current, 'TotalItems': 0, 'HasMoreItems': more}


def test_lists_every_page_with_the_largest_page_size(fake_api, run_module):
    fake_api.add('GET', r'^/pullzone$', page([zone(1, 'a'), zone(2, 'b')], 1, True), page([zone(3, 'c')], 2, False))
    outcome = run_module(pullzone_info.main, COMMON_ARGS)
    assert not outcome.failed
    assert [z['Id'] for z in outcome.result['pullzones']] == [1, 2, 3]
    assert [call.params['page'] for call in fake_api.calls] == [1, 2]
    assert all(call.params['perPage'] == 1000 for call in fake_api.calls)
    assert outcome.result['changed'] is False


def test_secrets_are_masked_only_when_set(fake_api, run_module):
    fake_api.add('GET', r'^/pullzone$', page([zone(1, 'a')], 1, False))
    result = run_module(pullzone_info.main, COMMON_ARGS).result['pullzones'][0]
    assert result['ZoneSecurityKey'] == '********'
    assert result['LogForwardingToken'] == '********'
    assert result['AWSSigningKey'] is None
    assert result['AWSSigningSecret'] == ''
    assert result['Hostnames'][0]['CertificateKey'] == '********'
    assert result['Hostnames'][0]['Certificate'] == 'CERT'


def test_include_secrets_returns_them(fake_api, run_module):
    fake_api.add('GET', r'^/pullzone$', page([zone(1, 'a')], 1, False))
    result = run_module(pullzone_info.main, dict(COMMON_ARGS, include_secrets=True)).result['pullzones'][0]
    assert result['ZoneSecurityKey'] == 'secret-1'


def test_name_is_searched_then_matched_exactly(fake_api, run_module):
    fake_api.add('GET', r'^/pullzone$', page([zone(1, 'media'), zone(2, 'media-2')], 1, False))
    outcome = run_module(pullzone_info.main, dict(COMMON_ARGS, name='media'))
    assert [z['Id'] for z in outcome.result['pullzones']] == [1]
    assert fake_api.calls[0].params['search'] == 'media'


def test_missing_id_is_an_empty_list(fake_api, run_module):
    fake_api.add(
        'GET', r'^/pullzone/7$', FakeResponse(404, {'ErrorKey': 'pullzone.not_found', 'Field': 'id', 'Message': 'gone'})
    )
    outcome = run_module(pullzone_info.main, dict(COMMON_ARGS, id=7))
    assert outcome.result['pullzones'] == []


def test_bad_input_sends_nothing(fake_api, run_module):
    outcome = run_module(pullzone_info.main, dict(COMMON_ARGS, id=0))
    assert outcome.failed
    assert 'id must be a positive integer' in outcome.result['msg']
    assert fake_api.calls == []


def test_api_error_carries_status_and_key(fake_api, run_module):
    fake_api.add(
        'GET', r'^/pullzone$', FakeResponse(401, {'ErrorKey': 'unauthorized', 'Field': '', 'Message': 'denied'})
    )
    outcome = run_module(pullzone_info.main, COMMON_ARGS)
    assert outcome.failed
    assert outcome.result['failure'] == {'status': 401, 'error_key': 'unauthorized', 'message': 'denied'}
    assert outcome.result['msg'] == 'list pull zones failed: HTTP 401 unauthorized: denied'


def test_a_plain_http_address_of_another_machine_is_warned_about(
    fake_api: t.Any, run_module: t.Any, monkeypatch: t.Any
) -> None:
    from ansible.module_utils.common import warnings

    try:  # as in a module process: once the controller is imported (other tests do), warnings go to the screen
        from ansible.module_utils import _internal

        monkeypatch.setattr(_internal, 'is_controller', False)
    except ImportError:  # before ansible-core 2.19 a module's warnings are always recorded
        pass
    recorded = getattr(warnings, 'get_warnings', None) or warnings.get_warning_messages  # the latter before 2.19
    fake_api.add('GET', r'^/pullzone$', [])
    warnings._global_warnings.clear()
    run_module(pullzone_info.main, dict(COMMON_ARGS, api_url='http://api.example.net'))
    shown = [str(getattr(warning, 'event', warning)) for warning in recorded()]
    assert any('api_url http://api.example.net is plain http' in text for text in shown), shown
    warnings._global_warnings.clear()
    run_module(pullzone_info.main, dict(COMMON_ARGS, api_url='http://127.0.0.1:8080'))
    assert list(recorded()) == []
