# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
name: site_result
short_description: The summary of a run of the edge.platform.site role
version_added: 1.0.0
description:
  - Builds C(site_result), the fact the C(edge.platform.site) role sets at the end of every run, from the
    variables that declare the site and the results the role registered (which mask every secret).
  - Part of the role; its input follows the role's tasks and may change with them. Read C(site_result) instead.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
positional: run
options:
  _input:
    description:
      - The variables that declare the site - C(site_pullzone), C(site_shield), C(site_registries), C(site_database)
        and C(site_migrations).
    type: dict
    required: true
  run:
    description:
      - What the role's run registered, by part (C(zone), the result of edge.platform.site_pullzone; C(registries),
        C(referrers), C(thumbnails), C(db_token), C(schema)); a part that did not run is left out or null.
    type: dict
    required: true
'''

EXAMPLES = r'''
- name: What the site role sets at the end of its run
  ansible.builtin.debug:
    msg: "{{ site_result.summary }}"
'''

RETURN = r'''
_value:
  description:
    - C(changed), C(pullzone), C(resources) (each with C(kind), C(name), C(id), C(changed), C(action), C(details)),
      C(changes), C(summary) (a line per resource), C(not_checked), C(purge) and C(schema_version).
  type: dict
'''

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._site_result import site_result


class FilterModule:
    def filters(self) -> dict[str, t.Callable[..., t.Any]]:
        return {'site_result': site_result}
