# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""meta/runtime.yml and galaxy.yml: the ansible-core versions supported, the version modules report.

That the action group lists every module is checked by antsibull-nox (extra-checks).
"""

from __future__ import annotations

import pathlib
import re

import yaml

from ansible_collections.edge.platform.plugins.module_utils import _version

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


def test_modules_read_the_version_from_galaxy_yml(monkeypatch) -> None:
    """galaxy.yml is the one place the version is set; modules read it (or MANIFEST.json once installed)."""
    galaxy = yaml.safe_load((ROOT / 'galaxy.yml').read_text(encoding='utf-8'))
    monkeypatch.delenv(_version.VERSION_VARIABLE, raising=False)
    assert _version.collection_version() == galaxy['version']
    assert not re.search(
        r"\d+\.\d+\.\d+", (ROOT / 'plugins' / 'module_utils' / '_version.py').read_text(encoding='utf-8')
    )


def test_a_packed_module_takes_the_version_the_action_passes(monkeypatch, tmp_path) -> None:
    """Away from the collection's files (AnsiballZ on a host), the version comes from the action plugin."""
    monkeypatch.setattr(_version, '_COLLECTION_ROOT', str(tmp_path))
    _version._from_metadata.cache_clear()
    try:
        monkeypatch.delenv(_version.VERSION_VARIABLE, raising=False)
        assert _version.collection_version() == 'unknown'
        monkeypatch.setenv(_version.VERSION_VARIABLE, '9.8.7')
        assert _version.collection_version() == '9.8.7'
        (tmp_path / 'MANIFEST.json').write_text('{"collection_info": {"version": "1.2.3"}}', encoding='utf-8')
        _version._from_metadata.cache_clear()
        assert _version.collection_version() == '1.2.3'
    finally:
        _version._from_metadata.cache_clear()
