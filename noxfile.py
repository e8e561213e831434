# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Collection checks with antsibull-nox: `nox -l` lists them.

antsibull-nox.toml configures the licence, extra (action group), docs and build-and-import checks.
The ansible-test sessions are defined here: antsibull-nox's own run ansible-test in containers, which
these machines cannot start, so these run it in virtual environments (`--venv`, or sanity's own venvs),
one session per ansible-core version that meta/runtime.yml supports and PyPI has:

    ansible-test-sanity-2.16 … ansible-test-sanity-2.21     (make matrix runs them all)
    ansible-test-units-2.16 … ansible-test-units-2.21

scripts/lib.sh (python_versions_dir) puts every Python of the machine on PATH before nox runs, so that
sanity tests the modules on each Python that tests/config.yml allows.
"""

from __future__ import annotations

import shutil

try:
    import antsibull_nox
    from antsibull_nox.ansible import get_ansible_core_info, get_supported_core_versions
    from antsibull_nox.python.versions import get_installed_python_versions
    from antsibull_nox.utils import Version
except ImportError:
    print("You need to install antsibull-nox in the same Python environment as nox.")
    raise

antsibull_nox.load_antsibull_nox_toml()

# The newest ansible-core release on PyPI; raise it when a new one comes out.
NEWEST_CORE = Version.parse("2.21")


def drop_scratch() -> None:
    """ansible-test's scratch files stay behind: antsibull-nox 1.10 copies tests/output back bottom-up and
    fails on nested directories (tests/output/.tmp/pylint) that do not exist in the checkout yet."""
    shutil.rmtree('tests/output/.tmp', ignore_errors=True)


def units_python(core: Version) -> str:
    """The newest Python of the machine that this ansible-core runs its controller on."""
    installed = get_installed_python_versions()
    candidates = [version for version in get_ansible_core_info(core).controller_python_versions if version in installed]
    return str(max(candidates or get_ansible_core_info(core).controller_python_versions))


for core in get_supported_core_versions(max_version=NEWEST_CORE):
    antsibull_nox.add_ansible_test_session(
        name=f"ansible-test-sanity-{core}",
        description=f"ansible-test sanity with ansible-core {core}, every Python the modules support",
        ansible_test_params=["sanity", "--color", "no"],
        default=False,
        ansible_core_version=str(core),
        ansible_core_source="pypi",
        callback_after=drop_scratch,
    )
    antsibull_nox.add_ansible_test_session(
        name=f"ansible-test-units-{core}",
        description=f"ansible-test units with ansible-core {core}",
        ansible_test_params=["units", "--color", "no", "--venv", "--python", units_python(core)],
        default=False,
        ansible_core_version=str(core),
        ansible_core_source="pypi",
        callback_after=drop_scratch,
    )
