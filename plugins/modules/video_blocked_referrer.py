#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: video_blocked_referrer
short_description: Manage the blocked referrers of a video library
version_added: 1.0.0
description:
  - Adds hostnames to, or removes them from, the blocked referrers of a video library;
    with O(purge=true) makes the list exactly O(hostnames).
  - The library is given by O(library_id), or by O(library_name) (looked up in the video library list of the
    account, which holds the library's blocked referrers).
  - Reads the library once (given by name, the library list searched by the name; the library is read again only when
    another run on the controller held its turn since the list was read, see below), then sends one request per
    hostname that changes, and none when the list already is as wanted.
  - Hostnames are compared without regard to case; the module sends them in lower case.
  - The runs of a playbook on one controller that change the same library's referrers (its forks, inside the
    controller or as module processes, as the same user) take turns, on a lock file under the system temporary
    directory held from the read of the library to its last write; a run waits at most 5 minutes for the others,
    then fails saying so. Check mode takes no lock.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.VIDEO_BLOCKED_REFERRER
seealso:
  - module: edge.platform.video_thumbnail
'''

EXAMPLES = r'''
- name: Block two referrers in the library called library-00 (others stay blocked)
  edge.platform.video_blocked_referrer:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
    library_name: library-00
    hostnames:
      - spam.example.com
      - leech.example.net

- name: Make the blocked referrers exactly this list
  edge.platform.video_blocked_referrer:
    library_name: library-00
    hostnames:
      - spam.example.com
    purge: true

- name: Unblock a referrer
  edge.platform.video_blocked_referrer:
    library_name: library-00
    hostnames:
      - leech.example.net
    state: absent
  register: referrers

- name: Show what the library blocks now, and its id
  ansible.builtin.debug:
    msg: "Library {{ referrers.library_id }} blocks {{ referrers.blocked_referrers }}"

- name: The same library by its id
  edge.platform.video_blocked_referrer:
    library_id: "{{ referrers.library_id }}"
    hostnames:
      - spam.example.com
'''

RETURN = r'''
library_id:
  description: Id of the video library (found by its name when O(library_name) was given).
  returned: success
  type: int
  sample: 5001
blocked_referrers:
  description:
    - The blocked referrers of the library after the run (in check mode, as they would be), as the API spells them.
  returned: success
  type: list
  elements: str
  sample: [spam.example.com, leech.example.net]
added:
  description: Hostnames added (in check mode, that would be added).
  returned: success
  type: list
  elements: str
  sample: [leech.example.net]
removed:
  description: Hostnames removed (in check mode, that would be removed), as the library held them.
  returned: success
  type: list
  elements: str
  sample: [old.example.org]
'''


from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.video_blocked_referrer import BlockedReferrers
from ansible_collections.edge.platform.plugins.module_utils._tables.video_blocked_referrer import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[('library_id', 'library_name')],
        required_one_of=[('library_id', 'library_name')],
    )
    BlockedReferrers(module).run()


if __name__ == '__main__':
    main()
