# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A certificate a customer would give pullzone_hostname, made inside the controller with the dates and names a target
wants (tests/certificates.py): a new key each time, so each call makes a different certificate."""

from __future__ import annotations

import typing as t

from ansible.plugins.lookup import LookupBase

from ansible_collections.edge.platform.tests.certificates import make_certificate

DOCUMENTATION = r"""
name: test_certificate
short_description: A new certificate and its key, for the names given
description:
  - Returns one dictionary - C(certificate) (PEM, the leaf then the CA that issued it), C(key) (PEM, unencrypted),
    C(leaf) (PEM), C(key_body) (the Base64 body of the key's PEM, on one line), C(fingerprint) (SHA-256 of the leaf's
    DER, lowercase hex) and C(not_after) (ISO 8601 UTC).
options:
  _terms:
    description: The DNS names of the certificate; the first is its common name.
    required: true
  days_left:
    description: Days until it ends (negative - it has expired).
    type: float
    default: 365
  days_valid:
    description: Days it is valid in all (its start is O(days_left) - O(days_valid) days from now; less than
      O(days_left) - it is not valid yet). Default a year, or O(days_left) plus a day when longer.
    type: float
  key_type:
    description: The type of its key.
    type: str
    choices: [ec, rsa]
    default: ec
"""


class LookupModule(LookupBase):
    def run(self, terms: list[t.Any], variables: dict[str, t.Any] | None = None, **kwargs: t.Any) -> list[t.Any]:
        self.set_options(var_options=variables, direct=kwargs)
        made = make_certificate(
            [str(name) for name in terms],
            days_left=self.get_option('days_left'),
            days_valid=self.get_option('days_valid'),
            key_type=self.get_option('key_type'),
        )
        return [{**made.as_dict(), 'key_body': made.key_body}]
