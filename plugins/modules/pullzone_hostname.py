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
  - edge.platform.api.PULLZONE_SCOPE
options:
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
      - The hostname's certificate. Unset, the certificate is left as it is.
      - V(free) has the service issue a free certificate for the hostname when it has none (C(HasCertificate) is
        false). A hostname that has a certificate keeps it, whether the service issued it or it was uploaded;
        nothing is sent. To go from a custom certificate to a free one, remove it (V(none)), then ask for V(free).
      - The service issues a free certificate only when the hostname's DNS points at the pull zone (its CNAME is the
        pull zone's C(CnameDomain)); otherwise the request fails with the service's answer, after the hostname was
        added.
      - V(custom) uploads O(custom_certificate) with its key O(custom_certificate_key), unless the hostname already
        serves that certificate - the same leaf, compared by the SHA-256 fingerprint of its DER, as the service
        returns it (the key is never read back or compared). A different certificate (a renewed one) replaces the
        one the hostname has; that is how a certificate is rotated.
      - V(none) removes the certificate the hostname has, free or custom.
      - A value that is not one of these is refused without being shown, so that a key given here by mistake stays
        secret.
    type: str
    choices: [free, custom, none]
  custom_certificate:
    description:
      - The certificate for O(certificate=custom), as PEM text - the leaf (the hostname's certificate) first, then its
        chain (the intermediate certificates), such as the content of a C(fullchain.pem) file.
      - Refused before any request when it is not PEM that parses, holds a private key, has expired, or does not
        cover O(hostname) as TLS clients match names - a wildcard C(*.example.com) covers C(cdn.example.com), but
        not C(example.com) nor C(img.cdn.example.com); the subject alternative names count, or the subject's common
        name when the certificate has none.
      - Given with O(custom_certificate_key) and O(certificate=custom) only.
    type: str
  custom_certificate_key:
    description:
      - The private key of the leaf of O(custom_certificate), as unencrypted PEM text (C(-----BEGIN PRIVATE KEY-----),
        or the RSA or EC forms). Keep it in Ansible Vault.
      - Refused before any request when it does not parse, is encrypted, or does not belong to the leaf (the message
        says when it belongs to another certificate of the file, which would then be in the wrong order).
      - Never shown, in output, diff, warnings, logs or an error message - also when it is given to another option by
        mistake.
      - Given with O(custom_certificate) and O(certificate=custom) only.
    type: str
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

import typing as t

from ansible.module_utils.basic import missing_required_lib

from ansible_collections.edge.platform.plugins.module_utils._certificates import (
    CERTIFICATE_CHOICES,
    CRYPTOGRAPHY,
    HAS_CRYPTOGRAPHY,
    CertificateProblem,
    WantedCertificate,
    wanted_certificate,
)
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._pullzones import (
    CERTIFICATE_SUMMARY,
    PullZoneApi,
    ZoneHostname,
)
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._shield import scope_problem
from ansible_collections.edge.platform.plugins.module_utils._validation import bare_hostname_problem


def certificate_met(served: t.Any, wanted: t.Any) -> bool:
    """Whether the certificate a hostname serves (its summary, or None) is the one ``certificate`` asks for."""
    return t.cast(WantedCertificate, wanted).met_by(served)


class PullZoneHostname(EdgeResource):
    """One hostname of a pull zone: present or not, its Force SSL, and its certificate."""

    name = 'hostname'
    fields = (
        Field('force_ssl', 'ForceSSL'),
        # The summary of the certificate the hostname serves, against what ``certificate`` asks (resolve).
        Field('certificate', CERTIFICATE_SUMMARY, equal=certificate_met, choices=CERTIFICATE_CHOICES),
    )
    secret_keys = ZoneHostname.secret_keys  # the certificate key, masked when the API returns one
    where: ZoneHostname
    certificate: WantedCertificate | None = None

    @property
    def hostname(self) -> str:
        return str(self.params['hostname']).strip().lower()

    def validate(self) -> None:
        if not HAS_CRYPTOGRAPHY:
            self.module.fail(missing_required_lib(CRYPTOGRAPHY))
        not_a_hostname = bare_hostname_problem(self.hostname)
        problem = scope_problem(self.params, ('pullzone_id', 'pullzone_name')) or (
            not_a_hostname and f"hostname {self.params['hostname']!r} {not_a_hostname}"
        )
        if problem:
            self.module.fail(problem)
        params = self.params
        try:
            self.certificate = wanted_certificate(
                self.hostname, params['certificate'], params['custom_certificate'], params['custom_certificate_key']
            )
        except CertificateProblem as refusal:
            self.module.fail(str(refusal))

    def locate(self) -> ZoneHostname:
        params = self.params
        return PullZoneApi(self.client).zone_hostname(self.hostname, params['pullzone_id'], params['pullzone_name'])

    def find(self) -> dict[str, t.Any] | None:
        return self.where.record()

    def resolve(self, wanted: dict[str, t.Any], current: dict[str, t.Any] | None) -> dict[str, t.Any]:
        if CERTIFICATE_SUMMARY in wanted:
            wanted[CERTIFICATE_SUMMARY] = self.certificate
        return wanted

    def check(self, plan: Plan) -> None:
        problem = plan.action == 'delete' and self.where.removal_problem(t.cast('dict[str, t.Any]', plan.current))
        if problem:
            self.module.fail(problem)

    def create(self, wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        added = self.where.add()
        return self.update(added, self.changes(added, wanted))

    def update(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> dict[str, t.Any]:
        return self.where.configure(current, changes.get(CERTIFICATE_SUMMARY), changes.get('ForceSSL'))

    def delete(self, current: dict[str, t.Any]) -> None:
        self.where.remove()

    def predict_create(self, wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        new = self.where.new()
        return self.predict_update(new, self.changes(new, wanted))

    def predict_update(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> dict[str, t.Any]:
        return self.where.predict(current, changes.get(CERTIFICATE_SUMMARY), changes.get('ForceSSL'))

    def result_view(self, resource: dict[str, t.Any] | None) -> dict[str, t.Any] | None:
        return super().result_view(ZoneHostname.model(resource) if resource is not None else None)

    def diff_view(self, resource: dict[str, t.Any] | None) -> dict[str, t.Any] | None:
        return ZoneHostname.state(resource) if resource is not None else None

    def outcome(self, plan: Plan, after: dict[str, t.Any] | None) -> dict[str, t.Any]:
        return {
            **super().outcome(plan, after),
            'certificate': ZoneHostname.certificate(after),
            'pullzone_id': self.where.zone_id,
        }


def main() -> None:
    module = EdgeModule(
        argument_spec=dict(
            pullzone_id=dict(type='int'),
            pullzone_name=dict(type='str'),
            hostname=dict(type='str', required=True),
            state=dict(type='str', choices=['present', 'absent'], default='present'),
            force_ssl=dict(type='bool'),
            certificate=dict(type='str', choices=list(CERTIFICATE_CHOICES)),
            custom_certificate=dict(type='str'),
            custom_certificate_key=dict(type='str', no_log=True),
        ),
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
