# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Video libraries and videos (spec 4.8, 4.9; GAPS "Video libraries and videos").

Management API (``{base_url}``, error body ``{ErrorKey, Field, Message}``):
``GET /videolibrary`` (the reference's listing: ``page``, ``perPage``, ``search``; page 0 a plain
array, a page above 0 ``{Items, CurrentPage, TotalItems, HasMoreItems}``, as ``GET /pullzone``),
``GET /videolibrary/{id}``, ``POST /videolibrary/{id}/addBlockedReferrer`` and
``POST /videolibrary/{id}/removeBlockedReferrer`` with body ``{Hostname}``.

Video API (``{video_url}``, error body ``{success, message, statusCode}``):
``GET /library/{libraryId}/videos/{videoId}`` and
``POST /library/{libraryId}/videos/{videoId}/thumbnail``, the image as the body or fetched
from the ``thumbnailUrl`` query parameter (only from 127.0.0.1). The body is documented as
``application/octet-stream`` but taken whatever its declared type (``image/*``, none …):
its bytes must be a JPEG, PNG or WebP, otherwise 400. Video operations accept the account
key or the library's own ``ApiKey`` (its ``ReadOnlyApiKey`` for reads only).

The thumbnails are served back, without credentials, by a port of their own (the
libraries' CDN): ``GET /thumbnails/{libraryId}/{videoId}/{thumbnailFileName}``; a
video's ``thumbnailUrl`` points there.
"""

from __future__ import annotations

import base64
import copy
import datetime
import random
import re
import struct
import typing as t
import uuid
import zlib
from urllib.parse import urlsplit

import httpx
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..core import (
    ApiError,
    Area,
    ASGIApp,
    Endpoint,
    State,
    access_key_auth,
    json_body,
    json_response,
    no_auth,
    service_app,
)
from .pullzones import paged_response, pullzones, query_page

FIRST_LIBRARY_ID = 5001
VIDEOS_PER_LIBRARY = 3
THUMBNAIL_PREFIX = '/thumbnails'
VIDEOLIBRARY_PATH = '/videolibrary/{id:int}'
VIDEO_PATH = '/library/{library_id:int}/videos/{video_id}'
FETCH_TIMEOUT = 10.0
# Transport of the emulator's own thumbnail fetches (unit tests put an in-process one here).
FETCH_TRANSPORT: httpx.AsyncBaseTransport | None = None

# Seeded thumbnails besides the generated PNGs: a 16x9 JPEG and a 16x9 WebP.
SEED_JPEG = base64.b64decode(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABQODxIPDRQSEBIXFRQYHjIhHhwcHj0sLiQySUBMS0dARkVQWnNiUFVtVkVGZIhlbXd7'
    'gYKBTmCNl4x9lnN+gXz/2wBDARUXFx4aHjshITt8U0ZTfHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8'
    'fHx8fHx8fHz/wAARCAAJABADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUF'
    'BAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVW'
    'V1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi'
    '4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAEC'
    'AxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVm'
    'Z2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq'
    '8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDEooorE9g//9k='
)
SEED_WEBP = base64.b64decode('UklGRjYAAABXRUJQVlA4ICoAAACQAQCdASoQAAkAAsBMJaACdLoAA5gA/ubO3tswfQYw/8s/8/vi70YAAAA=')

# Image kinds the service takes as a thumbnail, by their first bytes.
IMAGE_TYPES = {'jpg': 'image/jpeg', 'png': 'image/png', 'webp': 'image/webp'}


def image_kind(content: bytes) -> str | None:
    """``jpg``, ``png`` or ``webp`` from the leading bytes, or None."""
    if content.startswith(b'\xff\xd8\xff'):
        return 'jpg'
    if content.startswith(b'\x89PNG\r\n\x1a\n'):
        return 'png'
    if len(content) >= 12 and content[:4] == b'RIFF' and content[8:12] == b'WEBP':
        return 'webp'
    return None


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A solid-colour PNG (8-bit RGB, no interlace)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xFFFFFFFF)

    row = b'\x00' + bytes(rgb) * width
    header = struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)
    return (
        b'\x89PNG\r\n\x1a\n'
        + chunk(b'IHDR', header)
        + chunk(b'IDAT', zlib.compress(row * height, 9))
        + chunk(b'IEND', b'')
    )


# ---- stores --------------------------------------------------------------------------------


def libraries(state: State) -> dict[int, dict[str, t.Any]]:
    """Video libraries by id (VideoLibraryModel, PascalCase)."""
    return state.data['video_libraries']


def videos(state: State) -> dict[tuple[int, str], dict[str, t.Any]]:
    """Videos by (library id, guid) (VideoModel, camelCase), without their served URL."""
    return state.data['videos']


def thumbnails(state: State) -> dict[tuple[int, str], bytes]:
    """The image each video serves as its thumbnail, by (library id, guid)."""
    return state.data['video_thumbnails']


def thumbnail_url(state: State, video: dict[str, t.Any]) -> str | None:
    name = video.get('thumbnailFileName')
    if not name:
        return None
    base = state.fixed.get('video_cdn_url', '')
    return f"{base}{THUMBNAIL_PREFIX}/{video['videoLibraryId']}/{video['guid']}/{name}"


def video_view(state: State, video: dict[str, t.Any]) -> dict[str, t.Any]:
    """The video as the API answers: with the URL its thumbnail is served at."""
    view = copy.deepcopy(video)
    view['thumbnailUrl'] = thumbnail_url(state, video)
    return view


def _library(state: State, library_id: int) -> dict[str, t.Any]:
    library = libraries(state).get(library_id)
    if library is None:
        raise ApiError(404, 'The Video Library with the requested ID does not exist', 'videolibrary.not_found', 'id')
    return library


def _video(state: State, library_id: int, video_id: str) -> dict[str, t.Any]:
    video = videos(state).get((library_id, video_id))
    if video is None:
        raise ApiError(404, 'The requested video was not found', 'not_found')
    return video


# ---- seed ----------------------------------------------------------------------------------


def _when(rng: random.Random) -> str:
    moment = datetime.datetime(2026, 1, 1) + datetime.timedelta(seconds=rng.randrange(0, 300 * 86400))
    return moment.strftime('%Y-%m-%dT%H:%M:%S')


def make_library(index: int, rng: random.Random, pullzone_id: int) -> dict[str, t.Any]:
    """One library. Library 0 blocks two referrers (one in mixed case), library 1 none, the rest one."""
    blocked = (
        ['spam0.example.net', 'Leech.Example.ORG']
        if index == 0
        else []
        if index == 1
        else [f'hotlink{index}.example.com']
    )
    created = _when(rng)
    return {
        'Id': FIRST_LIBRARY_ID + index,
        'Name': f'library-{index:02d}',
        'VideoCount': VIDEOS_PER_LIBRARY,
        'TrafficUsage': rng.randrange(0, 10**10),
        'StorageUsage': rng.randrange(0, 10**10),
        'DateCreated': created,
        'DateModified': created,
        'ReplicationRegions': ['DE', 'NY'] if index % 2 == 0 else [],
        'ApiKey': str(uuid.UUID(int=rng.getrandbits(128), version=4)),
        'ReadOnlyApiKey': str(uuid.UUID(int=rng.getrandbits(128), version=4)),
        'HasWatermark': False,
        'PullZoneId': pullzone_id,
        'StorageZoneId': 9000 + index,
        'EnabledResolutions': '240p,360p,480p,720p,1080p',
        'AllowEarlyPlay': False,
        'PlayerTokenAuthenticationEnabled': False,
        'AllowedReferrers': [],
        'BlockedReferrers': blocked,
        'BlockNoneReferrer': False,
        'EnableMP4Fallback': index % 2 == 1,
        'KeepOriginalFiles': True,
        'AllowDirectPlay': True,
        'EnableDRM': False,
        'PlayerKeyColor': '#ff7755',
        'UILanguage': 'en',
        'PullZoneType': 0,
    }


def make_video(
    library_id: int, number: int, rng: random.Random, processing: bool = False
) -> tuple[dict[str, t.Any], bytes | None]:
    """One video and its thumbnail: video 1 has a JPEG, video 2 a WebP, the others PNGs.

    A video still processing has no thumbnail yet.
    """
    kind = 'jpg' if number == 1 else 'webp' if number == 2 else 'png'
    image = None
    if not processing:
        image = (
            SEED_JPEG
            if kind == 'jpg'
            else SEED_WEBP
            if kind == 'webp'
            else png(16, 9, (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
        )
    length = rng.randrange(10, 3600)
    video = {
        'videoLibraryId': library_id,
        'guid': str(uuid.UUID(int=rng.getrandbits(128), version=4)),
        'title': f'video-{library_id}-{number}',
        'description': None,
        'dateUploaded': _when(rng),
        'views': rng.randrange(0, 100000),
        'isPublic': True,
        'length': 0 if processing else length,
        'status': 2 if processing else 4,  # 2 processing, 4 finished
        'framerate': 0.0 if processing else 30.0,
        'rotation': None,
        'width': 1920,
        'height': 1080,
        'availableResolutions': None if processing else '240p,360p,480p,720p,1080p',
        'outputCodecs': 'x264',
        'thumbnailCount': 0 if processing else 5,
        'encodeProgress': 40 if processing else 100,
        'storageSize': rng.randrange(10**6, 10**9),
        'captions': [],
        'hasMP4Fallback': False,
        'collectionId': None,
        'thumbnailFileName': None if processing else f'thumbnail.{kind}',
        'thumbnailUrl': None,
        'thumbnailBlurhash': None,
        'averageWatchTime': rng.randrange(0, length),
        'totalWatchTime': rng.randrange(0, 10**7),
        'category': 'other',
        'chapters': [],
        'moments': [],
        'metaTags': [],
        'transcodingMessages': [],
        'jitEncodingEnabled': False,
        'hasOriginal': True,
        'originalHash': None,
        'hasHighQualityPreview': False,
    }
    return video, image


# ---- authentication and fetching -------------------------------------------------------------

LIBRARY_PATH = re.compile(r'^/library/(\d+)(?:/|$)')


def video_auth(state: State, request: Request) -> ApiError | None:
    """The account key, or the library's own ``ApiKey`` (``ReadOnlyApiKey``: reads only)."""
    if access_key_auth(state, request) is None:
        return None
    key = request.headers.get('accesskey')
    match = LIBRARY_PATH.match(request.url.path)
    library = libraries(state).get(int(match.group(1))) if match and key else None
    if library is not None:
        if key == library['ApiKey']:
            return None
        if key == library['ReadOnlyApiKey']:
            if request.method in ('GET', 'HEAD'):
                return None
            return ApiError(
                403, 'The request authorization failed: the read-only key cannot change videos', 'forbidden'
            )
    return ApiError(401, 'The request authentication failed', 'unauthorized', 'AccessKey')


async def fetch_image(url: str) -> bytes:
    """Fetch a thumbnail from a URL, as the service does for ``thumbnailUrl``.

    Asynchronous, since the URL may point at this emulator (one event loop serves every
    port); only 127.0.0.1 is fetched from.
    """
    parts = urlsplit(url)
    if parts.scheme not in ('http', 'https') or not parts.hostname:
        raise ApiError(400, f'The request or URL was invalid: {url!r} is not an http(s) URL', 'invalid_request')
    if parts.hostname != '127.0.0.1':
        raise ApiError(
            400,
            'The request or URL was invalid: the emulator fetches thumbnails from 127.0.0.1 only, '
            f'not {parts.hostname}',
            'invalid_request',
        )
    try:
        async with httpx.AsyncClient(transport=FETCH_TRANSPORT, timeout=FETCH_TIMEOUT) as client:
            response = await client.get(url)
    except httpx.HTTPError as exc:
        raise ApiError(422, f'Unable to fetch thumbnail from origin: {type(exc).__name__}', 'unprocessable') from None
    if response.status_code != 200:
        raise ApiError(422, f'Unable to fetch thumbnail from origin: HTTP {response.status_code}', 'unprocessable')
    return response.content


def _path_video(state: State, request: Request) -> dict[str, t.Any]:
    return _video(state, request.path_params['library_id'], request.path_params['video_id'])


class Video(Area):
    name = 'video'
    auth = {
        ('video', '/library/'): video_auth,
        ('video', f'{THUMBNAIL_PREFIX}/'): no_auth,
    }
    endpoints = (
        Endpoint('api', 'GET', '/videolibrary', 'list_libraries'),
        Endpoint('api', 'GET', VIDEOLIBRARY_PATH, 'get_library'),
        Endpoint('api', 'POST', f'{VIDEOLIBRARY_PATH}/addBlockedReferrer', 'add_blocked'),
        Endpoint('api', 'POST', f'{VIDEOLIBRARY_PATH}/removeBlockedReferrer', 'remove_blocked'),
        Endpoint('video', 'GET', VIDEO_PATH, 'get_video'),
        Endpoint('video', 'POST', f'{VIDEO_PATH}/thumbnail', 'set_thumbnail'),
    )

    def seed(self, state: State, rng: random.Random) -> None:
        zones = sorted(pullzones(state))
        count = max(2, state.scale // 4)
        state.data['video_libraries'] = {}
        state.data['videos'] = {}
        state.data['video_thumbnails'] = {}
        state.data['video_thumbnail_sets'] = 0
        for index in range(count):
            # Each library has its pull zone; the last pull zones are theirs.
            zone = pullzones(state)[zones[-1 - index]]
            library = make_library(index, rng, zone['Id'])
            zone['VideoLibraryId'] = library['Id']
            libraries(state)[library['Id']] = library
            for number in range(VIDEOS_PER_LIBRARY):
                last = index == count - 1 and number == VIDEOS_PER_LIBRARY - 1
                video, image = make_video(library['Id'], number, rng, processing=last)
                videos(state)[(library['Id'], video['guid'])] = video
                if image is not None:
                    thumbnails(state)[(library['Id'], video['guid'])] = image

    def snapshot(self, state: State) -> dict[str, list[t.Any]]:
        return {
            'video_libraries': [copy.deepcopy(library) for library in libraries(state).values()],
            'videos': [video_view(state, video) for video in videos(state).values()],
        }

    def bind(self, state: State, bind: t.Callable[[str, ASGIApp], str]) -> None:
        state.fixed['video_cdn_url'] = bind('video', self.thumbnail_app(state))

    def thumbnail_app(self, state: State) -> ASGIApp:
        """The libraries' CDN: serves each video's current thumbnail, no credentials."""

        async def serve(request: Request) -> Response:
            key = (request.path_params['library_id'], request.path_params['video_id'])
            video = videos(state).get(key)
            image = thumbnails(state).get(key)
            if video is None or image is None or video.get('thumbnailFileName') != request.path_params['name']:
                raise ApiError(404, 'The requested file was not found', 'not_found')
            kind = image_kind(image) or 'jpg'
            return Response(image, media_type=IMAGE_TYPES[kind], headers={'Cache-Control': 'no-cache'})

        return service_app(
            'video',
            state,
            [Route(f'{THUMBNAIL_PREFIX}/{{library_id:int}}/{{video_id}}/{{name}}', serve, methods=['GET'])],
        )

    async def list_libraries(self, state: State, request: Request) -> Response:
        """The libraries in the order of their ids; ``search``: a case-insensitive part of the name, trimmed."""
        page, per_page = query_page(request)
        term = (request.query_params.get('search') or '').strip().lower()
        stored = libraries(state)
        found = [stored[key] for key in sorted(stored) if term in str(stored[key].get('Name') or '').lower()]
        return paged_response(found, page, per_page)

    async def get_library(self, state: State, request: Request) -> Response:
        return json_response(copy.deepcopy(_library(state, request.path_params['id'])))

    @staticmethod
    async def hostname_of(request: Request) -> str:
        body = await json_body(request)
        hostname = body.get('Hostname') if isinstance(body, dict) else None
        if not isinstance(hostname, str) or len(hostname) < 1:
            raise ApiError(
                400,
                'The Hostname field is required and needs at least 1 character.',
                'validation_error',
                'Hostname',
            )
        return hostname

    async def add_blocked(self, state: State, request: Request) -> Response:
        library = _library(state, request.path_params['id'])
        hostname = await self.hostname_of(request)
        if hostname.lower() in (item.lower() for item in library['BlockedReferrers']):
            raise ApiError(
                400,
                f'The hostname {hostname} is already a blocked referrer.',
                'videolibrary.referrer_exists',
                'Hostname',
            )
        library['BlockedReferrers'].append(hostname)
        return Response(status_code=200)

    async def remove_blocked(self, state: State, request: Request) -> Response:
        library = _library(state, request.path_params['id'])
        hostname = await self.hostname_of(request)
        lowered = [item.lower() for item in library['BlockedReferrers']]
        if hostname.lower() not in lowered:
            raise ApiError(
                400,
                f'The hostname {hostname} is not a blocked referrer.',
                'videolibrary.referrer_not_found',
                'Hostname',
            )
        del library['BlockedReferrers'][lowered.index(hostname.lower())]
        return Response(status_code=200)

    async def get_video(self, state: State, request: Request) -> Response:
        return json_response(video_view(state, _path_video(state, request)))

    async def set_thumbnail(self, state: State, request: Request) -> Response:
        video = _path_video(state, request)
        source = request.query_params.get('thumbnailUrl')
        if source:
            image = await fetch_image(source)
        else:
            image = await request.body()
            if not image:
                raise ApiError(
                    400,
                    'The request or URL was invalid: send the image as the body or give thumbnailUrl',
                    'invalid_request',
                )
        # The declared Content-Type is not checked (clients send image/*, or none): the bytes decide.
        kind = image_kind(image)
        if kind is None:
            raise ApiError(
                400,
                'The request or URL was invalid: the thumbnail is not a JPEG, PNG or WebP image',
                'invalid_request',
            )
        # Every set gets a new file name, as the service's custom thumbnails do.
        state.data['video_thumbnail_sets'] += 1
        video['thumbnailFileName'] = f"thumbnail_{state.data['video_thumbnail_sets']}.{kind}"
        thumbnails(state)[(video['videoLibraryId'], video['guid'])] = image
        return json_response({'success': True, 'message': 'The thumbnail was successfully set', 'statusCode': 200})
