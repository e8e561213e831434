#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: container_app_info
short_description: List container applications
version_added: 1.0.0
description:
  - Returns the container applications of the account with their current status, all of them or
    those matching O(id) or O(name).
  - Follows the list's cursor page by page with the largest page size the API allows (1000).
  - Returns them as RV(container_apps); RV(apps), the same list, is deprecated and will be removed in 2.0.0.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.INFO_MODULE
  - edge.platform._options.CONTAINER_APP_INFO
'''

EXAMPLES = r'''
- name: List every container application
  edge.platform.container_app_info:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
  register: all_apps

- name: Applications that are not running well
  ansible.builtin.debug:
    msg: "{{ all_apps.container_apps | selectattr('status', 'in', ['failing', 'suspended']) | map(attribute='name')
      | list }}"

- name: Read one application by name
  edge.platform.container_app_info:
    name: web-0000
  register: web

- name: Show its public address
  ansible.builtin.debug:
    msg: "{{ web.container_apps[0].displayEndpoint.address }}"
  when: web.container_apps | length > 0
'''

RETURN = r'''
apps:
  description:
    - Deprecated - the same list as RV(container_apps), under the name this module used first. It will be
      removed in 2.0.0; read RV(container_apps) instead.
  returned: always
  type: list
  elements: dict
container_apps:
  description:
    - The matching applications, in the API's order, with the API's own property names.
    - Always a list; empty when nothing matches.
  returned: always
  type: list
  elements: dict
  contains:
    id:
      description: Id of the application.
      type: str
    name:
      description: Name of the application.
      type: str
    description:
      description: Description of the application.
      type: str
    displayEndpoint:
      description: The endpoint shown for the application, C({id, address}).
      type: dict
    status:
      description: Current status, one of V(unknown), V(active), V(progressing), V(inactive), V(failing), V(suspended).
      type: str
  sample:
    - id: 2f1c6c1e-8f4b-4d2a-9a51-3f0e0c9d7a11
      name: web-frontend
      description: Public web front end
      displayEndpoint:
        id: ep-4kq9x2m7pa
        address: web-frontend.apps.example.net
      status: active
'''

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._containers import ContainersApi
from ansible_collections.edge.platform.plugins.module_utils._lookup import select_records
from ansible_collections.edge.platform.plugins.module_utils._tables.container_app_info import TABLE


def main() -> None:
    module = EdgeModule(argument_spec=TABLE.argument_spec(), mutually_exclusive=[('id', 'name')])
    params = module.params
    module.refuse_blank('id', 'name')

    def run() -> dict[str, t.Any]:
        # Ids are unique: paging stops at the first match.
        apps = select_records(ContainersApi(module.client).apps, record_id=params['id'], name=params['name'])
        # apps: the first name of the list, deprecated (a return value cannot warn its readers), removed in 2.0.0.
        return {'container_apps': apps, 'apps': apps}

    module.run(run)


if __name__ == '__main__':
    main()
