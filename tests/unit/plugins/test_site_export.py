# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""site_export: the declarations of site_info as files - one a pull zone and account.yml, each with its header and
no secret, written only when their content changes, never half written, named safely. The promise of an export on
an account of 1,000 pull zones is tests/unit/scale/test_export_promise.py."""

from __future__ import annotations

import os
import pathlib
import stat
import typing as t

from ansible.parsing.dataloader import DataLoader
from ansible.parsing.utils.yaml import from_yaml
from ansible.template import Templar

from ansible_collections.edge.platform.plugins.module_utils._declaration_files import file_names
from ansible_collections.edge.platform.plugins.modules import site_export, site_info
from ansible_collections.edge.platform.tests.unit.helpers import API_URL, COMMON_ARGS, Emulator


def declared(run_module: t.Any) -> dict[str, t.Any]:
    return t.cast('dict[str, t.Any]', run_module(site_info.main, dict(COMMON_ARGS, include_account=True)).result)


def export(
    run_module: t.Any,
    dest: pathlib.Path,
    read: dict[str, t.Any],
    options: t.Mapping[str, t.Any] | None = None,
    **kwargs: t.Any,
) -> t.Any:
    args = dict(COMMON_ARGS, dest=str(dest), sites=read['sites'], account=read['account'], made_by='make export')
    return run_module(site_export.main, {**args, **(options or {})}, **kwargs)


def test_one_file_a_pull_zone_with_its_header_and_no_secret(
    emulator: Emulator, run_module: t.Any, tmp_path: pathlib.Path
) -> None:
    read = declared(run_module)
    emulator.forget_requests()
    outcome = export(run_module, tmp_path / 'site', read)
    assert not outcome.failed and outcome.result['changed'], outcome.result
    assert emulator.sent == []  # it writes files, and reads nothing
    names = sorted(path.name for path in (tmp_path / 'site').iterdir())
    assert names == sorted([f"{site['pullzone_name']}.yml" for site in read['sites']] + ['account.yml'])
    text = (tmp_path / 'site' / 'assets-000.yml').read_text()
    assert text.startswith(f'# Pull zone assets-000 of the account at {API_URL}, as the edge.platform.site role')
    assert '# Made by: make export\n' in text
    assert '#   site_pullzone.settings.aws_signing_secret: aws_signing_secret is a secret' in text
    assert from_yaml(text) == read['sites'][0]['declaration']
    assert (
        from_yaml((tmp_path / 'site' / 'account.yml').read_text())['site_registries']
        == (read['account']['site_registries'])
    )
    for path in (tmp_path / 'site').iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    snapshot = emulator.snapshot()
    secrets = [str(zone[key]) for zone in snapshot['pullzones'] for key in ('AWSSigningSecret', 'LogForwardingToken')]
    everything = ''.join(path.read_text() for path in (tmp_path / 'site').iterdir())
    assert [secret for secret in secrets if secret and secret in everything] == []


def test_a_file_whose_content_would_not_change_is_not_written(
    emulator: Emulator, run_module: t.Any, tmp_path: pathlib.Path
) -> None:
    read = declared(run_module)
    export(run_module, tmp_path, read)
    inodes = {path.name: path.stat().st_ino for path in tmp_path.iterdir()}
    again = export(run_module, tmp_path, read)
    assert not again.failed and again.result['changed'] is False
    assert {path.name: path.stat().st_ino for path in tmp_path.iterdir()} == inodes  # not even replaced
    read['sites'][0]['declaration']['site_pullzone']['origin'] = 'https://origin.changed.example.com'
    predicted = export(run_module, tmp_path, read, check_mode=True, diff=True)
    assert predicted.result['changed'] and [f['changed'] for f in predicted.result['files']].count(True) == 1
    assert 'https://origin.changed.example.com' in predicted.result['diff'][0]['after']
    assert (tmp_path / 'assets-000.yml').stat().st_ino == inodes['assets-000.yml']  # check mode wrote nothing
    changed = export(run_module, tmp_path, read)
    assert [item['path'] for item in changed.result['files'] if item['changed']] == [str(tmp_path / 'assets-000.yml')]
    assert not [name for name in os.listdir(tmp_path) if name.startswith('.')]  # no temporary file left


def test_a_destination_that_cannot_be_a_directory_fails_before_any_file(
    run_module: t.Any, tmp_path: pathlib.Path
) -> None:
    (tmp_path / 'taken').write_text('a file')
    sites = [{'pullzone_name': 'a', 'pullzone_id': 1, 'declaration': {'site_pullzone': {'name': 'a'}}}]
    for dest, words in ((tmp_path / 'taken', 'is a file; give the directory'), (tmp_path / 'taken' / 'x', 'is a file')):
        outcome = run_module(site_export.main, dict(COMMON_ARGS, dest=str(dest), sites=sites))
        assert outcome.failed and words in outcome.result['msg'], outcome.result
    assert sorted(os.listdir(tmp_path)) == ['taken']


def test_file_names_are_safe_for_any_pull_zone_name() -> None:
    sites = [
        {'pullzone_name': 'shop', 'pullzone_id': 1},
        {'pullzone_name': 'Shop', 'pullzone_id': 2},
        {'pullzone_name': 'account', 'pullzone_id': 3},
        {'pullzone_name': '../etc/passwd', 'pullzone_id': 4},
    ]
    assert file_names(sites) == ['shop.yml', 'Shop-2.yml', 'account-3.yml', 'etc-passwd.yml']


# Text an account may hold that Ansible would run as a template, or that would end a comment line or cannot be seen.
ODD_TEXTS = ['{% if true %}x{% endif %}', '{# note #}', 'two\nlines {{ x }}', 'bell\x07', 'non\xa0breaking']


def load_as_variables(path: pathlib.Path) -> t.Any:
    """The file as ``include_vars`` loads it: a template in it is one (ansible-core 2.19 and later say so)."""
    loader = DataLoader()
    try:
        return loader.load_from_file(str(path), trusted_as_template=True)
    except TypeError:  # ansible-core before 2.19: every string loaded is a template
        return loader.load_from_file(str(path))


def test_text_ansible_would_template_is_written_unsafe_and_reads_back_exactly(
    run_module: t.Any, tmp_path: pathlib.Path
) -> None:
    ran = tmp_path / 'lookup-ran'
    texts = [f"{{{{ lookup('ansible.builtin.pipe', 'touch {ran}') }}}}", *ODD_TEXTS]
    rules = [{'description': text, 'action': 'set_response_header', 'action_parameter_2': text} for text in texts]
    declaration = {
        'site_pullzone': {'name': 'odd', 'origin': 'https://origin.example.com/{{ 7 * 6 }}', 'edge_rules': rules}
    }
    sites = [{'pullzone_name': 'odd', 'pullzone_id': 1, 'declaration': declaration, 'left_out': []}]
    outcome = run_module(site_export.main, dict(COMMON_ARGS, dest=str(tmp_path), sites=sites, made_by='export'))
    assert not outcome.failed, outcome.result
    text = (tmp_path / 'odd.yml').read_text()
    assert "edge_rules:\n    - description: !unsafe '{{ lookup(''ansible.builtin.pipe''" in text
    loaded = load_as_variables(tmp_path / 'odd.yml')
    assert loaded == declaration
    templar = Templar(loader=DataLoader(), variables={'x': 'templated'})
    assert templar.template(loaded) == declaration  # every text as the account holds it
    assert not ran.exists()  # and the lookup never ran


def test_a_header_is_comments_only_whatever_a_name_holds(run_module: t.Any, tmp_path: pathlib.Path) -> None:
    left_out = [{'path': 'site_pullzone.edge_rules', 'reason': f'edge rule {text} is read-only'} for text in ODD_TEXTS]
    declaration = {'site_pullzone': {'name': 'odd'}}
    sites = [{'pullzone_name': 'odd', 'pullzone_id': 1, 'declaration': declaration, 'left_out': left_out}]
    outcome = run_module(
        site_export.main, dict(COMMON_ARGS, dest=str(tmp_path), sites=sites, made_by='export -e dir=a\nb')
    )
    assert not outcome.failed, outcome.result
    head = (tmp_path / 'odd.yml').read_text().split('---\n')[0]
    assert all(line.startswith('#') for line in head.splitlines()), head
    assert '# Made by: export -e dir=a\\nb\n' in head
    assert 'edge rule two\\nlines {{ x }} is read-only' in head and 'bell\\x07' in head and 'non\\xa0breaking' in head


def test_one_file_a_dns_zone_below_dns_kept_when_it_converges(
    emulator: Emulator, run_module: t.Any, tmp_path: pathlib.Path
) -> None:
    read = declared(run_module)
    dest = tmp_path / 'site'
    outcome = export(run_module, dest, read, {'dns_zones': read['dns_zones']})
    assert not outcome.failed, outcome.result
    [zone_file] = [item for item in outcome.result['files'] if 'domain' in item]
    assert zone_file == {
        'path': str(dest / 'dns' / 'brand.example.yml'),
        'changed': True,
        'kept': False,
        'reason': 'new',
        'domain': 'brand.example',
    }
    text = (dest / 'dns' / 'brand.example.yml').read_text()
    assert text.startswith(f'# DNS zone brand.example of the account at {API_URL}, as the edge.platform.site role')
    assert from_yaml(text) == read['dns_zones'][0]['declaration']
    assert '\n    records_exclusive: true\n' in text and '\n      - name: www\n        type: cname\n' in text
    assert stat.S_IMODE((dest / 'dns' / 'brand.example.yml').stat().st_mode) == 0o600
    # Written again unchanged, or kept as it is when it converges (a hand edit that changes nothing a run writes).
    again = export(run_module, dest, read, {'dns_zones': read['dns_zones']})
    assert not again.result['changed']
    edited = text.replace('---\n', '---\n# reviewed\n', 1)
    (dest / 'dns' / 'brand.example.yml').write_text(edited)
    planned = {'file': 'dns/brand.example.yml', 'changed': False, 'error': None}
    kept = export(run_module, dest, read, {'dns_zones': read['dns_zones'], 'existing': [planned]})
    assert not kept.result['changed'] and (dest / 'dns' / 'brand.example.yml').read_text() == edited
    assert [item['kept'] for item in kept.result['files'] if 'domain' in item] == [True]
