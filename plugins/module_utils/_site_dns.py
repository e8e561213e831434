# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The DNS part of a site: the ``pullzone`` record of each declared hostname that names its DNS zone
(``site_pullzone.hostnames[].dns_zone``), so that the name points at the pull zone before the hostname is added and its
free certificate is issued in the same run (the service issues one for a name inside an account DNS zone only when a
record of the name points at the pull zone).

Each record is the set of ``pullzone`` records of the hostname's name, as ``dns_record_set`` manages it with
``on_existing: replace``: the name then links this pull zone only (a record that linked another pull zone is changed to
link this one). A hostname declared absent, or the whole site, removes the records of its name that link this pull
zone, and only those. ``_site.SitePullZone`` plans them with the hostnames and writes them around them: those to make
before the hostnames are added, those to remove after the hostnames (or before the pull zone is deleted).
"""

from __future__ import annotations

import dataclasses
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._dns import DnsApi, DnsRecord, DnsZone, without_records
from ansible_collections.edge.platform.plugins.module_utils._dns_records import (
    PULLZONE,
    BadValue,
    domain_form,
    linked_value,
)
from ansible_collections.edge.platform.plugins.module_utils._parts import PartModule, Refused
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._resource import Plan
from ansible_collections.edge.platform.plugins.module_utils._resources.dns_record_set import (
    RECORDS,
    Place,
    RecordSet,
    Wanted,
)

# The key of a declared hostname that names its DNS zone: the role's, not pullzone_hostname's.
DNS_ZONE = 'dns_zone'
# The id a pull zone that check mode predicts to be made has in its records (it has none yet).
NEW_PULLZONE_ID = 0


def without_dns_zones(entries: t.Sequence[object]) -> tuple[list[object], list[tuple[object, object]]]:
    """The declared hostnames without their ``dns_zone`` (each then as ``pullzone_hostname`` takes it), and each
    ``(hostname, dns_zone)`` declared."""
    plain: list[object] = []
    named: list[tuple[object, object]] = []
    for entry in entries:
        if isinstance(entry, dict) and DNS_ZONE in entry:
            entry = dict(entry)
            domain = entry.pop(DNS_ZONE)
            if domain is not None:
                named.append((entry.get('hostname'), domain))
        plain.append(entry)
    return plain, named


def system_hostname(zone: Record) -> str | None:
    return next(
        (
            str(host.get('Value'))
            for host in zone.get('Hostnames') or ()
            if isinstance(host, dict) and host.get('IsSystemHostname')
        ),
        None,
    )


@dataclasses.dataclass
class HostnameRecord:
    """The record of one declared hostname: its name, DNS zone, whether it is wanted, its set's resource and plan."""

    hostname: str
    domain: str
    present: bool
    #: Whether the run makes the record (else it removes it: the hostname declared absent, or the site removed).
    making: bool = True
    resource: RecordSet | None = None
    plan: Plan | None = None
    result: dict[str, object] | None = None

    @property
    def label(self) -> str:
        return f'site_pullzone.hostnames {self.hostname}: dns_zone {self.domain}'

    @property
    def item(self) -> dict[str, object]:
        return {'hostname': self.hostname, 'dns_zone': self.domain, 'state': 'present' if self.present else 'absent'}


class HostnameRecords:
    """The ``pullzone`` records of a site's hostnames: checked before any request, planned with the hostnames (or the
    site's removal), written around them."""

    def __init__(self, module: EdgeModule, made: t.Iterable[object] = ()) -> None:
        """``made``: the DNS zones the run makes first (the role's ``site_dns_zones``), each its domain, or the zone
        as ``dns_zone`` returned it (``Domain``, and ``Id`` unless check mode predicted it made): one with an id is not
        looked up, one without is planned as made by the run in check mode."""
        self.module = module
        self.api = DnsApi(module.client)
        self.made: set[str] = set()
        # What was read of each DNS zone (or given) and of each hostname's name: the plan against a pull zone the run
        # has just made (nothing of DNS written between) reads them once.
        self.found: dict[str, DnsZone | None] = {}
        self.held_of: dict[str, list[DnsRecord]] = {}
        for zone in made:
            given = t.cast('t.Mapping[str, t.Any]', zone) if isinstance(zone, dict) else {'Domain': zone}
            domain = str(given.get('Domain') or given.get('domain') or '').rstrip('.').lower()
            if domain:
                self.made.add(domain)
                if isinstance(given.get('Id'), int):
                    self.found[domain] = t.cast(DnsZone, {'Id': given['Id'], 'Domain': domain})
        self.records: list[HostnameRecord] = []

    def __bool__(self) -> bool:
        return bool(self.records)

    # ---- before any request ----

    def declare(
        self, named: t.Sequence[tuple[object, object]], states: t.Mapping[str, str], problems: list[str]
    ) -> None:
        """Each hostname's record, its DNS zone checked (a domain, holding the hostname); ``states``: each hostname's
        declared state, by the hostname in lower case."""
        for hostname, domain in named:
            if not isinstance(hostname, str) or hostname.lower() not in states:
                continue  # a hostname refused already
            name = hostname.strip().lower().rstrip('.')
            label = f'site_pullzone.hostnames {name}: dns_zone'
            if not isinstance(domain, str):
                problems.append(f'{label} must be the domain of a DNS zone of the account, got {domain!r}')
                continue
            try:
                zone = domain_form(domain)
            except BadValue as error:
                problems.append(f'{label} {error}')
                continue
            if name != zone and not name.endswith(f'.{zone}'):
                problems.append(f'{label} {zone} does not hold the hostname (the name is not inside the zone)')
                continue
            self.records.append(HostnameRecord(name, zone, states[hostname.lower()] == 'present'))

    def resource(self, record: HostnameRecord, pullzone: str, present: bool) -> RecordSet:
        """The set of ``pullzone`` records of the hostname's name, as ``dns_record_set`` takes it: made to link this
        pull zone only (``present``), or rid of the records that link it."""
        params = {
            'zone': record.domain,
            'zone_id': None,
            'name': record.hostname,
            'type': 'pullzone',
            'values': [pullzone],
            'ttl': None,
            'on_existing': 'replace',
            'state': 'present' if present else 'absent',
        }
        resource = RecordSet(PartModule(self.module, params))  # type: ignore[arg-type]
        resource.validate()
        return resource

    # ---- reading and planning ----

    def plan(
        self,
        zone: Record | None,
        pullzone: str,
        zones: t.Mapping[str, DnsZone] | None,
        problems: list[str],
        removing: bool = False,
    ) -> None:
        """Plan each record against what the DNS zone holds at the hostname's name. ``zone``: the pull zone (None: made
        by this run, which check mode predicts); ``zones``: every DNS zone by domain with its records, read once by a
        caller that plans many sites (None: each zone is looked up here); ``removing``: the whole site is removed."""
        found = self.found
        zone_id = int(zone['Id']) if zone is not None and zone.get('Id') is not None else NEW_PULLZONE_ID
        system = system_hostname(zone) if zone is not None else None
        for record in self.records:
            present = record.making = record.present and not removing
            record.plan = None
            if not present and zone is None:
                continue  # a pull zone that is not there has no records to remove
            if record.domain not in found:
                found[record.domain] = self.dns_zone(record.domain, zones)
            dns_zone = found[record.domain]
            try:
                resource = self.resource(record, pullzone, present)
                if dns_zone is None:
                    if not (self.module.check_mode and record.domain in self.made):
                        problems.append(f'{record.label}: the account has no DNS zone of this domain')
                        continue
                    dns_zone = t.cast(DnsZone, {'Id': None, 'Domain': record.domain})  # made by this run
                held = self.held(resource, dns_zone, zones)
                resource.where = Place(without_records(dns_zone), str(resource.relative), {pullzone: (zone_id, system)})
                resource.values = [Wanted(linked_value(PULLZONE, zone_id, pullzone))]
                resource.zone_records = held  # the records of the name of every type: a cname beside is refused
                resource.read_back = False
                found_set = [r for r in held if r.get('Type') == PULLZONE and self.named(r, resource)]
                record.resource = resource
                record.plan = resource.decide(found={RECORDS: found_set} if found_set or not present else None)
            except Refused as refusal:
                problems.append(f'{record.label}: {refusal}')

    def dns_zone(self, domain: str, zones: t.Mapping[str, DnsZone] | None) -> DnsZone | None:
        if zones is not None:
            return zones.get(domain)
        return self.api.zone_of(domain)

    @staticmethod
    def named(record: DnsRecord, resource: RecordSet) -> bool:
        return str(record.get('Name') or '').lower() == resource.relative

    def held(self, resource: RecordSet, dns_zone: DnsZone, zones: t.Mapping[str, DnsZone] | None) -> list[DnsRecord]:
        """The records of the hostname's name, of every type: from the zone read with its records, or read here in
        one request (the zone's records the name finds)."""
        if dns_zone.get('Id') is None:
            return []
        if zones is not None:
            return [record for record in dns_zone.get('Records') or [] if self.named(record, resource)]
        key = f"{dns_zone['Id']}/{resource.relative}"
        if key not in self.held_of:
            found = self.api.records(int(dns_zone['Id']), search=str(resource.relative) or None)
            self.held_of[key] = [record for record in found if self.named(record, resource)]
        return self.held_of[key]

    # ---- writing ----

    def write(self, present: bool) -> list[dict[str, object]]:
        """Write (in check mode, predict) the records to make (``present``) or to remove; their results."""
        results = []
        for record in self.records:
            if record.plan is None or record.resource is None or record.making != present:
                continue
            result = dict(record.resource.carry_out(record.plan))
            result['item'] = record.item
            record.result = result
            results.append(result)
        return results
