#!/usr/bin/env bash
# The whole test suite (make test): every step a nox session, several at once (tests/sessions/suite.py); each
# step's time, and last the line CI reads: "ci: N passed, N failed".
source "$(dirname "$0")/lib.sh"
ensure_venv || { echo "ci: 0 passed, 1 failed"; exit 1; }
cd "$ROOT" && exec "$VENV/bin/python" -m tests.sessions.suite "$@"
