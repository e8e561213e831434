# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Declarative resource base: a writing module is its options, its docs and its own rules.

A module describes its managed fields (option name, API property, conversion, comparison)
and how to find, create, update and delete one remote object. The base runs the cycle
every module shares: validate before any request, locate and read the object, plan what
differs, let the module check the planned write once, write only what differs (or predict
it in check mode), and return the resource with a before/after diff of the managed fields,
in the user's terms, computed from the real objects.

The hooks, in the order the cycle calls them: ``validate``, ``locate``, ``exclusive`` (a lock
held from here to the end of the writes), ``find``, ``resolve``, ``check``, then ``create`` /
``update`` / ``replace`` / ``delete`` (or their ``predict_*`` in check mode), and the views
``result_view``, ``diff_view``, ``describe`` (the diff header) and ``outcome`` (the result's keys).
"""

from __future__ import annotations

import contextlib
import typing as t
from dataclasses import dataclass, field as dataclass_field

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule, make_diff, mask_secrets
from ansible_collections.edge.platform.plugins.module_utils._options import Enum, Option, member_form
from ansible_collections.edge.platform.plugins.module_utils._records import Record

#: ``decide`` finds the object itself unless it is given what the caller found.
FIND = object()


def same_set(current: t.Iterable[t.Hashable] | None, wanted: t.Iterable[t.Hashable] | None) -> bool:
    """Lists compared as sets: order and duplicates ignored."""
    return set(current or ()) == set(wanted or ())


Member = t.TypeVar('Member', bound=t.Hashable)


def spelled_as_held(
    wanted: t.Iterable[Member], held: t.Iterable[Member], normal: t.Callable[[object], object]
) -> frozenset[Member]:
    """The wanted members, each spelled as the object holds it where it holds the same value in another spelling
    (``ru`` for ``RU`` in a list of country codes): the service keeps what it was given, and an object whose members
    differ from the wanted ones only in their spelling has nothing to change."""
    spelling: dict[object, Member] = {}
    for member in held:
        try:
            spelling[normal(member)] = member
        except ValueError:  # a member the service keeps that has no normal form: kept as it is
            continue
    return frozenset(spelling.get(normal(member), member) for member in wanted)


@dataclass(frozen=True)
class Field:
    """One managed field: the module option and the API property it sets.

    ``to_api`` converts the option value (for example an enum name to its number) and
    ``from_api`` the API value back, for the diff; ``equal(current, wanted)`` compares API
    values (default ``==``); ``updatable=False`` means the API cannot change the field in
    place, so a change replaces the object. A field of ``members`` is a set: order and
    repeats do not matter, with ``purge: false`` the members it does not list stay, and the
    diff shows the members removed (before) and added (after). A ``write_only`` field (a
    password) cannot be read back: it is sent when the object is created, and on update only
    with ``update_password: always``.
    """

    option: str
    api: str
    to_api: t.Callable[..., object] | None = None
    equal: t.Callable[..., bool] | None = None
    updatable: bool = True
    from_api: t.Callable[..., object] | None = None
    members: bool = False
    write_only: bool = False
    #: The names an enum option takes (its argument spec's ``choices`` must be these).
    choices: tuple[str, ...] | None = None
    #: A member as the service compares it (a country code in upper case …): a member the object holds in another
    #: spelling of the same value is that member, kept as it is spelled.
    normal: t.Callable[[object], object] | None = None

    @classmethod
    def of(cls, option: Option, **kwargs: t.Any) -> Field:
        """The field of a table's ``option``: its API field, an enum by its names, a set of members in their normal
        form, a value the service keeps in steps rounded up; ``kwargs`` say what the table cannot (a comparison …)."""
        if option.api is None:
            raise ValueError(f'option {option.name} maps to no API field')
        if option.enum is not None:
            return cls.enum(option.name, option.api, option.enum, **kwargs)
        if option.unordered and option.type == 'list' and kwargs.setdefault('members', True):
            member = option.member
            kwargs.setdefault('to_api', lambda values: frozenset(member_form(member, value) for value in values))
            if member is not None:
                kwargs.setdefault('normal', lambda value: member_form(member, value))
        if option.steps:
            kwargs.setdefault('to_api', option.normalized)
        return cls(option.name, option.api, **kwargs)

    @classmethod
    def enum(cls, option: str, api: str, names: Enum | t.Mapping[str, object], **kwargs: t.Any) -> Field:
        """A field whose option takes the names of ``names`` that the API knows as their numbers."""
        enum = names if isinstance(names, Enum) else Enum(api, names)
        return cls(option, api, to_api=enum.number, from_api=enum.name, choices=enum.names, **kwargs)

    @classmethod
    def set(cls, option: str, api: str, member: t.Callable[..., object] | None = None, **kwargs: t.Any) -> Field:
        """A field whose value is a set of members, each converted by ``member``."""
        convert = member or (lambda value: value)
        return cls(
            option, api, to_api=lambda values: frozenset(convert(value) for value in values), members=True, **kwargs
        )

    def convert(self, value: object) -> object:
        return self.to_api(value) if self.to_api else value

    def shown(self, value: object) -> object:
        """An API value as the user writes the option (the diff speaks the user's terms)."""
        return self.from_api(value) if self.from_api and value is not None else value

    def same(self, current: t.Any, wanted: t.Any) -> bool:
        if self.members:
            return frozenset(current or ()) == frozenset(wanted or ())
        return self.equal(current, wanted) if self.equal else current == wanted


@dataclass
class Plan:
    """What the run will do: ``action`` (None when the object is as wanted), from ``current`` to ``wanted``."""

    action: str | None
    current: Record | None
    wanted: Record
    changes: Record = dataclass_field(default_factory=dict)
    fixed: list[str] = dataclass_field(default_factory=list)  # options the API cannot change in place

    @property
    def creating(self) -> bool:
        return self.action in ('create', 'replace')

    @property
    def note(self) -> str | None:
        if self.action == 'replace':
            return f"recreate (the API cannot change {', '.join(self.fixed)} in place)"
        return self.action


class EdgeResource:
    """Base class of the modules that change the account: one remote object, or one set of members."""

    #: Key of the returned resource (``shield_zone``, ``registry`` …).
    name: str = 'resource'
    #: The fields the module manages.
    fields: tuple[Field, ...] = ()
    #: API properties that are secrets: masked in the result and the diff.
    secret_keys: frozenset[str] = frozenset()
    #: False for an object that always exists (a library's referrer list): ``state: absent`` then
    #: removes the listed members of its set fields instead of deleting the object.
    deletable: bool = True
    #: What the object is, as the diff's header names it (``pull zone``), and the options that name it, the first
    #: one set wins (``name``, else ``id``).
    noun: str = 'object'
    identity: tuple[str, ...] = ('name', 'id')

    def __init__(self, module: EdgeModule) -> None:
        self.module = module
        self.params = module.params
        self.client = module.client
        #: Where the object lives, as ``locate`` found it (a zone id and what the run read of it …).
        self.where: t.Any = None
        self.notes: list[str] = []  # what the run found or did beyond the plan, for the diff header
        #: The object after ``carry_out`` (as the API answered, or as predicted in check mode; None once deleted).
        self.final: Record | None = None

    # ---- hooks a module overrides ------------------------------------------------------

    def validate(self) -> None:
        """Refuse bad input before any request is sent (call ``self.module.fail``)."""

    def locate(self) -> object:
        """Where the object lives (read once, before ``find``); becomes ``self.where``."""
        return None

    def exclusive(self) -> t.ContextManager[object]:
        """Held from ``find`` to the end of the writes: a lock that the other runs on this host changing the same
        object take too (``_locks.controller_lock``), so that they take turns. Default: none."""
        return contextlib.nullcontext()

    def find(self) -> Record | None:
        """The remote object, or None when it does not exist."""
        raise NotImplementedError

    def resolve(self, wanted: Record, current: Record | None) -> Record:
        """The wanted API values once the current object is known (values that depend on it)."""
        return wanted

    def check(self, plan: Plan) -> None:
        """Refuse a planned write that cannot succeed, before anything is sent (in check mode too)."""

    def create(self, wanted: Record) -> Record:
        raise NotImplementedError

    def update(self, current: Record, changes: Record) -> Record:
        raise NotImplementedError

    def delete(self, current: Record) -> None:
        raise NotImplementedError

    def replace(self, current: Record, wanted: Record) -> Record:
        """Replace an object whose non-updatable fields change (default: delete, then create)."""
        self.delete(current)
        return self.create(wanted)

    def carried_over(self, current: Record) -> Record:
        """Managed values of ``current`` that a replacement keeps when the user did not set them."""
        return {field.api: current[field.api] for field in self.fields if field.api in current}

    def predict_create(self, wanted: Record) -> Record:
        """What ``create`` would return (check mode)."""
        return dict(wanted)

    def predict_update(self, current: Record, changes: Record) -> Record:
        """What ``update`` would return (check mode)."""
        return {**current, **changes}

    def result_view(self, resource: Record | None) -> Record | None:
        """The returned resource (API property names), secrets masked."""
        return mask_secrets(resource, self.secret_keys) if resource is not None else None

    def diff_view(self, resource: Record | None) -> dict[str, object] | None:
        """The managed fields of a resource, as shown in the diff: option names and values as the user writes them."""
        if resource is None:
            return None
        return {field.option: field.shown(resource.get(field.api)) for field in self.diff_fields()}

    def diff_fields(self) -> t.Sequence[Field]:
        """The fields the diff shows: all of them, set fields only when the user gave them."""
        return [field for field in self.fields if not field.members or self.params.get(field.option) is not None]

    def describe(self, plan: Plan) -> str | None:
        """The diff header of the planned action."""
        return plan.note

    def title(self) -> str:
        """The object as the diff's header names it: its kind and the first of its naming options that is set."""
        for option in self.identity:
            value = self.params.get(option)
            if value not in (None, ''):
                return f'{self.noun} {value}'
        return self.noun

    def prepared(self, plan: Plan, after: Record | None) -> str | None:
        """A diff as text (what was sent, such as SQL), shown instead of before/after when there is one."""
        return None

    def outcome(self, plan: Plan, after: Record | None) -> dict[str, object]:
        """The module's result beside ``diff``; a ``changed`` here tells what a write turned out to change."""
        view = self.result_view(after)
        return {self.name: {} if view is None else view}

    # ---- the shared machinery ------------------------------------------------------------

    @property
    def state(self) -> str:
        return self.params.get('state') or 'present'

    def declared(self) -> Record:
        """API values of the fields the user set; unset options leave the remote value alone."""
        return {
            field.api: field.convert(self.params[field.option])
            for field in self.fields
            if self.params.get(field.option) is not None
        }

    def wanted(self, current: Record | None) -> Record:
        """What the object should be: the declared values, resolved against the current object.

        Set fields keep the members they do not list when ``purge`` is false; with ``state:
        absent`` on an object that is not deleted, the listed members are taken out.
        """
        wanted = self.resolve(self.declared(), current)
        for field in self.fields:
            if not field.members or field.api not in wanted or current is None:
                continue
            held = frozenset(current.get(field.api) or ())
            if field.normal is not None:
                wanted[field.api] = spelled_as_held(wanted[field.api], held, field.normal)
            if self.state == 'absent':
                wanted[field.api] = held - wanted[field.api]
            elif not self.params.get('purge', True):
                wanted[field.api] = held | wanted[field.api]
        return wanted

    def changes(self, current: Record, wanted: Record) -> Record:
        """The wanted values that differ from the current object (a write-only value only when it is always sent)."""
        by_api = {field.api: field for field in self.fields}
        always = self.params.get('update_password') == 'always'

        def differs(key: str, value: object) -> bool:
            field = by_api.get(key)
            if field is None:  # a value the module resolved itself
                return bool(current.get(key) != value)
            return always if field.write_only else not field.same(current.get(key), value)

        return {key: value for key, value in wanted.items() if differs(key, value)}

    def plan(self, current: Record | None) -> Plan:
        if self.state == 'absent' and self.deletable:
            return Plan('delete' if current is not None else None, current, {})
        wanted = self.wanted(current)
        if current is None:
            return Plan('create', None, wanted, dict(wanted))
        changes = self.changes(current, wanted)
        fixed = sorted(field.option for field in self.fields if not field.updatable and field.api in changes)
        if fixed:
            return Plan('replace', current, {**self.carried_over(current), **wanted}, changes, fixed)
        return Plan('update' if changes else None, current, wanted, changes)

    def apply(self, plan: Plan) -> Record | None:
        """Carry the plan out, or predict it in check mode; the object afterwards."""
        current, check_mode = plan.current, self.module.check_mode
        if plan.action == 'delete':
            if not check_mode:
                self.delete(t.cast('Record', current))
            return None
        if plan.action in ('create', 'replace'):
            if check_mode:
                return self.predict_create(plan.wanted)
            return self.create(plan.wanted) if current is None else self.replace(current, plan.wanted)
        if plan.action == 'update':
            current = t.cast('Record', current)
            return self.predict_update(current, plan.changes) if check_mode else self.update(current, plan.changes)
        return current

    def diff(self, plan: Plan, before: Record | None, after: Record | None) -> dict[str, object]:
        """before/after of the managed fields; set fields show the members removed and added."""
        text = self.prepared(plan, after)
        if text is not None:
            return {'prepared': text}
        before_view, after_view = self.diff_view(before), self.diff_view(after)
        if plan.action in ('update', 'replace') and before_view and after_view:
            # A change of an object that stays shows only what changes (a secret too, masked on both sides).
            for key in [key for key in before_view if key in after_view]:
                if before_view[key] == after_view[key]:
                    del before_view[key], after_view[key]
        diff = make_diff(before_view, after_view, self.secret_keys)
        for field in self.diff_fields():
            if not field.members:
                continue
            old = frozenset((before or {}).get(field.api) or ())
            new = frozenset((after or {}).get(field.api) or ())
            if old == new and plan.action in ('update', 'replace'):
                continue  # the same members: an update does not show them
            for side, members in (('before', old - new), ('after', new - old)):
                if diff[side]:
                    diff[side][field.option] = sorted(members)
        header = self.describe(plan)
        notes = ([header] if header else []) + self.notes
        diff['before_header'] = self.title()
        if notes:
            diff['after_header'] = '; '.join(notes)
        return diff

    def decide(self, found: t.Any = FIND) -> Plan:
        """The plan: the object found (or, when the caller read it already, ``found``: None for none), what differs,
        and the planned write checked."""
        current = self.find() if found is FIND else found
        plan = self.plan(current)
        if plan.action:
            self.check(plan)
        return plan

    def carry_out(self, plan: Plan) -> dict[str, object]:
        """Write what the plan says (or predict it in check mode); the result, with the diff of the real objects in
        diff mode."""
        after = self.apply(plan)
        self.final = after
        result = {'changed': plan.action is not None, **self.outcome(plan, after)}
        if self.module.builds_diff:  # only when it is shown, or the task asks for it (the site role's summary)
            result['diff'] = self.diff(plan, plan.current, after)
        return result

    def execute(self) -> dict[str, object]:
        self.where = self.locate()
        with self.exclusive():
            return self.carry_out(self.decide())

    def run(self) -> t.NoReturn:
        self.validate()
        self.module.run(self.execute)


class ZoneItemResource(EdgeResource):
    """An item of a collection of one zone that is read whole, once (a Shield zone's access lists, its custom WAF
    rules of one kind): ``locate`` returns the collection, or None when there is none to find the item in."""

    def exclusive(self) -> t.ContextManager[object]:
        """The runs on this controller that change the zone's collection take turns. Check mode writes nothing: no
        turn."""
        if self.where is None or self.module.check_mode:
            return super().exclusive()
        return t.cast(t.ContextManager[object], self.where.turn())

    def find(self) -> Record | None:
        if self.where is None:
            return None
        self.where.read()
        return self.found_in(self.where)

    def found_in(self, collection: t.Any) -> Record | None:
        """The item among ``collection`` as read, or None."""
        raise NotImplementedError
