# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The Shield zone API: every path, request body and answer of Shield zones, and the records they travel as.

``ShieldApi(client)`` is the one way modules and event sources talk to Shield zones (read by id or by pull zone,
listed page by page, the pull zone mapping, create, update, bot detection and upload scanning); the custom access
lists of a zone are in ``_shield_access_lists`` and the event logs in ``_shield_events``. Every request passes the
Shield error shapes (``_errors.SHIELD``) and reads the ``{data, error}`` envelope, whose ``success: false`` is a
failure even in a 2xx answer. A read whose 404 means "none" tells the API's own 404 from that of another
service (a wrong base address), which fails naming the address.

Also here: the Shield enumerations by name, the scope options (a Shield zone id, or the pull zone it protects),
and ISO 8601 timestamps as the API writes them.
"""

from __future__ import annotations

import datetime
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import (
    CallOptions,
    EdgeClient,
    EdgeFinding,
    iter_pages,
)
from ansible_collections.edge.platform.plugins.module_utils._errors import SHIELD, unsaved_answer
from ansible_collections.edge.platform.plugins.module_utils._pullzones import PullZoneApi
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._timespec import parse_iso

if t.TYPE_CHECKING:  # only for mypy
    from typing_extensions import Unpack

# ---- records ----------------------------------------------------------------------------------------


class ShieldZone(t.TypedDict, total=False):
    """A Shield zone (spec 2.3, with the properties the service adds): the properties the collection reads itself."""

    shieldZoneId: int
    pullZoneId: int
    planType: int
    premiumPlan: bool
    learningMode: bool
    learningModeUntil: str | None
    wafEnabled: bool
    wafExecutionMode: int
    wafDisabledRules: list[str]
    wafLogOnlyRules: list[str]
    wafCustomRuleOrder: list[int]
    wafEngineConfig: list[dict[str, str]]
    dDoSShieldSensitivity: int
    dDoSChallengeWindow: int


INT32_MAX = 2**31 - 1


# The parts of a Shield zone read and changed through endpoints of their own, and the settings of each that the
# create request carries at its top level (under another name); the others are patched after the create.
BOT_DETECTION = 'bot-detection'
UPLOAD_SCANNING = 'upload-scanning'
CREATE_TOP_LEVEL = {
    BOT_DETECTION: {'executionMode': 'botDetectionExecutionMode'},
    UPLOAD_SCANNING: {'csamScanningMode': 'csamScanningMode', 'antivirusScanningMode': 'antivirusScanningMode'},
}


def flatten(prefix: str, data: t.Mapping[str, object]) -> Record:
    """A part's settings as dotted keys: ``{'a': {'b': 1}}`` → ``{'<prefix>a.b': 1}`` (the part's
    ``shieldZoneId`` is left out)."""
    flat: Record = {}
    for key, value in data.items():
        if key == 'shieldZoneId':
            continue
        if isinstance(value, dict):
            flat.update(flatten(f'{prefix}{key}.', value))
        else:
            flat[prefix + key] = value
    return flat


def nest(flat: t.Mapping[str, object]) -> Record:
    """The inverse of ``flatten``: dotted keys become the nested objects the API takes."""
    nested: Record = {}
    for key, value in flat.items():
        node = nested
        *parents, leaf = key.split('.')
        for parent in parents:
            node = node.setdefault(parent, {})
        node[leaf] = value
    return nested


# The largest page the module asks the Shield zone list for: the management API's largest list page
# (spec 8 gives perPage 5..1000 for pull zones; the Shield list states no bound and pages the same way).
ZONE_PAGE_SIZE = 1000

# ---- the {data, error} envelope -----------------------------------------------------------------


def envelope_data(body: object, operation: str, status: int | None = 200) -> object:
    """The ``data`` of a Shield answer (answers without ``data``, such as a list overview, whole)."""
    error = unsaved_answer(operation, status, body)
    if error is not None:
        raise error
    return body['data'] if isinstance(body, dict) and 'data' in body else body


def shield_request(
    client: EdgeClient, method: str, path: str, operation: str, missing: bool = False, **kwargs: Unpack[CallOptions]
) -> object:
    """One Shield request with the area's error shapes; its envelope's ``data``. With ``missing``, a 404 answers None
    when the API itself says so (another service's 404 fails, naming the address)."""
    response = client.request(
        method,
        path,
        operation,
        ok_statuses=(404,) if missing else (),
        refused=lambda answer: unsaved_answer(operation, answer.status, answer.json()),
        errors=SHIELD,
        **kwargs,
    )
    if client.says_missing(response, SHIELD):
        return None
    return envelope_data(response.json(), operation, response.status)


def no_shield_zone(pullzone_id: int | None) -> EdgeFinding:
    return EdgeFinding(
        f'find shield zone of pull zone {pullzone_id}',
        f'pull zone {pullzone_id} has no shield zone (create one with edge.platform.shield_zone)',
        'shield_zone.not_found',
    )


# ---- the scope options: a Shield zone id, or the pull zone it protects --------------------------------

# The options that say which shield zone a module works on (all but the shield_zone module); their types and docs
# are in the modules' tables (_tables/scopes.py EVENT_LOG_SCOPE, _tables/shield_zone_info.py).
SCOPE_OPTIONS = ('shield_zone_id', 'pullzone_id', 'pullzone_name')


def scope_problem(params: t.Mapping[str, object], options: t.Sequence[str] = SCOPE_OPTIONS) -> str | None:
    """What is wrong with the scope options (before any request), or None."""
    for option in options:
        value = params.get(option)
        if option == 'pullzone_name':
            if isinstance(value, str) and not value.strip():
                return 'pullzone_name must not be empty'
        elif value is not None and not (isinstance(value, int) and 1 <= value <= 2**63 - 1):
            return f'{option} must be a positive integer, got {value}'
    return None


# ---- the API ------------------------------------------------------------------------------------------


class ShieldApi:
    """The requests of Shield zones, each naming its operation in failures."""

    def __init__(self, client: EdgeClient) -> None:
        self.client = client

    def _call(
        self, method: str, path: str, operation: str, missing: bool = False, **kwargs: Unpack[CallOptions]
    ) -> object:
        return shield_request(self.client, method, path, operation, missing, **kwargs)

    # ---- reading ----

    def zone(self, zone_id: int) -> Record | None:
        """One Shield zone, or None when the API says there is none of that id."""
        data = self._call('GET', f'shield/shield-zone/{zone_id}', f'read shield zone {zone_id}', missing=True)
        return data if isinstance(data, dict) and data.get('shieldZoneId') is not None else None

    def zone_of_pullzone(self, pullzone_id: int) -> Record | None:
        """The Shield zone of a pull zone, or None when the API says it has none."""
        data = self._call(
            'GET',
            f'shield/shield-zone/get-by-pullzone/{pullzone_id}',
            f'read shield zone of pull zone {pullzone_id}',
            missing=True,
        )
        return data if isinstance(data, dict) and data.get('shieldZoneId') is not None else None

    def zones(self) -> t.Iterator[Record]:
        """Every Shield zone of the account, page by page with the largest page, one page held at a time."""

        def fetch(page: int) -> object:
            operation = f'list shield zones (page {page})'
            body = self.client.get(
                'shield/shield-zones', operation, params={'page': page, 'perPage': ZONE_PAGE_SIZE}, errors=SHIELD
            )
            envelope_data(body, operation)  # only to raise on success: false
            return body

        def items_of(body: object) -> list[Record]:
            data = body.get('data') if isinstance(body, dict) else None
            return [zone for zone in data or [] if isinstance(zone, dict)]

        def next_of(body: object, page: int) -> int | None:
            following = (body.get('page') or {}).get('nextPage') if isinstance(body, dict) else None
            # Only forward: an API that answered the same page again would otherwise be read forever.
            return following if isinstance(following, int) and following > page and items_of(body) else None

        return iter_pages(fetch, items_of, next_of, 1)

    def zones_with_pullzones(self) -> list[Record]:
        """Every Shield zone, each with the pull zone the mapping gives it (else the one the list gives): the listing
        and one more request."""
        zones = list(self.zones())
        mapping = self.pullzone_mapping() if zones else {}
        for zone in zones:
            zone['pullZoneId'] = mapping.get(zone['shieldZoneId'], zone.get('pullZoneId'))
        return zones

    def pullzone_mapping(self) -> dict[int, int]:
        """The pull zone of each active Shield zone, by Shield zone id."""
        data = self._call('GET', 'shield/shield-zones/pullzone-mapping', 'read the pull zones of the shield zones')
        return {
            int(item['shieldZoneId']): int(item['pullZoneId'])
            for item in (data if isinstance(data, list) else [])
            if isinstance(item, dict) and item.get('shieldZoneId') is not None and item.get('pullZoneId') is not None
        }

    def part(self, zone_id: int, part: str) -> Record:
        """The settings of a part of a Shield zone (``BOT_DETECTION``, ``UPLOAD_SCANNING``)."""
        data = self._call(
            'GET', f'shield/shield-zone/{zone_id}/{part}', f"read {part.replace('-', ' ')} of shield zone {zone_id}"
        )
        return data if isinstance(data, dict) else {}

    # ---- writing ----

    def create_zone(self, pullzone_id: int, zone: Record, top_level: Record) -> Record:
        """A new Shield zone for a pull zone with the settings ``zone``, and ``top_level`` settings of its parts (by
        their names in ``CREATE_TOP_LEVEL``); the answer's data (``pullZoneId``, ``shieldZone``, the top-level
        settings), empty when it has none."""
        data = self._call(
            'POST',
            'shield/shield-zone',
            f'create shield zone for pull zone {pullzone_id}',
            json_body={'pullZoneId': pullzone_id, 'shieldZone': zone, **top_level},
        )
        return data if isinstance(data, dict) else {}

    def update_zone(self, zone_id: int, changes: Record) -> Record | None:
        """Change the settings ``changes`` of a Shield zone (absolute values: safe to repeat); the zone as the API
        answers it, when it does."""
        data = self._call(
            'PATCH',
            'shield/shield-zone',
            f'update shield zone {zone_id}',
            json_body={'shieldZoneId': zone_id, 'shieldZone': changes},
            idempotent=True,
        )
        zone = data.get('shieldZone') if isinstance(data, dict) else None
        return zone if isinstance(zone, dict) else None

    def update_part(self, zone_id: int, part: str, values: Record) -> Record | None:
        """Change settings of a part of a Shield zone (``values`` nested as the API nests them)."""
        data = self._call(
            'PATCH',
            f'shield/shield-zone/{zone_id}/{part}',
            f"update {part.replace('-', ' ')} of shield zone {zone_id}",
            json_body=dict(values, shieldZoneId=zone_id),
            idempotent=True,
        )
        return data if isinstance(data, dict) else None

    # ---- the scope of a module ----

    def resolve_pullzone(self, pullzone_id: int | None, pullzone_name: str | None) -> int:
        """The pull zone id: given, or found by exact name (a clear error when none or several match)."""
        if pullzone_id is not None:
            return pullzone_id
        if pullzone_name is None:
            raise EdgeFinding('find pull zone', 'pullzone_id or pullzone_name is required')
        return PullZoneApi(self.client).resolve_id(pullzone_name)

    def scope(self, params: t.Mapping[str, t.Any]) -> tuple[int | None, int | None]:
        """``(shield_zone_id, pullzone_id)`` from the scope options: the Shield zone id is None when the pull zone
        has no Shield zone; the pull zone id is None when the Shield zone id was given."""
        if params.get('shield_zone_id') is not None:
            return int(params['shield_zone_id']), None
        pullzone_id = self.resolve_pullzone(params.get('pullzone_id'), params.get('pullzone_name'))
        zone = self.zone_of_pullzone(pullzone_id)
        return (int(zone['shieldZoneId']) if zone else None), pullzone_id

    def require_zone_id(self, params: t.Mapping[str, t.Any]) -> int:
        """The Shield zone id from the scope options; a clear error when the pull zone has none."""
        zone_id, pullzone_id = self.scope(params)
        if zone_id is None:
            raise no_shield_zone(pullzone_id)
        return zone_id


# ---- timestamps -------------------------------------------------------------------------------------


def format_timestamp(value: datetime.datetime) -> str:
    """``YYYY-MM-DDTHH:MM:SSZ`` (with microseconds only when there are some)."""
    pattern = '%Y-%m-%dT%H:%M:%S.%fZ' if value.microsecond else '%Y-%m-%dT%H:%M:%SZ'
    return value.astimezone(datetime.timezone.utc).strftime(pattern)


def normalize_timestamp(text: str) -> str:
    return format_timestamp(parse_iso(text))


def same_instant(current: object, wanted: object) -> bool:
    """Two timestamps (strings or None) that name the same instant."""
    if current in (None, '') or wanted in (None, ''):
        return current in (None, '') and wanted in (None, '')
    try:
        return parse_iso(str(current)) == parse_iso(str(wanted))
    except ValueError:
        return bool(current == wanted)
