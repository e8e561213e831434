# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The tags of the site and audit roles: every task tagged by its area (what --tags selects), as the READMEs
and argument specs document them. ansible-playbook --list-tags and --tags runs are in the role_site and
role_audit integration targets."""

from __future__ import annotations

import pathlib
import re
import typing as t

import pytest
import yaml

ROLES = pathlib.Path(__file__).resolve().parents[3] / 'roles'

SITE_TAGS = {
    'always',
    'storage',
    'dns',
    'pullzone',
    'hostnames',
    'edge_rules',
    'shield',
    'access_lists',
    'waf_rules',
    'containers',
    'registries',
    'video',
    'databases',
    'migrations',
}
AUDIT_TAGS = {'always', 'report', 'posture', 'shield', 'access_lists', 'containers', 'dns', 'drift'}


class Task(t.NamedTuple):
    file: str
    name: str
    action: str
    args: t.Any
    tags: frozenset[str]
    check_mode: bool = False  # the task's own check_mode keyword


def as_tags(value: t.Any) -> frozenset[str]:
    if value is None:
        return frozenset()
    return frozenset([value] if isinstance(value, str) else value)


def tasks_of(role: str, file: str = 'main.yml', inherited: frozenset[str] = frozenset()) -> list[Task]:
    """Every task of a role's task file with the tags it runs with (its own, and those of the blocks and
    import_tasks that hold it), import_tasks followed."""
    found: list[Task] = []

    def walk(items: list[dict[str, t.Any]], tags: frozenset[str]) -> None:
        for item in items:
            own = tags | as_tags(item.get('tags'))
            if 'block' in item:
                for part in ('block', 'rescue', 'always'):
                    walk(item.get(part) or [], own)
                continue
            action = next(key for key in item if '.' in key or key in ('import_tasks', 'include_tasks'))
            if action.endswith('import_tasks'):
                found.extend(tasks_of(role, item[action], own))
                continue
            found.append(Task(file, item['name'], action, item[action], own, item.get('check_mode') is True))

    walk(yaml.safe_load((ROLES / role / 'tasks' / file).read_text(encoding='utf-8')), inherited)
    return found


def documented_tags(role: str) -> set[str]:
    """The tags in the first column of the Tags table of the role's README."""
    text = (ROLES / role / 'README.md').read_text(encoding='utf-8')
    table = text.split('## Tags', 1)[1].split('\n## ', 1)[0]
    return {tag for row in re.findall(r'^\| (`[^|]*`) \|', table, re.MULTILINE) for tag in re.findall(r'`(\w+)`', row)}


@pytest.mark.parametrize('role, tags', [('site', SITE_TAGS), ('audit', AUDIT_TAGS)])
def test_every_task_is_tagged_by_its_area(role: str, tags: set[str]) -> None:
    tasks = tasks_of(role)
    untagged = [task.name for task in tasks if not task.tags]
    assert untagged == []
    assert set().union(*(task.tags for task in tasks)) == tags
    assert documented_tags(role) == tags
    spec = (ROLES / role / 'meta' / 'argument_specs.yml').read_text(encoding='utf-8')
    assert [tag for tag in sorted(tags) if f'C({tag})' not in spec] == []  # each named in the argument spec


def tags_of(tasks: list[Task], action: str) -> list[frozenset[str]]:
    return [task.tags for task in tasks if task.action == action]


def test_site_parts_run_under_their_own_tags() -> None:
    tasks = tasks_of('site')
    # The pull zone part is one module (it reads what it needs, checks everything, then writes): under every tag of
    # its parts, which it makes as the run's tags select them (site__parts).
    zone_part = {'pullzone', 'hostnames', 'edge_rules', 'shield', 'access_lists', 'waf_rules'}
    assert tags_of(tasks, 'edge.platform.site_pullzone') == [zone_part]
    for module in ('pullzone', 'pullzone_info', 'pullzone_hostname', 'pullzone_edge_rule', 'shield_zone'):
        assert tags_of(tasks, f'edge.platform.{module}') == [], module
    assert tags_of(tasks, 'edge.platform.container_registry') == [{'containers', 'registries'}]
    assert tags_of(tasks, 'edge.platform.dns_zone') == [{'dns'}]
    assert tags_of(tasks, 'edge.platform.video_blocked_referrer') == tags_of(tasks, 'edge.platform.video_thumbnail')
    assert tags_of(tasks, 'edge.platform.video_thumbnail') == [{'video'}]
    assert tags_of(tasks, 'edge.platform.db_token') == [{'databases', 'migrations'}]
    assert tags_of(tasks, 'edge.platform.db_query') == [{'databases', 'migrations'}] * 2
    summary = [task for task in tasks if task.action == 'ansible.builtin.set_fact' and 'site_result' in task.args]
    assert [task.tags for task in summary] == [{'always'}]
    # No task runs a module process (ansible.builtin.command, shell …): every module runs inside the worker.
    assert not [task for task in tasks if task.action in ('ansible.builtin.command', 'ansible.builtin.shell')]


def test_audit_parts_run_under_their_own_tags() -> None:
    tasks = tasks_of('audit')
    assert tags_of(tasks, 'edge.platform.container_app_info') == [{'posture', 'containers'}]
    # The pull zones are read for the Shield part, or (when only the container part runs) for the applications
    # they link, which audit_pullzones narrows to.
    # The DNS part checks the zones' records and hostnames against every pull zone.
    assert tags_of(tasks, 'edge.platform.pullzone_info') == [
        {'posture', 'shield', 'access_lists', 'dns'},
        {'posture', 'containers'},
    ]
    assert tags_of(tasks, 'edge.platform.dns_zone_info') == [{'posture', 'dns'}]
    assert {'posture', 'access_lists'} in tags_of(tasks, 'edge.platform.shield_zone_info')
    drift = [task for task in tasks if task.action == 'ansible.builtin.include_role']
    assert [task.tags for task in drift] == [{'drift'}]
    assert drift[0].args['apply']['tags'] == ['drift']  # the site's own tasks run under --tags drift
    assert tags_of(tasks, 'edge.platform.site_drift_info') == [{'drift'}]
    # A directory that holds no declaration stops the drift part, under its tag; the verdict is the report's.
    assert tags_of(tasks, 'ansible.builtin.fail') == [{'drift'}, {'always', 'report'}]
    for action in ('ansible.builtin.template', 'ansible.builtin.copy', 'ansible.builtin.debug'):
        assert tags_of(tasks, action) == [{'always', 'report'}]
