# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""The options of ``site_pullzone``: the ``site`` role's declaration of a pull zone, its Shield zone (with its custom
WAF rules and rate limits) and its custom access lists, and the parts of it a run makes. Each declared item takes the
options of its own module, whose table checks it (``_site``)."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

PARTS = ('pullzone', 'hostnames', 'edge_rules', 'shield', 'access_lists', 'waf_rules')

TABLE = Table(
    Option(
        'pullzone',
        'raw',
        (
            'The pull zone: the name (a string) or id (an integer) of one that exists, or a declaration of it - a '
            'dict of C(name) (required), C(origin) or C(storage_zone) (the name of a storage zone of the account, '
            'the origin instead of a URL), C(settings) (options of M(edge.platform.pullzone) under their own '
            'names), C(hostnames) (each with the options of M(edge.platform.pullzone_hostname), and C(dns_zone): the '
            'domain of the DNS zone of the account that holds the hostname, whose C(pullzone) record of the '
            'hostname\'s name the run makes link this pull zone before it adds the hostname, so that a free '
            'certificate is issued in the same run, and removes with the hostname or the site), C(edge_rules) (each '
            'with the options of M(edge.platform.pullzone_edge_rule); a C(description) need not be unique, nor given, '
            'and is any text the API keeps, as is a pattern), '
            'C(purge_on_change), C(settings_unlisted) (V(keep), the default, leaves the settings C(settings) does not '
            'list alone; V(default) holds them at what a new pull zone gets) and C(state) (V(absent) deletes the pull '
            'zone with everything on it).',
            'A declared pull zone is created when no pull zone has its name. Only what is declared is compared and '
            'set: settings not given keep their value, hostnames and edge rules not declared are left alone.',
            'Edge rules are matched to the zone\'s rules by C(description) when the declaration gives it once; '
            'otherwise by content (several rules of one description, or none, settle after one run).',
        ),
        required=True,
    ),
    Option(
        'shield',
        'dict',
        (
            'The Shield zone of the pull zone: options of M(edge.platform.shield_zone) under their own names, and '
            'C(settings_unlisted) as the pull zone takes it. V({}) only makes sure the pull zone has a Shield zone; '
            'unset, the Shield zone is left alone.',
            'C(waf_rules) and C(rate_limits) are its custom WAF rules and rate limits, each with the options of '
            'M(edge.platform.shield_waf_rule) or M(edge.platform.shield_rate_limit) (without the zone), found by '
            'C(name); a name given twice in one list is refused. Rules and rate limits not listed are left alone, '
            'unless C(rules_exclusive=true), which deletes them (the part V(waf_rules)).',
        ),
    ),
    Option(
        'access_lists',
        'list',
        (
            'Custom access lists of the Shield zone, each with the options of M(edge.platform.shield_access_list).',
            'A list is found by its name. The API lets a zone hold several lists of one name: such lists are declared '
            'each as it is, and told apart by what they hold (a list of the name exactly as declared, else the first '
            'other one). A name declared more often than the zone holds lists of it is refused before any write.',
        ),
        elements='dict',
        default=[],
    ),
    Option(
        'storage_zones',
        'list',
        (
            'The names of the storage zones the run makes before the pull zone (the role gives its '
            'C(site_storage_zones)): in check mode, a C(storage_zone) of them that does not exist yet is planned as '
            'made by the run, not refused.',
        ),
        elements='str',
        default=[],
    ),
    Option(
        'dns_zones',
        'list',
        (
            'The DNS zones the run makes before the pull zone (the role gives what its C(site_dns_zones) step '
            'returned): each its domain, or the zone as M(edge.platform.dns_zone) returns it (C(Domain), and C(Id) '
            'unless check mode predicted it). A hostname\'s C(dns_zone) of them is not looked up again; in check '
            'mode one that does not exist yet is planned as made by the run, not refused.',
        ),
        elements='raw',
        default=[],
    ),
    Option(
        'parts',
        'list',
        (
            'The parts of the declaration this run makes; the others are neither compared nor written. The pull zone '
            'is read all the same: a part that needs it fails before any write when it does not exist and '
            'V(pullzone) is not among the parts.',
            'V(waf_rules) makes the custom WAF rules and rate limits of O(shield).',
        ),
        elements='str',
        choices=PARTS,
        default=list(PARTS),
    ),
)
