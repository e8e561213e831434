#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: site_pullzone
short_description: Make a pull zone, its hostnames, edge rules, Shield zone, access lists and rules what a site declares
version_added: 1.1.0
description:
  - The part of the R(edge.platform.site, ansible_collections.edge.platform.site_role) role that works on the pull
    zone, as one module - the role runs it; a playbook may too. It takes the role's C(site_pullzone), C(site_shield)
    and C(site_access_lists), and makes the pull zone, its hostnames and edge rules, its Shield zone with its custom WAF
    rules and rate limits, and its custom access lists what they declare.
  - Every declared item is checked before any request, as its own module checks it - M(edge.platform.pullzone),
    M(edge.platform.pullzone_hostname), M(edge.platform.pullzone_edge_rule), M(edge.platform.shield_zone),
    M(edge.platform.shield_access_list), M(edge.platform.shield_waf_rule), M(edge.platform.shield_rate_limit) - and a
    hostname, access list, rule or rate limit declared twice is refused; one failure names every problem, each with
    its item. Then each object is read once (the pull zone with its hostnames and edge rules in one read, the Shield
    zone, its access lists, its rules and its rate limits), every planned write is checked (the rules a Shield zone
    would hold against the limit of its plan too), and only then are the writes sent, in order - pull zone,
    hostnames, edge rules, Shield zone, access lists, rules and rate limits (those C(rules_exclusive) deletes first) -
    each only where something differs.
  - Check mode predicts all of it, a pull zone to be created included (its parts are created with it), and sends no
    write.
  - RV(purge) says why the pull zone's cache should be purged (it was created, its origin changed, an edge rule
    changed); the role's handler purges it. The module purges nothing itself.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.SITE_PULLZONE
notes:
  - A failure after some writes reports C(changed=true) and still returns what was done (RV(objects), RV(purge)); a
    rerun does what is left.
seealso:
  - module: edge.platform.site_info
  - module: edge.platform.pullzone
'''

EXAMPLES = r'''
- name: Serve the shop from a pull zone of its own, HTTPS only, behind a WAF
  edge.platform.site_pullzone:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
    pullzone:
      name: shop-web
      origin: https://origin.shop.example.com
      settings: {enable_logging: true, enable_tls1: false}
      hostnames:
        - {hostname: www.shop.example.com, certificate: free, force_ssl: true}
      edge_rules:
        - description: Force SSL
          action: force_ssl
          triggers: [{type: url, patterns: ["*"]}]
    shield:
      waf_enabled: true
      waf_execution_mode: block
      waf_rules:
        - name: block-sqli
          action: block
          conditions:
            - {variables: [args, query_string], operator: detect_sqli, transformations: [url_decode, lowercase]}
      rate_limits:
        - name: api-burst
          conditions: [{variables: [request_uri], operator: begins_with, value: /api/}]
          requests: 100
          timeframe: 60
          block_time: 300
          action: rate_limit
      rules_exclusive: true  # the zone's other rules and rate limits are deleted
    access_lists:
      - {name: scanners, type: cidr, action: block, entries: [203.0.113.0/24]}
  register: shop

- name: Purge its cache when the run asks for it
  edge.platform.pullzone_purge:
    pullzone_id: "{{ shop.pullzone.id }}"
  when: shop.purge.reasons | length > 0 and not shop.purge.check_mode

- name: Only the Shield part of an existing pull zone
  edge.platform.site_pullzone:
    pullzone: assets-000
    shield: {waf_execution_mode: log}
    parts: [shield, access_lists]
'''

RETURN = r'''
pullzone:
  description: The pull zone's id (null in check mode for one to be created) and name.
  returned: success
  type: dict
  sample: {id: 1013, name: shop-web}
objects:
  description:
    - What each part did (or would do), as its own module returns it - C(changed), the object, C(diff) - with the
      C(item) that names it. A part the run did not make is absent (C(pullzone), C(shield)) or an empty list.
  returned: success
  type: dict
  contains:
    pullzone:
      description: The result of the pull zone, as M(edge.platform.pullzone) returns it.
      type: dict
    hostnames:
      description: The result of each declared hostname, as M(edge.platform.pullzone_hostname) returns it.
      type: list
      elements: dict
    edge_rules:
      description: The result of each declared edge rule, as M(edge.platform.pullzone_edge_rule) returns it.
      type: list
      elements: dict
    shield:
      description: The result of the Shield zone, as M(edge.platform.shield_zone) returns it.
      type: dict
    access_lists:
      description: The result of each declared access list, as M(edge.platform.shield_access_list) returns it.
      type: list
      elements: dict
    waf_rules:
      description:
        - The result of each custom WAF rule C(rules_exclusive) deletes (its C(item) with the rule's C(id)), then of
          each declared one, as M(edge.platform.shield_waf_rule) returns it. Empty when the part did not run.
      type: list
      elements: dict
    rate_limits:
      description: The same of the rate limits, as M(edge.platform.shield_rate_limit) returns them.
      type: list
      elements: dict
  sample:
    hostnames:
      - changed: true
        item: {hostname: www.shop.example.com, state: present}
        hostname: {Id: 10011, Value: www.shop.example.com, ForceSSL: true, HasCertificate: true}
        pullzone_id: 1013
        diff: {before: {}, after: {hostname: www.shop.example.com, force_ssl: true, has_certificate: true}}
purge:
  description:
    - Why the cache should be purged (C(reasons), empty when it should not), and whether the run was in check mode.
  returned: success
  type: dict
  sample: {reasons: [pull zone created, edge rule Force SSL changed], check_mode: false}
'''

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._site import SitePullZone
from ansible_collections.edge.platform.plugins.module_utils._tables.site_pullzone import TABLE


def main() -> None:
    module = EdgeModule(argument_spec=TABLE.argument_spec())
    module.run(SitePullZone(module).run)


if __name__ == '__main__':
    main()
