#!/usr/bin/env bash
# Unit tests under ansible-test (clean virtualenv): scripts/units.sh [ansible-test units args …]
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_venv && ensure_pip_bootstrap || exit 1
PYVER=$(venv_python_version)
sync_tree
cd "$TREE" && ansible-test units --venv --python "$PYVER" --color no "$@"
