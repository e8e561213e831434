# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The collection's version, for code that runs where galaxy.yml is not (a module in AnsiballZ on a host).

galaxy.yml is the one place the version is set: ``make release`` writes this file from it, and a unit
test fails when the two disagree. Do not edit by hand.
"""

from __future__ import annotations

COLLECTION_VERSION = '1.0.0'
