# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
name: declarations
short_description: Read a directory of the site role's declarations as a run of the role would read them
version_added: 1.1.0
description:
  - Reads every file of a directory of declarations of the C(edge.platform.site) role (what the playbook
    C(edge.platform.export) writes - C(<pull zone>.yml), C(account.yml), C(dns/<domain>.yml)) as C(include_vars) reads
    a file of variables, and templates each value as a run of the role with that file would - with the play's
    variables, a vaulted value decrypted, a C(!unsafe) value (the export writes every text from the account that
    Ansible would template so) never templated.
  - Returns one item a file - C({file, declaration}), C(file) relative to the directory, in the order of their paths.
  - A directory that does not exist, or holds no C(.yml) file, is an error that says so.
  - M(edge.platform.site_drift_info) takes the items, as the C(edge.platform.audit) role gives them to it.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
options:
  _terms:
    description: The directory (relative to the playbook's directory unless absolute).
    type: list
    elements: path
    required: true
'''

EXAMPLES = r'''
- name: What a run of the site role with each file of site/ would write
  edge.platform.site_drift_info:
    declarations: "{{ lookup('edge.platform.declarations', 'site') }}"
  register: drift
'''

RETURN = r'''
_list:
  description: One item a file, C({file, declaration}).
  type: list
  elements: dict
'''

import inspect
import os
import typing as t

from ansible.errors import AnsibleError
from ansible.plugins.lookup import LookupBase

# Where the export writes what, below the directory: the pull zones and the account, then the DNS zones.
PATTERNS = ('', 'dns')


def declaration_files(directory: str) -> list[str]:
    """The files of declarations of ``directory`` (relative paths, in order); an error when there are none."""
    if not os.path.isdir(directory):
        raise AnsibleError(f'the directory of declarations {directory} does not exist')
    found = []
    for part in PATTERNS:
        folder = os.path.join(directory, part)
        if os.path.isdir(folder):
            found += sorted(
                os.path.join(part, name) if part else name
                for name in os.listdir(folder)
                if name.endswith('.yml') and os.path.isfile(os.path.join(folder, name))
            )
    if not found:
        raise AnsibleError(f'the directory of declarations {directory} holds no declaration (no .yml file)')
    return found


class LookupModule(LookupBase):  # type: ignore[misc]  # ansible-core has no type information
    def run(self, terms: list[t.Any], variables: dict[str, t.Any] | None = None, **kwargs: t.Any) -> list[t.Any]:
        items = []
        for term in terms:
            directory = self._loader.path_dwim(str(term))
            for name in declaration_files(directory):
                data = self.load(os.path.join(directory, name))
                if data is None:
                    data = {}
                if not isinstance(data, dict):
                    raise AnsibleError(f'{os.path.join(directory, name)} is not a mapping of the site role variables')
                items.append({'file': name, 'declaration': self._templar.template(data)})
        return items

    def load(self, path: str) -> t.Any:
        """The file as ``include_vars`` loads it: its strings templates where Ansible trusts them (ansible-core 2.19
        and later say so; before, every string loaded is one), ``!unsafe`` and ``!vault`` as they say."""
        if 'trusted_as_template' in inspect.signature(self._loader.load_from_file).parameters:
            return self._loader.load_from_file(path, cache='none', trusted_as_template=True)
        return self._loader.load_from_file(path, cache=False)  # ansible-core before 2.19
