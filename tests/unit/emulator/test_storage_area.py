# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's storage zones (GAPS "DNS, storage, Shield rules, audit log"; the reference's Storage Zone
operations), and pull zones whose origin is one, in-process."""

from __future__ import annotations

import typing as t

import pytest
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.emulator.areas import AREAS
from ansible_collections.edge.platform.tests.emulator.core import State
from ansible_collections.edge.platform.tests.emulator.server import admin_app, build_service
from ansible_collections.edge.platform.tests.unit.emulator.test_pullzone_writes_area import error_of

# The seed: 7001 (video-004-files, DE, replicated to NY) is the origin of pull zone 1005 (video-004); 7002
# (archive-files, NY, Edge tier, S3) is used by no pull zone.
SITE, ARCHIVE, ORIGIN_OF_SITE = 7001, 7002, 1005
# StorageZoneModel of the reference, in its order, and OriginUrl (what the update sets, so that it reads back).
FIELDS = [
    'Id',
    'UserId',
    'Name',
    'Password',
    'DateModified',
    'Deleted',
    'StorageUsed',
    'FilesStored',
    'Region',
    'ReplicationRegions',
    'ReadOnlyPassword',
    'Rewrite404To200',
    'Custom404FilePath',
    'StorageHostname',
    'S3Hostname',
    'ZoneTier',
    'ReplicationChangeInProgress',
    'PriceOverride',
    'Discount',
    'StorageZoneType',
    'OriginUrl',
    'PullZones',
]


def snapshot(state: State) -> dict[str, t.Any]:
    return TestClient(admin_app(state)).get('/state').json()


def create(api: TestClient, **body: t.Any) -> dict[str, t.Any]:
    response = api.post('/storagezone', json=body)
    assert response.status_code == 201, response.text
    return t.cast(dict, response.json())


# ---- the seed and reads ---------------------------------------------------------------------------------------------


def test_the_seed_has_a_storage_zone_that_a_pull_zone_uses_as_its_origin(api: TestClient, state: State) -> None:
    zones = api.get('/storagezone').json()
    assert [(zone['Id'], zone['Name'], zone['Region'], zone['ReplicationRegions']) for zone in zones] == [
        (SITE, 'video-004-files', 'DE', ['NY']),
        (ARCHIVE, 'archive-files', 'NY', []),
    ]
    site, archive = zones
    assert sorted(site) == sorted(FIELDS)
    assert [zone['Id'] for zone in site['PullZones']] == [ORIGIN_OF_SITE] and archive['PullZones'] == []
    origin = api.get(f'/pullzone/{ORIGIN_OF_SITE}').json()
    assert (origin['StorageZoneId'], origin['OriginType']) == (SITE, 2)
    assert site['PullZones'][0] == origin  # as GET /pullzone answers it
    others = [zone for zone in api.get('/pullzone').json() if zone['Id'] != ORIGIN_OF_SITE]
    assert {(zone['StorageZoneId'], zone['OriginType']) for zone in others} == {(0, 0)}
    passwords = [zone[key] for zone in zones for key in ('Password', 'ReadOnlyPassword')]
    assert len(set(passwords)) == 4 and all(passwords)
    assert (archive['ZoneTier'], archive['StorageZoneType'], archive['S3Hostname']) == (
        1,
        1,
        'ny-s3.storage.edge-cdn.test',
    )
    assert (site['StorageHostname'], archive['StorageHostname']) == (
        'storage.edge-cdn.test',
        'ny.storage.edge-cdn.test',
    )


def test_the_seed_is_the_same_after_a_reset(state: State) -> None:
    first = snapshot(state)['storage_zones']
    state.reset()
    assert snapshot(state)['storage_zones'] == first
    assert [zone['Id'] for zone in first] == [SITE, ARCHIVE]


def test_one_zone_and_an_unknown_one(api: TestClient) -> None:
    assert api.get(f'/storagezone/{SITE}').json() == api.get('/storagezone').json()[0]
    error_of(api.get('/storagezone/7999'), 404, 'storagezone.not_found', 'id')


def test_the_listing_pages_and_searches_as_the_core_listings(api: TestClient) -> None:
    page = api.get('/storagezone', params={'page': 1, 'perPage': 5}).json()
    assert (page['CurrentPage'], page['TotalItems'], page['HasMoreItems']) == (1, 2, False)
    assert [zone['Id'] for zone in page['Items']] == [SITE, ARCHIVE]
    assert [zone['Name'] for zone in api.get('/storagezone', params={'search': ' ARCHIVE '}).json()] == [
        'archive-files'
    ]
    assert api.get('/storagezone', params={'search': 'nothing'}).json() == []
    assert len(api.get('/storagezone', params={'includeDeleted': 'true'}).json()) == 2
    error_of(api.get('/storagezone', params={'includeDeleted': 'maybe'}), 400, 'validation_error', 'includeDeleted')
    error_of(api.get('/storagezone', params={'page': 1, 'perPage': 2}), 400, 'validation_error', 'perPage')


def test_the_regions(api: TestClient) -> None:
    regions = api.get('/storagezone/regions').json()
    assert [region['Id'] for region in regions] == ['DE', 'NY', 'LA', 'SG', 'SYD']
    assert regions[1] == {'Id': 'NY', 'Name': 'New York', 'Url': 'https://ny.storage.edge-cdn.test'}


def test_the_storage_paths_need_the_account_key(state: State) -> None:
    anonymous = TestClient(build_service('api', state))
    error_of(anonymous.get('/storagezone'), 401, 'unauthorized', 'AccessKey')


# ---- create ----------------------------------------------------------------------------------------------------------


def test_create_answers_201_with_the_new_zone(api: TestClient, state: State) -> None:
    answer = create(api, Name='site-assets', Region='LA', ReplicationRegions=['SYD', 'NY', 'SYD'], ZoneTier=1)
    assert list(answer) == FIELDS
    assert answer['Id'] == 7003
    assert (answer['Name'], answer['Region'], answer['ReplicationRegions'], answer['ZoneTier']) == (
        'site-assets',
        'LA',
        ['SYD', 'NY'],
        1,
    )
    assert answer['Password'] and answer['ReadOnlyPassword'] and answer['Password'] != answer['ReadOnlyPassword']
    assert (answer['Rewrite404To200'], answer['Custom404FilePath'], answer['OriginUrl'], answer['PullZones']) == (
        False,
        None,
        None,
        [],
    )
    assert (answer['StorageHostname'], answer['S3Hostname'], answer['StorageZoneType']) == (
        'la.storage.edge-cdn.test',
        None,
        0,
    )
    assert answer['DateModified'].endswith('Z') and answer['Deleted'] is False
    assert api.get('/storagezone/7003').json() == answer
    assert [zone for zone in snapshot(state)['storage_zones'] if zone['Id'] == 7003] == [answer]


@pytest.mark.parametrize(
    ('body', 'field', 'words'),
    [
        ({'Region': 'DE'}, 'Name', 'is required'),
        ({'Name': '', 'Region': 'DE'}, 'Name', 'is required'),
        ({'Name': 'my_zone', 'Region': 'DE'}, 'Name', 'letters, digits and dashes'),
        ({'Name': 'x' * 64, 'Region': 'DE'}, 'Name', '1 to 63'),
        ({'Name': 'zone'}, 'Region', 'is required'),
        ({'Name': 'zone', 'Region': 'XX'}, 'Region', "'XX' is not a main storage region"),
        ({'Name': 'zone', 'Region': 'SYD'}, 'Region', "'SYD' is not a main storage region (DE, NY, LA, SG)"),
        ({'Name': 'zone', 'Region': 'de'}, 'Region', "'de' is not a main storage region"),
        ({'Name': 'zone', 'Region': 'DE', 'ReplicationRegions': ['DE']}, 'ReplicationRegions', 'the main region'),
        ({'Name': 'zone', 'Region': 'DE', 'ReplicationRegions': ['MARS']}, 'ReplicationRegions', 'not a storage'),
        ({'Name': 'zone', 'Region': 'DE', 'ReplicationRegions': 'NY'}, 'ReplicationRegions', 'array of region'),
        ({'Name': 'zone', 'Region': 'DE', 'ZoneTier': 2}, 'ZoneTier', '0 (Standard) or 1 (Edge)'),
        ({'Name': 'zone', 'Region': 'DE', 'StorageZoneType': True}, 'StorageZoneType', '0 (NotSupported)'),
    ],
)
def test_a_bad_create_is_refused_naming_the_field(
    api: TestClient, state: State, body: dict[str, t.Any], field: str, words: str
) -> None:
    before = snapshot(state)['storage_zones']
    assert words in error_of(api.post('/storagezone', json=body), 400, 'validation_error', field)
    assert snapshot(state)['storage_zones'] == before


def test_a_name_is_taken_in_any_case(api: TestClient) -> None:
    message = error_of(
        api.post('/storagezone', json={'Name': 'Archive-Files', 'Region': 'DE'}), 400, 'storagezone.name_taken', 'Name'
    )
    assert "'Archive-Files' is already taken" in message
    assert api.post('/storagezone/checkavailability', json={'Name': 'ARCHIVE-files'}).json() == {'Available': False}
    assert api.post('/storagezone/checkavailability', json={'name': 'fresh-zone'}).json() == {'Available': True}
    assert api.post('/storagezone/checkavailability', json={'Name': 'not_valid'}).json() == {'Available': False}
    error_of(api.post('/storagezone/checkavailability', json={}), 400, 'validation_error', 'Name')


def test_ids_are_never_given_twice(api: TestClient) -> None:
    first = create(api, Name='first', Region='DE')
    assert api.delete(f"/storagezone/{first['Id']}").status_code == 204
    second = create(api, Name='first', Region='DE')  # the name is free again
    assert second['Id'] == first['Id'] + 1
    assert second['Password'] != first['Password']


# ---- update ----------------------------------------------------------------------------------------------------------


def test_update_answers_204_and_changes_only_what_is_sent(api: TestClient) -> None:
    before = api.get(f'/storagezone/{SITE}').json()
    response = api.post(f'/storagezone/{SITE}', json={'ReplicationZones': ['NY', 'SG'], 'Rewrite404To200': False})
    assert response.status_code == 204 and response.content == b''
    after = api.get(f'/storagezone/{SITE}').json()
    assert after['DateModified'] != before['DateModified']
    assert {key: value for key, value in after.items() if key != 'DateModified'} == {
        **{key: value for key, value in before.items() if key != 'DateModified'},
        'ReplicationRegions': ['NY', 'SG'],
        'Rewrite404To200': False,
    }
    api.post(f'/storagezone/{SITE}', json={'OriginUrl': 'https://origin.example.com', 'Custom404FilePath': '/e.html'})
    changed = api.get(f'/storagezone/{SITE}').json()
    assert (changed['OriginUrl'], changed['Custom404FilePath']) == ('https://origin.example.com', '/e.html')
    api.post(f'/storagezone/{SITE}', json={'OriginUrl': '', 'Custom404FilePath': '', 'Rewrite404To200': None})
    cleared = api.get(f'/storagezone/{SITE}').json()
    assert (cleared['OriginUrl'], cleared['Custom404FilePath'], cleared['Rewrite404To200']) == (None, None, False)


def test_replication_regions_can_only_be_added(api: TestClient, state: State) -> None:
    before = snapshot(state)['storage_zones']
    message = error_of(
        api.post(f'/storagezone/{SITE}', json={'ReplicationZones': ['SG']}),
        400,
        'storagezone.replication_region_removal',
        'ReplicationZones',
    )
    assert 'NY cannot be removed' in message
    error_of(
        api.post(f'/storagezone/{SITE}', json={'ReplicationZones': ['NY', 'DE']}),
        400,
        'validation_error',
        'ReplicationZones',
    )
    assert snapshot(state)['storage_zones'] == before


@pytest.mark.parametrize(
    ('body', 'field'),
    [
        ({'OriginUrl': 'ftp://origin.example.com'}, 'OriginUrl'),
        ({'Custom404FilePath': 404}, 'Custom404FilePath'),
        ({'Rewrite404To200': 'yes'}, 'Rewrite404To200'),
        ({'ReplicationZones': ['NY', 7]}, 'ReplicationZones'),
    ],
)
def test_a_bad_update_is_refused_and_saves_nothing(
    api: TestClient, state: State, body: dict[str, t.Any], field: str
) -> None:
    before = snapshot(state)['storage_zones']
    error_of(api.post(f'/storagezone/{SITE}', json=body), 400, 'validation_error', field)
    assert snapshot(state)['storage_zones'] == before


def test_writes_of_an_unknown_zone_are_404(api: TestClient) -> None:
    error_of(api.post('/storagezone/7999', json={'Rewrite404To200': True}), 404, 'storagezone.not_found', 'id')
    error_of(api.delete('/storagezone/7999'), 404, 'storagezone.not_found', 'id')
    error_of(api.post('/storagezone/7999/resetPassword'), 404, 'storagezone.not_found', 'id')
    error_of(api.post('/storagezone/resetReadOnlyPassword?id=7999'), 404, 'storagezone.not_found', 'id')
    error_of(api.post('/storagezone/resetReadOnlyPassword'), 400, 'validation_error', 'id')


def test_the_passwords_are_reset_one_at_a_time(api: TestClient) -> None:
    before = api.get(f'/storagezone/{ARCHIVE}').json()
    assert api.post(f'/storagezone/{ARCHIVE}/resetPassword').status_code == 204
    after = api.get(f'/storagezone/{ARCHIVE}').json()
    assert after['Password'] != before['Password'] and after['ReadOnlyPassword'] == before['ReadOnlyPassword']
    assert api.post('/storagezone/resetReadOnlyPassword', params={'id': ARCHIVE}).status_code == 204
    again = api.get(f'/storagezone/{ARCHIVE}').json()
    assert again['ReadOnlyPassword'] != after['ReadOnlyPassword'] and again['Password'] == after['Password']


# ---- delete ----------------------------------------------------------------------------------------------------------


def test_delete_takes_the_linked_pull_zones_with_it_by_default(api: TestClient, state: State) -> None:
    assert state.data['shield_by_pullzone'].get(ORIGIN_OF_SITE) is not None
    assert api.delete(f'/storagezone/{SITE}').status_code == 204
    error_of(api.get(f'/storagezone/{SITE}'), 404, 'storagezone.not_found', 'id')
    error_of(api.get(f'/pullzone/{ORIGIN_OF_SITE}'), 404, 'pullzone.not_found', 'id')
    assert ORIGIN_OF_SITE not in state.data['shield_by_pullzone']  # with its Shield zone, as a pull zone delete
    assert [zone['Id'] for zone in snapshot(state)['storage_zones']] == [ARCHIVE]


def test_delete_without_the_linked_pull_zones_keeps_them_without_that_origin(api: TestClient) -> None:
    before = api.get(f'/pullzone/{ORIGIN_OF_SITE}').json()
    assert api.delete(f'/storagezone/{SITE}', params={'deleteLinkedPullZones': 'false'}).status_code == 204
    after = api.get(f'/pullzone/{ORIGIN_OF_SITE}').json()
    assert after == {**before, 'StorageZoneId': 0, 'OriginType': 0}


# ---- pull zones whose origin is a storage zone -----------------------------------------------------------------------


def test_a_pull_zone_created_with_a_storage_zone_has_it_as_its_origin(api: TestClient) -> None:
    response = api.post('/pullzone', json={'Name': 'from-storage', 'StorageZoneId': ARCHIVE, 'OriginType': 0})
    assert response.status_code == 201
    zone = response.json()
    assert (zone['StorageZoneId'], zone['OriginType'], zone['OriginUrl']) == (ARCHIVE, 2, None)
    assert [linked['Name'] for linked in api.get(f'/storagezone/{ARCHIVE}').json()['PullZones']] == ['from-storage']


def test_a_pull_zone_update_links_and_unlinks_a_storage_zone(api: TestClient) -> None:
    zone = api.post('/pullzone/1003', json={'StorageZoneId': ARCHIVE}).json()
    assert (zone['StorageZoneId'], zone['OriginType'], zone['OriginUrl']) == (
        ARCHIVE,
        2,
        'https://origin-2.example.com',
    )
    zone = api.post('/pullzone/1003', json={'StorageZoneId': 0}).json()
    assert (zone['StorageZoneId'], zone['OriginType']) == (0, 0)
    zone = api.post('/pullzone/1004', json={'OriginType': 3, 'StorageZoneId': 0}).json()
    assert zone['OriginType'] == 3  # 0 unlinks a storage zone origin only


def test_a_storage_zone_that_does_not_exist_is_refused(api: TestClient, state: State) -> None:
    before = api.get('/pullzone/1003').json()
    for method, path, body in (
        ('POST', '/pullzone', {'Name': 'dangling', 'StorageZoneId': 7999}),
        ('POST', '/pullzone/1003', {'StorageZoneId': 7999, 'EnableLogging': False}),
    ):
        message = error_of(
            api.request(method, path, json=body), 400, 'pullzone.storage_zone_not_found', 'StorageZoneId'
        )
        assert '7999' in message
    assert api.get('/pullzone/1003').json() == before
    assert 'dangling' not in [zone['Name'] for zone in api.get('/pullzone').json()]


def test_the_areas_are_seeded_pull_zones_first() -> None:
    names = [area.name for area in AREAS]
    assert names.index('pullzones') < names.index('storage')
