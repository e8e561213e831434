# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The custom access lists of a Shield zone: every path, body and answer, the records, and the writes that take more
than one request.

``AccessListApi(client, zone_id)`` sends the requests: the zone's overview (its lists, counts and limits), a list
with its content, create, patch (name, content), delete and the configuration (action, enabled flag).
``AccessLists(api)`` is what a run does with them: it takes its turn among the runs on the controller (``turn``),
reads the overview once, finds a list by name or id, and

- creates a list, configures it, and tells a list of the same name that another run created at the same time;
- changes the entries so that this run's own change stays: after a write that adds entries without naming the
  others (``purge: false``) or takes some out (``remove_entries``), the list is read again, and written again over
  what it holds now while another run's write (of what it had read before) undid this run's change;
- replaces a list whose type or description changes (which the API cannot change in place) through a new list under
  a temporary name, created complete before the old one is deleted, so that a run that stops half-way leaves
  nothing lost and the next run finishes it; in a zone with no room for a second list, the old list goes first, and
  a failed create is finished (its answer was lost) or undone (the old list restored as it was).

Entries: validated by list type (``check_entries``), written sorted one per line with the SHA-256 of exactly that
content (``content_of``). Nothing here needs ansible-core.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import (
    CallOptions,
    EdgeApiError,
    EdgeClient,
    EdgeFinding,
)
from ansible_collections.edge.platform.plugins.module_utils._locks import controller_lock
from ansible_collections.edge.platform.plugins.module_utils._shield import shield_request
from ansible_collections.edge.platform.plugins.module_utils._validation import COUNTRY_CODES, JA4_RE, text_problem

if t.TYPE_CHECKING:  # only for mypy
    from typing_extensions import Unpack

# ---- records ----------------------------------------------------------------------------------------


class ListItem(t.TypedDict, total=False):
    """A custom list of a zone's overview (``customLists``)."""

    listId: int
    configurationId: int
    name: str
    description: str
    isEnabled: bool
    type: int
    action: int
    entryCount: int
    lastUpdated: str


class Overview(t.TypedDict, total=False):
    """The access lists of a Shield zone: managed and custom lists, counts and limits."""

    managedLists: list[dict[str, object]]
    customLists: list[ListItem]
    customEntryCount: int
    customEntryLimit: int
    customListCount: int
    customListLimit: int


class ListAnswer(t.TypedDict, total=False):
    """A custom access list as the API answers it (spec 2.4)."""

    id: int
    name: str
    description: str
    type: int
    content: str
    checksum: str
    entryCount: int
    lastModified: str


class AccessList(t.TypedDict):
    """A custom access list as modules return it: the list (spec 2.4 without its content), its configuration's
    action and enabled flag, and its zone. A list check mode predicts has no ids yet."""

    id: int | None
    name: str | None
    description: str | None
    type: int | None
    checksum: str | None
    entryCount: int | None
    lastModified: str | None
    action: int | None
    isEnabled: bool | None
    configurationId: int | None
    shieldZoneId: int | None


class HeldList(AccessList, total=False):
    """A custom access list as a run holds it: also the entries its content holds (once read) and that content."""

    entries: frozenset[str]
    content: str


# The properties of a list answer that a held list takes over.
ANSWER_KEYS = ('id', 'name', 'description', 'type', 'checksum', 'entryCount', 'lastModified')


def returned(record: HeldList) -> AccessList:
    """The list as modules return it (without its entries and content)."""
    return t.cast(AccessList, {key: record.get(key) for key in AccessList.__annotations__})


def from_item(item: ListItem, zone_id: int) -> HeldList:
    """A list of the zone's overview as a run holds it (its content not read yet)."""
    return {
        'id': item.get('listId'),
        'name': item.get('name'),
        'description': item.get('description'),
        'type': item.get('type'),
        'checksum': None,
        'entryCount': item.get('entryCount'),
        'lastModified': item.get('lastUpdated'),
        'action': item.get('action'),
        'isEnabled': item.get('isEnabled'),
        'configurationId': item.get('configurationId'),
        'shieldZoneId': zone_id,
    }


def take_answer(record: HeldList, answer: ListAnswer | None) -> HeldList:
    """``record`` with what a list answer says of it."""
    for key in ANSWER_KEYS:
        value = (answer or {}).get(key)
        if value is not None:
            record[key] = value  # type: ignore[literal-required]
    return record


def with_entries(record: HeldList, entries: frozenset[str]) -> HeldList:
    """``record`` with ``entries`` and the content, checksum and count they are written as."""
    record['entries'] = entries
    record['content'], record['checksum'] = content_of(entries)
    record['entryCount'] = len(entries)
    return record


def predicted(zone_id: int | None, wanted: t.Mapping[str, t.Any]) -> HeldList:
    """The list a create of ``wanted`` (API values) would make, as check mode returns it."""
    record: HeldList = {
        'id': None,
        'name': wanted.get('name'),
        'description': wanted.get('description') or '',
        'type': wanted.get('type'),
        'checksum': None,
        'entryCount': None,
        'lastModified': None,
        'action': wanted.get('action'),
        'isEnabled': wanted.get('isEnabled'),
        'configurationId': None,
        'shieldZoneId': zone_id,
    }
    return with_entries(record, wanted.get('entries') or frozenset())


# ---- entries ----------------------------------------------------------------------------------------

ASN_MAX = 2**32 - 1
ENTRY_RULES = {
    'ip': 'IPv4 or IPv6 addresses, without a zone index',
    'cidr': 'IPv4 or IPv6 networks in CIDR notation such as 192.0.2.0/24, without host bits',
    'asn': 'autonomous system numbers from 1 to 4294967295, digits only',
    'country': 'ISO 3166-1 alpha-2 country codes such as DE',
    'organization': 'organization names without control characters',
    'ja4': 'JA4 fingerprints such as t13d1516h2_8daaf6152771_b186095e22b6',
}


def entry_set(values: t.Iterable[object]) -> frozenset[str]:
    """The entries as a set: each value trimmed (values that hold a line break are refused before, ``broken_lines``)."""
    return frozenset(str(value).strip() for value in values)


def broken_lines(values: t.Iterable[object]) -> list[str]:
    """The values that still hold a line break once trimmed: the content is one entry a line, so such a value
    would be written as several entries."""
    return [str(value) for value in values if len(str(value).strip().splitlines()) > 1]


def entries_of_content(content: str | None) -> frozenset[str]:
    """The set of entries a list's content holds (one a line; blank lines and surrounding white space ignored)."""
    return frozenset(line.strip() for line in (content or '').splitlines() if line.strip())


def _valid_ip(entry: str) -> bool:
    if '%' in entry:  # an IPv6 zone index (fe80::1%eth0) only means something on one host
        return False
    try:
        ipaddress.ip_address(entry)
    except ValueError:
        return False
    return True


def _valid_cidr(entry: str) -> bool:
    if '/' not in entry or '%' in entry:
        return False
    try:
        ipaddress.ip_network(entry, strict=True)
    except ValueError:
        return False
    return True


def _valid_asn(entry: str) -> bool:
    return re.match(r'^[0-9]{1,10}\Z', entry) is not None and 1 <= int(entry) <= ASN_MAX


def check_entries(list_type: str, entries: t.Iterable[str]) -> tuple[frozenset[str], list[str]]:
    """``(entries as written, bad entries)`` for a list type (an option name such as ``ip``).

    Country codes are written in upper case and JA4 fingerprints in lower case; every other entry as given.
    """
    good: set[str] = set()
    bad: list[str] = []
    for entry in entries:
        written = entry
        if list_type == 'ip':
            ok = _valid_ip(entry)
        elif list_type == 'cidr':
            ok = _valid_cidr(entry)
        elif list_type == 'asn':
            ok = _valid_asn(entry)
        elif list_type == 'country':
            written = entry.upper()
            ok = written in COUNTRY_CODES
        elif list_type == 'ja4':
            written = entry.lower()
            ok = JA4_RE.match(written) is not None
        else:  # organization names: any text a person can read
            ok = text_problem(entry) is None
        if ok:
            good.add(written)
        else:
            bad.append(entry)
    return frozenset(good), sorted(bad)


def entry_form(list_type: str) -> t.Callable[[object], object]:
    """An entry of a list of ``list_type`` as the service compares it: country codes in upper case, JA4
    fingerprints in lower case, addresses and networks in their canonical spelling (ValueError for an entry that is
    no such value); other entries as they are."""

    def form(entry: object) -> object:
        text = str(entry).strip()
        if list_type == 'country':
            return text.upper()
        if list_type == 'ja4':
            return text.lower()
        if list_type == 'ip':
            return str(ipaddress.ip_address(text))
        if list_type == 'cidr':
            return str(ipaddress.ip_network(text, strict=False))
        return text

    return form


def quoted(values: t.Sequence[str], limit: int = 10) -> str:
    """Up to ``limit`` values quoted, and how many more there are."""
    shown = ', '.join(f'"{value}"' for value in values[:limit])
    return f'{shown} and {len(values) - limit} more' if len(values) > limit else shown


def describe_bad_entries(list_type: str, bad: t.Sequence[str], limit: int = 10) -> str:
    count = '1 entry is' if len(bad) == 1 else f'{len(bad)} entries are'
    return f'{count} not valid for type {list_type} ({ENTRY_RULES[list_type]} expected): {quoted(bad, limit)}'


def content_of(entries: t.Iterable[str]) -> tuple[str, str]:
    """``(content, checksum)``: the entries sorted, one per line, and the SHA-256 of exactly that text."""
    content = '\n'.join(sorted(entries))
    return content, hashlib.sha256(content.encode('utf-8')).hexdigest()


# ---- the requests -----------------------------------------------------------------------------------


class AccessListApi:
    """The requests of the custom access lists of one Shield zone, each naming its operation in failures."""

    def __init__(self, client: EdgeClient, zone_id: int) -> None:
        self.client = client
        self.zone_id = zone_id

    def path(self, list_id: object = None) -> str:
        path = f'shield/shield-zone/{self.zone_id}/access-lists'
        return f'{path}/{list_id}' if list_id is not None else path

    def label(self, name: object = None, list_id: object = None) -> str:
        """``custom access list "name" (id) of shield zone N``, with what is known of the list."""
        text = f'"{name}"' if name else ''
        if list_id:
            text = f'{text} ({list_id})' if text else str(list_id)
        return f'custom access list {text} of shield zone {self.zone_id}'

    def of(self, record: t.Mapping[str, object]) -> str:
        return self.label(record.get('name'), record.get('id'))

    def _call(
        self, method: str, path: str, operation: str, missing: bool = False, **kwargs: Unpack[CallOptions]
    ) -> object:
        return shield_request(self.client, method, path, operation, missing, **kwargs)

    def overview(self, with_content: bool = False) -> Overview:
        """The zone's lists, counts and limits; ``with_content`` adds the ``content`` and ``checksum`` of each custom
        list, one request per list."""
        answer = self._call('GET', self.path(), f'list access lists of shield zone {self.zone_id}')
        overview = {key: value for key, value in answer.items() if key != 'error'} if isinstance(answer, dict) else {}
        if with_content:
            for item in overview.get('customLists') or []:
                detail = self.read(item.get('listId'), f'read {self.label(list_id=item.get("listId"))}')
                item.update({key: detail.get(key) for key in ('content', 'checksum')})
        return t.cast(Overview, overview)

    def read(self, list_id: object, operation: str) -> ListAnswer:
        """A list with its content."""
        return t.cast(ListAnswer, self._call('GET', self.path(list_id), operation) or {})

    def create(self, name: str, list_type: int, entries: frozenset[str], description: str | None) -> ListAnswer:
        content, checksum = content_of(entries)
        body = {'name': name, 'type': list_type, 'content': content, 'checksum': checksum}
        if description is not None:
            body['description'] = description
        return t.cast(ListAnswer, self._call('POST', self.path(), f'create {self.label(name)}', json_body=body) or {})

    def patch(
        self, record: t.Mapping[str, object], name: str | None = None, entries: frozenset[str] | None = None
    ) -> ListAnswer:
        """Rename a list and/or set its entries (absolute values: safe to repeat)."""
        body: dict[str, object] = {}
        if name is not None:
            body['name'] = name
        if entries is not None:
            body['content'], body['checksum'] = content_of(entries)
        answer = self._call(
            'PATCH', self.path(record['id']), f'update {self.of(record)}', json_body=body, idempotent=True
        )
        return t.cast(ListAnswer, answer or {})

    def delete(self, record: t.Mapping[str, object]) -> None:
        # The API's 404: gone already (a repeated delete whose first answer was lost).
        self._call('DELETE', self.path(record['id']), f'delete {self.of(record)}', missing=True)

    def configure(self, record: t.Mapping[str, object], settings: t.Mapping[str, object]) -> dict[str, object]:
        """Set the ``action`` and ``isEnabled`` of a list through its configuration; what the API answers."""
        answer = self._call(
            'PATCH',
            self.path(f"configurations/{record['configurationId']}"),
            f'configure {self.of(record)}',
            json_body=dict(settings),
            idempotent=True,
        )
        return answer if isinstance(answer, dict) else {}


# ---- what a run does ----------------------------------------------------------------------------------

# A list is replaced (a new type or description) by a new list under this name, which takes the list's name once
# the old one is deleted. A run that stops half-way leaves it behind for the rerun to finish.
REPLACING = '{name} (replacing list {list_id})'
REPLACING_RE = re.compile(r'(?P<name>.*) \(replacing list (?P<list_id>\d+)\)\Z', re.DOTALL)
# Re-reads after a change of entries that does not name the whole list, when another run wrote the list meanwhile.
MERGE_ATTEMPTS = 3
# The settings of a list that its configuration holds.
CONFIGURATION = ('action', 'isEnabled')


def replaces(item: t.Mapping[str, object], name: str, list_id: object = None) -> bool:
    """Whether ``item`` is the replacement of the list ``name`` (of the list ``list_id``, when given)."""
    match = REPLACING_RE.match(str(item.get('name') or ''))
    return (
        match is not None
        and match.group('name') == name
        and (list_id is None or match.group('list_id') == str(list_id))
    )


class ReplacementFailed(EdgeApiError):
    """A replacement in a zone without room for two lists failed after the old list was deleted: the old list was
    restored (``deleted`` is None), or could not be, and ``deleted`` is the list as it was, entries and all."""

    def __init__(self, cause: EdgeApiError, outcome: str, deleted: HeldList | None = None) -> None:
        self.outcome = outcome
        self.deleted = deleted
        super().__init__(cause.operation, cause.status, cause.message, cause.error_key, cause.field_errors)

    def __str__(self) -> str:
        return f'{super().__str__()}; {self.outcome}'


class AccessLists:
    """The custom access lists of one Shield zone as a run sees and changes them. ``notes`` say what the run found
    or did beyond its plan (a replacement finished, a lost answer)."""

    def __init__(self, api: AccessListApi) -> None:
        self.api = api
        self.overview: Overview = {}
        self.notes: list[str] = []

    @property
    def lists(self) -> list[ListItem]:
        return self.overview.get('customLists') or []

    def read(self) -> None:
        self.overview = self.api.overview()

    def turn(self) -> t.ContextManager[object]:
        """This run's turn at the zone's lists: the runs on this controller that change them take turns, from their
        read of the lists to their last write and read (``_locks.controller_lock``; the zone's limits count every
        list, so the turn is the zone's, not one list's)."""
        zone_id = self.api.zone_id
        what = f'the custom access lists of shield zone {zone_id}'
        return controller_lock(what, self.api.client.base_urls['api'], 'shield zone access lists', zone_id)

    # ---- finding ----

    def find(self, name: str | None, list_id: int | None, must_exist: bool) -> HeldList | None:
        """The list of ``list_id``, else the one called ``name`` (or the replacement a stopped run left for it);
        its content is not read. A clear error for several lists of the name, and for an id no list has when
        ``must_exist``."""
        if list_id is not None:
            matches = [item for item in self.lists if item.get('listId') == list_id]
        else:
            matches = [item for item in self.lists if item.get('name') == name]
        if len(matches) > 1:
            ids = ', '.join(str(item.get('listId')) for item in matches)
            raise EdgeFinding(
                f'find {self.api.label(name, list_id)}',
                f'{len(matches)} custom access lists are named "{name}" (ids {ids}); give id',
            )
        if not matches and list_id is not None:
            if must_exist:
                raise EdgeFinding(
                    f'find {self.api.label(name, list_id)}',
                    f'shield zone {self.api.zone_id} has no custom access list with id {list_id}',
                    'access_list.not_found',
                )
            return None
        if not matches:
            # A run that replaced the list stopped after deleting it: its replacement takes the name now.
            matches = [item for item in self.lists if replaces(item, t.cast(str, name))]
            if len(matches) != 1:
                return None
            self.notes.append(f"finish replacing the list: rename list {matches[0].get('listId')}")
        return from_item(matches[0], self.api.zone_id)

    def load(self, record: HeldList) -> HeldList:
        """``record`` with its content read (``entries``, ``content``)."""
        answer = self.api.read(record['id'], f'read {self.api.of(record)}')
        take_answer(record, answer)
        record['entries'] = entries_of_content(answer.get('content'))
        record['content'] = answer.get('content') or ''
        return record

    # ---- limits ----

    def limit_problem(
        self, current: HeldList | None, entries: frozenset[str] | None, name: str | None = None
    ) -> EdgeFinding | None:
        """Why the zone's limits refuse the list ``current`` with ``entries`` (None: those it holds), or a new list
        ``name`` (``current`` None) with ``entries``; None when they let it be."""
        overview = self.overview
        operation = f"update {self.api.of(current)}" if current is not None else f'create {self.api.label(name)}'
        list_limit, list_count = overview.get('customListLimit'), overview.get('customListCount')
        if list_count is None:
            list_count = len(self.lists)
        if current is None and list_limit is not None and list_count >= list_limit:
            return EdgeFinding(
                operation,
                f'shield zone {self.api.zone_id} already has {list_count} custom access lists, '
                f'its customListLimit is {list_limit}',
                'customListLimit',
            )
        entry_limit = overview.get('customEntryLimit')
        if entry_limit is None:
            return None
        held_entries = current.get('entries') if current is not None else None
        held_count = current.get('entryCount') if current is not None else None
        count = len(entries if entries is not None else held_entries or ())
        used = (overview.get('customEntryCount') or 0) - (held_count or 0)
        if used + count > entry_limit:
            return EdgeFinding(
                operation,
                f'{used + count} custom entries would exceed the customEntryLimit of {entry_limit} of shield zone '
                f'{self.api.zone_id} ({count} in this list, {used} in the others)',
                'customEntryLimit',
            )
        return None

    def room_for_both(self, values: t.Mapping[str, t.Any]) -> bool:
        """Whether the zone's limits let a replacement with ``values`` exist beside the list for a moment."""
        overview = self.overview
        lists = overview.get('customListCount')
        lists = len(self.lists) if lists is None else lists
        if overview.get('customListLimit') is not None and lists + 1 > overview['customListLimit']:
            return False
        entries = len(values.get('entries') or ())
        used = overview.get('customEntryCount') or 0
        return overview.get('customEntryLimit') is None or used + entries <= overview['customEntryLimit']

    # ---- writing ----

    def configure(self, record: HeldList, settings: t.Mapping[str, object], only_changes: bool = True) -> None:
        """Set the ``action`` and ``isEnabled`` that ``settings`` hold (with ``only_changes``, those that differ from
        ``record``'s) through the list's configuration; ``record`` takes them and what the API answers."""
        changes = {
            key: settings[key]
            for key in CONFIGURATION
            if key in settings and not (only_changes and settings[key] == record.get(key))
        }
        if not changes:
            return
        answer = self.api.configure(record, changes)
        record.update(t.cast(HeldList, changes))
        record.update(t.cast(HeldList, {key: answer[key] for key in CONFIGURATION if answer.get(key) is not None}))

    def create(self, values: t.Mapping[str, t.Any]) -> HeldList:
        """A new list with ``values`` (API values: name, type, description, entries, action, isEnabled)."""
        name = values['name']
        answer = self.api.create(name, values['type'], values.get('entries') or frozenset(), values.get('description'))
        created = take_answer(predicted(self.api.zone_id, values), answer)
        # The answer has no configuration: read it from the overview, which also shows a list of the same name that
        # another run created at the same time.
        lists = self.api.overview().get('customLists') or []
        twins = sorted(
            str(item.get('listId'))
            for item in lists
            if item.get('name') == name and item.get('listId') != created['id']
        )
        if twins:
            raise EdgeFinding(
                f'create {self.api.of(created)}',
                f"another custom access list named \"{name}\" appeared while this one was created "
                f"(id {', '.join(twins)}; this run created id {created['id']}): two runs created it at the same time. "
                'Delete one of them, or give id',
                'access_list.duplicate',
            )
        item = next((i for i in lists if i.get('listId') == created['id']), ListItem())
        created['configurationId'] = item.get('configurationId')
        created['action'], created['isEnabled'] = item.get('action'), item.get('isEnabled')
        if created['configurationId'] is not None:
            self.configure(created, values)
        return created

    def write_entries(self, record: HeldList, entries: frozenset[str]) -> None:
        """Set the entries of a list; ``record`` takes what the API answers."""
        answer = self.api.patch(record, entries=entries)
        take_answer(with_entries(record, entries), answer)

    def update(
        self, current: HeldList, changes: t.Mapping[str, t.Any], purge: bool, removing: frozenset[str]
    ) -> HeldList:
        """Write ``changes`` (API values) to a list. A change of entries that does not name the whole list (``purge``
        false, or entries taken out: those of ``removing`` the list held) is read back and kept (``merge_entries``)."""
        after = t.cast(HeldList, {**current, **changes})
        entries = changes.get('entries')
        if 'name' in changes or entries is not None:
            if entries is not None:
                with_entries(after, entries)
            take_answer(after, self.api.patch(current, name=changes.get('name'), entries=entries))
        if entries is not None:
            held = current.get('entries') or frozenset()
            added = entries - held if not purge else frozenset()
            removed = held & removing  # only what this run took out: an entry added meanwhile stays
            if added or removed:
                self.merge_entries(after, added, removed)
        self.configure(after, changes, only_changes=False)
        return after

    def merge_entries(self, record: HeldList, added: frozenset[str], removed: frozenset[str]) -> None:
        """Make sure this run's own change of entries stays: another run may have written the whole list meanwhile.

        The list is read again after the write; entries this run added that are missing, or removed that are back
        (the other run wrote what it had read before), are written again over what the list holds now, which keeps
        the other run's own change too. Success is reported only for what the last read holds.
        """
        for _attempt in range(MERGE_ATTEMPTS):
            answer = self.api.read(record['id'], f'read {self.api.of(record)} again')
            held = entries_of_content(answer.get('content'))
            if added <= held and not removed & held:
                take_answer(with_entries(record, held), answer)
                return
            self.write_entries(record, (held | added) - removed)
        raise EdgeFinding(
            f'update {self.api.of(record)}',
            f'other runs kept rewriting the list: the change of {len(added) + len(removed)} entries could not be kept '
            f'after {MERGE_ATTEMPTS} attempts; run again',
        )

    def delete(self, current: t.Mapping[str, object]) -> None:
        self.api.delete(current)

    def replace(self, current: HeldList, values: t.Mapping[str, t.Any]) -> HeldList:
        """Replace a list by a complete new one with ``values`` before deleting it; a rerun finishes what a failed
        run began.

        The new list is created (or, after a failed run, found) under a temporary name with every value the list
        should have, then the old list is deleted and the new one renamed. A zone with no room for both has the old
        list deleted first (``delete_then_create``).
        """
        name = values['name']
        pending = next((item for item in self.lists if replaces(item, name, current['id'])), None)
        temporary = {**values, 'name': REPLACING.format(name=name, list_id=current['id'])}
        if pending is None and not self.room_for_both(values):
            return self.delete_then_create(current, values)
        if pending is None:
            replacement = self.create(temporary)
        else:  # left by a run that stopped: bring it up to date (content and settings are set to values)
            replacement = from_item(pending, self.api.zone_id)
            self.write_entries(replacement, values.get('entries') or frozenset())
            self.configure(replacement, values, only_changes=False)
        self.delete(current)
        return self.update(replacement, {'name': name}, purge=True, removing=frozenset())

    def delete_then_create(self, current: HeldList, values: t.Mapping[str, object]) -> HeldList:
        """Replace a list where the zone has no room for two: the old list is deleted first.

        A create that fails is not the end: when its answer was lost after the API acted, the new list is there and
        is finished; otherwise the old list is created again as it was, so that a rerun finds it and replaces it
        again with every value it held (``ReplacementFailed`` without ``deleted``). Only when that fails too does the
        failure carry the old list as it was (``deleted``).
        """
        self.delete(current)
        try:
            return self.create(values)
        except EdgeApiError as error:
            failed = error
        lost = 'the zone had no room for a second list, so the old list was deleted first: '
        outcome = f'{lost}its values are in deleted_list, declare them and run again'
        deleted = ReplacementFailed(failed, outcome, current)
        try:
            lists = self.api.overview().get('customLists') or []
        except EdgeApiError:  # whether the create went through is unknown: a restored list could be a second one
            raise deleted from None
        named = [item for item in lists if item.get('name') == values['name']]
        if len(named) > 1:  # another run created one too: neither is restored over them
            raise deleted
        if named:
            try:
                return self.finish_created(named[0], values)
            except EdgeApiError as error:
                raise ReplacementFailed(error, outcome, current) from None
        kept = ('name', 'type', 'entries', 'description', 'action', 'isEnabled')
        restore = {key: value for key, value in current.items() if key in kept and value is not None}
        try:
            restored = self.create(restore)
        except EdgeApiError:
            raise deleted from None
        raise ReplacementFailed(
            failed,
            f'{lost}the replacement failed and the old list was restored as it was (id {restored["id"]}); '
            'run again to replace it',
        )

    def finish_created(self, item: ListItem, values: t.Mapping[str, t.Any]) -> HeldList:
        """Bring a list that a create made (whose answer was lost) to ``values``: entries, action, enabled flag."""
        record = self.load(from_item(item, self.api.zone_id))
        self.notes.append(f"the answer to the create was lost: list {record['id']} was created and is finished")
        entries = values.get('entries') or frozenset()
        if record.get('entries') != entries:
            self.write_entries(record, entries)
        self.configure(record, values)
        return record
