# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The checks of the edge.platform.site role's variables that its argument spec cannot make, before any request:
the keys of a declared pull zone (``site_pullzone`` is also a name or an id, so the spec takes it as ``raw``) against
the options the spec documents for it, and what only the variables together tell.

Python rather than templates: these checks run first in every run of the role, and as a file lookup, ``from_yaml``
of the spec and a template over the variables they cost a converged site about a tenth of its time.
"""

from __future__ import annotations

import typing as t
from collections.abc import Mapping

import yaml
from ansible.module_utils.common.arg_spec import ArgumentSpecValidator

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


def declaration_options(spec_path: str) -> dict[str, t.Any]:
    """The options of ``site_pullzone`` as the role's argument spec (``meta/argument_specs.yml``) documents them."""
    with open(spec_path, encoding='utf-8') as spec_file:
        spec = yaml.load(spec_file, Loader=SafeLoader)  # noqa: S506 - the safe loader, in C when there is one
    return dict(spec['argument_specs']['main']['options']['site_pullzone']['options'])


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


def declaration_problem(pullzone: Mapping[str, t.Any], spec_path: str) -> str | None:
    """What is wrong with the keys of a declared pull zone, as ansible.builtin.validate_argument_spec says it."""
    spec = {'site_pullzone': {'type': 'dict', 'options': declaration_options(spec_path)}}
    result = ArgumentSpecValidator(spec).validate({'site_pullzone': plain(pullzone)})
    if not result.error_messages:
        return None
    return 'Validation of arguments failed:\n' + '\n'.join(result.error_messages)


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
    """Every problem of the role's variables (``site_pullzone``, ``site_shield``, ``site_access_lists``,
    ``site_migrations``), each a message; none when the run may start. A declared pull zone whose keys are wrong is
    reported alone, as the role's argument spec reports its own problems."""
    pullzone = variables.get('site_pullzone')
    if isinstance(pullzone, Mapping):
        problem = declaration_problem(pullzone, spec_path)
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
