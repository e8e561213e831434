# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

# The options of EVENT_LOG_SCOPE are made from plugins/module_utils/_tables/scopes.py by
# `nox -s update-docs-fragments`: edit the table and run that.

from __future__ import annotations


class ModuleDocFragment:
    # The Shield zone a module reads from: by its id, or by the pull zone it protects.
    EVENT_LOG_SCOPE = r'''
options:
  shield_zone_id:
    description:
      - Id of the Shield zone.
      - Exactly one of O(shield_zone_id), O(pullzone_id) and O(pullzone_name) is required.
      - A Shield zone that does not exist fails with the API's answer.
    type: int
  pullzone_id:
    description:
      - Id of the pull zone whose Shield zone's event logs to use.
      - Fails when the pull zone has no Shield zone.
    type: int
  pullzone_name:
    description:
      - Exact name of the pull zone whose Shield zone's event logs to use, looked up in the
        pull zone list.
      - Fails when no pull zone or more than one has this name, or when it has no Shield zone.
    type: str
'''
