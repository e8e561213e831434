# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The demo (make demo): start the emulator, run the demo playbooks against it, show the result, stop it.

The account's pull zones, an audit before anything is set up (run twice: the second reports no change), the site in
check mode (on the fresh account: it predicts and writes nothing), a site set up and set up again (nothing to
change), then Event-Driven Ansible: the rulebook edge.platform.auto_block watches the site's pull zone, an attack
comes, and the attacker ends up in the block list of the pull zone's Shield zone. Without Java 17 the rulebook part
is skipped with a message, unless EDGE_DEMO_REQUIRE_EDA=1 (the test suite) makes that a failure. EDGE_DEMO_SEED sets
the emulator's scale (default 12); the session's arguments go to each demo playbook.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import typing as t
from pathlib import Path

from .emulator import Emulator, wait_for
from .rulebook import Rulebook, ensure_java, is_blocked
from .tree import ROOT, build_dir, copy_collection

if t.TYPE_CHECKING:
    import nox

PULLZONE = 'downloads-005'
ATTACKER = '192.0.2.66'
# What demo/site.yml may send (the emulator's request record): as many requests as the same site written as careful
# ansible.builtin.uri tasks (bench/site_uri.yml: 29 from nothing, 12 converged), give or take the demo's own read of
# the pull zone it shows; and the DNS zone of its hostnames: 14 from nothing (the zone found, made, its settings and
# DNSSEC, read again, a request a record set; each hostname's name read and its record added; the demo's own read of
# the zone it shows), 5 converged (the zone found and read with its records, the pull zones its exclusive records
# are checked against, each hostname's name).
FIRST_RUN_REQUESTS = 30 + 14
CONVERGED_REQUESTS = 12 + 5


def heading(text: str) -> None:
    print(f'\n==> {text}', flush=True)


def run(session: nox.Session) -> None:
    copy_collection(build_dir() / 'demo')
    collections = build_dir() / 'demo'
    seed = int(os.environ.get('EDGE_DEMO_SEED', '12'))
    with Emulator(ROOT, seed=seed) as emulator, tempfile.TemporaryDirectory() as work:
        heading(f"emulator listening: {emulator.info['api_url']} (admin {emulator.info['admin_url']})")
        environment = {**emulator.environment, 'EDGE_DEMO_DIR': work, 'ANSIBLE_COLLECTIONS_PATH': str(collections)}

        def playbook(title: str, *arguments: str, unchanged: bool = False) -> None:
            """Run a demo playbook; with unchanged, fail unless its recap counts no task changed."""
            heading(title)
            output = {'ANSIBLE_STDOUT_CALLBACK': 'ansible.builtin.default', 'ANSIBLE_CALLBACK_RESULT_FORMAT': 'yaml'}
            shown = session.run(
                'ansible-playbook', '-i', 'localhost,', *arguments, env={**environment, **output}, silent=unchanged
            )
            if unchanged:
                print(shown, end='', flush=True)
                if not re.search(r'^localhost\s+: ok=\d+\s+changed=0\s', str(shown), re.MULTILINE):
                    session.error(f'{title}: a task reported a change')

        playbook("the account's pull zones", 'demo/pullzones.yml', *session.posargs)
        playbook(
            'audit the account before the site is set up (drift and posture; writes nothing)',
            'demo/audit.yml',
            *session.posargs,
        )
        heading(f'the audit report ({work}/edge-demo-audit.md)')
        print(Path(work, 'edge-demo-audit.md').read_text(), flush=True)
        playbook(
            'audit again (the same findings: no task reports a change, fails otherwise)',
            'demo/audit.yml',
            *session.posargs,
            unchanged=True,
        )
        # A new user's first try is often --check: on the fresh account it predicts the site and writes nothing.
        state = emulator.admin('/state?digest=true')
        playbook(
            'what setting up the site would change (check mode: writes nothing)',
            '--check',
            'demo/site.yml',
            *session.posargs,
        )
        if emulator.admin('/state?digest=true') != state:
            session.error('demo/site.yml --check changed the account')
        mark = emulator.admin('/requests?count=true')['count']
        playbook('set up a site (first run: changes)', '--diff', 'demo/site.yml', *session.posargs)
        first = emulator.admin(f'/requests?since={mark}')
        mark += len(first)
        playbook(
            'set up the same site again (second run: nothing to change, fails otherwise)',
            'demo/site.yml',
            '-e',
            '{"demo_expect_no_change": true}',
            *session.posargs,
        )
        converged = emulator.admin(f'/requests?since={mark}')
        problems = request_problems(first, FIRST_RUN_REQUESTS) + request_problems(converged, CONVERGED_REQUESTS)
        if problems and not session.posargs:  # arguments of the user's (tags, variables) change what is sent
            session.error('demo/site.yml: ' + '; '.join(problems))
        heading(f'requests sent: {len(first)} by the first run, {len(converged)} by the second')
        auto_block(session, emulator, Path(work), collections, environment, playbook)


def auto_block(
    session: nox.Session,
    emulator: Emulator,
    work: Path,
    collections: Path,
    environment: dict[str, str],
    playbook: t.Callable[..., None],
) -> None:
    playbook('auto-block: the block list before the attack', 'demo/blocklist.yml', '-e', f'demo_pullzone={PULLZONE}')
    try:
        ensure_java(session)
    except Exception:
        if os.environ.get('EDGE_DEMO_REQUIRE_EDA') == '1':
            raise
        heading('auto-block skipped: ansible-rulebook needs Java 17 (see docs/eda.md)')
        return
    heading(
        f'auto-block: ansible-rulebook runs edge.platform.auto_block on {PULLZONE} '
        '(more than 10 WAF or rate-limit events from one address in 5 minutes: block it)'
    )
    thresholds = {'edge_block_threshold': 10, 'edge_block_window_minutes': 5}
    rulebook = Rulebook(session, emulator, work, PULLZONE, collections, thresholds)
    try:
        zone = shield_zone_id_of(session, PULLZONE, environment)
        heading(f'auto-block: an attack - 25 WAF events from {ATTACKER} on Shield zone {zone} (POST /traffic)')
        emulator.admin('/traffic', 'POST', {'kind': 'attack', 'shield_zone_id': zone, 'ip': ATTACKER, 'count': 25})
        blocked = wait_for(lambda: is_blocked(emulator, zone, ATTACKER, 'auto-blocked'), 90)
        if not blocked or not wait_for(lambda: 'PLAY RECAP' in rulebook.log.read_text(), 30):
            session.error(f'auto-block: {ATTACKER} was not blocked\n{rulebook.tail()}')
        heading('auto-block: what the rulebook did')
        print(what_the_rulebook_did(rulebook.log.read_text()), flush=True)
    finally:
        rulebook.stop()
    playbook('auto-block: the block list after the attack', 'demo/blocklist.yml', '-e', f'demo_pullzone={PULLZONE}')


def request_problems(record: list[dict[str, t.Any]], most: int) -> list[str]:
    """What is wrong with the requests of one run: more than ``most``, or a read repeated (the same method, service,
    path and query) with no write between (loadFreeCertificate, a GET, acts; a database pipeline request may)."""
    problems = []
    if len(record) > most:
        sent = ', '.join(f"{entry['method']} {entry['path']}" for entry in record)
        problems.append(f'{len(record)} requests, more than {most}: {sent}')
    seen: set[tuple[str, str, str, str]] = set()
    for entry in record:
        key = (entry['service'], entry['method'], entry['path'], entry['query'])
        if entry['method'] != 'GET' or entry['path'].endswith('/loadFreeCertificate'):
            seen.clear()  # a write: what was read before may have changed
        elif key in seen:
            problems.append(f"{entry['method']} {entry['path']}?{entry['query']} read again with no write between")
        seen.add(key)
    return problems


def shield_zone_id_of(session: nox.Session, pullzone: str, environment: dict[str, str]) -> int:
    """The Shield zone id of a pull zone, found as a user finds it: with edge.platform.shield_zone_info."""
    output = session.run(
        'ansible', 'localhost', '-c', 'local', '-e', f'ansible_python_interpreter={Path(session.bin) / "python"}',
        '-m', 'edge.platform.shield_zone_info', '-a', f'pullzone_name={pullzone}', silent=True,
        env={**environment, 'ANSIBLE_LOAD_CALLBACK_PLUGINS': '1', 'ANSIBLE_STDOUT_CALLBACK': 'ansible.builtin.minimal'},
    )  # fmt: skip
    text = str(output)
    return int(json.loads(text[text.index('{') :])['shield_zones'][0]['shieldZoneId'])


def what_the_rulebook_did(log: str) -> str:
    """The play the rulebook ran to block the attacker, up to its recap."""
    match = re.search(r'PLAY \[Edge Platform - block an attacking address\].*?PLAY RECAP[^\n]*\n[^\n]*', log, re.DOTALL)
    return '\n'.join(line for line in (match.group(0) if match else log[-3000:]).splitlines() if line.strip())
