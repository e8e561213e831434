# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a user would write instead of pullzone_info: list every pull zone with requests, page by page.

The benchmark's yardstick for listing: the same requests as the module (the largest page,
1000), every record kept in memory, the count printed.
"""

from __future__ import annotations

import os

import requests

session = requests.Session()
session.headers['AccessKey'] = os.environ['EDGE_API_KEY']
zones = []
page = 1
while True:
    response = session.get(f"{os.environ['EDGE_API_URL']}/pullzone", params={'page': page, 'perPage': 1000}, timeout=30)
    response.raise_for_status()
    body = response.json()
    zones.extend(body['Items'])
    if not body['HasMoreItems']:
        break
    page += 1
print(len(zones))
