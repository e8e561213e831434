# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""site_result of the edge.platform.site role (the filter ``edge.platform.site_result``), and of each declaration that
``site_drift_info`` plans: one entry per managed resource (kind, name, id, changed, action,
details), built from the results the role registered, which mask every secret. In check mode it is what would
change. The role hands over what it registered (``run``: a result left out is a part that did not run) and the
variables that declare the site (``declared``).

Python rather than a template: the summary runs at the end of every run of the role, and a template of this size
cost a converged site a tenth of its time, most of it compiling the template each run.
"""

from __future__ import annotations

import json
import typing as t
from collections.abc import Mapping

Result = t.Mapping[str, t.Any]
Kept = t.TypeVar('Kept')


class _Resource(t.TypedDict):
    kind: str
    name: object
    id: object
    changed: bool
    action: str
    details: list[str]


class Resource(_Resource, total=False):
    """One resource of the summary: what it is, what was done (or would be), the lines that say what changed and the
    options that changed (those its module's diff shows)."""

    options: list[str]


class NotChecked(t.TypedDict):
    """A resource the run could not check, and why."""

    kind: str
    name: object
    reason: str


# Each part of a pull zone that edge.platform.site_pullzone reports as a list: its kind, its key in the results, the
# key of the item that names it, the record its result holds and the record's id.
ZONE_PARTS = (
    ('hostname', 'hostnames', 'hostname', 'hostname', 'Id'),
    ('edge_rule', 'edge_rules', 'description', 'edge_rule', 'Guid'),
)
# The custom WAF rules and rate limits of the Shield zone: their kind, their key in the results and the record their
# result holds (empty once deleted: the item then carries the rule's id).
RULE_PARTS = (('waf_rule', 'waf_rules', 'rule'), ('rate_limit', 'rate_limits', 'rate_limit'))


def changed(result: Result) -> bool:
    """Whether a module's result changed something (or would, in check mode): its ``changed``, or, when the role ran
    for edge.platform.audit (whose tasks report no change of their own), what the result itself shows - entries
    added or removed, a diff whose two sides differ."""
    if result.get('changed') or result.get('added') or result.get('removed'):
        return True
    diff = result.get('diff')
    return isinstance(diff, Mapping) and 'before' in diff and diff.get('before') != diff.get('after')


def skipped(result: Result) -> bool:
    return bool(result.get('skipped'))


def short(value: object) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 80 else text[:77] + '...'


def unique(items: t.Iterable[Kept]) -> list[Kept]:
    kept: list[Kept] = []
    for item in items:
        if item not in kept:
            kept.append(item)
    return kept


def listed(values: t.Sequence[object]) -> str:
    return ', '.join(str(value) for value in values[:5]) + (', ...' if len(values) > 5 else '')


def mapping(value: t.Any) -> Mapping[str, t.Any]:
    return value if isinstance(value, Mapping) else {}


def diff_lines(diff: object) -> list[str]:
    """A module's diff as lines: each setting that changes, nested settings by their dotted name; the entries of a
    list (the diff holds the whole list before and after) as those added and removed."""
    before, after = mapping(mapping(diff).get('before')), mapping(mapping(diff).get('after'))
    lines: list[str] = []
    for key in unique([*before, *after]):
        if key == 'entries':
            old, new = before.get('entries') or [], after.get('entries') or []
            added = unique(entry for entry in new if entry not in old)
            removed = unique(entry for entry in old if entry not in new)
            if added:
                lines.append(f'entries added: {len(added)} ({listed(added)})')
            if removed:
                lines.append(f'entries removed: {len(removed)} ({listed(removed)})')
        elif isinstance(before.get(key), Mapping) or isinstance(after.get(key), Mapping):
            inner_before, inner_after = mapping(before.get(key)), mapping(after.get(key))
            for inner in unique([*inner_before, *inner_after]):
                if inner not in inner_before:
                    lines.append(f'{key}.{inner}: {short(inner_after.get(inner))}')
                elif inner_before[inner] != inner_after.get(inner):
                    lines.append(f'{key}.{inner}: {short(inner_before[inner])} -> {short(inner_after.get(inner))}')
        elif key not in before:
            lines.append(f'{key}: {short(after[key])}')
        elif before.get(key) != after.get(key):
            lines.append(f"{key}: {short(before[key])} -> {short(after[key]) if key in after else 'gone'}")
    return lines


def from_result(kind: str, name: object, resource_id: object, result: Result) -> Resource:
    """A resource as its module's result tells it: the diff's header names what was done."""
    diff = result.get('diff')
    is_changed = changed(result)
    if isinstance(diff, Mapping) and 'after_header' in diff:
        action = diff['after_header']
    else:
        action = 'update' if is_changed else 'none'
    details = diff_lines(diff if diff is not None else {}) if is_changed else []
    resource: Resource = {
        'kind': kind,
        'name': name,
        'id': resource_id,
        'changed': is_changed,
        'action': action,
        'details': details,
    }
    if is_changed:  # an update's: what is created or deleted changes whole
        before, after = (mapping(mapping(diff).get(side)) for side in ('before', 'after'))
        resource['options'] = unique([*before, *after]) if before and after else []
    return resource


def zone_results(run: Mapping[str, t.Any]) -> Mapping[str, t.Any]:
    """The results of edge.platform.site_pullzone's parts (empty when it did not run)."""
    zone = mapping(run.get('zone'))
    return mapping(zone.get('objects')) if not skipped(zone) else {}


def pullzone_resources(declared: Mapping[str, t.Any], run: Mapping[str, t.Any]) -> list[Resource]:
    """A declared pull zone, the DNS records of its hostnames, then its hostnames and edge rules, as
    edge.platform.site_pullzone made them (or would make them, in check mode: a part of a pull zone to be created is
    created with it)."""
    results, zone = zone_results(run), mapping(mapping(run.get('zone')).get('pullzone'))
    resources = []
    if results.get('pullzone'):
        resources.append(from_result('pullzone', zone.get('name'), zone.get('id'), results['pullzone']))
    for result in results.get('dns_records') or []:
        hostname = mapping(result.get('item')).get('hostname')
        resources.append(from_result('dns_record_set', f'pullzone {hostname}', result.get('dns_zone_id'), result))
    for kind, key, item_key, record, id_key in ZONE_PARTS:
        for index, result in enumerate(results.get(key) or []):
            held = mapping(result.get(record))
            name = mapping(result.get('item')).get(item_key) or held.get('Guid') or f'#{index + 1}'
            resources.append(from_result(kind, name, held.get(id_key), result))
    return resources


def shield_resources(declared: Mapping[str, t.Any], run: Mapping[str, t.Any]) -> list[Resource]:
    """The Shield zone, then the custom access lists, as edge.platform.site_pullzone made them (or would)."""
    results, zone = zone_results(run), mapping(mapping(run.get('zone')).get('pullzone'))
    resources = []
    shield = results.get('shield')
    if shield:
        shield_id = mapping(shield.get('shield_zone')).get('shieldZoneId')
        resources.append(from_result('shield_zone', zone.get('name'), shield_id, shield))
    for result in results.get('access_lists') or []:
        name = mapping(result.get('item')).get('name')
        resources.append(from_result('access_list', name, mapping(result.get('access_list')).get('id'), result))
    return resources + rule_resources(declared, run)


def rule_resources(declared: Mapping[str, t.Any], run: Mapping[str, t.Any]) -> list[Resource]:
    """The custom WAF rules, then the rate limits, of the Shield zone as edge.platform.site_pullzone made them (or
    would): those rules_exclusive deletes, then the declared ones."""
    results = zone_results(run)
    resources = []
    for kind, key, record in RULE_PARTS:
        for result in results.get(key) or []:
            item = mapping(result.get('item'))
            rule_id = mapping(result.get(record)).get('id') or item.get('id')
            resources.append(from_result(kind, item.get('name'), rule_id, result))
    return resources


def purge_of(declared: Mapping[str, t.Any], run: Mapping[str, t.Any]) -> dict[str, t.Any] | None:
    """The purge the pull zone part asked for: its reasons, whether purging is on, the mode of the run that asked
    (null when nothing is to be purged); None when no pull zone was declared or the part did not run."""
    zone, pullzone = mapping(run.get('zone')), declared.get('site_pullzone')
    if not isinstance(pullzone, Mapping) or skipped(zone) or 'purge' not in zone:
        return None
    reasons = list(zone['purge'].get('reasons') or [])
    return {
        'reasons': reasons,
        'enabled': bool(pullzone.get('purge_on_change', True)),
        'check_mode': zone['purge'].get('check_mode') if reasons else None,
    }


def storage_resources(declared: Mapping[str, t.Any], run: Mapping[str, t.Any]) -> list[Resource]:
    """Storage zones, as their module reports them (the loop item is a position in site_storage_zones)."""
    zones = declared.get('site_storage_zones') or []
    resources = []
    for result in (run.get('storage_zones') or {}).get('results') or []:
        if not skipped(result):
            wanted = zones[result['item']]
            name = wanted.get('name') or wanted.get('id')
            resources.append(from_result('storage_zone', name, (result.get('storage_zone') or {}).get('Id'), result))
    return resources


def without_records(result: Result) -> dict[str, t.Any]:
    """A DNS zone's result as the zone's own change: its diff without the record sets (each is a resource of its own),
    changed when its settings change or the zone is made or deleted."""
    diff = mapping(result.get('diff'))
    sides = {side: {k: v for k, v in mapping(diff.get(side)).items() if k != 'records'} for side in ('before', 'after')}
    whole = str(diff.get('after_header') or '').startswith(('create', 'delete'))
    own = dict(result, diff={**diff, **sides}) if diff else dict(result)
    if 'records' in mapping(diff.get('after')) or 'records' in mapping(diff.get('before')):
        own['changed'] = whole or sides['before'] != sides['after']
        if not own['changed']:
            own['diff'] = {}
    return own


def dns_resources(declared: Mapping[str, t.Any], run: Mapping[str, t.Any]) -> list[Resource]:
    """DNS zones, each followed by its record sets that change, as edge.platform.dns_zone reports them (the loop item is
    a position in site_dns_zones)."""
    zones = declared.get('site_dns_zones') or []
    resources = []
    for result in (run.get('dns_zones') or {}).get('results') or []:
        if skipped(result):
            continue
        wanted, held = zones[result['item']], mapping(result.get('dns_zone'))
        domain = str(wanted.get('domain') or held.get('Domain') or wanted.get('id')).rstrip('.').lower()
        resources.append(from_result('dns_zone', domain, held.get('Id'), without_records(result)))
        for record_set in result.get('record_sets') or []:
            if not changed(record_set):
                continue
            name = record_set.get('name')
            full = domain if name in ('@', '') else f'{name}.{domain}'
            resources.append(
                from_result(
                    'dns_record_set', f"{record_set.get('type')} {full}", record_set.get('dns_zone_id'), record_set
                )
            )
    return resources


def other_resources(declared: Mapping[str, t.Any], run: Mapping[str, t.Any]) -> list[Resource]:
    """Container registries, blocked referrers and thumbnails of video libraries, as their modules report them."""
    resources = []
    registries = declared.get('site_registries') or []
    for result in (run.get('registries') or {}).get('results') or []:
        if not skipped(result):  # the loop item is a position in site_registries
            name = registries[result['item']]['display_name']
            resources.append(from_result('registry', name, (result.get('registry') or {}).get('id'), result))
    for result in (run.get('referrers') or {}).get('results') or []:
        if skipped(result):
            continue
        lines = []
        if result.get('added'):
            lines.append('block: ' + ', '.join(map(str, result['added'])))
        if result.get('removed'):
            lines.append('unblock: ' + ', '.join(map(str, result['removed'])))
        wanted = result['item']
        resource_id = result['library_id'] if 'library_id' in result else wanted.get('library_id')
        resources.append(
            {
                'kind': 'video_blocked_referrers',
                'name': f"library {wanted.get('library_name') or wanted.get('library_id')}",
                'id': resource_id,
                'changed': changed(result),
                'action': 'update' if changed(result) else 'none',
                'details': lines,
            }
        )
    for result in (run.get('thumbnails') or {}).get('results') or []:
        if skipped(result):
            continue
        wanted = result['item']
        library = wanted.get('library_name') or wanted.get('library_id')
        details = [f"image sha256 {result['checksum']}"] if changed(result) and 'checksum' in result else []
        resources.append(
            {
                'kind': 'video_thumbnail',
                'name': f"video {wanted['video_id']} of library {library}",
                'id': wanted['video_id'],
                'changed': changed(result),
                'action': 'set' if changed(result) else 'none',
                'details': details,
            }
        )
    return resources


def database_label(declared: Mapping[str, t.Any], run: Mapping[str, t.Any]) -> object:
    """The database as the summary names it: by its id (found by name), or the env file's variable."""
    database, token = declared.get('site_database'), run.get('db_token') or {}
    if database is None:
        return 'SERVICE_DATABASE_URL'
    if 'database_id' in token:
        return token['database_id']
    return database.get('database_id') or database.get('database_name')


def database_resources(
    declared: Mapping[str, t.Any], run: Mapping[str, t.Any]
) -> tuple[list[Resource], list[NotChecked], dict[str, object]]:
    """The database credentials (never the token: the module's diff masks it) and the migrations: the resources, what
    could not be checked, and the schema version before and after."""
    label, token, schema = database_label(declared, run), run.get('db_token'), run.get('schema')
    resources: list[Resource] = []
    not_checked: list[NotChecked] = []
    version: dict[str, object] = {'before': None, 'after': None}
    if token is not None and not skipped(token):
        diff = token.get('diff') or {}
        token_before, token_after = (
            (diff.get('before') or {}).get('token', ''),
            (diff.get('after') or {}).get('token', ''),
        )
        if not changed(token):
            action = 'none'
        elif token_after != token_before:
            action = f'generate {token_after}'
        else:
            action = 'update the env file'
        details = []
        if changed(token):
            details = [f"token: {(diff.get('before') or {}).get('token', 'unknown')}"]
            details += [f"env_file: {token['env_file']}"] if 'env_file' in token else []
        resources.append(
            {
                'kind': 'database_credentials',
                'name': label,
                'id': label,
                'changed': changed(token),
                'action': action,
                'details': details,
            }
        )
    migrations = declared.get('site_migrations') or []
    if migrations and schema is not None:  # not run when --tags left the databases out
        if not skipped(schema):
            before = schema['results'][0]['rows'][0]['user_version']
            pending = [migration for migration in migrations if migration['version'] > before]
            after = pending[-1]['version'] if pending else before
            version = {'before': before, 'after': after}
            details = [f'schema version {before} -> {after}'] + [
                m['description'] for m in pending if 'description' in m
            ]
            resources.append(
                {
                    'kind': 'migrations',
                    'name': label,
                    'id': label,
                    'changed': bool(pending),
                    'action': 'apply ' + ', '.join(str(m['version']) for m in pending) if pending else 'none',
                    'details': details if pending else [],
                }
            )
        else:
            not_checked.append(
                {
                    'kind': 'migrations',
                    'name': label,
                    'reason': 'the env file has no working token yet: '
                    'the schema version is read once credentials exist',
                }
            )
    return resources, not_checked, version


def site_result(declared: Mapping[str, t.Any], run: Mapping[str, t.Any]) -> dict[str, object]:
    """site_result: what the run changed (or would change, in check mode), resource by resource, and its summary."""
    resources = storage_resources(declared, run) + dns_resources(declared, run) + pullzone_resources(declared, run)
    resources += shield_resources(declared, run)
    resources += other_resources(declared, run)
    database, not_checked, schema = database_resources(declared, run)
    resources += database
    # The purge the handler will do (the handler runs later, when the play's handlers run).
    purge = purge_of(declared, run)
    zone = mapping(run.get('zone')).get('pullzone')
    summary = [f"{r['kind']} {r['name']}: {r['action'] if r['changed'] else 'as declared'}" for r in resources]
    if purge is not None and purge['enabled'] and purge['reasons']:
        reasons = ', '.join(purge['reasons'])
        summary.append(f"cache of pull zone {mapping(zone).get('name')}: purge notified ({reasons})")
    summary += [f"{item['kind']} {item['name']}: not checked ({item['reason']})" for item in not_checked]
    changes = [resource for resource in resources if resource['changed']]
    return {
        'changed': bool(changes),
        'pullzone': zone if declared.get('site_pullzone') is not None else None,
        'resources': resources,
        'changes': changes,
        'summary': summary,
        'not_checked': not_checked,
        'purge': {key: purge[key] for key in ('reasons', 'enabled', 'check_mode')} if purge is not None else None,
        'schema_version': schema,
    }
