#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: dns_record_set
short_description: Manage the records of one name and type in a DNS zone
version_added: 1.1.0
description:
  - Manages a record set of a DNS zone of the account - the records of one O(name) and O(type) - as a set of
    O(values) in zone-file form, with their TTL and, where given, the settings of each record.
  - Values compare in canonical form, as DNS software reads them - V(10 mail.example.com.) and
    V(10 MAIL.example.com) are one MX value; a TXT text split into quoted strings is the text they make - so a
    set written elsewhere (imported from a zone file, added in the dashboard) that holds the same values is
    unchanged, and the run sends no write.
  - With O(on_existing=replace) (the default) the set becomes exactly O(values); records of values no longer
    wanted are changed to the values missing (keeping their ids) or deleted, and the other values added. With
    O(on_existing=keep) the missing values are added and nothing else changes.
  - Every value, the name and the settings are checked before any request; a name outside the zone, a value that
    is not one of the type, a cname set of several values or at the apex are refused. The pull zones that
    V(pullzone) values name are looked up before anything is written, and one that does not exist is refused.
  - A converged run sends two requests - the zone found by its domain, and its records of the name and type - however
    many records the zone holds.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.DNS_RECORD_SET
notes:
  - A cname record must be the only record of its name; a run that would add one beside other records of its name,
    or another record beside one, fails before it writes (it reads the name's other records first).
  - The diff shows the set's records before and after, each by its value (a V(pullzone) value by its pull zone's
    name), its TTL and the settings the run manages; its header says how many records are added, updated and
    deleted.
  - An add whose answer is lost is never sent again; the set is read again and the record of its value taken.
seealso:
  - module: edge.platform.dns_zone
  - module: edge.platform.dns_zone_info
'''

EXAMPLES = r'''
- name: The zone the record sets belong to
  edge.platform.dns_zone:
    domain: example.net

- name: Point the apex at two servers
  edge.platform.dns_record_set:
    zone: example.net
    name: "@"
    type: a
    values: [192.0.2.10, 192.0.2.11]
    ttl: 300

- name: Mail exchangers (names compare without regard to case or a final dot)
  edge.platform.dns_record_set:
    zone: example.net
    name: ""
    type: mx
    values:
      - 10 mx1.example.net.
      - 20 MX2.example.net

- name: A DKIM key, split into strings as in a zone file (one text)
  edge.platform.dns_record_set:
    zone: example.net
    name: selector1._domainkey
    type: txt
    values:
      - '"v=DKIM1; k=rsa; " "p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC7"'

- name: Link www to a pull zone of the account
  edge.platform.dns_record_set:
    zone: example.net
    name: www
    type: pullzone
    values: [assets-000]

- name: Weighted records with a note each
  edge.platform.dns_record_set:
    zone: example.net
    name: api
    type: a
    values:
      - value: 198.51.100.1
        weight: 80
        comment: primary
      - value: 198.51.100.2
        weight: 20
        comment: standby

- name: Add a verification record, keeping the other TXT records of the apex
  edge.platform.dns_record_set:
    zone: example.net
    name: "@"
    type: txt
    values: [verification=4f1c]
    on_existing: keep

- name: Remove one value of a set
  edge.platform.dns_record_set:
    zone: example.net
    name: api
    type: a
    values: [198.51.100.2]
    state: absent
'''

RETURN = r'''
records:
  description:
    - The records of the set after the run (in check mode, as they would be), with the API's property names
      (DnsRecordModel; C(Type) 0 A, 1 AAAA, 2 CNAME, 3 TXT, 4 MX, 5 Redirect, 6 Flatten, 7 PullZone, 8 SRV, 9 CAA,
      10 PTR, 11 Script, 12 NS, 13 SVCB, 14 HTTPS, 15 TLSA).
    - A record that check mode predicts to be added has no C(Id) yet. Empty once the set is removed.
  returned: always
  type: list
  elements: dict
  contains:
    Id:
      description: Id of the record.
      type: int
      sample: 91001
    Type:
      description: Type of the record, as the API's number.
      type: int
      sample: 4
    Name:
      description: Name of the record, relative to the zone (empty for the apex).
      type: str
      sample: ""
    Ttl:
      description: TTL in seconds.
      type: int
      sample: 300
    Value:
      description: The value (the target of an MX or SRV record, the text of a TXT record, the system hostname of a
        linked pull zone).
      type: str
      sample: mx1.example.net
    Priority:
      description: Priority of an MX, SRV, SVCB or HTTPS record.
      type: int
      sample: 10
    LinkName:
      description: The id of the pull zone (or edge script) a record links, as text.
      type: str
  sample:
    - Id: 91001
      Type: 4
      Name: ""
      Ttl: 3600
      Value: mx1.example.net
      Priority: 10
dns_zone_id:
  description: Id of the zone the set belongs to.
  returned: always
  type: int
  sample: 7001
'''

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.dns_record_set import RecordSet
from ansible_collections.edge.platform.plugins.module_utils._tables.dns_record_set import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[('zone', 'zone_id')],
        required_one_of=[('zone', 'zone_id')],
    )
    RecordSet(module).run()


if __name__ == '__main__':
    main()
