#!/usr/bin/env bash
# The main job: start the emulator, run the demo playbooks against it, show the result, stop it.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_venv || exit 1
sync_tree
trap stop_emulator EXIT
start_emulator "${EDGE_DEMO_SEED:-12}" || exit 1
log "emulator listening: $EDGE_API_URL (admin $EDGE_ADMIN_URL)"
status=0
for playbook in "$ROOT"/demo/*.yml; do
    log "ansible-playbook demo/$(basename "$playbook")"
    ANSIBLE_STDOUT_CALLBACK=ansible.builtin.default ANSIBLE_CALLBACK_RESULT_FORMAT=yaml \
        ansible-playbook -i localhost, "$playbook" "$@" || status=1
done
exit $status
