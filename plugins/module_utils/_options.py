# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""One table per resource: every option of a module is written once, here, as an ``Option`` of its table.

An option states its name, type, choices, default, ``no_log``, description and version_added (what the argument spec
and the documentation need), the API field it maps to, and for an enum the API's number of each name (an ``Enum``).
From the table come, at run time, the argument spec (``Table.argument_spec``), the checks of a value before any
request (``Option.problem``) and the translation between option values and API values both ways (``Option.to_api``,
``Option.from_api``), which the diff, ``site_info`` and the audit use; and, through generated doc fragments
(``plugins/doc_fragments/_options.py``) and ``docs/enums.md``, the documentation (``Table.documentation``).
Nothing here knows a module: the tables are in ``module_utils/_tables/``.
"""

from __future__ import annotations

import ipaddress
import math
import os
import typing as t
from dataclasses import dataclass, field as dataclass_field, replace
from urllib.parse import urlsplit

from ansible.module_utils.common.parameters import AnsibleFallbackNotFound

from ansible_collections.edge.platform.plugins.module_utils._records import optional_text
from ansible_collections.edge.platform.plugins.module_utils._validation import COUNTRY_CODES, bare_hostname_problem

#: What a new resource gets where nothing is said of an option that has no ``new`` of its own: its type's zero (false,
#: 0, an empty list, no text; an enum's name of 0).
ZERO = object()
# The zero of each type: what a new resource gets of an option whose ``new`` is ZERO.
ZEROS: dict[str, t.Any] = {'bool': False, 'int': 0, 'float': 0.0, 'str': '', 'list': ()}

# The widths of the API's integers: an option of one is checked against it unless it has bounds of its own.
INT32 = (-(2**31), 2**31 - 1)
INT64 = (-(2**63), 2**63 - 1)


@dataclass(frozen=True, eq=False)
class Enum:
    """An enumeration the API knows by numbers (or, for a few, by other names): the option's names (the snake_case of
    the reference's names, in the API's order) and the API's value of each. ``api_name`` is the reference's name of
    the type."""

    api_name: str
    numbers: t.Mapping[str, object]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.numbers)

    def number(self, name: str) -> object:
        return self.numbers[name]

    def name(self, number: object) -> t.Any:
        """The name of an API number; a number the collection does not know stays the number."""
        for name, value in self.numbers.items():
            if value == number:
                return name
        return number


def set_env_fallback(*names: str) -> str:
    """The first of these environment variables that is set and not blank (``env_fallback`` takes blanks).

    Automation Platform injects an empty string for a blank optional credential field: that is "not set",
    so the option keeps its default, or its "required" message names the variable.
    """
    for name in names:
        value = os.environ.get(name, '')
        if value.strip():
            return value
    raise AnsibleFallbackNotFound


def member_problem(member: str | None, value: object) -> str | None:
    """Why ``value`` is not a ``member`` (``hostname``, ``ip``, ``country``, ``url``; None takes any), or None."""
    text = str(value).strip()
    if member == 'hostname':
        return bare_hostname_problem(text.lower())
    if member == 'country':
        return None if text.upper() in COUNTRY_CODES else 'is not an ISO 3166-1 alpha-2 country code'
    if member == 'ip':
        try:
            ipaddress.ip_network(text, strict=True) if '/' in text else ipaddress.ip_address(text)
        except ValueError as error:
            if '/' in text and 'has host bits set' in str(error):
                network = ipaddress.ip_network(text, strict=False)
                return f'has host bits set (the network is {network})'
            return 'is not an IP address or network'
        return None
    if member == 'url':
        if any(char.isspace() for char in str(value)):
            return 'must not contain spaces'
        try:
            parts = urlsplit(str(value))
            host = parts.hostname
        except ValueError:
            return 'is not a URL'
        if parts.scheme.lower() not in ('http', 'https') or not host:
            return 'must be an http:// or https:// URL with a host'
    return None


def member_form(member: str | None, value: object) -> str:
    """A member as the service compares it: hostnames in lower case, country codes in upper case, addresses and
    networks in their canonical spelling (an IPv6 address compressed, in lower case)."""
    text = str(value).strip()
    if member == 'hostname':
        return text.lower()
    if member == 'country':
        return text.upper()
    if member == 'ip':
        return str(ipaddress.ip_network(text) if '/' in text else ipaddress.ip_address(text))
    return text


@dataclass(frozen=True)
class Option:
    """One option of a module: what Ansible and ansible-doc need, and what the API calls it.

    ``api`` is the API field the option maps to (a dotted path into a part with an endpoint of its own, such as
    ``botDetection.executionMode``); ``enum`` gives the API's number of each name (the option's choices are the
    names); ``choices`` are the choices of an option that is not an enum. ``bounds`` narrow an integer or a number
    (an integer without bounds is checked against its ``width``, 32 or 64 bits); ``member`` says what a text, or
    each item of a list, must be (``hostname``, ``ip``, ``country``, ``url``); ``unordered`` lists are sets (order
    and repeats ignored); ``steps`` are the only values the service keeps of an integer (it rounds others up);
    ``new`` is the value a resource the service creates gets when nothing is said (``site_info`` leaves such values
    out); ``secret`` options are never shown (``no_log``). ``suboptions`` are the keys of each dict of a list.
    ``env`` is the environment variable whose value (unless blank) an option that is not set takes.
    """

    name: str
    type: str
    description: str | tuple[str, ...]
    api: str | None = None
    enum: Enum | None = None
    choices: tuple[t.Any, ...] | None = None
    default: object = None
    #: None: not said (left out of the documentation, as false); False is documented as such.
    required: bool | None = None
    no_log: bool | None = None
    secret: bool = False
    elements: str | None = None
    suboptions: tuple[Option, ...] = ()
    aliases: tuple[str, ...] = ()
    version_added: str | None = None
    bounds: tuple[float, float] | None = None
    width: int = 64
    member: str | None = None
    unordered: bool = False
    steps: tuple[int, ...] | None = None
    new: t.Any = ZERO
    env: str | None = None
    #: Lines the documentation adds after the description (generated ones, such as an enum's numbers).
    notes: tuple[str, ...] = dataclass_field(default=(), compare=False)

    @property
    def lines(self) -> tuple[str, ...]:
        return (self.description,) if isinstance(self.description, str) else self.description

    @property
    def names(self) -> tuple[t.Any, ...] | None:
        """The values the option takes, when they are few: an enum's names, or its choices."""
        return self.enum.names if self.enum is not None else self.choices

    @property
    def limits(self) -> tuple[float, float] | None:
        """The range of an integer or number option: its bounds, else its width's for an integer."""
        if self.bounds is not None:
            return self.bounds
        if self.type == 'int' and not self.names:
            return INT32 if self.width == 32 else INT64
        return None

    @property
    def new_value(self) -> t.Any:
        """What a new resource gets when nothing is said of it, as the option takes it (an enum by its name)."""
        new = self.new
        if new is ZERO:
            new = self.enum.name(0) if self.enum is not None else ZEROS.get(self.type)
        return list(new or ()) if self.type == 'list' else new

    def is_new(self, value: t.Any) -> bool:
        """Whether ``value`` (in the option's terms) is what a new resource gets when nothing is said of it."""
        if value is None:
            return True
        new = self.new_value
        if self.type == 'list' and self.unordered:
            return set(map(str, value)) == set(map(str, new or ()))
        if self.type == 'list':
            return list(value) == list(new or ())
        if self.type == 'str' and self.enum is None:
            return optional_text(value) == optional_text(new)
        return bool(value == new)

    def sub(self, name: str) -> Option:
        return next(option for option in self.suboptions if option.name == name)

    # ---- what Ansible and ansible-doc take ----

    def argument_spec(self) -> dict[str, object]:
        spec: dict[str, object] = {'type': self.type}
        if self.required:
            spec['required'] = True
        if self.default is not None:
            spec['default'] = self.default
        if self.names:
            spec['choices'] = list(self.names)
        if self.secret or self.no_log is not None:
            spec['no_log'] = bool(self.secret or self.no_log)
        if self.elements:
            spec['elements'] = self.elements
        if self.suboptions:
            spec['options'] = {option.name: option.argument_spec() for option in self.suboptions}
        if self.aliases:
            spec['aliases'] = list(self.aliases)
        if self.env:
            spec['fallback'] = (set_env_fallback, [self.env])
        return spec

    def documentation(self) -> dict[str, object]:
        doc: dict[str, object] = {'description': [*self.lines, *self.generated_lines()], 'type': self.type}
        if self.elements:
            doc['elements'] = self.elements
        if self.names:
            doc['choices'] = list(self.names)
        if self.default is not None:
            doc['default'] = self.default
        if self.required is not None:
            doc['required'] = self.required
        if self.aliases:
            doc['aliases'] = list(self.aliases)
        if self.version_added:
            doc['version_added'] = self.version_added
        if self.suboptions:
            doc['suboptions'] = {option.name: option.documentation() for option in self.suboptions}
        return doc

    def generated_lines(self) -> list[str]:
        """What the documentation says that the table knows already: the bounds, an enum's numbers."""
        lines = list(self.notes)
        if self.bounds is not None:
            low, high = (int(limit) if float(limit).is_integer() else limit for limit in self.bounds)
            lines.append(f'From V({low}) to V({high}); another value is refused before any request.')
        if self.enum is not None:
            numbers = ', '.join(f'V({name}) {number}' for name, number in self.enum.numbers.items())
            lines.append(f"The API's values ({self.enum.api_name}): {numbers} (docs/enums.md).")
        return lines

    # ---- values ----

    def problem(self, value: t.Any) -> str | None:
        """Why ``value`` (as Ansible converted it) cannot be sent, or None: checked before any request, so that a
        refusal names the option instead of a failure half-way."""
        if self.type == 'float' and not math.isfinite(value):
            return f'must be a finite number, got {value}'
        limits = self.limits
        if self.type in ('int', 'float') and limits is not None and not limits[0] <= value <= limits[1]:
            low, high = (int(limit) if float(limit).is_integer() else limit for limit in limits)
            return f'must be from {low} to {high}, got {value}'
        if self.type == 'list' and self.elements == 'str':
            blank = [item for item in value if not str(item).strip()]
            if blank:
                return f'must not hold empty items ({len(blank)} given)'
            reasons = ((item, member_problem(self.member, item)) for item in value)
            bad = [f'{item!r} {reason}' for item, reason in reasons if reason]
            if bad:
                return '; '.join(bad[:5]) + (f' (and {len(bad) - 5} more)' if len(bad) > 5 else '')
        if self.type == 'str' and self.member is not None and value != '':
            reason = member_problem(self.member, value)
            if reason:
                return f'{value!r} {reason}'
        return None

    def normalized(self, value: t.Any) -> object:
        """``value`` as the service keeps it: members in their normal form, an integer rounded up to a step."""
        if self.type == 'list' and self.elements == 'str' and self.member is not None:
            return [member_form(self.member, item) for item in value]
        if self.steps and value:
            return next((step for step in self.steps if step >= value), value)
        return value

    def to_api(self, value: t.Any) -> object:
        """An option value as the API takes it: enums as numbers, dicts of a list by their suboptions' API names."""
        if value is None:
            return None
        if self.enum is not None:
            return self.enum.number(value)
        if self.suboptions and isinstance(value, list):
            return [
                {option.api: option.to_api(item.get(option.name)) for option in self.suboptions if option.api}
                for item in value
            ]
        return self.normalized(value)

    def from_api(self, value: object) -> object:
        """An API value as the option takes it: enum numbers as names, sets sorted, optional texts empty as null."""
        if value is None:
            return None
        if self.enum is not None:
            return self.enum.name(value)
        if self.suboptions and isinstance(value, list):
            return [
                {option.name: option.from_api(item.get(option.api)) for option in self.suboptions if option.api}
                for item in value
                if isinstance(item, dict)
            ]
        if self.unordered and isinstance(value, (list, tuple, set, frozenset)):
            return sorted(value, key=str)
        return value


class Table:
    """The options of one resource, in the order its documentation shows them."""

    def __init__(self, *options: Option) -> None:
        self.options = options
        self._by_name = {option.name: option for option in options}
        if len(self._by_name) != len(options):
            raise ValueError('an option is written twice')

    def __getitem__(self, name: str) -> Option:
        return self._by_name[name]

    def __iter__(self) -> t.Iterator[Option]:
        return iter(self.options)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def with_options(self, *options: Option) -> Table:
        """This table and ``options`` after it (an option of the same name replaces this table's)."""
        names = {option.name for option in options}
        return Table(*(option for option in self.options if option.name not in names), *options)

    def without(self, *names: str) -> Table:
        return Table(*(option for option in self.options if option.name not in names))

    def changed(self, name: str, **changes: t.Any) -> Table:
        """This table with the option ``name`` changed as given (its description, default …)."""
        return Table(*(replace(option, **changes) if option.name == name else option for option in self.options))

    def argument_spec(self) -> dict[str, dict[str, object]]:
        return {option.name: option.argument_spec() for option in self.options}

    def documentation(self) -> dict[str, object]:
        return {option.name: option.documentation() for option in self.options}

    def mapped(self) -> t.Iterator[Option]:
        """The options that map to an API field."""
        return (option for option in self.options if option.api is not None)

    def apis(self) -> list[str]:
        """The API fields the table's options map to."""
        return [option.api for option in self.options if option.api is not None]

    def enums(self) -> t.Iterator[tuple[str, Enum]]:
        """Each enum the table takes, with the path of its option (``triggers.type``)."""

        def walk(options: t.Iterable[Option], prefix: str) -> t.Iterator[tuple[str, Enum]]:
            for option in options:
                if option.enum is not None:
                    yield prefix + option.name, option.enum
                yield from walk(option.suboptions, f'{prefix}{option.name}.')

        return walk(self.options, '')

    def problems(self, params: t.Mapping[str, object]) -> t.Iterator[str]:
        """Why each set value of ``params`` cannot be sent, as ``<option> <reason>``."""
        for option in self.options:
            value = params.get(option.name)
            problem = option.problem(value) if value is not None else None
            if problem:
                yield f'{option.name} {problem}'
