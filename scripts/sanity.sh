#!/usr/bin/env bash
# ansible-test sanity (no ignore file) on the oldest and the newest ansible-core: scripts/sanity.sh [ansible-test sanity args …]
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_venv || exit 1
on_oldest_and_newest sanity "$@"
