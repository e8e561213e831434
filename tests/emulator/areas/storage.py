# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Storage zones (GAPS "DNS, storage, Shield rules, audit log"; the reference's Storage Zone operations).

The route table reads like the reference: the listing (``page``, ``perPage``, ``search``, ``includeDeleted``), a
create (StorageZoneModelAdd), the name check, the regions, one zone read, updated (StorageZoneSettingsModel: 204)
and deleted (``deleteLinkedPullZones``), and the two password resets. Every error is ``{ErrorKey, Field, Message}``
(core's default for the management API), 401 without the account's ``AccessKey``.

State (``state.data``): ``storage_zones`` (StorageZoneModel records by ``Id``, without ``PullZones``: that list is
made from the pull zones whose ``StorageZoneId`` is the zone's, whenever a zone is answered) and
``storage_zone_ids`` (the next zone id and the password generation). The seed adds two zones; the first is the
origin of the seeded pull zone ``video-004`` (``OriginType`` 2, StorageZone).
"""

from __future__ import annotations

import copy
import datetime
import random
import typing as t
import uuid

from starlette.requests import Request
from starlette.responses import Response

from ..core import ApiError, Area, Endpoint, State, json_response, query_bool, query_int
from .pullzone_model import bad, is_http_url, is_int, is_zone_name, member
from .pullzones import (
    ACCOUNT_USER_ID,
    STORAGE_ZONE_ORIGIN,
    SYSTEM_DOMAIN,
    body_object,
    forget_pullzone,
    no_content,
    paged_response,
    public_view,
    pullzones,
    query_page,
)

FIRST_ID = 7001
STORAGE_DOMAIN = f'storage.{SYSTEM_DOMAIN}'
# GET /storagezone/regions: StorageRegionModel {Id, Name, Url}, the codes the reference names (StorageZoneModelAdd:
# "Possible values: DE, NY, LA, SG" for the main region, "DE, NY, LA, SG, SYD" for replication).
REGIONS = (
    ('DE', 'Germany'),
    ('NY', 'New York'),
    ('LA', 'Los Angeles'),
    ('SG', 'Singapore'),
    ('SYD', 'Sydney'),
)
REGION_CODES = tuple(code for code, _name in REGIONS)
MAIN_REGIONS = ('DE', 'NY', 'LA', 'SG')
# Passwords are UUIDs of version 5 in this namespace (the same after each reset).
PASSWORD_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, f'https://{STORAGE_DOMAIN}/passwords')
SEEDED_MODIFIED = '2026-01-05T09:30:00Z'
# The seeded pull zone whose origin the first seeded storage zone is (index 4 of the pull zone seed: video-004).
SEEDED_ORIGIN_PULLZONE = 1005


def region_host(code: str) -> str:
    """The storage endpoint host of a region (``StorageHostname``): the main one for DE, else the region's own."""
    return STORAGE_DOMAIN if code == 'DE' else f'{code.lower()}.{STORAGE_DOMAIN}'


def now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')


def storage_zones(state: State) -> dict[int, dict[str, t.Any]]:
    """The storage zone store, by id (StorageZoneModel without ``PullZones``)."""
    return t.cast(dict, state.data['storage_zones'])


def password(state: State, zone_id: int, kind: str) -> str:
    """A new password of ``kind`` (``rw`` or ``ro``): a UUID, never the same twice after a reset."""
    counters = state.data['storage_zone_ids']
    counters['password'] += 1
    return str(uuid.uuid5(PASSWORD_NAMESPACE, f'{zone_id}/{kind}/{counters["password"]}'))


def linked(state: State, zone_id: int) -> list[dict[str, t.Any]]:
    """The pull zones whose ``StorageZoneId`` is ``zone_id``, in the order of their ids."""
    return [zone for zone in pullzones(state).values() if zone.get('StorageZoneId') == zone_id]


def view(state: State, zone: dict[str, t.Any]) -> dict[str, t.Any]:
    """The StorageZoneModel the API answers: the record with its ``PullZones`` as ``GET /pullzone`` answers them."""
    answered = copy.deepcopy(zone)
    answered['PullZones'] = [public_view(pullzone, False) for pullzone in linked(state, zone['Id'])]
    return answered


def make_zone(
    state: State,
    zone_id: int,
    name: str,
    region: str,
    replication: list[str],
    tier: int = 0,
    s3: int = 0,
) -> dict[str, t.Any]:
    """A storage zone as a create makes it, every field of StorageZoneModel but ``PullZones``."""
    return {
        'Id': zone_id,
        'UserId': ACCOUNT_USER_ID,
        'Name': name,
        'Password': password(state, zone_id, 'rw'),
        'DateModified': now(),
        'Deleted': False,
        'StorageUsed': 0,
        'FilesStored': 0,
        'Region': region,
        'ReplicationRegions': replication,
        'ReadOnlyPassword': password(state, zone_id, 'ro'),
        'Rewrite404To200': False,
        'Custom404FilePath': None,
        'StorageHostname': region_host(region),
        'S3Hostname': f'{region.lower()}-s3.{STORAGE_DOMAIN}' if s3 else None,
        'ZoneTier': tier,
        'ReplicationChangeInProgress': False,
        'PriceOverride': 0.0,
        'Discount': 0,
        'StorageZoneType': s3,
        # Not in the reference's StorageZoneModel: what StorageZoneSettingsModel sets, so a client can read it back.
        'OriginUrl': None,
    }


def regions_of(value: t.Any, field: str, main: str) -> list[str]:
    """A list of replication regions as a body sends it: region codes the service lists, not the main region;
    repeats collapsed, in the order given."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise bad(field, 'must be an array of region codes')
    codes: list[str] = []
    for code in value:
        if code not in REGION_CODES:
            raise bad(field, f"'{code}' is not a storage region ({', '.join(REGION_CODES)})")
        if code == main:
            raise bad(field, f"'{code}' is the main region of the storage zone, not a replication region")
        if code not in codes:
            codes.append(code)
    return codes


def enum_value(body: dict[str, t.Any], name: str, names: str) -> int:
    value = member(body, name)
    if value is None:
        return 0
    if not is_int(value) or value not in (0, 1):
        raise bad(name, f'must be {names}, got {value!r}')
    return t.cast(int, value)


class Storage(Area):
    name = 'storage'
    endpoints = (
        Endpoint('api', 'GET', '/storagezone', 'list_zones'),
        Endpoint('api', 'POST', '/storagezone', 'add_zone'),
        Endpoint('api', 'POST', '/storagezone/checkavailability', 'check_availability'),
        Endpoint('api', 'GET', '/storagezone/regions', 'list_regions'),
        Endpoint('api', 'GET', '/storagezone/{id:int}', 'get_zone'),
        Endpoint('api', 'POST', '/storagezone/{id:int}', 'update_zone'),
        Endpoint('api', 'DELETE', '/storagezone/{id:int}', 'delete_zone'),
        Endpoint('api', 'POST', '/storagezone/{id:int}/resetPassword', 'reset_password'),
        Endpoint('api', 'POST', '/storagezone/resetReadOnlyPassword', 'reset_read_only_password'),
    )

    def seed(self, state: State, rng: random.Random) -> None:
        state.data['storage_zone_ids'] = {'zone': FIRST_ID + 2, 'password': 0}
        site = make_zone(state, FIRST_ID, 'video-004-files', 'DE', ['NY'])
        site.update(
            DateModified=SEEDED_MODIFIED,
            StorageUsed=rng.randrange(10**8, 10**10),
            FilesStored=rng.randrange(100, 5000),
            Custom404FilePath='/404.html',
            Rewrite404To200=True,
        )
        archive = make_zone(state, FIRST_ID + 1, 'archive-files', 'NY', [], tier=1, s3=1)
        archive.update(DateModified=SEEDED_MODIFIED, StorageUsed=rng.randrange(10**9, 10**11), FilesStored=12)
        state.data['storage_zones'] = {zone['Id']: zone for zone in (site, archive)}
        origin = pullzones(state)[SEEDED_ORIGIN_PULLZONE]
        origin.update(StorageZoneId=site['Id'], OriginType=STORAGE_ZONE_ORIGIN)

    def snapshot(self, state: State) -> dict[str, list[t.Any]]:
        return {'storage_zones': [view(state, zone) for zone in storage_zones(state).values()]}

    @staticmethod
    def zone_or_404(state: State, zone_id: int) -> dict[str, t.Any]:
        zone = storage_zones(state).get(zone_id)
        if zone is None:
            raise ApiError(404, 'The Storage Zone with the requested ID does not exist', 'storagezone.not_found', 'id')
        return zone

    @staticmethod
    def name_taken(state: State, name: str) -> bool:
        wanted = name.lower()
        return any(zone['Name'].lower() == wanted for zone in storage_zones(state).values())

    async def list_zones(self, state: State, request: Request) -> Response:
        page, per_page = query_page(request)
        query_bool(request, 'includeDeleted')  # checked; a deleted zone is gone (nothing more to list)
        term = (request.query_params.get('search') or '').strip().lower()
        zones = [zone for zone in storage_zones(state).values() if term in zone['Name'].lower()]
        return paged_response(zones, page, per_page, lambda zone: view(state, zone))

    async def get_zone(self, state: State, request: Request) -> Response:
        return json_response(view(state, self.zone_or_404(state, request.path_params['id'])))

    async def add_zone(self, state: State, request: Request) -> Response:
        body = await body_object(request)
        name = member(body, 'Name')
        if not isinstance(name, str) or not name:
            raise bad('Name', 'is required')
        if not is_zone_name(name):
            raise bad('Name', 'may hold only letters, digits and dashes, 1 to 63 of them')
        region = member(body, 'Region')
        if not isinstance(region, str) or not region:
            raise bad('Region', 'is required')
        if region not in MAIN_REGIONS:
            raise bad('Region', f"'{region}' is not a main storage region ({', '.join(MAIN_REGIONS)})")
        replication = member(body, 'ReplicationRegions')
        codes = [] if replication is None else regions_of(replication, 'ReplicationRegions', region)
        tier = enum_value(body, 'ZoneTier', '0 (Standard) or 1 (Edge)')
        s3 = enum_value(body, 'StorageZoneType', '0 (NotSupported) or 1 (Supported)')
        if self.name_taken(state, name):
            raise ApiError(
                400,
                f"Failed adding the Storage Zone: the name '{name}' is already taken.",
                'storagezone.name_taken',
                'Name',
            )
        counters = state.data['storage_zone_ids']
        zone_id = max(counters['zone'], max(storage_zones(state), default=0) + 1)
        counters['zone'] = zone_id + 1
        zone = make_zone(state, zone_id, name, region, codes, tier, s3)
        storage_zones(state)[zone_id] = zone
        return json_response(view(state, zone), 201)

    async def check_availability(self, state: State, request: Request) -> Response:
        name = member(await body_object(request), 'Name')
        if not isinstance(name, str) or not name:
            raise bad('Name', 'is required')
        return json_response({'Available': is_zone_name(name) and not self.name_taken(state, name)})

    async def list_regions(self, state: State, request: Request) -> Response:
        return json_response(
            [{'Id': code, 'Name': name, 'Url': f'https://{region_host(code)}'} for code, name in REGIONS]
        )

    async def update_zone(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request.path_params['id'])
        body = await body_object(request)
        changes: dict[str, t.Any] = {}
        replication = member(body, 'ReplicationZones')
        if replication is not None:
            codes = regions_of(replication, 'ReplicationZones', zone['Region'])
            dropped = [code for code in zone['ReplicationRegions'] if code not in codes]
            if dropped:
                raise ApiError(
                    400,
                    f"ReplicationZones: replication regions can only be added; {', '.join(dropped)} cannot be removed.",
                    'storagezone.replication_region_removal',
                    'ReplicationZones',
                )
            changes['ReplicationRegions'] = codes
        origin = member(body, 'OriginUrl')
        if origin is not None:
            if not isinstance(origin, str) or (origin and not is_http_url(origin)):
                raise bad('OriginUrl', 'must be empty or an http:// or https:// URL with a host')
            changes['OriginUrl'] = origin or None
        path = member(body, 'Custom404FilePath')
        if path is not None:
            if not isinstance(path, str):
                raise bad('Custom404FilePath', 'must be a string')
            changes['Custom404FilePath'] = path or None
        rewrite = member(body, 'Rewrite404To200')
        if rewrite is not None:
            if not isinstance(rewrite, bool):
                raise bad('Rewrite404To200', 'must be true or false')
            changes['Rewrite404To200'] = rewrite
        zone.update(changes, DateModified=now())
        return no_content()

    async def delete_zone(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request.path_params['id'])
        with_pullzones = query_bool(request, 'deleteLinkedPullZones', True)
        for pullzone in linked(state, zone['Id']):
            if with_pullzones:
                del pullzones(state)[pullzone['Id']]
                forget_pullzone(state, pullzone['Id'])
            else:  # kept, without its origin
                pullzone['StorageZoneId'] = 0
                if pullzone.get('OriginType') == STORAGE_ZONE_ORIGIN:
                    pullzone['OriginType'] = 0
        del storage_zones(state)[zone['Id']]
        return no_content()

    async def reset_password(self, state: State, request: Request) -> Response:
        zone = self.zone_or_404(state, request.path_params['id'])
        zone.update(Password=password(state, zone['Id'], 'rw'), DateModified=now())
        return no_content()

    async def reset_read_only_password(self, state: State, request: Request) -> Response:
        zone_id = query_int(request, 'id', 0)
        if zone_id == 0:
            raise bad('id', 'is required')
        zone = self.zone_or_404(state, zone_id)
        zone.update(ReadOnlyPassword=password(state, zone['Id'], 'ro'), DateModified=now())
        return no_content()
