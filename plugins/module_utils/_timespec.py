# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Times and dates as the modules take them.

Times are ISO 8601 (``2026-11-22T10:00:00Z``; without an offset, UTC), epoch
milliseconds (``1795000000000``), or relative to now (``now``, ``-24h``, ``-30m``,
``-2d``, ``-90s``, ``+1h``). Dates are ``YYYY-MM-DD``.
"""

from __future__ import annotations

import datetime
import re
import typing as t

UTC = datetime.timezone.utc
RELATIVE_RE = re.compile(r'^([+-])\s*(\d+)\s*([smhdw])\Z')
UNIT_SECONDS = {'s': 1, 'm': 60, 'h': 3600, 'd': 86400, 'w': 604800}
DATE_RE = re.compile(r'^\d{4}-\d{2}-\d{2}\Z')
# Epoch values below this are taken as seconds by mistake (year 2001 in milliseconds).
EPOCH_MS_MIN = 10**12
ISO_RE = re.compile(
    r'^(\d{4})-(\d{2})-(\d{2})'
    r'(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?'
    r'(Z|z|[+-]\d{2}(?::?\d{2})?)?\Z'
)


def parse_iso(text: str) -> datetime.datetime:
    """An ISO 8601 date-time as an aware UTC datetime; no offset means UTC. ValueError when invalid."""
    match = ISO_RE.match(text.strip())
    if not match:
        raise ValueError(f'{text!r} is not an ISO 8601 date-time such as 2026-12-31T23:00:00Z')
    year, month, day, hour, minute, second, fraction, offset = match.groups()
    micro = int((fraction or '0')[:6].ljust(6, '0'))
    zone = UTC
    try:
        if offset and offset not in ('Z', 'z'):
            sign = -1 if offset[0] == '-' else 1
            digits = offset[1:].replace(':', '')
            delta = datetime.timedelta(hours=int(digits[:2]), minutes=int(digits[2:4] or 0))
            zone = datetime.timezone(sign * delta)
        value = datetime.datetime(
            int(year), int(month), int(day), int(hour or 0), int(minute or 0), int(second or 0), micro, tzinfo=zone
        )
        return value.astimezone(UTC)
    except (ValueError, OverflowError):  # no such day or time, or beyond year 9999 in UTC
        raise ValueError(f'{text!r} is not a date-time that exists between the years 1 and 9999 (UTC)') from None


def utc_now() -> datetime.datetime:
    return datetime.datetime.now(UTC)


def parse_time(value: t.Any, option: str = 'time', now: datetime.datetime | None = None) -> datetime.datetime:
    """A timezone-aware UTC datetime from any accepted form; ValueError naming ``option`` otherwise."""
    now = now or utc_now()
    if isinstance(value, bool) or value is None:
        raise ValueError(f'{option} must be ISO 8601, epoch milliseconds or relative such as -24h, got {value!r}')
    out_of_range = f'{option} {value!r} is out of range (years 1 to 9999)'
    if isinstance(value, (int, float)) or (isinstance(value, str) and value.strip().isdigit()):
        millis = int(value)
        if millis < EPOCH_MS_MIN:
            raise ValueError(f'{option} {value!r} looks like epoch seconds; give epoch milliseconds')
        try:
            return datetime.datetime.fromtimestamp(millis / 1000, UTC)
        except (ValueError, OverflowError, OSError):
            raise ValueError(out_of_range) from None
    text = str(value).strip()
    if text.lower() == 'now':
        return now
    relative = RELATIVE_RE.match(text.lower())
    if relative:
        sign, amount, unit = relative.groups()
        try:
            delta = datetime.timedelta(seconds=int(amount) * UNIT_SECONDS[unit])
            return now - delta if sign == '-' else now + delta
        except OverflowError:
            raise ValueError(out_of_range) from None
    try:
        return parse_iso(text)
    except ValueError:
        raise ValueError(
            f'{option} must be ISO 8601 (2026-11-22T10:00:00Z), epoch milliseconds '
            f'or relative (now, -24h, -30m), got {value!r}'
        ) from None


def parse_date(value: t.Any, option: str = 'date') -> datetime.date:
    """A date from ``YYYY-MM-DD``; ValueError naming ``option`` otherwise."""
    text = str(value).strip() if value is not None else ''
    if not DATE_RE.match(text):
        raise ValueError(f'{option} must be a date as YYYY-MM-DD, got {value!r}')
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f'{option} {value!r} is not a calendar date') from None


def epoch_ms(moment: datetime.datetime) -> int:
    return int(round(moment.timestamp() * 1000))


def iso(moment: datetime.datetime) -> str:
    """ISO 8601 in UTC with a ``Z``, to the millisecond when there are any."""
    moment = moment.astimezone(UTC)
    text = moment.isoformat(timespec='milliseconds' if moment.microsecond else 'seconds')
    return text.replace('+00:00', 'Z')
