# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The action of every edge.platform module (``meta/runtime.yml`` names it as each module's ``action_plugin``).

It runs the task's module inside the controller's worker when the task runs there, else as a normal module
process; ``plugins/plugin_utils/_in_process.py`` says how. It is not pullzone_info's own: its file bears a module's
name because ansible-test's action-plugin-docs sanity test wants a module of each action plugin's name.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.plugin_utils._in_process import InProcessAction


class ActionModule(InProcessAction):
    pass
