# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Every option is written once, in its module's table (module_utils/_tables/), and the argument spec and the
documentation are made from it (sanity's validate-modules and tests/unit/plugins/module_utils/test_tables.py check
them). What a module can still write beside its table is the Field of its resource (a write-only password, a
comparison of its own): each must be an option of the module, of the kind the field handles.

It lives outside tests/unit/plugins/modules: ansible-test runs the tests there as a target's, where only
ansible.module_utils can be imported."""

from __future__ import annotations

import importlib
import inspect
import pathlib
import typing as t

import pytest
import yaml
from ansible.module_utils.basic import FILE_COMMON_ARGUMENTS

from ansible_collections.edge.platform.plugins.module_utils import _common
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_documentation import documentation_blocks

MODULE_DIR = pathlib.Path(__file__).parents[3] / 'plugins' / 'modules'
MODULES = sorted(path.stem for path in MODULE_DIR.glob('*.py') if path.stem != '__init__')


class SpecCaptured(Exception):
    def __init__(self, argument_spec: dict[str, t.Any]) -> None:
        super().__init__('captured')
        self.argument_spec = argument_spec


def argument_spec_of(name: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, t.Any]:
    """The argument spec a module hands to Ansible, taken as it is handed over (the module stops there)."""

    def capture(self: t.Any, argument_spec: dict[str, t.Any], **kwargs: t.Any) -> None:
        if kwargs.get('add_file_common_args'):  # as AnsibleModule adds them
            argument_spec = {**FILE_COMMON_ARGUMENTS, **argument_spec}
        raise SpecCaptured(argument_spec)

    monkeypatch.setattr(_common._AnsibleModule, '__init__', capture)
    module = importlib.import_module(f'ansible_collections.edge.platform.plugins.modules.{name}')
    with pytest.raises(SpecCaptured) as captured:
        module.main()
    return captured.value.argument_spec


def documented_options(name: str) -> dict[str, t.Any]:
    """The options ansible-doc shows: the module's own and those of the doc fragments it extends."""
    documentation = yaml.safe_load(documentation_blocks(MODULE_DIR / f'{name}.py')['DOCUMENTATION'])
    options: dict[str, t.Any] = {}
    for fragment in documentation.get('extends_documentation_fragment') or []:
        # edge.platform.<fragment>[.<part>] or ansible.builtin.<fragment>
        namespace, _dot, plugin = fragment.partition('.')[2].partition('.')
        fragment_name, _dot, attribute = plugin.partition('.')
        package = 'ansible.plugins' if namespace == 'builtin' else 'ansible_collections.edge.platform.plugins'
        fragments = importlib.import_module(f'{package}.doc_fragments.{fragment_name}')
        text = getattr(fragments.ModuleDocFragment, attribute or 'DOCUMENTATION')
        for option, spec in (yaml.safe_load(text).get('options') or {}).items():
            options.setdefault(option, {}).update(spec)
    for option, spec in (documentation.get('options') or {}).items():
        options.setdefault(option, {}).update(spec)
    return options


_resources_package = 'ansible_collections.edge.platform.plugins.module_utils._resources'


def resources_of(name: str) -> list[type[EdgeResource]]:
    module = importlib.import_module(f'ansible_collections.edge.platform.plugins.modules.{name}')
    return [
        member
        for member in vars(module).values()
        if inspect.isclass(member)
        and issubclass(member, EdgeResource)
        and member.__module__ in (module.__name__, f'{_resources_package}.{name}')
    ]


@pytest.mark.parametrize('name', MODULES)
def test_every_field_is_an_option_of_the_right_kind(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    argument_spec = argument_spec_of(name, monkeypatch)
    for resource in resources_of(name):
        for field in resource.fields:
            spec = argument_spec.get(field.option)
            assert spec is not None, f'{resource.__name__}: field {field.option} is no option'
            if field.choices is not None:
                assert sorted(spec.get('choices') or ()) == sorted(field.choices), field.option
            if field.members:
                assert spec.get('type') == 'list', f'{field.option}: a set field takes a list'
            if field.write_only:
                assert spec.get('no_log') is True, f'{field.option}: a write-only field is a secret'


def test_the_writing_modules_have_their_field_tables_found() -> None:
    # The comparison above is only as good as its finding of the resources.
    assert {name for name in MODULES if resources_of(name)} >= {
        'container_registry',
        'shield_access_list',
        'shield_zone',
        'video_blocked_referrer',
        'video_thumbnail',
    }
