# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import base64
import json
import typing as t

import pytest
from ansible.module_utils import basic

from ansible_collections.edge.platform.plugins.module_utils._certificates import served_summary
from ansible_collections.edge.platform.plugins.module_utils._resources.pullzone_hostname import PullZoneHostname
from ansible_collections.edge.platform.plugins.modules import pullzone_hostname
from ansible_collections.edge.platform.tests.certificates import CustomCertificate, make_certificate
from ansible_collections.edge.platform.tests.emulator.areas.pullzone_certificates import decode, encode
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator

# Seeded pull zone 1001 (assets-000): its system hostname, and a custom one with a certificate and Force SSL.
ZONE = 1001
SYSTEM = 'assets-000.edge-cdn.test'
CUSTOM = 'assets-000.brand.example'
NEW = 'cdn.example.com'


def args(**extra: t.Any) -> dict[str, t.Any]:
    return dict(COMMON_ARGS, pullzone_id=ZONE, **extra)


def hostnames(emulator: Emulator, zone_id: int = ZONE) -> dict[str, dict[str, t.Any]]:
    """The zone's hostnames as the emulator holds them, by value."""
    return {record['Value']: record for record in emulator.item('pullzones', Id=zone_id)['Hostnames']}


def calls(emulator: Emulator) -> list[tuple[str, str]]:
    return [(call.method, call.path) for call in emulator.sent]


def served(emulator: Emulator, hostname: str, zone_id: int = ZONE) -> dict[str, t.Any] | None:
    """The summary of the certificate the emulator holds for ``hostname``."""
    return served_summary(hostnames(emulator, zone_id)[hostname])


def in_diff(summary: dict[str, t.Any] | None) -> dict[str, t.Any]:
    """What the diff shows of a certificate: its kind, fingerprint and end."""
    assert summary is not None
    return {key: summary[key] for key in ('kind', 'sha256_fingerprint', 'not_after')}


def shown(outcome: t.Any) -> str:
    return json.dumps(outcome.result)


def never_shown(outcome: t.Any, given: CustomCertificate) -> None:
    """The key of ``given`` (its PEM, its Base64 body, the Base64 of its PEM) is nowhere in the result."""
    text = shown(outcome)
    for secret in (given.key, given.key_body, base64.b64encode(given.key.encode()).decode(), json.dumps(given.key)):
        assert secret.strip('"') not in text


def test_adds_a_hostname_with_a_free_certificate_then_force_ssl(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone_hostname.main, args(hostname='CDN.Example.com', certificate='free', force_ssl=True))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    # Read the zone, add, load the certificate, read the new hostname back once with it (the service chose it) before
    # Force SSL.
    assert calls(emulator) == [
        ('GET', f'/pullzone/{ZONE}'),
        ('POST', f'/pullzone/{ZONE}/addHostname'),
        ('GET', '/pullzone/loadFreeCertificate'),
        ('GET', f'/pullzone/{ZONE}'),
        ('POST', f'/pullzone/{ZONE}/setForceSSL'),
    ]
    assert emulator.sent[0].params['includeCertificate'] == 'true'
    assert emulator.sent[1].json == {'Hostname': NEW}  # sent in lower case
    assert emulator.sent[2].params == {'hostname': NEW}
    assert emulator.sent[3].params['includeCertificate'] == 'true'
    assert emulator.sent[4].json == {'Hostname': NEW, 'ForceSSL': True}
    held = hostnames(emulator)[NEW]
    assert held['ForceSSL'] is True and held['HasCertificate'] is True
    assert outcome.result['hostname'] == {**held, 'CertificateKey': '********'}
    assert outcome.result['pullzone_id'] == ZONE
    certificate = outcome.result['certificate']
    assert certificate == served(emulator, NEW)
    assert certificate['kind'] == 'free' and certificate['names'] == [NEW] and certificate['days_left'] in (89, 90)
    # The key the service made for the certificate never reaches the output.
    assert held['CertificateKey'] and held['CertificateKey'] not in shown(outcome)
    assert decode(held['CertificateKey']).decode() not in shown(outcome)


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
        'before_header': f'hostname {NEW}',
        'after_header': 'create',
    }
    # The free certificate is not issued yet: its kind and name are all that is known.
    assert predicted['certificate'] == {
        'kind': 'free',
        'sha256_fingerprint': None,
        'subject': None,
        'names': [NEW],
        'issuer': None,
        'not_before': None,
        'not_after': None,
        'days_left': None,
    }
    done = run_module(pullzone_hostname.main, wanted, diff=True).result
    # The same result, but for the id the service gives the new hostname and the certificate it issues.
    assert predicted['hostname']['Id'] is None and isinstance(done['hostname']['Id'], int)
    assert predicted['hostname']['Certificate'] is None and done['hostname']['Certificate']
    assert done['certificate']['kind'] == 'free' and done['certificate']['sha256_fingerprint']
    issued = {
        'Id': done['hostname']['Id'],
        'Certificate': done['hostname']['Certificate'],
        'CertificateKey': '********',
    }
    assert {**predicted, 'hostname': {**predicted['hostname'], **issued}, 'certificate': done['certificate']} == {
        **done,
        'diff': {**done['diff'], 'after': predicted['diff']['after']},
    }
    assert done['diff']['after'] == {**predicted['diff']['after'], 'certificate': in_diff(done['certificate'])}


def test_a_new_hostname_without_options_gets_the_services_defaults(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(pullzone_hostname.main, args(hostname=NEW))
    assert [call.path for call in emulator.writes] == [f'/pullzone/{ZONE}/addHostname']
    assert outcome.result['hostname']['ForceSSL'] is False and outcome.result['hostname']['HasCertificate'] is False


def test_an_update_of_one_field_sends_one_request(emulator: Emulator, run_module: t.Any) -> None:
    assert hostnames(emulator)[CUSTOM]['ForceSSL'] is True
    certificate = in_diff(served(emulator, CUSTOM))
    outcome = run_module(pullzone_hostname.main, args(hostname=CUSTOM, force_ssl=False, certificate='free'), diff=True)
    assert outcome.result['changed'] is True
    # It has a certificate (a custom one): certificate=free sends nothing for it.
    assert [(call.path, call.json) for call in emulator.writes] == [
        (f'/pullzone/{ZONE}/setForceSSL', {'Hostname': CUSTOM, 'ForceSSL': False})
    ]
    assert outcome.result['diff'] == {  # only what changes
        'before': {'force_ssl': True},
        'after': {'force_ssl': False},
        'before_header': f'hostname {CUSTOM}',
        'after_header': 'update',
    }
    assert certificate['kind'] == 'custom'
    assert hostnames(emulator)[CUSTOM]['ForceSSL'] is False
    assert outcome.result['hostname']['ForceSSL'] is False
    assert outcome.result['certificate'] == served(emulator, CUSTOM)


def test_a_certificate_is_loaded_only_when_the_hostname_has_none(emulator: Emulator, run_module: t.Any) -> None:
    run_module(pullzone_hostname.main, args(hostname=NEW))
    emulator.forget_requests()
    outcome = run_module(pullzone_hostname.main, args(hostname=NEW, certificate='free'))
    assert outcome.result['changed'] is True
    assert [(call.path, call.params.get('hostname')) for call in emulator.sent[1:]] == [
        ('/pullzone/loadFreeCertificate', NEW),
        (f'/pullzone/{ZONE}', None),  # read back
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
    held = hostnames(emulator)[CUSTOM]
    outcome = run_module(pullzone_hostname.main, args(hostname=CUSTOM, state='absent'), diff=True)
    assert outcome.result['changed'] is True
    assert [(call.method, call.path, call.json) for call in emulator.writes] == [
        ('DELETE', f'/pullzone/{ZONE}/removeHostname', {'Hostname': CUSTOM})
    ]
    assert outcome.result['hostname'] == {} and outcome.result['certificate'] is None
    assert outcome.result['diff']['before'] == {
        'hostname': CUSTOM,
        'force_ssl': True,
        'has_certificate': True,
        'certificate': in_diff(served_summary(held)),
    }
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


# ---- custom certificates ---------------------------------------------------------------------------------------------


def custom(given: CustomCertificate, **extra: t.Any) -> dict[str, t.Any]:
    return args(certificate='custom', custom_certificate=given.certificate, custom_certificate_key=given.key, **extra)


def uploads(emulator: Emulator) -> list[t.Any]:
    return [call for call in emulator.sent if call.path.endswith('/addCertificate')]


def test_a_custom_certificate_valid_only_later_is_loaded_with_a_warning(
    emulator: Emulator, run_module: t.Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    warned: list[str] = []
    monkeypatch.setattr(basic.AnsibleModule, 'warn', lambda self, text: warned.append(text))
    given = make_certificate([CUSTOM], days_left=465, days_valid=365)
    for check_mode in (True, False):
        warned.clear()
        outcome = run_module(pullzone_hostname.main, custom(given, hostname=CUSTOM), check_mode=check_mode)
        assert not outcome.failed and outcome.result['changed'], outcome.result
        assert warned == [
            f'custom_certificate of hostname {CUSTOM}: it is valid only from {given.not_before} (100 days from now): '
            'clients refuse it until then'
        ]
    assert served(emulator, CUSTOM)['not_before'] == given.not_before


def test_a_custom_certificate_is_added_kept_rotated_and_removed(emulator: Emulator, run_module: t.Any) -> None:
    given = make_certificate([CUSTOM], days_left=200)
    added = run_module(pullzone_hostname.main, custom(given, hostname=CUSTOM), diff=True)
    assert not added.failed, added.result
    assert added.result['changed'] is True
    assert calls(emulator) == [('GET', f'/pullzone/{ZONE}'), ('POST', f'/pullzone/{ZONE}/addCertificate')]
    # The file (the leaf, then its chain) and its key, each the Base64 of its PEM.
    assert emulator.sent[1].json == {
        'Hostname': CUSTOM,
        'Certificate': base64.b64encode(given.certificate.encode()).decode(),
        'CertificateKey': base64.b64encode(given.key.encode()).decode(),
    }
    assert emulator.sent[1].status == 204
    held = hostnames(emulator)[CUSTOM]
    assert decode(held['Certificate']).decode() == given.certificate
    assert added.result['hostname'] == {**held, 'CertificateKey': '********'}
    summary = added.result['certificate']
    assert summary == served(emulator, CUSTOM)
    assert summary == {
        'kind': 'custom',
        'sha256_fingerprint': given.fingerprint,
        'subject': f'CN={CUSTOM}',
        'names': [CUSTOM],
        'issuer': 'CN=Example Test CA',
        'not_before': given.not_before,
        'not_after': given.not_after,
        'days_left': 199,
    }
    assert added.result['diff']['after']['certificate'] == in_diff(summary)
    assert added.result['diff']['before']['certificate']['kind'] == 'custom'  # the seeded one
    assert added.result['diff']['before']['certificate'] != added.result['diff']['after']['certificate']
    never_shown(added, given)

    # The same again: one read, no write, the same result.
    emulator.forget_requests()
    again = run_module(pullzone_hostname.main, custom(given, hostname=CUSTOM), diff=True)
    assert again.result['changed'] is False
    assert calls(emulator) == [('GET', f'/pullzone/{ZONE}')]
    assert again.result['certificate'] == summary
    assert again.result['hostname'] == added.result['hostname']
    never_shown(again, given)

    # A renewed certificate replaces it: one upload.
    renewed = make_certificate([CUSTOM, f'www.{CUSTOM}'], days_left=400, key_type='rsa')
    emulator.forget_requests()
    rotated = run_module(pullzone_hostname.main, custom(renewed, hostname=CUSTOM), diff=True)
    assert rotated.result['changed'] is True
    assert [call.path for call in emulator.writes] == [f'/pullzone/{ZONE}/addCertificate']
    assert (
        rotated.result['certificate']['sha256_fingerprint']
        == renewed.fingerprint
        == served(emulator, CUSTOM)[
            'sha256_fingerprint'  # type: ignore[index]
        ]
    )
    assert rotated.result['diff']['before']['certificate'] == in_diff(summary)
    never_shown(rotated, renewed)

    # Removed, then removed again: nothing to do.
    emulator.forget_requests()
    removed = run_module(pullzone_hostname.main, args(hostname=CUSTOM, certificate='none'), diff=True)
    assert removed.result['changed'] is True
    assert [(call.method, call.path, call.json) for call in emulator.writes] == [
        ('DELETE', f'/pullzone/{ZONE}/removeCertificate', {'Hostname': CUSTOM})
    ]
    assert removed.result['certificate'] is None
    assert removed.result['hostname']['HasCertificate'] is False and removed.result['hostname']['Certificate'] is None
    assert removed.result['diff']['after'] == {'has_certificate': False}
    assert removed.result['diff']['before']['has_certificate'] is True
    assert hostnames(emulator)[CUSTOM]['HasCertificate'] is False
    emulator.forget_requests()
    again = run_module(pullzone_hostname.main, args(hostname=CUSTOM, certificate='none'))
    assert again.result['changed'] is False and emulator.writes == []


def test_check_mode_predicts_a_custom_certificate_and_writes_nothing(emulator: Emulator, run_module: t.Any) -> None:
    given = make_certificate([NEW])
    before = emulator.snapshot()
    predicted = run_module(pullzone_hostname.main, custom(given, hostname=NEW), check_mode=True, diff=True)
    assert predicted.result['changed'] is True
    assert emulator.writes == [] and emulator.snapshot() == before
    assert predicted.result['diff']['after'] == {
        'hostname': NEW,
        'force_ssl': False,
        'has_certificate': True,
        'certificate': {'kind': 'custom', 'sha256_fingerprint': given.fingerprint, 'not_after': given.not_after},
    }
    never_shown(predicted, given)
    done = run_module(pullzone_hostname.main, custom(given, hostname=NEW), diff=True)
    # Add the hostname, read it back, upload its certificate.
    assert [call.path for call in emulator.sent[1:]] == [
        f'/pullzone/{ZONE}',
        f'/pullzone/{ZONE}/addHostname',
        f'/pullzone/{ZONE}',
        f'/pullzone/{ZONE}/addCertificate',
    ]
    assert {**predicted.result, 'hostname': {**predicted.result['hostname'], 'Id': done.result['hostname']['Id']}} == (
        done.result
    )
    assert (
        done.result['hostname']['Certificate']
        == hostnames(emulator)[NEW]['Certificate']
        == encode(given.certificate.encode())
    )


def test_free_keeps_a_custom_certificate_and_none_on_a_hostname_without_one_sends_nothing(
    emulator: Emulator, run_module: t.Any
) -> None:
    kept = run_module(pullzone_hostname.main, args(hostname=CUSTOM, certificate='free'))
    assert kept.result['changed'] is False and kept.result['certificate']['kind'] == 'custom'
    run_module(pullzone_hostname.main, args(hostname=NEW))
    emulator.forget_requests()
    nothing = run_module(pullzone_hostname.main, args(hostname=NEW, certificate='none'))
    assert nothing.result['changed'] is False and nothing.result['certificate'] is None
    assert emulator.writes == []


def test_every_seeded_hostname_has_a_summary(emulator: Emulator, run_module: t.Any) -> None:
    system = run_module(pullzone_hostname.main, args(hostname=SYSTEM)).result['certificate']
    assert system['kind'] == 'free' and system['names'] == ['*.edge-cdn.test'] and system['days_left'] > 30
    expired = run_module(pullzone_hostname.main, dict(args(hostname='api-006.brand.example'), pullzone_id=1007))
    assert expired.result['certificate']['days_left'] < 0  # reported as it is; only an upload of one is refused


@pytest.mark.parametrize(
    'fault, uploaded, succeeds',
    [
        ({'status': 429, 'retry_after': 1}, [429, 204], True),
        ({'drop': True, 'after': True}, [0], True),  # the service took it; its answer was lost: not sent again
        ({'status': 500, 'after': True}, [500], True),  # taken, then a server error: the re-read shows it
        ({'status': 500}, [500], False),  # not taken: a clear failure, the rerun uploads it
        ({'drop': True}, [0], False),
    ],
    ids=['429', 'answer-lost', '500-after-acting', '500', 'dropped'],
)
def test_an_upload_is_never_repeated(
    emulator: Emulator, run_module: t.Any, fault: dict[str, t.Any], uploaded: list[int], succeeds: bool
) -> None:
    given = make_certificate([CUSTOM])
    emulator.add_fault(service='api', method='POST', path='/addCertificate$', **fault)
    outcome = run_module(pullzone_hostname.main, custom(given, hostname=CUSTOM))
    assert [call.status for call in uploads(emulator)] == uploaded
    assert outcome.result['changed'] is True  # it may have been taken: a failure says so too
    never_shown(outcome, given)
    if succeeds:
        assert not outcome.failed, outcome.result
        assert outcome.result['certificate']['sha256_fingerprint'] == given.fingerprint
    else:
        assert outcome.failed
        assert outcome.result['msg'].startswith(f'add a certificate to hostname {CUSTOM} of pull zone {ZONE} failed')
        assert served(emulator, CUSTOM)['sha256_fingerprint'] != given.fingerprint  # type: ignore[index]
        emulator.forget_requests()
        rerun = run_module(pullzone_hostname.main, custom(given, hostname=CUSTOM))
        assert rerun.result['changed'] is True and len(uploads(emulator)) == 1
    assert served(emulator, CUSTOM)['sha256_fingerprint'] == given.fingerprint  # type: ignore[index]


@pytest.mark.parametrize('fault', [{'status': 500}, {'drop': True}, {'drop': True, 'after': True}])
def test_a_removal_survives_a_fault(emulator: Emulator, run_module: t.Any, fault: dict[str, t.Any]) -> None:
    emulator.add_fault(service='api', method='DELETE', path='/removeCertificate$', **fault)
    outcome = run_module(pullzone_hostname.main, args(hostname=CUSTOM, certificate='none'))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True and outcome.result['certificate'] is None
    assert hostnames(emulator)[CUSTOM]['HasCertificate'] is False
    assert len([call for call in emulator.sent if call.path.endswith('/removeCertificate')]) == 2  # repeated once


def test_a_refused_upload_fails_with_the_apis_answer(emulator: Emulator, run_module: t.Any) -> None:
    given = make_certificate([CUSTOM])
    emulator.add_fault(service='api', method='POST', path='/addCertificate$', status=400)
    outcome = run_module(pullzone_hostname.main, custom(given, hostname=CUSTOM))
    assert outcome.failed and outcome.result['changed'] is False
    assert outcome.result['msg'].startswith(
        f'add a certificate to hostname {CUSTOM} of pull zone {ZONE} failed: HTTP 400'
    )
    assert [call.path for call in emulator.sent] == [f'/pullzone/{ZONE}', f'/pullzone/{ZONE}/addCertificate']
    never_shown(outcome, given)


def test_a_hostname_removed_by_another_client_before_its_free_certificate_is_read_back(
    emulator: Emulator, run_module: t.Any
) -> None:
    run_module(pullzone_hostname.main, args(hostname=NEW))

    def remove_it() -> None:
        emulator.client().request('DELETE', f'/pullzone/{ZONE}/removeHostname', 'remove', json_body={'Hostname': NEW})

    emulator.meanwhile('GET', r'^/pullzone/loadFreeCertificate$', remove_it)
    outcome = run_module(pullzone_hostname.main, args(hostname=NEW, certificate='free'))
    assert outcome.failed and outcome.result['changed'] is True
    assert (
        outcome.result['msg']
        == f'read hostname {NEW} of pull zone {ZONE} failed: the pull zone no longer has the hostname'
    )
