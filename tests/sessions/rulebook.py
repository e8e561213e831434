# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Event-Driven Ansible: ansible-rulebook runs the rulebook edge.platform.auto_block against the emulator.

ansible-rulebook runs on Java 17 (its rules engine), installed from Debian's openjdk-17-jre-headless when missing,
from the venv of the session (requirements-eda.txt).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import tempfile
import time
import typing as t
from pathlib import Path

from .artifacts import built_and_installed
from .emulator import Emulator, wait_for
from .tree import ROOT, build_dir, ensure_command

if t.TYPE_CHECKING:
    import nox

PULLZONE = 'assets-000'
ATTACKER = '203.0.113.201'


def ensure_java(session: nox.Session) -> dict[str, str]:
    """Java 17 or later (installed when missing); the environment that points ansible-rulebook at it."""

    def recent() -> bool:
        answer = subprocess.run(['java', '-version'], capture_output=True, text=True, check=False)
        match = re.search(r'version "(\d+)', answer.stderr)
        return bool(match) and int(match.group(1)) >= 17

    java = ensure_command('java', 'openjdk-17-jre-headless', usable=recent)
    return {'JAVA_HOME': os.environ.get('JAVA_HOME') or str(Path(java).resolve().parent.parent)}


def shield_zone_of(emulator: Emulator, pullzone: str) -> int:
    state = emulator.admin('/state')
    zone = next(item['Id'] for item in state['pullzones'] if item['Name'] == pullzone)
    return int(next(item['shieldZoneId'] for item in state['shield_zones'] if item['pullZoneId'] == zone))


def pullzone_id(emulator: Emulator, pullzone: str) -> int:
    return int(next(item['Id'] for item in emulator.admin('/state')['pullzones'] if item['Name'] == pullzone))


def is_blocked(emulator: Emulator, zone: int, address: str, access_list: str | None = None) -> bool:
    """Whether ADDRESS is in an enabled block list (of that name) of the Shield zone."""
    return any(
        item['shieldZoneId'] == zone
        and item['action'] == 2
        and item['isEnabled']
        and address in item['content'].split()
        and (access_list is None or item['name'] == access_list)
        for item in emulator.admin('/state')['access_lists']
    )


class Rulebook:
    """ansible-rulebook running edge.platform.auto_block on PULLZONE (its output in WORK/rulebook.log, the block
    ledger WORK/blocks.json) until stopped; started once its Shield events source has read the zone's logs, so the
    traffic that follows is new to it."""

    def __init__(
        self,
        session: nox.Session,
        emulator: Emulator,
        work: Path,
        pullzone: str,
        collections: Path,
        variables: dict[str, t.Any],
    ) -> None:
        self.log = work / 'rulebook.log'
        (work / 'inventory.yml').write_text('all:\n  hosts:\n    localhost:\n      ansible_connection: local\n')
        settings = {
            'edge_pullzone_names': [pullzone],
            'edge_poll_interval': 1,
            'edge_block_ledger': str(work / 'blocks.json'),
        }
        (work / 'vars.yml').write_text(json.dumps({**settings, **variables}))
        emulator.admin('/requests', 'DELETE')
        environment = {
            **os.environ,
            **emulator.environment,
            **ensure_java(session),
            'PATH': f'{session.bin}{os.pathsep}{os.environ["PATH"]}',
            'ANSIBLE_COLLECTIONS_PATH': str(collections),
            'ANSIBLE_NOCOLOR': '1',
        }
        with self.log.open('w') as output:
            self.process = subprocess.Popen(
                [str(Path(session.bin) / 'ansible-rulebook'), '-r', 'edge.platform.auto_block', '-i', 'inventory.yml',
                 '--vars', 'vars.yml'],
                cwd=work, env=environment, stdout=output, stderr=subprocess.STDOUT, start_new_session=True,
            )  # fmt: skip

        def following() -> bool:
            return any(
                '/shield/event-logs/' in entry['path'] and entry['status'] == 200
                for entry in emulator.admin('/requests')
            )

        if not wait_for(following, 120):
            self.stop()
            raise RuntimeError(f"the rulebook's sources did not start:\n{self.tail()}")

    def tail(self, lines: int = 40) -> str:
        return ''.join(self.log.read_text(errors='replace').splitlines(keepends=True)[-lines:])

    def stop(self) -> None:
        """SIGTERM to its process group (ansible-rulebook and the playbooks it runs); SIGKILL after 10 s."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


def end_to_end(session: nox.Session) -> None:
    """The rulebook of the built and installed collection (the event sources ship under extensions/): an attack
    from one address ends with the address in a block list of the Shield zone and in the ledger; a 5xx spike raises
    the alert; unblock_expired lifts the block again; the API key shows nowhere in the rulebook's output."""
    collections = built_and_installed(session, build_dir() / 'eda')
    sources = collections / 'ansible_collections/edge/platform/extensions/eda/plugins/event_source'
    if not (sources / 'shield_events.py').is_file():
        session.error('eda: the built collection has no event sources')
    with Emulator(ROOT) as emulator, tempfile.TemporaryDirectory() as directory:
        work = Path(directory)
        zone = shield_zone_of(emulator, PULLZONE)
        started = time.monotonic()
        thresholds = {'edge_block_threshold': 10, 'edge_block_window_minutes': 5, 'edge_spike_threshold': 5}
        rulebook = Rulebook(session, emulator, work, PULLZONE, collections, thresholds)
        try:
            following = time.monotonic() - started
            print(f'eda: ansible-rulebook follows {PULLZONE} (Shield zone {zone}) after {following:.0f}s')
            if is_blocked(emulator, zone, ATTACKER):
                session.error(f'eda: {ATTACKER} is blocked before the attack')
            attacked = time.monotonic()
            emulator.admin('/traffic', 'POST', {'kind': 'attack', 'shield_zone_id': zone, 'ip': ATTACKER, 'count': 15})
            if not wait_for(lambda: is_blocked(emulator, zone, ATTACKER, 'auto-blocked'), 90):
                session.error(f'eda: {ATTACKER} was not blocked\n{rulebook.tail()}')
            ledger = work / 'blocks.json'
            if not wait_for(lambda: ledger.is_file() and f'"ip": "{ATTACKER}"' in ledger.read_text(), 30):
                session.error(f'eda: the ledger has no {ATTACKER}\n{rulebook.tail()}')
            print(f'eda: {ATTACKER} blocked by the access list auto-blocked of Shield zone {zone}, '
                  f'{time.monotonic() - attacked:.0f}s after the attack')  # fmt: skip
            rows = [{'statusCode': 502}] * 6
            emulator.admin('/traffic', 'POST', {'pullzone_id': pullzone_id(emulator, PULLZONE), 'rows': rows})
            if not wait_for(lambda: '5xx spike on pull zone' in rulebook.log.read_text(), 60):
                session.error(f'eda: no alert on the 5xx spike\n{rulebook.tail()}')
            alert = re.search(r'5xx spike on pull zone \d+: \d+ answers', rulebook.log.read_text())
            print(f'eda: the 5xx spike raised the alert: {alert.group(0) if alert else ""}')
        finally:
            rulebook.stop()
        output = rulebook.log.read_text()
        if 'is now blocked' not in output:
            session.error(f'eda: the block playbook did not report the block\n{rulebook.tail()}')
        if emulator.info['api_key'] in output:
            session.error("eda: the rulebook's output shows the API key")
        session.run(
            'ansible-playbook', '-i', 'localhost,', 'edge.platform.unblock_expired',
            '-e', f'edge_block_ledger={ledger}', '-e', 'edge_block_ttl_minutes=0',
            env={**emulator.environment, 'ANSIBLE_COLLECTIONS_PATH': str(collections)}, silent=True,
        )  # fmt: skip
        if is_blocked(emulator, zone, ATTACKER):
            session.error(f'eda: {ATTACKER} is still blocked after unblock_expired')
        if ATTACKER in ledger.read_text():
            session.error(f'eda: the ledger still holds {ATTACKER}')
        print(f'eda: unblock_expired lifted the block; the run took {time.monotonic() - started:.0f}s')
