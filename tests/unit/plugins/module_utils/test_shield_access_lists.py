# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The custom access lists of a Shield zone without AnsibleModule: entries, the requests, and the writes that take
more than one (a change of entries kept against other runs' writes, a replacement through a temporary list, a
replacement in a full zone that fails)."""

from __future__ import annotations

import hashlib
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, EdgeFinding
from ansible_collections.edge.platform.plugins.module_utils._resources.shield_access_list import held_options
from ansible_collections.edge.platform.plugins.module_utils._shield_access_lists import (
    AccessListApi,
    AccessLists,
    HeldList,
    ReplacementFailed,
    broken_lines,
    check_entries,
    content_of,
    entries_of_content,
    entry_set,
    returned,
)
from ansible_collections.edge.platform.tests.unit.helpers import LOGGING_URL, Emulator

ZONE = 3001
BASE = f'/shield/shield-zone/{ZONE}/access-lists'
OFFICE = {'198.51.100.7', '198.51.100.9', '2001:db8::1'}  # list 9001 as the tests set it up


def sha(content: str) -> str:
    return hashlib.sha256(content.encode('utf-8')).hexdigest()


def stored(emulator: Emulator, name: str) -> list[dict[str, t.Any]]:
    return [
        item for item in emulator.snapshot()['access_lists'] if item['shieldZoneId'] == ZONE and item['name'] == name
    ]


@pytest.fixture(autouse=True)
def office_entries(emulator: Emulator) -> None:
    """List 9001 "office" of zone 3001 (ip, allow, enabled) holds OFFICE; a set-up, not recorded."""
    write_elsewhere(emulator, OFFICE)
    emulator.forget_requests()


def zone_lists(emulator: Emulator) -> AccessLists:
    lists = AccessLists(AccessListApi(emulator.client(), ZONE))
    lists.read()
    emulator.forget_requests()
    return lists


def office(lists: AccessLists) -> HeldList:
    found = lists.find('office', None, must_exist=True)
    assert found is not None
    return lists.load(found)


def write_elsewhere(emulator: Emulator, entries: t.Iterable[str]) -> None:
    """Another run writes list 9001 (what it had read, and its own change)."""
    content, checksum = content_of(entries)
    body = {'content': content, 'checksum': checksum}
    emulator.client().request('PATCH', f'{BASE}/9001', 'another run', json_body=body, idempotent=True)


# ---- entries ----------------------------------------------------------------------------------------------------


def test_one_entry_an_item() -> None:
    assert broken_lines(['192.0.2.1', ' 192.0.2.2\n', '192.0.2.3\n192.0.2.4', 'a\rb', 'a\u2028b']) == [
        '192.0.2.3\n192.0.2.4',
        'a\rb',
        'a\u2028b',
    ]
    assert entry_set([' 192.0.2.1 ', '192.0.2.1', '192.0.2.2\n']) == {'192.0.2.1', '192.0.2.2'}
    assert entries_of_content('b\n\n a \nb\n') == {'a', 'b'}


def test_entries_are_checked_and_written_as_their_type_wants() -> None:
    assert check_entries('country', ['de', 'XX']) == (frozenset({'DE'}), ['XX'])
    assert check_entries('cidr', ['192.0.2.0/24', '192.0.2.1/24']) == (frozenset({'192.0.2.0/24'}), ['192.0.2.1/24'])
    assert content_of({'b', 'a'}) == ('a\nb', sha('a\nb'))


# ---- the requests -------------------------------------------------------------------------------------------------


def test_a_list_and_its_zone_as_a_run_holds_them(emulator: Emulator) -> None:
    lists = zone_lists(emulator)
    assert [item['name'] for item in lists.lists] == ['office', 'blocked-countries']
    record = office(lists)
    assert record['entries'] == OFFICE
    assert returned(record) == {
        'id': 9001,
        'name': 'office',
        'description': 'Office egress addresses',
        'type': 0,
        'checksum': stored(emulator, 'office')[0]['checksum'],
        'entryCount': 3,
        'lastModified': stored(emulator, 'office')[0]['lastModified'],
        'action': 1,
        'isEnabled': True,
        'configurationId': 60001,
        'shieldZoneId': ZONE,
    }


def test_a_delete_of_a_list_gone_already_is_done_and_another_service_s_404_fails(emulator: Emulator) -> None:
    api = AccessListApi(emulator.client(), ZONE)
    api.delete({'id': 4242, 'name': 'gone'})  # the API's 404: gone already
    client = emulator.client()
    client.base_urls['api'] = LOGGING_URL
    with pytest.raises(EdgeApiError) as caught:
        AccessListApi(client, ZONE).delete({'id': 9001, 'name': 'office'})
    assert f'is {LOGGING_URL} the right base address?' in str(caught.value)
    assert len(stored(emulator, 'office')) == 1


# ---- entries that stay --------------------------------------------------------------------------------------------


def test_an_addition_undone_by_another_run_is_written_again_over_what_the_list_holds(emulator: Emulator) -> None:
    lists = zone_lists(emulator)
    current = office(lists)
    # Right after this run's write, another run writes what it had read before, with an entry of its own.
    emulator.meanwhile('PATCH', rf'^{BASE}/9001$', lambda: write_elsewhere(emulator, OFFICE | {'203.0.113.5'}))
    after = lists.update(current, {'entries': OFFICE | {'192.0.2.50'}}, purge=False, removing=frozenset())
    assert after['entries'] == OFFICE | {'192.0.2.50', '203.0.113.5'}  # what the last read holds
    assert set(stored(emulator, 'office')[0]['content'].split()) == OFFICE | {'192.0.2.50', '203.0.113.5'}
    assert [call.method for call in emulator.writes] == ['PATCH', 'PATCH']


def test_a_change_other_runs_keep_undoing_is_never_reported_kept(emulator: Emulator) -> None:
    lists = zone_lists(emulator)
    current = office(lists)
    emulator.meanwhile('PATCH', rf'^{BASE}/9001$', lambda: write_elsewhere(emulator, OFFICE), times=4)
    with pytest.raises(EdgeFinding) as caught:
        lists.update(current, {'entries': OFFICE - {'198.51.100.7'}}, purge=True, removing=frozenset({'198.51.100.7'}))
    assert 'other runs kept rewriting the list: the change of 1 entries could not be kept after 3 attempts' in str(
        caught.value
    )


def test_a_whole_list_is_written_once_and_not_read_back(emulator: Emulator) -> None:
    lists = zone_lists(emulator)
    after = lists.update(office(lists), {'entries': frozenset({'192.0.2.1'})}, purge=True, removing=frozenset())
    assert (after['entries'], after['entryCount'], after['content']) == ({'192.0.2.1'}, 1, '192.0.2.1')
    assert [(call.method, call.path) for call in emulator.sent] == [('GET', f'{BASE}/9001'), ('PATCH', f'{BASE}/9001')]


# ---- replacing ----------------------------------------------------------------------------------------------------


def test_a_replacement_is_complete_before_the_old_list_goes(emulator: Emulator) -> None:
    lists = zone_lists(emulator)
    current = office(lists)
    values = {**current, 'type': 1, 'entries': frozenset({'198.51.100.0/24'})}
    after = lists.replace(current, values)
    writes = [(call.method, call.path, call.json) for call in emulator.writes]
    assert writes[0][:2] == ('POST', BASE) and writes[0][2]['name'] == 'office (replacing list 9001)'
    assert writes[2][:2] == ('DELETE', f'{BASE}/9001')
    assert writes[3] == ('PATCH', f"{BASE}/{after['id']}", {'name': 'office'})
    assert [(r['name'], r['type'], r['content'], r['action']) for r in stored(emulator, 'office')] == [
        ('office', 1, '198.51.100.0/24', 1)
    ]


def test_a_replacement_left_half_done_is_finished(emulator: Emulator) -> None:
    lists = zone_lists(emulator)
    current = office(lists)
    values = {**current, 'type': 1, 'entries': frozenset({'198.51.100.0/24'})}
    emulator.add_fault(method='DELETE', path=rf'^{BASE}/9001$', status=500)
    lists.api.client.retries = 0
    with pytest.raises(EdgeApiError):
        lists.replace(current, values)
    again = zone_lists(emulator)  # the next run: the temporary list is there, the old one too
    after = again.replace(office(again), values)
    assert [call.method for call in emulator.writes if call.status == 200][-2:] == ['DELETE', 'PATCH']
    assert [(r['name'], r['type'], r['content']) for r in stored(emulator, 'office')] == [
        ('office', 1, '198.51.100.0/24')
    ]
    assert after['name'] == 'office'


def full_zone(emulator: Emulator) -> AccessLists:
    """Zone 3001 on the Basic plan: at most 2 custom lists, and it has 2."""
    emulator.client().request(
        'PATCH',
        'shield/shield-zone',
        'set the plan',
        json_body={'shieldZoneId': ZONE, 'shieldZone': {'planType': 0}},
        idempotent=True,
    )
    return zone_lists(emulator)


def test_in_a_full_zone_a_failed_create_restores_the_old_list(emulator: Emulator) -> None:
    lists = full_zone(emulator)
    current = office(lists)
    emulator.add_fault(method='POST', path=rf'^{BASE}$', status=503)
    client = lists.api.client
    client.retries = 0
    with pytest.raises(ReplacementFailed) as caught:
        lists.replace(current, {**current, 'type': 1, 'entries': frozenset({'198.51.100.0/24'})})
    restored = stored(emulator, 'office')
    assert len(restored) == 1 and restored[0]['id'] != 9001
    assert caught.value.deleted is None
    assert str(caught.value).endswith(
        f"the replacement failed and the old list was restored as it was (id {restored[0]['id']}); run again to "
        'replace it'
    )
    assert (restored[0]['type'], restored[0]['description'], restored[0]['action']) == (0, 'Office egress addresses', 1)
    assert set(restored[0]['content'].split()) == OFFICE


def test_in_a_full_zone_a_list_that_cannot_be_restored_is_described(emulator: Emulator) -> None:
    lists = full_zone(emulator)
    current = office(lists)
    emulator.add_fault(method='POST', path=rf'^{BASE}$', status=503, times=2)
    lists.api.client.retries = 0
    with pytest.raises(ReplacementFailed) as caught:
        lists.replace(current, {**current, 'type': 1, 'entries': frozenset({'198.51.100.0/24'})})
    assert caught.value.deleted is not None
    assert held_options(caught.value.deleted) == {
        'name': 'office',
        'type': 'ip',
        'description': 'Office egress addresses',
        'action': 'allow',
        'enabled': True,
        'entries': sorted(OFFICE),
    }
    assert caught.value.failure()['status'] == 503
    assert stored(emulator, 'office') == []


# ---- limits -------------------------------------------------------------------------------------------------------


def test_the_zone_s_limits(emulator: Emulator) -> None:
    lists = full_zone(emulator)
    current = office(lists)
    assert lists.limit_problem(current, frozenset({'192.0.2.1'})) is None
    too_many = lists.limit_problem(None, frozenset(), 'third')
    assert too_many is not None and too_many.error_key == 'customListLimit'
    assert str(too_many) == (
        'create custom access list "third" of shield zone 3001 failed: '
        'shield zone 3001 already has 2 custom access lists, its customListLimit is 2'
    )
    entries = lists.limit_problem(current, frozenset(f'2001:db8::{n:x}' for n in range(1, 1000)))
    assert entries is not None and entries.error_key == 'customEntryLimit'
    assert not lists.room_for_both(current)
