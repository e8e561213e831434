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
options:
  pullzone_id:
    description:
      - Id of the pull zone.
      - Exactly one of O(pullzone_id) and O(pullzone_name) is required.
    type: int
  pullzone_name:
    description:
      - Exact name of the pull zone, looked up in the pull zone list. The lookup is a read, so it runs in check mode
        too.
      - Fails when no pull zone has this name.
    type: str
  hostname:
    description:
      - The hostname, a DNS name as RFC 1123 has it (labels of letters, digits and inner hyphens, 1 to 63 characters
        each, 253 in all), such as V(cdn.example.com).
      - A scheme, a path, a port or a trailing dot (V(https://cdn.example.com), V(cdn.example.com/img),
        V(cdn.example.com:443), V(cdn.example.com.)) is refused before any request, naming the hostname to give.
      - An internationalized name is given in its ASCII form (V(xn--bcher-kva.example)).
    type: str
    required: true
  state:
    description:
      - V(present) adds the hostname when the pull zone does not have it, and sets O(force_ssl) and O(certificate).
      - V(absent) removes it. Removing the system hostname of the pull zone is refused.
    type: str
    choices: [present, absent]
    default: present
  force_ssl:
    description:
      - Whether requests for the hostname over plain HTTP are redirected to HTTPS.
      - Unset, a new hostname gets the service's default (false) and an existing one keeps its setting.
      - Set it together with O(certificate=free), or on a hostname that has a certificate, so that the HTTPS it
        redirects to works.
    type: bool
  certificate:
    description:
      - V(free) has the service issue a free certificate for the hostname when it has none (C(HasCertificate) is
        false). A hostname that has a certificate, free or its own, keeps it; nothing is sent.
      - The service issues the certificate only when the hostname's DNS points at the pull zone (its CNAME is the
        pull zone's C(CnameDomain)); otherwise the request fails with the service's answer, after the hostname was
        added.
      - Unset, the certificate of the hostname is left as it is.
    type: str
    choices: [free]
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

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeFinding
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._pullzones import (
    HOSTNAME_SECRETS,
    PullZoneApi,
    hostname_of,
    mask_hostname,
)
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._shield import scope_problem
from ansible_collections.edge.platform.plugins.module_utils._validation import bare_hostname_problem


def has_certificate(current: t.Any, wanted: t.Any) -> bool:
    """``certificate: free`` is met by any certificate the hostname has: one is loaded only when it has none."""
    return bool(current) or not wanted


class PullZoneHostname(EdgeResource):
    """One hostname of a pull zone: present or not, its Force SSL, and whether it has a certificate."""

    name = 'hostname'
    fields = (
        Field('force_ssl', 'ForceSSL'),
        Field('certificate', 'HasCertificate', to_api=lambda value: value == 'free', equal=has_certificate),
    )
    secret_keys = HOSTNAME_SECRETS

    def __init__(self, module: EdgeModule) -> None:
        super().__init__(module)
        self.api = PullZoneApi(self.client)
        self.hostname = str(self.params['hostname']).strip().lower()

    @property
    def zone_id(self) -> int:
        return int(self.where['Id'])

    @property
    def what(self) -> str:
        return f'hostname {self.hostname} of pull zone {self.zone_id}'

    def validate(self) -> None:
        problem = scope_problem(self.params, ('pullzone_id', 'pullzone_name'))
        if problem:
            self.module.fail(problem)
        problem = bare_hostname_problem(self.hostname)
        if problem:
            self.module.fail(f"hostname {self.params['hostname']!r} {problem}")

    # ---- reading ----

    def locate(self) -> dict[str, t.Any]:
        return self.api.require(self.params['pullzone_id'], self.params['pullzone_name'])

    def find(self) -> dict[str, t.Any] | None:
        return self.read(self.where)

    def read(self, zone: dict[str, t.Any] | None) -> dict[str, t.Any] | None:
        record = hostname_of(zone or {}, self.hostname)
        return dict(record) if record is not None else None

    def reread(self) -> dict[str, t.Any]:
        """The hostname as the API has it after a write."""
        record = self.read(self.api.require(self.zone_id))
        if record is None:  # another client removed it meanwhile
            raise EdgeFinding(f'read {self.what}', 'the pull zone no longer has the hostname')
        return record

    def check(self, plan: Plan) -> None:
        if plan.action == 'delete' and (plan.current or {}).get('IsSystemHostname'):
            self.module.fail(
                f'remove {self.what} refused: {self.hostname} is the system hostname of the pull zone, which every '
                'pull zone keeps; it can only be removed with the pull zone (edge.platform.pullzone, state=absent)'
            )

    # ---- writing ----

    def write(self, changes: dict[str, t.Any]) -> None:
        """The certificate first, so that the HTTPS Force SSL redirects to works when it is switched on."""
        if changes.get('HasCertificate'):
            self.api.load_free_certificate(self.hostname)
        if 'ForceSSL' in changes:
            self.api.set_force_ssl(self.zone_id, self.hostname, changes['ForceSSL'])

    def create(self, wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        self.api.add_hostname(self.zone_id, self.hostname)
        added = self.reread()  # its id, and what the service gave it
        return self.update(added, self.changes(added, wanted))

    def update(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> dict[str, t.Any]:
        # Each of these writes sets one value, which its 2xx answer confirms: no read after them.
        self.write(changes)
        return {**current, **changes}

    def delete(self, current: dict[str, t.Any]) -> None:
        self.api.remove_hostname(self.zone_id, self.hostname)

    # ---- check mode ----

    def predict_create(self, wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        """A new hostname as the API adds it (no certificate, no Force SSL), then changed as wanted."""
        return {
            'Id': None,
            'Value': self.hostname,
            'ForceSSL': bool(wanted.get('ForceSSL')),
            'IsSystemHostname': False,
            'IsManagedHostname': False,
            'HasCertificate': bool(wanted.get('HasCertificate')),
            'Certificate': None,
            'CertificateKey': None,
        }

    # ---- output ----

    def result_view(self, resource: dict[str, t.Any] | None) -> dict[str, t.Any] | None:
        return mask_hostname(dict(resource)) if resource is not None else None

    def diff_view(self, resource: dict[str, t.Any] | None) -> dict[str, t.Any] | None:
        if resource is None:
            return None
        return {
            'hostname': resource.get('Value'),
            'force_ssl': bool(resource.get('ForceSSL')),
            'has_certificate': bool(resource.get('HasCertificate')),
        }

    def outcome(self, plan: Plan, after: dict[str, t.Any] | None) -> dict[str, t.Any]:
        return {**super().outcome(plan, after), 'pullzone_id': self.zone_id}


def main() -> None:
    module = EdgeModule(
        argument_spec=dict(
            pullzone_id=dict(type='int'),
            pullzone_name=dict(type='str'),
            hostname=dict(type='str', required=True),
            state=dict(type='str', choices=['present', 'absent'], default='present'),
            force_ssl=dict(type='bool'),
            certificate=dict(type='str', choices=['free']),
        ),
        mutually_exclusive=[('pullzone_id', 'pullzone_name')],
        required_one_of=[('pullzone_id', 'pullzone_name')],
    )
    PullZoneHostname(module).run()


if __name__ == '__main__':
    main()
