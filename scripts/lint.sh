#!/usr/bin/env bash
# ruff check, ruff format --check (ruff.toml) and mypy (mypy.ini): scripts/lint.sh
# To fix what ruff can: .venv/bin/ruff format . && .venv/bin/ruff check --fix .
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_venv || exit 1
style_checks
