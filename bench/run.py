# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""Run the benchmark scenarios against the emulator and print a table of results.

Each scenario starts an emulator at its scale, runs its playbook a few times and
reports the median wall time, the requests the module sent (from the emulator's record)
and whether the target holds. Targets are goals, not tests: a miss is reported, not failed.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import pathlib
import signal
import statistics
import subprocess
import sys
import time
import typing as t
import urllib.request

HERE = pathlib.Path(__file__).resolve().parent


@dataclasses.dataclass
class Scenario:
    name: str
    playbook: str
    seed: int
    target_seconds: float
    what: str
    max_requests: int | None = None
    runs: int = 3
    extra_vars: dict[str, t.Any] = dataclasses.field(default_factory=dict)
    # Run once, unmeasured, before the measured runs (to create what the scenario then finds unchanged).
    setup: str | None = None


SCENARIOS = [
    Scenario('pullzone_info: list 1,000 zones', 'pullzone_info_list.yml', 1000, 3.0,
             'one page of 1,000 full PullZoneModel records, secrets masked', max_requests=1),
    Scenario('pullzone_info: list 5,000 zones', 'pullzone_info_list.yml', 5000, 7.0,
             'five pages of 1,000', max_requests=5),
    Scenario('pullzone_info: one zone by id of 5,000', 'pullzone_info_id.yml', 5000, 1.5,
             'GET /pullzone/{id}, no listing', max_requests=1),
    Scenario('pullzone_info: exact name among 5,000', 'pullzone_info_name.yml', 5000, 1.5,
             'the name is sent as the search term; the API narrows the list', max_requests=1),
    Scenario('shield_access_list: 10,000 entries, unchanged rerun', 'access_list_10k.yml', 12, 2.5,
             'list overview + one read of the content; no write', max_requests=2, setup='access_list_10k.yml',
             extra_vars={'bench_shield_zone_id': 3001}),
    Scenario('cdn_log_info: 10,000 rows (v2)', 'cdn_log_info_10k.yml', 12, 3.0,
             'one v2 request at the largest limit', max_requests=1),
]


def admin(url: str, path: str, method: str = 'GET') -> t.Any:
    request = urllib.request.Request(f'{url}{path}', method=method, data=b'' if method == 'POST' else None)
    with urllib.request.urlopen(request, timeout=60) as response:  # noqa: S310 - 127.0.0.1 only
        return json.loads(response.read() or b'null')


def start_emulator(tree: pathlib.Path, seed: int) -> tuple[subprocess.Popen[str], dict[str, str]]:
    process = subprocess.Popen([sys.executable, '-m', 'tests.emulator', '--seed', str(seed)], cwd=tree,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline() if process.stdout else ''
    if not line:
        raise SystemExit(f'the emulator did not start (seed {seed})')
    return process, json.loads(line)


def run_playbook(tree: pathlib.Path, scenario: Scenario, info: dict[str, str]) -> float:
    env = dict(os.environ, ANSIBLE_COLLECTIONS_PATH=str(tree.parents[2]), EDGE_API_URL=info['api_url'], EDGE_API_KEY=info['api_key'],
               EDGE_VIDEO_API_URL=info['video_api_url'], EDGE_LOGGING_API_URL=info['logging_api_url'])
    command = [str(pathlib.Path(sys.executable).parent / 'ansible-playbook'), '-i', 'localhost,', str(HERE / 'playbooks' / scenario.playbook),
               '-e', json.dumps(scenario.extra_vars)]
    started = time.perf_counter()
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f'{scenario.name}: playbook failed\n{result.stdout[-3000:]}\n{result.stderr[-2000:]}')
    return elapsed


def measure(tree: pathlib.Path, scenario: Scenario) -> dict[str, t.Any]:
    process, info = start_emulator(tree, scenario.seed)
    try:
        if scenario.setup:
            run_playbook(tree, dataclasses.replace(scenario, playbook=scenario.setup), info)
        times = []
        requests_per_run = 0
        for attempt in range(scenario.runs):
            admin(info['admin_url'], '/requests', 'DELETE')
            times.append(run_playbook(tree, scenario, info))
            if attempt == 0:
                requests_per_run = len(admin(info['admin_url'], '/requests'))
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
    median = statistics.median(times)
    ok = median <= scenario.target_seconds and (scenario.max_requests is None or requests_per_run <= scenario.max_requests)
    return {'scenario': scenario, 'median': median, 'best': min(times), 'requests': requests_per_run, 'ok': ok}


def table(rows: list[dict[str, t.Any]]) -> str:
    lines = [
        '| scenario | scale (pull zones) | median s | best s | requests | target | result |',
        '|---|---:|---:|---:|---:|---|---|',
    ]
    for row in rows:
        scenario = row['scenario']
        target = f'≤ {scenario.target_seconds:g} s' + (f', ≤ {scenario.max_requests} requests' if scenario.max_requests else '')
        lines.append(f"| {scenario.name} | {scenario.seed:,} | {row['median']:.2f} | {row['best']:.2f} | {row['requests']} | {target} | "
                     f"{'met' if row['ok'] else 'MISSED'} |")
    return '\n'.join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--tree', required=True, type=pathlib.Path, help='the collection inside an ansible_collections/ tree')
    parser.add_argument('names', nargs='*', help='run only scenarios whose name contains one of these')
    args = parser.parse_args()
    chosen = [s for s in SCENARIOS if not args.names or any(name in s.name for name in args.names)]
    rows = []
    for scenario in chosen:
        print(f'running: {scenario.name} …', file=sys.stderr, flush=True)
        rows.append(measure(args.tree, scenario))
    report = table(rows)
    print(report)
    results = HERE / 'results'
    results.mkdir(exist_ok=True)
    stamp = time.strftime('%Y-%m-%d %H:%M:%S')
    (results / 'latest.md').write_text(f'# Benchmark results ({stamp}, {os.cpu_count()} CPUs)\n\n{report}\n', encoding='utf-8')


if __name__ == '__main__':
    main()
