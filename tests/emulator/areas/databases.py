# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Databases area of the emulator."""

from __future__ import annotations

import typing as t

from ..core import Area, State


class Databases(Area):
    name = 'databases'

    def snapshot(self, state: State) -> dict[str, list[t.Any]]:
        return {'databases': []}
