#!/usr/bin/env bash
# ansible-test sanity and units on every ansible-core the collection supports (make matrix; noxfile.py),
# one after the other (ansible-test's caches under ~/.ansible/test are shared). Ends with "matrix: N passed, N failed".
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_venv || exit 1
# `nox --list` marks each session with "*" (runs by default) or "-"; these run only when named.
mapfile -t sessions < <(cd "$ROOT" && PATH=$(nox_path) nox --list 2>/dev/null |
    sed -n 's/^[*-] \(ansible-test-\(sanity\|units\)-[0-9.]*\) .*/\1/p')
[ "${#sessions[@]}" -gt 0 ] || { echo "matrix: noxfile.py defines no ansible-test sessions" >&2; exit 1; }
nox_install "${sessions[@]}" && ensure_pip_bootstrap || exit 1
passed=0 failed=0
for session in "${sessions[@]}"; do
    started=$SECONDS
    if nox_session "$session"; then passed=$((passed + 1)); result=passed; else failed=$((failed + 1)); result=FAILED; fi
    printf -- '--- %s: %s (%ss)\n' "$session" "$result" $((SECONDS - started)) >&2
done
echo "matrix: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
