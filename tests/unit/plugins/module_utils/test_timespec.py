# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import datetime

import pytest

from ansible_collections.edge.platform.plugins.module_utils._timespec import UTC, epoch_ms, iso, parse_date, parse_time

NOW = datetime.datetime(2026, 11, 22, 12, 0, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    'value, expected',
    [
        ('now', NOW),
        ('-24h', NOW - datetime.timedelta(hours=24)),
        ('-30m', NOW - datetime.timedelta(minutes=30)),
        ('-2d', NOW - datetime.timedelta(days=2)),
        ('+90s', NOW + datetime.timedelta(seconds=90)),
        ('2026-11-21T10:00:00Z', datetime.datetime(2026, 11, 21, 10, tzinfo=UTC)),
        ('2026-11-21T12:00:00+02:00', datetime.datetime(2026, 11, 21, 10, tzinfo=UTC)),
        ('2026-11-21T10:00:00', datetime.datetime(2026, 11, 21, 10, tzinfo=UTC)),
        (1795000000000, datetime.datetime.fromtimestamp(1795000000, UTC)),
        ('1795000000000', datetime.datetime.fromtimestamp(1795000000, UTC)),
    ],
)
def test_accepted_forms(value: object, expected: datetime.datetime) -> None:
    assert parse_time(value, 'start', now=NOW) == expected


@pytest.mark.parametrize(
    'value, message',
    [
        ('yesterday', 'start must be ISO 8601'),
        ('-24x', 'start must be ISO 8601'),
        (1795000000, 'looks like epoch seconds'),
        (None, 'start must be ISO 8601'),
        (True, 'start must be ISO 8601'),
    ],
)
def test_refused_forms(value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_time(value, 'start', now=NOW)


def test_dates() -> None:
    assert parse_date('2026-11-22') == datetime.date(2026, 11, 22)
    with pytest.raises(ValueError, match='YYYY-MM-DD'):
        parse_date('11-22-2026')
    with pytest.raises(ValueError, match='not a calendar date'):
        parse_date('2026-02-30')


def test_formatting() -> None:
    assert epoch_ms(NOW) == 1795348800000
    assert iso(NOW) == '2026-11-22T12:00:00Z'
    assert iso(NOW + datetime.timedelta(milliseconds=5)) == '2026-11-22T12:00:00.005Z'
