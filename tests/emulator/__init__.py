# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""A real HTTP server implementing the Edge Platform API, for tests and the demo.

Start it from the repository root with ``python -m tests.emulator``.
"""
