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


from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._resources.video_thumbnail import Thumbnail
from ansible_collections.edge.platform.plugins.module_utils._tables.video_thumbnail import TABLE


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
