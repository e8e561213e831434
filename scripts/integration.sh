#!/usr/bin/env bash
# Run integration targets against a fresh emulator: scripts/integration.sh [target ...]
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_venv && ensure_pip_bootstrap || exit 1
PYVER=$(venv_python_version)
sync_tree
trap stop_emulator EXIT
start_emulator 12 || exit 1
write_integration_config
cd "$TREE" && ansible-test integration --venv --python "$PYVER" --color no "$@"
