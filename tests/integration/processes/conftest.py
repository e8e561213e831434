# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""``--part N/PARTS`` runs every PARTS-th test from the N-th, so the integration sessions run these tests on several
workers at once (tests/sessions/integration.py); each part resets its worker's emulator as a test starts."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption('--part', default='1/1', help='N/PARTS: run every PARTS-th test, from the N-th')


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    part, parts = (int(number) for number in str(config.getoption('--part')).split('/'))
    if not 1 <= part <= parts:
        raise pytest.UsageError(f'--part {part}/{parts}: the part must be 1 to {parts}')
    kept = items[part - 1 :: parts]
    config.hook.pytest_deselected(items=[item for item in items if item not in kept])
    items[:] = kept
