# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A pull zone as the ``pullzone`` module manages it: found by name or id, created with its type and settings, updated
with the settings that differ, deleted with what goes with it."""

from __future__ import annotations

import copy
import re
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._options import Option
from ansible_collections.edge.platform.plugins.module_utils._pullzones import (
    PULLZONE_SECRETS,
    SERVICE_PROPERTIES,
    STORAGE_ZONE_ORIGIN,
    PullZoneApi,
    mask_pullzone,
)
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._shield import ShieldApi
from ansible_collections.edge.platform.plugins.module_utils._shield_access_lists import AccessListApi
from ansible_collections.edge.platform.plugins.module_utils._tables.pullzone import PULLZONE_TYPES, SETTINGS, TABLE

# A pull zone name is the first label of its system hostname, a DNS label as RFC 1123 has it: letters, digits and
# inner dashes.
NAME_RE = re.compile(r'[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\Z')

# Chosen when a pull zone is created; a different one on an existing zone is refused (``check``).
TYPE = Field.of(TABLE['type'])


def counted(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def same_text(current: object, wanted: object) -> bool:
    """Texts compared with null and empty as one (the API may answer either for a setting cleared)."""
    return (current or '') == (wanted or '')


def setting_field(option: Option) -> Field:
    """The managed field of a setting; a text compares null and empty as one."""
    return Field.of(option, equal=same_text) if option.type == 'str' and option.enum is None else Field.of(option)


def api_values(values: Record) -> Record:
    """API values as JSON carries them: a set as a sorted list."""
    return {key: sorted(value) if isinstance(value, frozenset) else value for key, value in values.items()}


def with_origin_link(record: Record, values: Record) -> Record:
    """``record`` as the service keeps it after ``values`` were saved: the origin URL sets its link value too; a
    storage zone makes the origin type StorageZone, and 0 takes that away (unless ``values`` set the type)."""
    if 'OriginUrl' in values:
        record['OriginLinkValue'] = values['OriginUrl']
    if values.get('StorageZoneId'):
        record['OriginType'] = STORAGE_ZONE_ORIGIN
    elif 'StorageZoneId' in values and 'OriginType' not in values and record.get('OriginType') == STORAGE_ZONE_ORIGIN:
        record['OriginType'] = 0
    return record


class PullZone(EdgeResource):
    name = 'pullzone'
    noun = 'pull zone'
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
        if plan.action == 'delete' and self.module.diff_mode:
            self.going = self.what_goes(t.cast(Record, plan.current))

    def what_goes(self, zone: Record) -> dict[str, t.Any]:
        """What deleting ``zone`` removes with it, for the diff: its hostnames, its edge rules, its Shield zone and
        the Shield zone's custom access lists (a read of each; only with ``--diff``)."""
        shield_zone = ShieldApi(self.client).zone_of_pullzone(int(zone['Id']))
        access_lists = []
        if shield_zone:
            overview = AccessListApi(self.client, int(shield_zone['shieldZoneId'])).overview()
            access_lists = [item.get('name') for item in overview.get('customLists') or ()]
        return {
            'id': zone['Id'],
            'hostnames': [hostname.get('Value') for hostname in zone.get('Hostnames') or ()],
            'edge_rules': [rule.get('Description') or rule.get('Guid') for rule in zone.get('EdgeRules') or ()],
            'shield_zone_id': shield_zone['shieldZoneId'] if shield_zone else None,
            'access_lists': access_lists,
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

    def outcome(self, plan: Plan, after: Record | None) -> dict[str, object]:
        """With ``state: absent``, ``deleted`` names the pull zone the run deleted (or would, in check mode)."""
        outcome = super().outcome(plan, after)
        if self.state == 'absent':
            gone = plan.current if plan.action == 'delete' else None
            outcome['deleted'] = None if gone is None else {'id': gone['Id'], 'name': gone['Name']}
        return outcome

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
        if not going:
            return f'delete {self.what}'
        parts = [counted(len(going['hostnames']), 'hostname'), counted(len(going['edge_rules']), 'edge rule')]
        if going['shield_zone_id'] is None:
            parts.append('no Shield zone')
        else:
            lists = going['access_lists']
            named = f" ({counted(len(lists), 'access list')}: {', '.join(lists)})" if lists else ''
            parts.append(f"Shield zone {going['shield_zone_id']}{named}")
        return f"delete {self.what} with {', '.join(parts[:-1])} and {parts[-1]}"
