# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The old name of ``areas/database_pipeline.py``: importing it gives that very module.

Kept while module tests still import ``tests.emulator.hrana``; new code imports
``tests.emulator.areas.database_pipeline``.
"""

from __future__ import annotations

import sys

from .areas import database_pipeline

sys.modules[__name__] = database_pipeline
