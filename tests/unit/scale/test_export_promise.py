# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The promise of an export, on an account of 1,000 pull zones: each declaration site_info writes, planned as a run of
the site role plans it, changes nothing and writes nothing. Like the emulator's own tests, it runs with the newest
ansible-core only (noxfile.py): it tests the declarations at scale, which do not depend on ansible-core."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.modules import site_drift_info, site_info
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator


def test_every_declaration_of_1000_pull_zones_is_found_as_declared(emulator: Emulator, run_module: t.Any) -> None:
    """The promise of an export at scale: each pull zone's declaration (and the account's), planned as a run of the
    site role plans it (site_drift_info: the code site_pullzone runs, the account read once), changes nothing; and no
    request is made of any one pull zone."""
    emulator.rescale(1000)
    read = run_module(site_info.main, dict(COMMON_ARGS, include_account=True)).result
    assert len(read['sites']) == 1000
    declarations = [{'file': site['pullzone_name'], 'declaration': site['declaration']} for site in read['sites']]
    account = {key: value for key, value in read['account'].items() if key != 'left_out'}
    emulator.forget_requests()
    outcome = run_module(
        site_drift_info.main,
        dict(COMMON_ARGS, declarations=[*declarations, {'file': 'account', 'declaration': account}], audit_log_days=0),
    )
    assert not outcome.failed, outcome.result
    planned = outcome.result['declarations']
    assert [(item['file'], item['error']) for item in planned if item['changed'] or item['error']] == []
    assert emulator.writes == []
    paths = [call.path for call in emulator.sent]
    assert paths.count('/pullzone') == 1 and not [path for path in paths if path.startswith('/pullzone/')]
