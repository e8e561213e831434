# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The demo's audit and site playbooks as AWX runs a job, through the recipe of docs/awx.md.

    python tests/awx/run_job.py COLLECTIONS_PATH WORK_DIR

The recipe ("A job on your machine with ansible-runner") runs as written with bash, but for its four settings:
the project (the demo's playbooks), the playbook, the credential file and the secrets file. The credential file
holds what the credential type of ``extensions/awx/credential_type.yml`` injects, rendered as AWX renders it from
the credential's inputs (the emulator's, from the ``EDGE_*`` variables of the environment, which the job itself
does not inherit); the secrets file holds the demo site's registry, with a password, as extra variables. The built
collection is installed in COLLECTIONS_PATH, as AWX installs a project's collections.

Each job must end ``successful`` with events for its tasks and no failed or unreachable host (but for failures the
play ignores), and no file the job leaves behind (artifacts, project, inventory) may hold the API key, the
registry password or the database token the site job writes.
"""

from __future__ import annotations

import collections
import json
import os
import pathlib
import re
import subprocess
import sys
import typing as t
import urllib.request

import jinja2
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
CREDENTIAL_TYPE = ROOT / 'extensions' / 'awx' / 'credential_type.yml'
GUIDE = ROOT / 'docs' / 'awx.md'
DEMO = ROOT / 'demo'
# The recipe: the sh block right after its marker comment; its settings, each a line NAME=VALUE of its own.
RECIPE = re.compile(r'^<!-- recipe: a local ansible-runner job .*?-->\n```sh\n(?P<script>.*?)^```$', re.M | re.S)
SETTINGS = ('project', 'playbook', 'credential', 'secrets')
# The password of the demo site's registry, given to the job as a secret extra variable.
REGISTRY_PASSWORD = 'awx-job-registry-password-6c1e0f'
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


def secret_file(path: pathlib.Path, data: t.Any) -> pathlib.Path:
    """DATA as JSON in PATH, mode 0600 from its first byte."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, 'w') as file:
        json.dump(data, file)
    return path


def recipe(settings: dict[str, str]) -> str:
    """The recipe of docs/awx.md with these settings in place of its own."""
    match = RECIPE.search(GUIDE.read_text())
    assert match, f'{GUIDE.name} has no recipe of a local ansible-runner job'
    script = match.group('script')
    for name, value in settings.items():
        script, count = re.subn(rf'^{name}=.*$', f'{name}={value}', script, count=1, flags=re.M)
        assert count == 1, f'the recipe sets no {name}'
    return script


def run_recipe(work: pathlib.Path, name: str, playbook: str, collections_path: str) -> pathlib.Path:
    """The job of PLAYBOOK (NAME) through the recipe; its private data directory."""
    project = work / f'{name}-project'
    project.mkdir()
    for file in ('site.yml', 'audit.yml', 'site_vars.yml'):
        (project / file).write_text((DEMO / file).read_text())
    inputs = {
        'api_key': os.environ['EDGE_API_KEY'],
        'api_url': os.environ['EDGE_API_URL'],
        'video_api_url': os.environ['EDGE_VIDEO_API_URL'],
        'logging_api_url': os.environ['EDGE_LOGGING_API_URL'],
    }
    credential = secret_file(work / f'{name}-credential.json', credential_environment(inputs))
    site = yaml.safe_load((DEMO / 'site_vars.yml').read_text())
    registries = [{**registry, 'password': REGISTRY_PASSWORD} for registry in site['site_registries']]
    extra = {'site_registries': registries, 'audit_fail_on': 'never', 'demo_expect_no_change': False}
    secrets = secret_file(work / f'{name}-secrets.json', extra)
    script = recipe(
        {'project': str(project), 'playbook': playbook, 'credential': str(credential), 'secrets': str(secrets)}
    )
    # The job's environment is the credential's, not this process's (which points at the emulator too).
    environment = {key: value for key, value in os.environ.items() if not key.startswith('EDGE_')}
    environment.update(ANSIBLE_COLLECTIONS_PATH=collections_path, EDGE_DEMO_DIR=str(work), TMPDIR=str(work))
    run = subprocess.run(['bash', '-c', script], env=environment, capture_output=True, text=True, check=False)
    shown = re.search(r'^artifacts: (.+)$', run.stdout, re.M)
    assert shown, f'{name}: the recipe did not say where the artifacts are (exit {run.returncode}):\n{run.stderr}'
    return pathlib.Path(shown.group(1)).parents[1]


def job_events(artifacts: pathlib.Path) -> list[dict[str, t.Any]]:
    return [json.loads(path.read_text()) for path in sorted((artifacts / 'job_events').glob('*.json'))]


def check_job(data: pathlib.Path, name: str, secrets: dict[str, str]) -> list[str]:
    """What is wrong with the job's outcome, its events and every file it left."""
    artifacts = data / 'artifacts' / 'job'
    status = (artifacts / 'status').read_text().strip() if (artifacts / 'status').is_file() else 'no status'
    rc = (artifacts / 'rc').read_text().strip() if (artifacts / 'rc').is_file() else 'no rc'
    problems = [f'{name}: status {status}, rc {rc}'] if (status, rc) != ('successful', '0') else []
    events = job_events(artifacts)
    counts = collections.Counter(event.get('event') for event in events)
    problems += [f'{name}: no {kind} event' for kind in EXPECTED_EVENTS if not counts[kind]]
    for event in events:
        if event.get('event') == 'runner_on_unreachable':
            problems.append(f"{name}: unreachable: {event['event_data'].get('task')}")
        if event.get('event') == 'runner_on_failed' and not event['event_data'].get('ignore_errors'):
            problems.append(f"{name}: failed: {event['event_data'].get('task')}")
    stats = next((event['event_data'] for event in events if event.get('event') == 'playbook_on_stats'), {})
    if stats.get('failures') or stats.get('dark'):
        problems.append(f'{name}: play recap has failures {stats.get("failures")} or unreachable {stats.get("dark")}')
    if (data / 'env').exists():
        problems.append(f'{name}: the recipe left env/ (the credential and the secrets) behind')
    command = json.loads((artifacts / 'command').read_text()) if (artifacts / 'command').is_file() else {}
    if command.get('env', {}).get('EDGE_API_KEY') != '**********':
        problems.append(f'{name}: the command artifact does not record the API key masked: {sorted(command)}')
    for path in sorted(data.rglob('*')):
        if path.is_file():
            text = path.read_text(errors='replace')
            problems += [
                f'{name}: {label} in {path.relative_to(data)}' for label, secret in secrets.items() if secret in text
            ]
    print(f'{name}: {status}, {len(events)} events, ' + ', '.join(
        f'{kind} {counts[kind]}' for kind in sorted(counts) if kind.startswith('runner_on_')
    ))  # fmt: skip
    return problems


def database_token(work: pathlib.Path) -> dict[str, str]:
    """The database token the site job keeps in its env file, once it has written one."""
    env_file = work / DEMO_ENV_FILE
    if not env_file.is_file():
        return {}
    values = dict(line.split('=', 1) for line in env_file.read_text().splitlines() if '=' in line)
    token = values.get('SERVICE_DATABASE_AUTH_TOKEN', '').strip().strip('"\'')
    return {'the database token': token} if token else {}


def registry_password_used() -> bool:
    """Whether the site job created the demo's registry with the secret extra variable's password (the service
    shows its first and last characters)."""
    with urllib.request.urlopen(f"{os.environ['EDGE_ADMIN_URL']}/state?only=registries", timeout=30) as answer:
        registries = json.load(answer)['registries']
    return any(
        (registry['firstPasswordSymbols'], registry['lastPasswordSymbols'])
        == (REGISTRY_PASSWORD[:3], REGISTRY_PASSWORD[-3:])
        for registry in registries
    )


def main() -> int:
    collections_path, work = sys.argv[1], pathlib.Path(sys.argv[2])
    jobs = {name: run_recipe(work, name, f'{name}.yml', collections_path) for name in ('audit', 'site')}
    secrets = {'the API key': os.environ['EDGE_API_KEY'], 'the registry password': REGISTRY_PASSWORD}
    secrets.update(database_token(work))
    problems = [problem for name, data in jobs.items() for problem in check_job(data, name, secrets)]
    if 'the database token' not in secrets:
        problems.append(f'the site job wrote no database token to {DEMO_ENV_FILE}: the secret check missed it')
    if not registry_password_used():
        problems.append('the site job did not use the registry password of env/extravars: the secret check missed it')
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        stdout = jobs['site'] / 'artifacts' / 'job' / 'stdout'
        if stdout.is_file():
            print(stdout.read_text()[-4000:], file=sys.stderr)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
