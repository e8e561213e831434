# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

# Made from the option tables of plugins/module_utils/_tables/ by `nox -s update-docs-fragments`: do not edit this
# file, edit a table and run that. Each attribute is the options of the module of its name, as ansible-doc shows them.

from __future__ import annotations


class ModuleDocFragment:
    DOCUMENTATION = r'''
options: {}
'''

    CDN_LOG_EXPORT = r'''
options:
  api_url:
    description:
      - Base address of the management API, used only to find the pull zone by O(pullzone_name); required
        then.
      - If not set, the value of the E(EDGE_API_URL) environment variable is used.
    type: str
  pullzone_id:
    description:
      - Id of the pull zone whose logs to export.
      - Exactly one of O(pullzone_id) and O(pullzone_name) is required.
    type: int
  pullzone_name:
    description:
      - Exact name of the pull zone, looked up in the pull zone list.
      - Fails when no pull zone or more than one has this name; use O(pullzone_id) then.
    type: str
  dest:
    description:
      - Path of the file to write. Its directory must exist; an existing file is replaced when the export
        differs.
    type: path
    required: true
  mode:
    description:
      - The permissions of O(dest), as octal digits (quoted, such as V('0640')) or a symbolic mode (such
        as V(u=rw,g=r)).
      - When not set, O(dest) gets (or keeps) mode V(0600), a new file and an existing one alike - the
        file holds client addresses and request details.
      - O(mode), O(owner) and O(group) are checked before any request, in check mode too - a mode that
        is neither octal nor symbolic, or an owner or group that this host does not know, is refused.
        They are set on the temporary file before it replaces O(dest), so attributes that cannot be set
        leave O(dest) as it was.
    type: raw
  api_version:
    description:
      - Version of the logging API to read.
      - V(2) exports a time window (O(start), O(end)) with all filters, as O(format).
      - V(1) exports the log file of one day (O(date)) as the API streams it; it takes only the O(status),
        O(search), O(order) and O(limit) filters.
    type: int
    choices:
      - 1
      - 2
    default: 2
  format:
    description:
      - The file format of a v2 export, O(api_version=2) only.
      - V(jsonl) (when not set) writes one JSON object a line, each row as the API gives it.
      - V(csv) writes a header line, then one record a row, with the columns C(timestamp), C(pullZoneId),
        C(requestId), C(cacheStatus), C(statusCode), C(bytesSent), C(edgeLocation), C(scheme), C(host),
        C(path), C(url), C(remoteIp), C(countryCode), C(userAgent), C(referer), then the other fields
        of the first row; a missing value is empty.
    type: str
    choices:
      - jsonl
      - csv
  start:
    description:
      - Start of the window (inclusive), O(api_version=2) only.
      - ISO 8601 (V(2026-11-22T10:00:00Z); without an offset, UTC), epoch milliseconds, or relative to
        now (V(now), V(-24h), V(-30m), V(-2d)).
      - Must lie within the 3-day retention (not before V(-3d)). When not set, 24 hours before O(end).
    type: raw
  end:
    description:
      - End of the window (exclusive), O(api_version=2) only; same forms as O(start). When not set, now.
      - Must be after O(start), and at most 3 days after it.
      - The module sends both ends of the window to the API, computed from one reading of the clock.
    type: raw
  date:
    description:
      - Day (UTC) of the log file, as V(YYYY-MM-DD); required with O(api_version=1), refused with V(2).
      - Must be a day with retained logs (today or the 3 days before).
    type: str
  status:
    description:
      - HTTP status filters, each an exact code (V("404")) or a class (V("4xx")); a row matches any of
        them.
    type: list
    elements: str
  cache_status:
    description:
      - Cache statuses to match (any of them), O(api_version=2) only.
      - Values of the API, case-insensitive - V(HIT), V(MISS), V(BYPASS), V(REVALIDATED), V(STALE), V(UPDATING),
        or V(-) (no cache interaction, for example a POST).
    type: list
    elements: str
  country:
    description:
      - Countries of the client, ISO 3166 alpha-2 codes such as V(DE) (any of them), O(api_version=2)
        only.
    type: list
    elements: str
  edge_location:
    description:
      - Edge locations that served the request (any of them), O(api_version=2) only.
    type: list
    elements: str
  remote_ip:
    description:
      - The client's IP address (exact), O(api_version=2) only.
    type: str
  url_contains:
    description:
      - Text the request URL contains, O(api_version=2) only.
    type: str
  user_agent_contains:
    description:
      - Text the user agent contains, O(api_version=2) only.
    type: str
  referer_contains:
    description:
      - Text the referer contains, O(api_version=2) only.
    type: str
  search:
    description:
      - Free text the API searches the rows for.
    type: str
  include_origin_shield:
    description:
      - Also take in the requests served by the origin shield, O(api_version=2) only.
    type: bool
    default: false
  limit:
    description:
      - Most rows to write, 1 to 10000; when not set, every row of the window or day.
      - RV(has_more) tells whether more rows match.
    type: int
  order:
    description:
      - Order of the rows by time, V(asc) (oldest first) or V(desc) (newest first).
      - When not set, a v2 export is oldest first, and a v1 file as the API streams it (oldest first).
    type: str
    choices:
      - asc
      - desc
'''

    CDN_LOG_INFO = r'''
options:
  api_url:
    description:
      - Not used by this module, which sends its requests to O(logging_api_url).
      - Accepted so that C(module_defaults) of the C(edge.platform.edge) group apply to this module too.
    type: str
  pullzone_id:
    description:
      - Id of the pull zone whose logs to read.
      - A pull zone that does not exist is a failure (HTTP 404 C(not_found)), not an empty list.
    type: int
    required: true
  api_version:
    description:
      - Version of the logging API to use.
      - V(2) queries a time window (O(start), O(end)) with all filters and returns JSON rows.
      - V(1) reads the log file of one day (O(date)); it takes only the O(status), O(search), O(order),
        O(limit) and O(offset) filters.
    type: int
    choices:
      - 1
      - 2
    default: 2
  start:
    description:
      - Start of the window (inclusive), O(api_version=2) only.
      - ISO 8601 (V(2026-11-22T10:00:00Z); without an offset, UTC), epoch milliseconds, or relative to
        now (V(now), V(-24h), V(-30m), V(-2d)).
      - Must lie within the 3-day retention (not before V(-3d)). When not set, 24 hours before O(end).
    type: raw
  end:
    description:
      - End of the window (exclusive), O(api_version=2) only; same forms as O(start). When not set, now.
      - Must be after O(start), and at most 3 days after it.
      - The module sends both ends of the window to the API, computed from one reading of the clock.
    type: raw
  date:
    description:
      - Day (UTC) of the log file, as V(YYYY-MM-DD); required with O(api_version=1), refused with V(2).
      - Must be a day with retained logs (today or the 3 days before).
    type: str
  status:
    description:
      - HTTP status filters, each an exact code (V("404")) or a class (V("4xx")); a row matches any of
        them.
    type: list
    elements: str
  cache_status:
    description:
      - Cache statuses to match (any of them), O(api_version=2) only.
      - Values of the API, case-insensitive - V(HIT), V(MISS), V(BYPASS), V(REVALIDATED), V(STALE), V(UPDATING),
        or V(-) (no cache interaction, for example a POST).
    type: list
    elements: str
  country:
    description:
      - Countries of the client, ISO 3166 alpha-2 codes such as V(DE) (any of them), O(api_version=2)
        only.
    type: list
    elements: str
  edge_location:
    description:
      - Edge locations that served the request (any of them), O(api_version=2) only.
    type: list
    elements: str
  remote_ip:
    description:
      - The client's IP address (exact), O(api_version=2) only.
    type: str
  url_contains:
    description:
      - Text the request URL contains, O(api_version=2) only.
    type: str
  user_agent_contains:
    description:
      - Text the user agent contains, O(api_version=2) only.
    type: str
  referer_contains:
    description:
      - Text the referer contains, O(api_version=2) only.
    type: str
  search:
    description:
      - Free text the API searches the rows for.
    type: str
  include_origin_shield:
    description:
      - Also take in the requests served by the origin shield, O(api_version=2) only.
    type: bool
    default: false
  limit:
    description:
      - Most rows to return, 1 to 10000. It caps the total, not a page.
      - O(api_version=2) asks the API for all of them at once (its largest page is 10000), and follows
        the pagination only when the API returns fewer rows than asked; when not set, 100 rows (the API's
        default).
      - O(api_version=1) returns the whole day when not set.
      - RV(has_more) tells whether more rows match; continue with O(offset=next_offset).
    type: int
  offset:
    description:
      - Number of matching rows to skip (with O(api_version=1), the first line to read, counted from 0).
    type: int
    default: 0
  order:
    description:
      - Order of the rows by time, V(asc) (oldest first) or V(desc) (newest first).
      - When not set, the API's own order applies (the v1 file is oldest first).
    type: str
    choices:
      - asc
      - desc
  dest:
    description:
      - Deprecated, removed in version 2.0.0 - use M(edge.platform.cdn_log_export), which writes the day
        file (and v2 rows as JSON Lines or CSV) to its O(edge.platform.cdn_log_export#module:dest) and
        reports the change.
      - Writes the v1 log file to this path instead of returning RV(logs); O(api_version=1) only. The
        file is what the API streams, cut to O(limit) lines when set, written atomically and left alone
        when it already holds exactly that content, with O(mode) V(0600) unless set. Check mode writes
        nothing.
      - The task never reports a change, even when the file is written.
    type: path
'''

    CONTAINER_APP_INFO = r'''
options:
  id:
    description:
      - Id of one application. An id that does not exist returns an empty list.
      - Mutually exclusive with O(name).
    type: str
  name:
    description:
      - Exact name of the applications to return (case-sensitive). Several applications may share a name.
    type: str
'''

    CONTAINER_REGISTRY = r'''
options:
  display_name:
    description:
      - Display name of the registry, 1 to 50 characters. It identifies the registry (exact, case-sensitive
        match); the module fails when several registries have this name.
    type: str
    required: true
  registry_type:
    description:
      - Where the registry is, V(docker_hub) or V(github).
      - Required to add a registry. On an existing registry it is compared with the type its host name
        (C(hostName)) tells, and a difference updates the registry.
      - 'The API''s values (registry type): V(docker_hub) dockerHub, V(github) gitHub (docs/enums.md).'
    type: str
    choices:
      - docker_hub
      - github
  username:
    description:
      - User name of the registry's credentials, for private images.
      - A different user name updates the registry, which sends O(password) too.
      - O(password) is needed to add the registry with a user, or to change it; a registry that has this
        user already is left as it is without one (as an exported C(account.yml) declares it).
    type: str
  password:
    description:
      - Password or access token of the registry's credentials.
      - Requires O(username).
      - The API replaces type and credentials together, so any update of a registry that has credentials
        sends the password; updating such a registry without O(password) fails before any request.
    type: str
  update_password:
    description:
      - V(on_create) sets O(password) when the registry is added, and on updates that happen because O(registry_type)
        or O(username) changed; a password alone never causes an update.
      - V(always) sends O(password) on every run, so the task always reports a change; the API cannot
        tell whether the password differs.
    type: str
    choices:
      - always
      - on_create
    default: on_create
  state:
    description:
      - Whether the registry should exist.
    type: str
    choices:
      - present
      - absent
    default: present
seealso:
  - ref: ansible_collections.edge.platform.docsite.enums
    description: 'Every enum the collection takes: its names and the API''s numbers.'
'''

    DB_INFO = r'''
options:
  id:
    description:
      - Id of one database (C(db_...)). An id that does not exist returns an empty list.
      - Mutually exclusive with O(name).
    type: str
  name:
    description:
      - Exact name of the databases to return (case-sensitive).
    type: str
'''

    DB_QUERY = r'''
options:
  api_key:
    description:
      - Not used by this module, which authenticates with O(auth_token); the account key is never sent
        to the database.
      - Accepted so that C(module_defaults) of the C(edge.platform.edge) group apply to this module too.
    type: str
    required: false
  api_url:
    description:
      - Not used by this module, which sends its requests to O(database_url).
      - Accepted so that C(module_defaults) of the C(edge.platform.edge) group apply to this module too.
    type: str
    required: false
  database_url:
    description:
      - URL of the database, as the management API and the dashboard give it.
      - C(libsql://) means C(https://); C(https://) and C(http://) are used as given.
      - Must not carry a query string; give the token as O(auth_token).
      - If not set, the value of the E(SERVICE_DATABASE_URL) environment variable is used.
    type: str
    required: true
  auth_token:
    description:
      - Database access token (full access, or read only for statements that only read), sent in the C(Authorization)
        header as a C(Bearer) token.
      - Create one with M(edge.platform.db_token).
      - If not set, the value of the E(SERVICE_DATABASE_AUTH_TOKEN) environment variable is used.
      - Surrounding white space is removed; a token holding a line break, a tab, another control character
        or a non-ASCII character is refused before any request, without being shown.
      - Never shown in output, diff or logs.
    type: str
    required: true
  statements:
    description:
      - The statements to run, in order. Each is a SQL string (one statement) or a dict with C(sql) and
        its arguments.
      - A single string is one statement, commas and all (it is never split).
      - V(args) is a list of values bound to the C(?) and C(?NNN) parameters by position.
      - V(named_args) maps parameter names as written in the SQL (C(:name), C(@name), C($name)) to values.
      - 'Values: null, integers (64-bit), floats, strings, booleans (stored as 1 and 0), or a typed value
        such as C({type: blob, base64: AAEC}) (types V(null), V(integer), V(float), V(text), V(blob)).'
    type: raw
    required: true
  transaction:
    description:
      - Run the statements in one transaction (C(BEGIN) … C(COMMIT) in a single request); the first failure
        rolls back every statement.
      - With V(false) each statement commits on its own; the run still stops at the first failure, and
        the statements before it stay applied.
    type: bool
    default: true
'''

    DB_TOKEN = r'''
options:
  database_id:
    description:
      - Id of the database (C(db_) and letters and digits), as the management API and the dashboard show
        it; anything else is refused before any request.
      - Exactly one of O(database_id) and O(database_name) is required.
    type: str
  database_name:
    description:
      - Exact name of the database (case-sensitive), looked up in the database list of the account.
      - Fails when no database or more than one has this name; use O(database_id) then.
    type: str
    version_added: 1.0.0
  state:
    description:
      - V(present) makes sure a working token exists (in O(env_file)), generating one when needed.
      - V(absent) revokes every token of the database; it always reports a change, since the API cannot
        tell whether tokens existed. Without O(regenerate) it removes the token line from O(env_file).
    type: str
    choices:
      - present
      - absent
    default: present
  access:
    description:
      - Kind of token to generate - V(full) reads and writes, V(read_only) runs only statements that read.
      - With O(regenerate=true), the kind written to O(env_file) and returned as O(return_token)'s C(token).
      - The access level of an existing token is not inspected; to change it, regenerate.
    type: str
    choices:
      - full
      - read_only
    default: full
  expires:
    description:
      - When generated tokens expire - a duration from now (a number followed by V(m) minutes, V(h) hours,
        V(d) days or V(w) weeks, such as V(30d)), or an RFC 3339 date-time such as V(2030-01-31T00:00:00Z).
      - Omitted, tokens do not expire until they are revoked.
      - A token that still works in O(env_file) is kept whatever its expiry.
    type: str
  env_file:
    description:
      - Path of a C(KEY=value) env file to keep E(SERVICE_DATABASE_URL) and E(SERVICE_DATABASE_AUTH_TOKEN)
        in.
      - Other lines are kept; the file is written atomically and always left at mode C(0600).
      - Its directory must exist. A file that cannot be made there is refused before any request, except
        for O(state=present) with an existing file, which is written only when its token stopped working
        (and is then checked before a token is generated).
    type: path
  backup:
    description:
      - Keep a backup of O(env_file) (with a timestamp in its name) before changing it.
      - The backup holds the old token too and keeps the file's mode.
    type: bool
    default: false
  regenerate:
    description:
      - Only with O(state=absent) - after revoking, generate new full-access and read-only tokens (honouring
        O(expires)).
    type: bool
    default: false
  return_token:
    description:
      - Return the token (C(token)), or with O(regenerate=true) both new tokens (C(tokens)).
      - Anything returned is visible in task output and logs; use C(no_log) on the task, or leave this
        off and read the token from O(env_file).
    type: bool
    default: false
'''

    DNS_RECORD_SET = r'''
options:
  zone:
    description:
      - The domain of the DNS zone the records belong to, such as V(example.com), found in the zone list
        searched by it.
      - Exactly one of O(zone) and O(zone_id) is required.
    type: str
  zone_id:
    description:
      - Id of the DNS zone the records belong to.
    type: int
  name:
    description:
      - 'The name of the records: relative to the zone (V(www), V(_dmarc), V(*.apps)), V("") or V(@) for
        the zone''s apex; a full name inside the zone (V(www.example.com) or V(www.example.com.)) is taken
        too, and a full name outside it (ending with a dot) is refused.'
      - Names compare without regard to case.
    type: str
    required: true
  type:
    description:
      - The type of the records.
      - 'The API''s values (DnsRecordTypes): V(a) 0, V(aaaa) 1, V(cname) 2, V(txt) 3, V(mx) 4, V(redirect)
        5, V(flatten) 6, V(pullzone) 7, V(srv) 8, V(caa) 9, V(ptr) 10, V(script) 11, V(ns) 12, V(svcb)
        13, V(https) 14, V(tlsa) 15 (docs/enums.md).'
    type: str
    choices:
      - a
      - aaaa
      - cname
      - txt
      - mx
      - redirect
      - flatten
      - pullzone
      - srv
      - caa
      - ptr
      - script
      - ns
      - svcb
      - https
      - tlsa
    required: true
  values:
    description:
      - 'The values of the set, as a set: their order, and repeats of one value, are ignored.'
      - 'Each is a string in zone-file form, compared in canonical form: names are full names (a final
        dot is optional, case does not count: V(10 MAIL.example.com) and V(10 mail.example.com.) are one
        V(mx) value), addresses in any spelling of them. By type: V(a) and V(aaaa) an address; V(cname),
        V(ns), V(ptr), V(flatten) a host name; V(mx) C(PRIORITY TARGET); V(srv) C(PRIORITY WEIGHT PORT
        TARGET); V(caa) C(FLAGS TAG VALUE) such as V(0 issue "ca.example.net") (the quotes are optional);
        V(txt) its text without quotes, or in zone-file form as quoted strings, which are joined into
        one text (V("v=DKIM1; k=rsa; " "p=MIGf...") is the text V(v=DKIM1; k=rsa; p=MIGf...)), so a long
        text split into strings of 255 characters is one value; V(svcb) and V(https) C(PRIORITY TARGET
        [KEY=VALUE ...]); V(tlsa) C(USAGE SELECTOR MATCHING-TYPE DATA) (the data in hexadecimal); V(redirect)
        an http(s) URL; V(pullzone) the name of a pull zone of the account; V(script) the id of an edge
        script.'
      - Or a mapping whose O(values[].value) is such a string and whose other keys set that record's own
        settings; only the settings given are managed.
      - Every value is checked before any request; a V(pullzone) value names a pull zone that must exist,
        looked up before anything is written.
      - Required with O(state=present). With O(state=absent), only these values are removed; without them
        the whole set is.
    type: list
    elements: raw
    suboptions:
      value:
        description:
          - The value, in zone-file form as above.
        type: str
        required: true
      weight:
        description:
          - The weight of the record among the records of its set (C(Weight)); not for V(srv), whose weight
            is in its value.
          - From V(0) to V(100); another value is refused before any request.
        type: int
      disabled:
        description:
          - Whether the record is not served (C(Disabled)).
        type: bool
      comment:
        description:
          - A note kept with the record (C(Comment)).
        type: str
      monitor:
        description:
          - How the service checks the host of the record (C(MonitorType)).
          - 'The API''s values (DnsMonitoringType): V(none) 0, V(ping) 1, V(http) 2, V(monitor) 3 (docs/enums.md).'
        type: str
        choices:
          - none
          - ping
          - http
          - monitor
      smart_routing:
        description:
          - How the service picks among the records of the set (C(SmartRoutingType)).
          - 'The API''s values (DnsSmartRoutingType): V(none) 0, V(latency) 1, V(geolocation) 2 (docs/enums.md).'
        type: str
        choices:
          - none
          - latency
          - geolocation
      latitude:
        description:
          - The latitude of the record's host, for V(geolocation) routing (C(GeolocationLatitude)).
          - From V(-90) to V(90); another value is refused before any request.
        type: float
      longitude:
        description:
          - The longitude of the record's host, for V(geolocation) routing (C(GeolocationLongitude)).
          - From V(-180) to V(180); another value is refused before any request.
        type: float
      accelerated:
        description:
          - Whether the service puts a pull zone in front of the record's host (C(Accelerated)); for V(a),
            V(aaaa) and V(cname) records only.
        type: bool
  ttl:
    description:
      - The TTL of every record of the set, in seconds.
      - When not given, the records keep theirs, and a record added gets that of the set's records (the
        records of one name and type share their TTL), or in an empty set the service's.
      - From V(15) to V(2147483647); another value is refused before any request.
    type: int
  on_existing:
    description:
      - 'V(replace): the set becomes exactly O(values); records of other values are changed to the values
        missing (keeping their ids) or deleted.'
      - 'V(keep): the values missing are added, the other records of the set stay.'
    type: str
    choices:
      - replace
      - keep
    default: replace
  state:
    description:
      - V(present) makes the set hold O(values), V(absent) removes them (or the whole set).
    type: str
    choices:
      - present
      - absent
    default: present
seealso:
  - ref: ansible_collections.edge.platform.docsite.enums
    description: 'Every enum the collection takes: its names and the API''s numbers.'
'''

    DNS_ZONE = r'''
options:
  domain:
    description:
      - The domain of the zone, such as V(example.com) (compared without regard to case; a final dot is
        optional). The zone is found by it, in the zone list searched by it.
      - Required to create a zone. Exactly one of O(domain) and O(id) is required.
    type: str
  id:
    description:
      - Id of the zone. When no zone has this id, O(state=present) fails (a zone is created by its O(domain))
        and O(state=absent) reports no change.
    type: int
  nameservers:
    description:
      - 'The name servers the zone declares, in order (C(Nameserver1), then C(Nameserver2)): none, one
        or two host names.'
      - An empty list gives the zone the service's own name servers (C(CustomNameserversEnabled) false);
        a non-empty one turns custom name servers on.
      - Names compare without regard to case or a final dot.
    type: list
    elements: str
  soa_email:
    description:
      - The e-mail address of the zone's SOA record (C(SoaEmail)), such as V(hostmaster@example.com).
    type: str
  logging:
    description:
      - Whether the queries of the zone are logged (C(LoggingEnabled)).
    type: bool
  logging_ip_anonymization:
    description:
      - 'How the logs of the zone keep the addresses of the clients: V(off) as they are (C(LoggingIPAnonymizationEnabled)
        false), V(one_digit) with their last digit removed, V(drop) not at all (C(LoggingIPAnonymizationEnabled)
        true, with C(LogAnonymizationType) 0 C(OneDigit) or 1 C(Drop)).'
    type: str
    choices:
      - 'off'
      - one_digit
      - drop
  dnssec:
    description:
      - Whether DNSSEC signs the zone (C(DnsSecEnabled)), switched through the zone's DNSSEC endpoint.
      - The run that enables it returns the DS record to give the registrar in RV(dnssec).
    type: bool
  import_zone_file:
    description:
      - A zone file in BIND form on the controller (as another DNS provider exports it) whose records
        are imported into the zone through the API's import, when the zone is created, and on an existing
        zone that holds none of its records (a create whose import did not happen); a zone that holds
        any of them is not imported into again, so a rerun writes nothing.
      - 'The file is read and checked before any request: a line the parser cannot read fails the task
        naming it. The SOA record and the NS records of the apex (the service keeps these itself: the
        zone''s name servers are O(nameservers)) are left out, counted in RV(imported.RecordsSkipped);
        records of types the API has not (such as C(HINFO), C(SSHFP)) cannot be imported, counted in RV(imported.RecordsFailed)
        and named in a warning.'
      - Names in the file are relative to its C($ORIGIN), the zone's domain unless it says otherwise;
        C($TTL), C(@), parentheses over several lines and comments are read as BIND reads them; C($INCLUDE)
        and C($GENERATE) are refused.
      - Manage the records afterwards with M(edge.platform.dns_record_set).
    type: path
  records:
    description:
      - 'Record sets of the zone, each the records of one O(records[].name) and O(records[].type), as
        M(edge.platform.dns_record_set) manages them (without its zone, which is this one; C(on_existing)
        is V(replace): each set becomes exactly its O(records[].values)).'
      - The zone is read once, with every record, and each set compared with what it holds; only the sets
        that differ are written, after the zone's own settings - whole sets removed first (so a cname
        can take the name of records it replaces), then the others. A set declared twice, or a value that
        is not one of its type, is refused before any request; a V(pullzone) value names a pull zone of
        the account, looked up (once for all of them) before anything is written.
      - Sets not listed are left alone, unless O(records_exclusive).
      - Not with O(state=absent).
    type: list
    elements: dict
    suboptions:
      name:
        description:
          - The name of the records, relative to the zone (V(www), V(_dmarc), V(*.apps)); V(@) or V("")
            is the apex; a full name inside the zone is taken too.
        type: str
        required: true
      type:
        description:
          - The type of the records.
          - 'The API''s values (DnsRecordTypes): V(a) 0, V(aaaa) 1, V(cname) 2, V(txt) 3, V(mx) 4, V(redirect)
            5, V(flatten) 6, V(pullzone) 7, V(srv) 8, V(caa) 9, V(ptr) 10, V(script) 11, V(ns) 12, V(svcb)
            13, V(https) 14, V(tlsa) 15 (docs/enums.md).'
        type: str
        choices:
          - a
          - aaaa
          - cname
          - txt
          - mx
          - redirect
          - flatten
          - pullzone
          - srv
          - caa
          - ptr
          - script
          - ns
          - svcb
          - https
          - tlsa
        required: true
      values:
        description:
          - The values of the set in zone-file form, or mappings of a value and its record's settings,
            as O(edge.platform.dns_record_set#module:values) takes them.
          - Required with O(records[].state=present).
        type: list
        elements: raw
      ttl:
        description:
          - The TTL of every record of the set; not given, the records keep theirs.
          - From V(15) to V(2147483647); another value is refused before any request.
        type: int
      state:
        description:
          - V(absent) removes the set (with O(records[].values), only those values).
        type: str
        choices:
          - present
          - absent
        default: present
  records_exclusive:
    description:
      - 'Whether O(records) lists every record set of the zone: a set it does not list is removed.'
      - 'A V(pullzone) set at the name of a custom hostname of the pull zone it links is left alone: it
        belongs to that pull zone''s site (the C(edge.platform.site) role''s C(site_pullzone.hostnames[].dns_zone)),
        which makes it with the hostname and removes it with the site.'
      - Requires O(records) (V([]) removes every other set).
    type: bool
    default: false
  state:
    description:
      - V(present) creates or updates the zone, V(absent) deletes it with all its records.
    type: str
    choices:
      - present
      - absent
    default: present
seealso:
  - ref: ansible_collections.edge.platform.docsite.enums
    description: 'Every enum the collection takes: its names and the API''s numbers.'
'''

    DNS_ZONE_INFO = r'''
options:
  domain:
    description:
      - The domain of the zone to return (compared without regard to case; a final dot is optional). A
        domain of no zone returns an empty list.
      - Mutually exclusive with O(id).
    type: str
  id:
    description:
      - Id of the zone to return. An id of no zone returns an empty list.
    type: int
  records:
    description:
      - Return each zone's records in C(Records).
    type: bool
    default: true
  zone_file:
    description:
      - Return each zone in BIND form, as the service exports it, in C(zone_file) (one request a zone).
    type: bool
    default: false
'''

    PULLZONE = r'''
options:
  name:
    description:
      - Name of the pull zone (C(Name)), letters, digits and dashes, at most 63 (it is the first label
        of the system hostname the service gives the zone). Exact and case-sensitive.
      - Required to create a pull zone. The service refuses a name that another pull zone has, in any
        account; the module then fails with the API's answer.
      - Exactly one of O(name) and O(id) is required.
    type: str
  id:
    description:
      - Id of the pull zone (C(Id)), to manage an existing one. A pull zone is only created by O(name).
    type: int
  state:
    description:
      - Whether the pull zone should exist.
    type: str
    choices:
      - present
      - absent
    default: present
  type:
    description:
      - The pull zone's type (C(Type)), chosen when it is created (V(premium) when not given).
      - It cannot change afterwards; a different type on an existing pull zone fails before any write.
      - 'The API''s values (PullZoneType): V(premium) 0, V(volume) 1 (docs/enums.md).'
    type: str
    choices:
      - premium
      - volume
  origin_url:
    description:
      - Origin the files are fetched from (C(OriginUrl)).
      - An C(http://) or C(https://) URL with a host; V('') clears it.
    type: str
  storage_zone_id:
    description:
      - Linked storage zone (C(StorageZoneId)).
      - From V(0) to V(9223372036854775807); another value is refused before any request.
    type: int
  edge_script_id:
    description:
      - Linked edge script (C(EdgeScriptId)).
      - From V(0) to V(9223372036854775807); another value is refused before any request.
    type: int
  edge_script_execution_phase:
    description:
      - Request phase at which the script runs (C(EdgeScriptExecutionPhase)).
      - The API's number (V(0) cache, V(1) load balancer, V(2) pre-cache).
      - From V(0) to V(2); another value is refused before any request.
    type: int
  middleware_script_id:
    description:
      - Middleware script id (C(MiddlewareScriptId)).
      - From V(0) to V(9223372036854775807); another value is refused before any request.
    type: int
  container_app_id:
    description:
      - Linked container application id (C(ContainerAppId)).
    type: str
  container_endpoint_id:
    description:
      - Linked container endpoint id (C(ContainerEndpointId)).
    type: str
  allowed_referrers:
    description:
      - Referrer hostnames allowed; a request whose Referer host is not on the list is rejected; empty
        means all allowed (C(AllowedReferrers)).
      - A set (order and duplicates are ignored); V([]) empties it.
      - Each a DNS hostname (labels of letters, digits and inner dashes), compared in lower case.
    type: list
    elements: str
  blocked_referrers:
    description:
      - Referrer hostnames list for blocking; empty means all allowed (C(BlockedReferrers)).
      - A set (order and duplicates are ignored); V([]) empties it.
      - Each a DNS hostname (labels of letters, digits and inner dashes), compared in lower case.
    type: list
    elements: str
  blocked_ips:
    description:
      - IPs whose requests are rejected; empty means all allowed (C(BlockedIps)).
      - A set (order and duplicates are ignored); V([]) empties it.
      - Each an IPv4 or IPv6 address, or a network such as V(192.0.2.0/24) (without host bits), sent in
        its canonical spelling.
    type: list
    elements: str
  enable_geo_zone_us:
    description:
      - Delivery from North America (C(EnableGeoZoneUS)).
    type: bool
  enable_geo_zone_eu:
    description:
      - Delivery from Europe (C(EnableGeoZoneEU)).
    type: bool
  enable_geo_zone_asia:
    description:
      - Delivery from Asia and Oceania (C(EnableGeoZoneASIA)).
    type: bool
  enable_geo_zone_sa:
    description:
      - Delivery from South America (C(EnableGeoZoneSA)).
    type: bool
  enable_geo_zone_af:
    description:
      - Delivery from Africa (C(EnableGeoZoneAF)).
    type: bool
  ip_family_policy:
    description:
      - IP address families the zone is served over (C(IpFamilyPolicy)).
      - V(ipv4_only), V(dual_stack), V(dual_stack_prefer_ipv6) or V(ipv6_only).
      - 'The API''s values (IpFamilyPolicy): V(ipv4_only) 0, V(dual_stack) 1, V(dual_stack_prefer_ipv6)
        2, V(ipv6_only) 3 (docs/enums.md).'
    type: str
    choices:
      - ipv4_only
      - dual_stack
      - dual_stack_prefer_ipv6
      - ipv6_only
  zone_security_enabled:
    description:
      - URL secure token authentication on (C(ZoneSecurityEnabled)).
    type: bool
  zone_security_include_hash_remote_ip:
    description:
      - Token hash includes the remote IP (C(ZoneSecurityIncludeHashRemoteIP)).
    type: bool
  ignore_query_strings:
    description:
      - Query strings ignored when serving cached objects (C(IgnoreQueryStrings)).
    type: bool
  monthly_bandwidth_limit:
    description:
      - Bytes allowed per month (C(MonthlyBandwidthLimit)).
      - From V(0) to V(9223372036854775807); another value is refused before any request.
    type: int
  add_host_header:
    description:
      - Forward the current hostname to the origin (C(AddHostHeader)).
    type: bool
  origin_host_header:
    description:
      - Host header sent to the origin (C(OriginHostHeader)).
    type: str
  access_control_origin_header_extensions:
    description:
      - Extensions that return CORS headers (C(AccessControlOriginHeaderExtensions)).
      - A set (order and duplicates are ignored); V([]) empties it.
    type: list
    elements: str
  enable_access_control_origin_header:
    description:
      - CORS headers on (C(EnableAccessControlOriginHeader)).
    type: bool
  disable_cookies:
    description:
      - Cookies disabled (C(DisableCookies)).
    type: bool
  budget_redirected_countries:
    description:
      - Two-letter ISO alpha-2 country codes (C(BudgetRedirectedCountries)).
      - A set (order and duplicates are ignored); V([]) empties it.
      - Each a two-letter ISO 3166-1 country code such as V(US), compared in upper case.
    type: list
    elements: str
  blocked_countries:
    description:
      - Two-letter ISO alpha-2 country codes (C(BlockedCountries)).
      - A set (order and duplicates are ignored); V([]) empties it.
      - Each a two-letter ISO 3166-1 country code such as V(US), compared in upper case.
    type: list
    elements: str
  enable_origin_shield:
    description:
      - Origin shield used (C(EnableOriginShield)).
    type: bool
  cache_control_max_age_override:
    description:
      - Override cache time (C(CacheControlMaxAgeOverride)).
      - From V(-1) to V(9223372036854775807); another value is refused before any request.
    type: int
  cache_control_public_max_age_override:
    description:
      - Override cache time for the end client (C(CacheControlPublicMaxAgeOverride)).
      - From V(-1) to V(9223372036854775807); another value is refused before any request.
    type: int
  burst_size:
    description:
      - Excess requests are delayed until their number exceeds this burst size (C(BurstSize)).
      - From V(0) to V(2147483647); another value is refused before any request.
    type: int
  request_limit:
    description:
      - Max requests per IP per second (C(RequestLimit)).
      - From V(0) to V(2147483647); another value is refused before any request.
    type: int
  block_root_path_access:
    description:
      - Root path access returns 403 (C(BlockRootPathAccess)).
    type: bool
  block_post_requests:
    description:
      - POST requests blocked (C(BlockPostRequests)).
    type: bool
  limit_rate_per_second:
    description:
      - Max transfer rate in kb/s; 0 is unlimited (C(LimitRatePerSecond)).
      - From V(0) to V(2147483647); another value is refused before any request.
    type: float
  limit_rate_after:
    description:
      - Amount of data after which the rate limit activates (C(LimitRateAfter)).
      - From V(0) to V(2147483647); another value is refused before any request.
    type: float
  connection_limit_per_ip_count:
    description:
      - Connections allowed per IP (C(ConnectionLimitPerIPCount)).
      - From V(0) to V(2147483647); another value is refused before any request.
    type: int
  add_canonical_header:
    description:
      - Canonical header added (C(AddCanonicalHeader)).
    type: bool
  enable_logging:
    description:
      - Logging on (C(EnableLogging)).
    type: bool
  enable_cache_slice:
    description:
      - Cache slice (optimize for video) on (C(EnableCacheSlice)).
    type: bool
  enable_smart_cache:
    description:
      - Smart caching on (C(EnableSmartCache)).
    type: bool
  enable_webp_vary:
    description:
      - Vary the cache by WebP support (C(EnableWebPVary)).
    type: bool
  enable_avif_vary:
    description:
      - Vary the cache by AVIF support (C(EnableAvifVary)).
    type: bool
  enable_country_code_vary:
    description:
      - Vary the cache by country code (C(EnableCountryCodeVary)).
    type: bool
  enable_country_state_code_vary:
    description:
      - Vary the cache by country state code (C(EnableCountryStateCodeVary)).
    type: bool
  enable_mobile_vary:
    description:
      - Vary the cache by mobile or desktop client (C(EnableMobileVary)).
    type: bool
  enable_cookie_vary:
    description:
      - Vary the cache by the cookies of O(cookie_vary_parameters) (C(EnableCookieVary)).
    type: bool
  enable_hostname_vary:
    description:
      - Vary the cache by hostname (C(EnableHostnameVary)).
    type: bool
  cookie_vary_parameters:
    description:
      - Cookie names for vary by cookie; empty means cookie vary unused (C(CookieVaryParameters)).
      - A set (order and duplicates are ignored); V([]) empties it.
    type: list
    elements: str
  query_string_vary_parameters:
    description:
      - Query parameters for vary by query string; empty means all parameters form the key (C(QueryStringVaryParameters)).
      - A set (order and duplicates are ignored); V([]) empties it.
    type: list
    elements: str
  cache_key_headers:
    description:
      - Request headers to vary cache by, comma delimited (C(CacheKeyHeaders)).
    type: str
  aws_signing_enabled:
    description:
      - Origin request signing on (C(AWSSigningEnabled)).
    type: bool
  aws_signing_key:
    description:
      - Signing key (C(AWSSigningKey)).
      - A secret, never shown (C(********) in the result and the diff). It is compared with the value
        the API holds, so a rerun with the same value is unchanged.
    type: str
  aws_signing_secret:
    description:
      - Signing secret (C(AWSSigningSecret)).
      - A secret, never shown (C(********) in the result and the diff). It is compared with the value
        the API holds, so a rerun with the same value is unchanged.
    type: str
  aws_signing_region_name:
    description:
      - Signing region name (C(AWSSigningRegionName)).
    type: str
  logging_ip_anonymization_enabled:
    description:
      - IP anonymization in logs (C(LoggingIPAnonymizationEnabled)).
    type: bool
  enable_tls1:
    description:
      - TLS 1.0 allowed (C(EnableTLS1)).
    type: bool
  enable_tls1_1:
    description:
      - TLS 1.1 allowed (C(EnableTLS1_1)).
    type: bool
  verify_origin_ssl:
    description:
      - Verify origin certificate (C(VerifyOriginSSL)).
    type: bool
  error_page_enable_custom_code:
    description:
      - Custom error page code on (C(ErrorPageEnableCustomCode)).
    type: bool
  error_page_custom_code:
    description:
      - Custom error page code (C(ErrorPageCustomCode)).
    type: str
  error_page_enable_statuspage_widget:
    description:
      - Status widget on error pages (C(ErrorPageEnableStatuspageWidget)).
    type: bool
  error_page_statuspage_code:
    description:
      - Code used to build the status widget (C(ErrorPageStatuspageCode)).
    type: str
  error_page_whitelabel:
    description:
      - Whitelabel error pages (C(ErrorPageWhitelabel)).
    type: bool
  origin_shield_zone_code:
    description:
      - Zone code of the origin shield (C(OriginShieldZoneCode)).
    type: str
  log_forwarding_enabled:
    description:
      - Log forwarding on (C(LogForwardingEnabled)).
    type: bool
  log_forwarding_hostname:
    description:
      - Forwarding hostname (C(LogForwardingHostname)).
    type: str
  log_forwarding_port:
    description:
      - Forwarding port (C(LogForwardingPort)).
      - From V(1) to V(65535); another value is refused before any request.
    type: int
  log_forwarding_token:
    description:
      - Forwarding token (C(LogForwardingToken)).
      - A secret, never shown (C(********) in the result and the diff). It is compared with the value
        the API holds, so a rerun with the same value is unchanged.
    type: str
  log_forwarding_protocol:
    description:
      - Forwarding protocol (C(LogForwardingProtocol)).
      - The API's number (V(0) UDP, V(1) TCP, V(2) encrypted TCP, V(3) Datadog).
      - From V(0) to V(3); another value is refused before any request.
    type: int
  log_forwarding_format:
    description:
      - Forwarding format (C(LogForwardingFormat)).
      - The API's number (V(0) plain, V(1) JSON).
      - From V(0) to V(1); another value is refused before any request.
    type: int
  log_format:
    description:
      - Log format (C(LogFormat)).
      - The API's number (V(0) plain, V(1) JSON).
      - From V(0) to V(1); another value is refused before any request.
    type: int
  log_anonymization_type:
    description:
      - Log anonymization type (C(LogAnonymizationType)).
      - The API's number (V(0) one digit of the address removed, V(1) the address dropped).
      - From V(0) to V(1); another value is refused before any request.
    type: int
  logging_save_to_storage:
    description:
      - Permanent logging on (C(LoggingSaveToStorage)).
    type: bool
  logging_storage_zone_id:
    description:
      - Logging storage zone (C(LoggingStorageZoneId)).
      - From V(0) to V(9223372036854775807); another value is refused before any request.
    type: int
  follow_redirects:
    description:
      - Follow origin redirects (C(FollowRedirects)).
    type: bool
  optimizer_enabled:
    description:
      - Optimizer on (C(OptimizerEnabled)).
    type: bool
  optimizer_tunnel_enabled:
    description:
      - Optimizer origin tunnel on (C(OptimizerTunnelEnabled)).
    type: bool
  optimizer_desktop_max_width:
    description:
      - Max automatic image width, desktop (C(OptimizerDesktopMaxWidth)).
      - From V(0) to V(5000).
      - From V(0) to V(5000); another value is refused before any request.
    type: int
  optimizer_mobile_max_width:
    description:
      - Max automatic image width, mobile (C(OptimizerMobileMaxWidth)).
      - From V(0) to V(5000).
      - From V(0) to V(5000); another value is refused before any request.
    type: int
  optimizer_image_quality:
    description:
      - Image quality, desktop (C(OptimizerImageQuality)).
      - From V(1) to V(100).
      - From V(1) to V(100); another value is refused before any request.
    type: int
  optimizer_mobile_image_quality:
    description:
      - Image quality, mobile (C(OptimizerMobileImageQuality)).
      - From V(1) to V(100).
      - From V(1) to V(100); another value is refused before any request.
    type: int
  optimizer_enable_webp:
    description:
      - WebP optimization (C(OptimizerEnableWebP)).
    type: bool
  optimizer_prerender_html:
    description:
      - SEO HTML prerender (C(OptimizerPrerenderHtml)).
    type: bool
  optimizer_enable_manipulation_engine:
    description:
      - Image manipulation (C(OptimizerEnableManipulationEngine)).
    type: bool
  optimizer_minify_css:
    description:
      - CSS minification (C(OptimizerMinifyCSS)).
    type: bool
  optimizer_minify_javascript:
    description:
      - JavaScript minification (C(OptimizerMinifyJavaScript)).
    type: bool
  optimizer_watermark_enabled:
    description:
      - Watermarking (C(OptimizerWatermarkEnabled)).
    type: bool
  optimizer_watermark_url:
    description:
      - Watermark image URL (C(OptimizerWatermarkUrl)).
    type: str
  optimizer_watermark_position:
    description:
      - Watermark position (C(OptimizerWatermarkPosition)).
      - The API's number (V(0) bottom left, V(1) bottom right, V(2) top left, V(3) top right, V(4) center,
        V(5) center, stretched).
      - From V(0) to V(5); another value is refused before any request.
    type: int
  optimizer_watermark_offset:
    description:
      - Watermark offset (C(OptimizerWatermarkOffset)).
    type: float
  optimizer_watermark_min_image_size:
    description:
      - Minimum image size that gets the watermark (C(OptimizerWatermarkMinImageSize)).
      - From V(0) to V(2147483647); another value is refused before any request.
    type: int
  optimizer_automatic_optimization_enabled:
    description:
      - Automatic image optimization (C(OptimizerAutomaticOptimizationEnabled)).
    type: bool
  optimizer_classes:
    description:
      - Optimizer classes (C(OptimizerClasses)).
      - A list of objects, sent as given and compared with what the API returns.
    type: list
    elements: dict
  optimizer_force_classes:
    description:
      - Class list enforced (C(OptimizerForceClasses)).
    type: bool
  optimizer_static_html_enabled:
    description:
      - Static HTML feature (C(OptimizerStaticHtmlEnabled)).
    type: bool
  optimizer_static_html_wordpress_path:
    description:
      - HTML path bypassed by perma-cache in an edge rule (C(OptimizerStaticHtmlWordPressPath)).
    type: str
  optimizer_static_html_wordpress_bypass_cookie:
    description:
      - Cookie bypassed by perma-cache in an edge rule (C(OptimizerStaticHtmlWordPressBypassCookie)).
    type: str
  optimizer_enable_upscaling:
    description:
      - Optimizer may upscale images (C(OptimizerEnableUpscaling)).
    type: bool
  perma_cache_storage_zone_id:
    description:
      - Storage zone used for perma-cache (C(PermaCacheStorageZoneId)).
      - From V(0) to V(9223372036854775807); another value is refused before any request.
    type: int
  perma_cache_type:
    description:
      - Perma-cache behaviour (C(PermaCacheType)).
      - The API's number (V(0) automatic, V(1) manual).
      - From V(0) to V(1); another value is refused before any request.
    type: int
  origin_retries:
    description:
      - Retries to the origin (C(OriginRetries)).
      - From V(0) to V(2147483647); another value is refused before any request.
    type: int
  origin_connect_timeout:
    description:
      - Seconds to wait when connecting to the origin (C(OriginConnectTimeout)).
      - From V(0) to V(2147483647); another value is refused before any request.
    type: int
  origin_response_timeout:
    description:
      - Seconds to wait for the origin reply (C(OriginResponseTimeout)).
      - From V(0) to V(2147483647); another value is refused before any request.
    type: int
  origin_retry_5xx_responses:
    description:
      - Retry on 5XX responses of the origin (C(OriginRetry5XXResponses)).
    type: bool
  origin_retry_connection_timeout:
    description:
      - Retry on a connect timeout (C(OriginRetryConnectionTimeout)).
    type: bool
  origin_retry_response_timeout:
    description:
      - Retry on a response timeout (C(OriginRetryResponseTimeout)).
    type: bool
  origin_retry_delay:
    description:
      - Wait before retrying an origin request (C(OriginRetryDelay)).
      - From V(0) to V(2147483647); another value is refused before any request.
    type: int
  use_stale_while_updating:
    description:
      - Serve stale cache during update (C(UseStaleWhileUpdating)).
    type: bool
  use_stale_while_offline:
    description:
      - Serve stale cache while the origin is offline (C(UseStaleWhileOffline)).
    type: bool
  use_background_update:
    description:
      - Cache update in the background (C(UseBackgroundUpdate)).
    type: bool
  origin_shield_enable_concurrency_limit:
    description:
      - Origin shield concurrency limit on (C(OriginShieldEnableConcurrencyLimit)).
    type: bool
  origin_shield_max_concurrent_requests:
    description:
      - Max concurrent requests to the origin (C(OriginShieldMaxConcurrentRequests)).
      - From V(1) to V(10000).
      - From V(1) to V(10000); another value is refused before any request.
    type: int
  origin_shield_queue_max_wait_time:
    description:
      - Max queue wait time (C(OriginShieldQueueMaxWaitTime)).
      - From V(0) to V(2147483647); another value is refused before any request.
    type: int
  origin_shield_max_queued_requests:
    description:
      - Max origin requests kept queued (C(OriginShieldMaxQueuedRequests)).
      - From V(0) to V(30000).
      - From V(0) to V(30000); another value is refused before any request.
    type: int
  enable_safe_hop:
    description:
      - A flag the API does not describe (C(EnableSafeHop)).
    type: bool
  cache_error_responses:
    description:
      - Error responses cached (C(CacheErrorResponses)).
    type: bool
  enable_auto_ssl:
    description:
      - Hostnames added to the zone get SSL automatically (C(EnableAutoSSL)).
    type: bool
  disable_lets_encrypt:
    description:
      - Built-in certificate issuance off; requests pass to the origin (C(DisableLetsEncrypt)).
    type: bool
  enable_query_string_ordering:
    description:
      - Query string ordering on (C(EnableQueryStringOrdering)).
    type: bool
  shield_ddos_protection_type:
    description:
      - DDoS protection type (C(ShieldDDosProtectionType)).
      - The API's number (V(0) detect only, V(1) active, standard, V(2) active, aggressive).
      - From V(0) to V(2); another value is refused before any request.
    type: int
  shield_ddos_protection_enabled:
    description:
      - DDoS protection on (C(ShieldDDosProtectionEnabled)).
    type: bool
  origin_type:
    description:
      - Origin type; LoadBalancer is one value (C(OriginType)).
      - The API's number (V(0) origin URL, V(1) DNS acceleration, V(2) storage zone, V(3) load balancer,
        V(4) edge script, V(5) container app, V(6) push zone).
      - From V(0) to V(6); another value is refused before any request.
    type: int
  load_balancer_id:
    description:
      - Load balancer profile used when OriginType is LoadBalancer (C(LoadBalancerId)).
      - From V(0) to V(9223372036854775807); another value is refused before any request.
    type: int
  enable_request_coalescing:
    description:
      - Request coalescing on (C(EnableRequestCoalescing)).
    type: bool
  request_coalescing_timeout:
    description:
      - Lock time for coalesced requests (C(RequestCoalescingTimeout)).
      - From V(0) to V(2147483647); another value is refused before any request.
    type: int
  enable_service_image_ai:
    description:
      - Image AI feature (C(EnableServiceImageAi)).
    type: bool
  service_ai_image_blueprints:
    description:
      - Image AI blueprint records (C(ServiceAiImageBlueprints)).
      - A list of objects, sent as given and compared with what the API returns.
    type: list
    elements: dict
  preloading_screen_enabled:
    description:
      - Preloading screen on (C(PreloadingScreenEnabled)).
    type: bool
  preloading_screen_show_on_first_visit:
    description:
      - Shown on a user's first load (C(PreloadingScreenShowOnFirstVisit)).
    type: bool
  preloading_screen_code:
    description:
      - Custom screen code (C(PreloadingScreenCode)).
    type: str
  preloading_screen_logo_url:
    description:
      - Logo URL (C(PreloadingScreenLogoUrl)).
    type: str
  preloading_screen_code_enabled:
    description:
      - Custom screen on (C(PreloadingScreenCodeEnabled)).
    type: bool
  preloading_screen_theme:
    description:
      - Theme of the preloading screen (C(PreloadingScreenTheme)).
      - V(light) or V(dark).
      - 'The API''s values (PreloadingScreenTheme): V(light) 0, V(dark) 1 (docs/enums.md).'
    type: str
    choices:
      - light
      - dark
  preloading_screen_delay:
    description:
      - Delay in milliseconds before display (C(PreloadingScreenDelay)).
      - From V(0) to V(10000).
      - From V(0) to V(10000); another value is refused before any request.
    type: int
  routing_filters:
    description:
      - Routing filters enabled (C(RoutingFilters)).
      - A set (order and duplicates are ignored); V([]) empties it.
    type: list
    elements: str
  block_none_referrer:
    description:
      - Direct access without an allowed referrer blocked (C(BlockNoneReferrer)).
    type: bool
  sticky_session_type:
    description:
      - Sticky session mechanism (C(StickySessionType)).
      - The API's number (V(0) off, V(1) on).
      - From V(0) to V(1); another value is refused before any request.
    type: int
  sticky_session_cookie_name:
    description:
      - Sticky session cookie name (C(StickySessionCookieName)).
    type: str
  sticky_session_client_headers:
    description:
      - Comma-separated header names identifying clients (C(StickySessionClientHeaders)).
    type: str
  enable_websockets:
    description:
      - WebSocket connections allowed (C(EnableWebSockets)).
    type: bool
  max_websocket_connections:
    description:
      - Max global simultaneous WebSocket connections (C(MaxWebSocketConnections)).
      - From V(0) to V(25000).
      - The service keeps only V(0), V(500), V(1000), V(2500), V(5000), V(10000), V(25000); another value
        is rounded up to the next of them, as the service does, so a rerun is unchanged.
      - From V(0) to V(25000); another value is refused before any request.
    type: int
seealso:
  - ref: ansible_collections.edge.platform.docsite.enums
    description: 'Every enum the collection takes: its names and the API''s numbers.'
'''

    PULLZONE_EDGE_RULE = r'''
options:
  pullzone_id:
    description:
      - Id of the pull zone.
      - Exactly one of O(pullzone_id) and O(pullzone_name) is required.
    type: int
  pullzone_name:
    description:
      - Exact name of the pull zone, looked up in the pull zone list. The lookup is a read, so it runs
        in check mode too.
      - Fails when no pull zone has this name.
    type: str
  description:
    description:
      - The rule's description (C(Description)), which finds it. Case-sensitive; it must not be blank.
      - At least one of O(description) and O(guid) is required; a rule is added only by O(description).
    type: str
  guid:
    description:
      - The rule's C(Guid), which finds it when given; then O(description), when given too, is set as
        the rule's new description.
      - The service gives a new rule its guid, so a rule is never added by O(guid); a guid the pull zone
        does not have fails with O(state=present) and is unchanged with O(state=absent).
    type: str
  action:
    description:
      - What the rule does (C(ActionType)), the snake_case name of the API's EdgeRuleActionType, such
        as V(force_ssl) (redirect to HTTPS), V(redirect) (O(action_parameter_1) the URL, O(action_parameter_2)
        the status code), V(block_request), V(set_response_header) and V(set_request_header) (O(action_parameter_1)
        the header's name, O(action_parameter_2) its value), V(override_cache_time) (O(action_parameter_1)
        the seconds).
      - Required to add a rule.
      - 'The API''s values (EdgeRuleActionType): V(force_ssl) 0, V(redirect) 1, V(origin_url) 2, V(override_cache_time)
        3, V(block_request) 4, V(set_response_header) 5, V(set_request_header) 6, V(force_download) 7,
        V(disable_token_authentication) 8, V(enable_token_authentication) 9, V(override_cache_time_public)
        10, V(ignore_query_string) 11, V(disable_optimizer) 12, V(force_compression) 13, V(set_status_code)
        14, V(bypass_perma_cache) 15, V(override_browser_cache_time) 16, V(origin_storage) 17, V(set_network_rate_limit)
        18, V(set_connection_limit) 19, V(set_requests_per_second_limit) 20, V(run_edge_script) 21, V(origin_containers)
        22, V(disable_waf) 23, V(retry_origin) 24, V(override_browser_cache_response_header) 25, V(remove_browser_cache_response_header)
        26, V(disable_shield_challenge) 27, V(disable_shield) 28, V(disable_shield_bot_detection) 29,
        V(bypass_aws_s3_authentication) 30, V(disable_shield_access_lists) 31, V(disable_shield_rate_limiting)
        32, V(enable_request_coalescing) 33, V(disable_request_coalescing) 34, V(strip_cookies_client_to_origin)
        37 (docs/enums.md).'
    type: str
    choices:
      - force_ssl
      - redirect
      - origin_url
      - override_cache_time
      - block_request
      - set_response_header
      - set_request_header
      - force_download
      - disable_token_authentication
      - enable_token_authentication
      - override_cache_time_public
      - ignore_query_string
      - disable_optimizer
      - force_compression
      - set_status_code
      - bypass_perma_cache
      - override_browser_cache_time
      - origin_storage
      - set_network_rate_limit
      - set_connection_limit
      - set_requests_per_second_limit
      - run_edge_script
      - origin_containers
      - disable_waf
      - retry_origin
      - override_browser_cache_response_header
      - remove_browser_cache_response_header
      - disable_shield_challenge
      - disable_shield
      - disable_shield_bot_detection
      - bypass_aws_s3_authentication
      - disable_shield_access_lists
      - disable_shield_rate_limiting
      - enable_request_coalescing
      - disable_request_coalescing
      - strip_cookies_client_to_origin
  action_parameter_1:
    description:
      - The first parameter of O(action) (C(ActionParameter1)); what it means depends on the action.
      - An empty string and no value are the same.
    type: str
  action_parameter_2:
    description:
      - The second parameter of O(action) (C(ActionParameter2)).
    type: str
  action_parameter_3:
    description:
      - The third parameter of O(action) (C(ActionParameter3)).
    type: str
  extra_actions:
    description:
      - More actions the rule does on the same requests (C(ExtraActions)), after O(action), in this order.
      - The whole list; V([]) removes every extra action.
    type: list
    elements: dict
    suboptions:
      action:
        description:
          - What the extra action does; the names of O(action).
          - 'The API''s values (EdgeRuleActionType): V(force_ssl) 0, V(redirect) 1, V(origin_url) 2, V(override_cache_time)
            3, V(block_request) 4, V(set_response_header) 5, V(set_request_header) 6, V(force_download)
            7, V(disable_token_authentication) 8, V(enable_token_authentication) 9, V(override_cache_time_public)
            10, V(ignore_query_string) 11, V(disable_optimizer) 12, V(force_compression) 13, V(set_status_code)
            14, V(bypass_perma_cache) 15, V(override_browser_cache_time) 16, V(origin_storage) 17, V(set_network_rate_limit)
            18, V(set_connection_limit) 19, V(set_requests_per_second_limit) 20, V(run_edge_script) 21,
            V(origin_containers) 22, V(disable_waf) 23, V(retry_origin) 24, V(override_browser_cache_response_header)
            25, V(remove_browser_cache_response_header) 26, V(disable_shield_challenge) 27, V(disable_shield)
            28, V(disable_shield_bot_detection) 29, V(bypass_aws_s3_authentication) 30, V(disable_shield_access_lists)
            31, V(disable_shield_rate_limiting) 32, V(enable_request_coalescing) 33, V(disable_request_coalescing)
            34, V(strip_cookies_client_to_origin) 37 (docs/enums.md).'
        type: str
        choices:
          - force_ssl
          - redirect
          - origin_url
          - override_cache_time
          - block_request
          - set_response_header
          - set_request_header
          - force_download
          - disable_token_authentication
          - enable_token_authentication
          - override_cache_time_public
          - ignore_query_string
          - disable_optimizer
          - force_compression
          - set_status_code
          - bypass_perma_cache
          - override_browser_cache_time
          - origin_storage
          - set_network_rate_limit
          - set_connection_limit
          - set_requests_per_second_limit
          - run_edge_script
          - origin_containers
          - disable_waf
          - retry_origin
          - override_browser_cache_response_header
          - remove_browser_cache_response_header
          - disable_shield_challenge
          - disable_shield
          - disable_shield_bot_detection
          - bypass_aws_s3_authentication
          - disable_shield_access_lists
          - disable_shield_rate_limiting
          - enable_request_coalescing
          - disable_request_coalescing
          - strip_cookies_client_to_origin
        required: true
      action_parameter_1:
        description:
          - The first parameter of the extra action.
        type: str
      action_parameter_2:
        description:
          - The second parameter of the extra action.
        type: str
      action_parameter_3:
        description:
          - The third parameter of the extra action.
        type: str
  triggers:
    description:
      - The conditions on a request that make the rule act (C(Triggers)), combined with O(trigger_matching).
      - The whole list, compared as a set. Required to add a rule.
    type: list
    elements: dict
    suboptions:
      type:
        description:
          - What the trigger looks at, the snake_case name of the API's TriggerTypes, such as V(url),
            V(request_header), V(url_extension), V(country_code), V(remote_ip), V(status_code), V(request_method).
          - 'The API''s values (TriggerTypes): V(url) 0, V(request_header) 1, V(response_header) 2, V(url_extension)
            3, V(country_code) 4, V(remote_ip) 5, V(url_query_string) 6, V(random_chance) 7, V(status_code)
            8, V(request_method) 9, V(cookie_value) 10, V(country_state_code) 11, V(origin_retry_attempt_count)
            12, V(origin_connection_error) 13 (docs/enums.md).'
        type: str
        choices:
          - url
          - request_header
          - response_header
          - url_extension
          - country_code
          - remote_ip
          - url_query_string
          - random_chance
          - status_code
          - request_method
          - cookie_value
          - country_state_code
          - origin_retry_attempt_count
          - origin_connection_error
        required: true
      patterns:
        description:
          - The values the trigger matches (C(PatternMatches)), such as V(*) or V(https://*/images/*)
            for V(url), V(KP) for V(country_code); V(*) is a wildcard.
          - Compared as a set, sent in the order given. An empty or blank pattern is refused.
        type: list
        elements: str
        required: true
      match:
        description:
          - How the patterns combine (C(PatternMatchingType)), V(any), V(all) or V(none) of them.
          - 'The API''s values (PatternMatchingTypes): V(any) 0, V(all) 1, V(none) 2 (docs/enums.md).'
        type: str
        choices:
          - any
          - all
          - none
        default: any
      parameter_1:
        description:
          - The trigger's parameter (C(Parameter1)), such as the header's name for V(request_header).
        type: str
  trigger_matching:
    description:
      - How the triggers combine (C(TriggerMatchingType)), V(any), V(all) or V(none) of them.
      - A new rule takes V(any) when this is not given; an existing rule keeps its own.
      - 'The API''s values (TriggerMatchingTypes): V(any) 0, V(all) 1, V(none) 2 (docs/enums.md).'
    type: str
    choices:
      - any
      - all
      - none
  enabled:
    description:
      - Whether the rule is on. A new rule is enabled unless this is V(false); an existing rule keeps
        its own.
      - A change of this alone switches the rule through C(setEdgeRuleEnabled).
    type: bool
  state:
    description:
      - V(present) adds the rule when the pull zone has no rule of this O(description), else changes what
        differs.
      - V(absent) deletes it.
    type: str
    choices:
      - present
      - absent
    default: present
seealso:
  - ref: ansible_collections.edge.platform.docsite.enums
    description: 'Every enum the collection takes: its names and the API''s numbers.'
'''

    PULLZONE_HOSTNAME = r'''
options:
  pullzone_id:
    description:
      - Id of the pull zone.
      - Exactly one of O(pullzone_id) and O(pullzone_name) is required.
    type: int
  pullzone_name:
    description:
      - Exact name of the pull zone, looked up in the pull zone list. The lookup is a read, so it runs
        in check mode too.
      - Fails when no pull zone has this name.
    type: str
  hostname:
    description:
      - The hostname, a DNS name as RFC 1123 has it (labels of letters, digits and inner hyphens, 1 to
        63 characters each, 253 in all), such as V(cdn.example.com).
      - A scheme, a path, a port or a trailing dot (V(https://cdn.example.com), V(cdn.example.com/img),
        V(cdn.example.com:443), V(cdn.example.com.)) is refused before any request, naming the hostname
        to give.
      - An internationalized name is given in its ASCII form (V(xn--bcher-kva.example)).
    type: str
    required: true
  state:
    description:
      - V(present) adds the hostname when the pull zone does not have it, and sets O(force_ssl) and O(certificate).
      - V(absent) removes it. Removing the system hostname of the pull zone is refused.
    type: str
    choices:
      - present
      - absent
    default: present
  force_ssl:
    description:
      - Whether requests for the hostname over plain HTTP are redirected to HTTPS.
      - Unset, a new hostname gets the service's default (false) and an existing one keeps its setting.
      - Set it together with O(certificate=free), or on a hostname that has a certificate, so that the
        HTTPS it redirects to works.
    type: bool
  certificate:
    description:
      - The hostname's certificate. Unset, the certificate is left as it is.
      - V(free) has the service issue a free certificate for the hostname when it has none (C(HasCertificate)
        is false). A hostname that has a certificate keeps it, whether the service issued it or it was
        uploaded; nothing is sent. To go from a custom certificate to a free one, remove it (V(none)),
        then ask for V(free).
      - The service issues a free certificate only when the hostname's DNS points at the pull zone (its
        CNAME is the pull zone's C(CnameDomain)); otherwise the request fails with the service's answer,
        after the hostname was added.
      - V(custom) uploads O(custom_certificate) with its key O(custom_certificate_key), unless the hostname
        already serves that certificate - the same leaf, compared by the SHA-256 fingerprint of its DER,
        as the service returns it (the key is never read back or compared). A different certificate (a
        renewed one) replaces the one the hostname has; that is how a certificate is rotated.
      - V(none) removes the certificate the hostname has, free or custom.
      - A value that is not one of these is refused without being shown, so that a key given here by mistake
        stays secret.
    type: str
    choices:
      - free
      - custom
      - none
  custom_certificate:
    description:
      - The certificate for O(certificate=custom), as PEM text - the leaf (the hostname's certificate)
        first, then its chain (the intermediate certificates), such as the content of a C(fullchain.pem)
        file.
      - Refused before any request when it is not PEM that parses, holds a private key, has expired, or
        does not cover O(hostname) as TLS clients match names - a wildcard C(*.example.com) covers C(cdn.example.com),
        but not C(example.com) nor C(img.cdn.example.com); the subject alternative names count, or the
        subject's common name when the certificate has none.
      - Given with O(custom_certificate_key) and O(certificate=custom) only.
    type: str
  custom_certificate_key:
    description:
      - The private key of the leaf of O(custom_certificate), as unencrypted PEM text (C(-----BEGIN PRIVATE
        KEY-----), or the RSA or EC forms). Keep it in Ansible Vault.
      - Refused before any request when it does not parse, is encrypted, or does not belong to the leaf
        (the message says when it belongs to another certificate of the file, which would then be in the
        wrong order).
      - Never shown, in output, diff, warnings, logs or an error message - also when it is given to another
        option by mistake.
      - Given with O(custom_certificate) and O(certificate=custom) only.
    type: str
'''

    PULLZONE_INFO = r'''
options:
  id:
    description:
      - Id of one pull zone. An id that does not exist returns an empty list.
      - Mutually exclusive with O(name) and O(search).
    type: int
  name:
    description:
      - Exact name of the pull zone (case-sensitive).
    type: str
  search:
    description:
      - Search term the API filters the list by (part of a name or hostname).
    type: str
  include_certificate:
    description:
      - Whether hostnames carry their SSL certificate (C(Certificate) and C(CertificateKey)).
    type: bool
    default: false
  include_secrets:
    description:
      - Return secret fields unmasked.
      - Anything returned is visible in task output and logs; leave this off unless a later task needs
        the value, and then use C(no_log) on the tasks that handle it.
    type: bool
    default: false
'''

    PULLZONE_PURGE = r'''
options:
  pullzone_id:
    description:
      - Id of the pull zone whose cache is purged.
      - Exactly one of O(pullzone_id), O(pullzone_name) and O(urls) is required.
    type: int
  pullzone_name:
    description:
      - Exact name of the pull zone whose cache is purged, looked up in the pull zone list (in check mode
        too).
      - Fails when no pull zone has this name.
    type: str
  cache_tag:
    description:
      - Purge only the pull zone's files tagged so (the cache tag the origin sent with them), not the
        whole zone.
      - Only with O(pullzone_id) or O(pullzone_name).
    type: str
  urls:
    description:
      - URLs to purge, each an C(http://) or C(https://) URL of a hostname of a pull zone, such as V(https://cdn.example.com/css/site.css).
        A trailing V(*) purges every URL that starts so (V(https://cdn.example.com/images/*)).
      - One request per URL, in the order given; a URL given twice is purged once.
      - An empty item is refused before any request. A URL that is on no pull zone is purged all the same
        (the API answers it like any other).
    type: list
    elements: str
  exact_path:
    description:
      - Purge each of the O(urls) as written, without the service's own normalization of the path (C(exactPath)).
      - Only with O(urls).
    type: bool
    default: false
  wait:
    description:
      - With V(true), each of the O(urls) is purged before the API answers. V(false) sends C(async=true),
        and the service purges after answering, which is quicker for many URLs.
      - Only with O(urls); V(false) with a pull zone is refused.
    type: bool
    default: true
'''

    SHIELD_ACCESS_LIST = r'''
options:
  shield_zone_id:
    description:
      - Id of the Shield zone the list belongs to.
      - Exactly one of O(shield_zone_id), O(pullzone_id) and O(pullzone_name) is required.
    type: int
  pullzone_id:
    description:
      - Id of the pull zone whose Shield zone the list belongs to.
      - When the pull zone has no Shield zone, O(state=present) fails and O(state=absent) reports no change.
    type: int
  pullzone_name:
    description:
      - Exact name of the pull zone whose Shield zone the list belongs to, looked up in the pull zone
        list.
      - Fails when no pull zone or more than one has this name.
    type: str
  name:
    description:
      - Name of the custom access list. Lists are found by this name unless O(id) is given.
      - Required to create a list. With O(id), a different name renames the list.
      - At least one of O(name) and O(id) is required.
    type: str
  id:
    description:
      - Id of the custom access list (its C(id), the C(listId) of the list overview).
      - When no list of the Shield zone has this id, O(state=present) fails and O(state=absent) reports
        no change.
    type: int
  type:
    description:
      - What the entries are. Required to create a list.
      - V(ip) IPv4 or IPv6 addresses, V(cidr) networks such as V(192.0.2.0/24) (no host bits set), V(asn)
        autonomous system numbers (digits only), V(country) ISO 3166-1 alpha-2 codes (written in upper
        case), V(organization) organization names, V(ja4) JA4 fingerprints.
      - A change replaces the list by a new one (new id) with the same name and values.
      - 'The API''s values (AccessListType): V(ip) 0, V(cidr) 1, V(asn) 2, V(country) 3, V(organization)
        4, V(ja4) 5 (docs/enums.md).'
    type: str
    choices:
      - ip
      - cidr
      - asn
      - country
      - organization
      - ja4
  description:
    description:
      - Description of the list. A change replaces the list by a new one (new id) with the same name and
        values.
    type: str
  entries:
    description:
      - The entries of the list, as a set.
      - Each item is one entry, trimmed. An item that holds a line break is refused, since the list's
        content is one entry a line; give the lines of a file as items, for example with C(splitlines()).
        Duplicates and order are ignored.
      - With O(purge=true) these become the whole list; with O(purge=false) missing ones are added and
        the others stay.
      - When not set, the entries are not managed (a new list is created empty).
    type: list
    elements: str
  remove_entries:
    description:
      - Entries taken out of the list when it holds them; all other entries stay. Entries it does not
        hold are no change.
      - Items are trimmed and checked like O(entries) (one entry an item; against the list type, country
        codes and JA4 fingerprints compared as they are written), before anything is written.
      - As with O(purge=false) additions, the list is read again after the write, and written again when
        another run's write (of what it had read before) brought back an entry this run removed; an entry
        that another run added meanwhile stays.
      - With O(purge=false), O(entries) are added and these removed in one write. Refused together with
        O(entries) when O(purge=true) (the entries are then the whole list), when an entry is in both,
        and with O(state=absent).
      - When the list does not exist and no O(type) is given (nor O(entries), O(description), O(action),
        O(enabled)), the task fails with C(failure.error_key) C(access_list.not_found) and creates nothing.
        With O(type), the list is created, without these entries.
    type: list
    elements: str
  purge:
    description:
      - Whether entries not in O(entries) are removed.
      - To take out only some entries, give them in O(remove_entries) instead.
    type: bool
    default: true
  action:
    description:
      - What the Shield zone does with requests that match the list.
      - Set through the list's configuration.
      - 'The API''s values (AccessListAction): V(none) 0, V(allow) 1, V(block) 2, V(challenge) 3, V(log)
        4, V(bypass) 5 (docs/enums.md).'
    type: str
    choices:
      - none
      - allow
      - block
      - challenge
      - log
      - bypass
  enabled:
    description:
      - Whether the list is applied (C(isEnabled) of the list's configuration).
    type: bool
  return_content:
    description:
      - Return the list's C(content) in RV(access_list). Off by default, as a list can hold many thousands
        of entries.
    type: bool
    default: false
  state:
    description:
      - V(present) creates or updates the list, V(absent) deletes it.
    type: str
    choices:
      - present
      - absent
    default: present
seealso:
  - ref: ansible_collections.edge.platform.docsite.enums
    description: 'Every enum the collection takes: its names and the API''s numbers.'
'''

    SHIELD_EVENT_LOG_EXPORT = r'''
options:
  shield_zone_id:
    description:
      - Id of the Shield zone.
      - Exactly one of O(shield_zone_id), O(pullzone_id) and O(pullzone_name) is required.
      - A Shield zone that does not exist fails with the API's answer.
    type: int
  pullzone_id:
    description:
      - Id of the pull zone whose Shield zone's event logs to use.
      - Fails when the pull zone has no Shield zone.
    type: int
  pullzone_name:
    description:
      - Exact name of the pull zone whose Shield zone's event logs to use, looked up in the pull zone
        list.
      - Fails when no pull zone or more than one has this name, or when it has no Shield zone.
    type: str
  dest:
    description:
      - Path of the CSV file to write. Its directory must exist; an existing file is replaced when the
        export differs.
    type: path
    required: true
  mode:
    description:
      - The permissions of O(dest), as octal digits (quoted, such as V('0640')) or a symbolic mode (such
        as V(u=rw,g=r)).
      - When not set, O(dest) gets (or keeps) mode V(0600), a new file and an existing one alike - the
        file holds client addresses and request details.
      - O(mode), O(owner) and O(group) are checked before any request, in check mode too - a mode that
        is neither octal nor symbolic, or an owner or group that this host does not know, is refused.
        They are set on the temporary file before it replaces O(dest), so attributes that cannot be set
        leave O(dest) as it was.
    type: raw
  start:
    description:
      - Start of the window, as ISO 8601 (V(2026-11-22T10:00:00Z); without an offset, UTC), epoch milliseconds
        (V(1795000000000)), or relative to now (V(-24h), V(-30m), V(-2d), V(now)).
      - No more than 72 hours back.
    type: raw
    default: -24h
  end:
    description:
      - End of the window, in the forms of O(start). Must be after O(start) and not in the future.
    type: raw
    default: now
  query:
    description:
      - Free-text search across the IP address, rule id, URL, User-Agent and rule name of the events.
      - An empty string searches nothing (it is not sent).
    type: str
  filters:
    description:
      - Filters of the events; all must match (AND). The values of one filter are alternatives (OR).
      - Checked before anything is sent.
    type: list
    elements: dict
    suboptions:
      field:
        description:
          - The dimension to filter on.
        type: str
        choices:
          - feature
          - ruleId
          - ip
          - ja4
          - ua
          - url
          - asn
          - country
          - action
        required: true
      op:
        description:
          - V(eq) and V(in) match a value exactly, V(contains) a part of it, V(wildcard) a pattern where
            C(*) matches any run of characters, V(cidr) an address in a network such as V(192.0.2.0/24)
            (O(filters[].field=ip) only).
        type: str
        choices:
          - eq
          - in
          - contains
          - cidr
          - wildcard
        required: true
      value:
        description:
          - The value, or a list of values. A single string is one value, even with commas in it.
          - Numbers (an ASN) are sent as strings.
        type: raw
        required: true
'''

    SHIELD_EVENT_LOG_INFO = r'''
options:
  shield_zone_id:
    description:
      - Id of the Shield zone.
      - Exactly one of O(shield_zone_id), O(pullzone_id) and O(pullzone_name) is required.
      - A Shield zone that does not exist fails with the API's answer.
    type: int
  pullzone_id:
    description:
      - Id of the pull zone whose Shield zone's event logs to use.
      - Fails when the pull zone has no Shield zone.
    type: int
  pullzone_name:
    description:
      - Exact name of the pull zone whose Shield zone's event logs to use, looked up in the pull zone
        list.
      - Fails when no pull zone or more than one has this name, or when it has no Shield zone.
    type: str
  date:
    description:
      - The day whose event logs to read, as V(YYYY-MM-DD), a UTC day.
      - Must be today or one of the two days before (UTC); the API keeps no older event logs.
    type: str
    required: true
  continuation_token:
    description:
      - Start at the page this token names, as returned in RV(continuation_token) by an earlier run for
        the same Shield zone and O(date). Without it, reading starts at the first page of the day.
      - The token is opaque; the API refuses one it did not give for this Shield zone and day.
    type: str
  max_pages:
    description:
      - The most pages to read in this run (at least 1). The API chooses how many entries a page holds.
      - When more pages are left, RV(has_more_data) is true and RV(continuation_token) is set.
    type: int
    default: 10
'''

    SHIELD_RATE_LIMIT = r'''
options:
  shield_zone_id:
    description:
      - Id of the Shield zone the rule belongs to.
      - Exactly one of O(shield_zone_id), O(pullzone_id) and O(pullzone_name) is required.
      - A Shield zone that does not exist fails with the API's answer.
    type: int
  pullzone_id:
    description:
      - Id of the pull zone whose Shield zone the rule belongs to.
      - When the pull zone has no Shield zone, O(state=present) fails and O(state=absent) reports no change.
    type: int
  pullzone_name:
    description:
      - Exact name of the pull zone whose Shield zone the rule belongs to, looked up in the pull zone
        list. The lookup is a read, so it runs in check mode too.
      - Fails when no pull zone or more than one has this name.
    type: str
  name:
    description:
      - Name of the rate limit (C(ruleName)), which finds it in the Shield zone. Case-sensitive; it must
        not be blank.
      - Two rate limits of this name in the zone are a failure naming their ids (rename or delete one
        in the dashboard).
    type: str
    required: true
  description:
    description:
      - Description of the rate limit (C(ruleDescription)).
      - An empty string and no value are the same.
    type: str
  conditions:
    description:
      - 'Which requests count (the conditions of a custom WAF rule; see M(edge.platform.shield_waf_rule)):
        the first condition is the rate limit''s own, the others are chained to it; a request counts when
        every condition matches.'
      - The whole list. The first condition is compared as given; the chained ones as a set, whatever
        order the API keeps them in (it keeps its own), so a rerun that gives them in another order is
        unchanged.
      - Required to add a rate limit.
    type: list
    elements: dict
    suboptions:
      variables:
        description:
          - The parts of the request the condition looks at (C(variableTypes)), each the snake_case name
            of the API's variable, or C(NAME:PART) where the variable takes a part, such as V(request_headers:User-Agent),
            V(request_cookies:session) or V(args:q).
          - 'A set: order and repeats do not matter; a variable may be named once in a condition.'
          - 'The variables: V(request_uri), V(request_uri_raw), V(args), V(args_combined_size), V(args_get),
            V(args_get_names), V(args_post), V(args_post_names), V(files_names), V(geo), V(remote_addr),
            V(query_string), V(request_basename), V(request_body), V(request_cookies_names), V(request_cookies),
            V(request_filename), V(request_headers_names), V(request_headers), V(request_line), V(request_method),
            V(request_protocol), V(response_body), V(response_headers), V(response_status), V(fingerprint),
            V(verified_bot_category).'
        type: list
        elements: str
        required: true
      operator:
        description:
          - 'How the variables are compared with O(conditions[].value), the snake_case name of the API''s
            operator (C(operatorType)): V(begins_with), V(ends_with), V(contains), V(contains_word), V(str_eq)
            (equal text), V(str_match), V(within) (one of the space-separated words), V(rx) (a regular
            expression), V(eq), V(ge), V(gt), V(le), V(lt) (numbers: O(conditions[].value) must be an
            integer), V(detect_sqli), V(detect_xss) (no value needed).'
          - 'The API''s values (WafRuleOperatorType): V(begins_with) 0, V(ends_with) 1, V(contains) 2,
            V(contains_word) 3, V(str_match) 4, V(eq) 5, V(ge) 6, V(gt) 7, V(le) 8, V(lt) 9, V(within)
            12, V(rx) 14, V(str_eq) 15, V(detect_sqli) 17, V(detect_xss) 18 (docs/enums.md).'
        type: str
        choices:
          - begins_with
          - ends_with
          - contains
          - contains_word
          - str_match
          - eq
          - ge
          - gt
          - le
          - lt
          - within
          - rx
          - str_eq
          - detect_sqli
          - detect_xss
        required: true
      value:
        description:
          - What the variables are compared with (C(value)). An empty string and no value are the same.
        type: str
      transformations:
        description:
          - What is done to the variables before the comparison (C(transformationTypes)), in this order,
            such as V(url_decode) then V(lowercase).
          - 'Only the first condition takes transformations: the API''s chained conditions have none.'
          - 'The API''s values (WafRuleTransformationType): V(cmd_line) 1, V(compress_whitespace) 2, V(css_decode)
            3, V(hex_encode) 4, V(html_entity_decode) 5, V(js_decode) 6, V(length) 7, V(lowercase) 8,
            V(md5) 9, V(normalize_path) 10, V(normalise_path) 11, V(normalize_path_win) 12, V(normalise_path_win)
            13, V(remove_comments) 14, V(remove_nulls) 15, V(remove_whitespace) 16, V(replace_comments)
            17, V(sha1) 18, V(url_decode) 19, V(url_decode_uni) 20, V(utf8_to_unicode) 21 (docs/enums.md).'
        type: list
        elements: str
        choices:
          - cmd_line
          - compress_whitespace
          - css_decode
          - hex_encode
          - html_entity_decode
          - js_decode
          - length
          - lowercase
          - md5
          - normalize_path
          - normalise_path
          - normalize_path_win
          - normalise_path_win
          - remove_comments
          - remove_nulls
          - remove_whitespace
          - replace_comments
          - sha1
          - url_decode
          - url_decode_uni
          - utf8_to_unicode
      negated:
        description:
          - Whether the condition matches when the comparison fails (C(isNegated)).
        type: bool
        default: false
  requests:
    description:
      - How many matching requests a client (as O(counter_key) tells clients apart) may send within O(timeframe)
        before O(action) applies (C(requestCount)).
      - Required to add a rate limit.
      - From V(1) to V(2147483647); another value is refused before any request.
    type: int
  timeframe:
    description:
      - The seconds over which O(requests) are counted (C(timeframe)).
      - Required to add a rate limit.
    type: int
    choices:
      - 1
      - 10
      - 60
      - 300
      - 900
      - 3600
  block_time:
    description:
      - The seconds O(action) lasts for a client that went over the limit (C(blockTime)).
      - Required to add a rate limit.
    type: int
    choices:
      - 30
      - 60
      - 300
      - 900
      - 1800
      - 3600
  counter_key:
    description:
      - 'What tells clients apart, each counted on its own (C(counterKeyType)): its V(ip) address, the
        V(host) it asks for, its V(country), V(city), V(asn), V(organization), its V(ja4) TLS fingerprint,
        or V(ip_ja4) both.'
      - A new rate limit counts by V(ip) when this is not given; an existing one keeps its own.
      - 'The API''s values (WafRatelimitCounterKeyType): V(ip) 0, V(host) 1, V(country) 2, V(city) 3,
        V(asn) 4, V(organization) 5, V(ja4) 6, V(ip_ja4) 7 (docs/enums.md).'
    type: str
    choices:
      - ip
      - host
      - country
      - city
      - asn
      - organization
      - ja4
      - ip_ja4
  action:
    description:
      - 'What happens to a client over the limit (C(actionType)), the snake_case name of the API''s action:
        V(rate_limit) (its requests are refused for O(block_time)), V(log) (only logged: try a limit this
        way first), V(challenge).'
      - Required to add a rate limit.
      - 'The API''s values (RatelimitRuleActionType): V(rate_limit) 1, V(log) 2, V(challenge) 3 (docs/enums.md).'
    type: str
    choices:
      - rate_limit
      - log
      - challenge
  severity:
    description:
      - The severity the rate limit reports in the event logs (C(severityType)).
      - A new rate limit gets V(notice) when this is not given; an existing one keeps its own.
      - 'The API''s values (WafRuleSeverityType): V(notice) 0, V(warning) 1, V(critical) 2 (docs/enums.md).'
    type: str
    choices:
      - notice
      - warning
      - critical
  state:
    description:
      - V(present) adds the rate limit when the Shield zone has none of this O(name), else changes what
        differs (it keeps its id).
      - V(absent) deletes it.
    type: str
    choices:
      - present
      - absent
    default: present
seealso:
  - ref: ansible_collections.edge.platform.docsite.enums
    description: 'Every enum the collection takes: its names and the API''s numbers.'
'''

    SHIELD_WAF_RULE = r'''
options:
  shield_zone_id:
    description:
      - Id of the Shield zone the rule belongs to.
      - Exactly one of O(shield_zone_id), O(pullzone_id) and O(pullzone_name) is required.
      - A Shield zone that does not exist fails with the API's answer.
    type: int
  pullzone_id:
    description:
      - Id of the pull zone whose Shield zone the rule belongs to.
      - When the pull zone has no Shield zone, O(state=present) fails and O(state=absent) reports no change.
    type: int
  pullzone_name:
    description:
      - Exact name of the pull zone whose Shield zone the rule belongs to, looked up in the pull zone
        list. The lookup is a read, so it runs in check mode too.
      - Fails when no pull zone or more than one has this name.
    type: str
  name:
    description:
      - Name of the rule (C(ruleName)), which finds it in the Shield zone. Case-sensitive; it must not
        be blank.
      - Two rules of this name in the zone are a failure naming their ids (rename or delete one in the
        dashboard).
    type: str
    required: true
  description:
    description:
      - Description of the rule (C(ruleDescription)).
      - An empty string and no value are the same.
    type: str
  action:
    description:
      - 'What the rule does with a request that matches (C(actionType)), the snake_case name of the API''s
        action: V(block), V(log) (only logs: try a rule this way first), V(challenge), V(allow), V(bypass)
        (the other WAF rules are skipped).'
      - Required to add a rule.
      - 'The API''s values (WafRuleActionType): V(block) 1, V(log) 2, V(challenge) 3, V(allow) 4, V(bypass)
        5 (docs/enums.md).'
    type: str
    choices:
      - block
      - log
      - challenge
      - allow
      - bypass
  conditions:
    description:
      - 'What a request must match for the rule to act: the first condition is the rule''s own, the others
        are chained to it (C(chainedRuleConditions)); a request matches when every condition matches.'
      - The whole list. The first condition is compared as given; the chained ones as a set, whatever
        order the API keeps them in (it keeps its own), so a rerun that gives them in another order is
        unchanged.
      - Required to add a rule.
    type: list
    elements: dict
    suboptions:
      variables:
        description:
          - The parts of the request the condition looks at (C(variableTypes)), each the snake_case name
            of the API's variable, or C(NAME:PART) where the variable takes a part, such as V(request_headers:User-Agent),
            V(request_cookies:session) or V(args:q).
          - 'A set: order and repeats do not matter; a variable may be named once in a condition.'
          - 'The variables: V(request_uri), V(request_uri_raw), V(args), V(args_combined_size), V(args_get),
            V(args_get_names), V(args_post), V(args_post_names), V(files_names), V(geo), V(remote_addr),
            V(query_string), V(request_basename), V(request_body), V(request_cookies_names), V(request_cookies),
            V(request_filename), V(request_headers_names), V(request_headers), V(request_line), V(request_method),
            V(request_protocol), V(response_body), V(response_headers), V(response_status), V(fingerprint),
            V(verified_bot_category).'
        type: list
        elements: str
        required: true
      operator:
        description:
          - 'How the variables are compared with O(conditions[].value), the snake_case name of the API''s
            operator (C(operatorType)): V(begins_with), V(ends_with), V(contains), V(contains_word), V(str_eq)
            (equal text), V(str_match), V(within) (one of the space-separated words), V(rx) (a regular
            expression), V(eq), V(ge), V(gt), V(le), V(lt) (numbers: O(conditions[].value) must be an
            integer), V(detect_sqli), V(detect_xss) (no value needed).'
          - 'The API''s values (WafRuleOperatorType): V(begins_with) 0, V(ends_with) 1, V(contains) 2,
            V(contains_word) 3, V(str_match) 4, V(eq) 5, V(ge) 6, V(gt) 7, V(le) 8, V(lt) 9, V(within)
            12, V(rx) 14, V(str_eq) 15, V(detect_sqli) 17, V(detect_xss) 18 (docs/enums.md).'
        type: str
        choices:
          - begins_with
          - ends_with
          - contains
          - contains_word
          - str_match
          - eq
          - ge
          - gt
          - le
          - lt
          - within
          - rx
          - str_eq
          - detect_sqli
          - detect_xss
        required: true
      value:
        description:
          - What the variables are compared with (C(value)). An empty string and no value are the same.
        type: str
      transformations:
        description:
          - What is done to the variables before the comparison (C(transformationTypes)), in this order,
            such as V(url_decode) then V(lowercase).
          - 'Only the first condition takes transformations: the API''s chained conditions have none.'
          - 'The API''s values (WafRuleTransformationType): V(cmd_line) 1, V(compress_whitespace) 2, V(css_decode)
            3, V(hex_encode) 4, V(html_entity_decode) 5, V(js_decode) 6, V(length) 7, V(lowercase) 8,
            V(md5) 9, V(normalize_path) 10, V(normalise_path) 11, V(normalize_path_win) 12, V(normalise_path_win)
            13, V(remove_comments) 14, V(remove_nulls) 15, V(remove_whitespace) 16, V(replace_comments)
            17, V(sha1) 18, V(url_decode) 19, V(url_decode_uni) 20, V(utf8_to_unicode) 21 (docs/enums.md).'
        type: list
        elements: str
        choices:
          - cmd_line
          - compress_whitespace
          - css_decode
          - hex_encode
          - html_entity_decode
          - js_decode
          - length
          - lowercase
          - md5
          - normalize_path
          - normalise_path
          - normalize_path_win
          - normalise_path_win
          - remove_comments
          - remove_nulls
          - remove_whitespace
          - replace_comments
          - sha1
          - url_decode
          - url_decode_uni
          - utf8_to_unicode
      negated:
        description:
          - Whether the condition matches when the comparison fails (C(isNegated)).
        type: bool
        default: false
  severity:
    description:
      - The severity the rule reports in the event logs (C(severityType)).
      - A new rule gets V(notice) when this is not given; an existing rule keeps its own.
      - 'The API''s values (WafRuleSeverityType): V(notice) 0, V(warning) 1, V(critical) 2 (docs/enums.md).'
    type: str
    choices:
      - notice
      - warning
      - critical
  state:
    description:
      - V(present) adds the rule when the Shield zone has none of this O(name), else changes what differs
        (the rule keeps its id).
      - V(absent) deletes it.
    type: str
    choices:
      - present
      - absent
    default: present
seealso:
  - ref: ansible_collections.edge.platform.docsite.enums
    description: 'Every enum the collection takes: its names and the API''s numbers.'
'''

    SHIELD_ZONE = r'''
options:
  pullzone_id:
    description:
      - Id of the pull zone the Shield zone protects.
      - Exactly one of O(pullzone_id) and O(pullzone_name) is required.
    type: int
  pullzone_name:
    description:
      - Exact name of the pull zone, looked up in the pull zone list.
      - Fails when no pull zone or more than one has this name; use O(pullzone_id) then.
    type: str
  plan_type:
    description:
      - The Shield plan (C(planType)). It sets the custom access list and entry limits among others.
      - 'The API''s values (ShieldPlanType): V(basic) 0, V(advanced) 1, V(business) 2, V(enterprise) 3
        (docs/enums.md).'
    type: str
    choices:
      - basic
      - advanced
      - business
      - enterprise
  premium_plan:
    description:
      - The premium plan flag (C(premiumPlan)) of older zones; O(plan_type) is the finer setting.
    type: bool
  learning_mode:
    description:
      - Whether the zone is in learning mode (C(learningMode)).
    type: bool
  learning_mode_until:
    description:
      - End of learning mode (C(learningModeUntil)), an ISO 8601 date-time such as V(2026-12-31T23:00:00Z).
      - An offset such as V(+02:00) is converted to UTC; a value without offset is taken as UTC.
      - Compared as an instant, so any spelling of the same time is unchanged.
    type: str
  waf_enabled:
    description:
      - Whether the web application firewall is on (C(wafEnabled)).
    type: bool
  waf_execution_mode:
    description:
      - What the WAF does with requests that match its rules (C(wafExecutionMode)).
      - 'The API''s values (WAFExecutionMode): V(log) 0, V(block) 1 (docs/enums.md).'
    type: str
    choices:
      - log
      - block
  waf_disabled_rules:
    description:
      - Ids of WAF rules that are switched off (C(wafDisabledRules)).
      - A set, as the API keeps it; order and duplicates are ignored. V([]) clears it.
    type: list
    elements: str
  waf_log_only_rules:
    description:
      - Ids of WAF rules that only log (C(wafLogOnlyRules)).
      - A set, as the API keeps it; order and duplicates are ignored. V([]) clears it.
    type: list
    elements: str
  waf_custom_rule_order:
    description:
      - Ids of the custom WAF rules in the order they run (C(wafCustomRuleOrder)).
      - The order matters; duplicates are refused. V([]) clears it.
    type: list
    elements: int
  waf_request_header_logging_enabled:
    description:
      - Whether request headers are logged with WAF events (C(wafRequestHeaderLoggingEnabled)).
    type: bool
  request_body_logging_enabled:
    description:
      - Whether request bodies are logged with WAF events (C(requestBodyLoggingEnabled)).
    type: bool
  waf_request_ignored_headers:
    description:
      - Request headers the WAF does not inspect (C(wafRequestIgnoredHeaders)).
      - A set, as the API keeps it; order and duplicates are ignored. V([]) clears it.
    type: list
    elements: str
  waf_realtime_threat_intelligence_enabled:
    description:
      - Whether real-time threat intelligence is used (C(wafRealtimeThreatIntelligenceEnabled)).
    type: bool
  waf_profile_id:
    description:
      - Id of the WAF profile (C(wafProfileId)).
    type: int
  waf_engine_config:
    description:
      - WAF engine variables (C(wafEngineConfig)).
      - Compared by name and value; order is ignored. V([]) clears them.
    type: list
    elements: dict
    suboptions:
      name:
        description:
          - Variable name, unique in the list.
        type: str
        required: true
      value_encoded:
        description:
          - Encoded value (C(valueEncoded)).
        type: str
        required: true
  waf_request_body_limit_action:
    description:
      - What happens to requests whose body exceeds the inspection limit (C(wafRequestBodyLimitAction)).
      - 'The API''s values (WAFPayloadLimitAction): V(block) 0, V(log) 1, V(ignore) 2 (docs/enums.md).'
    type: str
    choices:
      - block
      - log
      - ignore
  waf_response_body_limit_action:
    description:
      - What happens to responses whose body exceeds the inspection limit (C(wafResponseBodyLimitAction)).
      - 'The API''s values (WAFPayloadLimitAction): V(block) 0, V(log) 1, V(ignore) 2 (docs/enums.md).'
    type: str
    choices:
      - block
      - log
      - ignore
  ddos_shield_sensitivity:
    description:
      - Sensitivity of DDoS protection (C(dDoSShieldSensitivity)); V(off) switches it off.
      - 'The API''s values (DDoSShieldSensitivity): V(off) 0, V(low) 1, V(medium) 2, V(high) 3, V(challenge)
        4 (docs/enums.md).'
    type: str
    choices:
      - 'off'
      - low
      - medium
      - high
      - challenge
  ddos_challenge_window:
    description:
      - How long, in seconds, a solved DDoS challenge stays valid (C(dDoSChallengeWindow)).
    type: int
  whitelabel_response_pages:
    description:
      - Whether block and challenge pages are shown without branding (C(whitelabelResponsePages)).
    type: bool
  bot_detection_execution_mode:
    description:
      - What bot detection does (C(executionMode) of the bot detection settings).
      - 'The API''s values (BotDetectionExecutionMode): V(log_only) 0, V(challenge) 1 (docs/enums.md).'
    type: str
    choices:
      - log_only
      - challenge
  bot_detection_request_integrity_sensitivity:
    description:
      - Sensitivity of the request integrity check (C(requestIntegrity.sensitivity)).
      - 'The API''s values (BotDetectionSensitivity): V(off) 0, V(low) 1, V(medium) 2, V(high) 3 (docs/enums.md).'
    type: str
    choices:
      - 'off'
      - low
      - medium
      - high
  bot_detection_ip_address_sensitivity:
    description:
      - Sensitivity of the IP address reputation check (C(ipAddress.sensitivity)).
      - 'The API''s values (BotDetectionSensitivity): V(off) 0, V(low) 1, V(medium) 2, V(high) 3 (docs/enums.md).'
    type: str
    choices:
      - 'off'
      - low
      - medium
      - high
  bot_detection_browser_fingerprint_sensitivity:
    description:
      - Sensitivity of browser fingerprinting (C(browserFingerprint.sensitivity)).
      - 'The API''s values (BotDetectionSensitivity): V(off) 0, V(low) 1, V(medium) 2, V(high) 3 (docs/enums.md).'
    type: str
    choices:
      - 'off'
      - low
      - medium
      - high
  bot_detection_browser_fingerprint_aggression:
    description:
      - Aggression of browser fingerprinting (C(browserFingerprint.aggression)).
      - 'The API''s values (BrowserFingerprintAggression): V(low) 1, V(medium) 2, V(high) 3, V(custom)
        4 (docs/enums.md).'
    type: str
    choices:
      - low
      - medium
      - high
      - custom
  bot_detection_browser_fingerprint_complex_enabled:
    description:
      - Whether complex browser fingerprinting is on (C(browserFingerprint.complexEnabled)).
    type: bool
  upload_scanning_enabled:
    description:
      - Whether uploads are scanned (C(isEnabled) of the upload scanning settings).
    type: bool
  csam_scanning_mode:
    description:
      - CSAM scanning of uploads (C(csamScanningMode)).
      - 'The API''s values (UploadScanningScannerMode): V(disabled) 0, V(log) 1, V(block) 2 (docs/enums.md).'
    type: str
    choices:
      - disabled
      - log
      - block
  antivirus_scanning_mode:
    description:
      - Antivirus scanning of uploads (C(antivirusScanningMode)).
      - 'The API''s values (UploadScanningScannerMode): V(disabled) 0, V(log) 1, V(block) 2 (docs/enums.md).'
    type: str
    choices:
      - disabled
      - log
      - block
seealso:
  - ref: ansible_collections.edge.platform.docsite.enums
    description: 'Every enum the collection takes: its names and the API''s numbers.'
'''

    SHIELD_ZONE_INFO = r'''
options:
  shield_zone_id:
    description:
      - Id of one Shield zone. An id that does not exist returns an empty list.
      - Mutually exclusive with O(pullzone_id) and O(pullzone_name).
    type: int
  pullzone_id:
    description:
      - Id of a pull zone; returns its Shield zone. A pull zone without one (or that does not exist) returns
        an empty list.
    type: int
  pullzone_name:
    description:
      - Exact name of a pull zone (case-sensitive), looked up in the pull zone list; returns the Shield
        zone of each pull zone with that name. No such pull zone, or none with a Shield zone, returns
        an empty list.
    type: str
  access_lists:
    description:
      - Whether each zone also carries its access lists, as C(accessLists).
      - V(none) leaves them out.
      - V(overview) adds the access list overview of the zone - its managed and custom lists (C(listId),
        C(configurationId), C(name), C(description), C(isEnabled), C(type), C(action), C(entryCount),
        C(lastUpdated)) with the counts and limits of its plan.
      - V(content) adds the C(content) (entries separated by newlines) and C(checksum) of each custom
        list too.
    type: str
    choices:
      - none
      - overview
      - content
    default: none
  rules:
    description:
      - 'Whether each zone also carries its custom WAF rules, as C(customWafRules), and its rate limits,
        as C(rateLimits): lists of the rules as the API has them (C(id), C(ruleName), C(ruleDescription),
        C(ruleConfiguration) …), in the order of their listings.'
      - 'It costs two requests per zone, the fewest the API allows (it lists the two apart, and has no
        listing of several zones): each listing is read in one page of up to 1000, more than any plan
        lets a zone hold. Up to eight zones are read at a time.'
    type: bool
    default: false
    version_added: 1.1.0
'''

    SITE_DRIFT_INFO = r'''
options:
  declarations:
    description:
      - 'The declarations of the C(edge.platform.site) role to plan, each C({file, declaration}): C(declaration)
        the variables one run of the role takes (C(site_pullzone), C(site_shield), C(site_access_lists),
        C(site_registries), C(site_video_blocked_referrers)), C(file) what names it in the result.'
      - The lookup C(edge.platform.declarations) reads a directory of them (what C(edge.platform.export)
        writes) as a run of the role would read each file.
    type: list
    elements: dict
    required: true
  audit_log_days:
    description:
      - How many days of the account's audit log (today's included) to read, to name who made each change
        and when; V(0) reads none. A day a request (more for a day of more than 10,000 changes).
      - From V(0) to V(90); another value is refused before any request.
    type: int
    default: 7
'''

    SITE_EXPORT = r'''
options:
  dest:
    description:
      - 'The directory the files go to: one a pull zone, C(<name>.yml), C(account.yml) when O(account)
        is given, and one a DNS zone of O(dns_zones), C(dns/<domain>.yml). It is made when it does not
        exist; one that cannot be written fails before any file is.'
      - A file whose content would not change is not written; the others are written whole, each to a
        temporary file that then takes its place, so a file is never half written. Files of pull zones
        that are no longer there are left as they are.
    type: path
    required: true
  sites:
    description:
      - 'The C(sites) that M(edge.platform.site_info) returns: each C({pullzone_name, pullzone_id, declaration,
        left_out}).'
    type: list
    elements: dict
    required: true
  account:
    description:
      - The C(account) that M(edge.platform.site_info) returns with O(edge.platform.site_info#module:include_account).
    type: dict
  dns_zones:
    description:
      - 'The C(dns_zones) that M(edge.platform.site_info) returns with O(edge.platform.site_info#module:include_account):
        each is written to C(dns/<domain>.yml) below O(dest), as C(site_dns_zones) with the one zone.'
    type: list
    elements: dict
    default: []
  existing:
    description:
      - The files of O(dest) as M(edge.platform.site_drift_info) planned them (its RV(edge.platform.site_drift_info#module:declarations)).
      - A file with which a run of the site role writes nothing is left as it is, byte for byte - hand
        edits, templates and vault references kept - and its pull zone gets no other file.
      - A file that no longer converges is written again under its own name. Unless O(overwrite).
    type: list
    elements: dict
    default: []
  overwrite:
    description:
      - Write every file anew, whether it converges or not.
    type: bool
    default: false
  made_by:
    description:
      - The command that makes the files, written in each file's header.
    type: str
    default: ansible-playbook edge.platform.export
'''

    SITE_INFO = r'''
options:
  pullzone_id:
    description:
      - Id of the one pull zone to declare. A pull zone that does not exist gives an empty RV(sites) list.
      - Without O(pullzone_id) and O(pullzone_name), every pull zone of the account is declared.
    type: int
  pullzone_name:
    description:
      - Exact name of the one pull zone to declare. A name no pull zone has gives an empty RV(sites) list.
      - Mutually exclusive with O(pullzone_id).
    type: str
  include_account:
    description:
      - Also declare the account's storage zones, container registries (never their passwords) and the
        blocked referrers of its video libraries, as RV(account) (C(site_storage_zones), C(site_registries)
        and C(site_video_blocked_referrers)), and its DNS zones with their records, as RV(dns_zones).
      - A few more reads (the storage zone, registry and video library lists; the pull zone list, for
        the names of the pull zones DNS records link, when one pull zone is asked for).
    type: bool
    default: false
'''

    SITE_PULLZONE = r'''
options:
  pullzone:
    description:
      - 'The pull zone: the name (a string) or id (an integer) of one that exists, or a declaration of
        it - a dict of C(name) (required), C(origin) or C(storage_zone) (the name of a storage zone of
        the account, the origin instead of a URL), C(settings) (options of M(edge.platform.pullzone) under
        their own names), C(hostnames) (each with the options of M(edge.platform.pullzone_hostname), and
        C(dns_zone): the domain of the DNS zone of the account that holds the hostname, whose C(pullzone)
        record of the hostname''s name the run makes link this pull zone before it adds the hostname,
        so that a free certificate is issued in the same run, and removes with the hostname or the site),
        C(edge_rules) (each with the options of M(edge.platform.pullzone_edge_rule); a C(description)
        need not be unique, nor given, and is any text the API keeps, as is a pattern), C(purge_on_change),
        C(settings_unlisted) (V(keep), the default, leaves the settings C(settings) does not list alone;
        V(default) holds them at what a new pull zone gets) and C(state) (V(absent) deletes the pull zone
        with everything on it).'
      - 'A declared pull zone is created when no pull zone has its name. Only what is declared is compared
        and set: settings not given keep their value, hostnames and edge rules not declared are left alone.'
      - Edge rules are matched to the zone's rules by C(description) when the declaration gives it once;
        otherwise by content (several rules of one description, or none, settle after one run).
    type: raw
    required: true
  shield:
    description:
      - 'The Shield zone of the pull zone: options of M(edge.platform.shield_zone) under their own names,
        and C(settings_unlisted) as the pull zone takes it. V({}) only makes sure the pull zone has a
        Shield zone; unset, the Shield zone is left alone.'
      - C(waf_rules) and C(rate_limits) are its custom WAF rules and rate limits, each with the options
        of M(edge.platform.shield_waf_rule) or M(edge.platform.shield_rate_limit) (without the zone),
        found by C(name); a name given twice in one list is refused. Rules and rate limits not listed
        are left alone, unless C(rules_exclusive=true), which deletes them (the part V(waf_rules)).
    type: dict
  access_lists:
    description:
      - Custom access lists of the Shield zone, each with the options of M(edge.platform.shield_access_list).
      - 'A list is found by its name. The API lets a zone hold several lists of one name: such lists are
        declared each as it is, and told apart by what they hold (a list of the name exactly as declared,
        else the first other one). A name declared more often than the zone holds lists of it is refused
        before any write.'
    type: list
    elements: dict
    default: []
  storage_zones:
    description:
      - 'The names of the storage zones the run makes before the pull zone (the role gives its C(site_storage_zones)):
        in check mode, a C(storage_zone) of them that does not exist yet is planned as made by the run,
        not refused.'
    type: list
    elements: str
    default: []
  dns_zones:
    description:
      - 'The DNS zones the run makes before the pull zone (the role gives what its C(site_dns_zones) step
        returned): each its domain, or the zone as M(edge.platform.dns_zone) returns it (C(Domain), and
        C(Id) unless check mode predicted it). A hostname''s C(dns_zone) of them is not looked up again;
        in check mode one that does not exist yet is planned as made by the run, not refused.'
    type: list
    elements: raw
    default: []
  parts:
    description:
      - 'The parts of the declaration this run makes; the others are neither compared nor written. The
        pull zone is read all the same: a part that needs it fails before any write when it does not exist
        and V(pullzone) is not among the parts.'
      - V(waf_rules) makes the custom WAF rules and rate limits of O(shield).
    type: list
    elements: str
    choices:
      - pullzone
      - hostnames
      - edge_rules
      - shield
      - access_lists
      - waf_rules
    default:
      - pullzone
      - hostnames
      - edge_rules
      - shield
      - access_lists
      - waf_rules
'''

    STORAGE_ZONE = r'''
options:
  name:
    description:
      - Name of the storage zone (C(Name)), 1 to 63 letters, digits and dashes. Exact and case-sensitive.
      - Required to create a storage zone. The service refuses a name that another storage zone has, in
        any account; the module then fails with the API's answer.
      - Exactly one of O(name) and O(id) is required.
    type: str
  id:
    description:
      - Id of the storage zone (C(Id)), to manage an existing one. A storage zone is only created by O(name).
    type: int
  state:
    description:
      - Whether the storage zone should exist.
      - 'V(absent) deletes the zone with its files. A storage zone that is the origin of pull zones is
        not deleted: the module fails naming them, before any write (give them another origin, or delete
        them, first).'
    type: str
    choices:
      - present
      - absent
    default: present
  region:
    description:
      - 'Main region of the storage zone (C(Region)): a region code as the API lists them (C(GET /storagezone/regions)),
        such as V(DE) or V(NY); letters, compared in upper case.'
      - 'Required to create a storage zone. It cannot change afterwards: a different region on an existing
        zone fails before any write, naming both.'
    type: str
  tier:
    description:
      - The storage zone's tier (C(ZoneTier)), chosen when it is created (V(standard) when not given).
      - 'It cannot change afterwards: a different tier on an existing zone fails before any write, naming
        both.'
      - 'The API''s values (StorageZoneTier): V(standard) 0, V(edge) 1 (docs/enums.md).'
    type: str
    choices:
      - standard
      - edge
  replication_regions:
    description:
      - 'The regions the files are replicated to besides the main region (C(ReplicationRegions)): region
        codes as the API lists them, a set (order and repeats ignored; compared in upper case).'
      - 'Regions can only be added: a list that leaves out a region the zone replicates to fails before
        any write, naming it. The main region is not one of them.'
    type: list
    elements: str
  rewrite_404_to_200:
    description:
      - Answer 200 instead of 404 for a missing file whose URL has no extension (C(Rewrite404To200)).
    type: bool
  custom_404_file_path:
    description:
      - Path of the file of the zone answered for a missing file (C(Custom404FilePath)), such as V(/404.html).
      - V('') clears it.
    type: str
  origin_url:
    description:
      - Origin the storage zone fetches a missing file from (C(OriginUrl)).
      - An C(http://) or C(https://) URL with a host; V('') clears it.
    type: str
  return_password:
    description:
      - Return the storage zone's passwords (C(Password), C(ReadOnlyPassword)) in RV(storage_zone); without
        it they are C(********).
      - Anything returned is visible in task output and logs; use C(no_log) on the task. The passwords
        never appear in the diff, warnings or failures either way.
    type: bool
    default: false
seealso:
  - ref: ansible_collections.edge.platform.docsite.enums
    description: 'Every enum the collection takes: its names and the API''s numbers.'
'''

    STORAGE_ZONE_INFO = r'''
options:
  id:
    description:
      - Id of one storage zone. An id that does not exist returns an empty list.
      - Mutually exclusive with O(name).
    type: int
  name:
    description:
      - Exact name of the storage zone (case-sensitive).
    type: str
'''

    VIDEO_BLOCKED_REFERRER = r'''
options:
  library_id:
    description:
      - Id of the video library.
      - Exactly one of O(library_id) and O(library_name) is required.
    type: int
  library_name:
    description:
      - Exact name of the video library (case-sensitive), looked up in the video library list of the account.
        The lookup is a read, so it runs in check mode too.
      - Fails before any change when no video library or more than one has this name; use O(library_id)
        then.
    type: str
  hostnames:
    description:
      - Hostnames of referrers, such as V(spam.example.com).
      - Each needs at least one character, and is normalised to lower case; duplicates count once.
      - A scheme (V(https://spam.example.com)), a path (V(spam.example.com/page)) or a port (V(spam.example.com:8080))
        is refused before any request is sent.
      - With O(purge=true) and O(state=present), an empty list removes every blocked referrer.
    type: list
    elements: str
    required: true
  state:
    description:
      - V(present) adds the O(hostnames) the library does not block yet.
      - V(absent) removes those of the O(hostnames) the library blocks.
    type: str
    choices:
      - present
      - absent
    default: present
  purge:
    description:
      - With O(state=present), also remove every blocked referrer that is not in O(hostnames), so the
        list becomes exactly O(hostnames).
      - Not allowed with O(state=absent).
    type: bool
    default: false
'''

    VIDEO_LIBRARY_INFO = r'''
options:
  id:
    description:
      - Id of one video library. An id that does not exist returns an empty list.
      - Mutually exclusive with O(name) and O(search).
    type: int
  name:
    description:
      - Exact name of the video library (case-sensitive).
    type: str
  search:
    description:
      - Search term the API filters the list by (part of a name).
    type: str
'''

    VIDEO_THUMBNAIL = r'''
options:
  library_id:
    description:
      - Id of the video library the video belongs to.
      - Exactly one of O(library_id) and O(library_name) is required.
    type: int
  library_name:
    description:
      - Exact name of the video library the video belongs to (case-sensitive), looked up in the video
        library list of the account. The lookup is a read, so it runs in check mode too.
      - Fails before any change when no video library or more than one has this name; use O(library_id)
        then.
    type: str
  video_id:
    description:
      - Id (C(guid)) of the video.
    type: str
    required: true
  src:
    description:
      - Path of a local JPEG, PNG or WebP image to upload as the thumbnail.
      - The kind of image is told from the file's content, not its name; anything else is refused before
        any request is sent.
      - Exactly one of O(src) and O(url) is required.
    type: path
  url:
    description:
      - An C(http://) or C(https://) URL of the image; the service fetches it from there.
      - The module fetches it too, to compare its checksum with the current thumbnail's; so a URL whose
        image the video already shows is unchanged. It must serve a JPEG, PNG or WebP image.
    type: str
  force:
    description:
      - Set the thumbnail even when the video already shows the same image.
      - The current thumbnail is then read only for the diff (in diff mode), and a failure to read it
        is ignored.
    type: bool
    default: false
  library_api_key:
    description:
      - The video library's own API key, sent as C(AccessKey) to the video API instead of O(api_key).
      - The API description authenticates video operations with the account key (O(api_key)), which is
        the default; the public service also takes, and some set-ups require, the key of the library (its
        C(ApiKey)).
      - It is not used to find the library by O(library_name), which is a management API request sent
        with O(api_key).
      - Surrounding white space is removed; a key holding a line break, a tab, another control character
        or a non-ASCII character is refused before any request, without being shown. Never shown in output,
        diff or logs.
    type: str
'''
