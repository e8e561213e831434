# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The emulator's admin writes (reset, faults) from inside the controller: a uri task is a module process,
about 0.3 s each, and every case of every target resets the emulator or arms a fault."""

from __future__ import annotations

import json
import typing as t

from ansible.errors import AnsibleError
from ansible.module_utils.common.json import AnsibleJSONEncoder
from ansible.module_utils.urls import open_url
from ansible.plugins.lookup import LookupBase

DOCUMENTATION = r"""
name: emulator_post
short_description: POST JSON to an admin endpoint of the emulator
description:
  - Sends one POST with a JSON body from inside the controller and returns the emulator's JSON answer.
options:
  _terms:
    description: The admin URL.
    required: true
  body:
    description: What to send, as JSON.
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
        body = json.dumps(self.get_option('body'), cls=AnsibleJSONEncoder)
        answers = []
        for url in terms:
            try:
                response = open_url(
                    str(url), method='POST', data=body, headers={'Content-Type': 'application/json'}, timeout=30
                )
                status, text = response.status, response.read()
            except Exception as error:  # HTTPError and every connection error alike: the test stops here
                raise AnsibleError(f'POST {url} failed: {error}') from error
            if status != self.get_option('status'):
                raise AnsibleError(f'POST {url} answered {status}, not {self.get_option("status")}: {text[:200]!r}')
            answers.append(json.loads(text) if text.strip() else {})
        return answers
