# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A storage zone as the ``storage_zone`` module manages it: found by name or id, created in its region and tier,
its replication regions only ever added, its settings updated; deleted only when no pull zone uses it as its origin.
Its passwords are returned only when asked, and shown nowhere else."""

from __future__ import annotations

import copy
import re
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._pullzones import HOSTNAME_SECRETS, PULLZONE_SECRETS
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._resources.pullzone import api_values, same_text
from ansible_collections.edge.platform.plugins.module_utils._secrets import MASK
from ansible_collections.edge.platform.plugins.module_utils._storage import (
    PASSWORDS,
    PROPERTIES,
    StorageApi,
    mask_storage_zone,
)
from ansible_collections.edge.platform.plugins.module_utils._tables.storage_zone import STORAGE_ZONE_TIERS, TABLE
from ansible_collections.edge.platform.plugins.module_utils._validation import text_problem

# A storage zone name: letters, digits and dashes, as the service takes them.
NAME_RE = re.compile(r'[A-Za-z0-9-]{1,63}\Z')
# Texts that the service keeps as null when they are set empty (an empty one clears them).
TEXTS = ('Custom404FilePath', 'OriginUrl')
# A region code: letters (the API lists them in upper case: DE, NY, SYD …).
REGION_RE = re.compile(r'[A-Za-z]{1,16}\Z')


def region_code(value: str) -> str:
    return value.strip().upper()


# Chosen when a storage zone is created; a different one on an existing zone is refused (``check``).
REGION = Field.of(TABLE['region'], to_api=region_code)
TIER = Field.of(TABLE['tier'])
REPLICATION = Field.of(
    TABLE['replication_regions'], to_api=lambda values: frozenset(region_code(value) for value in values)
)


def kept(record: Record, values: Record) -> Record:
    """``record`` as the service keeps it after ``values`` were saved: an empty text as null."""
    record.update(api_values(values))
    for key in TEXTS:
        if record.get(key) == '':
            record[key] = None
    return record


def listed(codes: t.Iterable[str]) -> str:
    return ', '.join(sorted(codes))


class StorageZone(EdgeResource):
    name = 'storage_zone'
    noun = 'storage zone'
    fields = (
        Field.of(TABLE['name']),
        REGION,
        TIER,
        REPLICATION,
        Field.of(TABLE['rewrite_404_to_200']),
        Field.of(TABLE['custom_404_file_path'], equal=same_text),
        Field.of(TABLE['origin_url'], equal=same_text),
    )
    # The zone's passwords and, in the pull zones it lists, theirs: masked in the result (the passwords only without
    # return_password) and in the diff, which shows none of them anyway.
    secret_keys = PASSWORDS | PULLZONE_SECRETS | HOSTNAME_SECRETS

    def __init__(self, module: EdgeModule) -> None:
        super().__init__(module)
        self.api = StorageApi(self.client)

    @property
    def what(self) -> str:
        return f"storage zone \"{self.params['name']}\"" if self.params['name'] else f"storage zone {self.params['id']}"

    def described(self, zone: Record) -> str:
        return f"storage zone \"{zone.get('Name')}\" (id {zone.get('Id')})"

    # ---- input ----

    def validate(self) -> None:
        self.module.refuse_non_positive('id')
        for problem in TABLE.problems(self.params):
            self.module.fail(problem)
        name = self.params['name']
        if name is not None and not NAME_RE.match(name):
            self.module.fail(f'name {name!r} must be 1 to 63 letters, digits and dashes')
        region = self.params['region']
        if region is not None and not REGION_RE.match(region.strip()):
            self.module.fail(f'region {region!r} must be a region code, letters such as DE or NY')
        replication = self.params['replication_regions']
        for code in replication or ():
            if not REGION_RE.match(code.strip()):
                self.module.fail(f'replication_regions {code!r} must be a region code, letters such as DE or NY')
        if region is not None and region_code(region) in {region_code(code) for code in replication or ()}:
            self.module.fail(
                f'replication_regions must not hold the main region {region_code(region)}: the files are there already'
            )
        path = self.params['custom_404_file_path']
        reason = text_problem(path) if path else None
        if reason:
            self.module.fail(f'custom_404_file_path {path!r} {reason}')

    # ---- reading ----

    def find(self) -> Record | None:
        zone = self.api.find(zone_id=self.params['id'], name=self.params['name'])
        self.hide(zone)
        return zone

    def hide(self, zone: Record | None) -> None:
        """Passwords that are not returned are masked wherever else they might show up (Ansible's no_log values)."""
        if zone is not None and not self.params['return_password']:
            self.module.ansible.no_log_values.update(
                str(zone[key]) for key in PASSWORDS if zone.get(key) not in (None, '')
            )

    def resolve(self, wanted: Record, current: Record | None) -> Record:
        if current is None:
            wanted.setdefault('ZoneTier', STORAGE_ZONE_TIERS.number('standard'))  # the service's; the result says so
        return wanted

    def check(self, plan: Plan) -> None:
        current = plan.current
        if plan.action == 'create':
            if self.params['name'] is None:
                self.module.fail(f"storage zone {self.params['id']} does not exist; give name to create a storage zone")
            if 'Region' not in plan.wanted:
                self.module.fail(f'region is required to create {self.what}')
            self.check_regions(plan.wanted['Region'], plan.wanted.get('ReplicationRegions') or frozenset())
        elif plan.action == 'update':
            current = t.cast(Record, current)
            for field, option in ((REGION, 'region'), (TIER, 'tier')):
                if field.api in plan.changes:
                    self.module.fail(
                        f'{option} cannot change: {self.described(current)} is {field.shown(current.get(field.api))}, '
                        f'not {field.shown(plan.changes[field.api])}; the {option} is chosen when a storage zone is '
                        'created'
                    )
            if 'ReplicationRegions' in plan.changes:
                held = frozenset(current.get('ReplicationRegions') or ())
                wanted = plan.changes['ReplicationRegions']
                dropped = held - wanted
                if dropped:
                    self.module.fail(
                        f'replication_regions cannot drop {listed(dropped)}: {self.described(current)} replicates to '
                        f'{listed(held)}, and replication regions can only be added'
                    )
                self.check_regions(str(current.get('Region')), wanted - held)
        elif plan.action == 'delete':
            current = t.cast(Record, current)
            users = [f"{zone.get('Name')} ({zone.get('Id')})" for zone in current.get('PullZones') or ()]
            if users:
                self.module.fail(
                    f"{self.described(current)} is the origin of pull zone{'' if len(users) == 1 else 's'} "
                    f"{', '.join(users)}: give them another origin, or delete them, first",
                    pullzones=[zone.get('Name') for zone in current.get('PullZones') or ()],
                )

    def check_regions(self, main: str, replication: t.AbstractSet[str]) -> None:
        """Refuse regions the API does not list (a read of the regions), and the main region among the replication
        regions, before a write that names them."""
        if main in replication:
            self.module.fail(
                f'replication_regions must not hold the main region {main} of {self.what}: the files are there already'
            )
        known = self.api.regions()
        unknown = sorted(code for code in (main, *replication) if code not in known)
        if unknown:
            option = 'region' if unknown == [main] else 'replication_regions'
            self.module.fail(f"{option} {', '.join(unknown)}: not a storage region (the API lists {', '.join(known)})")

    # ---- writing ----

    def create(self, wanted: Record) -> Record:
        values = api_values({key: value for key, value in wanted.items() if key != 'Name'})
        zone = self.api.create(str(self.params['name']), values)
        self.hide(zone)
        return zone

    def update(self, current: Record, changes: Record) -> Record:
        zone = self.api.update(int(current['Id']), api_values(changes))
        self.hide(zone)
        return zone

    def delete(self, current: Record) -> None:
        self.api.delete(int(current['Id']))

    # ---- check mode ----

    def predict_create(self, wanted: Record) -> Record:
        """A new zone: what the service gives every new zone, the values sent; its ids and hosts unknown, its two
        passwords set (shown masked even with return_password)."""
        record: Record = dict.fromkeys(PROPERTIES)
        record.update(
            Deleted=False,
            StorageUsed=0,
            FilesStored=0,
            ReplicationRegions=[],
            PullZones=[],
            Rewrite404To200=False,
            ReplicationChangeInProgress=False,
            Password=MASK,
            ReadOnlyPassword=MASK,
        )
        return kept(record, wanted)

    def predict_update(self, current: Record, changes: Record) -> Record:
        return kept(dict(current), changes)

    # ---- output ----

    def result_view(self, resource: Record | None) -> Record | None:
        if resource is None:
            return None
        return mask_storage_zone(copy.deepcopy(resource), passwords=not self.params['return_password'])

    def diff_fields(self) -> t.Sequence[Field]:
        """The name, region and tier of the zone, and the options the user set."""
        return [
            field
            for field in self.fields
            if field.api in ('Name', 'Region', 'ZoneTier') or self.params[field.option] is not None
        ]
