# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's admin endpoints (reset, faults, state, requests) from inside the controller: a uri task is a module
process, about 0.3 s each. Plain http.client rather than the url lookup's open_url, which loads the system's CA
certificates for every request (about 25 ms of CPU each, for an http:// address): the targets read and write the
admin endpoints a few thousand times a run."""

from __future__ import annotations

import http.client
import json
import typing as t
from urllib.parse import urlsplit

from ansible.errors import AnsibleError
from ansible.module_utils.common.json import AnsibleJSONEncoder
from ansible.plugins.lookup import LookupBase

DOCUMENTATION = r"""
name: emulator
short_description: GET or POST JSON at an admin endpoint of the emulator
description:
  - Sends one request from inside the controller and returns the emulator's JSON answer, as data.
options:
  _terms:
    description: The admin URL (http://), with its query.
    required: true
  method:
    description: C(GET) to read, C(POST) to send O(body).
    type: str
    choices: [GET, POST]
    default: GET
  body:
    description: What to POST, as JSON.
    type: raw
    default: {}
  status:
    description: The status the emulator answers with when it did what was asked.
    type: int
    default: 200
"""


class LookupModule(LookupBase):
    def run(self, terms: list[t.Any], variables: dict[str, t.Any] | None = None, **kwargs: t.Any) -> list[t.Any]:
        self.set_options(var_options=variables, direct=kwargs)
        method = self.get_option('method')
        body = json.dumps(self.get_option('body'), cls=AnsibleJSONEncoder) if method == 'POST' else None
        return [self.request(str(url), method, body) for url in terms]

    def request(self, url: str, method: str, body: str | None) -> t.Any:
        address = urlsplit(url)
        if address.scheme != 'http' or not address.hostname:
            raise AnsibleError(f'{url}: the emulator admin URL is an http:// address')
        target = address.path + (f'?{address.query}' if address.query else '')
        connection = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
        try:
            headers = {'Content-Type': 'application/json'} if body is not None else {}
            connection.request(method, target, body=body, headers=headers)
            response = connection.getresponse()
            status, text = response.status, response.read()
        except (OSError, http.client.HTTPException) as error:  # every connection error alike: the test stops here
            raise AnsibleError(f'{method} {url} failed: {error}') from error
        finally:
            connection.close()
        if status != self.get_option('status'):
            raise AnsibleError(f'{method} {url} answered {status}, not {self.get_option("status")}: {text[:200]!r}')
        return json.loads(text) if text.strip() else {}
