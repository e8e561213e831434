# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Every module's task reaches the one action plugin, as ansible-core's plugin loader resolves it.

A module without its route in ``meta/runtime.yml`` would silently run as a module process, even on the
controller; a route to a module that does not exist is a mistake. Both fail here.
"""

from __future__ import annotations

import importlib
import pathlib
import sys
import types
import typing as t

import pytest
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[4]
COLLECTIONS = ROOT.parents[2]
PLUGIN = 'edge.platform.pullzone_info'  # the one action plugin (a module's name: see meta/runtime.yml)


def modules() -> list[str]:
    return sorted(path.stem for path in (ROOT / 'plugins' / 'modules').glob('*.py') if path.stem != '__init__')


def runtime() -> dict[str, t.Any]:
    return t.cast('dict[str, t.Any]', yaml.safe_load((ROOT / 'meta' / 'runtime.yml').read_text(encoding='utf-8')))


def test_one_action_plugin() -> None:
    assert sorted(path.name for path in (ROOT / 'plugins' / 'action').glob('*.py')) == [
        '__init__.py',
        'pullzone_info.py',
    ]


def test_every_module_has_its_route_and_every_route_its_module() -> None:
    routes = runtime()['plugin_routing']['modules']
    missing = [name for name in modules() if name not in routes]
    assert not missing, (
        f'meta/runtime.yml plugin_routing.modules needs "<module>: {{action_plugin: {PLUGIN}}}" for {missing}: '
        'without it the module runs as a module process, even on the controller'
    )
    assert sorted(routes) == modules(), 'a route names a module that plugins/modules does not have'
    assert {name: route for name, route in routes.items() if route != {'action_plugin': PLUGIN}} == {}
    assert runtime()['action_groups']['edge'] == modules()
    assert 'action' not in runtime()['plugin_routing'], (
        'an action redirect makes module_defaults given for one module apply to every module'
    )


@pytest.fixture(scope='module')
def loader() -> t.Iterator[types.ModuleType]:
    """ansible-core's plugin loaders over this checkout, with the collection loader as ansible-playbook sets it up.

    ansible-test units installs one itself; plain pytest imports the collection as ordinary packages, which the
    plugin loader cannot read (no runtime metadata), so for this test the collection is imported afresh through
    a collection finder, and everything is put back after this file's tests (the loaders keep what they loaded).
    """
    from ansible.plugins import loader as plugin_loader
    from ansible.utils.collection_loader import AnsibleCollectionConfig
    from ansible.utils.collection_loader._collection_finder import _AnsibleCollectionFinder

    if AnsibleCollectionConfig.collection_finder is not None:
        yield plugin_loader
        return

    def collection_modules() -> list[str]:
        return [name for name in sys.modules if name.split('.')[0] == 'ansible_collections']

    saved = {name: sys.modules.pop(name) for name in collection_modules()}
    finder = _AnsibleCollectionFinder(paths=[str(COLLECTIONS)])
    finder._install()
    try:
        yield plugin_loader
    finally:
        _AnsibleCollectionFinder._remove()
        for name in collection_modules():
            del sys.modules[name]
        sys.modules.update(saved)


@pytest.mark.parametrize('name', modules())
def test_ansible_core_resolves_each_module_to_the_plugin(loader: types.ModuleType, name: str) -> None:
    from ansible.playbook.task import Task

    for action, collections in ((f'edge.platform.{name}', None), (name, ['edge.platform'])):
        module = loader.module_loader.find_plugin_with_context(action, collection_list=collections)
        assert module.resolved and module.resolved_fqcn == f'edge.platform.{name}', action
        # The task executor takes the module's action_plugin; nothing else under the module's own name comes first.
        assert module.action_plugin == PLUGIN
        if module.resolved_fqcn != PLUGIN:
            assert not loader.action_loader.has_plugin(action, collection_list=collections)
    plugin = loader.action_loader.get(PLUGIN, class_only=True)
    in_process = importlib.import_module('ansible_collections.edge.platform.plugins.plugin_utils._in_process')
    assert issubclass(plugin, in_process.InProcessAction)
    # module_defaults of this module stay this module's: ansible-core files them under the name this resolves to.
    assert Task()._resolve_action(f'edge.platform.{name}') == f'edge.platform.{name}'


def task_action(loader: types.ModuleType, action: str, collections: list[str] | None = None) -> t.Any:
    """The action plugin of a task ``action`` (as written in a playbook), without a playbook."""
    in_process = importlib.import_module('ansible_collections.edge.platform.plugins.plugin_utils._in_process')
    plugin = in_process.InProcessAction.__new__(in_process.InProcessAction)
    plugin._task = types.SimpleNamespace(action=action, collections=collections)
    plugin._shared_loader_obj = loader
    return plugin


def test_the_plugin_finds_the_module_of_the_task(loader: types.ModuleType) -> None:
    package = 'ansible_collections.edge.platform.plugins.modules'
    assert task_action(loader, 'edge.platform.db_info').task_module().__name__ == f'{package}.db_info'
    assert task_action(loader, 'db_info', ['edge.platform']).task_module().__name__ == f'{package}.db_info'
    assert task_action(loader, 'pullzone_info', ['other.collection', 'edge.platform']).task_module().__name__ == (
        f'{package}.pullzone_info'
    )
    assert task_action(loader, 'ansible.builtin.ping').task_module() is None
    assert task_action(loader, 'edge.platform.no_such_module').task_module() is None
