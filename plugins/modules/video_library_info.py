#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: video_library_info
short_description: List and read video libraries
version_added: 1.0.0
description:
  - Returns the video libraries of the account, all of them or those matching O(id), O(name) or O(search).
  - Pages through the video library list of the management API with the largest page size it allows (1000
    libraries a request), or reads one library by its id.
  - The libraries' own keys (C(ApiKey), C(ReadOnlyApiKey), C(ApiAccessKey)) are masked as C(********) when set.
  - Only reads; never changes anything.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.INFO_MODULE
  - edge.platform._options.VIDEO_LIBRARY_INFO
seealso:
  - module: edge.platform.video_blocked_referrer
  - module: edge.platform.video_thumbnail
'''

EXAMPLES = r'''
- name: List every video library
  edge.platform.video_library_info:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
  register: all_libraries

- name: Show their names and ids
  ansible.builtin.debug:
    msg: "{{ all_libraries.video_libraries | items2dict(key_name='Name', value_name='Id') }}"

- name: Read one library by name
  edge.platform.video_library_info:
    name: library-00
  register: library

- name: Show its pull zone and blocked referrers
  ansible.builtin.debug:
    msg: "pull zone {{ library.video_libraries[0].PullZoneId }}: {{ library.video_libraries[0].BlockedReferrers }}"
  when: library.video_libraries | length == 1
'''

RETURN = r'''
video_libraries:
  description:
    - The matching video libraries, with the API's own property names.
    - Always a list; empty when nothing matches.
    - C(ApiKey), C(ReadOnlyApiKey) and C(ApiAccessKey) are C(********) when set; empty or null ones stay as they are.
  returned: always
  type: list
  elements: dict
  contains:
    Id:
      description: Id of the video library.
      type: int
      sample: 5001
    Name:
      description: Name of the video library.
      type: str
      sample: library-00
    VideoCount:
      description: Number of videos in the library.
      type: int
      sample: 4
    PullZoneId:
      description: Id of the pull zone that serves the library.
      type: int
      sample: 1012
    AllowedReferrers:
      description: Referrer hostnames allowed to embed the videos.
      type: list
      elements: str
      sample: []
    BlockedReferrers:
      description: Referrer hostnames refused (managed by M(edge.platform.video_blocked_referrer)).
      type: list
      elements: str
      sample: [spam0.example.net]
    ApiKey:
      description: The library's API key; C(********) when set.
      type: str
      sample: "********"
    ReadOnlyApiKey:
      description: The library's read-only API key; C(********) when set.
      type: str
      sample: "********"
  sample:
    - Id: 5001
      Name: library-00
      VideoCount: 4
      PullZoneId: 1012
      AllowedReferrers: []
      BlockedReferrers: [spam0.example.net]
      ApiKey: "********"
      ReadOnlyApiKey: "********"
'''

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule, mask_secrets
from ansible_collections.edge.platform.plugins.module_utils._lookup import select_records
from ansible_collections.edge.platform.plugins.module_utils._tables.video_library_info import TABLE
from ansible_collections.edge.platform.plugins.module_utils._video import VIDEO_LIBRARY_SECRETS, VideoApi


def main() -> None:
    module = EdgeModule(argument_spec=TABLE.argument_spec(), mutually_exclusive=[('id', 'name'), ('id', 'search')])
    params = module.params
    module.refuse_non_positive('id')
    module.refuse_blank('name')

    def run() -> dict[str, t.Any]:
        api = VideoApi(module.client)
        libraries = select_records(
            # An exact name is also a search term: the API narrows the list, the module keeps exact matches.
            lambda: api.libraries(search=params['search'] or params['name']),
            record_id=params['id'],
            name=params['name'],
            read_one=api.library,
            id_key='Id',
            name_key='Name',
        )
        return {'video_libraries': [mask_secrets(library, VIDEO_LIBRARY_SECRETS) for library in libraries]}

    module.run(run)


if __name__ == '__main__':
    main()
