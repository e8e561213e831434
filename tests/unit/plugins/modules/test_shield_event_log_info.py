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
from ansible_collections.edge.platform.tests.unit.helpers import COMMON_ARGS, Emulator, FakeApi, FakeResponse

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


def served_pages(emulator: Emulator, zone: int = ZONE, day: datetime.date = YESTERDAY) -> list[tuple[str, t.Any]]:
    """Every page the emulator serves for a zone and day, each with the path that asks for it; a set-up, not
    recorded."""
    client = emulator.client()
    base = f'/shield/event-logs/{zone}/{api_date(day)}'
    pages = []
    path = f'{base}/'
    while True:
        page = client.get(path, 'read a page of event logs')
        pages.append((path, page))
        if not page['hasMoreData']:
            break
        path = f"{base}/{page['continuationToken']}"
    emulator.forget_requests()
    return pages


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
    emulator: Emulator, run_module: t.Callable[..., t.Any], args: dict[str, t.Any], message: str
) -> None:
    wanted = dict({'shield_zone_id': ZONE, 'date': YESTERDAY.isoformat()}, **args)
    result = run(run_module, **{key: value for key, value in wanted.items() if value is not None})
    assert result.failed
    assert message in result.result['msg']
    assert emulator.sent == []


def test_kept_days_are_today_and_the_two_before() -> None:
    now = datetime.datetime(2026, 11, 22, 0, 0, 1, tzinfo=datetime.timezone.utc)
    assert kept_days(now) == (datetime.date(2026, 11, 20), datetime.date(2026, 11, 22))
    assert check_date('2026-11-20', now) == datetime.date(2026, 11, 20)
    with pytest.raises(ValueError, match='2026-11-20 to 2026-11-22'):
        check_date('2026-11-19', now)
    assert api_date(datetime.date(2026, 1, 5)) == '01-05-2026'


# ---- paging ---------------------------------------------------------------------------------------------


def test_reads_every_page_of_the_day(emulator: Emulator, run_module: t.Callable[..., t.Any]) -> None:
    pages = served_pages(emulator)
    assert len(pages) > 2  # the emulator's day has several pages (of a zone under attack: more than 10)
    result = run(run_module, shield_zone_id=ZONE, date=YESTERDAY.isoformat(), max_pages=50)
    assert not result.failed and not result.result['changed']
    assert [call.path for call in emulator.sent] == [path for path, _page in pages]
    assert result.result['logs'] == [log for _path, page in pages for log in page['logs']]
    assert result.result['has_more_data'] is False
    assert result.result['continuation_token'] is None
    assert result.result['pages'] == len(pages)
    assert result.result['shield_zone_id'] == ZONE


def test_max_pages_stops_and_the_token_resumes(emulator: Emulator, run_module: t.Callable[..., t.Any]) -> None:
    pages = served_pages(emulator)
    first = run(run_module, shield_zone_id=ZONE, date=YESTERDAY.isoformat(), max_pages=2)
    assert first.result['has_more_data'] is True
    token = pages[1][1]['continuationToken']
    assert first.result['continuation_token'] == token
    assert first.result['pages'] == 2 and first.result['logs'] == pages[0][1]['logs'] + pages[1][1]['logs']
    assert len(emulator.sent) == 2

    rest = run(
        run_module, shield_zone_id=ZONE, date=YESTERDAY.isoformat(), continuation_token=token, max_pages=len(pages)
    )
    assert [call.path for call in emulator.sent[2:]] == [path for path, _page in pages[2:]]
    assert rest.result['has_more_data'] is False and rest.result['continuation_token'] is None
    assert rest.result['pages'] == len(pages) - 2
    assert first.result['logs'] + rest.result['logs'] == [log for _path, page in pages for log in page['logs']]


def test_a_token_is_percent_encoded_in_the_path(emulator: Emulator, run_module: t.Callable[..., t.Any]) -> None:
    result = run(run_module, shield_zone_id=ZONE, date=TODAY.isoformat(), continuation_token='a/b+c=')
    assert [call.path for call in emulator.sent] == [f'/shield/event-logs/{ZONE}/{api_date(TODAY)}/a%2Fb%2Bc%3D']
    # The server decodes the path back to the token; the emulator serves no such page (its tokens are base64url).
    assert [entry['path'] for entry in emulator.requests] == [f'/shield/event-logs/{ZONE}/{api_date(TODAY)}/a/b+c=']
    assert result.failed
    assert result.result['failure'] == {'status': 404, 'error_key': 'not_found', 'message': 'Not Found'}


def test_an_api_repeating_its_token_does_not_loop(fake_api: FakeApi, run_module: t.Callable[..., t.Any]) -> None:
    # A hand-made answer: the emulator never gives a page's own token as the next one.
    fake_api.add(
        'GET',
        r'^/shield/event-logs/',
        {'logs': [entry(1)], 'hasMoreData': True, 'continuationToken': 'same', 'errorResponse': OK},
    )
    result = run(run_module, shield_zone_id=ZONE, date=TODAY.isoformat(), continuation_token='same', max_pages=50)
    assert len(fake_api.calls) == 1
    assert result.result['has_more_data'] is True and result.result['continuation_token'] == 'same'


def test_has_more_without_a_token_ends(fake_api: FakeApi, run_module: t.Callable[..., t.Any]) -> None:
    # A hand-made answer: the emulator never says hasMoreData without a token.
    fake_api.add('GET', r'^/shield/event-logs/', {'logs': [entry(1)], 'hasMoreData': True, 'continuationToken': None})
    result = run(run_module, shield_zone_id=ZONE, date=TODAY.isoformat())
    assert len(fake_api.calls) == 1
    assert result.result['has_more_data'] is False and result.result['continuation_token'] is None


def test_pull_zone_scope(emulator: Emulator, run_module: t.Callable[..., t.Any]) -> None:
    pages = served_pages(emulator)
    result = run(run_module, pullzone_name='assets-000', date=YESTERDAY.isoformat(), max_pages=1)
    assert result.result['shield_zone_id'] == ZONE
    assert result.result['logs'] == pages[0][1]['logs']
    assert [call.path for call in emulator.sent] == [
        '/pullzone',
        '/shield/shield-zone/get-by-pullzone/1001',
        f'{BASE}/',
    ]

    missing = run(run_module, pullzone_id=1003, date=YESTERDAY.isoformat())
    assert missing.failed
    assert 'pull zone 1003 has no shield zone' in missing.result['msg']
    assert [call.path for call in emulator.sent[3:]] == ['/shield/shield-zone/get-by-pullzone/1003']


def test_check_mode_reads_the_same(emulator: Emulator, run_module: t.Callable[..., t.Any]) -> None:
    normal = run(run_module, shield_zone_id=ZONE, date=YESTERDAY.isoformat())
    checked = run(run_module, check_mode=True, shield_zone_id=ZONE, date=YESTERDAY.isoformat())
    assert checked.result == normal.result
    assert normal.result['logs']


# ---- failures ------------------------------------------------------------------------------------------------


def test_error_response_with_success_false_on_200_fails(fake_api: FakeApi, run_module: t.Callable[..., t.Any]) -> None:
    # A hand-made answer: the emulator never answers 200 with success false.
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


def test_error_response_on_a_4xx_carries_its_status(emulator: Emulator, run_module: t.Callable[..., t.Any]) -> None:
    result = run(run_module, shield_zone_id=ZONE, date=TODAY.isoformat(), continuation_token='forged')
    assert result.failed
    assert result.result['msg'] == (
        f'read page 1 of the shield event logs of shield zone {ZONE} for {TODAY.isoformat()} failed: HTTP 400 '
        'invalid_continuation_token: The continuation token is not valid for this Shield Zone and date.'
    )
    assert result.result['failure']['status'] == 400
    assert result.result['failure']['error_key'] == 'invalid_continuation_token'
    assert len(emulator.sent) == 1


def test_the_status_code_of_the_error_response_wins(fake_api: FakeApi, run_module: t.Callable[..., t.Any]) -> None:
    # A hand-made answer: the emulator's errorResponse never carries a statusCode of its own.
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


def test_an_error_on_a_later_page_names_it(emulator: Emulator, run_module: t.Callable[..., t.Any]) -> None:
    emulator.add_fault(path=rf'^{BASE}/.+$', status=400)  # every page after the first
    result = run(run_module, shield_zone_id=ZONE, date=YESTERDAY.isoformat())
    assert result.failed
    assert result.result['msg'].startswith(f'read page 2 of the shield event logs of shield zone {ZONE}')
    assert result.result['failure'] == {
        'status': 400,
        'error_key': 'invalid_request',
        'message': 'The request is invalid.',
    }
    assert [call.status for call in emulator.sent] == [200, 400]


def test_unknown_shield_zone_fails_with_the_api_answer(emulator: Emulator, run_module: t.Callable[..., t.Any]) -> None:
    result = run(run_module, shield_zone_id=999, date=TODAY.isoformat())
    assert result.failed
    assert result.result['msg'].endswith('failed: HTTP 404 shield_zone.not_found: Shield Zone 999 was not found.')


def test_rate_limit_and_5xx_are_retried(emulator: Emulator, run_module: t.Callable[..., t.Any]) -> None:
    pages = served_pages(emulator)
    emulator.add_fault(path=rf'^{BASE}/$', status=429, retry_after=1)
    emulator.add_fault(path=rf'^{BASE}/$', status=503)
    result = run(run_module, shield_zone_id=ZONE, date=YESTERDAY.isoformat(), max_pages=1)
    assert not result.failed
    assert [call.status for call in emulator.sent] == [429, 503, 200]
    assert emulator.slept[0] == 1.0  # Retry-After honoured
    assert result.result['logs'] == pages[0][1]['logs']
