# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""How a secret is shown: ``********``, wherever it is set. Nothing here needs ansible-core (the event sources
and the API modules mask with it too)."""

from __future__ import annotations

import typing as t

MASK = '********'


def mask_secrets(value: t.Any, secret_keys: t.Collection[str]) -> t.Any:
    """Deep copy of ``value`` with every set secret replaced by ``********``.

    Only secrets that are set are masked: an empty or null secret stays as it is, so the
    output still tells whether one is configured.
    """
    if isinstance(value, dict):
        return {
            key: (MASK if key in secret_keys and item not in (None, '') else mask_secrets(item, secret_keys))
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [mask_secrets(item, secret_keys) for item in value]
    return value
