# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Loads the collection's action plugin machinery and modules once per run, in the main process.

ansible-core imports this package in its main process when it resolves a task of the collection to its action
plugin (while it parses the playbook, included tasks or an ad-hoc task), and forks one worker per task later.
What is imported here is inherited by every worker, so ``requests``, the in-process machinery and the modules'
code are paid once per run instead of once per task (about a quarter of a second each time, where a task run
in process costs some hundredths).
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.plugin_utils import _in_process

_in_process.preload_modules()
