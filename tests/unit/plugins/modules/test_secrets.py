# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Every secret option, fed with surrounding white space, control and non-Latin-1 characters: the secret never
reaches the result in any form (raw, escaped, encoded), and a credential that cannot travel in an HTTP header is
refused before any request without being quoted. The secrets the API returns (storage zone passwords) are shown only
where asked for."""

from __future__ import annotations

import base64
import json
import typing as t
from urllib.parse import quote

import pytest
from ansible.module_utils.common.parameters import PASS_VARS

from ansible_collections.edge.platform.plugins.modules import (
    container_registry,
    db_query,
    pullzone_info,
    storage_zone,
    storage_zone_info,
    video_thumbnail,
)
from ansible_collections.edge.platform.tests.unit.conftest import patch_module_args
from ansible_collections.edge.platform.tests.unit.helpers import API_KEY, Emulator

# Two distinctive halves: whatever form a secret takes in a message, one of them shows through.
HEAD, TAIL = 'SecretHeadQ7', 'SecretTailZ9'

# (what, value): values a credential may arrive with from a vault, a file or an environment variable.
SURROUNDED = [
    ('trailing line feed', '{key}\n'),
    ('trailing CR LF', '{key}\r\n'),
    ('trailing space and line feed', '{key} \n'),
    ('leading tab', '\t{key}'),
]
BROKEN = [
    ('inner line feed', HEAD + '\n' + TAIL),
    ('inner tab', HEAD + '\t' + TAIL),
    ('inner NUL', HEAD + '\x00' + TAIL),
    ('inner escape', HEAD + '\x1b[0m' + TAIL),
    ('DEL', HEAD + '\x7f' + TAIL),
    ('non-Latin-1', HEAD + '\u2603' + TAIL),
    ('Latin-1 but not ASCII', HEAD + '\xe9' + TAIL),
]


def forms(secret: str) -> list[str]:
    """The secret and the ways an error could spell it."""
    found = {secret, secret.strip(), repr(secret)[1:-1], json.dumps(secret)[1:-1], quote(secret, safe='')}
    found.add(secret.encode('unicode_escape').decode('ascii'))
    found.add(base64.b64encode(secret.encode('utf-8')).decode('ascii'))
    return [form for form in found if form]


def assert_never_shown(result: dict[str, t.Any], secret: str) -> None:
    text = json.dumps(result, ensure_ascii=False) + json.dumps(result)
    for form in forms(secret):
        assert form not in text, f'{form!r} in {text}'
    for half in (HEAD, TAIL):
        assert half not in text, f'{half!r} in {text}'


# ---- the account key (the AccessKey header) ------------------------------------------------


@pytest.mark.parametrize('what, template', SURROUNDED, ids=[case[0] for case in SURROUNDED])
def test_api_key_with_surrounding_white_space_is_used_trimmed(
    emulator: Emulator, run_module: t.Any, what: str, template: str
) -> None:
    key = template.format(key=API_KEY)
    outcome = run_module(pullzone_info.main, dict(emulator.args, api_key=key, id=1001))
    assert not outcome.failed, outcome.result
    assert [zone['Id'] for zone in outcome.result['pullzones']] == [1001]
    assert emulator.sent[0].headers['AccessKey'] == API_KEY


@pytest.mark.parametrize('what, key', BROKEN, ids=[case[0] for case in BROKEN])
def test_api_key_that_no_header_can_carry_is_refused_unquoted(
    emulator: Emulator, run_module: t.Any, what: str, key: str
) -> None:
    outcome = run_module(pullzone_info.main, dict(emulator.args, api_key=key, id=1001))
    assert outcome.failed
    assert outcome.result['msg'].startswith('api_key holds'), outcome.result['msg']
    assert emulator.sent == []
    assert_never_shown(outcome.result, key)


# An environment variable cannot hold a NUL byte.
IN_ENVIRONMENT = [case for case in BROKEN if '\x00' not in case[1]]


@pytest.mark.parametrize('what, key', IN_ENVIRONMENT, ids=[case[0] for case in IN_ENVIRONMENT])
def test_api_key_from_the_environment_is_refused_unquoted(
    emulator: Emulator, run_module: t.Any, monkeypatch: pytest.MonkeyPatch, what: str, key: str
) -> None:
    monkeypatch.setenv('EDGE_API_KEY', key)
    args = {name: value for name, value in emulator.args.items() if name != 'api_key'}
    outcome = run_module(pullzone_info.main, dict(args, id=1001))
    assert outcome.failed
    assert emulator.sent == []
    assert_never_shown(outcome.result, key)


def test_the_environment_key_with_a_trailing_line_feed_works(
    emulator: Emulator, run_module: t.Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv('EDGE_API_KEY', API_KEY + '\r\n')
    args = {name: value for name, value in emulator.args.items() if name != 'api_key'}
    outcome = run_module(pullzone_info.main, dict(args, id=1001))
    assert not outcome.failed, outcome.result
    assert emulator.sent[0].headers['AccessKey'] == API_KEY


# ---- the other credentials that travel in a header ---------------------------------------------

VIDEO = {'library_id': 5001, 'video_id': 'unknown-video', 'url': 'https://images.example.com/a.png'}
DATABASE = {'database_url': 'https://db.example.net', 'statements': ['SELECT 1']}
HEADER_SECRETS = [
    (video_thumbnail, 'library_api_key', VIDEO),
    (db_query, 'auth_token', DATABASE),
]


@pytest.mark.parametrize('what, value', BROKEN, ids=[case[0] for case in BROKEN])
@pytest.mark.parametrize(
    'module, option, args', HEADER_SECRETS, ids=[f'{case[0].__name__.rsplit(".", 1)[-1]}' for case in HEADER_SECRETS]
)
def test_header_credentials_are_refused_unquoted(
    emulator: Emulator, run_module: t.Any, module: t.Any, option: str, args: dict[str, t.Any], what: str, value: str
) -> None:
    outcome = run_module(module.main, dict(emulator.args, **args, **{option: value}))
    assert outcome.failed
    assert outcome.result['msg'].startswith(f'{option} holds'), outcome.result['msg']
    assert emulator.sent == []
    assert_never_shown(outcome.result, value)


# ---- a secret that travels in a JSON body: any text is sent as it is, and never shown -------------


@pytest.mark.parametrize('what, value', SURROUNDED + BROKEN, ids=[case[0] for case in SURROUNDED + BROKEN])
def test_registry_password_of_any_text_is_never_shown(
    emulator: Emulator, run_module: t.Any, what: str, value: str
) -> None:
    password = value.format(key=HEAD + TAIL)
    args = dict(
        emulator.args,
        display_name='secrets-test',
        registry_type='github',
        username='robot',
        password=password,
    )
    outcome = run_module(container_registry.main, args, diff=True)
    assert not outcome.failed, outcome.result
    sent = [request.json for request in emulator.writes]
    assert sent and sent[0]['passwordCredentials']['password'] == password
    assert_never_shown(outcome.result, password)


# ---- secrets the API returns: the storage zone passwords, shown only when asked -------------------------------------

# Each run of storage_zone that reads or writes a zone: create, update, unchanged, a refusal, a removal; in check mode
# and not, with the diff.
STORAGE_RUNS = [
    ('create', {'name': 'secret-files', 'region': 'DE', 'replication_regions': ['NY'], 'origin_url': 'https://o.test'}),
    ('update', {'name': 'video-004-files', 'replication_regions': ['NY', 'SG'], 'rewrite_404_to_200': False}),
    ('unchanged', {'name': 'archive-files', 'region': 'NY'}),
    ('refused', {'name': 'video-004-files', 'region': 'SG'}),
    ('refused removal', {'name': 'video-004-files', 'state': 'absent'}),
    ('removal', {'name': 'archive-files', 'state': 'absent'}),
]


def storage_passwords(emulator: Emulator) -> list[str]:
    return [zone[key] for zone in emulator.snapshot()['storage_zones'] for key in ('Password', 'ReadOnlyPassword')]


def printed_result(
    capsys: pytest.CaptureFixture[str], main: t.Callable[[], None], args: dict[str, t.Any], **settings: t.Any
) -> tuple[str, dict[str, t.Any]]:
    """A module run as a module process prints it, Ansible's own no_log masking done, at -vvv (the arguments
    returned with it): everything printed, and the result."""
    full = dict(args, _ansible_verbosity=3, **{f'_ansible_{key}': value for key, value in settings.items()})
    if 'inject_invocation' in PASS_VARS:  # ansible-core 2.21+ returns the arguments only when asked
        full['_ansible_inject_invocation'] = True
    with patch_module_args(full), pytest.raises(SystemExit):
        main()
    output = capsys.readouterr()
    return output.out + output.err, json.loads(output.out.strip().splitlines()[-1])


@pytest.mark.parametrize('check_mode', [False, True], ids=['run', 'check mode'])
@pytest.mark.parametrize('what, args', STORAGE_RUNS, ids=[case[0] for case in STORAGE_RUNS])
def test_storage_zone_passwords_are_never_shown_unless_asked(
    emulator: Emulator, capsys: pytest.CaptureFixture[str], what: str, args: dict[str, t.Any], check_mode: bool
) -> None:
    before = storage_passwords(emulator)
    shown, result = printed_result(
        capsys, storage_zone.main, dict(emulator.args, **args), check_mode=check_mode, diff=True
    )
    assert result.get('failed', False) is what.startswith('refused'), result
    assert len(before) == 4
    for secret in set(before + storage_passwords(emulator)):
        assert secret not in shown, what
    if not result.get('failed') and result['storage_zone']:
        assert result['storage_zone']['Password'] == '********'


def test_storage_zone_passwords_asked_for_are_in_the_zone_only(
    emulator: Emulator, capsys: pytest.CaptureFixture[str]
) -> None:
    stored = emulator.item('storage_zones', Id=7002)
    args = dict(emulator.args, name='archive-files', return_password=True, rewrite_404_to_200=True)
    shown, result = printed_result(capsys, storage_zone.main, args, diff=True)
    assert result['changed'] is True
    zone = result.pop('storage_zone')
    assert (zone['Password'], zone['ReadOnlyPassword']) == (stored['Password'], stored['ReadOnlyPassword'])
    rest = json.dumps(result)  # the diff, the arguments (-vvv), warnings
    assert stored['Password'] not in rest and stored['ReadOnlyPassword'] not in rest
    assert shown.count(stored['Password']) == 1  # printed once: in storage_zone


def test_storage_zone_info_never_shows_a_password(emulator: Emulator, capsys: pytest.CaptureFixture[str]) -> None:
    shown, result = printed_result(capsys, storage_zone_info.main, dict(emulator.args))
    assert len(result['storage_zones']) == 2
    for secret in storage_passwords(emulator):
        assert secret not in shown
