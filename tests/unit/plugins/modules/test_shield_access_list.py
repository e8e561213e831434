# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""shield_access_list: entries as a set, checksums, purge, remove_entries, recreate on type change (and its failures),
limits, validation, check mode, diff."""

from __future__ import annotations

import hashlib
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import shield_access_list
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator, FakeApi

ZONE = 3001
BASE = f'/shield/shield-zone/{ZONE}/access-lists'
# Written elsewhere: unsorted, padded, repeated.
OFFICE = '198.51.100.9\n\n 198.51.100.7 \n2001:db8::1\n198.51.100.7\n'
OFFICE_DESCRIPTION = 'Office egress addresses'


def sha(content: str) -> str:
    return hashlib.sha256(content.encode('utf-8')).hexdigest()


def zone_lists(emulator: Emulator, zone: int = ZONE) -> list[dict[str, t.Any]]:
    """The emulator's custom access lists of a shield zone, in the order of their ids."""
    found = [item for item in emulator.snapshot()['access_lists'] if item['shieldZoneId'] == zone]
    return sorted(found, key=lambda item: item['id'])


def set_plan(emulator: Emulator, plan_type: int) -> None:
    """Give shield zone 3001 another plan, and with it the plan's list and entry limits; a set-up, not recorded."""
    emulator.client().request(
        'PATCH',
        'shield/shield-zone',
        'set the plan of zone 3001',
        json_body={'shieldZoneId': ZONE, 'shieldZone': {'planType': plan_type}},
        idempotent=True,
    )
    emulator.forget_requests()


@pytest.fixture
def lists(emulator: Emulator) -> Emulator:
    """Shield zone 3001 (pull zone 1001, Advanced plan) with its seeded lists 9001 "office" (ip, allow, content
    OFFICE) and 9002 renamed "countries" (country, block, RU and KP); pull zone 1003 has no zone."""
    client = emulator.client()
    for list_id, changes in ((9001, {'content': OFFICE}), (9002, {'name': 'countries', 'content': 'RU\nKP'})):
        body = dict(changes, checksum=sha(changes['content']))
        client.request('PATCH', f'{BASE}/{list_id}', f'set up list {list_id}', json_body=body, idempotent=True)
    assert [(item['id'], item['name'], item['type'], item['action']) for item in zone_lists(emulator)] == [
        (9001, 'office', 0, 1),
        (9002, 'countries', 3, 2),
    ]
    emulator.forget_requests()
    return emulator


def args(**extra: t.Any) -> dict[str, t.Any]:
    return dict(COMMON_ARGS, **extra)


def detail_reads(emulator: Emulator) -> list[str]:
    return [call.path for call in emulator.sent if call.method == 'GET' and call.path.startswith(f'{BASE}/')]


# ---- entries as a set ------------------------------------------------------------------------------------------


def test_same_set_in_another_order_is_unchanged_with_one_read_of_the_content(
    lists: Emulator, run_module: t.Any
) -> None:
    outcome = run_module(
        shield_access_list.main,
        args(
            shield_zone_id=ZONE,
            name='office',
            type='ip',
            entries=['2001:db8::1', ' 198.51.100.9', '198.51.100.7', '198.51.100.7'],
            action='allow',
            enabled=True,
        ),
        diff=True,
    )
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is False
    assert lists.writes == []
    assert detail_reads(lists) == [f'{BASE}/9001']
    assert [call.path for call in lists.sent] == [BASE, f'{BASE}/9001']
    assert outcome.result['access_list'] == {
        'id': 9001,
        'name': 'office',
        'description': OFFICE_DESCRIPTION,
        'type': 0,
        'checksum': sha(OFFICE),
        'entryCount': 4,
        'lastModified': zone_lists(lists)[0]['lastModified'],
        'action': 1,
        'isEnabled': True,
        'enabled': True,
        'configurationId': 60001,
        'shieldZoneId': ZONE,
    }
    assert outcome.result['diff']['before'] == outcome.result['diff']['after']
    assert outcome.result['diff']['before']['entries'] == ['198.51.100.7', '198.51.100.9', '2001:db8::1']
    # entryCount is the API's: it counts the repeated line the list was written with elsewhere.


def test_new_entries_are_written_sorted_with_the_checksum_of_exactly_that_content(
    lists: Emulator, run_module: t.Any
) -> None:
    outcome = run_module(
        shield_access_list.main,
        args(
            shield_zone_id=ZONE,
            name='office',
            entries=['198.51.100.9', '2001:db8::1', '198.51.100.20', ' 198.51.100.3 '],
        ),
        diff=True,
    )
    assert outcome.result['changed'] is True
    assert [(call.method, call.path) for call in lists.writes] == [('PATCH', f'{BASE}/9001')]
    body = lists.writes[0].json
    assert body == {
        'content': '198.51.100.20\n198.51.100.3\n198.51.100.9\n2001:db8::1',
        'checksum': sha('198.51.100.20\n198.51.100.3\n198.51.100.9\n2001:db8::1'),
    }
    diff = outcome.result['diff']  # the whole list before and after
    assert diff['before']['entries'] == ['198.51.100.7', '198.51.100.9', '2001:db8::1']
    assert diff['after']['entries'] == ['198.51.100.20', '198.51.100.3', '198.51.100.9', '2001:db8::1']
    assert 'entry_count' not in diff['before'] and 'entry_count' not in diff['after']  # 4 before and after
    assert outcome.result['access_list']['checksum'] == body['checksum']
    assert outcome.result['access_list']['entryCount'] == 4
    assert 'content' not in outcome.result['access_list']
    stored = zone_lists(lists)[0]
    assert (stored['content'], stored['checksum'], stored['entryCount']) == (body['content'], body['checksum'], 4)


def test_purge_false_only_adds_missing_entries(lists: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        shield_access_list.main,
        args(shield_zone_id=ZONE, name='office', entries=['198.51.100.7', '192.0.2.1'], purge=False),
        diff=True,
    )
    assert outcome.result['changed'] is True
    assert lists.writes[0].json['content'] == '192.0.2.1\n198.51.100.7\n198.51.100.9\n2001:db8::1'
    assert outcome.result['diff']['before']['entries'] == ['198.51.100.7', '198.51.100.9', '2001:db8::1']
    assert outcome.result['diff']['after']['entries'] == ['192.0.2.1', '198.51.100.7', '198.51.100.9', '2001:db8::1']
    again = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='office', entries=['192.0.2.1'], purge=False)
    )
    assert again.result['changed'] is False
    assert len(lists.writes) == 1


def test_update_in_check_mode_predicts_and_sends_no_write(lists: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        shield_access_list.main,
        args(shield_zone_id=ZONE, name='office', entries=['192.0.2.1'], action='block'),
        check_mode=True,
        diff=True,
    )
    assert outcome.result['changed'] is True
    assert lists.writes == []
    result = outcome.result['access_list']
    assert (result['entryCount'], result['checksum'], result['action']) == (1, sha('192.0.2.1'), 2)
    assert outcome.result['diff']['after']['entries'] == ['192.0.2.1']
    assert outcome.result['diff']['before']['entries'] == ['198.51.100.7', '198.51.100.9', '2001:db8::1']
    assert (zone_lists(lists)[0]['content'], zone_lists(lists)[0]['action']) == (OFFICE, 1)


def test_action_and_enabled_through_the_configuration(lists: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        shield_access_list.main, args(pullzone_id=1001, name='countries', action='challenge', enabled=False)
    )
    assert outcome.result['changed'] is True
    assert [(call.method, call.path, call.json) for call in lists.writes] == [
        ('PATCH', f'{BASE}/configurations/60002', {'action': 3, 'isEnabled': False}),
    ]
    assert (outcome.result['access_list']['action'], outcome.result['access_list']['isEnabled']) == (3, False)
    assert (zone_lists(lists)[1]['action'], zone_lists(lists)[1]['isEnabled']) == (3, False)


def test_return_content(lists: Emulator, run_module: t.Any) -> None:
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='countries', return_content=True))
    assert outcome.result['access_list']['content'] == 'RU\nKP'
    changed = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='countries', entries=['de'], return_content=True)
    )
    assert changed.result['access_list']['content'] == 'DE'


def test_country_codes_are_written_in_upper_case(lists: Emulator, run_module: t.Any) -> None:
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='countries', entries=['kp', 'ru']))
    assert outcome.result['changed'] is False
    assert lists.writes == []


@pytest.mark.parametrize(
    'content, entries',
    [('kp\nru', ['KP', 'RU']), ('Kp\nRU', ['kp', 'ru'])],
)
def test_country_codes_the_list_holds_in_lower_case_are_those_codes(
    lists: Emulator, run_module: t.Any, content: str, entries: list[str]
) -> None:
    """The service keeps a list's entries as they were given: the same codes in upper case change nothing."""
    lists.client().request(
        'PATCH', f'{BASE}/9002', 'set up', json_body={'content': content, 'checksum': sha(content)}, idempotent=True
    )
    lists.forget_requests()
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='countries', entries=entries))
    assert not outcome.failed and outcome.result['changed'] is False, outcome.result
    removed = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='countries', remove_entries=['KP']))
    assert removed.result['changed'] is True
    assert lists.writes[0].json['content'] == [line for line in content.splitlines() if line.upper() != 'KP'][0]


def test_rename_by_id(lists: Emulator, run_module: t.Any) -> None:
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, id=9002, name='geo-block'))
    assert [(call.method, call.json) for call in lists.writes] == [('PATCH', {'name': 'geo-block'})]
    assert outcome.result['access_list']['name'] == 'geo-block'
    assert [item['name'] for item in zone_lists(lists)] == ['office', 'geo-block']


# ---- remove_entries -----------------------------------------------------------------------------------------------


def test_remove_entries_takes_out_only_those_entries(lists: Emulator, run_module: t.Any) -> None:
    wanted = args(shield_zone_id=ZONE, name='office', remove_entries=['198.51.100.7', ' 2001:db8::1', '192.0.2.1'])
    outcome = run_module(shield_access_list.main, wanted, diff=True)
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    assert [(call.method, call.path, call.json) for call in lists.writes] == [
        ('PATCH', f'{BASE}/9001', {'content': '198.51.100.9', 'checksum': sha('198.51.100.9')}),
    ]
    assert detail_reads(lists) == [f'{BASE}/9001', f'{BASE}/9001']  # read, and read again after the write
    diff = outcome.result['diff']
    assert (diff['before']['entries'], diff['after']['entries']) == (
        ['198.51.100.7', '198.51.100.9', '2001:db8::1'],
        ['198.51.100.9'],
    )
    assert diff['after_header'] == 'update'
    assert (outcome.result['access_list']['entryCount'], outcome.result['access_list']['action']) == (1, 1)
    assert zone_lists(lists)[0]['content'] == '198.51.100.9'
    again = run_module(shield_access_list.main, wanted)
    assert again.result['changed'] is False
    assert len(lists.writes) == 1


def test_removing_entries_the_list_does_not_hold_is_unchanged(lists: Emulator, run_module: t.Any) -> None:
    for check_mode in (True, False):
        outcome = run_module(
            shield_access_list.main,
            args(shield_zone_id=ZONE, name='office', remove_entries=['192.0.2.1', '2001:db8::2']),
            check_mode=check_mode,
            diff=True,
        )
        assert not outcome.failed, outcome.result
        assert outcome.result['changed'] is False
        assert outcome.result['diff']['before'] == outcome.result['diff']['after']
    assert lists.writes == []
    assert zone_lists(lists)[0]['content'] == OFFICE


def test_remove_entries_in_check_mode_predicts_and_writes_nothing(lists: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        shield_access_list.main,
        args(shield_zone_id=ZONE, name='office', remove_entries=['198.51.100.9']),
        check_mode=True,
        diff=True,
    )
    assert outcome.result['changed'] is True
    assert lists.writes == []
    assert (outcome.result['diff']['before']['entries'], outcome.result['diff']['after']['entries']) == (
        ['198.51.100.7', '198.51.100.9', '2001:db8::1'],
        ['198.51.100.7', '2001:db8::1'],
    )
    content = '198.51.100.7\n2001:db8::1'
    assert (outcome.result['access_list']['entryCount'], outcome.result['access_list']['checksum']) == (2, sha(content))
    assert zone_lists(lists)[0]['content'] == OFFICE


def test_remove_entries_keeps_an_entry_another_run_added_meanwhile(lists: Emulator, run_module: t.Any) -> None:
    # Another run (block_ip adding an address) wrote what it had read before this run's write, and its address:
    # the removed entry is back at the re-read, and is taken out again over what the list holds now.
    def other_run_adds() -> None:
        content = OFFICE + '203.0.113.77'
        lists.client().request(
            'PATCH', f'{BASE}/9001', 'another run', json_body={'content': content, 'checksum': sha(content)}
        )

    lists.meanwhile('PATCH', rf'^{BASE}/9001$', other_run_adds)
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='office', remove_entries=['198.51.100.7'])
    )
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    assert [call.method for call in lists.writes] == ['PATCH', 'PATCH']
    assert lists.writes[1].json['content'] == '198.51.100.9\n2001:db8::1\n203.0.113.77'
    assert sorted(zone_lists(lists)[0]['content'].splitlines()) == ['198.51.100.9', '2001:db8::1', '203.0.113.77']
    assert outcome.result['access_list']['entryCount'] == 3


def test_a_change_other_runs_keep_undoing_gives_up_after_three_attempts(lists: Emulator, run_module: t.Any) -> None:
    # Another run writes back what it read before every write of this run: the merge is bounded, and says so.
    def other_run_restores() -> None:
        lists.client().request(
            'PATCH', f'{BASE}/9001', 'another run', json_body={'content': OFFICE, 'checksum': sha(OFFICE)}
        )

    lists.meanwhile('PATCH', rf'^{BASE}/9001$', other_run_restores, times=4)
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='office', remove_entries=['198.51.100.7'])
    )
    assert outcome.failed
    assert outcome.result['changed'] is True  # it wrote, even though the change did not stay
    assert (
        'other runs kept rewriting the list: the change of 1 entries could not be kept after 3 attempts'
        in (outcome.result['msg'])
    )
    assert [call.method for call in lists.writes] == ['PATCH'] * 4  # the write, then one per attempt
    assert zone_lists(lists)[0]['content'] == OFFICE


def test_remove_entries_keeps_an_entry_another_run_added_after_the_write(lists: Emulator, run_module: t.Any) -> None:
    def other_run_adds() -> None:  # it read the list after this run's write
        content = '198.51.100.9\n2001:db8::1\n203.0.113.77'
        lists.client().request(
            'PATCH', f'{BASE}/9001', 'another run', json_body={'content': content, 'checksum': sha(content)}
        )

    lists.meanwhile('PATCH', rf'^{BASE}/9001$', other_run_adds)
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='office', remove_entries=['198.51.100.7'])
    )
    assert outcome.result['changed'] is True
    assert [call.method for call in lists.writes] == ['PATCH']
    assert zone_lists(lists)[0]['content'] == '198.51.100.9\n2001:db8::1\n203.0.113.77'


def test_entries_added_and_removed_in_one_write_with_purge_false(lists: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        shield_access_list.main,
        args(
            shield_zone_id=ZONE,
            name='office',
            entries=['192.0.2.1', '198.51.100.9'],
            remove_entries=['198.51.100.7'],
            purge=False,
        ),
        diff=True,
    )
    assert outcome.result['changed'] is True
    assert [call.json['content'] for call in lists.writes] == ['192.0.2.1\n198.51.100.9\n2001:db8::1']
    assert (outcome.result['diff']['before']['entries'], outcome.result['diff']['after']['entries']) == (
        ['198.51.100.7', '198.51.100.9', '2001:db8::1'],
        ['192.0.2.1', '198.51.100.9', '2001:db8::1'],
    )


def test_remove_entries_are_checked_and_written_as_the_current_type(lists: Emulator, run_module: t.Any) -> None:
    bad = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='countries', remove_entries=['Germany']))
    assert bad.failed and bad.result['bad_entries'] == ['Germany']
    assert 'remove_entries: 1 entry is not valid for type country' in bad.result['msg']
    both = run_module(
        shield_access_list.main,
        args(shield_zone_id=ZONE, name='countries', entries=['de'], remove_entries=['DE'], purge=False),
    )
    assert both.failed and both.result['msg'] == (
        'entries and remove_entries both hold "DE": an entry is either added or removed'
    )
    assert lists.writes == []
    removed = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='countries', remove_entries=['ru']))
    assert removed.result['changed'] is True
    assert zone_lists(lists)[1]['content'] == 'KP'


def test_remove_entries_from_a_list_that_does_not_exist(lists: Emulator, run_module: t.Any) -> None:
    # Nothing to take out, and no list is created again unless type says what it is.
    missing = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='gone', remove_entries=['192.0.2.1']))
    assert missing.failed and missing.result['changed'] is False
    assert missing.result['msg'] == (
        'remove entries from custom access list "gone" of shield zone 3001 failed: shield zone 3001 has no custom '
        'access list named "gone", so it holds none of remove_entries (give type to create the list)'
    )
    assert missing.result['failure']['error_key'] == 'access_list.not_found'
    assert lists.writes == []
    created = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='gone', type='ip', remove_entries=['192.0.2.1'])
    )
    assert created.result['changed'] is True
    assert [(call.method, call.json['content']) for call in lists.writes] == [('POST', '')]


@pytest.mark.parametrize(
    'extra, message',
    [
        (
            {'entries': ['192.0.2.1'], 'remove_entries': ['192.0.2.2']},
            'remove_entries cannot be used with entries and purge=true (entries are then the whole list)',
        ),
        (
            {'entries': ['192.0.2.1', '192.0.2.3'], 'remove_entries': ['192.0.2.2', ' 192.0.2.1'], 'purge': False},
            'entries and remove_entries both hold "192.0.2.1": an entry is either added or removed',
        ),
        (
            {'type': 'country', 'entries': ['de'], 'remove_entries': ['DE'], 'purge': False},
            'entries and remove_entries both hold "DE"',
        ),
        ({'remove_entries': ['192.0.2.1', '  ']}, 'remove_entries must not hold blank values (1 given)'),
        ({'type': 'ip', 'remove_entries': ['192.0.2.300']}, 'remove_entries: 1 entry is not valid for type ip'),
        ({'remove_entries': ['192.0.2.1'], 'state': 'absent'}, 'remove_entries cannot be used with state=absent'),
    ],
)
def test_remove_entries_refusals_before_any_request(
    emulator: Emulator, run_module: t.Any, extra: dict[str, t.Any], message: str
) -> None:
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='office', **extra))
    assert outcome.failed and outcome.result['changed'] is False
    assert message in outcome.result['msg']
    assert emulator.sent == []


# ---- create, recreate, delete --------------------------------------------------------------------------------------


def test_create_then_configure_then_rerun_unchanged(lists: Emulator, run_module: t.Any) -> None:
    wanted = args(
        pullzone_id=1001,
        name='partners',
        type='cidr',
        description='Partner networks',
        entries=['203.0.113.0/24', '192.0.2.0/25'],
        action='bypass',
        enabled=False,
    )
    outcome = run_module(shield_access_list.main, wanted, diff=True)
    assert outcome.result['changed'] is True
    created = zone_lists(lists)[-1]
    assert [(call.method, call.path) for call in lists.writes] == [
        ('POST', BASE),
        ('PATCH', f"{BASE}/configurations/{created['configurationId']}"),
    ]
    assert lists.writes[0].json == {
        'name': 'partners',
        'type': 1,
        'description': 'Partner networks',
        'content': '192.0.2.0/25\n203.0.113.0/24',
        'checksum': sha('192.0.2.0/25\n203.0.113.0/24'),
    }
    assert lists.writes[1].json == {'action': 5, 'isEnabled': False}
    assert outcome.result['access_list']['id'] == created['id']
    assert (created['name'], created['type'], created['action'], created['isEnabled']) == ('partners', 1, 5, False)
    assert created['content'] == '192.0.2.0/25\n203.0.113.0/24'
    assert outcome.result['diff']['before'] == {}
    assert outcome.result['diff']['after']['entries'] == ['192.0.2.0/25', '203.0.113.0/24']
    assert outcome.result['diff']['after_header'] == 'create'
    rerun = run_module(shield_access_list.main, wanted)
    assert rerun.result['changed'] is False
    assert len(lists.writes) == 2


def test_create_in_check_mode(lists: Emulator, run_module: t.Any) -> None:
    lists_before = zone_lists(lists)
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='new', type='asn', entries=['13335']), check_mode=True
    )
    assert outcome.result['changed'] is True
    assert lists.writes == []
    assert zone_lists(lists) == lists_before
    assert outcome.result['access_list'] == {
        'id': None,
        'name': 'new',
        'description': '',
        'type': 2,
        'checksum': sha('13335'),
        'entryCount': 1,
        'lastModified': None,
        'action': None,
        'isEnabled': None,
        'enabled': None,
        'configurationId': None,
        'shieldZoneId': ZONE,
    }


def test_a_type_change_replaces_the_list_before_deleting_it(lists: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        shield_access_list.main,
        args(shield_zone_id=ZONE, name='office', type='cidr', entries=['198.51.100.0/24']),
        diff=True,
    )
    assert outcome.result['changed'] is True
    replacement = zone_lists(lists)[-1]
    assert [(call.method, call.path) for call in lists.writes] == [
        ('POST', BASE),
        ('PATCH', f"{BASE}/configurations/{replacement['configurationId']}"),
        ('DELETE', f'{BASE}/9001'),
        ('PATCH', f"{BASE}/{replacement['id']}"),
    ]
    assert lists.writes[0].json['name'] == 'office (replacing list 9001)'
    assert lists.writes[0].json['description'] == OFFICE_DESCRIPTION  # carried over
    assert lists.writes[1].json == {'action': 1}  # the new list is enabled already
    assert lists.writes[3].json == {'name': 'office'}
    assert outcome.result['diff']['after_header'] == 'recreate (the API cannot change type in place)'
    assert (outcome.result['diff']['before']['type'], outcome.result['diff']['after']['type']) == ('ip', 'cidr')
    assert outcome.result['access_list']['action'] == 1 and outcome.result['access_list']['name'] == 'office'
    assert [(r['name'], r['type'], r['description'], r['action']) for r in zone_lists(lists)] == [
        ('countries', 3, 'Countries we do not serve', 2),
        ('office', 1, OFFICE_DESCRIPTION, 1),
    ]


@pytest.mark.parametrize(
    'failing',
    [
        ('PATCH', rf'^{BASE}/configurations/\d+$'),  # the new list's settings
        ('DELETE', rf'^{BASE}/9001$'),  # the old list
        ('PATCH', rf'^{BASE}/\d+$'),  # the rename (list 9001 is never patched)
    ],
)
def test_a_replacement_that_fails_half_way_is_finished_by_the_rerun(
    lists: Emulator, run_module: t.Any, failing: tuple
) -> None:
    lists.add_fault(method=failing[0], path=failing[1], status=500)
    wanted = args(shield_zone_id=ZONE, name='office', type='cidr', entries=['198.51.100.0/24'], api_retries=0)
    first = run_module(shield_access_list.main, wanted)
    assert first.failed and first.result['changed'] is True  # the new list was created: something changed
    assert [call.status for call in lists.writes][-1] == 500
    second = run_module(shield_access_list.main, wanted)
    assert not second.failed, second.result
    third = run_module(shield_access_list.main, wanted)
    assert third.result['changed'] is False
    assert [(r['name'], r['type'], r['description'], r['action'], r['content']) for r in zone_lists(lists)] == [
        ('countries', 3, 'Countries we do not serve', 2, 'RU\nKP'),
        ('office', 1, OFFICE_DESCRIPTION, 1, '198.51.100.0/24'),
    ]


def test_a_failed_first_write_of_a_replacement_changes_nothing(lists: Emulator, run_module: t.Any) -> None:
    lists.add_fault(method='POST', path=rf'^{BASE}$', status=400)
    before = zone_lists(lists)
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='office', type='cidr', entries=['198.51.100.0/24'])
    )
    assert outcome.failed and outcome.result['changed'] is False
    assert [(call.method, call.status) for call in lists.writes] == [('POST', 400)]
    assert zone_lists(lists) == before


def test_without_room_for_two_lists_the_old_one_goes_first_and_a_failure_says_what_it_held(
    lists: Emulator,
    run_module: t.Any,
) -> None:
    set_plan(lists, 0)  # Basic: at most 2 custom lists, and the zone has 2
    lists.add_fault(method='POST', path=rf'^{BASE}$', status=503, times=2)  # the create, and the restore
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='office', description='Office', api_retries=0)
    )
    assert outcome.failed and outcome.result['changed'] is True
    assert 'the old list was deleted first: its values are in deleted_list' in outcome.result['msg']
    assert outcome.result['msg'].startswith('create custom access list "office" of shield zone 3001 failed: HTTP 503')
    assert [(call.method, call.path, call.status) for call in lists.writes] == [
        ('DELETE', f'{BASE}/9001', 200),
        ('POST', BASE, 503),
        ('POST', BASE, 503),
    ]
    assert lists.writes[2].json['description'] == OFFICE_DESCRIPTION  # the old list, as it was
    assert outcome.result['failure']['status'] == 503
    assert outcome.result['deleted_list'] == {
        'name': 'office',
        'type': 'ip',
        'description': OFFICE_DESCRIPTION,
        'action': 'allow',
        'enabled': True,
        'entries': ['198.51.100.7', '198.51.100.9', '2001:db8::1'],
    }
    assert [item['name'] for item in zone_lists(lists)] == ['countries']


def test_without_room_for_two_lists_a_failed_create_restores_the_old_list_and_the_rerun_replaces_it(
    lists: Emulator, run_module: t.Any
) -> None:
    set_plan(lists, 0)  # Basic: at most 2 custom lists, and the zone has 2
    lists.add_fault(method='POST', path=rf'^{BASE}$', status=503)
    wanted = args(shield_zone_id=ZONE, name='office', type='cidr', entries=['198.51.100.0/24'], api_retries=0)
    first = run_module(shield_access_list.main, wanted)
    assert first.failed and first.result['changed'] is True
    assert first.result['msg'].startswith('create custom access list "office" of shield zone 3001 failed: HTTP 503')
    restored = zone_lists(lists)[-1]
    assert (
        f'the replacement failed and the old list was restored as it was (id {restored["id"]}); run again'
        in first.result['msg']
    )
    assert first.result['failure']['status'] == 503
    assert 'deleted_list' not in first.result
    assert [(call.method, call.path, call.status) for call in lists.writes] == [
        ('DELETE', f'{BASE}/9001', 200),
        ('POST', BASE, 503),
        ('POST', BASE, 200),
        ('PATCH', f"{BASE}/configurations/{restored['configurationId']}", 200),
    ]
    assert lists.writes[3].json == {'action': 1}  # a new list is enabled already
    assert [
        (r['name'], r['type'], r['description'], r['action'], r['isEnabled'], r['content']) for r in zone_lists(lists)
    ] == [
        ('countries', 3, 'Countries we do not serve', 2, True, 'RU\nKP'),
        ('office', 0, OFFICE_DESCRIPTION, 1, True, '198.51.100.7\n198.51.100.9\n2001:db8::1'),
    ]
    # The rerun finds the old list again and replaces it, with the description and action it held.
    second = run_module(shield_access_list.main, wanted)
    assert not second.failed, second.result
    assert second.result['changed'] is True
    assert [
        (r['name'], r['type'], r['description'], r['action'], r['isEnabled'], r['content']) for r in zone_lists(lists)
    ] == [
        ('countries', 3, 'Countries we do not serve', 2, True, 'RU\nKP'),
        ('office', 1, OFFICE_DESCRIPTION, 1, True, '198.51.100.0/24'),
    ]
    third = run_module(shield_access_list.main, wanted)
    assert third.result['changed'] is False


def test_without_room_for_two_lists_a_create_whose_answer_was_lost_is_finished(
    lists: Emulator, run_module: t.Any
) -> None:
    set_plan(lists, 0)  # Basic: at most 2 custom lists, and the zone has 2
    lists.add_fault(method='POST', path=rf'^{BASE}$', drop=True, after=True)  # the API acted, its answer is lost
    wanted = args(shield_zone_id=ZONE, name='office', type='cidr', entries=['198.51.100.0/24'])
    outcome = run_module(shield_access_list.main, wanted, diff=True)
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    created = zone_lists(lists)[-1]
    assert [(call.method, call.path, call.status) for call in lists.writes] == [
        ('DELETE', f'{BASE}/9001', 200),
        ('POST', BASE, 0),
        ('PATCH', f"{BASE}/configurations/{created['configurationId']}", 200),
    ]
    assert lists.writes[2].json == {'action': 1}
    assert [
        (r['name'], r['type'], r['description'], r['action'], r['isEnabled'], r['content']) for r in zone_lists(lists)
    ] == [
        ('countries', 3, 'Countries we do not serve', 2, True, 'RU\nKP'),
        ('office', 1, OFFICE_DESCRIPTION, 1, True, '198.51.100.0/24'),
    ]
    result = outcome.result['access_list']
    assert (result['id'], result['type'], result['action'], result['entryCount']) == (created['id'], 1, 1, 1)
    assert f"list {created['id']} was created and is finished" in outcome.result['diff']['after_header']
    rerun = run_module(shield_access_list.main, wanted)
    assert rerun.result['changed'] is False
    assert len(lists.writes) == 3


def test_without_room_for_two_lists_nothing_is_restored_when_the_lists_cannot_be_read_again(
    lists: Emulator, run_module: t.Any
) -> None:
    # Whether the failed create went through is unknown: a restored list could be a second one of the name.
    set_plan(lists, 0)
    lists.add_fault(method='POST', path=rf'^{BASE}$', status=500)
    lists.add_fault(method='GET', path=rf'^{BASE}$', status=500, skip=1, times=3)  # every read after the first
    outcome = run_module(
        shield_access_list.main,
        args(shield_zone_id=ZONE, name='office', type='cidr', entries=['198.51.100.0/24'], api_retries=0),
    )
    assert outcome.failed and outcome.result['changed'] is True
    assert [(call.method, call.status) for call in lists.writes] == [('DELETE', 200), ('POST', 500)]
    assert outcome.result['deleted_list']['description'] == OFFICE_DESCRIPTION
    assert 'its values are in deleted_list' in outcome.result['msg']


def test_blank_entries_are_refused_only_an_empty_list_empties(lists: Emulator, run_module: t.Any) -> None:
    refused = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='office', entries=['', '  ']))
    assert refused.failed and 'entries must not hold blank values (2 given)' in refused.result['msg']
    assert lists.sent == []
    emptied = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='office', entries=[]))
    assert emptied.result['changed'] is True
    assert (zone_lists(lists)[0]['content'], zone_lists(lists)[0]['entryCount']) == ('', 0)


def test_purge_false_keeps_its_entries_when_another_run_rewrote_the_list(lists: Emulator, run_module: t.Any) -> None:
    # Another run wrote what it had read before this run's write: this run's entry is gone at the re-read.
    def other_run_writes() -> None:
        content = '198.51.100.7\n203.0.113.77'
        body = {'content': content, 'checksum': sha(content)}
        lists.client().request('PATCH', f'{BASE}/9001', 'another run', json_body=body, idempotent=True)

    lists.meanwhile('PATCH', rf'^{BASE}/9001$', other_run_writes)
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='office', entries=['192.0.2.50'], purge=False)
    )
    assert outcome.result['changed'] is True
    assert sorted(zone_lists(lists)[0]['content'].splitlines()) == ['192.0.2.50', '198.51.100.7', '203.0.113.77']
    assert [call.method for call in lists.writes] == ['PATCH', 'PATCH']


def test_two_lists_created_at_once_are_reported(lists: Emulator, run_module: t.Any) -> None:
    def other_run_creates() -> None:  # another run's list of the same name, right after this run's
        content = '192.0.2.1'
        body = {'name': 'new', 'type': 0, 'description': '', 'content': content, 'checksum': sha(content)}
        lists.client().request('POST', BASE, 'another run', json_body=body)

    lists.meanwhile('POST', rf'^{BASE}$', other_run_creates)
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='new', type='ip', entries=['192.0.2.1'])
    )
    assert outcome.failed and outcome.result['changed'] is True
    ours, other = (item['id'] for item in zone_lists(lists)[2:])
    assert f'appeared while this one was created (id {other}; this run created id {ours})' in outcome.result['msg']
    assert outcome.result['failure']['error_key'] == 'access_list.duplicate'
    assert [call.method for call in lists.writes] == ['POST']


def test_a_type_change_in_check_mode(lists: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        shield_access_list.main,
        args(shield_zone_id=ZONE, name='office', description='Office'),
        check_mode=True,
        diff=True,
    )
    assert outcome.result['changed'] is True
    assert lists.writes == []
    assert outcome.result['diff']['after_header'] == 'recreate (the API cannot change description in place)'
    # Rewritten without the repeat.
    assert outcome.result['access_list']['action'] == 1 and outcome.result['access_list']['entryCount'] == 3


def test_carried_entries_must_suit_the_new_type(lists: Emulator, run_module: t.Any) -> None:
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='office', type='country'))
    assert outcome.failed
    assert (
        'the current entries of custom access list "office" (9001) of shield zone 3001 (give entries for the new type)'
        in outcome.result['msg']
    )
    assert lists.writes == []


def test_delete_without_reading_the_content_then_again_unchanged(lists: Emulator, run_module: t.Any) -> None:
    check = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='office', state='absent'), check_mode=True
    )
    assert check.result['changed'] is True and lists.writes == []
    first = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='office', state='absent'), diff=True)
    second = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='office', state='absent'))
    assert first.result['changed'] is True
    assert first.result['access_list'] == {}
    assert first.result['diff']['after'] == {} and first.result['diff']['before']['name'] == 'office'
    assert second.result['changed'] is False
    assert [(call.method, call.path) for call in lists.writes] == [('DELETE', f'{BASE}/9001')]
    assert detail_reads(lists) == []
    assert [item['name'] for item in zone_lists(lists)] == ['countries']


def test_absent_when_the_pull_zone_has_no_shield_zone(lists: Emulator, run_module: t.Any) -> None:
    absent = run_module(shield_access_list.main, args(pullzone_id=1003, name='office', state='absent'))
    assert absent.result['changed'] is False
    present = run_module(shield_access_list.main, args(pullzone_id=1003, name='office', type='ip'))
    assert present.failed
    assert present.result['msg'] == (
        'find shield zone of pull zone 1003 failed: pull zone 1003 has no shield zone '
        '(create one with edge.platform.shield_zone)'
    )


# ---- validation and limits ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    'list_type, entries, bad',
    [
        (
            'ip',
            ['192.0.2.1', '192.0.2.300', 'example.com', '2001:db8::g'],
            ['192.0.2.300', '2001:db8::g', 'example.com'],
        ),
        (
            'cidr',
            ['192.0.2.0/24', '192.0.2.1/24', '192.0.2.1', '2001:db8::/129'],
            ['192.0.2.1', '192.0.2.1/24', '2001:db8::/129'],
        ),
        ('asn', ['13335', 'AS15169', '-1', '0', '4294967296'], ['-1', '0', '4294967296', 'AS15169']),
        ('country', ['DE', 'fr', 'XX', 'GER', 'U5'], ['GER', 'U5', 'XX']),
    ],
)
def test_entries_are_validated_by_type_before_any_request(
    emulator: Emulator, run_module: t.Any, list_type: str, entries: list, bad: list
) -> None:
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='x', type=list_type, entries=entries))
    assert outcome.failed
    assert outcome.result['bad_entries'] == bad
    assert f'{len(bad)} entries are not valid for type {list_type}' in outcome.result['msg']
    assert all(f'"{entry}"' in outcome.result['msg'] for entry in bad)
    assert emulator.sent == []


def test_many_bad_entries_are_summarized(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='x', type='asn', entries=[f'AS{n}' for n in range(25)])
    )
    assert outcome.failed
    assert outcome.result['msg'].endswith(' and 15 more')


def test_entries_without_type_are_checked_against_the_current_type_before_writing(
    lists: Emulator, run_module: t.Any
) -> None:
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='countries', entries=['DE', 'Germany'])
    )
    assert outcome.failed
    assert outcome.result['bad_entries'] == ['Germany']
    assert lists.writes == []


@pytest.mark.parametrize(
    'extra, message',
    [
        ({'name': 'x', 'shield_zone_id': 0}, 'shield_zone_id must be a positive integer, got 0'),
        ({'name': ' ', 'shield_zone_id': ZONE}, 'name must not be empty'),
        ({'id': -2, 'shield_zone_id': ZONE}, 'id must be a positive integer, got -2'),
        ({'name': 'x'}, 'one of the following is required: shield_zone_id, pullzone_id, pullzone_name'),
        ({'shield_zone_id': ZONE}, 'one of the following is required: name, id'),
        ({'name': 'x', 'shield_zone_id': ZONE, 'pullzone_id': 1}, 'mutually exclusive'),
        ({'name': 'x', 'shield_zone_id': ZONE, 'action': 'deny'}, 'value of action must be one of'),
    ],
)
def test_bad_options_are_refused_before_any_request(
    emulator: Emulator, run_module: t.Any, extra: dict, message: str
) -> None:
    outcome = run_module(shield_access_list.main, args(**extra))
    assert outcome.failed
    assert message in outcome.result['msg']
    assert emulator.sent == []


def test_type_is_required_to_create(lists: Emulator, run_module: t.Any) -> None:
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='new', entries=['192.0.2.1']))
    assert outcome.failed
    assert outcome.result['msg'] == 'type is required to create custom access list "new" of shield zone 3001'
    assert lists.writes == []


def test_the_list_limit(lists: Emulator, run_module: t.Any) -> None:
    set_plan(lists, 0)  # Basic: at most 2 custom lists
    outcome = run_module(
        shield_access_list.main,
        args(shield_zone_id=ZONE, name='third', type='ip', entries=['192.0.2.1']),
        check_mode=True,
    )
    assert outcome.failed
    assert outcome.result['msg'] == (
        'create custom access list "third" of shield zone 3001 failed: '
        'shield zone 3001 already has 2 custom access lists, its customListLimit is 2'
    )
    assert outcome.result['failure']['error_key'] == 'customListLimit'
    assert lists.writes == []


def test_the_entry_limit(lists: Emulator, run_module: t.Any) -> None:
    set_plan(lists, 0)  # Basic: at most 1,000 custom entries
    outcome = run_module(
        shield_access_list.main,
        args(shield_zone_id=ZONE, name='office', entries=[f'2001:db8::{n:x}' for n in range(1, 1000)]),
    )
    assert outcome.failed
    assert outcome.result['msg'] == (
        'update custom access list "office" (9001) of shield zone 3001 failed: 1001 custom entries would exceed '
        'the customEntryLimit of 1000 of shield zone 3001 (999 in this list, 2 in the others)'
    )
    assert lists.writes == []
    fits = run_module(
        shield_access_list.main,
        args(shield_zone_id=ZONE, name='office', entries=[f'2001:db8::{n:x}' for n in range(1, 999)]),
    )
    assert fits.result['changed'] is True
    assert zone_lists(lists)[0]['entryCount'] == 998


def test_several_lists_with_the_name(lists: Emulator, run_module: t.Any) -> None:
    body = {'name': 'office', 'type': 0, 'description': '', 'content': '192.0.2.1', 'checksum': sha('192.0.2.1')}
    lists.client().request('POST', BASE, 'create a second list named office', json_body=body)
    second = zone_lists(lists)[-1]['id']
    lists.forget_requests()
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='office', entries=['192.0.2.1']))
    assert outcome.failed
    assert f'2 custom access lists are named "office" (ids 9001, {second}); give id' in outcome.result['msg']
    assert lists.writes == []


def test_an_unknown_id(lists: Emulator, run_module: t.Any) -> None:
    present = run_module(shield_access_list.main, args(shield_zone_id=ZONE, id=4242, entries=['192.0.2.1']))
    assert present.failed
    assert 'shield zone 3001 has no custom access list with id 4242' in present.result['msg']
    absent = run_module(shield_access_list.main, args(shield_zone_id=ZONE, id=4242, state='absent'))
    assert absent.result['changed'] is False


def test_api_errors_carry_the_shield_error_key(lists: Emulator, run_module: t.Any) -> None:
    lists.add_fault(method='PATCH', path=rf'^{BASE}/9001$', status=400)
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='office', entries=['192.0.2.1']))
    assert outcome.failed
    assert outcome.result['msg'] == (
        'update custom access list "office" (9001) of shield zone 3001 failed: '
        'HTTP 400 invalid_request: The request is invalid.'
    )
    outcome = run_module(shield_access_list.main, args(shield_zone_id=77, name='office'))
    assert outcome.result['msg'] == (
        'list access lists of shield zone 77 failed: HTTP 404 shield_zone.not_found: Shield Zone 77 was not found.'
    )


def test_a_failed_delete_answer_is_a_failure(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator never answers a DELETE 200 with success false.
    overview = {
        'managedLists': [],
        'customLists': [
            {
                'listId': 9001,
                'configurationId': 60001,
                'name': 'office',
                'description': '',
                'isEnabled': True,
                'type': 0,
                'action': 1,
                'entryCount': 1,
                'lastUpdated': '2026-11-01T00:00:00Z',
            }
        ],
        'customEntryCount': 1,
        'customEntryLimit': 20000,
        'customListCount': 1,
        'customListLimit': 10,
    }
    fake_api.add('GET', rf'^{BASE}$', overview)
    fake_api.add(
        'DELETE',
        rf'^{BASE}/9001$',
        {'statusCode': 409, 'success': False, 'message': 'in use', 'errorKey': 'access_list.in_use'},
    )
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='office', state='absent'))
    assert outcome.failed
    assert (
        outcome.result['msg']
        == 'delete custom access list "office" (9001) of shield zone 3001 failed: HTTP 409 access_list.in_use: in use'
    )


def test_ten_thousand_entries_unchanged_on_rerun(lists: Emulator, run_module: t.Any) -> None:
    entries = [f'2001:db8::{n}' for n in range(10000)]  # within the Advanced plan's 20,000
    created = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='big', type='ip', entries=entries))
    assert created.result['changed'] is True and created.result['access_list']['entryCount'] == 10000
    big = zone_lists(lists)[-1]
    assert (big['name'], big['entryCount']) == ('big', 10000)
    lists.forget_requests()
    rerun = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='big', type='ip', entries=list(reversed(entries)))
    )
    assert rerun.result['changed'] is False
    assert lists.writes == []
    assert [call.path for call in lists.sent] == [BASE, f"{BASE}/{big['id']}"]


def test_a_managed_list_of_the_same_name_is_not_taken_for_the_custom_list(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator's managed lists never share a name with a custom list.
    managed = {'listId': 101, 'configurationId': 50101, 'name': 'office', 'isEnabled': True, 'type': 1, 'action': 4}
    custom = {
        'listId': 9001,
        'configurationId': 60001,
        'name': 'office',
        'description': '',
        'isEnabled': True,
        'type': 0,
        'action': 1,
        'entryCount': 1,
        'lastUpdated': '2026-11-01T00:00:00Z',
    }
    overview = {
        'managedLists': [managed],
        'customLists': [custom],
        'customEntryCount': 1,
        'customEntryLimit': 20000,
        'customListCount': 1,
        'customListLimit': 10,
    }
    record = {'id': 9001, 'name': 'office', 'description': '', 'type': 0, 'content': '192.0.2.1'}
    fake_api.add('GET', rf'^{BASE}$', overview)
    fake_api.add('GET', rf'^{BASE}/9001$', {'data': dict(record, checksum=sha('192.0.2.1'), entryCount=1)})
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='office', entries=['192.0.2.1'], action='allow')
    )
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is False and outcome.result['access_list']['id'] == 9001
    assert fake_api.writes == []
