#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: db_query
short_description: Run SQL statements on an edge database
version_added: 1.0.0
description:
  - Runs SQL statements on an edge database through its HTTP pipeline (C(POST {database_url}/v2/pipeline)),
    authenticated with a database access token, not with the account API key.
  - Takes the database URL and token from E(SERVICE_DATABASE_URL) and E(SERVICE_DATABASE_AUTH_TOKEN) when
    O(database_url) and O(auth_token) are not set, so it runs as-is inside a container app or edge script
    that has database credentials.
  - Before running anything, asks the database to describe each statement; a statement the database
    describes as read-only (for example C(SELECT)) does not count as a change. The task reports
    C(changed) when a statement that is not read-only ran (or, in check mode, would run).
  - With O(transaction=true) (the default) the statements run in one transaction in a single request;
    the first failing statement rolls back all of them, and the failure says which statement failed and why.
  - Idempotence is the playbook's - guard a migration with a read (for example of C(PRAGMA user_version),
    which the migration sets) and C(when), see the examples.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform._options.DB_QUERY
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
attributes:
  check_mode:
    details:
      - Runs the statements the database describes as read-only (in a transaction that is rolled back)
        and returns the others as C(skipped=true) entries without running them.
      - A statement that cannot be described because it depends on a skipped one (a table it creates) is
        skipped too.
  diff_mode:
    support: partial
    details: The diff lists the SQL text of the statements that changed (or would change) the database; argument
      values are not shown.
notes:
  - The requests go to the database host with the token; the account API key is never sent there.
  - Requests that only read (the describe step, and check mode) are repeated after 5xx answers and network
    errors; a request that runs statements which write is repeated only when the server proved it did not
    act on it (a 429, or a connection that never opened).
  - Each statement string holds one statement; use separate list items for several.
  - Rows are returned as dicts keyed by column name; a repeated column name gets C(_2), C(_3) … appended.
  - A read-only token refuses statements that write; the module says so in its failure message.
  - SQLite decides what is read-only - C(CREATE TABLE IF NOT EXISTS) counts as a write even when the table exists.
  - C(ATTACH) and C(DETACH), which the database describes as read-only, count as writes - they change the
    connection (and C(ATTACH) can make a file) - so check mode never runs them.
  - In check mode, when every statement is skipped, Ansible displays the task as skipped (it reads a C(results)
    list whose entries all say C(skipped) as a skipped loop); the registered result still says C(changed=true).
seealso:
  - module: edge.platform.db_token
'''

EXAMPLES = r'''
- name: Read the schema version (runs as-is inside a container app with database credentials)
  edge.platform.db_query:
    statements:
      - PRAGMA user_version
  register: schema

- name: Apply migration 1 once, atomically (it sets the version it checks)
  edge.platform.db_query:
    database_url: "{{ db_url }}"
    auth_token: "{{ vault_db_token }}"
    statements:
      - ALTER TABLE products ADD COLUMN discontinued INTEGER NOT NULL DEFAULT 0
      - sql: UPDATE products SET discontinued = 1 WHERE stock = ?
        args: [0]
      - PRAGMA user_version = 1
  when: schema.results[0].rows[0].user_version < 1

- name: Insert with named arguments and a blob
  edge.platform.db_query:
    database_url: "{{ db_url }}"
    auth_token: "{{ vault_db_token }}"
    statements:
      - sql: INSERT INTO products (sku, name, price, stock, thumbnail) VALUES (:sku, :name, :price, :stock, :thumbnail)
        named_args:
          ":sku": SKU-90001
          ":name": desk lamp
          ":price": 24.5
          ":stock": 3
          ":thumbnail": {type: blob, base64: AAEC}
  register: inserted

- name: Show the id of the new row
  ansible.builtin.debug:
    msg: "{{ inserted.results[0].last_insert_rowid }}"
'''

RETURN = r'''
results:
  description:
    - One entry per statement, in order.
    - In check mode, a statement that is not read-only is returned with only C(sql) and C(skipped=true).
  returned: always
  type: list
  elements: dict
  contains:
    sql:
      description: The SQL text of the statement.
      type: str
      sample: SELECT id, email FROM users WHERE id = ?
    skipped:
      description: Only in check mode, for a statement that was not run because it would change the database.
      type: bool
      returned: when skipped
      sample: true
    columns:
      description: Column names of the result.
      type: list
      elements: str
      returned: when run
      sample: [id, email]
    rows:
      description:
        - The rows, as dicts keyed by column name.
        - Values are native (integers, floats, strings, null); blobs are base64 text.
      type: list
      elements: dict
      returned: when run
      sample: [{id: 1, email: ada@example.com}]
    affected_row_count:
      description: Rows changed by an C(INSERT), C(UPDATE) or C(DELETE); 0 for other statements.
      type: int
      returned: when run
      sample: 0
    last_insert_rowid:
      description: Rowid of the last row inserted by the statement, or null.
      type: int
      returned: when run
      sample: null
'''


from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.db_query import Statements, argument_spec


def main() -> None:
    module = EdgeModule(
        management_api=False,
        argument_spec=argument_spec(),
    )
    Statements(module).run()


if __name__ == '__main__':
    main()
