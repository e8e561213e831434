# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
name: declaration_drift
short_description: The drift of an account from a directory of its declarations
version_added: 1.1.0
description:
  - Compares what M(edge.platform.site_info) declares of an account now with declarations of it (the files that
    the playbook C(edge.platform.export) wrote), object by object - each pull zone's settings, hostnames, edge rules,
    Shield zone and access lists - in the terms of the C(edge.platform.site) role.
  - A value that a file leaves out is what a new object gets; an account that now holds another value has drifted
    too. A pull zone without a file, and a file whose pull zone is gone, are drift.
  - The C(edge.platform.audit) role's drift from C(audit_declarations_dir) is made with it.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
positional: sites
options:
  _input:
    description: The declarations, by pull zone name (each as a file of the export holds it).
    type: dict
    required: true
  sites:
    description: The C(sites) that M(edge.platform.site_info) returns.
    type: list
    elements: dict
    required: true
'''

EXAMPLES = r'''
- name: Read the account as it is now
  edge.platform.site_info:
  register: now

- name: Compare it with the declaration of shop-web
  ansible.builtin.debug:
    msg: "{{ {'shop-web': declared} | edge.platform.declaration_drift(now.sites) }}"
  vars:
    declared: "{{ lookup('ansible.builtin.file', 'site/shop-web.yml') | from_yaml }}"
'''

RETURN = r'''
_value:
  description:
    - C(changed), C(resources) (each object compared - C(kind), C(name), C(id), C(changed), C(action) (V(none),
      V(differs), V(added in the account), V(gone from the account)), C(details) (a line per value, C(key - declared
      -> now))) and C(changes) (those that changed), as C(site_result) of the site role has them.
  type: dict
'''

import typing as t

from ansible_collections.edge.platform.plugins.plugin_utils._declaration_drift import declaration_drift


class FilterModule:
    def filters(self) -> dict[str, t.Callable[..., t.Any]]:
        return {'declaration_drift': declaration_drift}
