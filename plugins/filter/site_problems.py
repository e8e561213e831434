# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
name: site_problems
short_description: The checks of the edge.platform.site role's variables before any request
version_added: 1.1.0
description:
  - Checks what the C(edge.platform.site) role's argument spec cannot - the keys of a declared C(site_pullzone)
    against the options the spec documents for it, the settings a declared pull zone may not give, the versions of
    C(site_migrations), C(site_shield) or C(site_access_lists) without C(site_pullzone) - and returns every problem.
  - Part of the role, which fails with these messages before its first request; its input follows the role's
    variables and may change with them.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
positional: spec_path
options:
  _input:
    description:
      - The role's variables C(site_pullzone), C(site_shield), C(site_access_lists) and C(site_migrations).
    type: dict
    required: true
  spec_path:
    description:
      - Path of the role's argument spec, C(meta/argument_specs.yml), which documents the keys of a declared pull
        zone.
    type: path
    required: true
'''

EXAMPLES = r'''
- name: What the site role checks first
  ansible.builtin.assert:
    that: site__problems | length == 0
    fail_msg: "{{ site__problems | join('; ') }}"
  vars:
    site__problems: >-
      {{ {'site_pullzone': site_pullzone, 'site_shield': site_shield, 'site_access_lists': site_access_lists,
          'site_migrations': site_migrations} | edge.platform.site_problems(role_path ~ '/meta/argument_specs.yml') }}
'''

RETURN = r'''
_value:
  description:
    - The problems, each a message naming the variable; empty when the variables are fine.
  type: list
  elements: str
'''

import typing as t

from ansible_collections.edge.platform.plugins.plugin_utils._site_problems import site_problems


class FilterModule:
    def filters(self) -> dict[str, t.Callable[..., t.Any]]:
        return {'site_problems': site_problems}
