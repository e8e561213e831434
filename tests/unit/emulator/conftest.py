# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Fixtures of the emulator tests: a seeded state and in-process clients of its apps."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.emulator.areas import AREAS
from ansible_collections.edge.platform.tests.emulator.core import State
from ansible_collections.edge.platform.tests.emulator.server import admin_app, build_service
from ansible_collections.edge.platform.tests.unit.helpers import EMULATOR_KEY


@pytest.fixture
def state() -> State:
    """The emulator's state at the default scale (12 pull zones), freshly seeded."""
    seeded = State(api_key=EMULATOR_KEY, scale=12, areas=AREAS)
    seeded.reset()
    return seeded


@pytest.fixture
def api(state: State) -> TestClient:
    """The management API, authenticated."""
    return TestClient(build_service('api', state), headers={'AccessKey': EMULATOR_KEY})


@pytest.fixture
def admin(state: State) -> TestClient:
    return TestClient(admin_app(state))
