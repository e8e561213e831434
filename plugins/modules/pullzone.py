#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: pullzone
short_description: Create, update and delete CDN pull zones
version_added: 1.0.0
description:
  - Manages a CDN pull zone of the account, found by its exact O(name) (pull zone names are unique across the
    service) or by its O(id).
  - O(state=present) creates the pull zone when none has that name, with O(type) and every setting you give, in
    one request; an existing pull zone gets the settings that differ, all in one update request. A run where
    nothing differs sends no write.
  - Every writable setting of the pull zone is an option of its own, named after its API property in snake_case
    (C(EnableLogging) is O(enable_logging)). Only the options you set are compared and sent; every other setting
    keeps the value it has. Lists are sets (order and duplicates ignored); enums with named values take the
    name, the others the API's number.
  - Secret settings (O(aws_signing_key), O(aws_signing_secret), O(log_forwarding_token)) are compared with the
    values the API holds, so a rerun is unchanged, and are shown only as C(********).
  - Hostnames and edge rules are not managed here; this module leaves C(Hostnames) and C(EdgeRules) alone. Use
    M(edge.platform.pullzone_hostname) and M(edge.platform.pullzone_edge_rule).
  - O(state=absent) deletes the pull zone with everything on it, its hostnames, edge rules and Shield zone (with
    its access lists); C(deleted) names the pull zone deleted. With C(--diff) the C(before) names what goes, read
    for the diff only (without C(--diff) the delete sends no request to the Shield zone).
  - Every value is checked before the first request (bounds, names, hostnames, country codes, addresses), in
    check mode too.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.PULLZONE
notes:
  - In check mode a pull zone to be created is predicted from the options given, with every property of the
    pull zone present; C(Id) is null, C(Hostnames) and C(EdgeRules) are empty (the system hostname the service
    adds is left out, since its domain is the service's), and the settings the service chooses itself are null.
  - Options that take null in the API (O(middleware_script_id), O(load_balancer_id)) cannot be set back to null
    here.
seealso:
  - module: edge.platform.pullzone_info
  - module: edge.platform.pullzone_hostname
  - module: edge.platform.pullzone_edge_rule
  - module: edge.platform.shield_zone
'''

EXAMPLES = r'''
- name: Create a pull zone for the site's assets, with logging and some blocked countries
  edge.platform.pullzone:
    name: site-assets
    origin_url: https://origin.example.com
    type: volume
    enable_logging: true
    logging_ip_anonymization_enabled: true
    blocked_countries: [KP, IR]
    allowed_referrers: [www.example.com, example.com]
    cache_control_max_age_override: 86400
  register: site_assets

- name: Show its id and system hostname
  ansible.builtin.debug:
    msg: "{{ site_assets.pullzone.Id }} at {{ site_assets.pullzone.Hostnames | map(attribute='Value') | list }}"

- name: Switch request logging on where an audit found it off
  edge.platform.pullzone:
    name: media-001
    enable_logging: true

- name: Sign requests to an S3 origin (the secret is never shown)
  edge.platform.pullzone:
    name: site-assets
    aws_signing_enabled: true
    aws_signing_key: "{{ vault_s3_access_key }}"
    aws_signing_secret: "{{ vault_s3_secret_key }}"
    aws_signing_region_name: eu-central-1

- name: See what deleting it would remove, without deleting it
  edge.platform.pullzone:
    name: site-assets
    state: absent
  check_mode: true
  diff: true
  register: would_delete

- name: Show its hostnames, edge rules and Shield zone that would go with it
  ansible.builtin.debug:
    var: would_delete.diff.before

- name: Delete it
  edge.platform.pullzone:
    name: site-assets
    state: absent
'''

RETURN = r'''
deleted:
  description:
    - With O(state=absent), the id and name of the pull zone the run deleted (in check mode, would delete); null
      when there was none to delete.
  returned: when O(state=absent)
  type: dict
  sample: {id: 1013, name: site-assets}
  contains:
    id:
      description: Id of the deleted pull zone.
      type: int
    name:
      description: Name of the deleted pull zone.
      type: str
pullzone:
  description:
    - The pull zone as the API returns it after the run, with the API's own property names (PullZoneModel).
    - Secret properties (C(ZoneSecurityKey), C(AWSSigningKey), C(AWSSigningSecret), C(LogForwardingToken), and the
      C(CertificateKey) of hostnames) are C(********) when set.
    - An empty dict when the pull zone is absent.
    - In check mode, what the module predicts (see the notes for a pull zone to be created).
  returned: always
  type: dict
  contains:
    Id:
      description: Id of the pull zone; null in check mode for a pull zone to be created.
      type: int
      sample: 1013
    Name:
      description: Name of the pull zone.
      type: str
      sample: site-assets
    Type:
      description: Type, the API's number (V(0) premium, V(1) volume).
      type: int
      sample: 1
    OriginUrl:
      description: Address the pull zone pulls from.
      type: str
      sample: https://origin.example.com
    Enabled:
      description: Whether the pull zone serves requests.
      type: bool
      sample: true
    Suspended:
      description: Whether the pull zone is suspended.
      type: bool
      sample: false
    EnableLogging:
      description: Whether CDN request logs are kept.
      type: bool
      sample: true
    BlockedCountries:
      description: Country codes whose requests are blocked.
      type: list
      elements: str
      sample: [IR, KP]
    ZoneSecurityKey:
      description: Token authentication key; C(********) when set.
      type: str
      sample: "********"
    AWSSigningSecret:
      description: Secret for signing requests to an S3 origin; C(********) when set.
      type: str
      sample: "********"
    Hostnames:
      description: Hostnames of the pull zone (managed by M(edge.platform.pullzone_hostname)).
      type: list
      elements: dict
      sample:
        - Id: 5013
          Value: site-assets.edge-cdn.test
          ForceSSL: false
          IsSystemHostname: true
          IsManagedHostname: false
          HasCertificate: true
          Certificate: null
          CertificateKey: null
    EdgeRules:
      description: Edge rules of the pull zone (managed by M(edge.platform.pullzone_edge_rule)).
      type: list
      elements: dict
      sample: []
  sample:
    Id: 1013
    Name: site-assets
    Type: 1
    OriginUrl: https://origin.example.com
    Enabled: true
    Suspended: false
    EnableLogging: true
    BlockedCountries: [IR, KP]
    ZoneSecurityKey: "********"
    AWSSigningSecret: null
    Hostnames: []
    EdgeRules: []
'''

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.pullzone import PullZone
from ansible_collections.edge.platform.plugins.module_utils._tables.pullzone import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[('name', 'id')],
        required_one_of=[('name', 'id')],
    )
    PullZone(module).run()


if __name__ == '__main__':
    main()
