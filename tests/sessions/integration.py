# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Integration targets against the emulator, several at once.

Each worker has a copy of the collection, an emulator and a HOME of its own (ansible-test keeps state under
HOME, and every target starts by resetting its emulator), and takes the next target from a queue shared by all,
longest first (the times of the last run, kept in the build directory; a target never timed by its size). Much
of a target is waiting (retries, Retry-After, timeouts), so a few workers finish well before one would, even on
two cores.
"""

from __future__ import annotations

import dataclasses
import json
import os
import queue
import re
import subprocess
import threading
import time
import typing as t
from pathlib import Path

import yaml

from .emulator import ENVIRONMENT, Emulator
from .tree import ROOT, build_dir, copy_collection, log_file

TARGETS = ROOT / 'tests' / 'integration' / 'targets'
# Aliases that keep a target out of a plain `ansible-test integration` run.
SKIPPED_ALIASES = {'hidden', 'disabled', 'unsupported', 'unstable'}
# "edge_split/VARIABLE" in a target's aliases: the suite runs the target in parts, each with a share of the list
# VARIABLE of the target's vars/main.yml (written into the worker's copy of that file, as integration_config.yml
# cannot override a role's vars), so a long list of independent cases runs on several workers at once. Alone,
# the target runs the whole list.
SPLIT = 'edge_split/'
# Integration tests written with pytest: each runs ansible-playbook processes against the worker's emulator, as a
# target does, and takes its turn in the same queue (a job of the directory's name, "(pytest)").
PYTESTS = ROOT / 'tests' / 'integration' / 'processes'


@dataclasses.dataclass(frozen=True)
class Job:
    """One target (or part of one), with the collection's modules inside the controller (in_process) or as
    module processes."""

    target: str
    in_process: bool = True
    part: int = 1
    parts: int = 1
    pytest: bool = False  # the target is a directory of tests/integration/ that pytest runs

    @property
    def name(self) -> str:
        mode = ' (pytest)' if self.pytest else '' if self.in_process else ' (module processes)'
        return self.target + mode + (f' (part {self.part} of {self.parts})' if self.parts > 1 else '')

    def command(self, ansible_test: str) -> list[str]:
        """What runs the job in a worker's copy of the collection: ansible-test integration, or pytest with the
        Python of that ansible-test."""
        if self.pytest:
            python = str(Path(ansible_test).with_name('python'))
            selection = [f'--part={self.part}/{self.parts}'] if self.parts > 1 else []
            return [
                python,
                '-m',
                'pytest',
                '-q',
                '-p',
                'no:cacheprovider',
                *selection,
                f'tests/integration/{self.target}',
            ]
        return [ansible_test, 'integration', '--color', 'no', '--local', self.target]

    def vars_file(self, tree: Path) -> tuple[Path, str]:
        """The target's vars/main.yml in TREE, and what it holds for this part: its share of the list the target's
        aliases split (every part takes every PARTS-th case), or the checkout's own."""
        relative = Path('tests/integration/targets') / self.target / 'vars' / 'main.yml'
        original = (ROOT / relative).read_text() if (ROOT / relative).is_file() else ''
        if self.parts == 1 or self.pytest:  # the pytest job's parts select their tests themselves (--part)
            return tree / relative, original
        variable = split_variable(self.target)
        values = yaml.safe_load(original) or {}
        if not isinstance(values.get(variable), list):
            raise ValueError(f'{self.target}: its aliases split {variable}, which its vars/main.yml holds no list of')
        values[variable] = values[variable][self.part - 1 :: self.parts]
        return tree / relative, yaml.safe_dump(values, sort_keys=False)


@dataclasses.dataclass(frozen=True)
class Outcome:
    job: Job
    worker: int
    started: float
    seconds: float
    passed: bool
    log: Path
    cpu: float  # CPU seconds of the job's processes and of its worker's emulator while the job ran


def discover_targets() -> list[str]:
    """Every target a plain `ansible-test integration` runs (not setup_emulator, which the others depend on)."""
    found = sorted(path.parent.name for path in TARGETS.glob('*/aliases'))
    return [target for target in found if not SKIPPED_ALIASES & set(aliases(target))]


def aliases(target: str) -> list[str]:
    """The aliases of a target (a line each; # starts a comment, as ansible-test reads them)."""
    lines = (TARGETS / target / 'aliases').read_text().splitlines()
    return [line.split('#', 1)[0].strip() for line in lines if line.split('#', 1)[0].strip()]


def split_variable(target: str) -> str | None:
    """The list variable the target's aliases let the suite split (edge_split/VARIABLE), if any."""
    return next((alias[len(SPLIT) :] for alias in aliases(target) if alias.startswith(SPLIT)), None)


def pytest_jobs(parts: int = 1) -> list[Job]:
    """The pytest job in PARTS parts (each every PARTS-th test: its conftest's --part), when there are tests to run.
    Its tests are the longest job of a session (every module both ways, at every verbosity): in parts, workers share
    them."""
    if not any(PYTESTS.glob('test_*.py')):
        return []
    return [Job(PYTESTS.name, pytest=True, part=part, parts=parts) for part in range(1, parts + 1)]


def jobs(targets: t.Iterable[str], in_process: bool = True, parts: int = 1) -> list[Job]:
    """A job for each target, in PARTS parts where its aliases let the suite split it."""
    return [
        Job(target, in_process, part, count)
        for target in targets
        for count in [parts if split_variable(target) else 1]
        for part in range(1, count + 1)
    ]


def integration_config(environment: t.Mapping[str, str], in_process: bool) -> str:
    """tests/integration/integration_config.yml: the variables the targets read (ansible-test gives a role target
    them as the play's vars_files), from the EDGE_* variables of an emulator; edge_platform_in_process false runs
    the collection's modules as module processes."""
    values: dict[str, object] = {name.lower(): environment[name] for name in ENVIRONMENT.values()}
    values['edge_platform_in_process'] = in_process
    return '---\n' + ''.join(f'{key}: {json.dumps(value)}\n' for key, value in values.items())


class History:
    """The seconds each job took in the last run, to start the longest first."""

    def __init__(self, label: str) -> None:
        self.path = build_dir() / 'integration-times' / f'{label}.json'
        self.seconds: dict[str, float] = json.loads(self.path.read_text()) if self.path.is_file() else {}

    def order(self, jobs: t.Iterable[Job]) -> list[Job]:
        def key(job: Job) -> tuple[bool, float]:
            known = self.seconds.get(job.name)
            if known is None:  # never timed, first: the parts of a target long enough to split, then by the size
                # of its files, twice as module processes
                where = PYTESTS if job.pytest else TARGETS / job.target
                size = sum(path.stat().st_size for path in where.rglob('*') if path.is_file())
                return (False, -size * (1 if job.in_process else 2) * (1000 if job.parts > 1 else 1))
            return (True, -known)

        return sorted(jobs, key=key)

    def save(self, outcomes: t.Iterable[Outcome]) -> None:
        self.seconds.update({outcome.job.name: round(outcome.seconds, 1) for outcome in outcomes if outcome.passed})
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.seconds, indent=1, sort_keys=True))


def run_jobs(
    label: str, jobs: list[Job], ansible_test: str, environment: dict[str, str], workers: int
) -> tuple[list[Outcome], list[str]]:
    """Runs JOBS with WORKERS workers (ansible-test integration --local: in ansible-test's own Python environment)
    and returns their outcomes, in the order they ended, and what kept jobs from running. LABEL names the run's
    directories, logs and times."""
    history = History(label)
    pending: queue.Queue[Job] = queue.Queue()
    for job in history.order(jobs):
        pending.put(job)
    outcomes: list[Outcome] = []
    problems: list[str] = []
    started = time.monotonic()

    def work(number: int) -> None:
        place = build_dir() / 'integration' / label / f'worker-{number}'
        try:
            tree = copy_collection(place)
            home = place / 'home'
            home.mkdir(exist_ok=True)
            config = tree / 'tests' / 'integration' / 'integration_config.yml'
            with Emulator(tree) as emulator:
                while True:
                    try:
                        job = pending.get_nowait()
                    except queue.Empty:
                        return
                    config.write_text(integration_config(emulator.environment, job.in_process))
                    vars_file, content = job.vars_file(tree)
                    if vars_file.is_file() or content:
                        vars_file.write_text(content)
                    log = log_file(f"integration-{label}-{re.sub(r'[^a-z0-9_]+', '-', job.name).strip('-')}.log")
                    began = time.monotonic()
                    # pytest imports the collection as ansible_collections.edge.platform and reads the EDGE_*
                    # variables of the worker's emulator; ansible-test reads integration_config.yml.
                    extra = {'PYTHONPATH': str(tree.parents[2]), **emulator.environment} if job.pytest else {}
                    emulator_cpu = process_cpu(emulator.process.pid)
                    with log.open('w') as output:
                        status, cpu = run_measured(
                            job.command(ansible_test),
                            cwd=tree,
                            env={**environment, 'HOME': str(home), **extra},
                            stdout=output,
                        )
                    cpu += process_cpu(emulator.process.pid) - emulator_cpu
                    outcome = Outcome(job, number, began - started, time.monotonic() - began, status == 0, log, cpu)
                    outcomes.append(outcome)
                    state = 'passed' if outcome.passed else 'FAILED'
                    print(f'  {state} {job.name} ({outcome.seconds:.0f}s, worker {number})', flush=True)
        except Exception as error:  # a worker that cannot start (or whose emulator breaks its contract) fails the run
            problems.append(f'worker {number}: {error}')

    threads = [threading.Thread(target=work, args=(number,)) for number in range(1, min(workers, len(jobs)) + 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    history.save(outcomes)
    left = [job.name for job in list(pending.queue)]
    if left:
        problems.append(f'not run: {", ".join(left)}')
    return outcomes, problems


def run_measured(command: list[str], cwd: Path, env: dict[str, str], stdout: t.IO[str]) -> tuple[int, float]:
    """COMMAND's exit status and the CPU seconds it and the processes it waited for used (wait4's rusage: the
    jobs run on threads of one process, whose own RUSAGE_CHILDREN would mix them)."""
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=stdout, stderr=subprocess.STDOUT)
    _pid, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, usage.ru_utime + usage.ru_stime


def process_cpu(pid: int) -> float:
    """The CPU seconds a running process has used so far (its own, not its children's), 0 where /proc cannot
    tell."""
    try:
        fields = Path(f'/proc/{pid}/stat').read_text().rsplit(')', 1)[1].split()
    except OSError:
        return 0.0
    # utime and stime, fields 14 and 15 of proc(5), counted from the state field (3)
    return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')


def report(outcomes: list[Outcome], problems: list[str]) -> bool:
    """Prints each job's time (the longest first), the ends of the failed ones' logs and the problems; whether
    every job ran and passed."""
    cpu = sum(outcome.cpu for outcome in outcomes)
    print(f'{len(outcomes)} integration jobs (ansible-test integration, or pytest), {cpu:.0f} CPU seconds in all:')
    for outcome in sorted(outcomes, key=lambda outcome: -outcome.seconds):
        state = 'passed' if outcome.passed else 'FAILED'
        print(
            f'  {outcome.seconds:6.0f}s  {outcome.cpu:6.0f} cpu s  {state:6}  {outcome.job.name}  '
            f'(worker {outcome.worker})'
        )
    for outcome in outcomes:
        if not outcome.passed:
            print(f'\n==> {outcome.job.name} failed; the end of {outcome.log}:')
            print(''.join(outcome.log.read_text(errors='replace').splitlines(keepends=True)[-60:]))
    for problem in problems:
        print(problem)
    return not problems and all(outcome.passed for outcome in outcomes)
