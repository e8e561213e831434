# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""What the targets read of a file their modules wrote, from inside the controller. The targets run on the
controller (a local connection), so this is what the stat and slurp modules would find there, without their module
process (about 0.35 s of CPU each): the targets read files a few hundred times a run."""

from __future__ import annotations

import hashlib
import os
import stat
import typing as t

from ansible.errors import AnsibleError
from ansible.plugins.lookup import LookupBase

DOCUMENTATION = r"""
name: file_stat
short_description: What the stat module returns as C(stat) for a file of the controller, and its text
description:
  - For each path, a dictionary with the keys of the stat module's C(stat) that the targets read.
  - C(exists); when it does, C(isreg), C(isdir), C(size), C(mode) (four octal digits, as a string), C(mtime),
    C(inode), C(checksum) (of a regular file, with O(checksum_algorithm)) and, with O(content), C(content) (the
    file's text, UTF-8).
options:
  _terms:
    description: The paths, absolute.
    required: true
  checksum_algorithm:
    description: The hash of C(checksum), as the stat module's option of that name.
    type: str
    choices: [sha1, sha256]
    default: sha1
  content:
    description: Whether to return the file's text as C(content) (what the slurp module returns, decoded).
    type: bool
    default: false
"""


class LookupModule(LookupBase):
    def run(self, terms: list[t.Any], variables: dict[str, t.Any] | None = None, **kwargs: t.Any) -> list[t.Any]:
        self.set_options(var_options=variables, direct=kwargs)
        return [self.describe(str(path)) for path in terms]

    def describe(self, path: str) -> dict[str, t.Any]:
        if not os.path.isabs(path):
            raise AnsibleError(f'file_stat: {path} is not an absolute path')
        try:
            status = os.stat(path)
        except FileNotFoundError:
            return {'exists': False}
        found: dict[str, t.Any] = {
            'exists': True,
            'isreg': stat.S_ISREG(status.st_mode),
            'isdir': stat.S_ISDIR(status.st_mode),
            'size': status.st_size,
            'mode': f'{stat.S_IMODE(status.st_mode):04o}',
            'mtime': status.st_mtime,
            'inode': status.st_ino,
        }
        if found['isreg']:
            with open(path, 'rb') as readable:
                data = readable.read()
            found['checksum'] = hashlib.new(self.get_option('checksum_algorithm'), data).hexdigest()
            if self.get_option('content'):
                found['content'] = data.decode('utf-8')
        return found
