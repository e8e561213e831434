# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``shield_access_list``: a custom access list of a Shield zone."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Enum, Option, Table

ACCESS_LIST_TYPES = Enum('AccessListType', {'ip': 0, 'cidr': 1, 'asn': 2, 'country': 3, 'organization': 4, 'ja4': 5})
ACCESS_LIST_ACTIONS = Enum(
    'AccessListAction', {'none': 0, 'allow': 1, 'block': 2, 'challenge': 3, 'log': 4, 'bypass': 5}
)

TABLE = Table(
    Option(
        'shield_zone_id',
        'int',
        (
            'Id of the Shield zone the list belongs to.',
            'Exactly one of O(shield_zone_id), O(pullzone_id) and O(pullzone_name) is required.',
        ),
    ),
    Option(
        'pullzone_id',
        'int',
        (
            'Id of the pull zone whose Shield zone the list belongs to.',
            'When the pull zone has no Shield zone, O(state=present) fails and O(state=absent) reports no change.',
        ),
    ),
    Option(
        'pullzone_name',
        'str',
        (
            'Exact name of the pull zone whose Shield zone the list belongs to, looked up in the pull zone list.',
            'Fails when no pull zone or more than one has this name.',
        ),
    ),
    Option(
        'name',
        'str',
        (
            'Name of the custom access list. Lists are found by this name unless O(id) is given.',
            'Required to create a list. With O(id), a different name renames the list.',
            'At least one of O(name) and O(id) is required.',
        ),
        api='name',
    ),
    Option(
        'id',
        'int',
        (
            'Id of the custom access list (its C(id), the C(listId) of the list overview).',
            'When no list of the Shield zone has this id, O(state=present) fails and O(state=absent) reports no '
            'change.',
        ),
    ),
    Option(
        'type',
        'str',
        (
            'What the entries are. Required to create a list.',
            'V(ip) IPv4 or IPv6 addresses, V(cidr) networks such as V(192.0.2.0/24) (no host bits set), V(asn) '
            'autonomous system numbers (digits only), V(country) ISO 3166-1 alpha-2 codes (written in upper case), '
            'V(organization) organization names, V(ja4) JA4 fingerprints.',
            'A change replaces the list by a new one (new id) with the same name and values.',
        ),
        enum=ACCESS_LIST_TYPES,
        api='type',
    ),
    Option(
        'description',
        'str',
        'Description of the list. A change replaces the list by a new one (new id) with the same name and values.',
        api='description',
    ),
    Option(
        'entries',
        'list',
        (
            'The entries of the list, as a set.',
            "Each item is one entry, trimmed. An item that holds a line break is refused, since the list's content "
            'is one entry a line; give the lines of a file as items, for example with C(splitlines()). Duplicates '
            'and order are ignored.',
            'With O(purge=true) these become the whole list; with O(purge=false) missing ones are added and the '
            'others stay.',
            'When not set, the entries are not managed (a new list is created empty).',
        ),
        elements='str',
        api='entries',
        unordered=True,
    ),
    Option(
        'remove_entries',
        'list',
        (
            'Entries taken out of the list when it holds them; all other entries stay. Entries it does not hold are '
            'no change.',
            'Items are trimmed and checked like O(entries) (one entry an item; against the list type, country codes '
            'and JA4 fingerprints compared as they are written), before anything is written.',
            'As with O(purge=false) additions, the list is read again after the write, and written again when '
            "another run's write (of what it had read before) brought back an entry this run removed; an entry that "
            'another run added meanwhile stays.',
            'With O(purge=false), O(entries) are added and these removed in one write. Refused together with '
            'O(entries) when O(purge=true) (the entries are then the whole list), when an entry is in both, and with '
            'O(state=absent).',
            'When the list does not exist and no O(type) is given (nor O(entries), O(description), O(action), '
            'O(enabled)), the task fails with C(failure.error_key) C(access_list.not_found) and creates nothing. '
            'With O(type), the list is created, without these entries.',
        ),
        elements='str',
    ),
    Option(
        'purge',
        'bool',
        (
            'Whether entries not in O(entries) are removed.',
            'To take out only some entries, give them in O(remove_entries) instead.',
        ),
        default=True,
    ),
    Option(
        'action',
        'str',
        (
            'What the Shield zone does with requests that match the list.',
            "Set through the list's configuration.",
        ),
        enum=ACCESS_LIST_ACTIONS,
        api='action',
    ),
    Option(
        'enabled',
        'bool',
        "Whether the list is applied (C(isEnabled) of the list's configuration).",
        api='isEnabled',
    ),
    Option(
        'return_content',
        'bool',
        "Return the list's C(content) in RV(access_list). Off by default, as a list can hold many thousands of "
        'entries.',
        default=False,
    ),
    Option(
        'state',
        'str',
        'V(present) creates or updates the list, V(absent) deletes it.',
        choices=('present', 'absent'),
        default='present',
    ),
)
