#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: pullzone_purge
short_description: Purge the CDN cache of a pull zone, of its files with a cache tag, or of URLs
version_added: 1.0.0
description:
  - Purges cached files, so that the next request for them is fetched from the origin again.
  - Either a whole pull zone (O(pullzone_id) or O(pullzone_name)), or only its files tagged O(cache_tag), or the
    O(urls) given (of any pull zone of the account; a trailing V(*) purges every URL that starts so).
  - A purge always acts (nothing tells whether a file was cached), so the task always reports C(changed=true).
    Use it as a handler that tasks changing the origin, the files or the edge rules notify, or run it when the
    cache must go.
  - Check mode sends no purge; its only requests are the reads that find a pull zone given by O(pullzone_name), so
    a name that no pull zone has fails as a real run would. The result says what would be purged, with the pull
    zone's id.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform._options.PULLZONE_PURGE
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
attributes:
  check_mode:
    description: Can run in check mode and return the changed status it predicts without changing anything.
    support: full
    details:
      - Sends no purge and reports C(changed=true), with C(purged) as a real run would send it.
      - A pull zone given by O(pullzone_name) is looked up (a read, in the pull zone list), so C(purged) has its id,
        and a name that no pull zone has fails as a real run would. A pull zone given by O(pullzone_id) and the
        O(urls) are not read; an id that does not exist is found out only by a real run (the API refuses its purge).
  diff_mode:
    description: Returns details on what has changed (or would change in check mode) when in diff mode.
    support: none
    details: A purge has no before and after; C(purged) says what was purged.
notes:
  - A purge is safe to repeat, so it is repeated after a server error or a lost connection like a read.
  - When the purge of one of several O(urls) fails, the failure's C(purged) lists those purged before it.
seealso:
  - module: edge.platform.pullzone_edge_rule
  - module: edge.platform.pullzone_hostname
'''

EXAMPLES = r'''
# As a handler: tasks that change what the CDN serves notify it, and the cache is purged once, at the end of
# the play (or at a meta: flush_handlers), however many of them changed something:
#
#   handlers:
#     - name: Purge the CDN cache
#       edge.platform.pullzone_purge:
#         pullzone_name: assets-000
#       listen: cdn content changed
#
#   tasks:
#     - name: Send security headers with every page
#       edge.platform.pullzone_edge_rule:
#         pullzone_name: assets-000
#         description: Security headers on pages
#         action: set_response_header
#         action_parameter_1: Strict-Transport-Security
#         action_parameter_2: max-age=63072000
#         triggers:
#           - type: url
#             patterns: ["*.html", "*/"]
#       notify: cdn content changed

- name: Purge the whole cache of a pull zone
  edge.platform.pullzone_purge:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
    pullzone_name: assets-000

- name: Purge the files the origin tagged product-images
  edge.platform.pullzone_purge:
    pullzone_id: 1001
    cache_tag: product-images

- name: Purge two files and everything under /images/, without waiting for the service
  edge.platform.pullzone_purge:
    urls:
      - https://assets-000.example.com/css/site.css
      - https://assets-000.example.com/js/app.js
      - https://assets-000.example.com/images/*
    wait: false
  register: purge

- name: Show what was purged
  ansible.builtin.debug:
    msg: "{{ purge.purged | map(attribute='url') | list }}"
'''

RETURN = r'''
purged:
  description:
    - One item per purge sent (in check mode, that would be sent), in order, C({pullzone_id, cache_tag}) for a pull
      zone (C(cache_tag) null for the whole zone; C(pullzone_name) too when the zone was given by name), or
      C({url}) for each of the O(urls).
    - In check mode too, a pull zone given by name has the id it was found by.
  returned: always
  type: list
  elements: dict
  sample:
    - {pullzone_id: 1001, cache_tag: null}
pullzone_id:
  description: Id of the pull zone (found by its name when O(pullzone_name) was given, in check mode too).
  returned: when a pull zone was purged
  type: int
  sample: 1001
'''


from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.pullzone_purge import purge, validate
from ansible_collections.edge.platform.plugins.module_utils._tables.pullzone_purge import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[('pullzone_id', 'pullzone_name', 'urls'), ('cache_tag', 'urls')],
        required_one_of=[('pullzone_id', 'pullzone_name', 'urls')],
    )
    # A purge manages no object: nothing to read and compare, no before and after, so no EdgeResource.
    urls = validate(module)
    module.run(lambda: purge(module, urls))


if __name__ == '__main__':
    main()
