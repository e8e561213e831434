# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The filter the audit reads certificates with: every hostname's certificate from a listing, each read once."""

from __future__ import annotations

import typing as t

import pytest
from ansible.errors import AnsibleFilterError

from ansible_collections.edge.platform.plugins.filter import hostname_certificates as filter_plugin
from ansible_collections.edge.platform.plugins.filter.hostname_certificates import FilterModule, hostname_certificates
from ansible_collections.edge.platform.plugins.module_utils._certificates import served_summary
from ansible_collections.edge.platform.tests.emulator.areas import AREAS
from ansible_collections.edge.platform.tests.emulator.areas.pullzones import public_view
from ansible_collections.edge.platform.tests.emulator.core import State


def listing(scale: int) -> list[dict]:
    """The pull zones as the API lists them with their certificates."""
    state = State(api_key='key', scale=scale, areas=AREAS)
    state.reset()
    return [public_view(zone, True) for zone in state.data['pullzones'].values()]


def test_every_hostname_with_a_certificate_is_told() -> None:
    found = {item['hostname']: item for item in hostname_certificates(listing(12))}
    assert len(found) == 12 + 5  # every system hostname, and the custom ones of zones 0, 2, 6, 8, 10
    system = found['assets-000.edge-cdn.test']
    assert (system['pullzone_id'], system['pullzone_name'], system['covers']) == (1001, 'assets-000', True)
    assert system['certificate']['kind'] == 'free' and system['certificate']['names'] == ['*.edge-cdn.test']
    assert found['assets-000.brand.example']['certificate']['kind'] == 'custom'
    assert found['api-006.brand.example']['certificate']['days_left'] < 0
    assert 10 <= found['static-002.brand.example']['certificate']['days_left'] <= 12
    assert found['shop-008.brand.example']['covers'] is False
    assert [name for name, item in found.items() if not item['covers']] == ['shop-008.brand.example']


def test_hostnames_without_a_certificate_or_whose_certificate_cannot_be_read() -> None:
    zones = [
        {
            'Id': 1,
            'Name': 'z',
            'Hostnames': [
                {'Value': 'none.example.com', 'HasCertificate': False, 'Certificate': None},
                {'Value': 'unread.example.com', 'HasCertificate': True, 'Certificate': None},
            ],
        },
        'not a zone',
    ]
    [unread] = hostname_certificates(zones)
    assert unread['hostname'] == 'unread.example.com' and unread['covers'] is None
    assert set(unread['certificate'].values()) == {None}
    with pytest.raises(AnsibleFilterError):
        hostname_certificates({'Id': 1})
    assert FilterModule().filters() == {'hostname_certificates': hostname_certificates}


def test_a_certificate_several_hostnames_serve_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    zones = listing(1000)
    read = []

    def counted(record: dict, now: t.Any) -> t.Any:
        read.append(record['Certificate'])
        return served_summary(record, now)

    monkeypatch.setattr(filter_plugin, 'served_summary', counted)
    found = hostname_certificates(zones)
    assert len(found) > 1400
    # Every system hostname serves the one certificate of *.<domain>: read once, not a thousand times.
    assert len(read) == len(set(read)) == len({item['certificate']['sha256_fingerprint'] for item in found})
    assert len(read) < len(found) - 900
