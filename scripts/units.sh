#!/usr/bin/env bash
# ansible-test units on the oldest and the newest ansible-core: scripts/units.sh [ansible-test units args …]
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_venv && nox_install "ansible-test-units-$OLDEST_CORE" "ansible-test-units-$NEWEST_CORE" && ensure_pip_bootstrap || exit 1
status=0
for core in "$OLDEST_CORE" "$NEWEST_CORE"; do
    nox_session "ansible-test-units-$core" -- "$@" || status=1
done
exit $status
