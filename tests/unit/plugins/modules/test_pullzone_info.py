# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import copy
import random
import typing as t

from ansible_collections.edge.platform.plugins.modules import pullzone_info
from ansible_collections.edge.platform.tests.emulator.areas import pullzones as pullzones_area
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, LOGGING_URL, Emulator

SECRETS = ('ZoneSecurityKey', 'AWSSigningKey', 'AWSSigningSecret', 'LogForwardingToken')
# Seeded zones: 1001 (assets-000) has every secret and a hostname with a certificate, 1005 (video-004) none.
ALL_SECRETS, NO_SECRETS = 1001, 1005


def add_pullzones(emulator: Emulator, count: int, name: str | None = None) -> list[int]:
    """Seed ``count`` more pull zones, made as the emulator makes its own (the API cannot create one)."""
    zones = pullzones_area.pullzones(emulator.state)
    rng = random.Random('unit')
    added = []
    for index in range(len(zones), len(zones) + count):
        zone = pullzones_area.make_pullzone(index, rng)
        if name is not None:
            zone['Name'] = name
        zones[zone['Id']] = zone
        added.append(zone['Id'])
    return added


def seeded(emulator: Emulator, zone_id: int) -> dict[str, t.Any]:
    return emulator.item('pullzones', Id=zone_id)


def test_lists_every_page_with_the_largest_page_size(emulator: Emulator, run_module: t.Any) -> None:
    add_pullzones(emulator, 1000)  # 1012 zones: two pages of at most 1000
    outcome = run_module(pullzone_info.main, COMMON_ARGS)
    assert not outcome.failed
    assert [z['Id'] for z in outcome.result['pullzones']] == [z['Id'] for z in emulator.snapshot()['pullzones']]
    assert len(outcome.result['pullzones']) == 1012
    assert [(call.path, call.params) for call in emulator.sent] == [
        ('/pullzone', {'perPage': '1000', 'includeCertificate': 'false', 'page': str(page)}) for page in (1, 2)
    ]
    assert outcome.result['changed'] is False


def test_secrets_are_masked_only_when_set(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone_info.main, dict(COMMON_ARGS, include_certificate=True))
    found = {zone['Id']: zone for zone in outcome.result['pullzones']}
    masked, bare = found[ALL_SECRETS], found[NO_SECRETS]
    expected = seeded(emulator, ALL_SECRETS)
    assert all(expected[key] for key in SECRETS)  # the seed sets them all
    expected.update(dict.fromkeys(SECRETS, '********'))
    for hostname in expected['Hostnames']:  # the certificates are shown, their keys masked
        assert hostname['Certificate'] and hostname['CertificateKey']
        hostname['CertificateKey'] = '********'
    assert masked == expected
    # An empty or null secret stays as it is: the output still tells it is not set.
    assert {key: bare[key] for key in SECRETS} == {key: seeded(emulator, NO_SECRETS)[key] for key in SECRETS}
    assert bare['ZoneSecurityKey'] == '' and bare['AWSSigningKey'] is None


def test_include_secrets_returns_them(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone_info.main, dict(COMMON_ARGS, include_secrets=True))
    result = next(zone for zone in outcome.result['pullzones'] if zone['Id'] == ALL_SECRETS)
    expected = copy.deepcopy(seeded(emulator, ALL_SECRETS))
    for hostname in expected['Hostnames']:  # without include_certificate the API leaves certificates out
        hostname['Certificate'] = hostname['CertificateKey'] = None
    assert result == expected
    assert result['ZoneSecurityKey'].startswith('zsk-')


def test_name_is_searched_then_matched_exactly(emulator: Emulator, run_module: t.Any) -> None:
    [longer] = add_pullzones(emulator, 1, name='assets-000-old')  # the API's search finds both
    outcome = run_module(pullzone_info.main, dict(COMMON_ARGS, name='assets-000'))
    assert [z['Id'] for z in outcome.result['pullzones']] == [ALL_SECRETS]
    assert emulator.sent[0].params['search'] == 'assets-000'
    everything = run_module(pullzone_info.main, dict(COMMON_ARGS, search='assets-000')).result['pullzones']
    assert [z['Id'] for z in everything] == [ALL_SECRETS, longer]


def test_missing_id_is_an_empty_list(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone_info.main, dict(COMMON_ARGS, id=4242))
    assert not outcome.failed and outcome.result['pullzones'] == []
    assert [(call.path, call.status) for call in emulator.sent] == [('/pullzone/4242', 404)]


def test_a_404_of_another_service_is_no_empty_list(emulator: Emulator, run_module: t.Any) -> None:
    # api_url pointed at the logging API: its 404 is not the pull zone API's "no such zone".
    outcome = run_module(pullzone_info.main, dict(COMMON_ARGS, api_url=LOGGING_URL, id=1001))
    assert outcome.failed, outcome.result
    assert outcome.result['msg'].startswith('read pull zone 1001 failed: HTTP 404')
    assert f'is {LOGGING_URL} the right base address?' in outcome.result['msg']


def test_bad_input_sends_nothing(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone_info.main, dict(COMMON_ARGS, id=0))
    assert outcome.failed
    assert 'id must be a positive integer' in outcome.result['msg']
    assert emulator.sent == []


def test_api_error_carries_status_and_key(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone_info.main, dict(COMMON_ARGS, api_key='not-the-account-key'))
    assert outcome.failed
    message = 'Authorization has been denied for this request.'
    assert outcome.result['failure'] == {
        'status': 401,
        'error_key': 'unauthorized',
        'message': message,
        'errors': [{'field': 'AccessKey', 'message': message}],
    }
    assert outcome.result['msg'] == f'list pull zones failed: HTTP 401 unauthorized: {message}'
    assert [call.status for call in emulator.sent] == [401]  # not retried
    assert 'not-the-account-key' not in str(outcome.result)


def test_a_plain_http_address_of_another_machine_is_warned_about(
    emulator: Emulator, run_module: t.Any, monkeypatch: t.Any
) -> None:
    from ansible.module_utils.common import warnings

    try:  # as in a module process: once the controller is imported (other tests do), warnings go to the screen
        from ansible.module_utils import _internal

        monkeypatch.setattr(_internal, 'is_controller', False)
    except ImportError:  # before ansible-core 2.19 a module's warnings are always recorded
        pass
    recorded = getattr(warnings, 'get_warnings', None) or warnings.get_warning_messages  # the latter before 2.19
    for address in ('http://api.example.net', 'http://127.0.0.1:8080'):
        emulator.add_address('api', address)
    warnings._global_warnings.clear()
    remote = run_module(pullzone_info.main, dict(COMMON_ARGS, api_url='http://api.example.net'))
    shown = [str(getattr(warning, 'event', warning)) for warning in recorded()]
    assert any('api_url http://api.example.net is plain http' in text for text in shown), shown
    warnings._global_warnings.clear()
    local = run_module(pullzone_info.main, dict(COMMON_ARGS, api_url='http://127.0.0.1:8080'))
    assert list(recorded()) == []
    assert not remote.failed and not local.failed  # the warning does not stop the run
    assert len(remote.result['pullzones']) == len(local.result['pullzones']) == 12
    assert [call.url for call in emulator.sent] == ['http://api.example.net/pullzone', 'http://127.0.0.1:8080/pullzone']
