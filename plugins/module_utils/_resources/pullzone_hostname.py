# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A hostname of a pull zone as the ``pullzone_hostname`` module manages it: added or removed, its Force SSL and its
certificate."""

from __future__ import annotations

import typing as t

from ansible.module_utils.basic import missing_required_lib

from ansible_collections.edge.platform.plugins.module_utils._certificates import (
    CRYPTOGRAPHY,
    FREE,
    HAS_CRYPTOGRAPHY,
    CertificateProblem,
    WantedCertificate,
    not_yet_valid,
    wanted_certificate,
)
from ansible_collections.edge.platform.plugins.module_utils._pullzones import (
    CERTIFICATE_SUMMARY,
    PullZoneApi,
    ZoneHostname,
)
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._shield import scope_problem
from ansible_collections.edge.platform.plugins.module_utils._tables.pullzone_hostname import TABLE
from ansible_collections.edge.platform.plugins.module_utils._validation import bare_hostname_problem


def certificate_met(served: t.Any, wanted: t.Any) -> bool:
    """Whether the certificate a hostname serves (its summary, or None) is the one ``certificate`` asks for."""
    return t.cast(WantedCertificate, wanted).met_by(served)


class PullZoneHostname(EdgeResource):
    """One hostname of a pull zone: present or not, its Force SSL, and its certificate."""

    name = 'hostname'
    noun = 'hostname'
    identity = ('hostname',)
    fields = (
        Field.of(TABLE['force_ssl']),
        # The summary of the certificate the hostname serves, against what ``certificate`` asks (resolve).
        Field('certificate', CERTIFICATE_SUMMARY, equal=certificate_met, choices=TABLE['certificate'].names),
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
        custom = self.certificate.custom if self.certificate is not None else None
        waiting = not_yet_valid(custom.leaf) if custom is not None else None
        if waiting:  # it can be loaded, and serves once its time comes: a warning, not a refusal
            self.module.ansible.warn(f'custom_certificate of hostname {self.hostname}: {waiting}')

    def locate(self) -> ZoneHostname:
        params = self.params
        return PullZoneApi(self.client).zone_hostname(self.hostname, params['pullzone_id'], params['pullzone_name'])

    def find(self) -> Record | None:
        return self.where.record()

    def resolve(self, wanted: Record, current: Record | None) -> Record:
        if CERTIFICATE_SUMMARY in wanted:
            wanted[CERTIFICATE_SUMMARY] = self.certificate
        return wanted

    def check(self, plan: Plan) -> None:
        problem = plan.action == 'delete' and self.where.removal_problem(t.cast('Record', plan.current))
        if problem:
            self.module.fail(problem)

    def wants_free_certificate(self, wanted: Record) -> bool:
        """Whether ``wanted`` asks for a free certificate (loaded right after the hostname is added)."""
        return CERTIFICATE_SUMMARY in wanted and self.certificate is not None and self.certificate.kind == FREE

    def create(self, wanted: Record) -> Record:
        # A free certificate is loaded right after the hostname is added: the hostname is read back once, with it.
        added = self.where.add(free_certificate=self.wants_free_certificate(wanted))
        return self.update(added, self.changes(added, wanted))

    def update(self, current: Record, changes: Record) -> Record:
        return self.where.configure(current, changes.get(CERTIFICATE_SUMMARY), changes.get('ForceSSL'))

    def delete(self, current: Record) -> None:
        self.where.remove()

    def predict_create(self, wanted: Record) -> Record:
        new = self.where.new()
        return self.predict_update(new, self.changes(new, wanted))

    def predict_update(self, current: Record, changes: Record) -> Record:
        return self.where.predict(current, changes.get(CERTIFICATE_SUMMARY), changes.get('ForceSSL'))

    def result_view(self, resource: Record | None) -> Record | None:
        return super().result_view(ZoneHostname.model(resource) if resource is not None else None)

    def diff_view(self, resource: Record | None) -> dict[str, object] | None:
        return ZoneHostname.state(resource) if resource is not None else None

    def outcome(self, plan: Plan, after: Record | None) -> dict[str, object]:
        return {
            **super().outcome(plan, after),
            'certificate': ZoneHostname.certificate(after),
            'pullzone_id': self.where.zone_id,
        }
