# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""``--part N/PARTS`` runs one of PARTS shares of these tests, so the integration sessions run them on several workers
at once (tests/sessions/integration.py); each part resets its worker's emulator as a test starts.

The shares are even by weight: a test marked ``weight(N)`` counts N, any other 1 (a run of the every-module playbook
as module processes takes about twenty times the usual test). The heaviest go first, each to the lightest share, and
every part works the same shares out.
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption('--part', default='1/1', help='N/PARTS: run every PARTS-th test, from the N-th')


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line('markers', 'weight(n): the test counts n when the tests are shared out in parts (--part)')


def weight(item: pytest.Item) -> int:
    marker = item.get_closest_marker('weight')
    return int(marker.args[0]) if marker else 1


def shares(items: list[pytest.Item], parts: int) -> list[list[pytest.Item]]:
    """ITEMS in PARTS shares of about the same weight, each in the order of ITEMS."""
    totals = [0] * parts
    chosen: dict[int, int] = {}
    for index in sorted(range(len(items)), key=lambda index: -weight(items[index])):
        lightest = totals.index(min(totals))
        chosen[index] = lightest
        totals[lightest] += weight(items[index])
    return [[item for index, item in enumerate(items) if chosen[index] == share] for share in range(parts)]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    part, parts = (int(number) for number in str(config.getoption('--part')).split('/'))
    if not 1 <= part <= parts:
        raise pytest.UsageError(f'--part {part}/{parts}: the part must be 1 to {parts}')
    kept = shares(items, parts)[part - 1]
    config.hook.pytest_deselected(items=[item for item in items if item not in kept])
    items[:] = kept
