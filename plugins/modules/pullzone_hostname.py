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
  - Sets whether the pull zone redirects plain HTTP requests for the hostname to HTTPS (O(force_ssl)), and its
    certificate (O(certificate)) - a free one the service issues, a custom one given as PEM text
    (O(custom_certificate) with its key O(custom_certificate_key)), or none.
  - The pull zone is given by O(pullzone_id), or by O(pullzone_name).
  - Reads the pull zone once, with the certificates of its hostnames (given by name, the pull zone list searched by
    the name instead), then sends only the requests that change something, in this order, adding the hostname,
    setting its certificate, setting Force SSL; none when the hostname already is as wanted.
  - The system hostname the service gives every pull zone (C(<name>.<system domain>), C(IsSystemHostname)) can have
    O(force_ssl) set, but it cannot be removed; O(state=absent) for it is refused before any request that writes.
  - Hostnames are compared without regard to case; the module sends them in lower case.
requirements:
  - cryptography (reads and checks the certificates)
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.PULLZONE_HOSTNAME
notes:
  - The returned hostname never holds a certificate key; C(CertificateKey) is masked when the API returns one.
  - Check mode and C(--diff) show the certificate by its SHA-256 fingerprint, kind and end, never its key.
  - An upload whose answer is lost (or that fails with a server error) is checked against the certificate the
    hostname then serves, and is never sent twice.
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

- name: Serve it with the shop's own certificate (its key kept in Ansible Vault); a renewed file rotates it
  edge.platform.pullzone_hostname:
    pullzone_name: assets-000
    hostname: cdn.example.com
    certificate: custom
    custom_certificate: "{{ lookup('ansible.builtin.file', 'cdn.example.com.fullchain.pem') }}"
    custom_certificate_key: "{{ vault_cdn_certificate_key }}"
  register: cdn_certificate

- name: Show when the certificate ends
  ansible.builtin.debug:
    msg: "{{ cdn_certificate.certificate.not_after }} ({{ cdn_certificate.certificate.days_left }} days left)"

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
      description:
        - The certificate file (the leaf, then its chain) as the API returns it, the Base64Url of its PEM text; null
          when the hostname has none (and in check mode, for a free certificate not issued yet).
        - RV(certificate) tells what it is.
      type: str
      sample: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJm...
    CertificateKey:
      description: Masked (V(********)) when the hostname has a certificate; null otherwise.
      type: str
      sample: '********'
  sample:
    Id: 10011
    Value: cdn.example.com
    ForceSSL: true
    IsSystemHostname: false
    IsManagedHostname: false
    HasCertificate: true
    Certificate: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJm...
    CertificateKey: '********'
certificate:
  description:
    - What the certificate the hostname serves after the run is, read from the certificate itself (the API tells
      neither its expiry nor its kind); null when it has none, or the hostname is absent.
    - In check mode, a free certificate the service would issue has the kind V(free) and the hostname as its name,
      the rest null.
  returned: success
  type: dict
  contains:
    kind:
      description: V(free) when the service's free-certificate CA issued it, V(custom) otherwise.
      type: str
      sample: custom
    sha256_fingerprint:
      description: Lowercase hex of the SHA-256 of the leaf's DER, without colons.
      type: str
      sample: 9f2c6d0e5b1a4c3f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a392817
    subject:
      description: The leaf's subject (RFC 4514).
      type: str
      sample: CN=cdn.example.com
    names:
      description: The DNS names the leaf is for (its subject alternative names, else its common name).
      type: list
      elements: str
      sample: [cdn.example.com]
    issuer:
      description: The leaf's issuer (RFC 4514).
      type: str
      sample: O=Example Certificates,CN=Example Server CA
    not_after:
      description: When the leaf stops being valid, ISO 8601 UTC.
      type: str
      sample: '2027-03-01T12:00:00Z'
    days_left:
      description: Whole days until the leaf ends, rounded down (negative once it has expired).
      type: int
      sample: 112
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
        # A key given to another option by mistake is refused without being shown (as certificate: by the argument
        # check, which would repeat a value that is not one of its choices).
        unechoed=('certificate',),
        private_key_options=('custom_certificate_key',),
    )
    PullZoneHostname(module).run()


if __name__ == '__main__':
    main()
