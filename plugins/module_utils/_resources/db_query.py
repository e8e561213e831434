# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""SQL statements run on an edge database through its HTTP pipeline, as the ``db_query`` module runs them."""

from __future__ import annotations

import functools
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._common import set_env_fallback
from ansible_collections.edge.platform.plugins.module_utils._database_pipeline import (
    SERVICE,
    Pipeline,
    Statement,
    StatementError,
    parse_statements,
    pipeline_base_url,
    statement_result,
)
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Plan
from ansible_collections.edge.platform.plugins.module_utils._tables.db_query import COMMON, TABLE

UNAUTHORIZED_HINT = 'the auth_token was revoked, has expired, or belongs to another database'
READ_ONLY_HINT = 'the auth_token is a read-only token; statements that write need a full-access token'


class Statements(EdgeResource):
    """SQL statements run on an edge database: a change when one that writes runs (the server's describe tells)."""

    name = 'results'
    noun = 'SQL statements'
    identity = ()
    deletable = False
    where: Pipeline

    @functools.cached_property
    def url(self) -> str:
        return pipeline_base_url(self.params['database_url'])

    @functools.cached_property
    def statements(self) -> list[Statement]:
        given = self.params['statements']
        # One string is one statement: never split.
        return parse_statements([given] if isinstance(given, str) else given)

    @property
    def transaction(self) -> bool:
        return bool(self.params['transaction'])

    # ---- input ----

    def validate(self) -> None:
        module = self.module
        if not isinstance(self.params['statements'], (str, list)):
            # A line of its own: ansible-core 2.16's validate-modules takes a type name after "or" for a type check.
            given_type = type(self.params['statements']).__name__
            module.fail(f'statements must be a list of statements, or one statement as a string, got {given_type}')
        module.check_url('database_url', schemes=('libsql', 'https', 'http'))
        try:
            parsed = bool(self.url and self.statements)  # parsed once here, where bad input is refused
        except ValueError as exc:
            module.fail(str(exc))
        if not parsed:
            module.fail('statements must hold at least one statement')
        if not (self.params['auth_token'] or '').strip():
            module.fail('auth_token must not be empty (set it, or SERVICE_DATABASE_AUTH_TOKEN)')
        module.credential('auth_token')

    # ---- reading ----

    def locate(self) -> Pipeline:
        return Pipeline(
            self.module.connect({SERVICE: self.url}), self.params['auth_token'], unauthorized=UNAUTHORIZED_HINT
        )

    def find(self) -> Record:
        """What the database says of each statement: ``(reads only, error)``; None when it cannot tell yet. Check
        mode asks before it runs what only reads; a real run asks in the request that runs them (``update``)."""
        return {'described': self.where.describe(self.statements) if self.module.check_mode else None}

    def resolve(self, wanted: Record, current: Record | None) -> Record:
        return {'run': True}  # statements run every time; outcome says whether one of them wrote

    # ---- running ----

    def statement_error(self, statement: Statement, error: t.Mapping[str, t.Any], note: str) -> StatementError:
        message = str(error.get('message') or 'no message')
        code = error.get('code')
        if code == 'BLOCKED':
            message = f'{message} ({READ_ONLY_HINT})'
        return StatementError(
            f'statement {statement.number} of {len(self.statements)}',
            f'{message} [{statement.preview()}]; {note}',
            code,
            statement.number,
            statement.sql,
        )

    def update(self, current: Record, changes: Record) -> Record:
        # Described and run in one request; statements that could not be described before the run depend on
        # earlier ones (a table they create): they are described again after the run, on the same stream.
        finish = 'COMMIT' if self.transaction else None
        described, batch = self.where.described_batch(self.statements, finish)
        results: list[dict[str, t.Any]] = []
        for index, (statement, error) in enumerate(zip(self.statements, batch.errors)):
            if error:
                changed = not self.transaction and any(readonly is not True for readonly, _error in described[:index])
                if self.transaction:
                    note = 'the transaction was rolled back, no statement took effect'
                else:
                    not_run = len(self.statements) - statement.number
                    note = f'the statements before it stay applied, the {not_run} after it did not run'
                failure = self.statement_error(statement, error, note)
                self.module.fail(
                    str(failure),
                    failure=failure.failure(),
                    changed=changed,
                    results=[] if self.transaction else results,
                )
            results.append(statement_result(batch.results[index], statement.sql))
        if batch.commit_error:
            raise StatementError(
                f'commit the transaction on {self.url}',
                f"{batch.commit_error.get('message')}; the transaction was rolled back, no statement took effect",
                batch.commit_error.get('code'),
            )
        # One that still cannot be described (a table it dropped is gone) counts as a change.
        readonly_after = [
            batch.described.get(statement.number) if readonly is None else readonly
            for statement, (readonly, _error) in zip(self.statements, described)
        ]
        return {
            'results': results,
            'writes': [
                statement for statement, readonly in zip(self.statements, readonly_after) if readonly is not True
            ],
        }

    def predict_update(self, current: Record, changes: Record) -> Record:
        """Check mode: run what only reads (and roll back), skip the rest."""
        plan: list[bool] = []  # True: run it
        for statement, (readonly, error) in zip(self.statements, current['described']):
            if readonly is None and not any(run is False for run in plan):
                raise self.statement_error(
                    statement, error or {}, 'the database cannot run it (check mode changed nothing)'
                )
            plan.append(readonly is True)
        chosen = [statement for statement, run in zip(self.statements, plan) if run]
        ran: dict[int, dict[str, t.Any]] = {}
        if chosen:
            batch = self.where.batch(chosen, 'ROLLBACK', idempotent=True)
            for statement, result, error in zip(chosen, batch.results, batch.errors):
                if error:
                    raise self.statement_error(statement, error, 'check mode changed nothing')
                ran[statement.number] = statement_result(result, statement.sql)
        results = [
            ran.get(statement.number) or {'sql': statement.sql, 'skipped': True} for statement in self.statements
        ]
        return {'results': results, 'writes': [statement for statement, run in zip(self.statements, plan) if not run]}

    # ---- output ----

    def describe(self, plan: Plan) -> str | None:
        return None

    def prepared(self, plan: Plan, after: Record | None) -> str | None:
        writes = (after or {}).get('writes')
        if not writes:
            return None
        header = 'would run' if self.module.check_mode else 'ran'
        lines = [f'-- {header} on {self.url}: {len(writes)} statement(s) that change the database']
        lines += [f'{statement.sql.strip().rstrip(";")};' for statement in writes]
        return '\n'.join(lines) + '\n'

    def diff_view(self, resource: Record | None) -> dict[str, object] | None:
        return None

    def outcome(self, plan: Plan, after: Record | None) -> dict[str, object]:
        after = after or {}
        return {'changed': bool(after.get('writes')), 'results': after.get('results')}


def argument_spec() -> dict[str, dict[str, t.Any]]:
    """The table's options but the common ones it documents, with the environment variables of a container app."""
    spec = TABLE.without(*COMMON).argument_spec()
    spec['database_url']['fallback'] = (set_env_fallback, ['SERVICE_DATABASE_URL'])
    spec['auth_token']['fallback'] = (set_env_fallback, ['SERVICE_DATABASE_AUTH_TOKEN'])
    return spec
