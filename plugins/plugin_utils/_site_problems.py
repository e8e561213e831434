# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The checks of the edge.platform.site role's variables, before any request: every variable against the options its
argument spec documents (a declared pull zone too: ``site_pullzone`` is also a name or an id), and what only the
variables together tell.

A value that does not fit its option is never repeated in a message when the option does not take any text (a boolean,
a number, a choice): a private key given to the wrong option by mistake stays secret. So the spec declares the
variables whose options take such values ``raw`` (their options documented, Ansible's own check of the role's
arguments, which repeats a value it cannot convert, left to this one).

Python rather than templates: these checks run first in every run of the role, and as a file lookup, ``from_yaml``
of the spec and a template over the variables they cost a converged site about a tenth of its time.
"""

from __future__ import annotations

import typing as t
from collections.abc import Mapping

import yaml
from ansible.module_utils.common.arg_spec import ArgumentSpecValidator
from ansible.module_utils.common.validation import (
    check_type_bool,
    check_type_dict,
    check_type_float,
    check_type_int,
)

#: A declared pull zone's settings that would change which pull zone is meant, or how the API is reached: the
#: settings reach edge.platform.pullzone as its module_defaults.
NOT_SETTINGS = frozenset(
    (
        'name',
        'id',
        'state',
        'origin_url',
        'api_key',
        'api_url',
        'video_api_url',
        'logging_api_url',
        'validate_certs',
        'ca_path',
        'api_timeout',
        'api_retries',
    )
)

SafeLoader: type[yaml.SafeLoader] = getattr(yaml, 'CSafeLoader', yaml.SafeLoader)


# What a check says instead of a value that does not fit an option that takes no free text.
NOT_SHOWN = '(a value that is not shown)'
# The checks of the option types that convert a value, and fail on one that does not fit.
CONVERTERS: dict[str, t.Callable[[t.Any], t.Any]] = {
    'bool': check_type_bool,
    'int': check_type_int,
    'float': check_type_float,
    'dict': check_type_dict,
}


def role_options(spec_path: str) -> dict[str, t.Any]:
    """The variables of the role as its argument spec (``meta/argument_specs.yml``) documents them, each as the check
    takes it: a ``raw`` variable (or list element) with options is the dict they describe."""
    with open(spec_path, encoding='utf-8') as spec_file:
        spec = yaml.load(spec_file, Loader=SafeLoader)  # noqa: S506 - the safe loader, in C when there is one
    return {name: checkable(option) for name, option in spec['argument_specs']['main']['options'].items()}


def checkable(option: t.Mapping[str, t.Any]) -> dict[str, t.Any]:
    checked = {key: value for key, value in option.items() if key not in ('description', 'version_added')}
    if checked.get('options'):
        if checked.get('type') == 'raw':
            checked['type'] = 'dict'
        if checked.get('elements') == 'raw':
            checked['elements'] = 'dict'
        checked['options'] = {name: checkable(sub) for name, sub in checked['options'].items()}
    return checked


def fits(kind: str | None, choices: t.Sequence[object] | None, value: object) -> bool:
    """Whether ``value`` converts to ``kind`` and is one of ``choices`` (when there are any)."""
    converter = CONVERTERS.get(kind or 'str')
    if converter is not None:
        try:
            converter(value)
        except (TypeError, ValueError):
            return False
    return choices is None or value in choices or str(value) in map(str, choices)


def shown(option: t.Mapping[str, t.Any], value: object) -> object:
    """``value`` as a check may repeat it: one that does not fit an option that takes no free text becomes
    ``NOT_SHOWN``, in dicts and lists of them too."""
    kind, choices = option.get('type'), option.get('choices')
    if kind == 'list':
        if not isinstance(value, list):
            return value
        elements, sub = option.get('elements'), option.get('options')
        if elements == 'dict' and sub:
            return [hidden(sub, item) if isinstance(item, Mapping) else item for item in value]
        if elements in CONVERTERS or choices is not None:
            return [item if fits(elements, choices, item) else NOT_SHOWN for item in value]
        return value
    if (kind in CONVERTERS or choices is not None) and not fits(kind, choices, value):
        return NOT_SHOWN
    if kind == 'dict' and option.get('options') and isinstance(value, Mapping):
        return hidden(option['options'], value)
    return value


def hidden(options: t.Mapping[str, t.Any], values: t.Mapping[str, t.Any]) -> dict[str, t.Any]:
    return {
        key: shown(options[key], value) if key in options and value is not None else value
        for key, value in values.items()
    }


def variables_problem(variables: t.Mapping[str, t.Any], options: t.Mapping[str, t.Any]) -> str | None:
    """What is wrong with the variables against their options, as ansible.builtin.validate_argument_spec says it,
    without a value that does not fit an option that takes no free text."""
    given = {name: plain(value) for name, value in variables.items() if name in options and value is not None}
    spec = {name: option for name, option in options.items() if name in given}
    if 'site_pullzone' in spec:  # a declaration is checked against its options; a name or an id is looked up
        if isinstance(given['site_pullzone'], Mapping):
            spec['site_pullzone'] = dict(spec['site_pullzone'], type='dict')
        else:
            del spec['site_pullzone'], given['site_pullzone']
    result = ArgumentSpecValidator(spec).validate(hidden(spec, given))
    if not result.error_messages:
        return None
    return 'Validation of arguments failed:\n' + '\n'.join(result.error_messages)


def plain(value: object) -> object:
    """``value`` as plain Python data. The validator deep-copies what it checks, and a template's value from a newer
    ansible-core is a lazy container that copies its whole templating context with it (a second per check)."""
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    for kind in (bool, int, float, str):
        if isinstance(value, kind):
            return kind(value)
    return value


def settings_problem(pullzone: object) -> str | None:
    if not isinstance(pullzone, Mapping):
        return None
    refused = sorted(set(pullzone.get('settings') or {}) & NOT_SETTINGS)
    if not refused:
        return None
    how = (
        'give the origin as site_pullzone.origin'
        if 'origin_url' in refused
        else 'the pull zone is site_pullzone.name; connection options come from module_defaults or the environment'
    )
    return f"site_pullzone.settings: {', '.join(refused)} cannot be a setting ({how})"


def migrations_problem(migrations: list[Mapping[str, t.Any]]) -> str | None:
    versions = [migration.get('version') for migration in migrations]
    # Ansible's integers from YAML are int subclasses; a bool is not a version.
    numbers = [version for version in versions if isinstance(version, int) and not isinstance(version, bool)]
    if numbers == versions and all(number > 0 for number in numbers) and numbers == sorted(set(numbers)):
        return None
    return f'site_migrations: versions must be positive integers, in ascending order, each once (got {versions})'


def site_problems(variables: Mapping[str, t.Any], spec_path: str) -> list[str]:
    """Every problem of the role's variables (``site_*``), each a message; none when the run may start. Variables that
    do not fit their options are reported alone, as Ansible's check of a role's arguments reports them."""
    pullzone = variables.get('site_pullzone')
    problem = variables_problem(variables, role_options(spec_path))
    if problem:
        return [problem]
    problems = []
    if pullzone is None and (variables.get('site_shield') is not None or variables.get('site_access_lists')):
        problems.append('site_pullzone is required with site_shield or site_access_lists')
    problems.extend(
        problem
        for problem in (settings_problem(pullzone), migrations_problem(list(variables.get('site_migrations') or [])))
        if problem
    )
    return problems
