# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The thumbnail of a video as the ``video_thumbnail`` module sets it: from a file or a URL, kept when the video
already serves the same image."""

from __future__ import annotations

import os
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Plan
from ansible_collections.edge.platform.plugins.module_utils._validation import id_segment_problem
from ansible_collections.edge.platform.plugins.module_utils._video import IMAGE_KINDS, VideoApi, file_digest, image_kind

KINDS = ', '.join(IMAGE_KINDS[:-1]) + ' or ' + IMAGE_KINDS[-1]


class Thumbnail(EdgeResource):
    """The thumbnail of a video: the same image when the SHA-256 of what the video serves matches."""

    name = 'video'
    noun = 'thumbnail of video'
    identity = ('video_id',)

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

    def find(self) -> Record:
        video = self.api.video(self.library_id, self.video_id, f'read {self.label}')
        # With force the image is set whatever the video serves: what it serves is read only for the diff.
        compare = not self.params['force'] or self.module.diff_mode
        return {'video': video, 'checksum': self.served_checksum(video) if compare else None}

    def served_checksum(self, video: Record) -> str | None:
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

    def resolve(self, wanted: Record, current: Record | None) -> Record:
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

    def update(self, current: Record, changes: Record) -> Record:
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

    def predict_update(self, current: Record, changes: Record) -> Record:
        return {'video': current['video'], 'checksum': changes.get('checksum', current['checksum'])}

    # ---- output ----

    def describe(self, plan: Plan) -> str | None:
        if plan.action is None:
            return None
        same = plan.current is not None and plan.current['checksum'] == plan.wanted['checksum']
        return f'set thumbnail {self.source}' + (' (force)' if same else '')

    def diff_view(self, resource: Record | None) -> dict[str, object] | None:
        return {'checksum': resource['checksum']} if resource is not None else None

    def outcome(self, plan: Plan, after: Record | None) -> dict[str, object]:
        after = after or {}
        return {
            'library_id': self.library_id,
            'video': after['video'],
            'checksum': plan.wanted.get('checksum', after['checksum']),
        }
