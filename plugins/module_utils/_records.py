# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""What a record of the API is where no TypedDict says more: a mapping of its own property names."""

from __future__ import annotations

import typing as t

#: A record of the API as a plain mapping of its property names (the TypedDicts of each area say more where the
#: collection reads a property itself).
Record = t.Dict[str, t.Any]


def optional_text(value: object) -> str | None:
    """An optional text as the API keeps it: empty and null are the same."""
    return None if value in (None, '') else str(value)
