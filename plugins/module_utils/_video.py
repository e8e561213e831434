# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The video API: every path, body and answer of video libraries (management API), their blocked referrers, videos
and thumbnails (video API), and the image checks and content checksums a thumbnail is compared by.

``VideoApi(client)`` is the one way modules talk to this area. Video operations send the account key, or the
library's own key when a module is given one (``library_key``).

A library is given by id, or by its exact name, found in the library list of the
management API (``GET videolibrary``, searched by the name).

A thumbnail is compared by content: the SHA-256 of the image a video serves now
against that of the wanted image. Both are hashed while streaming, so an image is
never held in memory whole.
"""

from __future__ import annotations

import hashlib
import typing as t
from urllib.parse import quote

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeClient
from ansible_collections.edge.platform.plugins.module_utils._errors import CORE, VIDEO, unsaved_answer
from ansible_collections.edge.platform.plugins.module_utils._lookup import list_core, only_one, select_records

CHUNK_SIZE = 65536
HEAD_SIZE = 16  # enough leading bytes to recognise every accepted image kind

# The image kinds the service takes as a thumbnail.
IMAGE_KINDS = ('JPEG', 'PNG', 'WebP')

# The keys of a library record: its own API keys, full and read-only, and its access key.
VIDEO_LIBRARY_SECRETS = ('ApiKey', 'ReadOnlyApiKey', 'ApiAccessKey')


def image_kind(head: bytes) -> str | None:
    """``JPEG``, ``PNG`` or ``WebP`` from an image's leading bytes (its signature), or None."""
    if head.startswith(b'\xff\xd8\xff'):
        return 'JPEG'
    if head.startswith(b'\x89PNG\r\n\x1a\n'):
        return 'PNG'
    if len(head) >= 12 and head[:4] == b'RIFF' and head[8:12] == b'WEBP':
        return 'WebP'
    return None


def file_digest(path: str) -> tuple[str, bytes]:
    """SHA-256 hex of a local file and its leading bytes."""
    digest = hashlib.sha256()
    head = b''
    with open(path, 'rb') as handle:
        for chunk in iter(lambda: handle.read(CHUNK_SIZE), b''):
            if len(head) < HEAD_SIZE:
                head += chunk[: HEAD_SIZE - len(head)]
            digest.update(chunk)
    return digest.hexdigest(), head


def download_digest(
    client: EdgeClient,
    url: str,
    operation: str,
    service: str = 'video',
    missing: t.Collection[int] = (),
) -> tuple[str, bytes] | None:
    """SHA-256 hex and leading bytes of what ``url`` serves, fetched without the API key.

    None when the answer's status is in ``missing``. Errors raise EdgeApiError naming
    ``operation``.
    """
    response = client.request('GET', url, operation, service=service, auth=False, stream=True, ok_statuses=missing)
    try:
        if response.status in missing:
            return None
        digest = hashlib.sha256()
        head = b''
        for chunk in response.iter_content(CHUNK_SIZE):
            if len(head) < HEAD_SIZE:
                head += chunk[: HEAD_SIZE - len(head)]
            digest.update(chunk)
        return digest.hexdigest(), head
    finally:
        response.close()


def video_path(library_id: int, video_id: str) -> str:
    """``library/{libraryId}/videos/{videoId}`` on the video API."""
    return f"library/{library_id}/videos/{quote(video_id, safe='')}"


class VideoApi:
    """The requests of the video area, each naming its operation in failures."""

    def __init__(self, client: EdgeClient, library_key: str | None = None) -> None:
        self.client = client
        # The library's own key, sent instead of the account key to the video API when given.
        self.video_headers = {'AccessKey': library_key} if library_key else None

    # ---- libraries (management API) ----

    def libraries(self, search: str | None = None) -> t.Iterator[dict[str, t.Any]]:
        """Every video library of the account (matching ``search``), page by page with the largest page size.

        The records hold the library's keys (``VIDEO_LIBRARY_SECRETS``): never return them as they are.
        """
        return list_core(self.client, 'videolibrary', 'list video libraries', {'search': search} if search else None)

    def library(self, library_id: int) -> dict[str, t.Any] | None:
        """One video library (``GET videolibrary/{id}``), or None when the API says there is none of that id.

        The record holds the library's keys (``VIDEO_LIBRARY_SECRETS``): never return it as it is.
        """
        operation = f'read video library {library_id}'
        library = self.client.get_or_none(f'videolibrary/{library_id}', operation, errors=CORE)
        return library if isinstance(library, dict) else None

    def require_library(self, library_id: int) -> dict[str, t.Any]:
        """One video library; the API's 404 is a failure naming the operation."""
        library = self.client.get(f'videolibrary/{library_id}', f'read video library {library_id}', errors=CORE)
        return library if isinstance(library, dict) else {}

    def library_named(self, name: str) -> dict[str, t.Any]:
        """The record of the one video library called exactly ``name`` (the name is also the search term);
        a clear error when none or several are."""
        named = select_records(lambda: self.libraries(search=name), name=name, id_key='Id', name_key='Name')
        return only_one(named, name, 'video library', 'video libraries', 'library_id')

    def add_blocked_referrer(self, library_id: int, hostname: str) -> None:
        self.client.request(
            'POST',
            f'videolibrary/{library_id}/addBlockedReferrer',
            f'add blocked referrer "{hostname}" to video library {library_id}',
            json_body={'Hostname': hostname},
            errors=CORE,
        )

    def remove_blocked_referrer(self, library_id: int, hostname: str) -> None:
        self.client.request(
            'POST',
            f'videolibrary/{library_id}/removeBlockedReferrer',
            f'remove blocked referrer "{hostname}" from video library {library_id}',
            json_body={'Hostname': hostname},
            errors=CORE,
        )

    # ---- videos (video API) ----

    def video(self, library_id: int, video_id: str, operation: str) -> dict[str, t.Any]:
        """A video's record (its ``thumbnailUrl`` tells where its thumbnail is served)."""
        video = self.client.get(
            video_path(library_id, video_id), operation, service='video', headers=self.video_headers, errors=VIDEO
        )
        return video if isinstance(video, dict) else {}

    def set_thumbnail(
        self,
        library_id: int,
        video_id: str,
        operation: str,
        image: t.Callable[[], t.BinaryIO] | None = None,
        url: str | None = None,
    ) -> None:
        """Set a video's thumbnail to the bytes ``image()`` opens (a fresh stream per attempt) or to what ``url``
        serves (the service fetches it). Setting the same image again is harmless, so it is repeated after faults."""
        headers = dict(self.video_headers or {})
        if image is not None:
            headers['Content-Type'] = 'application/octet-stream'
        self.client.request(
            'POST',
            f'{video_path(library_id, video_id)}/thumbnail',
            operation,
            service='video',
            data=image,
            params={'thumbnailUrl': url} if url is not None else None,
            headers=headers or None,
            idempotent=True,
            refused=lambda response: unsaved_answer(operation, response.status, response.json()),
            errors=VIDEO,
        )

    def served_digest(self, url: str, operation: str, missing: t.Collection[int] = ()) -> tuple[str, bytes] | None:
        """SHA-256 and leading bytes of what ``url`` serves (a thumbnail, an image to use), fetched without a key."""
        return download_digest(self.client, url, operation, missing=missing)
