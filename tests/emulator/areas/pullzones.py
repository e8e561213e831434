# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Pull zones (spec 2.1, 2.2, 4.1; GAPS "Pull zones" and "Pull zone writes").

The route table reads like GAPS: the zones (list, read, create, name check, update, delete), their
hostnames (add, remove, Force SSL, free certificate, custom certificate, certificate removal), their edge rules
(add or replace, delete, enable) and cache purges (a zone, a URL). The bodies and their checks are in
``pullzone_model.py``, the certificates in ``pullzone_certificates.py``. Every error is ``{ErrorKey, Field,
Message}`` (core's default for the management API), 401 without the account's ``AccessKey``.

State (``state.data``): ``pullzones`` (PullZoneModel records by ``Id``, each with its ``Hostnames`` and
``EdgeRules``: nothing else is kept in a record, as spec 2.1 allows no other property),
``pullzone_ids`` (the next zone and hostname ids and the edge rule counter) and ``pullzone_purges``
(every purge, in order, as ``GET {admin_url}/state`` lists them under ``purges``).
"""

from __future__ import annotations

import copy
import hashlib
import random
import typing as t
import uuid

from starlette.requests import Request
from starlette.responses import Response

from ..core import ApiError, Area, Endpoint, State, json_body, json_response, query_bool, query_int
from .dns_records import free_certificate_refusal
from .pullzone_certificates import free_certificate, seeded_certificate, system_certificate, uploaded

# The record tables live in pullzone_model.
from .pullzone_model import (
    ENUM_MAX,
    PULLZONE_FIELDS,
    bad,
    edge_rule_of,
    is_hostname,
    is_http_url,
    is_int,
    is_zone_name,
    member,
    required_string,
    settings_of,
)

FIRST_ID = 1001
SYSTEM_DOMAIN = 'edge-cdn.test'
# The domain of the seeded zones' custom hostnames: the account's own, a DNS zone of the account (``dns.py``).
ACCOUNT_DOMAIN = 'brand.example'
WORDS = ('assets', 'media', 'static', 'images', 'video', 'downloads', 'api', 'docs', 'shop', 'blog', 'fonts', 'app')
COUNTRIES = ('US', 'DE', 'FR', 'GB', 'NL', 'JP', 'BR', 'IN', 'CA', 'AU', 'SG', 'ZA')
ACCOUNT_USER_ID = '7d1f2a3e-0000-4000-8000-00000000edge'
# The origin type of a pull zone whose origin is a storage zone (PullZoneOriginType: 2 StorageZone).
STORAGE_ZONE_ORIGIN = 2
# Edge rule GUIDs are uuid5 names in this namespace: the seeded ones by zone and position, new ones by count.
EDGE_RULE_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, f'https://{SYSTEM_DOMAIN}/edge-rules')

# What a new zone has where its create body says nothing, beyond each field's empty value (``_default``):
# values the seed's zones have, with every geo zone, logging (IP anonymised) and CORS headers on.
NEW_ZONE_DEFAULTS: dict[str, t.Any] = {
    'Enabled': True,
    'EnableGeoZoneUS': True,
    'EnableGeoZoneEU': True,
    'EnableGeoZoneASIA': True,
    'EnableGeoZoneSA': True,
    'EnableGeoZoneAF': True,
    'IpFamilyPolicy': 1,
    'AccessControlOriginHeaderExtensions': ['eot', 'ttf', 'woff', 'woff2', 'css'],
    'EnableAccessControlOriginHeader': True,
    'CacheControlMaxAgeOverride': -1,
    'CacheControlPublicMaxAgeOverride': -1,
    'EnableLogging': True,
    'LoggingIPAnonymizationEnabled': True,
    'EnableSmartCache': True,
    'OptimizerDesktopMaxWidth': 1600,
    'OptimizerMobileMaxWidth': 800,
    'OptimizerImageQuality': 85,
    'OptimizerMobileImageQuality': 70,
    'OptimizerEnableWebP': True,
    'OptimizerWatermarkOffset': 3.0,
    'OptimizerWatermarkMinImageSize': 300,
    'OriginConnectTimeout': 10,
    'OriginResponseTimeout': 60,
    'OriginRetry5XXResponses': True,
    'OriginRetryConnectionTimeout': True,
    'UseStaleWhileOffline': True,
    'OriginShieldMaxConcurrentRequests': 200,
    'OriginShieldQueueMaxWaitTime': 30,
    'OriginShieldMaxQueuedRequests': 5000,
    'EnableAutoSSL': True,
    'ShieldDDosProtectionType': 1,
    'ShieldDDosProtectionEnabled': True,
    'RequestCoalescingTimeout': 30,
    'PreloadingScreenDelay': 700,
    'RoutingFilters': ['all'],
    'UserId': ACCOUNT_USER_ID,
    'CacheVersion': 1,
}


def _token(rng: random.Random, length: int = 32) -> str:
    return ''.join(rng.choices('abcdef0123456789', k=length))


def _digest(text: str, length: int = 32) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:length]


def _default(kind: str) -> t.Any:
    return {
        'int64': 0,
        'int32': 0,
        'int64?': None,
        'bool': False,
        'decimal': 0.0,
        'double': 0.0,
        'string?': None,
        'strings?': [],
        'objects?': [],
        'enum': 0,
    }[kind]


def system_hostname(hostname_id: int, name: str) -> dict[str, t.Any]:
    """The hostname the service gives a zone, ``<name>.<system domain>``, with its certificate (the system domain's
    wildcard one)."""
    certificate, key = system_certificate(SYSTEM_DOMAIN)
    return {
        'Id': hostname_id,
        'Value': f'{name}.{SYSTEM_DOMAIN}',
        'ForceSSL': False,
        'IsSystemHostname': True,
        'IsManagedHostname': False,
        'HasCertificate': True,
        'Certificate': certificate,
        'CertificateKey': key,
    }


def custom_hostname(hostname_id: int, value: str) -> dict[str, t.Any]:
    """A hostname added with ``addHostname``: no certificate and no Force SSL yet."""
    return {
        'Id': hostname_id,
        'Value': value,
        'ForceSSL': False,
        'IsSystemHostname': False,
        'IsManagedHostname': False,
        'HasCertificate': False,
        'Certificate': None,
        'CertificateKey': None,
    }


def edge_rule(
    guid: str,
    action: int,
    triggers: list[tuple[int, list[str], str | None]],
    description: str,
    parameters: tuple[str | None, ...] = (),
    extra_actions: tuple[tuple[int, str | None, str | None], ...] = (),
    enabled: bool = True,
    read_only: bool = False,
) -> dict[str, t.Any]:
    """A seeded EdgeRuleV2Model: triggers as ``(type, patterns, parameter 1)``, matched with MatchAny."""
    first, second, third = (*parameters, None, None, None)[:3]
    return {
        'Guid': guid,
        'ActionType': action,
        'ActionParameter1': first,
        'ActionParameter2': second,
        'ActionParameter3': third,
        'Triggers': [
            {'Type': kind, 'PatternMatches': patterns, 'PatternMatchingType': 0, 'Parameter1': parameter}
            for kind, patterns, parameter in triggers
        ],
        'ExtraActions': [
            {'ActionType': kind, 'ActionParameter1': one, 'ActionParameter2': two, 'ActionParameter3': None}
            for kind, one, two in extra_actions
        ],
        'TriggerMatchingType': 0,
        'Description': description,
        'Enabled': enabled,
        'OrderIndex': 0,
        'ReadOnly': read_only,
    }


def seeded_edge_rules(index: int, zone_id: int) -> list[dict[str, t.Any]]:
    """The edge rules of seeded zone ``index``. 0: Force SSL (action 0) for every URL, and security headers
    (5, SetResponseHeader) on pages; 1: a read-only rule of the service (3, OverrideCacheTime, for a cookie)
    and a disabled redirect (1); 3: a block (4) by country or request method. The other zones have none."""

    def guid(number: int) -> str:
        return str(uuid.uuid5(EDGE_RULE_NAMESPACE, f'{zone_id}/{number}'))

    rules: list[dict[str, t.Any]] = []
    if index == 0:
        rules = [
            edge_rule(guid(0), 0, [(0, ['*'], None)], 'Force SSL'),
            edge_rule(
                guid(1),
                5,
                [(0, ['*.html', '*/'], None)],
                'Security headers on pages',
                ('Strict-Transport-Security', 'max-age=31536000'),
                extra_actions=((5, 'X-Content-Type-Options', 'nosniff'),),
            ),
        ]
    elif index == 1:
        rules = [
            edge_rule(guid(0), 3, [(10, ['*'], 'session')], 'Do not cache signed-in users', ('0',), read_only=True),
            edge_rule(
                guid(1), 1, [(0, ['*/old/*'], None)], 'Old paths', ('https://www.example.com/', '301'), enabled=False
            ),
        ]
    elif index == 3:
        rules = [edge_rule(guid(0), 4, [(4, ['KP'], None), (9, ['TRACE'], None)], 'Block unwanted requests')]
    for position, rule in enumerate(rules):
        rule['OrderIndex'] = position
    return rules


def make_pullzone(index: int, rng: random.Random) -> dict[str, t.Any]:
    """One pull zone. Index 0..5 are fixed cases the tests rely on, the rest vary.

    0: logging on, secrets and a certificate set, edge rules forcing SSL; 1: logging off, a read-only edge
    rule; 2: suspended; 3: disabled (out of funds), an edge rule blocking requests; 4: no secrets set (empty
    or null); 5: logging on. Edge rules draw nothing from ``rng``, so the
    other fields are what they were before zones had rules.
    """
    zone_id = FIRST_ID + index
    name = f'{WORDS[index % len(WORDS)]}-{index:03d}'
    zone = {field: _default(kind) for field, kind in PULLZONE_FIELDS}
    no_secrets = index == 4
    zone.update(
        {
            'Id': zone_id,
            'Name': name,
            'OriginUrl': f'https://origin-{index}.example.com',
            'Enabled': index != 3,
            'Suspended': index == 2,
            'EnableGeoZoneUS': True,
            'EnableGeoZoneEU': True,
            'EnableGeoZoneASIA': True,
            'EnableGeoZoneSA': index % 3 != 0,
            'EnableGeoZoneAF': index % 4 != 0,
            'IpFamilyPolicy': index % 4,
            'StorageZoneId': 0,  # the storage area links one seeded zone to a storage zone of its own
            'ZoneSecurityEnabled': not no_secrets,
            'ZoneSecurityKey': '' if no_secrets else f'zsk-{_token(rng)}',
            'MonthlyBandwidthLimit': 0 if index % 2 else 10**12,
            'MonthlyBandwidthUsed': rng.randrange(0, 10**11),
            'MonthlyCharges': round(rng.uniform(0, 250), 4),
            'AddHostHeader': index % 2 == 0,
            'OriginHostHeader': f'origin-{index}.example.com' if index % 2 == 0 else None,
            'Type': index % 2,
            'AccessControlOriginHeaderExtensions': ['eot', 'ttf', 'woff', 'woff2', 'css'],
            'EnableAccessControlOriginHeader': True,
            'BlockedCountries': sorted(rng.sample(COUNTRIES, index % 3)),
            'BudgetRedirectedCountries': [],
            'BlockedReferrers': [f'spam{index}.example.net'] if index % 5 == 1 else [],
            'CacheControlMaxAgeOverride': -1,
            'CacheControlPublicMaxAgeOverride': -1,
            'RequestLimit': rng.choice((0, 0, 50, 100)),
            'ConnectionLimitPerIPCount': rng.choice((0, 10)),
            'EnableLogging': index != 1 and index % 7 != 6,
            'EnableSmartCache': index % 2 == 1,
            'EnableWebPVary': index % 2 == 0,
            'AWSSigningEnabled': not no_secrets and index % 3 == 0,
            'AWSSigningKey': None if no_secrets else f'AKIA{_token(rng, 16).upper()}',
            'AWSSigningSecret': None if no_secrets else _token(rng, 40),
            'AWSSigningRegionName': None if no_secrets else 'eu-central-1',
            'EnableTLS1': False,
            'EnableTLS1_1': False,
            'VerifyOriginSSL': index % 2 == 0,
            'LogForwardingEnabled': not no_secrets and index % 2 == 0,
            'LogForwardingHostname': None if no_secrets else 'logs.example.com',
            'LogForwardingPort': 0 if no_secrets else 514,
            'LogForwardingToken': None if no_secrets else f'lft-{_token(rng)}',
            'LogForwardingProtocol': index % 4,
            'LogFormat': index % 2,
            'LogForwardingFormat': (index + 1) % 2,
            'FollowRedirects': index % 3 == 0,
            'DnsRecordValue': None,
            'OptimizerEnabled': index % 3 == 0,
            'OptimizerDesktopMaxWidth': 1600,
            'OptimizerMobileMaxWidth': 800,
            'OptimizerImageQuality': 85,
            'OptimizerMobileImageQuality': 70,
            'OptimizerEnableWebP': True,
            'OptimizerWatermarkPosition': index % 6,
            'OptimizerWatermarkOffset': 3.0,
            'OptimizerWatermarkMinImageSize': 300,
            'OptimizerPricing': 9.5 if index % 3 == 0 else 0.0,
            'OriginRetries': 0,
            'OriginConnectTimeout': 10,
            'OriginResponseTimeout': 60,
            'OriginRetry5XXResponses': True,
            'OriginRetryConnectionTimeout': True,
            'OriginRetryResponseTimeout': False,
            'OriginRetryDelay': 0,
            'UseStaleWhileOffline': True,
            'OriginShieldMaxConcurrentRequests': 200,
            'OriginShieldQueueMaxWaitTime': 30,
            'OriginShieldMaxQueuedRequests': 5000,
            'EnableAutoSSL': True,
            'ShieldDDosProtectionType': 1,
            'ShieldDDosProtectionEnabled': True,
            'OriginType': 0,
            'OriginLinkValue': f'https://origin-{index}.example.com',
            'RequestCoalescingTimeout': 30,
            'PreloadingScreenDelay': 700,
            'RoutingFilters': ['all'],
            'UserId': ACCOUNT_USER_ID,
            'CacheVersion': rng.randrange(1, 50),
            'MaxWebSocketConnections': 0,
        }
    )
    hostnames = [system_hostname(zone_id * 10, name)]
    if index % 2 == 0 and not no_secrets:
        # Drawn as when the certificates were made-up text, so that the rest of the seed stays what it was.
        _token(rng, 64), _token(rng, 64)
        certificate, key = seeded_certificate(index, f'{name}.{ACCOUNT_DOMAIN}')
        hostnames.append(
            {
                'Id': zone_id * 10 + 1,
                'Value': f'{name}.{ACCOUNT_DOMAIN}',
                'ForceSSL': True,
                'IsSystemHostname': False,
                'IsManagedHostname': False,
                'HasCertificate': True,
                'Certificate': certificate,
                'CertificateKey': key,
            }
        )
    zone['Hostnames'] = hostnames
    zone['CnameDomain'] = f'{name}.{SYSTEM_DOMAIN}'
    zone['EdgeRules'] = seeded_edge_rules(index, zone_id)
    return zone


def public_view(zone: dict[str, t.Any], include_certificate: bool) -> dict[str, t.Any]:
    """The zone as the API answers: certificate fields only with includeCertificate."""
    view = copy.deepcopy(zone)
    if not include_certificate:
        for hostname in view.get('Hostnames') or []:
            hostname['Certificate'] = None
            hostname['CertificateKey'] = None
    return view


# ---- the core listings' paging (GET /pullzone here; GET /videolibrary pages the same way) ----


def query_page(request: Request) -> tuple[int, int]:
    """``page`` and ``perPage`` of a core listing (``GET /pullzone``, ``GET /videolibrary``): page 0 (the default)
    asks for every record as a plain array; ``perPage`` is 5..1000, default 1000, checked on page 0 too."""
    return query_int(request, 'page', 0, 0, 2147483647), query_int(request, 'perPage', 1000, 5, 1000)


def paged_response(
    records: t.Sequence[t.Any], page: int, per_page: int, view: t.Callable[[t.Any], t.Any] = copy.deepcopy
) -> Response:
    """A core listing's answer: on page 0 every record as a plain array; on a page above 0 the paginated object
    ``{Items, CurrentPage, TotalItems, HasMoreItems}`` of that page (past the end: no items, the full count).
    ``view`` makes each answered record from the stored one, for the records of the page only."""
    if page == 0:
        return json_response([view(record) for record in records])
    start = (page - 1) * per_page
    return json_response(
        {
            'Items': [view(record) for record in records[start : start + per_page]],
            'CurrentPage': page,
            'TotalItems': len(records),
            'HasMoreItems': start + per_page < len(records),
        }
    )


def pullzones(state: State) -> dict[int, dict[str, t.Any]]:
    """The pull zone store, by id (other areas read it too)."""
    return state.data['pullzones']


def _matches(zone: dict[str, t.Any], term: str) -> bool:
    if term in (zone.get('Name') or '').lower():
        return True
    return any(term in (hostname.get('Value') or '').lower() for hostname in zone.get('Hostnames') or [])


def purges(state: State) -> list[dict[str, t.Any]]:
    """Every purge since the reset, in order: ``{pullZoneId, cacheTag}`` (``cacheTag`` null for a whole zone)
    or ``{url}`` as sent."""
    return state.data['pullzone_purges']


def next_id(state: State, kind: str, in_use: t.Iterable[int]) -> int:
    """The next id of ``kind`` (``zone`` or ``hostname``): past the last one given and past every id in use, as
    tests may add records of their own. Ids are never given twice, even after a delete."""
    counters = state.data['pullzone_ids']
    value = max(counters[kind], max(in_use, default=0) + 1)
    counters[kind] = value + 1
    return value


def new_edge_rule_guid(state: State) -> str:
    counters = state.data['pullzone_ids']
    counters['edge_rule'] += 1
    return str(uuid.uuid5(EDGE_RULE_NAMESPACE, f'new/{counters["edge_rule"]}'))


def all_hostnames(state: State) -> t.Iterator[tuple[dict[str, t.Any], dict[str, t.Any]]]:
    """Every ``(zone, hostname)`` of the account."""
    for zone in pullzones(state).values():
        for hostname in zone.get('Hostnames') or []:
            yield zone, hostname


def find_hostname(state: State, value: str) -> tuple[dict[str, t.Any], dict[str, t.Any]] | None:
    """The zone and record of a hostname (DNS names compare case-insensitively), or None."""
    wanted = value.lower()
    return next(
        ((zone, record) for zone, record in all_hostnames(state) if (record.get('Value') or '').lower() == wanted),
        None,
    )


def forget_pullzone(state: State, zone_id: int) -> None:
    """Take out what other areas keep for a deleted pull zone: its Shield zone with that zone's bot detection and
    upload scanning settings and custom access lists (``shield.py``), its custom WAF rules and rate limits
    (``shield_rules.py``), the Shield zone's event logs (rate and live entries, ``shield_events.py``) and the pull
    zone's live CDN log rows (``cdn_logs.py``). Read by key: those areas import this one."""
    data = state.data
    shield_zone_id = data.get('shield_by_pullzone', {}).pop(zone_id, None)
    if shield_zone_id is not None:
        for key in ('shield_zones', 'bot_detection', 'upload_scanning', 'shield_event_rates', 'shield_live_events'):
            data.get(key, {}).pop(shield_zone_id, None)
        for store in ('access_lists', 'waf_rules', 'rate_limits'):
            held = data.get(store, {})
            for item_id in [item_id for item_id, record in held.items() if record['shieldZoneId'] == shield_zone_id]:
                del held[item_id]
    data.get('cdn_logs', {}).get('live', {}).pop(zone_id, None)


def storage_origin(state: State, zone: dict[str, t.Any], settings: dict[str, t.Any]) -> None:
    """What a create or update body's ``StorageZoneId`` (checked by ``settings_of``) does to the zone's origin, in
    ``settings`` before anything of the body is saved: a storage zone of the account becomes the origin
    (``OriginType`` 2, over an ``OriginType`` the body sends); 0 takes a storage zone origin away (``OriginType`` 0:
    the zone's ``OriginUrl``); an id no storage zone has is 400. The storage zones are read by key: their area
    imports this one."""
    storage_zone_id = settings.get('StorageZoneId')
    if storage_zone_id is None:
        return
    if storage_zone_id == 0:
        if zone.get('OriginType') == STORAGE_ZONE_ORIGIN and 'OriginType' not in settings:
            settings['OriginType'] = 0
        return
    if storage_zone_id not in state.data.get('storage_zones', {}):
        raise ApiError(
            400,
            f'The Storage Zone {storage_zone_id} does not exist.',
            'pullzone.storage_zone_not_found',
            'StorageZoneId',
        )
    settings['OriginType'] = STORAGE_ZONE_ORIGIN


def apply_settings(zone: dict[str, t.Any], settings: dict[str, t.Any]) -> None:
    """Set what a create or update sends; ``OriginUrl`` also sets ``OriginLinkValue``, nothing else follows."""
    zone.update(settings)
    if 'OriginUrl' in settings:
        zone['OriginLinkValue'] = settings['OriginUrl']


def new_pullzone(state: State, name: str, zone_type: int, settings: dict[str, t.Any]) -> dict[str, t.Any]:
    """A new zone in the store, as a create makes it (also the zone the DNS service makes for an accelerated record):
    the defaults, its system hostname, then ``settings`` (checked already)."""
    zone_id = next_id(state, 'zone', pullzones(state))
    hostname_id = next_id(state, 'hostname', (hostname['Id'] for _zone, hostname in all_hostnames(state)))
    zone = {field: _default(kind) for field, kind in PULLZONE_FIELDS}
    zone.update(NEW_ZONE_DEFAULTS)
    zone.update(
        {
            'Id': zone_id,
            'Name': name,
            'Type': zone_type,
            'ZoneSecurityKey': f'zsk-{_digest(f"{zone_id}:{name}")}',
            'Hostnames': [system_hostname(hostname_id, name)],
            'CnameDomain': f'{name}.{SYSTEM_DOMAIN}',
        }
    )
    apply_settings(zone, settings)
    pullzones(state)[zone_id] = zone
    return zone


async def body_object(request: Request) -> dict[str, t.Any]:
    """The JSON object a write sends; 400 when there is none (the reference's bodies are required)."""
    body = await json_body(request)
    if not isinstance(body, dict):
        raise bad('body', 'must be a JSON object')
    return body


def no_content() -> Response:
    return Response(status_code=204)


def empty_ok() -> Response:
    """200 without a body: the reference declares none for a free certificate or a URL purge."""
    return Response(status_code=200)


class PullZones(Area):
    name = 'pullzones'
    endpoints = (
        Endpoint('api', 'GET', '/pullzone', 'list_zones'),
        Endpoint('api', 'GET', '/pullzone/{id:int}', 'get_zone'),
        # Pull zone writes (GAPS), in its order: zones, hostnames and their certificates, edge rules, purge.
        Endpoint('api', 'POST', '/pullzone', 'add_zone'),
        Endpoint('api', 'POST', '/pullzone/checkavailability', 'check_availability'),
        Endpoint('api', 'POST', '/pullzone/{id:int}', 'update_zone'),
        Endpoint('api', 'DELETE', '/pullzone/{id:int}', 'delete_zone'),
        Endpoint('api', 'POST', '/pullzone/{id:int}/addHostname', 'add_hostname'),
        Endpoint('api', 'DELETE', '/pullzone/{id:int}/removeHostname', 'remove_hostname'),
        Endpoint('api', 'POST', '/pullzone/{id:int}/setForceSSL', 'set_force_ssl'),
        Endpoint('api', 'GET', '/pullzone/loadFreeCertificate', 'load_free_certificate'),
        Endpoint('api', 'POST', '/pullzone/{id:int}/addCertificate', 'add_certificate'),
        Endpoint('api', 'DELETE', '/pullzone/{id:int}/removeCertificate', 'remove_certificate'),
        Endpoint('api', 'POST', '/pullzone/{id:int}/edgerules/addOrUpdate', 'add_or_update_edge_rule'),
        Endpoint('api', 'DELETE', '/pullzone/{id:int}/edgerules/{guid}', 'delete_edge_rule'),
        Endpoint('api', 'POST', '/pullzone/{id:int}/edgerules/{guid}/setEdgeRuleEnabled', 'set_edge_rule_enabled'),
        Endpoint('api', 'POST', '/pullzone/{id:int}/purgeCache', 'purge_zone'),
        Endpoint('api', 'POST', '/purge', 'purge_url'),
        Endpoint('api', 'GET', '/purge', 'purge_url'),  # some clients purge with GET; the service answers the same
    )

    def seed(self, state: State, rng: random.Random) -> None:
        state.data['pullzones'] = {zone['Id']: zone for zone in (make_pullzone(i, rng) for i in range(state.scale))}
        state.data['pullzone_ids'] = {'zone': FIRST_ID + state.scale, 'hostname': 0, 'edge_rule': 0}
        state.data['pullzone_purges'] = []

    def snapshot(self, state: State) -> dict[str, list[t.Any]]:
        return {'pullzones': list(pullzones(state).values()), 'purges': list(purges(state))}

    # ---- zones ----

    @staticmethod
    def zone_or_404(state: State, request: Request) -> dict[str, t.Any]:
        zone = pullzones(state).get(request.path_params['id'])
        if zone is None:
            raise ApiError(404, 'The requested Pull Zone was not found', 'pullzone.not_found', 'id')
        return zone

    @staticmethod
    def name_taken(state: State, name: str) -> bool:
        wanted = name.lower()
        return any((zone.get('Name') or '').lower() == wanted for zone in pullzones(state).values())

    async def list_zones(self, state: State, request: Request) -> Response:
        page, per_page = query_page(request)
        certificate = query_bool(request, 'includeCertificate')
        term = (request.query_params.get('search') or '').strip().lower()
        zones = [zone for zone in pullzones(state).values() if not term or _matches(zone, term)]
        return paged_response(zones, page, per_page, lambda zone: public_view(zone, certificate))

    async def get_zone(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        return json_response(public_view(zone, query_bool(request, 'includeCertificate')))

    async def add_zone(self, state: State, request: Request) -> Response:
        body = await body_object(request)
        name = member(body, 'Name')
        if name is None or name == '':
            raise bad('Name', 'is required')
        if not is_zone_name(name):
            raise bad('Name', 'may hold only letters, digits and dashes, 1 to 63 of them')
        zone_type = member(body, 'Type')
        if zone_type is not None and (not is_int(zone_type) or not 0 <= zone_type <= ENUM_MAX['Type']):
            raise bad('Type', f'must be 0 (Premium) or 1 (Volume), got {zone_type!r}')
        settings = settings_of(body)
        storage_origin(state, {}, settings)
        if self.name_taken(state, name):
            raise ApiError(
                400, f"Failed adding Pull Zone: the name '{name}' is already taken.", 'pullzone.name_taken', 'Name'
            )
        zone = new_pullzone(state, name, zone_type or 0, settings)
        return json_response(public_view(zone, False), 201)

    async def check_availability(self, state: State, request: Request) -> Response:
        name = member(await body_object(request), 'Name')
        if not isinstance(name, str) or not name:
            raise bad('Name', 'is required')
        return json_response({'Available': is_zone_name(name) and not self.name_taken(state, name)})

    async def update_zone(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        settings = settings_of(await body_object(request))
        storage_origin(state, zone, settings)
        apply_settings(zone, settings)
        return json_response(public_view(zone, False))

    async def delete_zone(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        del pullzones(state)[zone['Id']]
        forget_pullzone(state, zone['Id'])
        return no_content()

    # ---- hostnames ----

    @staticmethod
    def hostname_of_zone(zone: dict[str, t.Any], value: str, failure: str) -> dict[str, t.Any]:
        """The zone's record of hostname ``value``; 400 (``failure`` says what failed) when it has none."""
        wanted = value.lower()
        for record in zone['Hostnames']:
            if (record.get('Value') or '').lower() == wanted:
                return record
        raise ApiError(
            400,
            f"{failure}: the Pull Zone has no hostname '{value}'.",
            'pullzone.hostname_not_found',
            'Hostname',
        )

    async def add_hostname(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        value = required_string(await body_object(request), 'Hostname')
        if not is_hostname(value) or value.lower().endswith(f'.{SYSTEM_DOMAIN}'):
            raise ApiError(
                400, f"'{value}' is not a hostname that can be added.", 'pullzone.hostname_invalid', 'Hostname'
            )
        found = find_hostname(state, value)
        if found is not None:
            owner, _record = found
            where = 'this Pull Zone' if owner is zone else 'another Pull Zone'
            raise ApiError(
                400,
                f"The hostname '{value}' is already registered to {where}.",
                'pullzone.hostname_exists' if owner is zone else 'pullzone.hostname_taken',
                'Hostname',
            )
        hostname_id = next_id(state, 'hostname', (hostname['Id'] for _zone, hostname in all_hostnames(state)))
        zone['Hostnames'].append(custom_hostname(hostname_id, value))
        return no_content()

    async def remove_hostname(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        value = required_string(await body_object(request), 'Hostname')
        record = self.hostname_of_zone(zone, value, 'Failed removing hostname')
        if record['IsSystemHostname']:
            raise ApiError(
                400,
                f"Failed removing hostname: '{value}' is the system hostname of the Pull Zone.",
                'pullzone.system_hostname',
                'Hostname',
            )
        zone['Hostnames'].remove(record)
        return no_content()

    async def set_force_ssl(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        body = await body_object(request)
        value = required_string(body, 'Hostname')
        force_ssl = member(body, 'ForceSSL')
        if not isinstance(force_ssl, bool):
            raise bad('ForceSSL', 'is required, true or false')
        self.hostname_of_zone(zone, value, 'Failed to configure Force SSL')['ForceSSL'] = force_ssl
        return no_content()

    async def load_free_certificate(self, state: State, request: Request) -> Response:
        value = request.query_params.get('hostname') or ''
        query_bool(request, 'useOnlyHttp01', True)  # checked, then unused: no validation happens here
        if not value:
            raise bad('hostname', 'is required')
        found = find_hostname(state, value)
        if found is None:
            raise ApiError(
                404, f"The hostname '{value}' was not found in the account.", 'hostname.not_found', 'hostname'
            )
        zone, record = found
        # A name inside one of the account's DNS zones must point at the pull zone (GAPS).
        refusal = None if record['IsSystemHostname'] else free_certificate_refusal(state, record['Value'], zone)
        if refusal is not None:
            raise refusal
        if not record['HasCertificate']:
            certificate, key = free_certificate(record['Value'])
            record.update(HasCertificate=True, Certificate=certificate, CertificateKey=key)
        return empty_ok()

    async def add_certificate(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        body = await body_object(request)
        record = self.hostname_of_zone(zone, required_string(body, 'Hostname'), 'Failed adding the certificate')
        certificate, key = uploaded(member(body, 'Certificate'), member(body, 'CertificateKey'))
        record.update(HasCertificate=True, Certificate=certificate, CertificateKey=key)
        return no_content()

    async def remove_certificate(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        value = required_string(await body_object(request), 'Hostname')
        record = self.hostname_of_zone(zone, value, 'Failed removing the certificate')
        record.update(HasCertificate=False, Certificate=None, CertificateKey=None)
        return no_content()

    # ---- edge rules ----

    @staticmethod
    def edge_rule_or_404(zone: dict[str, t.Any], guid: str, field: str) -> dict[str, t.Any]:
        wanted = guid.lower()
        for rule in zone['EdgeRules']:
            if (rule.get('Guid') or '').lower() == wanted:
                return rule
        raise ApiError(
            404, f"The Edge Rule '{guid}' does not exist in Pull Zone {zone['Id']}.", 'edgerule.not_found', field
        )

    @staticmethod
    def writable(rule: dict[str, t.Any]) -> dict[str, t.Any]:
        if rule['ReadOnly']:
            raise ApiError(
                400,
                f"The Edge Rule '{rule['Guid']}' is read-only and cannot be modified or deleted.",
                'edgerule.read_only',
                'Guid',
            )
        return rule

    async def add_or_update_edge_rule(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        rule = edge_rule_of(await body_object(request))
        rules = zone['EdgeRules']
        if rule['Guid'] is None:
            rule['Guid'] = new_edge_rule_guid(state)
            rule['OrderIndex'] = len(rules)
            rules.append(rule)
        else:
            current = self.writable(self.edge_rule_or_404(zone, rule['Guid'], 'Guid'))
            rule.update(Guid=current['Guid'], OrderIndex=current['OrderIndex'])
            rules[rules.index(current)] = rule
        return json_response(copy.deepcopy(rule), 201)

    async def delete_edge_rule(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        rule = self.writable(self.edge_rule_or_404(zone, request.path_params['guid'], 'edgeRuleId'))
        zone['EdgeRules'].remove(rule)
        for position, other in enumerate(zone['EdgeRules']):
            other['OrderIndex'] = position
        return no_content()

    async def set_edge_rule_enabled(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        rule = self.edge_rule_or_404(zone, request.path_params['guid'], 'edgeRuleId')
        body = await body_object(request)
        zone_id, value = member(body, 'Id'), member(body, 'Value')
        # Id is the pull zone's: left out or 0 (a generated client's default) is taken as the path's.
        if zone_id is not None and (not is_int(zone_id) or zone_id not in (0, zone['Id'])):
            raise bad('Id', f"must be the Pull Zone's id {zone['Id']}, got {zone_id!r}")
        if not isinstance(value, bool):
            raise bad('Value', 'is required, true or false')
        self.writable(rule)['Enabled'] = value
        return no_content()

    # ---- purge ----

    async def purge_zone(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request)
        body = await json_body(request)
        if body is not None and not isinstance(body, dict):
            raise bad('body', 'must be a JSON object or nothing')
        tag = member(body, 'CacheTag') if body else None
        if tag is not None and not isinstance(tag, str):
            raise bad('CacheTag', 'must be a string')
        purges(state).append({'pullZoneId': zone['Id'], 'cacheTag': tag or None})
        return no_content()

    async def purge_url(self, state: State, request: Request) -> Response:
        url = request.query_params.get('url') or ''
        query_bool(request, 'async')
        query_bool(request, 'exactPath')
        if not is_http_url(url):
            raise bad('url', 'is required, an http:// or https:// URL')
        purges(state).append({'url': url})
        return empty_ok()
