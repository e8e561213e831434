#!/usr/bin/env bash
# End to end with Event-Driven Ansible: ansible-rulebook runs the example rulebook
# edge.platform.auto_block of the built and installed collection against the emulator. An attack
# from one address must end with the address in a block list of the Shield zone (read from the
# emulator's state) and in the ledger; a 5xx spike must raise the alert; unblock_expired must lift
# the block again.
set -uo pipefail
source "$(dirname "$0")/lib.sh"

PULLZONE=assets-000
ATTACKER=203.0.113.201

fail() {
    echo "eda: $*" >&2
    [ -f "$WORK/rulebook.log" ] && tail -40 "$WORK/rulebook.log" >&2
    exit 1
}

ensure_venv || exit 1
ensure_eda_venv || exit 1
sync_tree
WORK=$(mktemp -d)
trap 'stop_rulebook; stop_emulator; rm -rf "$WORK"' EXIT
# As users get it: the built collection, installed (the event sources ship under extensions/).
(cd "$TREE" && ansible-galaxy collection build --force --output-path "$WORK/dist" >/dev/null) || fail "the collection did not build"
ansible-galaxy collection install --force -p "$WORK/collections" "$WORK"/dist/edge-platform-*.tar.gz >/dev/null 2>&1 || fail "the collection did not install"
EDA_COLLECTIONS_PATH="$WORK/collections"
[ -f "$EDA_COLLECTIONS_PATH/ansible_collections/edge/platform/extensions/eda/plugins/event_source/shield_events.py" ] ||
    fail "the built collection has no event sources"
start_emulator 12 || exit 1
ZONE=$(shield_zone_of "$PULLZONE") || fail "no Shield zone for $PULLZONE"

started=$SECONDS
start_rulebook "$WORK" "$PULLZONE" 'edge_block_threshold: 10' 'edge_block_window_minutes: 5' 'edge_spike_threshold: 5' ||
    fail "the rulebook's sources did not start"
echo "eda: ansible-rulebook follows $PULLZONE (Shield zone $ZONE) after $((SECONDS - started))s"
is_blocked "$ZONE" "$ATTACKER" && fail "$ATTACKER is blocked before the attack"

attacked=$SECONDS
post_traffic "{\"kind\": \"attack\", \"shield_zone_id\": $ZONE, \"ip\": \"$ATTACKER\", \"count\": 15}"
wait_for 90 is_blocked "$ZONE" "$ATTACKER" auto-blocked || fail "$ATTACKER was not blocked"
wait_for 30 grep -qs "\"ip\": \"$ATTACKER\"" "$WORK/blocks.json" || fail "the ledger has no $ATTACKER"
echo "eda: $ATTACKER blocked by the access list auto-blocked of Shield zone $ZONE, $((SECONDS - attacked))s after the attack"

rows=$(printf '{"statusCode": 502},%.0s' 1 2 3 4 5 6)
post_traffic "{\"pullzone_id\": $(emulator_state "print(next(zone['Id'] for zone in state['pullzones'] if zone['Name'] == sys.argv[2]))" "$PULLZONE"), \"rows\": [${rows%,}]}"
wait_for 60 grep -q "5xx spike on pull zone" "$WORK/rulebook.log" || fail "no alert on the 5xx spike"
echo "eda: the 5xx spike raised the alert: $(grep -o '5xx spike on pull zone [0-9]*: [0-9]* answers' "$WORK/rulebook.log" | head -1)"
stop_rulebook
grep -q "is now blocked" "$WORK/rulebook.log" || fail "the block playbook did not report the block"
if grep -qF "$EDGE_API_KEY" "$WORK/rulebook.log"; then
    fail "the rulebook's output shows the API key"
fi

PATH="$EDA_VENV/bin:$PATH" ANSIBLE_COLLECTIONS_PATH="$EDA_COLLECTIONS_PATH" ansible-playbook -i localhost, edge.platform.unblock_expired \
    -e "edge_block_ledger=$WORK/blocks.json" -e edge_block_ttl_minutes=0 >"$WORK/unblock.log" 2>&1 ||
    { cat "$WORK/unblock.log" >&2; fail "unblock_expired failed"; }
is_blocked "$ZONE" "$ATTACKER" && fail "$ATTACKER is still blocked after unblock_expired"
grep -q "$ATTACKER" "$WORK/blocks.json" && fail "the ledger still holds $ATTACKER"
echo "eda: unblock_expired lifted the block; the run took $((SECONDS - started))s"
