#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: pullzone_info
short_description: List and read CDN pull zones
version_added: 1.0.0
description:
  - Returns CDN pull zones of the account, all of them or those matching O(id), O(name) or O(search).
  - Pages through the pull zone list with the largest page size the API allows, keeping only
    the matching zones.
  - Secret fields (C(ZoneSecurityKey), C(AWSSigningKey), C(AWSSigningSecret), C(LogForwardingToken)
    and the C(CertificateKey) of hostnames) are masked as C(********) when set, unless
    O(include_secrets=true).
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform._options.PULLZONE_INFO
  - edge.platform.api
  - edge.platform.api.INFO_MODULE
'''

EXAMPLES = r'''
- name: List every pull zone
  edge.platform.pullzone_info:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
  register: all_zones

- name: Read one pull zone by name, with certificates (keys stay masked)
  edge.platform.pullzone_info:
    name: assets-000
    include_certificate: true
  register: assets

- name: Use the first match
  ansible.builtin.debug:
    msg: "{{ assets.pullzones[0].Hostnames | map(attribute='Value') | list }}"
  when: assets.pullzones | length > 0
'''

RETURN = r'''
pullzones:
  description:
    - The matching pull zones, with the API's own property names (PullZoneModel).
    - Always a list; empty when nothing matches.
  returned: always
  type: list
  elements: dict
  contains:
    Id:
      description: Id of the pull zone.
      type: int
      sample: 1001
    Name:
      description: Name of the pull zone (unique in the account).
      type: str
      sample: assets
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
      description: Whether CDN request logs are kept (what M(edge.platform.cdn_log_info) reads).
      type: bool
      sample: true
    ZoneSecurityKey:
      description: Token authentication key; C(********) unless O(include_secrets=true).
      type: str
      sample: "********"
    AWSSigningKey:
      description: Key for signing requests to an S3 origin; C(********) when set, unless O(include_secrets=true).
      type: str
      sample: "********"
    AWSSigningSecret:
      description: Secret for signing requests to an S3 origin; C(********) when set, unless O(include_secrets=true).
      type: str
      sample: "********"
    LogForwardingToken:
      description: Token of the log forwarding target; C(********) when set, unless O(include_secrets=true).
      type: str
      sample: "********"
    Hostnames:
      description: Hostnames of the pull zone.
      type: list
      elements: dict
      contains:
        Id:
          description: Id of the hostname.
          type: int
          sample: 5001
        Value:
          description: The hostname.
          type: str
          sample: assets.cdn.example.net
        ForceSSL:
          description: Whether plain HTTP requests are redirected to HTTPS.
          type: bool
          sample: true
        IsSystemHostname:
          description: Whether the platform gave the hostname.
          type: bool
          sample: true
        HasCertificate:
          description: Whether the hostname has a TLS certificate.
          type: bool
          sample: true
        Certificate:
          description: The certificate (PEM); null unless O(include_certificate=true).
          type: str
          sample: null
        CertificateKey:
          description: The certificate's key; C(********) when set, unless O(include_secrets=true); null unless
            O(include_certificate=true).
          type: str
          sample: null
  sample:
    - Id: 1001
      Name: assets
      OriginUrl: https://origin.example.com
      Enabled: true
      Suspended: false
      EnableLogging: true
      ZoneSecurityKey: "********"
      Hostnames:
        - Id: 5001
          Value: assets.cdn.example.net
          ForceSSL: true
          IsSystemHostname: true
          IsManagedHostname: false
          HasCertificate: true
          Certificate: null
          CertificateKey: null
'''

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._lookup import select_records
from ansible_collections.edge.platform.plugins.module_utils._pullzones import PullZoneApi, mask_pullzone
from ansible_collections.edge.platform.plugins.module_utils._tables.pullzone_info import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[('id', 'name'), ('id', 'search')],
    )
    params = module.params
    module.refuse_non_positive('id')
    module.refuse_blank('name')
    api = PullZoneApi(module.client)
    certificate = params['include_certificate']
    present = (lambda zone: zone) if params['include_secrets'] else mask_pullzone

    def run() -> dict[str, t.Any]:
        zones = select_records(
            # An exact name is also a search term: the API narrows the list, the module keeps exact matches.
            lambda: api.listing(params['search'] or params['name'], certificate),
            record_id=params['id'],
            name=params['name'],
            read_one=lambda zone_id: api.get(zone_id, certificate),
            id_key='Id',
            name_key='Name',
        )
        return {'pullzones': [present(zone) for zone in zones]}

    module.run(run)


if __name__ == '__main__':
    main()
