# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Pull zones: ``GET {base_url}/pullzone`` and ``GET {base_url}/pullzone/{id}`` (spec 2.1, 2.2, 4.1)."""

from __future__ import annotations

import base64
import copy
import random
import typing as t

from starlette.requests import Request
from starlette.responses import Response

from ..core import ApiError, Area, Endpoint, State, json_response, query_bool, query_int

# Every PullZoneModel property of spec 2.1, in order, with its kind:
# int32/int64 (``?`` nullable), bool, decimal/double, string?, strings? (array of string),
# objects? (array of objects), enum (an integer).
PULLZONE_FIELDS: tuple[tuple[str, str], ...] = (
    ('Id', 'int64'),
    ('Name', 'string?'),
    ('OriginUrl', 'string?'),
    ('Enabled', 'bool'),
    ('Suspended', 'bool'),
    ('Hostnames', 'objects?'),
    ('StorageZoneId', 'int64'),
    ('EdgeScriptId', 'int64'),
    ('EdgeScriptExecutionPhase', 'enum'),
    ('MiddlewareScriptId', 'int64?'),
    ('ContainerAppId', 'string?'),
    ('ContainerEndpointId', 'string?'),
    ('AllowedReferrers', 'strings?'),
    ('BlockedReferrers', 'strings?'),
    ('BlockedIps', 'strings?'),
    ('EnableGeoZoneUS', 'bool'),
    ('EnableGeoZoneEU', 'bool'),
    ('EnableGeoZoneASIA', 'bool'),
    ('EnableGeoZoneSA', 'bool'),
    ('EnableGeoZoneAF', 'bool'),
    ('IpFamilyPolicy', 'enum'),
    ('ZoneSecurityEnabled', 'bool'),
    ('ZoneSecurityKey', 'string?'),
    ('ZoneSecurityIncludeHashRemoteIP', 'bool'),
    ('IgnoreQueryStrings', 'bool'),
    ('MonthlyBandwidthLimit', 'int64'),
    ('MonthlyBandwidthUsed', 'int64'),
    ('MonthlyCharges', 'decimal'),
    ('AddHostHeader', 'bool'),
    ('OriginHostHeader', 'string?'),
    ('Type', 'enum'),
    ('AccessControlOriginHeaderExtensions', 'strings?'),
    ('EnableAccessControlOriginHeader', 'bool'),
    ('DisableCookies', 'bool'),
    ('BudgetRedirectedCountries', 'strings?'),
    ('BlockedCountries', 'strings?'),
    ('EnableOriginShield', 'bool'),
    ('CacheControlMaxAgeOverride', 'int64'),
    ('CacheControlPublicMaxAgeOverride', 'int64'),
    ('BurstSize', 'int32'),
    ('RequestLimit', 'int32'),
    ('BlockRootPathAccess', 'bool'),
    ('BlockPostRequests', 'bool'),
    ('LimitRatePerSecond', 'double'),
    ('LimitRateAfter', 'double'),
    ('ConnectionLimitPerIPCount', 'int32'),
    ('PriceOverride', 'decimal'),
    ('OptimizerPricing', 'decimal'),
    ('AddCanonicalHeader', 'bool'),
    ('EnableLogging', 'bool'),
    ('EnableCacheSlice', 'bool'),
    ('EnableSmartCache', 'bool'),
    ('EdgeRules', 'objects?'),
    ('EnableWebPVary', 'bool'),
    ('EnableAvifVary', 'bool'),
    ('EnableCountryCodeVary', 'bool'),
    ('EnableCountryStateCodeVary', 'bool'),
    ('EnableMobileVary', 'bool'),
    ('EnableCookieVary', 'bool'),
    ('EnableHostnameVary', 'bool'),
    ('CookieVaryParameters', 'strings?'),
    ('QueryStringVaryParameters', 'strings?'),
    ('CacheKeyHeaders', 'string?'),
    ('CnameDomain', 'string?'),
    ('AWSSigningEnabled', 'bool'),
    ('AWSSigningKey', 'string?'),
    ('AWSSigningSecret', 'string?'),
    ('AWSSigningRegionName', 'string?'),
    ('LoggingIPAnonymizationEnabled', 'bool'),
    ('EnableTLS1', 'bool'),
    ('EnableTLS1_1', 'bool'),
    ('VerifyOriginSSL', 'bool'),
    ('ErrorPageEnableCustomCode', 'bool'),
    ('ErrorPageCustomCode', 'string?'),
    ('ErrorPageEnableStatuspageWidget', 'bool'),
    ('ErrorPageStatuspageCode', 'string?'),
    ('ErrorPageWhitelabel', 'bool'),
    ('OriginShieldZoneCode', 'string?'),
    ('LogForwardingEnabled', 'bool'),
    ('LogForwardingHostname', 'string?'),
    ('LogForwardingPort', 'int32'),
    ('LogForwardingToken', 'string?'),
    ('LogForwardingProtocol', 'enum'),
    ('LogForwardingFormat', 'enum'),
    ('LogFormat', 'enum'),
    ('LogAnonymizationType', 'enum'),
    ('LoggingSaveToStorage', 'bool'),
    ('LoggingStorageZoneId', 'int64'),
    ('EnableExtendedLogging', 'bool'),
    ('FollowRedirects', 'bool'),
    ('VideoLibraryId', 'int64'),
    ('DnsRecordId', 'int64'),
    ('DnsZoneId', 'int64'),
    ('DnsRecordValue', 'string?'),
    ('OptimizerEnabled', 'bool'),
    ('OptimizerTunnelEnabled', 'bool'),
    ('OptimizerDesktopMaxWidth', 'int32'),
    ('OptimizerMobileMaxWidth', 'int32'),
    ('OptimizerImageQuality', 'int32'),
    ('OptimizerMobileImageQuality', 'int32'),
    ('OptimizerEnableWebP', 'bool'),
    ('OptimizerPrerenderHtml', 'bool'),
    ('OptimizerHtmlToMarkdown', 'enum'),
    ('OptimizerLlmsTxt', 'bool'),
    ('OptimizerEnableManipulationEngine', 'bool'),
    ('OptimizerMinifyCSS', 'bool'),
    ('OptimizerMinifyJavaScript', 'bool'),
    ('OptimizerWatermarkEnabled', 'bool'),
    ('OptimizerWatermarkUrl', 'string?'),
    ('OptimizerWatermarkPosition', 'enum'),
    ('OptimizerWatermarkOffset', 'double'),
    ('OptimizerWatermarkMinImageSize', 'int32'),
    ('OptimizerAutomaticOptimizationEnabled', 'bool'),
    ('OptimizerClasses', 'objects?'),
    ('OptimizerForceClasses', 'bool'),
    ('OptimizerStaticHtmlEnabled', 'bool'),
    ('OptimizerStaticHtmlWordPressPath', 'string?'),
    ('OptimizerStaticHtmlWordPressBypassCookie', 'string?'),
    ('OptimizerEnableUpscaling', 'bool'),
    ('PermaCacheStorageZoneId', 'int64'),
    ('PermaCacheType', 'enum'),
    ('OriginRetries', 'int32'),
    ('OriginConnectTimeout', 'int32'),
    ('OriginResponseTimeout', 'int32'),
    ('OriginRetry5XXResponses', 'bool'),
    ('OriginRetryConnectionTimeout', 'bool'),
    ('OriginRetryResponseTimeout', 'bool'),
    ('OriginRetryDelay', 'int32'),
    ('UseStaleWhileUpdating', 'bool'),
    ('UseStaleWhileOffline', 'bool'),
    ('UseBackgroundUpdate', 'bool'),
    ('OriginShieldEnableConcurrencyLimit', 'bool'),
    ('OriginShieldMaxConcurrentRequests', 'int32'),
    ('OriginShieldQueueMaxWaitTime', 'int32'),
    ('OriginShieldMaxQueuedRequests', 'int32'),
    ('EnableSafeHop', 'bool'),
    ('CacheErrorResponses', 'bool'),
    ('EnableAutoSSL', 'bool'),
    ('DisableLetsEncrypt', 'bool'),
    ('EnableQueryStringOrdering', 'bool'),
    ('ShieldDDosProtectionType', 'enum'),
    ('ShieldDDosProtectionEnabled', 'bool'),
    ('OriginType', 'enum'),
    ('LoadBalancerId', 'int64?'),
    ('OriginLinkValue', 'string?'),
    ('EnableRequestCoalescing', 'bool'),
    ('RequestCoalescingTimeout', 'int32'),
    ('EnableServiceImageAi', 'bool'),
    ('ServiceAiImageBlueprints', 'objects?'),
    ('PreloadingScreenEnabled', 'bool'),
    ('PreloadingScreenShowOnFirstVisit', 'bool'),
    ('PreloadingScreenCode', 'string?'),
    ('PreloadingScreenLogoUrl', 'string?'),
    ('PreloadingScreenCodeEnabled', 'bool'),
    ('PreloadingScreenTheme', 'enum'),
    ('PreloadingScreenDelay', 'int32'),
    ('EUUSDiscount', 'int32'),
    ('SouthAmericaDiscount', 'int32'),
    ('AfricaDiscount', 'int32'),
    ('AsiaOceaniaDiscount', 'int32'),
    ('RoutingFilters', 'strings?'),
    ('BlockNoneReferrer', 'bool'),
    ('StickySessionType', 'enum'),
    ('StickySessionCookieName', 'string?'),
    ('StickySessionClientHeaders', 'string?'),
    ('UserId', 'string?'),
    ('CacheVersion', 'int64'),
    ('EnableWebSockets', 'bool'),
    ('MaxWebSocketConnections', 'int32'),
)
HOSTNAME_FIELDS = (
    'Id',
    'Value',
    'ForceSSL',
    'IsSystemHostname',
    'IsManagedHostname',
    'HasCertificate',
    'Certificate',
    'CertificateKey',
)
SECRET_FIELDS = ('ZoneSecurityKey', 'AWSSigningKey', 'AWSSigningSecret', 'LogForwardingToken')

# Largest value of each enum (the enums of spec 2.1 start at 0).
ENUM_MAX = {
    'EdgeScriptExecutionPhase': 2,
    'IpFamilyPolicy': 3,
    'Type': 1,
    'LogForwardingProtocol': 3,
    'LogForwardingFormat': 1,
    'LogFormat': 1,
    'LogAnonymizationType': 1,
    'OptimizerHtmlToMarkdown': 2,
    'OptimizerWatermarkPosition': 5,
    'PermaCacheType': 1,
    'ShieldDDosProtectionType': 2,
    'OriginType': 6,
    'PreloadingScreenTheme': 1,
    'StickySessionType': 1,
}
INT_BOUNDS = {
    'OptimizerDesktopMaxWidth': (0, 5000),
    'OptimizerMobileMaxWidth': (0, 5000),
    'OptimizerImageQuality': (1, 100),
    'OptimizerMobileImageQuality': (1, 100),
}
FIRST_ID = 1001
SYSTEM_DOMAIN = 'edge-cdn.test'
WORDS = ('assets', 'media', 'static', 'images', 'video', 'downloads', 'api', 'docs', 'shop', 'blog', 'fonts', 'app')
COUNTRIES = ('US', 'DE', 'FR', 'GB', 'NL', 'JP', 'BR', 'IN', 'CA', 'AU', 'SG', 'ZA')


def _token(rng: random.Random, length: int = 32) -> str:
    return ''.join(rng.choices('abcdef0123456789', k=length))


def _b64url(rng: random.Random, label: str) -> str:
    body = f'-----BEGIN {label}-----\n{_token(rng, 64)}\n-----END {label}-----\n'.encode()
    return base64.urlsafe_b64encode(body).decode().rstrip('=')


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


def make_pullzone(index: int, rng: random.Random) -> dict[str, t.Any]:
    """One pull zone. Index 0..5 are fixed cases the tests rely on, the rest vary.

    0: logging on, secrets and a certificate set; 1: logging off; 2: suspended;
    3: disabled (out of funds); 4: no secrets set (empty or null); 5: logging on.
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
            'StorageZoneId': 0 if index % 3 else 7000 + index,
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
            'UserId': '7d1f2a3e-0000-4000-8000-00000000edge',
            'CacheVersion': rng.randrange(1, 50),
            'MaxWebSocketConnections': 0,
        }
    )
    hostnames = [
        {
            'Id': zone_id * 10,
            'Value': f'{name}.{SYSTEM_DOMAIN}',
            'ForceSSL': False,
            'IsSystemHostname': True,
            'IsManagedHostname': False,
            'HasCertificate': True,
            'Certificate': None,
            'CertificateKey': None,
        }
    ]
    if index % 2 == 0 and not no_secrets:
        hostnames.append(
            {
                'Id': zone_id * 10 + 1,
                'Value': f'{name}.example.com',
                'ForceSSL': True,
                'IsSystemHostname': False,
                'IsManagedHostname': False,
                'HasCertificate': True,
                'Certificate': _b64url(rng, 'CERTIFICATE'),
                'CertificateKey': _b64url(rng, 'PRIVATE KEY'),
            }
        )
    zone['Hostnames'] = hostnames
    zone['CnameDomain'] = f'{name}.{SYSTEM_DOMAIN}'
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


class PullZones(Area):
    name = 'pullzones'
    endpoints = (
        Endpoint('api', 'GET', '/pullzone', 'list_zones'),
        Endpoint('api', 'GET', '/pullzone/{id:int}', 'get_zone'),
    )

    def seed(self, state: State, rng: random.Random) -> None:
        state.data['pullzones'] = {zone['Id']: zone for zone in (make_pullzone(i, rng) for i in range(state.scale))}

    def snapshot(self, state: State) -> dict[str, list[t.Any]]:
        return {'pullzones': list(pullzones(state).values())}

    async def list_zones(self, state: State, request: Request) -> Response:
        page, per_page = query_page(request)
        certificate = query_bool(request, 'includeCertificate')
        term = (request.query_params.get('search') or '').strip().lower()
        zones = [zone for zone in pullzones(state).values() if not term or _matches(zone, term)]
        return paged_response(zones, page, per_page, lambda zone: public_view(zone, certificate))

    async def get_zone(self, state: State, request: Request) -> Response:
        zone = pullzones(state).get(request.path_params['id'])
        if zone is None:
            raise ApiError(404, 'The requested Pull Zone was not found', 'pullzone.not_found', 'id')
        return json_response(public_view(zone, query_bool(request, 'includeCertificate')))
