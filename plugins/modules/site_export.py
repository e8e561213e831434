#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: site_export
short_description: Write the declarations of site_info as files, one a pull zone
version_added: 1.1.0
description:
  - Writes what M(edge.platform.site_info) declares of an account as YAML files in O(dest) - one a pull zone,
    C(<name>.yml), with C(site_pullzone), C(site_shield) and C(site_access_lists), C(account.yml) with
    C(site_storage_zones), C(site_registries) and C(site_video_blocked_referrers), and one a DNS zone,
    C(dns/<domain>.yml), with C(site_dns_zones) of the one zone - each with a short header naming the account's API
    address (O(api_url)), the command that made it (O(made_by)) and, as comments, what the declaration leaves out and
    the variable that would carry it. No timestamp, so the same account makes the same files.
  - The collection playbook C(edge.platform.export) runs M(edge.platform.site_info), then this module.
  - Every string Ansible would run as a template (one holding C({{), C({%) or C({#)) is written C(!unsafe), so that
    loading a file as variables (C(include_vars), C(vars_files), C(-e @file)) never runs text that came from the
    account - an edge rule's description, a header value, a list entry. A header line shows a line break or an
    invisible character of a name as its escape (C(\n), C(\xa0)), so that nothing in a name ends a comment.
  - A file is named after its pull zone; a name that is the account's file, or that another pull zone's file has
    (names that differ only in case are one file on some systems), takes the pull zone's id too, C(<name>-<id>.yml).
  - Sends no request.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.SITE_EXPORT
  - ansible.builtin.files
requirements:
  - PyYAML (ansible-core's own dependency on the controller)
notes:
  - O(mode) is C(0600) unless given, as for every file the collection writes.
seealso:
  - module: edge.platform.site_info
'''

EXAMPLES = r'''
- name: Read the account as declarations of the site role
  edge.platform.site_info:
    include_account: true
  register: declared

- name: Write them, one file a pull zone
  edge.platform.site_export:
    dest: "{{ playbook_dir }}/site"
    sites: "{{ declared.sites }}"
    account: "{{ declared.account }}"
    dns_zones: "{{ declared.dns_zones }}"
    made_by: ansible-playbook adopt.yml
'''

RETURN = r'''
files:
  description: Each file, its path and whether it was written (in check mode, would be).
  returned: success
  type: list
  elements: dict
  sample:
    - {path: /srv/site/shop-web.yml, changed: true, pullzone_name: shop-web}
    - {path: /srv/site/account.yml, changed: false}
    - {path: /srv/site/dns/example.net.yml, changed: true, domain: example.net}
dest:
  description: The absolute path of the directory.
  returned: success
  type: str
  sample: /srv/site
'''

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._declaration_files import DeclarationFiles
from ansible_collections.edge.platform.plugins.module_utils._tables.site_export import TABLE


def main() -> None:
    module = EdgeModule(argument_spec=TABLE.argument_spec(), management_api=False, add_file_common_args=True)
    module.run(DeclarationFiles(module).write)


if __name__ == '__main__':
    main()
