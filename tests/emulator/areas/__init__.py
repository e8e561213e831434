# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""The API areas of the emulator, seeded in this order (later areas read earlier ones)."""

from __future__ import annotations

from .audit_log import AuditLog
from .cdn_logs import CdnLogs
from .containers import Containers
from .databases import Databases
from .dns import Dns
from .pullzones import PullZones
from .shield import Shield
from .shield_events import ShieldEvents
from .shield_rules import ShieldRules
from .storage import Storage
from .traffic import Traffic
from .video import Video

AREAS = (
    PullZones(),
    Shield(),
    ShieldRules(),
    ShieldEvents(),
    CdnLogs(),
    Containers(),
    Video(),
    Databases(),
    Storage(),
    Dns(),
    Traffic(),
    AuditLog(),
)
