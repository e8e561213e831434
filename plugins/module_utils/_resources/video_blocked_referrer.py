# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The blocked referrer hostnames of a video library as the ``video_blocked_referrer`` module manages them: a set it
adds to and takes from."""

from __future__ import annotations

import contextlib
import time
import typing as t

from ansible_collections.edge.platform.plugins.module_utils._client import EdgeApiError
from ansible_collections.edge.platform.plugins.module_utils._locks import Turn, controller_lock
from ansible_collections.edge.platform.plugins.module_utils._records import Record
from ansible_collections.edge.platform.plugins.module_utils._resource import EdgeResource, Field, Plan
from ansible_collections.edge.platform.plugins.module_utils._validation import bare_hostname_problem
from ansible_collections.edge.platform.plugins.module_utils._video import VideoApi


def normalise(values: list[str]) -> tuple[list[str], list[str]]:
    """Lower-case hostnames without duplicates (in order), and the problems of the bad ones."""
    hostnames: list[str] = []
    problems = []
    for value in values:
        hostname = (value or '').strip().lower()
        problem = bare_hostname_problem(hostname)
        if problem:
            problems.append(f'{value!r} {problem}')
        elif hostname not in hostnames:
            hostnames.append(hostname)
    return hostnames, problems


class BlockedReferrers(EdgeResource):
    """The blocked referrer hostnames of a video library: a set the module adds to and takes from."""

    name = 'blocked_referrers'
    noun = 'blocked referrers of video library'
    identity = ('library_name', 'library_id')
    # Compared in lower case, as hostnames are; the library's own spelling is kept in BlockedReferrers.
    fields = (Field.set('hostnames', 'hostnames', member=lambda value: str(value).strip().lower()),)
    deletable = False  # state=absent takes the listed hostnames out of the library's list

    @property
    def api(self) -> VideoApi:
        return VideoApi(self.client)

    @property
    def library_id(self) -> int:
        """The library's id: given, or found by name (``locate``)."""
        return int(self.params['library_id'] if self.params['library_id'] is not None else self.where['Id'])

    @property
    def library(self) -> str:
        return f'video library {self.library_id}'

    def validate(self) -> None:
        self.module.refuse_non_positive('library_id')
        self.module.refuse_blank('library_name')
        if self.params['purge'] and self.state != 'present':
            self.module.fail('purge applies to state=present only (it makes the blocked referrers exactly hostnames)')
        _hostnames, problems = normalise(self.params['hostnames'])
        if problems:
            self.module.fail(f"hostnames: {'; '.join(problems)}")

    #: When the library list was read (``time.monotonic_ns()``, before the request), and this run's turn.
    listed_at: int | None = None
    turn: Turn | None = None

    def locate(self) -> dict[str, t.Any] | None:
        """The library's record from the library list when it is given by name, else None."""
        if self.params['library_name'] is None:
            return None
        self.listed_at = time.monotonic_ns()
        return self.api.library_named(self.params['library_name'])

    def exclusive(self) -> t.ContextManager[object]:
        """The runs on this controller that change the library's referrers take turns, from the read of its list to
        the last write (two runs adding the same hostname would otherwise both send it). Check mode: no lock."""
        if self.module.check_mode:
            return super().exclusive()
        return self.take_turn()

    @contextlib.contextmanager
    def take_turn(self) -> t.Iterator[None]:
        what = f'the blocked referrers of {self.library}'
        key = (self.client.base_urls['api'], 'video library blocked referrers', self.library_id)
        with controller_lock(what, *key) as turn:
            self.turn = turn
            yield

    def find(self) -> Record:
        library = self.where
        listed = library is not None and isinstance(library.get('BlockedReferrers'), list)
        undisturbed = self.module.check_mode or (
            self.turn is not None and self.listed_at is not None and self.turn.undisturbed_since(self.listed_at)
        )
        if not listed or not undisturbed:
            # By id; found by name in a list whose records lack the referrers; or listed before another run on this
            # controller held the turn (it may have written since): read the library itself.
            library = self.api.require_library(self.library_id)
        held = [str(item) for item in library.get('BlockedReferrers') or []]
        return {
            'BlockedReferrers': held,
            'hostnames': frozenset(item.lower() for item in held),
            'added': [],
            'removed': [],
        }

    def planned(self, current: Record, changes: Record) -> tuple[list[str], list[str]]:
        """The hostnames to remove (as the library holds them) and to add (in the order given)."""
        wanted = changes['hostnames']
        to_remove = [item for item in current['BlockedReferrers'] if item.lower() not in wanted]
        to_add = [
            hostname
            for hostname in normalise(self.params['hostnames'])[0]
            if hostname in wanted and hostname not in current['hostnames']
        ]
        return to_remove, to_add

    def after(self, current: Record, removed: list[str], added: list[str]) -> Record:
        held = [item for item in current['BlockedReferrers'] if item not in removed] + added
        return {
            'BlockedReferrers': held,
            'hostnames': frozenset(item.lower() for item in held),
            'added': added,
            'removed': removed,
        }

    def update(self, current: Record, changes: Record) -> Record:
        to_remove, to_add = self.planned(current, changes)
        library_id, added, removed = self.library_id, [], []
        try:
            # Removals first: a library's list may have a limit. Each call adds or removes one hostname.
            for hostname in to_remove:
                self.api.remove_blocked_referrer(library_id, hostname)
                removed.append(hostname)
            for hostname in to_add:
                self.api.add_blocked_referrer(library_id, hostname)
                added.append(hostname)
        except EdgeApiError as error:
            # Say what was done before the failure (changed: whatever reached the server); a rerun completes the rest.
            self.module.fail_api(error, added=added, removed=removed)
        return self.after(current, removed, added)

    def predict_update(self, current: Record, changes: Record) -> Record:
        to_remove, to_add = self.planned(current, changes)
        return self.after(current, to_remove, to_add)

    def diff_fields(self) -> t.Sequence[Field]:
        return ()  # the diff shows the library's whole list, before and after (diff_view)

    def diff_view(self, resource: Record | None) -> dict[str, object] | None:
        return {'blocked_referrers': resource['BlockedReferrers']} if resource is not None else None

    def outcome(self, plan: Plan, after: Record | None) -> dict[str, object]:
        after = after or {}
        return {
            'library_id': self.library_id,
            'blocked_referrers': after['BlockedReferrers'],
            'added': after['added'],
            'removed': after['removed'],
        }
