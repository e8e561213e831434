# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A hostname of a pull zone as the ``pullzone_hostname`` module manages it: added or removed, its Force SSL and its
certificate."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._pullzones import PullZoneApi, ZoneHostname
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._shield import scope_problem
from ansible_collections.edge.platform.plugins.module_utils._tables.pullzone_hostname import TABLE
from ansible_collections.edge.platform.plugins.module_utils._validation import bare_hostname_problem


def has_certificate(current: t.Any, wanted: t.Any) -> bool:
    """``certificate: free`` is met by any certificate the hostname has: one is loaded only when it has none."""
    return bool(current) or not wanted


class PullZoneHostname(EdgeResource):
    """One hostname of a pull zone: present or not, its Force SSL, and whether it has a certificate."""

    name = 'hostname'
    fields = (
        Field.of(TABLE['force_ssl']),
        Field.of(TABLE['certificate'], to_api=lambda value: value == 'free', equal=has_certificate),
    )
    secret_keys = ZoneHostname.secret_keys  # the certificate key, masked when the API returns one
    where: ZoneHostname

    @property
    def hostname(self) -> str:
        return str(self.params['hostname']).strip().lower()

    def validate(self) -> None:
        not_a_hostname = bare_hostname_problem(self.hostname)
        problem = scope_problem(self.params, ('pullzone_id', 'pullzone_name')) or (
            not_a_hostname and f"hostname {self.params['hostname']!r} {not_a_hostname}"
        )
        if problem:
            self.module.fail(problem)

    def locate(self) -> ZoneHostname:
        params = self.params
        return PullZoneApi(self.client).zone_hostname(self.hostname, params['pullzone_id'], params['pullzone_name'])

    def find(self) -> dict[str, t.Any] | None:
        return self.where.record()

    def check(self, plan: Plan) -> None:
        problem = plan.action == 'delete' and self.where.removal_problem(t.cast('dict[str, t.Any]', plan.current))
        if problem:
            self.module.fail(problem)

    def create(self, wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        added = self.where.add()
        return self.update(added, self.changes(added, wanted))

    def update(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> dict[str, t.Any]:
        self.where.configure(bool(changes.get('HasCertificate')), changes.get('ForceSSL'))
        return {**current, **changes}

    def delete(self, current: dict[str, t.Any]) -> None:
        self.where.remove()

    def predict_create(self, wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        return self.where.new(bool(wanted.get('ForceSSL')), bool(wanted.get('HasCertificate')))

    def diff_view(self, resource: dict[str, t.Any] | None) -> dict[str, t.Any] | None:
        return ZoneHostname.state(resource) if resource is not None else None

    def outcome(self, plan: Plan, after: dict[str, t.Any] | None) -> dict[str, t.Any]:
        return {**super().outcome(plan, after), 'pullzone_id': self.where.zone_id}
