# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Declarations of the ``site`` role as files: one a pull zone, ``<name>.yml``, ``account.yml``, and one a DNS zone,
``dns/<domain>.yml``, each YAML with a short header (the account's API address, the command that made it, what the
declaration leaves out and where its value would go). The same declarations make the same bytes: no timestamp, keys
in the order ``site_info`` gives them.
"""

from __future__ import annotations

import functools
import os
import re
import typing as t

try:
    import yaml

    HAS_YAML = True
except ImportError:  # the controller always has it (ansible-core needs it); a managed host may not
    HAS_YAML = False

from ansible.module_utils.basic import missing_required_lib

from ansible_collections.edge.platform.plugins.module_utils._common import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._files import (
    ExportFile,
    LineMeasure,
    Measured,
    check_file_attributes,
    unwritable_reason,
)
from ansible_collections.edge.platform.plugins.module_utils._records import Record

ACCOUNT_FILE = 'account.yml'
# Where the files of the DNS zones go, below the directory (the lookup edge.platform.declarations reads it too).
DNS_DIRECTORY = 'dns'
# What a pull zone's file name keeps of its name: what a file name holds on every system (a pull zone name is letters,
# digits and dashes already; anything else becomes a dash).
UNSAFE = re.compile(r'[^A-Za-z0-9._-]+')

# What makes Ansible read a string as a template: such a string from the account is written ``!unsafe``, so that loading
# a file (``include_vars``, ``vars_files``, ``-e @file``) never runs it.
TEMPLATE_MARKERS = ('{{', '{%', '{#')

if HAS_YAML:

    class Dumper(yaml.SafeDumper):
        """Block lists indented under their key, as the collection's documentation writes them; a string Ansible
        would template tagged ``!unsafe``."""

        def increase_indent(self, flow: bool = False, indentless: bool = False) -> t.Any:
            return super().increase_indent(flow, False)

    def represent_text(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
        if any(marker in text for marker in TEMPLATE_MARKERS):
            return dumper.represent_scalar('!unsafe', text, style="'" if text.isprintable() else '"')
        return dumper.represent_str(text)

    Dumper.add_representer(str, represent_text)


def comment_text(line: str) -> str:
    """A header line as one comment line: a character that would end the comment (a line break of any kind) or that
    cannot be seen is written as its escape, ``\\n``, ``\\x07``, ``\\xa0``."""
    return ''.join(char if char.isprintable() else char.encode('unicode_escape').decode('ascii') for char in line)


def file_names(sites: t.Sequence[Record], held: t.Mapping[str, str] | None = None) -> list[str]:
    """The file of each site: the file that declares its pull zone already (``held``: by pull zone name), else
    ``<name>.yml``, or ``<name>-<id>.yml`` where that would be the account's file or a name taken already, by another
    pull zone or a file of ``held`` (names that differ only in case are one file on some systems)."""
    held = held or {}
    taken = {ACCOUNT_FILE} | {name.lower() for name in held.values()}
    names = []
    for site in sites:
        own = held.get(str(site.get('pullzone_name')))
        if own is not None:
            names.append(own)
            continue
        stem = UNSAFE.sub('-', str(site.get('pullzone_name') or '')).strip('.-') or 'pullzone'
        name = f'{stem}.yml'
        if name.lower() in taken:
            name = f"{stem}-{site.get('pullzone_id')}.yml"
        taken.add(name.lower())
        names.append(name)
    return names


def converges(planned: t.Mapping[str, t.Any] | None) -> bool:
    """Whether a file as ``site_drift_info`` planned it is one a run of the role writes nothing with."""
    return planned is not None and not planned.get('changed') and not planned.get('error')


def why_written(planned: t.Mapping[str, t.Any] | None) -> str:
    if planned is None:
        return 'new'
    if planned.get('error'):
        return f"the role refuses it: {planned['error']}"
    count = len(planned.get('changes') or [])
    return f"it no longer converges: a run of the role with it would change {count} resource{'s' if count != 1 else ''}"


def header(lines: t.Iterable[str]) -> str:
    return ''.join(f'# {comment_text(line)}\n' if line else '#\n' for line in lines)


def left_out_lines(left_out: t.Sequence[t.Mapping[str, t.Any]]) -> list[str]:
    if not left_out:
        return []
    lines = ['', 'Left out: a declaration cannot carry these; give each where its path says to make it again.']
    lines += [f"  {item.get('path')}: {item.get('reason')}" for item in left_out]
    return lines


def document(values: Record) -> str:
    return str(yaml.dump(values, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=120))


def site_text(site: Record, api_url: str | None, made_by: str) -> str:
    """A pull zone's file: its header, then its declaration (``site_pullzone``, ``site_shield``,
    ``site_access_lists``)."""
    lines = [
        f"Pull zone {site.get('pullzone_name')} of the account at {api_url or 'its API address'}, as the "
        'edge.platform.site role declares it.',
        f'Made by: {made_by}',
        'The site role run with this file as its variables finds the pull zone as declared and writes nothing.',
        'settings_unlisted: default holds every setting the file does not list at what a new zone gets;',
        'purge_on_change: true purges the whole cache after a run changes the origin or an edge rule.',
        *left_out_lines(site.get('left_out') or ()),
    ]
    return header(lines) + '---\n' + document(dict(site.get('declaration') or {}))


def account_text(account: Record, api_url: str | None, made_by: str) -> str:
    """The account's file: its header, then ``site_registries`` and ``site_video_blocked_referrers``."""
    declared = {key: value for key, value in account.items() if key != 'left_out'}
    lines = [
        f"The account at {api_url or 'its API address'}: its container registries and the blocked referrers of its "
        'video libraries, as the edge.platform.site role declares them.',
        f'Made by: {made_by}',
        *left_out_lines(account.get('left_out') or ()),
    ]
    return header(lines) + '---\n' + document(declared)


def dns_file(domain: object) -> str:
    """A DNS zone's file, ``dns/<domain>.yml`` (a domain is letters, digits, dashes, underscores and dots already)."""
    stem = UNSAFE.sub('-', str(domain or '').lower()).strip('.-') or 'zone'
    return f'{DNS_DIRECTORY}/{stem}.yml'


def dns_text(zone: Record, api_url: str | None, made_by: str) -> str:
    """A DNS zone's file: its header, then ``site_dns_zones`` with the one zone."""
    lines = [
        f"DNS zone {zone.get('domain')} of the account at {api_url or 'its API address'}, as the edge.platform.site "
        'role declares it.',
        f'Made by: {made_by}',
        'The site role run with this file as its variables finds the zone as declared and writes nothing.',
        'records_exclusive: true removes every record set the file does not list, but the pullzone record of a pull',
        "zone's own hostname: that pull zone's file declares it (its hostname's dns_zone).",
        *left_out_lines(zone.get('left_out') or ()),
    ]
    return header(lines) + '---\n' + document(dict(zone.get('declaration') or {}))


class DeclarationFiles:
    """One run of ``site_export``: the files of the sites (and of the account) in ``dest``, each written only when its
    content changes."""

    def __init__(self, module: EdgeModule) -> None:
        self.module = module
        params = module.params
        if not HAS_YAML:
            module.fail(missing_required_lib('PyYAML'))
        check_file_attributes(module)
        self.dest = os.path.abspath(params['dest'])
        if os.path.exists(self.dest) and not os.path.isdir(self.dest):
            module.fail(f'dest {self.dest} is a file; give the directory the declarations go to')
        for index, site in enumerate(params['sites']):
            if not isinstance(site.get('declaration'), dict) or not site.get('pullzone_name'):
                module.fail(
                    f'sites[{index}] is not a site of edge.platform.site_info: it needs pullzone_name and declaration'
                )
        for index, zone in enumerate(params['dns_zones']):
            if not isinstance(zone.get('declaration'), dict) or not zone.get('domain'):
                module.fail(
                    f'dns_zones[{index}] is not a DNS zone of edge.platform.site_info: it needs domain and declaration'
                )
        self.made_by = params['made_by']
        self.api_url = params.get('api_url')
        self.diffs: list[dict[str, t.Any]] = []

    def directory(self) -> None:
        """``dest``, made when missing (in check mode: what it would be), and writable."""
        existing = self.dest
        while not os.path.exists(existing):
            existing = os.path.dirname(existing)
        if not os.path.isdir(existing):
            self.module.fail(f'dest {self.dest} cannot be made: {existing} is a file')
        reason = unwritable_reason(existing, 'site')
        if reason is not None:
            self.module.fail(f'dest {self.dest} is not writable: {existing}: {reason}')
        if not os.path.isdir(self.dest) and not self.module.check_mode:
            try:
                os.makedirs(self.dest, mode=0o700)
            except OSError as exc:
                self.module.fail(f'make dest {self.dest} failed: {exc.strerror or exc}')
            self.module.changed_locally = True

    def declared(self, name: str, planned: t.Mapping[str, t.Any] | None, text: t.Callable[[], str]) -> dict[str, t.Any]:
        """One file: left as it is when it converges (``planned``: what ``site_drift_info`` found of it), else written
        when its content differs; what was done, and why."""
        path = os.path.join(self.dest, name)
        if converges(planned):
            return {'path': path, 'changed': False, 'kept': True, 'reason': 'a run of the role with it writes nothing'}
        return {'path': path, 'changed': self.file(name, text()), 'kept': False, 'reason': why_written(planned)}

    def file(self, name: str, text: str) -> bool:
        """Write one file when its content differs (in check mode: whether it would be written)."""
        path = os.path.join(self.dest, name)
        folder = os.path.dirname(path)
        if not os.path.isdir(folder) and not self.module.check_mode:  # dns/, the first time
            try:
                os.makedirs(folder, mode=0o700)
            except OSError as exc:
                self.module.fail(f'make {folder} failed: {exc.strerror or exc}')
            self.module.changed_locally = True
        data = text.encode('utf-8')
        old = None
        if self.module.diff_mode and os.path.isfile(path):
            with open(path, encoding='utf-8', errors='replace') as handle:
                old = handle.read()

        def produce(sink: t.BinaryIO | None) -> Measured:
            measure = LineMeasure()
            measure.feed(data)
            if sink is not None:
                sink.write(data)
            return measure.result()

        changed = ExportFile(self.module, path, LineMeasure).write(produce)
        if changed and self.module.diff_mode:
            self.diffs.append({'before_header': path, 'after_header': path, 'before': old or '', 'after': text})
        return changed

    def write(self) -> dict[str, t.Any]:
        params = self.module.params
        self.directory()
        existing = [] if params['overwrite'] else params['existing']
        by_zone = {str(item['pullzone_name']): item for item in existing if item.get('pullzone_name')}
        by_file = {str(item.get('file')): item for item in existing}
        files = []
        sites = params['sites']
        names = file_names(sites, {zone: str(item['file']) for zone, item in by_zone.items()})
        for site, name in zip(sites, names):
            planned = by_zone.get(str(site['pullzone_name']))
            files.append(self.declared(name, planned, functools.partial(site_text, site, self.api_url, self.made_by)))
            files[-1]['pullzone_name'] = site['pullzone_name']
        if params['account'] is not None:
            text = account_text(params['account'], self.api_url, self.made_by)
            files.append(self.declared(ACCOUNT_FILE, by_file.get(ACCOUNT_FILE), lambda: text))
        for zone in params['dns_zones']:
            name = dns_file(zone['domain'])
            made = functools.partial(dns_text, zone, self.api_url, self.made_by)
            files.append(dict(self.declared(name, by_file.get(name), made), domain=zone['domain']))
        result: dict[str, t.Any] = {
            'changed': any(item['changed'] for item in files) or self.module.changed_locally,
            'files': files,
            'dest': self.dest,
        }
        if self.module.diff_mode:
            result['diff'] = self.diffs
        return result
