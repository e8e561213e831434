#!/usr/bin/env bash
# The main job: start the emulator, run the demo playbooks against it, show the result, stop it.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_venv || exit 1
sync_tree
trap stop_emulator EXIT
start_emulator "${EDGE_DEMO_SEED:-12}" || exit 1
log "emulator listening: $EDGE_API_URL (admin $EDGE_ADMIN_URL)"
EDGE_DEMO_DIR=$(mktemp -d)
export EDGE_DEMO_DIR
trap 'stop_emulator; rm -rf "$EDGE_DEMO_DIR"' EXIT

playbook() {
    log "$1"
    shift
    ANSIBLE_STDOUT_CALLBACK=ansible.builtin.default ANSIBLE_CALLBACK_RESULT_FORMAT=yaml \
        ansible-playbook -i localhost, "$@"
}

status=0
playbook "the account's pull zones" "$ROOT/demo/pullzones.yml" "$@" || status=1
playbook "audit the account before the site is set up (drift and posture; writes nothing)" "$ROOT/demo/audit.yml" "$@" || status=1
log "the audit report ($EDGE_DEMO_DIR/edge-demo-audit.md)"
cat "$EDGE_DEMO_DIR/edge-demo-audit.md" || status=1
playbook "set up a site (first run: changes)" --diff "$ROOT/demo/site.yml" "$@" || status=1
playbook "set up the same site again (second run: nothing to change, fails otherwise)" "$ROOT/demo/site.yml" \
    -e '{"demo_expect_no_change": true}' "$@" || status=1
exit $status
