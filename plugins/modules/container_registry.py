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


from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.container_registry import Registry
from ansible_collections.edge.platform.plugins.module_utils._tables.container_registry import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        required_by={'password': ('username',)},
    )
    Registry(module).run()


if __name__ == '__main__':
    main()
