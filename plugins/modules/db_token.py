#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: db_token
short_description: Generate and revoke access tokens of an edge database, and keep them in an env file
version_added: 1.0.0
description:
  - Generates a database access token (full access or read only), like the command-line C(db tokens create),
    and writes E(SERVICE_DATABASE_URL) and E(SERVICE_DATABASE_AUTH_TOKEN) into an env file that container
    apps, edge scripts and M(edge.platform.db_query) read.
  - With O(env_file), O(state=present) is idempotent - when the file already holds a token for this
    database that still works (checked with a harmless C(SELECT 1) through the database pipeline), nothing
    is generated or written. Without O(env_file) every run generates a new token (the API cannot list tokens).
  - O(state=absent) revokes every token of the database at once (the API cannot revoke one token), like
    C(db tokens invalidate); with O(regenerate=true) it then creates new full-access and read-only tokens
    and writes the one O(access) names, like C(db tokens invalidate --regenerate --save-env).
  - A token is shown once. It is returned only with O(return_token=true), and never appears in the diff,
    warnings or logs.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.DB_TOKEN
attributes:
  check_mode:
    details:
      - Reads the database record and checks the token of O(env_file) (a read), but generates, revokes and
        writes nothing; the result says what a real run would do.
  diff_mode:
    details:
      - Shows the env file's two variables and its mode before and after, the token always masked, and
        what happens to the database's tokens.
seealso:
  - module: edge.platform.db_query
'''

EXAMPLES = r'''
- name: Keep a working full-access token in the app's env file
  edge.platform.db_token:
    database_name: app-main
    env_file: /tmp/app-main.env
    expires: 90d

- name: A read-only token for reporting, returned once
  edge.platform.db_token:
    database_name: app-main
    access: read_only
    return_token: true
  register: reporting
  no_log: true

- name: Rotate - revoke every token, write a new full-access one to the env file
  edge.platform.db_token:
    database_name: app-main
    state: absent
    regenerate: true
    env_file: /tmp/app-main.env
    backup: true

- name: Revoke every token and remove it from the env file
  edge.platform.db_token:
    database_name: app-main
    state: absent
    env_file: /tmp/app-main.env
'''

RETURN = r'''
database_id:
  description: Id of the database (found by its name when O(database_name) was given).
  returned: always
  type: str
  sample: db_01HZX3J5K8M9N0P1Q2R3S4T5V6
  version_added: 1.0.0
database_url:
  description: URL of the database, as the management API gives it (also written as E(SERVICE_DATABASE_URL)).
  returned: always
  type: str
  sample: libsql://db-01hzx3j5k8m9n0p1q2r3s4t5v6.lite.example.net
env_file:
  description: Absolute path of the env file, or null without O(env_file).
  returned: always
  type: str
  sample: /srv/app/.env
token:
  description:
    - The token in O(env_file) (new or kept) or the one generated; with O(regenerate=true) the one O(access) names.
    - In check mode, where nothing is generated, only a working token kept in O(env_file) is returned.
  returned: when O(return_token=true)
  type: str
  sample: eyJhbGciOi...
tokens:
  description: The new tokens.
  returned: when O(regenerate=true) and O(return_token=true), not in check mode
  type: dict
  contains:
    full_access:
      description: The new full-access token.
      type: str
    read_only:
      description: The new read-only token.
      type: str
expires_at:
  description: When the generated token(s) expire (RFC 3339, UTC), or null when they do not.
  returned: when a token is (or in check mode would be) generated
  type: str
  sample: "2030-01-31T00:00:00Z"
backup_file:
  description: Name of the backup of O(env_file).
  returned: when O(backup=true) and the file changed
  type: str
  sample: /srv/app/.env.12345.2026-11-22@10:00:00~
'''


from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.db_token import DatabaseTokens
from ansible_collections.edge.platform.plugins.module_utils._tables.db_token import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[('database_id', 'database_name')],
        required_one_of=[('database_id', 'database_name')],
    )
    DatabaseTokens(module).run()


if __name__ == '__main__':
    main()
