# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

import hashlib
import pathlib
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils._video import image_kind
from ansible_collections.edge.platform.plugins.modules import video_thumbnail
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, VIDEO_URL, FakeApi, FakeResponse

GUID = '7e8a2401-2d3a-4904-8b9c-f532f558c29f'
VIDEO = rf'^/library/5001/videos/{GUID}$'
THUMBNAIL = rf'^/library/5001/videos/{GUID}/thumbnail$'
SERVED = r'^/cdn/5001/thumbnail\.png$'
ELSEWHERE = r'^/images/new\.webp$'
CDN_URL = 'https://cdn.edge.test/cdn/5001/thumbnail.png'
IMAGE_URL = 'https://images.example.com/images/new.webp'

CURRENT = b'\x89PNG\r\n\x1a\n' + b'current image' * 10
WANTED = b'\xff\xd8\xff\xe0' + b'wanted image' * 10
WEBP = b'RIFF\x20\x00\x00\x00WEBPVP8L' + b'webp image' * 10
OK = {'success': True, 'message': 'The thumbnail was successfully set', 'statusCode': 200}


def sha(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


def video(thumbnail: str | None = 'thumbnail.png', url: str | None = CDN_URL) -> dict[str, t.Any]:
    return {
        'videoLibraryId': 5001,
        'guid': GUID,
        'title': 'launch',
        'status': 4,
        'thumbnailFileName': thumbnail,
        'thumbnailUrl': url,
    }


def args(**extra: t.Any) -> dict[str, t.Any]:
    return dict(COMMON_ARGS, video_api_url=VIDEO_URL, library_id=5001, video_id=GUID, **extra)


@pytest.fixture
def image(tmp_path: pathlib.Path) -> str:
    path = tmp_path / 'wanted.jpg'
    path.write_bytes(WANTED)
    return str(path)


@pytest.fixture
def served(fake_api: FakeApi) -> FakeApi:
    """A video serving CURRENT, whose thumbnail can be set (then it reads as thumbnail_2.jpg)."""
    fake_api.add('GET', VIDEO, video(), video('thumbnail_2.jpg', CDN_URL.replace('thumbnail.png', 'thumbnail_2.jpg')))
    fake_api.add('GET', SERVED, FakeResponse(200, content=CURRENT, headers={'Content-Type': 'image/png'}))
    fake_api.add('POST', THUMBNAIL, OK)
    return fake_api


def test_image_kinds_by_signature():
    assert image_kind(CURRENT) == 'PNG'
    assert image_kind(WANTED) == 'JPEG'
    assert image_kind(WEBP) == 'WebP'
    assert image_kind(b'GIF89a......') is None
    assert image_kind(b'RIFF\x00\x00\x00\x00WAVEfmt ') is None
    assert image_kind(b'') is None


def test_uploads_a_different_image_as_a_stream(served, run_module, image):
    outcome = run_module(video_thumbnail.main, args(src=image))
    assert not outcome.failed, outcome.result
    assert outcome.result['changed'] is True
    assert outcome.result['checksum'] == sha(WANTED)
    assert outcome.result['video']['thumbnailFileName'] == 'thumbnail_2.jpg'  # read again after the upload
    calls = [(call.method, call.path) for call in served.calls]
    assert calls == [
        ('GET', f'/library/5001/videos/{GUID}'),
        ('GET', '/cdn/5001/thumbnail.png'),
        ('POST', f'/library/5001/videos/{GUID}/thumbnail'),
        ('GET', f'/library/5001/videos/{GUID}'),
    ]
    upload = served.writes[0]
    assert upload.url == f'{VIDEO_URL}/library/5001/videos/{GUID}/thumbnail'
    assert upload.data == WANTED
    assert upload.params == {}
    # The documented request type. The emulator takes any declared type, so only this pins it.
    assert upload.headers['Content-Type'] == 'application/octet-stream'
    assert upload.headers['AccessKey'] == COMMON_ARGS['api_key']


def test_the_served_thumbnail_is_read_without_the_api_key(served, run_module, image):
    run_module(video_thumbnail.main, args(src=image))
    fetch = served.calls[1]
    assert fetch.url == CDN_URL
    assert 'AccessKey' not in fetch.headers
    assert served.calls[0].headers['AccessKey'] == COMMON_ARGS['api_key']


def test_same_image_is_unchanged_and_sends_no_write(served, run_module, tmp_path):
    path = tmp_path / 'same.png'
    path.write_bytes(CURRENT)
    outcome = run_module(video_thumbnail.main, args(src=str(path)), diff=True)
    assert outcome.result['changed'] is False
    assert outcome.result['checksum'] == sha(CURRENT)
    assert outcome.result['video'] == video()
    assert served.writes == []
    assert outcome.result['diff'] == {'before': {'checksum': sha(CURRENT)}, 'after': {'checksum': sha(CURRENT)}}


def test_force_uploads_the_same_image_again(served, run_module, tmp_path):
    path = tmp_path / 'same.png'
    path.write_bytes(CURRENT)
    outcome = run_module(video_thumbnail.main, args(src=str(path), force=True), diff=True)
    assert outcome.result['changed'] is True
    assert len(served.writes) == 1
    assert served.writes[0].data == CURRENT
    assert outcome.result['diff']['after_header'] == f'set thumbnail from {path} (force)'


def test_check_mode_predicts_and_sends_no_write(served, run_module, image):
    outcome = run_module(video_thumbnail.main, args(src=image), check_mode=True, diff=True)
    assert outcome.result['changed'] is True
    assert outcome.result['checksum'] == sha(WANTED)
    assert outcome.result['video'] == video()
    assert served.writes == []
    assert outcome.result['diff']['before'] == {'checksum': sha(CURRENT)}
    assert outcome.result['diff']['after'] == {'checksum': sha(WANTED)}
    assert outcome.result['diff']['after_header'] == f'set thumbnail from {image}'


def test_url_is_compared_by_what_it_serves_then_set_by_url(served, run_module):
    served.add('GET', ELSEWHERE, FakeResponse(200, content=WEBP))
    outcome = run_module(video_thumbnail.main, args(url=IMAGE_URL))
    assert outcome.result['changed'] is True
    assert outcome.result['checksum'] == sha(WEBP)
    fetch = next(call for call in served.calls if call.url == IMAGE_URL)
    assert 'AccessKey' not in fetch.headers
    upload = served.writes[0]
    assert upload.params == {'thumbnailUrl': IMAGE_URL}
    assert upload.data is None
    assert 'Content-Type' not in upload.headers


def test_url_already_shown_is_unchanged(served, run_module):
    served.add('GET', ELSEWHERE, FakeResponse(200, content=CURRENT))
    outcome = run_module(video_thumbnail.main, args(url=IMAGE_URL))
    assert outcome.result['changed'] is False
    assert served.writes == []


def test_url_that_serves_no_image_is_refused_before_any_write(served, run_module):
    served.add('GET', ELSEWHERE, FakeResponse(200, {'not': 'an image'}))
    outcome = run_module(video_thumbnail.main, args(url=IMAGE_URL))
    assert outcome.failed
    assert (
        outcome.result['msg']
        == f'url {IMAGE_URL} does not serve a JPEG, PNG or WebP image (judged by its content); nothing was changed'
    )
    assert served.writes == []


def test_url_that_fails_names_the_fetch(served, run_module):
    served.add('GET', ELSEWHERE, FakeResponse(404, content=b'Not Found'))
    outcome = run_module(video_thumbnail.main, args(url=IMAGE_URL))
    assert outcome.failed
    assert outcome.result['msg'] == f'fetch the thumbnail image from {IMAGE_URL} failed: HTTP 404 not_found: Not Found'
    assert served.writes == []


def test_library_api_key_is_used_for_the_video_api_only(served, run_module, image):
    outcome = run_module(video_thumbnail.main, args(src=image, library_api_key='library-key-0001'))
    assert outcome.result['changed'] is True
    video_calls = [call for call in served.calls if call.url.startswith(VIDEO_URL)]
    assert len(video_calls) == 3
    assert all(call.headers['AccessKey'] == 'library-key-0001' for call in video_calls)
    assert all('AccessKey' not in call.headers for call in served.calls if not call.url.startswith(VIDEO_URL))


def test_a_video_without_thumbnail_gets_one(fake_api, run_module, image):
    fake_api.add('GET', VIDEO, video(None, None))
    fake_api.add('POST', THUMBNAIL, OK)
    outcome = run_module(video_thumbnail.main, args(src=image), diff=True)
    assert outcome.result['changed'] is True
    assert outcome.result['diff']['before'] == {'checksum': None}
    assert len(fake_api.writes) == 1


def test_a_thumbnail_that_is_gone_counts_as_none(served, run_module, image):
    served.add('GET', SERVED, FakeResponse(404, content=b''))
    outcome = run_module(video_thumbnail.main, args(src=image))
    assert outcome.result['changed'] is True
    assert len(served.writes) == 1


def test_an_unreadable_thumbnail_fails_unless_forced(served, run_module, image):
    served.add('GET', SERVED, FakeResponse(403, content=b'token required'))
    outcome = run_module(video_thumbnail.main, args(src=image))
    assert outcome.failed
    assert outcome.result['msg'].startswith(
        f'read the current thumbnail of video {GUID} of video library 5001 at {CDN_URL} failed: HTTP 403'
    )
    assert 'Set force=true' in outcome.result['msg']
    assert served.writes == []
    forced = run_module(video_thumbnail.main, args(src=image, force=True))
    assert forced.result['changed'] is True
    assert len(served.writes) == 1


def test_upload_is_retried_with_the_whole_file(served, run_module, image):
    served.add('POST', THUMBNAIL, FakeResponse(503, {'success': False, 'message': 'busy', 'statusCode': 503}), OK)
    outcome = run_module(video_thumbnail.main, args(src=image))
    assert outcome.result['changed'] is True
    assert [call.data for call in served.writes] == [WANTED, WANTED]


def test_missing_video_reports_the_video_error_body(fake_api, run_module, image):
    fake_api.add(
        'GET',
        VIDEO,
        FakeResponse(404, {'success': False, 'message': 'The requested video was not found', 'statusCode': 404}),
    )
    outcome = run_module(video_thumbnail.main, args(src=image))
    assert outcome.failed
    assert (
        outcome.result['msg']
        == f'read video {GUID} of video library 5001 failed: HTTP 404 not_found: The requested video was not found'
    )
    assert outcome.result['failure']['message'] == 'The requested video was not found'


def test_refused_upload_reports_the_video_error_body(served, run_module, image):
    served.add(
        'POST',
        THUMBNAIL,
        FakeResponse(400, {'success': False, 'message': 'The request or URL was invalid', 'statusCode': 400}),
    )
    outcome = run_module(video_thumbnail.main, args(src=image))
    assert outcome.failed
    assert outcome.result['msg'] == (
        f'set the thumbnail of video {GUID} of video library 5001 from {image} failed: '
        'HTTP 400 bad_request: The request or URL was invalid'
    )


def test_a_2xx_with_success_false_is_a_failure(served, run_module, image):
    served.add('POST', THUMBNAIL, {'success': False, 'message': 'Thumbnail rejected', 'statusCode': 422})
    outcome = run_module(video_thumbnail.main, args(src=image))
    assert outcome.failed
    assert outcome.result['msg'].endswith('failed: HTTP 422: Thumbnail rejected')
    assert outcome.result['failure']['status'] == 422


def test_bad_input_is_refused_before_any_request(fake_api, run_module, tmp_path):
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
        (dict(url=IMAGE_URL, video_id='..'), "video_id '..' must be letters, digits"),
        (dict(src=str(gif), url=IMAGE_URL), 'mutually exclusive'),
        (dict(), 'one of the following is required: src, url'),
        (dict(url=IMAGE_URL, library_id=0), 'library_id must be a positive integer'),
        (dict(url=IMAGE_URL, video_id=' '), 'video_id must not be empty'),
        (dict(url=IMAGE_URL, video_api_url='video.edge.test'), 'video_api_url must be an http:// or https:// URL'),
    ]
    for extra, words in cases:
        outcome = run_module(video_thumbnail.main, dict(args(), **extra))
        assert outcome.failed, extra
        assert words in outcome.result['msg'], (extra, outcome.result['msg'])
    assert fake_api.calls == []
