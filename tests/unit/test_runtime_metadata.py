# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""meta/runtime.yml and galaxy.yml: the ansible-core versions supported, the version modules report.

That the action group lists every module is checked by antsibull-nox (extra-checks).
"""

from __future__ import annotations

import pathlib

import yaml

from ansible_collections.edge.platform.plugins.module_utils._version import COLLECTION_VERSION

ROOT = pathlib.Path(__file__).resolve().parents[2]


def modules() -> list[str]:
    return sorted(path.stem for path in (ROOT / 'plugins' / 'modules').glob('*.py') if path.stem != '__init__')


def test_requires_ansible() -> None:
    runtime = yaml.safe_load((ROOT / 'meta' / 'runtime.yml').read_text(encoding='utf-8'))
    assert runtime['requires_ansible'] == '>=2.16.0'


def test_every_module_documents_the_action_group() -> None:
    for name in modules():
        source = (ROOT / 'plugins' / 'modules' / f'{name}.py').read_text(encoding='utf-8')
        assert 'edge.platform.api.ACTIONGROUP_AND_CHECK' in source or 'edge.platform.api.INFO_MODULE' in source, (
            f'{name} does not document its attributes (action group, check mode)'
        )


def test_module_version_is_the_collection_version() -> None:
    """Modules report galaxy.yml's version; ``make release`` writes their copy of it."""
    galaxy = yaml.safe_load((ROOT / 'galaxy.yml').read_text(encoding='utf-8'))
    assert galaxy['version'] == COLLECTION_VERSION, 'run "make release" to write galaxy.yml\'s version into _version.py'
