# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Shield event logs (pages and CSV export) area of the emulator."""

from __future__ import annotations

from ..core import Area


class ShieldEvents(Area):
    name = 'shield_events'
