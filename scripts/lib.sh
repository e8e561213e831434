# shellcheck shell=bash
# The checkout's .venv (requirements-dev.txt: nox and the tools the sessions share), which the Makefile's
# targets set up first. For work by hand (and bench/run.sh), the pieces the sessions of noxfile.py use, from
# tests/sessions: a copy of the collection for ansible-test, ansible-test's pip bootstrap, an emulator in the
# background with the EDGE_* variables of its line.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VENV="$ROOT/.venv"
# The build directory of tests/sessions/tree.py: one per checkout, under the user's cache (EDGE_BUILD_DIR overrides).
BUILD="${EDGE_BUILD_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/edge-platform/$(printf '%s' "$ROOT" | sha256sum | cut -c1-12)}"
TREE="$BUILD/ansible_collections/edge/platform"
EMULATOR_PID=""

# ensure_venv: .venv on Python 3.11..3.13 (ansible-core 2.19's) with requirements-dev.txt, installed again only
# when that file (or the one it takes in) changed; its tools first on PATH.
ensure_venv() {
    local stamp="$VENV/.requirements.sha256" want python
    want=$(cd "$ROOT" && cat requirements-dev.txt tests/emulator/requirements.txt | sha256sum | cut -d' ' -f1)
    if [ ! -x "$VENV/bin/python" ]; then
        for python in python3.11 python3.12 python3.13 python3 ''; do
            "$python" -c 'import sys; sys.exit(not (3, 11) <= sys.version_info[:2] <= (3, 13))' 2>/dev/null && break
        done
        [ -n "$python" ] || { echo "no Python 3.11..3.13 found" >&2; return 1; }
        "$python" -m venv "$VENV" || return 1
    fi
    if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
        # pip installs uv (its version pinned there), uv the rest: a fraction of pip's time.
        (cd "$ROOT" && "$VENV/bin/python" -m pip install -q "$(grep -E '^uv==' requirements-dev.txt)" &&
            "$VENV/bin/uv" pip install -q --python "$VENV/bin/python" --compile-bytecode -r requirements-dev.txt) &&
            echo "$want" >"$stamp" || return 1
    fi
    export PATH="$VENV/bin:$PATH"
}

# sessions_python CODE [ARG…]: Python code run by .venv's Python with the checkout's tests.sessions importable.
sessions_python() { (cd "$ROOT" && "$VENV/bin/python" -c "$@"); }

# Every ansible-test of .venv and .nox/ finds the pip bootstrap it needs under $HOME/.ansible/test/cache.
ensure_pip_bootstrap() { sessions_python 'from tests.sessions.tree import provide_pip_bootstrap; provide_pip_bootstrap()'; }

# sync_tree: the collection copied to $TREE (ansible-test refuses a symlink), its parent the collections path.
sync_tree() {
    sessions_python 'import pathlib, sys; from tests.sessions.tree import copy_collection
copy_collection(pathlib.Path(sys.argv[1]))' "$BUILD" && export ANSIBLE_COLLECTIONS_PATH="$BUILD"
}

venv_python_version() { "${1:-$VENV}/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])'; }

# ruff check, ruff format --check and mypy (make lint).
style_checks() { (cd "$ROOT" && "$VENV/bin/nox" -R -s lint typing); }

# start_emulator [SEED]: the emulator from $TREE in the background; exports EDGE_API_URL, EDGE_API_KEY and the
# other EDGE_* variables of the line it prints (tests/sessions/emulator.py checks that line).
start_emulator() {
    local out line
    out=$(mktemp)
    (cd "$TREE" && exec "$VENV/bin/python" -m tests.emulator --seed "${1:-12}" >"$out" 2>"$out.err") &
    EMULATOR_PID=$!
    for _ in $(seq 1 600); do
        line=$(head -n 1 "$out")
        if [ -n "$line" ]; then
            rm -f "$out" "$out.err"
            eval "$(sessions_python 'import sys; from tests.sessions.emulator import exports; print(exports(sys.argv[1]))' "$line")"
            return
        fi
        kill -0 "$EMULATOR_PID" 2>/dev/null || { cat "$out.err" >&2; return 1; }
        sleep 0.1
    done
    echo "the emulator did not start" >&2
    return 1
}

stop_emulator() {
    if [ -n "$EMULATOR_PID" ]; then
        kill -TERM "$EMULATOR_PID" 2>/dev/null && wait "$EMULATOR_PID" 2>/dev/null
        EMULATOR_PID=""
    fi
}

# write_integration_config [IN_PROCESS]: the variables the integration targets read, for the emulator started
# above; "false" runs the collection's modules as module processes.
write_integration_config() {
    sessions_python 'import os, sys; from tests.sessions.integration import integration_config
print(integration_config(os.environ, sys.argv[1] == "true"), end="")' "${1:-true}" >"$TREE/tests/integration/integration_config.yml"
}
