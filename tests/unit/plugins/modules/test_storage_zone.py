# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import json
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.modules import storage_zone
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator, FakeApi, FakeResponse

# The seed: 7001 video-004-files (DE, replicated to NY, Rewrite404To200, /404.html) is the origin of pull zone 1005
# video-004; 7002 archive-files (NY, Edge tier) is used by no pull zone.
SITE, ARCHIVE = 7001, 7002


def args(**extra: t.Any) -> dict[str, t.Any]:
    return dict(COMMON_ARGS, **extra)


def new_zone(**extra: t.Any) -> dict[str, t.Any]:
    """A storage zone the seed does not have, with an option of each kind."""
    return args(
        **dict(
            dict(
                name='site-files',
                region='de',
                replication_regions=['SG', 'ny', 'NY'],
                custom_404_file_path='/404.html',
                rewrite_404_to_200=True,
                origin_url='https://origin.example.com',
            ),
            **extra,
        )
    )


def zones_named(emulator: Emulator, name: str) -> list[dict[str, t.Any]]:
    return [item for item in emulator.snapshot()['storage_zones'] if item['Name'] == name]


def sent(emulator: Emulator) -> list[tuple[str, str]]:
    return [(call.method, call.path) for call in emulator.sent]


def passwords(emulator: Emulator) -> list[str]:
    """Every password of every storage zone the emulator has."""
    return [zone[key] for zone in emulator.snapshot()['storage_zones'] for key in ('Password', 'ReadOnlyPassword')]


def assert_no_password(result: dict[str, t.Any], emulator: Emulator) -> None:
    text = json.dumps(result)
    for secret in passwords(emulator):
        assert secret not in text


# ---- input -----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ('extra', 'message'),
    [
        ({'name': 'site_files'}, "name 'site_files' must be 1 to 63 letters, digits and dashes"),
        ({'name': 'x' * 64}, 'must be 1 to 63 letters, digits and dashes'),
        ({'name': None, 'id': 0}, 'id must be a positive integer, got 0'),
        ({'id': 7001}, 'parameters are mutually exclusive: name|id'),
        ({'name': None}, 'one of the following is required: name, id'),
        ({'region': 'D E'}, "region 'D E' must be a region code"),
        ({'replication_regions': ['NY', '7']}, "replication_regions '7' must be a region code"),
        ({'replication_regions': ['NY', ' ']}, 'replication_regions must not hold empty items'),
        ({'replication_regions': ['DE']}, 'replication_regions must not hold the main region DE'),
        ({'custom_404_file_path': '/404\x07.html'}, 'control character U+0007'),
        ({'origin_url': 'ftp://origin.example.com'}, "origin_url 'ftp://origin.example.com' must be an http://"),
        ({'tier': 'ssd'}, 'value of tier must be one of: standard, edge'),
    ],
)
def test_bad_input_is_refused_before_any_request(
    emulator: Emulator, run_module: t.Any, extra: dict[str, t.Any], message: str
) -> None:
    given = {key: value for key, value in new_zone(**extra).items() if value is not None}
    outcome = run_module(storage_zone.main, given)
    assert outcome.failed
    assert message in outcome.result['msg'], outcome.result['msg']
    assert emulator.sent == []


# ---- create ----------------------------------------------------------------------------------------------------------


def test_create_sends_the_create_then_the_settings_and_returns_the_zone(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(storage_zone.main, new_zone(), diff=True)
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    [created] = zones_named(emulator, 'site-files')
    assert sent(emulator) == [
        ('GET', '/storagezone'),
        ('GET', '/storagezone/regions'),
        ('POST', '/storagezone'),
        ('POST', f"/storagezone/{created['Id']}"),
        ('GET', f"/storagezone/{created['Id']}"),
    ]
    assert emulator.sent[0].params == {'perPage': '1000', 'search': 'site-files', 'page': '1'}
    create, update = emulator.writes
    assert create.json == {'Name': 'site-files', 'Region': 'DE', 'ReplicationRegions': ['NY', 'SG'], 'ZoneTier': 0}
    assert update.json == {
        'Custom404FilePath': '/404.html',
        'Rewrite404To200': True,
        'OriginUrl': 'https://origin.example.com',
    }
    assert (created['Region'], sorted(created['ReplicationRegions']), created['ZoneTier']) == ('DE', ['NY', 'SG'], 0)
    assert (created['Custom404FilePath'], created['Rewrite404To200'], created['OriginUrl']) == (
        '/404.html',
        True,
        'https://origin.example.com',
    )
    returned = outcome.result['storage_zone']
    assert returned['Id'] == created['Id'] and returned['StorageHostname'] == created['StorageHostname']
    assert returned['Password'] == returned['ReadOnlyPassword'] == '********'
    assert outcome.result['diff'] == {
        'before': {},
        'after': {
            'name': 'site-files',
            'region': 'DE',
            'tier': 'standard',
            'replication_regions': ['NY', 'SG'],
            'rewrite_404_to_200': True,
            'custom_404_file_path': '/404.html',
            'origin_url': 'https://origin.example.com',
        },
        'before_header': 'storage zone site-files',
        'after_header': 'create',
    }
    assert_no_password(outcome.result, emulator)


def test_create_in_check_mode_predicts_the_real_run_and_sends_no_write(emulator: Emulator, run_module: t.Any) -> None:
    checked = run_module(storage_zone.main, new_zone(tier='edge'), check_mode=True, diff=True)
    assert checked.result['changed'] is True
    assert emulator.writes == [] and zones_named(emulator, 'site-files') == []
    predicted = checked.result['storage_zone']
    assert predicted['Id'] is None and predicted['PullZones'] == [] and predicted['Password'] == '********'
    assert (predicted['Region'], predicted['ReplicationRegions'], predicted['ZoneTier']) == ('DE', ['NY', 'SG'], 1)
    real = run_module(storage_zone.main, new_zone(tier='edge'), diff=True)
    assert real.result['diff'] == checked.result['diff']
    assert set(real.result['storage_zone']) == set(predicted)
    made = real.result['storage_zone']
    for key in ('Name', 'Region', 'ZoneTier', 'Custom404FilePath', 'Rewrite404To200', 'OriginUrl', 'PullZones'):
        assert made[key] == predicted[key], key
    assert sorted(made['ReplicationRegions']) == predicted['ReplicationRegions']


def test_rerun_is_unchanged_and_reads_once(emulator: Emulator, run_module: t.Any) -> None:
    run_module(storage_zone.main, new_zone())
    emulator.forget_requests()
    again = run_module(storage_zone.main, new_zone(replication_regions=['sg', 'NY'], region='DE'), diff=True)
    assert again.result['changed'] is False
    assert sent(emulator) == [('GET', '/storagezone')]
    assert again.result['diff']['before'] == again.result['diff']['after']


def test_create_without_settings_is_one_write(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(storage_zone.main, args(name='bare-files', region='NY'))
    assert [(call.method, call.path) for call in emulator.writes] == [('POST', '/storagezone')]
    assert outcome.result['storage_zone']['Id'] == emulator.writes[0].answer_json['Id']
    assert outcome.result['storage_zone']['ZoneTier'] == 0


def test_create_needs_a_region_and_a_name(emulator: Emulator, run_module: t.Any) -> None:
    for check_mode in (True, False):
        outcome = run_module(storage_zone.main, args(name='site-files'), check_mode=check_mode)
        assert outcome.result['msg'] == 'region is required to create storage zone "site-files"'
        by_id = run_module(storage_zone.main, args(id=7999, region='DE'), check_mode=check_mode)
        assert by_id.result['msg'] == 'storage zone 7999 does not exist; give name to create a storage zone'
    assert emulator.writes == []


def test_regions_the_api_does_not_list_are_refused_before_any_write(emulator: Emulator, run_module: t.Any) -> None:
    for check_mode in (True, False):
        outcome = run_module(storage_zone.main, new_zone(region='MARS', replication_regions=[]), check_mode=check_mode)
        assert outcome.failed
        assert outcome.result['msg'] == 'region MARS: not a storage region (the API lists DE, NY, LA, SG, SYD)'
        other = run_module(storage_zone.main, new_zone(replication_regions=['NY', 'XX']), check_mode=check_mode)
        assert other.result['msg'].startswith('replication_regions XX: not a storage region')
    assert emulator.writes == []


def test_a_name_taken_is_the_api_answer(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(storage_zone.main, args(name='Archive-Files', region='DE'))
    assert outcome.failed and outcome.result['changed'] is False
    assert outcome.result['msg'] == (
        'create storage zone "Archive-Files" failed: HTTP 400 storagezone.name_taken: '
        "Failed adding the Storage Zone: the name 'Archive-Files' is already taken."
    )
    assert outcome.result['failure']['status'] == 400


def test_a_create_whose_answer_is_lost_is_found_by_name(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='POST', path='^/storagezone$', drop=True, after=True)
    outcome = run_module(storage_zone.main, new_zone())
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    [created] = zones_named(emulator, 'site-files')
    assert outcome.result['storage_zone']['Id'] == created['Id']
    assert created['Custom404FilePath'] == '/404.html'  # the settings went on after the lookup
    assert [(call.method, call.path) for call in emulator.writes] == [
        ('POST', '/storagezone'),
        ('POST', f"/storagezone/{created['Id']}"),
    ]


def test_a_failed_create_is_never_repeated_and_the_rerun_repairs(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='POST', path='^/storagezone$', status=500)
    failed = run_module(storage_zone.main, new_zone())
    assert failed.failed and failed.result['changed'] is True
    assert [call.status for call in emulator.writes] == [500]
    assert zones_named(emulator, 'site-files') == []
    # The settings update fails after the create: changed, and the rerun sets them.
    emulator.add_fault(service='api', method='POST', path=r'^/storagezone/\d+$', status=400)
    half = run_module(storage_zone.main, new_zone())
    assert half.failed and half.result['changed'] is True
    assert half.result['msg'].startswith('update storage zone ')
    repaired = run_module(storage_zone.main, new_zone())
    assert repaired.result['changed'] is True and not repaired.failed
    [created] = zones_named(emulator, 'site-files')
    assert created['Custom404FilePath'] == '/404.html'


# ---- update ----------------------------------------------------------------------------------------------------------


def test_a_replication_region_is_added(emulator: Emulator, run_module: t.Any) -> None:
    outcome = run_module(storage_zone.main, args(name='video-004-files', replication_regions=['NY', 'SG']), diff=True)
    assert outcome.result['changed'] is True
    assert sent(emulator) == [
        ('GET', '/storagezone'),
        ('GET', '/storagezone/regions'),
        ('POST', f'/storagezone/{SITE}'),
        ('GET', f'/storagezone/{SITE}'),
    ]
    assert emulator.writes[0].json == {'ReplicationZones': ['NY', 'SG']}
    assert sorted(emulator.item('storage_zones', Id=SITE)['ReplicationRegions']) == ['NY', 'SG']
    assert outcome.result['diff'] == {  # what changes: the region added
        'before': {'replication_regions': []},
        'after': {'replication_regions': ['SG']},
        'before_header': 'storage zone video-004-files',
        'after_header': 'update',
    }


def test_a_replication_region_removal_is_refused_with_no_write(emulator: Emulator, run_module: t.Any) -> None:
    for check_mode in (True, False):
        outcome = run_module(
            storage_zone.main, args(name='video-004-files', replication_regions=['SG']), check_mode=check_mode
        )
        assert outcome.failed and outcome.result['changed'] is False
        assert outcome.result['msg'] == (
            'replication_regions cannot drop NY: storage zone "video-004-files" (id 7001) replicates to NY, and '
            'replication regions can only be added'
        )
    assert emulator.writes == []
    assert [call.path for call in emulator.sent] == ['/storagezone', '/storagezone']


@pytest.mark.parametrize(
    ('extra', 'message'),
    [
        (
            {'region': 'SG'},
            'region cannot change: storage zone "video-004-files" (id 7001) is DE, not SG; the region is chosen when '
            'a storage zone is created',
        ),
        (
            {'tier': 'edge', 'rewrite_404_to_200': False},
            'tier cannot change: storage zone "video-004-files" (id 7001) is standard, not edge; the tier is chosen '
            'when a storage zone is created',
        ),
    ],
)
def test_create_only_values_are_refused_on_change_naming_both(
    emulator: Emulator, run_module: t.Any, extra: dict[str, t.Any], message: str
) -> None:
    for check_mode in (True, False):
        outcome = run_module(storage_zone.main, args(name='video-004-files', **extra), check_mode=check_mode)
        assert outcome.failed and outcome.result['msg'] == message
    assert emulator.writes == []


def test_settings_are_updated_by_id_and_cleared(emulator: Emulator, run_module: t.Any) -> None:
    wanted = args(id=SITE, rewrite_404_to_200=False, custom_404_file_path='', origin_url='https://o.example.net')
    checked = run_module(storage_zone.main, wanted, check_mode=True, diff=True)
    assert checked.result['changed'] is True and emulator.writes == []
    outcome = run_module(storage_zone.main, wanted, diff=True)
    assert emulator.writes[0].json == {
        'Rewrite404To200': False,
        'Custom404FilePath': '',
        'OriginUrl': 'https://o.example.net',
    }
    stored = emulator.item('storage_zones', Id=SITE)
    assert (stored['Rewrite404To200'], stored['Custom404FilePath'], stored['OriginUrl']) == (
        False,
        None,
        'https://o.example.net',
    )
    assert outcome.result['diff'] == checked.result['diff']
    assert outcome.result['diff']['before']['custom_404_file_path'] == '/404.html'
    real, predicted = outcome.result['storage_zone'], checked.result['storage_zone']
    assert {key: value for key, value in real.items() if key != 'DateModified'} == {
        key: value for key, value in predicted.items() if key != 'DateModified'
    }
    assert real['Custom404FilePath'] is None  # an empty text clears it
    again = run_module(storage_zone.main, wanted)
    assert again.result['changed'] is False and len(emulator.writes) == 1


def test_an_update_is_repeated_through_transient_faults(emulator: Emulator, run_module: t.Any) -> None:
    emulator.add_fault(service='api', method='POST', path=f'^/storagezone/{ARCHIVE}$', status=503)
    emulator.add_fault(service='api', method='POST', path=f'^/storagezone/{ARCHIVE}$', drop=True)
    outcome = run_module(storage_zone.main, args(id=ARCHIVE, rewrite_404_to_200=True))
    assert not outcome.failed, outcome.result
    assert [call.status for call in emulator.writes] == [503, 0, 204]
    assert emulator.item('storage_zones', Id=ARCHIVE)['Rewrite404To200'] is True


# ---- passwords -------------------------------------------------------------------------------------------------------


def test_the_passwords_are_returned_only_when_asked(emulator: Emulator, run_module: t.Any) -> None:
    stored = emulator.item('storage_zones', Id=ARCHIVE)
    masked = run_module(storage_zone.main, args(id=ARCHIVE), diff=True)
    assert masked.result['storage_zone']['Password'] == masked.result['storage_zone']['ReadOnlyPassword'] == '********'
    assert_no_password(masked.result, emulator)
    shown = run_module(storage_zone.main, args(id=ARCHIVE, return_password=True, rewrite_404_to_200=True), diff=True)
    assert shown.result['changed'] is True
    zone = shown.result['storage_zone']
    assert (zone['Password'], zone['ReadOnlyPassword']) == (stored['Password'], stored['ReadOnlyPassword'])
    # Nowhere else: not in the diff, not beside the zone.
    rest = json.dumps({key: value for key, value in shown.result.items() if key != 'storage_zone'})
    assert stored['Password'] not in rest and stored['ReadOnlyPassword'] not in rest


def test_the_secrets_of_the_pull_zones_listed_are_masked(emulator: Emulator, run_module: t.Any) -> None:
    # Pull zone 1001 has every secret set: it takes the archive as its origin.
    emulator.client().request('POST', 'pullzone/1001', 'set-up', json_body={'StorageZoneId': ARCHIVE})
    seeded = emulator.item('pullzones', Id=1001)
    secrets = [seeded[key] for key in ('ZoneSecurityKey', 'AWSSigningKey', 'AWSSigningSecret', 'LogForwardingToken')]
    outcome = run_module(storage_zone.main, args(id=ARCHIVE, return_password=True))
    [pullzone] = outcome.result['storage_zone']['PullZones']
    assert pullzone['Id'] == 1001 and pullzone['OriginType'] == 2
    assert all(secrets) and pullzone['ZoneSecurityKey'] == pullzone['AWSSigningSecret'] == '********'
    text = json.dumps(outcome.result)
    assert [secret for secret in secrets if secret in text] == []


# ---- remove ----------------------------------------------------------------------------------------------------------


def test_remove_and_remove_again(emulator: Emulator, run_module: t.Any) -> None:
    checked = run_module(storage_zone.main, args(name='archive-files', state='absent'), check_mode=True, diff=True)
    assert checked.result['changed'] is True and emulator.writes == []
    removed = run_module(storage_zone.main, args(name='archive-files', state='absent'), diff=True)
    assert removed.result['changed'] is True
    [delete] = emulator.writes
    assert (delete.method, delete.path, delete.params) == (
        'DELETE',
        f'/storagezone/{ARCHIVE}',
        {'deleteLinkedPullZones': 'false'},
    )
    assert removed.result['storage_zone'] == {}
    assert removed.result['diff'] == checked.result['diff']
    assert removed.result['diff']['before'] == {'name': 'archive-files', 'region': 'NY', 'tier': 'edge'}
    assert removed.result['diff']['after'] == {} and removed.result['diff']['after_header'] == 'delete'
    assert zones_named(emulator, 'archive-files') == []
    again = run_module(storage_zone.main, args(name='archive-files', state='absent'))
    assert again.result['changed'] is False and len(emulator.writes) == 1


def test_a_zone_that_is_the_origin_of_a_pull_zone_is_not_deleted(emulator: Emulator, run_module: t.Any) -> None:
    for check_mode in (True, False):
        outcome = run_module(storage_zone.main, args(name='video-004-files', state='absent'), check_mode=check_mode)
        assert outcome.failed and outcome.result['changed'] is False
        assert outcome.result['msg'] == (
            'storage zone "video-004-files" (id 7001) is the origin of pull zone video-004 (1005): give them another '
            'origin, or delete them, first'
        )
        assert outcome.result['pullzones'] == ['video-004']
    assert emulator.writes == []
    assert len(zones_named(emulator, 'video-004-files')) == 1


def test_a_zone_gone_before_its_delete_is_fine(emulator: Emulator, run_module: t.Any) -> None:
    def other_run_removes() -> None:  # between this run's lookup and its delete
        emulator.client().request('DELETE', f'storagezone/{ARCHIVE}', 'another run')

    emulator.meanwhile('GET', '^/storagezone$', other_run_removes)
    outcome = run_module(storage_zone.main, args(name='archive-files', state='absent'))
    assert not outcome.failed and outcome.result['changed'] is True
    assert [(call.method, call.status) for call in emulator.writes] == [('DELETE', 404)]


def test_a_pull_zone_linked_after_the_read_is_kept(emulator: Emulator, run_module: t.Any) -> None:
    def other_run_links() -> None:  # a pull zone given this origin between the lookup and the delete
        emulator.client().request('POST', 'pullzone/1003', 'another run', json_body={'StorageZoneId': ARCHIVE})

    emulator.meanwhile('GET', '^/storagezone$', other_run_links)
    outcome = run_module(storage_zone.main, args(name='archive-files', state='absent'))
    assert not outcome.failed
    kept = emulator.item('pullzones', Id=1003)
    assert (kept['StorageZoneId'], kept['OriginType']) == (0, 0)


def test_an_api_error_names_operation_status_and_key(fake_api: FakeApi, run_module: t.Any) -> None:
    # A hand-made answer: the emulator's update never fails with a 500 of its own.
    zone = {'Id': 9, 'Name': 'f', 'Region': 'DE', 'ReplicationRegions': [], 'ZoneTier': 0, 'PullZones': []}
    fake_api.add('GET', r'^/storagezone$', [zone])
    fake_api.add(
        'POST',
        r'^/storagezone/9$',
        FakeResponse(500, {'ErrorKey': 'storage.failed', 'Field': '', 'Message': 'Could not save the zone.'}),
        FakeResponse(500, {'ErrorKey': 'storage.failed', 'Field': '', 'Message': 'Could not save the zone.'}),
        FakeResponse(500, {'ErrorKey': 'storage.failed', 'Field': '', 'Message': 'Could not save the zone.'}),
    )
    outcome = run_module(storage_zone.main, args(name='f', rewrite_404_to_200=True))
    assert outcome.result['msg'] == 'update storage zone 9 failed: HTTP 500 storage.failed: Could not save the zone.'
    assert outcome.result['changed'] is True  # a 5xx on a write may have been taken on
