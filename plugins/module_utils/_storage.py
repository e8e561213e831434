# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The storage zone API (``{base_url}/storagezone``): every path, body and answer of storage zones, and the records
they travel as.

``StorageApi(client)`` is the one way modules talk to this area: the listing (core paging, ``search``), one zone, the
regions, a create (StorageZoneModelAdd, then the settings the create cannot carry), an update (StorageZoneSettingsModel,
answered without a body, so read back) and a delete that never takes the pull zones using the zone with it. Records
keep the API's own property names (StorageZoneModel is PascalCase); each holds the zone's two passwords and the
pull zones it is the origin of, secrets and all: ``mask_storage_zone`` before they are shown.
"""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import (
    AnswerOptions,
    EdgeApiError,
    EdgeClient,
    EdgeFinding,
)
from ansible_collections.edge.platform.plugins.module_utils._errors import CORE
from ansible_collections.edge.platform.plugins.module_utils._lookup import list_core, only_one, select_records
from ansible_collections.edge.platform.plugins.module_utils._pullzones import mask_pullzone
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._secrets import MASK

if t.TYPE_CHECKING:  # only for mypy
    from typing_extensions import Unpack

    from ansible_collections.edge.platform.plugins.module_utils._client import Response


class StorageZone(t.TypedDict, total=False):
    """StorageZoneModel: the properties the collection reads itself (the API's answer carries every one)."""

    Id: int
    Name: str
    Password: str | None
    ReadOnlyPassword: str | None
    Region: str
    ReplicationRegions: list[str]
    ZoneTier: int
    Rewrite404To200: bool
    Custom404FilePath: str | None
    OriginUrl: str | None
    PullZones: list[Record]


#: Every property of StorageZoneModel, in the reference's order, and ``OriginUrl`` (what the update sets).
PROPERTIES = (
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
    'PullZones',
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
)
#: What a create sends beside ``Name`` (StorageZoneModelAdd); the settings an update sends are the others.
CREATE_FIELDS = ('Region', 'ReplicationRegions', 'ZoneTier', 'StorageZoneType')
#: StorageZoneSettingsModel's names of the properties it sets, where they differ from StorageZoneModel's.
SETTING_NAMES = {'ReplicationRegions': 'ReplicationZones'}
PASSWORDS = frozenset(('Password', 'ReadOnlyPassword'))


def mask_storage_zone(zone: Record, passwords: bool = True) -> Record:
    """The storage zone with the secrets of the pull zones it lists masked, and its passwords unless ``passwords``
    is false, in place (the caller owns the record). Only secrets that are set are masked."""
    if passwords:
        for key in PASSWORDS:
            if zone.get(key) not in (None, ''):
                zone[key] = MASK
    for pullzone in zone.get('PullZones') or ():
        if isinstance(pullzone, dict):
            mask_pullzone(pullzone)
    return zone


class StorageApi:
    """The requests of the storage zone area, each naming its operation in failures."""

    def __init__(self, client: EdgeClient) -> None:
        self.client = client

    def _call(self, method: str, path: str, operation: str, **kwargs: Unpack[AnswerOptions]) -> Response:
        return self.client.request(method, path, operation, errors=CORE, **kwargs)

    # ---- reading ----

    def listing(self, search: str | None = None) -> t.Iterator[Record]:
        """Every storage zone (matching ``search``), page by page with the largest page, one page held at a time."""
        return list_core(self.client, 'storagezone', 'list storage zones', {'search': search} if search else None)

    def get(self, zone_id: int) -> Record | None:
        """One storage zone, or None when the API says it does not exist."""
        zone = self.client.get_or_none(f'storagezone/{zone_id}', f'read storage zone {zone_id}', errors=CORE)
        return t.cast('Record | None', zone)

    def named(self, name: str) -> list[Record]:
        """The storage zones called exactly ``name`` (the name is also the search term)."""
        return select_records(lambda: self.listing(search=name), name=name, id_key='Id', name_key='Name')

    def find(self, zone_id: int | None = None, name: str | None = None) -> Record | None:
        """The storage zone of ``zone_id``, or the one called ``name`` (None when there is none; several are an
        error: names are unique across the service)."""
        if zone_id is not None:
            return self.get(zone_id)
        matches = self.named(t.cast(str, name))
        return only_one(matches, t.cast(str, name), 'storage zone', 'storage zones', 'id') if matches else None

    def regions(self) -> list[str]:
        """The codes of the regions a storage zone can use (``Id`` of StorageRegionModel), in the API's order."""
        answer = self.client.get('storagezone/regions', 'list storage regions', errors=CORE)
        return [str(region['Id']) for region in answer or () if isinstance(region, dict) and region.get('Id')]

    # ---- writing ----

    def create(self, name: str, values: Record) -> Record:
        """A new storage zone called ``name``: its StorageZoneModelAdd fields of ``values`` in the create, then the
        settings of ``values`` it cannot carry in an update. A create is never repeated: when its answer is lost,
        the zone is looked up by name, and found it is the one this request made."""
        body = {'Name': name, **{key: value for key, value in values.items() if key in CREATE_FIELDS}}
        operation = f'create storage zone "{name}"'
        try:
            answer = self._call('POST', 'storagezone', operation, json_body=body).json()
        except EdgeApiError as error:
            if error.status is not None or not self.client.wrote:
                raise
            found = self.named(name)  # the answer was lost after the request left: did the server act?
            if len(found) != 1:
                raise
            answer = found[0]
        if not isinstance(answer, dict) or answer.get('Id') is None:
            answer = only_one(self.named(name), name, 'storage zone', 'storage zones', 'id')
        settings = {key: value for key, value in values.items() if key not in CREATE_FIELDS}
        return self.update(int(answer['Id']), settings) if settings else answer

    def update(self, zone_id: int, settings: Record) -> Record:
        """Change ``settings`` (StorageZoneModel names; absolute values, so safe to repeat) and return the zone as the
        API now has it (the update answers without a body)."""
        body = {SETTING_NAMES.get(key, key): value for key, value in settings.items()}
        self._call('POST', f'storagezone/{zone_id}', f'update storage zone {zone_id}', json_body=body, idempotent=True)
        zone = self.get(zone_id)
        if zone is None:
            raise EdgeFinding(f'read storage zone {zone_id}', 'the storage zone was gone right after its update')
        return zone

    def delete(self, zone_id: int) -> None:
        """Delete the storage zone, never the pull zones that use it (``deleteLinkedPullZones=false``: the API
        keeps them without that origin). A zone that is gone already (a repeated delete whose first answer was
        lost) is what was asked."""
        self._call(
            'DELETE',
            f'storagezone/{zone_id}',
            f'delete storage zone {zone_id}',
            params={'deleteLinkedPullZones': 'false'},
            ok_statuses=(404,),
        )
