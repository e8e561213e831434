# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

# The options of DOCUMENTATION, VIDEO, LOGGING and PULLZONE_SCOPE are made from the option tables of
# plugins/module_utils/_tables/ (api.py, scopes.py) by `nox -s update-docs-fragments`: edit a table and run that.
# The rest of this file is written here.

from __future__ import annotations


class ModuleDocFragment:
    # Options every module has: how to reach and authenticate to the APIs. Each module uses those of the
    # APIs it calls and accepts the others, so one module_defaults block of the action group carries them all.
    DOCUMENTATION = r'''
options:
  api_key:
    description:
      - Personal API key of the Edge Platform account, sent as the C(AccessKey) header.
      - Created in the account settings under API Keys.
      - Required by the modules that call the management, video or logging API. If not set,
        the value of the E(EDGE_API_KEY) environment variable is used; without either, such
        a module fails before sending anything.
      - Surrounding white space, such as the line break that ends a key read from a file, is
        removed. A key holding a line break, a tab, another control character or a non-ASCII
        character is refused before any request, without being shown.
      - Never shown in output, diff or logs.
    type: str
  api_url:
    description:
      - Base address of the management API (the C({base_url}) of the API description).
      - Required by the modules that call the management API (all but M(edge.platform.cdn_log_info),
        M(edge.platform.db_query), and M(edge.platform.cdn_log_export) unless it finds a pull
        zone by name). If not set, the value of the E(EDGE_API_URL) environment variable is
        used.
      - Must not hold a user name or password (C(user:password@host)); the credentials are O(api_key).
        A plain C(http://) address of another machine is warned about, since the key would travel
        unencrypted.
    type: str
  video_api_url:
    description:
      - Base address of the video API (the C({video_url}) of the API description).
      - Used by the modules that call the video API (M(edge.platform.video_thumbnail)); the
        others accept it and ignore it, so it can be set for the whole action group. If not
        set, the value of the E(EDGE_VIDEO_API_URL) environment variable is used.
    type: str
  logging_api_url:
    description:
      - Base address of the CDN request logging API (the C({logging_url}) of the API description).
      - Used by the modules that read CDN request logs (M(edge.platform.cdn_log_info), M(edge.platform.cdn_log_export));
        the others accept it and ignore it, so it can be set for the whole action group. If
        not set, the value of the E(EDGE_LOGGING_API_URL) environment variable is used.
    type: str
  validate_certs:
    description:
      - Whether to verify TLS certificates of the API.
      - Only set to V(false) against a test server you control. V(false) wins over the E(REQUESTS_CA_BUNDLE)
        and E(CURL_CA_BUNDLE) environment variables.
    type: bool
    default: true
  ca_path:
    description:
      - A CA bundle file (or a directory of CA certificates) to verify the API's TLS certificates
        with, to trust a private CA. Without it, the CA bundle of the Python C(requests) library
        is used.
    type: path
  api_timeout:
    description:
      - Seconds each HTTP request may take as a whole, from connecting to the last byte of the
        answer (a streamed download or upload included); a repeated request gets the time again.
      - If not set, the value of the E(EDGE_API_TIMEOUT) environment variable is used.
    type: float
    default: 30
  api_retries:
    description:
      - How many times a request is repeated after a transient fault.
      - A 429 answer is repeated after the time its C(Retry-After) header asks for, clamped
        to 1..60 seconds.
      - 5xx answers and network errors are repeated with jittered exponential backoff, but only
        for requests that are safe to repeat; a creating request is repeated only when the server
        proved it did not act on it (a 429, or a connection that never opened).
      - Each wait is shown at C(-v) while it lasts when the module runs inside the controller,
        and a task that needed retries ends with a warning listing them (the request, the status
        or network error, the attempt and the seconds waited).
      - If not set, the value of the E(EDGE_API_RETRIES) environment variable is used.
    type: int
    default: 5
requirements:
  - requests
notes:
  - All modules of this collection belong to the action group C(edge.platform.edge), and every module accepts
    every connection option (ignoring those of APIs it does not call), so they can be set once with C(module_defaults).
  - When the task runs on the controller (a local connection, or delegated to C(localhost)), the module runs
    inside the Ansible worker process instead of a new Python process, with the same results. Tasks with
    C(become), C(async) or another connection run it as a normal module. Set E(EDGE_PLATFORM_IN_PROCESS=false),
    C(in_process = false) in the C([edge_platform]) section of C(ansible.cfg), or the variable
    C(edge_platform_in_process=false) to always run it as a normal module; a value that is not a boolean is refused.
'''

    # Modules that call the video API; listed before edge.platform.api, whose description it replaces.
    VIDEO = r'''
options:
  video_api_url:
    description:
      - Base address of the video API (the C({video_url}) of the API description).
      - Required by this module. If not set, the value of the E(EDGE_VIDEO_API_URL) environment
        variable is used; without either, the module fails before sending anything.
    type: str
'''

    # Modules that call the CDN request logging API (and not the management API); listed before
    # edge.platform.api, whose descriptions they replace.
    LOGGING = r'''
options:
  logging_api_url:
    description:
      - Base address of the CDN request logging API (the C({logging_url}) of the API description).
      - Required by this module. If not set, the value of the E(EDGE_LOGGING_API_URL) environment
        variable is used; without either, the module fails before sending anything.
    type: str
'''

    # Modules whose actions support check and diff mode fully.
    ACTIONGROUP_AND_CHECK = r'''
attributes:
  check_mode:
    description: Can run in check mode and return the changed status it predicts without changing anything.
    support: full
    details: Predicts exactly what a real run would do, returns the same result shape, and sends no write.
  diff_mode:
    description: Returns details on what has changed (or would change in check mode) when in diff mode.
    support: full
    details: Shows C(before) and C(after) of the managed fields, secrets masked.
  action_group:
    description: Part of an action group, for convenient setting of O(api_key) and O(api_url) with C(module_defaults).
    support: full
    membership:
      - edge.platform.edge
'''

    # Read-only modules.
    INFO_MODULE = r'''
attributes:
  check_mode:
    description: Can run in check mode and return the changed status it predicts without changing anything.
    support: full
    details: This module only reads; it runs the same in check mode.
  diff_mode:
    description: Returns details on what has changed (or would change in check mode) when in diff mode.
    support: N/A
    details: This module changes nothing.
  action_group:
    description: Part of an action group, for convenient setting of O(api_key) and O(api_url) with C(module_defaults).
    support: full
    membership:
      - edge.platform.edge
'''

    # The pull zone a module works on, by id or by exact name.
    PULLZONE_SCOPE = r'''
options:
  pullzone_id:
    description:
      - Id of the pull zone.
      - Exactly one of O(pullzone_id) and O(pullzone_name) is required.
    type: int
  pullzone_name:
    description:
      - Exact name of the pull zone, looked up in the pull zone list. The lookup is a read,
        so it runs in check mode too.
      - Fails when no pull zone has this name.
    type: str
'''
