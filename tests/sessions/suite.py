# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The whole test suite (make test): ``python -m tests.sessions.suite [nox options]``.

Every step is a nox session of noxfile.py (SUITE); nox runs PARALLEL of them at once (``nox --parallel``), in the
order of SUITE as slots free up, so the longest start first and the many short ones fill in around them. nox prints
each step's output as one block when it ends and a summary with each step's time; this adds a table of the steps and
last the line CI reads, ``ci: N passed, N failed``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from .tree import ROOT, log_file

# The oldest ansible-core the collection supports (meta/runtime.yml) and the newest on PyPI (raise it when a new one
# comes out): sanity, units and integration run on both, make matrix runs sanity and units on every one in between.
OLDEST_CORE = '2.16'
NEWEST_CORE = '2.21'
# The integration targets run inside the controller, the way a local connection runs the collection's modules.
# The other way (module processes: remote hosts, become, async) is checked for every module by the pytest tests of
# tests/integration/processes, which run every module both ways (reading, writing, failing, check mode, diff,
# relative paths, every verbosity) and find the same results and the same output; a target run again as module
# processes would repeat its checks (nox -s integration-2.16 -- --as-processes TARGET… runs one that way).
# On the newest ansible-core, inside the controller: every module's documented examples and both roles.
ON_NEWEST = ('doc_examples', 'role_site', 'role_audit')

# The steps, longest first (as they take with the others beside them: the sanity steps run on one core, the
# integration steps on both; a long one started last would run alone at the end).
SUITE = (
    f'integration-{OLDEST_CORE}',
    f'ansible-test-sanity-{OLDEST_CORE}',
    f'ansible-test-sanity-{NEWEST_CORE}',
    f'integration-{NEWEST_CORE}',
    f'ansible-test-units-{NEWEST_CORE}',
    f'ansible-test-units-{OLDEST_CORE}',
    'ansible-lint',
    'docs',
    'eda',
    'demo',
    'build-import-check',
    'awx',
    'docs-check',
    'ansible-doc',
    'lint',
    'typing',
    'license-check',
    'extra-checks',
    'tarball',
    'execution-environment',
    'changelog',
    'docs-fragments-check',
)
PARALLEL = int(os.environ.get('EDGE_TEST_PARALLEL', '3'))


def main(arguments: list[str]) -> int:
    report = log_file('suite.json')
    report.unlink(missing_ok=True)
    command = [sys.executable, '-m', 'nox', '--parallel', str(PARALLEL), '--error-on-missing-interpreters']
    command += ['--report', str(report), '-s', *SUITE]
    # The demo fails without its rulebook part here, where make demo alone would skip it.
    environment = {**os.environ, 'EDGE_DEMO_REQUIRE_EDA': '1'}
    subprocess.run([*command, *arguments], cwd=ROOT, env=environment, check=False)
    results = {entry['name']: entry for entry in json.loads(report.read_text())['sessions']} if report.is_file() else {}
    print('\nsteps (seconds, tool installs included):')
    passed = 0
    for name in SUITE:
        entry = results.get(name)
        success = entry is not None and entry['result'] == 'success'
        passed += success
        duration = f"{entry['duration']:6.0f}s" if entry else '      -'
        print(f"  {duration}  {'passed' if success else 'FAILED'}  {name}")
    failed = len(SUITE) - passed
    if failed:
        print('failed steps: ' + ', '.join(name for name in SUITE if results.get(name, {}).get('result') != 'success'))
    print(f'ci: {passed} passed, {failed} failed', flush=True)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
