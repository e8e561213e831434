# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The collection's version, read from its metadata: galaxy.yml is the one place it is set.

An installed collection carries it in MANIFEST.json, a checkout in galaxy.yml. A module packed for another
host has neither file beside it: the action plugin then passes the version in ``EDGE_PLATFORM_VERSION``.
"""

from __future__ import annotations

import functools
import json
import os
import re

#: Where the action plugin passes the version to a module that runs as its own process.
VERSION_VARIABLE = 'EDGE_PLATFORM_VERSION'

_COLLECTION_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# galaxy.yml's top-level ``version:`` line; read without a YAML parser, which a module host may lack.
_GALAXY_VERSION = re.compile(r'^version:\s*["\']?([^"\'\s#]+)', re.MULTILINE)


@functools.lru_cache(maxsize=1)
def _from_metadata() -> str | None:
    try:
        with open(os.path.join(_COLLECTION_ROOT, 'MANIFEST.json'), encoding='utf-8') as manifest:
            return str(json.load(manifest)['collection_info']['version'])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    try:
        with open(os.path.join(_COLLECTION_ROOT, 'galaxy.yml'), encoding='utf-8') as galaxy:
            match = _GALAXY_VERSION.search(galaxy.read())
    except OSError:
        return None
    return match.group(1) if match else None


def collection_version() -> str:
    """The collection's version, or ``unknown`` where no metadata is at hand."""
    return _from_metadata() or os.environ.get(VERSION_VARIABLE) or 'unknown'
