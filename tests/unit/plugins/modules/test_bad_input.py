# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Bad input, across every module: refused with a message that names the option, before any request."""

from __future__ import annotations

import base64
import datetime
import json
import os
import pathlib
import re
import typing as t

import pytest
from ansible.module_utils import basic
from ansible.module_utils.common.parameters import PASS_VARS
from cryptography.hazmat.primitives import serialization

from ansible_collections.edge.platform.plugins.modules import (
    cdn_log_export,
    cdn_log_info,
    container_app_info,
    container_registry,
    db_info,
    db_query,
    db_token,
    dns_record_set,
    dns_zone,
    dns_zone_info,
    pullzone,
    pullzone_edge_rule,
    pullzone_hostname,
    pullzone_info,
    pullzone_purge,
    shield_access_list,
    shield_event_log_export,
    shield_event_log_info,
    shield_rate_limit,
    shield_waf_rule,
    shield_zone,
    shield_zone_info,
    site_drift_info,
    site_export,
    site_info,
    site_pullzone,
    storage_zone,
    storage_zone_info,
    video_blocked_referrer,
    video_library_info,
    video_thumbnail,
)
from ansible_collections.edge.platform.tests.certificates import make_certificate
from ansible_collections.edge.platform.tests.unit.conftest import patch_module_args
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, LOGGING_URL, VIDEO_URL, FakeApi

# A date inside the event logs' retention whenever the tests run (a fixed one falls out of it).
ROOT = pathlib.Path(__file__).resolve().parents[4]
TODAY = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
YESTERDAY = (datetime.datetime.now(datetime.timezone.utc).date() - datetime.timedelta(days=1)).isoformat()
FOUR_DAYS_AGO = (datetime.datetime.now(datetime.timezone.utc).date() - datetime.timedelta(days=4)).isoformat()
TOMORROW = (datetime.datetime.now(datetime.timezone.utc).date() + datetime.timedelta(days=1)).isoformat()

DB = 'db_01HZX3J5K8M9N0P1Q2R3S4T5V6'
JA4 = 't13d1516h2_8daaf6152771_b186095e22b6'
ZONE = {'shield_zone_id': 3001}
LIST = {**ZONE, 'name': 'blocked'}
LIBRARY = {'library_id': 5001}
VIDEO = {
    'library_id': 5001,
    'video_id': '7e8a2401-2d3a-4904-8b9c-f532f558c29f',
    'url': 'https://images.example.com/a.png',
}
LOGS = {'pullzone_id': 1001}
EXPORT = {**ZONE, 'dest': '/tmp/edge-bad-input.csv'}
LOG_EXPORT = {**LOGS, 'dest': '/tmp/edge-bad-input.jsonl', 'start': '-30h', 'end': '-6h'}
ZONE_NAME = {'name': 'site-assets'}
STORAGE = {'name': 'site-files', 'region': 'DE'}
PULLZONE = {'pullzone_id': 1001}
HOSTNAME = {**PULLZONE, 'hostname': 'cdn.example.com'}
EDGE_RULE = {
    **PULLZONE,
    'description': 'Block scanners',
    'action': 'block_request',
    'triggers': [{'type': 'request_header', 'parameter_1': 'User-Agent', 'patterns': ['*sqlmap*']}],
}
CSS = 'https://assets-000.example.com/css/site.css'
WAF_RULE = {
    **ZONE,
    'name': 'block-scanners',
    'action': 'block',
    'conditions': [{'variables': ['request_headers:User-Agent'], 'operator': 'contains', 'value': 'sqlmap'}],
}
RATE_LIMIT = {
    **ZONE,
    'name': 'login-burst',
    'action': 'log',
    'conditions': [{'variables': ['request_uri'], 'operator': 'begins_with', 'value': '/login'}],
    'requests': 10,
    'timeframe': 10,
    'block_time': 60,
}
# Certificates for HOSTNAME: good, another with its own key, expired, for other names; the good one's key encrypted,
# and its file with the chain first.
CERTIFICATE = make_certificate(['cdn.example.com'])
OTHER_CERTIFICATE = make_certificate(['cdn.example.com'])
EXPIRED = make_certificate(['cdn.example.com'], days_left=-1)
ELSEWHERE = make_certificate(['*.cdn.example.com', 'example.com'])
KEY, CHAIN_FIRST = CERTIFICATE.key, CERTIFICATE.certificate[len(CERTIFICATE.leaf) :] + CERTIFICATE.leaf
ENCRYPTED_KEY = (
    serialization.load_pem_private_key(KEY.encode(), password=None)
    .private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.BestAvailableEncryption(b'pass')
    )
    .decode()
)
CUSTOM = {
    **HOSTNAME,
    'certificate': 'custom',
    'custom_certificate': CERTIFICATE.certificate,
    'custom_certificate_key': KEY,
}
ZONE_NAME = {'name': 'site-assets'}
DNS_ZONE = {'domain': 'example.net'}
RECORD_SET = {'zone': 'example.net', 'name': 'www', 'type': 'a'}
# A zone file of another domain, and a file that is not text.
MIGRATED_ZONE_FILE = str(ROOT / 'tests' / 'integration' / 'targets' / 'dns_zone' / 'files' / 'migrated.example.zone')
NOT_TEXT = str(ROOT / 'tests' / 'integration' / 'targets' / 'doc_examples' / 'files' / 'launch.png')
DATABASE = {'database_url': 'https://db.example.net', 'auth_token': 'token-0123456789', 'statements': ['SELECT 1']}

# (module, arguments beyond the connection, words the message must hold)
CASES: list[tuple[t.Any, dict[str, t.Any], str]] = [
    # ---- the connection, shared by every module ----
    (pullzone_info, {'api_url': 'ftp://api.example.net'}, 'api_url must be an http:// or https:// URL'),
    (pullzone_info, {'api_url': 'http://'}, 'api_url must name a host'),
    (pullzone_info, {'api_url': 'https://user:pass@api.example.net'}, 'api_url must not hold a user name or password'),
    (pullzone_info, {'api_url': 'https://api.example.net:70000'}, 'api_url has an invalid port'),
    (pullzone_info, {'api_url': 'https://api example.net'}, 'api_url must not contain spaces'),
    (pullzone_info, {'api_key': ''}, 'api_key must not be empty'),
    (pullzone_info, {'api_key': '   '}, 'api_key must not be empty'),
    (pullzone_info, {'api_timeout': 0}, 'api_timeout must be greater than 0'),
    (pullzone_info, {'api_timeout': -5}, 'api_timeout must be greater than 0'),
    (pullzone_info, {'api_retries': -1}, 'api_retries must be 0 or more'),
    (pullzone_info, {'api_timeout': float('nan')}, 'api_timeout must be greater than 0'),
    (pullzone_info, {'api_timeout': float('inf')}, 'api_timeout must be greater than 0'),
    (pullzone_info, {'api_url': 'http://[::1'}, 'api_url is not a valid URL'),
    (pullzone_info, {'api_url': 'https://user:pw@[::1'}, 'api_url is not a valid URL'),
    (shield_zone, {'pullzone_id': 1001, 'ddos_challenge_window': float('inf')}, 'ddos_challenge_window'),
    (shield_zone, {'pullzone_id': 1001, 'ddos_challenge_window': float('nan')}, 'ddos_challenge_window'),
    (pullzone_info, {'ca_path': '/nonexistent/ca.pem'}, 'ca_path /nonexistent/ca.pem does not exist'),
    (shield_zone, {'pullzone_id': 1001, 'api_url': 'https://u@api.example.net'}, 'api_url must not hold a user name'),
    (
        video_thumbnail,
        {**VIDEO, 'video_api_url': 'https://user:pw@video.example.net'},
        'video_api_url must not hold a user name',
    ),
    (
        cdn_log_info,
        {**LOGS, 'logging_api_url': 'logging.example.net'},
        'logging_api_url must be an http:// or https:// URL',
    ),
    (
        cdn_log_export,
        {**LOG_EXPORT, 'logging_api_url': 'https://user:pw@logging.example.net'},
        'logging_api_url must not hold a user name',
    ),
    # ---- pullzone_info ----
    (pullzone_info, {'id': 0}, 'id must be a positive integer'),
    (pullzone_info, {'id': -3}, 'id must be a positive integer'),
    (pullzone_info, {'name': ''}, 'name must not be empty'),
    (pullzone_info, {'name': '  '}, 'name must not be empty'),
    (pullzone_info, {'id': 1, 'name': 'a'}, 'mutually exclusive'),
    (pullzone_info, {'id': 1, 'search': 'a'}, 'mutually exclusive'),
    (pullzone_info, {'id': 'one'}, 'id'),
    (pullzone_info, {'unknown': 1}, 'Unsupported parameters'),
    # ---- shield_zone ----
    (shield_zone, {}, 'one of the following is required: pullzone_id, pullzone_name'),
    (shield_zone, {'pullzone_id': 1, 'pullzone_name': 'a'}, 'mutually exclusive'),
    (shield_zone, {'pullzone_id': 0}, 'pullzone_id must be a positive integer'),
    (shield_zone, {'pullzone_name': ' '}, 'pullzone_name must not be empty'),
    (shield_zone, {'pullzone_id': 1001, 'waf_execution_mode': 'panic'}, 'waf_execution_mode'),
    (
        shield_zone,
        {'pullzone_id': 1001, 'waf_execution_mode': 1},
        'value of waf_execution_mode must be one of: log, block',
    ),
    (shield_zone, {'pullzone_id': 1001, 'learning_mode_until': 'tomorrow'}, 'learning_mode_until'),
    (shield_zone, {'pullzone_id': 1001, 'learning_mode_until': '9999-12-31T23:59:59-01:00'}, 'learning_mode_until'),
    (shield_zone, {'pullzone_id': 1001, 'learning_mode_until': '2026-02-30T00:00:00Z'}, 'learning_mode_until'),
    (
        shield_zone,
        {'pullzone_id': 1001, 'learning_mode_until': '15.12.2026'},
        "learning_mode_until: '15.12.2026' is not an ISO 8601 date-time",
    ),
    (
        shield_zone,
        {'pullzone_id': 1001, 'ddos_challenge_window': -1},
        'ddos_challenge_window must be between 0 and 2147483647, got -1',
    ),
    (
        shield_zone,
        {'pullzone_id': 1001, 'waf_custom_rule_order': [4, 2, 4]},
        'waf_custom_rule_order lists a rule more than once: [4]',
    ),
    (shield_zone, {'pullzone_id': 1001, 'waf_profile_id': 3000000000}, 'waf_profile_id'),
    (shield_zone, {'pullzone_id': 1001, 'plan_type': 'gold'}, 'plan_type'),
    (shield_zone, {'pullzone_id': 1001, 'ddos_shield_sensitivity': 'extreme'}, 'ddos_shield_sensitivity'),
    (shield_zone, {'pullzone_id': 1001, 'bot_detection_execution_mode': 'jail'}, 'bot_detection_execution_mode'),
    (shield_zone, {'pullzone_id': 1001, 'waf_engine_config': [{'name': 'X'}]}, 'value_encoded'),
    # (the API cannot delete a Shield zone: there is no state)
    (shield_zone, {'pullzone_id': 1001, 'state': 'absent'}, 'module: state. Supported parameters include'),
    # ---- shield_access_list ----
    (
        shield_access_list,
        {'name': 'a'},
        'one of the following is required: shield_zone_id, pullzone_id, pullzone_name',
    ),
    (shield_access_list, {**ZONE}, 'one of the following is required: name, id'),
    (shield_access_list, {**ZONE, 'pullzone_id': 1001, 'name': 'a'}, 'mutually exclusive'),
    (shield_access_list, {**ZONE, 'id': 0}, 'id must be a positive integer'),
    (shield_access_list, {**ZONE, 'name': '  '}, 'name must not be empty'),
    (
        shield_access_list,
        {**LIST, 'type': 'ip', 'entries': ['', '  ']},
        'entries must not hold blank values (2 given); give entries: [] to empty the list',
    ),
    (
        shield_access_list,
        {**LIST, 'type': 'ip', 'entries': ['192.0.2.1', '']},
        'entries must not hold blank values (1 given)',
    ),
    (shield_access_list, {**LIST, 'type': 'ip', 'entries': ['1.2.3.4\n5.6.7.8']}, 'entries: 1 item holds a line break'),
    (
        shield_access_list,
        {**LIST, 'entries': ['192.0.2.1', '1.2.3.4\r\n5.6.7.8']},
        'entries: 1 item holds a line break',
    ),
    (shield_access_list, {**LIST, 'remove_entries': ['1.2.3.4\n5.6.7.8']}, 'remove_entries: 1 item holds a line break'),
    (shield_access_list, {**LIST, 'type': 'ip', 'entries': ['192.0.2.300']}, 'not valid for type ip'),
    (shield_access_list, {**LIST, 'type': 'ip', 'entries': ['fe80::1%eth0']}, 'not valid for type ip'),
    (shield_access_list, {**LIST, 'type': 'ip', 'entries': ['192.0.2.0/24']}, 'not valid for type ip'),
    (
        shield_access_list,
        {**LIST, 'type': 'ip', 'entries': ['192.0.2.1', '192.0.2.300', 'example.com', '2001:db8::1']},
        'entries: 2 entries are not valid for type ip (IPv4 or IPv6 addresses, without a zone index expected): '
        '"192.0.2.300", "example.com"',
    ),
    (shield_access_list, {**LIST, 'type': 'cidr', 'entries': ['192.0.2.1/24']}, 'not valid for type cidr'),
    (shield_access_list, {**LIST, 'type': 'cidr', 'entries': ['192.0.2.0']}, 'not valid for type cidr'),
    (shield_access_list, {**LIST, 'type': 'cidr', 'entries': ['fe80::%eth0/64']}, 'not valid for type cidr'),
    (shield_access_list, {**LIST, 'type': 'asn', 'entries': ['AS13335']}, 'not valid for type asn'),
    (shield_access_list, {**LIST, 'type': 'asn', 'entries': ['0']}, 'not valid for type asn'),
    (shield_access_list, {**LIST, 'type': 'asn', 'entries': ['4294967296']}, 'not valid for type asn'),
    (shield_access_list, {**LIST, 'type': 'country', 'entries': ['XX']}, 'not valid for type country'),
    (shield_access_list, {**LIST, 'type': 'country', 'entries': ['Germany']}, 'not valid for type country'),
    (
        shield_access_list,
        {**LIST, 'type': 'country', 'entries': ['DE', 'fr', 'Germany', 'XX']},
        '2 entries are not valid for type country (ISO 3166-1 alpha-2',
    ),
    (
        shield_access_list,
        {**LIST, 'type': 'ja4', 'entries': ['not a ja4 fingerprint; rm -rf /']},
        'not valid for type ja4',
    ),
    (shield_access_list, {**LIST, 'type': 'ja4', 'entries': [JA4[:-1]]}, 'not valid for type ja4'),
    (shield_access_list, {**LIST, 'type': 'ja4', 'entries': [JA4.replace('_', '-')]}, 'not valid for type ja4'),
    (
        shield_access_list,
        {**LIST, 'type': 'organization', 'entries': ['Acme\x00Corp']},
        'not valid for type organization',
    ),
    (
        shield_access_list,
        {**LIST, 'type': 'organization', 'entries': ['Acme\u202eCorp']},
        'not valid for type organization',
    ),
    (shield_access_list, {**LIST, 'type': 'firewall'}, 'type'),
    (shield_access_list, {**LIST, 'action': 'explode'}, 'action'),
    (
        shield_access_list,
        {**LIST, 'action': 2},
        'value of action must be one of: none, allow, block, challenge, log, bypass',
    ),
    (shield_access_list, {**LIST, 'state': 'gone'}, 'state'),
    # ---- shield_event_log_info ----
    (
        shield_event_log_info,
        {'date': TODAY},
        'one of the following is required: shield_zone_id, pullzone_id, pullzone_name',
    ),
    (shield_event_log_info, {**ZONE, 'date': '22.11.2026'}, 'date'),
    (shield_event_log_info, {**ZONE, 'date': '2026-02-30'}, 'date'),
    # (the API's own spelling of a day, in its paths)
    (shield_event_log_info, {**ZONE, 'date': '11-22-2026'}, 'date must be a date as YYYY-MM-DD'),
    (
        shield_event_log_info,
        {**ZONE, 'date': FOUR_DAYS_AGO},
        'is older than the kept event logs: the API keeps the event logs of today and the two days before',
    ),
    (shield_event_log_info, {**ZONE, 'date': TOMORROW}, f'date {TOMORROW} is in the future'),
    (shield_event_log_info, {**ZONE, 'date': TODAY, 'max_pages': 0}, 'max_pages must be at least 1, got 0'),
    (shield_event_log_info, {**ZONE, 'date': TODAY, 'continuation_token': ''}, 'continuation_token must not be empty'),
    (shield_event_log_info, {'shield_zone_id': 0, 'date': TODAY}, 'shield_zone_id must be a positive integer'),
    # ---- shield_event_log_export ----
    (shield_event_log_export, {**EXPORT, 'start': '-99999999999d'}, 'start'),
    (shield_event_log_export, {**EXPORT, 'start': '1000000000000000000000000000000'}, 'start'),
    (shield_event_log_export, {**EXPORT, 'start': 'yesterday'}, 'start must be ISO 8601'),
    (shield_event_log_export, {**EXPORT, 'start': '1700000000'}, 'looks like epoch seconds'),
    (shield_event_log_export, {**EXPORT, 'start': '-100h'}, '72 hours'),
    (shield_event_log_export, {**EXPORT, 'start': '-73h'}, 'lies more than 72 hours back'),
    (shield_event_log_export, {**EXPORT, 'start': '-2h', 'end': '-3h'}, 'must be after start'),
    (shield_event_log_export, {**EXPORT, 'end': '+1h'}, 'lies in the future'),
    (shield_event_log_export, {**EXPORT, 'filters': [{'field': 'ip', 'op': 'bogus', 'value': 'x'}]}, 'op'),
    (
        shield_event_log_export,
        {**EXPORT, 'filters': [{'field': 'country', 'op': 'cidr', 'value': 'DE'}]},
        'filters[0]: op cidr applies to field ip only, not country',
    ),
    (
        shield_event_log_export,
        {**EXPORT, 'filters': [{'field': 'ip', 'op': 'cidr', 'value': ['192.0.2.0/33']}]},
        "filters[0].value '192.0.2.0/33' is not an IPv4 or IPv6 network",
    ),
    (
        shield_event_log_export,
        {**EXPORT, 'filters': [{'field': 'host', 'op': 'eq', 'value': 'example.com'}]},
        'value of field must be one of',
    ),
    (shield_event_log_export, {**EXPORT, 'dest': '/nonexistent/dir/x.csv'}, '/nonexistent/dir'),
    (shield_event_log_export, {**EXPORT, 'dest': '/tmp'}, 'dest /tmp is a directory'),
    (shield_event_log_export, {'dest': '/tmp/x.csv'}, 'one of the following is required'),
    # ---- container_registry ----
    (container_registry, {'display_name': ''}, 'display_name must be 1 to 50 characters long, got 0'),
    (container_registry, {'display_name': '   '}, 'display_name'),
    (container_registry, {'display_name': 'x' * 51}, 'display_name must be 1 to 50 characters long, got 51'),
    (container_registry, {'display_name': 'prod\x07'}, 'control character U+0007'),
    (container_registry, {'display_name': 'prod\u202ecorp'}, 'control character U+202E'),
    (container_registry, {'display_name': 'prod\u200b'}, 'control character U+200B'),
    (container_registry, {'display_name': 'r', 'password': 'p'}, "missing parameter(s) required by 'password'"),
    (container_registry, {'display_name': 'r', 'username': '', 'password': 'p'}, 'username must not be empty'),
    (container_registry, {'display_name': 'r', 'username': 'u', 'password': ''}, 'password must not be empty'),
    (
        container_registry,
        {'display_name': 'r', 'registry_type': 'quay'},
        'value of registry_type must be one of: docker_hub, github',
    ),
    (container_registry, {'display_name': 'r', 'update_password': 'sometimes'}, 'update_password'),
    # ---- storage_zone ----
    (storage_zone, {'region': 'DE'}, 'one of the following is required: name, id'),
    (storage_zone, {**STORAGE, 'id': 7001}, 'parameters are mutually exclusive: name|id'),
    (storage_zone, {'id': -2}, 'id must be a positive integer, got -2'),
    (storage_zone, {**STORAGE, 'name': 'site_files'}, "name 'site_files' must be 1 to 63 letters, digits and dashes"),
    (storage_zone, {**STORAGE, 'name': 'site.files'}, 'must be 1 to 63 letters, digits and dashes'),
    (storage_zone, {**STORAGE, 'name': ''}, "name '' must be 1 to 63 letters"),
    (storage_zone, {**STORAGE, 'name': 'x' * 64}, 'must be 1 to 63 letters, digits and dashes'),
    (storage_zone, {**STORAGE, 'region': 'D-E'}, "region 'D-E' must be a region code"),
    (storage_zone, {**STORAGE, 'replication_regions': ['NY', 'Sydney 2']}, "replication_regions 'Sydney 2' must be"),
    (storage_zone, {**STORAGE, 'replication_regions': ['']}, 'replication_regions must not hold empty items'),
    (storage_zone, {**STORAGE, 'replication_regions': ['de']}, 'must not hold the main region DE'),
    (storage_zone, {**STORAGE, 'tier': 'ssd'}, 'value of tier must be one of: standard, edge'),
    (storage_zone, {**STORAGE, 'origin_url': 'origin.example.com'}, 'must be an http:// or https:// URL'),
    (storage_zone, {**STORAGE, 'custom_404_file_path': '/404\u200b.html'}, 'control character U+200B'),
    (storage_zone, {**STORAGE, 'state': 'gone'}, 'value of state must be one of: present, absent'),
    (storage_zone, {**STORAGE, 'return_password': 'maybe'}, 'return_password'),
    # ---- storage_zone_info ----
    (storage_zone_info, {'id': 0}, 'id must be a positive integer, got 0'),
    (storage_zone_info, {'name': ' '}, 'name must not be empty'),
    (storage_zone_info, {'id': 7001, 'name': 'video-004-files'}, 'mutually exclusive'),
    # ---- container_app_info ----
    (container_app_info, {'id': 'a', 'name': 'b'}, 'mutually exclusive'),
    # ---- video_blocked_referrer ----
    (video_blocked_referrer, {**LIBRARY, 'hostnames': ['bad_host!<x>.com']}, 'bad_host!<x>.com'),
    (video_blocked_referrer, {**LIBRARY, 'hostnames': ['evil..com']}, 'empty label'),
    (video_blocked_referrer, {**LIBRARY, 'hostnames': ['-lead.example']}, 'inner hyphens'),
    (video_blocked_referrer, {**LIBRARY, 'hostnames': [('a' * 304) + '.example']}, 'longer than 253 characters'),
    (video_blocked_referrer, {**LIBRARY, 'hostnames': [('a' * 64) + '.example']}, 'a label of 64 characters'),
    (video_blocked_referrer, {**LIBRARY, 'hostnames': ['bücher.example']}, "ASCII form, 'xn--bcher-kva.example'"),
    (
        video_blocked_referrer,
        {**LIBRARY, 'hostnames': ['ok.example.com', 'https://leech.example']},
        "'https://leech.example' has a scheme; give the hostname only, such as 'leech.example'",
    ),
    (video_blocked_referrer, {**LIBRARY, 'hostnames': ['leech.example/path']}, 'has a path'),
    (video_blocked_referrer, {**LIBRARY, 'hostnames': ['leech.example:8080']}, 'has a port'),
    (video_blocked_referrer, {**LIBRARY, 'hostnames': ['']}, 'is empty'),
    (
        video_blocked_referrer,
        {**LIBRARY, 'hostnames': ['leech.example'], 'state': 'absent', 'purge': True},
        'purge applies to state=present only',
    ),
    (video_blocked_referrer, {'library_id': 0, 'hostnames': ['a.example']}, 'library_id must be a positive integer'),
    (
        video_blocked_referrer,
        {**LIBRARY, 'library_name': 'library-00', 'hostnames': ['a.example']},
        'parameters are mutually exclusive: library_id|library_name',
    ),
    (video_blocked_referrer, {'library_name': ' ', 'hostnames': ['a.example']}, 'library_name must not be empty'),
    # ---- video_thumbnail ----
    (video_thumbnail, {**VIDEO, 'video_id': '..'}, "video_id '..' must be letters, digits"),
    (video_thumbnail, {**VIDEO, 'video_id': 'a/../b'}, 'must be letters, digits'),
    (video_thumbnail, {**VIDEO, 'video_id': ' '}, 'video_id must not be empty'),
    (
        video_thumbnail,
        {**VIDEO, 'url': 'https://user:secret@images.example.com/a.png'},
        'url must not hold a user name or password',
    ),
    (video_thumbnail, {**VIDEO, 'url': 'file:///etc/passwd'}, 'url must be an http:// or https:// URL'),
    (video_thumbnail, {**VIDEO, 'library_id': -1}, 'library_id must be a positive integer'),
    (video_thumbnail, {**VIDEO, 'src': '/nonexistent.png'}, 'mutually exclusive'),
    (video_thumbnail, {**VIDEO, 'url': None}, 'one of the following is required: src, url'),
    (
        video_thumbnail,
        {**VIDEO, 'url': None, 'src': '/nonexistent/missing.png'},
        'src /nonexistent/missing.png does not exist',
    ),
    # (this file, no image; the video_thumbnail integration target has a GIF named .png: both judged by content)
    (
        video_thumbnail,
        {**VIDEO, 'url': None, 'src': __file__},
        'is not a JPEG, PNG or WebP image (judged by its content)',
    ),
    (
        video_thumbnail,
        {**VIDEO, 'library_name': 'library-00'},
        'parameters are mutually exclusive: library_id|library_name',
    ),
    (video_thumbnail, {**VIDEO, 'library_id': None, 'library_name': ''}, 'library_name must not be empty'),
    # ---- cdn_log_info ----
    (cdn_log_info, {**LOGS, 'start': '-99999999999d'}, 'start'),
    (cdn_log_info, {**LOGS, 'country': ['XX']}, 'country entries must be ISO 3166 alpha-2 codes'),
    (cdn_log_info, {**LOGS, 'country': ['DEU']}, 'country entries must be ISO 3166 alpha-2 codes'),
    (cdn_log_info, {**LOGS, 'status': ['4x']}, 'status entries must be an HTTP status code'),
    (cdn_log_info, {**LOGS, 'status': ['4044']}, 'status entries must be an HTTP status code'),
    (cdn_log_info, {**LOGS, 'cache_status': ['EXPIRED']}, 'cache_status entries must be among'),
    (cdn_log_info, {**LOGS, 'limit': 0}, 'limit must be between 1 and 10000'),
    (cdn_log_info, {**LOGS, 'start': '-1h', 'end': '-2h'}, 'end must be after start'),
    (cdn_log_info, {**LOGS, 'start': '-4d', 'end': 'now'}, 'start and end may be at most 3 days apart'),
    (cdn_log_info, {**LOGS, 'start': '-80h', 'end': '-76h'}, 'is outside the 3-day log retention'),
    (cdn_log_info, {**LOGS, 'start': 'yesterday'}, 'start must be ISO 8601'),
    (cdn_log_info, {**LOGS, 'api_version': 1}, 'missing: date'),
    (
        cdn_log_info,
        {**LOGS, 'api_version': 1, 'date': YESTERDAY, 'cache_status': ['HIT']},
        'cache_status is not supported with api_version 1',
    ),
    (
        cdn_log_info,
        {**LOGS, 'api_version': 1, 'date': '2020-01-01'},
        'date 2020-01-01 is outside the 3-day log retention',
    ),
    (cdn_log_info, {**LOGS, 'dest': '/tmp/edge-bad-input.log'}, 'dest is not supported with api_version 2'),
    (
        cdn_log_info,
        {**LOGS, 'api_version': 1, 'date': YESTERDAY, 'dest': '/nonexistent-dir/day.log'},
        'the directory of dest (/nonexistent-dir) does not exist',
    ),
    (cdn_log_info, {**LOGS, 'pullzone_id': 0}, 'pullzone_id must be a positive integer'),
    # ---- db_token ----
    (db_token, {'database_id': DB + '\n'}, 'database_id must be a database id'),
    (db_token, {'database_id': 'db_1/../other'}, 'database_id must be a database id'),
    (db_token, {'database_id': ''}, 'database_id must be a database id'),
    (db_token, {'database_id': DB, 'expires': '99999999999d'}, 'too far in the future'),
    (db_token, {'database_id': DB, 'expires': '5000000d'}, 'too far in the future'),
    (db_token, {'database_id': DB, 'expires': '9999-12-31T23:59:59-01:00'}, 'too far in the future'),
    (db_token, {'database_id': DB, 'expires': '2001-01-01T00:00:00Z'}, 'is in the past'),
    (db_token, {'database_id': DB, 'expires': 'soon'}, 'expires must be a duration'),
    (db_token, {'database_id': DB, 'expires': '30 days'}, 'expires must be a duration such as 30d'),
    (db_token, {'database_id': DB, 'expires': '0d'}, 'positive duration'),
    (db_token, {'database_id': DB, 'env_file': ''}, 'env_file must not be empty'),
    (db_token, {'database_id': DB, 'env_file': '/nonexistent/dir/app.env'}, 'does not exist'),
    (db_token, {'database_id': DB, 'regenerate': True}, 'regenerate requires state=absent'),
    (db_token, {'database_id': DB, 'access': 'admin'}, 'value of access must be one of: full, read_only'),
    (db_token, {'database_id': DB, 'database_name': 'app-main'}, 'mutually exclusive: database_id|database_name'),
    # ---- db_query ----
    (
        db_query,
        {**DATABASE, 'database_url': 'https://user:secret@db.example.net'},
        'database_url must not hold a user name or password',
    ),
    (
        db_query,
        {**DATABASE, 'database_url': 'ftp://db.example.net'},
        'database_url must be a libsql://, https:// or http:// URL',
    ),
    (db_query, {**DATABASE, 'database_url': 'libsql://db.example.net?authToken=x'}, 'must not carry a query string'),
    (db_query, {**DATABASE, 'auth_token': '  '}, 'auth_token must not be empty'),
    (db_query, {**DATABASE, 'auth_token': ''}, 'auth_token must not be empty'),
    (db_query, {**DATABASE, 'statements': []}, 'statements must be a non-empty list'),
    (db_query, {**DATABASE, 'statements': {'sql': 'SELECT 1'}}, 'statements must be a list of statements'),
    (db_query, {**DATABASE, 'statements': [{'sql': 'SELECT ?', 'args': [2**70]}]}, 'does not fit a 64-bit integer'),
    (
        db_query,
        {**DATABASE, 'statements': [{'sql': 'SELECT ?', 'args': [[1, 2]]}]},
        'statement 1, args[0]: a list cannot be a SQL value',
    ),
    (
        db_query,
        {**DATABASE, 'statements': [{'sql': 'SELECT ?', 'values': [1]}]},
        'statement 1 has unknown keys: values',
    ),
    (
        db_query,
        {**DATABASE, 'statements': [{'sql': 'SELECT :a', 'named_args': {'a b': 1}}]},
        "'a b' is not a parameter name",
    ),
    # ---- cdn_log_export ----
    (
        cdn_log_export,
        {**LOG_EXPORT, 'format': 'csv', 'api_version': 1, 'date': YESTERDAY, 'start': None, 'end': None},
        'format is not supported with api_version 1 (only with api_version 2)',
    ),
    (cdn_log_export, {**LOG_EXPORT, 'format': 'xml'}, 'value of format must be one of: jsonl, csv'),
    (cdn_log_export, {**LOG_EXPORT, 'date': YESTERDAY}, 'date is not supported with api_version 2'),
    (cdn_log_export, {**LOG_EXPORT, 'start': '-4d'}, 'start and end may be at most 3 days apart'),
    (cdn_log_export, {**LOG_EXPORT, 'status': ['4x']}, 'status entries must be'),
    (cdn_log_export, {**LOG_EXPORT, 'limit': 0}, 'limit must be between 1 and 10000'),
    (cdn_log_export, {**LOG_EXPORT, 'pullzone_id': 0}, 'pullzone_id must be a positive integer'),
    (
        cdn_log_export,
        {**LOG_EXPORT, 'pullzone_name': 'assets'},
        'parameters are mutually exclusive: pullzone_id|pullzone_name',
    ),
    (cdn_log_export, {**LOG_EXPORT, 'pullzone_id': None, 'pullzone_name': ' '}, 'pullzone_name must not be empty'),
    (
        cdn_log_export,
        {**LOG_EXPORT, 'pullzone_id': None},
        'one of the following is required: pullzone_id, pullzone_name',
    ),
    (
        cdn_log_export,
        {**LOG_EXPORT, 'dest': '/nonexistent-dir/rows.jsonl'},
        'the directory of dest (/nonexistent-dir) does not exist',
    ),
    (cdn_log_export, {**LOG_EXPORT, 'dest': '/tmp'}, 'dest /tmp is a directory'),
    (cdn_log_export, {**LOG_EXPORT, 'start': '-99999999999d'}, 'start'),
    (cdn_log_export, {**LOG_EXPORT, 'offset': 5}, 'Unsupported parameters'),
    # ---- db_info ----
    (db_info, {'id': 'db 1'}, 'id must be a database id'),
    (db_info, {'id': 'db_01HZX3J5K8M9N0P1Q2R3S4T5V6\n'}, 'id must be a database id'),
    (db_info, {'id': ''}, 'id must not be empty'),
    (db_info, {'name': '  '}, 'name must not be empty'),
    (db_info, {'id': 'db_1', 'name': 'x'}, 'mutually exclusive'),
    # ---- shield_zone_info ----
    (shield_zone_info, {'shield_zone_id': 0}, 'shield_zone_id must be a positive integer'),
    (shield_zone_info, {'pullzone_id': -2}, 'pullzone_id must be a positive integer'),
    (shield_zone_info, {'pullzone_name': ' '}, 'pullzone_name must not be empty'),
    (shield_zone_info, {'shield_zone_id': 3001, 'pullzone_id': 1001}, 'mutually exclusive'),
    (shield_zone_info, {'pullzone_id': 1001, 'pullzone_name': 'assets'}, 'mutually exclusive'),
    (shield_zone_info, {'access_lists': 'all'}, 'value of access_lists must be one of'),
    # ---- pullzone ----
    (pullzone, {}, 'one of the following is required: name, id'),
    (pullzone, {**ZONE_NAME, 'id': 1001}, 'mutually exclusive: name|id'),
    (pullzone, {'id': 0}, 'id must be a positive integer'),
    (pullzone, {'name': 'site assets'}, "name 'site assets' must be 1 to 63 letters, digits and dashes"),
    (pullzone, {'name': 'site_assets'}, 'must be 1 to 63 letters, digits and dashes'),
    (pullzone, {'name': 'x' * 64}, 'must be 1 to 63 letters, digits and dashes'),
    (pullzone, {**ZONE_NAME, 'type': 'standard'}, 'value of type must be one of: premium, volume'),
    (pullzone, {**ZONE_NAME, 'state': 'gone'}, 'value of state must be one of: present, absent'),
    (pullzone, {**ZONE_NAME, 'optimizer_image_quality': 0}, 'optimizer_image_quality must be from 1 to 100, got 0'),
    (pullzone, {**ZONE_NAME, 'optimizer_image_quality': 101}, 'optimizer_image_quality must be from 1 to 100, got 101'),
    (pullzone, {**ZONE_NAME, 'optimizer_mobile_max_width': -1}, 'optimizer_mobile_max_width must be from 0 to 5000'),
    (pullzone, {**ZONE_NAME, 'log_forwarding_port': 2**31}, 'log_forwarding_port must be from 1 to 65535'),
    (pullzone, {**ZONE_NAME, 'log_forwarding_port': 70000}, 'log_forwarding_port must be from 1 to 65535, got 70000'),
    (pullzone, {**ZONE_NAME, 'log_forwarding_port': 0}, 'log_forwarding_port must be from 1 to 65535, got 0'),
    (pullzone, {**ZONE_NAME, 'request_limit': -5}, 'request_limit must be from 0 to 2147483647, got -5'),
    (pullzone, {**ZONE_NAME, 'origin_retry_delay': -1}, 'origin_retry_delay must be from 0 to 2147483647, got -1'),
    (pullzone, {**ZONE_NAME, 'storage_zone_id': -3}, 'storage_zone_id must be from 0'),
    (pullzone, {**ZONE_NAME, 'cache_control_max_age_override': -2}, 'cache_control_max_age_override must be from -1'),
    (pullzone, {**ZONE_NAME, 'limit_rate_after': -0.5}, 'limit_rate_after must be from 0 to 2147483647, got -0.5'),
    (pullzone, {'name': '-adv-'}, "name '-adv-' must be 1 to 63 letters, digits and dashes, starting and ending"),
    (pullzone, {'name': 'adv-'}, 'starting and ending with a letter or a digit'),
    (pullzone, {**ZONE_NAME, 'origin_type': 9}, 'origin_type must be from 0 to 6, got 9'),
    (pullzone, {**ZONE_NAME, 'max_websocket_connections': 30000}, 'max_websocket_connections must be from 0 to 25000'),
    (pullzone, {**ZONE_NAME, 'limit_rate_per_second': float('nan')}, 'limit_rate_per_second must be a finite number'),
    (pullzone, {**ZONE_NAME, 'ip_family_policy': 'ipv5'}, 'value of ip_family_policy must be one of: ipv4_only'),
    (pullzone, {**ZONE_NAME, 'preloading_screen_theme': 'blue'}, 'value of preloading_screen_theme must be one of'),
    (pullzone, {**ZONE_NAME, 'enable_logging': 'maybe'}, 'enable_logging'),
    (pullzone, {**ZONE_NAME, 'optimizer_classes': ['thumb']}, 'optimizer_classes'),
    (pullzone, {**ZONE_NAME, 'blocked_countries': ['UK']}, "'UK' is not an ISO 3166-1 alpha-2 country code"),
    (
        pullzone,
        {**ZONE_NAME, 'blocked_countries': ['US', 'XX']},
        "blocked_countries 'XX' is not an ISO 3166-1 alpha-2 country code",
    ),
    (pullzone, {**ZONE_NAME, 'budget_redirected_countries': ['']}, 'must not hold empty items (1 given)'),
    (
        pullzone,
        {**ZONE_NAME, 'allowed_referrers': ['https://www.example.com']},
        "allowed_referrers 'https://www.example.com' has a scheme; give the hostname only",
    ),
    (
        pullzone,
        {**ZONE_NAME, 'allowed_referrers': ['www.example.com', 'https://example.com/']},
        "allowed_referrers 'https://example.com/' has a scheme; give the hostname only, such as 'example.com'",
    ),
    (pullzone, {**ZONE_NAME, 'blocked_referrers': ['spam..example.com']}, 'has an empty label'),
    (pullzone, {**ZONE_NAME, 'blocked_ips': ['10.0.0.1/8']}, 'has host bits set (the network is 10.0.0.0/8)'),
    (pullzone, {**ZONE_NAME, 'blocked_ips': ['not-an-address']}, 'is not an IP address or network'),
    (
        pullzone,
        {**ZONE_NAME, 'origin_url': 'ftp://origin.example.com'},
        "origin_url 'ftp://origin.example.com' must be an http:// or https:// URL with a host",
    ),
    (pullzone, {**ZONE_NAME, 'origin_url': 'origin.example.com'}, 'must be an http:// or https:// URL with a host'),
    # ---- site_drift_info ----
    (site_drift_info, {}, 'missing required arguments: declarations'),
    (site_drift_info, {'declarations': [], 'audit_log_days': -1}, 'audit_log_days must be from 0 to 90, got -1'),
    (site_drift_info, {'declarations': [], 'audit_log_days': 91}, 'audit_log_days must be from 0 to 90, got 91'),
    (site_drift_info, {'declarations': ['site/shop.yml']}, 'declarations'),
    (site_info, {'pullzone_id': 0}, 'pullzone_id must be a positive integer'),
    (site_info, {'pullzone_name': ' '}, 'pullzone_name must not be empty'),
    (site_info, {'pullzone_id': 1001, 'pullzone_name': 'assets-000'}, 'mutually exclusive: pullzone_id|pullzone_name'),
    (site_info, {'include_account': 'maybe'}, 'include_account'),
    (site_export, {'sites': []}, 'missing required arguments: dest'),
    (site_export, {'dest': '/tmp/edge-bad-input-export'}, 'missing required arguments: sites'),
    (site_export, {'dest': '/tmp/edge-bad-input-export', 'sites': [{'pullzone_name': 'a'}]}, 'sites[0] is not a site'),
    (site_export, {'dest': '/etc/hostname', 'sites': []}, 'is a file; give the directory'),
    (site_export, {'dest': '/tmp/edge-bad-input-export', 'sites': [], 'mode': 'u=rwz'}, 'is not a file mode'),
    (site_pullzone, {}, 'missing required arguments: pullzone'),
    (
        site_pullzone,
        {'pullzone': {'origin': 'https://o.example.com'}},
        'site_pullzone: missing required arguments: name',
    ),
    (site_pullzone, {'pullzone': {'name': '-bad-'}}, "site_pullzone: name '-bad-' must be 1 to 63 letters"),
    (site_pullzone, {'pullzone': {'name': 'z', 'settings': {'origin_url': 'x'}}}, 'origin_url cannot be a setting'),
    (site_pullzone, {'pullzone': {'name': 'z', 'settings': {'request_limit': -1}}}, 'request_limit must be from 0'),
    (
        site_pullzone,
        {'pullzone': {'name': 'z', 'hostnames': [{'hostname': 'a.example.com'}, {'hostname': 'A.example.com'}]}},
        'site_pullzone.hostnames a.example.com: declared 2 times',
    ),
    (
        site_pullzone,
        {'pullzone': {'name': 'z', 'edge_rules': [{'description': 'x', 'action': 'nope', 'triggers': []}]}},
        'site_pullzone.edge_rules x: value of action must be one of: force_ssl',
    ),
    (site_pullzone, {'pullzone': 'z', 'shield': {'waf_execution_mode': 'loud'}}, 'site_shield: value of waf_execution'),
    (
        site_pullzone,
        {'pullzone': 'z', 'access_lists': [{'name': 'a', 'type': 'cidr', 'entries': ['192.0.2.1/24']}]},
        'site_access_lists a: entries:',
    ),
    (site_pullzone, {'pullzone': 'z', 'parts': ['everything']}, 'value of parts must be one or more of'),
    # ---- video_library_info ----
    (video_library_info, {'id': 0}, 'id must be a positive integer, got 0'),
    (video_library_info, {'id': 'one'}, 'id'),
    (video_library_info, {'name': '  '}, 'name must not be empty'),
    (video_library_info, {'id': 5001, 'name': 'library-00'}, 'mutually exclusive'),
    (video_library_info, {'id': 5001, 'search': 'library'}, 'mutually exclusive'),
    # ---- pullzone_hostname ----
    (pullzone_hostname, {**PULLZONE}, 'missing required arguments: hostname'),
    (
        pullzone_hostname,
        {'hostname': 'cdn.example.com'},
        'one of the following is required: pullzone_id, pullzone_name',
    ),
    (pullzone_hostname, {**HOSTNAME, 'pullzone_name': 'assets-000'}, 'mutually exclusive: pullzone_id|pullzone_name'),
    (pullzone_hostname, {**HOSTNAME, 'pullzone_id': 0}, 'pullzone_id must be a positive integer'),
    (pullzone_hostname, {'pullzone_name': '  ', 'hostname': 'cdn.example.com'}, 'pullzone_name must not be empty'),
    (pullzone_hostname, {**PULLZONE, 'hostname': ''}, "hostname '' is empty"),
    (
        pullzone_hostname,
        {**PULLZONE, 'hostname': 'https://cdn.example.com/'},
        "hostname 'https://cdn.example.com/' has a scheme; give the hostname only, such as 'cdn.example.com'",
    ),
    (pullzone_hostname, {**PULLZONE, 'hostname': 'cdn.example.com/img'}, 'has a path'),
    (pullzone_hostname, {**PULLZONE, 'hostname': 'cdn.example.com:8443'}, 'has a port'),
    (pullzone_hostname, {**PULLZONE, 'hostname': 'cdn.example.com.'}, 'ends with a dot'),
    (pullzone_hostname, {**PULLZONE, 'hostname': 'cdn..example.com'}, 'empty label'),
    (
        pullzone_hostname,
        {**PULLZONE, 'hostname': 'cdn_1.example.com'},
        "has a label 'cdn_1' that is not letters, digits and inner hyphens",
    ),
    (pullzone_hostname, {**PULLZONE, 'hostname': '-cdn.example.com'}, 'inner hyphens'),
    (pullzone_hostname, {**PULLZONE, 'hostname': ('a' * 64) + '.example.com'}, 'a label of 64 characters'),
    (pullzone_hostname, {**PULLZONE, 'hostname': 'a.' * 126 + 'com'}, 'longer than 253 characters'),
    (pullzone_hostname, {**PULLZONE, 'hostname': 'bücher.example'}, "ASCII form, 'xn--bcher-kva.example'"),
    (pullzone_hostname, {**PULLZONE, 'hostname': 'cdn example.com'}, 'is not a hostname'),
    (pullzone_hostname, {**HOSTNAME, 'certificate': 'paid'}, 'value of certificate must be one of: free, custom, none'),
    # A certificate of its own: both PEM files, that parse, belong together, are in force and cover the hostname.
    (
        pullzone_hostname,
        {**HOSTNAME, 'certificate': 'custom'},
        'certificate=custom needs custom_certificate and custom_certificate_key',
    ),
    (pullzone_hostname, {**CUSTOM, 'custom_certificate': None}, 'custom_certificate_key is given without custom_cer'),
    (pullzone_hostname, {**CUSTOM, 'custom_certificate_key': None}, 'custom_certificate is given without custom_cert'),
    (pullzone_hostname, {**CUSTOM, 'certificate': 'free'}, 'are for certificate=custom only (certificate=free)'),
    (pullzone_hostname, {**CUSTOM, 'certificate': None}, 'are for certificate=custom only (certificate unset)'),
    (pullzone_hostname, {**CUSTOM, 'custom_certificate': 'cdn.example.com.pem'}, 'custom_certificate is not a PEM'),
    (
        pullzone_hostname,
        {**CUSTOM, 'custom_certificate': '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'},
        'custom_certificate is not a PEM certificate',
    ),
    (pullzone_hostname, {**CUSTOM, 'custom_certificate_key': 'cdn.example.com.key'}, 'is not an unencrypted PEM'),
    (pullzone_hostname, {**CUSTOM, 'custom_certificate_key': CERTIFICATE.leaf}, 'is not an unencrypted PEM private'),
    (pullzone_hostname, {**CUSTOM, 'custom_certificate_key': ENCRYPTED_KEY}, 'custom_certificate_key is encrypted'),
    (
        pullzone_hostname,
        {**CUSTOM, 'custom_certificate_key': OTHER_CERTIFICATE.key},
        'custom_certificate_key does not belong to the certificate of custom_certificate (CN=cdn.example.com)',
    ),
    (pullzone_hostname, {**CUSTOM, 'custom_certificate': CHAIN_FIRST}, 'belongs to certificate 2 of custom_certif'),
    (
        pullzone_hostname,
        {**CUSTOM, 'custom_certificate': EXPIRED.certificate, 'custom_certificate_key': EXPIRED.key},
        f'custom_certificate expired on {EXPIRED.not_after} (CN=cdn.example.com, 1 days ago)',
    ),
    (
        pullzone_hostname,
        {**CUSTOM, 'custom_certificate': ELSEWHERE.certificate, 'custom_certificate_key': ELSEWHERE.key},
        'custom_certificate does not cover hostname cdn.example.com: it names *.cdn.example.com, example.com',
    ),
    # A key given to another option is refused without being shown.
    (
        pullzone_hostname,
        {**HOSTNAME, 'certificate': KEY},
        'value of certificate must be one of: free, custom, none, got: (a value that is not shown)',
    ),
    (
        pullzone_hostname,
        {**CUSTOM, 'certificate': CERTIFICATE.certificate + KEY},
        'value of certificate must be one of: free, custom, none, got: (a value that is not shown)',
    ),
    (
        pullzone_hostname,
        {**HOSTNAME, 'certificate': 'custom', 'custom_certificate': KEY},
        'custom_certificate holds a PEM private key, which it does not take (only custom_certificate_key does)',
    ),
    (
        pullzone_hostname,
        {**CUSTOM, 'custom_certificate': CERTIFICATE.certificate + OTHER_CERTIFICATE.key},
        'custom_certificate holds a PEM private key, which it does not take',
    ),
    (pullzone_hostname, {**PULLZONE, 'hostname': KEY}, 'hostname holds a PEM private key, which it does not take'),
    (pullzone_hostname, {'pullzone_name': KEY, 'hostname': 'cdn.example.com'}, 'pullzone_name holds a PEM private'),
    (pullzone_hostname, {**HOSTNAME, 'state': 'gone'}, 'value of state must be one of: present, absent'),
    # ---- pullzone_edge_rule ----
    (pullzone_edge_rule, {**PULLZONE}, 'one of the following is required: description, guid'),
    (pullzone_edge_rule, {**EDGE_RULE, 'pullzone_id': None}, 'one of the following is required: pullzone_id'),
    (pullzone_edge_rule, {**EDGE_RULE, 'pullzone_id': -1}, 'pullzone_id must be a positive integer'),
    (pullzone_edge_rule, {**EDGE_RULE, 'action': 'force_https'}, 'value of action must be one of: force_ssl'),
    (pullzone_edge_rule, {**EDGE_RULE, 'action': 'ForceSSL'}, 'value of action must be one of: force_ssl'),
    (pullzone_edge_rule, {**EDGE_RULE, 'action': 'SetResponseHeader'}, 'got: SetResponseHeader'),
    (pullzone_edge_rule, {**EDGE_RULE, 'action': 4}, 'value of action must be one of: force_ssl'),
    (
        pullzone_edge_rule,
        {**EDGE_RULE, 'triggers': [{'type': 'path', 'patterns': ['*']}]},
        'value of type must be one of: url, request_header',
    ),
    (
        pullzone_edge_rule,
        {**EDGE_RULE, 'triggers': [{'type': 'RemoteIP', 'patterns': ['192.0.2.1']}]},
        'value of type must be one of: url',
    ),
    (
        pullzone_edge_rule,
        {**EDGE_RULE, 'triggers': [{'type': 'url', 'patterns': ['*'], 'match': 'most'}]},
        'value of match must be one of: any, all, none',
    ),
    (
        pullzone_edge_rule,
        {**EDGE_RULE, 'trigger_matching': 'either'},
        'value of trigger_matching must be one of: any, all, none',
    ),
    (
        pullzone_edge_rule,
        {**EDGE_RULE, 'extra_actions': [{'action': 'teleport'}]},
        'value of action must be one of: force_ssl',
    ),
    (pullzone_edge_rule, {**EDGE_RULE, 'extra_actions': [{'action_parameter_1': 'x'}]}, 'missing required arguments'),
    (pullzone_edge_rule, {**EDGE_RULE, 'triggers': [{'type': 'url'}]}, 'missing required arguments: patterns'),
    (
        pullzone_edge_rule,
        {**EDGE_RULE, 'triggers': [{'type': 'url', 'patterns': ['*', '']}]},
        'triggers[0].patterns must not hold empty patterns (1 given)',
    ),
    (
        pullzone_edge_rule,
        {**EDGE_RULE, 'triggers': [{'type': 'url', 'patterns': ['*.html', ' ']}]},
        'triggers[0].patterns must not hold empty patterns (1 given)',
    ),
    (pullzone_edge_rule, {**EDGE_RULE, 'description': ' '}, "description ' ' is blank"),
    # (a NUL in a plain string option can be refused earlier by AnsibleModule itself, when it logs the arguments
    # to syslog: 'embedded null character')
    (pullzone_edge_rule, {**EDGE_RULE, 'description': 'Block\x1b[0m'}, 'control character U+001B'),
    (pullzone_edge_rule, {**PULLZONE, 'guid': '../../pullzone/1002'}, 'must be letters, digits'),
    (pullzone_edge_rule, {**EDGE_RULE, 'state': 'disabled'}, 'value of state must be one of'),
    # ---- shield_waf_rule ----
    (shield_waf_rule, {**ZONE}, 'missing required arguments: name'),
    (shield_waf_rule, {'name': 'a'}, 'one of the following is required: shield_zone_id, pullzone_id, pullzone_name'),
    (shield_waf_rule, {**WAF_RULE, 'pullzone_name': 'assets-000'}, 'mutually exclusive'),
    (shield_waf_rule, {**WAF_RULE, 'shield_zone_id': -1}, 'shield_zone_id must be a positive integer'),
    (shield_waf_rule, {**WAF_RULE, 'shield_zone_id': None, 'pullzone_name': ' '}, 'pullzone_name must not be empty'),
    (shield_waf_rule, {**WAF_RULE, 'name': ' '}, "name ' ' is blank"),
    (shield_waf_rule, {**WAF_RULE, 'name': 'block\u202escanners'}, 'control character U+202E'),
    (shield_waf_rule, {**WAF_RULE, 'action': 'Block'}, 'value of action must be one of: block, log, challenge'),
    (shield_waf_rule, {**WAF_RULE, 'action': 1}, 'value of action must be one of: block, log, challenge'),
    (shield_waf_rule, {**WAF_RULE, 'severity': 'CRITICAL'}, 'value of severity must be one of: notice, warning'),
    (shield_waf_rule, {**WAF_RULE, 'state': 'disabled'}, 'value of state must be one of: present, absent'),
    (shield_waf_rule, {**WAF_RULE, 'conditions': []}, 'conditions must hold at least one condition'),
    (
        shield_waf_rule,
        {**WAF_RULE, 'conditions': [{'variables': ['request_uri'], 'operator': 'BEGINSWITH', 'value': '/'}]},
        'value of operator must be one of: begins_with, ends_with',
    ),
    (
        shield_waf_rule,
        {**WAF_RULE, 'conditions': [{'variables': ['args'], 'operator': 'rx', 'transformations': ['URLDECODE']}]},
        'value of transformations must be one or more of: cmd_line',
    ),
    (
        shield_waf_rule,
        {**WAF_RULE, 'conditions': [{'variables': ['headers:Host'], 'operator': 'contains', 'value': 'x'}]},
        "conditions[0].variables: 'headers:Host' is not a variable; the variables are request_uri",
    ),
    (
        shield_waf_rule,
        {**WAF_RULE, 'conditions': [{'variables': ['request_headers:'], 'operator': 'contains', 'value': 'x'}]},
        "conditions[0].variables: 'request_headers:' has no part after the colon",
    ),
    (
        shield_waf_rule,
        {
            **WAF_RULE,
            'conditions': [{'variables': ['request_cookies:a', 'request_cookies:b'], 'operator': 'contains'}],
        },
        "conditions[0].variables names request_cookies with two parts ('a', 'b')",
    ),
    (
        shield_waf_rule,
        {
            **WAF_RULE,
            'conditions': [
                {'variables': ['args'], 'operator': 'detect_sqli'},
                {'variables': ['args'], 'operator': 'contains', 'value': 'x', 'transformations': ['lowercase']},
            ],
        },
        'conditions[1].transformations: only the first condition takes transformations',
    ),
    (
        shield_waf_rule,
        {**WAF_RULE, 'conditions': [{'variables': ['response_status'], 'operator': 'ge', 'value': '4xx'}]},
        "conditions[0].value must be an integer for operator ge, got '4xx'",
    ),
    (shield_waf_rule, {**WAF_RULE, 'conditions': [{'variables': ['args']}]}, 'missing required arguments: operator'),
    (
        shield_waf_rule,
        {**WAF_RULE, 'conditions': [{'operator': 'detect_xss'}]},
        'missing required arguments: variables',
    ),
    # ---- shield_rate_limit ----
    (shield_rate_limit, {**ZONE}, 'missing required arguments: name'),
    (shield_rate_limit, {**RATE_LIMIT, 'pullzone_id': 0, 'shield_zone_id': None}, 'pullzone_id must be a positive'),
    (shield_rate_limit, {**RATE_LIMIT, 'timeframe': 5}, 'value of timeframe must be one of: 1, 10, 60, 300, 900'),
    (shield_rate_limit, {**RATE_LIMIT, 'block_time': 120}, 'value of block_time must be one of: 30, 60, 300, 900'),
    (shield_rate_limit, {**RATE_LIMIT, 'requests': 0}, 'requests must be from 1 to 2147483647, got 0'),
    (shield_rate_limit, {**RATE_LIMIT, 'requests': -5}, 'requests must be from 1 to 2147483647, got -5'),
    (shield_rate_limit, {**RATE_LIMIT, 'action': 'block'}, 'value of action must be one of: rate_limit, log'),
    (shield_rate_limit, {**RATE_LIMIT, 'action': 'RateLimit'}, 'value of action must be one of: rate_limit, log'),
    (shield_rate_limit, {**RATE_LIMIT, 'counter_key': 'IP_JA4'}, 'value of counter_key must be one of: ip, host'),
    (
        shield_rate_limit,
        {**RATE_LIMIT, 'conditions': [{'variables': ['ARGS'], 'operator': 'contains', 'value': 'x'}]},
        "conditions[0].variables: 'ARGS' is not a variable",
    ),
    (
        shield_rate_limit,
        {**RATE_LIMIT, 'conditions': [{'variables': ['request_uri'], 'operator': 'lt', 'value': 'ten'}]},
        "conditions[0].value must be an integer for operator lt, got 'ten'",
    ),
    # ---- pullzone_purge ----
    (pullzone_purge, {}, 'one of the following is required: pullzone_id, pullzone_name, urls'),
    (pullzone_purge, {'urls': [CSS, '']}, 'urls must not hold empty items (urls[1])'),
    (pullzone_purge, {'urls': ['   ']}, 'urls must not hold empty items (urls[0])'),
    (pullzone_purge, {'urls': []}, 'urls must hold at least one URL'),
    (pullzone_purge, {'urls': ['assets-000.example.com/a.css']}, 'urls[0] must be an http:// or https:// URL'),
    (
        pullzone_purge,
        {'urls': [CSS, 'file:///etc/passwd']},
        "urls[1] must be an http:// or https:// URL, got 'file:///etc/passwd'",
    ),
    (pullzone_purge, {'urls': ['https://u:pw@assets-000.example.com/a']}, 'urls[0] must not hold a user name'),
    (pullzone_purge, {'urls': ['https:///a.css']}, 'urls[0] must name a host'),
    (pullzone_purge, {'urls': [CSS], **PULLZONE}, 'mutually exclusive: pullzone_id|pullzone_name|urls'),
    (pullzone_purge, {'urls': [CSS], 'cache_tag': 'css'}, 'mutually exclusive: cache_tag|urls'),
    (pullzone_purge, {**PULLZONE, 'pullzone_name': 'assets-000'}, 'mutually exclusive'),
    (pullzone_purge, {'pullzone_id': 0}, 'pullzone_id must be a positive integer'),
    (pullzone_purge, {'pullzone_name': ''}, 'pullzone_name must not be empty'),
    (pullzone_purge, {**PULLZONE, 'cache_tag': ''}, 'cache_tag must not be empty'),
    (pullzone_purge, {**PULLZONE, 'exact_path': True}, 'exact_path applies to urls only'),
    (pullzone_purge, {**PULLZONE, 'wait': False}, 'wait: false applies to urls only'),
    # ---- dns_zone ----
    (dns_zone, {}, 'one of the following is required: domain, id'),
    (dns_zone, {**DNS_ZONE, 'id': 4001}, 'mutually exclusive: domain|id'),
    (dns_zone, {'id': 0}, 'id must be a positive integer'),
    (dns_zone, {'domain': '  '}, 'domain must not be empty'),
    (dns_zone, {'domain': 'localhost'}, "domain 'localhost' is a single label"),
    (dns_zone, {'domain': 'exa mple.net'}, "domain 'exa mple.net' has a label 'exa mple'"),
    (dns_zone, {'domain': 'https://example.net'}, "domain 'https://example.net' has a label 'https://example'"),
    (dns_zone, {**DNS_ZONE, 'nameservers': ['a.example.org', 'b.example.org', 'c.example.org']}, 'at most 2'),
    (dns_zone, {**DNS_ZONE, 'nameservers': ['ns 1.example.org']}, "nameservers item 'ns 1.example.org'"),
    (dns_zone, {**DNS_ZONE, 'nameservers': ['ns1.example.org', 'NS1.example.org.']}, 'names one server twice'),
    (dns_zone, {**DNS_ZONE, 'soa_email': 'hostmaster'}, "soa_email 'hostmaster' is not an e-mail address"),
    (dns_zone, {**DNS_ZONE, 'soa_email': 'host master@example.net'}, 'is not an e-mail address'),
    (dns_zone, {**DNS_ZONE, 'logging_ip_anonymization': 'partial'}, 'value of logging_ip_anonymization must be one'),
    (dns_zone, {**DNS_ZONE, 'dnssec': 'maybe'}, "argument 'dnssec' is of type"),
    (dns_zone, {**DNS_ZONE, 'import_zone_file': '/nonexistent/example.net.zone'}, 'cannot be read'),
    (dns_zone, {**DNS_ZONE, 'import_zone_file': NOT_TEXT}, 'is not text in UTF-8'),
    (
        dns_zone,
        {**DNS_ZONE, 'import_zone_file': MIGRATED_ZONE_FILE},
        "line 5: the name 'migrated.example' is not inside the zone example.net",
    ),
    (
        dns_zone,
        {**DNS_ZONE, 'import_zone_file': MIGRATED_ZONE_FILE, 'state': 'absent'},
        'import_zone_file cannot be used with state=absent',
    ),
    # ---- dns_record_set ----
    (dns_record_set, {'name': 'www', 'type': 'a', 'values': ['192.0.2.1']}, 'one of the following is required'),
    (dns_record_set, {**RECORD_SET, 'zone_id': 4001, 'values': ['192.0.2.1']}, 'mutually exclusive: zone|zone_id'),
    (dns_record_set, {**RECORD_SET, 'zone': None, 'zone_id': 0, 'values': ['192.0.2.1']}, 'zone_id must be a positive'),
    (dns_record_set, {**RECORD_SET, 'zone': ' ', 'values': ['192.0.2.1']}, 'zone must not be empty'),
    (dns_record_set, {**RECORD_SET, 'zone': 'example', 'values': ['192.0.2.1']}, "zone 'example' is a single label"),
    (dns_record_set, {**RECORD_SET, 'type': 'soa', 'values': ['x']}, 'value of type must be one of: a, aaaa, cname'),
    (dns_record_set, {**RECORD_SET, 'type': 'A', 'values': ['192.0.2.1']}, 'value of type must be one of'),
    (
        dns_record_set,
        {**RECORD_SET, 'name': 'www.example.org.', 'values': ['192.0.2.1']},
        "name 'www.example.org.' is not inside the zone example.net",
    ),
    (dns_record_set, {**RECORD_SET, 'name': 'a..b', 'values': ['192.0.2.1']}, "name 'a..b' has an empty label"),
    (dns_record_set, {**RECORD_SET, 'name': 'w w', 'values': ['192.0.2.1']}, "has a label 'w w'"),
    (dns_record_set, RECORD_SET, 'values is required with state=present'),
    (dns_record_set, {**RECORD_SET, 'values': []}, 'values must hold at least one value'),
    (dns_record_set, {**RECORD_SET, 'values': ['192.0.2']}, "values[0] is not a value of type a: '192.0.2' is not an"),
    (dns_record_set, {**RECORD_SET, 'values': ['192.0.2.1', '2001:db8::1']}, 'values[1] is not a value of type a'),
    (dns_record_set, {**RECORD_SET, 'values': ['  ']}, 'values[0] is not a value of type a: a value must not be empty'),
    (dns_record_set, {**RECORD_SET, 'type': 'mx', 'values': ['mail.example.net']}, 'is not PRIORITY TARGET'),
    (dns_record_set, {**RECORD_SET, 'type': 'srv', 'values': ['1 2 99999 sip.example.net']}, 'port'),
    (dns_record_set, {**RECORD_SET, 'type': 'txt', 'values': ['"unclosed']}, 'a quoted string is not closed'),
    (dns_record_set, {**RECORD_SET, 'type': 'caa', 'values': ['0 issue']}, 'is not FLAGS TAG VALUE'),
    (dns_record_set, {**RECORD_SET, 'type': 'tlsa', 'values': ['3 1 1 abc']}, 'not hexadecimal'),
    (dns_record_set, {**RECORD_SET, 'type': 'https', 'values': ['1 . colour=red']}, 'do not know'),
    (dns_record_set, {**RECORD_SET, 'type': 'redirect', 'values': ['www.example.org']}, 'is not an http://'),
    (dns_record_set, {**RECORD_SET, 'type': 'pullzone', 'values': ['assets_000']}, 'is not a pull zone name'),
    (dns_record_set, {**RECORD_SET, 'type': 'script', 'values': ['script-1']}, 'is not the id of an edge script'),
    (dns_record_set, {**RECORD_SET, 'name': '@', 'type': 'cname', 'values': ['www.example.org']}, 'at the apex'),
    (dns_record_set, {**RECORD_SET, 'name': '', 'type': 'ns', 'values': ['ns1.example.org']}, 'are its name servers'),
    (dns_record_set, {**RECORD_SET, 'values': [['192.0.2.1']]}, 'values[0] must be a string in zone-file form'),
    (dns_record_set, {**RECORD_SET, 'values': [{'weight': 10}]}, 'values[0].value is required'),
    (dns_record_set, {**RECORD_SET, 'values': [{'value': '192.0.2.1', 'colour': 'red'}]}, 'has the key colour'),
    (dns_record_set, {**RECORD_SET, 'values': [{'value': '192.0.2.1', 'weight': 150}]}, 'weight must be from 0 to'),
    (dns_record_set, {**RECORD_SET, 'values': [{'value': '192.0.2.1', 'weight': 'heavy'}]}, 'must be of type int'),
    (dns_record_set, {**RECORD_SET, 'values': [{'value': '192.0.2.1', 'monitor': 'always'}]}, 'monitor must be one'),
    (dns_record_set, {**RECORD_SET, 'values': [{'value': '192.0.2.1', 'latitude': 91}]}, 'latitude must be from -90'),
    (
        dns_record_set,
        {**RECORD_SET, 'type': 'srv', 'values': [{'value': '1 2 5060 sip.example.net', 'weight': 5}]},
        'an srv record has its weight in its value',
    ),
    (
        dns_record_set,
        {**RECORD_SET, 'type': 'mx', 'values': [{'value': '10 mail.example.net', 'accelerated': True}]},
        'only a, aaaa and cname records can be accelerated',
    ),
    (
        dns_record_set,
        {**RECORD_SET, 'values': ['192.0.2.1', {'value': '192.0.2.1', 'comment': 'other'}]},
        "values[1] gives the value '192.0.2.1' again, with other settings",
    ),
    (dns_record_set, {**RECORD_SET, 'values': ['192.0.2.1'], 'ttl': 5}, 'ttl must be from 15 to 2147483647'),
    (dns_record_set, {**RECORD_SET, 'values': ['192.0.2.1'], 'on_existing': 'merge'}, 'value of on_existing'),
    # ---- dns_zone_info ----
    (dns_zone_info, {'id': 0}, 'id must be a positive integer'),
    (dns_zone_info, {'domain': ' '}, 'domain must not be empty'),
    (dns_zone_info, {'domain': 'example.net', 'id': 4001}, 'mutually exclusive: domain|id'),
    (dns_zone_info, {'domain': 'bad..example'}, "domain 'bad..example' has an empty label"),
    (dns_zone_info, {'records': 'sometimes'}, "argument 'records' is of type"),
]


def connection(module: t.Any) -> dict[str, t.Any]:
    """The connection options every case starts from (the service URLs each module needs)."""
    if module is db_query:
        return {}
    extra: dict[str, t.Any] = {}
    if module is video_thumbnail:
        extra['video_api_url'] = VIDEO_URL
    if module in (cdn_log_info, cdn_log_export):
        extra['logging_api_url'] = LOGGING_URL
    return dict(COMMON_ARGS, **extra)


def test_the_table_covers_every_module_with_at_least_100_cases() -> None:
    assert len(CASES) >= 100
    modules_on_disk = {path.stem for path in (ROOT / 'plugins' / 'modules').glob('*.py')} - {'__init__'}
    assert {module.__name__.rsplit('.', 1)[-1] for module, _args, _words in CASES} == modules_on_disk


@pytest.mark.parametrize(
    'module, arguments, words',
    CASES,
    ids=[f"{m.__name__.rsplit('.', 1)[-1]}-{n}" for n, (m, _a, _w) in enumerate(CASES)],
)
def test_bad_input_is_refused_before_any_request(
    fake_api: FakeApi, run_module: t.Any, module: t.Any, arguments: dict[str, t.Any], words: str
) -> None:
    dest = arguments.get('dest')
    wrote_before = dest is not None and os.path.isfile(dest)
    given = {key: value for key, value in arguments.items() if value is not None}
    outcome = run_module(module.main, dict(connection(module), **given))
    assert outcome.failed, outcome.result
    assert words in outcome.result['msg'], outcome.result['msg']
    assert outcome.result.get('changed') in (None, False)
    assert fake_api.calls == []
    assert dest is None or wrote_before or not os.path.isfile(dest)  # no file left behind


def key_texts(arguments: dict[str, t.Any]) -> list[str]:
    """The PEM private keys among ``arguments``, and what shows each: its Base64 body (whole, and each line of it)
    and the Base64 of the PEM (how an upload carries it)."""
    texts: list[str] = []
    for value in arguments.values():
        if isinstance(value, str) and 'PRIVATE KEY-----' in value:
            key = value[re.search(r'-----BEGIN [A-Z ]*PRIVATE KEY-----', value).start() :]  # type: ignore[union-attr]
            body = [line for line in key.splitlines() if line and '-----' not in line]
            texts += [key, ''.join(body), *body, base64.b64encode(key.encode()).decode()]
    return texts


KEY_CASES = [case for case in CASES if key_texts(case[1])]


@pytest.mark.parametrize(
    'module, arguments, words',
    KEY_CASES,
    ids=[f'{m.__name__.rsplit(".", 1)[-1]}-{n}' for n, (m, _a, _w) in enumerate(KEY_CASES)],
)
def test_a_key_is_never_in_the_output(
    fake_api: FakeApi, capsys: pytest.CaptureFixture[str], module: t.Any, arguments: dict[str, t.Any], words: str
) -> None:
    """Each refusal given a private key, as a module process prints it (Ansible's own masking done), at -vvv (the
    arguments returned with it) and in the system log: the key is nowhere, in any form."""
    logged: list[str] = []
    given = {key: value for key, value in arguments.items() if value is not None}
    full = dict(connection(module), **given, _ansible_verbosity=3)
    if 'inject_invocation' in PASS_VARS:  # ansible-core 2.21+ returns the arguments only when asked
        full['_ansible_inject_invocation'] = True
    with patch_module_args(full), pytest.raises(SystemExit), pytest.MonkeyPatch.context() as patched:
        patched.setattr(basic.AnsibleModule, 'log', lambda self, msg, log_args=None: logged.append(msg))
        module.main()
    output = capsys.readouterr()
    shown = output.out + output.err + json.dumps(logged)
    result = json.loads(output.out.strip().splitlines()[-1])
    assert result['failed'] and words in result['msg'], result['msg']
    assert fake_api.calls == []
    assert len(KEY_CASES) >= 10
    for secret in key_texts(given):
        assert secret not in shown
