# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The drift of an account from a directory of its declarations (what edge.platform.export wrote): what
edge.platform.site_info declares of the account now, compared with each file, object by object, in the role's terms.

A declaration leaves out what a new object gets, so a value a file does not give and the account now gives is drift
too (the object no longer has what a new one gets): the comparison is of declarations, not of one against the other's
keys. Each object that differs is a resource of site_result's shape (kind, name, id, changed, action, details), so the
audit reports it as it reports the drift of the site role's variables.
"""

from __future__ import annotations

import json
import typing as t
from collections.abc import Mapping

from ansible_collections.edge.platform.plugins.module_utils._records import Record

NEW = '(as new)'  # the value a new object gets, which a declaration leaves out


def shown(value: t.Any) -> str:
    if value is NEW:
        return str(value)
    text = json.dumps(value, default=str)
    return text if len(text) <= 80 else text[:77] + '...'


def canonical(value: t.Any) -> t.Any:
    """A value compared as the role compares it: lists of strings as sets."""
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return sorted(set(value))
    if isinstance(value, list):
        return [canonical(item) for item in value]
    if isinstance(value, Mapping):
        return {key: canonical(item) for key, item in value.items()}
    return value


def detail_lines(declared: Record, live: Record, prefix: str = '') -> list[str]:
    """Each key whose value differs, ``key: declared -> live`` (a key one side leaves out: what a new object gets)."""
    lines = []
    for key in [*declared, *(key for key in live if key not in declared)]:
        before, after = declared.get(key, NEW), live.get(key, NEW)
        if isinstance(before, Mapping) and isinstance(after, Mapping):
            lines += detail_lines(t.cast(Record, before), t.cast(Record, after), f'{prefix}{key}.')
        elif canonical(before) != canonical(after):
            lines.append(f'{prefix}{key}: {shown(before)} -> {shown(after)}')
    return lines


def resource(kind: str, name: t.Any, resource_id: t.Any, action: str, details: list[str]) -> dict[str, t.Any]:
    changed = action != 'none'
    return {'kind': kind, 'name': name, 'id': resource_id, 'changed': changed, 'action': action, 'details': details}


def items_by(items: t.Iterable[Record], key: str) -> dict[t.Any, Record]:
    return {str(item.get(key)).lower() if key == 'hostname' else item.get(key): item for item in items}


def compare_items(
    kind: str, key: str, declared: t.Sequence[Record], live: t.Sequence[Record], zone: str
) -> list[dict[str, t.Any]]:
    """Objects of a list (hostnames, access lists) matched by ``key``: changed, added in the account, or gone; each
    named after its pull zone too (a list of one name may be in every Shield zone)."""
    before, after = items_by(declared, key), items_by(live, key)
    found = []
    for item in [*before, *(item for item in after if item not in before)]:
        name = f'{zone} {item}'
        if item not in after:
            found.append(resource(kind, name, None, 'gone from the account', []))
        elif item not in before:
            found.append(resource(kind, name, None, 'added in the account', detail_lines({}, after[item])))
        else:
            lines = detail_lines(dict(before[item]), dict(after[item]))
            found.append(resource(kind, name, None, 'differs' if lines else 'none', lines))
    return found


def compare_rules(declared: t.Sequence[Record], live: t.Sequence[Record], zone: str) -> list[dict[str, t.Any]]:
    """Edge rules as the role matches them: equal ones pair off; the rest are gone, added, or (one of each with the
    same description) changed. Each named after its pull zone too."""
    remaining = [canonical(rule) for rule in live]
    leftover = []
    found = []
    for rule in declared:
        wanted = canonical(rule)
        if wanted in remaining:
            remaining.remove(wanted)
            found.append(
                resource('edge_rule', f"{zone} {rule.get('description') or '(no description)'}", None, 'none', [])
            )
        else:
            leftover.append(rule)
    for rule in leftover:
        description = rule.get('description')
        twin = next((other for other in remaining if other.get('description') == description), None)
        name = f"{zone} {description or '(no description)'}"
        if twin is not None:
            remaining.remove(twin)
            found.append(resource('edge_rule', name, None, 'differs', detail_lines(dict(rule), dict(twin))))
        else:
            found.append(resource('edge_rule', name, None, 'gone from the account', []))
    for rule in remaining:
        name = f"{zone} {rule.get('description') or '(no description)'}"
        found.append(resource('edge_rule', name, None, 'added in the account', detail_lines({}, rule)))
    return found


def site_drift(declared: Record | None, live: Record | None, name: str, zone_id: t.Any) -> list[dict[str, t.Any]]:
    """Every object of one pull zone, compared with its declaration (None: the file, or the pull zone, is gone)."""
    if live is None:
        return [resource('pullzone', name, None, 'gone from the account (its file declares it)', [])]
    if declared is None:
        return [resource('pullzone', name, zone_id, 'added in the account (no file declares it)', [])]
    zone, now = declared.get('site_pullzone') or {}, live.get('site_pullzone') or {}
    own = ('origin', 'settings')
    lines = detail_lines({key: zone[key] for key in own if key in zone}, {key: now[key] for key in own if key in now})
    found = [resource('pullzone', name, zone_id, 'differs' if lines else 'none', lines)]
    found += compare_items('hostname', 'hostname', zone.get('hostnames') or [], now.get('hostnames') or [], name)
    found += compare_rules(zone.get('edge_rules') or [], now.get('edge_rules') or [], name)
    shield, shield_now = declared.get('site_shield'), live.get('site_shield')
    if shield is not None or shield_now is not None:
        if shield_now is None:
            found.append(resource('shield_zone', name, None, 'gone from the account', []))
        elif shield is None:
            found.append(resource('shield_zone', name, None, 'added in the account', detail_lines({}, shield_now)))
        else:
            lines = detail_lines(shield, shield_now)
            found.append(resource('shield_zone', name, None, 'differs' if lines else 'none', lines))
    found += compare_items(
        'access_list', 'name', declared.get('site_access_lists') or [], live.get('site_access_lists') or [], name
    )
    return found


def declaration_drift(declared: Mapping[str, Record], sites: t.Sequence[Record]) -> dict[str, t.Any]:
    """The drift of the account (``sites``, as site_info returns them) from ``declared``: each file's declaration by
    its pull zone's name. ``changes`` and ``resources`` as site_result has them."""
    live = {str(site.get('pullzone_name')): site for site in sites}
    resources = []
    for name in [*declared, *(name for name in live if name not in declared)]:
        site = live.get(name)
        zone_id = site.get('pullzone_id') if site is not None else None
        now = site.get('declaration') if site is not None else None
        resources += site_drift(declared.get(name), now, name, zone_id)
    changes = [item for item in resources if item['changed']]
    return {'changed': bool(changes), 'changes': changes, 'resources': resources, 'not_checked': []}
