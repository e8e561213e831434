#!/usr/bin/env bash
# ansible-test sanity (no ignore file): scripts/sanity.sh [ansible-test sanity args …]
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_venv && ensure_pip_bootstrap || exit 1
PYVER=$(venv_python_version)
sync_tree
cd "$TREE" && ansible-test sanity --color no --python "$PYVER" "$@"
