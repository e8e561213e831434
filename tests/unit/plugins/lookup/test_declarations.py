# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The declarations lookup: a directory of the site role's declarations read as a run of the role reads each file -
its templates templated with the play's variables, the export's !unsafe text never - and a directory that is
missing or empty a clear error."""

from __future__ import annotations

import pathlib

import pytest
from ansible.errors import AnsibleError
from ansible.parsing.dataloader import DataLoader
from ansible.template import Templar

from ansible_collections.edge.platform.plugins.lookup.declarations import LookupModule


def lookup(directory: pathlib.Path, **variables: object) -> list[dict[str, object]]:
    loader = DataLoader()
    plugin = LookupModule(loader=loader, templar=Templar(loader=loader, variables=variables))
    return plugin.run([str(directory)], variables=variables)


def test_each_file_as_a_run_of_the_role_reads_it(tmp_path: pathlib.Path) -> None:
    ran = tmp_path / 'lookup-ran'
    (tmp_path / 'shop.yml').write_text(
        '# a header\n---\nsite_pullzone:\n  name: shop\n  origin: "{{ shop_origin }}"\n  edge_rules:\n'
        f"    - description: !unsafe \"{{{{ lookup('ansible.builtin.pipe', 'touch {ran}') }}}}\"\n"
        '      action: force_ssl\n'
    )
    (tmp_path / 'account.yml').write_text('site_registries: []\n')
    (tmp_path / 'dns').mkdir()
    (tmp_path / 'dns' / 'example.com.yml').write_text('site_dns_zones: [{domain: example.com}]\n')
    (tmp_path / 'notes.txt').write_text('not a declaration')
    items = lookup(tmp_path, shop_origin='https://origin.shop.example.com')
    assert [item['file'] for item in items] == ['account.yml', 'shop.yml', 'dns/example.com.yml']
    shop = items[1]['declaration']['site_pullzone']
    assert shop['origin'] == 'https://origin.shop.example.com'  # templated as the role templates it
    assert shop['edge_rules'][0]['description'] == f"{{{{ lookup('ansible.builtin.pipe', 'touch {ran}') }}}}"
    assert not ran.exists()


def test_a_directory_that_is_missing_or_holds_no_declaration_is_an_error(tmp_path: pathlib.Path) -> None:
    with pytest.raises(AnsibleError, match='the directory of declarations .*/missing does not exist'):
        lookup(tmp_path / 'missing')
    (tmp_path / 'empty').mkdir()
    with pytest.raises(
        AnsibleError, match=r'the directory of declarations .*/empty holds no declaration \(no .yml file\)'
    ):
        lookup(tmp_path / 'empty')


def test_a_file_that_is_not_a_mapping_is_an_error(tmp_path: pathlib.Path) -> None:
    (tmp_path / 'list.yml').write_text('- a\n- b\n')
    with pytest.raises(AnsibleError, match='list.yml is not a mapping of the site role variables'):
        lookup(tmp_path)
