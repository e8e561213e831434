# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The account's audit log (GAPS "DNS, storage, Shield rules, audit log"; reference: ``GET /user/audit/{date}``), and
changes made as a person in the dashboard would make them (``POST {admin_url}/dashboard``).

Every write of the management API that is answered with a 2xx adds one entry (``observe``): its product and resource
type from the path, the resource's id (from the path, or from the answer of a create), the action, who made it and a
``Diff`` (the body sent, secrets masked). A write through the account's API key is made by actor ``api-key``
(``ActorType`` ``ApiKey``); one made through the admin endpoint ``POST /dashboard`` (body ``{method, path, body,
actor}``) goes through the same handlers, as the dashboard's own calls do, by the person ``actor`` (default
``owner@account.test``, ``ActorType`` ``User``). The seeded account has no entries: its objects were made before the
log's window.

State (``state.data``): ``audit_log`` (every entry, oldest first, as ``GET {admin_url}/state`` lists them).
"""

from __future__ import annotations

import datetime
import json
import re
import typing as t

from starlette.requests import Request
from starlette.responses import Response

from ..core import ACTOR, ApiError, Area, Endpoint, State, Write, json_body, json_response, query_int

API_ACTOR = ('api-key', 'ApiKey')
DASHBOARD_ACTOR = 'owner@account.test'
MAX_LIMIT = 10000
MASK = '********'
# Body keys whose values the log never holds (passwords, keys, tokens, certificates).
SECRET_KEY = re.compile(r'password|secret|key$|token|certificate', re.IGNORECASE)

# Product and resource type by path: the first pattern that matches names the resource; its ``id`` group (when the
# path holds the id) is the resource's id, else the answer of the create gives it.
RESOURCES: tuple[tuple[re.Pattern[str], str, str], ...] = tuple(
    (re.compile(pattern), product, kind)
    for pattern, product, kind in (
        (r'^/pullzone/(?P<id>\d+)(/|$)', 'CDN', 'PullZone'),
        (r'^/pullzone(/|$)', 'CDN', 'PullZone'),
        (r'^/purge', 'CDN', 'Purge'),
        (r'^/shield/shield-zone/(?P<id>\d+)/access-lists', 'Shield', 'AccessList'),
        (r'^/shield/shield-zone/(?P<id>\d+)', 'Shield', 'ShieldZone'),
        (r'^/shield/shield-zone', 'Shield', 'ShieldZone'),
        (r'^/shield/waf/custom-rule/(?P<id>\d+)', 'Shield', 'WafCustomRule'),
        (r'^/shield/waf/custom-rule', 'Shield', 'WafCustomRule'),
        (r'^/shield/rate-limit/(?P<id>\d+)', 'Shield', 'RateLimit'),
        (r'^/shield/rate-limit', 'Shield', 'RateLimit'),
        (r'^/dnszone/(?P<id>\d+)', 'DNS', 'DnsZone'),
        (r'^/dnszone', 'DNS', 'DnsZone'),
        (r'^/storagezone/(?P<id>\d+)', 'Storage', 'StorageZone'),
        (r'^/storagezone', 'Storage', 'StorageZone'),
        (r'^/mc/registries/(?P<id>\d+)', 'MagicContainers', 'Registry'),
        (r'^/mc/', 'MagicContainers', 'Registry'),
        (r'^/videolibrary/(?P<id>\d+)', 'Stream', 'VideoLibrary'),
        (r'^/database/v2/databases/(?P<id>[^/]+)', 'Database', 'Database'),
    )
)
# The operations on a DNS zone's records and DNSSEC, which the log files under the zone (their paths hold its id):
# each by its own name, so that a record deleted does not read as the zone deleted.
DNS_ACTIONS: tuple[tuple[str, re.Pattern[str], str], ...] = tuple(
    (method, re.compile(pattern), action)
    for method, pattern, action in (
        ('PUT', r'^/dnszone/\d+/records/?$', 'AddRecord'),
        ('POST', r'^/dnszone/\d+/records/\d+$', 'UpdateRecord'),
        ('DELETE', r'^/dnszone/\d+/records/\d+$', 'DeleteRecord'),
        ('POST', r'^/dnszone/\d+/dnssec$', 'EnableDnsSec'),
        ('DELETE', r'^/dnszone/\d+/dnssec$', 'DisableDnsSec'),
    )
)
# The keys of an answer that hold the new resource's id, in the order they are looked for.
ID_KEYS = ('Id', 'id', 'shieldZoneId', 'listId')


def audit_log(state: State) -> list[dict[str, t.Any]]:
    return t.cast(list, state.data.setdefault('audit_log', []))


def now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc)


def masked(value: t.Any) -> t.Any:
    if isinstance(value, dict):
        return {key: MASK if SECRET_KEY.search(str(key)) and item else masked(item) for key, item in value.items()}
    if isinstance(value, list):
        return [masked(item) for item in value]
    return value


def parsed(raw: bytes) -> t.Any:
    try:
        return json.loads(raw) if raw else None
    except ValueError:
        return None


def new_id(answer: t.Any) -> str | None:
    """The id of what a create made, from its answer (the object, or the Shield envelope around it)."""
    for candidate in (answer, answer.get('data') if isinstance(answer, dict) else None):
        if isinstance(candidate, dict):
            for key in ID_KEYS:
                if candidate.get(key) is not None:
                    return str(candidate[key])
    return None


def action_of(method: str, path: str, has_id: bool) -> str:
    """``Delete``, ``Create``, ``Update``, the operation a path names after its resource (``AddHostname``), or that of a
    DNS zone's records and DNSSEC (``AddRecord``, ``DeleteRecord``, ``EnableDnsSec`` …)."""
    for dns_method, pattern, action in DNS_ACTIONS:
        if method == dns_method and pattern.match(path):
            return action
    if method == 'DELETE':
        return 'Delete'
    last = path.rstrip('/').rsplit('/', 1)[-1]
    if not has_id:
        return 'Create'
    if last and not last.isdigit() and not re.fullmatch(r'[0-9a-f-]{36}', last):
        return last[:1].upper() + last[1:]
    return 'Update'


def timestamp(moment: datetime.datetime) -> str:
    return moment.strftime('%Y-%m-%dT%H:%M:%S.') + f'{moment.microsecond // 1000:03d}Z'


class AuditLog(Area):
    name = 'audit_log'
    endpoints = (
        Endpoint('api', 'GET', '/user/audit/{date}', 'read_log'),
        Endpoint('admin', 'POST', '/dashboard', 'dashboard'),
    )

    def seed(self, state: State, rng: t.Any) -> None:
        state.data['audit_log'] = []

    def snapshot(self, state: State) -> dict[str, list[t.Any]]:
        return {'audit_log': list(audit_log(state))}

    def observe(self, state: State, write: Write) -> None:
        if write.service != 'api':
            return
        for pattern, product, kind in RESOURCES:
            match = pattern.search(write.path)
            if match is None:
                continue
            has_id = 'id' in pattern.groupindex
            resource_id = match.group('id') if has_id else new_id(parsed(write.answer))
            body = parsed(write.body)
            if kind == 'ShieldZone' and not has_id and isinstance(body, dict) and write.method == 'PATCH':
                resource_id, has_id = str(body.get('shieldZoneId')), True  # the update names its zone in the body
            actor, actor_type = (write.actor, 'User') if write.actor else API_ACTOR
            audit_log(state).append(
                {
                    'Timestamp': timestamp(now()),
                    'Product': product,
                    'ResourceType': kind,
                    'ResourceId': resource_id,
                    'ResourceOwner': 'account',
                    'Action': action_of(write.method, write.path, has_id),
                    'ActorId': actor,
                    'ActorType': actor_type,
                    'Diff': json.dumps(masked(body), separators=(',', ':')) if body is not None else None,
                }
            )
            return

    async def read_log(self, state: State, request: Request) -> Response:
        raw = request.path_params['date']
        try:
            day = datetime.date.fromisoformat(raw[:10])
        except ValueError:
            raise ApiError(400, f"The value '{raw}' is not a valid date.", 'validation_error', 'date') from None
        limit = query_int(request, 'Limit', MAX_LIMIT, 1, MAX_LIMIT)
        order = request.query_params.get('Order') or 'Ascending'
        if order not in ('Ascending', 'Descending'):
            raise ApiError(400, f"The value '{order}' is not valid for Order.", 'validation_error', 'Order')
        token = request.query_params.get('ContinuationToken') or '0'
        if not token.isdigit():
            raise ApiError(400, 'The continuation token is not valid.', 'validation_error', 'ContinuationToken')
        filters = {
            key: set(request.query_params.getlist(key)) for key in ('Product', 'ResourceType', 'ResourceId', 'ActorId')
        }
        entries = [
            entry
            for entry in audit_log(state)
            if entry['Timestamp'][:10] == day.isoformat()
            and all(not wanted or str(entry[key]) in wanted for key, wanted in filters.items())
        ]
        if order == 'Descending':
            entries.reverse()
        start = int(token)
        page = entries[start : start + limit]
        more = start + limit < len(entries)
        return json_response(
            {
                'Logs': page,
                'HasMoreData': more,
                'ContinuationToken': str(start + limit) if more else None,
                'StartToken': None,
            }
        )

    async def dashboard(self, state: State, request: Request) -> Response:
        """The change a person makes in the dashboard: the same handler as the API's, another actor in the log."""
        body = await json_body(request)
        if not isinstance(body, dict) or not isinstance(body.get('path'), str) or not body['path'].startswith('/'):
            raise ApiError(400, 'the body must be {"method", "path" (from /), "body", "actor"}')
        method = str(body.get('method') or 'POST').upper()
        app = state.fixed.get('apps', {}).get('api')
        if app is None:
            raise ApiError(503, 'the management API is not served')
        path, query = (body['path'].split('?', 1) + [''])[:2]
        content = json.dumps(body.get('body')).encode() if body.get('body') is not None else b''
        scope = {
            'type': 'http',
            'asgi': {'version': '3.0'},
            'http_version': '1.1',
            'method': method,
            'scheme': 'http',
            'path': path,
            'raw_path': path.encode(),
            'root_path': '',
            'query_string': query.encode(),
            'headers': [(b'accesskey', state.api_key.encode()), (b'content-type', b'application/json')],
            'client': ('127.0.0.1', 0),
            'server': ('127.0.0.1', 0),
            ACTOR: str(body.get('actor') or DASHBOARD_ACTOR),
        }
        sent = False
        status: list[int] = []
        answer = bytearray()

        async def receive() -> dict[str, t.Any]:
            nonlocal sent
            if sent:
                return {'type': 'http.disconnect'}
            sent = True
            return {'type': 'http.request', 'body': content, 'more_body': False}

        async def send(message: t.MutableMapping[str, t.Any]) -> None:
            if message['type'] == 'http.response.start':
                status.append(int(message['status']))
            elif message['type'] == 'http.response.body':
                answer.extend(message.get('body', b''))

        await app(scope, receive, send)
        return json_response({'status': status[0] if status else None, 'answer': parsed(bytes(answer))})
