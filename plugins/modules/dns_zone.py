#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: dns_zone
short_description: Create, configure and delete DNS zones, and import a zone file
version_added: 1.1.0
description:
  - Manages one DNS zone of the account, found by its O(domain) (in the zone list searched by it) or its O(id).
    It creates the zone, sets its name servers, SOA e-mail address and query logging, switches DNSSEC, and deletes
    the zone with all its records.
  - O(import_zone_file) brings a zone from another provider in (its BIND file, read and checked on the controller,
    then imported through the API's import) once, when the zone is created or holds none of the file's records.
    Manage the records afterwards with M(edge.platform.dns_record_set), whose values compare in canonical form, so
    tasks that declare the imported records write nothing.
  - O(records) declares record sets with the zone, each as M(edge.platform.dns_record_set) takes it (without the
    zone), all compared with the zone's records read in one request with the zone; with O(records_exclusive), the
    sets it does not list are removed, so the zone is exactly its declaration (the C(edge.platform.site) role's
    C(site_dns_zones), and the files of the C(edge.platform.export) playbook, C(dns/<domain>.yml)).
  - Only the options given are managed; the others are left as they are.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.DNS_ZONE
notes:
  - Check mode reads the zone file as the API would import it, and returns what it would import in RV(imported).
  - The diff shows the managed options before and after; an import is shown as O(import_zone_file), and the diff
    header says how many records it brings.
seealso:
  - module: edge.platform.dns_record_set
  - module: edge.platform.dns_zone_info
'''

EXAMPLES = r'''
- name: Create a zone with DNSSEC and query logging that drops client addresses
  edge.platform.dns_zone:
    domain: example.net
    soa_email: hostmaster@example.net
    logging: true
    logging_ip_anonymization: drop
    dnssec: true
  register: zone

- name: Show the DS record to give the registrar (returned on the run that enables DNSSEC)
  ansible.builtin.debug:
    msg: "{{ zone.dnssec.ds_record }}"
  when: zone.dnssec.ds_record is defined

- name: Bring a zone from another provider in, its records from its BIND file
  edge.platform.dns_zone:
    domain: example.org
    import_zone_file: files/example.org.zone

- name: Use custom name servers
  edge.platform.dns_zone:
    domain: example.net
    nameservers: [ns1.example.net, ns2.example.net]

- name: A zone and every record set of it, the sets not listed removed
  edge.platform.dns_zone:
    domain: shop.example.net
    records:
      - {name: "@", type: a, values: [192.0.2.10], ttl: 300}
      - {name: "@", type: mx, values: [10 mail.shop.example.net]}
      - {name: www, type: pullzone, values: [assets-000]}
    records_exclusive: true

- name: Delete a zone with all its records
  edge.platform.dns_zone:
    domain: old.example.net
    state: absent
'''

RETURN = r'''
dns_zone:
  description:
    - The zone after the run (in check mode, as it would be), with the API's property names (DnsZoneModel),
      without its C(Records). An empty dict after O(state=absent).
    - A zone that check mode predicts to be created has no C(Id) yet, and the values the service chooses are null.
  returned: always
  type: dict
  contains:
    Id:
      description: Id of the zone.
      type: int
      sample: 7001
    Domain:
      description: Domain of the zone.
      type: str
      sample: example.net
    CustomNameserversEnabled:
      description: Whether the zone declares the name servers of C(Nameserver1) and C(Nameserver2).
      type: bool
      sample: false
    Nameserver1:
      description: First name server.
      type: str
    Nameserver2:
      description: Second name server.
      type: str
    SoaEmail:
      description: E-mail address of the SOA record.
      type: str
      sample: hostmaster@example.net
    LoggingEnabled:
      description: Whether queries are logged.
      type: bool
    LoggingIPAnonymizationEnabled:
      description: Whether the logs anonymize client addresses.
      type: bool
    LogAnonymizationType:
      description: How (0 C(OneDigit), 1 C(Drop)).
      type: int
    DnsSecEnabled:
      description: Whether DNSSEC signs the zone.
      type: bool
dnssec:
  description:
    - DNSSEC of the zone. On the run that enables it, what the API answers, the DS record to give the registrar;
      otherwise only C(enabled). An empty dict after O(state=absent).
  returned: always
  type: dict
  contains:
    enabled:
      description: Whether DNSSEC signs the zone.
      type: bool
      sample: true
    ds_record:
      description: The DS record, in zone-file form.
      type: str
      returned: on the run that enables DNSSEC
      sample: example.net. 3600 IN DS 2371 13 2 1F987CC6583E92DF0890718C42
    digest:
      description: The digest of the DS record.
      type: str
      returned: on the run that enables DNSSEC
    digest_type:
      description: The digest type.
      type: str
      returned: on the run that enables DNSSEC
    algorithm:
      description: The key's algorithm number.
      type: int
      returned: on the run that enables DNSSEC
    key_tag:
      description: The key tag.
      type: int
      returned: on the run that enables DNSSEC
    flags:
      description: The key's flags.
      type: int
      returned: on the run that enables DNSSEC
record_sets:
  description:
    - With O(records), each record set the run compared - those declared, in their order (but whole sets removed
      first), and those O(records_exclusive) removes - as M(edge.platform.dns_record_set) returns it, with its name
      and type; each carries its C(diff) in diff mode.
  returned: with O(records) and O(state=present)
  type: list
  elements: dict
  contains:
    name:
      description: The name relative to the zone, C(@) the apex.
      type: str
      sample: www
    type:
      description: The type.
      type: str
      sample: pullzone
    changed:
      description: Whether the run changed the set (in check mode, would).
      type: bool
    records:
      description: The records of the set after the run (DnsRecordModel), none once it is removed.
      type: list
      elements: dict
    dns_zone_id:
      description: Id of the zone (null in check mode for a zone to be created).
      type: int
imported:
  description:
    - What the import of O(import_zone_file) did, as the API answers it (DnsZoneImportResultModel); in check mode,
      what the module read in the file. Empty when the answer was lost and the zone read again showed the import
      done.
  returned: when the run imports the zone file
  type: dict
  contains:
    RecordsSuccessful:
      description: Records imported.
      type: int
      sample: 214
    RecordsFailed:
      description: Records the service could not import.
      type: int
      sample: 0
    RecordsSkipped:
      description: Records left out (the SOA record, types the API has none of).
      type: int
      sample: 1
'''

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.dns_zone import Zone
from ansible_collections.edge.platform.plugins.module_utils._tables.dns_zone import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[('domain', 'id')],
        required_one_of=[('domain', 'id')],
    )
    Zone(module).run()


if __name__ == '__main__':
    main()
