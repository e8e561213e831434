# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Every module accepts every connection option, and one that a module needs names its variable when missing."""

from __future__ import annotations

import importlib
import pathlib
import typing as t

import pytest

from ansible_collections.edge.platform.tests.unit.helpers import API_KEY, API_URL, LOGGING_URL, VIDEO_URL, FakeApi

MODULES = sorted(
    path.stem
    for path in (pathlib.Path(__file__).resolve().parents[4] / 'plugins' / 'modules').glob('*.py')
    if path.stem != '__init__'
)
EVERY_OPTION = {
    'api_key': API_KEY,
    'api_url': API_URL,
    'video_api_url': VIDEO_URL,
    'logging_api_url': LOGGING_URL,
    'validate_certs': True,
    'api_timeout': 5,
    'api_retries': 0,
}


@pytest.fixture(autouse=True)
def no_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ('EDGE_API_KEY', 'EDGE_API_URL', 'EDGE_VIDEO_API_URL', 'EDGE_LOGGING_API_URL'):
        monkeypatch.delenv(name, raising=False)


def main_of(name: str) -> t.Callable[[], None]:
    return t.cast(
        t.Callable[[], None], importlib.import_module(f'ansible_collections.edge.platform.plugins.modules.{name}').main
    )


@pytest.mark.parametrize('name', MODULES)
def test_every_module_accepts_every_connection_option(fake_api: FakeApi, run_module: t.Any, name: str) -> None:
    # Without its own options a module fails on them, never on a connection option it does not use.
    outcome = run_module(main_of(name), EVERY_OPTION)
    assert 'Unsupported parameters' not in outcome.result.get('msg', '')
    assert not any(option in outcome.result.get('msg', '') for option in EVERY_OPTION)


@pytest.mark.parametrize(
    'name, args, message',
    [
        ('pullzone_info', {'api_key': API_KEY}, 'api_url is required (or set EDGE_API_URL)'),
        ('pullzone_info', {'api_url': API_URL}, 'api_key is required (or set EDGE_API_KEY)'),
        (
            'video_thumbnail',
            {
                'api_key': API_KEY,
                'api_url': API_URL,
                'library_id': 5001,
                'video_id': 'a',
                'url': 'https://x.test/a.png',
            },
            'video_api_url is required (or set EDGE_VIDEO_API_URL)',
        ),
        (
            'cdn_log_info',
            {'api_key': API_KEY, 'api_url': API_URL, 'pullzone_id': 1001},
            'logging_api_url is required (or set EDGE_LOGGING_API_URL)',
        ),
        (
            'cdn_log_info',
            {'logging_api_url': LOGGING_URL, 'pullzone_id': 1001},
            'api_key is required (or set EDGE_API_KEY)',
        ),
    ],
)
def test_a_missing_base_address_names_its_variable(
    fake_api: FakeApi, run_module: t.Any, name: str, args: dict[str, t.Any], message: str
) -> None:
    outcome = run_module(main_of(name), args)
    assert outcome.failed
    assert outcome.result['msg'] == message
    assert fake_api.calls == []


def test_the_environment_supplies_a_base_address(
    fake_api: FakeApi, run_module: t.Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv('EDGE_API_URL', API_URL)
    fake_api.add('GET', r'^/pullzone/1001$', {'Id': 1001, 'Name': 'assets'})
    outcome = run_module(main_of('pullzone_info'), {'api_key': API_KEY, 'id': 1001})
    assert not outcome.failed
    assert outcome.result['pullzones'][0]['Id'] == 1001


def test_a_blank_variable_counts_as_not_set(
    fake_api: FakeApi, run_module: t.Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Automation Platform injects '' for a blank optional field of the credential.
    for name in ('EDGE_VIDEO_API_URL', 'EDGE_LOGGING_API_URL', 'EDGE_API_TIMEOUT', 'EDGE_API_RETRIES'):
        monkeypatch.setenv(name, '')
    monkeypatch.setenv('EDGE_API_KEY', '  ')
    args = {'api_url': API_URL, 'library_id': 5001, 'video_id': 'a', 'url': 'https://x.test/a.png'}
    outcome = run_module(main_of('video_thumbnail'), args)
    assert outcome.failed
    assert outcome.result['msg'] == 'api_key is required (or set EDGE_API_KEY)'
    outcome = run_module(main_of('video_thumbnail'), {**args, 'api_key': API_KEY})
    assert outcome.result['msg'] == 'video_api_url is required (or set EDGE_VIDEO_API_URL)'
    assert fake_api.calls == []
    fake_api.add('GET', r'^/pullzone/1001$', {'Id': 1001, 'Name': 'assets'})
    outcome = run_module(main_of('pullzone_info'), {'api_key': API_KEY, 'api_url': API_URL, 'id': 1001})
    assert not outcome.failed, outcome.result  # the blank timeout and retries leave their defaults
