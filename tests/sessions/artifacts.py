# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""What users get: the built tarball, its modules' docs, an execution environment and an AWX job with it, the
documentation site; and the release."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import typing as t
from pathlib import Path

from .emulator import Emulator, wait_for
from .tree import ROOT, build_dir, copy_collection, ensure_command, log_file

if t.TYPE_CHECKING:
    import nox

# What the tarball must hold (the collection, its licence, its tests and docs) and what it must not (tooling).
WANTED = (
    'plugins/modules/pullzone_info.py',
    'COPYING',
    'LICENSES/GPL-3.0-or-later.txt',
    'REUSE.toml',
    'CHANGELOG.md',
    'meta/execution-environment.yml',
    'requirements.txt',
    'extensions/awx/credential_type.yml',
    'tests/emulator/requirements.txt',
)
UNWANTED = re.compile(
    r'^(\.[^/]+|bench|demo|scripts|docs/site|tests/output|tests/sessions)(/|$)'
    r'|^(Makefile|noxfile\.py|antsibull-nox\.toml|ruff\.toml|mypy\.ini|requirements-[a-z]+\.txt)$'
)
# The page of the documentation site rendered in Chromium.
PAGE = 'collections/edge/platform/shield_access_list_module.html'


def build_tarball(session: nox.Session, place: Path) -> Path:
    """ansible-galaxy collection build of a copy of the checkout (the files git sees) into PLACE."""
    shutil.rmtree(place, ignore_errors=True)
    source = copy_collection(place / 'source')
    session.run('ansible-galaxy', 'collection', 'build', '--output-path', str(place), str(source), silent=True)
    return next(place.glob('edge-platform-*.tar.gz'))


def install_tarball(session: nox.Session, tarball: Path) -> Path:
    """The collections path where TARBALL is installed (as ansible-doc, an EE or AWX take it)."""
    collections = tarball.parent / 'installed'
    session.run('ansible-galaxy', 'collection', 'install', '--force', '-p', str(collections), str(tarball), silent=True)
    return collections


def built_and_installed(session: nox.Session, place: Path) -> Path:
    return install_tarball(session, build_tarball(session, place))


def check_tarball(session: nox.Session) -> None:
    place = build_dir() / 'tarball'
    tarball = build_tarball(session, place)
    with tarfile.open(tarball) as archive:
        names = archive.getnames()
        extracted = place / 'extracted'
        archive.extractall(extracted, filter='data')
    missing = [name for name in WANTED if name not in names]
    unwanted = [name for name in names if UNWANTED.search(name)]
    if missing or unwanted:
        session.error(f'{tarball.name}: missing {missing}, repository tooling {unwanted}')
    session.log(f'{tarball.name}: {len(names)} entries, none of the repository tooling')
    # REUSE on what users get: every file of the tarball has its licence, MANIFEST.json and FILES.json too.
    with session.chdir(extracted):
        session.run('reuse', 'lint', '--lines')


def check_ansible_doc(session: nox.Session) -> None:
    collections = built_and_installed(session, build_dir() / 'ansible-doc')
    modules = sorted(f'edge.platform.{path.stem}' for path in (ROOT / 'plugins' / 'modules').glob('*.py'))
    # ansible-doc exits 0 for a plugin it cannot find: the JSON must hold each module's documentation.
    output = session.run(
        'ansible-doc', '--json', *modules, env={'ANSIBLE_COLLECTIONS_PATH': str(collections)}, silent=True
    )
    docs = json.loads(output or '{}')
    missing = [module for module in modules if not docs.get(module, {}).get('doc')]
    for module in modules:
        print(f"ansible-doc {module}: {'FAILED' if module in missing else 'ok'}")
    if missing:
        session.error(f'ansible-doc renders no documentation for {", ".join(missing)}')


def check_execution_environment(session: nox.Session) -> None:
    """ansible-builder writes the build context (images cannot be built here), and its introspection of the
    installed collection finds requests."""
    place = build_dir() / 'execution-environment'
    tarball = build_tarball(session, place)
    collections = install_tarball(session, tarball)
    ee = place / 'ee'
    ee.mkdir()
    shutil.copy(ROOT / 'tests' / 'ee' / 'execution-environment.yml', ee)
    shutil.copy(tarball, ee / 'edge-platform.tar.gz')
    session.run(
        'ansible-builder', 'create', '--file', str(ee / 'execution-environment.yml'), '--context', str(ee / 'context'),
        '--output-filename', 'Containerfile',
    )  # fmt: skip
    containerfile = (ee / 'context' / 'Containerfile').read_text()
    problems = []
    base = 'ARG EE_BASE_IMAGE="registry.redhat.io/ansible-automation-platform-25/ee-minimal-rhel9:latest"'
    if base not in containerfile.splitlines():
        problems.append("the Containerfile does not start from the definition's base image")
    build = ee / 'context' / '_build'
    if (build / 'collections' / 'edge-platform.tar.gz').read_bytes() != tarball.read_bytes():
        problems.append('the build context lacks the tarball')
    if 'collections/edge-platform.tar.gz' not in (build / 'requirements.yml').read_text() or not re.search(
        r'ansible-galaxy collection install .*-r requirements.yml', containerfile
    ):
        problems.append('the Containerfile does not install the collection')
    introspection = session.run('ansible-builder', 'introspect', '--sanitize', str(collections), silent=True) or ''
    if not re.search(r'requests.*from collection edge.platform', introspection):
        problems.append('the installed collection does not declare requests for the execution environment')
    if problems:
        session.error('; '.join(problems))
    session.log('execution environment: base image, the tarball, its install and requests in the build context')


def check_awx_job(session: nox.Session) -> None:
    """The demo's audit and site playbooks as AWX jobs through docs/awx.md's ansible-runner recipe (AWX's layout, the
    credential type's variables) on a fresh emulator: no file a job leaves holds a secret."""
    collections = built_and_installed(session, build_dir() / 'awx')
    with Emulator(ROOT) as emulator, tempfile.TemporaryDirectory() as work:
        session.run(sys.executable, 'tests/awx/run_job.py', str(collections), work, env=emulator.environment)


def docs_site(session: nox.Session, check_page: bool) -> None:
    """antsibull-docs writes a page per module and role and the extra docs (the guides of docs/), Sphinx builds
    them offline with warnings as errors (site: BUILD/docs-site/build/html); then CHECK_PAGE renders a module page
    in headless Chromium, served over HTTP: no console message and no failed request allowed."""
    site = build_dir() / 'docs-site'
    shutil.rmtree(site, ignore_errors=True)
    collection = copy_collection(site / 'collections')
    (site / 'rst').mkdir(mode=0o755)  # antsibull-docs wants rst/ writable by itself only
    shutil.copy(ROOT / 'docs' / 'site' / 'conf.py', site)
    environment = {'ANSIBLE_COLLECTIONS_PATH': str(site / 'collections')}
    session.run(
        'antsibull-docs', 'collection', '--cleanup', 'everything', '--fail-on-error', '--use-current',
        '--dest-dir', str(site / 'rst'), 'edge.platform', env=environment,
    )  # fmt: skip
    session.run('python', 'docs/site/guides.py', str(collection), str(site / 'rst/collections/edge/platform/docsite'))
    shutil.copy(ROOT / 'docs' / 'site' / 'index.rst', site / 'rst')
    html = site / 'build'
    session.run('sphinx-build', '-M', 'html', str(site / 'rst'), str(html), '-c', str(site), '-W', '--keep-going', '-q')
    session.log(f'docs: {html}/html/index.html')
    if check_page:
        render_page(session, html / 'html')


def render_page(session: nox.Session, html: Path) -> None:
    chromium = ensure_command('chromium', 'chromium')
    shot = log_file('docs-page.png')
    with tempfile.TemporaryDirectory() as work:
        server_log = Path(work) / 'server.log'
        with server_log.open('w') as output:
            server = subprocess.Popen(
                [sys.executable, '-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '-d', str(html)],
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        try:
            if not wait_for(lambda: 'Serving HTTP' in server_log.read_text(), 10):
                session.error('docs: the page server did not start')
            port = re.search(r'port (\d+)', server_log.read_text()).group(1)  # type: ignore[union-attr]
            browser = subprocess.run(
                [
                    chromium, '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
                    '--disable-component-update', '--disable-sync', '--no-first-run', f'--user-data-dir={work}/profile',
                    '--enable-logging=stderr', '--log-level=0', '--window-size=1280,1600', f'--screenshot={shot}',
                    f'http://127.0.0.1:{port}/{PAGE}',
                ],
                capture_output=True, text=True, timeout=120, check=False,
            )  # fmt: skip
        finally:
            server.terminate()
            server.wait()
        problems = [line for line in browser.stderr.splitlines() if ':CONSOLE' in line]
        problems += [line for line in server_log.read_text().splitlines() if re.search(r'" [45]\d\d ', line)]
        if browser.returncode != 0 or not shot.is_file() or not shot.stat().st_size:
            problems.append(f'no screenshot (chromium exited {browser.returncode}): {browser.stderr[-2000:]}')
    if problems:
        session.error(f'docs: {PAGE}: ' + '\n'.join(problems))
    session.log(f'docs: {PAGE} renders in Chromium with no console message; screenshot {shot}')


def release(session: nox.Session, version: str | None) -> None:
    """VERSION, when given, goes into galaxy.yml, the one place the version is set; the changelog fragments become
    the release's entry in changelogs/changelog.yaml and CHANGELOG.md, or join it when it is released already."""
    import yaml

    galaxy = ROOT / 'galaxy.yml'
    if version:
        galaxy.write_text(re.sub(r'(?m)^version: .*$', f'version: {version}', galaxy.read_text()))
    version = str(yaml.safe_load(galaxy.read_text())['version'])
    released = yaml.safe_load((ROOT / 'changelogs' / 'changelog.yaml').read_text()).get('releases') or {}
    session.run(
        'antsibull-changelog', 'release', '--version', version, *(['--update-existing'] * (version in released))
    )
    session.run('antsibull-changelog', 'lint')
    session.log(f'release {version}: galaxy.yml, changelogs/changelog.yaml, CHANGELOG.md')
