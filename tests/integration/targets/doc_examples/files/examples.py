# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Every module's EXAMPLES, as ansible-doc shows them, each written to a task file of a new scratch directory for
the doc_examples target to include.

Usage: examples.py write: prints {"directory": the scratch directory, "modules": the modules' short names, sorted};
the task file of a module is DIRECTORY/SHORT_NAME.yml. Two ansible-doc processes in all: one lists the modules, one
shows them all (an ansible-doc process a module would cost about a second of CPU each, more than the examples take
to run). examples.py remove PATH...: removes each PATH (a directory with what it holds) that exists, the
scratch directory and what the examples wrote, in one process rather than a file task each.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile


def ansible_doc(*arguments: str) -> dict[str, dict[str, object]]:
    """What ansible-doc --json prints for ARGUMENTS."""
    shown = subprocess.run(['ansible-doc', '--json', *arguments], capture_output=True, text=True, check=False)
    if shown.returncode != 0:
        sys.exit(f'ansible-doc --json {" ".join(arguments)} failed ({shown.returncode}): {shown.stderr}')
    return json.loads(shown.stdout)


def write() -> None:
    modules = sorted(ansible_doc('--list', 'edge.platform'))
    documentation = ansible_doc(*modules) if modules else {}
    directory = tempfile.mkdtemp(suffix='.doc_examples')
    short_names = []
    for module in modules:
        short_name = module.rsplit('.', 1)[-1]
        descriptor = os.open(os.path.join(directory, f'{short_name}.yml'), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, 'w', encoding='utf-8') as task_file:
            task_file.write(str(documentation[module]['examples']))
        short_names.append(short_name)
    json.dump({'directory': directory, 'modules': short_names}, sys.stdout)


def remove(paths: list[str]) -> None:
    for path in paths:
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        elif os.path.lexists(path):
            os.remove(path)


if __name__ == '__main__':
    if sys.argv[1:2] == ['write'] and len(sys.argv) == 2:
        write()
    elif sys.argv[1:2] == ['remove']:
        remove(sys.argv[2:])
    else:
        sys.exit(__doc__)
