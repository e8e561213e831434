# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The pull zone API: every path, request body and answer of pull zones, their hostnames (with their certificates),
edge rules and cache purges, and the records they travel as.

``PullZoneApi(client)`` is the one way modules, roles' helpers and event sources talk to this area; nothing
outside this file builds a pull zone URL. Records keep the API's own property names (PullZoneModel is
PascalCase), so they can be returned to users as they are. The options that set them, and the names of the numbers
they hold, are the tables' (``_tables/``).
"""

from __future__ import annotations

import base64
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._certificates import (
    CUSTOM,
    FREE,
    Summary,
    WantedCertificate,
    encode_served,
    fingerprint,
    pem_certificates,
    served_leaf,
    served_summary,
    unknown_summary,
)
from ansible_collections.edge.platform.plugins.module_utils._client import (
    AnswerOptions,
    EdgeApiError,
    EdgeClient,
    EdgeFinding,
    Response,
    url_problem,
)
from ansible_collections.edge.platform.plugins.module_utils._errors import CORE
from ansible_collections.edge.platform.plugins.module_utils._lookup import list_core, only_one, select_records
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._secrets import MASK

if t.TYPE_CHECKING:  # only for mypy
    from typing_extensions import Unpack

# ---- records --------------------------------------------------------------------------------------


class Hostname(t.TypedDict, total=False):
    """HostnameModel."""

    Id: int
    Value: str
    ForceSSL: bool
    IsSystemHostname: bool
    IsManagedHostname: bool
    HasCertificate: bool
    Certificate: str | None
    CertificateKey: str | None


class Trigger(t.TypedDict, total=False):
    """A trigger of an edge rule."""

    Type: int
    PatternMatches: list[str]
    PatternMatchingType: int
    Parameter1: str | None


class EdgeRuleAction(t.TypedDict, total=False):
    """EdgeRuleV2ActionModel: an extra action of an edge rule."""

    ActionType: int
    ActionParameter1: str | None
    ActionParameter2: str | None
    ActionParameter3: str | None


class EdgeRule(t.TypedDict, total=False):
    """EdgeRuleV2Model."""

    Guid: str | None
    ActionType: int
    ActionParameter1: str | None
    ActionParameter2: str | None
    ActionParameter3: str | None
    Triggers: list[Trigger]
    ExtraActions: list[EdgeRuleAction]
    TriggerMatchingType: int
    Description: str | None
    Enabled: bool
    OrderIndex: int
    ReadOnly: bool


class PullZone(t.TypedDict, total=False):
    """PullZoneModel: the properties the collection reads itself (the API's answer carries every one)."""

    Id: int
    Name: str
    OriginUrl: str | None
    Type: int
    Enabled: bool
    Suspended: bool
    EnableLogging: bool
    EnableTLS1: bool
    EnableTLS1_1: bool
    CnameDomain: str | None
    Hostnames: list[Hostname]
    EdgeRules: list[EdgeRule]


class Purged(t.TypedDict, total=False):
    """One purge sent, as ``pullzone_purge`` returns it: a zone (or its files of one cache tag), or a URL."""

    pullzone_id: int | None  # None in check mode for a zone given by name (no request, so no lookup)
    pullzone_name: str
    cache_tag: str | None
    url: str


#: The properties of PullZoneModel the service keeps itself: with the writable settings (the ``pullzone`` table),
#: every property of a pull zone.
SERVICE_PROPERTIES = (
    'Id',
    'Name',
    'Enabled',
    'Suspended',
    'Hostnames',
    'ZoneSecurityKey',
    'MonthlyBandwidthUsed',
    'MonthlyCharges',
    'Type',
    'PriceOverride',
    'OptimizerPricing',
    'EdgeRules',
    'CnameDomain',
    'EnableExtendedLogging',
    'VideoLibraryId',
    'DnsRecordId',
    'DnsZoneId',
    'DnsRecordValue',
    'OptimizerHtmlToMarkdown',
    'OptimizerLlmsTxt',
    'OriginLinkValue',
    'EUUSDiscount',
    'SouthAmericaDiscount',
    'AfricaDiscount',
    'AsiaOceaniaDiscount',
    'UserId',
    'CacheVersion',
)

#: The origin type (PullZoneOriginType) of a pull zone whose origin is a storage zone: a ``StorageZoneId`` sets it.
STORAGE_ZONE_ORIGIN = 2

# Secret-bearing properties of a pull zone and of its hostnames.
PULLZONE_SECRETS = frozenset(('ZoneSecurityKey', 'AWSSigningKey', 'AWSSigningSecret', 'LogForwardingToken'))
HOSTNAME_SECRETS = frozenset(('CertificateKey',))


def mask_pullzone(zone: Record) -> Record:
    """The pull zone with its secret fields and hostname certificate keys masked, in place.

    The caller owns the record (it was just decoded from a response): a listing of thousands of zones must
    not hold a second copy of each. Only secrets that are set are masked.
    """
    for key in PULLZONE_SECRETS:
        if zone.get(key) not in (None, ''):
            zone[key] = MASK
    for hostname in zone.get('Hostnames') or ():
        if isinstance(hostname, dict):
            mask_hostname(hostname)
    return zone


def mask_hostname(hostname: Record) -> Record:
    """The hostname with its certificate key masked, in place."""
    for key in HOSTNAME_SECRETS:
        if hostname.get(key) not in (None, ''):
            hostname[key] = MASK
    return hostname


def hostname_of(zone: Record, hostname: str) -> Record | None:
    """A copy of the zone's record of ``hostname`` (DNS names compare without regard to case), or None."""
    wanted = hostname.lower()
    for record in zone.get('Hostnames') or ():
        if isinstance(record, dict) and str(record.get('Value') or '').lower() == wanted:
            return dict(record)
    return None


def purge_of_zone(zone_id: int | None, cache_tag: str | None = None) -> Purged:
    """The record of a purge of a zone's cache (or of its files tagged ``cache_tag``)."""
    return {'pullzone_id': zone_id, 'cache_tag': cache_tag}


def purge_urls(given: t.Sequence[str | None]) -> list[str]:
    """The URLs of a purge, each once, in the order given; ValueError naming the first empty or bad one (an
    http(s) URL of a host; a trailing ``*`` purges a prefix). A refusal never repeats a URL that holds a password."""
    blank = [str(index) for index, url in enumerate(given) if not (url or '').strip()]
    if blank:
        raise ValueError(f"urls must not hold empty items (urls[{'], urls['.join(blank)}])")
    urls: list[str] = []
    for index, url in enumerate(given):
        url = t.cast(str, url).strip()
        problem = url_problem(f'urls[{index}]', url)
        if problem:
            raise ValueError(problem)
        if url not in urls:
            urls.append(url)
    return urls


# ---- the API ------------------------------------------------------------------------------------------


class PullZoneApi:
    """The requests of the pull zone area, each naming its operation in failures."""

    def __init__(self, client: EdgeClient) -> None:
        self.client = client

    def _call(self, method: str, path: str, operation: str, **kwargs: Unpack[AnswerOptions]) -> Response:
        return self.client.request(method, path, operation, errors=CORE, **kwargs)

    # ---- reading ----

    def listing(self, search: str | None = None, include_certificate: bool = False) -> t.Iterator[Record]:
        """Every pull zone (matching ``search``), page by page with the largest page, one page held at a time."""
        params: dict[str, str] = {'includeCertificate': str(include_certificate).lower()}
        if search:
            params['search'] = search
        return list_core(self.client, 'pullzone', 'list pull zones', params)

    def get(self, zone_id: int, include_certificate: bool = False) -> Record | None:
        """One pull zone, or None when the API says it does not exist."""
        query = {'includeCertificate': str(include_certificate).lower()}
        zone = self.client.get_or_none(f'pullzone/{zone_id}', f'read pull zone {zone_id}', params=query, errors=CORE)
        return t.cast('Record | None', zone)

    def named(self, name: str, include_certificate: bool = False) -> list[Record]:
        """The pull zones called exactly ``name`` (the name is also the search term)."""
        return select_records(
            lambda: self.listing(search=name, include_certificate=include_certificate),
            name=name,
            id_key='Id',
            name_key='Name',
        )

    def resolve_id(self, name: str) -> int:
        """The id of the one pull zone called ``name``; a clear error when none or several are."""
        return int(only_one(self.named(name), name, 'pull zone', 'pull zones', 'pullzone_id')['Id'])

    def find(
        self, zone_id: int | None = None, name: str | None = None, include_certificate: bool = False
    ) -> Record | None:
        """The pull zone of ``zone_id``, or the one called ``name`` (None when there is none; several are an
        error: names are unique across the service, so that is not this API)."""
        if zone_id is not None:
            return self.get(zone_id, include_certificate=include_certificate)
        matches = self.named(t.cast(str, name), include_certificate=include_certificate)
        if not matches:
            return None
        return only_one(matches, t.cast(str, name), 'pull zone', 'pull zones', 'id')

    def require(self, zone_id: int | None = None, name: str | None = None, include_certificate: bool = False) -> Record:
        """The pull zone of ``zone_id`` (the API's answer when it has none), or the one called ``name`` (a finding
        naming it when none or several are): what a module that works on a zone's hostnames or edge rules reads."""
        if zone_id is not None:
            query = {'includeCertificate': str(include_certificate).lower()}
            return t.cast(
                Record, self._call('GET', f'pullzone/{zone_id}', f'read pull zone {zone_id}', params=query).json()
            )
        zones = self.named(t.cast(str, name), include_certificate)
        return only_one(zones, t.cast(str, name), 'pull zone', 'pull zones', 'pullzone_id')

    def zone_hostname(self, hostname: str, zone_id: int | None = None, name: str | None = None) -> ZoneHostname:
        """``hostname`` of the pull zone of ``zone_id``, or of the one called ``name``: the zone read as ``require``
        reads it, with the certificates its hostnames serve."""
        return ZoneHostname(self, self.require(zone_id, name, include_certificate=True), hostname)

    def name_available(self, name: str) -> bool:
        """Whether no pull zone of the service (of any account) has ``name``."""
        answer = self._call(
            'POST',
            'pullzone/checkavailability',
            f'check whether pull zone name "{name}" is free',
            json_body={'Name': name},
            write=False,
            idempotent=True,
        ).json()
        return bool(isinstance(answer, dict) and answer.get('Available'))

    # ---- pull zones ----

    def create(self, name: str, settings: Record) -> Record:
        """A new pull zone called ``name`` with ``settings`` (PullZoneAddModel). The reference declares no body for
        the answer: without one, the zone is read back by name. A create is never repeated: when its answer is
        lost, the zone is looked up by name, and found it is the one this request made."""
        operation = f'create pull zone "{name}"'
        try:
            answer = self._call('POST', 'pullzone', operation, json_body={'Name': name, **settings}).json()
        except EdgeApiError as error:
            if error.status is not None or not self.client.wrote:
                raise
            found = self.named(name)  # the answer was lost after the request left: did the server act?
            if len(found) == 1:
                return found[0]
            raise
        if isinstance(answer, dict) and answer.get('Id') is not None:
            return answer
        return only_one(self.named(name), name, 'pull zone', 'pull zones', 'id')

    def update(self, zone_id: int, settings: Record) -> Record:
        """Change ``settings`` (only the properties sent change) and return the zone as the API now has it."""
        answer = self._call(
            'POST', f'pullzone/{zone_id}', f'update pull zone {zone_id}', json_body=settings, idempotent=True
        ).json()
        if isinstance(answer, dict) and answer.get('Id') is not None:
            return answer
        return self.get(zone_id) or {}

    def delete(self, zone_id: int) -> None:
        """Delete the pull zone with its hostnames, edge rules and Shield zone. A zone that is gone already (a
        repeated delete whose first answer was lost) is what was asked."""
        self._call('DELETE', f'pullzone/{zone_id}', f'delete pull zone {zone_id}', ok_statuses=(404,))

    # ---- hostnames ----

    def add_hostname(self, zone_id: int, hostname: str) -> None:
        """Add ``hostname`` to the zone. The API refuses a hostname it already has (400), so a repeat cannot add it
        twice: the request is repeated after a transient fault like a set-to-value call, and a failure (a refused
        repeat whose first answer was lost, say) is checked against the zone, which holds the hostname or not."""
        try:
            self._call(
                'POST',
                f'pullzone/{zone_id}/addHostname',
                f'add hostname {hostname} to pull zone {zone_id}',
                json_body={'Hostname': hostname},
                idempotent=True,
            )
        except EdgeApiError:
            if not self._holds_hostname(zone_id, hostname, True):
                raise

    def remove_hostname(self, zone_id: int, hostname: str) -> None:
        """Remove ``hostname`` from the zone; a failure (a repeat after the first removal's answer was lost is
        refused) is checked against the zone, which no longer holds the hostname or still does."""
        try:
            self._call(
                'DELETE',
                f'pullzone/{zone_id}/removeHostname',
                f'remove hostname {hostname} from pull zone {zone_id}',
                json_body={'Hostname': hostname},
            )
        except EdgeApiError:
            if not self._holds_hostname(zone_id, hostname, False):
                raise

    def _holds_hostname(self, zone_id: int, hostname: str, wanted: bool) -> bool:
        """Whether the zone, read again, holds ``hostname`` as ``wanted`` (False when it cannot be read: the
        caller then reports its own failure)."""
        try:
            zone = self.get(zone_id)
        except EdgeApiError:
            return False
        return zone is not None and (hostname_of(zone, hostname) is not None) == wanted

    def set_force_ssl(self, zone_id: int, hostname: str, force_ssl: bool) -> None:
        self._call(
            'POST',
            f'pullzone/{zone_id}/setForceSSL',
            f"{'force' if force_ssl else 'stop forcing'} SSL on hostname {hostname} of pull zone {zone_id}",
            json_body={'Hostname': hostname, 'ForceSSL': force_ssl},
            idempotent=True,
        )

    def load_free_certificate(self, hostname: str) -> None:
        """Have the service issue a free certificate for ``hostname`` (a GET that acts: it counts as a write)."""
        self._call(
            'GET',
            'pullzone/loadFreeCertificate',
            f'load a free certificate for hostname {hostname}',
            params={'hostname': hostname},
            write=True,
        )

    def add_certificate(self, zone_id: int, hostname: str, certificate_pem: str, key_pem: str) -> None:
        """Load a certificate file (the leaf, then its chain) and its private key for ``hostname``, replacing the one
        it has. An upload is never repeated: when its answer is lost or a 5xx leaves open whether the service took it,
        the zone is read again, and the leaf the hostname then serves tells (the same SHA-256: it did). The body is
        never shown: it holds the key."""
        operation = f'add a certificate to hostname {hostname} of pull zone {zone_id}'
        body = {
            'Hostname': hostname,
            'Certificate': base64.b64encode(certificate_pem.encode('ascii')).decode('ascii'),
            'CertificateKey': base64.b64encode(key_pem.encode('ascii')).decode('ascii'),
        }
        try:
            self._call('POST', f'pullzone/{zone_id}/addCertificate', operation, json_body=body)
        except EdgeApiError as error:
            if error.status is not None and error.status < 500:  # refused: the service did not take it
                raise
            leaf = pem_certificates(certificate_pem.encode('ascii'))[0]
            if self.served_fingerprint(zone_id, hostname) != fingerprint(leaf):
                raise

    def remove_certificate(self, zone_id: int, hostname: str) -> None:
        """Remove the certificate of ``hostname``: it then has none (the service answers a repeat the same way)."""
        self._call(
            'DELETE',
            f'pullzone/{zone_id}/removeCertificate',
            f'remove the certificate of hostname {hostname} of pull zone {zone_id}',
            json_body={'Hostname': hostname},
        )

    def served_record(self, zone_id: int, hostname: str) -> Record | None:
        """The zone's record of ``hostname`` read again, with its certificate; None when the zone or the hostname is
        gone."""
        zone = self.get(zone_id, include_certificate=True)
        return None if zone is None else hostname_of(zone, hostname)

    def served_fingerprint(self, zone_id: int, hostname: str) -> str | None:
        """The SHA-256 fingerprint of the leaf ``hostname`` serves now (None when it has none, or the zone cannot be
        read: the caller then reports its own failure)."""
        try:
            record = self.served_record(zone_id, hostname)
        except EdgeApiError:
            return None
        leaf = served_leaf((record or {}).get('Certificate')) if (record or {}).get('HasCertificate') else None
        return None if leaf is None else fingerprint(leaf)

    # ---- edge rules ----

    def save_edge_rule(self, zone_id: int, rule: Record) -> Record:
        """Add ``rule`` (without ``Guid``) or replace the rule of its ``Guid`` whole; the rule as saved."""
        guid = rule.get('Guid')
        operation = (
            f'update edge rule {guid} of pull zone {zone_id}' if guid else f'add an edge rule to pull zone {zone_id}'
        )
        answer = self._call(
            'POST', f'pullzone/{zone_id}/edgerules/addOrUpdate', operation, json_body=rule, idempotent=bool(guid)
        ).json()
        return answer if isinstance(answer, dict) else dict(rule)

    def add_edge_rule(self, zone_id: int, rule: Record, known: t.Collection[str | None]) -> Record:
        """Add ``rule`` (no ``Guid``) to a zone whose rules have the guids ``known``; the rule as saved. An add is
        never repeated: when it may have been done but its answer is lost, the zone is read again and the one new
        rule of the rule's description is the one it added."""
        try:
            return self.save_edge_rule(zone_id, rule)
        except EdgeApiError as error:
            if not self.client.wrote:  # refused before the server acted
                raise
            try:
                added = [
                    item
                    for item in (self.get(zone_id) or {}).get('EdgeRules') or ()
                    if isinstance(item, dict)
                    and item.get('Description') == rule.get('Description')
                    and item.get('Guid') not in known
                ]
            except EdgeApiError:
                raise error from None
            if len(added) != 1:
                raise
            return t.cast(Record, added[0])

    def delete_edge_rule(self, zone_id: int, guid: str) -> None:
        """Delete the rule of ``guid``; gone already (the API's 404: a repeat whose first answer was lost) is what
        was asked."""
        response = self._call(
            'DELETE',
            f'pullzone/{zone_id}/edgerules/{guid}',
            f'delete edge rule {guid} of pull zone {zone_id}',
            ok_statuses=(404,),
        )
        self.client.says_missing(response, CORE)  # a 404 of another service fails, naming the address

    def set_edge_rule_enabled(self, zone_id: int, guid: str, enabled: bool) -> None:
        self._call(
            'POST',
            f'pullzone/{zone_id}/edgerules/{guid}/setEdgeRuleEnabled',
            f"{'enable' if enabled else 'disable'} edge rule {guid} of pull zone {zone_id}",
            json_body={'Id': zone_id, 'Value': enabled},
            idempotent=True,
        )

    # ---- purge ----

    def purge_zone(self, zone_id: int, cache_tag: str | None = None) -> Purged:
        """Purge the cache of a zone, or only its files tagged ``cache_tag``; its record. Repeating a purge is
        harmless."""
        what = f'files tagged {cache_tag} of pull zone {zone_id}' if cache_tag else f'pull zone {zone_id}'
        self._call(
            'POST',
            f'pullzone/{zone_id}/purgeCache',
            f'purge the cache of {what}',
            json_body={'CacheTag': cache_tag} if cache_tag else None,
            idempotent=True,
        )
        return purge_of_zone(zone_id, cache_tag)

    def purge_url(self, url: str, exact_path: bool = False, wait: bool = True) -> Purged:
        """Purge one URL of any zone (a trailing ``*`` purges a prefix); ``wait=False`` lets the service purge
        in the background. Its record."""
        self._call(
            'POST',
            'purge',
            f'purge {url}',
            params={'url': url, 'async': str(not wait).lower(), 'exactPath': str(exact_path).lower()},
            idempotent=True,
        )
        return {'url': url}


#: The key under which a hostname's record (as ZoneHostname reads it) carries the summary of the certificate it serves,
#: read from the certificate itself: it is no HostnameModel property, and never part of a returned HostnameModel.
CERTIFICATE_SUMMARY = 'CertificateSummary'


def with_summary(record: Record) -> Record:
    """A hostname's record (read with its certificate) with the summary of that certificate."""
    return {**record, CERTIFICATE_SUMMARY: served_summary(record)}


class ZoneHostname:
    """A hostname of one pull zone: its record in the zone as read (with the summary of its certificate), what a new one
    is, and the requests that add, change (its certificate, its Force SSL) and remove it. What a module or a role that
    declares hostnames shares: the options' terms in, records out."""

    #: Its secret properties: masked wherever it is shown.
    secret_keys = HOSTNAME_SECRETS

    def __init__(self, api: PullZoneApi, zone: Record, hostname: str) -> None:
        self.api = api
        self.zone = zone
        # None for a zone the run creates (its hostnames are predicted until it exists).
        self.zone_id: int | None = int(zone['Id']) if zone.get('Id') is not None else None
        self.hostname = hostname

    @property
    def saved_zone_id(self) -> int:
        """The id the writes go to: the zone exists by the time a run writes its hostnames."""
        if self.zone_id is None:
            raise EdgeFinding(f'write hostname {self.hostname}', 'its pull zone does not exist yet')
        return self.zone_id

    @staticmethod
    def state(record: Record) -> Record:
        """What the hostname module manages of a hostname, in its options' terms: its name, Force SSL, whether it has
        a certificate and, when the certificate is known, its SHA-256 fingerprint, kind and end (never its key)."""
        state = {
            'hostname': record.get('Value'),
            'force_ssl': bool(record.get('ForceSSL')),
            'has_certificate': bool(record.get('HasCertificate')),
        }
        served = record.get(CERTIFICATE_SUMMARY)
        if served and served.get('sha256_fingerprint'):
            state['certificate'] = {key: served[key] for key in ('kind', 'sha256_fingerprint', 'not_after')}
        return state

    @staticmethod
    def model(record: Record) -> Record:
        """The HostnameModel of a record (without the summary of its certificate)."""
        return {key: value for key, value in record.items() if key != CERTIFICATE_SUMMARY}

    @staticmethod
    def certificate(record: Record | None) -> Summary | None:
        """The summary of the certificate a hostname's record serves, or None (no certificate, or no hostname)."""
        return None if record is None else record.get(CERTIFICATE_SUMMARY)

    def record(self) -> Record | None:
        """Its record in the zone as read (a copy, with the summary of its certificate), or None when the zone has no
        such hostname."""
        found = hostname_of(self.zone, self.hostname)
        return None if found is None else with_summary(found)

    def new(self, force_ssl: bool = False) -> Record:
        """It as the API adds it (no certificate, no Force SSL unless given), before the service gave it an id: what
        check mode predicts."""
        return {
            'Id': None,
            'Value': self.hostname,
            'ForceSSL': force_ssl,
            'IsSystemHostname': False,
            'IsManagedHostname': False,
            'HasCertificate': False,
            'Certificate': None,
            'CertificateKey': None,
            CERTIFICATE_SUMMARY: None,
        }

    def removal_problem(self, record: Record) -> str | None:
        """Why it cannot be removed from its zone (``record`` as read), or None: every pull zone keeps its system
        hostname, which goes only with the zone."""
        if not record.get('IsSystemHostname'):
            return None
        return (
            f'remove hostname {self.hostname} of pull zone {self.zone_id} refused: {self.hostname} is the system '
            'hostname of the pull zone, which every pull zone keeps; it can only be removed with the pull zone '
            '(edge.platform.pullzone, state=absent)'
        )

    def add(self, free_certificate: bool = False) -> Record:
        """Add it (and with ``free_certificate``, load a free certificate for it); its record as the API then has it
        (its id, and what the service gave it: the certificate it chose), read once. Added already with others of its
        zone (``add_together``): that record."""
        if self.added is not None:
            return self.added
        self.add_together([(self, free_certificate)])
        return t.cast(Record, self.added)

    #: Its record once added by ``add_together``, with others of its zone.
    added: Record | None = None

    @staticmethod
    def add_together(hostnames: t.Sequence[tuple[ZoneHostname, bool]]) -> None:
        """Add hostnames of one zone in turn (each followed, when its flag says so, by the loading of its free
        certificate), then read the zone once: each keeps its record as added (``add`` returns it)."""
        if not hostnames:
            return
        first = hostnames[0][0]
        zone_id = first.saved_zone_id
        for where, free_certificate in hostnames:
            first.api.add_hostname(zone_id, where.hostname)
            if free_certificate:
                first.api.load_free_certificate(where.hostname)
        zone = first.api.require(zone_id, include_certificate=True)
        for where, _free_certificate in hostnames:
            record = hostname_of(zone, where.hostname)
            if record is None:  # another client removed it meanwhile
                raise EdgeFinding(
                    f'read hostname {where.hostname} of pull zone {zone_id}', 'the pull zone no longer has the hostname'
                )
            where.added = with_summary(record)

    def predict(
        self, record: Record, certificate: WantedCertificate | None = None, force_ssl: bool | None = None
    ) -> Record:
        """``record`` as ``configure`` would leave it (check mode). A free certificate the service would issue is
        not known yet: its summary has only its kind and the hostname."""
        after = dict(record)
        if certificate is not None:
            if certificate.kind == FREE:
                after.update(
                    HasCertificate=True,
                    **{CERTIFICATE_SUMMARY: unknown_summary(kind=FREE, names=[self.hostname])},
                )
            else:
                after.update(self.certificate_fields(certificate))
        if force_ssl is not None:
            after['ForceSSL'] = force_ssl
        return after

    def configure(
        self, record: Record, certificate: WantedCertificate | None = None, force_ssl: bool | None = None
    ) -> Record:
        """Set its certificate (unless None: a free one loaded, the custom one uploaded, or it removed), then Force SSL
        (unless None): the certificate first, so that the HTTPS that Force SSL redirects to works when it is switched
        on. ``record`` as it then is: a free certificate is read back (the service chose it); the other writes set one
        value each, which their 2xx answer confirms."""
        after = dict(record)
        if certificate is not None:
            if certificate.kind == FREE:
                self.api.load_free_certificate(self.hostname)
                served = self.api.served_record(self.saved_zone_id, self.hostname)
                if served is None:  # another client removed it meanwhile
                    raise EdgeFinding(
                        f'read hostname {self.hostname} of pull zone {self.zone_id}',
                        'the pull zone no longer has the hostname',
                    )
                after.update({key: served.get(key) for key in ('HasCertificate', 'Certificate', 'CertificateKey')})
                after[CERTIFICATE_SUMMARY] = served_summary(served)
            elif certificate.kind == CUSTOM:
                custom = certificate.custom
                if custom is None:  # wanted_certificate gives custom only with its certificate
                    raise ValueError('certificate=custom without its certificate')
                self.api.add_certificate(self.saved_zone_id, self.hostname, custom.certificate_pem, custom.key_pem)
                after.update(self.certificate_fields(certificate))
            else:
                self.api.remove_certificate(self.saved_zone_id, self.hostname)
                after.update(self.certificate_fields(certificate))
        if force_ssl is not None:
            self.api.set_force_ssl(self.saved_zone_id, self.hostname, force_ssl)
            after['ForceSSL'] = force_ssl
        return after

    @staticmethod
    def certificate_fields(certificate: WantedCertificate) -> Record:
        """What a hostname's record holds once it has the custom certificate (as the service keeps the file: Base64Url;
        its key, which is never kept here, masked), or once it has none."""
        if certificate.custom is None:
            return {'HasCertificate': False, 'Certificate': None, 'CertificateKey': None, CERTIFICATE_SUMMARY: None}
        return {
            'HasCertificate': True,
            'Certificate': encode_served(certificate.custom.certificate_pem),
            'CertificateKey': MASK,
            CERTIFICATE_SUMMARY: certificate.custom.summary(),
        }

    def remove(self) -> None:
        self.api.remove_hostname(self.saved_zone_id, self.hostname)
