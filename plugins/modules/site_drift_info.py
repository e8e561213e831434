#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: site_drift_info
short_description: What a run of the site role with each declaration would write, and who changed it
version_added: 1.1.0
description:
  - Plans each of O(declarations) - the variables of one run of the
    R(edge.platform.site, ansible_collections.edge.platform.site_role) role, such as a file that the playbook
    C(edge.platform.export) wrote - with the code a run of the role plans with, in check mode, and returns what that
    run would write - its drift - as the role's C(site_result) says it, resource by resource.
  - A value the run would not change is no drift, however a file spells it - a templated value is compared as the
    role templates it, a custom certificate by the fingerprint of what the hostname serves, a set in any order and
    spelling, a setting left out as C(settings_unlisted) says; a site declared absent and gone is none.
  - Each change names who made it and when, from the account's audit log of the last O(audit_log_days) days - the
    latest entry of its resource that names one of its fields, else the latest of its resource - or says it is not
    in the log.
  - Reads every pull zone (pages of 1000) and every Shield zone (their listing) once, then for each declaration what
    its plan reads that they do not hold (a Shield zone's parts and access lists, registries, video libraries).
  - Only reads; never changes anything.
  - The C(edge.platform.audit) role reports with it the drift of an account from C(audit_declarations_dir).
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api
  - edge.platform.api.INFO_MODULE
  - edge.platform._options.SITE_DRIFT_INFO
seealso:
  - module: edge.platform.site_info
  - module: edge.platform.site_pullzone
'''

EXAMPLES = r'''
- name: Read the account as declarations of the site role
  edge.platform.site_info:
    include_account: true
  register: declared

- name: Write them as files, one a pull zone (what the playbook edge.platform.export does)
  edge.platform.site_export:
    dest: "{{ playbook_dir }}/site"
    sites: "{{ declared.sites }}"
    account: "{{ declared.account }}"

- name: What a run of the site role with each file of site/ would write
  edge.platform.site_drift_info:
    declarations: "{{ lookup('edge.platform.declarations', playbook_dir ~ '/site') }}"
    audit_log_days: 3
  register: drift

- name: Say what differs, and who made it so
  ansible.builtin.debug:
    msg: "{{ drift.declarations | map(attribute='changes') | flatten | map(attribute='message') | list }}"
'''

RETURN = r'''
declarations:
  description: One item a declaration, in the order given.
  returned: always
  type: list
  elements: dict
  contains:
    file:
      description: The C(file) of the declaration.
      type: str
    pullzone_name:
      description: The name of the pull zone it declares, when it declares one.
      type: str
    changed:
      description: Whether a run of the role with it would write anything.
      type: bool
    changes:
      description:
        - Each resource the run would change - C(kind), C(name), C(id), C(action), C(details) (a line a change),
          C(options) (those that change), as the role's C(site_result) has it - with C(changed_by) (C({by, at,
          text}) from the audit log) and C(message), the whole as a sentence.
      type: list
      elements: dict
    not_checked:
      description: What could not be planned, each C({kind, name, reason}).
      type: list
      elements: dict
    error:
      description: Why the declaration could not be planned (a value the role refuses, a read that failed); null.
      type: str
undeclared_pullzones:
  description: The pull zones of the account that no declaration names (a run of the role with them writes nothing).
  returned: always
  type: list
  elements: str
audit_log:
  description: C({days, read, error}) - how many days of the audit log were read, and why not.
  returned: always
  type: dict
'''

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.site_drift_info import DriftPlan
from ansible_collections.edge.platform.plugins.module_utils._tables.site_drift_info import TABLE


def main() -> None:
    module = EdgeModule(argument_spec=TABLE.argument_spec())
    module.run(DriftPlan(module).run)


if __name__ == '__main__':
    main()
