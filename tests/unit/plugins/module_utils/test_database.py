# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""module_utils/_database.py: DatabaseApi against the emulator, without AnsibleModule (records page by page, one by
id: the API's 404 is "none", another service's fails naming the address; by name; tokens generated and revoked),
and token expiry."""

from __future__ import annotations

import datetime

import pytest

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError, EdgeClient, EdgeFinding
from ansible_collections.edge.platform.plugins.module_utils._database import DatabaseApi, expires_at
from ansible_collections.edge.platform.tests.emulator.areas import databases as databases_area
from ansible_collections.edge.platform.tests.unit.helpers import API_KEY, API_URL, LOGGING_URL, Emulator, FakeApi

NOW = datetime.datetime(2026, 11, 22, 10, 0, 0, tzinfo=datetime.timezone.utc)
LIST = '/database/v2/databases'


def databases(emulator: Emulator, base_url: str | None = None) -> DatabaseApi:
    client = emulator.client()
    if base_url is not None:
        client.base_urls['api'] = base_url
    return DatabaseApi(client)


def test_every_database_and_one_by_id(emulator: Emulator) -> None:
    api = databases(emulator)
    stored = emulator.snapshot()['databases']
    assert list(api.listing()) == stored
    assert api.get(stored[0]['id']) == stored[0]
    assert api.get('db_NOPE') is None  # the API's 404


def test_a_404_of_another_service_is_a_failure_naming_the_address(emulator: Emulator) -> None:
    catalog = emulator.item('databases', name='catalog')['id']
    with pytest.raises(EdgeApiError) as caught:
        databases(emulator, LOGGING_URL).get(catalog)
    assert caught.value.status == 404
    assert str(caught.value).startswith(f'read database {catalog} failed: HTTP 404')
    assert f'is {LOGGING_URL} the right base address?' in str(caught.value)


def test_require_by_id_or_by_name(emulator: Emulator) -> None:
    api = databases(emulator)
    catalog = emulator.item('databases', name='catalog')
    assert api.require(catalog['id']) == api.require(name='catalog') == catalog
    with pytest.raises(EdgeApiError) as missing:
        api.require('db_NOPE')
    assert str(missing.value) == 'read database db_NOPE failed: HTTP 404 not_found: Database db_NOPE was not found'
    with pytest.raises(EdgeFinding) as unnamed:
        api.require(name='nothing')
    assert str(unnamed.value) == 'find database "nothing" failed: no database is named "nothing"'


def test_a_record_without_its_url_is_refused(fake_api: FakeApi) -> None:
    # A hand-made answer: the emulator's records always carry their url.
    fake_api.add('GET', rf'^{LIST}/db_0001$', {'db': {'id': 'db_0001', 'name': 'db-1'}})
    with pytest.raises(EdgeApiError) as caught:
        DatabaseApi(EdgeClient(API_KEY, {'api': API_URL})).require('db_0001')
    assert str(caught.value) == 'read database db_0001 failed: the answer has no database url'


def test_tokens_are_generated_and_revoked(emulator: Emulator) -> None:
    api = databases(emulator)
    catalog = emulator.item('databases', name='catalog')['id']
    token = api.generate(catalog, 'read_only', '2030-01-31T00:00:00Z')
    [sent] = [call for call in emulator.requests if call['method'] == 'PUT']
    assert sent['path'] == f'{LIST}/{catalog}/auth/generate'
    assert databases_area.tokens(emulator.state) and token.count('.') == 2
    api.revoke(catalog)
    assert databases_area.tokens(emulator.state) == {}


# ---- expiry -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    'text, expected',
    [
        (None, None),
        ('', None),
        ('30d', '2026-12-22T10:00:00Z'),
        ('12h', '2026-11-22T22:00:00Z'),
        ('90m', '2026-11-22T11:30:00Z'),
        ('2W', '2026-12-06T10:00:00Z'),
        ('2030-01-31T00:00:00Z', '2030-01-31T00:00:00Z'),
        ('2030-01-31T02:00:00+02:00', '2030-01-31T00:00:00Z'),
        ('2030-01-31 00:00:00.123z', '2030-01-31T00:00:00Z'),
    ],
)
def test_expires(text: str | None, expected: str | None) -> None:
    assert expires_at(text, NOW) == expected


@pytest.mark.parametrize(
    'text, message',
    [
        ('0d', 'positive duration'),
        ('30x', 'must be a duration'),
        ('2030-02-30T00:00:00Z', 'must be a duration'),
        ('2026-01-01T00:00:00Z', 'in the past'),
        ('tomorrow', 'must be a duration'),
    ],
)
def test_bad_expires(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        expires_at(text, NOW)
