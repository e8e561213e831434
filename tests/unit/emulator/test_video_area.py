# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's video libraries, videos and thumbnails (spec 4.8, 4.9; GAPS), in-process."""

from __future__ import annotations

import hashlib
import typing as t

import httpx
import pytest
from starlette.testclient import TestClient

from ansible_collections.edge.platform.tests.emulator.areas import AREAS, video as video_area
from ansible_collections.edge.platform.tests.emulator.core import ServiceMiddleware, State
from ansible_collections.edge.platform.tests.emulator.server import admin_app, build_service
from ansible_collections.edge.platform.tests.unit.helpers import EMULATOR_KEY as KEY

CDN = 'http://127.0.0.1:9'
PNG = video_area.png(4, 3, (1, 2, 3))


def sha(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


@pytest.fixture
def state(monkeypatch: pytest.MonkeyPatch) -> State:
    state = State(api_key=KEY, scale=12, areas=AREAS)
    state.reset()
    apps: dict[str, t.Any] = {}

    def bind(service: str, app: t.Any) -> str:
        apps[service] = ServiceMiddleware(app, service, state)
        return CDN

    next(area for area in AREAS if area.name == 'video').bind(state, bind)
    state.fixed['cdn_app'] = apps['video']
    # The emulator's own fetches of thumbnailUrl reach the CDN app in-process.
    monkeypatch.setattr(video_area, 'FETCH_TRANSPORT', httpx.ASGITransport(app=apps['video']))
    return state


@pytest.fixture
def video(state: State) -> TestClient:
    return TestClient(build_service('video', state), headers={'AccessKey': KEY})


@pytest.fixture
def cdn(state: State) -> TestClient:
    return TestClient(state.fixed['cdn_app'])


@pytest.fixture
def snapshot(state: State) -> dict[str, t.Any]:
    return TestClient(admin_app(state)).get('/state').json()


def served(cdn: TestClient, url: str) -> bytes:
    response = cdn.get(url.replace(CDN, ''))
    assert response.status_code == 200, response.text
    return response.content


# ---- seed -------------------------------------------------------------------------------------


def test_seed_links_libraries_to_pull_zones_and_has_videos_with_thumbnails(snapshot, cdn):
    libraries = snapshot['video_libraries']
    videos = snapshot['videos']
    assert len(libraries) == 3
    assert len(videos) == 9
    zones = {zone['Id']: zone for zone in snapshot['pullzones']}
    for library in libraries:
        assert zones[library['PullZoneId']]['VideoLibraryId'] == library['Id']
        assert library['ApiKey'] and library['ReadOnlyApiKey'] and library['ApiKey'] != library['ReadOnlyApiKey']
    assert {video['videoLibraryId'] for video in videos} == {library['Id'] for library in libraries}
    assert len({video['guid'] for video in videos}) == 9
    assert libraries[0]['BlockedReferrers'] == ['spam0.example.net', 'Leech.Example.ORG']
    assert libraries[1]['BlockedReferrers'] == []
    with_thumbnail = [video for video in videos if video['thumbnailUrl']]
    assert len(with_thumbnail) == 8  # the last video is still processing
    assert videos[-1]['thumbnailFileName'] is None and videos[-1]['thumbnailUrl'] is None
    images = [served(cdn, video['thumbnailUrl']) for video in with_thumbnail]
    assert {video_area.image_kind(image) for image in images} == {'jpg', 'png', 'webp'}
    assert all(
        video['thumbnailUrl'].startswith(f"{CDN}/thumbnails/{video['videoLibraryId']}/{video['guid']}/")
        for video in with_thumbnail
    )


def test_seed_is_deterministic_and_scales(state):
    again = State(api_key=KEY, scale=12, areas=AREAS)
    again.reset()
    assert again.data['video_libraries'] == state.data['video_libraries']
    assert again.data['video_thumbnails'] == state.data['video_thumbnails']
    small = State(api_key=KEY, scale=6, areas=AREAS)
    small.reset()
    assert len(small.data['video_libraries']) == 2


# ---- video libraries (management API) ---------------------------------------------------------


def test_library_list_is_a_plain_array_by_default(api):
    listing = api.get('/videolibrary')
    assert listing.status_code == 200
    libraries = listing.json()
    assert [(library['Id'], library['Name']) for library in libraries] == [
        (5001, 'library-00'),
        (5002, 'library-01'),
        (5003, 'library-02'),
    ]
    # The listing's records are the whole VideoLibraryModel, as reading one by id gives it.
    assert libraries[0] == api.get('/videolibrary/5001').json()


def test_library_list_pages_like_the_pull_zone_list():
    # Scale 40: ten libraries, 5001..5010.
    state = State(api_key=KEY, scale=40, areas=AREAS)
    state.reset()
    api = TestClient(build_service('api', state), headers={'AccessKey': KEY})
    first = api.get('/videolibrary', params={'page': 1, 'perPage': 5}).json()
    assert set(first) == {'Items', 'CurrentPage', 'TotalItems', 'HasMoreItems'}
    assert (first['CurrentPage'], first['TotalItems'], first['HasMoreItems']) == (1, 10, True)
    assert [library['Id'] for library in first['Items']] == [5001, 5002, 5003, 5004, 5005]
    second = api.get('/videolibrary', params={'page': 2, 'perPage': 5}).json()
    assert [library['Id'] for library in second['Items']] == [5006, 5007, 5008, 5009, 5010]
    assert second['HasMoreItems'] is False
    past = api.get('/videolibrary', params={'page': 3, 'perPage': 5}).json()
    assert past == {'Items': [], 'CurrentPage': 3, 'TotalItems': 10, 'HasMoreItems': False}
    assert len(api.get('/videolibrary', params={'page': 1}).json()['Items']) == 10  # perPage 1000 by default


@pytest.mark.parametrize(
    'search, names',
    [
        ('LIBRARY-01', ['library-01']),
        ('  library-0 ', ['library-00', 'library-01', 'library-02']),
        ('brary-02', ['library-02']),
        ('videos', []),
        ('', ['library-00', 'library-01', 'library-02']),
    ],
)
def test_library_list_search_is_a_case_insensitive_part_of_the_name(api, search, names):
    assert [library['Name'] for library in api.get('/videolibrary', params={'search': search}).json()] == names
    paged = api.get('/videolibrary', params={'search': search, 'page': 1, 'perPage': 5}).json()
    assert [library['Name'] for library in paged['Items']] == names and paged['TotalItems'] == len(names)


@pytest.mark.parametrize('params', [{'perPage': 4}, {'perPage': 1001}, {'page': -1}, {'page': 'x'}])
def test_library_list_bounds_answer_the_core_error_body(api, params):
    response = api.get('/videolibrary', params=params)
    assert response.status_code == 400
    body = response.json()
    assert set(body) == {'ErrorKey', 'Field', 'Message'} and body['ErrorKey'] == 'validation_error'
    assert body['Field'] == next(iter(params))


def test_library_list_needs_the_account_key(state):
    client = TestClient(build_service('api', state))
    assert client.get('/videolibrary').status_code == 401
    library_key = state.data['video_libraries'][5001]['ApiKey']  # a library's key is for the video API only
    assert client.get('/videolibrary', headers={'AccessKey': library_key}).status_code == 401


def test_get_library_and_its_errors(api):
    library = api.get('/videolibrary/5001')
    assert library.status_code == 200
    assert library.json()['BlockedReferrers'] == ['spam0.example.net', 'Leech.Example.ORG']
    missing = api.get('/videolibrary/4999')
    assert missing.status_code == 404
    assert missing.json() == {
        'ErrorKey': 'videolibrary.not_found',
        'Field': 'id',
        'Message': 'The Video Library with the requested ID does not exist',
    }
    assert api.get('/videolibrary/5001', headers={'AccessKey': 'wrong'}).status_code == 401


def test_add_and_remove_blocked_referrers(api):
    assert api.post('/videolibrary/5001/addBlockedReferrer', json={'Hostname': 'new.example.com'}).status_code == 200
    assert (
        api.post('/videolibrary/5001/removeBlockedReferrer', json={'Hostname': 'leech.example.org'}).status_code == 200
    )
    assert api.get('/videolibrary/5001').json()['BlockedReferrers'] == ['spam0.example.net', 'new.example.com']


@pytest.mark.parametrize(
    'endpoint, body, key',
    [
        ('addBlockedReferrer', {'Hostname': 'SPAM0.example.net'}, 'videolibrary.referrer_exists'),
        ('removeBlockedReferrer', {'Hostname': 'never.example.com'}, 'videolibrary.referrer_not_found'),
        ('addBlockedReferrer', {'Hostname': ''}, 'validation_error'),
        ('removeBlockedReferrer', {}, 'validation_error'),
    ],
)
def test_referrer_errors_answer_the_core_error_body(api, endpoint, body, key):
    response = api.post(f'/videolibrary/5001/{endpoint}', json=body)
    assert response.status_code == 400
    answer = response.json()
    assert set(answer) == {'ErrorKey', 'Field', 'Message'}
    assert answer['ErrorKey'] == key
    assert answer['Field'] == 'Hostname'
    assert api.get('/videolibrary/5001').json()['BlockedReferrers'] == ['spam0.example.net', 'Leech.Example.ORG']


# ---- videos and thumbnails (video API) --------------------------------------------------------


def first_video(snapshot: dict[str, t.Any], number: int = 0) -> dict[str, t.Any]:
    return snapshot['videos'][number]


def test_get_video_with_account_key_library_key_or_read_only_key(video, snapshot):
    item = first_video(snapshot)
    library = snapshot['video_libraries'][0]
    path = f"/library/5001/videos/{item['guid']}"
    assert video.get(path).json() == item
    assert video.get(path, headers={'AccessKey': library['ApiKey']}).status_code == 200
    assert video.get(path, headers={'AccessKey': library['ReadOnlyApiKey']}).status_code == 200
    other = snapshot['video_libraries'][1]['ApiKey']
    denied = video.get(path, headers={'AccessKey': other})
    assert denied.status_code == 401
    assert denied.json() == {'success': False, 'message': 'The request authentication failed', 'statusCode': 401}
    missing = video.get('/library/5001/videos/no-such-video')
    assert missing.status_code == 404
    assert missing.json() == {'success': False, 'message': 'The requested video was not found', 'statusCode': 404}


def test_set_thumbnail_by_body_serves_it_back_under_a_new_name(video, cdn, snapshot):
    item = first_video(snapshot)
    path = f"/library/5001/videos/{item['guid']}"
    response = video.post(f'{path}/thumbnail', content=PNG, headers={'Content-Type': 'application/octet-stream'})
    assert response.status_code == 200
    assert response.json() == {'success': True, 'message': 'The thumbnail was successfully set', 'statusCode': 200}
    after = video.get(path).json()
    assert after['thumbnailFileName'] == 'thumbnail_1.png'
    assert sha(served(cdn, after['thumbnailUrl'])) == sha(PNG)
    assert cdn.get(item['thumbnailUrl'].replace(CDN, '')).status_code == 404  # the old name is gone
    again = video.post(f'{path}/thumbnail', content=PNG, headers={'Content-Type': 'application/octet-stream'})
    assert again.status_code == 200
    assert video.get(path).json()['thumbnailFileName'] == 'thumbnail_2.png'


def test_set_thumbnail_with_the_library_key_but_not_the_read_only_one(video, snapshot):
    item = first_video(snapshot)
    library = snapshot['video_libraries'][0]
    url = f"/library/5001/videos/{item['guid']}/thumbnail"
    headers = {'Content-Type': 'application/octet-stream'}
    assert video.post(url, content=PNG, headers=dict(headers, AccessKey=library['ApiKey'])).status_code == 200
    refused = video.post(url, content=PNG, headers=dict(headers, AccessKey=library['ReadOnlyApiKey']))
    assert refused.status_code == 403
    assert refused.json()['success'] is False


# The documented request type, the types clients send for an image, and none at all.
DECLARED_TYPES = ['application/octet-stream', 'image/jpeg', 'image/png', 'image/webp', 'image/*', None]
IMAGES = {'png': PNG, 'jpg': video_area.SEED_JPEG, 'webp': video_area.SEED_WEBP}


def typed(media_type: str | None) -> dict[str, str]:
    return {'Content-Type': media_type} if media_type else {}


@pytest.mark.parametrize('kind', sorted(IMAGES))
@pytest.mark.parametrize('media_type', DECLARED_TYPES)
def test_thumbnail_body_is_taken_whatever_its_declared_type(video, cdn, snapshot, media_type, kind):
    item = first_video(snapshot)
    path = f"/library/5001/videos/{item['guid']}"
    response = video.post(f'{path}/thumbnail', content=IMAGES[kind], headers=typed(media_type))
    assert response.request.headers.get('content-type') == media_type  # untyped means no header at all
    assert response.status_code == 200, response.text
    assert response.json() == {'success': True, 'message': 'The thumbnail was successfully set', 'statusCode': 200}
    after = video.get(path).json()
    assert after['thumbnailFileName'] == f'thumbnail_1.{kind}'  # named by the bytes, not the declared type
    assert served(cdn, after['thumbnailUrl']) == IMAGES[kind]


@pytest.mark.parametrize('media_type', DECLARED_TYPES)
@pytest.mark.parametrize(
    'content, words',
    [
        (b'GIF89a........', 'not a JPEG, PNG or WebP image'),
        (b'', 'send the image as the body or give thumbnailUrl'),
    ],
)
def test_bad_thumbnail_bodies_are_refused_as_the_reference_answers(video, snapshot, content, words, media_type):
    item = first_video(snapshot)
    response = video.post(f"/library/5001/videos/{item['guid']}/thumbnail", content=content, headers=typed(media_type))
    # The reference's answer to a bad request: 400 with its StatusModel body.
    assert response.status_code == 400
    answer = response.json()
    assert set(answer) == {'success', 'message', 'statusCode'}
    assert answer['success'] is False and answer['statusCode'] == 400
    assert answer['message'].startswith('The request or URL was invalid: ') and words in answer['message']
    assert video.get(f"/library/5001/videos/{item['guid']}").json()['thumbnailFileName'] == item['thumbnailFileName']


def test_set_thumbnail_from_a_url_fetches_it(video, cdn, snapshot):
    target, source = first_video(snapshot, 0), first_video(snapshot, 1)
    path = f"/library/5001/videos/{target['guid']}"
    response = video.post(f'{path}/thumbnail', params={'thumbnailUrl': source['thumbnailUrl']})
    assert response.status_code == 200, response.text
    after = video.get(path).json()
    assert after['thumbnailFileName'] == 'thumbnail_1.jpg'
    assert served(cdn, after['thumbnailUrl']) == served(cdn, source['thumbnailUrl'])


@pytest.mark.parametrize(
    'url, status, words',
    [
        ('http://example.com/a.png', 400, 'from 127.0.0.1 only'),
        ('ftp://127.0.0.1/a.png', 400, 'is not an http(s) URL'),
        (f'{CDN}/thumbnails/5001/nope/thumbnail.png', 422, 'Unable to fetch thumbnail from origin: HTTP 404'),
    ],
)
def test_bad_thumbnail_urls_are_refused(video, snapshot, url, status, words):
    item = first_video(snapshot)
    response = video.post(f"/library/5001/videos/{item['guid']}/thumbnail", params={'thumbnailUrl': url})
    assert response.status_code == status
    assert words in response.json()['message']


def test_thumbnails_are_served_without_credentials_and_recorded(cdn, state, snapshot):
    item = first_video(snapshot)
    response = cdn.get(item['thumbnailUrl'].replace(CDN, ''))
    assert response.status_code == 200
    assert response.headers['content-type'] == 'image/png'
    assert state.requests[-1]['service'] == 'video'
    assert state.requests[-1]['path'].startswith('/thumbnails/5001/')


def test_reset_restores_the_seed(api, video, state, snapshot):
    item = first_video(snapshot)
    api.post('/videolibrary/5001/addBlockedReferrer', json={'Hostname': 'new.example.com'})
    video.post(
        f"/library/5001/videos/{item['guid']}/thumbnail",
        content=PNG,
        headers={'Content-Type': 'application/octet-stream'},
    )
    state.reset()
    assert TestClient(admin_app(state)).get('/state').json()['videos'] == snapshot['videos']
    assert api.get('/videolibrary/5001').json()['BlockedReferrers'] == ['spam0.example.net', 'Leech.Example.ORG']
