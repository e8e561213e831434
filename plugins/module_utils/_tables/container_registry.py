# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""The options of ``container_registry``: a container registry of the account and its credentials."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Enum, Option, Table

# The API names the registry's type (its host tells it when the record has no type: _containers.registry_type_of).
REGISTRY_TYPES = Enum('registry type', {'docker_hub': 'dockerHub', 'github': 'gitHub'})

TABLE = Table(
    Option(
        'display_name',
        'str',
        'Display name of the registry, 1 to 50 characters. It identifies the registry (exact, case-sensitive match); '
        'the module fails when several registries have this name.',
        required=True,
        api='displayName',
    ),
    Option(
        'registry_type',
        'str',
        (
            'Where the registry is, V(docker_hub) or V(github).',
            'Required to add a registry. On an existing registry it is compared with the type its host name '
            '(C(hostName)) tells, and a difference updates the registry.',
        ),
        enum=REGISTRY_TYPES,
        api='type',
    ),
    Option(
        'username',
        'str',
        (
            "User name of the registry's credentials, for private images.",
            'A different user name updates the registry, which sends O(password) too.',
            'O(password) is needed to add the registry with a user, or to change it; a registry that has this user '
            'already is left as it is without one (as an exported C(account.yml) declares it).',
        ),
        api='userName',
    ),
    Option(
        'password',
        'str',
        (
            "Password or access token of the registry's credentials.",
            'Requires O(username).',
            'The API replaces type and credentials together, so any update of a registry that has credentials sends '
            'the password; updating such a registry without O(password) fails before any request.',
        ),
        no_log=True,
        api='password',
    ),
    Option(
        'update_password',
        'str',
        (
            'V(on_create) sets O(password) when the registry is added, and on updates that happen because '
            'O(registry_type) or O(username) changed; a password alone never causes an update.',
            'V(always) sends O(password) on every run, so the task always reports a change; the API cannot tell '
            'whether the password differs.',
        ),
        choices=('always', 'on_create'),
        default='on_create',
        no_log=False,
    ),
    Option(
        'state',
        'str',
        'Whether the registry should exist.',
        choices=('present', 'absent'),
        default='present',
    ),
)
