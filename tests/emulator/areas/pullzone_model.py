# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The pull zone's records and the bodies that write them (spec 2.1, 2.2, 8; GAPS "Pull zone writes").

No state here: the PullZoneModel field table with each field's kind and bounds, the settings a create
(PullZoneAddModel) or an update (PullZoneSettingsModel) may send and how their values are checked, the
hostname and name rules, and EdgeRuleV2Model as ``addOrUpdate`` binds it. Every check raises ``ApiError``
400 ``validation_error`` naming the field (``Triggers[0].Type`` inside a rule).

Bodies are bound as the service (an ASP.NET one) binds JSON: member names in any case, the last of two
spellings wins, members it does not know ignored, null the same as left out (``bind``).
"""

from __future__ import annotations

import copy
import hashlib
import math
import re
import typing as t
from urllib.parse import urlsplit

from ..core import ApiError

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
FIELD_KINDS = dict(PULLZONE_FIELDS)

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
INT32 = (-(2**31), 2**31 - 1)
INT64 = (-(2**63), 2**63 - 1)
# Spec 8 (optimizer widths and qualities), then the bounds of the reference's PullZoneSettingsModel.
INT_BOUNDS = {
    'OptimizerDesktopMaxWidth': (0, 5000),
    'OptimizerMobileMaxWidth': (0, 5000),
    'OptimizerImageQuality': (1, 100),
    'OptimizerMobileImageQuality': (1, 100),
    'OriginShieldMaxConcurrentRequests': (1, 10000),
    'OriginShieldMaxQueuedRequests': (0, 30000),
    'PreloadingScreenDelay': (0, 10000),
    'MaxWebSocketConnections': (0, 25000),
}
# The reference: "Allowed tiers: 500, 1,000, 2,500, 5,000, 10,000, 25,000. If you send a non-tier value,
# the value is rounded up to the next tier. Values over 25,000 are rejected".
WEBSOCKET_TIERS = (500, 1000, 2500, 5000, 10000, 25000)
COUNTRY_LISTS = frozenset({'BlockedCountries', 'BudgetRedirectedCountries'})

# ---- PullZoneSettingsModel --------------------------------------------------------------------------------

# Spec 2.1 fields the service keeps to itself (PullZoneSettingsModel has none of them): a body that sends
# one is not refused, the value is ignored. ``Type`` is chosen at create only.
SERVICE_FIELDS = frozenset(
    {
        'Id',
        'Name',
        'Type',
        'Enabled',
        'Suspended',
        'Hostnames',
        'EdgeRules',
        'ZoneSecurityKey',
        'MonthlyBandwidthUsed',
        'MonthlyCharges',
        'PriceOverride',
        'OptimizerPricing',
        'CnameDomain',
        'EnableExtendedLogging',
        'VideoLibraryId',
        'DnsRecordId',
        'DnsZoneId',
        'DnsRecordValue',
        'OriginLinkValue',
        'EUUSDiscount',
        'SouthAmericaDiscount',
        'AfricaDiscount',
        'AsiaOceaniaDiscount',
        'UserId',
        'CacheVersion',
    }
)
# What a create or an update sets, by spec 2.1 name, in the order of spec 2.1.
SETTINGS = tuple(name for name, _kind in PULLZONE_FIELDS if name not in SERVICE_FIELDS)
_SETTING_BY_LOWER_NAME = {name.lower(): name for name in SETTINGS}

# The reference's own names of four fields that spec 2.1 renames; the service takes them on writes. The
# project does not spell another vendor's product names, so they are known here by the SHA-256 of their
# lower-cased spelling (see ``name_digest``). The fifth renamed field, ``EnableWebpVary``, differs from
# spec 2.1's ``EnableWebPVary`` by case only, which binding ignores anyway.
RENAMED_BY_DIGEST = {
    'ee44902f948244f74a147c08f453193c4f35dfde4171d3143214963c1762342e': 'ContainerAppId',
    'b49acccfe3fb7ed26c789ce4a09ac07397c016c67acc2948a928e89e55c581e7': 'ContainerEndpointId',
    '2b1c7267463c1c8fa4318e69b20f5bf346395a43682145893b0c390b125f87ab': 'EnableServiceImageAi',
    '4404149777afa45e8d933ad0baff282cbcaa26cde25e0eeb032c965ada158a08': 'ServiceAiImageBlueprints',
}


def name_digest(name: str) -> str:
    return hashlib.sha256(name.lower().encode()).hexdigest()


def setting_name(key: str) -> str | None:
    """The spec 2.1 name of the setting a body member sets (its own name in any case, or the reference's name
    of a renamed field); None for any other member."""
    return _SETTING_BY_LOWER_NAME.get(key.lower()) or RENAMED_BY_DIGEST.get(name_digest(key))


def member(body: dict[str, t.Any], name: str) -> t.Any:
    """Member ``name`` of a JSON object as the service binds it: in any case, the last spelling wins."""
    lowered = name.lower()
    found = None
    for key, value in body.items():
        if key.lower() == lowered:
            found = value
    return found


def bad(field: str, reason: str) -> ApiError:
    return ApiError(400, f'{field}: {reason}', 'validation_error', field)


def is_int(value: t.Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_http_url(value: str) -> bool:
    """An absolute http:// or https:// URL with a host."""
    try:
        parts = urlsplit(value)
    except ValueError:
        return False
    return parts.scheme.lower() in ('http', 'https') and bool(parts.hostname)


def websocket_tier(value: int) -> int:
    """``MaxWebSocketConnections`` as the service keeps it: 0 stays, others round up to the next tier."""
    return value and next(tier for tier in WEBSOCKET_TIERS if tier >= value)


def setting_value(name: str, value: t.Any) -> t.Any:
    """``value`` (never null) checked against the kind and bounds of setting ``name``; the value to store."""
    kind = FIELD_KINDS[name].rstrip('?')
    if kind == 'bool':
        if not isinstance(value, bool):
            raise bad(name, 'must be true or false')
        return value
    if kind in ('int32', 'int64', 'enum'):
        if not is_int(value):
            raise bad(name, 'must be an integer')
        if kind == 'enum':
            low, high = 0, ENUM_MAX[name]
        else:
            low, high = INT_BOUNDS.get(name, INT64 if kind == 'int64' else INT32)
        if not low <= value <= high:
            raise bad(name, f'must be from {low} to {high}, got {value}')
        return websocket_tier(value) if name == 'MaxWebSocketConnections' else value
    if kind in ('decimal', 'double'):
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
            raise bad(name, 'must be a number')
        return float(value)
    if kind == 'string':
        if not isinstance(value, str):
            raise bad(name, 'must be a string')
        if name == 'OriginUrl' and value and not is_http_url(value):
            raise bad(name, 'must be an http:// or https:// URL with a host')
        return value
    if kind == 'strings':
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise bad(name, 'must be an array of strings')
        if name in COUNTRY_LISTS and not all(re.fullmatch('[A-Za-z]{2}', item) for item in value):
            raise bad(name, 'must hold two-letter country codes')
        return list(value)
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise bad(name, 'must be an array of objects')
    return copy.deepcopy(value)


def settings_of(body: dict[str, t.Any]) -> dict[str, t.Any]:
    """The settings a create or update body sets, by spec 2.1 name, checked. Null members, and members that set
    no setting (``Name``, ``Type``, the service's own fields, names the service does not know), are left out."""
    changes: dict[str, t.Any] = {}
    for key, value in body.items():
        name = setting_name(key)
        if name is not None and value is not None:
            changes[name] = setting_value(name, value)
    return changes


# ---- names and hostnames --------------------------------------------------------------------------------

# A pull zone name is the first label of its system hostname: letters, digits and dashes, at most 63.
NAME_PATTERN = re.compile(r'[A-Za-z0-9-]{1,63}')
HOSTNAME_LABEL = re.compile(r'[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?')


def is_zone_name(value: t.Any) -> bool:
    return isinstance(value, str) and NAME_PATTERN.fullmatch(value) is not None


def is_hostname(value: str) -> bool:
    """A DNS name as RFC 1123 has it: labels of letters, digits and inner dashes, 1..63 long, 253 in all."""
    return 0 < len(value) <= 253 and all(HOSTNAME_LABEL.fullmatch(label) for label in value.split('.'))


def required_string(body: dict[str, t.Any], name: str) -> str:
    value = member(body, name)
    if not isinstance(value, str) or not value:
        raise bad(name, 'is required, a non-empty string')
    return value


# ---- EdgeRuleV2Model ----------------------------------------------------------------------------------------

EDGE_RULE_FIELDS = (
    'Guid',
    'ActionType',
    'ActionParameter1',
    'ActionParameter2',
    'ActionParameter3',
    'Triggers',
    'ExtraActions',
    'TriggerMatchingType',
    'Description',
    'Enabled',
    'OrderIndex',
    'ReadOnly',
)
TRIGGER_FIELDS = ('Type', 'PatternMatches', 'PatternMatchingType', 'Parameter1')
EXTRA_ACTION_FIELDS = ('ActionType', 'ActionParameter1', 'ActionParameter2', 'ActionParameter3')
# The reference's enums, as numbers: EdgeRuleActionType (0 ForceSSL … 34, then 37: 35 and 36 are not
# values), TriggerTypes (0 Url … 13), TriggerMatchingTypes and PatternMatchingTypes (0 any, 1 all, 2 none).
ACTION_TYPES = (frozenset((*range(35), 37)), '0 to 34 or 37')
TRIGGER_TYPES = (frozenset(range(14)), '0 to 13')
MATCHING_TYPES = (frozenset(range(3)), '0 to 2')


def enum_member(obj: dict[str, t.Any], name: str, allowed: tuple[frozenset[int], str], where: str) -> int:
    value = member(obj, name)
    if value is None:
        return 0
    values, text = allowed
    if not is_int(value) or value not in values:
        raise bad(f'{where}{name}', f'must be {text}, got {value!r}')
    return value


def string_member(obj: dict[str, t.Any], name: str, where: str) -> str | None:
    value = member(obj, name)
    if value is not None and not isinstance(value, str):
        raise bad(f'{where}{name}', 'must be a string')
    return value


def objects_member(obj: dict[str, t.Any], name: str, where: str) -> list[dict[str, t.Any]]:
    value = member(obj, name)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise bad(f'{where}{name}', 'must be an array of objects')
    return value


def trigger_of(body: dict[str, t.Any], where: str) -> dict[str, t.Any]:
    patterns = member(body, 'PatternMatches')
    if patterns is None:
        patterns = []
    if not isinstance(patterns, list) or not all(isinstance(item, str) for item in patterns):
        raise bad(f'{where}PatternMatches', 'must be an array of strings')
    return {
        'Type': enum_member(body, 'Type', TRIGGER_TYPES, where),
        'PatternMatches': list(patterns),
        'PatternMatchingType': enum_member(body, 'PatternMatchingType', MATCHING_TYPES, where),
        'Parameter1': string_member(body, 'Parameter1', where),
    }


def action_parameters(body: dict[str, t.Any], where: str) -> dict[str, t.Any]:
    return {name: string_member(body, name, where) for name in EXTRA_ACTION_FIELDS[1:]}


def edge_rule_of(body: dict[str, t.Any]) -> dict[str, t.Any]:
    """The rule an ``addOrUpdate`` body describes, whole: what it leaves out takes its type's zero value (enums 0,
    ``Enabled`` false, lists empty, strings null). ``Guid`` is as sent (null when empty); ``OrderIndex`` and
    ``ReadOnly`` are the service's, whatever the body says (the caller sets them)."""
    enabled = member(body, 'Enabled')
    if enabled is not None and not isinstance(enabled, bool):
        raise bad('Enabled', 'must be true or false')
    return {
        'Guid': string_member(body, 'Guid', '') or None,
        'ActionType': enum_member(body, 'ActionType', ACTION_TYPES, ''),
        **action_parameters(body, ''),
        'Triggers': [
            trigger_of(item, f'Triggers[{index}].') for index, item in enumerate(objects_member(body, 'Triggers', ''))
        ],
        'ExtraActions': [
            {
                'ActionType': enum_member(item, 'ActionType', ACTION_TYPES, f'ExtraActions[{index}].'),
                **action_parameters(item, f'ExtraActions[{index}].'),
            }
            for index, item in enumerate(objects_member(body, 'ExtraActions', ''))
        ],
        'TriggerMatchingType': enum_member(body, 'TriggerMatchingType', MATCHING_TYPES, ''),
        'Description': string_member(body, 'Description', ''),
        'Enabled': bool(enabled),
        'OrderIndex': 0,
        'ReadOnly': False,
    }
