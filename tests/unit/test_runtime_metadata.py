# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""meta/runtime.yml: the action group lists every module, and only modules that exist."""

from __future__ import annotations

import pathlib

import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]


def modules() -> list[str]:
    return sorted(path.stem for path in (ROOT / 'plugins' / 'modules').glob('*.py') if path.stem != '__init__')


def test_action_group_lists_every_module() -> None:
    runtime = yaml.safe_load((ROOT / 'meta' / 'runtime.yml').read_text(encoding='utf-8'))
    group = runtime['action_groups']['edge']
    assert sorted(group) == modules()
    assert group == sorted(group), 'keep the action group sorted'


def test_requires_ansible() -> None:
    runtime = yaml.safe_load((ROOT / 'meta' / 'runtime.yml').read_text(encoding='utf-8'))
    assert runtime['requires_ansible'] == '>=2.17.0'


def test_every_module_documents_the_action_group() -> None:
    for name in modules():
        source = (ROOT / 'plugins' / 'modules' / f'{name}.py').read_text(encoding='utf-8')
        assert ('edge.platform.api.ACTIONGROUP_AND_CHECK' in source or 'edge.platform.api.INFO_MODULE' in source), \
            f'{name} does not document its attributes (action group, check mode)'
