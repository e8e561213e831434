# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The checkout, its build directory and what the sessions set up on a new machine."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import subprocess
import sys
import typing as t
from pathlib import Path

if t.TYPE_CHECKING:
    import nox

ROOT = Path(__file__).resolve().parents[2]
# Where the sessions keep their logs (ignored by git, left out of the build).
LOGS = ROOT / 'tests' / 'output' / 'ci'

PIP_BOOTSTRAP = '''"""pip bootstrap for ansible-test: the packages it pins for a new virtual environment (pip;
setuptools and wheel too for older ansible-core) are unpacked from their wheels beside this script into its
site-packages, the files pip would install, without starting pip (2 s of CPU each time; ansible-test makes some
thirty virtual environments a run). Without those wheels, the pinned pip installs them from its wheel, or
ensurepip and pip do."""
import glob
import os
import re
import subprocess
import sys
import sysconfig
import zipfile

here = os.path.dirname(os.path.abspath(__file__))
requested = [arg for arg in sys.argv[1:] if not arg.startswith('-')]


def wheel_of(requirement):
    name, _, version = requirement.partition('==')
    found = glob.glob(os.path.join(here, re.sub(r'[-_.]+', '_', name) + '-' + version + '-*.whl'))
    return found[0] if version and found else None


wheels = [wheel_of(requirement) for requirement in requested]
if requested and all(wheels):
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(sysconfig.get_paths()['purelib'])
    sys.exit(0)
packages = [arg for arg in sys.argv[1:] if arg not in ('--no-setuptools', '--no-wheel')]
pip_wheels = glob.glob(os.path.join(here, 'pip-%(version)s-*.whl'))
if pip_wheels:
    pip = [sys.executable, os.path.join(pip_wheels[0], 'pip')]
    subprocess.check_call(pip + ['install', '--quiet', '--find-links', here] + packages)
else:
    subprocess.check_call([sys.executable, '-m', 'ensurepip', '--default-pip'], stdout=subprocess.DEVNULL)
    subprocess.check_call([sys.executable, '-m', 'pip', 'install', '--quiet'] + packages)
'''


def build_dir() -> Path:
    """One build directory per checkout, under the user's cache (EDGE_BUILD_DIR overrides). It lies outside the
    repository: ansible-test finds a collection's files through git, so its copies must not be inside this one."""
    if os.environ.get('EDGE_BUILD_DIR'):
        return Path(os.environ['EDGE_BUILD_DIR'])
    cache = Path(os.environ.get('XDG_CACHE_HOME') or Path.home() / '.cache')
    return cache / 'edge-platform' / hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]


def collection_files() -> list[str]:
    """The checkout's files as git sees them: tracked and new, not ignored."""
    listing = subprocess.run(
        ['git', 'ls-files', '-z', '--cached', '--others', '--exclude-standard'],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    return sorted({name for name in listing.split('\0') if name and os.path.lexists(ROOT / name)})


def copy_collection(parent: Path) -> Path:
    """A copy of the collection at PARENT/ansible_collections/edge/platform: ansible-test refuses a symlink."""
    tree = parent / 'ansible_collections' / 'edge' / 'platform'
    shutil.rmtree(tree, ignore_errors=True)
    for name in collection_files():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, tree / name, follow_symlinks=False)
    return tree


def python_versions_dir() -> Path:
    """A directory of the build directory with every CPython 3.8+ of the machine as pythonX.Y, for PATH: nox finds
    the Python of each session there, and sanity tests the modules on each Python that tests/config.yml allows.
    pyenv's shims answer "command not found" for versions that are not selected, so the real binaries are linked.
    Links are only added (sessions started at once all make sure of them)."""
    directory = build_dir() / 'pythons'
    directory.mkdir(parents=True, exist_ok=True)
    pyenv = Path(os.environ.get('PYENV_ROOT') or Path.home() / '.pyenv')
    candidates = sorted(pyenv.glob('versions/3.*/bin/python3.*'))
    for prefix in (Path('/usr/bin'), Path('/usr/local/bin')):
        candidates += sorted(prefix.glob('python3.*'))
    for candidate in candidates:
        match = re.fullmatch(r'python3\.(\d+)', candidate.name)
        if match and int(match.group(1)) >= 8 and os.access(candidate, os.X_OK):
            with contextlib.suppress(FileExistsError):
                (directory / candidate.name).symlink_to(candidate)
    return directory


def provide_pip_bootstrap(home: Path | None = None) -> None:
    """ansible-test bootstraps pip in each of its virtualenvs with a script it downloads from a host these
    machines cannot reach: give it one that unpacks the packages it pins (pip; setuptools and wheel for older
    ansible-core) from their wheels, downloaded beside it (pip installs them when a download fails). Each
    ansible-core pins its own: one script for each ansible-test installed in .venv or a nox session's venv."""
    cache = (home or Path.home()) / '.ansible' / 'test' / 'cache'
    pattern = 'lib/python3*/site-packages/ansible_test/_internal/python_requirements.py'
    for source in [*Path(sys.prefix).glob(pattern), *(ROOT / '.nox').glob(f'*/{pattern}')]:
        pinned = re.search(r'default_packages = dict\((.*?)\)', source.read_text(), re.DOTALL)
        versions = dict(re.findall(r"(\w+)='([^']+)'", pinned.group(1))) if pinned else {}
        if 'pip' not in versions:
            raise RuntimeError(f'no pinned pip version in {source}')
        version = versions['pip']
        cache.mkdir(parents=True, exist_ok=True)
        for name, pin in versions.items():
            if not any(cache.glob(f'{name}-{pin}-*.whl')):
                download = ['download', '-qq', '--no-deps', '--only-binary', ':all:', '--dest', str(cache)]
                subprocess.run([sys.executable, '-m', 'pip', *download, f'{name}=={pin}'], check=False)
        script = cache / f"get_pip_{version.replace('.', '_')}.py"
        content = PIP_BOOTSTRAP % {'version': version}
        if not script.is_file() or script.read_text() != content:
            script.write_text(content)


def requirement_files(*names: str) -> list[Path]:
    """The requirements files NAMES and those they take in (-r) or take versions from (-c), relative to ROOT."""
    found: list[Path] = []
    pending = [ROOT / name for name in names]
    while pending:
        path = pending.pop(0)
        if path not in found:
            found.append(path)
            pending += [
                path.parent / line.split()[1] for line in path.read_text().splitlines() if line[:3] in ('-r ', '-c ')
            ]
    return found


def install_requirements(session: nox.Session, *requirements: str, packages: t.Sequence[str] = ()) -> None:
    """pip install of PACKAGES and -r of each REQUIREMENTS file into the session's venv, again only when they
    changed (a stamp in the venv)."""
    stamp = Path(session.virtualenv.location) / '.requirements.sha256'
    content = b''.join(path.read_bytes() for path in requirement_files(*requirements)) + '\n'.join(packages).encode()
    wanted = hashlib.sha256(content).hexdigest()
    if stamp.is_file() and stamp.read_text() == wanted:
        return
    session.install(*packages, *(argument for name in requirements for argument in ('-r', name)))
    stamp.write_text(wanted)


def ensure_command(command: str, package: str, usable: t.Callable[[], bool] | None = None) -> str:
    """The path of COMMAND, installed from the Debian PACKAGE when missing (or when USABLE says it is not: a Java
    too old)."""

    def found() -> bool:
        return bool(shutil.which(command)) and (usable is None or usable())

    if not found():
        sudo = [] if os.geteuid() == 0 else ['sudo', '-n']
        print(f'installing {package} (Debian package) for {command}', flush=True)
        for step in (['apt-get', 'update', '-q'], ['apt-get', 'install', '-y', '-q', package]):
            subprocess.run([*sudo, *step], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        if not found():
            raise RuntimeError(f'{command} is missing and could not be installed: apt-get install {package}')
    return t.cast(str, shutil.which(command))


def log_file(name: str) -> Path:
    LOGS.mkdir(parents=True, exist_ok=True)
    return LOGS / name
