# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import hashlib
import http
import pathlib
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils._video import image_kind
from ansible_collections.edge.platform.plugins.modules import video_thumbnail
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, VIDEO_URL, Emulator, FakeApi

# Seeded videos of library 5001: GUID serves a PNG (thumbnail.png), WEBP_GUID a WebP; the last video of library
# 5003 is still processing and has no thumbnail.
GUID = '7e8a2401-2d3a-4904-8b9c-f532f558c29f'
WEBP_GUID = 'a40bb70f-8f74-4f85-98d7-6bface661be3'
BARE = (5003, '0440f860-a490-4322-bec5-a5f836824db7')
VIDEO = f'/library/5001/videos/{GUID}'
THUMBNAIL = rf'^/library/5001/videos/{GUID}/thumbnail$'

CURRENT = b'\x89PNG\r\n\x1a\n' + b'current image' * 10
WANTED = b'\xff\xd8\xff\xe0' + b'wanted image' * 10
WEBP = b'RIFF\x20\x00\x00\x00WEBPVP8L' + b'webp image' * 10

# With no key in the answer, the error is named by the status's reason phrase, which Python 3.13 renamed
# (Unprocessable Entity became Unprocessable Content); the emulator answers with that of the Python it runs on.
UNPROCESSABLE = http.HTTPStatus(422).phrase.lower().replace(' ', '_')


def sha(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


def args(**extra: t.Any) -> dict[str, t.Any]:
    return dict(COMMON_ARGS, video_api_url=VIDEO_URL, library_id=5001, video_id=GUID, **extra)


def video(emulator: Emulator, guid: str = GUID) -> dict[str, t.Any]:
    """The video as the video API answers it now."""
    return emulator.item('videos', guid=guid)


def served(emulator: Emulator, guid: str = GUID) -> bytes:
    """What the video serves as its thumbnail now (fetched from the emulator's CDN, not recorded)."""
    recorded = list(emulator.sent)
    response = emulator.session().get(video(emulator, guid)['thumbnailUrl'])
    emulator.sent[:] = recorded
    assert response.status_code == 200, response.text
    return response.content


@pytest.fixture
def image(tmp_path: pathlib.Path) -> str:
    path = tmp_path / 'wanted.jpg'
    path.write_bytes(WANTED)
    return str(path)


@pytest.fixture
def current(emulator: Emulator, tmp_path: pathlib.Path) -> str:
    """A file holding the image the video serves now."""
    path = tmp_path / 'same.png'
    path.write_bytes(served(emulator))
    return str(path)


def test_image_kinds_by_signature():
    assert image_kind(CURRENT) == 'PNG'
    assert image_kind(WANTED) == 'JPEG'
    assert image_kind(WEBP) == 'WebP'
    assert image_kind(b'GIF89a......') is None
    assert image_kind(b'RIFF\x00\x00\x00\x00WAVEfmt ') is None
    assert image_kind(b'') is None


def test_uploads_a_different_image_as_a_stream(emulator, run_module, image):
    before = video(emulator)
    outcome = run_module(video_thumbnail.main, args(src=image))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    assert outcome.result['checksum'] == sha(WANTED)
    assert outcome.result['video']['thumbnailFileName'] == 'thumbnail_1.jpg'  # read again after the upload
    assert outcome.result['video'] == video(emulator)
    calls = [(call.method, call.path) for call in emulator.sent]
    assert calls == [
        ('GET', VIDEO),
        ('GET', f'/thumbnails/5001/{GUID}/thumbnail.png'),
        ('POST', f'{VIDEO}/thumbnail'),
        ('GET', VIDEO),
    ]
    assert emulator.sent[1].url == before['thumbnailUrl']
    [upload] = emulator.writes
    assert upload.url == f'{VIDEO_URL}/library/5001/videos/{GUID}/thumbnail'
    assert upload.content == WANTED
    assert upload.params == {}
    # The documented request type. The emulator takes any declared type, so only this pins it.
    assert upload.headers['Content-Type'] == 'application/octet-stream'
    assert upload.headers['AccessKey'] == COMMON_ARGS['api_key']
    assert served(emulator) == WANTED


def test_the_served_thumbnail_is_read_without_the_api_key(emulator, run_module, image):
    cdn_url = video(emulator)['thumbnailUrl']
    run_module(video_thumbnail.main, args(src=image))
    fetch = emulator.sent[1]
    assert fetch.url == cdn_url
    assert 'AccessKey' not in fetch.headers
    assert emulator.sent[0].headers['AccessKey'] == COMMON_ARGS['api_key']


def test_same_image_is_unchanged_and_sends_no_write(emulator, run_module, current):
    checksum = sha(served(emulator))
    outcome = run_module(video_thumbnail.main, args(src=current), diff=True)
    assert outcome.result['changed'] is False
    assert outcome.result['checksum'] == checksum
    assert outcome.result['video'] == video(emulator)
    assert outcome.result['video']['thumbnailFileName'] == 'thumbnail.png'
    assert emulator.writes == []
    assert outcome.result['diff'] == {
        'before': {'checksum': checksum},
        'after': {'checksum': checksum},
        'before_header': f'thumbnail of video {GUID}',
    }


def test_force_uploads_the_same_image_again(emulator, run_module, current):
    same = served(emulator)
    outcome = run_module(video_thumbnail.main, args(src=current, force=True), diff=True)
    assert outcome.result['changed'] is True
    assert len(emulator.writes) == 1
    assert emulator.writes[0].content == same
    assert outcome.result['diff']['after_header'] == f'set thumbnail from {current} (force)'
    assert video(emulator)['thumbnailFileName'] == 'thumbnail_1.png' and served(emulator) == same


def test_check_mode_predicts_and_sends_no_write(emulator, run_module, image):
    before = video(emulator)
    checksum = sha(served(emulator))
    outcome = run_module(video_thumbnail.main, args(src=image), check_mode=True, diff=True)
    assert outcome.result['changed'] is True
    assert outcome.result['checksum'] == sha(WANTED)
    assert outcome.result['video'] == before == video(emulator)
    assert emulator.writes == []
    assert outcome.result['diff']['before'] == {'checksum': checksum}
    assert outcome.result['diff']['after'] == {'checksum': sha(WANTED)}
    assert outcome.result['diff']['after_header'] == f'set thumbnail from {image}'


def test_url_is_compared_by_what_it_serves_then_set_by_url(emulator, run_module):
    elsewhere = video(emulator, WEBP_GUID)['thumbnailUrl']  # another video's thumbnail, a WebP
    webp = served(emulator, WEBP_GUID)
    outcome = run_module(video_thumbnail.main, args(url=elsewhere))
    assert outcome.result['changed'] is True
    assert outcome.result['checksum'] == sha(webp)
    fetch = next(call for call in emulator.sent if call.url == elsewhere)
    assert 'AccessKey' not in fetch.headers
    [upload] = emulator.writes
    assert upload.params == {'thumbnailUrl': elsewhere}
    assert upload.content == b''
    assert 'Content-Type' not in upload.headers
    assert served(emulator) == webp  # the emulator fetched it from there
    assert outcome.result['video']['thumbnailFileName'] == 'thumbnail_1.webp'


def test_url_already_shown_is_unchanged(emulator, run_module):
    outcome = run_module(video_thumbnail.main, args(url=video(emulator)['thumbnailUrl']))
    assert outcome.result['changed'] is False
    assert emulator.writes == []


def test_url_that_serves_no_image_is_refused_before_any_write(emulator, run_module):
    url = f'{emulator.admin_url}/state'  # JSON
    outcome = run_module(video_thumbnail.main, args(url=url))
    assert outcome.failed
    assert (
        outcome.result['msg']
        == f'url {url} does not serve a JPEG, PNG or WebP image (judged by its content); nothing was changed'
    )
    assert emulator.writes == []


def test_url_that_fails_names_the_fetch(emulator, run_module):
    url = video(emulator)['thumbnailUrl'].replace('thumbnail.png', 'nothing.png')
    outcome = run_module(video_thumbnail.main, args(url=url))
    assert outcome.failed
    assert (
        outcome.result['msg']
        == f'fetch the thumbnail image from {url} failed: HTTP 404 not_found: The requested file was not found'
    )
    assert emulator.writes == []


def test_library_api_key_is_used_for_the_video_api_only(emulator, run_module, image):
    library_key = emulator.item('video_libraries', Id=5001)['ApiKey']
    outcome = run_module(video_thumbnail.main, args(src=image, library_api_key=library_key))
    assert outcome.result['changed'] is True  # the emulator took the library's key
    video_calls = [call for call in emulator.sent if call.url.startswith(VIDEO_URL)]
    assert len(video_calls) == 3
    assert all(call.headers['AccessKey'] == library_key for call in video_calls)
    assert all('AccessKey' not in call.headers for call in emulator.sent if not call.url.startswith(VIDEO_URL))
    assert len(emulator.sent) == 4


def test_a_video_without_thumbnail_gets_one(emulator, run_module, image):
    library_id, guid = BARE
    assert video(emulator, guid)['thumbnailUrl'] is None
    outcome = run_module(video_thumbnail.main, dict(args(src=image), library_id=library_id, video_id=guid), diff=True)
    assert outcome.result['changed'] is True
    assert outcome.result['diff']['before'] == {'checksum': None}
    assert len(emulator.writes) == 1
    assert [call.method for call in emulator.sent] == ['GET', 'POST', 'GET']  # nothing served to read
    assert served(emulator, guid) == WANTED


def test_a_thumbnail_that_is_gone_counts_as_none(emulator, run_module, image):
    emulator.add_fault(service='video', method='GET', path=r'^/thumbnails/', status=404)
    outcome = run_module(video_thumbnail.main, args(src=image), diff=True)
    assert outcome.result['changed'] is True
    assert outcome.result['diff']['before'] == {'checksum': None}
    assert len(emulator.writes) == 1
    assert emulator.sent[1].status == 404


def test_an_unreadable_thumbnail_fails_unless_forced(emulator, run_module, image):
    cdn_url = video(emulator)['thumbnailUrl']
    emulator.add_fault(service='video', method='GET', path=r'^/thumbnails/', status=403, times=10)
    outcome = run_module(video_thumbnail.main, args(src=image))
    assert outcome.failed
    assert outcome.result['msg'].startswith(
        f'read the current thumbnail of video {GUID} of video library 5001 at {cdn_url} failed: HTTP 403'
    )
    assert 'Set force=true' in outcome.result['msg']
    assert emulator.writes == []
    forced = run_module(video_thumbnail.main, args(src=image, force=True))
    assert forced.result['changed'] is True
    assert len(emulator.writes) == 1
    # Forced, the current thumbnail is read only for the diff: here it is not read at all.
    assert [call.status for call in emulator.sent if '/thumbnails/' in call.path] == [403]
    shown = run_module(video_thumbnail.main, args(src=image, force=True), diff=True)
    assert shown.result['changed'] is True
    assert shown.result['diff']['after_header'] == f'set thumbnail from {image}'
    assert [call.status for call in emulator.sent if '/thumbnails/' in call.path] == [403, 403]


def test_upload_is_retried_with_the_whole_file(emulator, run_module, image):
    emulator.add_fault(method='POST', path=THUMBNAIL, status=503)
    outcome = run_module(video_thumbnail.main, args(src=image))
    assert outcome.result['changed'] is True
    assert [(call.content, call.status) for call in emulator.writes] == [(WANTED, 503), (WANTED, 200)]
    assert served(emulator) == WANTED


def test_missing_video_reports_the_video_error_body(emulator, run_module, image):
    missing = '00000000-0000-4000-8000-000000000000'
    outcome = run_module(video_thumbnail.main, dict(args(src=image), video_id=missing))
    assert outcome.failed
    assert (
        outcome.result['msg']
        == f'read video {missing} of video library 5001 failed: HTTP 404 not_found: The requested video was not found'
    )
    assert outcome.result['failure']['message'] == 'The requested video was not found'
    assert [call.status for call in emulator.sent] == [404]


def test_refused_upload_reports_the_video_error_body(emulator, run_module, image):
    read_only = emulator.item('video_libraries', Id=5001)['ReadOnlyApiKey']  # reads, but cannot change videos
    outcome = run_module(video_thumbnail.main, args(src=image, library_api_key=read_only))
    assert outcome.failed
    assert outcome.result['msg'] == (
        f'set the thumbnail of video {GUID} of video library 5001 from {image} failed: '
        'HTTP 403 forbidden: The request authorization failed: the read-only key cannot change videos'
    )
    assert [call.status for call in emulator.writes] == [403]
    assert video(emulator)['thumbnailFileName'] == 'thumbnail.png'


def test_a_url_the_service_cannot_fetch_reports_its_refusal(emulator, run_module):
    elsewhere = video(emulator, WEBP_GUID)['thumbnailUrl']

    def replace_it() -> None:  # between the module's fetch and the set, the other video's thumbnail changes
        emulator.client().request(
            'POST',
            f'library/5001/videos/{WEBP_GUID}/thumbnail',
            'set the other thumbnail',
            service='video',
            data=WANTED,
        )

    emulator.meanwhile('GET', r'^/thumbnails/5001/' + WEBP_GUID, replace_it)
    outcome = run_module(video_thumbnail.main, args(url=elsewhere))
    assert outcome.failed
    assert outcome.result['msg'] == (
        f'set the thumbnail of video {GUID} of video library 5001 from the URL {elsewhere} failed: '
        f'HTTP 422 {UNPROCESSABLE}: Unable to fetch thumbnail from origin: HTTP 404'
    )
    assert [call.status for call in emulator.writes] == [422]
    assert video(emulator)['thumbnailFileName'] == 'thumbnail.png'


def test_a_2xx_with_success_false_is_a_failure(fake_api: FakeApi, run_module: t.Any, image: str) -> None:
    # A hand-made answer: the emulator answers every refused set with a 4xx, never 200 with success false.
    fake_api.add('GET', rf'^{VIDEO}$', {'videoLibraryId': 5001, 'guid': GUID, 'thumbnailUrl': None})
    fake_api.add('POST', THUMBNAIL, {'success': False, 'message': 'Thumbnail rejected', 'statusCode': 422})
    outcome = run_module(video_thumbnail.main, args(src=image))
    assert outcome.failed
    assert outcome.result['msg'].endswith('failed: HTTP 422: Thumbnail rejected')
    assert outcome.result['failure']['status'] == 422
    assert outcome.result['changed'] is False  # a refusal is not a write
    assert len(fake_api.writes) == 1


def test_bad_input_is_refused_before_any_request(emulator, run_module, tmp_path):
    image_url = 'https://images.example.com/images/new.webp'
    gif = tmp_path / 'anim.jpg'
    gif.write_bytes(b'GIF89a' + b'\x00' * 20)
    empty = tmp_path / 'empty.png'
    empty.write_bytes(b'')
    cases = [
        (dict(src=str(tmp_path / 'missing.png')), f"src {tmp_path / 'missing.png'} does not exist"),
        (dict(src=str(tmp_path)), f'src {tmp_path} is not a file'),
        (dict(src=str(gif)), f'src {gif} is not a JPEG, PNG or WebP image (judged by its content)'),
        (dict(src=str(empty)), 'is not a JPEG, PNG or WebP image'),
        (
            dict(url='ftp://images.example.com/a.png'),
            "url must be an http:// or https:// URL, got 'ftp://images.example.com/a.png'",
        ),
        (dict(url='images.example.com/a.png'), 'url must be an http:// or https:// URL'),
        (dict(url='https://'), 'url must name a host'),
        (dict(url='https://user:secret@images.example.com/a.png'), 'url must not hold a user name or password'),
        (dict(url=image_url, video_id='..'), "video_id '..' must be letters, digits"),
        (dict(src=str(gif), url=image_url), 'mutually exclusive'),
        (dict(), 'one of the following is required: src, url'),
        (dict(url=image_url, library_id=0), 'library_id must be a positive integer'),
        (dict(url=image_url, video_id=' '), 'video_id must not be empty'),
        (dict(url=image_url, video_api_url='video.edge.test'), 'video_api_url must be an http:// or https:// URL'),
    ]
    for extra, words in cases:
        outcome = run_module(video_thumbnail.main, dict(args(), **extra))
        assert outcome.failed, extra
        assert words in outcome.result['msg'], (extra, outcome.result['msg'])
    assert emulator.sent == []


# ---- the library by name -----------------------------------------------------------------------

NAME = 'library-00'  # the seeded name of library 5001


def by_name(**extra: t.Any) -> dict[str, t.Any]:
    return dict(COMMON_ARGS, video_api_url=VIDEO_URL, library_name=NAME, video_id=GUID, **extra)


def test_library_by_name_is_found_through_the_management_api(emulator, run_module, image):
    outcome = run_module(video_thumbnail.main, by_name(src=image))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    assert outcome.result['library_id'] == 5001
    assert outcome.result['video'] == video(emulator)
    assert [(call.service, call.method, call.path) for call in emulator.sent] == [
        ('api', 'GET', '/videolibrary'),
        ('video', 'GET', VIDEO),
        ('video', 'GET', f'/thumbnails/5001/{GUID}/thumbnail.png'),
        ('video', 'POST', f'{VIDEO}/thumbnail'),
        ('video', 'GET', VIDEO),
    ]
    assert emulator.sent[0].params == {'perPage': '1000', 'search': NAME, 'page': '1'}
    assert served(emulator) == WANTED


def test_library_by_id_returns_its_id_too(emulator, run_module, current):
    outcome = run_module(video_thumbnail.main, args(src=current))
    assert outcome.result['changed'] is False and outcome.result['library_id'] == 5001
    assert emulator.sent[0].path == VIDEO  # no lookup


def test_a_name_is_looked_up_with_the_account_key_and_the_library_key_used_for_the_video_api(
    emulator, run_module, image
):
    library_key = emulator.item('video_libraries', Id=5001)['ApiKey']
    outcome = run_module(video_thumbnail.main, by_name(src=image, library_api_key=library_key))
    assert outcome.result['changed'] is True
    lookup, *rest = emulator.sent
    assert (lookup.path, lookup.headers['AccessKey']) == ('/videolibrary', COMMON_ARGS['api_key'])
    video_calls = [call for call in rest if call.url.startswith(VIDEO_URL)]
    assert len(video_calls) == 3 and all(call.headers['AccessKey'] == library_key for call in video_calls)
    assert library_key not in str(outcome.result)  # the listing holds every library's keys; none is returned
    assert emulator.item('video_libraries', Id=5002)['ApiKey'] not in str(outcome.result)


def test_a_name_needs_the_account_key_even_with_the_library_key(emulator, run_module, image):
    library_key = emulator.item('video_libraries', Id=5001)['ApiKey']
    outcome = run_module(video_thumbnail.main, by_name(src=image, library_api_key=library_key, api_key='not-the-key'))
    assert outcome.failed
    assert outcome.result['msg'].startswith('list video libraries failed: HTTP 401 unauthorized')
    assert [(call.path, call.status) for call in emulator.sent] == [('/videolibrary', 401)]


def test_check_mode_with_a_name_looks_the_library_up_and_writes_nothing(emulator, run_module, image):
    before = video(emulator)
    predicted = run_module(video_thumbnail.main, by_name(src=image), check_mode=True, diff=True)
    assert predicted.result['changed'] is True
    assert predicted.result['library_id'] == 5001
    assert predicted.result['checksum'] == sha(WANTED)
    assert predicted.result['video'] == before == video(emulator)
    assert emulator.sent[0].path == '/videolibrary'
    assert emulator.writes == []


@pytest.mark.parametrize('name', ['library', 'LIBRARY-00', 'no-such-library'])
def test_an_unknown_name_fails_clearly_before_the_video_api_is_called(emulator, run_module, image, name):
    outcome = run_module(video_thumbnail.main, dict(by_name(src=image), library_name=name))
    assert outcome.failed
    assert outcome.result['msg'] == f'find video library "{name}" failed: no video library is named "{name}"'
    assert [(call.service, call.path) for call in emulator.sent] == [('api', '/videolibrary')]
    assert emulator.writes == []


def test_a_name_several_libraries_have_fails_before_the_video_api_is_called(fake_api, run_module, image):
    # A hand-made answer: the emulator's libraries all have names of their own.
    fake_api.add('GET', r'^/videolibrary$', [{'Id': 7, 'Name': 'videos'}, {'Id': 9, 'Name': 'videos'}])
    outcome = run_module(video_thumbnail.main, dict(by_name(src=image), library_name='videos'))
    assert outcome.failed
    assert outcome.result['msg'] == (
        'find video library "videos" failed: 2 video libraries are (7, 9) named "videos"; give library_id instead'
    )
    assert [call.path for call in fake_api.calls] == ['/videolibrary']


@pytest.mark.parametrize(
    'extra, words',
    [
        (dict(library_id=5001), 'parameters are mutually exclusive: library_id|library_name'),
        (dict(library_name=None), 'one of the following is required: library_id, library_name'),
        (dict(library_name=' '), 'library_name must not be empty'),
    ],
)
def test_the_library_is_given_exactly_once_before_any_request(emulator, run_module, image, extra, words):
    given = {key: value for key, value in dict(by_name(src=image), **extra).items() if value is not None}
    outcome = run_module(video_thumbnail.main, given)
    assert outcome.failed
    assert words in outcome.result['msg']
    assert emulator.sent == []
