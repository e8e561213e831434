# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""What ``site_info`` reads, with the fewest requests: the pull zones by pages of 1000 (with their hostnames'
certificates), the Shield zones by their listing (one pull zone: its own Shield zone), and for each Shield zone the
parts the API has no listing for (bot detection, upload scanning, the access lists) and the entries of each custom
list, and its custom WAF rules and rate limits (a listing each, of one zone), several Shield zones at once
(``EdgeClient.concurrently``); the DNS zones with their records by their listing; nothing per pull zone.
``_declarations`` turns what was read into the ``site`` role's declarations.
"""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._certificates import CUSTOM, FREE, is_free, served_leaf
from ansible_collections.edge.platform.plugins.module_utils._client import EdgeClient
from ansible_collections.edge.platform.plugins.module_utils._containers import ContainersApi
from ansible_collections.edge.platform.plugins.module_utils._declarations import (
    DnsLinks,
    LeftOut,
    Site,
    access_lists_of,
    account_of,
    dns_zone_of,
    pullzone_of,
    shield_of,
    shield_rules_of,
)
from ansible_collections.edge.platform.plugins.module_utils._dns import DnsApi, DnsZone
from ansible_collections.edge.platform.plugins.module_utils._pullzones import PullZoneApi
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._shield import (
    BOT_DETECTION,
    UPLOAD_SCANNING,
    ShieldApi,
    flatten,
)
from ansible_collections.edge.platform.plugins.module_utils._shield_access_lists import (
    AccessListApi,
    entries_of_content,
)
from ansible_collections.edge.platform.plugins.module_utils._shield_rules import (
    CUSTOM_RULES,
    RATE_LIMITS,
    ShieldRuleApi,
)
from ansible_collections.edge.platform.plugins.module_utils._storage import StorageApi
from ansible_collections.edge.platform.plugins.module_utils._video import VideoApi

# The parts of a Shield zone read through endpoints of their own, under the prefixes of their API fields in the table.
PARTS = (('botDetection.', BOT_DETECTION), ('uploadScanning.', UPLOAD_SCANNING))
# What is read of a Shield zone beyond its record: its parts (flattened), its custom access lists, its rules (by kind).
ShieldDetails = t.Tuple[Record, t.List[Record], t.Dict[str, t.List[t.Any]]]


def certificate_kind(hostname: Record) -> str | None:
    """Whether a hostname's certificate is one the service issued free or the account's own (its issuer tells); None
    when the record does not hold it. Only the issuer is read (not the whole summary: a site of every zone reads
    many)."""
    if not hostname.get('HasCertificate'):
        return None
    leaf = served_leaf(hostname.get('Certificate'))
    return None if leaf is None else FREE if is_free(leaf) else CUSTOM


class SiteReader:
    """Reads pull zones, their Shield zones and access lists (and the account's registries and video libraries), and
    returns them as ``site_info`` does."""

    def __init__(self, client: EdgeClient) -> None:
        self.client = client
        self.pullzones = PullZoneApi(client)
        self.shield = ShieldApi(client)

    def zones(self, pullzone_id: int | None, pullzone_name: str | None) -> list[Record]:
        if pullzone_id is not None:
            zone = self.pullzones.get(pullzone_id, include_certificate=True)
            return [zone] if zone is not None else []
        if pullzone_name is not None:
            return self.pullzones.named(pullzone_name, include_certificate=True)
        return list(self.pullzones.listing(include_certificate=True))

    def shield_zones(self, zones: list[Record], every: bool) -> dict[int, Record]:
        """The Shield zone of each pull zone that has one, by pull zone id: from the listing when every pull zone is
        read, else each pull zone's own."""
        if every:
            wanted = {int(zone['Id']) for zone in zones}
            return {
                int(shield['pullZoneId']): shield
                for shield in self.shield.zones_with_pullzones()
                if shield.get('pullZoneId') in wanted
            }
        found = {}
        for zone in zones:
            shield = self.shield.zone_of_pullzone(int(zone['Id']))
            if shield is not None:
                found[int(zone['Id'])] = shield
        return found

    @staticmethod
    def parts(client: EdgeClient, zone_id: int) -> Record:
        """The bot detection and upload scanning settings of a Shield zone, flattened as the table names them."""
        shield = ShieldApi(client)
        flat: Record = {}
        for prefix, part in PARTS:
            flat.update(flatten(prefix, shield.part(zone_id, part)))
        return flat

    @staticmethod
    def access_lists(client: EdgeClient, zone_id: int) -> list[Record]:
        """The custom access lists of a Shield zone, each with its entries."""
        overview = AccessListApi(client, zone_id).overview(with_content=True)
        return [
            {**item, 'entries': sorted(entries_of_content(t.cast(t.Optional[str], item.get('content'))))}
            for item in overview.get('customLists') or []
        ]

    @staticmethod
    def rules(client: EdgeClient, zone_id: int) -> dict[str, list[t.Any]]:
        """The custom WAF rules and the rate limits of a Shield zone (a listing each), by their keys in
        ``site_shield``."""
        return {
            'waf_rules': ShieldRuleApi(client, CUSTOM_RULES).listing(zone_id),
            'rate_limits': ShieldRuleApi(client, RATE_LIMITS).listing(zone_id),
        }

    @classmethod
    def shield_details(cls, client: EdgeClient, shield: Record) -> ShieldDetails:
        """What a Shield zone's declaration needs beyond its record: its parts, its access lists, its rules."""
        zone_id = int(shield['shieldZoneId'])
        return cls.parts(client, zone_id), cls.access_lists(client, zone_id), cls.rules(client, zone_id)

    @staticmethod
    def site(
        zone: Record,
        shield: Record | None,
        details: ShieldDetails | None,
        storage_names: t.Mapping[int, str] | None = None,
        dns: DnsLinks | None = None,
    ) -> Site:
        left_out: list[LeftOut] = []
        declaration: Record = {'site_pullzone': pullzone_of(zone, left_out, certificate_kind, storage_names, dns)}
        lists: list[Record] = []
        if shield is not None and details is not None:
            parts, access_lists, rules = details
            declaration['site_shield'] = {**shield_of(shield, parts), **shield_rules_of(rules, left_out)}
            lists = access_lists_of(access_lists)
        declaration['site_access_lists'] = lists
        return {
            'pullzone_name': str(zone.get('Name')),
            'pullzone_id': int(zone['Id']),
            'declaration': declaration,
            'left_out': left_out,
        }

    def account(self, storage_zones: list[Record]) -> Record:
        registries = ContainersApi(self.client).registries()
        account, left_out = account_of(registries, VideoApi(self.client).libraries(), storage_zones)
        return {**account, 'left_out': left_out}

    @staticmethod
    def dns_zones(dns_zones: list[DnsZone], links: DnsLinks, pullzones: t.Iterable[Record]) -> list[Record]:
        """Each DNS zone as ``site_dns_zones`` of one zone declares it (a file of its own), with what it leaves out."""
        names = {int(zone['Id']): str(zone.get('Name')) for zone in pullzones if zone.get('Id') is not None}
        declared = []
        for zone in dns_zones:
            declaration, left_out = dns_zone_of(zone, links, names)
            declared.append(
                {
                    'domain': declaration['domain'],
                    'dns_zone_id': zone.get('Id'),
                    'declaration': {'site_dns_zones': [declaration]},
                    'left_out': left_out,
                }
            )
        return declared

    def read(
        self, pullzone_id: int | None = None, pullzone_name: str | None = None, include_account: bool = False
    ) -> dict[str, t.Any]:
        zones = self.zones(pullzone_id, pullzone_name)
        shields = self.shield_zones(zones, every=pullzone_id is None and pullzone_name is None) if zones else {}
        # The reads of each Shield zone, several zones at once (each zone's own in order).
        protected = [int(zone['Id']) for zone in zones if int(zone['Id']) in shields]
        details = dict(
            zip(protected, self.client.concurrently(self.shield_details, [shields[pid] for pid in protected]))
        )
        # The storage zones, by name: the origin of a pull zone that has one, and the account's own.
        with_storage = any(zone.get('StorageZoneId') for zone in zones)
        storage_zones = list(StorageApi(self.client).listing()) if include_account or with_storage else []
        names = {int(storage['Id']): str(storage.get('Name')) for storage in storage_zones}
        # The DNS zones with their records, in their listing: a hostname whose record links its pull zone declares its
        # zone; the zones of the account are declared too. Their pull zone records name every pull zone of the
        # account, read here when one pull zone's site was asked for.
        dns_zones = list(DnsApi(self.client).zones(records=True))
        every = pullzone_id is None and pullzone_name is None
        pullzones = zones if every or not (include_account and dns_zones) else list(self.pullzones.listing())
        links = DnsLinks(dns_zones, pullzones)
        result: dict[str, t.Any] = {
            'sites': [
                self.site(zone, shields.get(int(zone['Id'])), details.get(int(zone['Id'])), names, links)
                for zone in zones
            ]
        }
        if include_account:
            result['account'] = self.account(storage_zones)
            result['dns_zones'] = self.dns_zones(dns_zones, links, pullzones)
        return result
