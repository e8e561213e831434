# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""The options of ``db_query``: the database's pipeline, its token and the statements to run.

``api_key`` and ``api_url`` are the common options, documented here as this module takes them (it accepts them and
sends neither): the module's doc fragment, listed before ``edge.platform.api``, replaces their descriptions, and
their argument spec stays the common one (``_common.api_argument_spec``)."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

#: The common options this module documents as its own (their argument spec is the common one).
COMMON = ('api_key', 'api_url')

TABLE = Table(
    Option(
        'api_key',
        'str',
        (
            'Not used by this module, which authenticates with O(auth_token); the account key is never sent to the '
            'database.',
            'Accepted so that C(module_defaults) of the C(edge.platform.edge) group apply to this module too.',
        ),
        required=False,
    ),
    Option(
        'api_url',
        'str',
        (
            'Not used by this module, which sends its requests to O(database_url).',
            'Accepted so that C(module_defaults) of the C(edge.platform.edge) group apply to this module too.',
        ),
        required=False,
    ),
    Option(
        'database_url',
        'str',
        (
            'URL of the database, as the management API and the dashboard give it.',
            'C(libsql://) means C(https://); C(https://) and C(http://) are used as given.',
            'Must not carry a query string; give the token as O(auth_token).',
            'If not set, the value of the E(SERVICE_DATABASE_URL) environment variable is used.',
        ),
        required=True,
    ),
    Option(
        'auth_token',
        'str',
        (
            'Database access token (full access, or read only for statements that only read), sent in the '
            'C(Authorization) header as a C(Bearer) token.',
            'Create one with M(edge.platform.db_token).',
            'If not set, the value of the E(SERVICE_DATABASE_AUTH_TOKEN) environment variable is used.',
            'Surrounding white space is removed; a token holding a line break, a tab, another control character or a '
            'non-ASCII character is refused before any request, without being shown.',
            'Never shown in output, diff or logs.',
        ),
        required=True,
        no_log=True,
    ),
    Option(
        'statements',
        'raw',
        (
            'The statements to run, in order. Each is a SQL string (one statement) or a dict with C(sql) and its '
            'arguments.',
            'A single string is one statement, commas and all (it is never split).',
            'V(args) is a list of values bound to the C(?) and C(?NNN) parameters by position.',
            'V(named_args) maps parameter names as written in the SQL (C(:name), C(@name), C($name)) to values.',
            'Values: null, integers (64-bit), floats, strings, booleans (stored as 1 and 0), or a typed value such as '
            'C({type: blob, base64: AAEC}) (types V(null), V(integer), V(float), V(text), V(blob)).',
        ),
        required=True,
    ),
    Option(
        'transaction',
        'bool',
        (
            'Run the statements in one transaction (C(BEGIN) … C(COMMIT) in a single request); the first failure '
            'rolls back every statement.',
            'With V(false) each statement commits on its own; the run still stops at the first failure, and the '
            'statements before it stay applied.',
        ),
        default=True,
    ),
)
