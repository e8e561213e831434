#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: pullzone_hostname
short_description: Manage a hostname of a pull zone, its Force SSL and its certificate
version_added: 1.0.0
description:
  - Adds a custom hostname (such as V(cdn.example.com)) to a pull zone, or removes it.
  - Sets whether the pull zone redirects plain HTTP requests for the hostname to HTTPS (O(force_ssl)), and has the
    service issue a free certificate for the hostname when it has none (O(certificate=free)).
  - The pull zone is given by O(pullzone_id), or by O(pullzone_name).
  - Reads the pull zone once (given by name, the pull zone list searched by the name instead), then sends only the
    requests that change something, in this order, adding the hostname, loading the certificate, setting Force SSL;
    none when the hostname already is as wanted.
  - The system hostname the service gives every pull zone (C(<name>.<system domain>), C(IsSystemHostname)) can have
    O(force_ssl) set, but it cannot be removed; O(state=absent) for it is refused before any request that writes.
  - Hostnames are compared without regard to case; the module sends them in lower case.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.PULLZONE_HOSTNAME
notes:
  - The returned hostname never holds a certificate key; C(CertificateKey) is masked when the API returns one.
  - A failure after the hostname was added (the certificate could not be issued, say) reports C(changed=true); a
    rerun does what is left.
seealso:
  - module: edge.platform.pullzone_info
  - module: edge.platform.pullzone_edge_rule
'''

EXAMPLES = r'''
- name: Serve assets-000 at cdn.example.com, over HTTPS only, with a free certificate
  edge.platform.pullzone_hostname:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
    pullzone_name: assets-000
    hostname: cdn.example.com
    certificate: free
    force_ssl: true
  register: cdn_hostname

- name: Show the hostname's id and whether it has its certificate
  ansible.builtin.debug:
    msg: "{{ cdn_hostname.hostname.Id }}: certificate {{ cdn_hostname.hostname.HasCertificate }}"

- name: Redirect plain HTTP to HTTPS on the system hostname too
  edge.platform.pullzone_hostname:
    pullzone_name: assets-000
    hostname: assets-000.edge-cdn.test
    force_ssl: true

- name: Remove the hostname again (the pull zone by its id)
  edge.platform.pullzone_hostname:
    pullzone_id: "{{ cdn_hostname.pullzone_id }}"
    hostname: cdn.example.com
    state: absent
'''

RETURN = r'''
hostname:
  description:
    - The hostname as the API has it after the run (HostnameModel, the API's property names); in check mode, as it
      would be (C(Id) null for a hostname that would be added).
    - An empty dict when the hostname is absent.
  returned: always
  type: dict
  contains:
    Id:
      description: Id of the hostname.
      type: int
      sample: 10011
    Value:
      description: The hostname.
      type: str
      sample: cdn.example.com
    ForceSSL:
      description: Whether plain HTTP requests are redirected to HTTPS.
      type: bool
      sample: true
    IsSystemHostname:
      description: Whether this is the hostname the service gave the pull zone.
      type: bool
      sample: false
    IsManagedHostname:
      description: Whether the service manages the hostname.
      type: bool
      sample: false
    HasCertificate:
      description: Whether the hostname has a certificate.
      type: bool
      sample: true
    Certificate:
      description: The certificate (Base64Url), when the API returns it; the module's reads leave it out (null).
      type: str
      sample: null
    CertificateKey:
      description: Masked (V(********)) when the API returns one; null otherwise.
      type: str
      sample: null
  sample:
    Id: 10011
    Value: cdn.example.com
    ForceSSL: true
    IsSystemHostname: false
    IsManagedHostname: false
    HasCertificate: true
    Certificate: null
    CertificateKey: null
pullzone_id:
  description: Id of the pull zone (found by its name when O(pullzone_name) was given).
  returned: success
  type: int
  sample: 1001
'''

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.pullzone_hostname import PullZoneHostname
from ansible_collections.edge.platform.plugins.module_utils._tables.pullzone_hostname import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[('pullzone_id', 'pullzone_name')],
        required_one_of=[('pullzone_id', 'pullzone_name')],
    )
    PullZoneHostname(module).run()


if __name__ == '__main__':
    main()
