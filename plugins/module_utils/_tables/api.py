# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The connection options every module accepts: how to reach and authenticate to the APIs. Each module uses those of
the APIs it calls and accepts the others, so one module_defaults block of the action group carries them all.

None is required here: ``EdgeModule`` requires the ones a module uses, with a message that names the environment
variable (``env``). The doc fragment ``edge.platform.api`` documents ``TABLE``; its parts ``VIDEO`` and ``LOGGING``
(listed before it by the modules that call the video or the logging API) replace the description of their option.
``nox -s update-docs-fragments`` writes their ``options`` into plugins/doc_fragments/api.py."""

from __future__ import annotations

from dataclasses import replace

from ansible_collections.edge.platform.plugins.module_utils._client import DEFAULT_RETRIES, DEFAULT_TIMEOUT
from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

TABLE = Table(
    Option(
        'api_key',
        'str',
        (
            'Personal API key of the Edge Platform account, sent as the C(AccessKey) header.',
            'Created in the account settings under API Keys.',
            'Required by the modules that call the management, video or logging API. If not set, the value of the '
            'E(EDGE_API_KEY) environment variable is used; without either, such a module fails before sending '
            'anything.',
            'Surrounding white space, such as the line break that ends a key read from a file, is removed. A key '
            'holding a line break, a tab, another control character or a non-ASCII character is refused before any '
            'request, without being shown.',
            'Never shown in output, diff or logs.',
        ),
        no_log=True,
        env='EDGE_API_KEY',
    ),
    Option(
        'api_url',
        'str',
        (
            'Base address of the management API (the C({base_url}) of the API description).',
            'Required by the modules that call the management API (all but M(edge.platform.cdn_log_info), '
            'M(edge.platform.db_query), and M(edge.platform.cdn_log_export) unless it finds a pull zone by name). If '
            'not set, the value of the E(EDGE_API_URL) environment variable is used.',
            'Must not hold a user name or password (C(user:password@host)); the credentials are O(api_key). A plain '
            'C(http://) address of another machine is warned about, since the key would travel unencrypted.',
        ),
        env='EDGE_API_URL',
    ),
    Option(
        'video_api_url',
        'str',
        (
            'Base address of the video API (the C({video_url}) of the API description).',
            'Used by the modules that call the video API (M(edge.platform.video_thumbnail)); the others accept it and '
            'ignore it, so it can be set for the whole action group. If not set, the value of the '
            'E(EDGE_VIDEO_API_URL) environment variable is used.',
        ),
        env='EDGE_VIDEO_API_URL',
    ),
    Option(
        'logging_api_url',
        'str',
        (
            'Base address of the CDN request logging API (the C({logging_url}) of the API description).',
            'Used by the modules that read CDN request logs (M(edge.platform.cdn_log_info), '
            'M(edge.platform.cdn_log_export)); the others accept it and ignore it, so it can be set for the whole '
            'action group. If not set, the value of the E(EDGE_LOGGING_API_URL) environment variable is used.',
        ),
        env='EDGE_LOGGING_API_URL',
    ),
    Option(
        'validate_certs',
        'bool',
        (
            'Whether to verify TLS certificates of the API.',
            'Only set to V(false) against a test server you control. V(false) wins over the E(REQUESTS_CA_BUNDLE) '
            'and E(CURL_CA_BUNDLE) environment variables.',
        ),
        default=True,
    ),
    Option(
        'ca_path',
        'path',
        "A CA bundle file (or a directory of CA certificates) to verify the API's TLS certificates with, to trust a "
        'private CA. Without it, the CA bundle of the Python C(requests) library is used.',
    ),
    Option(
        'api_timeout',
        'float',
        (
            'Seconds each HTTP request may take as a whole, from connecting to the last byte of the answer (a '
            'streamed download or upload included); a repeated request gets the time again.',
            'If not set, the value of the E(EDGE_API_TIMEOUT) environment variable is used.',
        ),
        default=DEFAULT_TIMEOUT,
        env='EDGE_API_TIMEOUT',
    ),
    Option(
        'api_retries',
        'int',
        (
            'How many times a request is repeated after a transient fault.',
            'A 429 answer is repeated after the time its C(Retry-After) header asks for, clamped to 1..60 seconds.',
            '5xx answers and network errors are repeated with jittered exponential backoff, but only for requests '
            'that are safe to repeat; a creating request is repeated only when the server proved it did not act on '
            'it (a 429, or a connection that never opened).',
            'Each wait is shown at C(-v) while it lasts when the module runs inside the controller, and a task that '
            'needed retries ends with a warning listing them (the request, the status or network error, the attempt '
            'and the seconds waited).',
            'If not set, the value of the E(EDGE_API_RETRIES) environment variable is used.',
        ),
        default=DEFAULT_RETRIES,
        env='EDGE_API_RETRIES',
    ),
)


def required_by_this_module(name: str) -> Table:
    """The option ``name`` as a module that calls its API documents it (it requires it)."""
    option = TABLE[name]
    variable = f'E({option.env})'
    return Table(
        replace(
            option,
            description=(
                option.lines[0],
                f'Required by this module. If not set, the value of the {variable} environment variable is used; '
                'without either, the module fails before sending anything.',
            ),
        )
    )


#: Modules that call the video API (doc fragment ``edge.platform.api.VIDEO``).
VIDEO = required_by_this_module('video_api_url')
#: Modules that call the CDN request logging API (doc fragment ``edge.platform.api.LOGGING``).
LOGGING = required_by_this_module('logging_api_url')
