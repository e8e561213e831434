#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

from __future__ import annotations

DOCUMENTATION = r'''
module: video_thumbnail
short_description: Set the thumbnail of a video, from a local image or a URL
version_added: 1.0.0
description:
  - Sets the thumbnail of one video of a video library, either by uploading a local image
    (O(src)) or by having the service fetch it from a URL (O(url)).
  - Idempotent by content. The module compares the SHA-256 of the wanted image (the O(src)
    file, or the bytes it fetches from O(url)) with that of the image the video serves now at
    its C(thumbnailUrl), and sets the thumbnail only when they differ, or with O(force=true).
  - The upload is the file itself as an C(application/octet-stream) body, streamed from disk.
    Setting a thumbnail is safe to repeat, so after a server error the upload (or the URL call) is
    retried like a read (see O(api_retries)), sending the whole file again.
  - The served thumbnail and the O(url) image are fetched without any API key.
  - The library is given by O(library_id), or by O(library_name), looked up in the video library list of the
    management API (O(api_url)) with the account key O(api_key), also when O(library_api_key) is given.
author:
  - Edge Platform Collection Maintainers (@edge-platform)
extends_documentation_fragment:
  - edge.platform.api.VIDEO
  - edge.platform.api
  - edge.platform.api.ACTIONGROUP_AND_CHECK
  - edge.platform._options.VIDEO_THUMBNAIL
notes:
  - There is no way to remove a custom thumbnail; set another image instead.
seealso:
  - module: edge.platform.video_blocked_referrer
'''

EXAMPLES = r'''
- name: Upload a thumbnail from a file (unchanged when the video already shows it)
  edge.platform.video_thumbnail:
    api_key: "{{ vault_edge_api_key }}"
    api_url: "{{ edge_api_url }}"
    video_api_url: "{{ edge_video_api_url }}"
    library_name: library-00
    video_id: 7e8a2401-2d3a-4904-8b9c-f532f558c29f
    src: "{{ playbook_dir }}/files/launch.png"
  register: launch

- name: Give another video of the library the same thumbnail, fetched by the service from where the first is served
  edge.platform.video_thumbnail:
    library_name: library-00
    video_id: aa22719b-fcfb-4d39-b25e-e3d738143bc0
    url: "{{ launch.video.thumbnailUrl }}"

- name: Upload again even if the image is the same (the library by the id the first task found)
  edge.platform.video_thumbnail:
    library_id: "{{ launch.library_id }}"
    video_id: 7e8a2401-2d3a-4904-8b9c-f532f558c29f
    src: "{{ playbook_dir }}/files/launch.png"
    force: true
  register: thumbnail

- name: Show where the thumbnail is served
  ansible.builtin.debug:
    msg: "{{ thumbnail.video.thumbnailUrl }} ({{ thumbnail.checksum }})"
'''

RETURN = r'''
library_id:
  description: Id of the video library (found by its name when O(library_name) was given).
  returned: success
  type: int
  sample: 5001
video:
  description:
    - The video, with the API's own property names (VideoModel), as it is after the run.
    - In check mode, the video as it is now.
  returned: success
  type: dict
  contains:
    videoLibraryId:
      description: Id of the video library.
      type: int
      sample: 5001
    guid:
      description: Id of the video.
      type: str
      sample: 7e8a2401-2d3a-4904-8b9c-f532f558c29f
    title:
      description: Title of the video.
      type: str
      sample: Launch
    status:
      description: Processing status, as the API's number (4 finished).
      type: int
      sample: 4
    thumbnailFileName:
      description: File name of the current thumbnail.
      type: str
      sample: thumbnail_2.jpg
    thumbnailUrl:
      description: Where the video serves its thumbnail; the module compares the image found there with the wanted one.
      type: str
      sample: https://cdn.example.net/7e8a2401-2d3a-4904-8b9c-f532f558c29f/thumbnail_2.jpg
  sample:
    videoLibraryId: 5001
    guid: 7e8a2401-2d3a-4904-8b9c-f532f558c29f
    title: Launch
    status: 4
    thumbnailFileName: thumbnail_2.jpg
    thumbnailUrl: https://cdn.example.net/7e8a2401-2d3a-4904-8b9c-f532f558c29f/thumbnail_2.jpg
checksum:
  description: SHA-256 (hex) of the wanted image.
  returned: success
  type: str
  sample: 871cff90420447823bde3c6fa0d7829a703996e5b27e13199b1932d29c3814c8
'''

import os
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError
from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Plan
from ansible_collections.edge.platform.plugins.module_utils._tables.video_thumbnail import TABLE
from ansible_collections.edge.platform.plugins.module_utils._validation import id_segment_problem
from ansible_collections.edge.platform.plugins.module_utils._video import IMAGE_KINDS, VideoApi, file_digest, image_kind

KINDS = ', '.join(IMAGE_KINDS[:-1]) + ' or ' + IMAGE_KINDS[-1]


class Thumbnail(EdgeResource):
    """The thumbnail of a video: the same image when the SHA-256 of what the video serves matches."""

    name = 'video'

    @property
    def api(self) -> VideoApi:
        return VideoApi(self.client, self.params['library_api_key'])

    @property
    def video_id(self) -> str:
        return str(self.params['video_id']).strip()

    @property
    def library_id(self) -> int:
        """The library's id: given, or found by name (``locate``)."""
        return int(self.params['library_id'] if self.params['library_id'] is not None else self.where)

    @property
    def label(self) -> str:
        return f'video {self.video_id} of video library {self.library_id}'

    @property
    def source(self) -> str:
        return f"from {self.params['src']}" if self.params['src'] is not None else f"from the URL {self.params['url']}"

    # ---- input ----

    def validate(self) -> None:
        params, module = self.params, self.module
        video_id = params['video_id'].strip()
        module.refuse_non_positive('library_id')
        module.refuse_blank('library_name')
        module.credential('library_api_key')
        if not video_id:
            module.fail('video_id must not be empty')
        problem = id_segment_problem(video_id)
        if problem:
            module.fail(
                f'video_id {video_id!r} {problem} (the id of a video, such as 7e8a2401-2d3a-4904-8b9c-f532f558c29f)'
            )
        src = params['src']
        if src is not None:
            if not os.path.exists(src):
                module.fail(f'src {src} does not exist')
            if not os.path.isfile(src):
                module.fail(f'src {src} is not a file')
            self.image_of_file(src)
        if params['url'] is not None:
            params['url'] = module.check_url('url', credentials=False)  # fetched without the API key

    def image_of_file(self, src: str) -> str:
        """SHA-256 of the image file ``src``; refuses a file that cannot be read or is no image."""
        try:
            checksum, head = file_digest(src)
        except OSError as exc:
            self.module.fail(f'src {src} cannot be read: {exc.strerror or exc}')
        if image_kind(head) is None:
            self.module.fail(f'src {src} is not a {KINDS} image (judged by its content)')
        return checksum

    # ---- reading ----

    def locate(self) -> int | None:
        """The id of the library given by name (a management API read with the account key), else None."""
        if self.params['library_name'] is None:
            return None
        return int(self.api.library_named(self.params['library_name'])['Id'])

    def find(self) -> dict[str, t.Any]:
        video = self.api.video(self.library_id, self.video_id, f'read {self.label}')
        return {'video': video, 'checksum': self.served_checksum(video)}

    def served_checksum(self, video: dict[str, t.Any]) -> str | None:
        """SHA-256 of what the video serves as its thumbnail now; None when it serves none."""
        served = video.get('thumbnailUrl')
        if not served or not str(served).startswith(('http://', 'https://')):
            return None
        operation = f'read the current thumbnail of {self.label} at {served}'
        try:
            found = self.api.served_digest(served, operation, missing=(404, 410))
        except EdgeApiError as error:
            if self.params['force']:
                return None
            self.module.fail(
                f'{error}. Set force=true to set the thumbnail without comparing.', failure=error.failure()
            )
        return found[0] if found else None

    def resolve(self, wanted: dict[str, t.Any], current: dict[str, t.Any] | None) -> dict[str, t.Any]:
        """The image wanted: the file's checksum, or that of what ``url`` serves (fetched once, without the key)."""
        url = self.params['url']
        if url is None:
            wanted['checksum'] = self.image_of_file(self.params['src'])
        else:
            # No status counts as missing here: a failure raises, so this is never empty.
            checksum, head = self.api.served_digest(url, f'fetch the thumbnail image from {url}') or ('', b'')
            if image_kind(head) is None:
                self.module.fail(
                    f'url {url} does not serve a {KINDS} image (judged by its content); nothing was changed'
                )
            wanted['checksum'] = checksum
        if self.params['force']:
            wanted['force'] = True  # set it even when it is the same image
        return wanted

    # ---- writing ----

    def update(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> dict[str, t.Any]:
        operation = f'set the thumbnail of {self.label} {self.source}'
        src = self.params['src']
        opened: list[t.BinaryIO] = []

        def image() -> t.BinaryIO:
            # A fresh stream per attempt: a retry sends the whole file again.
            handle = open(src, 'rb')  # noqa: SIM115  (closed in update's finally, after the last attempt)
            opened.append(handle)
            return handle

        try:
            self.api.set_thumbnail(
                self.library_id,
                self.video_id,
                operation,
                image=image if src is not None else None,
                url=self.params['url'],
            )
        finally:
            for handle in opened:
                handle.close()
        video = self.api.video(self.library_id, self.video_id, f'read {self.label} after setting its thumbnail')
        return {'video': video, 'checksum': changes.get('checksum', current['checksum'])}

    def predict_update(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> dict[str, t.Any]:
        return {'video': current['video'], 'checksum': changes.get('checksum', current['checksum'])}

    # ---- output ----

    def describe(self, plan: Plan) -> str | None:
        if plan.action is None:
            return None
        same = plan.current is not None and plan.current['checksum'] == plan.wanted['checksum']
        return f'set thumbnail {self.source}' + (' (force)' if same else '')

    def diff_view(self, resource: dict[str, t.Any] | None) -> dict[str, t.Any] | None:
        return {'checksum': resource['checksum']} if resource is not None else None

    def outcome(self, plan: Plan, after: dict[str, t.Any] | None) -> dict[str, t.Any]:
        after = after or {}
        return {
            'library_id': self.library_id,
            'video': after['video'],
            'checksum': plan.wanted.get('checksum', after['checksum']),
        }


def main() -> None:
    module = EdgeModule(
        argument_spec=TABLE.argument_spec(),
        services=('video',),
        mutually_exclusive=[('src', 'url'), ('library_id', 'library_name')],
        required_one_of=[('src', 'url'), ('library_id', 'library_name')],
    )
    Thumbnail(module).run()


if __name__ == '__main__':
    main()
