# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``dns_record_set``: the records of one name and type in a DNS zone (DnsRecordModel), their
values in zone-file form and the settings of each record."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Enum, Option, Table

# DnsRecordTypes, by the snake_case of the reference's names.
RECORD_TYPES = Enum(
    'DnsRecordTypes',
    {
        'a': 0,
        'aaaa': 1,
        'cname': 2,
        'txt': 3,
        'mx': 4,
        'redirect': 5,
        'flatten': 6,
        'pullzone': 7,
        'srv': 8,
        'caa': 9,
        'ptr': 10,
        'script': 11,
        'ns': 12,
        'svcb': 13,
        'https': 14,
        'tlsa': 15,
    },
)
MONITOR_TYPES = Enum('DnsMonitoringType', {'none': 0, 'ping': 1, 'http': 2, 'monitor': 3})
SMART_ROUTING_TYPES = Enum('DnsSmartRoutingType', {'none': 0, 'latency': 1, 'geolocation': 2})

# The settings of one record, the keys of a mapping of ``values`` beside ``value``: each managed only when given.
SETTINGS = (
    Option(
        'weight',
        'int',
        'The weight of the record among the records of its set (C(Weight)); not for V(srv), whose weight is in '
        'its value.',
        api='Weight',
        bounds=(0, 100),
    ),
    Option('disabled', 'bool', 'Whether the record is not served (C(Disabled)).', api='Disabled'),
    Option('comment', 'str', 'A note kept with the record (C(Comment)).', api='Comment'),
    Option(
        'monitor',
        'str',
        'How the service checks the host of the record (C(MonitorType)).',
        api='MonitorType',
        enum=MONITOR_TYPES,
    ),
    Option(
        'smart_routing',
        'str',
        'How the service picks among the records of the set (C(SmartRoutingType)).',
        api='SmartRoutingType',
        enum=SMART_ROUTING_TYPES,
    ),
    Option(
        'latitude',
        'float',
        'The latitude of the record\'s host, for V(geolocation) routing (C(GeolocationLatitude)).',
        api='GeolocationLatitude',
        bounds=(-90, 90),
    ),
    Option(
        'longitude',
        'float',
        'The longitude of the record\'s host, for V(geolocation) routing (C(GeolocationLongitude)).',
        api='GeolocationLongitude',
        bounds=(-180, 180),
    ),
    Option(
        'accelerated',
        'bool',
        'Whether the service puts a pull zone in front of the record\'s host (C(Accelerated)); for V(a), V(aaaa) '
        'and V(cname) records only.',
        api='Accelerated',
    ),
)

TABLE = Table(
    Option(
        'zone',
        'str',
        (
            'The domain of the DNS zone the records belong to, such as V(example.com), found in the zone list '
            'searched by it.',
            'Exactly one of O(zone) and O(zone_id) is required.',
        ),
    ),
    Option('zone_id', 'int', 'Id of the DNS zone the records belong to.'),
    Option(
        'name',
        'str',
        (
            'The name of the records: relative to the zone (V(www), V(_dmarc), V(*.apps)), V("") or V(@) for the '
            'zone\'s apex; a full name inside the zone (V(www.example.com) or V(www.example.com.)) is taken too, '
            'and a full name outside it (ending with a dot) is refused.',
            'Names compare without regard to case.',
        ),
        required=True,
    ),
    Option(
        'type',
        'str',
        'The type of the records.',
        required=True,
        enum=RECORD_TYPES,
        api='Type',
    ),
    Option(
        'values',
        'list',
        (
            'The values of the set, as a set: their order, and repeats of one value, are ignored.',
            'Each is a string in zone-file form, compared in canonical form: names are full names (a final dot is '
            'optional, case does not count: V(10 MAIL.example.com) and V(10 mail.example.com.) are one V(mx) '
            'value), addresses in any spelling of them. By type: V(a) and V(aaaa) an address; V(cname), V(ns), '
            'V(ptr), V(flatten) a host name; V(mx) C(PRIORITY TARGET); V(srv) C(PRIORITY WEIGHT PORT TARGET); '
            'V(caa) C(FLAGS TAG VALUE) such as V(0 issue "ca.example.net") (the quotes are optional); V(txt) its '
            'text without quotes, or in zone-file form as quoted strings, which are joined into one text '
            '(V("v=DKIM1; k=rsa; " "p=MIGf...") is the text V(v=DKIM1; k=rsa; p=MIGf...)), so a long text split '
            'into strings of 255 characters is one value; V(svcb) and V(https) C(PRIORITY TARGET [KEY=VALUE ...]); '
            'V(tlsa) C(USAGE SELECTOR MATCHING-TYPE DATA) (the data in hexadecimal); V(redirect) an http(s) URL; '
            'V(pullzone) the name of a pull zone of the account; V(script) the id of an edge script.',
            'Or a mapping whose O(values[].value) is such a string and whose other keys set that record\'s own '
            'settings; only the settings given are managed.',
            'Every value is checked before any request; a V(pullzone) value names a pull zone that must exist, '
            'looked up before anything is written.',
            'Required with O(state=present). With O(state=absent), only these values are removed; without them '
            'the whole set is.',
        ),
        elements='raw',
        suboptions=(
            Option('value', 'str', 'The value, in zone-file form as above.', required=True),
            *SETTINGS,
        ),
    ),
    Option(
        'ttl',
        'int',
        (
            'The TTL of every record of the set, in seconds.',
            'When not given, the records keep theirs, and a record added gets that of the set\'s records (the '
            'records of one name and type share their TTL), or in an empty set the service\'s.',
        ),
        api='Ttl',
        bounds=(15, 2147483647),
    ),
    Option(
        'on_existing',
        'str',
        (
            'V(replace): the set becomes exactly O(values); records of other values are changed to the values '
            'missing (keeping their ids) or deleted.',
            'V(keep): the values missing are added, the other records of the set stay.',
        ),
        choices=('replace', 'keep'),
        default='replace',
    ),
    Option(
        'state',
        'str',
        'V(present) makes the set hold O(values), V(absent) removes them (or the whole set).',
        choices=('present', 'absent'),
        default='present',
    ),
)
