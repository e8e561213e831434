# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The test suite as nox sessions: `nox -l` lists them. `make test` runs the suite's steps several at once
(tests/sessions/suite.py: SUITE), `make demo` the demo.

antsibull-nox.toml configures antsibull-nox's own sessions: lint (ruff check, ruff format --check), ansible-lint,
license-check (reuse), extra-checks (the action group), docs-check and build-import-check (galaxy-importer; here
anything it reports fails it). This file adds:

- typing: mypy strict over plugins/ and the event sources (mypy.ini);
- ansible-test-sanity-<core> and ansible-test-units-<core> for each ansible-core that meta/runtime.yml supports
  and PyPI has (antsibull-nox's own ansible-test sessions run in containers, which these machines cannot start:
  these run in ansible-test's venvs); sanity, units and matrix run them for the oldest and the newest, or all;
- integration-<oldest>, integration-<newest> (and integration, both): the targets against the emulator;
- eda, changelog, tarball, ansible-doc, execution-environment, awx, docs, demo; release.

Sessions that need only the tools of .venv (requirements-dev.txt, where nox runs) run there (python=False); the
others install what they need into their own venv under .nox/. The ansible-test of each session has a HOME of its
own under the build directory: ansible-test keeps state under HOME, which two runs at once break.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import nox

# antsibull-nox's formatters session checks (ruff format --check) rather than rewrites in CI; so it does here
# unless CI=false is set (CI=false nox -s formatters rewrites the files).
os.environ.setdefault('CI', 'true')

try:
    import antsibull_nox
    from antsibull_nox.ansible import get_ansible_core_info, get_supported_core_versions
    from antsibull_nox.python.versions import get_installed_python_versions
    from antsibull_nox.sessions.lint import add_typing
    from antsibull_nox.utils import Version
except ImportError:
    print('You need to install antsibull-nox in the same Python environment as nox.')
    raise

# The sessions' helpers (tests/sessions), however nox was started.
sys.path.insert(0, str(Path(__file__).parent))
from tests.sessions import artifacts, demo as demo_run, generated, integration, rulebook, suite, tree  # noqa: E402

antsibull_nox.load_antsibull_nox_toml()
nox.options.reuse_venv = 'yes'
# uv makes each session's venv and installs its tools: a few CPU seconds instead of pip's ten or more. The bytecode
# is compiled at install, as pip does (the tools start as fast); only the machine's Pythons are used (never one
# downloaded), and virtualenv with pip stands in where uv is missing.
nox.options.default_venv_backend = 'uv|virtualenv'
nox.options.download_python = 'never'
os.environ.setdefault('UV_COMPILE_BYTECODE', '1')
os.environ.setdefault('UV_PYTHON_DOWNLOADS', 'never')
# Any session may run beside the others (make test runs several at once).
nox.options.allow_parallel = True
OLDEST_CORE = Version.parse(suite.OLDEST_CORE)
NEWEST_CORE = Version.parse(suite.NEWEST_CORE)
# Tools pinned in requirements-dev.txt, installed elsewhere at those versions.
CONSTRAINTS = ('-c', 'requirements-dev.txt')
# On PATH: the machine's Pythons (nox finds each session's there), then the tools of .venv (ansible-galaxy,
# ansible-doc, antsibull-changelog …) for the sessions that run there.
os.environ['PATH'] = os.pathsep.join(
    [str(tree.python_versions_dir()), str(Path(sys.executable).parent), os.environ['PATH']]
)


def meta_session(name: str, description: str, sessions: list[str]) -> None:
    """A session that runs SESSIONS (nox runs what a session requires first), as antsibull-nox's lint does."""

    def run(session: nox.Session) -> None:
        """Nothing of its own."""

    run.__doc__ = description
    nox.session(name=name, python=False, default=False, requires=sessions)(run)


add_typing(
    code_files=[Path('plugins'), Path('extensions/eda/plugins/event_source')],
    module_files=[],
    run_mypy=True,
    mypy_config='mypy.ini',
    mypy_modules_config=None,
    mypy_package=['mypy', *CONSTRAINTS],
    mypy_ansible_core_package=['ansible-core', *CONSTRAINTS],
    mypy_extra_deps=['types-requests', 'types-PyYAML', 'requests', *CONSTRAINTS],
)


class Tee(io.StringIO):
    """Keeps what is printed, and prints it."""

    def write(self, text: str) -> int:
        sys.__stdout__.write(text)
        return super().write(text)


def fail_on_importer_findings(name: str) -> None:
    """antsibull-nox only warns about what galaxy-importer reports; a release must have nothing reported."""
    registered = nox.registry.get()[name]
    check = registered.func

    def strict(session: nox.Session) -> None:
        with contextlib.redirect_stdout(Tee()) as printed:
            check(session)
        log = printed.getvalue()
        findings = [line for line in log.splitlines() if re.match(r'\s*(ERROR|WARNING):', line)]
        if findings or 'Importer processing completed successfully' not in log:
            session.error('galaxy-importer reported:\n' + '\n'.join(findings or ['no successful import']))

    registered.func = strict


fail_on_importer_findings('build-import-check')


def controller_python(core: Version) -> str:
    """The Python a session of this ansible-core runs on: nox's own when the controller supports it, else the
    oldest of the machine's that it does (as antsibull-nox picks for its ansible-test sessions)."""
    supported = get_ansible_core_info(core).controller_python_versions
    running = Version(sys.version_info.major, sys.version_info.minor)
    if running in supported:
        return str(running)
    installed = get_installed_python_versions()
    return str(min((version for version in supported if version in installed), default=max(supported)))


def newest_python(core: Version) -> str:
    """The newest Python of the machine that this ansible-core runs its controller on."""
    installed = get_installed_python_versions()
    supported = get_ansible_core_info(core).controller_python_versions
    return str(max([version for version in supported if version in installed] or supported))


def ansible_test_around(kind: str, name: str) -> tuple[Callable[[], None], Callable[[], None]]:
    """Before ansible-test: a HOME of its own (kept between runs: its venvs and caches) with the pip bootstrap it
    needs; after: the nox process's own again, and no scratch files (antsibull-nox copies tests/output back and
    fails on nested directories)."""
    saved = os.environ['HOME']
    home = tree.build_dir() / 'homes' / name

    def before() -> None:
        if kind == 'sanity':  # its shellcheck test (.venv has PyPI's shellcheck on x86_64 only)
            tree.ensure_command('shellcheck', 'shellcheck')
        tree.provide_pip_bootstrap(home)
        os.environ['HOME'] = str(home)

    def after() -> None:
        os.environ['HOME'] = saved
        shutil.rmtree('tests/output/.tmp', ignore_errors=True)

    return before, after


for core in get_supported_core_versions(max_version=NEWEST_CORE):
    for kind, description, params in (
        ('sanity', f'ansible-test sanity with ansible-core {core}, every Python the modules support', ['sanity']),
        (
            'units',
            f'ansible-test units with ansible-core {core}',
            # The emulator's own tests and those at scale (tests/unit/scale) do not depend on ansible-core: they run
            # with the newest only.
            ['units', '--venv', '--python', newest_python(core)]
            + ([] if core == NEWEST_CORE else ['--exclude', 'tests/unit/emulator/', '--exclude', 'tests/unit/scale/']),
        ),
    ):
        before, after = ansible_test_around(kind, f'ansible-test-{kind}-{core}')
        antsibull_nox.add_ansible_test_session(
            name=f'ansible-test-{kind}-{core}',
            description=description,
            ansible_test_params=[*params, '--color', 'no'],
            default=False,
            ansible_core_version=str(core),
            ansible_core_source='pypi',
            callback_before=before,
            callback_after=after,
        )

CORES = [OLDEST_CORE, NEWEST_CORE]
for kind in ('sanity', 'units'):
    meta_session(
        kind,
        f'ansible-test {kind} with the oldest and the newest ansible-core',
        [f'ansible-test-{kind}-{core}' for core in CORES],
    )
meta_session(
    'matrix',
    'ansible-test sanity and units with every ansible-core the collection supports',
    [
        f'ansible-test-{kind}-{core}'
        for core in get_supported_core_versions(max_version=NEWEST_CORE)
        for kind in ('sanity', 'units')
    ],
)


def integration_session(core: Version, jobs: list[integration.Job], workers: int, description: str) -> None:
    """integration-<core>: JOBS (those of the targets given after --, if any) against emulators, WORKERS at once."""

    def run(session: nox.Session) -> None:
        # The pytest job's tests start an emulator when run alone.
        requirements = ('tests/integration/requirements.txt', 'tests/emulator/requirements.txt')
        tree.install_requirements(session, *requirements, packages=[f'ansible-core~={core}.0'])
        targets = [argument for argument in session.posargs if argument != '--as-processes']
        unknown = set(targets) - {*integration.discover_targets(), integration.PYTESTS.name}
        if unknown:
            session.error(f'no such target: {", ".join(sorted(unknown))}')
        chosen = [job for job in jobs if job.target in targets] if targets else jobs
        if '--as-processes' in session.posargs:  # the chosen targets with the modules as module processes
            chosen = [dataclasses.replace(job, in_process=False) for job in chosen if not job.pytest]
        environment = {**os.environ, 'PATH': f'{session.bin}{os.pathsep}{os.environ["PATH"]}'}
        ansible_test = str(Path(session.bin) / 'ansible-test')
        outcomes, problems = integration.run_jobs(f'ansible-core-{core}', chosen, ansible_test, environment, workers)
        if not integration.report(outcomes, problems):
            session.error('integration targets failed (above)')

    run.__doc__ = description
    nox.session(name=f'integration-{core}', python=controller_python(core), default=False)(run)


WORKERS = int(os.environ.get('EDGE_INTEGRATION_WORKERS', '4'))
integration_session(
    OLDEST_CORE,
    # A target whose aliases let the suite split it runs in as many parts as there are workers (each part starts
    # ansible-test, ansible-playbook and an emulator of its own: more parts cost more than they spread).
    integration.jobs(integration.discover_targets(), parts=WORKERS) + integration.pytest_jobs(parts=2),
    workers=WORKERS,
    description=f'ansible-test integration with ansible-core {OLDEST_CORE}: every target inside the controller; '
    'the pytest tests of tests/integration/processes (every module both ways); -- --as-processes TARGET… runs '
    'targets as module processes',
)
integration_session(
    NEWEST_CORE,
    integration.jobs(suite.ON_NEWEST, parts=4) + integration.pytest_jobs(parts=2),
    workers=2,
    description=f'ansible-test integration with ansible-core {NEWEST_CORE}, inside the controller: '
    + ', '.join(suite.ON_NEWEST)
    + '; the pytest tests of tests/integration/processes',
)
meta_session(
    'integration',
    'integration-<oldest> and integration-<newest>; nox -s integration -- TARGET… runs those (where they run)',
    [f'integration-{core}' for core in CORES],
)


@nox.session(default=False)
def eda(session: nox.Session) -> None:
    """ansible-rulebook runs the auto-block rulebook of the built collection against the emulator (Java 17)."""
    tree.install_requirements(session, 'requirements-eda.txt')
    rulebook.end_to_end(session)


@nox.session(python=False, default=False)
def changelog(session: nox.Session) -> None:
    """antsibull-changelog lint of the changelog and its fragments."""
    session.run('antsibull-changelog', 'lint')


@nox.session(python=False, default=False)
def tarball(session: nox.Session) -> None:
    """The built tarball: what it holds, what it leaves out (repository tooling), reuse lint of its files."""
    artifacts.check_tarball(session)


@nox.session(name='ansible-doc', python=False, default=False)
def ansible_doc(session: nox.Session) -> None:
    """ansible-doc of every module of the built and installed tarball."""
    artifacts.check_ansible_doc(session)


@nox.session(name='execution-environment', python=False, default=False)
def execution_environment(session: nox.Session) -> None:
    """ansible-builder create of an execution environment with the built tarball (tests/ee)."""
    artifacts.check_execution_environment(session)


@nox.session(python=False, default=False)
def awx(session: nox.Session) -> None:
    """The demo's audit and site playbooks as AWX jobs (docs/awx.md's ansible-runner recipe), the installed tarball."""
    artifacts.check_awx_job(session)


@nox.session(default=False)
def docs(session: nox.Session) -> None:
    """The documentation site (warnings as errors) and a page of it in Chromium; -- --no-check-page: only build."""
    tree.install_requirements(session, 'requirements-docs.txt')
    artifacts.docs_site(session, check_page='--no-check-page' not in session.posargs)


@nox.session(default=False)
def demo(session: nox.Session) -> None:
    """The demo: the emulator, the demo playbooks against it, the auto-block rulebook (make demo)."""
    tree.install_requirements(session, 'requirements-eda.txt')
    demo_run.run(session)


@nox.session(python=False, default=False)
def release(session: nox.Session) -> None:
    """nox -s release [-- VERSION]: the version into galaxy.yml, the changelog fragments into the release."""
    artifacts.release(session, session.posargs[0] if session.posargs else None)


@nox.session(name='update-docs-fragments', python=False, default=False)
def update_docs_fragments(session: nox.Session) -> None:
    """Write the doc fragment edge.platform._options, the options of the shared ones and docs/enums.md from the
    option tables."""
    generated.update(session)


@nox.session(name='docs-fragments-check', python=False, default=False)
def docs_fragments_check(session: nox.Session) -> None:
    """Fail when the doc fragments made from the option tables or docs/enums.md are not what the tables make."""
    generated.check(session)
