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
trap 'stop_rulebook; stop_emulator; rm -rf "$EDGE_DEMO_DIR"' EXIT

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

# The Shield zone id of a pull zone, found as a user finds it: with edge.platform.shield_zone_info.
shield_zone_id_of() {
    ANSIBLE_LOAD_CALLBACK_PLUGINS=1 ANSIBLE_STDOUT_CALLBACK=ansible.builtin.minimal \
        ansible localhost -c local -e "ansible_python_interpreter=$VENV/bin/python" \
        -m edge.platform.shield_zone_info -a "pullzone_name=$1" |
        "$VENV/bin/python" -c 'import json, sys; text = sys.stdin.read(); print(json.loads(text[text.index("{"):])["shield_zones"][0]["shieldZoneId"])'
}

# Event-Driven Ansible: the rulebook edge.platform.auto_block watches the site's pull zone, an attack
# comes, and the attacker ends up in the block list of the pull zone's Shield zone.
auto_block() {
    local pullzone=downloads-005 attacker=192.0.2.66 zone
    playbook "auto-block: the block list before the attack" "$ROOT/demo/blocklist.yml" -e "demo_pullzone=$pullzone" || return 1
    if ! ensure_eda_venv; then
        # The test suite sets EDGE_DEMO_REQUIRE_EDA=1: there a demo without the auto-block is a failure.
        if [ "${EDGE_DEMO_REQUIRE_EDA:-0}" = 1 ]; then
            log "auto-block failed: ansible-rulebook could not be installed (it needs Java 17 and PyPI; see docs/eda.md)"
            return 1
        fi
        log "auto-block skipped: ansible-rulebook could not be installed (it needs Java 17 and PyPI; see docs/eda.md)"
        return 0
    fi
    log "auto-block: ansible-rulebook runs edge.platform.auto_block on $pullzone (more than 10 WAF or rate-limit events from one address in 5 minutes: block it)"
    start_rulebook "$EDGE_DEMO_DIR" "$pullzone" 'edge_block_threshold: 10' 'edge_block_window_minutes: 5' || return 1
    zone=$(shield_zone_id_of "$pullzone") || return 1
    log "auto-block: an attack - 25 WAF events from $attacker on Shield zone $zone (POST {admin_url}/traffic)"
    post_traffic "{\"kind\": \"attack\", \"shield_zone_id\": $zone, \"ip\": \"$attacker\", \"count\": 25}"
    if ! wait_for 90 is_blocked "$zone" "$attacker" auto-blocked || ! wait_for 30 grep -q "PLAY RECAP" "$EDGE_DEMO_DIR/rulebook.log"; then
        tail -40 "$EDGE_DEMO_DIR/rulebook.log" >&2
        return 1
    fi
    log "auto-block: what the rulebook did"
    awk '/PLAY \[Edge Platform - block an attacking address\]/ { on = 1 } on && NF { print } on && /PLAY RECAP/ { getline; print; exit }' \
        "$EDGE_DEMO_DIR/rulebook.log"
    stop_rulebook
    playbook "auto-block: the block list after the attack" "$ROOT/demo/blocklist.yml" -e "demo_pullzone=$pullzone"
}
auto_block "$@" || status=1
exit $status
