#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: storage_zone
short_description: Create, update and delete storage zones
version_added: 1.1.0
description:
  - Manages a storage zone of the account, the file store a pull zone can use as its origin, found by its exact
    O(name) (storage zone names are unique across the service) or by its O(id).
  - O(state=present) creates the storage zone when none has that name, in O(region) with O(tier) and
    O(replication_regions), then sets the other options given (the create request cannot carry them); an existing
    zone gets the options that differ, in one update request. A run where nothing differs sends no write.
  - O(region) and O(tier) are chosen when the zone is created. On an existing zone a different value fails before
    any write, naming both values.
  - O(replication_regions) can only grow. A list that leaves out a region the zone replicates to fails before any
    write, naming the region. Region codes are checked against the regions the API lists (C(GET
    /storagezone/regions), a read) before a write that names them, in check mode too.
  - O(state=absent) deletes the zone with its files. A zone that is the origin of pull zones is not deleted; the
    module fails naming them, before any write (the API would delete those pull zones with it).
  - The passwords of the zone (C(Password), C(ReadOnlyPassword)) are C(********) in RV(storage_zone) unless
    O(return_password=true). They never appear in the diff, warnings, failures or C(-vvv) logs.
  - To serve the files, point a pull zone at the zone with
    O(edge.platform.pullzone#module:storage_zone_id) of M(edge.platform.pullzone) (its origin type becomes the
    storage zone).
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.STORAGE_ZONE
notes:
  - In check mode a storage zone to be created is predicted from the options given, with every property of the
    zone present; C(Id) and the hosts the service chooses are null and the passwords C(********) (they exist only
    once the zone does).
  - The reference's StorageZoneModel does not list C(OriginUrl). Where the service does not return it, O(origin_url)
    cannot be compared, and the module sends it on every run that gives it.
seealso:
  - module: edge.platform.storage_zone_info
  - module: edge.platform.pullzone
'''

EXAMPLES = r'''
- name: Create a storage zone in Germany, replicated to New York
  edge.platform.storage_zone:
    name: site-files
    region: DE
    replication_regions: [NY]
    custom_404_file_path: /404.html
  register: site_files

- name: Replicate it to Singapore too (regions can only be added)
  edge.platform.storage_zone:
    name: site-files
    replication_regions: [NY, SG]

- name: Read the password of the zone, to upload files
  edge.platform.storage_zone:
    name: site-files
    return_password: true
  register: site_files_access
  no_log: true

- name: Delete a storage zone no pull zone uses
  edge.platform.storage_zone:
    name: old-files
    state: absent
'''

RETURN = r'''
storage_zone:
  description:
    - The storage zone as the API returns it after the run, with the API's own property names (StorageZoneModel).
    - C(Password) and C(ReadOnlyPassword) are C(********) when set, unless O(return_password=true). The secrets of the
      pull zones in C(PullZones) are C(********) when set.
    - An empty dict when the storage zone is absent.
    - In check mode, what the module predicts (see the notes for a storage zone to be created).
  returned: always
  type: dict
  contains:
    Id:
      description: Id of the storage zone; null in check mode for a storage zone to be created.
      type: int
      sample: 7003
    Name:
      description: Name of the storage zone.
      type: str
      sample: site-files
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
      description: The password of the storage API and FTP; C(********) unless O(return_password=true).
      type: str
      sample: "********"
    ReadOnlyPassword:
      description: The read-only password; C(********) unless O(return_password=true).
      type: str
      sample: "********"
    StorageHostname:
      description: Host of the storage API of the zone's region.
      type: str
      sample: storage.edge-cdn.test
    Rewrite404To200:
      description: Whether a missing file without extension is answered 200.
      type: bool
      sample: false
    Custom404FilePath:
      description: File answered for a missing file.
      type: str
      sample: /404.html
    OriginUrl:
      description: Origin a missing file is fetched from.
      type: str
      sample: null
    PullZones:
      description: The pull zones connected to the zone (PullZoneModel, secrets masked).
      type: list
      elements: dict
      sample: []
  sample:
    Id: 7003
    Name: site-files
    Region: DE
    ReplicationRegions: [NY]
    ZoneTier: 0
    Password: "********"
    ReadOnlyPassword: "********"
    StorageHostname: storage.edge-cdn.test
    Rewrite404To200: false
    Custom404FilePath: /404.html
    OriginUrl: null
    PullZones: []
pullzones:
  description: On a refused removal, the names of the pull zones whose origin the storage zone is.
  returned: when the storage zone is the origin of pull zones and O(state=absent)
  type: list
  elements: str
  sample: [site-assets]
'''

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.storage_zone import StorageZone
from ansible_collections.edge.platform.plugins.module_utils._tables.storage_zone import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(), required_one_of=[('name', 'id')], mutually_exclusive=[('name', 'id')]
    )
    StorageZone(module).run()


if __name__ == '__main__':
    main()
