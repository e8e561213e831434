# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""The options of ``video_thumbnail``: the video, and the image to set as its thumbnail."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

TABLE = Table(
    Option(
        'library_id',
        'int',
        (
            'Id of the video library the video belongs to.',
            'Exactly one of O(library_id) and O(library_name) is required.',
        ),
    ),
    Option(
        'library_name',
        'str',
        (
            'Exact name of the video library the video belongs to (case-sensitive), looked up in the video library '
            'list of the account. The lookup is a read, so it runs in check mode too.',
            'Fails before any change when no video library or more than one has this name; use O(library_id) then.',
        ),
    ),
    Option('video_id', 'str', 'Id (C(guid)) of the video.', required=True),
    Option(
        'src',
        'path',
        (
            'Path of a local JPEG, PNG or WebP image to upload as the thumbnail.',
            'The kind of image is told from the file\'s content, not its name; anything else is refused before any '
            'request is sent.',
            'Exactly one of O(src) and O(url) is required.',
        ),
    ),
    Option(
        'url',
        'str',
        (
            'An C(http://) or C(https://) URL of the image; the service fetches it from there.',
            "The module fetches it too, to compare its checksum with the current thumbnail's; so a URL whose image "
            'the video already shows is unchanged. It must serve a JPEG, PNG or WebP image.',
        ),
    ),
    Option(
        'force',
        'bool',
        (
            'Set the thumbnail even when the video already shows the same image.',
            'The current thumbnail is then read only for the diff (in diff mode), and a failure to read it is ignored.',
        ),
        default=False,
    ),
    Option(
        'library_api_key',
        'str',
        (
            "The video library's own API key, sent as C(AccessKey) to the video API instead of O(api_key).",
            'The API description authenticates video operations with the account key (O(api_key)), which is the '
            'default; the public service also takes, and some set-ups require, the key of the library (its '
            'C(ApiKey)).',
            'It is not used to find the library by O(library_name), which is a management API request sent with '
            'O(api_key).',
            'Surrounding white space is removed; a key holding a line break, a tab, another control character or a '
            'non-ASCII character is refused before any request, without being shown. Never shown in output, diff or '
            'logs.',
        ),
        no_log=True,
    ),
)
