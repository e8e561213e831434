# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The access tokens of a database and the env file that keeps one, as the ``db_token`` module manages them."""

from __future__ import annotations

import functools
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError
from ansible_collections.edge.platform.plugins.module_utils._common import MASK, EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._database import (
    ENV_TOKEN,
    ENV_URL,
    Database,
    DatabaseApi,
    database_id_problem,
    expires_at,
)
from ansible_collections.edge.platform.plugins.module_utils._database_pipeline import (
    SERVICE,
    pipeline_base_url,
    token_works,
)
from ansible_collections.edge.platform.plugins.module_utils._env_file import ENV_FILE_MODE, EnvFile, mode_text
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Plan

NEW = f'{MASK} (new)'


class DatabaseTokens(EdgeResource):
    """The access tokens of a database, and the env file that keeps one.

    Tokens cannot be listed: ``present`` is satisfied by a token in ``env_file`` that still
    works (or, without a file, never), ``absent`` always revokes them all.
    """

    deletable = False  # state=absent revokes the tokens; the database stays
    noun = 'tokens of database'
    identity = ('database_name', 'database_id')
    where: Database
    backup_file: str | None = None

    def __init__(self, module: EdgeModule) -> None:
        super().__init__(module)
        self.api = DatabaseApi(self.client)

    @functools.cached_property
    def expires(self) -> str | None:
        return expires_at(self.params['expires'])

    @functools.cached_property
    def env(self) -> EnvFile | None:
        return EnvFile(self.params['env_file']) if self.params['env_file'] is not None else None

    @property
    def database_id(self) -> str:
        return self.where['id']

    # ---- input ----

    def validate(self) -> None:
        params, module = self.params, self.module
        module.refuse_blank('database_name')
        problem = params['database_id'] is not None and database_id_problem('database_id', params['database_id'])
        if problem:
            module.fail(problem)
        if params['regenerate'] and params['state'] != 'absent':
            module.fail('regenerate requires state=absent (regenerating revokes every token of the database first)')
        if params['env_file'] is not None and not params['env_file'].strip():
            module.fail('env_file must not be empty (leave it out to keep no file)')
        try:
            self.expires, self.env  # noqa: B018 - read and checked here, before any request
            if self.env is not None and not (self.state == 'present' and self.env.exists):
                # Written for sure (a new file, or a revoke): an existing file that state=present keeps is
                # only written when its token stopped working, and is checked then, before any token is made.
                self.env.check_writable()
        except (ValueError, OSError) as exc:
            module.fail(str(exc))

    # ---- reading ----

    def locate(self) -> Database:
        return self.api.require(self.params['database_id'], self.params['database_name'])

    def exclusive(self) -> t.ContextManager[object]:
        """The runs on this controller that write the same env file take turns, from its read to its write: forks
        that each found no working token there would each generate one. Check mode writes nothing: no turn."""
        if self.env is None or self.module.check_mode:
            return super().exclusive()
        return self.env.turn()

    def find(self) -> Record:
        """What can be known of the tokens: whether the env file's token still works for this database."""
        env, url = self.env, self.where['url']
        current: dict[str, t.Any] = {'token': 'not tracked (tokens cannot be listed)', 'works': False}
        if env is None:
            return current
        try:
            env.read()  # again, in this run's turn: another run may have written it since
        except ValueError as exc:
            self.module.fail(str(exc))
        token = env.get(ENV_TOKEN)
        self.hide(token)
        current['env_file'] = self.env_view(env.get(ENV_URL), MASK if token else None, env.mode)
        if self.state == 'absent':
            return current
        if not token:
            current['token'] = 'none in env_file'
        elif (env.get(ENV_URL) or url).strip() != url.strip():
            current['token'] = 'env_file token is for another database url'  # never sent to this one
        else:
            try:
                pipeline = self.module.connect({SERVICE: pipeline_base_url(url, 'the database url')})
            except ValueError as exc:
                self.module.fail(f'read database {self.database_id} failed: {exc}')
            current['works'] = token_works(pipeline, token)
            current['token'] = (
                'env_file token works' if current['works'] else 'env_file token does not work (revoked or expired)'
            )
            if current['works']:  # kept, and returned with return_token
                current['tokens'] = {self.params['access']: token}
        return current

    def resolve(self, wanted: Record, current: Record | None) -> Record:
        """absent: revoked (always a change); present: a working token, and an env file that says so (mode 0600)."""
        if self.state == 'absent':
            return {'revoked': True}
        if not t.cast('Record', current)['works']:
            return {'token': 'new'}
        env = self.env
        if env is not None and (env.changes({ENV_URL: self.where['url']}) if not env.get(ENV_URL) else env.mode_wrong):
            return {'env_file': 'repaired'}
        return {}

    # ---- writing (check mode predicts with the same steps, writing nothing) ----

    def update(self, current: Record, changes: Record) -> Record:
        return self.absent(current) if self.state == 'absent' else self.present(current)

    def predict_update(self, current: Record, changes: Record) -> Record:
        return self.update(current, changes)  # every step below writes only outside check mode

    def present(self, current: Record) -> Record:
        access, env, url = self.params['access'], self.env, self.where['url']
        after = dict(current)
        if current['works']:
            if env is not None:
                # A file without the URL line gets it; otherwise only its mode may need fixing.
                self.update_env({} if env.get(ENV_URL) else {ENV_URL: url})
                after['env_file'] = self.env_view(url, MASK, ENV_FILE_MODE)
            return after
        self.writable()
        self.notes.append(f'generate a {access} token')
        token = None if self.module.check_mode else self.generate(access)
        after.update(token=f'new {access} token', tokens={access: token}, expires_at=self.expires)
        if env is not None:
            self.update_env({ENV_URL: url, ENV_TOKEN: token or NEW})
            after['env_file'] = self.env_view(url, NEW, ENV_FILE_MODE)
        return after

    def absent(self, current: Record) -> Record:
        access, env, url = self.params['access'], self.env, self.where['url']
        after = dict(current, token='all revoked')
        self.writable()
        self.notes.append(f'revoke every token of database {self.database_id}')
        if not self.module.check_mode:
            self.api.revoke(self.database_id)
        if self.params['regenerate']:
            self.notes.append('generate new full and read_only tokens')
            after.update(token='all revoked; new full and read_only tokens', expires_at=self.expires)
            tokens = {} if self.module.check_mode else self.regenerate()
            after['tokens'] = tokens
            if env is not None:
                self.update_env({ENV_URL: url, ENV_TOKEN: tokens.get(access) or NEW})
                after['env_file'] = self.env_view(url, NEW, ENV_FILE_MODE)
        elif env is not None:
            if env.exists:
                self.update_env({ENV_TOKEN: None})
            after['env_file'] = self.env_view(current['env_file'][ENV_URL], None, ENV_FILE_MODE if env.exists else None)
        return after

    def generate(self, access: str) -> str:
        token = self.api.generate(self.database_id, access, self.expires)
        self.hide(token)
        return token

    def regenerate(self) -> dict[str, str]:
        """New full and read_only tokens after the revoke; a failure leaves no revoked token in env_file."""
        try:
            return {'full': self.generate('full'), 'read_only': self.generate('read_only')}
        except EdgeApiError as error:
            if self.env is not None and self.env.get(ENV_TOKEN):
                self.update_env({ENV_TOKEN: None})
                error.message += (
                    f'; every token was revoked, and the revoked token was removed from {self.env.path}: run again'
                )
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

    def hide(self, token: str | None) -> None:
        """Tokens that are not returned are masked wherever they might show up."""
        if token and not self.params['return_token']:
            self.module.ansible.no_log_values.add(token)

    # ---- the env file ---------------------------------------------------------------------

    def env_view(self, url: str | None, token: str | None, mode: int | None) -> dict[str, t.Any]:
        return {'path': t.cast(EnvFile, self.env).path, ENV_URL: url, ENV_TOKEN: token, 'mode': mode_text(mode)}

    def update_env(self, updates: dict[str, str | None]) -> None:
        """Apply ``updates`` to the env file (``{}``: only its mode); check mode only notes it."""
        env = t.cast(EnvFile, self.env)

        def backup() -> None:
            if self.params['backup'] and env.exists:
                self.backup_file = self.module.ansible.backup_local(env.path)

        try:
            done = env.apply(updates, self.module.check_mode, backup)
        except OSError as exc:
            before = '; '.join(self.notes) or 'nothing else'
            self.module.fail(
                f'write env_file {env.path} failed: {exc} (done before: {before}; a rerun repairs it)', changed=True
            )
        if done:
            self.notes.append(done)
            self.module.changed_locally |= not self.module.check_mode

    # ---- output ----

    def describe(self, plan: Plan) -> str | None:
        return None if self.notes else 'no change'

    def diff_view(self, resource: Record | None) -> dict[str, object] | None:
        if resource is None:
            return None
        view = {'database_id': self.database_id, 'token': resource['token']}
        if 'env_file' in resource:
            view['env_file'] = resource['env_file']
        return view

    def outcome(self, plan: Plan, after: Record | None) -> dict[str, object]:
        after = after or {}
        result: dict[str, t.Any] = {
            'database_id': self.database_id,
            'database_url': self.where['url'],
            'env_file': self.env.path if self.env else None,
        }
        if 'expires_at' in after:
            result['expires_at'] = after['expires_at']
        tokens = after.get('tokens') or {}
        if self.params['return_token'] and tokens.get(self.params['access']):
            result['token'] = tokens[self.params['access']]
            if 'full' in tokens and 'read_only' in tokens:
                result['tokens'] = {'full_access': tokens['full'], 'read_only': tokens['read_only']}
        if self.backup_file:
            result['backup_file'] = self.backup_file
        return result
