# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``pullzone_purge``: a pull zone's cache (``POST pullzone/{id}/purgeCache``, its body's
``CacheTag``), or URLs (``POST purge``, one request a URL, with the query's ``url``, ``exactPath`` and ``async``)."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

TABLE = Table(
    Option(
        'pullzone_id',
        'int',
        (
            'Id of the pull zone whose cache is purged.',
            'Exactly one of O(pullzone_id), O(pullzone_name) and O(urls) is required.',
        ),
    ),
    Option(
        'pullzone_name',
        'str',
        (
            'Exact name of the pull zone whose cache is purged, looked up in the pull zone list (in check mode too).',
            'Fails when no pull zone has this name.',
        ),
    ),
    Option(
        'cache_tag',
        'str',
        (
            "Purge only the pull zone's files tagged so (the cache tag the origin sent with them), not the whole zone.",
            'Only with O(pullzone_id) or O(pullzone_name).',
        ),
        api='CacheTag',
    ),
    Option(
        'urls',
        'list',
        (
            'URLs to purge, each an C(http://) or C(https://) URL of a hostname of a pull zone, such as '
            'V(https://cdn.example.com/css/site.css). A trailing V(*) purges every URL that starts so '
            '(V(https://cdn.example.com/images/*)).',
            'One request per URL, in the order given; a URL given twice is purged once.',
            'An empty item is refused before any request. A URL that is on no pull zone is purged all the same (the '
            'API answers it like any other).',
        ),
        elements='str',
        api='url',
    ),
    Option(
        'exact_path',
        'bool',
        (
            "Purge each of the O(urls) as written, without the service's own normalization of the path (C(exactPath)).",
            'Only with O(urls).',
        ),
        default=False,
        api='exactPath',
    ),
    Option(
        'wait',
        'bool',
        (
            'With V(true), each of the O(urls) is purged before the API answers. V(false) sends C(async=true), and '
            'the service purges after answering, which is quicker for many URLs.',
            'Only with O(urls); V(false) with a pull zone is refused.',
        ),
        default=True,
    ),
)
