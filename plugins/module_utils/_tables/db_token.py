# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""The options of ``db_token``: the database, the token wanted and the env file that keeps it."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

TABLE = Table(
    Option(
        'database_id',
        'str',
        (
            'Id of the database (C(db_) and letters and digits), as the management API and the dashboard show it; '
            'anything else is refused before any request.',
            'Exactly one of O(database_id) and O(database_name) is required.',
        ),
    ),
    Option(
        'database_name',
        'str',
        (
            'Exact name of the database (case-sensitive), looked up in the database list of the account.',
            'Fails when no database or more than one has this name; use O(database_id) then.',
        ),
        version_added='1.0.0',
    ),
    Option(
        'state',
        'str',
        (
            'V(present) makes sure a working token exists (in O(env_file)), generating one when needed.',
            'V(absent) revokes every token of the database; it always reports a change, since the API cannot tell '
            'whether tokens existed. Without O(regenerate) it removes the token line from O(env_file).',
        ),
        choices=('present', 'absent'),
        default='present',
    ),
    Option(
        'access',
        'str',
        (
            'Kind of token to generate - V(full) reads and writes, V(read_only) runs only statements that read.',
            "With O(regenerate=true), the kind written to O(env_file) and returned as O(return_token)'s C(token).",
            'The access level of an existing token is not inspected; to change it, regenerate.',
        ),
        choices=('full', 'read_only'),
        default='full',
    ),
    Option(
        'expires',
        'str',
        (
            'When generated tokens expire - a duration from now (a number followed by V(m) minutes, V(h) hours, '
            'V(d) days or V(w) weeks, such as V(30d)), or an RFC 3339 date-time such as V(2030-01-31T00:00:00Z).',
            'Omitted, tokens do not expire until they are revoked.',
            'A token that still works in O(env_file) is kept whatever its expiry.',
        ),
    ),
    Option(
        'env_file',
        'path',
        (
            'Path of a C(KEY=value) env file to keep E(SERVICE_DATABASE_URL) and E(SERVICE_DATABASE_AUTH_TOKEN) in.',
            'Other lines are kept; the file is written atomically and always left at mode C(0600).',
            'Its directory must exist. A file that cannot be made there is refused before any request, except for '
            'O(state=present) with an existing file, which is written only when its token stopped working (and is '
            'then checked before a token is generated).',
        ),
    ),
    Option(
        'backup',
        'bool',
        (
            'Keep a backup of O(env_file) (with a timestamp in its name) before changing it.',
            "The backup holds the old token too and keeps the file's mode.",
        ),
        default=False,
    ),
    Option(
        'regenerate',
        'bool',
        (
            'Only with O(state=absent) - after revoking, generate new full-access and read-only tokens (honouring '
            'O(expires)).',
        ),
        default=False,
    ),
    Option(
        'return_token',
        'bool',
        (
            'Return the token (C(token)), or with O(regenerate=true) both new tokens (C(tokens)).',
            'Anything returned is visible in task output and logs; use C(no_log) on the task, or leave this off and '
            'read the token from O(env_file).',
        ),
        default=False,
    ),
)
