#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: shield_zone
short_description: Manage the Shield (WAF and DDoS protection) zone of a pull zone
version_added: 1.0.0
description:
  - Creates the Shield zone of a pull zone when it has none, otherwise updates the settings you give.
  - The pull zone is given by O(pullzone_id) or by O(pullzone_name).
  - Only options you set are managed; every other setting keeps its remote value. Settings that already
    have the wanted value are not sent, and a run where nothing differs sends no write.
  - The Shield zone settings are changed with one update request. Bot detection settings
    (O(bot_detection_execution_mode) and the other C(bot_detection_*) options) and upload scanning settings
    (O(upload_scanning_enabled), O(csam_scanning_mode), O(antivirus_scanning_mode)) have their own endpoints;
    they are read and written only when you set one of their options.
  - The API has no way to delete a Shield zone, so this module has no C(state) option. To switch protection
    off, set O(waf_enabled=false), O(ddos_shield_sensitivity=off), O(learning_mode=false),
    O(bot_detection_execution_mode=log_only) with the C(bot_detection_*_sensitivity) options V(off), and
    O(upload_scanning_enabled=false); disable or delete custom access lists with M(edge.platform.shield_access_list).
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.SHIELD_ZONE
notes:
  - The diff shows the settings you set, before and after, with the API's property names and values;
    bot detection and upload scanning settings appear under C(botDetection) and C(uploadScanning).
seealso:
  - module: edge.platform.shield_access_list
  - module: edge.platform.pullzone_info
'''

EXAMPLES = r'''
- name: Protect the pull zone assets-000 with the WAF in blocking mode
  edge.platform.shield_zone:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
    pullzone_name: assets-000
    waf_enabled: true
    waf_execution_mode: block
    waf_disabled_rules: ["920170", "920270"]
    ddos_shield_sensitivity: medium
    bot_detection_execution_mode: challenge
    csam_scanning_mode: log
  register: shield

- name: Learn for two weeks before blocking
  edge.platform.shield_zone:
    pullzone_id: 1001
    learning_mode: true
    learning_mode_until: "{{ '%Y-%m-%dT00:00:00Z' | strftime(now().timestamp() + 14 * 86400, utc=true) }}"

- name: Switch protection off (the API cannot delete a Shield zone)
  edge.platform.shield_zone:
    pullzone_id: 1001
    waf_enabled: false
    learning_mode: false
    ddos_shield_sensitivity: "off"
    bot_detection_execution_mode: log_only
    bot_detection_request_integrity_sensitivity: "off"
    bot_detection_ip_address_sensitivity: "off"
    bot_detection_browser_fingerprint_sensitivity: "off"
    upload_scanning_enabled: false

- name: Use the Shield zone id in later tasks
  ansible.builtin.debug:
    msg: "Shield zone {{ shield.shield_zone.shieldZoneId }}"
'''

RETURN = r'''
shield_zone:
  description:
    - The Shield zone after the run (in check mode, as it would be), with the API's property names and values
      (enums as the API's numbers).
    - C(botDetection) and C(uploadScanning) are present when an option of theirs was set.
    - In check mode a zone that would be created has no C(shieldZoneId) yet and only the settings you gave.
  returned: always
  type: dict
  contains:
    shieldZoneId:
      description: Id of the Shield zone; absent in check mode for a zone that would be created.
      type: int
      sample: 3001
    pullZoneId:
      description: Id of the pull zone the Shield zone protects.
      type: int
      sample: 1001
    planType:
      description: Shield plan, as the API's number.
      type: int
      sample: 1
    learningMode:
      description: Whether the WAF only learns (O(learning_mode)).
      type: bool
      sample: false
    learningModeUntil:
      description: When learning mode ends, if it is on.
      type: str
      sample: null
    wafEnabled:
      description: Whether the WAF is on (O(waf_enabled)).
      type: bool
      sample: true
    wafExecutionMode:
      description: What the WAF does with matching requests, 0 log or 1 block (O(waf_execution_mode)).
      type: int
      sample: 1
    wafDisabledRules:
      description: WAF rules turned off (O(waf_disabled_rules)).
      type: list
      elements: str
      sample: ["920170", "920270"]
    wafLogOnlyRules:
      description: WAF rules that only log (O(waf_log_only_rules)).
      type: list
      elements: str
      sample: []
    dDoSShieldSensitivity:
      description: DDoS protection sensitivity, as the API's number (O(ddos_shield_sensitivity)).
      type: int
      sample: 2
    dDoSExecutionMode:
      description: What DDoS protection does, as the API's number.
      type: int
      sample: 1
    dDoSChallengeWindow:
      description: Seconds a solved challenge lasts (O(ddos_challenge_window)).
      type: int
      sample: 1800
    botDetection:
      description: Bot detection settings; present when an option of theirs was set.
      type: dict
      sample:
        executionMode: 1
    uploadScanning:
      description: Upload scanning settings; present when an option of theirs was set.
      type: dict
      sample:
        csamScanningMode: 1
  sample:
    shieldZoneId: 3001
    pullZoneId: 1001
    planType: 1
    learningMode: false
    learningModeUntil: null
    wafEnabled: true
    wafExecutionMode: 1
    wafDisabledRules: ["920170", "920270"]
    wafLogOnlyRules: []
    wafCustomRuleOrder: []
    wafRequestHeaderLoggingEnabled: true
    requestBodyLoggingEnabled: false
    wafRequestIgnoredHeaders: [Cookie]
    wafRealtimeThreatIntelligenceEnabled: true
    wafProfileId: 1
    wafEngineConfig:
      - name: REQUEST_BODY_LIMIT
        valueEncoded: "131072"
    wafRequestBodyLimitAction: 0
    wafResponseBodyLimitAction: 1
    dDoSShieldSensitivity: 2
    dDoSExecutionMode: 1
    dDoSChallengeWindow: 1800
    whitelabelResponsePages: false
    botDetection:
      executionMode: 1
    uploadScanning:
      csamScanningMode: 1
'''

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.shield_zone import ShieldZone
from ansible_collections.edge.platform.plugins.module_utils._tables.shield_zone import TABLE


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        mutually_exclusive=[('pullzone_id', 'pullzone_name')],
        required_one_of=[('pullzone_id', 'pullzone_name')],
    )
    ShieldZone(module).run()


if __name__ == '__main__':
    main()
