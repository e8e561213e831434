# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""What the account holds, as the ``site`` role's declarations: API records turned into option names and enum names
through the tables, with only what differs from what a new object gets, and what a declaration cannot carry named
in ``left_out`` (a secret, a custom certificate's key, a read-only rule of the service, a value the option refuses).

``site_info`` reads the records; this turns them into ``{site_pullzone, site_shield, site_access_lists}`` (the Shield
zone's custom WAF rules and rate limits in ``site_shield``), the account's ``{site_registries,
site_video_blocked_referrers}`` and each DNS zone's ``{site_dns_zones}``. Nothing here sends a request.
"""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._dns import DnsRecord, DnsZone
from ansible_collections.edge.platform.plugins.module_utils._dns_records import (
    PULLZONE,
    SCRIPT,
    SRV,
    BadValue,
    full_name,
    parse_value,
    record_value,
)
from ansible_collections.edge.platform.plugins.module_utils._options import Option
from ansible_collections.edge.platform.plugins.module_utils._records import Record, optional_text
from ansible_collections.edge.platform.plugins.module_utils._resources.dns_zone import (
    anonymization_of,
    held_sets,
    nameservers_of,
    site_record,
)
from ansible_collections.edge.platform.plugins.module_utils._resources.shield_waf_rule import (
    condition_problems,
    conditions_of,
    conditions_view,
)
from ansible_collections.edge.platform.plugins.module_utils._tables import (
    container_registry,
    dns_record_set,
    dns_zone,
    pullzone,
    pullzone_edge_rule,
    shield_access_list,
    shield_rate_limit,
    shield_waf_rule,
    shield_zone,
    storage_zone,
)
from ansible_collections.edge.platform.plugins.module_utils._validation import text_problem


class LeftOut(t.TypedDict):
    """What a declaration cannot carry: where its value would go, and why."""

    path: str
    reason: str


class Site(t.TypedDict, total=False):
    """One pull zone as ``site_info`` returns it."""

    pullzone_name: str
    pullzone_id: int
    declaration: Record
    left_out: list[LeftOut]


# The pull zone's settings a declaration gives elsewhere (``origin``) or that name the zone.
NOT_SETTINGS = ('name', 'id', 'state', 'origin_url')
RULE = pullzone_edge_rule.TABLE
ACTION_PARAMETERS = ('action_parameter_1', 'action_parameter_2', 'action_parameter_3')


def declared_value(option: Option, value: t.Any, path: str, left_out: list[LeftOut]) -> t.Any:
    """The option value of an API value, or None when a new object gets it (nothing to declare) or the declaration
    cannot carry it (then ``left_out`` says why)."""
    shown = option.from_api(value)
    if option.is_new(shown):
        return None
    if option.secret:
        left_out.append(
            {
                'path': path,
                'reason': f'{option.name} is a secret, which is never read out; give it from a vault to set it again',
            }
        )
        return None
    problem = option.problem(shown)
    if problem is not None:
        left_out.append({'path': path, 'reason': f'the service holds a value that {option.name} refuses: {problem}'})
        return None
    return shown


# Each setting of a pull zone with its API field and its place in a declaration, worked out once (a declaration of
# every zone of an account goes through them for each zone).
SETTINGS = tuple(
    (option, t.cast(str, option.api), f'site_pullzone.settings.{option.name}')
    for option in pullzone.TABLE.mapped()
    if option.name not in NOT_SETTINGS
)


def settings_of(zone: Record, left_out: list[LeftOut]) -> Record:
    """The zone's settings (and its type) that differ from what a new zone gets, by option name."""
    settings: Record = {}
    for option, api, path in SETTINGS:
        value = declared_value(option, zone.get(api), path, left_out)
        if value is not None:
            settings[option.name] = value
    return settings


def hostnames_of(
    zone: Record,
    left_out: list[LeftOut],
    kind_of: t.Callable[[Record], str | None],
    dns_zone_of: t.Callable[[str], str | None] | None = None,
) -> list[Record]:
    """The custom hostnames with their Force SSL and certificate (and ``dns_zone``, the account DNS zone whose record of
    the name links this pull zone: ``dns_zone_of``), and the system hostname when it forces SSL (the service gives every
    zone one; its certificate is the service's). ``kind_of`` tells a certificate's kind (free or custom) from the
    hostname record, None when it cannot tell."""
    declared = []
    for record in zone.get('Hostnames') or ():
        if not isinstance(record, dict) or not record.get('Value'):
            continue
        entry: Record = {'hostname': str(record['Value']).lower()}
        if record.get('ForceSSL'):
            entry['force_ssl'] = True
        if record.get('IsSystemHostname') or record.get('IsManagedHostname'):
            if 'force_ssl' in entry:
                declared.append(entry)
            continue
        if record.get('HasCertificate'):
            entry['certificate'] = 'free'  # loads one only where there is none: it converges either way
            if kind_of(record) == 'custom':
                left_out.append(
                    {
                        'path': f'site_pullzone.hostnames[{len(declared)}].custom_certificate_key',
                        'reason': f"hostname {entry['hostname']} has a custom certificate, whose key cannot be read "
                        'back: give certificate: custom with custom_certificate and custom_certificate_key (from a '
                        'vault) to keep it when the zone is made again',
                    }
                )
        domain = dns_zone_of(entry['hostname']) if dns_zone_of is not None else None
        if domain is not None:
            entry['dns_zone'] = domain
        declared.append(entry)
    return declared


def edge_rule_of(rule: Record) -> Record:
    """One edge rule as the role declares it: its description, action, parameters, extra actions, triggers, matching
    and enabled state, without what a new rule gets (no parameter, match any, enabled)."""
    entry: Record = {}
    description = optional_text(rule.get('Description'))
    if description is not None:
        entry['description'] = description
    entry['action'] = RULE['action'].from_api(rule.get('ActionType') or 0)
    for name in ACTION_PARAMETERS:
        value = optional_text(rule.get(t.cast(str, RULE[name].api)))
        if value is not None:
            entry[name] = value
    extra = []
    for action in rule.get('ExtraActions') or ():
        item = {'action': RULE['extra_actions'].sub('action').from_api(action.get('ActionType') or 0)}
        for name in ACTION_PARAMETERS:
            value = optional_text(action.get(t.cast(str, RULE['extra_actions'].sub(name).api)))
            if value is not None:
                item[name] = value
        extra.append(item)
    if extra:
        entry['extra_actions'] = extra
    triggers = []
    for trigger in rule.get('Triggers') or ():
        item = {
            'type': RULE['triggers'].sub('type').from_api(trigger.get('Type') or 0),
            'patterns': [str(pattern) for pattern in trigger.get('PatternMatches') or ()],
        }
        match = RULE['triggers'].sub('match').from_api(trigger.get('PatternMatchingType') or 0)
        if match != 'any':
            item['match'] = match
        parameter = optional_text(trigger.get('Parameter1'))
        if parameter is not None:
            item['parameter_1'] = parameter
        triggers.append(item)
    entry['triggers'] = triggers
    matching = RULE['trigger_matching'].from_api(rule.get('TriggerMatchingType') or 0)
    if matching != 'any':
        entry['trigger_matching'] = matching
    if rule.get('Enabled') is False:
        entry['enabled'] = False
    return entry


def edge_rules_of(zone: Record, left_out: list[LeftOut]) -> list[Record]:
    """The zone's edge rules in their order, but the read-only ones, which the service keeps itself."""

    def order(rule: Record) -> int:
        index = rule.get('OrderIndex')
        return index if isinstance(index, int) else 0

    rules = sorted((rule for rule in zone.get('EdgeRules') or () if isinstance(rule, dict)), key=order)
    declared = []
    for rule in rules:
        if rule.get('ReadOnly'):
            name = optional_text(rule.get('Description'))
            left_out.append(
                {
                    'path': 'site_pullzone.edge_rules',
                    'reason': f"edge rule {rule.get('Guid')}{f' ({name})' if name else ''} is read-only: the service "
                    'keeps it, and no declaration can change or add it',
                }
            )
            continue
        declared.append(edge_rule_of(rule))
    return declared


# What a pull zone's origin is when it is a storage zone (OriginType StorageZone), and the settings that say so.
STORAGE_ORIGIN_TYPE = 2
STORAGE_ORIGIN = ('storage_zone_id', 'origin_type')


def pullzone_of(
    zone: Record,
    left_out: list[LeftOut],
    kind_of: t.Callable[[Record], str | None],
    storage_names: t.Mapping[int, str] | None = None,
    dns: DnsLinks | None = None,
) -> Record:
    """``site_pullzone``: the zone's name, origin (a URL, or a storage zone by its name: ``storage_names`` by id),
    settings, hostnames and edge rules; what is not listed held at what a new zone gets (``settings_unlisted:
    default``), and the purge of a change said explicitly."""
    declared: Record = {'name': zone.get('Name')}
    storage = (storage_names or {}).get(int(zone.get('StorageZoneId') or 0))
    if zone.get('OriginType') == STORAGE_ORIGIN_TYPE and storage is not None:
        declared['storage_zone'] = storage  # the origin, by name; the URL the zone keeps is not its origin
    else:
        storage = None
        origin = optional_text(zone.get('OriginUrl'))
        problem = pullzone.TABLE['origin_url'].problem(origin) if origin is not None else None
        if problem is not None:  # the role refuses it (the API took it): left as it is, and said so
            left_out.append(
                {
                    'path': 'site_pullzone.origin',
                    'reason': f'the service holds an origin that origin_url refuses: {problem}',
                }
            )
        elif origin is not None:
            declared['origin'] = origin
    declared['purge_on_change'] = True
    declared['settings_unlisted'] = 'default'
    settings = settings_of(zone, left_out)
    if storage is not None:
        for name in STORAGE_ORIGIN:
            settings.pop(name, None)
    if settings:
        declared['settings'] = settings
    zone_id = int(zone.get('Id') or 0)
    hostnames = hostnames_of(
        zone, left_out, kind_of, (lambda hostname: dns.zone_linking(hostname, zone_id)) if dns is not None else None
    )
    if hostnames:
        declared['hostnames'] = hostnames
    rules = edge_rules_of(zone, left_out)
    if rules:
        declared['edge_rules'] = rules
    return declared


def shield_of(zone: Record, parts: t.Mapping[str, Record]) -> Record:
    """``site_shield``: the Shield zone's settings that differ from what a new Shield zone gets. ``parts`` are the
    flattened bot detection and upload scanning settings (``botDetection.executionMode`` …)."""
    declared: Record = {'settings_unlisted': 'default'}
    merged = {**zone, **parts}
    for option in shield_zone.TABLE.mapped():
        value = declared_value(option, merged.get(t.cast(str, option.api)), f'site_shield.{option.name}', [])
        if value is not None:
            declared[option.name] = value
    return declared


# Each list of rules site_shield declares: its key, the table of its items' options, and the rules as messages name
# them.
RULE_LISTS = (
    ('waf_rules', shield_waf_rule.TABLE, 'custom WAF rule', 'custom WAF rules'),
    ('rate_limits', shield_rate_limit.TABLE, 'rate limit', 'rate limits'),
)
CONFIGURATION = 'ruleConfiguration.'


def unnamed(option: Option, value: object) -> bool:
    """Whether an option value read from the API is none the option takes (a number of an enum the collection does
    not name, an integer outside its choices)."""
    names = option.names
    return names is not None and value not in names


def conditions_problem(configuration: t.Mapping[str, t.Any]) -> str | None:
    """Why the conditions of a rule cannot be declared in the options' terms (the API holds what they cannot say), or
    None."""
    conditions = conditions_of(configuration)
    condition = shield_waf_rule.TABLE['conditions']
    for index, item in enumerate(conditions):
        if item.get('isRegexVariable'):
            return f'condition {index + 1} takes its variables as regular expressions, which conditions cannot say'
        if index and item.get('transformationTypes'):
            return f'chained condition {index} has transformations, which conditions cannot say'
        parts = item.get('variableTypes') or {}
        if any(str(part or '') != str(part or '').strip() for part in parts.values()):
            return f'condition {index + 1} names a part of a variable with spaces around it, which conditions trim'
        view = conditions_view([item])[0]
        if unnamed(condition.sub('operator'), view['operator']):
            return f"condition {index + 1} has the operator {view['operator']}, which operator does not name"
        unknown = [
            name
            for name in t.cast('list[object]', view['transformations'])
            if unnamed(condition.sub('transformations'), name)
        ]
        if unknown:
            return f'condition {index + 1} has the transformations {unknown}, which transformations does not name'
    return None


def declared_conditions(
    configuration: t.Mapping[str, t.Any], path: str, left_out: list[LeftOut]
) -> list[Record] | None:
    """A rule's conditions in the options' terms, without what a condition gets when nothing is said (no value, no
    transformation, not negated); None when they cannot be declared (``left_out`` says why)."""
    problem = conditions_problem(configuration)
    declared: list[Record] = []
    if problem is None:
        for view in conditions_view(conditions_of(configuration)):
            item: Record = {'variables': view['variables'], 'operator': view['operator']}
            if view['value'] is not None:
                item['value'] = view['value']
            if view['transformations']:
                item['transformations'] = view['transformations']
            if view['negated']:
                item['negated'] = True
            declared.append(item)
        problems = condition_problems(t.cast(t.Any, declared))  # what the role would refuse of them
        problem = '; '.join(problems) if problems else None
    if problem is None:
        return declared
    left_out.append(
        {
            'path': f'{path}.conditions',
            'reason': f'{problem}: the rule is declared without its conditions, which the role then leaves as they are',
        }
    )
    return None


def rule_of(table: t.Any, rule: t.Mapping[str, t.Any], path: str, left_out: list[LeftOut]) -> Record:
    """One custom WAF rule or rate limit by its options (the order of its table), without what a new one gets."""
    configuration = rule.get('ruleConfiguration') or {}
    declared: Record = {'name': rule.get('ruleName')}
    for option in table:
        if option.name == 'conditions':
            conditions = declared_conditions(configuration, path, left_out)
            if conditions is not None:
                declared['conditions'] = conditions
            continue
        if option.api is None or option.name == 'name':
            continue
        api = str(option.api)
        value = configuration.get(api[len(CONFIGURATION) :]) if api.startswith(CONFIGURATION) else rule.get(api)
        shown = declared_value(option, value, f'{path}.{option.name}', left_out)
        if shown is not None and unnamed(option, shown):
            left_out.append(
                {
                    'path': f'{path}.{option.name}',
                    'reason': f'the service holds a value that {option.name} does not name ({shown}); the rule is '
                    f'declared without it, which the role then leaves as it is',
                }
            )
        elif shown is not None:
            declared[option.name] = shown
    return declared


def shield_rules_of(rules: t.Mapping[str, t.Sequence[t.Mapping[str, t.Any]]], left_out: list[LeftOut]) -> Record:
    """``site_shield``'s ``waf_rules`` and ``rate_limits`` (``rules``: the listings of the Shield zone, by those keys)
    and ``rules_exclusive: true``, so that a rule added in the dashboard is drift. A rule whose name a declaration
    cannot give (one the role refuses, or one that several rules of the kind have) is left out, and ``rules_exclusive``
    with it: it would delete them."""
    declared: Record = {}
    exclusive = True
    lists: Record = {}
    for key, table, noun, plural in RULE_LISTS:
        held = [rule for rule in rules.get(key) or () if isinstance(rule, dict)]
        names = [str(rule.get('ruleName') or '') for rule in held]
        items: list[Record] = []
        refused: set[str] = set()
        for rule, name in zip(held, names):
            problem = text_problem(name)
            if problem is not None:
                problem = (
                    f"{noun} {rule.get('id')} cannot be declared: its name {name!r} {problem}; rename it to declare it"
                )
            elif names.count(name) > 1:
                ids = ', '.join(str(other.get('id')) for other in held if other.get('ruleName') == name)
                problem = (
                    f'{names.count(name)} {plural} are named {name!r} (ids {ids}), and a declaration finds one by its '
                    'name: rename them, or delete all but one, to declare them'
                )
            if problem is None:
                items.append(rule_of(table, rule, f'site_shield.{key}[{len(items)}]', left_out))
                continue
            exclusive = False
            if name not in refused:
                refused.add(name)
                left_out.append({'path': f'site_shield.{key}', 'reason': problem})
        if items:
            lists[key] = items
    if exclusive:
        declared['rules_exclusive'] = True
    else:
        left_out.append(
            {
                'path': 'site_shield.rules_exclusive',
                'reason': 'not declared: it would delete the rules this declaration cannot name (above); the rules and '
                'rate limits it does not list are left alone',
            }
        )
    return {**declared, **lists}


def access_lists_of(lists: t.Iterable[Record]) -> list[Record]:
    """``site_access_lists``: each custom list with its type, description, action, enabled state and entries (the
    records as the access list API reads them, each with its ``entries``)."""
    table = shield_access_list.TABLE
    declared = []
    for record in lists:
        entry: Record = {'name': record.get('name'), 'type': table['type'].from_api(record.get('type'))}
        description = optional_text(record.get('description'))
        if description is not None:
            entry['description'] = description
        entry['action'] = table['action'].from_api(record.get('action') or 0)
        entry['enabled'] = bool(record.get('isEnabled'))
        entry['entries'] = sorted(str(item) for item in record.get('entries') or ())
        declared.append(entry)
    return declared


def storage_zones_of(zones: t.Iterable[Record]) -> list[Record]:
    """``site_storage_zones``: each storage zone by its name and region (what making it again needs), and what differs
    from what a new zone gets; never a password (no option carries one)."""
    declared = []
    for zone in zones:
        entry: Record = {'name': zone.get('Name'), 'region': zone.get('Region')}
        for option in storage_zone.TABLE.mapped():
            if option.name in entry or option.api is None:
                continue
            value = declared_value(option, zone.get(option.api), f'site_storage_zones.{option.name}', [])
            if value is not None:
                entry[option.name] = value
        declared.append(entry)
    return declared


def account_of(
    registries: t.Iterable[t.Mapping[str, t.Any]],
    libraries: t.Iterable[Record],
    storage_zones: t.Iterable[Record] = (),
) -> tuple[Record, list[LeftOut]]:
    """The account's part of a declaration: ``site_storage_zones`` and ``site_registries`` (never a password), and
    ``site_video_blocked_referrers`` (the libraries that block a referrer, by name unless two share it)."""
    left_out: list[LeftOut] = []
    types = container_registry.TABLE['registry_type']
    site_registries: list[Record] = []
    for registry in registries:
        entry: Record = {'display_name': registry.get('displayName')}
        if registry.get('type') is not None:
            entry['registry_type'] = types.from_api(registry.get('type'))
        if registry.get('userName'):
            entry['username'] = registry['userName']
            left_out.append(
                {
                    'path': f'site_registries[{len(site_registries)}].password',
                    'reason': f"registry {registry.get('displayName')} has credentials, whose password is never read "
                    'out; give it from a vault to add the registry again',
                }
            )
        site_registries.append(entry)
    libraries = list(libraries)
    names = [library.get('Name') for library in libraries]
    referrers = []
    for library in libraries:
        blocked = sorted(str(hostname).lower() for hostname in library.get('BlockedReferrers') or ())
        if not blocked:
            continue
        name = library.get('Name')
        which = {'library_name': name} if name and names.count(name) == 1 else {'library_id': library.get('Id')}
        referrers.append({**which, 'hostnames': blocked})
    return {
        'site_storage_zones': storage_zones_of(storage_zones),
        'site_registries': site_registries,
        'site_video_blocked_referrers': referrers,
    }, left_out


# ---- DNS zones ------------------------------------------------------------------------------------------------

RECORD_SET = dns_record_set.TABLE
ZONE = dns_zone.TABLE
# A record's settings but its weight (declared only where the records of a set differ in it: the same weight on every
# record routes as none does), each declared where it differs from what a new record gets.
RECORD_SETTINGS = tuple(option for option in dns_record_set.SETTINGS if option.name != 'weight')
WEIGHT = next(option for option in dns_record_set.SETTINGS if option.name == 'weight')
# How a new zone's logs keep client addresses.
NEW_ANONYMIZATION = 'one_digit'


class DnsLinks:
    """The account's DNS zones as the declarations of sites see them: which hostname's records link which pull zone
    (a site then declares the hostname's ``dns_zone``), and which record sets are such a site's (its zone's file
    leaves them out)."""

    def __init__(self, zones: t.Sequence[DnsZone], pullzones: t.Iterable[Record]) -> None:
        self.zones = sorted(zones, key=lambda zone: -len(str(zone.get('Domain') or '')))
        self.pullzones = {int(zone['Id']): zone for zone in pullzones if zone.get('Id') is not None}
        # The pull zone sets of every zone by full name: the ids they link.
        self.links: dict[str, tuple[str, set[str]]] = {}
        for zone in self.zones:
            domain = domain_of(zone)
            for key, records in held_sets(zone.get('Records') or []).items():
                if key[1] == PULLZONE:
                    links = {str(record.get('LinkName') or '') for record in records}
                    self.links[full_name(key[0], domain)] = (domain, links)

    def holding(self, hostname: str) -> str | None:
        """The domain of the account zone that holds ``hostname`` (the longest that is it or ends it), or None."""
        return next(
            (
                domain_of(zone)
                for zone in self.zones
                if hostname == domain_of(zone) or hostname.endswith('.' + domain_of(zone))
            ),
            None,
        )

    def zone_linking(self, hostname: str, pullzone_id: int) -> str | None:
        """The domain of the zone that holds ``hostname`` when its ``pullzone`` records there link the pull zone of
        ``pullzone_id`` and no other."""
        domain = self.holding(hostname)
        domain_links = self.links.get(hostname)
        if domain is None or domain_links is None or domain_links[0] != domain:
            return None
        return domain if domain_links[1] == {str(pullzone_id)} else None

    def site_set(self, key: tuple[str, object], records: list[DnsRecord], domain: str) -> bool:
        """Whether a record set is the record of a pull zone's own hostname, which its site declares."""
        return site_record(key, records, domain, self.pullzones)


def domain_of(zone: t.Mapping[str, t.Any]) -> str:
    return str(zone.get('Domain') or '').rstrip('.').lower()


def record_set_of(
    key: tuple[str, object], records: list[DnsRecord], names: t.Mapping[int, str]
) -> tuple[Record | None, str | None]:
    """One record set as ``site_dns_zones`` declares it - its name (V(@) the apex), type, values in zone-file form
    (each with the settings of its record that differ from a new record's), and its TTL when its records share one -
    or None with the reason it cannot be declared."""
    type_name = str(RECORD_SET['type'].from_api(key[1]))
    name = str(records[0].get('Name') or '') or '@'
    values: list[object] = []
    weights = {record.get('Weight') for record in records}
    for record in sorted(records, key=lambda record: record_value(record).text):
        value = record_value(record)
        if key[1] == PULLZONE:
            link = int(value.text) if value.text.isdigit() else None
            if link not in names:
                return None, (
                    f'the {type_name} record {name} links pull zone {value.text or "(none)"}, which does not exist: '
                    'it cannot be declared by the name of a pull zone (the audit reports it as dns_dangling_record); '
                    'remove it'
                )
            text = names[t.cast(int, link)]
        elif key[1] == SCRIPT:
            text = value.text
        else:
            text = value.shown
            try:
                same = parse_value(t.cast(int, key[1]), text).text == value.text
            except BadValue:
                same = False
            if not same:
                return None, f'the {type_name} record {name} holds {text!r}, which {type_name} values do not take'
        settings: Record = {}
        if len(weights) > 1 and key[1] != SRV:
            settings[WEIGHT.name] = record.get('Weight')
        for option in RECORD_SETTINGS:
            shown = option.from_api(record.get(t.cast(str, option.api)))
            if not option.is_new(shown):
                settings[option.name] = shown
        values.append({'value': text, **settings} if settings else text)
    declared: Record = {'name': name, 'type': type_name, 'values': values}
    ttls = {record.get('Ttl') for record in records}
    if len(ttls) == 1 and None not in ttls:
        declared['ttl'] = ttls.pop()
    return declared, None


def dns_zone_of(zone: DnsZone, links: DnsLinks, names: t.Mapping[int, str]) -> tuple[Record, list[LeftOut]]:
    """``site_dns_zones`` of one zone: its domain, settings that differ from a new zone's, and every record set (but
    those of sites' hostnames, which the sites declare), ``records_exclusive: true`` unless a set cannot be declared
    (which a file applied would then remove); what cannot be declared, in ``left_out``."""
    left_out: list[LeftOut] = []
    domain = domain_of(zone)
    declared: Record = {'domain': domain}
    servers = nameservers_of(zone)
    if servers:
        declared['nameservers'] = servers
    for name in ('soa_email', 'logging'):
        value = declared_value(ZONE[name], zone.get(t.cast(str, ZONE[name].api)), f'site_dns_zones[0].{name}', [])
        if value is not None:
            declared[name] = value
    anonymization = anonymization_of(zone)
    if anonymization != NEW_ANONYMIZATION:
        declared['logging_ip_anonymization'] = anonymization
    declared['dnssec'] = bool(zone.get('DnsSecEnabled'))
    sets = held_sets(zone.get('Records') or [])

    def order(key: tuple[str, object]) -> tuple[bool, str, int]:
        return key[0] != '', key[0], int(t.cast(int, key[1]))

    records: list[Record] = []
    for key in sorted(sets, key=order):
        if links.site_set(key, sets[key], domain):
            continue
        entry, reason = record_set_of(key, sets[key], names)
        if entry is None:
            left_out.append({'path': 'site_dns_zones[0].records', 'reason': t.cast(str, reason)})
            continue
        ttls = sorted({int(record.get('Ttl') or 0) for record in sets[key]})
        if 'ttl' not in entry and len(ttls) > 1:
            left_out.append(
                {
                    'path': f'site_dns_zones[0].records[{len(records)}].ttl',
                    'reason': f"the records of {entry['type']} {entry['name']} have different TTLs "
                    f"({', '.join(map(str, ttls))}): ttl is left out, so each keeps its own",
                }
            )
        records.append(entry)
    declared['records'] = records
    # A set that cannot be declared would be removed by a file that lists every set: the file then lists only.
    declared['records_exclusive'] = not any(item['path'] == 'site_dns_zones[0].records' for item in left_out)
    return declared, left_out
