# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``shield_zone``: the Shield zone of a pull zone, with its bot detection and upload scanning
settings (parts with endpoints of their own: their API fields are ``botDetection.`` and ``uploadScanning.`` paths).
``new`` is what the service gives a new Shield zone of the basic plan where its create request says nothing (else
the value's zero)."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Enum, Option, Table

PLAN_TYPES = Enum('ShieldPlanType', {'basic': 0, 'advanced': 1, 'business': 2, 'enterprise': 3})
WAF_EXECUTION_MODES = Enum('WAFExecutionMode', {'log': 0, 'block': 1})
PAYLOAD_LIMIT_ACTIONS = Enum('WAFPayloadLimitAction', {'block': 0, 'log': 1, 'ignore': 2})
DDOS_SENSITIVITIES = Enum('DDoSShieldSensitivity', {'off': 0, 'low': 1, 'medium': 2, 'high': 3, 'challenge': 4})
BOT_EXECUTION_MODES = Enum('BotDetectionExecutionMode', {'log_only': 0, 'challenge': 1})
BOT_SENSITIVITIES = Enum('BotDetectionSensitivity', {'off': 0, 'low': 1, 'medium': 2, 'high': 3})
FINGERPRINT_AGGRESSIONS = Enum('BrowserFingerprintAggression', {'low': 1, 'medium': 2, 'high': 3, 'custom': 4})
SCANNER_MODES = Enum('UploadScanningScannerMode', {'disabled': 0, 'log': 1, 'block': 2})

TABLE = Table(
    Option(
        'pullzone_id',
        'int',
        (
            'Id of the pull zone the Shield zone protects.',
            'Exactly one of O(pullzone_id) and O(pullzone_name) is required.',
        ),
    ),
    Option(
        'pullzone_name',
        'str',
        (
            'Exact name of the pull zone, looked up in the pull zone list.',
            'Fails when no pull zone or more than one has this name; use O(pullzone_id) then.',
        ),
    ),
    Option(
        'plan_type',
        'str',
        'The Shield plan (C(planType)). It sets the custom access list and entry limits among others.',
        enum=PLAN_TYPES,
        api='planType',
    ),
    Option(
        'premium_plan',
        'bool',
        'The premium plan flag (C(premiumPlan)) of older zones; O(plan_type) is the finer setting.',
        api='premiumPlan',
    ),
    Option(
        'learning_mode',
        'bool',
        'Whether the zone is in learning mode (C(learningMode)).',
        api='learningMode',
    ),
    Option(
        'learning_mode_until',
        'str',
        (
            'End of learning mode (C(learningModeUntil)), an ISO 8601 date-time such as V(2026-12-31T23:00:00Z).',
            'An offset such as V(+02:00) is converted to UTC; a value without offset is taken as UTC.',
            'Compared as an instant, so any spelling of the same time is unchanged.',
        ),
        api='learningModeUntil',
        new=None,  # none: no value the API takes says "no end"
    ),
    Option(
        'waf_enabled',
        'bool',
        'Whether the web application firewall is on (C(wafEnabled)).',
        api='wafEnabled',
        new=True,
    ),
    Option(
        'waf_execution_mode',
        'str',
        'What the WAF does with requests that match its rules (C(wafExecutionMode)).',
        enum=WAF_EXECUTION_MODES,
        api='wafExecutionMode',
        new='block',
    ),
    Option(
        'waf_disabled_rules',
        'list',
        (
            'Ids of WAF rules that are switched off (C(wafDisabledRules)).',
            'A set, as the API keeps it; order and duplicates are ignored. V([]) clears it.',
        ),
        elements='str',
        api='wafDisabledRules',
        unordered=True,
    ),
    Option(
        'waf_log_only_rules',
        'list',
        (
            'Ids of WAF rules that only log (C(wafLogOnlyRules)).',
            'A set, as the API keeps it; order and duplicates are ignored. V([]) clears it.',
        ),
        elements='str',
        api='wafLogOnlyRules',
        unordered=True,
    ),
    Option(
        'waf_custom_rule_order',
        'list',
        (
            'Ids of the custom WAF rules in the order they run (C(wafCustomRuleOrder)).',
            'The order matters; duplicates are refused. V([]) clears it.',
        ),
        elements='int',
        api='wafCustomRuleOrder',
    ),
    Option(
        'waf_request_header_logging_enabled',
        'bool',
        'Whether request headers are logged with WAF events (C(wafRequestHeaderLoggingEnabled)).',
        api='wafRequestHeaderLoggingEnabled',
    ),
    Option(
        'request_body_logging_enabled',
        'bool',
        'Whether request bodies are logged with WAF events (C(requestBodyLoggingEnabled)).',
        api='requestBodyLoggingEnabled',
    ),
    Option(
        'waf_request_ignored_headers',
        'list',
        (
            'Request headers the WAF does not inspect (C(wafRequestIgnoredHeaders)).',
            'A set, as the API keeps it; order and duplicates are ignored. V([]) clears it.',
        ),
        elements='str',
        api='wafRequestIgnoredHeaders',
        unordered=True,
    ),
    Option(
        'waf_realtime_threat_intelligence_enabled',
        'bool',
        'Whether real-time threat intelligence is used (C(wafRealtimeThreatIntelligenceEnabled)).',
        api='wafRealtimeThreatIntelligenceEnabled',
    ),
    Option(
        'waf_profile_id',
        'int',
        'Id of the WAF profile (C(wafProfileId)).',
        api='wafProfileId',
        new=1,
    ),
    Option(
        'waf_engine_config',
        'list',
        (
            'WAF engine variables (C(wafEngineConfig)).',
            'Compared by name and value; order is ignored. V([]) clears them.',
        ),
        elements='dict',
        api='wafEngineConfig',
        suboptions=(
            Option(
                'name',
                'str',
                'Variable name, unique in the list.',
                required=True,
                api='name',
            ),
            Option(
                'value_encoded',
                'str',
                'Encoded value (C(valueEncoded)).',
                required=True,
                api='valueEncoded',
            ),
        ),
    ),
    Option(
        'waf_request_body_limit_action',
        'str',
        'What happens to requests whose body exceeds the inspection limit (C(wafRequestBodyLimitAction)).',
        enum=PAYLOAD_LIMIT_ACTIONS,
        api='wafRequestBodyLimitAction',
    ),
    Option(
        'waf_response_body_limit_action',
        'str',
        'What happens to responses whose body exceeds the inspection limit (C(wafResponseBodyLimitAction)).',
        enum=PAYLOAD_LIMIT_ACTIONS,
        api='wafResponseBodyLimitAction',
        new='log',
    ),
    Option(
        'ddos_shield_sensitivity',
        'str',
        'Sensitivity of DDoS protection (C(dDoSShieldSensitivity)); V(off) switches it off.',
        enum=DDOS_SENSITIVITIES,
        api='dDoSShieldSensitivity',
        new='medium',
    ),
    Option(
        'ddos_challenge_window',
        'int',
        'How long, in seconds, a solved DDoS challenge stays valid (C(dDoSChallengeWindow)).',
        api='dDoSChallengeWindow',
        new=1800,
    ),
    Option(
        'whitelabel_response_pages',
        'bool',
        'Whether block and challenge pages are shown without branding (C(whitelabelResponsePages)).',
        api='whitelabelResponsePages',
    ),
    Option(
        'bot_detection_execution_mode',
        'str',
        'What bot detection does (C(executionMode) of the bot detection settings).',
        enum=BOT_EXECUTION_MODES,
        api='botDetection.executionMode',
    ),
    Option(
        'bot_detection_request_integrity_sensitivity',
        'str',
        'Sensitivity of the request integrity check (C(requestIntegrity.sensitivity)).',
        enum=BOT_SENSITIVITIES,
        api='botDetection.requestIntegrity.sensitivity',
        new='low',
    ),
    Option(
        'bot_detection_ip_address_sensitivity',
        'str',
        'Sensitivity of the IP address reputation check (C(ipAddress.sensitivity)).',
        enum=BOT_SENSITIVITIES,
        api='botDetection.ipAddress.sensitivity',
        new='low',
    ),
    Option(
        'bot_detection_browser_fingerprint_sensitivity',
        'str',
        'Sensitivity of browser fingerprinting (C(browserFingerprint.sensitivity)).',
        enum=BOT_SENSITIVITIES,
        api='botDetection.browserFingerprint.sensitivity',
        new='low',
    ),
    Option(
        'bot_detection_browser_fingerprint_aggression',
        'str',
        'Aggression of browser fingerprinting (C(browserFingerprint.aggression)).',
        enum=FINGERPRINT_AGGRESSIONS,
        api='botDetection.browserFingerprint.aggression',
        new='low',
    ),
    Option(
        'bot_detection_browser_fingerprint_complex_enabled',
        'bool',
        'Whether complex browser fingerprinting is on (C(browserFingerprint.complexEnabled)).',
        api='botDetection.browserFingerprint.complexEnabled',
    ),
    Option(
        'upload_scanning_enabled',
        'bool',
        'Whether uploads are scanned (C(isEnabled) of the upload scanning settings).',
        api='uploadScanning.isEnabled',
    ),
    Option(
        'csam_scanning_mode',
        'str',
        'CSAM scanning of uploads (C(csamScanningMode)).',
        enum=SCANNER_MODES,
        api='uploadScanning.csamScanningMode',
    ),
    Option(
        'antivirus_scanning_mode',
        'str',
        'Antivirus scanning of uploads (C(antivirusScanningMode)).',
        enum=SCANNER_MODES,
        api='uploadScanning.antivirusScanningMode',
    ),
)
