#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: container_registry
short_description: Add, update and remove container registries
version_added: 1.0.0
description:
  - Manages a container registry of the account, the place container applications pull their
    images from, identified by its O(display_name).
  - O(state=present) adds the registry when no registry has that display name, and replaces its
    type and credentials when O(registry_type) or O(username) differ; with
    O(update_password=always) it also sends the password on every run.
  - O(state=absent) removes it. The API refuses to remove a registry that applications still use;
    the module then fails and names those applications.
  - The password can never be read back. It is not compared, and it never appears in the output,
    the diff, warnings or logs; the diff only shows that it is set or sent again.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.CONTAINER_REGISTRY
notes:
  - In check mode a removal is predicted as a change; whether applications still use the registry
    is only known when the API is asked to remove it.
  - The returned C(firstPasswordSymbols) and C(lastPasswordSymbols) are parts of the password and
    are masked like it.
'''

EXAMPLES = r'''
- name: Add a Docker Hub registry with credentials
  edge.platform.container_registry:
    display_name: docker-hub-production
    registry_type: docker_hub
    username: deploy-bot
    password: "{{ vault_docker_hub_token }}"
  register: registry

- name: Rotate the token of a GitHub registry
  edge.platform.container_registry:
    display_name: github-packages
    registry_type: github
    username: ci-bot
    password: "{{ vault_github_token }}"
    update_password: always

- name: Remove a registry no application uses any more
  edge.platform.container_registry:
    display_name: old-registry
    state: absent
'''

RETURN = r'''
registry:
  description:
    - The registry as the API returns it, with the API's own property names, plus its C(type).
    - The password is never returned; C(firstPasswordSymbols) and C(lastPasswordSymbols) are masked when set.
    - An empty dict when the registry is absent.
    - In check mode, what the module predicts; C(id) and C(createdAt) of a registry that would be added are null.
  returned: always
  type: dict
  contains:
    id:
      description: Id of the registry.
      type: int
      sample: 206
    displayName:
      description: Display name.
      type: str
      sample: docker-hub-production
    hostName:
      description: Host the registry pulls from.
      type: str
      sample: docker.io
    userName:
      description: User name of the credentials; null for a registry without credentials.
      type: str
      sample: deploy-bot
    type:
      description: Registry type as the API names it (C(dockerHub), C(gitHub)), derived from C(hostName); null when
        the host is not one of them.
      type: str
      sample: dockerHub
    isPublic:
      description: Whether the registry has no credentials.
      type: bool
      sample: false
    firstPasswordSymbols:
      description: Masked.
      type: str
      sample: "********"
    lastPasswordSymbols:
      description: Masked.
      type: str
      sample: "********"
    createdAt:
      description: When the registry was added.
      type: str
      sample: "2026-01-05T09:30:00Z"
    lastUpdatedAt:
      description: When the registry was last updated.
      type: str
      sample: null
  sample:
    id: 206
    displayName: docker-hub-production
    hostName: docker.io
    userName: deploy-bot
    firstPasswordSymbols: "********"
    lastPasswordSymbols: "********"
    createdAt: "2026-01-05T09:30:00Z"
    isPublic: false
    lastUpdatedAt: null
    type: dockerHub
applications:
  description: On a refused removal, the applications that use the registry, as the API names them.
  returned: when the registry is in use
  type: list
  elements: str
  sample: [web-0000, api-0004]
'''

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeFinding
from ansible_collections.edge.platform.plugins.module_utils._common import MASK, EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._containers import (
    DISPLAY_NAME_MAX,
    REGISTRY_HOSTS,
    ContainersApi,
    registry_type_of,
)
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._tables.container_registry import TABLE
from ansible_collections.edge.platform.plugins.module_utils._validation import text_problem

# How the diff shows a password that is sent again to a registry that already had one.
MASK_UPDATED = f'{MASK} (updated)'
# A record's note of its password for the diff (MASK, MASK_UPDATED or None); never returned.
PASSWORD_NOTE = '_password'


class Registry(EdgeResource):
    name = 'registry'
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

    def request_body(self, registry: dict[str, t.Any], creating: bool) -> dict[str, t.Any]:
        """The create/replace body for ``registry`` (API values); refuses what cannot be sent."""
        what = f'container registry "{self.display_name}"'
        registry_type = registry.get('type')
        if registry_type is None:
            self.module.fail(f'registry_type is required to {"add" if creating else "update"} {what}')
        body: dict[str, t.Any] = {'displayName': self.display_name, 'type': registry_type}
        user = registry.get('userName')
        if user:
            password = self.params['password']
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

    def find(self) -> dict[str, t.Any] | None:
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

    def create(self, wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        body = self.request_body(wanted, creating=True)
        return self.with_password_note(dict(self.api.add_registry(self.display_name, body)), body, None)

    def update(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> dict[str, t.Any]:
        body = self.request_body({**current, **changes}, creating=False)
        saved = self.api.replace_registry(self.display_name, current['id'], body)
        return self.with_password_note(dict(saved), body, current)

    def delete(self, current: dict[str, t.Any]) -> None:
        removal = self.api.remove_registry(self.display_name, current['id'])
        if removal.refusal is not None:
            self.module.fail_api(removal.refusal, applications=removal.applications)

    # ---- check mode ------------------------------------------------------------------------------

    def predicted(self, current: dict[str, t.Any] | None, body: dict[str, t.Any]) -> dict[str, t.Any]:
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

    def predict_create(self, wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        return self.predicted(None, self.request_body(wanted, creating=True))

    def predict_update(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> dict[str, t.Any]:
        return self.predicted(current, self.request_body({**current, **changes}, creating=False))

    # ---- output ------------------------------------------------------------------------------------

    def result_view(self, resource: dict[str, t.Any] | None) -> dict[str, t.Any] | None:
        view = super().result_view(resource)
        if view is not None:
            view.pop(PASSWORD_NOTE, None)
        return view

    def diff_view(self, resource: dict[str, t.Any] | None) -> dict[str, t.Any] | None:
        if resource is None:
            return None
        view = super().diff_view({**resource, 'type': registry_type_of(resource)}) or {}
        view['password'] = resource.get(PASSWORD_NOTE)
        return view


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        required_together=[('username', 'password')],
    )
    Registry(module).run()


if __name__ == '__main__':
    main()
