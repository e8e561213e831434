# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""module_utils/_env_file.py: env files read, changed key by key and written back at mode 0600."""

from __future__ import annotations

import os
import stat
import tempfile

import pytest

from ansible_collections.edge.platform.plugins.module_utils._env_file import EnvFile


def test_env_file_keeps_other_lines_and_replaces_in_place(tmp_path) -> None:
    path = tmp_path / 'app.env'
    path.write_text(
        '# app settings\nexport SERVICE_DATABASE_URL="libsql://old"\nPORT=8080\n'
        'SERVICE_DATABASE_AUTH_TOKEN=old # comment\n'
        'SERVICE_DATABASE_AUTH_TOKEN=older\nLAST=1',
        encoding='utf-8',
    )
    os.chmod(path, 0o644)
    env = EnvFile(str(path))
    assert env.get('SERVICE_DATABASE_URL') == 'libsql://old'
    assert env.get('SERVICE_DATABASE_AUTH_TOKEN') == 'older'
    assert env.get('PORT') == '8080'
    assert env.mode == 0o644
    text = env.render({'SERVICE_DATABASE_URL': 'libsql://new', 'SERVICE_DATABASE_AUTH_TOKEN': 'tok', 'EXTRA': 'x'})
    assert text == (
        '# app settings\nexport SERVICE_DATABASE_URL=libsql://new\nPORT=8080\nSERVICE_DATABASE_AUTH_TOKEN=tok\n'
        'LAST=1\nEXTRA=x\n'
    )
    env.write(text)
    assert path.read_text(encoding='utf-8') == text
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert sorted(os.listdir(tmp_path)) == ['app.env']  # no temporary file left


def test_env_file_removal_and_creation(tmp_path) -> None:
    path = tmp_path / 'new.env'
    env = EnvFile(str(path))
    assert not env.exists and env.get('X') is None and env.mode is None
    assert env.needs_write(env.render({'SERVICE_DATABASE_AUTH_TOKEN': None}))
    env.write(env.render({'A': '1', 'SERVICE_DATABASE_AUTH_TOKEN': 'tok'}))
    assert path.read_text(encoding='utf-8') == 'A=1\nSERVICE_DATABASE_AUTH_TOKEN=tok\n'
    again = EnvFile(str(path))
    text = again.render({'SERVICE_DATABASE_AUTH_TOKEN': None})
    assert text == 'A=1\n'
    assert not again.needs_write(again.render({'A': '1'}))


def test_a_symlinked_env_file_is_replaced_never_written_through(tmp_path) -> None:
    target = tmp_path / 'real.env'
    target.write_text('A=1\n', encoding='utf-8')
    os.chmod(target, 0o644)
    link = tmp_path / 'link.env'
    link.symlink_to(target)
    env = EnvFile(str(link))
    assert env.get('A') == '1'  # read through the link
    assert env.needs_write(env.render({}))  # the link is replaced even when the lines stay the same
    env.write(env.render({'B': '2'}))
    assert not link.is_symlink() and link.read_text(encoding='utf-8') == 'A=1\nB=2\n'
    assert oct(link.stat().st_mode & 0o777) == '0o600'
    assert target.read_text(encoding='utf-8') == 'A=1\n' and oct(target.stat().st_mode & 0o777) == '0o644'


def test_an_env_file_that_cannot_be_written_is_refused_first(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = EnvFile(str(tmp_path / 'app.env'))
    env.check_writable()
    assert os.listdir(tmp_path) == []  # the probe is gone

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, 'Permission denied')

    monkeypatch.setattr(tempfile, 'mkstemp', refuse)  # what a read-only mount answers, even to root
    with pytest.raises(ValueError, match='env_file .*app.env cannot be written: Permission denied'):
        env.check_writable()


def test_env_file_needs_an_existing_directory_and_a_file(tmp_path) -> None:
    with pytest.raises(ValueError, match='does not exist'):
        EnvFile(str(tmp_path / 'missing' / 'app.env'))
    with pytest.raises(ValueError, match='not a regular file'):
        EnvFile(str(tmp_path))


def test_env_file_mode_fix(tmp_path) -> None:
    path = tmp_path / 'app.env'
    path.write_text('A=1\n', encoding='utf-8')
    os.chmod(path, 0o640)
    env = EnvFile(str(path))
    env.fix_mode()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
