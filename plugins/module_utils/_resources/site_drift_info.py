# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""What a run of the ``site`` role with each declaration would write - the drift of the account from its files - as the
``site_drift_info`` module finds it: each declaration planned by the code a run of the role plans with
(``_site.SitePullZone`` for the pull zone, its Shield zone and access lists, each other part's resource), in check
mode; the account read once for all of them; each change named by who made it and when, from the audit log.
"""

from __future__ import annotations

import json
import re
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._audit_log import AuditEntry, AuditLogApi
from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, EdgeFinding
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._dns import DnsApi
from ansible_collections.edge.platform.plugins.module_utils._parts import Refused
from ansible_collections.edge.platform.plugins.module_utils._pullzones import PullZoneApi
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource
from ansible_collections.edge.platform.plugins.module_utils._resources.container_registry import Registry
from ansible_collections.edge.platform.plugins.module_utils._resources.dns_zone import Zone
from ansible_collections.edge.platform.plugins.module_utils._resources.storage_zone import StorageZone
from ansible_collections.edge.platform.plugins.module_utils._resources.video_blocked_referrer import BlockedReferrers
from ansible_collections.edge.platform.plugins.module_utils._shield import ShieldApi
from ansible_collections.edge.platform.plugins.module_utils._site import (
    NOT_DECLARED,
    PARTS,
    Read,
    SitePullZone,
    declared_part,
)
from ansible_collections.edge.platform.plugins.module_utils._site_result import Resource, site_result
from ansible_collections.edge.platform.plugins.module_utils._storage import StorageApi
from ansible_collections.edge.platform.plugins.module_utils._tables import (
    container_registry,
    dns_record_set,
    dns_zone,
    pullzone,
    pullzone_edge_rule,
    pullzone_hostname,
    shield_access_list,
    shield_rate_limit,
    shield_waf_rule,
    shield_zone,
    storage_zone,
    video_blocked_referrer,
)
from ansible_collections.edge.platform.plugins.module_utils._tables.site_drift_info import TABLE

# The variables of a declaration this plans, and those it leaves (a file of the export holds none of them).
PLANNED = (
    'site_pullzone',
    'site_shield',
    'site_access_lists',
    'site_storage_zones',
    'site_dns_zones',
    'site_registries',
    'site_video_blocked_referrers',
)
NOT_PLANNED = ('site_video_thumbnails', 'site_database', 'site_migrations')
# Where the audit log files a change of each kind of resource (its resource type, and whose id: the pull zone's, the
# Shield zone's or the resource's own), and the table that names its options' API fields.
LOGGED_AS: dict[str, tuple[str, str, t.Any]] = {
    'pullzone': ('PullZone', 'pullzone', pullzone.TABLE),
    'hostname': ('PullZone', 'pullzone', pullzone_hostname.TABLE),
    'edge_rule': ('PullZone', 'pullzone', pullzone_edge_rule.TABLE),
    'shield_zone': ('ShieldZone', 'shield', shield_zone.TABLE),
    'access_list': ('AccessList', 'shield', shield_access_list.TABLE),
    'waf_rule': ('WafCustomRule', 'own', shield_waf_rule.TABLE),
    'rate_limit': ('RateLimit', 'own', shield_rate_limit.TABLE),
    'registry': ('Registry', 'own', container_registry.TABLE),
    'storage_zone': ('StorageZone', 'own', storage_zone.TABLE),
    # The log files a record's change under its zone: a record set's id is its zone's.
    'dns_zone': ('DnsZone', 'own', dns_zone.TABLE),
    'dns_record_set': ('DnsZone', 'own', dns_record_set.TABLE),
    'video_blocked_referrers': ('VideoLibrary', 'own', video_blocked_referrer.TABLE),
}


class NotPlanned(Exception):
    """A declaration that cannot be planned (refused, or a read failed): the others are planned all the same."""


class Planning:
    """The module as the plan of one declaration sees it: check mode, a diff of each part, and a failure that ends
    only that plan."""

    check_mode = True
    diff_mode = False
    builds_diff = True

    def __init__(self, module: EdgeModule) -> None:
        self.client = module.client
        self.ansible = module.ansible
        self.params = module.params

    def fail(self, msg: str, **result: object) -> t.NoReturn:
        raise NotPlanned(msg)

    def fail_api(self, error: EdgeApiError, **result: object) -> t.NoReturn:
        raise NotPlanned(str(error))


def api_fields(option: str, table: t.Any) -> set[str]:
    """The names the audit log's ``Diff`` may give an option's change: its API field, and the option's own name (in
    lower case)."""
    api = table[option].api if table is not None and option in table else None
    return {option.lower(), str(api or option).rsplit('.', 1)[-1].lower()}


def diff_keys(entry: AuditEntry) -> set[str]:
    """The fields an entry's ``Diff`` names (its JSON keys, at any depth, in lower case)."""
    try:
        diff = json.loads(entry.get('Diff') or 'null')
    except ValueError:
        return set()
    keys: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                keys.add(str(key).lower())
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(diff)
    return keys


class Attribution:
    """Who made a change, from the audit log: for each option that changed, the latest entry of its resource whose
    ``Diff`` names it (or names the object: a hostname added, a rule removed), else the latest entry of its resource
    (it "last changed" the object)."""

    def __init__(self, entries: list[AuditEntry] | None, error: str | None) -> None:
        self.by_resource: dict[tuple[str, str], list[AuditEntry]] = {}
        for entry in entries or []:
            key = (str(entry.get('ResourceType')), str(entry.get('ResourceId')))
            self.by_resource.setdefault(key, []).append(entry)
        self.read = entries is not None
        self.error = error

    def of(self, resource: Resource, ids: dict[str, object]) -> list[dict[str, t.Any]]:
        """Who changed what: ``[{options, by, at, text}]``, the options grouped by the entry that names them (``ids``:
        the pull zone's and the Shield zone's)."""
        options = list(resource.get('options') or []) or ['']
        if not self.read:
            text = f'the audit log could not be read: {self.error}' if self.error else 'the audit log was not read'
            return [{'options': options, 'by': None, 'at': None, 'text': text}]
        logged = LOGGED_AS.get(resource['kind'])
        resource_id = None if logged is None else resource['id'] if logged[1] == 'own' else ids.get(logged[1])
        entries = (
            [] if logged is None or resource_id is None else self.by_resource.get((logged[0], str(resource_id)), [])
        )
        name = str(resource['name'])
        groups: dict[int, dict[str, t.Any]] = {}
        for option in options:
            fields = api_fields(option, logged[2]) if logged is not None and option else set()
            naming = [
                entry for entry in entries if fields & diff_keys(entry) or (name and name in (entry.get('Diff') or ''))
            ]
            chosen = (naming or entries)[-1] if entries else None
            key = id(chosen) if chosen is not None else 0
            if key not in groups:
                groups[key] = self.described(chosen, bool(naming))
            groups[key]['options'].append(option)
        return list(groups.values())

    @staticmethod
    def described(entry: AuditEntry | None, names_it: bool) -> dict[str, t.Any]:
        if entry is None:
            return {'options': [], 'by': None, 'at': None, 'text': 'not in the audit log'}
        by, at, actor = entry.get('ActorId'), entry.get('Timestamp'), entry.get('ActorType')
        text = f"{'changed' if names_it else 'last changed'} by {by}{f' ({actor})' if actor else ''} at {at}"
        return {'options': [], 'by': by, 'at': at, 'text': text}


# How a drift's sentence names each kind of object (``zone``: the pull zone of its file).
SUBJECTS = {
    'pullzone': 'pull zone {name}',
    'hostname': 'hostname {name} of pull zone {zone}',
    'edge_rule': 'edge rule "{name}" of pull zone {zone}',
    'shield_zone': 'the Shield zone of pull zone {zone}',
    'access_list': 'access list {name} of pull zone {zone}',
    'waf_rule': 'custom WAF rule "{name}" of pull zone {zone}',
    'rate_limit': 'rate limit "{name}" of pull zone {zone}',
    'registry': 'container registry {name}',
    'storage_zone': 'storage zone {name}',
    'dns_zone': 'DNS zone {name}',
    'dns_record_set': 'DNS record set {name}',
    'video_blocked_referrers': 'the blocked referrers of video {name}',
}
# What a detail line of site_result says (``key: before -> after``, ``key: value``), as a phrase of the sentence.
CHANGE = re.compile(r'^(?P<key>[\w.]+): (?P<before>.*) -> (?P<after>.*)$')
SET_ONLY = re.compile(r'^(?P<key>[\w.]+): (?P<after>.*)$')
PHRASES = (
    (re.compile(r'^entries added: (?P<rest>.*)$'), 'it lacks entries the file lists: {rest}'),
    (re.compile(r'^entries removed: (?P<rest>.*)$'), 'it holds entries the file does not list: {rest}'),
    (re.compile(r'^block: (?P<rest>.*)$'), 'the file blocks {rest}, which it does not'),
    (re.compile(r'^unblock: (?P<rest>.*)$'), 'it blocks {rest}, which the file does not'),
)


def phrase(detail: str) -> str:
    for pattern, text in PHRASES:
        match = pattern.match(detail)
        if match:
            return text.format(**match.groupdict())
    change = CHANGE.match(detail)
    if change:
        return f"{change['key']} is {change['before']}, the file says {change['after']}"
    only = SET_ONLY.match(detail)
    if only:
        return f"{only['key']} is not set, the file says {only['after']}"
    return detail


def sentence(resource: Resource, zone: object, attributions: list[dict[str, t.Any]]) -> str:
    """A drift as a sentence: the object, how it differs from its file, and who made it so."""
    subject = SUBJECTS.get(resource['kind'], '{kind} {name}').format(
        kind=resource['kind'].replace('_', ' '), name=resource['name'], zone=zone
    )
    if len(attributions) == 1:
        who = attributions[0]['text']
    else:
        who = '; '.join(f"{', '.join(group['options'])} {group['text']}" for group in attributions)
    action = str(resource['action'])
    if action.endswith(NOT_DECLARED):
        return f'{subject} is in the account, and the file does not declare it (rules_exclusive: true) ({who})'
    # A record set made whole says what it adds ("add 1 record"): it is not in the account either.
    if action.startswith('create') or (action.startswith('add ') and resource.get('options') == []):
        return f'{subject} is not in the account, and the file declares it ({who})'
    if action.startswith('delete') or action.startswith('remove'):
        return f'{subject} is in the account, and the file declares it absent ({who})'
    details = [phrase(detail) for detail in resource['details']]
    how = '; '.join(details) if details else f'a run would {action}'
    return f'{subject} differs from its file: {how} ({who})'


class DriftPlan:
    """One run of ``site_drift_info``: the account read once, each declaration planned, each change attributed."""

    def __init__(self, module: EdgeModule) -> None:
        self.module = module
        self.planning = Planning(module)
        self.read: Read | None = None

    def account(self, declarations: list[dict[str, t.Any]]) -> Read:
        """Every pull zone and Shield zone, read once, when a declaration names a pull zone."""
        if self.read is None:
            zones = list(PullZoneApi(self.module.client).listing(include_certificate=True))
            shields = ShieldApi(self.module.client).zones_with_pullzones() if zones else []
            self.read = Read(
                zones={str(zone.get('Name')): zone for zone in zones},
                shields={int(shield['pullZoneId']): shield for shield in shields if shield.get('pullZoneId')},
                storage_zones={
                    str(storage.get('Name')): storage for storage in StorageApi(self.module.client).listing()
                }
                if any(zone.get('StorageZoneId') for zone in zones)
                else None,
                dns_zones=self.dns_zones(declarations),
            )
        return self.read

    def dns_zones(self, declarations: list[dict[str, t.Any]]) -> dict[str, t.Any] | None:
        """Every DNS zone with its records, in their listing, when a declared hostname names its zone (None: none
        does)."""
        named = any(
            isinstance(hostname, dict) and hostname.get('dns_zone')
            for item in declarations
            if isinstance(item.get('declaration'), dict) and isinstance(item['declaration'].get('site_pullzone'), dict)
            for hostname in item['declaration']['site_pullzone'].get('hostnames') or ()
        )
        if not named:
            return None
        zones = DnsApi(self.module.client).zones(records=True)
        return {str(zone.get('Domain') or '').rstrip('.').lower(): zone for zone in zones}

    def attribution(self) -> Attribution:
        days = int(self.module.params['audit_log_days'])
        if days <= 0:
            return Attribution(None, None)
        try:
            return Attribution(AuditLogApi(self.module.client).entries(days), None)
        except EdgeApiError as error:
            return Attribution(None, str(error))

    def plan_pullzone(self, declared: dict[str, t.Any]) -> dict[str, t.Any]:
        storage = [item.get('name') for item in declared.get('site_storage_zones') or [] if isinstance(item, dict)]
        domains = [item.get('domain') for item in declared.get('site_dns_zones') or [] if isinstance(item, dict)]
        params = {
            'pullzone': declared['site_pullzone'],
            'shield': declared.get('site_shield'),
            'access_lists': declared.get('site_access_lists') or [],
            'storage_zones': [name for name in storage if name],
            'dns_zones': [domain for domain in domains if domain],
            'parts': list(PARTS),
        }
        return SitePullZone(self.planning, params, read=self.read).run()  # type: ignore[arg-type]

    def plan_part(self, table: t.Any, kind: type[EdgeResource], given: object, label: str) -> dict[str, t.Any]:
        try:
            resource = declared_part(self.planning, table, kind, given, label, {})  # type: ignore[arg-type]
        except Refused as refusal:
            raise NotPlanned(str(refusal)) from None
        if isinstance(resource, Zone) and self.read is not None:  # the pull zones its records name, read once
            resource.known_pullzones = self.read.zones
        try:
            return dict(resource.execute())
        except (Refused, EdgeFinding) as refusal:
            raise NotPlanned(f'{label}: {getattr(refusal, "message", refusal)}') from None

    def plan(self, declared: dict[str, t.Any]) -> dict[str, t.Any]:
        """What a run of the role with ``declared`` would write, as the run's own summary (``site_result``) says it."""
        run: dict[str, t.Any] = {}
        run['storage_zones'] = {
            'results': [
                dict(self.plan_part(storage_zone.TABLE, StorageZone, given, f'site_storage_zones[{index}]'), item=index)
                for index, given in enumerate(declared.get('site_storage_zones') or [])
            ]
        }
        run['dns_zones'] = {
            'results': [
                dict(self.plan_part(dns_zone.TABLE, Zone, given, f'site_dns_zones[{index}]'), item=index)
                for index, given in enumerate(declared.get('site_dns_zones') or [])
            ]
        }
        if declared.get('site_pullzone') is not None:
            run['zone'] = self.plan_pullzone(declared)
        registries = declared.get('site_registries') or []
        run['registries'] = {
            'results': [
                dict(self.plan_part(container_registry.TABLE, Registry, given, f'site_registries[{index}]'), item=index)
                for index, given in enumerate(registries)
            ]
        }
        run['referrers'] = {
            'results': [
                dict(
                    self.plan_part(
                        video_blocked_referrer.TABLE, BlockedReferrers, given, f'site_video_blocked_referrers[{index}]'
                    ),
                    item=given,
                )
                for index, given in enumerate(declared.get('site_video_blocked_referrers') or [])
            ]
        }
        return site_result({key: declared.get(key) for key in PLANNED}, run)

    def declaration(self, item: t.Mapping[str, t.Any], attribution: Attribution) -> dict[str, t.Any]:
        name = str(item.get('file') or '')
        declared = item.get('declaration')
        planned: dict[str, t.Any] = {'file': name, 'changed': False, 'changes': [], 'not_checked': [], 'error': None}
        if not isinstance(declared, dict):
            planned['error'] = 'the file is not a mapping of the site role variables'
            return planned
        pullzone_declared = declared.get('site_pullzone')
        if pullzone_declared is not None:
            name_of = pullzone_declared.get('name') if isinstance(pullzone_declared, dict) else pullzone_declared
            planned['pullzone_name'] = str(name_of)
        planned['not_checked'] = [
            {'kind': key, 'name': name, 'reason': 'not planned by the audit of files: a run of the role plans it'}
            for key in NOT_PLANNED
            if declared.get(key)
        ]
        try:
            summary = self.plan(declared)
        except NotPlanned as failure:
            planned['error'] = str(failure)
            return planned
        ids = self.resource_ids(summary)
        changes = []
        for resource in summary['changes']:
            by = attribution.of(resource, ids)
            zone = planned.get('pullzone_name')
            changes.append({**resource, 'file': name, 'changed_by': by, 'message': sentence(resource, zone, by)})
        planned.update(
            changed=bool(changes), changes=changes, not_checked=planned['not_checked'] + summary['not_checked']
        )
        return planned

    @staticmethod
    def resource_ids(summary: t.Mapping[str, t.Any]) -> dict[str, object]:
        """The ids the audit log files this declaration's pull zone parts under: its pull zone's, its Shield zone's."""
        shield = next((resource['id'] for resource in summary['resources'] if resource['kind'] == 'shield_zone'), None)
        return {'pullzone': (summary.get('pullzone') or {}).get('id'), 'shield': shield}

    def run(self) -> dict[str, t.Any]:
        for problem in TABLE.problems(self.module.params):  # before any request
            self.module.fail(problem)
        items = list(self.module.params['declarations'])
        if any(
            isinstance(item.get('declaration'), dict) and item['declaration'].get('site_pullzone') for item in items
        ):
            self.account(items)
        attribution = self.attribution()
        planned = [self.declaration(item, attribution) for item in items]
        declared_names = {str(item.get('pullzone_name')) for item in planned if item.get('pullzone_name')}
        undeclared = sorted(name for name in (self.read.zones if self.read else {}) if name not in declared_names)
        return {
            'changed': False,
            'declarations': planned,
            'undeclared_pullzones': undeclared,
            'audit_log': {
                'days': self.module.params['audit_log_days'],
                'read': attribution.read,
                'error': attribution.error,
            },
        }
