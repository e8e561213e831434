# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""select_records: what every info module returns, by id, by exact name, or all."""

from __future__ import annotations

import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils._lookup import select_records

RECORDS = [{'id': 'a', 'name': 'web'}, {'id': 'b', 'name': 'web'}, {'id': 'c', 'name': 'Web'}]


class Listing:
    """A listing that counts the records it has given (how far paging went)."""

    def __init__(self) -> None:
        self.calls = 0
        self.given = 0

    def __call__(self) -> t.Iterator[dict[str, t.Any]]:
        self.calls += 1
        for record in RECORDS:
            self.given += 1
            yield record


@pytest.mark.parametrize(
    'record_id, name, expected',
    [
        (None, None, ['a', 'b', 'c']),
        (None, 'web', ['a', 'b']),  # exact: 'Web' is another name
        (None, 'nothing', []),
        ('b', None, ['b']),
        ('z', None, []),
    ],
)
def test_records_by_id_by_exact_name_or_all(record_id: str | None, name: str | None, expected: list[str]) -> None:
    assert [record['id'] for record in select_records(Listing(), record_id=record_id, name=name)] == expected


def test_a_search_by_id_stops_paging_at_the_match() -> None:
    listing = Listing()
    assert select_records(listing, record_id='a') == [RECORDS[0]]
    assert listing.given == 1


def test_a_direct_read_leaves_the_listing_alone() -> None:
    listing = Listing()
    assert select_records(listing, record_id='x', read_one=lambda record_id: {'id': record_id}) == [{'id': 'x'}]
    assert select_records(listing, record_id='y', read_one=lambda record_id: None) == []
    assert listing.calls == 0


def test_other_keys_name_the_id_and_the_name() -> None:
    zones = [{'Id': 1, 'Name': 'assets'}, {'Id': 2, 'Name': 'web'}]
    assert select_records(lambda: zones, name='web', id_key='Id', name_key='Name') == [zones[1]]
    assert select_records(lambda: zones, record_id=1, id_key='Id', name_key='Name') == [zones[0]]
