# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Declarative resource base: a CRUD module is its options, its docs and its own rules.

A module describes its managed fields (option name, API property, conversion,
comparison) and how to find, create, update and delete one remote object. The base
runs the cycle every module shares: validate before any request, read, compare, write
only what differs, predict instead of writing in check mode, and return the resource
with a before/after diff of the managed fields computed from the real objects.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule, make_diff, mask_secrets


def same_set(current: t.Any, wanted: t.Any) -> bool:
    """Lists compared as sets: order and duplicates ignored."""
    return set(current or ()) == set(wanted or ())


@dataclass(frozen=True)
class Field:
    """One managed field: the module option and the API property it sets.

    ``to_api`` converts the option value (for example an enum name to its number) and
    ``from_api`` the API value back, for the diff; ``equal(current, wanted)`` compares API
    values (default ``==``); ``updatable=False`` means the API cannot change the field in
    place, so a change recreates the object.
    """

    option: str
    api: str
    to_api: t.Callable[[t.Any], t.Any] | None = None
    equal: t.Callable[[t.Any, t.Any], bool] | None = None
    updatable: bool = True
    from_api: t.Callable[[t.Any], t.Any] | None = None

    @classmethod
    def enum(cls, option: str, api: str, names: t.Mapping[str, t.Any], **kwargs: t.Any) -> Field:
        """A field whose option takes names that the API knows as ``names[name]``."""
        by_value = {value: name for name, value in names.items()}
        return cls(option, api, to_api=names.get, from_api=lambda value: by_value.get(value, value), **kwargs)

    def convert(self, value: t.Any) -> t.Any:
        return self.to_api(value) if self.to_api else value

    def shown(self, value: t.Any) -> t.Any:
        """An API value as the user writes the option (the diff speaks the user's terms)."""
        return self.from_api(value) if self.from_api and value is not None else value

    def same(self, current: t.Any, wanted: t.Any) -> bool:
        return self.equal(current, wanted) if self.equal else current == wanted


class EdgeResource:
    """Base class of the modules that manage one remote object."""

    #: Key of the returned resource (``shield_zone``, ``registry`` …).
    name: str = 'resource'
    #: The fields the module manages.
    fields: tuple[Field, ...] = ()
    #: API properties that are secrets: masked in the result and the diff.
    secret_keys: frozenset[str] = frozenset()

    def __init__(self, module: EdgeModule) -> None:
        self.module = module
        self.params = module.params
        self.client = module.client
        self.notes: list[str] = []  # what the run did beyond plain field changes, for the diff

    # ---- hooks a module overrides ------------------------------------------------------

    def validate(self) -> None:
        """Refuse bad input before any request is sent (call ``self.module.fail``)."""

    def find(self) -> dict[str, t.Any] | None:
        """The remote object, or None when it does not exist."""
        raise NotImplementedError

    def create(self, wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        raise NotImplementedError

    def update(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> dict[str, t.Any]:
        raise NotImplementedError

    def delete(self, current: dict[str, t.Any]) -> None:
        raise NotImplementedError

    def recreate(self, current: dict[str, t.Any], wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        """Replace an object whose non-updatable fields change (default: delete, then create)."""
        self.delete(current)
        return self.create({**self.carried_over(current), **wanted})

    def carried_over(self, current: dict[str, t.Any]) -> dict[str, t.Any]:
        """Managed values of ``current`` that a recreated object keeps when the user did not set them."""
        return {field.api: current[field.api] for field in self.fields if field.api in current}

    def predict_create(self, wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        """What ``create`` would return (check mode)."""
        return dict(wanted)

    def predict_update(self, current: dict[str, t.Any], changes: dict[str, t.Any]) -> dict[str, t.Any]:
        """What ``update`` would return (check mode)."""
        return {**current, **changes}

    def result_view(self, resource: dict[str, t.Any] | None) -> dict[str, t.Any] | None:
        """The returned resource (API property names), secrets masked."""
        return mask_secrets(resource, self.secret_keys) if resource is not None else None

    def diff_view(self, resource: dict[str, t.Any] | None) -> dict[str, t.Any] | None:
        """The managed fields of a resource, as shown in the diff: option names and values as the user writes them."""
        if resource is None:
            return None
        return {field.option: field.shown(resource.get(field.api)) for field in self.diff_fields()}

    def diff_fields(self) -> t.Sequence[Field]:
        """The fields the diff shows (all of them)."""
        return self.fields

    # ---- the shared machinery ------------------------------------------------------------

    @property
    def state(self) -> str:
        return self.params.get('state') or 'present'

    def wanted(self) -> dict[str, t.Any]:
        """API values of the fields the user set; unset options leave the remote value alone."""
        return {
            field.api: field.convert(self.params[field.option])
            for field in self.fields
            if self.params.get(field.option) is not None
        }

    def changes(self, current: dict[str, t.Any], wanted: dict[str, t.Any]) -> dict[str, t.Any]:
        """The wanted values that differ from the current object."""
        by_api = {field.api: field for field in self.fields}
        return {
            key: value
            for key, value in wanted.items()
            if key not in by_api or not by_api[key].same(current.get(key), value)
        }

    def needs_recreate(self, changes: dict[str, t.Any]) -> bool:
        fixed = {field.api for field in self.fields if not field.updatable}
        return bool(fixed.intersection(changes))

    def present(self, current: dict[str, t.Any] | None) -> tuple[bool, dict[str, t.Any] | None]:
        wanted = self.wanted()
        if current is None:
            self.notes.append('create')
            return True, self.predict_create(wanted) if self.module.check_mode else self.create(wanted)
        changes = self.changes(current, wanted)
        if not changes:
            return False, current
        if self.needs_recreate(changes):
            fixed = sorted(field.option for field in self.fields if not field.updatable and field.api in changes)
            self.notes.append(f"recreate (the API cannot change {', '.join(fixed)} in place)")
            if self.module.check_mode:
                return True, self.predict_create({**self.carried_over(current), **wanted})
            return True, self.recreate(current, wanted)
        self.notes.append('update')
        return True, self.predict_update(current, changes) if self.module.check_mode else self.update(current, changes)

    def absent(self, current: dict[str, t.Any] | None) -> tuple[bool, dict[str, t.Any] | None]:
        if current is None:
            return False, None
        self.notes.append('delete')
        if not self.module.check_mode:
            self.delete(current)
        return True, None

    def execute(self) -> dict[str, t.Any]:
        current = self.find()
        if self.state == 'absent':
            changed, after = self.absent(current)
        else:
            changed, after = self.present(current)
        diff = make_diff(self.diff_view(current), self.diff_view(after), self.secret_keys)
        if self.notes:
            diff['after_header'] = '; '.join(self.notes)
        return {'changed': changed, self.name: self.result_view(after) or {}, 'diff': diff}

    def run(self) -> t.NoReturn:
        self.validate()
        self.module.run(self.execute)
