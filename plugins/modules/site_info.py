#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: site_info
short_description: Read the pull zones of the account as declarations of the site role
version_added: 1.1.0
description:
  - Returns, for every pull zone of the account (or the one given by O(pullzone_id) or O(pullzone_name)), a
    C(declaration) that the R(edge.platform.site, ansible_collections.edge.platform.site_role) role takes as its
    variables - C(site_pullzone), C(site_shield) and C(site_access_lists) - with option names and enum names, never
    the API's property names or numbers. Run with it, the role finds the zone as declared and sends no write; so an
    account made by hand can be adopted, then managed.
  - C(site_pullzone) holds the zone's name, origin, the settings that differ from what a new pull zone gets (so the
    declaration is short and still makes the zone again), its custom hostnames with C(force_ssl),
    C(certificate=free) where they have a certificate (the system hostname only when it forces SSL) and C(dns_zone)
    where the name lies in a DNS zone of the account whose C(pullzone) records of it link this pull zone, and its edge
    rules with every action, extra action, trigger, parameter and matching mode. C(site_shield) holds the Shield
    zone's settings that differ from a new Shield zone's (absent when the zone has no Shield zone), and its custom WAF
    rules (C(waf_rules)) and rate limits (C(rate_limits)) by the options of M(edge.platform.shield_waf_rule) and
    M(edge.platform.shield_rate_limit) (conditions in the options' form, without what a new rule gets), with
    C(rules_exclusive=true), so that a rule added later is drift; C(site_access_lists) its custom access lists with
    their type, action, enabled state and entries.
  - C(left_out) names what a declaration cannot carry, and why - a secret setting, the key of a custom certificate,
    a read-only rule of the service, a custom WAF rule or rate limit whose name several of the zone have (and then
    C(rules_exclusive), which would delete them), conditions the options cannot say - each with the C(path) where its
    value would go.
  - Reads pull zones by pages of 1000, the Shield zones by their listing, and for each Shield zone its bot detection,
    upload scanning and access lists (the reads the API has no listing for), the entries of each custom list, and its
    custom WAF rules and rate limits (a listing each; the API lists them one zone at a time), the reads of up to
    eight Shield zones at a time, each retried on its own as every read is; the DNS zones with their records by their
    listing; nothing per pull zone. The collection playbook C(edge.platform.export) writes the declarations as files.
  - Only reads; never changes anything. Never returns a secret.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.INFO_MODULE
  - edge.platform._options.SITE_INFO
seealso:
  - module: edge.platform.pullzone_info
  - module: edge.platform.shield_zone_info
'''

EXAMPLES = r'''
- name: Read the pull zone shop-web as the site role declares it
  edge.platform.site_info:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
    pullzone_name: shop-web
  register: shop

- name: Make it what that declaration says (nothing to do, unless someone changed it meanwhile)
  ansible.builtin.include_role:
    name: edge.platform.site
  vars:
    site_pullzone: "{{ shop.sites[0].declaration.site_pullzone }}"
    site_shield: "{{ shop.sites[0].declaration.site_shield | default(none) }}"
    site_access_lists: "{{ shop.sites[0].declaration.site_access_lists }}"
  when: shop.sites | length == 1

- name: Every pull zone, with the registries and video libraries of the account
  edge.platform.site_info:
    include_account: true
  register: account

- name: Show what the declarations cannot carry
  ansible.builtin.debug:
    msg: "{{ account.sites | map(attribute='left_out') | flatten }}"
'''

RETURN = r'''
sites:
  description:
    - One item per pull zone, in the API's order; empty when O(pullzone_id) or O(pullzone_name) matches none.
  returned: always
  type: list
  elements: dict
  contains:
    pullzone_name:
      description: Name of the pull zone.
      type: str
      sample: shop-web
    pullzone_id:
      description: Id of the pull zone.
      type: int
      sample: 1013
    declaration:
      description:
        - The variables of the R(edge.platform.site, ansible_collections.edge.platform.site_role) role that declare the
          pull zone as it is.
        - C(site_pullzone) (C(name), C(origin), C(settings), C(hostnames), C(edge_rules)), C(site_shield) (absent when
          the pull zone has no Shield zone) and C(site_access_lists).
      type: dict
      sample:
        site_pullzone:
          name: shop-web
          origin: https://origin.shop.example.com
          settings: {type: volume, blocked_countries: [KP], enable_tls1: true}
          hostnames:
            - {hostname: www.shop.example.com, force_ssl: true, certificate: free}
          edge_rules:
            - description: Force SSL
              action: force_ssl
              triggers: [{type: url, patterns: ["*"]}]
        site_shield:
          waf_execution_mode: log
          bot_detection_execution_mode: challenge
          rules_exclusive: true
          waf_rules:
            - name: block-sqli
              action: block
              conditions: [{variables: [args, query_string], operator: detect_sqli}]
        site_access_lists:
          - {name: scanners, type: cidr, action: block, enabled: true, entries: [203.0.113.0/24]}
    left_out:
      description:
        - What the declaration cannot carry, each as C(path) (where the value would go) and C(reason).
      type: list
      elements: dict
      sample:
        - path: site_pullzone.settings.aws_signing_secret
          reason: aws_signing_secret is a secret, which is never read out; give it from a vault to set it again
account:
  description:
    - The account's part, as the role's variables C(site_registries) (display name, type and user name; never a
      password) and C(site_video_blocked_referrers) (the libraries that block referrers), and its C(left_out).
  returned: when O(include_account=true)
  type: dict
  sample:
    site_registries:
      - {display_name: shop-images, registry_type: github, username: shop-bot}
    site_video_blocked_referrers:
      - {library_name: shop-videos, hostnames: [hotlinker.example.net]}
    left_out:
      - path: site_registries[0].password
        reason: registry shop-images has credentials, whose password is never read out
dns_zones:
  description:
    - Every DNS zone of the account, each as the role's C(site_dns_zones) declares it with one zone - its domain,
      the settings that differ from what a new zone gets (C(nameservers) when custom, C(soa_email), C(logging),
      C(logging_ip_anonymization)) and C(dnssec); C(records), every record set (type names, not numbers; values in
      zone-file form, a C(pullzone) value by its pull zone's name; a record's settings where they differ from a new
      record's; C(ttl) when the records of a set share one) but the C(pullzone) record of a pull zone's own
      hostname, which that pull zone's site declares (C(dns_zone)); and C(records_exclusive=true), so that the
      declaration is the whole zone.
    - A set that cannot be declared (a C(pullzone) record of a pull zone that no longer exists) is named in
      C(left_out), and the zone is then declared with C(records_exclusive=false), which leaves it alone.
    - The collection playbook C(edge.platform.export) writes each as C(dns/<domain>.yml).
  returned: when O(include_account=true)
  type: list
  elements: dict
  contains:
    domain:
      description: The zone's domain.
      type: str
      sample: example.net
    dns_zone_id:
      description: Id of the zone.
      type: int
      sample: 4001
    declaration:
      description: A mapping of C(site_dns_zones) to a list of the one zone.
      type: dict
      sample:
        site_dns_zones:
          - domain: example.net
            dnssec: true
            records:
              - {name: '@', type: a, values: [192.0.2.10], ttl: 300}
              - {name: www, type: cname, values: [example.net], ttl: 300}
            records_exclusive: true
    left_out:
      description: What the declaration cannot carry, each C({path, reason}).
      type: list
      elements: dict
'''

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._site_reader import SiteReader
from ansible_collections.edge.platform.plugins.module_utils._tables.site_info import TABLE


def main() -> None:
    module = EdgeModule(argument_spec=TABLE.argument_spec(), mutually_exclusive=[('pullzone_id', 'pullzone_name')])
    module.refuse_non_positive('pullzone_id')
    module.refuse_blank('pullzone_name')
    params = module.params
    reader = SiteReader(module.client)
    module.run(
        lambda: reader.read(
            pullzone_id=params['pullzone_id'],
            pullzone_name=params['pullzone_name'],
            include_account=params['include_account'],
        )
    )


if __name__ == '__main__':
    main()
