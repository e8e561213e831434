#!/usr/bin/env bash
# ansible-test sanity (no ignore file) on the oldest and the newest ansible-core: scripts/sanity.sh [ansible-test sanity args …]
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_venv && nox_install "ansible-test-sanity-$OLDEST_CORE" "ansible-test-sanity-$NEWEST_CORE" && ensure_pip_bootstrap || exit 1
status=0
for core in "$OLDEST_CORE" "$NEWEST_CORE"; do
    nox_session "ansible-test-sanity-$core" -- "$@" || status=1
done
exit $status
