# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Runs edge.platform.cdn_log_export inside the controller process when the task runs there."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import cdn_log_export
from ansible_collections.edge.platform.plugins.plugin_utils._in_process import InProcessAction


class ActionModule(InProcessAction):
    module = cdn_log_export
