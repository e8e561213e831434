# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A pull zone with its hostnames and edge rules, its Shield zone with its custom access lists, custom WAF rules and
rate limits, made what the ``site`` role declares, in one run (the ``site_pullzone`` module).

Every declared item is checked before any request (its options as its own module checks them, duplicates, a
contradiction), each object is read once (the pull zone with its hostnames and edge rules in one read, the Shield zone,
its access lists, its rules and rate limits), every planned write is checked before the first is sent, then the writes
follow in order: the pull zone, its hostnames, its edge rules, its Shield zone, its access lists, its custom WAF rules
and rate limits. Each part is the resource its own module manages (``_resources``), so it is compared, written,
predicted in check mode and shown in the diff as that module does; the run reports each part's result, the purge the
changes call for, and the pull zone's id.
"""

from __future__ import annotations

import contextlib
import dataclasses
import typing as t

from ansible.module_utils.common.arg_spec import ArgumentSpecValidator

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, EdgeFinding
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._dns import DnsZone
from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table
from ansible_collections.edge.platform.plugins.module_utils._parts import PartModule, Refused
from ansible_collections.edge.platform.plugins.module_utils._pullzones import PullZoneApi, ZoneHostname
from ansible_collections.edge.platform.plugins.module_utils._records import Record, optional_text
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Plan
from ansible_collections.edge.platform.plugins.module_utils._resources.pullzone import PullZone
from ansible_collections.edge.platform.plugins.module_utils._resources.pullzone_edge_rule import EdgeRule
from ansible_collections.edge.platform.plugins.module_utils._resources.pullzone_hostname import PullZoneHostname
from ansible_collections.edge.platform.plugins.module_utils._resources.shield_access_list import CustomAccessList
from ansible_collections.edge.platform.plugins.module_utils._resources.shield_rate_limit import ShieldRateLimit
from ansible_collections.edge.platform.plugins.module_utils._resources.shield_waf_rule import (
    RULE,
    ShieldWafRule,
    held,
)
from ansible_collections.edge.platform.plugins.module_utils._resources.shield_zone import ShieldZone
from ansible_collections.edge.platform.plugins.module_utils._shield import ShieldApi
from ansible_collections.edge.platform.plugins.module_utils._shield_access_lists import (
    AccessListApi,
    AccessLists,
    ListItem,
    from_item,
)
from ansible_collections.edge.platform.plugins.module_utils._shield_rules import (
    CUSTOM_RULES,
    RATE_LIMITS,
    RuleKind,
    ShieldRule,
    ShieldRuleApi,
    ZoneRules,
)
from ansible_collections.edge.platform.plugins.module_utils._site_dns import HostnameRecords, without_dns_zones
from ansible_collections.edge.platform.plugins.module_utils._storage import StorageApi
from ansible_collections.edge.platform.plugins.module_utils._tables import (
    pullzone,
    pullzone_edge_rule,
    pullzone_hostname,
    shield_access_list,
    shield_rate_limit,
    shield_waf_rule,
    shield_zone,
)
from ansible_collections.edge.platform.plugins.module_utils._validation import text_problem

PARTS = ('pullzone', 'hostnames', 'edge_rules', 'shield', 'access_lists', 'waf_rules')
# What ``settings_unlisted`` takes: leave the settings a declaration does not list alone, or hold them at the default.
UNLISTED = ('keep', 'default')
# The options that say where an item's object lives: the run gives them, the declaration does not.
SCOPE = ('pullzone_id', 'pullzone_name', 'shield_zone_id')
# A declared pull zone: its name, origin and settings, hostnames and edge rules (each checked by its own table).
DECLARATION: dict[str, dict[str, object]] = dict(
    name=dict(type='str', required=True),
    origin=dict(type='str'),
    storage_zone=dict(type='str'),
    settings=dict(type='dict'),
    hostnames=dict(type='list', elements='dict'),
    edge_rules=dict(type='list', elements='dict'),
    purge_on_change=dict(type='bool', default=True),
    settings_unlisted=dict(type='str', choices=list(UNLISTED), default='keep'),
    state=dict(type='str', choices=['present', 'absent'], default='present'),
)
# The pull zone's own options a declaration's settings may not give: they say which zone is meant, or its origin.
NOT_SETTINGS = ('name', 'id', 'state', 'origin_url')
# The settings ``settings_unlisted: default`` holds at what a new object gets where a declaration does not list them:
# every writable one but the secrets (never read out, so never declared), the pull zone's type (chosen at create) and
# those whose new value no request can give (null, or a value the option refuses: a port 0, no end of learning mode).


def holdable(option: Option) -> bool:
    new = option.new_value
    return not option.secret and new is not None and option.problem(new) is None


HELD_AT_NEW = {
    'pullzone': tuple(
        option for option in pullzone.TABLE.mapped() if option.name not in (*NOT_SETTINGS, 'type') and holdable(option)
    ),
    'shield': tuple(option for option in shield_zone.TABLE.mapped() if option.name not in SCOPE and holdable(option)),
}


def with_unlisted(
    given: t.Mapping[str, object], unlisted: str, kind: str, besides: t.Collection[str] = ()
) -> dict[str, object]:
    """The settings ``given``, and with ``settings_unlisted: default`` every other writable one (but those of
    ``besides``) at what a new object gets, so that a change of it (in the dashboard) is written back; with ``keep``
    the others are left alone."""
    if unlisted == 'keep':
        return dict(given)
    held = {option.name: option.new_value for option in HELD_AT_NEW[kind] if option.name not in besides}
    return {**held, **given}


# The settings a storage zone origin (site_pullzone.storage_zone) sets: its id, and the origin type it implies.
STORAGE_ORIGIN = ('storage_zone_id', 'origin_type')


@dataclasses.dataclass(frozen=True)
class RuleList:
    """A list of ``site_shield`` that declares rules of one kind: its key, the kind's requests and messages, and the
    module whose options each item takes."""

    key: str
    kind: RuleKind
    table: Table
    resource: type[ShieldWafRule]

    @property
    def where(self) -> str:
        return f'site_shield.{self.key}'


# The Shield zone's custom WAF rules and rate limits, as site_shield declares them (the part waf_rules makes them).
RULE_LISTS = (
    RuleList('waf_rules', CUSTOM_RULES, shield_waf_rule.TABLE, ShieldWafRule),
    RuleList('rate_limits', RATE_LIMITS, shield_rate_limit.TABLE, ShieldRateLimit),
)
# The keys of site_shield that declare the rules, not the Shield zone's settings: the lists, and whether the rules
# and rate limits they do not name are deleted.
RULES_DECLARATION: dict[str, dict[str, object]] = dict(
    waf_rules=dict(type='list', elements='dict', default=[]),
    rate_limits=dict(type='list', elements='dict', default=[]),
    rules_exclusive=dict(type='bool', default=False),
)
#: The diff header's note of a rule ``rules_exclusive`` deletes.
NOT_DECLARED = 'not declared (rules_exclusive)'


class SiteZoneRules(ZoneRules):
    """The rules of one kind of the site's Shield zone, read once for all its declared items (none yet for a Shield
    zone the run creates). The plan's limit is checked once for the whole run (``SitePullZone.rule_limit``), counting
    what it deletes and adds, not for each rule added."""

    def limit_problem(self) -> EdgeFinding | None:
        return None


#: A part's result (a module's result, with the item it is of).
PartResult = t.Dict[str, object]


class _Results(t.TypedDict):
    hostnames: list[PartResult]
    edge_rules: list[PartResult]
    access_lists: list[PartResult]


class Results(_Results, total=False):
    """The results of the run's parts, under ``objects`` in the module's result."""

    pullzone: PartResult
    shield: PartResult
    waf_rules: list[PartResult]
    rate_limits: list[PartResult]
    #: The DNS records of the hostnames that name their DNS zone (``dns_zone``).
    dns_records: list[PartResult]


@dataclasses.dataclass
class Read:
    """What a caller that plans many sites read of the account once: every pull zone by name (with the certificates
    of its hostnames), every Shield zone by the id of its pull zone."""

    zones: dict[str, Record]
    shields: dict[int, Record]
    #: Every storage zone by name (None: not read; a site that names one finds it itself).
    storage_zones: dict[str, Record] | None = None
    #: Every DNS zone by domain, with its records (None: not read; a site whose hostnames name one finds it itself).
    dns_zones: dict[str, DnsZone] | None = None


class DeclaredEdgeRule(EdgeRule):
    """An edge rule of a site's declaration: its description and patterns any text the API keeps (an exported rule
    is declared as it is; the site finds its rules by content where a description does not tell them apart)."""

    free_text = True


@dataclasses.dataclass
class Item:
    """A declared hostname, edge rule or access list: how messages name it, what identifies it, its resource."""

    label: str
    key: dict[str, object]
    resource: t.Any
    name: str = ''  # as a summary names it: its key's value, or its place in the declaration (#2)
    plan: Plan | None = None
    result: dict[str, object] | None = None


def validated(spec: dict[str, dict[str, object]], given: object, label: str) -> dict[str, t.Any]:
    """``given`` checked against ``spec`` as Ansible checks a module's options (defaults set); Refused naming
    ``label`` when it does not fit."""
    if not isinstance(given, dict):
        raise Refused(f'{label}: must be a dict, got {given!r}')
    result = ArgumentSpecValidator(spec).validate(dict(given))
    if result.error_messages:
        raise Refused(f"{label}: {'; '.join(result.error_messages)}")
    return dict(result.validated_parameters)


def keep_secrets_secret(module: EdgeModule, table: Table, params: t.Mapping[str, object]) -> None:
    """A secret a part is given is masked in everything the run returns, as a module's no_log option is."""
    for option in table:
        value = params.get(option.name)
        if (option.secret or option.no_log) and value not in (None, ''):
            module.ansible.no_log_values.add(str(value))


def declared_part(
    module: EdgeModule, table: Table, kind: type[EdgeResource], given: object, label: str, scope: dict[str, object]
) -> t.Any:
    """The resource of one declared part of a site (its module's options, checked as its module checks them);
    Refused naming ``label`` when it does not fit."""
    spec = {name: spec for name, spec in table.argument_spec().items() if name not in SCOPE}
    params = validated(spec, given, label)
    keep_secrets_secret(module, table, params)
    params.update({name: None for name in SCOPE if name in table}, **scope)
    resource = kind(PartModule(module, params))  # type: ignore[arg-type]
    try:
        resource.validate()
    except Refused as refusal:
        raise Refused(f'{label}: {refusal}') from None
    return resource


class SitePullZone:
    """One run of ``site_pullzone``: check, read, plan, then write (or predict) the declared site's pull zone part."""

    def __init__(
        self, module: EdgeModule, params: t.Mapping[str, t.Any] | None = None, read: Read | None = None
    ) -> None:
        """``params`` are the module's options (``pullzone``, ``shield``, ``access_lists``, ``parts``; default: the
        module's own); ``read`` what a caller that plans many sites read of the account once (every pull zone, every
        Shield zone), instead of a read of each."""
        self.module = module
        self.client = module.client
        self.pullzones = PullZoneApi(module.client)
        self.shield_api = ShieldApi(module.client)
        self.params = params = module.params if params is None else params
        self.read = read
        self.parts = frozenset(params['parts'])
        given = params['pullzone']
        self.declaration: Record | None = dict(given) if isinstance(given, dict) else None
        self.reference: t.Any = None if isinstance(given, dict) else given
        self.problems: list[str] = []
        self.zone_resource: PullZone | None = None
        self.zone_plan: Plan | None = None
        self.hostnames: list[Item] = []
        self.edge_rules: list[Item] = []
        self.shield: Item | None = None
        self.access_lists: list[Item] = []
        self.dns = HostnameRecords(module, params.get('dns_zones') or ())
        self.zone: Record | None = None
        self.shield_zone: Record | None = None
        # The turns the run takes (the access lists of a Shield zone), held from their read to the last write.
        self.turns = contextlib.ExitStack()
        # site_shield's rules: as given, then each list's items, and the rules rules_exclusive deletes (by list key).
        self.rules_given: dict[str, object] = {}
        self.rules_exclusive = False
        self.rules: dict[str, list[Item]] = {rules.key: [] for rules in RULE_LISTS}
        self.rule_removals: dict[str, list[Item]] = {rules.key: [] for rules in RULE_LISTS}

    # ---- checks before any request ---------------------------------------------------------------------------

    def validated(self, spec: dict[str, dict[str, object]], given: object, label: str) -> dict[str, t.Any] | None:
        """``given`` checked against ``spec`` as Ansible checks a module's options (defaults set), or None when it
        is refused (the problem is kept)."""
        try:
            return validated(spec, given, label)
        except Refused as refusal:
            self.problems.append(str(refusal))
            return None

    def part(
        self, table: Table, kind: type[EdgeResource], given: object, label: str, scope: dict[str, object]
    ) -> t.Any:
        """The resource of one declared part (its module's options, checked), or None when it is refused."""
        try:
            return declared_part(self.module, table, kind, given, label, scope)
        except Refused as refusal:
            self.problems.append(str(refusal))
            return None

    def check_declaration(self) -> None:
        """Every declared item checked, each as its module checks it, and what only the whole declaration can tell
        (a hostname or a list declared twice), before any request."""
        params = self.params
        scope = {'pullzone_name': self.declaration.get('name') if self.declaration else str(self.reference)}
        if self.declaration is not None:
            declared = self.validated(DECLARATION, self.declaration, 'site_pullzone')
            if declared is None:
                return
            self.declaration = declared
            settings = dict(declared['settings'] or {})
            refused = sorted(set(settings) & set(NOT_SETTINGS))
            if refused:
                self.problems.append(
                    f"site_pullzone.settings: {', '.join(refused)} cannot be a setting (give the origin as "
                    'site_pullzone.origin; the pull zone is site_pullzone.name)'
                )
                return
            storage = declared['storage_zone']
            if storage is not None and (declared['origin'] is not None or set(settings) & set(STORAGE_ORIGIN)):
                given = ['origin'] * (declared['origin'] is not None) + sorted(set(settings) & set(STORAGE_ORIGIN))
                self.problems.append(
                    f"site_pullzone: storage_zone is the origin, which {', '.join(given)} would give too; give one"
                )
                return
            besides = STORAGE_ORIGIN if storage is not None else ()
            settings = with_unlisted(settings, declared['settings_unlisted'], 'pullzone', besides)
            zone_options = dict(settings, name=declared['name'], state=declared['state'])
            if declared['origin'] is not None:
                zone_options['origin_url'] = declared['origin']
            self.zone_resource = self.part(pullzone.TABLE, PullZone, zone_options, 'site_pullzone', {})
            hostnames, dns_zones = without_dns_zones(declared['hostnames'] or [])
            self.hostnames = self.items(
                'hostnames',
                pullzone_hostname.TABLE,
                PullZoneHostname,
                'hostname',
                scope,
                'site_pullzone.hostnames',
                hostnames,
            )
            self.check_dns_zones(dns_zones)
            self.edge_rules = self.items(
                'edge_rules',
                pullzone_edge_rule.TABLE,
                DeclaredEdgeRule,
                'description',
                scope,
                'site_pullzone.edge_rules',
            )
            self.refuse_twice(declared['hostnames'], 'hostname', 'site_pullzone.hostnames', lambda value: value.lower())
        if params['shield'] is not None:
            shield = self.shield_settings(params['shield'])
            resource = (
                self.part(shield_zone.TABLE, ShieldZone, shield, 'site_shield', scope) if shield is not None else None
            )
            self.shield = Item('site_shield', {}, resource) if resource is not None else None
        lists = params['access_lists'] or []
        self.access_lists = self.items(
            'access_lists', shield_access_list.TABLE, CustomAccessList, 'name', scope, 'site_access_lists', lists
        )
        self.check_rules(scope)

    def check_dns_zones(self, named: t.Sequence[tuple[object, object]]) -> None:
        """The DNS zone each hostname names (``dns_zone``), checked; its record is planned with the hostnames."""
        states = {str(item.key['hostname']).lower(): str(item.key['state']) for item in self.hostnames}
        self.dns.declare(named, states, self.problems)

    def shield_settings(self, given: object) -> dict[str, object] | None:
        """``site_shield`` as the options of its Shield zone, its unlisted settings held at the default when it says
        ``settings_unlisted: default``; None when it is refused."""
        if not isinstance(given, dict):
            self.problems.append(f'site_shield: must be a dict, got {given!r}')
            return None
        shield = dict(given)
        self.rules_given = {key: shield.pop(key) for key in RULES_DECLARATION if key in shield}
        unlisted = shield.pop('settings_unlisted', None) or 'keep'
        if unlisted not in UNLISTED:
            self.problems.append(
                f"site_shield: settings_unlisted must be one of {', '.join(UNLISTED)}, got {unlisted!r}"
            )
            return None
        return with_unlisted(shield, unlisted, 'shield')

    def items(
        self,
        name: str,
        table: Table,
        kind: type[EdgeResource],
        key: str,
        scope: dict[str, object],
        where: str,
        given: t.Sequence[object] | None = None,
    ) -> list[Item]:
        declared = given if given is not None else (t.cast(Record, self.declaration).get(name) or [])
        items = []
        for index, entry in enumerate(declared):
            value = entry.get(key) if isinstance(entry, dict) else None
            # A name a message cannot show as it is (blank, a line break: a description the API keeps) by its place.
            name = str(value) if value not in (None, '') and text_problem(str(value)) is None else f'#{index + 1}'
            label = f'{where} {name}'
            resource = self.part(table, kind, entry, label, scope)
            if resource is not None:
                identity = {key: value, 'state': resource.params.get('state') or 'present'}
                items.append(Item(label, identity, resource, name=name))
        return items

    def refuse_twice(
        self, declared: t.Iterable[object] | None, key: str, where: str, form: t.Callable[[str], object]
    ) -> None:
        """A hostname or access list declared twice would be written in turn, never settling: refused."""
        seen: dict[object, int] = {}
        for entry in declared or ():
            value = entry.get(key) if isinstance(entry, dict) else None
            if isinstance(value, str):
                seen[form(value)] = seen.get(form(value), 0) + 1
        for value, count in seen.items():
            if count > 1:
                how = ' (hostnames are compared without regard to case)' if key == 'hostname' else ''
                self.problems.append(f'{where} {value}: declared {count} times{how}; declare each once')

    def stop_on_problems(self) -> None:
        if self.problems:
            self.module.fail('; '.join(self.problems))

    # ---- reading and planning ----------------------------------------------------------------------------------

    def find_zone(self) -> Record | None:
        """The declared pull zone (None when it does not exist yet), or the pull zone the site names (which must)."""
        # With the hostnames' certificates: a custom one is compared by the fingerprint of the leaf it serves.
        if self.declaration is not None and self.read is not None:
            return self.read.zones.get(str(self.declaration['name']))
        if self.declaration is not None:
            return self.pullzones.find(name=str(self.declaration['name']), include_certificate=True)
        reference = self.reference
        by_id = isinstance(reference, int) or (isinstance(reference, str) and reference.isdigit())
        matches = (
            [z for z in [self.pullzones.get(int(reference), include_certificate=True)] if z]
            if by_id
            else self.pullzones.named(reference, include_certificate=True)
        )
        if len(matches) != 1:
            how = 'no pull zone' if not matches else 'several pull zones'
            self.module.fail(f'site_pullzone {reference}: {how} of the account match it')
        return matches[0]

    def decide(self, item: Item, found: object) -> None:
        """Plan one item; a planned write that cannot succeed is a problem of the run."""
        try:
            item.plan = item.resource.decide(found=found)
        except (Refused, EdgeFinding) as refusal:
            text = refusal.message if isinstance(refusal, EdgeFinding) else str(refusal)
            self.problems.append(f'{item.label}: {text}')

    def storage_origin(self) -> None:
        """The id of the storage zone ``storage_zone`` names, as the pull zone's origin. One the run makes first
        (``storage_zones``: the role's ``site_storage_zones``) is not there yet in check mode: the plan says so."""
        name = self.declaration.get('storage_zone') if self.declaration is not None else None
        if name is None or self.zone_resource is None:
            return
        if self.read is not None and self.read.storage_zones is not None:
            found = self.read.storage_zones.get(str(name))
        else:
            found = StorageApi(self.client).find(name=str(name))
        if found is not None:
            self.zone_resource.params['storage_zone_id'] = int(found['Id'])
        elif self.module.check_mode and name in (self.params.get('storage_zones') or ()):
            self.zone_resource.params['storage_zone_id'] = f'storage zone {name} (made by this run)'
        else:
            self.problems.append(f'site_pullzone: storage_zone {name}: no storage zone of the account has this name')
            self.stop_on_problems()

    def plan_zone(self) -> None:
        resource = self.zone_resource
        if resource is None:
            return
        try:
            self.zone_plan = resource.decide(found=self.zone)
        except (Refused, EdgeFinding) as refusal:
            text = refusal.message if isinstance(refusal, EdgeFinding) else str(refusal)
            self.problems.append(f'site_pullzone: {text}')

    def plan_hostnames(self, zone: Record) -> None:
        for item in self.hostnames:
            where = ZoneHostname(self.pullzones, zone, item.resource.hostname)
            item.resource.where = where
            self.decide(item, where.record())

    def plan_dns_records(self, zone: Record | None, removing: bool = False) -> None:
        """The record of each hostname that names its DNS zone (``zone``: the pull zone, None when the run makes it)."""
        if self.dns:
            zones = self.read.dns_zones if self.read is not None else None
            self.dns.plan(zone, self.zone_name, zones, self.problems, removing)

    def plan_edge_rules(self, zone: Record) -> None:
        for item in self.edge_rules:
            item.resource.where = zone
        matched = match_rules([item.resource for item in self.edge_rules], rules_of(zone))
        for item, rule in zip(self.edge_rules, matched):
            if rule is not None:
                item.resource.guid = rule.get('Guid')  # its writes go to the rule it matched
            self.decide(item, rule)

    def plan_shield(self, pullzone_id: int | None) -> None:
        item = self.shield
        if item is None:
            return
        item.resource.where = pullzone_id
        current = self.shield_zone
        self.decide(item, item.resource.with_parts(current) if current is not None else None)

    def plan_access_lists(self, shield_zone_id: int | None, shield_created: bool) -> None:
        if not self.access_lists:
            return
        if shield_zone_id is None and not shield_created:
            for item in self.access_lists:
                if item.key['state'] != 'present':
                    continue
                if self.shield is None:
                    self.problems.append(
                        f"{item.label}: pull zone {self.zone_name} has no Shield zone; set site_shield ({{}} creates "
                        'one with the default settings)'
                    )
                else:
                    self.problems.append(
                        f'{item.label}: pull zone {self.zone_name} has no shield zone yet; the part that creates it '
                        '(tag shield) must run first'
                    )
            return
        lists = AccessLists(AccessListApi(self.client, t.cast(int, shield_zone_id)))
        if shield_zone_id is not None:
            if not self.module.check_mode:
                self.turns.enter_context(lists.turn())
            lists.read()
        for item in self.access_lists:
            item.resource.where = lists
        matched = self.match_lists(lists, lists.lists if shield_zone_id is not None else [])
        for index, item in enumerate(self.access_lists):
            lists.notes = item.resource.notes
            if shield_zone_id is None:  # the Shield zone is created by this run
                if item.key['state'] == 'present' and item.resource.params['type'] is None:
                    self.problems.append(
                        f'{item.label}: type is required to create the list (the Shield zone is created by this run)'
                    )
                    continue
                self.decide(item, None)
            elif index in matched:
                self.decide(item, matched[index])
            else:
                self.decide(item, item.resource.found_in(lists))

    def match_lists(self, lists: AccessLists, zone_lists: list[ListItem]) -> dict[int, Record | None]:
        """The list of the zone each declared list is, where a name does not tell them apart (the zone holds several
        lists of the name, or the declaration names it more than once), by position in the declaration: a list of
        the name exactly as declared, else the first other one (by id), else none (a new list). A name declared more
        often than the zone holds lists of it is refused: the second list would be made by mistake as often as on
        purpose."""
        declared: dict[str, list[int]] = {}
        for index, item in enumerate(self.access_lists):
            declared.setdefault(str(item.key['name']), []).append(index)
        held: dict[str, list[ListItem]] = {}
        for record in zone_lists:
            held.setdefault(str(record.get('name')), []).append(record)
        matched: dict[int, Record | None] = {}
        for name, indexes in declared.items():
            zone_lists = sorted(held.get(name, []), key=lambda record: int(record.get('listId') or 0))
            if len(indexes) == 1 and len(zone_lists) <= 1:
                continue  # found by its name
            if len(indexes) > 1 and len(indexes) > len(zone_lists):
                self.problems.append(
                    f'site_access_lists {name}: declared {len(indexes)} times, and the Shield zone holds '
                    f'{len(zone_lists)} lists of that name; declare each list once (a name is declared more than '
                    'once only for lists the zone has under one name)'
                )
                continue
            candidates: list[Record] = [dict(lists.load(from_item(record, lists.api.zone_id))) for record in zone_lists]
            for exact in (True, False):
                for index in indexes:
                    if index in matched:
                        continue
                    resource = self.access_lists[index].resource
                    for candidate in candidates:
                        if exact and not same_list(resource, candidate):
                            continue
                        matched[index] = candidate
                        candidates.remove(candidate)
                        break
            for index in indexes:
                matched.setdefault(index, None)
        return matched

    # ---- the Shield zone's custom WAF rules and rate limits (site_shield.waf_rules, rate_limits) -----------------

    def check_rules(self, scope: dict[str, object]) -> None:
        """``site_shield``'s rules and rate limits, each checked as its module checks it, before any request; a name
        declared twice in one list is refused (the two would be written in turn, never settling)."""
        declared = self.validated(RULES_DECLARATION, self.rules_given, 'site_shield')
        if declared is None:
            return
        self.rules_exclusive = bool(declared['rules_exclusive'])
        for rules in RULE_LISTS:
            given = declared[rules.key]
            self.rules[rules.key] = self.items(
                rules.key, rules.table, rules.resource, 'name', scope, rules.where, given
            )
            self.refuse_twice(given, 'name', rules.where, lambda value: value)

    @property
    def declares_rules(self) -> bool:
        return self.rules_exclusive or any(self.rules.values())

    def plan_rules(self, shield_zone_id: int | None, shield_created: bool) -> None:
        """Each declared rule and rate limit planned against its kind's rules in the Shield zone, read once (a kind
        only when the declaration lists some, or rules_exclusive); with rules_exclusive, the rules no item names are
        deleted. A Shield zone the run creates has none yet."""
        if not self.declares_rules:
            return
        if shield_zone_id is None and not shield_created:
            for item in [item for items in self.rules.values() for item in items if item.key['state'] == 'present']:
                self.problems.append(
                    f'{item.label}: pull zone {self.zone_name} has no shield zone yet; the part that creates it (tag '
                    'shield) must run first'
                )
            return
        for rules in RULE_LISTS:
            items = self.rules[rules.key]
            self.rule_removals[rules.key] = []
            if not items and not self.rules_exclusive:
                continue
            # A Shield zone the run creates has no id yet: its rules are predicted, never read.
            held_rules = SiteZoneRules(ShieldRuleApi(self.client, rules.kind), t.cast(int, shield_zone_id))
            if shield_zone_id is not None:
                if not self.module.check_mode:
                    self.turns.enter_context(held_rules.turn())
                held_rules.read()
            for item in items:
                item.resource.where = held_rules
                try:
                    found = item.resource.found_in(held_rules)
                except EdgeFinding as finding:  # several rules of the name: the module's own failure
                    self.problems.append(f'{item.label}: {finding.message}')
                    continue
                self.decide(item, found)
                if found is not None and item.plan is not None and item.plan.action == 'delete':
                    item.key['id'] = found[RULE].get('id')  # what the summary names it by once it is gone
            if self.rules_exclusive:
                named = {item.key['name'] for item in items}
                self.rule_removals[rules.key] = [
                    self.rule_removal(rules, held_rules, rule)
                    for rule in held_rules.rules
                    if rule.get('ruleName') not in named
                ]
            self.rule_limit(rules, held_rules)

    def rule_removal(self, rules: RuleList, held_rules: SiteZoneRules, rule: ShieldRule) -> Item:
        """A rule of the zone that no item names, planned for deletion (rules_exclusive)."""
        name = str(rule.get('ruleName'))
        params: dict[str, t.Any] = {option.name: None for option in rules.table}
        params.update(name=name, state='absent', shield_zone_id=held_rules.zone_id)
        resource = rules.resource(PartModule(self.module, params))  # type: ignore[arg-type]
        resource.where = held_rules
        resource.notes.append(NOT_DECLARED)
        item = Item(f'{rules.where} {name}', {'name': name, 'id': rule.get('id'), 'state': 'absent'}, resource, name)
        item.plan = resource.decide(found=held(rule))
        return item

    def rule_limit(self, rules: RuleList, held_rules: SiteZoneRules) -> None:
        """The rules of the kind the zone would hold after the run, against the limit of its plan (as read: a plan
        this run changes, or a Shield zone it creates, is the API's to check)."""
        shield = self.shield_zone or {}
        limit = shield.get(rules.kind.limit_field)
        changing_plan = (
            self.shield is not None and self.shield.plan is not None and 'planType' in self.shield.plan.changes
        )
        if not isinstance(limit, int) or changing_plan:
            return
        plans = [item.plan for item in [*self.rules[rules.key], *self.rule_removals[rules.key]] if item.plan]
        after = len(held_rules.rules) + sum(plan.action == 'create' for plan in plans)
        after -= sum(plan.action == 'delete' for plan in plans)
        if after > limit and any(plan.action == 'create' for plan in plans):
            self.problems.append(
                f'{rules.where}: the Shield zone would hold {after} {rules.kind.plural}, more than its plan allows '
                f'({rules.kind.limit_field} {limit}); declare fewer, or change the plan (site_shield.plan_type)'
            )

    def write_rules(self, results: Results, zone_created: bool) -> None:
        """The rules and rate limits written after the Shield zone (planned again once a Shield zone the run creates
        exists), the deletions of rules_exclusive first: they make room under the plan's limit."""
        results['waf_rules'], results['rate_limits'] = [], []
        if not self.declares_rules or 'waf_rules' not in self.parts:
            return
        shield = self.shield if self.shield is not None and 'shield' in self.parts else None
        created = zone_created or bool(shield is not None and shield.plan is not None and shield.plan.creating)
        check_mode = self.module.check_mode
        if created and not check_mode:
            self.plan_rules((self.shield_zone or {}).get('shieldZoneId'), False)
            self.stop_on_problems()
        parent = 'Shield zone' if created and check_mode else None
        for rules in RULE_LISTS:
            for item in self.rule_removals[rules.key]:
                results[rules.key].append(self.carry_out(item, None))  # type: ignore[literal-required]
            for item in self.rules[rules.key]:
                results[rules.key].append(self.carry_out(item, parent))  # type: ignore[literal-required]

    @property
    def zone_name(self) -> str:
        if self.zone is not None:
            return str(self.zone.get('Name'))
        return str(self.declaration.get('name') if self.declaration else self.reference)

    # ---- the run ---------------------------------------------------------------------------------------------

    def run(self) -> dict[str, object]:
        with self.turns:
            return self.make()

    def make(self) -> dict[str, object]:
        self.check_declaration()
        self.stop_on_problems()
        self.zone = self.find_zone()
        zone = self.zone
        creating = zone is None
        if (
            creating
            and 'pullzone' not in self.parts
            and self.parts & {'hostnames', 'edge_rules', 'shield', 'access_lists'}
        ):
            self.module.fail(
                f'site_pullzone {self.zone_name}: the pull zone does not exist yet; the part that creates it (tag '
                'pullzone) must run first'
            )
        removing = self.declaration is not None and self.declaration['state'] == 'absent'
        if 'pullzone' in self.parts and not removing:
            self.storage_origin()
        if 'pullzone' in self.parts:
            self.plan_zone()
        if removing:
            return self.remove()
        planned_zone = (
            zone if zone is not None else {'Id': None, 'Name': self.zone_name, 'Hostnames': [], 'EdgeRules': []}
        )
        if 'hostnames' in self.parts:
            self.plan_hostnames(planned_zone)
            self.plan_dns_records(zone)
        if 'edge_rules' in self.parts:
            self.plan_edge_rules(planned_zone)
        needs_shield = (
            (self.shield is not None and 'shield' in self.parts)
            or (self.access_lists and 'access_lists' in self.parts)
            or (self.declares_rules and 'waf_rules' in self.parts)
        )
        if zone is not None and needs_shield:
            self.shield_zone = (
                self.read.shields.get(int(zone['Id']))
                if self.read is not None
                else self.shield_api.zone_of_pullzone(int(zone['Id']))
            )
        if 'shield' in self.parts:
            self.plan_shield(int(zone['Id']) if zone is not None else None)
        shield_created = self.shield is not None and self.shield.plan is not None and self.shield.plan.creating
        if 'access_lists' in self.parts:
            shield_id = self.shield_zone['shieldZoneId'] if self.shield_zone is not None else None
            shield_part = self.shield is not None and 'shield' in self.parts
            self.plan_access_lists(shield_id, shield_created or (creating and shield_part))
        if 'waf_rules' in self.parts:
            shield_id = self.shield_zone['shieldZoneId'] if self.shield_zone is not None else None
            self.plan_rules(
                shield_id, shield_created or (creating and self.shield is not None and 'shield' in self.parts)
            )
        self.stop_on_problems()
        return self.write()

    def remove(self) -> dict[str, object]:
        """The pull zone deleted, with everything on it (the service deletes its hostnames, edge rules, Shield zone
        and access lists with it); first the DNS records its hostnames declared (the service keeps them)."""
        self.plan_dns_records(self.zone, removing=True)
        self.stop_on_problems()
        results: Results = {'hostnames': [], 'edge_rules': [], 'access_lists': []}
        zone_id = None if self.zone is None else self.zone['Id']
        try:
            if self.dns:
                results['dns_records'] = self.dns.write(present=False)
            if self.zone_resource is not None and self.zone_plan is not None:
                results['pullzone'] = self.zone_resource.carry_out(self.zone_plan)
        except EdgeApiError as error:
            partial = self.outcome(results, [], zone_id=zone_id)
            self.module.fail_api(error, **{key: value for key, value in partial.items() if key != 'changed'})
        return self.outcome(results, [], zone_id=zone_id)

    def write(self) -> dict[str, object]:
        results: Results = {'hostnames': [], 'edge_rules': [], 'access_lists': []}
        reasons: list[str] = []
        check_mode = self.module.check_mode
        zone = self.zone
        try:
            if self.zone_resource is not None and self.zone_plan is not None:
                results['pullzone'] = self.zone_resource.carry_out(self.zone_plan)
                reasons += zone_reasons(self.zone_plan)
                if not check_mode and self.zone_resource.final is not None:
                    zone = self.zone_resource.final
            created = self.zone is None
            if created and not check_mode and zone is not None:  # plan again against the zone as created
                if 'hostnames' in self.parts:
                    self.plan_hostnames(zone)
                    self.plan_dns_records(zone)
                if 'edge_rules' in self.parts:
                    self.plan_edge_rules(zone)
                self.stop_on_problems()
            with_zone = created and check_mode
            if 'hostnames' in self.parts and self.dns:  # the names point at the pull zone before the hostnames come
                results['dns_records'] = self.dns.write(present=True)
            if 'hostnames' in self.parts and not check_mode:
                self.add_hostnames()
            for item in self.hostnames if 'hostnames' in self.parts else ():
                results['hostnames'].append(self.carry_out(item, 'pull zone' if with_zone else None))
            if 'hostnames' in self.parts and self.dns:  # and those of hostnames removed, once they are
                results['dns_records'] = results.get('dns_records', []) + self.dns.write(present=False)
            for item in self.edge_rules if 'edge_rules' in self.parts else ():
                result = self.carry_out(item, 'pull zone' if with_zone else None)
                results['edge_rules'].append(result)
                if result.get('changed'):
                    reasons.append(f'edge rule {item.name} changed')
            self.write_shield(results, zone, created)
            self.write_rules(results, created)
        except EdgeApiError as error:
            partial = self.outcome(results, reasons, zone_id=None if zone is None else zone.get('Id'))
            self.module.fail_api(error, **{key: value for key, value in partial.items() if key != 'changed'})
        return self.outcome(results, reasons, zone_id=None if zone is None else zone.get('Id'))

    def add_hostnames(self) -> None:
        """The hostnames the run adds, added first (each with its free certificate) and read back together, in one
        read of the pull zone: their writes then find them added (``ZoneHostname.add``)."""
        new = [item for item in self.hostnames if item.plan is not None and item.plan.action == 'create']
        if len(new) > 1:
            ZoneHostname.add_together(
                [
                    (item.resource.where, item.resource.wants_free_certificate(t.cast(Plan, item.plan).wanted))
                    for item in new
                ]
            )

    def write_shield(self, results: Results, zone: Record | None, zone_created: bool) -> None:
        check_mode = self.module.check_mode
        zone_id = None if zone is None else zone.get('Id')
        shield_created = False
        if self.shield is not None and 'shield' in self.parts:
            if zone_created and not check_mode:
                self.shield_zone = None
                self.plan_shield(int(t.cast(int, zone_id)))
                self.stop_on_problems()
            item = self.shield
            results['shield'] = self.carry_out(item, 'pull zone' if zone_created and check_mode else None)
            shield_created = bool(item.plan and item.plan.creating)
            if not check_mode and item.resource.final is not None:
                self.shield_zone = item.resource.final
        if not self.access_lists or 'access_lists' not in self.parts:
            return
        if (shield_created or zone_created) and not check_mode:
            shield_id = (self.shield_zone or {}).get('shieldZoneId')
            self.plan_access_lists(shield_id, False)
            self.stop_on_problems()
        parent = 'Shield zone' if (shield_created or zone_created) and check_mode else None
        for item in self.access_lists:
            results['access_lists'].append(self.carry_out(item, parent))

    def carry_out(self, item: Item, created_with: str | None) -> dict[str, object]:
        """Write one item (or predict it); a part of a parent the run creates is predicted as created with it."""
        plan = t.cast(Plan, item.plan)
        result = dict(item.resource.carry_out(plan))
        if created_with is not None and plan.action == 'create' and 'diff' in result:
            result['diff'] = dict(result.get('diff') or {}, after_header=f'create (with the {created_with})')
        result['item'] = item.key
        item.result = result
        return result

    def outcome(self, results: Results, reasons: list[str], zone_id: object) -> dict[str, object]:
        parts = [results.get('pullzone'), *results['hostnames'], *results['edge_rules'], results.get('shield')]
        parts += results['access_lists']
        parts += [*results.get('waf_rules', []), *results.get('rate_limits', [])]
        parts += results.get('dns_records', [])
        changed = any(part.get('changed') for part in parts if part)
        outcome: dict[str, object] = {
            'changed': changed,
            'pullzone': {'id': zone_id, 'name': self.zone_name},
            'objects': results,
            'purge': {'reasons': reasons, 'check_mode': self.module.check_mode},
        }
        if self.module.builds_diff:
            outcome['diff'] = [part['diff'] for part in parts if part and part.get('changed') and part.get('diff')]
        return outcome


def same_list(resource: EdgeResource, record: Record) -> bool:
    """Whether a declared list is ``record`` as it is (its plan writes nothing)."""
    try:
        return resource.plan(record).action is None
    except (Refused, EdgeFinding):
        return False


def zone_reasons(plan: Plan) -> list[str]:
    """Why a change of the pull zone calls for a purge of its cache: it was created, or its origin changed."""
    if plan.action == 'create':
        return ['pull zone created']
    if plan.action == 'update' and 'OriginUrl' in plan.changes:
        return ['origin changed']
    return []


def rules_of(zone: Record) -> list[Record]:
    return [rule for rule in zone.get('EdgeRules') or () if isinstance(rule, dict)]


def match_rules(declared: list[EdgeRule], rules: list[Record]) -> list[Record | None]:
    """The rule of the zone each declared rule is (None: it is added).

    A rule declared by guid is that rule. A description declared once that one rule of the zone has is that rule
    (changed in place when it differs). Any other declared rule - one of several with a description, or one without
    any - is a rule of its description that is exactly as declared, else one of the others of its description (in
    the zone's order), else a new rule: so several rules of one description, or none, settle after one run."""
    matched: list[Record | None] = [None] * len(declared)
    taken: set[object] = set()

    def described(value: object) -> str | None:
        return optional_text(value)

    def take(index: int, rule: Record) -> None:
        matched[index] = rule
        taken.add(rule.get('Guid'))

    for index, resource in enumerate(declared):
        if resource.guid is not None:
            rule = next((r for r in rules if str(r.get('Guid') or '').lower() == resource.guid.lower()), None)
            if rule is not None:
                take(index, rule)
    counts: dict[str | None, int] = {}
    for resource in declared:
        counts[described(resource.description)] = counts.get(described(resource.description), 0) + 1
    open_rules = [rule for rule in rules if not rule.get('ReadOnly')]
    for index, resource in enumerate(declared):
        description = described(resource.description)
        if matched[index] is not None or description is None or counts[description] != 1:
            continue
        same = [rule for rule in rules if described(rule.get('Description')) == description]
        if len(same) == 1 and same[0].get('Guid') not in taken:
            take(index, same[0])
    for exact in (True, False):  # first a rule exactly as declared, then any other of the description
        for index, resource in enumerate(declared):
            if matched[index] is not None or resource.guid is not None:
                continue
            description = described(resource.description)
            candidates = [
                rule
                for rule in open_rules
                if rule.get('Guid') not in taken and described(rule.get('Description')) == description
            ]
            if exact:
                candidates = [rule for rule in candidates if resource.plan(rule).action is None]
            if candidates:
                take(index, candidates[0])
    return matched
