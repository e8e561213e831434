# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
name: dns_findings
short_description: What is wrong with the DNS zones of the account, for the audit
version_added: 1.1.0
description:
  - Reads the DNS zones of the account with their records (as M(edge.platform.dns_zone_info) returns them) against
    its pull zones (as M(edge.platform.pullzone_info) returns them) and returns the findings of the
    C(edge.platform.audit) role about them, each with its severity, the record's full name and its zone, and its fix.
  - C(dns_dangling_record) - an enabled C(pullzone) record whose pull zone is gone, or a C(cname) to the system
    hostname of no pull zone - whoever makes a pull zone the name then reaches can serve the name (a subdomain
    takeover).
  - C(hostname_dns_elsewhere) - a custom hostname of a pull zone whose name lies in a DNS zone of the account, and
    whose records there (those of its name, else of the nearest wildcard above it) do not point at its pull zone (a
    C(pullzone) record linking it, a C(cname) to its system hostname, or the record it was accelerated for) - the
    service issues and renews its free certificate only when they do.
  - C(dns_zone_not_delegated) - the parent zone does not name the zone's name servers (C(NameserversDetected)
    false), so they do not answer for it; C(dns_zone_dnssec_off) - DNSSEC does not sign the zone.
  - Runs on the controller, with no request.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
options:
  _input:
    description: DNS zones (DnsZoneModel), each with its C(Records).
    type: list
    elements: dict
    required: true
  pullzones:
    description: Every pull zone of the account (PullZoneModel, with its C(Hostnames)).
    type: list
    elements: dict
    required: true
  covered:
    description:
      - The pull zones whose hostnames are checked (C(hostname_dns_elsewhere)); default all of O(pullzones).
    type: list
    elements: dict
'''

EXAMPLES = r'''
- name: Read the DNS zones with their records, and every pull zone
  edge.platform.dns_zone_info:
  register: dns

- name: Read every pull zone
  edge.platform.pullzone_info:
  register: cdn

- name: Show what is wrong
  ansible.builtin.debug:
    msg: "{{ item.resource }}: {{ item.message }} (fix: {{ item.fix.text }})"
  loop: "{{ dns.dns_zones | edge.platform.dns_findings(cdn.pullzones) }}"
  loop_control:
    label: "{{ item.check }}"
'''

RETURN = r'''
_value:
  description:
    - One finding each - C(severity) (C(high), C(medium), C(low)), C(check), C(resource), C(message), C(fix)
      (C({module, options, text}); C(module) null where the fix is not a module's, such as the registrar's name
      servers), C(dns_zone) (the zone's domain), C(dns_zone_id), and for a record C(record) (its full name) and
      C(record_type); for a hostname C(hostname) and C(pullzone_id).
    - Zones in their order, then the pull zones' hostnames in theirs.
  type: list
  elements: dict
'''

import json
import typing as t

from ansible.errors import AnsibleFilterError

from ansible_collections.edge.platform.plugins.module_utils._tables.dns_record_set import RECORD_TYPES

# DnsRecordTypes the findings read.
CNAME = RECORD_TYPES.number('cname')
PULLZONE = RECORD_TYPES.number('pullzone')
SEVERITY = {
    'dns_dangling_record': 'high',
    'hostname_dns_elsewhere': 'medium',
    'dns_zone_not_delegated': 'medium',
    'dns_zone_dnssec_off': 'low',
}


def plain(name: object) -> str:
    """A DNS name compared as DNS compares them: lower case, without its final dot."""
    return str(name or '').strip().rstrip('.').lower()


def full_name(record: t.Mapping[str, t.Any], domain: str) -> str:
    name = plain(record.get('Name'))
    return f'{name}.{domain}' if name else domain


def fix(module: str | None, options: dict[str, t.Any], text: str | None = None) -> dict[str, t.Any]:
    """A finding's fix: the module and the option values that fix it, and the same as text."""
    written = ', '.join(
        f'{key}: {value if isinstance(value, str) else json.dumps(value)}' for key, value in options.items()
    )
    return {'module': module, 'options': options, 'text': text or f'{module} {written}'}


class Account:
    """The pull zones as the findings need them: by id, the system hostname of each, the service's system domains."""

    def __init__(self, pullzones: t.Iterable[t.Mapping[str, t.Any]]) -> None:
        self.by_id = {int(zone['Id']): zone for zone in pullzones if isinstance(zone, dict) and zone.get('Id')}
        self.system = {zone_id: system_hostname(zone) for zone_id, zone in self.by_id.items()}
        hostnames = {name for name in self.system.values() if name}
        self.system_hostnames = hostnames
        self.system_domains = {name.split('.', 1)[1] for name in hostnames if '.' in name}

    def is_system_target(self, target: str) -> bool:
        """Whether ``target`` is a name of the service's system domain (a pull zone's, or one's no longer)."""
        return any(target.endswith('.' + domain) for domain in self.system_domains)


def system_hostname(zone: t.Mapping[str, t.Any]) -> str | None:
    return next(
        (plain(host.get('Value')) for host in zone.get('Hostnames') or () if host.get('IsSystemHostname')), None
    )


def enabled(records: t.Iterable[t.Mapping[str, t.Any]]) -> list[t.Mapping[str, t.Any]]:
    return [record for record in records if isinstance(record, dict) and not record.get('Disabled')]


def zone_findings(zone: t.Mapping[str, t.Any], account: Account) -> list[dict[str, t.Any]]:
    """The findings of one zone: its dangling records, its delegation and DNSSEC."""
    domain, zone_id = plain(zone.get('Domain')), zone.get('Id')
    label = f'DNS zone {domain}'
    facts = {'dns_zone': domain, 'dns_zone_id': zone_id}
    found = []
    for record in enabled(zone.get('Records') or ()):
        name, kind = full_name(record, domain), record.get('Type')
        relative = str(record.get('Name') or '') or '@'
        if kind == PULLZONE:
            link = str(record.get('LinkName') or '')
            if link.isdigit() and int(link) in account.by_id:
                continue
            why = (
                f'links pull zone {link or "(none)"}, which no longer exists: a pull zone made by anyone that the '
                'service links the name to would serve it'
            )
            type_name = 'pullzone'
        elif kind == CNAME:
            target = plain(record.get('Value'))
            if not account.is_system_target(target) or target in account.system_hostnames:
                continue
            why = (
                f'is a cname to {target}, the system hostname of no pull zone: whoever makes a pull zone of that name '
                'would serve it'
            )
            type_name = 'cname'
        else:
            continue
        options = {'zone': domain, 'name': relative, 'type': type_name, 'state': 'absent'}
        found.append(
            {
                **facts,
                'severity': SEVERITY['dns_dangling_record'],
                'check': 'dns_dangling_record',
                'resource': f'record {name} ({type_name}) of {label}',
                'record': name,
                'record_type': type_name,
                'message': f'record {name} of {label} {why} (a subdomain takeover risk)',
                'fix': fix(
                    'edge.platform.dns_record_set',
                    options,
                    f'edge.platform.dns_record_set zone: {domain}, name: {relative}, type: {type_name}, state: absent '
                    '(or point it at a pull zone that exists)',
                ),
            }
        )
    servers = [plain(zone.get(key)) for key in ('Nameserver1', 'Nameserver2') if plain(zone.get(key))]
    if zone.get('NameserversDetected') is False:
        found.append(
            {
                **facts,
                'severity': SEVERITY['dns_zone_not_delegated'],
                'check': 'dns_zone_not_delegated',
                'resource': label,
                'message': f'{label} is not delegated: the parent zone does not name its name servers '
                f"({', '.join(servers)}), so its records are not what resolvers find",
                'fix': fix(
                    None,
                    {'nameservers': servers},
                    f"at the registrar of {domain}, set its name servers to {', '.join(servers)}",
                ),
            }
        )
    if not zone.get('DnsSecEnabled'):
        found.append(
            {
                **facts,
                'severity': SEVERITY['dns_zone_dnssec_off'],
                'check': 'dns_zone_dnssec_off',
                'resource': label,
                'message': f'DNSSEC does not sign {label}: its answers can be forged',
                'fix': fix(
                    'edge.platform.dns_zone',
                    {'domain': domain, 'dnssec': True},
                    f'edge.platform.dns_zone domain: {domain}, dnssec: true (then give the registrar the DS record the '
                    'run returns)',
                ),
            }
        )
    return found


def answering(records: list[t.Mapping[str, t.Any]], domain: str, hostname: str) -> list[t.Mapping[str, t.Any]]:
    """The enabled records that answer for ``hostname`` in its zone: those of its name, or when it has none, those of
    the nearest wildcard above it (``*.b.example.com`` then ``*.example.com``)."""
    by_name: dict[str, list[t.Mapping[str, t.Any]]] = {}
    for record in enabled(records):
        by_name.setdefault(full_name(record, domain), []).append(record)
    if hostname in by_name:
        return by_name[hostname]
    labels = hostname.split('.')
    for index in range(1, len(labels)):
        parent = '.'.join(labels[index:])
        if parent != domain and not parent.endswith('.' + domain):
            break
        wildcard = f'*.{parent}'
        if wildcard in by_name:
            return by_name[wildcard]
    return []


def points_at(record: t.Mapping[str, t.Any], zone_id: int, system: str | None) -> bool:
    if record.get('Type') == PULLZONE:
        return str(record.get('LinkName') or '') == str(zone_id)
    if record.get('Type') == CNAME:
        return system is not None and plain(record.get('Value')) == system
    return record.get('AcceleratedPullZoneId') == zone_id


def hostname_findings(
    zones: t.Sequence[t.Mapping[str, t.Any]], account: Account, covered: t.Iterable[t.Mapping[str, t.Any]]
) -> list[dict[str, t.Any]]:
    """A custom hostname of a covered pull zone inside an account zone whose records there do not point at it."""
    by_length = sorted(zones, key=lambda zone: -len(plain(zone.get('Domain'))))
    found = []
    for pullzone in covered:
        zone_id, name = int(pullzone['Id']), str(pullzone.get('Name'))
        system = account.system.get(zone_id) or system_hostname(pullzone)
        for host in pullzone.get('Hostnames') or ():
            hostname = plain(host.get('Value'))
            if not hostname or host.get('IsSystemHostname'):
                continue
            holding = next(
                (
                    zone
                    for zone in by_length
                    if hostname == plain(zone.get('Domain')) or hostname.endswith('.' + plain(zone.get('Domain')))
                ),
                None,
            )
            if holding is None:
                continue
            domain = plain(holding.get('Domain'))
            records = answering(list(holding.get('Records') or ()), domain, hostname)
            if any(points_at(record, zone_id, system) for record in records):
                continue
            held = sorted(
                {
                    str(RECORD_TYPES.name(record.get('Type')))
                    for record in records
                    if record.get('Type') in RECORD_TYPES.numbers.values()
                }
            )
            what = f"its records there ({', '.join(held)}) point elsewhere" if held else 'it has no record there'
            relative = hostname[: -len(domain) - 1] if hostname != domain else '@'
            found.append(
                {
                    'severity': SEVERITY['hostname_dns_elsewhere'],
                    'check': 'hostname_dns_elsewhere',
                    'resource': f'pull zone {name} ({zone_id})',
                    'pullzone_id': zone_id,
                    'hostname': hostname,
                    'record': hostname,
                    'dns_zone': domain,
                    'dns_zone_id': holding.get('Id'),
                    'message': f'hostname {hostname} lies in DNS zone {domain}, and {what}, not at pull zone {name}: '
                    'its free certificate cannot be issued or renewed',
                    'fix': fix(
                        'edge.platform.dns_record_set',
                        {'zone': domain, 'name': relative, 'type': 'pullzone', 'values': [name]},
                        f'edge.platform.dns_record_set zone: {domain}, name: {relative}, type: pullzone, values: '
                        f'[{name}] (a cname of the name removed first), or the site role\'s dns_zone: {domain} on the '
                        'hostname',
                    ),
                }
            )
    return found


def dns_findings(zones: t.Any, pullzones: t.Any, covered: t.Any = None) -> list[dict[str, t.Any]]:
    if not isinstance(zones, list) or not isinstance(pullzones, list):
        raise AnsibleFilterError('dns_findings takes a list of DNS zones and a list of pull zones')
    account = Account(pullzones)
    readable = [zone for zone in zones if isinstance(zone, dict)]
    found = [finding for zone in readable for finding in zone_findings(zone, account)]
    return found + hostname_findings(readable, account, covered if isinstance(covered, list) else pullzones)


class FilterModule:
    def filters(self) -> dict[str, t.Callable[..., t.Any]]:
        return {'dns_findings': dns_findings}
