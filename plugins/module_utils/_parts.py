# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""A resource run as one part of a larger run (a site's hostname, a DNS zone's record set): the module as the part
sees it, its own options with the run's client and modes, and a refusal of its input that the run reports with every
other before it writes anything."""

from __future__ import annotations

import typing as t

from ansible_collections.edge.platform.plugins.module_utils._common import (
    EdgeModule,
    blank_problem,
    non_positive_problem,
)


class Refused(Exception):
    """A part's input or planned write refused: reported with every other before anything is written."""


class PartModule:
    """The module as one part of the run sees it: its own options, the run's client, mode and diff. A refusal of its
    input is ``Refused``, which the run reports with every other before it writes anything."""

    def __init__(self, module: EdgeModule, params: dict[str, t.Any]) -> None:
        self.site = module
        self.params = params
        self.client = module.client
        self.ansible = module.ansible

    @property
    def check_mode(self) -> bool:
        return self.site.check_mode

    @property
    def diff_mode(self) -> bool:
        return self.site.diff_mode

    @property
    def builds_diff(self) -> bool:
        return self.site.builds_diff

    def fail(self, msg: str, **result: object) -> t.NoReturn:
        raise Refused(msg)

    def refuse_blank(self, *options: str) -> None:
        problem = blank_problem(self.params, options)
        if problem:
            raise Refused(problem)

    def refuse_non_positive(self, *options: str) -> None:
        problem = non_positive_problem(self.params, options)
        if problem:
            raise Refused(problem)
