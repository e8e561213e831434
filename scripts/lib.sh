# shellcheck shell=bash
# Shared set-up of the test suite, the demo and the benchmarks: the virtualenv, the
# ansible_collections tree ansible-test needs, and the emulator's lifecycle.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VENV="$ROOT/.venv"
# ansible-test finds a collection's files through git, so its copy must live outside this
# repository: one build directory per checkout, under the user's cache (EDGE_BUILD_DIR overrides).
BUILD="${EDGE_BUILD_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/edge-platform/$(printf '%s' "$ROOT" | sha256sum | cut -c1-12)}"
TREE="$BUILD/ansible_collections/edge/platform"
EMULATOR_PID=""
EMULATOR_INFO=""

log() { printf '\n==> %s\n' "$*" >&2; }

pick_python() {
    # ansible-core 2.19 runs on Python 3.11..3.13; prefer 3.11, the machine's default.
    for candidate in python3.11 python3.12 python3.13 python3; do
        if command -v "$candidate" >/dev/null 2>&1 &&
            "$candidate" -c 'import sys; sys.exit(not ((3, 11) <= sys.version_info[:2] <= (3, 13)))' 2>/dev/null; then
            echo "$candidate"
            return 0
        fi
    done
    echo "no Python 3.11..3.13 found" >&2
    return 1
}

ensure_venv() {
    local stamp="$VENV/.requirements.sha256" want
    want=$(sha256sum "$ROOT/requirements-dev.txt" | cut -d' ' -f1)
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -x "$VENV/bin/python" ]; then
        export PATH="$VENV/bin:$PATH"
        return 0
    fi
    if [ ! -x "$VENV/bin/python" ]; then
        log "creating $VENV"
        local python
        python=$(pick_python) || return 1
        "$python" -m venv "$VENV" || return 1
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip || return 1
    fi
    log "installing requirements-dev.txt into $VENV"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r "$ROOT/requirements-dev.txt" || return 1
    echo "$want" >"$stamp"
    export PATH="$VENV/bin:$PATH"
}

# Every CPython 3.8+ on the machine under its pythonX.Y name, for ansible-test to test the
# modules on all of them. pyenv's shims answer "command not found" for versions that are not
# selected, so link the real binaries.
python_versions_dir() {
    local dir="$BUILD/pythons" candidate version
    rm -rf "$dir" && mkdir -p "$dir"
    for candidate in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.*/bin/python3.* /usr/bin/python3.* /usr/local/bin/python3.*; do
        [ -x "$candidate" ] || continue
        case "$candidate" in *-config | *m) continue ;; esac
        version=$("$candidate" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null) || continue
        case "$version" in 3.8 | 3.9 | 3.1[0-9]) ;; *) continue ;; esac
        [ -e "$dir/python$version" ] || ln -s "$candidate" "$dir/python$version"
    done
    echo "$dir"
}

# Python version of the venv, for ansible-test's --python.
venv_python_version() {
    "$VENV/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])'
}

# ansible-test bootstraps pip in each of its virtualenvs with a script it downloads from a host
# these machines cannot reach; give it one that uses ensurepip and then PyPI.
ensure_pip_bootstrap() {
    local version cache
    version=$("$VENV/bin/python" - <<'PY'
import re, ansible_test, pathlib
source = pathlib.Path(ansible_test.__file__).parent.joinpath('_internal', 'python_requirements.py').read_text()
print(re.search(r"pip='([^']+)'", source).group(1))
PY
) || return 1
    cache="$HOME/.ansible/test/cache/get_pip_${version//./_}.py"
    [ -f "$cache" ] && return 0
    mkdir -p "$(dirname "$cache")"
    cat >"$cache" <<'PY'
"""pip bootstrap for ansible-test: ensurepip, then pip install of the given packages."""
import subprocess
import sys

packages = [arg for arg in sys.argv[1:] if arg not in ('--no-setuptools', '--no-wheel')]
subprocess.check_call([sys.executable, '-m', 'ensurepip', '--default-pip'], stdout=subprocess.DEVNULL)
subprocess.check_call([sys.executable, '-m', 'pip', 'install', '--quiet'] + packages)
PY
}

# ansible-test refuses symlinks: copy the collection (tracked and new, not ignored files).
sync_tree() {
    rm -rf "$TREE"
    mkdir -p "$TREE"
    (cd "$ROOT" && git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do
        [ -e "$f" ] && printf '%s\0' "$f"
    done | tar --null -T - -cf - | tar -xf - -C "$TREE")
    export ANSIBLE_COLLECTIONS_PATH="$BUILD"
}

emulator_field() {
    "$VENV/bin/python" -c 'import json, sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$EMULATOR_INFO" "$1"
}

# start_emulator [seed]: starts it from the tree, waits for its JSON line.
start_emulator() {
    local seed=${1:-12} out
    out=$(mktemp)
    (cd "$TREE" && exec "$VENV/bin/python" -m tests.emulator --seed "$seed" >"$out" 2>"$out.err") &
    EMULATOR_PID=$!
    for _ in $(seq 1 300); do
        if [ -s "$out" ] && EMULATOR_INFO=$(head -n 1 "$out") && [ -n "$EMULATOR_INFO" ]; then
            rm -f "$out"
            export EDGE_API_URL EDGE_API_KEY EDGE_VIDEO_API_URL EDGE_LOGGING_API_URL EDGE_ADMIN_URL
            EDGE_API_URL=$(emulator_field api_url)
            EDGE_API_KEY=$(emulator_field api_key)
            EDGE_VIDEO_API_URL=$(emulator_field video_api_url)
            EDGE_LOGGING_API_URL=$(emulator_field logging_api_url)
            EDGE_ADMIN_URL=$(emulator_field admin_url)
            return 0
        fi
        if ! kill -0 "$EMULATOR_PID" 2>/dev/null; then
            cat "$out.err" >&2
            return 1
        fi
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

# The variables integration targets read (tests/integration/integration_config.yml).
# write_integration_config [in_process]: "false" runs the collection's modules as module
# processes instead of inside the controller (the switch's variable edge_platform_in_process).
write_integration_config() {
    cat >"$TREE/tests/integration/integration_config.yml" <<YAML
---
edge_api_url: "$EDGE_API_URL"
edge_api_key: "$EDGE_API_KEY"
edge_video_api_url: "$EDGE_VIDEO_API_URL"
edge_logging_api_url: "$EDGE_LOGGING_API_URL"
edge_admin_url: "$EDGE_ADMIN_URL"
edge_platform_in_process: ${1:-true}
YAML
}
