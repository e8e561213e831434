#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: storage_zone_info
short_description: List and read storage zones
version_added: 1.1.0
description:
  - Returns the storage zones of the account, all of them or the one of O(id) or O(name).
  - Pages through the storage zone list of the management API with the largest page size it allows (1000 zones a
    request), or reads one zone by its id.
  - The zones' passwords (C(Password), C(ReadOnlyPassword)) and the secrets of the pull zones each lists are masked
    as C(********) when set; M(edge.platform.storage_zone) returns a zone's passwords when asked.
  - Only reads; never changes anything.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.INFO_MODULE
  - edge.platform._options.STORAGE_ZONE_INFO
seealso:
  - module: edge.platform.storage_zone
'''

EXAMPLES = r'''
- name: List every storage zone
  edge.platform.storage_zone_info:
  register: all_zones

- name: Show their names and regions
  ansible.builtin.debug:
    msg: "{{ all_zones.storage_zones | items2dict(key_name='Name', value_name='Region') }}"

- name: Read one storage zone by name
  edge.platform.storage_zone_info:
    name: video-004-files
  register: files

- name: Show the pull zones it is the origin of
  ansible.builtin.debug:
    msg: "{{ files.storage_zones[0].PullZones | map(attribute='Name') | list }}"
  when: files.storage_zones | length == 1
'''

RETURN = r'''
storage_zones:
  description:
    - The matching storage zones, with the API's own property names (StorageZoneModel).
    - Always a list; empty when nothing matches.
    - C(Password) and C(ReadOnlyPassword), and the secrets of the pull zones in C(PullZones), are C(********) when set.
  returned: always
  type: list
  elements: dict
  contains:
    Id:
      description: Id of the storage zone.
      type: int
      sample: 7001
    Name:
      description: Name of the storage zone.
      type: str
      sample: video-004-files
    Region:
      description: Code of the main region.
      type: str
      sample: DE
    ReplicationRegions:
      description: Codes of the regions the files are replicated to.
      type: list
      elements: str
      sample: [NY]
    ZoneTier:
      description: "The tier: 0 standard, 1 edge."
      type: int
      sample: 0
    Password:
      description: Masked.
      type: str
      sample: "********"
    ReadOnlyPassword:
      description: Masked.
      type: str
      sample: "********"
    PullZones:
      description: The pull zones connected to the zone (PullZoneModel, secrets masked).
      type: list
      elements: dict
      sample: []
  sample:
    - Id: 7001
      Name: video-004-files
      Region: DE
      ReplicationRegions: [NY]
      ZoneTier: 0
      Password: "********"
      ReadOnlyPassword: "********"
      PullZones: []
'''

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._lookup import select_records
from ansible_collections.edge.platform.plugins.module_utils._storage import StorageApi, mask_storage_zone
from ansible_collections.edge.platform.plugins.module_utils._tables.storage_zone_info import TABLE


def main() -> None:
    module = EdgeModule(argument_spec=TABLE.argument_spec(), mutually_exclusive=[('id', 'name')])
    params = module.params
    module.refuse_non_positive('id')
    module.refuse_blank('name')

    def run() -> dict[str, t.Any]:
        api = StorageApi(module.client)
        zones = select_records(
            # An exact name is also a search term: the API narrows the list, the module keeps exact matches.
            lambda: api.listing(search=params['name']),
            record_id=params['id'],
            name=params['name'],
            read_one=api.get,
            id_key='Id',
            name_key='Name',
        )
        return {'storage_zones': [mask_storage_zone(zone) for zone in zones]}

    module.run(run)


if __name__ == '__main__':
    main()
