# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``dns_zone``: a DNS zone of the account (DnsZoneModel), its settings, DNSSEC, the zone file its
records are imported from, and its record sets declared with it (each as ``dns_record_set`` takes it, without the
zone)."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table
from ansible_collections.edge.platform.plugins.module_utils._tables import dns_record_set

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
        'records',
        'list',
        (
            'Record sets of the zone, each the records of one O(records[].name) and O(records[].type), as '
            'M(edge.platform.dns_record_set) manages them (without its zone, which is this one; C(on_existing) is '
            'V(replace): each set becomes exactly its O(records[].values)).',
            'The zone is read once, with every record, and each set compared with what it holds; only the sets that '
            'differ are written, after the zone\'s own settings - whole sets removed first (so a cname can take '
            'the name of records it replaces), then the others. A set declared twice, or a value that is not one '
            'of its type, is refused before any request; a V(pullzone) value names a pull zone of the account, '
            'looked up (once for all of them) before anything is written.',
            'Sets not listed are left alone, unless O(records_exclusive).',
            'Not with O(state=absent).',
        ),
        elements='dict',
        suboptions=(
            Option(
                'name',
                'str',
                (
                    'The name of the records, relative to the zone (V(www), V(_dmarc), V(*.apps)); V(@) or V("") '
                    'is the apex; a full name inside the zone is taken too.',
                ),
                required=True,
            ),
            Option('type', 'str', 'The type of the records.', required=True, enum=dns_record_set.RECORD_TYPES),
            Option(
                'values',
                'list',
                (
                    'The values of the set in zone-file form, or mappings of a value and its record\'s settings, as '
                    'O(edge.platform.dns_record_set#module:values) takes them.',
                    'Required with O(records[].state=present).',
                ),
                elements='raw',
            ),
            Option(
                'ttl',
                'int',
                'The TTL of every record of the set; not given, the records keep theirs.',
                bounds=(15, 2147483647),
            ),
            Option(
                'state',
                'str',
                'V(absent) removes the set (with O(records[].values), only those values).',
                choices=('present', 'absent'),
                default='present',
            ),
        ),
    ),
    Option(
        'records_exclusive',
        'bool',
        (
            'Whether O(records) lists every record set of the zone: a set it does not list is removed.',
            'A V(pullzone) set at the name of a custom hostname of the pull zone it links is left alone: it belongs '
            'to that pull zone\'s site (the C(edge.platform.site) role\'s C(site_pullzone.hostnames[].dns_zone)), '
            'which makes it with the hostname and removes it with the site.',
            'Requires O(records) (V([]) removes every other set).',
        ),
        default=False,
    ),
    Option(
        'state',
        'str',
        'V(present) creates or updates the zone, V(absent) deletes it with all its records.',
        choices=('present', 'absent'),
        default='present',
    ),
)
