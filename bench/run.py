# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""Benchmarks: this collection against what users would use instead, side by side in one run.

Every comparison runs its contestants against the same emulator, interleaved (A, B, A, B …),
and reports medians and their ratio; a few scenarios have an absolute target instead. Targets
are goals, reported as met or missed, never tests. The table is printed and written to
bench/results/latest.md.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import os
import pathlib
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import typing as t
import urllib.request

HERE = pathlib.Path(__file__).resolve().parent
PYTHON = sys.executable
ANSIBLE_PLAYBOOK = str(pathlib.Path(PYTHON).parent / 'ansible-playbook')
TASKS_PER_PLAY = 20  # per-task cost: (a play of this many tasks - an empty play) / this many


@dataclasses.dataclass
class Sample:
    seconds: float
    peak_rss_mb: float  # of the largest process of the run (what `time -v` reports)
    requests: int
    writes: int
    shield_requests: int = 0  # to the management API's Shield part (paths under /shield)
    repeated: int = 0  # reads sent again (the same method, service, path and query) with no write between


@dataclasses.dataclass
class Row:
    scenario: str
    measured: str  # what the figure is
    ours: float
    ours_processes: float | None
    alternative: str
    theirs: float | None
    target: str
    met: bool
    notes: str = ''

    @property
    def ratio(self) -> float | None:
        return self.ours / self.theirs if self.theirs else None


class Emulator:
    """The emulator at one scale, for one scenario."""

    def __init__(self, tree: pathlib.Path, seed: int) -> None:
        self.process = subprocess.Popen(
            [PYTHON, '-m', 'tests.emulator', '--seed', str(seed)],
            cwd=tree,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        line = self.process.stdout.readline() if self.process.stdout else ''
        if not line:
            raise SystemExit(f'the emulator did not start (seed {seed})')
        self.info: dict[str, str] = json.loads(line)

    def admin(self, path: str, method: str = 'GET') -> t.Any:
        request = urllib.request.Request(
            f"{self.info['admin_url']}{path}", method=method, data=b'' if method == 'POST' else None
        )
        with urllib.request.urlopen(request, timeout=120) as response:  # noqa: S310 - 127.0.0.1 only
            return json.loads(response.read() or b'null')

    def env(self, tree: pathlib.Path, **extra: str) -> dict[str, str]:
        return dict(
            os.environ,
            ANSIBLE_COLLECTIONS_PATH=str(tree.parents[2]),
            EDGE_API_URL=self.info['api_url'],
            EDGE_API_KEY=self.info['api_key'],
            EDGE_VIDEO_API_URL=self.info['video_api_url'],
            EDGE_LOGGING_API_URL=self.info['logging_api_url'],
            EDGE_ADMIN_URL=self.info['admin_url'],
            **extra,
        )

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=60)


def run(command: list[str], env: dict[str, str], emulator: Emulator) -> Sample:
    """Run a command to its end: wall time, peak RSS of its largest process, requests it sent."""
    emulator.admin('/requests', 'DELETE')
    started = time.perf_counter()
    with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as process:
        output = process.stdout.read() if process.stdout else ''
        # wait4, not wait: its rusage holds the peak RSS of the largest process of the run.
        _pid, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
    elapsed = time.perf_counter() - started
    if process.returncode:
        raise SystemExit(f"{' '.join(command)} failed:\n{output[-4000:]}")
    peak = usage.ru_maxrss / 1024
    record = emulator.admin('/requests')
    writes = [
        entry
        for entry in record
        if entry['method'] not in ('GET', 'HEAD')
        and not entry['path'].endswith('/export')
        and not (entry['service'] == 'database' and entry['method'] == 'POST')
    ]
    shield = [entry for entry in record if entry['service'] == 'api' and entry['path'].startswith('/shield')]
    return Sample(elapsed, peak, len(record), len(writes), len(shield), repeated_reads(record))


def repeated_reads(record: list[dict[str, t.Any]]) -> int:
    """The reads of a run sent again with no write between (loadFreeCertificate is a GET that acts; a database
    pipeline request may act)."""
    seen: set[tuple[str, str, str, str]] = set()
    repeated = 0
    for entry in record:
        key = (entry['service'], entry['method'], entry['path'], entry['query'])
        if entry['method'] != 'GET' or entry['path'].endswith('/loadFreeCertificate'):
            seen.clear()
        elif key in seen:
            repeated += 1
        seen.add(key)
    return repeated


def playbook(path: pathlib.Path | str, *options: str) -> list[str]:
    return [ANSIBLE_PLAYBOOK, '-i', 'localhost,', str(path), *options]


def interleaved(repeat: int, contestants: dict[str, t.Callable[[], Sample]]) -> dict[str, list[Sample]]:
    """Run every contestant once per round, in turn, for ``repeat`` rounds."""
    samples: dict[str, list[Sample]] = {name: [] for name in contestants}
    for _round in range(repeat):
        for name, contestant in contestants.items():
            samples[name].append(contestant())
    return samples


def median(samples: list[Sample], field: str = 'seconds') -> float:
    return statistics.median(getattr(sample, field) for sample in samples)


# ---- the comparisons -------------------------------------------------------------------------


def converged_site(tree: pathlib.Path, repeat: int) -> list[Row]:
    """(a) The demo site against the same site written as plain uri tasks: already converged (wall time and
    requests), and made from nothing on a fresh account (requests, wall time)."""
    emulator = Emulator(tree, 12)
    with tempfile.TemporaryDirectory() as demo_dir:
        env = emulator.env(tree, EDGE_DEMO_DIR=demo_dir)
        site = playbook(HERE.parent / 'demo' / 'site.yml')
        converged = [*site, '-e', '{"demo_expect_no_change": true}']
        uri = playbook(HERE / 'site_uri.yml')

        def from_nothing(command: list[str], extra: dict[str, str] | None = None) -> Sample:
            """A run on a fresh account, with no env file yet."""
            emulator.admin('/reset', 'POST')
            with tempfile.TemporaryDirectory() as fresh:
                return run(command, dict(env, EDGE_DEMO_DIR=fresh, **(extra or {})), emulator)

        try:
            first_runs = interleaved(
                repeat,
                {
                    'ours': lambda: from_nothing(site),
                    'processes': lambda: from_nothing(site, {'EDGE_PLATFORM_IN_PROCESS': 'false'}),
                    'uri': lambda: from_nothing(uri),
                },
            )
            # The uri playbook is a fair alternative only if it makes the same site: after its first
            # run the site role must find nothing to change, and its second run must write nothing.
            emulator.admin('/reset', 'POST')
            first = run(uri, env, emulator)
            run(converged, env, emulator)
            again = run(uri, env, emulator)
            if not first.writes or again.writes:
                raise SystemExit(f'site_uri.yml does not converge: {first.writes} writes, then {again.writes}')
            samples = interleaved(
                repeat,
                {
                    'ours': lambda: run(converged, env, emulator),
                    'processes': lambda: run(converged, dict(env, EDGE_PLATFORM_IN_PROCESS='false'), emulator),
                    'uri': lambda: run(uri, env, emulator),
                },
            )
        finally:
            emulator.stop()
    for name, runs in samples.items():
        if any(sample.writes for sample in runs):
            raise SystemExit(f'converged site ({name}) sent a write')
    ours, uri_median = median(samples['ours']), median(samples['uri'])
    requests, uri_requests = samples['ours'][0].requests, samples['uri'][0].requests
    first_requests, first_uri_requests = first_runs['ours'][0].requests, first_runs['uri'][0].requests
    repeated = max(sample.repeated for sample in [*samples['ours'], *first_runs['ours']])
    return [
        Row(
            'converged demo site (demo/site.yml, second run)',
            'wall s',
            ours,
            median(samples['processes']),
            'the same checks as plain uri tasks (bench/site_uri.yml)',
            uri_median,
            '≤ 0.2× the uri playbook',
            ours <= 0.2 * uri_median,
            f'{requests} requests vs {uri_requests}; no write in any run',
        ),
        Row(
            'converged demo site (demo/site.yml, second run)',
            'requests',
            requests,
            samples['processes'][0].requests,
            'the same checks as plain uri tasks (bench/site_uri.yml)',
            uri_requests,
            '≤ 17, no read repeated without a write between',
            requests <= 17 and not any(sample.repeated for sample in samples['ours']),
            f"{samples['ours'][0].writes} writes",
        ),
        Row(
            'demo site from nothing (demo/site.yml, first run)',
            'requests',
            first_requests,
            first_runs['processes'][0].requests,
            'the same site as plain uri tasks (bench/site_uri.yml)',
            first_uri_requests,
            '≤ 44, no read repeated without a write between',
            first_requests <= 44 and not repeated,
            f"{first_runs['ours'][0].writes} writes vs {first_runs['uri'][0].writes}",
        ),
        Row(
            'demo site from nothing (demo/site.yml, first run)',
            'wall s',
            median(first_runs['ours']),
            median(first_runs['processes']),
            'the same site as plain uri tasks (bench/site_uri.yml)',
            median(first_runs['uri']),
            'reported',
            True,
        ),
    ]


def listing(tree: pathlib.Path, repeat: int, zones: int = 10_000) -> list[Row]:
    """(b) pullzone_info listing every zone against a plain requests script paging the same way."""
    emulator = Emulator(tree, zones)
    env = emulator.env(tree)
    module = playbook(HERE / 'playbooks' / 'pullzone_info_list.yml')
    script = [PYTHON, str(HERE / 'list_pullzones.py')]
    try:
        samples = interleaved(
            repeat,
            {
                'ours': lambda: run(module, env, emulator),
                'processes': lambda: run(module, dict(env, EDGE_PLATFORM_IN_PROCESS='false'), emulator),
                'script': lambda: run(script, env, emulator),
            },
        )
    finally:
        emulator.stop()
    ours, script_median = median(samples['ours']), median(samples['script'])
    ours_rss, script_rss = median(samples['ours'], 'peak_rss_mb'), median(samples['script'], 'peak_rss_mb')
    return [
        Row(
            f'list {zones:,} pull zones, one task',
            'wall s',
            ours,
            median(samples['processes']),
            'a requests script paging the same way (bench/list_pullzones.py)',
            script_median,
            '≤ 1.5× the script',
            ours <= 1.5 * script_median,
            f"{samples['ours'][0].requests} requests each",
        ),
        Row(
            f'list {zones:,} pull zones, one task',
            'peak RSS MB',
            ours_rss,
            median(samples['processes'], 'peak_rss_mb'),
            'the same script',
            script_rss,
            '≤ 2× the script',
            ours_rss <= 2 * script_rss,
            'largest process of the run',
        ),
    ]


def per_task(tree: pathlib.Path, repeat: int) -> list[Row]:
    """(c) What one task costs beyond an empty play: a module of this collection, debug, uri."""
    emulator = Emulator(tree, 12)
    env = emulator.env(tree)
    with tempfile.TemporaryDirectory() as work:
        plays = {name: pathlib.Path(work) / f'{name}.yml' for name in ('empty', 'debug', 'uri', 'module')}
        task = {
            'debug': '      ansible.builtin.debug:\n        msg: one task\n',
            'uri': (
                '      ansible.builtin.uri:\n'
                "        url: \"{{ lookup('ansible.builtin.env', 'EDGE_API_URL') }}/pullzone/1001\"\n"
                "        headers:\n          AccessKey: \"{{ lookup('ansible.builtin.env', 'EDGE_API_KEY') }}\"\n"
            ),
            'module': '      edge.platform.pullzone_info:\n        id: 1001\n',
        }
        head = (
            '- name: Per-task cost\n  hosts: localhost\n  connection: local\n  gather_facts: false\n'
            '  vars:\n    ansible_python_interpreter: "{{ ansible_playbook_python }}"\n  tasks:'
        )
        plays['empty'].write_text(f'{head} []\n', encoding='utf-8')
        for name, body in task.items():
            tasks = ''.join(f'\n    - name: Task {number}\n{body}' for number in range(TASKS_PER_PLAY))
            plays[name].write_text(f'{head}{tasks}\n', encoding='utf-8')
        try:
            samples = interleaved(
                repeat,
                {
                    'empty': lambda: run(playbook(plays['empty']), env, emulator),
                    'module': lambda: run(playbook(plays['module']), env, emulator),
                    'processes': lambda: run(
                        playbook(plays['module']), dict(env, EDGE_PLATFORM_IN_PROCESS='false'), emulator
                    ),
                    'debug': lambda: run(playbook(plays['debug']), env, emulator),
                    'uri': lambda: run(playbook(plays['uri']), env, emulator),
                },
            )
        finally:
            emulator.stop()
    empty = median(samples['empty'])
    cost = {name: (median(runs) - empty) / TASKS_PER_PLAY for name, runs in samples.items() if name != 'empty'}
    return [
        Row(
            'one module task (pullzone_info by id)',
            's per task beyond an empty play',
            cost['module'],
            cost['processes'],
            'ansible.builtin.uri, the same GET',
            cost['uri'],
            '≤ 0.1 s per task',
            cost['module'] <= 0.1,
            f"ansible.builtin.debug: {cost['debug']:.3f} s; empty play {empty:.2f} s; {TASKS_PER_PLAY} tasks a play",
        ),
    ]


# The zone of 10,000 records the emulator seeds from a scale of 1,000 pull zones: hosts host-00001 …, those whose
# number ends in 1 an A record of 198.51.100.(number % 254 + 1), with the service's TTL.
DNS_SEED, DNS_ZONE, DNS_RECORDS = 1000, 'bulk.example', 10_000


def dns(tree: pathlib.Path, repeat: int) -> list[Row]:
    """(f) A DNS zone of 10,000 records: what a converged dns_record_set task costs beyond an empty play, against
    ansible.builtin.debug (a play of TASKS_PER_PLAY tasks, each a set of its own), and dns_zone_info reading the
    whole zone with its records (one task, the whole run)."""
    emulator = Emulator(tree, DNS_SEED)
    env = emulator.env(tree)
    step = DNS_RECORDS // TASKS_PER_PLAY
    tasks = {
        'debug': ['      ansible.builtin.debug:\n        msg: one task\n'] * TASKS_PER_PLAY,
        'record_set': [
            f'      edge.platform.dns_record_set:\n        zone: {DNS_ZONE}\n        name: host-{number:05d}\n'
            f'        type: a\n        values: [198.51.100.{number % 254 + 1}]\n        ttl: 300\n'
            for number in range(1, DNS_RECORDS, step)
        ],
        'zone_info': [f'      edge.platform.dns_zone_info:\n        domain: {DNS_ZONE}\n'],
        # What any task of the collection costs, for scale: one read of a pull zone by its id.
        'pullzone_info': ['      edge.platform.pullzone_info:\n        id: 1001\n'] * TASKS_PER_PLAY,
    }
    head = (
        '- name: A zone of 10,000 records\n  hosts: localhost\n  connection: local\n  gather_facts: false\n'
        '  vars:\n    ansible_python_interpreter: "{{ ansible_playbook_python }}"\n  tasks:'
    )
    with tempfile.TemporaryDirectory() as work:
        plays = {name: pathlib.Path(work) / f'{name}.yml' for name in ('empty', *tasks)}
        plays['empty'].write_text(f'{head} []\n', encoding='utf-8')
        for name, bodies in tasks.items():
            listed = ''.join(f'\n    - name: Task {number}\n{body}' for number, body in enumerate(bodies))
            plays[name].write_text(f'{head}{listed}\n', encoding='utf-8')
        processes = dict(env, EDGE_PLATFORM_IN_PROCESS='false')
        try:
            samples = interleaved(
                repeat,
                {
                    'empty': lambda: run(playbook(plays['empty']), env, emulator),
                    'record_set': lambda: run(playbook(plays['record_set']), env, emulator),
                    'record_set_processes': lambda: run(playbook(plays['record_set']), processes, emulator),
                    'debug': lambda: run(playbook(plays['debug']), env, emulator),
                    'pullzone_info': lambda: run(playbook(plays['pullzone_info']), env, emulator),
                    'zone_info': lambda: run(playbook(plays['zone_info']), env, emulator),
                    'zone_info_processes': lambda: run(playbook(plays['zone_info']), processes, emulator),
                },
            )
        finally:
            emulator.stop()
    for name in ('record_set', 'record_set_processes', 'zone_info', 'zone_info_processes'):
        if any(sample.writes for sample in samples[name]):
            raise SystemExit(f'{name} sent a write: the sets were not converged')
    empty = median(samples['empty'])
    cost = {
        name: (median(samples[name]) - empty) / TASKS_PER_PLAY
        for name in ('record_set', 'record_set_processes', 'debug', 'pullzone_info')
    }
    per_task = max(sample.requests for sample in samples['record_set']) / TASKS_PER_PLAY
    zone_info, zone_info_requests = median(samples['zone_info']), samples['zone_info'][0].requests
    return [
        Row(
            f'dns_record_set, converged, on a zone of {DNS_RECORDS:,} records',
            's per task beyond an empty play',
            cost['record_set'],
            cost['record_set_processes'],
            'ansible.builtin.debug',
            cost['debug'],
            '≤ 2× debug, ≤ 2 requests a task',
            cost['record_set'] <= 2 * cost['debug'] and per_task <= 2,
            f'{per_task:g} requests a task, no write; pullzone_info by id {cost["pullzone_info"]:.3f} s a task; '
            f'empty play {empty:.2f} s; {TASKS_PER_PLAY} tasks a play',
        ),
        Row(
            f'dns_zone_info, a zone of {DNS_RECORDS:,} records with its records',
            'wall s',
            zone_info,
            median(samples['zone_info_processes']),
            '',
            None,
            '≤ 3 s',
            zone_info <= 3,
            f'{zone_info_requests} request; the whole run of a one-task play (empty play {empty:.2f} s)',
        ),
    ]


def audit(tree: pathlib.Path, repeat: int, zones: int = 1000) -> list[Row]:
    """(d) The audit role over an account of 1,000 pull zones, as it runs by default and without the Shield zones'
    custom WAF rules and rate limits (audit_shield_rules: false): the API lists those one Shield zone at a time."""
    emulator = Emulator(tree, zones)
    shield_zones = len(emulator.admin('/state')['shield_zones'])
    with tempfile.TemporaryDirectory() as demo_dir:
        env = emulator.env(tree, EDGE_DEMO_DIR=demo_dir)
        command = playbook(HERE.parent / 'demo' / 'audit.yml')
        try:
            samples = interleaved(
                max(1, repeat // 2),
                {
                    'ours': lambda: run(command, env, emulator),
                    'no_rules': lambda: run([*command, '-e', 'audit_shield_rules=false'], env, emulator),
                },
            )
        finally:
            emulator.stop()
    rows = []
    for name, scenario, allowed, target in (
        (
            'ours',
            'audit role',
            15 + 2 * shield_zones,
            '≤ 15 requests to the Shield part, and a listing of custom WAF rules and one of rate limits a Shield zone',
        ),
        ('no_rules', 'audit role, audit_shield_rules: false', 15, '≤ 15 requests to the Shield part'),
    ):
        shield = max(sample.shield_requests for sample in samples[name])
        rows.append(
            Row(
                f'{scenario}, {zones:,} pull zones, {shield_zones:,} Shield zones (demo/audit.yml)',
                'wall s',
                median(samples[name]),
                None,
                '',
                None,
                target,
                shield <= allowed,
                f"{shield} Shield requests; {samples[name][0].requests} requests to the API",
            )
        )
    return rows


def adopt(tree: pathlib.Path, repeat: int, zones: int = 1000, beside_uri: int = 100) -> list[Row]:
    """(e) Adopting an account: site_info reading 1,000 pull zones as declarations and the export playbook writing
    them as files (absolute targets), and site_info against plain uri tasks sending the same reads
    (bench/adopt_uri.yml) on an account of 100, as a uri task a read takes minutes at 1,000."""
    read = playbook(HERE / 'playbooks' / 'site_info_all.yml')
    emulator = Emulator(tree, beside_uri)
    env = emulator.env(tree)
    try:
        small = interleaved(
            repeat,
            {
                'ours': lambda: run(read, env, emulator),
                'processes': lambda: run(read, dict(env, EDGE_PLATFORM_IN_PROCESS='false'), emulator),
                'uri': lambda: run(playbook(HERE / 'adopt_uri.yml'), env, emulator),
            },
        )
    finally:
        emulator.stop()
    emulator = Emulator(tree, zones)
    with tempfile.TemporaryDirectory() as export_dir:
        env = emulator.env(tree)
        export = playbook(HERE.parent / 'playbooks' / 'export.yml', '-e', f'export_dir={export_dir}')
        try:
            large = interleaved(
                repeat,
                {'ours': lambda: run(read, env, emulator), 'export': lambda: run(export, env, emulator)},
            )
        finally:
            emulator.stop()
    ours, uri = median(small['ours']), median(small['uri'])
    read_large, export_seconds = median(large['ours']), median(large['export'])
    return [
        Row(
            f'site_info, {beside_uri} pull zones with their Shield zones and access lists',
            'wall s',
            ours,
            median(small['processes']),
            'plain `uri` tasks, the same reads',
            uri,
            'reported',
            True,
            f"{small['ours'][0].requests} requests; the uri tasks {small['uri'][0].requests}, and no option names",
        ),
        Row(
            f'site_info, {zones:,} pull zones',
            'wall s',
            read_large,
            None,
            '',
            None,
            '≤ 10 s',
            read_large <= 10,
            f"{large['ours'][0].requests} requests",
        ),
        Row(
            f'export playbook, {zones:,} pull zones',
            'wall s',
            export_seconds,
            None,
            '',
            None,
            '≤ 30 s',
            export_seconds <= 30,
            f"{large['export'][0].requests} requests; a file a pull zone",
        ),
    ]


@dataclasses.dataclass
class Absolute:
    """A scenario of its own, with an absolute target."""

    name: str
    playbook: str
    seed: int
    target_seconds: float
    max_requests: int
    extra_vars: dict[str, t.Any] = dataclasses.field(default_factory=dict)
    setup: bool = False  # run once before measuring (to create what the measured runs find unchanged)


ABSOLUTE = [
    Absolute('pullzone_info: one zone by id among 5,000', 'pullzone_info_id.yml', 5000, 1.5, 1),
    Absolute('pullzone_info: exact name among 5,000', 'pullzone_info_name.yml', 5000, 1.5, 1),
    Absolute(
        'shield_access_list: 10,000 entries, unchanged rerun',
        'access_list_10k.yml',
        12,
        2.5,
        2,
        {'bench_shield_zone_id': 3001},
        setup=True,
    ),
    Absolute('cdn_log_info: 10,000 rows (v2)', 'cdn_log_info_10k.yml', 12, 3.0, 1),
]


def absolute(tree: pathlib.Path, repeat: int) -> list[Row]:
    rows = []
    for scenario in ABSOLUTE:
        emulator = Emulator(tree, scenario.seed)
        env = emulator.env(tree)
        command = playbook(HERE / 'playbooks' / scenario.playbook, '-e', json.dumps(scenario.extra_vars))
        try:
            if scenario.setup:
                run(command, env, emulator)
            samples = interleaved(
                repeat,
                {
                    'ours': functools.partial(run, command, env, emulator),
                    'processes': functools.partial(run, command, dict(env, EDGE_PLATFORM_IN_PROCESS='false'), emulator),
                },
            )
        finally:
            emulator.stop()
        ours, requests_sent = median(samples['ours']), samples['ours'][0].requests
        rows.append(
            Row(
                scenario.name,
                'wall s',
                ours,
                median(samples['processes']),
                '',
                None,
                f'≤ {scenario.target_seconds:g} s, ≤ {scenario.max_requests} requests',
                ours <= scenario.target_seconds and requests_sent <= scenario.max_requests,
                f'{requests_sent} requests',
            )
        )
    return rows


COMPARISONS: dict[str, t.Callable[[pathlib.Path, int], list[Row]]] = {
    'site': converged_site,
    'listing': listing,
    'per-task': per_task,
    'audit': audit,
    'adopt': adopt,
    'absolute': absolute,
    'dns': dns,
}


def table(rows: list[Row]) -> str:
    lines = [
        '| scenario | figure | edge.platform | as module processes | alternative | alternative | ratio | target '
        '| result | notes |',
        '|---|---|---:|---:|---|---:|---:|---|---|---|',
    ]
    for row in rows:

        def number(value: float | None) -> str:
            if isinstance(value, int):  # a count
                return str(value)
            return '' if value is None else f'{value:.3f}' if value < 1 else f'{value:.2f}'

        ratio = f'{row.ratio:.2f}' if row.ratio is not None else ''
        lines.append(
            f'| {row.scenario} | {row.measured} | {number(row.ours)} | {number(row.ours_processes)} '
            f"| {row.alternative} | {number(row.theirs)} | {ratio} | {row.target} | {'met' if row.met else 'MISSED'} "
            f'| {row.notes} |'
        )
    return '\n'.join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        '--tree', required=True, type=pathlib.Path, help='the collection inside an ansible_collections/ tree'
    )
    parser.add_argument(
        '--repeat', type=int, default=7, help='interleaved rounds per comparison (medians are reported)'
    )
    parser.add_argument('names', nargs='*', help=f"run only these comparisons: {', '.join(COMPARISONS)}")
    args = parser.parse_args()
    chosen = [name for name in COMPARISONS if not args.names or name in args.names]
    rows: list[Row] = []
    for name in chosen:
        print(f'running: {name} …', file=sys.stderr, flush=True)
        rows.extend(COMPARISONS[name](args.tree, args.repeat))
    report = table(rows)
    print(report)
    results = HERE / 'results'
    results.mkdir(exist_ok=True)
    stamp = time.strftime('%Y-%m-%d %H:%M:%S')
    (results / 'latest.md').write_text(
        f'# Benchmark results ({stamp}, {os.cpu_count()} CPUs, {args.repeat} rounds)\n\n{report}\n', encoding='utf-8'
    )


if __name__ == '__main__':
    main()
