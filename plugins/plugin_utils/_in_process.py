# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Run edge.platform modules inside the Ansible worker process when the task runs on the controller.

Every module of the collection is handled by one action plugin (``plugins/action/pullzone_info.py``, a subclass
of ``InProcessAction``, named after a module only to satisfy ansible-test): ``meta/runtime.yml`` names it as the
``action_plugin`` of each module. The plugin finds the module from the task as ansible-core does (the task's
action, through the task's ``collections``). When the task runs on the controller (local connection, no
``become``, no ``async``) and ``requests`` is importable here, the action calls the module's own ``main()``
in this process instead of packing it into AnsiballZ and starting a new Python: same argument spec and
validation, same requests, same result. Anything else runs the module the normal way, through
``ansible.builtin.normal``'s machinery.

What a module process would get, it gets here too: its arguments with the ``_ansible_*`` settings (check mode,
diff, verbosity, no_log …) as the module's own JSON input, the task's ``environment:`` in ``os.environ``, a
temporary directory, warnings and deprecations recorded into the result rather than printed, and a result that
goes through the same post-processing as one read from a module's stdout.

ansible-core imports the package ``plugins/action`` in the main process when it parses a task of the collection,
before it forks a worker per task; the package imports this machinery and every module then
(``plugins/action/__init__.py``), so ``requests`` and the collection's code are paid once per run, not per task.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import pkgutil
import shutil
import signal
import sys
import tempfile
import threading
import traceback
import types
import typing as t
from collections.abc import Sequence

from ansible import constants as C
from ansible.errors import AnsibleError
from ansible.module_utils import basic
from ansible.module_utils.common import warnings as module_warnings
from ansible.module_utils.parsing.convert_bool import boolean
from ansible.plugins.action import ActionBase
from ansible.plugins.action.normal import ActionModule as NormalAction
from ansible.utils.display import Display
from ansible.utils.vars import merge_hash

from ansible_collections.edge.platform.plugins.module_utils._client import HAS_REQUESTS
from ansible_collections.edge.platform.plugins.module_utils._common import DIFF_VARIABLE, EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._version import VERSION_VARIABLE, collection_version

try:  # ansible-core 2.19+: module arguments travel in a serialization profile
    from ansible.module_utils.common.json import Direction, get_module_encoder

    OLD_ENCODER: type[json.JSONEncoder] | None = None
except ImportError:  # older: plain JSON with Ansible's encoder
    from ansible.module_utils.common.json import AnsibleJSONEncoder as OLD_ENCODER  # type: ignore[no-redef]

    Direction = get_module_encoder = None

try:  # ansible-core 2.19+: module-side warnings only go into the result outside the controller
    from ansible.module_utils import _internal as module_internals
except ImportError:
    module_internals = None

try:  # ansible-core 2.19+: AnsiballZ turns an exception a module raises into a failed result of its own
    from ansible.module_utils._internal._ansiballz._loader import _handle_exception as report_module_exception
except ImportError:  # older: the exception's traceback goes to stderr, and the controller reads that
    report_module_exception = None

try:  # ansible-core 2.19+: a module failure's exception is normalized by the controller
    from ansible._internal._errors._captured import AnsibleModuleCapturedError
except ImportError:
    AnsibleModuleCapturedError = None

try:  # ansible-core 2.21+: the controller takes a module's result as a UnifiedTaskResult
    from ansible._internal._task import UnifiedTaskResult

    remove_internal_keys: t.Callable[[dict[str, t.Any]], None] | None = None
except ImportError:  # older: a result dict, cleaned of internal keys in place
    from ansible.vars.clean import remove_internal_keys  # type: ignore[no-redef]

    UnifiedTaskResult = None

display = Display()

#: The wire format modules without metadata use (ansible-core 2.19+).
PROFILE = 'legacy'
#: The collection whose modules run here, the Python package of its modules, and the name its settings go by.
COLLECTION = 'edge.platform'
MODULES_PACKAGE = 'ansible_collections.edge.platform.plugins.modules'
SWITCH_PLUGIN = f'{COLLECTION}.in_process'
#: The roles that summarise their modules' diffs (site_result's details, the audit's drift): a module builds its diff
#: only in diff mode, so their tasks ask for it in their environment; ansible-core still shows it only in diff mode.
SUMMARISING_ROLES = frozenset({f'{COLLECTION}.site'})
# Secret environment variables of the modules (the task's ``environment:``) and the no_log option each stands for.
# ansible-core writes a module process's environment into its command line, which -vvv shows: such a variable is
# left out of it and reaches the module as that option instead. A blank one is no secret and stays on the command
# line: the task's environment wins over the controller's on both paths, so the module finds no key, as in process.
SECRET_ENVIRONMENT = {'EDGE_API_KEY': 'api_key'}

# The switch, resolved by Ansible's configuration system like any plugin option (its precedence: variable,
# environment, ansible.cfg). No type: the configuration system would take any word but a true one for false,
# so the value is checked here and a word that is not a boolean is refused.
SWITCH_DEFINITION = {
    'in_process': {
        'description': 'Run edge.platform modules inside the Ansible worker when the task runs on the controller.',
        'default': True,
        'env': [{'name': 'EDGE_PLATFORM_IN_PROCESS'}],
        'ini': [{'section': 'edge_platform', 'key': 'in_process'}],
        'vars': [{'name': 'edge_platform_in_process'}],
    },
}
C.config.initialize_plugin_configuration_definitions('action', SWITCH_PLUGIN, SWITCH_DEFINITION)
SWITCH_VALUES = 'true or false (or yes/no, on/off, 1/0)'


class SwitchError(Exception):
    """The switch is set to a value that is not a boolean."""


def switch_origin(origin: str) -> str:
    """Where the configuration system found the switch, in the words a user sets it with."""
    if origin.startswith('env: '):
        return f'the environment variable {origin[5:]}'
    if origin.startswith('var: '):
        return f'the variable {origin[5:]}'
    return f'in_process in the [edge_platform] section of {origin}'  # the path of an ansible.cfg


def in_process_enabled(
    task_vars: t.Mapping[str, object] | None = None, template: t.Callable[[str], object] | None = None
) -> bool:
    """The switch: ``edge_platform_in_process``, ``EDGE_PLATFORM_IN_PROCESS`` or ``[edge_platform] in_process``.

    A variable is templated with ``template`` first. Blank counts as not set (Automation Platform injects blank
    variables); a value that is not a boolean raises SwitchError naming where it was set.
    """
    value, origin = C.config.get_config_value_and_origin(
        'in_process', plugin_type='action', plugin_name=SWITCH_PLUGIN, variables=task_vars
    )
    if template is not None and isinstance(value, str) and origin.startswith('var: '):
        value = template(value)
    if isinstance(value, str) and not value.strip():
        return bool(SWITCH_DEFINITION['in_process']['default'])
    try:
        return bool(boolean(value, strict=True))
    except TypeError:
        raise SwitchError(f'{switch_origin(origin)} must be {SWITCH_VALUES}, got {value!r}') from None


def collection_modules() -> list[str]:
    """The short names of the collection's modules (the files of ``plugins/modules``)."""
    package = importlib.import_module(MODULES_PACKAGE)
    return sorted(info.name for info in pkgutil.iter_modules(package.__path__) if not info.ispkg)


def preload_modules() -> None:
    """Import every module of the collection, so that forked workers find them imported.

    A module that fails to import is left alone here: the task that runs it reports the error.
    """
    for name in collection_modules():
        with contextlib.suppress(Exception):
            importlib.import_module(f'{MODULES_PACKAGE}.{name}')


class ModuleRun:
    """What one in-process run of a module left behind: its recorded result or its output."""

    def __init__(self) -> None:
        self.result: dict[str, t.Any] | None = None
        self.stdout = io.StringIO()
        self.stderr = io.StringIO()
        self.exit_code = 0


def encode_arguments(args: t.Mapping[str, object]) -> tuple[bytes, str | None]:
    """The module's input exactly as AnsiballZ hands it over: JSON of ``{ANSIBLE_MODULE_ARGS: …}``."""
    wrapped = {'ANSIBLE_MODULE_ARGS': args}
    if get_module_encoder is not None:
        return json.dumps(wrapped, cls=get_module_encoder(PROFILE, Direction.CONTROLLER_TO_MODULE)).encode(), PROFILE
    return json.dumps(wrapped, cls=OLD_ENCODER, vault_to_text=True).encode(), None


#: A module run changes what the whole process shares (working directory, environment, standard streams,
#: ansible-core's module globals): one run at a time, should anything ever run tasks in threads here.
PROCESS_STATE = threading.Lock()


@contextlib.contextmanager
def module_process(
    arguments: bytes, profile: str | None, environment: t.Mapping[str, object], directory: str
) -> t.Iterator[ModuleRun]:
    """The process-wide state a module sees, set up as in a module process and put back afterwards."""
    with (
        PROCESS_STATE,
        task_environment(environment),
        working_directory(directory),
        module_globals(arguments, profile) as run,
    ):
        yield run


@contextlib.contextmanager
def task_environment(environment: t.Mapping[str, object]) -> t.Iterator[None]:
    """The task's ``environment:`` in ``os.environ`` (as the module process would inherit it), then restored."""
    saved = dict(os.environ)
    os.environ.update({str(key): str(value) for key, value in environment.items()})
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


@contextlib.contextmanager
def working_directory(directory: str) -> t.Iterator[None]:
    """``directory`` as the working directory (relative paths resolve against it), then the one before."""
    saved = os.getcwd()
    os.chdir(directory)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):  # AnsibleModule may have moved elsewhere; this puts it back
            os.chdir(saved)


@contextlib.contextmanager
def module_globals(arguments: bytes, profile: str | None) -> t.Iterator[ModuleRun]:
    """ansible-core's module-side globals and the standard streams, as in a module process, then restored."""
    run = ModuleRun()
    saved_args = (basic._ANSIBLE_ARGS, getattr(basic, '_ANSIBLE_PROFILE', None))
    saved_streams = (sys.stdout, sys.stderr)
    record = getattr(basic.AnsibleModule, '_record_module_result', None)
    was_controller = getattr(module_internals, 'is_controller', None)

    def capture(module: basic.AnsibleModule, result: dict[str, t.Any]) -> None:
        run.result = result

    basic._ANSIBLE_ARGS = arguments
    if profile is not None:
        basic._ANSIBLE_PROFILE = profile
    if record is not None:  # ansible-core 2.19.1+: take the result as an object, not as printed JSON
        basic.AnsibleModule._record_module_result = capture
    if was_controller is not None:
        module_internals.is_controller = False
    clear_module_messages()
    sys.stdout, sys.stderr = run.stdout, run.stderr
    try:
        yield run
    finally:
        sys.stdout, sys.stderr = saved_streams
        clear_module_messages()
        if was_controller is not None:
            module_internals.is_controller = was_controller
        if record is not None:
            basic.AnsibleModule._record_module_result = record
        basic._ANSIBLE_ARGS = saved_args[0]
        if profile is not None:
            basic._ANSIBLE_PROFILE = saved_args[1]
        if hasattr(basic, '_PARSED_MODULE_ARGS'):
            basic._PARSED_MODULE_ARGS = None


@contextlib.contextmanager
def interruptible() -> t.Iterator[None]:
    """Ctrl-C (SIGINT) or SIGTERM during a module run raise KeyboardInterrupt in it, as in a module process, so
    that the module's own clean-up and ours run; then the signal goes to the handler that was in place.

    Without this, the worker dies at once: ansible-core 2.19+ has it pass the signal on to its process group with
    the default action, and older versions end it with SIGTERM right after Ctrl-C, leaving a half-written
    temporary file and the run's temporary directory behind. A signal that comes while cleaning up waits for
    the clean-up to finish.
    """
    if threading.current_thread() is not threading.main_thread():  # signal handlers belong to the main thread
        yield
        return
    received: list[int] = []

    def interrupt(signum: int, frame: object) -> None:
        if received:
            return
        received.append(signum)
        raise KeyboardInterrupt

    previous = {}
    for signum in (signal.SIGINT, signal.SIGTERM):
        handler = signal.getsignal(signum)
        if handler not in (signal.SIG_IGN, None):  # None: installed outside Python, left alone
            previous[signum] = signal.signal(signum, interrupt)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if received:
            signal.raise_signal(received[0])


@contextlib.contextmanager
def retries_shown(show: t.Callable[[str], None]) -> t.Iterator[None]:
    """Each retry's wait shown by ``show`` as it begins, during a module run (a module process cannot print)."""
    saved = EdgeModule.on_retry_wait
    EdgeModule.on_retry_wait = show
    try:
        yield
    finally:
        EdgeModule.on_retry_wait = saved


def retry_display(action: str, host: str | None) -> t.Callable[[str], None]:
    """What shows a retry line live: at -v, as ``<host> <action>: GET pullzone/1: HTTP 429, retry 1 of 5 after
    3.0 s`` (the client's line names the request and the reason, never a header or secret)."""

    def show(line: str) -> None:
        display.v(f'{action}: {line}', host=host)

    return show


def report_crash(run: ModuleRun, bug: Exception, profile: str | None) -> int:
    """What a module process that raised ``bug`` would print, into ``run``; its exit code.

    ansible-core 2.19+ prints a failed result that carries the exception (its traceback only when tracebacks are
    on), older versions let Python print the traceback to stderr.
    """
    if report_module_exception is not None and profile is not None:
        try:
            report_module_exception(bug, profile)
        except SystemExit as exit_:
            return exit_.code if isinstance(exit_.code, int) else 1
    run.stderr.write(''.join(traceback.format_exception(type(bug), bug, bug.__traceback__)))
    return 1


def is_blank(value: object) -> bool:
    """Whether an environment value counts as not set (the modules' fallbacks ignore a blank variable)."""
    return value is None or not str(value).strip()


def clear_module_messages() -> None:
    """Forget warnings and deprecations a module recorded (they are per module run)."""
    for name in ('_global_warnings', '_global_deprecations'):
        recorded = getattr(module_warnings, name, None)
        if recorded is not None:
            recorded.clear()


class InProcessAction(NormalAction):  # type: ignore[misc]  # ansible-core has no type information
    """The action of every edge.platform module: in this process on the controller, else as a module."""

    def run(self, tmp: t.Any = None, task_vars: dict[str, t.Any] | None = None) -> dict[str, object]:
        task_vars = task_vars if task_vars is not None else {}
        role = getattr(self._task, '_role', None)
        if role is not None and role.get_name() in SUMMARISING_ROLES:
            self.add_environment({DIFF_VARIABLE: '1'})
        try:
            refusal = self.in_process_refusal(task_vars)
        except SwitchError as error:  # a misspelt switch would otherwise pick a path the user did not ask for
            return {'failed': True, 'msg': str(error)}
        if refusal:
            display.vvvv(f'{self._task.action}: runs as a module process ({refusal})')
            # The packed module has no collection metadata beside it: it reads its version from here.
            self.add_environment({VERSION_VARIABLE: collection_version()})
            self._task.args = {**self.secret_arguments(), **self._task.args}
            return t.cast('dict[str, object]', super().run(tmp, task_vars))
        display.vvvv(f'{self._task.action}: runs inside the controller process')
        return self.run_in_process(task_vars)

    def add_environment(self, variables: dict[str, str]) -> None:
        """Give the module VARIABLES in its environment, under the task's own (which win)."""
        environment = self._task.environment
        environment = list(environment) if isinstance(environment, list) else [environment] if environment else []
        self._task.environment = [variables, *environment]

    def secret_arguments(self) -> dict[str, object]:
        """The options the task's secret environment variables stand for (those set and not blank)."""
        environment: dict[str, object] = {}
        self._compute_environment_string(environment)
        values = {option: environment.get(variable) for variable, option in SECRET_ENVIRONMENT.items()}
        return {option: value for option, value in values.items() if not is_blank(value)}

    def _compute_environment_string(self, raw_environment_out: dict[str, object] | None = None) -> str:
        """The environment prefix of a module process's command line, without the secret variables (run gives
        the module those as options); RAW_ENVIRONMENT_OUT gets the whole environment."""
        environment: dict[str, object] = {}
        super()._compute_environment_string(environment)
        if isinstance(raw_environment_out, dict):
            raw_environment_out.clear()
            raw_environment_out.update(environment)
        shown = {
            name: value for name, value in environment.items() if name not in SECRET_ENVIRONMENT or is_blank(value)
        }
        return t.cast(str, self._connection._shell.env_prefix(**shown))

    def in_process_refusal(self, task_vars: t.Mapping[str, object]) -> str | None:
        """Why this task cannot run in process, or None when it can."""
        templar = getattr(self, '_templar', None)
        if not in_process_enabled(task_vars, template=templar.template if templar is not None else None):
            return 'in-process execution is turned off'
        if self._connection.transport != 'local':
            return f'connection {self._connection.transport}'
        if self._play_context.become:
            return 'become'
        if self._task.async_val:
            return 'async'
        if not HAS_REQUESTS:
            return 'requests is not installed on the controller'
        if self.task_module() is None:
            return f'not a module of {COLLECTION}'
        return None

    def task_module(self) -> types.ModuleType | None:
        """The collection's module this task runs, found as ansible-core finds it, or None for any other.

        Not ``resolved_action``: ansible-core 2.16 sets it to the action plugin of a module that names one.
        """
        found = self._shared_loader_obj.module_loader.find_plugin_with_context(
            self._task.action, collection_list=self._task.collections
        )
        collection, dot, name = (found.resolved_fqcn or '').rpartition('.') if found.resolved else ('', '', '')
        if collection != COLLECTION or not dot or not name.isidentifier():
            return None
        return importlib.import_module(f'{MODULES_PACKAGE}.{name}')

    def run_in_process(self, task_vars: dict[str, t.Any]) -> dict[str, object]:
        result = ActionBase.run(self, task_vars=task_vars)  # the generic checks (check mode, async)
        module = self.task_module()
        if module is None:  # in_process_refusal made sure it is not
            raise AnsibleError(f'{self._task.action} is not a module of {COLLECTION}')
        module_args = dict(self._task.args)
        # The name as the task gives it, as _execute_module passes it to a module process.
        self._update_module_args(self._task.action, module_args, task_vars)
        environment: dict[str, object] = {}
        self._compute_environment_string(environment)

        # The local connection starts a module process in the playbook's directory (the loader's base directory,
        # ActionBase._low_level_execute_command): relative paths (dest, env_file, src) resolve against it.
        directory = self._loader.get_basedir()

        with interruptible():
            tmpdir = tempfile.mkdtemp(prefix='ansible-edge-platform-')
            module_args['_ansible_tmpdir'] = tmpdir
            arguments, profile = encode_arguments(module_args)
            try:
                show = retry_display(self._task.action, task_vars.get('inventory_hostname'))
                with module_process(arguments, profile, environment, directory) as run, retries_shown(show):
                    try:
                        module.main()
                    except SystemExit as exit_:
                        run.exit_code = 0 if exit_.code is None else exit_.code if isinstance(exit_.code, int) else 1
                    except Exception as bug:  # reported as AnsiballZ reports it from a module process
                        run.exit_code = report_crash(run, bug, profile)
            finally:
                shutil.rmtree(tmpdir, ignore_errors=True)
        return t.cast('dict[str, object]', merge_hash(result, self.module_result(run, profile)))

    def module_result(self, run: ModuleRun, profile: str | None) -> dict[str, object]:
        """The result as ``_execute_module`` would make it of the module's output."""
        output = {'rc': run.exit_code, 'stdout': run.stdout.getvalue(), 'stderr': run.stderr.getvalue()}
        if UnifiedTaskResult is not None:  # ansible-core 2.21+
            if run.result is not None:
                unified = UnifiedTaskResult.from_module_result_dict(run.result)
                unified.ansible_parsed = True
            else:
                unified = self._parse_returned_data(output, profile)
            unified.remove_internal_keys()
            return t.cast('dict[str, object]', unified.as_result_dict(for_round_trip=True))
        if run.result is not None:
            data = run.result
            if AnsibleModuleCapturedError is not None:
                AnsibleModuleCapturedError.normalize_result_exception(data)
            data['_ansible_parsed'] = True
        else:  # printed (older ansible-core) or never produced (a traceback): parse what a module process would print
            data = (
                self._parse_returned_data(output, profile) if profile is not None else self._parse_returned_data(output)
            )
        data.pop('_ansible_suppress_tmpdir_delete', None)
        results = data.get('results')
        if results is not None and (not isinstance(results, Sequence) or isinstance(results, str)):
            data['ansible_module_results'] = data.pop('results')
            display.warning("Found internal 'results' key in module return, renamed to 'ansible_module_results'.")
        if remove_internal_keys is not None:  # imported whenever UnifiedTaskResult is not
            remove_internal_keys(data)
        for stream in ('stdout', 'stderr'):
            if stream in data and f'{stream}_lines' not in data:
                data[f'{stream}_lines'] = (data.get(stream) or '').splitlines()
        return data
