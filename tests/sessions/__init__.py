# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""What the nox sessions of noxfile.py share (repository tooling: not part of the built collection).

- ``tree``: the checkout, its build directory, copies of the collection for ansible-test, the machine's
  Pythons, ansible-test's pip bootstrap, system packages the suite installs when missing;
- ``emulator``: the emulator in a process of its own (its start contract checked on every start);
- ``integration``: integration targets run by several workers at once, each with its own emulator, tree and HOME;
- ``rulebook``: ansible-rulebook running the auto-block rulebook against the emulator;
- ``artifacts``: the built tarball, ansible-doc, the execution environment, the AWX job, the documentation site;
- ``demo``: the demo (``make demo``);
- ``suite``: the whole test suite (``make test``): every step as a nox session, several at once, with their times.
"""
