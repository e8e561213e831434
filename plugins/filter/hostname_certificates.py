# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
name: hostname_certificates
short_description: What the certificate of every hostname of pull zones is
version_added: 1.0.0
description:
  - Reads the certificate each hostname of the pull zones serves, as M(edge.platform.pullzone_info) returns them with
    O(edge.platform.pullzone_info#module:include_certificate=true), and tells what it is - its summary, read from the
    certificate itself (the API tells neither its expiry nor whether it is free), and whether it covers the hostname
    as TLS clients match names.
  - Runs on the controller, with no request; a certificate that several hostnames serve is read once.
  - The C(edge.platform.audit) role reports expiring, expired and mismatched certificates with it.
requirements:
  - cryptography
author:
  - Edge Platform Collection Maintainers (@edge-platform)
options:
  _input:
    description: Pull zones (PullZoneModel), each with its C(Hostnames).
    type: list
    elements: dict
    required: true
'''

EXAMPLES = r'''
- name: Read the pull zones with the certificates of their hostnames
  edge.platform.pullzone_info:
    include_certificate: true
  register: zones

- name: Show the hostnames whose certificate ends within 30 days
  ansible.builtin.debug:
    msg: "{{ item.hostname }}: {{ item.certificate.not_after }}"
  loop: >-
    {{ zones.pullzones | edge.platform.hostname_certificates
       | selectattr('certificate.days_left', 'ne', none) | selectattr('certificate.days_left', 'le', 30) }}
  loop_control:
    label: "{{ item.hostname }}"
'''

RETURN = r'''
_value:
  description:
    - One item for each hostname that has a certificate, in the order of the pull zones and their hostnames.
    - C(pullzone_id), C(pullzone_name), C(hostname); C(certificate), the summary (C(kind), C(sha256_fingerprint),
      C(subject), C(names), C(issuer), C(not_after), C(days_left)), each key null when the certificate was not
      returned or cannot be read; C(covers), whether the certificate covers the hostname (null when it cannot be
      read).
  type: list
  elements: dict
'''

import datetime
import typing as t

from ansible.errors import AnsibleFilterError

from ansible_collections.edge.platform.plugins.module_utils._certificates import (
    CRYPTOGRAPHY,
    HAS_CRYPTOGRAPHY,
    Summary,
    covers,
    served_summary,
)


def hostname_certificates(zones: t.Any) -> list[dict[str, t.Any]]:
    if not HAS_CRYPTOGRAPHY:
        raise AnsibleFilterError(f'hostname_certificates needs the Python package {CRYPTOGRAPHY} on the controller')
    if not isinstance(zones, list):
        raise AnsibleFilterError('hostname_certificates takes a list of pull zones')
    now = datetime.datetime.now(datetime.timezone.utc)
    # A certificate several hostnames serve (the system domain's, a wildcard one) is read once.
    read: dict[str, Summary | None] = {}
    found = []
    for zone in zones:
        if not isinstance(zone, dict):
            continue
        for record in zone.get('Hostnames') or ():
            if not isinstance(record, dict) or not record.get('HasCertificate'):
                continue
            value = str(record.get('Certificate') or '')
            if value not in read:
                read[value] = served_summary(record, now)
            summary = read[value] or {}
            hostname = str(record.get('Value') or '')
            known = summary.get('sha256_fingerprint') is not None
            found.append(
                {
                    'pullzone_id': zone.get('Id'),
                    'pullzone_name': zone.get('Name'),
                    'hostname': hostname,
                    'certificate': dict(summary),
                    'covers': covers(summary['names'], hostname) if known else None,
                }
            )
    return found


class FilterModule:
    def filters(self) -> dict[str, t.Callable[..., t.Any]]:
        return {'hostname_certificates': hostname_certificates}
