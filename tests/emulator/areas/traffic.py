# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Live traffic: ``POST {admin_url}/traffic`` adds Shield events and CDN log rows now.

Bodies (answered 201 with what was stored):

- ``{"shield_zone_id": N, "events": [{...}, ...]}``: entries added to the zone's event logs
  (``logId``, ``timestamp``, ``log``, ``labels``; missing ones filled in, timestamps now;
  ``log`` may be an object laid over a default WAF block, see ``shield_events.live_entry``);
- ``{"pullzone_id": N, "rows": [{...}, ...]}``: rows added to the pull zone's CDN logs
  (v2 names; missing ones filled in, timestamps now);
- ``{"kind": "attack", "shield_zone_id": N, "ip": "...", "count": N}``: a burst of ``count``
  blocked WAF events from ``ip`` (default 20), and as many 403 rows from it in the CDN logs
  of the zone's pull zone.

The first two may come in one body. An unknown zone is 404, a malformed body 400.
"""

from __future__ import annotations

import ipaddress
import typing as t

from starlette.requests import Request
from starlette.responses import Response

from ..core import ApiError, Area, Endpoint, State, json_body, json_response
from .cdn_logs import append_rows, attack_rows
from .shield import zones
from .shield_events import append_events, attack_events

MAX_ITEMS = 10000
DEFAULT_ATTACK_COUNT = 20


def positive_int(body: dict[str, t.Any], name: str, default: int | None = None) -> int:
    value = body.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ApiError(400, f'{name} must be a positive integer, got {value!r}.')
    return value


def check_size(items: t.Any, name: str) -> None:
    if isinstance(items, list) and len(items) > MAX_ITEMS:
        raise ApiError(400, f'{name} may hold at most {MAX_ITEMS} items, got {len(items)}.')


class Traffic(Area):
    name = 'traffic'
    endpoints = (Endpoint('admin', 'POST', '/traffic', 'traffic'),)

    async def traffic(self, state: State, request: Request) -> Response:
        body = await json_body(request)
        if not isinstance(body, dict):
            raise ApiError(400, 'the body must be a JSON object')
        kind = body.get('kind')
        if kind == 'attack':
            return json_response(self.attack(state, body), 201)
        if kind is not None:
            raise ApiError(400, f"kind must be 'attack', got {kind!r}.")
        answer: dict[str, t.Any] = {}
        if 'events' in body or 'shield_zone_id' in body:
            check_size(body.get('events'), 'events')
            zone_id = positive_int(body, 'shield_zone_id')
            answer.update(shield_zone_id=zone_id, events=append_events(state, zone_id, body.get('events')))
        if 'rows' in body or 'pullzone_id' in body:
            check_size(body.get('rows'), 'rows')
            pullzone_id = positive_int(body, 'pullzone_id')
            answer.update(pullzone_id=pullzone_id, rows=append_rows(state, pullzone_id, body.get('rows')))
        if not answer:
            raise ApiError(400, 'give shield_zone_id with events, pullzone_id with rows, or kind attack')
        return json_response(answer, 201)

    def attack(self, state: State, body: dict[str, t.Any]) -> dict[str, t.Any]:
        zone_id = positive_int(body, 'shield_zone_id')
        count = positive_int(body, 'count', DEFAULT_ATTACK_COUNT)
        if count > MAX_ITEMS:
            raise ApiError(400, f'count may be at most {MAX_ITEMS}, got {count}.')
        try:
            ip = str(ipaddress.ip_address(str(body.get('ip') or '').strip()))
        except ValueError:
            raise ApiError(400, f"ip must be an IP address, got {body.get('ip')!r}.") from None
        if zone_id not in zones(state):
            raise ApiError(404, f'Shield Zone {zone_id} was not found.')
        pullzone_id = zones(state)[zone_id]['pullZoneId']
        return {
            'shield_zone_id': zone_id,
            'pullzone_id': pullzone_id,
            'ip': ip,
            'events': attack_events(state, zone_id, ip, count),
            'rows': attack_rows(state, pullzone_id, ip, count),
        }
