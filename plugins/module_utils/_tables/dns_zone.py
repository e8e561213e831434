# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``dns_zone``: a DNS zone of the account (DnsZoneModel), its settings, DNSSEC, and the zone file
its records are imported from."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table

TABLE = Table(
    Option(
        'domain',
        'str',
        (
            'The domain of the zone, such as V(example.com) (compared without regard to case; a final dot is '
            'optional). The zone is found by it, in the zone list searched by it.',
            'Required to create a zone. Exactly one of O(domain) and O(id) is required.',
        ),
        api='Domain',
    ),
    Option(
        'id',
        'int',
        (
            'Id of the zone. When no zone has this id, O(state=present) fails (a zone is created by its O(domain)) '
            'and O(state=absent) reports no change.',
        ),
    ),
    Option(
        'nameservers',
        'list',
        (
            'The name servers the zone declares, in order (C(Nameserver1), then C(Nameserver2)): none, one or two '
            'host names.',
            'An empty list gives the zone the service\'s own name servers (C(CustomNameserversEnabled) false); a '
            'non-empty one turns custom name servers on.',
            'Names compare without regard to case or a final dot.',
        ),
        elements='str',
    ),
    Option(
        'soa_email',
        'str',
        'The e-mail address of the zone\'s SOA record (C(SoaEmail)), such as V(hostmaster@example.com).',
        api='SoaEmail',
    ),
    Option(
        'logging',
        'bool',
        'Whether the queries of the zone are logged (C(LoggingEnabled)).',
        api='LoggingEnabled',
    ),
    Option(
        'logging_ip_anonymization',
        'str',
        (
            'How the logs of the zone keep the addresses of the clients: V(off) as they are '
            '(C(LoggingIPAnonymizationEnabled) false), V(one_digit) with their last digit removed, V(drop) not at '
            'all (C(LoggingIPAnonymizationEnabled) true, with C(LogAnonymizationType) 0 C(OneDigit) or 1 C(Drop)).',
        ),
        choices=('off', 'one_digit', 'drop'),
    ),
    Option(
        'dnssec',
        'bool',
        (
            'Whether DNSSEC signs the zone (C(DnsSecEnabled)), switched through the zone\'s DNSSEC endpoint.',
            'The run that enables it returns the DS record to give the registrar in RV(dnssec).',
        ),
        api='DnsSecEnabled',
    ),
    Option(
        'import_zone_file',
        'path',
        (
            'A zone file in BIND form on the controller (as another DNS provider exports it) whose records are '
            'imported into the zone through the API\'s import, when the zone is created, and on an existing zone '
            'that holds none of its records (a create whose import did not happen); a zone that holds any of them '
            'is not imported into again, so a rerun writes nothing.',
            'The file is read and checked before any request: a line the parser cannot read fails the task naming '
            'it. The SOA record and the NS records of the apex (the service keeps these itself: the zone\'s name '
            'servers are O(nameservers)) are left out, counted in RV(imported.RecordsSkipped); records of types the '
            'API has not (such as C(HINFO), C(SSHFP)) cannot be imported, counted in RV(imported.RecordsFailed) '
            'and named in a warning.',
            'Names in the file are relative to its C($ORIGIN), the zone\'s domain unless it says otherwise; '
            'C($TTL), C(@), parentheses over several lines and comments are read as BIND reads them; '
            'C($INCLUDE) and C($GENERATE) are refused.',
            'Manage the records afterwards with M(edge.platform.dns_record_set).',
        ),
    ),
    Option(
        'state',
        'str',
        'V(present) creates or updates the zone, V(absent) deletes it with all its records.',
        choices=('present', 'absent'),
        default='present',
    ),
)
