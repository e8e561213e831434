#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: shield_access_list
short_description: Manage a custom access list of a Shield zone
version_added: 1.0.0
description:
  - Creates, updates or deletes one custom access list of a Shield zone, that is its entries (IP addresses, networks,
    autonomous system numbers, countries, organizations or JA4 fingerprints), and the action and enabled flag
    it is applied with.
  - The Shield zone is given by O(shield_zone_id), or by the pull zone it protects (O(pullzone_id) or O(pullzone_name)).
    The list is found by O(name), or by O(id).
  - O(entries) is a set. Entries are trimmed; duplicates and order are ignored. The module writes them sorted, one
    per line, with the SHA-256 checksum of exactly that content, and compares them with the list's current entries
    as sets, so a list written elsewhere in another order is unchanged.
  - A list whose entries are unchanged is read once (its content) and not written.
  - Entries are checked against the list type before anything is sent (or, when O(type) is not given, against the
    current list's type before anything is written), and the error names the entries that are not valid.
  - The Shield zone's limits (C(customListLimit) lists and C(customEntryLimit) entries over all its custom lists)
    are checked before a list is created or grows, with a clear error.
  - The API cannot change the O(type) or O(description) of a list in place. A change of either replaces the list;
    a new list is created with the same name, entries, action and enabled flag (unless you give new ones), then the
    old one is deleted; the diff header says so. A run that stops half-way leaves the new list under a temporary
    name, which the next run finishes. Only a Shield zone with no room for a second list has the old list deleted
    first. When the new list cannot be created after that, the zone's lists are read again; a list of the name that
    is there now (the create went through but its answer was lost) is finished; otherwise the old list is created
    again as it was (name, type, entries, description, action, enabled flag; with a new id) and the task fails, so
    that a rerun replaces it again with every value it held. Only when that fails too does the failure return what
    the old list held in RV(deleted_list).
  - O(remove_entries) takes entries out of the list without naming the others, so a removal does not undo an
    addition made meanwhile.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.SHIELD_ACCESS_LIST
notes:
  - In the diff, C(entries) shows the whole list before and after, sorted, however long (when O(entries) or
    O(remove_entries) is given), beside C(entry_count); the other fields show the list's values in the options'
    terms.
  - The runs of a playbook on one controller that change the custom access lists of the same Shield zone (its
    forks, inside the controller or as module processes, as the same user) take turns. Each holds a lock from its
    read of the zone's lists to its last write and read, a file under the system temporary directory (in
    C(edge-platform-locks-<uid>), mode 0700), and waits at most 5 minutes for the others, then fails saying so.
    Check mode takes no lock. A writer elsewhere (another controller) is met by reading the list again after a
    change that does not name the whole list, as O(remove_entries) describes.
seealso:
  - module: edge.platform.shield_zone
'''

EXAMPLES = r'''
- name: Allow the office addresses
  edge.platform.shield_access_list:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
    pullzone_name: assets-000
    name: office
    type: ip
    entries:
      - 198.51.100.7
      - 2001:db8:10::1
    action: allow
    enabled: true

- name: Block countries, from a file with one code per line
  edge.platform.shield_access_list:
    shield_zone_id: 3001
    name: blocked-countries
    type: country
    entries: "{{ lookup('ansible.builtin.file', 'countries.txt').splitlines() }}"
    action: block

- name: Add one partner network and keep the others
  edge.platform.shield_access_list:
    shield_zone_id: 3002
    name: partners
    type: cidr
    entries: [203.0.113.0/24]
    purge: false

- name: Take one network out of the list; the other entries stay, and so does one another run adds meanwhile
  edge.platform.shield_access_list:
    shield_zone_id: 3002
    name: partners
    remove_entries: [203.0.113.0/24]

- name: Delete a list
  edge.platform.shield_access_list:
    shield_zone_id: 3001
    name: old-list
    state: absent
'''

RETURN = r'''
access_list:
  description:
    - The list after the run (in check mode, as it would be), with the API's property names and values
      (C(type) 0 IP, 1 CIDR, 2 ASN, 3 Country, 4 Organization, 5 JA4; C(action) 0 None, 1 Allow, 2 Block,
      3 Challenge, 4 Log, 5 Bypass).
    - C(enabled) repeats C(isEnabled) under the option's name.
    - C(content) only with O(return_content=true). Empty after O(state=absent).
    - A list that check mode predicts to be created has no C(id) and C(configurationId) yet, and C(action) and
      C(isEnabled) are null unless you set them (the API chooses them).
  returned: always
  type: dict
  contains:
    id:
      description: Id of the list.
      type: int
      sample: 9001
    name:
      description: Name of the list.
      type: str
      sample: office
    description:
      description: Description of the list.
      type: str
      sample: Office egress addresses
    type:
      description: What the entries are, as the API's number (0 IP, 1 CIDR, 2 ASN, 3 Country, 4 Organization, 5 JA4).
      type: int
      sample: 0
    action:
      description: What the Shield zone does with matching requests (0 None, 1 Allow, 2 Block, 3 Challenge, 4 Log,
        5 Bypass).
      type: int
      sample: 1
    isEnabled:
      description: Whether the list applies.
      type: bool
      sample: true
    enabled:
      description: C(isEnabled) under the option's name.
      type: bool
      sample: true
    entryCount:
      description: Number of entries.
      type: int
      sample: 2
    checksum:
      description: SHA-256 (hex) of the entries as written (sorted, one per line).
      type: str
      sample: 2c1d0b3e6c2f6b8e5a1c4d8f9e0a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a
    content:
      description: The entries, one per line; only with O(return_content=true).
      type: str
      sample: "198.51.100.7\n203.0.113.10"
    lastModified:
      description: When the list last changed.
      type: str
      sample: "2026-11-22T10:00:00Z"
    configurationId:
      description: Id of the list's configuration (what C(action) and C(isEnabled) belong to).
      type: int
      sample: 60001
    shieldZoneId:
      description: Id of the Shield zone the list belongs to.
      type: int
      sample: 3001
  sample:
    id: 9001
    name: office
    description: Office egress addresses
    type: 0
    checksum: 2c1d0b3e6c2f6b8e5a1c4d8f9e0a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a
    entryCount: 2
    lastModified: "2026-11-22T10:00:00Z"
    action: 1
    isEnabled: true
    enabled: true
    configurationId: 60001
    shieldZoneId: 3001
deleted_list:
  description:
    - What the old list held, in the options' terms, when a Shield zone with no room for a second list had the old
      list deleted before the new one was created, the create then failed, and the old list could not be created
      again either. Declare these values and run again.
  returned: on that failure
  type: dict
  contains:
    name:
      description: Name of the list.
      type: str
    type:
      description: Type of the list (O(type)'s choices).
      type: str
    description:
      description: Description of the list.
      type: str
    action:
      description: Action of the list (O(action)'s choices).
      type: str
    enabled:
      description: Whether the list applied.
      type: bool
    entries:
      description: The entries, sorted.
      type: list
      elements: str
  sample:
    name: office
    type: ip
    description: Office egress addresses
    action: allow
    enabled: true
    entries: [198.51.100.7, 203.0.113.10]
'''

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.shield_access_list import CustomAccessList
from ansible_collections.edge.platform.plugins.module_utils._shield import SCOPE_OPTIONS
from ansible_collections.edge.platform.plugins.module_utils._tables.shield_access_list import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[SCOPE_OPTIONS],
        required_one_of=[SCOPE_OPTIONS, ('name', 'id')],
    )
    CustomAccessList(module).run()


if __name__ == '__main__':
    main()
