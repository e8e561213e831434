# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""site_result of the edge.platform.site role: one entry per managed resource (kind, name, id, changed, action,
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

Result = Mapping[str, t.Any]

# Each part of a declared pull zone: its kind, the key that names an item, the record its module returns and the
# record's id, the registered checks and writes.
ZONE_PARTS = (
    ('hostname', 'hostname', 'hostname', 'Id', 'hostname_checks', 'hostnames'),
    ('edge_rule', 'description', 'edge_rule', 'Guid', 'edge_rule_checks', 'edge_rules'),
)


def changed(result: Result) -> bool:
    return bool(result.get('changed'))


def skipped(result: Result) -> bool:
    return bool(result.get('skipped'))


def short(value: t.Any) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 80 else text[:77] + '...'


def unique(items: t.Iterable[t.Any]) -> list[t.Any]:
    kept: list[t.Any] = []
    for item in items:
        if item not in kept:
            kept.append(item)
    return kept


def listed(values: list[t.Any]) -> str:
    return ', '.join(str(value) for value in values[:5]) + (', ...' if len(values) > 5 else '')


def mapping(value: t.Any) -> Mapping[str, t.Any]:
    return value if isinstance(value, Mapping) else {}


def diff_lines(diff: t.Any) -> list[str]:
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


def from_result(kind: str, name: t.Any, resource_id: t.Any, result: Result) -> dict[str, t.Any]:
    """A resource as its module's result tells it: the diff's header names what was done."""
    diff = result.get('diff')
    is_changed = changed(result)
    if isinstance(diff, Mapping) and 'after_header' in diff:
        action = diff['after_header']
    else:
        action = 'update' if is_changed else 'none'
    details = diff_lines(diff if diff is not None else {}) if is_changed else []
    return {'kind': kind, 'name': name, 'id': resource_id, 'changed': is_changed, 'action': action, 'details': details}


def created_with(kind: str, name: t.Any, parent: str, details: list[str]) -> dict[str, t.Any]:
    """A resource that a check-mode run cannot read yet: the resource it belongs to is created by the run."""
    return {
        'kind': kind,
        'name': name,
        'id': None,
        'changed': True,
        'action': f'create (with the {parent})',
        'details': details,
    }


def settings_lines(values: Mapping[str, t.Any], leave_out: tuple[str, ...] = ()) -> list[str]:
    return [f'{key}: {short(value)}' for key, value in values.items() if key not in leave_out]


def pullzone_resources(declared: Mapping[str, t.Any], run: Mapping[str, t.Any]) -> list[dict[str, t.Any]]:
    """A declared pull zone, then its hostnames and edge rules, each by the result of its write, or of its check when
    nothing had to be written. The write is missing when --tags left the pull zone part out: then it is not reported.
    A check that could not read the pull zone (this run creates it) and no write (check mode: the pull zone has no id
    yet) is a part created with the pull zone."""
    check, zone = run.get('pullzone_check'), run.get('pullzone') or {}
    if not isinstance(declared.get('site_pullzone'), Mapping) or check is None or skipped(check):
        return []
    resources = []
    write = run.get('pullzone_write')
    if write is not None:
        result = write if not skipped(write) else check
        resources.append(from_result('pullzone', zone.get('name'), zone.get('id'), result))
    for kind, key, record, id_key, checks_name, writes_name in ZONE_PARTS:
        checks, writes = run.get(checks_name), run.get(writes_name)
        if checks is None or writes is None or 'results' not in checks:
            continue
        written = writes.get('results') or []
        for index, item_check in enumerate(checks['results']):
            wanted = item_check['item']
            item_write: Result = written[index] if index < len(written) else {'skipped': True}
            result = item_write if not skipped(item_write) else item_check
            if 'msg' not in result:
                resource_id = (result.get(record) or {}).get(id_key)
                resources.append(from_result(kind, wanted[key], resource_id, result))
            elif wanted.get('state', 'present') == 'present':
                resources.append(created_with(kind, wanted[key], 'pull zone', settings_lines(wanted, (key, 'state'))))
    return resources


def shield_resources(declared: Mapping[str, t.Any], run: Mapping[str, t.Any]) -> list[dict[str, t.Any]]:
    """The Shield zone (in check mode, of a pull zone to be created: created with it), then the custom access lists:
    each by the result of its write, or of its check when nothing had to be written; a list neither could read (the
    Shield zone is created by this run, in check mode) is created with the Shield zone."""
    resources = []
    shield, zone = run.get('shield'), run.get('pullzone')
    if shield is not None and not skipped(shield):
        resources.append(
            from_result(
                'shield_zone', (zone or {}).get('name'), (shield.get('shield_zone') or {}).get('shieldZoneId'), shield
            )
        )
    elif shield is not None and declared.get('site_shield') is not None and zone is not None and zone.get('id') is None:
        resources.append(
            created_with('shield_zone', zone.get('name'), 'pull zone', settings_lines(declared['site_shield']))
        )
    writes, checks = run.get('access_lists'), (run.get('access_list_checks') or {}).get('results') or []
    for index, write in enumerate((writes or {}).get('results') or []):
        wanted = write['item']
        check: Result = checks[index] if index < len(checks) else {'skipped': True}
        result = write if not skipped(write) else check
        if skipped(result) or 'msg' in result:
            if wanted.get('state', 'present') == 'present':
                entries = unique(str(entry).strip() for entry in wanted.get('entries') or [])
                count = len([entry for entry in entries if entry != ''])
                resources.append(created_with('access_list', wanted['name'], 'Shield zone', [f'entries: {count}']))
        else:
            resources.append(
                from_result('access_list', wanted['name'], (result.get('access_list') or {}).get('id'), result)
            )
    return resources


def other_resources(declared: Mapping[str, t.Any], run: Mapping[str, t.Any]) -> list[dict[str, t.Any]]:
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


def database_label(declared: Mapping[str, t.Any], run: Mapping[str, t.Any]) -> t.Any:
    """The database as the summary names it: by its id (found by name), or the env file's variable."""
    database, token = declared.get('site_database'), run.get('db_token') or {}
    if database is None:
        return 'SERVICE_DATABASE_URL'
    if 'database_id' in token:
        return token['database_id']
    return database.get('database_id') or database.get('database_name')


def database_resources(
    declared: Mapping[str, t.Any], run: Mapping[str, t.Any]
) -> tuple[list[dict[str, t.Any]], list[dict[str, t.Any]], dict[str, t.Any]]:
    """The database credentials (never the token: the module's diff masks it) and the migrations: the resources, what
    could not be checked, and the schema version before and after."""
    label, token, schema = database_label(declared, run), run.get('db_token'), run.get('schema')
    resources, not_checked = [], []
    version: dict[str, t.Any] = {'before': None, 'after': None}
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


def site_result(declared: Mapping[str, t.Any], run: Mapping[str, t.Any]) -> dict[str, t.Any]:
    """site_result: what the run changed (or would change, in check mode), resource by resource, and its summary."""
    resources = pullzone_resources(declared, run) + shield_resources(declared, run) + other_resources(declared, run)
    database, not_checked, schema = database_resources(declared, run)
    resources += database
    # The purge the handler will do (the handler runs later, when the play's handlers run).
    purge = run.get('purge') if isinstance(declared.get('site_pullzone'), Mapping) else None
    zone = run.get('pullzone')
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
