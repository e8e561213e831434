#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: db_token
short_description: Generate and revoke access tokens of an edge database, and keep them in an env file
version_added: 0.1.0
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
attributes:
  check_mode:
    details:
      - Reads the database record and checks the token of O(env_file) (a read), but generates, revokes and
        writes nothing; the result says what a real run would do.
  diff_mode:
    details:
      - Shows the env file's two variables and its mode before and after, the token always masked, and
        what happens to the database's tokens.
options:
  database_id:
    description:
      - Id of the database (C(db_...)), as the management API and the dashboard show it.
      - Exactly one of O(database_id) and O(database_name) is required.
    type: str
  database_name:
    description:
      - Exact name of the database (case-sensitive), looked up in the database list of the account.
      - Fails when no database or more than one has this name; use O(database_id) then.
    type: str
    version_added: 1.0.0
  state:
    description:
      - V(present) makes sure a working token exists (in O(env_file)), generating one when needed.
      - V(absent) revokes every token of the database; it always reports a change, since the API cannot
        tell whether tokens existed. Without O(regenerate) it removes the token line from O(env_file).
    type: str
    choices: [present, absent]
    default: present
  access:
    description:
      - Kind of token to generate (spec 2.9) - V(full) reads and writes, V(read_only) runs only statements
        that read.
      - With O(regenerate=true), the kind written to O(env_file) and returned as O(return_token)'s C(token).
      - The access level of an existing token is not inspected; to change it, regenerate.
    type: str
    choices: [full, read_only]
    default: full
  expires:
    description:
      - When generated tokens expire - a duration from now (a number followed by V(m) minutes, V(h) hours,
        V(d) days or V(w) weeks, such as V(30d)), or an RFC 3339 date-time such as V(2030-01-31T00:00:00Z).
      - Omitted, tokens do not expire until they are revoked.
      - A token that still works in O(env_file) is kept whatever its expiry.
    type: str
  env_file:
    description:
      - Path of a C(KEY=value) env file to keep E(SERVICE_DATABASE_URL) and E(SERVICE_DATABASE_AUTH_TOKEN) in.
      - Other lines are kept; the file is written atomically and always left at mode C(0600).
      - Its directory must exist.
    type: path
  backup:
    description:
      - Keep a backup of O(env_file) (with a timestamp in its name) before changing it.
      - The backup holds the old token too and keeps the file's mode.
    type: bool
    default: false
  regenerate:
    description:
      - Only with O(state=absent) - after revoking, generate new full-access and read-only tokens
        (honouring O(expires)).
    type: bool
    default: false
  return_token:
    description:
      - Return the token (C(token)), or with O(regenerate=true) both new tokens (C(tokens)).
      - Anything returned is visible in task output and logs; use C(no_log) on the task, or leave this off
        and read the token from O(env_file).
    type: bool
    default: false
seealso:
  - module: edge.platform.db_query
'''

EXAMPLES = r'''
- name: Keep a working full-access token in the app's env file
  edge.platform.db_token:
    database_name: app-main
    env_file: /srv/app/.env
    expires: 90d

- name: A read-only token for reporting, returned once
  edge.platform.db_token:
    database_id: db_01HZX3J5K8M9N0P1Q2R3S4T5V6
    access: read_only
    return_token: true
  register: reporting
  no_log: true

- name: Rotate - revoke every token, write a new full-access one to the env file
  edge.platform.db_token:
    database_id: db_01HZX3J5K8M9N0P1Q2R3S4T5V6
    state: absent
    regenerate: true
    env_file: /srv/app/.env
    backup: true

- name: Revoke every token and remove it from the env file
  edge.platform.db_token:
    database_id: db_01HZX3J5K8M9N0P1Q2R3S4T5V6
    state: absent
    env_file: /srv/app/.env
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

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError
from ansible_collections.edge.platform.plugins.module_utils._common import MASK, EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._database import (
    ACCESS_API,
    DATABASE_ID_RE,
    ENV_FILE_MODE,
    ENV_TOKEN,
    ENV_URL,
    SERVICE,
    EnvFile,
    expires_at,
    find_database,
    mode_text,
    pipeline_base_url,
    token_works,
)

NEW = f'{MASK} (new)'


class DatabaseTokens:
    def __init__(self, module: EdgeModule, env: EnvFile | None, expires: str | None) -> None:
        self.module = module
        self.client = module.client
        self.params = module.params
        self.db_id: str | None = module.params['database_id']  # found by name in read_database() when not given
        self.env = env
        self.expires = expires
        self.actions: list[str] = []
        self.backup_file: str | None = None

    @property
    def path(self) -> str:
        return f'database/v2/databases/{self.db_id}'

    def read_database(self) -> str:
        if self.db_id is None:  # the list has the id and url of a database found by name
            record: t.Any = find_database(self.client, self.params['database_name'])
            self.db_id = record['id']
        else:
            body = self.client.get(self.path, f'read database {self.db_id}')
            record = body.get('db') if isinstance(body, dict) else None
        url = record.get('url') if isinstance(record, dict) else None
        if not isinstance(url, str) or not url:
            self.module.fail(f'read database {self.db_id} failed: the answer has no database url')
        return url

    def generate(self, access: str) -> str:
        body = self.client.request(
            'PUT', f'{self.path}/auth/generate', f'generate a {access} token for database {self.db_id}',
            json_body={'authorization': ACCESS_API[access], 'expires_at': self.expires},
            idempotent=False,  # a repeated generate would leave a second, unseen token behind
        ).json()
        token = body.get('token') if isinstance(body, dict) else None
        if not isinstance(token, str) or not token:
            self.module.fail(f'generate a {access} token for database {self.db_id} failed: the answer has no token')
        self.hide(token)
        return token

    def regenerate(self) -> dict[str, str]:
        """New full and read_only tokens after the revoke; a failure leaves no revoked token in env_file."""
        try:
            return {'full': self.generate('full'), 'read_only': self.generate('read_only')}
        except EdgeApiError as error:
            if self.env is not None and self.env.get(ENV_TOKEN):
                self.update_env({ENV_TOKEN: None})
                error.message += f'; every token was revoked, and the revoked token was removed from {self.env.path}: run again'
            else:
                error.message += '; every token was revoked: run again to generate new ones'
            raise

    def writable(self) -> None:
        """The env file can be written, checked before the API is asked to change anything."""
        if self.env is not None:
            try:
                self.env.check_writable()
            except ValueError as exc:
                self.module.fail(str(exc))

    def revoke(self) -> None:
        self.client.request('POST', f'{self.path}/auth/revoke', f'revoke the tokens of database {self.db_id}', idempotent=True)

    def hide(self, token: str | None) -> None:
        """Tokens that are not returned are masked wherever they might show up."""
        if token and not self.params['return_token']:
            self.module.ansible.no_log_values.add(token)

    # ---- the env file ---------------------------------------------------------------------

    @property
    def file(self) -> EnvFile:
        """The env file (only called when O(env_file) is set)."""
        if self.env is None:
            raise ValueError('env_file is not set')
        return self.env

    def env_view(self, url: str | None, token: str | None, mode: int | None) -> dict[str, t.Any]:
        return {'path': self.file.path, ENV_URL: url, ENV_TOKEN: token, 'mode': mode_text(mode)}

    def env_before(self) -> dict[str, t.Any]:
        token = self.file.get(ENV_TOKEN)
        return self.env_view(self.file.get(ENV_URL), MASK if token else None, self.file.mode)

    def update_env(self, updates: dict[str, str | None]) -> bool:
        """Apply ``updates`` to the env file (check mode: only predict); True when it changes."""
        env = self.file
        text = env.render(updates)
        if env.needs_write(text):
            self.actions.append(f'write {env.path}')
            if not self.module.check_mode:
                if self.params['backup'] and env.exists:
                    self.backup_file = self.module.ansible.backup_local(env.path)
                try:
                    env.write(text)
                except OSError as exc:
                    done = '; '.join(self.actions[:-1]) or 'nothing else'
                    self.module.fail(f'write env_file {env.path} failed: {exc} (done before: {done}; a rerun repairs it)', changed=True)
            return True
        return self.keep_mode()

    def keep_mode(self) -> bool:
        env = self.file
        if env.is_link:  # never chmod what a link points to: the link is replaced by a file of its own
            return self.update_env({})
        if env.exists and env.mode != ENV_FILE_MODE:
            self.actions.append(f'set mode 0600 on {env.path}')
            if not self.module.check_mode:
                env.fix_mode()
            return True
        return False

    # ---- states ---------------------------------------------------------------------------

    def present(self, url: str) -> dict[str, t.Any]:
        access = self.params['access']
        env = self.env
        before: dict[str, t.Any] = {'database_id': self.db_id, 'token': 'not tracked (tokens cannot be listed)'}
        current = env.get(ENV_TOKEN) if env else None
        self.hide(current)
        works = False
        if env is not None:
            before['env_file'] = self.env_before()
            if not current:
                before['token'] = 'none in env_file'
            elif (env.get(ENV_URL) or url).strip() != url.strip():
                before['token'] = 'env_file token is for another database url'  # never sent to this one
            else:
                try:
                    pipeline = self.module.connect({SERVICE: pipeline_base_url(url, 'the database url')})
                except ValueError as exc:
                    self.module.fail(f'read database {self.db_id} failed: {exc}')
                works = token_works(pipeline, current)
                before['token'] = 'env_file token works' if works else 'env_file token does not work (revoked or expired)'
        result: dict[str, t.Any] = {}
        after = dict(before)
        if works:
            token = current
            changed = False
            if env is not None:
                # A file without the URL line gets it; otherwise only its mode may need fixing.
                changed = self.update_env({ENV_URL: url}) if not env.get(ENV_URL) else self.keep_mode()
                after['env_file'] = self.env_view(url, MASK, ENV_FILE_MODE)
        else:
            self.writable()
            self.actions.append(f'generate a {access} token')
            token = None if self.module.check_mode else self.generate(access)
            result['expires_at'] = self.expires
            after['token'] = f'new {access} token'
            changed = True
            if env is not None:
                self.update_env({ENV_URL: url, ENV_TOKEN: token or NEW})
                after['env_file'] = self.env_view(url, NEW, ENV_FILE_MODE)
        if self.params['return_token'] and token:
            result['token'] = token
        return dict(result, changed=changed, diff={'before': before, 'after': after})

    def absent(self, url: str) -> dict[str, t.Any]:
        access = self.params['access']
        env = self.env
        before: dict[str, t.Any] = {'database_id': self.db_id, 'token': 'not tracked (tokens cannot be listed)'}
        after: dict[str, t.Any] = {'database_id': self.db_id, 'token': 'all revoked'}
        result: dict[str, t.Any] = {}
        if env is not None:
            self.hide(env.get(ENV_TOKEN))
            before['env_file'] = self.env_before()
        self.writable()
        self.actions.append(f'revoke every token of database {self.db_id}')
        if not self.module.check_mode:
            self.revoke()
        chosen = None
        if self.params['regenerate']:
            self.actions.append('generate new full and read_only tokens')
            after['token'] = 'all revoked; new full and read_only tokens'
            result['expires_at'] = self.expires
            if not self.module.check_mode:
                tokens = self.regenerate()
                chosen = tokens[access]
                if self.params['return_token']:
                    result['token'] = chosen
                    result['tokens'] = {'full_access': tokens['full'], 'read_only': tokens['read_only']}
            if env is not None:
                self.update_env({ENV_URL: url, ENV_TOKEN: chosen or NEW})
                after['env_file'] = self.env_view(url, NEW, ENV_FILE_MODE)
        elif env is not None:
            if env.exists:
                self.update_env({ENV_TOKEN: None})
            view = before['env_file']
            after['env_file'] = self.env_view(view[ENV_URL], None, ENV_FILE_MODE if env.exists else None)
        return dict(result, changed=True, diff={'before': before, 'after': after})

    def execute(self) -> dict[str, t.Any]:
        url = self.read_database()
        if self.params['state'] == 'absent':
            result = self.absent(url)
        else:
            result = self.present(url)
        result['diff']['after_header'] = '; '.join(self.actions) if self.actions else 'no change'
        result.update(database_id=self.db_id, database_url=url, env_file=self.env.path if self.env else None)
        if self.backup_file:
            result['backup_file'] = self.backup_file
        return result


def main() -> None:
    module = EdgeModule(
        argument_spec=dict(
            database_id=dict(type='str'),
            database_name=dict(type='str'),
            state=dict(type='str', choices=['present', 'absent'], default='present'),
            access=dict(type='str', choices=['full', 'read_only'], default='full'),
            expires=dict(type='str'),
            env_file=dict(type='path'),
            backup=dict(type='bool', default=False),
            regenerate=dict(type='bool', default=False),
            return_token=dict(type='bool', default=False),
        ),
        mutually_exclusive=[('database_id', 'database_name')],
        required_one_of=[('database_id', 'database_name')],
    )
    params = module.params
    module.refuse_blank('database_name')
    if params['database_id'] is not None and not DATABASE_ID_RE.match(params['database_id']):
        module.fail(f"database_id must be a database id such as db_01HZX3J5K8M9N0P1Q2R3S4T5V6, got {params['database_id']!r}")
    if params['regenerate'] and params['state'] != 'absent':
        module.fail('regenerate requires state=absent (regenerating revokes every token of the database first)')
    if params['env_file'] is not None and not params['env_file'].strip():
        module.fail('env_file must not be empty (leave it out to keep no file)')
    try:
        expires = expires_at(params['expires'])
        env = EnvFile(params['env_file']) if params['env_file'] is not None else None
    except (ValueError, OSError) as exc:
        module.fail(str(exc))
    module.run(DatabaseTokens(module, env, expires).execute)


if __name__ == '__main__':
    main()
