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
  - O(state=absent) deletes the pull zone with everything on it, its hostnames, edge rules and Shield zone; with
    C(--diff) the C(before) names them.
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

import copy
import re
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._options import Option
from ansible_collections.edge.platform.plugins.module_utils._pullzones import (
    PULLZONE_SECRETS,
    SERVICE_PROPERTIES,
    PullZoneApi,
    mask_pullzone,
)
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._shield import shield_zone_of_pullzone
from ansible_collections.edge.platform.plugins.module_utils._tables.pullzone import PULLZONE_TYPES, SETTINGS, TABLE

# A pull zone name is the first label of its system hostname, a DNS label as RFC 1123 has it: letters, digits and
# inner dashes.
NAME_RE = re.compile(r'[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\Z')

# Chosen when a pull zone is created; a different one on an existing zone is refused (``check``).
TYPE = Field.of(TABLE['type'])


def counted(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def same_text(current: t.Any, wanted: t.Any) -> bool:
    """Texts compared with null and empty as one (the API may answer either for a setting cleared)."""
    return (current or '') == (wanted or '')


def setting_field(option: Option) -> Field:
    """The managed field of a setting; a text compares null and empty as one."""
    return Field.of(option, equal=same_text) if option.type == 'str' and option.enum is None else Field.of(option)


def api_values(values: Record) -> Record:
    """API values as JSON carries them: a set as a sorted list."""
    return {key: sorted(value) if isinstance(value, frozenset) else value for key, value in values.items()}


def with_origin_link(record: Record, values: Record) -> Record:
    """``record`` as the service keeps it after ``values`` were saved: the origin URL sets its link value too."""
    if 'OriginUrl' in values:
        record['OriginLinkValue'] = values['OriginUrl']
    return record


class PullZone(EdgeResource):
    name = 'pullzone'
    fields = (
        Field.of(TABLE['name']),
        TYPE,
        *(setting_field(option) for option in SETTINGS),
    )
    # The API's names of the secrets (the result) and the options' (the diff).
    secret_keys = PULLZONE_SECRETS | frozenset(option.name for option in SETTINGS if option.secret)

    def __init__(self, module: EdgeModule) -> None:
        super().__init__(module)
        self.api = PullZoneApi(self.client)
        #: What a delete takes with it (its hostnames, edge rules and Shield zone), for the diff.
        self.going: dict[str, t.Any] = {}

    @property
    def what(self) -> str:
        return f"pull zone \"{self.params['name']}\"" if self.params['name'] else f"pull zone {self.params['id']}"

    # ---- input ----

    def validate(self) -> None:
        self.module.refuse_non_positive('id')
        name = self.params['name']
        if name is not None and not NAME_RE.match(name):
            self.module.fail(
                f'name {name!r} must be 1 to 63 letters, digits and dashes, starting and ending with a letter or a '
                'digit (it becomes the first label of the pull zone hostname)'
            )
        for problem in SETTINGS.problems(self.params):
            self.module.fail(problem)

    # ---- reading ----

    def find(self) -> Record | None:
        return self.api.find(zone_id=self.params['id'], name=self.params['name'])

    def resolve(self, wanted: Record, current: Record | None) -> Record:
        if current is None:
            wanted.setdefault('Type', PULLZONE_TYPES.number('premium'))  # as the service chooses; the result says so
        return wanted

    def check(self, plan: Plan) -> None:
        if plan.action == 'create' and self.params['name'] is None:
            self.module.fail(f"pull zone {self.params['id']} does not exist; give name to create a pull zone")
        if plan.action == 'update':
            current = t.cast(Record, plan.current)
            if 'Type' in plan.changes:
                self.module.fail(
                    f"type cannot change: {self.what} (id {current['Id']}) is {TYPE.shown(current.get('Type'))}, "
                    f"not {self.params['type']}; the type is chosen when a pull zone is created"
                )
            changed_secrets = [option.name for option in SETTINGS if option.secret and option.api in plan.changes]
            self.notes.extend(f'{option} changes (not shown)' for option in changed_secrets)
        if plan.action == 'delete':
            self.going = self.what_goes(t.cast(Record, plan.current))

    def what_goes(self, zone: Record) -> dict[str, t.Any]:
        """What deleting ``zone`` removes with it: its hostnames, its edge rules and its Shield zone (a read)."""
        shield_zone = shield_zone_of_pullzone(self.client, int(zone['Id']))
        return {
            'id': zone['Id'],
            'hostnames': [hostname.get('Value') for hostname in zone.get('Hostnames') or ()],
            'edge_rules': [rule.get('Description') or rule.get('Guid') for rule in zone.get('EdgeRules') or ()],
            'shield_zone_id': shield_zone['shieldZoneId'] if shield_zone else None,
        }

    # ---- writing ----

    def create(self, wanted: Record) -> Record:
        settings = api_values({key: value for key, value in wanted.items() if key != 'Name'})
        return self.api.create(str(self.params['name']), settings)

    def update(self, current: Record, changes: Record) -> Record:
        return self.api.update(int(current['Id']), api_values(changes))

    def delete(self, current: Record) -> None:
        self.api.delete(int(current['Id']))

    # ---- check mode ----

    def predict_create(self, wanted: Record) -> Record:
        record: Record = dict.fromkeys((*SERVICE_PROPERTIES, *SETTINGS.apis()))
        record.update(Hostnames=[], EdgeRules=[], **api_values(wanted))
        return with_origin_link(record, wanted)

    def predict_update(self, current: Record, changes: Record) -> Record:
        return with_origin_link({**current, **api_values(changes)}, changes)

    # ---- output ----

    def result_view(self, resource: Record | None) -> Record | None:
        return mask_pullzone(copy.deepcopy(resource)) if resource is not None else None

    def diff_fields(self) -> t.Sequence[Field]:
        """The name and type of the zone, and the options the user set."""
        return [
            field for field in self.fields if field.api in ('Name', 'Type') or self.params[field.option] is not None
        ]

    def diff_view(self, resource: Record | None) -> Record | None:
        view = super().diff_view(resource)
        if view is not None and self.state == 'absent':
            view.update(self.going)
        return view

    def describe(self, plan: Plan) -> str | None:
        if plan.action != 'delete':
            return plan.note
        going = self.going
        parts = [counted(len(going['hostnames']), 'hostname'), counted(len(going['edge_rules']), 'edge rule')]
        parts.append(
            f"Shield zone {going['shield_zone_id']}" if going['shield_zone_id'] is not None else 'no Shield zone'
        )
        return f"delete {self.what} with {', '.join(parts[:-1])} and {parts[-1]}"


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[('name', 'id')],
        required_one_of=[('name', 'id')],
    )
    PullZone(module).run()


if __name__ == '__main__':
    main()
