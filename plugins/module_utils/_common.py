# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Module machinery every edge.platform module shares.

The common options and their environment fallbacks, the API client built from them,
failures that carry ``failure: {status, error_key, message}``, secret masking and the
before/after diff of managed fields.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import typing as t

from ansible.module_utils import basic
from ansible.module_utils.basic import AnsibleModule, missing_required_lib

from ansible_collections.edge.platform.plugins.module_utils._client import (
    HAS_REQUESTS,
    SERVICE_OPTIONS,
    EdgeApiError,
    EdgeClient,
    missing_option,
    sends_in_clear,
    url_problem,
    url_secrets,
)
from ansible_collections.edge.platform.plugins.module_utils._options import set_env_fallback
from ansible_collections.edge.platform.plugins.module_utils._secrets import MASK, mask_secrets
from ansible_collections.edge.platform.plugins.module_utils._tables.api import TABLE as CONNECTION_OPTIONS
from ansible_collections.edge.platform.plugins.module_utils._version import collection_version

# The masking every module uses and the environment fallback of options, kept where modules import them from.
__all__ = ['MASK', 'mask_secrets', 'set_env_fallback']

# The mode of files the modules write, unless the user gives one: they hold tokens, logs or reports.
PRIVATE_FILE_MODE = '0600'
#: Set to 1 in a task's environment, the module's result carries its diff outside diff mode too (the site role, whose
#: summary is made of its modules' diffs); what a module reads only for a diff it still reads only in diff mode.
DIFF_VARIABLE = 'EDGE_PLATFORM_RESULT_DIFF'


def header_credential_problem(option: str, value: str) -> str | None:
    """Why a credential cannot travel in an HTTP header, or None; never quotes the value.

    An HTTP header carries printable ASCII: a line break, a tab, another control character or a
    non-ASCII character would make requests refuse the header with an error that shows its value.
    """
    if not value:
        return f'{option} must not be empty'
    if not all(' ' <= char <= '~' for char in value):
        return (
            f'{option} holds a character an HTTP header cannot carry (a line break, tab or other control '
            'character, or a non-ASCII character); check where it comes from (the value is not shown)'
        )
    return None


def api_argument_spec() -> dict[str, dict[str, object]]:
    """The connection options every module accepts (``_tables/api.py``, doc fragment ``edge.platform.api``), each
    with its fallback."""
    return CONNECTION_OPTIONS.argument_spec()


def blank_problem(params: t.Mapping[str, object], options: t.Iterable[str]) -> str | None:
    """Why one of ``options`` cannot be taken: set to an empty or blank string; or None."""
    for option in options:
        value = params.get(option)
        if isinstance(value, str) and not value.strip():
            return f'{option} must not be empty'
    return None


def non_positive_problem(params: t.Mapping[str, t.Any], options: t.Iterable[str]) -> str | None:
    """Why one of the integer ``options`` (ids) cannot be taken: set below 1; or None."""
    for option in options:
        value = params.get(option)
        if value is not None and value < 1:
            return f'{option} must be a positive integer, got {value}'
    return None


def make_diff(before: object, after: object, secret_keys: t.Collection[str] = ()) -> dict[str, t.Any]:
    """Ansible diff of two views (None means absent), secrets masked."""
    return {
        'before': mask_secrets(before, secret_keys) if before is not None else {},
        'after': mask_secrets(after, secret_keys) if after is not None else {},
    }


def set_options(params: t.Mapping[str, object], names: t.Iterable[str]) -> dict[str, object]:
    """The options among ``names`` that the user set (not None)."""
    return {name: params[name] for name in names if params.get(name) is not None}


# A no_log value inside one of these would be masked by Ansible in a number, bool or None's text,
# which the JSON text of the value spells differently: such values always take the full scan.
_SCALAR_TEXTS = ('True', 'False', 'None', 'inf', '-inf', 'nan')


def _free_of(value: object, needles: list[str]) -> bool:
    """True when ``value`` is plain JSON data and none of ``needles`` occurs in any of its strings.

    One pass of the C JSON encoder instead of Ansible's per-value walk: the escaped form of
    a no_log value occurs in the JSON text of every string that contains it. A list is
    encoded item by item, so a listing of thousands of records never exists twice as text.
    """
    items = value if isinstance(value, list) else (value,)
    try:
        for item in items:
            text = json.dumps(item, ensure_ascii=False, check_circular=False)
            if any(needle in text for needle in needles):
                return False
    except (TypeError, ValueError, RecursionError):
        return False
    return True


@contextlib.contextmanager
def quick_no_log_removal() -> t.Iterator[None]:
    """While a module returns, skip Ansible's per-value no_log scan of result values that cannot hold a secret.

    ``AnsibleModule`` masks every no_log value (the API key, tokens, passwords) in every
    string of the result, one Python call per value: seconds for a listing of thousands of
    pull zones. Values whose JSON text holds no no_log value are returned as they are; any
    other value (or one that is not plain JSON data) gets Ansible's own scan, so the output
    is the same.
    """
    full_scan = basic.remove_values

    def remove_values(value: object, no_log_strings: t.Iterable[object]) -> object:
        secrets = [str(secret) for secret in no_log_strings]
        if not isinstance(value, dict) or any(
            not secret or any(secret in text for text in _SCALAR_TEXTS) for secret in secrets
        ):
            return full_scan(value, no_log_strings)
        needles = [json.dumps(secret, ensure_ascii=False)[1:-1] for secret in secrets]
        return {
            key: item if _free_of(item, needles) else full_scan(item, no_log_strings) for key, item in value.items()
        }

    basic.remove_values = remove_values
    try:
        yield
    finally:
        basic.remove_values = full_scan


# A PEM private key (PKCS#8, PKCS#1, SEC1, OpenSSH …) to its end, or to the end of the text when it is cut off.
PRIVATE_KEY_PEM = re.compile(
    r'-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\Z)', re.S
)
# What an argument check's error says instead of a value of an ``unechoed`` option that is not one of its choices.
NOT_SHOWN = '(a value that is not shown)'


def private_key_texts(value: object) -> t.Iterator[str]:
    """Every string inside ``value`` that holds a PEM private key, then each key in it and its Base64 body, whole
    and line by line: what no output may show, whichever option it was given to."""
    if isinstance(value, str):
        if 'PRIVATE KEY-----' not in value:
            return
        yield value
        for block in PRIVATE_KEY_PEM.findall(value):
            yield block
            lines = [line.strip() for line in block.splitlines()[1:] if line.strip() and '-----' not in line]
            yield ''.join(lines)
            yield from (line for line in lines if len(line) >= 16)
    elif isinstance(value, dict):
        for item in value.values():
            yield from private_key_texts(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from private_key_texts(item)


class _AnsibleModule(AnsibleModule):  # type: ignore[misc]  # ansible-core has no type information
    """AnsibleModule whose integer options take an infinite or NaN number as bad input, not as a crash; that treats a
    PEM private key as a secret whichever option holds it; and whose ``unechoed`` options, given a value that is not
    one of their choices, are refused without the value (a key given to the wrong option stays secret)."""

    def __init__(self, *args: t.Any, unechoed: t.Collection[str] = (), **kwargs: t.Any) -> None:
        self._unechoed = frozenset(unechoed)
        super().__init__(*args, **kwargs)

    def _load_params(self) -> None:
        super()._load_params()
        # Before the argument check: its errors, the arguments a failure returns (-vvv shows them) and the system
        # log are masked from here on, as they are for no_log options.
        self.no_log_values.update(private_key_texts(self.params))
        for name, spec in self.argument_spec.items():
            value = self.params.get(name)
            if spec.get('type') == 'int' and isinstance(value, float) and not math.isfinite(value):
                # int(inf) raises OverflowError, which Ansible's type check does not catch: as text, the
                # check refuses it naming the option.
                self.params[name] = f'{value} (not a finite number)'
            choices = spec.get('choices')
            if name in self._unechoed and value is not None and choices and str(value) not in map(str, choices):
                # Ansible's choices error repeats the value ("got: …"): it gets this text instead.
                self.params[name] = NOT_SHOWN


# Retries listed in the warning of a run; more are counted, not listed.
RETRIES_LISTED = 10


class EdgeModule:
    """An AnsibleModule with the common options, the API client and uniform failures."""

    #: Given each retry line of the run's clients as its wait begins (EdgeClient.on_wait). The in-process action
    #: sets it to show the line live at -v; a module process cannot print while it runs and reports them at the end.
    on_retry_wait: t.ClassVar[t.Callable[[str], None] | None] = None

    def __init__(
        self,
        argument_spec: dict[str, dict[str, object]],
        services: t.Sequence[str] = (),
        supports_check_mode: bool = True,
        management_api: bool = True,
        unechoed: t.Collection[str] = (),
        private_key_options: t.Collection[str] = (),
        **kwargs: t.Any,
    ) -> None:
        """``services`` are the API areas besides the management API that the module calls (``video``,
        ``logging``). ``management_api=False`` is for modules that do not call the management API:
        they get no ``client`` and build one with ``connect``. ``unechoed`` options, given a value that is not one
        of their choices, are refused without it (where a secret could be given by mistake). A module with
        ``private_key_options`` (the options that take a PEM private key) refuses a private key in any other option
        before any request, without showing it (it could be sent as a name, or shown transformed)."""
        spec = api_argument_spec()
        spec.update(argument_spec)
        self.ansible = _AnsibleModule(
            argument_spec=spec, supports_check_mode=supports_check_mode, unechoed=unechoed, **kwargs
        )
        if not HAS_REQUESTS:
            self.ansible.fail_json(msg=missing_required_lib('requests'))
        self.params: dict[str, t.Any] = self.ansible.params
        self._clients: list[EdgeClient] = []
        # Set by a module when it changed a local file (an env file, an export).
        self.changed_locally = False
        if private_key_options:
            self._refuse_misplaced_keys(private_key_options)
        self._validate_common()
        # The base addresses of the APIs this module calls, and the key they take; other options are ignored.
        used = (['api_url'] if management_api else []) + [SERVICE_OPTIONS[service] for service in services]
        if used:
            self.require('api_key', *used)
        self.client: EdgeClient = None  # type: ignore[assignment]
        if management_api:
            base_urls = {'api': self.params['api_url']}
            for service in services:
                base_urls[service] = self.params[SERVICE_OPTIONS[service]]
            self.client = self.connect(base_urls, self.params['api_key'])

    def connect(self, base_urls: dict[str, str], api_key: str | None = None) -> EdgeClient:
        """A client with this run's timeout, retries and TLS settings; closed when the run ends."""
        client = EdgeClient(
            api_key=api_key,
            base_urls=base_urls,
            timeout=self.params['api_timeout'],
            retries=self.params['api_retries'],
            validate_certs=self.params['validate_certs'],
            ca_path=self.params.get('ca_path'),
            user_agent=f'edge.platform/{collection_version()} ansible/{self.ansible.ansible_version}',
        )
        client.on_wait = EdgeModule.on_retry_wait
        self._clients.append(client)
        return client

    def credential(self, option: str) -> str | None:
        """The credential of ``option`` that travels in a header, trimmed of surrounding white space (a key
        read from a file or a variable often ends in a line break); refused, unquoted, when a header cannot
        carry it. The trimmed value is masked like the given one."""
        value = self.params.get(option)
        if value is None:
            return None
        trimmed = str(value).strip()
        if trimmed:
            self.ansible.no_log_values.add(trimmed)
        problem = header_credential_problem(option, trimmed)
        if problem:
            self.fail(problem)
        self.params[option] = trimmed
        return trimmed

    def _refuse_misplaced_keys(self, private_key_options: t.Collection[str]) -> None:
        for option, value in self.params.items():
            if option not in private_key_options and next(private_key_texts(value), None) is not None:
                self.fail(
                    f"{option} holds a PEM private key, which it does not take (only {', '.join(private_key_options)} "
                    'does); the key is not shown'
                )

    def _validate_common(self) -> None:
        self.credential('api_key')
        if not math.isfinite(self.params['api_timeout']) or self.params['api_timeout'] <= 0:
            self.fail(f"api_timeout must be greater than 0, got {self.params['api_timeout']}")
        if self.params['api_retries'] < 0:
            self.fail(f"api_retries must be 0 or more, got {self.params['api_retries']}")
        ca_path = self.params.get('ca_path')
        if ca_path is not None and not os.path.exists(ca_path):
            self.fail(f'ca_path {ca_path} does not exist (a CA bundle file or a directory of CA certificates)')

    def check_url(self, option: str, schemes: t.Sequence[str] = ('http', 'https'), credentials: bool = True) -> str:
        """Refuse (before any request) a URL option that is malformed or holds user info; warn when
        ``credentials`` would travel over plain http to another machine.

        A password in the URL is masked in every output from here on, the failure's own included.
        """
        url = str(self.params[option]).strip()
        secrets = url_secrets(url)
        self.ansible.no_log_values.update(secrets)
        problem = url_problem(option, url, schemes)
        if problem:
            self.fail(problem)
        if credentials and sends_in_clear(url):
            self.ansible.warn(f'{option} {url} is plain http: the credentials and data travel unencrypted; use https')
        return url

    def require(self, *options: str) -> None:
        """Fail (before any request) when one of the connection ``options`` the module uses is set neither as an
        option nor in the environment, or is a base address that ``check_url`` refuses."""
        for option in options:
            if self.params.get(option) is None:
                self.fail(missing_option(option))
            if option in SERVICE_OPTIONS.values():
                self.check_url(option)

    def refuse_blank(self, *options: str) -> None:
        """Fail (before any request) when one of ``options`` is set to an empty or blank string."""
        problem = blank_problem(self.params, options)
        if problem:
            self.fail(problem)

    def refuse_non_positive(self, *options: str) -> None:
        """Fail (before any request) when one of the integer ``options`` is set below 1 (ids)."""
        problem = non_positive_problem(self.params, options)
        if problem:
            self.fail(problem)

    @property
    def check_mode(self) -> bool:
        return bool(self.ansible.check_mode)

    @property
    def diff_mode(self) -> bool:
        """Whether the run shows a diff (``--diff``, the task's ``diff: true``)."""
        return bool(self.ansible._diff)

    @property
    def builds_diff(self) -> bool:
        """Whether the result carries a diff: in diff mode, or when the task's environment asks for it."""
        return self.diff_mode or os.environ.get(DIFF_VARIABLE) == '1'

    @property
    def wrote(self) -> bool:
        """Whether this run changed anything: a write the API took (or may have taken), or a local file."""
        return self.changed_locally or any(client.wrote for client in self._clients)

    def warn_about_retries(self) -> None:
        """One warning that lists the run's retries (what, why, how long), if any: why a task took long."""
        retries = [line for client in self._clients for line in client.retry_log]
        if not retries:
            return
        listed = '; '.join(retries[:RETRIES_LISTED])
        more = f'; and {len(retries) - RETRIES_LISTED} more' if len(retries) > RETRIES_LISTED else ''
        self.ansible.warn(
            f"{len(retries)} {'retry' if len(retries) == 1 else 'retries'} after transient faults: {listed}{more}"
        )

    def fail(self, msg: str, **result: object) -> t.NoReturn:
        """Refuse bad input, or fail; a run that already wrote something reports ``changed: true``."""
        result.setdefault('changed', self.wrote)
        self.warn_about_retries()
        with quick_no_log_removal():
            self.ansible.fail_json(msg=msg, **result)
        raise AssertionError('unreachable')  # fail_json exits; this keeps type checkers honest

    def fail_api(self, error: EdgeApiError, **result: object) -> t.NoReturn:
        self.fail(str(error), failure=error.failure(), **result)

    def exit(self, **result: object) -> t.NoReturn:
        result.setdefault('changed', False)
        self.warn_about_retries()
        with quick_no_log_removal():
            self.ansible.exit_json(**result)
        raise AssertionError('unreachable')

    def run(self, main: t.Callable[[], t.Mapping[str, object]]) -> t.NoReturn:
        """Run ``main`` (which returns the result) and turn API errors into failures."""
        try:
            result = main()
        except EdgeApiError as error:
            self.fail_api(error)
        finally:
            for client in self._clients:
                client.close()
        self.exit(**result)
