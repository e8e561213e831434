# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The unit tests install what the emulator needs: ansible-test reads tests/unit/requirements.txt alone."""

from __future__ import annotations

import pathlib

TESTS = pathlib.Path(__file__).resolve().parents[2]


def requirements(path: pathlib.Path) -> set[str]:
    lines = (line.split('#', 1)[0].strip() for line in path.read_text(encoding='utf-8').splitlines())
    return {line for line in lines if line}


def test_unit_requirements_hold_the_emulators() -> None:
    emulator = requirements(TESTS / 'emulator' / 'requirements.txt')
    assert emulator
    assert emulator <= requirements(TESTS / 'unit' / 'requirements.txt')
