#!/usr/bin/env bash
# Run integration targets against a fresh emulator: scripts/integration.sh [target ...]
# EDGE_PLATFORM_IN_PROCESS=false runs the collection's modules as module processes.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_venv && ensure_pip_bootstrap || exit 1
PYVER=$(venv_python_version)
sync_tree
trap stop_emulator EXIT
start_emulator 12 || exit 1
write_integration_config "${EDGE_PLATFORM_IN_PROCESS:-true}"
cd "$TREE" && ansible-test integration --venv --python "$PYVER" --color no "$@"
