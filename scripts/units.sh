#!/usr/bin/env bash
# ansible-test units on the oldest and the newest ansible-core: scripts/units.sh [ansible-test units args …]
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_venv || exit 1
on_oldest_and_newest units "$@"
