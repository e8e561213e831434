#!/usr/bin/env bash
# nox of the checkout's .venv, set up first when needed (the Makefile's targets): scripts/nox.sh [nox arguments]
source "$(dirname "$0")/lib.sh"
ensure_venv || exit 1
cd "$ROOT" && exec "$VENV/bin/nox" "$@"
