# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The Shield zone of a pull zone as the ``shield_zone`` module manages it, with its bot detection and upload scanning
parts."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeFinding
from ansible_collections.edge.platform.plugins.module_utils._pullzones import PullZoneApi
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, same_set
from ansible_collections.edge.platform.plugins.module_utils._shield import (
    BOT_DETECTION,
    CREATE_TOP_LEVEL,
    INT32_MAX,
    UPLOAD_SCANNING,
    ShieldApi,
    flatten,
    nest,
    normalize_timestamp,
    same_instant,
    scope_problem,
)
from ansible_collections.edge.platform.plugins.module_utils._tables.shield_zone import TABLE
from ansible_collections.edge.platform.plugins.module_utils._timespec import parse_iso

# The parts of a zone with endpoints of their own, under the prefixes their settings take in the module's records.
BOT = 'botDetection.'
UPLOAD = 'uploadScanning.'
PARTS = ((BOT, BOT_DETECTION), (UPLOAD, UPLOAD_SCANNING))
# The settings of the parts that the create request carries at its top level, by name (the rest is patched after).
ON_CREATE = {prefix + key: name for prefix, part in PARTS for key, name in CREATE_TOP_LEVEL[part].items()}


def engine_config(value: list[dict[str, t.Any]]) -> list[dict[str, str]]:
    return [{'name': item['name'], 'valueEncoded': item['value_encoded']} for item in value]


def engine_config_option(value: list[dict[str, t.Any]]) -> list[dict[str, object]]:
    return [
        {'name': item.get('name'), 'value_encoded': item.get('valueEncoded')}
        for item in value
        if isinstance(item, dict)
    ]


def same_engine_config(current: object, wanted: object) -> bool:
    def by_name(items: t.Any) -> dict[t.Any, t.Any]:
        return {item.get('name'): item.get('valueEncoded') for item in items or () if isinstance(item, dict)}

    return by_name(current) == by_name(wanted)


def same_list(current: t.Iterable[object] | None, wanted: t.Iterable[object] | None) -> bool:
    return list(current or ()) == list(wanted or ())


# What the table cannot say of a setting: how it compares, converts and shows. Sets of rule ids and headers compare as
# sets, but the diff shows them whole.
SETTING_BEHAVIOUR: dict[str, dict[str, object]] = {
    'learning_mode_until': dict(to_api=normalize_timestamp, equal=same_instant),
    'waf_disabled_rules': dict(equal=same_set, members=False),
    'waf_log_only_rules': dict(equal=same_set, members=False),
    'waf_request_ignored_headers': dict(equal=same_set, members=False),
    'waf_custom_rule_order': dict(equal=same_list),
    'waf_engine_config': dict(to_api=engine_config, equal=same_engine_config, from_api=engine_config_option),
}


class ShieldZone(EdgeResource):
    name = 'shield_zone'
    noun = 'Shield zone of pull zone'
    identity = ('pullzone_name', 'pullzone_id')
    fields = tuple(Field.of(option, **SETTING_BEHAVIOUR.get(option.name, {})) for option in TABLE.mapped())

    where: int  # the pull zone the Shield zone protects

    # ---- input ----

    def managed(self, prefix: str = '') -> list[Field]:
        """The fields the user set (those under ``prefix`` when given)."""
        return [f for f in self.fields if self.params.get(f.option) is not None and f.api.startswith(prefix)]

    def validate(self) -> None:
        params = self.params
        problem = scope_problem(params, ('pullzone_id', 'pullzone_name'))
        if problem:
            self.module.fail(problem)
        if params['learning_mode_until'] is not None:
            try:
                parse_iso(params['learning_mode_until'])
            except ValueError as exc:
                self.module.fail(f'learning_mode_until: {exc}')
        for option in ('waf_profile_id', 'ddos_challenge_window'):
            value = params[option]
            if value is not None and not 0 <= value <= INT32_MAX:
                self.module.fail(f'{option} must be between 0 and {INT32_MAX}, got {value}')
        order = params['waf_custom_rule_order']
        if order is not None:
            wrong = [rule for rule in order if rule < 1]
            if wrong:
                self.module.fail(f'waf_custom_rule_order holds ids that are not positive: {wrong}')
            if len(set(order)) != len(order):
                repeated = sorted({rule for rule in order if order.count(rule) > 1})
                self.module.fail(f'waf_custom_rule_order lists a rule more than once: {repeated}')
        for option in ('waf_disabled_rules', 'waf_log_only_rules', 'waf_request_ignored_headers'):
            if params[option] is not None and any(not item.strip() for item in params[option]):
                self.module.fail(f'{option} must not hold empty strings')
        config = params['waf_engine_config']
        if config is not None:
            names = [item['name'] for item in config]
            if any(not name.strip() for name in names):
                self.module.fail('waf_engine_config: every variable needs a name')
            repeated = sorted({name for name in names if names.count(name) > 1})
            if repeated:
                self.module.fail(f'waf_engine_config names must be unique; repeated: {", ".join(repeated)}')

    # ---- reading ----

    @property
    def api(self) -> ShieldApi:
        return ShieldApi(self.client)

    def locate(self) -> int:
        return self.api.resolve_pullzone(self.params['pullzone_id'], self.params['pullzone_name'])

    def find(self) -> Record | None:
        zone = self.api.zone_of_pullzone(self.where)
        if zone is None:
            # A create needs a pull zone: make sure it exists, so check mode does not predict a create that fails.
            if self.params['pullzone_id'] is not None and PullZoneApi(self.client).get(self.where) is None:
                raise EdgeFinding(
                    f'find pull zone {self.where}', f'no pull zone has id {self.where}', 'pullzone.not_found'
                )
            return None
        return self.with_parts(zone)

    def with_parts(self, zone: Record) -> Record:
        """The zone with the settings of its parts that the run manages (a read of each such part)."""
        current = dict(zone)
        for prefix, part in PARTS:
            if self.managed(prefix):
                current.update(flatten(prefix, self.api.part(current['shieldZoneId'], part)))
        return current

    # ---- writing ----

    def patch_parts(self, zone_id: int, changes: Record, after: Record) -> None:
        """Write the bot detection and upload scanning changes through their own endpoints."""
        for prefix, part in PARTS:
            values = {key[len(prefix) :]: value for key, value in changes.items() if key.startswith(prefix)}
            if values:
                after.update(flatten(prefix, self.api.update_part(zone_id, part, nest(values)) or {}))

    def create(self, wanted: Record) -> Record:
        top_level = {name: wanted[key] for key, name in ON_CREATE.items() if key in wanted}
        data = self.api.create_zone(self.where, {k: v for k, v in wanted.items() if '.' not in k}, top_level)
        created = self.predict_create(wanted)
        zone = data.get('shieldZone')
        if isinstance(zone, dict) and zone.get('shieldZoneId') is not None:
            created.update(zone)
            for key, name in ON_CREATE.items():
                if data.get(name) is not None and self.managed(key.split('.', maxsplit=1)[0] + '.'):
                    created[key] = data[name]
        else:  # the answer did not say: read what was created
            created.update(self.api.zone_of_pullzone(self.where) or {})
        rest = {key: value for key, value in wanted.items() if '.' in key and key not in ON_CREATE}
        if rest and created.get('shieldZoneId') is not None:
            self.patch_parts(int(created['shieldZoneId']), rest, created)
        return created

    def update(self, current: Record, changes: Record) -> Record:
        zone_id = int(current['shieldZoneId'])
        after = {**current, **changes}
        zone_changes = {key: value for key, value in changes.items() if '.' not in key}
        if zone_changes:
            after.update(self.api.update_zone(zone_id, zone_changes) or {})
        self.patch_parts(zone_id, changes, after)
        return after

    def predict_create(self, wanted: Record) -> Record:
        return {'pullZoneId': self.where, **wanted}

    # ---- output ----

    def result_view(self, resource: Record | None) -> Record | None:
        return nest(resource) if resource is not None else None

    def diff_fields(self) -> t.Sequence[Field]:
        return self.managed()
