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

# install_venv DIR REQUIREMENTS [FILE...]: DIR becomes a venv with REQUIREMENTS (a file of the repository)
# installed; done again only when REQUIREMENTS or the other FILEs (constraints it takes) change.
install_venv() {
    local dir=$1 requirements=$2 stamp="$1/.requirements.sha256" want
    want=$(cd "$ROOT" && cat "${@:2}" | sha256sum | cut -d' ' -f1)
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -x "$dir/bin/python" ]; then
        return 0
    fi
    if [ ! -x "$dir/bin/python" ]; then
        log "creating $dir"
        local python
        python=$(pick_python) || return 1
        "$python" -m venv "$dir" || return 1
        "$dir/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip || return 1
    fi
    log "installing $requirements into $dir"
    (cd "$ROOT" && "$dir/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements") || return 1
    echo "$want" >"$stamp"
}

ensure_venv() {
    install_venv "$VENV" requirements-dev.txt tests/emulator/requirements.txt || return 1
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

# venv_python_version [VENV]: Python version of a venv (default .venv), for ansible-test's --python.
venv_python_version() {
    "${1:-$VENV}/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])'
}

# ---- nox (antsibull-nox, noxfile.py): the collection checks and ansible-test on each ansible-core ----

# The oldest and the newest ansible-core the collection supports (meta/runtime.yml; noxfile.py NEWEST_CORE).
OLDEST_CORE=2.16
NEWEST_CORE=2.21
# The sessions the test suite runs; nox_install creates their venvs with the pinned tools.
NOX_SESSIONS=(license-check extra-checks docs-check build-import-check
    "ansible-test-sanity-$OLDEST_CORE" "ansible-test-sanity-$NEWEST_CORE"
    "ansible-test-units-$OLDEST_CORE" "ansible-test-units-$NEWEST_CORE")

# Every Python of the machine on PATH (sanity tests the modules on each), then .venv's nox.
nox_path() { echo "$(python_versions_dir):$VENV/bin:$PATH"; }

# nox_install [SESSION...]: create or update the sessions' venvs (default NOX_SESSIONS), without running them;
# done again only when a venv is missing or what pins the sessions' tools changed.
nox_install() {
    local sessions=("${@:-${NOX_SESSIONS[@]}}") session want stamp="$ROOT/.nox/.installed.sha256" missing=false
    want=$(cd "$ROOT" && cat noxfile.py antsibull-nox.toml requirements-dev.txt | sha256sum | cut -d' ' -f1)
    for session in "${sessions[@]}"; do
        [ -x "$(nox_venv "$session")/bin/python" ] || missing=true
    done
    if [ "$missing" = false ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
        return 0
    fi
    mkdir -p "$BUILD"
    (cd "$ROOT" && PATH=$(nox_path) nox --reuse-venv yes --install-only -s "${sessions[@]}" >"$BUILD/nox-install.log" 2>&1) ||
        { tail -30 "$BUILD/nox-install.log" >&2; return 1; }
    # Only a full install vouches for every session.
    if [ $# -eq 0 ]; then echo "$want" >"$stamp"; fi
}

# nox_session SESSION [-- ARGS]: run a session whose venv nox_install made.
nox_session() { (cd "$ROOT" && PATH=$(nox_path) nox --reuse-venv yes --no-install -s "$@"); }

# The venv of a nox session (nox writes a session's name with dashes for dots).
nox_venv() { echo "$ROOT/.nox/${1//./-}"; }

# on_oldest_and_newest sanity|units [ANSIBLE-TEST ARGS…]: that nox session of the oldest and of the newest
# ansible-core (make sanity, make units).
on_oldest_and_newest() {
    local kind=$1 core status=0
    shift
    nox_install "ansible-test-$kind-$OLDEST_CORE" "ansible-test-$kind-$NEWEST_CORE" && ensure_pip_bootstrap || return 1
    for core in "$OLDEST_CORE" "$NEWEST_CORE"; do
        nox_session "ansible-test-$kind-$core" -- "$@" || status=1
    done
    return $status
}

# The venv with ansible-test of an ansible-core version (that of its units session).
core_venv() { nox_venv "ansible-test-units-$1"; }

# ansible-test bootstraps pip in each of its virtualenvs with a script it downloads from a host
# these machines cannot reach; give it one that uses ensurepip and then PyPI. Each ansible-core version
# pins its own pip: one script per ansible-test found in .venv and in the nox sessions' venvs.
ensure_pip_bootstrap() {
    local source version cache
    for source in "$VENV"/lib/python3*/site-packages/ansible_test/_internal/python_requirements.py \
        "$ROOT"/.nox/*/lib/python3*/site-packages/ansible_test/_internal/python_requirements.py; do
        [ -f "$source" ] || continue
        version=$(sed -n "s/.*pip='\([^']*\)'.*/\1/p" "$source" | head -n 1)
        [ -n "$version" ] || { echo "no pinned pip version in $source" >&2; return 1; }
        cache="$HOME/.ansible/test/cache/get_pip_${version//./_}.py"
        [ -f "$cache" ] && continue
        mkdir -p "$(dirname "$cache")"
        cat >"$cache" <<'PY'
"""pip bootstrap for ansible-test: ensurepip, then pip install of the given packages."""
import subprocess
import sys

packages = [arg for arg in sys.argv[1:] if arg not in ('--no-setuptools', '--no-wheel')]
subprocess.check_call([sys.executable, '-m', 'ensurepip', '--default-pip'], stdout=subprocess.DEVNULL)
subprocess.check_call([sys.executable, '-m', 'pip', 'install', '--quiet'] + packages)
PY
    done
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

# ---- style and types: ruff (ruff.toml) on every Python file, mypy (mypy.ini) on plugins/, event sources ----

# style_checks: ruff check, ruff format --check and mypy, on the checkout as it is (.venv's pinned tools).
# mypy resolves the collection's own imports (ansible_collections.edge.platform…) from a directory that holds
# the checkout under that name: a link, so it reads the files being edited.
style_checks() {
    local status=0 root="$BUILD/lint"
    (cd "$ROOT" && "$VENV/bin/ruff" check .) || status=1
    (cd "$ROOT" && "$VENV/bin/ruff" format --check .) || status=1
    mkdir -p "$root/ansible_collections/edge" && ln -sfn "$ROOT" "$root/ansible_collections/edge/platform" || return 1
    (cd "$root" && "$VENV/bin/mypy" --config-file "$ROOT/mypy.ini" ansible_collections/edge/platform/plugins \
        ansible_collections/edge/platform/extensions/eda/plugins/event_source) || status=1
    return $status
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

# ---- Event-Driven Ansible: ansible-rulebook in its own venv, and a run of the auto-block rulebook ----

EDA_VENV="$ROOT/.venv-eda"

# ansible-rulebook needs Java 17 (for its rules engine) and a venv of its own: the modules' users never need it.
ensure_eda_venv() {
    local java_version
    java_version=$(java -version 2>&1) || java_version=''
    if ! grep -qE 'version "(1[7-9]|[2-9][0-9])' <<<"$java_version"; then
        log "installing Java 17 (ansible-rulebook's rules engine runs on it)"
        local apt=()
        [ "$(id -u)" = 0 ] || apt=(sudo -n)
        ("${apt[@]}" apt-get update -q && "${apt[@]}" apt-get install -y -q openjdk-17-jre-headless) >/dev/null 2>&1
        java -version >/dev/null 2>&1 || { echo "ansible-rulebook needs Java 17 (apt-get install openjdk-17-jre-headless)" >&2; return 1; }
    fi
    if [ -z "${JAVA_HOME:-}" ]; then
        JAVA_HOME=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
        export JAVA_HOME
    fi
    install_venv "$EDA_VENV" requirements-eda.txt requirements-dev.txt
}

# The emulator's admin view, read with a Python expression over `state` (the /state answer) and argv.
emulator_state() {
    "$VENV/bin/python" -c "import json, sys, urllib.request
state = json.load(urllib.request.urlopen(sys.argv[1] + '/state'))
$1" "$EDGE_ADMIN_URL" "${@:2}"
}

# The Shield zone id of a pull zone, by the pull zone's name.
shield_zone_of() {
    emulator_state "pullzone = next(zone['Id'] for zone in state['pullzones'] if zone['Name'] == sys.argv[2])
print(next(zone['shieldZoneId'] for zone in state['shield_zones'] if zone['pullZoneId'] == pullzone))" "$1"
}

# Whether an address is in an enabled block list of a Shield zone (ZONE IP [LIST]).
is_blocked() {
    emulator_state "sys.exit(not any(
    item['shieldZoneId'] == int(sys.argv[2]) and item['action'] == 2 and item['isEnabled']
    and sys.argv[3] in item['content'].split() and (len(sys.argv) < 5 or item['name'] == sys.argv[4])
    for item in state['access_lists']))" "$@"
}

wait_for() {  # wait_for SECONDS COMMAND...: until the command succeeds, or fail after SECONDS
    local deadline=$((SECONDS + $1))
    shift
    until "$@"; do
        [ "$SECONDS" -lt "$deadline" ] || return 1
        sleep 0.5
    done
}

RULEBOOK_PID=""

# start_rulebook DIR PULLZONE [VARS...]: ansible-rulebook runs edge.platform.auto_block on the pull zone
# (output in DIR/rulebook.log, block ledger DIR/blocks.json) until stop_rulebook; returns once its
# Shield events source has read the zone's logs, so the traffic that follows is new to it. The
# collection comes from EDA_COLLECTIONS_PATH (default: the tree sync_tree made).
start_rulebook() {
    local dir=$1 pullzone=$2
    shift 2
    printf 'all:\n  hosts:\n    localhost:\n      ansible_connection: local\n' >"$dir/inventory.yml"
    {
        printf 'edge_pullzone_names: [%s]\nedge_poll_interval: 1\nedge_block_ledger: %s\n' "$pullzone" "$dir/blocks.json"
        printf '%s\n' "$@"
    } >"$dir/vars.yml"
    "$VENV/bin/python" -c "import urllib.request, sys; urllib.request.urlopen(urllib.request.Request(sys.argv[1] + '/requests', method='DELETE'))" "$EDGE_ADMIN_URL"
    (cd "$dir" && PATH="$EDA_VENV/bin:$PATH" ANSIBLE_COLLECTIONS_PATH="${EDA_COLLECTIONS_PATH:-$BUILD}" ANSIBLE_NOCOLOR=1 \
        exec "$EDA_VENV/bin/ansible-rulebook" -r edge.platform.auto_block -i inventory.yml --vars vars.yml \
        >"$dir/rulebook.log" 2>&1) &
    RULEBOOK_PID=$!
    wait_for 120 emulator_requested '/shield/event-logs/' || { tail -30 "$dir/rulebook.log" >&2; stop_rulebook; return 1; }
}

emulator_requested() {  # emulator_requested PATH_PART: a request to such a path was answered 200
    "$VENV/bin/python" -c "import json, sys, urllib.request
record = json.load(urllib.request.urlopen(sys.argv[1] + '/requests'))
sys.exit(not any(sys.argv[2] in entry['path'] and entry['status'] == 200 for entry in record))" "$EDGE_ADMIN_URL" "$1"
}

stop_rulebook() {
    if [ -n "$RULEBOOK_PID" ]; then
        kill -TERM "$RULEBOOK_PID" 2>/dev/null
        for _ in $(seq 1 40); do
            kill -0 "$RULEBOOK_PID" 2>/dev/null || break
            sleep 0.25
        done
        kill -KILL "$RULEBOOK_PID" 2>/dev/null
        wait "$RULEBOOK_PID" 2>/dev/null
        RULEBOOK_PID=""
    fi
}

# post_traffic JSON: live traffic for the emulator (POST {admin_url}/traffic).
post_traffic() {
    "$VENV/bin/python" -c "import sys, urllib.request
urllib.request.urlopen(urllib.request.Request(sys.argv[1] + '/traffic', data=sys.argv[2].encode(), headers={'Content-Type': 'application/json'}))" \
        "$EDGE_ADMIN_URL" "$1" >/dev/null
}
