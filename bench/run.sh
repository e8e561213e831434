#!/usr/bin/env bash
# Benchmarks: bash bench/run.sh [scenario-name ...]; prints a table and writes bench/results/latest.md.
set -uo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
ensure_venv || exit 1
sync_tree
exec "$VENV/bin/python" "$ROOT/bench/run.py" --tree "$TREE" "$@"
