# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import json
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils._resources.pullzone_hostname import PullZoneHostname
from ansible_collections.edge.platform.plugins.modules import pullzone_hostname
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator

# Seeded pull zone 1001 (assets-000): its system hostname, and a custom one with a certificate and Force SSL.
ZONE = 1001
SYSTEM = 'assets-000.edge-cdn.test'
CUSTOM = 'assets-000.example.com'
NEW = 'cdn.example.com'


def args(**extra: t.Any) -> dict[str, t.Any]:
    return dict(COMMON_ARGS, pullzone_id=ZONE, **extra)


def hostnames(emulator: Emulator, zone_id: int = ZONE) -> dict[str, dict[str, t.Any]]:
    """The zone's hostnames as the emulator holds them, by value."""
    return {record['Value']: record for record in emulator.item('pullzones', Id=zone_id)['Hostnames']}


def calls(emulator: Emulator) -> list[tuple[str, str]]:
    return [(call.method, call.path) for call in emulator.sent]


def test_adds_a_hostname_with_a_free_certificate_then_force_ssl(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone_hostname.main, args(hostname='CDN.Example.com', certificate='free', force_ssl=True))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    # Read the zone, add, read the new hostname back, then the certificate before Force SSL.
    assert calls(emulator) == [
        ('GET', f'/pullzone/{ZONE}'),
        ('POST', f'/pullzone/{ZONE}/addHostname'),
        ('GET', f'/pullzone/{ZONE}'),
        ('GET', '/pullzone/loadFreeCertificate'),
        ('POST', f'/pullzone/{ZONE}/setForceSSL'),
    ]
    assert emulator.sent[1].json == {'Hostname': NEW}  # sent in lower case
    assert emulator.sent[3].params == {'hostname': NEW}
    assert emulator.sent[4].json == {'Hostname': NEW, 'ForceSSL': True}
    held = hostnames(emulator)[NEW]
    assert held['ForceSSL'] is True and held['HasCertificate'] is True
    assert outcome.result['hostname'] == {**held, 'Certificate': None, 'CertificateKey': None}
    assert outcome.result['pullzone_id'] == ZONE
    # The key the service made for the certificate never reaches the output.
    assert held['CertificateKey'] and held['CertificateKey'] not in json.dumps(outcome.result)


def test_a_rerun_reads_once_and_writes_nothing(emulator: Emulator, run_module: t.Any) -> None:
    wanted = args(hostname=NEW, certificate='free', force_ssl=True)
    first = run_module(pullzone_hostname.main, wanted)
    emulator.forget_requests()
    second = run_module(pullzone_hostname.main, wanted, diff=True)
    assert second.result['changed'] is False
    assert calls(emulator) == [('GET', f'/pullzone/{ZONE}')]
    assert second.result['hostname'] == first.result['hostname']
    assert second.result['diff']['before'] == second.result['diff']['after']


def test_check_mode_predicts_the_create_and_writes_nothing(emulator: Emulator, run_module: t.Any) -> None:
    wanted = args(hostname=NEW, certificate='free', force_ssl=True)
    before = emulator.snapshot()
    predicted = run_module(pullzone_hostname.main, wanted, check_mode=True, diff=True).result
    assert emulator.writes == [] and calls(emulator) == [('GET', f'/pullzone/{ZONE}')]
    assert emulator.snapshot() == before
    assert predicted['changed'] is True
    assert predicted['diff'] == {
        'before': {},
        'after': {'hostname': NEW, 'force_ssl': True, 'has_certificate': True},
        'after_header': 'create',
    }
    done = run_module(pullzone_hostname.main, wanted, diff=True).result
    # The same result, but for the id the service gives the new hostname.
    assert predicted['hostname']['Id'] is None and isinstance(done['hostname']['Id'], int)
    assert {**predicted, 'hostname': {**predicted['hostname'], 'Id': done['hostname']['Id']}} == done


def test_a_new_hostname_without_options_gets_the_services_defaults(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone_hostname.main, args(hostname=NEW))
    assert [call.path for call in emulator.writes] == [f'/pullzone/{ZONE}/addHostname']
    assert outcome.result['hostname']['ForceSSL'] is False and outcome.result['hostname']['HasCertificate'] is False


def test_an_update_of_one_field_sends_one_request(emulator: Emulator, run_module: t.Any) -> None:
    assert hostnames(emulator)[CUSTOM]['ForceSSL'] is True
    outcome = run_module(pullzone_hostname.main, args(hostname=CUSTOM, force_ssl=False, certificate='free'), diff=True)
    assert outcome.result['changed'] is True
    # It has a certificate: certificate=free sends nothing for it.
    assert [(call.path, call.json) for call in emulator.writes] == [
        (f'/pullzone/{ZONE}/setForceSSL', {'Hostname': CUSTOM, 'ForceSSL': False})
    ]
    assert outcome.result['diff'] == {
        'before': {'hostname': CUSTOM, 'force_ssl': True, 'has_certificate': True},
        'after': {'hostname': CUSTOM, 'force_ssl': False, 'has_certificate': True},
        'after_header': 'update',
    }
    assert hostnames(emulator)[CUSTOM]['ForceSSL'] is False
    assert outcome.result['hostname']['ForceSSL'] is False


def test_a_certificate_is_loaded_only_when_the_hostname_has_none(emulator: Emulator, run_module: t.Any) -> None:
    run_module(pullzone_hostname.main, args(hostname=NEW))
    emulator.forget_requests()
    outcome = run_module(pullzone_hostname.main, args(hostname=NEW, certificate='free'))
    assert outcome.result['changed'] is True
    assert [(call.path, call.params) for call in emulator.sent[1:]] == [
        ('/pullzone/loadFreeCertificate', {'hostname': NEW})
    ]
    assert hostnames(emulator)[NEW]['HasCertificate'] is True


def test_the_key_of_a_certificate_the_api_returns_is_masked(emulator: Emulator, run_module: t.Any) -> None:
    resource = PullZoneHostname.__new__(PullZoneHostname)
    record = dict(hostnames(emulator)[CUSTOM])
    assert record['CertificateKey']
    view = resource.result_view(record)
    assert view == {**record, 'CertificateKey': '********'}
    assert record['CertificateKey'] != '********'  # the record read stays as it was


def test_remove_then_remove_again(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone_hostname.main, args(hostname=CUSTOM, state='absent'), diff=True)
    assert outcome.result['changed'] is True
    assert [(call.method, call.path, call.json) for call in emulator.writes] == [
        ('DELETE', f'/pullzone/{ZONE}/removeHostname', {'Hostname': CUSTOM})
    ]
    assert outcome.result['hostname'] == {}
    assert outcome.result['diff']['before'] == {'hostname': CUSTOM, 'force_ssl': True, 'has_certificate': True}
    assert outcome.result['diff']['after'] == {}
    assert CUSTOM not in hostnames(emulator)
    emulator.forget_requests()
    again = run_module(pullzone_hostname.main, args(hostname=CUSTOM, state='absent'))
    assert again.result['changed'] is False
    assert emulator.writes == []


@pytest.mark.parametrize('check_mode', [False, True])
def test_the_system_hostname_is_never_removed(emulator: Emulator, run_module: t.Any, check_mode: bool) -> None:
    outcome = run_module(pullzone_hostname.main, args(hostname=SYSTEM.upper(), state='absent'), check_mode=check_mode)
    assert outcome.failed
    assert outcome.result['msg'].startswith(
        f'remove hostname {SYSTEM} of pull zone {ZONE} refused: {SYSTEM} is the system hostname of the pull zone'
    )
    assert outcome.result['changed'] is False
    assert emulator.writes == []
    assert SYSTEM in hostnames(emulator)


def test_the_system_hostname_takes_force_ssl(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone_hostname.main, args(hostname=SYSTEM, force_ssl=True))
    assert outcome.result['changed'] is True
    assert hostnames(emulator)[SYSTEM]['ForceSSL'] is True


def test_the_zone_by_name(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        pullzone_hostname.main, dict(COMMON_ARGS, pullzone_name='media-001', hostname=NEW), check_mode=True
    )
    assert outcome.result['pullzone_id'] == 1002
    assert [(call.path, call.params.get('search')) for call in emulator.sent] == [('/pullzone', 'media-001')]


def test_a_zone_that_does_not_exist(emulator: Emulator, run_module: t.Any) -> None:
    by_id = run_module(pullzone_hostname.main, dict(args(hostname=NEW), pullzone_id=1999))
    assert by_id.failed
    assert by_id.result['msg'] == (
        'read pull zone 1999 failed: HTTP 404 pullzone.not_found: The requested Pull Zone was not found'
    )
    by_name = run_module(pullzone_hostname.main, dict(COMMON_ARGS, pullzone_name='nowhere', hostname=NEW))
    assert by_name.result['msg'] == 'find pull zone "nowhere" failed: no pull zone is named "nowhere"'
    assert emulator.writes == []


def test_a_hostname_of_another_zone_fails_with_the_apis_answer(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone_hostname.main, dict(args(hostname=CUSTOM), pullzone_id=1002))
    assert outcome.failed
    assert outcome.result['msg'] == (
        f'add hostname {CUSTOM} to pull zone 1002 failed: HTTP 400 pullzone.hostname_taken: '
        f"The hostname '{CUSTOM}' is already registered to another Pull Zone."
    )
    assert outcome.result['changed'] is False
    assert CUSTOM not in hostnames(emulator, 1002)


@pytest.mark.parametrize(
    'fault',
    [
        {'status': 429, 'retry_after': 1},
        {'status': 500},
        {'drop': True},
        {'drop': True, 'after': True},  # the server added it; its answer was lost
    ],
    ids=['429', '500', 'dropped', 'answer-lost'],
)
def test_an_add_survives_a_fault_and_never_adds_twice(emulator: Emulator, run_module: t.Any, fault: t.Any) -> None:
    emulator.add_fault(service='api', method='POST', path='/addHostname$', **fault)
    outcome = run_module(pullzone_hostname.main, args(hostname=NEW, force_ssl=True))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    assert list(hostnames(emulator)).count(NEW) == 1
    assert hostnames(emulator)[NEW]['ForceSSL'] is True
    adds = [call.status for call in emulator.sent if call.path.endswith('/addHostname')]
    # Repeated once; a repeat of an add the server had done is refused (400), and the zone read shows it there.
    assert adds == [fault.get('status', 0), 400 if fault.get('after') else 204]


def test_a_removal_whose_answer_was_lost_is_done(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='DELETE', path='/removeHostname$', drop=True, after=True)
    outcome = run_module(pullzone_hostname.main, args(hostname=CUSTOM, state='absent'))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    assert CUSTOM not in hostnames(emulator)


def test_a_failed_write_after_the_add_reports_changed(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='POST', path='/setForceSSL$', status=400, times=1)
    outcome = run_module(pullzone_hostname.main, args(hostname=NEW, force_ssl=True))
    assert outcome.failed
    assert outcome.result['msg'].startswith(f'force SSL on hostname {NEW} of pull zone {ZONE} failed: HTTP 400')
    assert outcome.result['changed'] is True  # the hostname was added
    emulator.forget_requests()
    rerun = run_module(pullzone_hostname.main, args(hostname=NEW, force_ssl=True))
    assert rerun.result['changed'] is True
    assert [call.path for call in emulator.writes] == [f'/pullzone/{ZONE}/setForceSSL']


@pytest.mark.parametrize(
    'hostname, words',
    [
        ('https://cdn.example.com/', "has a scheme; give the hostname only, such as 'cdn.example.com'"),
        ('cdn.example.com/img', "has a path; give the hostname only, such as 'cdn.example.com'"),
        ('cdn.example.com:443', "has a port; give the hostname only, such as 'cdn.example.com'"),
        ('cdn.example.com.', "ends with a dot; give the hostname without it, 'cdn.example.com'"),
        ('cdn..example.com', 'empty label'),
        ('-cdn.example.com', 'inner hyphens'),
        ('cdn_1.example.com', 'inner hyphens'),
        ('bücher.example', "ASCII form, 'xn--bcher-kva.example'"),
        ('', 'is empty'),
    ],
)
def test_bad_hostnames_are_refused_before_any_request(
    emulator: Emulator, run_module: t.Any, hostname: str, words: str
) -> None:
    outcome = run_module(pullzone_hostname.main, args(hostname=hostname))
    assert outcome.failed
    assert outcome.result['msg'].startswith(f'hostname {hostname!r} ')
    assert words in outcome.result['msg']
    assert emulator.sent == []


def test_a_hostname_removed_by_another_client_right_after_its_add_fails_clearly(
    emulator: Emulator, run_module: t.Any
) -> None:
    def remove_it() -> None:
        emulator.client().request('DELETE', f'/pullzone/{ZONE}/removeHostname', 'remove', json_body={'Hostname': NEW})

    emulator.meanwhile('POST', rf'^/pullzone/{ZONE}/addHostname$', remove_it)
    outcome = run_module(pullzone_hostname.main, args(hostname=NEW, force_ssl=True))
    assert outcome.failed
    assert outcome.result['changed'] is True  # the add went through
    assert (
        outcome.result['msg']
        == f'read hostname {NEW} of pull zone {ZONE} failed: the pull zone no longer has the hostname'
    )
    assert [path for method, path in calls(emulator) if method != 'GET'] == [f'/pullzone/{ZONE}/addHostname']
