# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""shield_event_log_info: validation before any request, paging with tokens and max_pages, the wrapper's
errorResponse."""

from __future__ import annotations

import datetime
import typing as t

import pytest

from ansible_collections.edge.platform.plugins.module_utils._shield_events import api_date, check_date, kept_days
from ansible_collections.edge.platform.plugins.modules import shield_event_log_info
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, FakeApi, FakeResponse

ZONE = 3001
OK = {'success': True, 'message': '', 'errorKey': ''}
TODAY = datetime.datetime.now(datetime.timezone.utc).date()
YESTERDAY = TODAY - datetime.timedelta(days=1)
BASE = f'/shield/event-logs/{ZONE}/{api_date(YESTERDAY)}'


def entry(number: int) -> dict[str, t.Any]:
    return {
        'logId': f'log-{number:04d}',
        'timestamp': 1795219200000 + number,
        'log': f'{{"n":{number}}}',
        'labels': {
            'asn': '15169',
            'country': 'US',
            'ruleId': '942100',
            'severity': 'CRITICAL',
            'method': 'GET',
            'ruleGroup': 'SQLI',
            'status': '403',
            'serverZone': 'DE',
        },
    }


class FakeLogs:
    """Pages of 3 entries each, tokens 'p2', 'p3' …; the last page has an empty token."""

    def __init__(self, api: FakeApi, pages: int = 4) -> None:
        self.pages = pages
        api.add('GET', rf'^/shield/event-logs/{ZONE}/[^/]+/[^/]*$', self.page)
        api.add(
            'GET',
            r'^/shield/shield-zone/get-by-pullzone/1001$',
            {'data': {'shieldZoneId': ZONE, 'pullZoneId': 1001}, 'error': OK},
        )
        api.add(
            'GET',
            r'^/shield/shield-zone/get-by-pullzone/1003$',
            FakeResponse(
                404, {'data': None, 'error': {'success': False, 'message': 'none', 'errorKey': 'shield_zone.not_found'}}
            ),
        )
        api.add('GET', r'^/pullzone$', [{'Id': 1001, 'Name': 'assets'}, {'Id': 1002, 'Name': 'assets-old'}])

    def page(self, call: t.Any) -> dict[str, t.Any]:
        token = call.path.rsplit('/', 1)[1]
        number = int(token[1:]) if token else 1
        more = number < self.pages
        return {
            'logs': [entry(number * 10 + index) for index in range(3)],
            'hasMoreData': more,
            'continuationToken': f'p{number + 1}' if more else '',
            'startToken': f'p{number}',
            'errorResponse': OK,
        }


def run(run_module: t.Callable[..., t.Any], check_mode: bool = False, **args: t.Any) -> t.Any:
    return run_module(shield_event_log_info.main, dict(COMMON_ARGS, **args), check_mode=check_mode)


# ---- input -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    'args, message',
    [
        ({'date': '21-11-2026'}, 'date must be a date as YYYY-MM-DD'),
        ({'date': '2026-02-30'}, 'is not a calendar date'),
        ({'date': (TODAY - datetime.timedelta(days=3)).isoformat()}, 'older than the kept event logs'),
        ({'date': (TODAY + datetime.timedelta(days=1)).isoformat()}, 'is in the future'),
        ({'max_pages': 0}, 'max_pages must be at least 1, got 0'),
        ({'continuation_token': ' '}, 'continuation_token must not be empty'),
        ({'shield_zone_id': 0}, 'shield_zone_id must be a positive integer, got 0'),
        ({'shield_zone_id': None, 'pullzone_name': ''}, 'pullzone_name must not be empty'),
        ({'shield_zone_id': None}, 'one of the following is required: shield_zone_id, pullzone_id, pullzone_name'),
        ({'pullzone_id': 1001}, 'mutually exclusive'),
    ],
)
def test_bad_input_is_refused_before_any_request(
    fake_api: FakeApi, run_module: t.Callable[..., t.Any], args: dict[str, t.Any], message: str
) -> None:
    FakeLogs(fake_api)
    wanted = dict({'shield_zone_id': ZONE, 'date': YESTERDAY.isoformat()}, **args)
    result = run(run_module, **{key: value for key, value in wanted.items() if value is not None})
    assert result.failed
    assert message in result.result['msg']
    assert fake_api.calls == []


def test_kept_days_are_today_and_the_two_before() -> None:
    now = datetime.datetime(2026, 11, 22, 0, 0, 1, tzinfo=datetime.timezone.utc)
    assert kept_days(now) == (datetime.date(2026, 11, 20), datetime.date(2026, 11, 22))
    assert check_date('2026-11-20', now) == datetime.date(2026, 11, 20)
    with pytest.raises(ValueError, match='2026-11-20 to 2026-11-22'):
        check_date('2026-11-19', now)
    assert api_date(datetime.date(2026, 1, 5)) == '01-05-2026'


# ---- paging ---------------------------------------------------------------------------------------------


def test_reads_every_page_of_the_day(fake_api: FakeApi, run_module: t.Callable[..., t.Any]) -> None:
    FakeLogs(fake_api)
    result = run(run_module, shield_zone_id=ZONE, date=YESTERDAY.isoformat())
    assert not result.failed and not result.result['changed']
    assert [call.path for call in fake_api.calls] == [f'{BASE}/', f'{BASE}/p2', f'{BASE}/p3', f'{BASE}/p4']
    assert [log['logId'] for log in result.result['logs']] == [
        f'log-{n * 10 + i:04d}' for n in range(1, 5) for i in range(3)
    ]
    assert result.result['logs'][0] == entry(10)
    assert result.result['has_more_data'] is False
    assert result.result['continuation_token'] is None
    assert result.result['pages'] == 4
    assert result.result['shield_zone_id'] == ZONE


def test_max_pages_stops_and_the_token_resumes(fake_api: FakeApi, run_module: t.Callable[..., t.Any]) -> None:
    FakeLogs(fake_api)
    first = run(run_module, shield_zone_id=ZONE, date=YESTERDAY.isoformat(), max_pages=2)
    assert first.result['has_more_data'] is True
    assert first.result['continuation_token'] == 'p3'
    assert first.result['pages'] == 2 and len(first.result['logs']) == 6
    assert len(fake_api.calls) == 2

    rest = run(run_module, shield_zone_id=ZONE, date=YESTERDAY.isoformat(), continuation_token='p3', max_pages=2)
    assert [call.path for call in fake_api.calls[2:]] == [f'{BASE}/p3', f'{BASE}/p4']
    assert rest.result['has_more_data'] is False and rest.result['continuation_token'] is None
    assert [log['logId'] for log in first.result['logs'] + rest.result['logs']] == [
        f'log-{n * 10 + i:04d}' for n in range(1, 5) for i in range(3)
    ]


def test_a_token_is_percent_encoded_in_the_path(fake_api: FakeApi, run_module: t.Callable[..., t.Any]) -> None:
    fake_api.add(
        'GET', r'^/shield/event-logs/', {'logs': [], 'hasMoreData': False, 'continuationToken': '', 'errorResponse': OK}
    )
    result = run(run_module, shield_zone_id=ZONE, date=TODAY.isoformat(), continuation_token='a/b+c=')
    assert not result.failed
    assert fake_api.calls[0].path == f'/shield/event-logs/{ZONE}/{api_date(TODAY)}/a%2Fb%2Bc%3D'
    assert result.result['logs'] == [] and result.result['pages'] == 1


def test_an_api_repeating_its_token_does_not_loop(fake_api: FakeApi, run_module: t.Callable[..., t.Any]) -> None:
    fake_api.add(
        'GET',
        r'^/shield/event-logs/',
        {'logs': [entry(1)], 'hasMoreData': True, 'continuationToken': 'same', 'errorResponse': OK},
    )
    result = run(run_module, shield_zone_id=ZONE, date=TODAY.isoformat(), continuation_token='same', max_pages=50)
    assert len(fake_api.calls) == 1
    assert result.result['has_more_data'] is True and result.result['continuation_token'] == 'same'


def test_has_more_without_a_token_ends(fake_api: FakeApi, run_module: t.Callable[..., t.Any]) -> None:
    fake_api.add('GET', r'^/shield/event-logs/', {'logs': [entry(1)], 'hasMoreData': True, 'continuationToken': None})
    result = run(run_module, shield_zone_id=ZONE, date=TODAY.isoformat())
    assert len(fake_api.calls) == 1
    assert result.result['has_more_data'] is False and result.result['continuation_token'] is None


def test_pull_zone_scope(fake_api: FakeApi, run_module: t.Callable[..., t.Any]) -> None:
    FakeLogs(fake_api, pages=1)
    result = run(run_module, pullzone_name='assets', date=YESTERDAY.isoformat())
    assert result.result['shield_zone_id'] == ZONE
    assert [call.path for call in fake_api.calls] == [
        '/pullzone',
        '/shield/shield-zone/get-by-pullzone/1001',
        f'{BASE}/',
    ]

    missing = run(run_module, pullzone_id=1003, date=YESTERDAY.isoformat())
    assert missing.failed
    assert 'pull zone 1003 has no shield zone' in missing.result['msg']
    assert not [call for call in fake_api.calls if call.path.startswith('/shield/event-logs/') and '1003' in call.path]


def test_check_mode_reads_the_same(fake_api: FakeApi, run_module: t.Callable[..., t.Any]) -> None:
    FakeLogs(fake_api)
    normal = run(run_module, shield_zone_id=ZONE, date=YESTERDAY.isoformat())
    checked = run(run_module, check_mode=True, shield_zone_id=ZONE, date=YESTERDAY.isoformat())
    assert checked.result == normal.result


# ---- failures ------------------------------------------------------------------------------------------------


def test_error_response_with_success_false_on_200_fails(fake_api: FakeApi, run_module: t.Callable[..., t.Any]) -> None:
    fake_api.add(
        'GET',
        r'^/shield/event-logs/',
        {
            'logs': None,
            'hasMoreData': False,
            'continuationToken': None,
            'startToken': None,
            'errorResponse': {
                'success': False,
                'message': 'You can only view the past 3 days (72 hours) of Event Logs.',
                'errorKey': 'invalid_datetime_window.event_logs',
            },
        },
    )
    result = run(run_module, shield_zone_id=ZONE, date=TODAY.isoformat())
    assert result.failed
    assert result.result['msg'] == (
        f'read page 1 of the shield event logs of shield zone {ZONE} for {TODAY.isoformat()} failed: HTTP 200 '
        'invalid_datetime_window.event_logs: You can only view the past 3 days (72 hours) of Event Logs.'
    )
    assert result.result['failure'] == {
        'status': 200,
        'error_key': 'invalid_datetime_window.event_logs',
        'message': 'You can only view the past 3 days (72 hours) of Event Logs.',
    }


def test_error_response_on_a_4xx_carries_its_status(fake_api: FakeApi, run_module: t.Callable[..., t.Any]) -> None:
    fake_api.add(
        'GET',
        r'^/shield/event-logs/',
        FakeResponse(
            400,
            {
                'logs': None,
                'hasMoreData': False,
                'errorResponse': {
                    'statusCode': 401,
                    'success': False,
                    'message': 'The continuation token is not valid.',
                    'errorKey': 'invalid_continuation_token',
                },
            },
        ),
    )
    result = run(run_module, shield_zone_id=ZONE, date=TODAY.isoformat(), continuation_token='forged')
    assert result.failed
    assert result.result['failure']['status'] == 401
    assert result.result['failure']['error_key'] == 'invalid_continuation_token'
    assert len(fake_api.calls) == 1


def test_an_error_on_a_later_page_names_it(fake_api: FakeApi, run_module: t.Callable[..., t.Any]) -> None:
    fake_api.add(
        'GET',
        r'^/shield/event-logs/',
        {'logs': [entry(1)], 'hasMoreData': True, 'continuationToken': 'p2', 'errorResponse': OK},
        FakeResponse(
            400, {'type': 'x', 'title': 'validation_error', 'status': 400, 'detail': 'bad token', 'instance': ''}
        ),
    )
    result = run(run_module, shield_zone_id=ZONE, date=TODAY.isoformat())
    assert result.failed
    assert result.result['msg'].startswith(f'read page 2 of the shield event logs of shield zone {ZONE}')
    assert result.result['failure'] == {'status': 400, 'error_key': 'validation_error', 'message': 'bad token'}


def test_unknown_shield_zone_fails_with_the_api_answer(fake_api: FakeApi, run_module: t.Callable[..., t.Any]) -> None:
    fake_api.add(
        'GET',
        r'^/shield/event-logs/',
        FakeResponse(
            404,
            {
                'data': None,
                'error': {
                    'success': False,
                    'message': 'Shield Zone 999 was not found.',
                    'errorKey': 'shield_zone.not_found',
                },
            },
        ),
    )
    result = run(run_module, shield_zone_id=999, date=TODAY.isoformat())
    assert result.failed
    assert result.result['msg'].endswith('failed: HTTP 404 shield_zone.not_found: Shield Zone 999 was not found.')


def test_rate_limit_and_5xx_are_retried(fake_api: FakeApi, run_module: t.Callable[..., t.Any]) -> None:
    page = {'logs': [entry(1)], 'hasMoreData': False, 'continuationToken': '', 'errorResponse': OK}
    fake_api.add(
        'GET',
        r'^/shield/event-logs/',
        FakeResponse(429, {'statusCode': 429}, headers={'Retry-After': '1'}),
        FakeResponse(503, None),
        page,
    )
    result = run(run_module, shield_zone_id=ZONE, date=TODAY.isoformat())
    assert not result.failed
    assert len(fake_api.calls) == 3
    assert result.result['logs'] == [entry(1)]
