# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""shield_access_list: entries as a set, checksums, purge, recreate on type change, limits, validation, check mode,
diff."""

from __future__ import annotations

import hashlib
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import shield_access_list
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, FakeApi, FakeResponse

OK = {'success': True, 'message': '', 'errorKey': ''}
ZONE = 3001
BASE = f'/shield/shield-zone/{ZONE}/access-lists'


def envelope(data: t.Any) -> dict[str, t.Any]:
    return {'data': data, 'error': OK}


def failure(status: int, key: str, message: str) -> FakeResponse:
    return FakeResponse(status, {'data': None, 'error': {'success': False, 'message': message, 'errorKey': key}})


def sha(content: str) -> str:
    return hashlib.sha256(content.encode('utf-8')).hexdigest()


class FakeLists:
    """Custom access lists of shield zone 3001 (pull zone 1001) behind the fake API; pull zone 1003 has no zone."""

    def __init__(self, api: FakeApi) -> None:
        self.api = api
        self.list_limit = 5
        self.entry_limit = 100
        self.next_id = 9100
        # Written elsewhere: unsorted, padded, repeated.
        office = '198.51.100.9\n\n 198.51.100.7 \n2001:db8::1\n198.51.100.7\n'
        self.lists: dict[int, dict[str, t.Any]] = {
            9001: self.record(9001, 'office', 'Office egress', 0, office, action=1, enabled=True),
            9002: self.record(9002, 'countries', '', 3, 'RU\nKP', action=2, enabled=True),
        }
        api.add(
            'GET', r'^/shield/shield-zone/get-by-pullzone/1001$', envelope({'shieldZoneId': ZONE, 'pullZoneId': 1001})
        )
        api.add('GET', r'^/shield/shield-zone/get-by-pullzone/1003$', failure(404, 'shield_zone.not_found', 'none'))
        api.add('GET', rf'^{BASE}$', lambda call: self.overview())
        api.add('POST', rf'^{BASE}$', self.create)
        api.add('GET', rf'^{BASE}/\d+$', lambda call: envelope(self.view(self.lists[int(call.path.rsplit('/', 1)[1])])))
        api.add('PATCH', rf'^{BASE}/\d+$', self.patch)
        api.add('DELETE', rf'^{BASE}/\d+$', self.delete)
        api.add('PATCH', rf'^{BASE}/configurations/\d+$', self.configure)

    @staticmethod
    def record(
        list_id: int, name: str, description: str, list_type: int, content: str, action: int = 0, enabled: bool = True
    ) -> dict[str, t.Any]:
        return {
            'id': list_id,
            'name': name,
            'description': description,
            'type': list_type,
            'content': content,
            'checksum': sha(content),
            'entryCount': len([line for line in content.splitlines() if line.strip()]),
            'lastModified': '2026-11-01T00:00:00Z',
            'action': action,
            'isEnabled': enabled,
            'configurationId': list_id + 50000,
        }

    @staticmethod
    def view(record: dict[str, t.Any]) -> dict[str, t.Any]:
        return {
            key: record[key]
            for key in ('id', 'name', 'description', 'type', 'content', 'checksum', 'entryCount', 'lastModified')
        }

    def overview(self) -> dict[str, t.Any]:
        return {
            'managedLists': [
                {
                    'listId': 101,
                    'configurationId': 50101,
                    'name': 'office',
                    'isEnabled': True,
                    'type': 1,
                    'action': 4,
                    'entryCount': 5000,
                    'lastUpdated': '2026-11-01T00:00:00Z',
                }
            ],
            'customLists': [
                {
                    'listId': r['id'],
                    'configurationId': r['configurationId'],
                    'name': r['name'],
                    'description': r['description'],
                    'isEnabled': r['isEnabled'],
                    'type': r['type'],
                    'action': r['action'],
                    'entryCount': r['entryCount'],
                    'lastUpdated': r['lastModified'],
                }
                for r in self.lists.values()
            ],
            'customEntryCount': sum(r['entryCount'] for r in self.lists.values()),
            'customEntryLimit': self.entry_limit,
            'customListCount': len(self.lists),
            'customListLimit': self.list_limit,
        }

    def create(self, call: t.Any) -> t.Any:
        body = call.json
        assert body['checksum'] == sha(body['content'])
        self.next_id += 1
        record = self.record(self.next_id, body['name'], body.get('description', ''), body['type'], body['content'])
        record['lastModified'] = '2026-11-22T00:00:00Z'
        self.lists[record['id']] = record
        return envelope(self.view(record))

    def patch(self, call: t.Any) -> t.Any:
        record = self.lists[int(call.path.rsplit('/', 1)[1])]
        if 'content' in call.json:
            if call.json['checksum'] != sha(call.json['content']):
                return failure(400, 'access_list.checksum_mismatch', 'The checksum does not match the content.')
            fresh = self.record(record['id'], record['name'], '', 0, call.json['content'])
            record.update(content=fresh['content'], checksum=fresh['checksum'], entryCount=fresh['entryCount'])
        if 'name' in call.json:
            record['name'] = call.json['name']
        record['lastModified'] = '2026-11-22T00:00:00Z'
        return envelope(self.view(record))

    def delete(self, call: t.Any) -> t.Any:
        del self.lists[int(call.path.rsplit('/', 1)[1])]
        return {'statusCode': 200, 'success': True, 'message': 'deleted', 'errorKey': ''}

    def configure(self, call: t.Any) -> t.Any:
        configuration = int(call.path.rsplit('/', 1)[1])
        record = next(r for r in self.lists.values() if r['configurationId'] == configuration)
        record.update({'action' if key == 'action' else 'isEnabled': value for key, value in call.json.items()})
        return envelope({'isEnabled': record['isEnabled'], 'action': record['action']})


@pytest.fixture
def lists(fake_api: FakeApi) -> FakeLists:
    return FakeLists(fake_api)


def args(**extra: t.Any) -> dict[str, t.Any]:
    return dict(COMMON_ARGS, **extra)


def detail_reads(api: FakeApi) -> list[str]:
    return [call.path for call in api.calls if call.method == 'GET' and call.path.startswith(f'{BASE}/')]


# ---- entries as a set ------------------------------------------------------------------------------------------


def test_same_set_in_another_order_is_unchanged_with_one_read_of_the_content(
    fake_api: FakeApi, lists: FakeLists, run_module: t.Any
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
    assert fake_api.writes == []
    assert detail_reads(fake_api) == [f'{BASE}/9001']
    assert [call.path for call in fake_api.calls] == [BASE, f'{BASE}/9001']
    assert outcome.result['access_list'] == {
        'id': 9001,
        'name': 'office',
        'description': 'Office egress',
        'type': 0,
        'checksum': lists.lists[9001]['checksum'],
        'entryCount': 4,
        'lastModified': '2026-11-01T00:00:00Z',
        'action': 1,
        'isEnabled': True,
        'enabled': True,
        'configurationId': 59001,
        'shieldZoneId': ZONE,
    }
    assert outcome.result['diff']['before'] == outcome.result['diff']['after']
    assert outcome.result['diff']['before']['entries'] == []
    # entryCount is the API's: it counts the repeated line the list was written with elsewhere.


def test_new_entries_are_written_sorted_with_the_checksum_of_exactly_that_content(
    fake_api: FakeApi, lists: FakeLists, run_module: t.Any
) -> None:
    outcome = run_module(
        shield_access_list.main,
        args(
            shield_zone_id=ZONE,
            name='office',
            entries=['198.51.100.9', '2001:db8::1', '198.51.100.20\n198.51.100.3'],
        ),
        diff=True,
    )
    assert outcome.result['changed'] is True
    assert [(call.method, call.path) for call in fake_api.writes] == [('PATCH', f'{BASE}/9001')]
    body = fake_api.writes[0].json
    assert body == {
        'content': '198.51.100.20\n198.51.100.3\n198.51.100.9\n2001:db8::1',
        'checksum': sha('198.51.100.20\n198.51.100.3\n198.51.100.9\n2001:db8::1'),
    }
    diff = outcome.result['diff']
    assert diff['before']['entries'] == ['198.51.100.7']
    assert diff['after']['entries'] == ['198.51.100.20', '198.51.100.3']
    assert (diff['before']['entry_count'], diff['after']['entry_count']) == (4, 4)
    assert outcome.result['access_list']['checksum'] == body['checksum']
    assert outcome.result['access_list']['entryCount'] == 4
    assert 'content' not in outcome.result['access_list']


def test_purge_false_only_adds_missing_entries(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
    outcome = run_module(
        shield_access_list.main,
        args(shield_zone_id=ZONE, name='office', entries=['198.51.100.7', '192.0.2.1'], purge=False),
        diff=True,
    )
    assert outcome.result['changed'] is True
    assert fake_api.writes[0].json['content'] == '192.0.2.1\n198.51.100.7\n198.51.100.9\n2001:db8::1'
    assert outcome.result['diff']['before']['entries'] == []
    assert outcome.result['diff']['after']['entries'] == ['192.0.2.1']
    again = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='office', entries=['192.0.2.1'], purge=False)
    )
    assert again.result['changed'] is False
    assert len(fake_api.writes) == 1


def test_update_in_check_mode_predicts_and_sends_no_write(
    fake_api: FakeApi, lists: FakeLists, run_module: t.Any
) -> None:
    outcome = run_module(
        shield_access_list.main,
        args(shield_zone_id=ZONE, name='office', entries=['192.0.2.1'], action='block'),
        check_mode=True,
        diff=True,
    )
    assert outcome.result['changed'] is True
    assert fake_api.writes == []
    result = outcome.result['access_list']
    assert (result['entryCount'], result['checksum'], result['action']) == (1, sha('192.0.2.1'), 2)
    assert outcome.result['diff']['after']['entries'] == ['192.0.2.1']
    assert outcome.result['diff']['before']['entries'] == ['198.51.100.7', '198.51.100.9', '2001:db8::1']


def test_action_and_enabled_through_the_configuration(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
    outcome = run_module(
        shield_access_list.main, args(pullzone_id=1001, name='countries', action='challenge', enabled=False)
    )
    assert outcome.result['changed'] is True
    assert [(call.method, call.path, call.json) for call in fake_api.writes] == [
        ('PATCH', f'{BASE}/configurations/59002', {'action': 3, 'isEnabled': False}),
    ]
    assert (outcome.result['access_list']['action'], outcome.result['access_list']['isEnabled']) == (3, False)


def test_return_content(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='countries', return_content=True))
    assert outcome.result['access_list']['content'] == 'RU\nKP'
    changed = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='countries', entries=['de'], return_content=True)
    )
    assert changed.result['access_list']['content'] == 'DE'


def test_country_codes_are_written_in_upper_case(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='countries', entries=['kp', 'ru']))
    assert outcome.result['changed'] is False
    assert fake_api.writes == []


def test_rename_by_id(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, id=9002, name='geo-block'))
    assert [(call.method, call.json) for call in fake_api.writes] == [('PATCH', {'name': 'geo-block'})]
    assert outcome.result['access_list']['name'] == 'geo-block'


# ---- create, recreate, delete --------------------------------------------------------------------------------------


def test_create_then_configure_then_rerun_unchanged(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
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
    assert [(call.method, call.path) for call in fake_api.writes] == [
        ('POST', BASE),
        ('PATCH', f'{BASE}/configurations/59101'),
    ]
    assert fake_api.writes[0].json == {
        'name': 'partners',
        'type': 1,
        'description': 'Partner networks',
        'content': '192.0.2.0/25\n203.0.113.0/24',
        'checksum': sha('192.0.2.0/25\n203.0.113.0/24'),
    }
    assert fake_api.writes[1].json == {'action': 5, 'isEnabled': False}
    assert outcome.result['access_list']['id'] == 9101
    assert outcome.result['diff']['before'] == {}
    assert outcome.result['diff']['after']['entries'] == ['192.0.2.0/25', '203.0.113.0/24']
    assert outcome.result['diff']['after_header'] == 'create'
    rerun = run_module(shield_access_list.main, wanted)
    assert rerun.result['changed'] is False
    assert len(fake_api.writes) == 2


def test_create_in_check_mode(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='new', type='asn', entries=['13335']), check_mode=True
    )
    assert outcome.result['changed'] is True
    assert fake_api.writes == []
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


def test_a_type_change_replaces_the_list_before_deleting_it(
    fake_api: FakeApi, lists: FakeLists, run_module: t.Any
) -> None:
    outcome = run_module(
        shield_access_list.main,
        args(shield_zone_id=ZONE, name='office', type='cidr', entries=['198.51.100.0/24']),
        diff=True,
    )
    assert outcome.result['changed'] is True
    assert [(call.method, call.path) for call in fake_api.writes] == [
        ('POST', BASE),
        ('PATCH', f'{BASE}/configurations/59101'),
        ('DELETE', f'{BASE}/9001'),
        ('PATCH', f'{BASE}/9101'),
    ]
    assert fake_api.writes[0].json['name'] == 'office (replacing list 9001)'
    assert fake_api.writes[0].json['description'] == 'Office egress'  # carried over
    assert fake_api.writes[1].json == {'action': 1}  # the new list is enabled already
    assert fake_api.writes[3].json == {'name': 'office'}
    assert outcome.result['diff']['after_header'] == 'recreate (the API cannot change type in place)'
    assert (outcome.result['diff']['before']['type'], outcome.result['diff']['after']['type']) == ('ip', 'cidr')
    assert outcome.result['access_list']['action'] == 1 and outcome.result['access_list']['name'] == 'office'
    assert [(r['name'], r['type'], r['description'], r['action']) for r in lists.lists.values()] == [
        ('countries', 3, '', 2),
        ('office', 1, 'Office egress', 1),
    ]


@pytest.mark.parametrize(
    'failing',
    [
        ('PATCH', rf'^{BASE}/configurations/\d+$'),  # the new list's settings
        ('DELETE', rf'^{BASE}/9001$'),  # the old list
        ('PATCH', rf'^{BASE}/9101$'),  # the rename
    ],
)
def test_a_replacement_that_fails_half_way_is_finished_by_the_rerun(
    fake_api: FakeApi, lists: FakeLists, run_module: t.Any, failing: tuple
) -> None:
    fake_api.add(failing[0], failing[1], failure(500, 'internal', 'boom'))
    wanted = args(shield_zone_id=ZONE, name='office', type='cidr', entries=['198.51.100.0/24'], api_retries=0)
    first = run_module(shield_access_list.main, wanted)
    assert first.failed and first.result['changed'] is True  # the new list was created: something changed
    fake_api.routes.pop(0)
    second = run_module(shield_access_list.main, wanted)
    assert not second.failed, second.result
    third = run_module(shield_access_list.main, wanted)
    assert third.result['changed'] is False
    assert [(r['name'], r['type'], r['description'], r['action'], r['content']) for r in lists.lists.values()] == [
        ('countries', 3, '', 2, 'RU\nKP'),
        ('office', 1, 'Office egress', 1, '198.51.100.0/24'),
    ]


def test_a_failed_first_write_of_a_replacement_changes_nothing(
    fake_api: FakeApi, lists: FakeLists, run_module: t.Any
) -> None:
    fake_api.add('POST', rf'^{BASE}$', failure(400, 'access_list.invalid', 'no'))
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='office', type='cidr', entries=['198.51.100.0/24'])
    )
    assert outcome.failed and outcome.result['changed'] is False
    assert [r['name'] for r in lists.lists.values()] == ['office', 'countries']


def test_without_room_for_two_lists_the_old_one_goes_first_and_a_failure_says_what_it_held(
    fake_api: FakeApi,
    lists: FakeLists,
    run_module: t.Any,
) -> None:
    lists.list_limit = 2
    fake_api.add('POST', rf'^{BASE}$', failure(503, 'unavailable', 'down'))
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='office', description='Office', api_retries=0)
    )
    assert outcome.failed and outcome.result['changed'] is True
    assert 'the old list was deleted first' in outcome.result['msg']
    assert outcome.result['deleted_list'] == {
        'name': 'office',
        'type': 'ip',
        'description': 'Office egress',
        'action': 'allow',
        'enabled': True,
        'entries': ['198.51.100.7', '198.51.100.9', '2001:db8::1'],
    }


def test_blank_entries_are_refused_only_an_empty_list_empties(
    fake_api: FakeApi, lists: FakeLists, run_module: t.Any
) -> None:
    refused = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='office', entries=['', '  ']))
    assert refused.failed and 'entries must not hold blank values (2 given)' in refused.result['msg']
    assert fake_api.calls == []
    emptied = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='office', entries=[]))
    assert emptied.result['changed'] is True and lists.lists[9001]['entryCount'] == 0


def test_purge_false_keeps_its_entries_when_another_run_rewrote_the_list(
    fake_api: FakeApi, lists: FakeLists, run_module: t.Any
) -> None:
    # Another run wrote what it had read before this run's write: this run's entry is gone at the re-read.
    def concurrent_patch(call: t.Any) -> t.Any:
        answer = lists.patch(call)
        lists.lists[9001].update(
            content='198.51.100.7\n203.0.113.77', checksum=sha('198.51.100.7\n203.0.113.77'), entryCount=2
        )
        return answer

    fake_api.add('PATCH', rf'^{BASE}/9001$', concurrent_patch, lists.patch)
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='office', entries=['192.0.2.50'], purge=False)
    )
    assert outcome.result['changed'] is True
    assert sorted(lists.lists[9001]['content'].splitlines()) == ['192.0.2.50', '198.51.100.7', '203.0.113.77']
    assert [call.method for call in fake_api.writes] == ['PATCH', 'PATCH']


def test_two_lists_created_at_once_are_reported(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
    def concurrent_create(call: t.Any) -> t.Any:
        lists.create(call)  # another run's list of the same name
        return lists.create(call)

    fake_api.add('POST', rf'^{BASE}$', concurrent_create)
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='new', type='ip', entries=['192.0.2.1'])
    )
    assert outcome.failed and outcome.result['changed'] is True
    assert 'appeared while this one was created (id 9101; this run created id 9102)' in outcome.result['msg']
    assert outcome.result['failure']['error_key'] == 'access_list.duplicate'


def test_a_type_change_in_check_mode(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
    outcome = run_module(
        shield_access_list.main,
        args(shield_zone_id=ZONE, name='office', description='Office'),
        check_mode=True,
        diff=True,
    )
    assert outcome.result['changed'] is True
    assert fake_api.writes == []
    assert outcome.result['diff']['after_header'] == 'recreate (the API cannot change description in place)'
    # Rewritten without the repeat.
    assert outcome.result['access_list']['action'] == 1 and outcome.result['access_list']['entryCount'] == 3


def test_carried_entries_must_suit_the_new_type(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='office', type='country'))
    assert outcome.failed
    assert (
        'the current entries of custom access list "office" (9001) of shield zone 3001 (give entries for the new type)'
        in outcome.result['msg']
    )
    assert fake_api.writes == []


def test_delete_without_reading_the_content_then_again_unchanged(
    fake_api: FakeApi, lists: FakeLists, run_module: t.Any
) -> None:
    check = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='office', state='absent'), check_mode=True
    )
    assert check.result['changed'] is True and fake_api.writes == []
    first = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='office', state='absent'), diff=True)
    second = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='office', state='absent'))
    assert first.result['changed'] is True
    assert first.result['access_list'] == {}
    assert first.result['diff']['after'] == {} and first.result['diff']['before']['name'] == 'office'
    assert second.result['changed'] is False
    assert [(call.method, call.path) for call in fake_api.writes] == [('DELETE', f'{BASE}/9001')]
    assert detail_reads(fake_api) == []


def test_absent_when_the_pull_zone_has_no_shield_zone(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
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
    fake_api: FakeApi, run_module: t.Any, list_type: str, entries: list, bad: list
) -> None:
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='x', type=list_type, entries=entries))
    assert outcome.failed
    assert outcome.result['bad_entries'] == bad
    assert f'{len(bad)} entries are not valid for type {list_type}' in outcome.result['msg']
    assert all(f'"{entry}"' in outcome.result['msg'] for entry in bad)
    assert fake_api.calls == []


def test_many_bad_entries_are_summarized(fake_api: FakeApi, run_module: t.Any) -> None:
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='x', type='asn', entries=[f'AS{n}' for n in range(25)])
    )
    assert outcome.failed
    assert outcome.result['msg'].endswith(' and 15 more')


def test_entries_without_type_are_checked_against_the_current_type_before_writing(
    fake_api: FakeApi, lists: FakeLists, run_module: t.Any
) -> None:
    outcome = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='countries', entries=['DE', 'Germany'])
    )
    assert outcome.failed
    assert outcome.result['bad_entries'] == ['Germany']
    assert fake_api.writes == []


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
    fake_api: FakeApi, run_module: t.Any, extra: dict, message: str
) -> None:
    outcome = run_module(shield_access_list.main, args(**extra))
    assert outcome.failed
    assert message in outcome.result['msg']
    assert fake_api.calls == []


def test_type_is_required_to_create(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='new', entries=['192.0.2.1']))
    assert outcome.failed
    assert outcome.result['msg'] == 'type is required to create custom access list "new" of shield zone 3001'
    assert fake_api.writes == []


def test_the_list_limit(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
    lists.list_limit = 2
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
    assert fake_api.writes == []


def test_the_entry_limit(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
    lists.entry_limit = 10
    outcome = run_module(
        shield_access_list.main,
        args(shield_zone_id=ZONE, name='office', entries=[f'192.0.2.{n}' for n in range(1, 10)]),
    )
    assert outcome.failed
    assert outcome.result['msg'] == (
        'update custom access list "office" (9001) of shield zone 3001 failed: 11 custom entries would exceed '
        'the customEntryLimit of 10 of shield zone 3001 (9 in this list, 2 in the others)'
    )
    assert fake_api.writes == []
    fits = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='office', entries=[f'192.0.2.{n}' for n in range(1, 9)])
    )
    assert fits.result['changed'] is True


def test_several_lists_with_the_name(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
    lists.lists[9003] = lists.record(9003, 'office', '', 0, '192.0.2.1')
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='office', entries=['192.0.2.1']))
    assert outcome.failed
    assert '2 custom access lists are named "office" (ids 9001, 9003); give id' in outcome.result['msg']


def test_an_unknown_id(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
    present = run_module(shield_access_list.main, args(shield_zone_id=ZONE, id=4242, entries=['192.0.2.1']))
    assert present.failed
    assert 'shield zone 3001 has no custom access list with id 4242' in present.result['msg']
    absent = run_module(shield_access_list.main, args(shield_zone_id=ZONE, id=4242, state='absent'))
    assert absent.result['changed'] is False


def test_api_errors_carry_the_shield_error_key(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
    fake_api.add(
        'PATCH',
        rf'^{BASE}/9001$',
        failure(400, 'access_list.checksum_mismatch', 'The checksum does not match the content.'),
    )
    outcome = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='office', entries=['192.0.2.1']))
    assert outcome.failed
    assert outcome.result['msg'] == (
        'update custom access list "office" (9001) of shield zone 3001 failed: '
        'HTTP 400 access_list.checksum_mismatch: The checksum does not match the content.'
    )
    missing_zone = failure(404, 'shield_zone.not_found', 'Shield Zone 77 was not found.')
    fake_api.add('GET', r'^/shield/shield-zone/77/access-lists$', missing_zone)
    outcome = run_module(shield_access_list.main, args(shield_zone_id=77, name='office'))
    assert (
        outcome.result['msg']
        == 'list access lists of shield zone 77 failed: HTTP 404 shield_zone.not_found: Shield Zone 77 was not found.'
    )


def test_a_failed_delete_answer_is_a_failure(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
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


def test_ten_thousand_entries_unchanged_on_rerun(fake_api: FakeApi, lists: FakeLists, run_module: t.Any) -> None:
    lists.entry_limit = 20000
    entries = [f'2001:db8::{n}' for n in range(10000)]
    created = run_module(shield_access_list.main, args(shield_zone_id=ZONE, name='big', type='ip', entries=entries))
    assert created.result['changed'] is True and created.result['access_list']['entryCount'] == 10000
    fake_api.calls.clear()
    rerun = run_module(
        shield_access_list.main, args(shield_zone_id=ZONE, name='big', type='ip', entries=list(reversed(entries)))
    )
    assert rerun.result['changed'] is False
    assert fake_api.writes == []
    assert [call.path for call in fake_api.calls] == [BASE, f'{BASE}/9101']
