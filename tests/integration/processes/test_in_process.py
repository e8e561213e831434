# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The two ways a module runs give the same result.

Each test runs real ``ansible-playbook`` processes against a real emulator: once with the
modules inside the controller (the default on a local connection) and once as module
processes (``EDGE_PLATFORM_IN_PROCESS=false``), from the same emulator state, and compares
every task result as callbacks receive it and what the user sees on the screen.

The integration sessions run these with pytest on each ansible-core, as a job of their queue beside the targets,
against the worker's emulator (its EDGE_* variables, reset by each test); alone, each test starts an emulator.
"""

from __future__ import annotations

import base64
import datetime
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import typing as t

import pytest
import requests
import yaml

from ansible_collections.edge.platform.tests.certificates import make_certificate
from ansible_collections.edge.platform.tests.emulator.areas.video import png

ROOT = pathlib.Path(__file__).resolve().parents[3]
COLLECTIONS = ROOT.parents[2]
CALLBACKS = pathlib.Path(__file__).resolve().parent / 'callback_plugins'
REGISTRY_PASSWORD = 'dckr_pat_Equality-Secret-1234'
# The custom certificate of the seeded hostname assets-000.brand.example the playbook uploads, and a key of another.
CERTIFICATE = make_certificate(['assets-000.brand.example'], days_left=200)
OTHER_KEY = make_certificate(['assets-000.brand.example']).key


def key_texts(key: str) -> list[str]:
    """A private key as any output could show it: its PEM, its Base64 body (whole, and each line), the Base64 of
    the PEM (as uploaded)."""
    body = [line for line in key.splitlines() if line and '-----' not in line]
    return [key, ''.join(body), *body, base64.b64encode(key.encode()).decode(), json.dumps(key)[1:-1]]


# Values that legitimately differ between two runs: timestamps the emulator sets at write time.
VOLATILE = re.compile(r'\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z?')

# Every connection option of the action group, as the tests' extra variable edge holds them.
CONNECTION = ('api_key', 'api_url', 'video_api_url', 'logging_api_url')


def play(name: str, connection: tuple[str, ...] = CONNECTION) -> str:
    """The head of a play on localhost with the controller's Python and the CONNECTION options as module_defaults
    of the action group; its tasks follow."""
    defaults = ''.join(f'\n      {option}: "{{{{ edge.{option} }}}}"' for option in connection)
    group = f'\n  module_defaults:\n    group/edge.platform.edge:{defaults}' if connection else ''
    return f'''
- name: {name}
  hosts: localhost
  gather_facts: false
  vars:
    ansible_python_interpreter: "{{{{ ansible_playbook_python }}}}"{group}
  tasks:'''


# Every module, reading and writing, succeeding and failing.
PLAYBOOK = (
    play('Every module of the collection')
    + '''
    - name: pullzone_info by name
      edge.platform.pullzone_info:
        name: assets-000

    - name: pullzone_info refuses bad input
      edge.platform.pullzone_info:
        id: -3
      ignore_errors: true

    - name: pullzone create
      edge.platform.pullzone:
        name: equality-zone
        origin_url: https://origin.example.com
        blocked_countries: [KP]
        aws_signing_enabled: true
        aws_signing_key: equality-key
        aws_signing_secret: "{{ registry_password }}"

    - name: pullzone update
      edge.platform.pullzone:
        name: assets-000
        blocked_countries: [KP, IR]
        allowed_referrers: [www.example.com]

    - name: pullzone_hostname with a certificate
      edge.platform.pullzone_hostname:
        pullzone_name: assets-000
        hostname: cdn.equality.example
        certificate: free
        force_ssl: true

    - name: pullzone_hostname with a custom certificate
      edge.platform.pullzone_hostname:
        pullzone_id: 1001
        hostname: assets-000.brand.example
        certificate: custom
        custom_certificate: "{{ certificate.certificate }}"
        custom_certificate_key: "{{ certificate.key }}"

    - name: pullzone_hostname with a custom certificate again
      edge.platform.pullzone_hostname:
        pullzone_id: 1001
        hostname: assets-000.brand.example
        certificate: custom
        custom_certificate: "{{ certificate.certificate }}"
        custom_certificate_key: "{{ certificate.key }}"

    - name: pullzone_hostname given the key as certificate
      edge.platform.pullzone_hostname:
        pullzone_id: 1001
        hostname: assets-000.brand.example
        certificate: "{{ certificate.key }}"
      ignore_errors: true

    - name: pullzone_hostname given the key as custom_certificate
      edge.platform.pullzone_hostname:
        pullzone_id: 1001
        hostname: assets-000.brand.example
        certificate: custom
        custom_certificate: "{{ certificate.key }}"
      ignore_errors: true

    - name: pullzone_hostname given a key that is not the certificate's
      edge.platform.pullzone_hostname:
        pullzone_id: 1001
        hostname: assets-000.brand.example
        certificate: custom
        custom_certificate: "{{ certificate.certificate }}"
        custom_certificate_key: "{{ other_key }}"
      ignore_errors: true

    - name: pullzone_hostname without its certificate
      edge.platform.pullzone_hostname:
        pullzone_id: 1001
        hostname: assets-000.brand.example
        certificate: none

    - name: pullzone_edge_rule
      edge.platform.pullzone_edge_rule:
        pullzone_id: 1001
        description: Block scanners
        action: block_request
        triggers:
          - type: request_header
            parameter_1: User-Agent
            patterns: ["*sqlmap*"]

    - name: pullzone_purge of a cache tag
      edge.platform.pullzone_purge:
        pullzone_id: 1001
        cache_tag: product-images

    - name: pullzone_purge of URLs
      edge.platform.pullzone_purge:
        urls: [https://assets-000.edge-cdn.test/a.css]

    - name: pullzone_purge of a pull zone that does not exist
      edge.platform.pullzone_purge:
        pullzone_name: no-such-zone
      ignore_errors: true

    - name: pullzone remove
      edge.platform.pullzone:
        name: equality-zone
        state: absent

    - name: shield_zone create
      edge.platform.shield_zone:
        pullzone_id: 1003
        waf_enabled: true
        waf_execution_mode: block

    - name: shield_zone update
      edge.platform.shield_zone:
        pullzone_id: 1001
        waf_execution_mode: log
        waf_disabled_rules: ["920170"]

    - name: shield_access_list create
      edge.platform.shield_access_list:
        pullzone_id: 1001
        name: blocked
        type: ip
        entries: [192.0.2.1, 192.0.2.2]
        action: block

    - name: shield_access_list change entries
      edge.platform.shield_access_list:
        shield_zone_id: 3001
        name: office
        entries: [198.51.100.168, 203.0.113.9]

    - name: shield_zone_info of every zone
      edge.platform.shield_zone_info:

    - name: shield_zone_info with the content of access lists
      edge.platform.shield_zone_info:
        pullzone_id: 1001
        access_lists: content

    - name: shield_waf_rule create
      edge.platform.shield_waf_rule:
        pullzone_id: 1001
        name: equality-rule
        action: block
        conditions:
          - variables: ["request_headers:User-Agent"]
            operator: contains
            value: sqlmap
          - {variables: [request_method], operator: str_eq, value: POST}

    - name: shield_waf_rule with an operator the API does not have
      edge.platform.shield_waf_rule:
        shield_zone_id: 3001
        name: equality-rule
        conditions: [{variables: [args], operator: BEGINSWITH}]
      ignore_errors: true

    - name: shield_rate_limit switched to log
      edge.platform.shield_rate_limit:
        shield_zone_id: 3001
        name: api-burst
        action: log

    - name: shield_zone_info with the rules
      edge.platform.shield_zone_info:
        shield_zone_id: 3001
        rules: true

    - name: site_pullzone in check mode, a pull zone to create with its parts
      edge.platform.site_pullzone:
        pullzone:
          name: equality-site
          origin: https://origin.equality.example.com
          hostnames: [{hostname: www.equality.example.com, force_ssl: true}]
          edge_rules: [{description: Force SSL, action: force_ssl, triggers: [{type: url, patterns: ["*"]}]}]
        shield: {waf_enabled: true}
        access_lists: [{name: equality, type: ip, entries: [192.0.2.7]}]
      check_mode: true

    - name: site_pullzone refuses bad input
      edge.platform.site_pullzone:
        pullzone: {name: equality-site, hostnames: [{hostname: "https://bad.example.com/"}]}
      ignore_errors: true

    - name: site_pullzone of an existing pull zone's Shield zone
      edge.platform.site_pullzone:
        pullzone: assets-000
        shield: {waf_execution_mode: log}

    - name: site_info of one pull zone, with the account
      edge.platform.site_info:
        pullzone_name: assets-000
        include_account: true
      register: declared

    - name: site_export of the declarations
      edge.platform.site_export:
        dest: "{{ work }}/site"
        sites: "{{ declared.sites }}"
        account: "{{ declared.account }}"
        made_by: the equality test

    - name: site_drift_info of the declarations, and of one edited
      edge.platform.site_drift_info:
        declarations:
          - {file: assets-000.yml, declaration: "{{ declared.sites[0].declaration }}"}
          - file: account.yml
            declaration: "{{ declared.account | dict2items | rejectattr('key', 'equalto', 'left_out') | items2dict }}"
          - {file: edited.yml, declaration: {site_pullzone: {name: assets-000, settings: {enable_tls1: true}}}}
        audit_log_days: 1

    - name: storage_zone create
      edge.platform.storage_zone:
        name: equality-files
        region: DE
        replication_regions: [NY]
        custom_404_file_path: /404.html

    - name: storage_zone update of the seeded origin
      edge.platform.storage_zone:
        name: video-004-files
        replication_regions: [NY, SG]

    - name: storage_zone refuses to drop a replication region
      edge.platform.storage_zone:
        name: video-004-files
        replication_regions: [SG]
      ignore_errors: true

    - name: storage_zone_info of every zone
      edge.platform.storage_zone_info:

    - name: shield_event_log_info of a zone that does not exist
      edge.platform.shield_event_log_info:
        shield_zone_id: 999999
        date: "{{ day }}"
      ignore_errors: true

    - name: shield_event_log_info
      edge.platform.shield_event_log_info:
        shield_zone_id: 3001
        date: "{{ day }}"
        max_pages: 1

    - name: shield_event_log_export
      edge.platform.shield_event_log_export:
        shield_zone_id: 3001
        start: "{{ start }}"
        end: "{{ end }}"
        dest: "{{ work }}/events.csv"

    - name: container_registry with a password
      edge.platform.container_registry:
        display_name: equality-registry
        registry_type: docker_hub
        username: equality
        password: "{{ registry_password }}"

    - name: container_app_info
      edge.platform.container_app_info:

    - name: video_blocked_referrer
      edge.platform.video_blocked_referrer:
        library_id: 5001
        hostnames: [bad.example.com]

    - name: video_library_info by name
      edge.platform.video_library_info:
        name: library-00

    - name: dns_zone create with DNSSEC
      edge.platform.dns_zone:
        domain: equality.example
        logging: true
        dnssec: true

    - name: dns_record_set create
      edge.platform.dns_record_set:
        zone: equality.example
        name: "@"
        type: mx
        values: [10 mail.equality.example, {value: 20 backup.equality.example., comment: backup}]
      ignore_errors: true  # in check mode the zone is only predicted: the set fails, as its run would

    - name: dns_record_set refuses bad input
      edge.platform.dns_record_set:
        zone: equality.example
        name: "@"
        type: mx
        values: [mail.equality.example]
      ignore_errors: true

    - name: dns_zone_info with the records
      edge.platform.dns_zone_info:
        domain: equality.example

    - name: video_thumbnail
      edge.platform.video_thumbnail:
        library_id: 5001
        video_id: "{{ video_id }}"
        src: "{{ work }}/thumbnail.png"

    - name: cdn_log_info
      edge.platform.cdn_log_info:
        pullzone_id: 1001
        start: "{{ start }}"
        end: "{{ end }}"
        limit: 5

    - name: cdn_log_export as CSV
      edge.platform.cdn_log_export:
        pullzone_id: 1001
        start: "{{ start }}"
        end: "{{ end }}"
        format: csv
        limit: 50
        dest: "{{ work }}/rows.csv"

    - name: db_info by name
      edge.platform.db_info:
        name: app-main

    - name: db_token with an env file
      edge.platform.db_token:
        database_id: "{{ database_id }}"
        env_file: "{{ work }}/db.env"

    - name: db_query with the token of the env file
      edge.platform.db_query:
        database_url: "{{ database_url }}"
        auth_token: >-
          {{ lookup('ansible.builtin.ini', 'SERVICE_DATABASE_AUTH_TOKEN', file=work ~ '/db.env', type='properties')
             if (work ~ '/db.env') is file else 'no token in check mode' }}
        statements:
          - CREATE TABLE IF NOT EXISTS equality (id INTEGER PRIMARY KEY, name TEXT)
          - sql: INSERT INTO equality (name) VALUES (?)
            args: [first]
          - SELECT name FROM equality
      ignore_errors: true  # in check mode the env file is not written

    - name: The key from the environment keyword
      edge.platform.pullzone_info:
        id: 1002
        api_key: "{{ omit }}"
      environment:
        EDGE_API_KEY: "{{ edge.api_key }}"
      module_defaults: {}

    - name: A blank key of the environment keyword wins over the controller's
      edge.platform.pullzone_info:
        id: 1002
        api_key: "{{ omit }}"
      environment:
        EDGE_API_KEY: ""
      module_defaults: {}
      ignore_errors: true
'''
)


def start_emulator() -> tuple[subprocess.Popen[str], dict[str, str]]:
    process = subprocess.Popen(
        [sys.executable, '-m', 'tests.emulator'], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    line = process.stdout.readline() if process.stdout else ''
    assert line, process.stderr.read() if process.stderr else 'the emulator did not start'
    return process, json.loads(line)


# The EDGE_* variables of a running emulator (the integration sessions give their worker's).
GIVEN = {
    'api_url': 'EDGE_API_URL',
    'api_key': 'EDGE_API_KEY',
    'video_api_url': 'EDGE_VIDEO_API_URL',
    'logging_api_url': 'EDGE_LOGGING_API_URL',
    'admin_url': 'EDGE_ADMIN_URL',
}


@pytest.fixture
def emulator() -> t.Iterator[dict[str, t.Any]]:
    """The emulator in its seeded state: the given one, reset, or one of its own."""
    process = None
    if all(name in os.environ for name in GIVEN.values()):
        info = {key: os.environ[name] for key, name in GIVEN.items()}
        requests.post(f"{info['admin_url']}/reset", timeout=30).raise_for_status()
    else:
        process, info = start_emulator()
    try:
        state = requests.get(f"{info['admin_url']}/state?only=databases,videos", timeout=30).json()
        database = state['databases'][0]
        video_ids = [video['guid'] for video in state['videos'] if video['videoLibraryId'] == 5001]
        info.update(video_id=video_ids[0], database_id=database['id'], database_url=database['url'])
        yield info
    finally:
        if process:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)


def playbook_command(
    playbook: pathlib.Path,
    extra_vars: dict[str, t.Any],
    records: pathlib.Path,
    *options: str,
    env: dict[str, str] | None = None,
) -> tuple[list[str], dict[str, str]]:
    """The ``ansible-playbook`` command line and environment for ``playbook`` on localhost."""
    environment = dict(
        os.environ,
        ANSIBLE_COLLECTIONS_PATH=str(COLLECTIONS),
        ANSIBLE_CALLBACK_PLUGINS=str(CALLBACKS),
        ANSIBLE_CALLBACKS_ENABLED='record_results',
        ANSIBLE_NOCOLOR='1',
        ANSIBLE_FORCE_COLOR='0',
        RECORD_RESULTS=str(records),
        # async jobs' results beside the test's files: ansible-core 2.16 reads them back from the user's
        # home in the password database, not from HOME, so a relative async dir breaks where they differ.
        ANSIBLE_ASYNC_DIR=str(records.parent / 'async'),
        # ansible-core 2.21+ leaves the module arguments out of results unless asked: compare them too.
        ANSIBLE_INJECT_INVOCATION='true',
    )
    for name in ('EDGE_API_KEY', 'EDGE_API_URL', 'EDGE_VIDEO_API_URL', 'EDGE_LOGGING_API_URL'):
        environment.pop(name, None)
    environment.update(env or {})  # the test's own, EDGE_* variables of the controller included
    variables = playbook.with_name('vars.json')  # a file: -vvvvv shows the command line
    variables.write_text(json.dumps(extra_vars), encoding='utf-8')
    command = [
        sys.executable,
        '-c',
        'import sys; from ansible.cli.playbook import main; main(sys.argv)',
        '-i',
        'localhost,',
        '-c',
        'local',
        str(playbook),
        '-e',
        f'@{variables}',
        *options,
    ]
    return command, environment


def ansible_playbook(
    playbook: pathlib.Path,
    extra_vars: dict[str, t.Any],
    records: pathlib.Path,
    *options: str,
    env: dict[str, str] | None = None,
    cwd: pathlib.Path | None = None,
) -> subprocess.CompletedProcess[str]:
    command, environment = playbook_command(playbook, extra_vars, records, *options, env=env)
    return subprocess.run(command, env=environment, cwd=cwd, capture_output=True, text=True, check=False, timeout=600)


def every_module(tmp_path: pathlib.Path, emulator: dict[str, t.Any]) -> tuple[pathlib.Path, dict[str, t.Any]]:
    """The playbook that runs every module, and its variables (a fixed window of time)."""
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    playbook = tmp_path / 'playbook.yml'
    playbook.write_text(PLAYBOOK, encoding='utf-8')
    work = tmp_path / 'work'
    fresh_work(work)
    extra_vars = {
        'edge': {key: emulator[key] for key in ('api_key', 'api_url', 'video_api_url', 'logging_api_url')},
        'work': str(work),
        'registry_password': REGISTRY_PASSWORD,
        'certificate': {'certificate': CERTIFICATE.certificate, 'key': CERTIFICATE.key},
        'other_key': OTHER_KEY,
        'video_id': emulator['video_id'],
        'database_id': emulator['database_id'],
        'database_url': emulator['database_url'],
        # Yesterday: today's logs grow while the two runs go on (early in the day its first page is not full yet).
        'day': (now - datetime.timedelta(days=1)).strftime('%Y-%m-%d'),
        'start': (now - datetime.timedelta(hours=30)).isoformat(),
        'end': (now - datetime.timedelta(hours=26)).isoformat(),
    }
    return playbook, extra_vars


def fresh_work(work: pathlib.Path) -> None:
    """An empty work directory with the thumbnail image."""
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    (work / 'thumbnail.png').write_bytes(png(4, 3, (1, 2, 3)))


def both_ways(
    tmp_path: pathlib.Path, emulator: dict[str, t.Any], *options: str
) -> dict[str, tuple[str, list[dict[str, t.Any]]]]:
    """Run the playbook in process and as module processes, from the same emulator state each time."""
    playbook, extra_vars = every_module(tmp_path, emulator)
    outcomes = {}
    for switch in ('true', 'false'):
        requests.post(f"{emulator['admin_url']}/reset", timeout=30).raise_for_status()
        fresh_work(pathlib.Path(extra_vars['work']))
        records = tmp_path / f'records-{switch}.json'
        # The controller has a key of its own, which a task's environment keyword overrides.
        env = {'EDGE_PLATFORM_IN_PROCESS': switch, 'EDGE_API_KEY': emulator['api_key']}
        run = ansible_playbook(playbook, extra_vars, records, *options, env=env)
        assert run.returncode == 0, run.stdout + run.stderr
        outcomes[switch] = (
            VOLATILE.sub('<time>', run.stdout),
            json.loads(VOLATILE.sub('<time>', records.read_text(encoding='utf-8'))),
        )
    return outcomes


def assert_same(outcomes: dict[str, tuple[str, list[dict[str, t.Any]]]]) -> list[dict[str, t.Any]]:
    (shown_in, records_in), (shown_out, records_out) = outcomes['true'], outcomes['false']
    assert [record['task'] for record in records_in] == [record['task'] for record in records_out]
    for inside, outside in zip(records_in, records_out, strict=True):
        assert inside == outside, inside['task']
    assert shown_in == shown_out
    assert REGISTRY_PASSWORD not in shown_in + json.dumps(records_in)
    for secret in key_texts(CERTIFICATE.key) + key_texts(OTHER_KEY):
        assert secret not in shown_in + json.dumps(records_in)
    return records_in


@pytest.mark.weight(20)
def test_same_results_and_output(tmp_path: pathlib.Path, emulator: dict[str, t.Any]) -> None:
    records = assert_same(both_ways(tmp_path, emulator, '--diff'))
    by_task = {record['task']: record for record in records}
    assert by_task['pullzone_info refuses bad input']['status'] == 'failed'
    assert by_task['shield_event_log_info of a zone that does not exist']['result']['failure']['status'] == 404
    assert by_task['shield_zone create']['result']['changed'] is True
    assert by_task['shield_access_list change entries']['result']['diff']
    assert by_task['pullzone create']['result']['pullzone']['AWSSigningSecret'] == '********'
    assert by_task['pullzone remove']['result']['changed'] is True
    assert by_task['pullzone_purge of a pull zone that does not exist']['status'] == 'failed'
    assert by_task['pullzone_edge_rule']['result']['edge_rule']['Guid']
    assert by_task['shield_waf_rule create']['result']['rule']['id']
    assert by_task['shield_waf_rule with an operator the API does not have']['status'] == 'failed'
    assert by_task['shield_rate_limit switched to log']['result']['diff']['after']['action'] == 'log'
    assert len(by_task['shield_zone_info with the rules']['result']['shield_zones'][0]['customWafRules']) == 3
    assert (
        by_task['site_info of one pull zone, with the account']['result']['sites'][0]['pullzone_name'] == 'assets-000'
    )
    assert by_task['db_query with the token of the env file']['result']['results'][2]['rows'] == [{'name': 'first'}]
    assert by_task['The key from the environment keyword']['result']['pullzones'][0]['Id'] == 1002
    uploaded, again = (
        by_task['pullzone_hostname with a custom certificate'],
        by_task['pullzone_hostname with a custom certificate again'],
    )
    assert uploaded['result']['changed'] is True and again['result']['changed'] is False
    assert uploaded['result']['certificate']['sha256_fingerprint'] == CERTIFICATE.fingerprint
    assert uploaded['result']['diff']['after']['certificate']['sha256_fingerprint'] == CERTIFICATE.fingerprint
    assert uploaded['result']['invocation']['module_args']['custom_certificate_key'] == (
        'VALUE_SPECIFIED_IN_NO_LOG_PARAMETER'
    )
    refused = by_task['pullzone_hostname given the key as certificate']['result']
    assert refused['msg'] == (
        'value of certificate must be one of: free, custom, none, got: (a value that is not shown)'
    )
    assert by_task['pullzone_hostname given the key as custom_certificate']['result']['msg'].startswith(
        'custom_certificate holds a PEM private key'
    )
    assert (
        'does not belong to the certificate'
        in (by_task["pullzone_hostname given a key that is not the certificate's"]['result']['msg'])
    )
    assert by_task['pullzone_hostname without its certificate']['result']['certificate'] is None
    blank = by_task["A blank key of the environment keyword wins over the controller's"]
    assert blank['status'] == 'failed'
    assert blank['result']['msg'] == 'api_key is required (or set EDGE_API_KEY)'
    assert by_task['storage_zone create']['result']['storage_zone']['Password'] == '********'
    refused_drop = by_task['storage_zone refuses to drop a replication region']['result']
    assert refused_drop['msg'].startswith('replication_regions cannot drop NY') and not refused_drop['changed']
    assert len(by_task['storage_zone_info of every zone']['result']['storage_zones']) == 3
    registry = by_task['container_registry with a password']['result']
    assert registry['invocation']['module_args']['password'] == 'VALUE_SPECIFIED_IN_NO_LOG_PARAMETER'
    assert by_task['dns_zone create with DNSSEC']['result']['dnssec']['ds_record'].startswith('equality.example. ')
    assert by_task['dns_record_set create']['result']['changed'] is True
    assert len(by_task['dns_zone_info with the records']['result']['dns_zones'][0]['Records']) == 2


@pytest.mark.weight(20)
def test_same_results_in_check_mode(tmp_path: pathlib.Path, emulator: dict[str, t.Any]) -> None:
    records = assert_same(both_ways(tmp_path, emulator, '--check', '--diff'))
    record = requests.get(f"{emulator['admin_url']}/requests", timeout=30).json()
    # The export is a read sent as POST; database statements are judged by the server's describe.
    writes = [
        entry for entry in record if entry['method'] not in ('GET', 'HEAD') and not entry['path'].endswith('/export')
    ]
    assert [entry for entry in writes if entry['service'] != 'database'] == []
    by_task = {record['task']: record for record in records}
    assert by_task['shield_zone create']['result']['changed'] is True
    # A name is looked up in check mode too (a read): one that no pull zone has fails, as in a real run.
    assert by_task['pullzone_purge of a pull zone that does not exist']['status'] == 'failed'
    # A zone only predicted has no record set to read.
    assert by_task['dns_zone create with DNSSEC']['result']['changed'] is True
    assert 'the account has no DNS zone of this domain' in by_task['dns_record_set create']['result']['msg']


RELATIVE_PATHS_PLAYBOOK = (
    play('Relative paths of local files')
    + '''

    - name: cdn_log_export to a relative dest
      edge.platform.cdn_log_export:
        pullzone_id: 1001
        start: "{{ start }}"
        end: "{{ end }}"
        limit: 5
        dest: rows.jsonl

    - name: db_token into a relative env_file
      edge.platform.db_token:
        database_id: "{{ database_id }}"
        env_file: db.env

    - name: video_thumbnail from a relative src
      edge.platform.video_thumbnail:
        library_id: 5001
        video_id: "{{ video_id }}"
        src: thumbnail.png
'''
)


def test_relative_paths_resolve_against_the_playbook_directory(
    tmp_path: pathlib.Path, emulator: dict[str, t.Any]
) -> None:
    """A module process runs in the playbook's directory (the local connection's working directory); so does
    a module run in process, whatever directory ansible-playbook was started from."""
    extra_vars = every_module(tmp_path, emulator)[1]
    play = tmp_path / 'play'
    elsewhere = tmp_path / 'elsewhere'
    outcomes = {}
    for switch in ('true', 'false'):
        requests.post(f"{emulator['admin_url']}/reset", timeout=30).raise_for_status()
        for directory in (play, elsewhere):
            shutil.rmtree(directory, ignore_errors=True)
            directory.mkdir()
        (play / 'thumbnail.png').write_bytes(png(4, 3, (1, 2, 3)))
        playbook = play / 'playbook.yml'
        playbook.write_text(RELATIVE_PATHS_PLAYBOOK, encoding='utf-8')
        records = tmp_path / f'records-{switch}.json'
        env = {'EDGE_PLATFORM_IN_PROCESS': switch}
        run = ansible_playbook(playbook, extra_vars, records, '--diff', env=env, cwd=elsewhere)
        assert run.returncode == 0, run.stdout + run.stderr
        assert sorted(path.name for path in play.iterdir()) == [
            'db.env',
            'playbook.yml',
            'rows.jsonl',
            'thumbnail.png',
            'vars.json',
        ]
        assert list(elsewhere.iterdir()) == []
        results = json.loads(VOLATILE.sub('<time>', records.read_text(encoding='utf-8')))
        assert results[0]['result']['dest'] == str(play / 'rows.jsonl')
        outcomes[switch] = (VOLATILE.sub('<time>', run.stdout), results)
    assert_same(outcomes)


@pytest.mark.parametrize(
    ('switch', 'marker'),
    [
        ('true', 'runs inside the controller process'),
        pytest.param('false', 'ESTABLISH LOCAL CONNECTION', marks=pytest.mark.weight(11)),
    ],
)
def test_no_secret_at_any_verbosity(
    tmp_path: pathlib.Path, emulator: dict[str, t.Any], switch: str, marker: str
) -> None:
    playbook, extra_vars = every_module(tmp_path, emulator)
    env = {'EDGE_PLATFORM_IN_PROCESS': switch}
    run = ansible_playbook(playbook, extra_vars, tmp_path / 'records.json', '-vvvvv', '--diff', env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    token = next(
        line.split('=', 1)[1]
        for line in (tmp_path / 'work' / 'db.env').read_text(encoding='utf-8').splitlines()
        if line.startswith('SERVICE_DATABASE_AUTH_TOKEN=')
    )
    shown = run.stdout + run.stderr + (tmp_path / 'records.json').read_text(encoding='utf-8')
    assert marker in shown
    for secret in (emulator['api_key'], REGISTRY_PASSWORD, token, *key_texts(CERTIFICATE.key), *key_texts(OTHER_KEY)):
        assert secret not in shown
    storage = requests.get(f"{emulator['admin_url']}/state?only=storage_zones", timeout=30).json()['storage_zones']
    assert 'equality-files' in [zone['Name'] for zone in storage]  # the playbook made one
    for zone in storage:
        assert zone['Password'] not in shown and zone['ReadOnlyPassword'] not in shown
    assert CERTIFICATE.fingerprint in shown  # the upload ran, and --diff showed the certificate by its fingerprint


SWITCH_PLAYBOOK = (
    play('Where the module runs', connection=('api_key', 'api_url'))
    + '''
    - name: plain
      edge.platform.pullzone_info:
        id: 1001
      register: plain

    - name: async
      edge.platform.pullzone_info:
        id: 1001
      async: 60
      poll: 1
      register: in_background

    - name: Both found the zone
      ansible.builtin.assert:
        that:
          - plain.pullzones[0].Id == 1001
          - in_background.pullzones[0].Id == 1001
'''
)

INSIDE = 'edge.platform.pullzone_info: runs inside the controller process'
OFF = 'edge.platform.pullzone_info: runs as a module process (in-process execution is turned off)'
ASYNC = 'edge.platform.pullzone_info: runs as a module process (async)'


@pytest.mark.parametrize(
    'switch, expected',
    [
        ({}, INSIDE),
        ({'env': {'EDGE_PLATFORM_IN_PROCESS': 'false'}}, OFF),
        ({'ini': 'false'}, OFF),
        ({'ini': 'true', 'env': {'EDGE_PLATFORM_IN_PROCESS': 'false'}}, OFF),
        ({'vars': False}, OFF),
        # The words a switch takes, and a variable's refusal, are tests/unit/plugins/action/test_switch.py's.
        ({'ini': 'maybe'}, 'in_process in the [edge_platform] section of {config} must be true or false'),
    ],
)
def test_switch_and_fallbacks(
    tmp_path: pathlib.Path, emulator: dict[str, t.Any], switch: dict[str, t.Any], expected: str
) -> None:
    playbook = tmp_path / 'playbook.yml'
    playbook.write_text(SWITCH_PLAYBOOK, encoding='utf-8')
    env = dict(switch.get('env', {}))
    if 'ini' in switch:
        config = tmp_path / 'ansible.cfg'
        config.write_text(f"[edge_platform]\nin_process = {switch['ini']}\n", encoding='utf-8')
        env['ANSIBLE_CONFIG'] = str(config)
    extra_vars: dict[str, t.Any] = {'edge': {key: emulator[key] for key in ('api_key', 'api_url')}}
    if 'vars' in switch:
        extra_vars['edge_platform_in_process'] = switch['vars']
    run = ansible_playbook(playbook, extra_vars, tmp_path / 'records.json', '-vvvv', env=env)
    if expected not in (INSIDE, OFF):  # refused: the task fails naming the setting, on either path
        records = json.loads((tmp_path / 'records.json').read_text(encoding='utf-8'))
        assert [record['status'] for record in records] == ['failed'], run.stdout
        message = expected.format(config=tmp_path / 'ansible.cfg') + " (or yes/no, on/off, 1/0), got 'maybe'"
        assert records[0]['result']['msg'] == message
        return
    assert run.returncode == 0, run.stdout + run.stderr
    lines = [
        line.strip() for line in run.stdout.splitlines() if line.strip().startswith('edge.platform.pullzone_info: runs')
    ]
    assert lines == [expected, ASYNC if expected == INSIDE else OFF]


CRASH_MODULE = '''
from ansible.module_utils.basic import AnsibleModule


def main():
    module = AnsibleModule(argument_spec={'message': {'type': 'str'}})
    raise RuntimeError(module.params['message'])


if __name__ == '__main__':
    main()
'''

CRASH_PLAYBOOK = (
    play('A module with a bug', connection=())
    + '''
    - name: crash
      edge.platform.crash:
        message: the module broke
      ignore_errors: true
'''
)


def with_crashing_module(tmp_path: pathlib.Path) -> pathlib.Path:
    """A collections path whose edge.platform is this one plus a module ``crash`` that raises, routed like the
    others (a bug, as no module of the collection has one on purpose)."""
    collection = tmp_path / 'collections' / 'ansible_collections' / 'edge' / 'platform'
    shutil.copytree(ROOT / 'plugins', collection / 'plugins')
    shutil.copytree(ROOT / 'meta', collection / 'meta')
    shutil.copy(ROOT / 'galaxy.yml', collection / 'galaxy.yml')
    (collection / 'plugins' / 'modules' / 'crash.py').write_text(CRASH_MODULE, encoding='utf-8')
    runtime = yaml.safe_load((collection / 'meta' / 'runtime.yml').read_text(encoding='utf-8'))
    runtime['plugin_routing']['modules']['crash'] = {'action_plugin': 'edge.platform.pullzone_info'}
    (collection / 'meta' / 'runtime.yml').write_text(yaml.safe_dump(runtime), encoding='utf-8')
    return tmp_path / 'collections'


# A traceback's frames differ between the two ways (AnsiballZ's files, or the collection's): only its end compares.
TRACEBACK = re.compile(r'Traceback \(most recent call last\):.*?(?=RuntimeError: the module broke)', re.S)


@pytest.mark.parametrize('verbosity', [(), ('-vvv',)])
def test_a_module_that_crashes_fails_as_a_module_process_does(tmp_path: pathlib.Path, verbosity: tuple[str]) -> None:
    """Same keys, message and traceback (only where a module process shows one) as ansible-core makes of a module
    process that died of an exception."""
    playbook = tmp_path / 'playbook.yml'
    playbook.write_text(CRASH_PLAYBOOK, encoding='utf-8')
    collections = with_crashing_module(tmp_path)
    outcomes = {}
    for switch in ('true', 'false'):
        records = tmp_path / f'records-{switch}.json'
        env = {'EDGE_PLATFORM_IN_PROCESS': switch, 'ANSIBLE_COLLECTIONS_PATH': str(collections)}
        run = ansible_playbook(playbook, {}, records, *verbosity, env=env)
        assert run.returncode == 0, run.stdout + run.stderr
        shown = TRACEBACK.sub('<traceback>', run.stdout)
        outcomes[switch] = (shown, json.loads(TRACEBACK.sub('<traceback>', records.read_text(encoding='utf-8'))))
    shown, records = outcomes['true']
    assert records[0]['status'] == 'failed'
    assert 'the module broke' in json.dumps(records[0]['result'])
    assert 'deserialization' not in shown
    if not verbosity:
        assert shown == outcomes['false'][0]
    assert records == outcomes['false'][1]


INTERRUPT_PLAYBOOK = (
    play('An export interrupted', connection=())
    + '''
    - name: cdn_log_export whose answer is slow
      edge.platform.cdn_log_export:
        api_key: "{{ edge.api_key }}"
        logging_api_url: "{{ edge.logging_api_url }}"
        pullzone_id: 1001
        start: "{{ start }}"
        end: "{{ end }}"
        dest: "{{ work }}/rows.jsonl"
'''
)


def leftovers(work: pathlib.Path, temp: pathlib.Path, deadline: float) -> list[str]:
    """What an interrupted export left behind, once cleanup had until ``deadline`` (monotonic) to finish."""
    while True:
        # (ansible-core's own temporary files, such as its RPC server's, are its business)
        found = [path.name for path in [*work.glob('.rows.jsonl.*'), *temp.glob('ansible-edge-platform-*')]]
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.2)


def started_export(command: list[str], environment: dict[str, str], work: pathlib.Path) -> tuple[t.Any, str]:
    """The playbook started as from a terminal, once its export has begun (its temporary file is there).

    On a loaded machine (the test suite runs several steps at once) ansible-core 2.21 can fail before any task, when
    the RPC server of its main process takes over 5 s to start ('Local RPC server did not start'): that run is
    started again, twice at the most. Anything else that ends the run first fails the test with its output.
    """
    output = ''
    for _attempt in range(3):
        process = subprocess.Popen(
            command,
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,  # its own process group, as a shell's foreground job has
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as from a terminal, not a background job
        )
        deadline = time.monotonic() + 180
        while not list(work.glob('.rows.jsonl.*.tmp')) and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.1)
        if list(work.glob('.rows.jsonl.*.tmp')):
            return process, ''
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        output = process.communicate(timeout=60)[0]
        if 'Local RPC server did not start' not in output:
            pytest.fail(f'the export did not start within 180 s:\n{output}')
    pytest.fail(f'ansible-playbook did not start three times:\n{output}')


def test_ctrl_c_during_an_export_in_process_leaves_no_file_behind(
    tmp_path: pathlib.Path, emulator: dict[str, t.Any]
) -> None:
    """Ctrl-C while an export streams: no partial temporary file next to dest, no temporary directory of the run.

    A terminal sends SIGINT to ansible-playbook's process group; ansible-core passes it on to its workers (and
    ends them with SIGTERM on older versions), which in process must still let the module's own clean-up run.
    (A module process is not held to this here: it usually cleans up too, but ansible-core 2.19+ sometimes
    ends it before its clean-up has run.)
    """
    playbook, extra_vars = every_module(tmp_path, emulator)
    playbook.write_text(INTERRUPT_PLAYBOOK, encoding='utf-8')
    # A short path: ansible-core 2.21's main process makes the Unix socket of its RPC server under TMPDIR, and a
    # socket path longer than 107 characters (pytest's own directories under xdist) keeps it from starting.
    work, temp = pathlib.Path(extra_vars['work']), pathlib.Path(tempfile.mkdtemp(prefix='edge-'))
    # Long enough to interrupt, short enough not to hold the emulator's shutdown (it waits for the answer) long.
    fault = {'service': 'logging', 'method': 'GET', 'path': '/logs', 'delay': 8, 'times': 1}
    requests.post(f"{emulator['admin_url']}/faults", json=fault, timeout=30).raise_for_status()
    env = {
        'EDGE_PLATFORM_IN_PROCESS': 'true',
        'TMPDIR': str(temp),  # where the in-process run makes its temporary directory
        'ANSIBLE_LOCAL_TEMP': str(tmp_path / 'local'),
        'ANSIBLE_REMOTE_TMP': str(tmp_path / 'remote'),  # AnsiballZ's directories
    }
    command, environment = playbook_command(playbook, extra_vars, tmp_path / 'records.json', env=env)
    process, output = started_export(command, environment, work)
    try:
        time.sleep(1)  # the first page is on its way
        os.killpg(process.pid, signal.SIGINT)
        output = process.communicate(timeout=60)[0]
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    try:
        assert process.returncode != 0, output
        assert leftovers(work, temp, time.monotonic() + 15) == []
        assert not (work / 'rows.jsonl').exists()
    finally:
        shutil.rmtree(temp, ignore_errors=True)


RETRY_PLAYBOOK = (
    play('A rate-limited read', connection=())
    + '''
    - name: pullzone_info while rate limited
      edge.platform.pullzone_info:
        api_key: "{{ edge.api_key }}"
        api_url: "{{ edge.api_url }}"
        id: 1001
'''
)


def test_retries_are_shown_as_they_wait_in_process_and_warned_about_both_ways(
    tmp_path: pathlib.Path, emulator: dict[str, t.Any]
) -> None:
    playbook = tmp_path / 'playbook.yml'
    playbook.write_text(RETRY_PLAYBOOK, encoding='utf-8')
    extra_vars = {'edge': {key: emulator[key] for key in ('api_key', 'api_url')}}
    retry = 'GET pullzone/1001: HTTP 429, retry {n} of 5 after 1.0 s'
    live = [f'<localhost> edge.platform.pullzone_info: {retry.format(n=n)}' for n in (1, 2)]
    outcomes = {}
    for switch in ('true', 'false'):
        requests.post(f"{emulator['admin_url']}/reset", timeout=30).raise_for_status()
        fault = {'service': 'api', 'method': 'GET', 'path': '^/pullzone/1001$', 'status': 429, 'retry_after': 1}
        requests.post(f"{emulator['admin_url']}/faults", json=dict(fault, times=2), timeout=30).raise_for_status()
        records = tmp_path / f'records-{switch}.json'
        run = ansible_playbook(playbook, extra_vars, records, '-v', env={'EDGE_PLATFORM_IN_PROCESS': switch})
        assert run.returncode == 0, run.stdout + run.stderr
        lines = run.stdout.splitlines()
        shown_live = [line for line in lines if line in live]
        if switch == 'true':  # each wait is told as it begins, before the task's result
            assert shown_live == live
            assert lines.index(live[1]) < next(n for n, line in enumerate(lines) if line.startswith('ok: [localhost]'))
        else:  # a module process cannot print while it runs
            assert shown_live == []
        outcomes[switch] = (
            '\n'.join(line for line in lines if line not in live),
            json.loads(records.read_text(encoding='utf-8')),
        )
    (result,) = [record['result'] for record in assert_same(outcomes)]
    assert result['warnings'] == [f'2 retries after transient faults: {retry.format(n=1)}; {retry.format(n=2)}']


DEFAULTS_PLAYBOOK = '''
- name: Short names, module_defaults of the group and of one module
  hosts: localhost
  gather_facts: false
  collections: [edge.platform]
  vars:
    ansible_python_interpreter: "{{ ansible_playbook_python }}"
  module_defaults:
    group/edge.platform.edge:
      api_key: "{{ edge.api_key }}"
      api_url: "{{ edge.api_url }}"
    edge.platform.pullzone_info:
      include_secrets: true
  tasks:
    - name: pullzone_info by its short name, with its own default
      pullzone_info:
        id: 1001
      register: zone

    - name: db_info by its full name, which takes no include_secrets
      edge.platform.db_info:
      register: databases

    - name: Each module got its own defaults
      ansible.builtin.assert:
        that:
          - zone.pullzones[0].ZoneSecurityKey is match('zsk-')
          - databases.databases | length > 0
'''


def test_short_names_and_module_defaults_reach_the_module(tmp_path: pathlib.Path, emulator: dict[str, t.Any]) -> None:
    """module_defaults of one module stay with it (an action redirect would hand them to every module)."""
    playbook = tmp_path / 'playbook.yml'
    playbook.write_text(DEFAULTS_PLAYBOOK, encoding='utf-8')
    extra_vars = {'edge': {key: emulator[key] for key in ('api_key', 'api_url')}}
    run = ansible_playbook(playbook, extra_vars, tmp_path / 'records.json', '-vvvv')
    assert run.returncode == 0, run.stdout + run.stderr
    lines = [line.strip() for line in run.stdout.splitlines() if ': runs inside the controller process' in line]
    assert lines == [
        'pullzone_info: runs inside the controller process',
        'edge.platform.db_info: runs inside the controller process',
    ]
