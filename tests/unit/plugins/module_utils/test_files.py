# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""What the export modules count of the files they write."""

from __future__ import annotations

import hashlib
import itertools
import pathlib
import stat

import pytest
from ansible.module_utils.basic import AnsibleModule

from ansible_collections.edge.platform.plugins.module_utils._files import (
    CsvMeasure,
    LineMeasure,
    account_problem,
    measure_file,
    mode_problem,
)


@pytest.mark.parametrize(
    'chunks, rows',
    [
        ([b'a\nb\nc\n'], 3),
        ([b'a\nb\nc'], 3),  # no line break after the last line
        ([b'a\n\n  \nb\n'], 2),  # blank lines are not rows
        ([b'ab', b'c\nd', b'e\n'], 2),  # lines split across chunks
        ([b'', b'\n', b'x'], 1),
        ([], 0),
    ],
)
def test_line_measure_counts_non_empty_lines(chunks: list[bytes], rows: int) -> None:
    measure = LineMeasure()
    for chunk in chunks:
        measure.feed(chunk)
    content = b''.join(chunks)
    assert measure.result() == {'checksum': hashlib.sha256(content).hexdigest(), 'size': len(content), 'rows': rows}


def test_measure_file_reads_a_file_as_the_stream_was_counted(tmp_path: pathlib.Path) -> None:
    content = b'h1,h2\n"a\nb",c\nd,e\n'
    path = tmp_path / 'rows.csv'
    path.write_bytes(content)
    streamed = CsvMeasure()
    streamed.feed(content[:7])
    streamed.feed(content[7:])
    assert (
        measure_file(str(path), CsvMeasure())
        == streamed.result()
        == {
            'checksum': hashlib.sha256(content).hexdigest(),
            'size': len(content),
            'rows': 2,
        }
    )


@pytest.mark.parametrize('mode', [None, '0600', '600', '640', 0o640, 420, 'u=rw,g=r', 'u+x', 'a-w', 'go=', '1777'])
def test_modes_ansible_sets_are_accepted(mode: object) -> None:
    assert mode_problem(mode) is None


@pytest.mark.parametrize('mode', ['0999', 'u+q', 'rw-r--r--', 'x', '077777', 0o1000000, -1, True, 1.5, ['0600']])
def test_modes_that_cannot_be_set_are_refused(mode: object) -> None:
    problem = mode_problem(mode)
    assert problem is not None and problem.startswith('mode ')


class NewFile:
    st_mode = stat.S_IFREG | 0o600


def ansible_takes(mode: str) -> bool:
    try:
        AnsibleModule._symbolic_mode_to_octal(NewFile(), mode)
    except Exception:  # its parser raises ValueError, and others for odd input
        return False
    return True


def test_symbolic_modes_are_taken_as_ansible_takes_them() -> None:
    """Every mode of up to four characters of chmod's alphabet (and a few longer), against ansible-core's parser."""
    alphabet = 'uoa+-=rwXs, '
    modes = [''.join(chars) for size in range(5) for chars in itertools.product(alphabet, repeat=size)]
    modes += ['u=rw-x+X,g=r-x+X,o=r-x+X', 'ua+x', 'u=g,o=u', 'a=,u+t', 'ug+rwx,,o-w', 'u+x ,g-w', 'u+1', 'g=7']
    refused = [mode for mode in modes if mode_problem(mode) is not None]
    assert refused == [mode for mode in modes if not ansible_takes(mode)]
    assert len(modes) > 20000 and 'ua+x' in refused and 'u=g,o=u' not in refused


def test_owners_and_groups_are_looked_up_on_this_host() -> None:
    assert account_problem('owner', None) is None
    assert account_problem('owner', 'root') is None
    assert account_problem('owner', '12345') is None  # a uid, as chown takes it
    assert account_problem('group', 'root') is None
    assert account_problem('owner', 'no-such-user-of-edge') == "owner 'no-such-user-of-edge' is not a user of this host"
    assert account_problem('group', 'no-such-group-of-edge') == (
        "group 'no-such-group-of-edge' is not a group of this host"
    )
