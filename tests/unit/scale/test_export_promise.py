# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The promise of an export, on an account of 1,000 pull zones: each declaration site_info writes, applied with
site_pullzone, changes nothing and writes nothing. Like the emulator's own tests, it runs with the newest ansible-core
only (noxfile.py): it tests the declarations at scale, which do not depend on ansible-core, and takes a minute of the
unit tests' time on each version."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.modules import site_info, site_pullzone
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator


def test_every_declaration_of_1000_pull_zones_is_found_as_declared(emulator: Emulator, run_module: t.Any) -> None:
    """The promise of an export at scale: each pull zone's declaration, applied, changes nothing and writes nothing."""
    emulator.rescale(1000)
    sites = run_module(site_info.main, COMMON_ARGS).result['sites']
    assert len(sites) == 1000
    for site in sites:
        declaration = site['declaration']
        args = dict(
            COMMON_ARGS,
            pullzone=declaration['site_pullzone'],
            shield=declaration.get('site_shield'),
            access_lists=declaration['site_access_lists'],
        )
        outcome = run_module(site_pullzone.main, args)
        assert not outcome.failed and not outcome.result['changed'], (site['pullzone_name'], outcome.result)
    assert emulator.writes == []
