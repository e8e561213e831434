# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Shield event logs (pages and CSV export) area of the emulator.

Spec 2.5, 4.4, 4.5, 7.2 and 8, with the filter fields and operators of spec/GAPS.md
("Shield event logs"):

- ``GET /shield/event-logs/{shieldZoneId}/{MM-dd-yyyy}/{continuationToken}``: one page
  (``PAGE_SIZE`` entries, oldest first) of the day's logs in the page wrapper ``{logs,
  hasMoreData, continuationToken, startToken, errorResponse}``. The first page is asked
  for with an empty token (``…/{date}/``) or none (``…/{date}``). ``startToken`` is the
  token of the page itself, ``continuationToken`` that of the next page (``""`` when
  ``hasMoreData`` is false). Tokens are opaque strings, bound to the zone and the day.
- ``POST /shield/event-logs/{shieldZoneId}/export`` ``{from, to, query, filters}``: the
  whole filtered set of the window (``from`` <= timestamp <= ``to``, epoch ms) as
  ``text/csv`` with a header line, streamed.

Errors:

- an unknown shield zone: 404 in the Shield envelope (``shield_zone.not_found``);
- a date that is not ``MM-dd-yyyy``, an export body that is not valid (fields, filters,
  a window that does not end after it starts or does not lie within the last 72 hours):
  400 problem object (``title`` is the error key);
- a day outside the kept logs (today and the two days before, UTC) or a continuation
  token the API did not give for this zone and day: 400 with the page wrapper whose
  ``errorResponse`` is ``{success: false, message, errorKey}``
  (``invalid_datetime_window.event_logs``, ``invalid_continuation_token``).

A window bound may be off by ``GRACE_MS`` (clock skew and retries).

Events are not stored: each shield zone seeded has an event rate (``state.data
['shield_event_rates']``, events per hour, some zones quiet), and the events of each
minute are derived from a hash of (scale, zone, minute), with an occasional burst. So
the logs are deterministic per seed, the same whenever they are read (new ones only
appear as time passes), and cost no memory at any scale. Zones created later have no
events.

Live traffic (``POST {admin_url}/traffic``, see ``traffic.py``) is stored: ``append_events``
adds entries to ``state.data['shield_live_events']`` (by zone, then epoch minute). A
minute's entries are the generated ones, then the appended ones in the order they came,
sorted by timestamp (a stable sort), so an entry added at "now" lands after every entry
already served and a reader that follows the tokens sees it on its next read.

Filters: ``eq``/``in`` match a value exactly, ``contains`` a substring and ``wildcard``
a pattern (``*`` any run), both case-insensitive; ``cidr`` (``ip`` only) an address in
a network. Values of one filter are OR-combined, filters AND-combined. ``query`` is a
case-insensitive substring of the IP, ruleId, URL, User-Agent or rule name.
"""

from __future__ import annotations

import base64
import csv
import datetime
import hashlib
import io
import ipaddress
import json
import random
import re
import typing as t
import uuid

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from ..core import ApiError, Area, Endpoint, State, json_body, json_response, problem_error
from .pullzones import pullzones
from .shield import zones

UTC = datetime.timezone.utc
EVENT_LOGS_PATH = '/shield/event-logs/{zone_id:int}'
PAGE_SIZE = 100
RETENTION_DAYS = 3  # today and the two days before
EXPORT_WINDOW_MS = 72 * 3600 * 1000
GRACE_MS = 60 * 1000
MINUTE_MS = 60 * 1000
DAY_MINUTES = 24 * 60

FILTER_FIELDS = ('feature', 'ruleId', 'ip', 'ja4', 'ua', 'url', 'asn', 'country', 'action')
FILTER_OPS = ('eq', 'in', 'contains', 'cidr', 'wildcard')
CSV_COLUMNS = (
    'logId',
    'timestamp',
    'datetime',
    'action',
    'feature',
    'ruleId',
    'ruleName',
    'ruleGroup',
    'severity',
    'ip',
    'asn',
    'country',
    'method',
    'url',
    'status',
    'ua',
    'ja4',
    'serverZone',
)
OK_RESPONSE = {'success': True, 'message': '', 'errorKey': ''}

# ruleId, rule name, ruleGroup, severity, feature
RULES = (
    ('942100', 'SQL Injection Attack Detected via libinjection', 'SQLI', 'CRITICAL', 'waf'),
    ('942190', 'Detects MSSQL code execution and information gathering attempts', 'SQLI', 'CRITICAL', 'waf'),
    ('941100', 'XSS Attack Detected via libinjection', 'XSS', 'CRITICAL', 'waf'),
    ('930100', 'Path Traversal Attack (/../)', 'LFI', 'CRITICAL', 'waf'),
    ('930120', 'OS File Access Attempt', 'LFI', 'CRITICAL', 'waf'),
    ('932100', 'Remote Command Execution: Unix Command Injection', 'RCE', 'CRITICAL', 'waf'),
    ('933100', 'PHP Injection Attack: PHP Open Tag Found', 'PHP', 'CRITICAL', 'waf'),
    ('944100', 'Remote Command Execution: Suspicious Java class detected', 'JAVA', 'CRITICAL', 'waf'),
    ('913100', 'Found User-Agent associated with security scanner', 'SCANNER', 'CRITICAL', 'waf'),
    ('920350', 'Host header is a numeric IP address', 'PROTOCOL', 'WARNING', 'waf'),
    ('920170', 'GET or HEAD Request with Body Content', 'PROTOCOL', 'CRITICAL', 'waf'),
    ('921110', 'HTTP Request Smuggling Attack', 'PROTOCOL', 'CRITICAL', 'waf'),
    ('RL-1001', 'Rate limit exceeded', 'RATE_LIMIT', 'WARNING', 'rate_limit'),
    ('BOT-2001', 'Automated client detected', 'BOT', 'NOTICE', 'bot_detection'),
    ('AL-3001', 'Custom access list match', 'ACCESS_LIST', 'NOTICE', 'access_list'),
    ('DDOS-4001', 'DDoS challenge issued', 'DDOS', 'WARNING', 'ddos'),
)
# action by weight (out of 20)
ACTIONS = ('block',) * 11 + ('log',) * 5 + ('challenge',) * 4
METHODS = ('GET',) * 6 + ('POST',) * 3 + ('HEAD', 'PUT')
PATHS = (
    '/wp-login.php',
    "/index.php?id=1' OR '1'='1",
    '/.env',
    '/api/v1/users?limit=1000',
    '/search?q=<script>alert(1)</script>',
    '/../../etc/passwd',
    '/admin/config.php',
    '/cgi-bin/bash',
    '/graphql',
    '/static/app.js',
    '/xmlrpc.php',
    '/api/login',
    '/?cmd=cat%20/etc/shadow',
    '/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php',
)
USER_AGENTS = (
    'sqlmap/1.7.2#stable (https://sqlmap.org)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    'curl/8.4.0',
    'python-requests/2.31.0',
    'Nikto/2.5.0',
    'Go-http-client/1.1',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) '
    'Version/17.1 Mobile/15E148 Safari/604.1',
    'masscan/1.3',
)
JA4 = (
    't13d1516h2_8daaf6152771_b0da82dd1658',
    't13d1715h2_5b57614c22b0_3d5424432f57',
    't12d190800_d83cc789557e_7af1ed941c26',
    't13d311100_e8f1e7e78f70_d41ae481755e',
    'q13d0310h3_55b375c5d22e_cd85d2d88918',
)
# country, asn of the client networks
NETWORKS = (
    ('US', '15169'),
    ('US', '16509'),
    ('DE', '24940'),
    ('NL', '14061'),
    ('CN', '4134'),
    ('RU', '12389'),
    ('BR', '28573'),
    ('IN', '55836'),
    ('FR', '16276'),
    ('SG', '45102'),
    ('VN', '7552'),
    ('GB', '2856'),
)
SERVER_ZONES = ('DE', 'UK', 'NY', 'LA', 'SG', 'SYD', 'JP', 'BR')
# Attacking clients: addresses from the documentation ranges, each with one network.
CLIENTS = tuple(
    (address, NETWORKS[index % len(NETWORKS)])
    for index, address in enumerate(
        [f'192.0.2.{n}' for n in range(10, 26)]
        + [f'198.51.100.{n}' for n in range(40, 56)]
        + [f'203.0.113.{n}' for n in range(70, 86)]
        + [f'2001:db8:{n:x}::7' for n in range(1, 9)]
    )
)

DATE_RE = re.compile(r'^(\d{2})-(\d{2})-(\d{4})$')


def now_ms() -> int:
    """The emulator's clock (tests replace it)."""
    return int(datetime.datetime.now(UTC).timestamp() * 1000)


def rates(state: State) -> dict[int, float]:
    """Events per hour of each shield zone that has event logs."""
    return state.data['shield_event_rates']


def live_events(state: State) -> dict[int, dict[int, list[dict[str, t.Any]]]]:
    """Entries added by live traffic: by shield zone id, then epoch minute, in the order added."""
    return state.data['shield_live_events']


def zone_host(state: State, zone_id: int) -> str:
    """The hostname the requests of a shield zone's events went to: the last hostname of its pull zone."""
    pullzone = pullzones(state).get(zones(state)[zone_id].get('pullZoneId')) or {}
    hostnames = [hostname.get('Value') for hostname in pullzone.get('Hostnames') or [] if hostname.get('Value')]
    return hostnames[-1] if hostnames else f'zone-{zone_id}.example.com'


def problem(status: int, key: str, message: str) -> Response:
    return json_response(problem_error(status, key, message), status)


def wrapper_error(status: int, key: str, message: str) -> Response:
    return json_response(
        {
            'logs': None,
            'hasMoreData': False,
            'continuationToken': None,
            'startToken': None,
            'errorResponse': {'success': False, 'message': message, 'errorKey': key},
        },
        status,
    )


# ---- generated events ------------------------------------------------------------------------------


def _digest(*parts: t.Any) -> bytes:
    return hashlib.blake2b(':'.join(str(part) for part in parts).encode(), digest_size=32).digest()


class Events:
    """The generated events of one shield zone."""

    def __init__(
        self, scale: int, zone_id: int, rate: float, host: str, live: dict[int, list[dict[str, t.Any]]] | None = None
    ) -> None:
        self.scale = scale
        self.zone_id = zone_id
        self.per_minute = rate / 60.0
        self.host = host
        self.live = live or {}

    def count(self, minute: int) -> int:
        """How many events happen in an epoch minute."""
        if self.per_minute <= 0:
            return 0
        digest = _digest('count', self.scale, self.zone_id, minute)
        fraction = int.from_bytes(digest[:4], 'big') / 2**32
        count = int(self.per_minute + fraction)
        if int.from_bytes(digest[4:8], 'big') % 720 == 0:  # about twice a day: an attack burst
            count += 25 + digest[8] % 35
        return count

    def minute(self, minute: int) -> list[dict[str, t.Any]]:
        """The events of an epoch minute, oldest first."""
        events = [self.event(minute, index) for index in range(self.count(minute))]
        events.sort(key=lambda event: (event['timestamp'], event['logId']))
        live = self.live.get(minute)
        if live:
            # Stable: appended entries follow the generated ones of the same millisecond, in the order added.
            events = sorted(events + live, key=lambda event: event['timestamp'])
        return events

    def event(self, minute: int, index: int) -> dict[str, t.Any]:
        digest = _digest('event', self.scale, self.zone_id, minute, index)
        number = int.from_bytes(digest, 'big')
        hexa = digest[:16].hex()
        timestamp = minute * MINUTE_MS + int.from_bytes(digest[16:20], 'big') % MINUTE_MS
        rule_id, rule_name, group, severity, feature = RULES[digest[20] % len(RULES)]
        action = ACTIONS[digest[21] % len(ACTIONS)]
        ip, (country, asn) = CLIENTS[(digest[22] + self.zone_id) % len(CLIENTS)]
        method = METHODS[digest[23] % len(METHODS)]
        path = PATHS[digest[24] % len(PATHS)]
        user_agent = USER_AGENTS[digest[25] % len(USER_AGENTS)]
        ja4 = JA4[digest[26] % len(JA4)]
        server_zone = SERVER_ZONES[digest[27] % len(SERVER_ZONES)]
        status = {'block': '403', 'challenge': '429'}.get(action) or ('200', '200', '301', '404', '500')[digest[28] % 5]
        url = f'https://{self.host}{path}'
        log_id = f'{hexa[:8]}-{hexa[8:12]}-{hexa[12:16]}-{hexa[16:20]}-{hexa[20:32]}'
        context = {
            'action': action,
            'feature': feature,
            'host': self.host,
            'ip': ip,
            'ja4': ja4,
            'method': method,
            'message': f'{rule_name} (rule {rule_id})',
            'requestId': f'{number % 10**12:012d}',
            'ruleId': rule_id,
            'ruleName': rule_name,
            'ua': user_agent,
            'url': url,
        }
        return {
            'logId': log_id,
            'timestamp': timestamp,
            'log': json.dumps(context, sort_keys=True, separators=(',', ':')),
            'labels': {
                'asn': asn,
                'country': country,
                'ruleId': rule_id,
                'severity': severity,
                'method': method,
                'ruleGroup': group,
                'status': status,
                'serverZone': server_zone,
            },
        }

    def between(self, start_ms: int, end_ms: int) -> t.Iterator[dict[str, t.Any]]:
        """Events with ``start_ms <= timestamp <= end_ms``, oldest first."""
        for minute in range(start_ms // MINUTE_MS, end_ms // MINUTE_MS + 1):
            for event in self.minute(minute):
                if start_ms <= event['timestamp'] <= end_ms:
                    yield event


def dimensions(event: dict[str, t.Any]) -> dict[str, str]:
    """The filterable fields of an event (the names of the filter ``field``), plus ruleName."""
    context = json.loads(event['log'])
    labels = event['labels']
    return {
        'feature': context['feature'],
        'ruleId': labels['ruleId'],
        'ip': context['ip'],
        'ja4': context['ja4'],
        'ua': context['ua'],
        'url': context['url'],
        'asn': labels['asn'],
        'country': labels['country'],
        'action': context['action'],
        'ruleName': context['ruleName'],
    }


# ---- live traffic -------------------------------------------------------------------------------------

RULES_BY_ID = {rule[0]: rule for rule in RULES}
WAF_RULES = tuple(rule for rule in RULES if rule[4] == 'waf')
STATUS_OF_ACTION = {'block': '403', 'challenge': '429'}


def live_entry(host: str, given: dict[str, t.Any], timestamp: int) -> dict[str, t.Any]:
    """An event log entry from what a traffic request gives, the missing fields filled in.

    ``given`` may hold the entry's own fields (``logId``, ``timestamp``, ``log``, ``labels``);
    ``log`` as a string is kept, as an object it is laid over a WAF block of a default
    client, so ``{"log": {"ip": "192.0.2.7", "ruleId": "RL-1001"}}`` is enough.
    """
    unknown = sorted(set(given) - {'logId', 'timestamp', 'log', 'labels'})
    if unknown:
        raise ApiError(400, f"'{unknown[0]}' is not a field of an event log entry (logId, timestamp, log, labels).")
    log = given.get('log')
    context_given = log if isinstance(log, dict) else {}
    if log is not None and not isinstance(log, (str, dict)):
        raise ApiError(400, 'log must be a string or an object.')
    rule_id, rule_name, group, severity, feature = RULES_BY_ID.get(str(context_given.get('ruleId')), RULES[0])
    ip = str(context_given.get('ip') or '203.0.113.66')
    try:
        ipaddress.ip_address(ip)
    except ValueError:
        raise ApiError(400, f'log.ip must be an IP address, got {ip!r}.') from None
    path = str(context_given.get('path') or PATHS[0])
    context = {
        'action': 'block',
        'feature': feature,
        'host': host,
        'ip': ip,
        'ja4': JA4[0],
        'method': 'GET',
        'message': f'{rule_name} (rule {rule_id})',
        'requestId': uuid.uuid4().hex[:12],
        'ruleId': rule_id,
        'ruleName': rule_name,
        'ua': USER_AGENTS[0],
        'url': f'https://{host}{path}',
    }
    context.update({key: value for key, value in context_given.items() if key != 'path'})
    country, asn = next((network for address, network in CLIENTS if address == ip), ('US', '15169'))
    labels = {
        'asn': asn,
        'country': country,
        'ruleId': str(context['ruleId']),
        'severity': severity,
        'method': str(context['method']),
        'ruleGroup': group,
        'status': STATUS_OF_ACTION.get(str(context['action']), '200'),
        'serverZone': SERVER_ZONES[0],
    }
    labels_given = given.get('labels') or {}
    if not isinstance(labels_given, dict):
        raise ApiError(400, 'labels must be an object.')
    labels.update({key: str(value) for key, value in labels_given.items()})
    stamp = given.get('timestamp', timestamp)
    if not isinstance(stamp, int) or isinstance(stamp, bool):
        raise ApiError(400, 'timestamp must be Unix time in milliseconds.')
    return {
        'logId': str(given.get('logId') or uuid.uuid4()),
        'timestamp': stamp,
        'log': log if isinstance(log, str) else json.dumps(context, sort_keys=True, separators=(',', ':')),
        'labels': labels,
    }


def append_events(state: State, zone_id: int, given: list[t.Any]) -> list[dict[str, t.Any]]:
    """Add entries to a shield zone's event logs (timestamps now unless given); returns them as stored."""
    if zone_id not in zones(state):
        raise ApiError(404, f'Shield Zone {zone_id} was not found.')
    if not isinstance(given, list) or not given or not all(isinstance(item, dict) for item in given):
        raise ApiError(400, 'events must be a non-empty list of objects.')
    host = zone_host(state, zone_id)
    now = now_ms()
    entries = [live_entry(host, item, now) for item in given]
    by_minute = live_events(state).setdefault(zone_id, {})
    for entry in entries:
        by_minute.setdefault(entry['timestamp'] // MINUTE_MS, []).append(entry)
    return entries


def attack_events(state: State, zone_id: int, ip: str, count: int) -> list[dict[str, t.Any]]:
    """A burst of ``count`` blocked WAF events from one client, now, cycling through the WAF rules."""
    return append_events(
        state,
        zone_id,
        [
            {
                'log': {
                    'ip': ip,
                    'ruleId': WAF_RULES[number % len(WAF_RULES)][0],
                    'ua': USER_AGENTS[0],
                    'path': PATHS[number % len(PATHS)],
                    'method': 'POST' if number % 3 == 0 else 'GET',
                }
            }
            for number in range(count)
        ],
    )


# ---- continuation tokens -------------------------------------------------------------------------------


def _signature(scale: int, payload: str) -> str:
    return hashlib.blake2b(f'token:{scale}:{payload}'.encode(), digest_size=6).hexdigest()


def make_token(scale: int, zone_id: int, day: datetime.date, minute: int, index: int) -> str:
    payload = f'{zone_id}.{day:%Y%m%d}.{minute}.{index}'
    raw = f'{payload}.{_signature(scale, payload)}'.encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip('=')


def read_token(scale: int, zone_id: int, day: datetime.date, token: str) -> tuple[int, int] | None:
    """``(minute, index)`` of a token given for this zone and day, or None."""
    try:
        raw = base64.urlsafe_b64decode(token + '=' * (-len(token) % 4)).decode()
        zone, date_text, minute, index, signature = raw.split('.')
        payload = f'{zone}.{date_text}.{minute}.{index}'
        if signature != _signature(scale, payload) or int(zone) != zone_id or date_text != f'{day:%Y%m%d}':
            return None
        return int(minute), int(index)
    except (ValueError, UnicodeDecodeError):
        return None


# ---- filters -----------------------------------------------------------------------------------------------

Matcher = t.Callable[[dict[str, str]], bool]


def _wildcard(pattern: str) -> re.Pattern[str]:
    return re.compile('^' + '.*'.join(re.escape(part) for part in pattern.split('*')) + '$', re.IGNORECASE | re.DOTALL)


def compile_filter(index: int, item: t.Any) -> Matcher:
    """A predicate over event dimensions; ApiError 400 (problem) when the filter is not valid."""
    where = f'filters[{index}]'
    if not isinstance(item, dict):
        raise ApiError(400, f'{where} must be an object with field, op and value.', 'validation_error')
    unknown = sorted(set(item) - {'field', 'op', 'value'})
    if unknown:
        raise ApiError(400, f'{where}.{unknown[0]} is not a property of a filter.', 'validation_error')
    field, op, values = item.get('field'), item.get('op'), item.get('value')
    if field not in FILTER_FIELDS:
        raise ApiError(400, f"{where}.field '{field}' is not one of {', '.join(FILTER_FIELDS)}.", 'validation_error')
    if op not in FILTER_OPS:
        raise ApiError(400, f"{where}.op '{op}' is not one of {', '.join(FILTER_OPS)}.", 'validation_error')
    if not isinstance(values, list) or not values or not all(isinstance(value, str) for value in values):
        raise ApiError(400, f'{where}.value must be a non-empty array of strings.', 'validation_error')
    if op == 'cidr':
        if field != 'ip':
            raise ApiError(400, f'{where}: the cidr operator applies to the ip field only.', 'validation_error')
        try:
            networks = [ipaddress.ip_network(value.strip(), strict=False) for value in values]
        except ValueError as exc:
            raise ApiError(400, f'{where}.value: {exc}.', 'validation_error') from None

        def in_network(row: dict[str, str]) -> bool:
            address = ipaddress.ip_address(row['ip'])
            return any(address.version == network.version and address in network for network in networks)

        return in_network
    if op in ('eq', 'in'):
        wanted = frozenset(values)
        return lambda row: row[field] in wanted
    if op == 'contains':
        parts = [value.lower() for value in values]
        return lambda row: any(part in row[field].lower() for part in parts)
    patterns = [_wildcard(value) for value in values]
    return lambda row: any(pattern.match(row[field]) for pattern in patterns)


def compile_query(query: str) -> Matcher:
    needle = query.lower()
    return lambda row: any(needle in row[key].lower() for key in ('ip', 'ruleId', 'url', 'ua', 'ruleName'))


def csv_chunks(events: t.Iterable[dict[str, t.Any]], matchers: list[Matcher], batch: int = 500) -> t.Iterator[bytes]:
    """The CSV (header first) in chunks of ``batch`` rows."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_COLUMNS)
    rows = 0
    for event in events:
        row = dimensions(event)
        if not all(match(row) for match in matchers):
            continue
        labels = event['labels']
        moment = datetime.datetime.fromtimestamp(event['timestamp'] / 1000, UTC)
        writer.writerow(
            (
                event['logId'],
                event['timestamp'],
                moment.strftime('%Y-%m-%dT%H:%M:%S.') + f'{moment.microsecond // 1000:03d}Z',
                row['action'],
                row['feature'],
                row['ruleId'],
                row['ruleName'],
                labels['ruleGroup'],
                labels['severity'],
                row['ip'],
                row['asn'],
                row['country'],
                labels['method'],
                row['url'],
                labels['status'],
                row['ua'],
                row['ja4'],
                labels['serverZone'],
            )
        )
        rows += 1
        if rows % batch == 0:
            yield buffer.getvalue().encode()
            buffer.seek(0)
            buffer.truncate()
    yield buffer.getvalue().encode()


# ---- the area ----------------------------------------------------------------------------------------------


class ShieldEvents(Area):
    name = 'shield_events'
    endpoints = (
        Endpoint('api', 'POST', f'{EVENT_LOGS_PATH}/export', 'export'),
        # The first page is asked for without a token, with or without the slash.
        Endpoint('api', 'GET', f'{EVENT_LOGS_PATH}/{{date}}', 'page'),
        Endpoint('api', 'GET', f'{EVENT_LOGS_PATH}/{{date}}/', 'page'),
        Endpoint('api', 'GET', f'{EVENT_LOGS_PATH}/{{date}}/{{token}}', 'page'),
    )

    def seed(self, state: State, rng: random.Random) -> None:
        """Event rates of the seeded shield zones: the first busy, the third quiet, the others in between."""
        state.data['shield_event_rates'] = {}
        for index, zone_id in enumerate(sorted(zones(state))):
            if index == 0:
                rate = 40.0
            elif index == 2:
                rate = 0.0
            else:
                rate = float(rng.choice((2, 6, 12, 24)))
            rates(state)[zone_id] = rate
        state.data['shield_live_events'] = {}

    def events(self, state: State, zone_id: int) -> Events:
        return Events(
            state.scale,
            zone_id,
            rates(state).get(zone_id, 0.0),
            zone_host(state, zone_id),
            live_events(state).get(zone_id),
        )

    def zone_or_404(self, state: State, zone_id: int) -> None:
        if zone_id not in zones(state):
            raise ApiError(404, f'Shield Zone {zone_id} was not found.', 'shield_zone.not_found', 'shieldZoneId')

    async def page(self, state: State, request: Request) -> Response:
        zone_id = request.path_params['zone_id']
        self.zone_or_404(state, zone_id)
        date_text = request.path_params['date']
        token = request.path_params.get('token') or ''
        match = DATE_RE.match(date_text)
        try:
            day = datetime.date(int(match.group(3)), int(match.group(1)), int(match.group(2))) if match else None
        except ValueError:
            day = None
        if day is None:
            return problem(400, 'validation_error', f"The date '{date_text}' is not a date in the format MM-dd-yyyy.")
        now = now_ms()
        today = datetime.datetime.fromtimestamp(now / 1000, UTC).date()
        if not today - datetime.timedelta(days=RETENTION_DAYS - 1) <= day <= today:
            return wrapper_error(
                400,
                'invalid_datetime_window.event_logs',
                'You can only view the past 3 days (72 hours) of Event Logs.',
            )
        day_start = int(datetime.datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp()) // 60
        last_minute = min(day_start + DAY_MINUTES - 1, now // MINUTE_MS)
        position = (day_start, 0)
        if token:
            position = read_token(state.scale, zone_id, day, token)
            if position is None or not day_start <= position[0] <= day_start + DAY_MINUTES:
                return wrapper_error(
                    400,
                    'invalid_continuation_token',
                    'The continuation token is not valid for this Shield Zone and date.',
                )
        events = self.events(state, zone_id)
        logs: list[dict[str, t.Any]] = []
        minute, index = position
        following: tuple[int, int] | None = None
        while minute <= last_minute:
            batch = [event for event in events.minute(minute) if event['timestamp'] <= now]
            if index < len(batch) and len(logs) >= PAGE_SIZE:
                following = (minute, index)
                break
            take = batch[index : index + PAGE_SIZE - len(logs)]
            logs.extend(take)
            index += len(take)
            if index < len(batch):
                following = (minute, index)
                break
            minute, index = minute + 1, 0
        has_more = following is not None
        return json_response(
            {
                'logs': logs,
                'hasMoreData': has_more,
                'continuationToken': make_token(state.scale, zone_id, day, *following) if following else '',
                'startToken': make_token(state.scale, zone_id, day, *position),
                'errorResponse': dict(OK_RESPONSE),
            }
        )

    async def export(self, state: State, request: Request) -> Response:
        zone_id = request.path_params['zone_id']
        self.zone_or_404(state, zone_id)
        body = await json_body(request)
        if not isinstance(body, dict):
            return problem(400, 'validation_error', 'The request body must be a JSON object with from and to.')
        unknown = sorted(set(body) - {'from', 'to', 'query', 'filters'})
        if unknown:
            return problem(400, 'validation_error', f"'{unknown[0]}' is not a property of an export request.")
        start, end = body.get('from'), body.get('to')
        for name, value in (('from', start), ('to', end)):
            if not isinstance(value, int) or isinstance(value, bool):
                return problem(400, 'validation_error', f'{name} is required: Unix time in milliseconds.')
        now = now_ms()
        if end <= start:
            return problem(400, 'invalid_datetime_window.event_logs', 'to must be after from.')
        if start < now - EXPORT_WINDOW_MS - GRACE_MS or end > now + GRACE_MS:
            return problem(
                400, 'invalid_datetime_window.event_logs', 'The export window must lie within the last 72 hours.'
            )
        query = body.get('query')
        if query is not None and not isinstance(query, str):
            return problem(400, 'validation_error', 'query must be a string.')
        filters = body.get('filters')
        if filters is not None and not isinstance(filters, list):
            return problem(400, 'validation_error', 'filters must be an array.')
        try:
            matchers = [compile_filter(number, item) for number, item in enumerate(filters or [])]
        except ApiError as error:
            return problem(error.status, error.key or 'validation_error', error.message)
        if query:
            matchers.append(compile_query(query))
        events = self.events(state, zone_id).between(start, min(end, now))
        return StreamingResponse(
            csv_chunks(events, matchers),
            media_type='text/csv',
            headers={'Content-Disposition': f'attachment; filename="shield-event-logs-{zone_id}-{start}-{end}.csv"'},
        )
