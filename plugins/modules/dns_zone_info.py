#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: dns_zone_info
short_description: List the DNS zones of the account, with their records and zone files
version_added: 1.1.0
description:
  - Returns the DNS zones of the account, all of them or the one of O(domain) or O(id), with their records
    (O(records), the default) and, when asked, each zone in BIND form as the service exports it (O(zone_file)).
  - Reads the zone list page by page (1000 zones a request), searched by O(domain) when it is given; each zone's
    records come with it, so a zone of ten thousand records is one request. O(zone_file) adds a request a zone.
  - Only reads; never changes anything.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.INFO_MODULE
  - edge.platform._options.DNS_ZONE_INFO
seealso:
  - module: edge.platform.dns_zone
  - module: edge.platform.dns_record_set
'''

EXAMPLES = r'''
- name: Read a zone with its records
  edge.platform.dns_zone_info:
    domain: example.net
  register: found

- name: Name the records of the zone
  ansible.builtin.debug:
    msg: "{{ found.dns_zones[0].Records | map(attribute='Name') | unique | list }}"
  when: found.dns_zones | length == 1

- name: List every zone, without records
  edge.platform.dns_zone_info:
    records: false
  register: zones

- name: Keep a copy of a zone in BIND form
  edge.platform.dns_zone_info:
    domain: example.net
    records: false
    zone_file: true
  register: exported
'''

RETURN = r'''
dns_zones:
  description:
    - The matching zones, with the API's own property names (DnsZoneModel), in the API's order.
    - Always a list; empty when nothing matches.
  returned: always
  type: list
  elements: dict
  contains:
    Id:
      description: Id of the zone.
      type: int
    Domain:
      description: Domain of the zone.
      type: str
    Records:
      description: The records of the zone (DnsRecordModel, C(Name) relative to the zone, C(Type) the API's number
        as docs/enums.md lists them); only with O(records=true).
      type: list
      elements: dict
    DnsSecEnabled:
      description: Whether DNSSEC signs the zone.
      type: bool
    zone_file:
      description: The zone in BIND form, as the service exports it; only with O(zone_file=true).
      type: str
  sample:
    - Id: 7001
      Domain: example.net
      DnsSecEnabled: false
      Records:
        - Id: 91001
          Type: 0
          Name: www
          Ttl: 300
          Value: 192.0.2.10
'''

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.dns_zone_info import read_zones
from ansible_collections.edge.platform.plugins.module_utils._tables.dns_zone_info import TABLE


def main() -> None:
    module = EdgeModule(argument_spec=TABLE.argument_spec(), mutually_exclusive=[('domain', 'id')])
    read_zones(module)


if __name__ == '__main__':
    main()
