# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Files that export modules write.

The content is streamed into a temporary file next to ``dest`` while its SHA-256, size and
rows are counted, and moved over ``dest`` (atomically) only when it differs from what
``dest`` holds; in check mode it is only counted. The file attributes the user sets apply
as well, ``mode`` being ``0600`` unless set (``PRIVATE_FILE_MODE``): they are checked before
any request, set on the temporary file before it takes the place of ``dest``, and set on
``dest`` again after the move (which gives a new file the mode of the umask).
"""

from __future__ import annotations

import contextlib
import grp
import hashlib
import os
import pwd
import re
import stat
import tempfile
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._common import PRIVATE_FILE_MODE, EdgeModule

CHUNK_SIZE = 64 * 1024


class Measured(t.TypedDict, total=False):
    """What was counted of a stream (an export written, or the file it replaces)."""

    checksum: str
    size: int
    rows: int


class Measure(t.Protocol):
    """What is counted of a stream: fed chunk by chunk, then ``result()`` is ``{checksum, size, rows}``."""

    # Docstrings as bodies: a body of `...` goes on the def's line, which pycodestyle refuses (E704).
    def feed(self, chunk: bytes) -> None:
        """Count one more chunk of the stream."""

    def result(self) -> Measured:
        """``{checksum, size, rows}`` of what was fed."""


class LineMeasure:
    """SHA-256, size and non-empty lines of a byte stream (one row a line)."""

    def __init__(self) -> None:
        self.digest = hashlib.sha256()
        self.size = 0
        self.rows = 0
        self.open_line = False  # the last chunk ended inside a line that has text

    def feed(self, chunk: bytes) -> None:
        self.digest.update(chunk)
        self.size += len(chunk)
        lines = chunk.split(b'\n')
        for index, line in enumerate(lines):
            if index:  # a line ended before this part
                self.rows += self.open_line
                self.open_line = False
            if line.strip():
                self.open_line = True

    def result(self) -> Measured:
        return {'checksum': self.digest.hexdigest(), 'size': self.size, 'rows': self.rows + self.open_line}


class CsvMeasure:
    """SHA-256, size and the number of CSV records of a byte stream, fed chunk by chunk.

    Records end at a line break outside double quotes (RFC 4180), so a quoted field may
    hold line breaks; empty lines are not records. ``rows`` counts the records under the header line.
    """

    def __init__(self) -> None:
        self.digest = hashlib.sha256()
        self.size = 0
        self.records = 0
        self.in_quotes = False
        self.has_data = False

    def feed(self, chunk: bytes) -> None:
        self.digest.update(chunk)
        self.size += len(chunk)
        for number, part in enumerate(chunk.split(b'"')):
            if number:  # a double quote stood before this part
                self.in_quotes = not self.in_quotes
                self.has_data = True
            if self.in_quotes or not part:
                continue
            for index, line in enumerate(part.split(b'\n')):
                if index:
                    if self.has_data:
                        self.records += 1
                    self.has_data = False
                if line.strip(b'\r'):
                    self.has_data = True

    @property
    def checksum(self) -> str:
        return self.digest.hexdigest()

    @property
    def rows(self) -> int:
        """Records under the header line."""
        return max(0, self.records + (1 if self.has_data else 0) - 1)

    def result(self) -> Measured:
        return {'checksum': self.checksum, 'size': self.size, 'rows': self.rows}


def measure_file(path: str, measure: Measure) -> Measured:
    """``{checksum, size, rows}`` of a local file, read in chunks."""
    with open(path, 'rb') as handle:
        for chunk in iter(lambda: handle.read(CHUNK_SIZE), b''):
            measure.feed(chunk)
    return measure.result()


def unwritable_reason(directory: str, name: str) -> str | None:
    """Why no file can be made in ``directory`` (None when one can).

    A file is made and removed there: permission bits do not tell (root, read-only mounts,
    immutable directories).
    """
    try:
        handle, probe = tempfile.mkstemp(prefix=f'.{name}.', suffix='.probe', dir=directory)
    except OSError as exc:
        return exc.strerror or str(exc)
    os.close(handle)
    os.unlink(probe)
    return None


# A symbolic mode as AnsibleModule parses it (chmod's: who, then operators each with permissions or a copied class),
# in parts joined by commas; checked here so that no private parser of ansible-core is needed.
SYMBOLIC_MODE_PART = re.compile(r'(a|[ugo]*)([+=-][rwxXstugo]*)*')


def mode_problem(mode: object) -> str | None:
    """Why ``mode`` (as the ``mode`` option takes it) cannot be set on a file, or None.

    Octal digits (a string, or an integer as YAML reads ``0640``) and symbolic modes (``u=rw,g=r``),
    as ansible.builtin.file takes them, holding permission bits only.
    """
    if mode is None:
        return None
    if isinstance(mode, bool) or not isinstance(mode, (int, str)):
        return f'mode must be octal digits or a symbolic mode, got {type(mode).__name__}'
    value: int | None = mode if isinstance(mode, int) else None
    if isinstance(mode, str):
        try:
            value = int(mode, 8)
        except ValueError:  # a symbolic mode only ever sets permission bits
            value = 0 if all(map(SYMBOLIC_MODE_PART.fullmatch, mode.split(','))) else None
    if value is None or value < 0 or value != stat.S_IMODE(value):
        return (
            f"mode {mode!r} is not a file mode: give octal digits such as '0640' or a symbolic mode such as 'u=rw,g=r'"
        )
    return None


def account_problem(option: str, value: str | None) -> str | None:
    """Why ``owner`` or ``group`` (``option``) names no user or group of this host, or None.

    A number is taken as a uid or gid, as chown takes it.
    """
    if value is None:
        return None
    with contextlib.suppress(ValueError):
        int(value)
        return None
    lookup: t.Callable[[str], object] = pwd.getpwnam if option == 'owner' else grp.getgrnam
    try:
        lookup(value)
    except KeyError:
        return f"{option} {value!r} is not a {'user' if option == 'owner' else 'group'} of this host"
    return None


def check_file_attributes(module: EdgeModule) -> None:
    """Refuse, before any request (and in check mode), file attributes that could not be set on the file."""
    params = module.params
    for problem in (
        mode_problem(params.get('mode')),
        account_problem('owner', params.get('owner')),
        account_problem('group', params.get('group')),
    ):
        if problem:
            module.fail(problem)


def check_dest(module: EdgeModule, dest: str) -> str:
    """The absolute path of ``dest``; refuses, before any request, one that cannot be written, or file
    attributes (``mode``, ``owner``, ``group``) that could not be set on it."""
    check_file_attributes(module)
    dest = os.path.abspath(dest)
    if os.path.isdir(dest):
        module.fail(f'dest {dest} is a directory; give the path of the file to write')
    directory = os.path.dirname(dest)
    if not os.path.isdir(directory):
        module.fail(f'the directory of dest ({directory}) does not exist')
    reason = unwritable_reason(directory, os.path.basename(dest))
    if reason is not None:
        module.fail(f'the directory of dest ({directory}) is not writable: {reason}')
    return dest


class ExportFile:
    """``dest`` and what writing an export to it did: ``before`` and ``after`` are ``{checksum, size, rows}``."""

    def __init__(self, module: EdgeModule, dest: str, measure: t.Callable[[], Measure]) -> None:
        self.module = module
        self.dest = dest
        self.measure = measure
        self.before: Measured | None = None
        self.after: Measured = {}
        self.attributes: dict[str, t.Any] = {'before': {}, 'after': {}}

    def file_args(self, path: str) -> dict[str, t.Any]:
        params = dict(self.module.params, mode=self.module.params['mode'] or PRIVATE_FILE_MODE)
        return t.cast('dict[str, t.Any]', self.module.ansible.load_file_common_arguments(params, path=path))

    @contextlib.contextmanager
    def failures_report_writes(self) -> t.Iterator[None]:
        """AnsibleModule's attribute setters fail through fail_json: such a failure reports ``changed: true``
        when the export was written already."""
        ansible = self.module.ansible
        fail_json = ansible.fail_json

        def fail(msg: str, **result: object) -> None:
            result.setdefault('changed', self.module.wrote)
            fail_json(msg=msg, **result)

        ansible.fail_json = fail
        try:
            yield
        finally:
            del ansible.fail_json  # back to the class's method

    def write(self, produce: t.Callable[[t.BinaryIO | None], Measured]) -> bool:
        """Run ``produce(sink)``, which streams the content into ``sink`` (None in check mode) and returns its
        ``{checksum, size, rows}``; replace ``dest`` when the content differs. True when ``dest`` changes
        (or in check mode would), its attributes included."""
        module, dest = self.module, self.dest
        try:
            self.before = measure_file(dest, self.measure()) if os.path.isfile(dest) else None
        except OSError as exc:
            module.fail(f'read {dest} failed: {exc}')
        if module.check_mode:
            self.after = produce(None)
        else:
            self.after = self.replace(produce)
        changed = self.before is None or self.before['checksum'] != self.after['checksum']
        if os.path.exists(dest):  # in check mode a new file is not there to compare attributes with
            with self.failures_report_writes():
                changed = module.ansible.set_fs_attributes_if_different(
                    self.file_args(dest), changed, diff=self.attributes
                )
        if changed and not module.check_mode:
            module.changed_locally = True  # a later failure still reports the change
        return changed

    def replace(self, produce: t.Callable[[t.BinaryIO | None], Measured]) -> Measured:
        """Stream the export into a temporary file next to ``dest`` that gets the file attributes, and move it over
        ``dest`` when the content differs. The temporary file never outlives the call, whatever ends it."""
        temporary = None
        try:
            handle, temporary = tempfile.mkstemp(
                prefix=f'.{os.path.basename(self.dest)}.', suffix='.tmp', dir=os.path.dirname(self.dest)
            )
            with os.fdopen(handle, 'wb') as sink:
                after = produce(sink)
                sink.flush()
                os.fsync(sink.fileno())
            if self.before is None or self.before['checksum'] != after['checksum']:
                # Attributes that cannot be set (a chown that is not allowed) fail here, before dest is touched.
                with self.failures_report_writes():
                    self.module.ansible.set_fs_attributes_if_different(self.file_args(temporary), False)
                self.move(temporary)
        except OSError as exc:  # the API's own failures arrive as EdgeApiError
            self.module.fail(f'write {self.dest} failed: {exc}')
        finally:
            if temporary is not None and os.path.lexists(temporary):
                os.unlink(temporary)
        return after

    def move(self, temporary: str) -> None:
        """Move the temporary file over ``dest``; a new ``dest`` is never readable by others meanwhile.

        atomic_move gives a new file the mode the umask allows before the wanted attributes are set again:
        the umask is that of a private file while it moves.
        """
        umask = os.umask(0o077)
        try:
            self.module.ansible.atomic_move(temporary, self.dest, unsafe_writes=self.module.params['unsafe_writes'])
        except OSError:
            raise
        except Exception as exc:  # atomic_move's own failures (a rename it could not work around)
            self.module.fail(f'write {self.dest} failed: {exc}')
        finally:
            os.umask(umask)
        self.module.changed_locally = True  # dest holds the new export: a later failure reports the change

    def diff(self, **extra: object) -> dict[str, object]:
        """Before and after: the content's summary (``extra`` on both sides) and the attributes that change."""
        before = dict(self.before, **extra) if self.before is not None else {}
        after = dict(self.after, **extra)
        before.update(self.attributes['before'] if self.before is not None else {})
        after.update(self.attributes['after'])
        return {'before': before, 'after': after}
