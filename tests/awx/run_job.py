# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The demo's audit and site playbooks as AWX runs a job: ansible-runner on a private data directory.

    python tests/awx/run_job.py COLLECTIONS_PATH WORK_DIR

The layout is the one AWX gives a job: ``project/`` (the playbooks), ``inventory/hosts``,
``env/extravars``, and ``env/envvars`` holding what the credential type of
``extensions/awx/credential_type.yml`` injects, rendered as AWX renders it from the credential's
inputs (the emulator's, from the ``EDGE_*`` variables of scripts/lib.sh start_emulator). The built
collection is installed in COLLECTIONS_PATH, as AWX installs a project's collections.

Each job must end ``successful`` with events for its tasks and no failed or unreachable host (but
for failures the play ignores), and no artifact but the runner's own record of the job's
environment (``artifacts/<job>/command``) may hold the API key or the registry password of the demo.
"""

from __future__ import annotations

import collections
import os
import pathlib
import shutil
import sys
import typing as t

import ansible_runner
import jinja2
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
CREDENTIAL_TYPE = ROOT / 'extensions' / 'awx' / 'credential_type.yml'
DEMO = ROOT / 'demo'
# The secrets a job must not leak: the account's API key (a credential input) and the registry
# password of the demo site (a variable of the project).
DEMO_REGISTRY_PASSWORD = yaml.safe_load((DEMO / 'site_vars.yml').read_text())['site_registries'][0]['password']
# Where the runner records the command it ran with its environment; AWX keeps it out of job output.
RUNNER_ENVIRONMENT_RECORD = 'command'
# Where the demo's site playbook keeps the database token (demo/site.yml, under EDGE_DEMO_DIR).
DEMO_ENV_FILE = 'edge-demo-app.env'
# The events each job must have at least once.
EXPECTED_EVENTS = (
    'playbook_on_start',
    'playbook_on_play_start',
    'playbook_on_task_start',
    'runner_on_ok',
    'playbook_on_stats',
)


def credential_environment(inputs: dict[str, str]) -> dict[str, str]:
    """The environment the credential type injects for a credential with these inputs."""
    credential_type = yaml.safe_load(CREDENTIAL_TYPE.read_text())
    fields = {field['id']: field for field in credential_type['inputs']['fields']}
    assert fields['api_key'].get('secret') is True, 'the API key must be a secret input'
    injected = credential_type['injectors']['env']
    wanted = {
        'EDGE_API_KEY',
        'EDGE_API_URL',
        'EDGE_VIDEO_API_URL',
        'EDGE_LOGGING_API_URL',
        'EDGE_API_TIMEOUT',
        'EDGE_API_RETRIES',
    }
    assert wanted <= set(injected), f'the credential type does not inject {sorted(wanted - set(injected))}'
    # AWX renders a blank optional field as an empty string (the job then sees the variable set to '').
    values = {field: inputs.get(field, '') for field in fields}
    environment = jinja2.Environment(undefined=jinja2.StrictUndefined)
    return {name: environment.from_string(template).render(**values) for name, template in injected.items()}


def private_data_dir(work: pathlib.Path, collections_path: str) -> pathlib.Path:
    """A job's directory as AWX lays it out."""
    data = work / 'job'
    shutil.rmtree(data, ignore_errors=True)
    (data / 'project').mkdir(parents=True)
    for name in ('site.yml', 'audit.yml', 'site_vars.yml'):
        shutil.copy(DEMO / name, data / 'project' / name)
    (data / 'inventory').mkdir()
    (data / 'inventory' / 'hosts').write_text('localhost ansible_connection=local\n')
    (data / 'env').mkdir()
    inputs = {
        'api_key': os.environ['EDGE_API_KEY'],
        'api_url': os.environ['EDGE_API_URL'],
        'video_api_url': os.environ['EDGE_VIDEO_API_URL'],
        'logging_api_url': os.environ['EDGE_LOGGING_API_URL'],
    }
    envvars = credential_environment(inputs)
    envvars.update(
        {
            'ANSIBLE_COLLECTIONS_PATH': collections_path,
            # What the demo playbooks read besides the credential: where they write, the emulator's admin view.
            'EDGE_DEMO_DIR': str(work),
            'EDGE_ADMIN_URL': os.environ.get('EDGE_ADMIN_URL', ''),
        }
    )
    (data / 'env' / 'envvars').write_text(yaml.safe_dump(envvars))
    (data / 'env' / 'extravars').write_text(yaml.safe_dump({'audit_fail_on': 'never', 'demo_expect_no_change': False}))
    return data


def database_token(work: pathlib.Path) -> dict[str, str]:
    """The database token the site job keeps in its env file, once it has written one."""
    env_file = work / DEMO_ENV_FILE
    if not env_file.is_file():
        return {}
    values = dict(line.split('=', 1) for line in env_file.read_text().splitlines() if '=' in line)
    token = values.get('SERVICE_DATABASE_AUTH_TOKEN', '').strip().strip('"\'')
    return {'the database token': token} if token else {}


def check_job(data: pathlib.Path, name: str, runner: t.Any) -> list[str]:
    """What is wrong with the job's outcome, its events and its artifacts."""
    problems = []
    if runner.status != 'successful' or runner.rc != 0:
        problems.append(f'{name}: status {runner.status}, rc {runner.rc}')
    events = list(runner.events)
    counts = collections.Counter(event.get('event') for event in events)
    problems += [f'{name}: no {kind} event' for kind in EXPECTED_EVENTS if not counts[kind]]
    for event in events:
        if event.get('event') == 'runner_on_unreachable':
            problems.append(f"{name}: unreachable: {event['event_data'].get('task')}")
        if event.get('event') == 'runner_on_failed' and not event['event_data'].get('ignore_errors'):
            problems.append(f"{name}: failed: {event['event_data'].get('task')}")
    stats = runner.stats or {}
    if stats.get('failures') or stats.get('dark'):
        problems.append(f'{name}: play recap has failures {stats.get("failures")} or unreachable {stats.get("dark")}')
    secrets = {'the API key': os.environ['EDGE_API_KEY'], 'the registry password': DEMO_REGISTRY_PASSWORD}
    secrets.update(database_token(data.parent))
    for path in sorted((data / 'artifacts').rglob('*')):
        if not path.is_file() or path.name == RUNNER_ENVIRONMENT_RECORD:
            continue
        text = path.read_text(errors='replace')
        problems += [
            f'{name}: {label} in {path.relative_to(data)}' for label, secret in secrets.items() if secret in text
        ]
    print(
        f'{name}: {runner.status}, {len(events)} events, '
        + ', '.join(f'{kind} {counts[kind]}' for kind in sorted(counts) if kind.startswith('runner_on_'))
    )
    return problems


def main() -> int:
    collections_path, work = sys.argv[1], pathlib.Path(sys.argv[2])
    data = private_data_dir(work, collections_path)
    problems = []
    for name, playbook in (('audit', 'audit.yml'), ('site', 'site.yml')):
        runner = ansible_runner.run(private_data_dir=str(data), playbook=playbook, ident=name, quiet=True)
        problems += check_job(data, name, runner)
    if not database_token(work):
        problems.append(f'the site job wrote no database token to {DEMO_ENV_FILE}: the secret check missed it')
    if not (data / 'artifacts' / 'site' / RUNNER_ENVIRONMENT_RECORD).is_file():
        problems.append(
            f'the runner recorded no {RUNNER_ENVIRONMENT_RECORD} artifact: the secret check skipped the wrong file'
        )
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        stdout = data / 'artifacts' / 'site' / 'stdout'
        if stdout.is_file():
            print(stdout.read_text()[-4000:], file=sys.stderr)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
