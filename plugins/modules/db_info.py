#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: db_info
short_description: List the edge databases of the account
version_added: 1.0.0
description:
  - Returns the edge databases of the account, all of them or the one given by O(id), or those called O(name).
  - Reads the database list of the management API (C(GET {base_url}/database/v2/databases)) page by page
    (1000 databases a request), or one database by its id.
  - Each database is returned as the API gives it - its C(id), C(name), C(url) (the database URL that
    M(edge.platform.db_query) and the client libraries take) and the other fields of the API - and never with
    a token. Tokens are made with M(edge.platform.db_token).
  - Only reads; never changes anything.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.INFO_MODULE
  - edge.platform._options.DB_INFO
seealso:
  - module: edge.platform.db_token
  - module: edge.platform.db_query
'''

EXAMPLES = r'''
- name: List every database of the account
  edge.platform.db_info:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
  register: all_databases

- name: Show their names and URLs
  ansible.builtin.debug:
    msg: "{{ all_databases.databases | items2dict(key_name='name', value_name='url') }}"

- name: Find the app's database by its name
  edge.platform.db_info:
    name: app-main
  register: app_database

- name: Show its id and URL
  ansible.builtin.debug:
    msg: "{{ app_database.databases[0].id }} at {{ app_database.databases[0].url }}"
  when: app_database.databases | length == 1
'''

RETURN = r'''
databases:
  description:
    - The matching databases, with the API's own property names, in the API's order.
    - Always a list; empty when nothing matches. Never holds a token.
  returned: always
  type: list
  elements: dict
  contains:
    id:
      description: Id of the database.
      type: str
    name:
      description: Name of the database.
      type: str
    url:
      description: URL of the database (C(libsql://...)), what M(edge.platform.db_query) takes as its C(database_url).
      type: str
    block_reads:
      description: Whether reads from the database are blocked.
      type: bool
    block_writes:
      description: Whether writes to the database are blocked.
      type: bool
    size_max:
      description: Size limit of the database in bytes, as a string.
      type: str
    current_size:
      description: Current size of the database in bytes, as a string.
      type: str
    storage_region:
      description: Region that stores the database.
      type: str
    primary_regions:
      description: Regions the database may be commissioned in.
      type: list
      elements: str
    replicas_regions:
      description: Regions its replicas may be commissioned in.
      type: list
      elements: str
  sample:
    - id: db_01HZX3J5K8M9N0P1Q2R3S4T5V6
      name: app-main
      url: libsql://db-01hzx3j5k8m9n0p1q2r3s4t5v6.lite.example.net
      block_reads: false
      block_writes: false
      size_max: "1073741824"
      current_size: "24576"
      storage_region: DE
      primary_regions: [DE]
      replicas_regions: [NY, SG]
'''


from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._database import DatabaseApi, database_id_problem
from ansible_collections.edge.platform.plugins.module_utils._lookup import select_records
from ansible_collections.edge.platform.plugins.module_utils._tables.db_info import TABLE


def main() -> None:
    module = EdgeModule(argument_spec=TABLE.argument_spec(), mutually_exclusive=[('id', 'name')])
    params = module.params
    module.refuse_blank('id', 'name')
    problem = params['id'] is not None and database_id_problem('id', params['id'])
    if problem:
        module.fail(problem)
    api = DatabaseApi(module.client)
    module.run(
        lambda: {
            'databases': select_records(api.listing, record_id=params['id'], name=params['name'], read_one=api.get)
        }
    )


if __name__ == '__main__':
    main()
