# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A container registry as the ``container_registry`` module manages it, with a password that is never shown."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeFinding
from ansible_collections.edge.platform.plugins.module_utils._common import MASK
from ansible_collections.edge.platform.plugins.module_utils._containers import (
    DISPLAY_NAME_MAX,
    REGISTRY_HOSTS,
    ContainersApi,
    registry_type_of,
)
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._tables.container_registry import TABLE
from ansible_collections.edge.platform.plugins.module_utils._validation import text_problem

# How the diff shows a password that is sent again to a registry that already had one.
MASK_UPDATED = f'{MASK} (updated)'
# A record's note of its password for the diff (MASK, MASK_UPDATED or None); never returned.
PASSWORD_NOTE = '_password'


class Registry(EdgeResource):
    name = 'registry'
    noun = 'container registry'
    identity = ('display_name',)
    fields = (
        Field.of(TABLE['display_name']),
        Field.of(TABLE['registry_type']),
        Field.of(TABLE['username']),
        # Never read back: sent with every save that has a user, compared never (update_password decides).
        Field('password', 'password', to_api=lambda value: MASK, write_only=True),
    )
    # Parts of the password; the password itself is never in a record.
    secret_keys = frozenset(('firstPasswordSymbols', 'lastPasswordSymbols'))

    @property
    def api(self) -> ContainersApi:
        return ContainersApi(self.client)

    @property
    def display_name(self) -> str:
        return str(self.params['display_name'])

    # ---- input ------------------------------------------------------------------------------

    def validate(self) -> None:
        if not 1 <= len(self.display_name) <= DISPLAY_NAME_MAX:
            self.module.fail(
                f'display_name must be 1 to {DISPLAY_NAME_MAX} characters long, got {len(self.display_name)}'
            )
        problem = text_problem(self.display_name)
        if problem:
            self.module.fail(f'display_name {self.display_name!r} {problem}')
        for option in ('username', 'password'):
            if self.params[option] == '':
                self.module.fail(f'{option} must not be empty')

    def request_body(self, registry: Record, creating: bool) -> Record:
        """The create/replace body for ``registry`` (API values); refuses what cannot be sent."""
        what = f'container registry "{self.display_name}"'
        registry_type = registry.get('type')
        if registry_type is None:
            self.module.fail(f'registry_type is required to {"add" if creating else "update"} {what}')
        body: dict[str, t.Any] = {'displayName': self.display_name, 'type': registry_type}
        user = registry.get('userName')
        if user:
            password = self.params['password']
            if password is None and creating:
                self.module.fail(f'adding {what} with user "{user}" needs password')
            if password is None:
                self.module.fail(
                    f'updating {what} needs password: the API replaces the credentials of user "{user}" '
                    'with every update and cannot return the current password'
                )
            body['passwordCredentials'] = {'userName': user, 'password': password}
        return body

    @staticmethod
    def with_password_note(
        record: dict[str, t.Any], body: dict[str, t.Any], current: dict[str, t.Any] | None
    ) -> dict[str, t.Any]:
        """``record`` noting for the diff whether a password was sent, and whether it replaced one."""
        sent = 'passwordCredentials' in body
        record[PASSWORD_NOTE] = (MASK_UPDATED if current and current.get(PASSWORD_NOTE) else MASK) if sent else None
        return record

    # ---- reading ----------------------------------------------------------------------------

    def find(self) -> Record | None:
        matches = [record for record in self.api.registries() if record.get('displayName') == self.display_name]
        if len(matches) > 1:
            ids = ', '.join(str(record.get('id')) for record in matches)
            raise EdgeFinding(
                f'find container registry "{self.display_name}"',
                f'{len(matches)} registries have this display name (ids {ids}); rename all but one to manage it',
            )
        if not matches:
            return None
        return dict(matches[0], **{PASSWORD_NOTE: MASK if matches[0].get('userName') else None})

    def check(self, plan: Plan) -> None:
        if plan.action in ('create', 'update'):  # refuse a save that cannot be sent
            self.request_body({**(plan.current or {}), **plan.wanted}, creating=plan.action == 'create')

    # ---- writing -------------------------------------------------------------------------------

    def create(self, wanted: Record) -> Record:
        body = self.request_body(wanted, creating=True)
        return self.with_password_note(dict(self.api.add_registry(self.display_name, body)), body, None)

    def update(self, current: Record, changes: Record) -> Record:
        body = self.request_body({**current, **changes}, creating=False)
        saved = self.api.replace_registry(self.display_name, current['id'], body)
        return self.with_password_note(dict(saved), body, current)

    def delete(self, current: Record) -> None:
        removal = self.api.remove_registry(self.display_name, current['id'])
        if removal.refusal is not None:
            self.module.fail_api(removal.refusal, applications=removal.applications)

    # ---- check mode ------------------------------------------------------------------------------

    def predicted(self, current: Record | None, body: Record) -> Record:
        """The record the API would hold after saving ``body``."""
        record: dict[str, t.Any] = (
            dict(current)
            if current is not None
            else {
                'id': None,
                'displayName': None,
                'hostName': None,
                'userName': None,
                'firstPasswordSymbols': None,
                'lastPasswordSymbols': None,
                'createdAt': None,
                'isPublic': None,
                'lastUpdatedAt': None,
            }
        )
        credentials = body.get('passwordCredentials')
        if current is None or registry_type_of(current) != body['type']:
            record['hostName'] = REGISTRY_HOSTS[body['type']]
        if current is None or bool(current.get('userName')) != bool(credentials):
            record['isPublic'] = credentials is None
        record['displayName'] = body['displayName']
        record['userName'] = credentials['userName'] if credentials else None
        if credentials:
            record['firstPasswordSymbols'] = record['lastPasswordSymbols'] = MASK
        else:
            record['firstPasswordSymbols'] = record['lastPasswordSymbols'] = None
        record['type'] = body['type']
        return self.with_password_note(record, body, current)

    def predict_create(self, wanted: Record) -> Record:
        return self.predicted(None, self.request_body(wanted, creating=True))

    def predict_update(self, current: Record, changes: Record) -> Record:
        return self.predicted(current, self.request_body({**current, **changes}, creating=False))

    # ---- output ------------------------------------------------------------------------------------

    def result_view(self, resource: Record | None) -> Record | None:
        view = super().result_view(resource)
        if view is not None:
            view.pop(PASSWORD_NOTE, None)
        return view

    def diff_view(self, resource: Record | None) -> dict[str, object] | None:
        if resource is None:
            return None
        view = super().diff_view({**resource, 'type': registry_type_of(resource)}) or {}
        view['password'] = resource.get(PASSWORD_NOTE)
        return view
