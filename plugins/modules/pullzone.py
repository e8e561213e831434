#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: pullzone
short_description: Create, update and delete CDN pull zones
version_added: 1.0.0
description:
  - Manages a CDN pull zone of the account, found by its exact O(name) (pull zone names are unique across the
    service) or by its O(id).
  - O(state=present) creates the pull zone when none has that name, with O(type) and every setting you give, in
    one request; an existing pull zone gets the settings that differ, all in one update request. A run where
    nothing differs sends no write.
  - Every writable setting of the pull zone is an option of its own, named after its API property in snake_case
    (C(EnableLogging) is O(enable_logging)). Only the options you set are compared and sent; every other setting
    keeps the value it has. Lists are sets (order and duplicates ignored); enums with named values take the
    name, the others the API's number.
  - Secret settings (O(aws_signing_key), O(aws_signing_secret), O(log_forwarding_token)) are compared with the
    values the API holds, so a rerun is unchanged, and are shown only as C(********).
  - Hostnames and edge rules are not managed here; this module leaves C(Hostnames) and C(EdgeRules) alone. Use
    M(edge.platform.pullzone_hostname) and M(edge.platform.pullzone_edge_rule).
  - O(state=absent) deletes the pull zone with everything on it, its hostnames, edge rules and Shield zone; with
    C(--diff) the C(before) names them.
  - Every value is checked before the first request (bounds, names, hostnames, country codes, addresses), in
    check mode too.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
options:
  name:
    description:
      - Name of the pull zone (C(Name)), letters, digits and dashes, at most 63 (it is the first label of the
        system hostname the service gives the zone). Exact and case-sensitive.
      - Required to create a pull zone. The service refuses a name that another pull zone has, in any account;
        the module then fails with the API's answer.
      - Exactly one of O(name) and O(id) is required.
    type: str
  id:
    description:
      - Id of the pull zone (C(Id)), to manage an existing one. A pull zone is only created by O(name).
    type: int
  state:
    description:
      - Whether the pull zone should exist.
    type: str
    choices: [present, absent]
    default: present
  type:
    description:
      - The pull zone's type (C(Type)), chosen when it is created (V(premium) when not given).
      - It cannot change afterwards; a different type on an existing pull zone fails before any write.
    type: str
    choices: [premium, volume]
  origin_url:
    description:
      - Origin the files are fetched from (C(OriginUrl)).
      - An C(http://) or C(https://) URL with a host; V('') clears it.
    type: str
  storage_zone_id:
    description:
      - Linked storage zone (C(StorageZoneId)).
    type: int
  edge_script_id:
    description:
      - Linked edge script (C(EdgeScriptId)).
    type: int
  edge_script_execution_phase:
    description:
      - Request phase at which the script runs (C(EdgeScriptExecutionPhase)).
      - The API's number (V(0) cache, V(1) load balancer, V(2) pre-cache).
    type: int
  middleware_script_id:
    description:
      - Middleware script id (C(MiddlewareScriptId)).
    type: int
  container_app_id:
    description:
      - Linked container application id (C(ContainerAppId)).
    type: str
  container_endpoint_id:
    description:
      - Linked container endpoint id (C(ContainerEndpointId)).
    type: str
  allowed_referrers:
    description:
      - Referrer hostnames allowed; a request whose Referer host is not on the list is rejected; empty means all
        allowed (C(AllowedReferrers)).
      - A set (order and duplicates are ignored); V([]) empties it.
      - Each a DNS hostname (labels of letters, digits and inner dashes), compared in lower case.
    type: list
    elements: str
  blocked_referrers:
    description:
      - Referrer hostnames list for blocking; empty means all allowed (C(BlockedReferrers)).
      - A set (order and duplicates are ignored); V([]) empties it.
      - Each a DNS hostname (labels of letters, digits and inner dashes), compared in lower case.
    type: list
    elements: str
  blocked_ips:
    description:
      - IPs whose requests are rejected; empty means all allowed (C(BlockedIps)).
      - A set (order and duplicates are ignored); V([]) empties it.
      - Each an IPv4 or IPv6 address, or a network such as V(192.0.2.0/24) (without host bits), sent in its
        canonical spelling.
    type: list
    elements: str
  enable_geo_zone_us:
    description:
      - Delivery from North America (C(EnableGeoZoneUS)).
    type: bool
  enable_geo_zone_eu:
    description:
      - Delivery from Europe (C(EnableGeoZoneEU)).
    type: bool
  enable_geo_zone_asia:
    description:
      - Delivery from Asia and Oceania (C(EnableGeoZoneASIA)).
    type: bool
  enable_geo_zone_sa:
    description:
      - Delivery from South America (C(EnableGeoZoneSA)).
    type: bool
  enable_geo_zone_af:
    description:
      - Delivery from Africa (C(EnableGeoZoneAF)).
    type: bool
  ip_family_policy:
    description:
      - IP address families the zone is served over (C(IpFamilyPolicy)).
      - V(ipv4_only), V(dual_stack), V(dual_stack_prefer_ipv6) or V(ipv6_only).
    type: str
    choices: [ipv4_only, dual_stack, dual_stack_prefer_ipv6, ipv6_only]
  zone_security_enabled:
    description:
      - URL secure token authentication on (C(ZoneSecurityEnabled)).
    type: bool
  zone_security_include_hash_remote_ip:
    description:
      - Token hash includes the remote IP (C(ZoneSecurityIncludeHashRemoteIP)).
    type: bool
  ignore_query_strings:
    description:
      - Query strings ignored when serving cached objects (C(IgnoreQueryStrings)).
    type: bool
  monthly_bandwidth_limit:
    description:
      - Bytes allowed per month (C(MonthlyBandwidthLimit)).
    type: int
  add_host_header:
    description:
      - Forward the current hostname to the origin (C(AddHostHeader)).
    type: bool
  origin_host_header:
    description:
      - Host header sent to the origin (C(OriginHostHeader)).
    type: str
  access_control_origin_header_extensions:
    description:
      - Extensions that return CORS headers (C(AccessControlOriginHeaderExtensions)).
      - A set (order and duplicates are ignored); V([]) empties it.
    type: list
    elements: str
  enable_access_control_origin_header:
    description:
      - CORS headers on (C(EnableAccessControlOriginHeader)).
    type: bool
  disable_cookies:
    description:
      - Cookies disabled (C(DisableCookies)).
    type: bool
  budget_redirected_countries:
    description:
      - Two-letter ISO alpha-2 country codes (C(BudgetRedirectedCountries)).
      - A set (order and duplicates are ignored); V([]) empties it.
      - Each a two-letter ISO 3166-1 country code such as V(US), compared in upper case.
    type: list
    elements: str
  blocked_countries:
    description:
      - Two-letter ISO alpha-2 country codes (C(BlockedCountries)).
      - A set (order and duplicates are ignored); V([]) empties it.
      - Each a two-letter ISO 3166-1 country code such as V(US), compared in upper case.
    type: list
    elements: str
  enable_origin_shield:
    description:
      - Origin shield used (C(EnableOriginShield)).
    type: bool
  cache_control_max_age_override:
    description:
      - Override cache time (C(CacheControlMaxAgeOverride)).
    type: int
  cache_control_public_max_age_override:
    description:
      - Override cache time for the end client (C(CacheControlPublicMaxAgeOverride)).
    type: int
  burst_size:
    description:
      - Excess requests are delayed until their number exceeds this burst size (C(BurstSize)).
    type: int
  request_limit:
    description:
      - Max requests per IP per second (C(RequestLimit)).
    type: int
  block_root_path_access:
    description:
      - Root path access returns 403 (C(BlockRootPathAccess)).
    type: bool
  block_post_requests:
    description:
      - POST requests blocked (C(BlockPostRequests)).
    type: bool
  limit_rate_per_second:
    description:
      - Max transfer rate in kb/s; 0 is unlimited (C(LimitRatePerSecond)).
    type: float
  limit_rate_after:
    description:
      - Amount of data after which the rate limit activates (C(LimitRateAfter)).
    type: float
  connection_limit_per_ip_count:
    description:
      - Connections allowed per IP (C(ConnectionLimitPerIPCount)).
    type: int
  add_canonical_header:
    description:
      - Canonical header added (C(AddCanonicalHeader)).
    type: bool
  enable_logging:
    description:
      - Logging on (C(EnableLogging)).
    type: bool
  enable_cache_slice:
    description:
      - Cache slice (optimize for video) on (C(EnableCacheSlice)).
    type: bool
  enable_smart_cache:
    description:
      - Smart caching on (C(EnableSmartCache)).
    type: bool
  enable_webp_vary:
    description:
      - Vary the cache by WebP support (C(EnableWebPVary)).
    type: bool
  enable_avif_vary:
    description:
      - Vary the cache by AVIF support (C(EnableAvifVary)).
    type: bool
  enable_country_code_vary:
    description:
      - Vary the cache by country code (C(EnableCountryCodeVary)).
    type: bool
  enable_country_state_code_vary:
    description:
      - Vary the cache by country state code (C(EnableCountryStateCodeVary)).
    type: bool
  enable_mobile_vary:
    description:
      - Vary the cache by mobile or desktop client (C(EnableMobileVary)).
    type: bool
  enable_cookie_vary:
    description:
      - Vary the cache by the cookies of O(cookie_vary_parameters) (C(EnableCookieVary)).
    type: bool
  enable_hostname_vary:
    description:
      - Vary the cache by hostname (C(EnableHostnameVary)).
    type: bool
  cookie_vary_parameters:
    description:
      - Cookie names for vary by cookie; empty means cookie vary unused (C(CookieVaryParameters)).
      - A set (order and duplicates are ignored); V([]) empties it.
    type: list
    elements: str
  query_string_vary_parameters:
    description:
      - Query parameters for vary by query string; empty means all parameters form the key
        (C(QueryStringVaryParameters)).
      - A set (order and duplicates are ignored); V([]) empties it.
    type: list
    elements: str
  cache_key_headers:
    description:
      - Request headers to vary cache by, comma delimited (C(CacheKeyHeaders)).
    type: str
  aws_signing_enabled:
    description:
      - Origin request signing on (C(AWSSigningEnabled)).
    type: bool
  aws_signing_key:
    description:
      - Signing key (C(AWSSigningKey)).
      - A secret, never shown (C(********) in the result and the diff). It is compared with the value the API
        holds, so a rerun with the same value is unchanged.
    type: str
  aws_signing_secret:
    description:
      - Signing secret (C(AWSSigningSecret)).
      - A secret, never shown (C(********) in the result and the diff). It is compared with the value the API
        holds, so a rerun with the same value is unchanged.
    type: str
  aws_signing_region_name:
    description:
      - Signing region name (C(AWSSigningRegionName)).
    type: str
  logging_ip_anonymization_enabled:
    description:
      - IP anonymization in logs (C(LoggingIPAnonymizationEnabled)).
    type: bool
  enable_tls1:
    description:
      - TLS 1.0 allowed (C(EnableTLS1)).
    type: bool
  enable_tls1_1:
    description:
      - TLS 1.1 allowed (C(EnableTLS1_1)).
    type: bool
  verify_origin_ssl:
    description:
      - Verify origin certificate (C(VerifyOriginSSL)).
    type: bool
  error_page_enable_custom_code:
    description:
      - Custom error page code on (C(ErrorPageEnableCustomCode)).
    type: bool
  error_page_custom_code:
    description:
      - Custom error page code (C(ErrorPageCustomCode)).
    type: str
  error_page_enable_statuspage_widget:
    description:
      - Status widget on error pages (C(ErrorPageEnableStatuspageWidget)).
    type: bool
  error_page_statuspage_code:
    description:
      - Code used to build the status widget (C(ErrorPageStatuspageCode)).
    type: str
  error_page_whitelabel:
    description:
      - Whitelabel error pages (C(ErrorPageWhitelabel)).
    type: bool
  origin_shield_zone_code:
    description:
      - Zone code of the origin shield (C(OriginShieldZoneCode)).
    type: str
  log_forwarding_enabled:
    description:
      - Log forwarding on (C(LogForwardingEnabled)).
    type: bool
  log_forwarding_hostname:
    description:
      - Forwarding hostname (C(LogForwardingHostname)).
    type: str
  log_forwarding_port:
    description:
      - Forwarding port (C(LogForwardingPort)).
    type: int
  log_forwarding_token:
    description:
      - Forwarding token (C(LogForwardingToken)).
      - A secret, never shown (C(********) in the result and the diff). It is compared with the value the API
        holds, so a rerun with the same value is unchanged.
    type: str
  log_forwarding_protocol:
    description:
      - Forwarding protocol (C(LogForwardingProtocol)).
      - The API's number (V(0) UDP, V(1) TCP, V(2) encrypted TCP, V(3) Datadog).
    type: int
  log_forwarding_format:
    description:
      - Forwarding format (C(LogForwardingFormat)).
      - The API's number (V(0) plain, V(1) JSON).
    type: int
  log_format:
    description:
      - Log format (C(LogFormat)).
      - The API's number (V(0) plain, V(1) JSON).
    type: int
  log_anonymization_type:
    description:
      - Log anonymization type (C(LogAnonymizationType)).
      - The API's number (V(0) one digit of the address removed, V(1) the address dropped).
    type: int
  logging_save_to_storage:
    description:
      - Permanent logging on (C(LoggingSaveToStorage)).
    type: bool
  logging_storage_zone_id:
    description:
      - Logging storage zone (C(LoggingStorageZoneId)).
    type: int
  follow_redirects:
    description:
      - Follow origin redirects (C(FollowRedirects)).
    type: bool
  optimizer_enabled:
    description:
      - Optimizer on (C(OptimizerEnabled)).
    type: bool
  optimizer_tunnel_enabled:
    description:
      - Optimizer origin tunnel on (C(OptimizerTunnelEnabled)).
    type: bool
  optimizer_desktop_max_width:
    description:
      - Max automatic image width, desktop (C(OptimizerDesktopMaxWidth)).
      - From V(0) to V(5000).
    type: int
  optimizer_mobile_max_width:
    description:
      - Max automatic image width, mobile (C(OptimizerMobileMaxWidth)).
      - From V(0) to V(5000).
    type: int
  optimizer_image_quality:
    description:
      - Image quality, desktop (C(OptimizerImageQuality)).
      - From V(1) to V(100).
    type: int
  optimizer_mobile_image_quality:
    description:
      - Image quality, mobile (C(OptimizerMobileImageQuality)).
      - From V(1) to V(100).
    type: int
  optimizer_enable_webp:
    description:
      - WebP optimization (C(OptimizerEnableWebP)).
    type: bool
  optimizer_prerender_html:
    description:
      - SEO HTML prerender (C(OptimizerPrerenderHtml)).
    type: bool
  optimizer_enable_manipulation_engine:
    description:
      - Image manipulation (C(OptimizerEnableManipulationEngine)).
    type: bool
  optimizer_minify_css:
    description:
      - CSS minification (C(OptimizerMinifyCSS)).
    type: bool
  optimizer_minify_javascript:
    description:
      - JavaScript minification (C(OptimizerMinifyJavaScript)).
    type: bool
  optimizer_watermark_enabled:
    description:
      - Watermarking (C(OptimizerWatermarkEnabled)).
    type: bool
  optimizer_watermark_url:
    description:
      - Watermark image URL (C(OptimizerWatermarkUrl)).
    type: str
  optimizer_watermark_position:
    description:
      - Watermark position (C(OptimizerWatermarkPosition)).
      - The API's number (V(0) bottom left, V(1) bottom right, V(2) top left, V(3) top right, V(4) center, V(5)
        center, stretched).
    type: int
  optimizer_watermark_offset:
    description:
      - Watermark offset (C(OptimizerWatermarkOffset)).
    type: float
  optimizer_watermark_min_image_size:
    description:
      - Minimum image size that gets the watermark (C(OptimizerWatermarkMinImageSize)).
    type: int
  optimizer_automatic_optimization_enabled:
    description:
      - Automatic image optimization (C(OptimizerAutomaticOptimizationEnabled)).
    type: bool
  optimizer_classes:
    description:
      - Optimizer classes (C(OptimizerClasses)).
      - A list of objects, sent as given and compared with what the API returns.
    type: list
    elements: dict
  optimizer_force_classes:
    description:
      - Class list enforced (C(OptimizerForceClasses)).
    type: bool
  optimizer_static_html_enabled:
    description:
      - Static HTML feature (C(OptimizerStaticHtmlEnabled)).
    type: bool
  optimizer_static_html_wordpress_path:
    description:
      - HTML path bypassed by perma-cache in an edge rule (C(OptimizerStaticHtmlWordPressPath)).
    type: str
  optimizer_static_html_wordpress_bypass_cookie:
    description:
      - Cookie bypassed by perma-cache in an edge rule (C(OptimizerStaticHtmlWordPressBypassCookie)).
    type: str
  optimizer_enable_upscaling:
    description:
      - Optimizer may upscale images (C(OptimizerEnableUpscaling)).
    type: bool
  perma_cache_storage_zone_id:
    description:
      - Storage zone used for perma-cache (C(PermaCacheStorageZoneId)).
    type: int
  perma_cache_type:
    description:
      - Perma-cache behaviour (C(PermaCacheType)).
      - The API's number (V(0) automatic, V(1) manual).
    type: int
  origin_retries:
    description:
      - Retries to the origin (C(OriginRetries)).
    type: int
  origin_connect_timeout:
    description:
      - Seconds to wait when connecting to the origin (C(OriginConnectTimeout)).
    type: int
  origin_response_timeout:
    description:
      - Seconds to wait for the origin reply (C(OriginResponseTimeout)).
    type: int
  origin_retry_5xx_responses:
    description:
      - Retry on 5XX responses of the origin (C(OriginRetry5XXResponses)).
    type: bool
  origin_retry_connection_timeout:
    description:
      - Retry on a connect timeout (C(OriginRetryConnectionTimeout)).
    type: bool
  origin_retry_response_timeout:
    description:
      - Retry on a response timeout (C(OriginRetryResponseTimeout)).
    type: bool
  origin_retry_delay:
    description:
      - Wait before retrying an origin request (C(OriginRetryDelay)).
    type: int
  use_stale_while_updating:
    description:
      - Serve stale cache during update (C(UseStaleWhileUpdating)).
    type: bool
  use_stale_while_offline:
    description:
      - Serve stale cache while the origin is offline (C(UseStaleWhileOffline)).
    type: bool
  use_background_update:
    description:
      - Cache update in the background (C(UseBackgroundUpdate)).
    type: bool
  origin_shield_enable_concurrency_limit:
    description:
      - Origin shield concurrency limit on (C(OriginShieldEnableConcurrencyLimit)).
    type: bool
  origin_shield_max_concurrent_requests:
    description:
      - Max concurrent requests to the origin (C(OriginShieldMaxConcurrentRequests)).
      - From V(1) to V(10000).
    type: int
  origin_shield_queue_max_wait_time:
    description:
      - Max queue wait time (C(OriginShieldQueueMaxWaitTime)).
    type: int
  origin_shield_max_queued_requests:
    description:
      - Max origin requests kept queued (C(OriginShieldMaxQueuedRequests)).
      - From V(0) to V(30000).
    type: int
  enable_safe_hop:
    description:
      - A flag the API does not describe (C(EnableSafeHop)).
    type: bool
  cache_error_responses:
    description:
      - Error responses cached (C(CacheErrorResponses)).
    type: bool
  enable_auto_ssl:
    description:
      - Hostnames added to the zone get SSL automatically (C(EnableAutoSSL)).
    type: bool
  disable_lets_encrypt:
    description:
      - Built-in certificate issuance off; requests pass to the origin (C(DisableLetsEncrypt)).
    type: bool
  enable_query_string_ordering:
    description:
      - Query string ordering on (C(EnableQueryStringOrdering)).
    type: bool
  shield_ddos_protection_type:
    description:
      - DDoS protection type (C(ShieldDDosProtectionType)).
      - The API's number (V(0) detect only, V(1) active, standard, V(2) active, aggressive).
    type: int
  shield_ddos_protection_enabled:
    description:
      - DDoS protection on (C(ShieldDDosProtectionEnabled)).
    type: bool
  origin_type:
    description:
      - Origin type; LoadBalancer is one value (C(OriginType)).
      - The API's number (V(0) origin URL, V(1) DNS acceleration, V(2) storage zone, V(3) load balancer, V(4)
        edge script, V(5) container app, V(6) push zone).
    type: int
  load_balancer_id:
    description:
      - Load balancer profile used when OriginType is LoadBalancer (C(LoadBalancerId)).
    type: int
  enable_request_coalescing:
    description:
      - Request coalescing on (C(EnableRequestCoalescing)).
    type: bool
  request_coalescing_timeout:
    description:
      - Lock time for coalesced requests (C(RequestCoalescingTimeout)).
    type: int
  enable_service_image_ai:
    description:
      - Image AI feature (C(EnableServiceImageAi)).
    type: bool
  service_ai_image_blueprints:
    description:
      - Image AI blueprint records (C(ServiceAiImageBlueprints)).
      - A list of objects, sent as given and compared with what the API returns.
    type: list
    elements: dict
  preloading_screen_enabled:
    description:
      - Preloading screen on (C(PreloadingScreenEnabled)).
    type: bool
  preloading_screen_show_on_first_visit:
    description:
      - Shown on a user's first load (C(PreloadingScreenShowOnFirstVisit)).
    type: bool
  preloading_screen_code:
    description:
      - Custom screen code (C(PreloadingScreenCode)).
    type: str
  preloading_screen_logo_url:
    description:
      - Logo URL (C(PreloadingScreenLogoUrl)).
    type: str
  preloading_screen_code_enabled:
    description:
      - Custom screen on (C(PreloadingScreenCodeEnabled)).
    type: bool
  preloading_screen_theme:
    description:
      - Theme of the preloading screen (C(PreloadingScreenTheme)).
      - V(light) or V(dark).
    type: str
    choices: [light, dark]
  preloading_screen_delay:
    description:
      - Delay in milliseconds before display (C(PreloadingScreenDelay)).
      - From V(0) to V(10000).
    type: int
  routing_filters:
    description:
      - Routing filters enabled (C(RoutingFilters)).
      - A set (order and duplicates are ignored); V([]) empties it.
    type: list
    elements: str
  block_none_referrer:
    description:
      - Direct access without an allowed referrer blocked (C(BlockNoneReferrer)).
    type: bool
  sticky_session_type:
    description:
      - Sticky session mechanism (C(StickySessionType)).
      - The API's number (V(0) off, V(1) on).
    type: int
  sticky_session_cookie_name:
    description:
      - Sticky session cookie name (C(StickySessionCookieName)).
    type: str
  sticky_session_client_headers:
    description:
      - Comma-separated header names identifying clients (C(StickySessionClientHeaders)).
    type: str
  enable_websockets:
    description:
      - WebSocket connections allowed (C(EnableWebSockets)).
    type: bool
  max_websocket_connections:
    description:
      - Max global simultaneous WebSocket connections (C(MaxWebSocketConnections)).
      - From V(0) to V(25000).
      - The service keeps only V(0), V(500), V(1000), V(2500), V(5000), V(10000), V(25000); another value is
        rounded up to the next of them, as the service does, so a rerun is unchanged.
    type: int
notes:
  - In check mode a pull zone to be created is predicted from the options given, with every property of the
    pull zone present; C(Id) is null, C(Hostnames) and C(EdgeRules) are empty (the system hostname the service
    adds is left out, since its domain is the service's), and the settings the service chooses itself are null.
  - Options that take null in the API (O(middleware_script_id), O(load_balancer_id)) cannot be set back to null
    here.
seealso:
  - module: edge.platform.pullzone_info
  - module: edge.platform.pullzone_hostname
  - module: edge.platform.pullzone_edge_rule
  - module: edge.platform.shield_zone
'''

EXAMPLES = r'''
- name: Create a pull zone for the site's assets, with logging and some blocked countries
  edge.platform.pullzone:
    name: site-assets
    origin_url: https://origin.example.com
    type: volume
    enable_logging: true
    logging_ip_anonymization_enabled: true
    blocked_countries: [KP, IR]
    allowed_referrers: [www.example.com, example.com]
    cache_control_max_age_override: 86400
  register: site_assets

- name: Show its id and system hostname
  ansible.builtin.debug:
    msg: "{{ site_assets.pullzone.Id }} at {{ site_assets.pullzone.Hostnames | map(attribute='Value') | list }}"

- name: Switch request logging on where an audit found it off
  edge.platform.pullzone:
    name: media-001
    enable_logging: true

- name: Sign requests to an S3 origin (the secret is never shown)
  edge.platform.pullzone:
    name: site-assets
    aws_signing_enabled: true
    aws_signing_key: "{{ vault_s3_access_key }}"
    aws_signing_secret: "{{ vault_s3_secret_key }}"
    aws_signing_region_name: eu-central-1

- name: See what deleting it would remove, without deleting it
  edge.platform.pullzone:
    name: site-assets
    state: absent
  check_mode: true
  diff: true
  register: would_delete

- name: Show its hostnames, edge rules and Shield zone that would go with it
  ansible.builtin.debug:
    var: would_delete.diff.before

- name: Delete it
  edge.platform.pullzone:
    name: site-assets
    state: absent
'''

RETURN = r'''
pullzone:
  description:
    - The pull zone as the API returns it after the run, with the API's own property names (PullZoneModel).
    - Secret properties (C(ZoneSecurityKey), C(AWSSigningKey), C(AWSSigningSecret), C(LogForwardingToken), and the
      C(CertificateKey) of hostnames) are C(********) when set.
    - An empty dict when the pull zone is absent.
    - In check mode, what the module predicts (see the notes for a pull zone to be created).
  returned: always
  type: dict
  contains:
    Id:
      description: Id of the pull zone; null in check mode for a pull zone to be created.
      type: int
      sample: 1013
    Name:
      description: Name of the pull zone.
      type: str
      sample: site-assets
    Type:
      description: Type, the API's number (V(0) premium, V(1) volume).
      type: int
      sample: 1
    OriginUrl:
      description: Address the pull zone pulls from.
      type: str
      sample: https://origin.example.com
    Enabled:
      description: Whether the pull zone serves requests.
      type: bool
      sample: true
    Suspended:
      description: Whether the pull zone is suspended.
      type: bool
      sample: false
    EnableLogging:
      description: Whether CDN request logs are kept.
      type: bool
      sample: true
    BlockedCountries:
      description: Country codes whose requests are blocked.
      type: list
      elements: str
      sample: [IR, KP]
    ZoneSecurityKey:
      description: Token authentication key; C(********) when set.
      type: str
      sample: "********"
    AWSSigningSecret:
      description: Secret for signing requests to an S3 origin; C(********) when set.
      type: str
      sample: "********"
    Hostnames:
      description: Hostnames of the pull zone (managed by M(edge.platform.pullzone_hostname)).
      type: list
      elements: dict
      sample:
        - Id: 5013
          Value: site-assets.edge-cdn.test
          ForceSSL: false
          IsSystemHostname: true
          IsManagedHostname: false
          HasCertificate: true
          Certificate: null
          CertificateKey: null
    EdgeRules:
      description: Edge rules of the pull zone (managed by M(edge.platform.pullzone_edge_rule)).
      type: list
      elements: dict
      sample: []
  sample:
    Id: 1013
    Name: site-assets
    Type: 1
    OriginUrl: https://origin.example.com
    Enabled: true
    Suspended: false
    EnableLogging: true
    BlockedCountries: [IR, KP]
    ZoneSecurityKey: "********"
    AWSSigningSecret: null
    Hostnames: []
    EdgeRules: []
'''

import copy
import functools
import re
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._pullzones import (
    BOOL,
    INT32,
    INT64,
    NUMBER,
    PULLZONE_SECRETS,
    PULLZONE_TYPES,
    RECORDS,
    SERVICE_PROPERTIES,
    SETTINGS,
    TEXT,
    TEXTS,
    PullZoneApi,
    Record,
    Setting,
    mask_pullzone,
    member_form,
)
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._shield import shield_zone_of_pullzone

# A pull zone name is the first label of its system hostname: letters, digits and dashes.
NAME_RE = re.compile(r'[A-Za-z0-9-]{1,63}\Z')
# Option names that sanity's validate-modules takes for secrets unless they say they are not (as Ansible's).
LOOKS_SECRET = re.compile(r'(?:pass(?!ive)|secret|token|key)', re.I)
# The argument type of each kind of setting (enums: the name, or the API's number).
OPTION_TYPES = {BOOL: 'bool', INT32: 'int', INT64: 'int', NUMBER: 'float', TEXT: 'str', TEXTS: 'list', RECORDS: 'list'}


def setting_option(setting: Setting) -> dict[str, t.Any]:
    """The argument spec of the option of ``setting``."""
    if setting.choices:
        return dict(type='str', choices=list(setting.choices))
    spec: dict[str, t.Any] = dict(type=OPTION_TYPES.get(setting.kind, 'int'))
    if setting.kind in (TEXTS, RECORDS):
        spec['elements'] = 'str' if setting.kind == TEXTS else 'dict'
    if setting.secret:
        spec['no_log'] = True
    elif LOOKS_SECRET.search(setting.option):
        spec['no_log'] = False
    return spec


# Chosen when a pull zone is created; a different one on an existing zone is refused (``check``).
TYPE = Field.enum('type', 'Type', PULLZONE_TYPES)


def counted(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def same_text(current: t.Any, wanted: t.Any) -> bool:
    """Texts compared with null and empty as one (the API may answer either for a setting cleared)."""
    return (current or '') == (wanted or '')


def setting_field(setting: Setting) -> Field:
    """The managed field of ``setting``: enums by name, sets of members in their normal form."""
    if setting.choices:
        return Field.enum(setting.option, setting.api, setting.choices)
    if setting.kind == TEXTS:
        return Field.set(setting.option, setting.api, member=functools.partial(member_form, setting.member))
    if setting.kind == TEXT:
        return Field(setting.option, setting.api, equal=same_text)
    return Field(setting.option, setting.api, to_api=setting.normalized if setting.steps else None)


def argument_spec() -> dict[str, dict[str, t.Any]]:
    spec: dict[str, dict[str, t.Any]] = dict(
        name=dict(type='str'),
        id=dict(type='int'),
        state=dict(type='str', default='present', choices=['present', 'absent']),
        type=dict(type='str', choices=list(PULLZONE_TYPES)),
    )
    spec.update((setting.option, setting_option(setting)) for setting in SETTINGS)
    return spec


def api_values(values: Record) -> Record:
    """API values as JSON carries them: a set as a sorted list."""
    return {key: sorted(value) if isinstance(value, frozenset) else value for key, value in values.items()}


def with_origin_link(record: Record, values: Record) -> Record:
    """``record`` as the service keeps it after ``values`` were saved: the origin URL sets its link value too."""
    if 'OriginUrl' in values:
        record['OriginLinkValue'] = values['OriginUrl']
    return record


class PullZone(EdgeResource):
    name = 'pullzone'
    fields = (
        Field('name', 'Name'),
        TYPE,
        *(setting_field(setting) for setting in SETTINGS),
    )
    # The API's names of the secrets (the result) and the options' (the diff).
    secret_keys = PULLZONE_SECRETS | frozenset(setting.option for setting in SETTINGS if setting.secret)

    def __init__(self, module: EdgeModule) -> None:
        super().__init__(module)
        self.api = PullZoneApi(self.client)
        #: What a delete takes with it (its hostnames, edge rules and Shield zone), for the diff.
        self.going: dict[str, t.Any] = {}

    @property
    def what(self) -> str:
        return f"pull zone \"{self.params['name']}\"" if self.params['name'] else f"pull zone {self.params['id']}"

    # ---- input ----

    def validate(self) -> None:
        self.module.refuse_non_positive('id')
        name = self.params['name']
        if name is not None and not NAME_RE.match(name):
            self.module.fail(f'name {name!r} must be 1 to 63 letters, digits and dashes')
        for setting in SETTINGS:
            value = self.params[setting.option]
            problem = setting.problem(value) if value is not None else None
            if problem:
                self.module.fail(f'{setting.option} {problem}')

    # ---- reading ----

    def find(self) -> Record | None:
        return self.api.find(zone_id=self.params['id'], name=self.params['name'])

    def resolve(self, wanted: Record, current: Record | None) -> Record:
        if current is None:
            wanted.setdefault('Type', PULLZONE_TYPES['premium'])  # as the service chooses; the result says so
        return wanted

    def check(self, plan: Plan) -> None:
        if plan.action == 'create' and self.params['name'] is None:
            self.module.fail(f"pull zone {self.params['id']} does not exist; give name to create a pull zone")
        if plan.action == 'update':
            current = t.cast(Record, plan.current)
            if 'Type' in plan.changes:
                self.module.fail(
                    f"type cannot change: {self.what} (id {current['Id']}) is {TYPE.shown(current.get('Type'))}, "
                    f"not {self.params['type']}; the type is chosen when a pull zone is created"
                )
            changed_secrets = [s.option for s in SETTINGS if s.secret and s.api in plan.changes]
            self.notes.extend(f'{option} changes (not shown)' for option in changed_secrets)
        if plan.action == 'delete':
            self.going = self.what_goes(t.cast(Record, plan.current))

    def what_goes(self, zone: Record) -> dict[str, t.Any]:
        """What deleting ``zone`` removes with it: its hostnames, its edge rules and its Shield zone (a read)."""
        shield_zone = shield_zone_of_pullzone(self.client, int(zone['Id']))
        return {
            'id': zone['Id'],
            'hostnames': [hostname.get('Value') for hostname in zone.get('Hostnames') or ()],
            'edge_rules': [rule.get('Description') or rule.get('Guid') for rule in zone.get('EdgeRules') or ()],
            'shield_zone_id': shield_zone['shieldZoneId'] if shield_zone else None,
        }

    # ---- writing ----

    def create(self, wanted: Record) -> Record:
        settings = api_values({key: value for key, value in wanted.items() if key != 'Name'})
        return self.api.create(str(self.params['name']), settings)

    def update(self, current: Record, changes: Record) -> Record:
        return self.api.update(int(current['Id']), api_values(changes))

    def delete(self, current: Record) -> None:
        self.api.delete(int(current['Id']))

    # ---- check mode ----

    def predict_create(self, wanted: Record) -> Record:
        record: Record = dict.fromkeys((*SERVICE_PROPERTIES, *(setting.api for setting in SETTINGS)))
        record.update(Hostnames=[], EdgeRules=[], **api_values(wanted))
        return with_origin_link(record, wanted)

    def predict_update(self, current: Record, changes: Record) -> Record:
        return with_origin_link({**current, **api_values(changes)}, changes)

    # ---- output ----

    def result_view(self, resource: Record | None) -> Record | None:
        return mask_pullzone(copy.deepcopy(resource)) if resource is not None else None

    def diff_fields(self) -> t.Sequence[Field]:
        """The name and type of the zone, and the options the user set."""
        return [
            field for field in self.fields if field.api in ('Name', 'Type') or self.params[field.option] is not None
        ]

    def diff_view(self, resource: Record | None) -> Record | None:
        view = super().diff_view(resource)
        if view is not None and self.state == 'absent':
            view.update(self.going)
        return view

    def describe(self, plan: Plan) -> str | None:
        if plan.action != 'delete':
            return plan.note
        going = self.going
        parts = [counted(len(going['hostnames']), 'hostname'), counted(len(going['edge_rules']), 'edge rule')]
        parts.append(
            f"Shield zone {going['shield_zone_id']}" if going['shield_zone_id'] is not None else 'no Shield zone'
        )
        return f"delete {self.what} with {', '.join(parts[:-1])} and {parts[-1]}"


def main() -> None:
    module = EdgeModule(
        argument_spec=argument_spec(),
        mutually_exclusive=[('name', 'id')],
        required_one_of=[('name', 'id')],
    )
    PullZone(module).run()


if __name__ == '__main__':
    main()
