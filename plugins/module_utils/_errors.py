# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""How the Edge Platform API says that something failed, and the error the collection raises for it.

Every error body shape of the API (spec section 7): each parser takes a body of its shape and leaves any
other to the next. Each API area answers in its own shapes (``CORE``, ``SHIELD`` …): an area's API module
passes its shapes with its requests, and a body of another shape is still read (a gateway's, a proxy's),
after them. ``unsaved_answer`` reads the three ways a 2xx answer says that nothing was saved.
"""

from __future__ import annotations

import typing as t


class EdgeApiError(Exception):
    """A failed API operation: what was attempted, the HTTP status and the API's own words."""

    def __init__(
        self,
        operation: str,
        status: int | None,
        message: str,
        error_key: str | None = None,
        field_errors: list[dict[str, str]] | None = None,
    ) -> None:
        self.operation = operation
        self.status = status
        self.message = message
        self.error_key = error_key
        self.field_errors = field_errors or []
        super().__init__(str(self))

    def __str__(self) -> str:
        if not self.status:  # a network error or a finding of the module itself
            return f'{self.operation} failed: {self.message}'
        key = f' {self.error_key}' if self.error_key else ''
        return f'{self.operation} failed: HTTP {self.status}{key}: {self.message}'

    def failure(self) -> dict[str, object]:
        """The machine-readable part of a module failure."""
        failure: dict[str, object] = {'status': self.status, 'error_key': self.error_key, 'message': self.message}
        if self.field_errors:
            failure['errors'] = self.field_errors
        return failure


class EdgeFinding(EdgeApiError):
    """A finding of the module itself, with no HTTP status: what it read is ambiguous, or a planned
    write cannot succeed (a name several objects have, a limit the write would exceed)."""

    def __init__(self, operation: str, message: str, error_key: str | None = None) -> None:
        super().__init__(operation, None, message, error_key)


def _text(value: object) -> str:
    return '' if value is None else str(value)


ErrorParts = t.Tuple[t.Optional[str], str, t.List[t.Dict[str, str]]]


def _core_error(body: dict[str, t.Any]) -> ErrorParts | None:
    """Core and video library: ``{ErrorKey, Field, Message}``."""
    if 'ErrorKey' not in body and 'Message' not in body:
        return None
    message = _text(body.get('Message')) or 'no message'
    field = body.get('Field')
    return body.get('ErrorKey') or None, message, [{'field': _text(field), 'message': message}] if field else []


def _nested_error(body: dict[str, t.Any]) -> ErrorParts | None:
    """Shield envelope ``{error: {errorKey, message}}`` and the database pipeline ``{error: {message, code}}``."""
    error = body.get('error')
    if not isinstance(error, dict):
        return None
    return (error.get('errorKey') or error.get('code') or None), _text(error.get('message')) or 'no message', []


def _validation_problem(body: dict[str, t.Any]) -> ErrorParts | None:
    """A problem with ``errors[]`` of ``{field, message}``."""
    if not isinstance(body.get('errors'), list):
        return None
    field_errors = [
        {'field': _text(item.get('field')), 'message': _text(item.get('message'))}
        for item in body['errors']
        if isinstance(item, dict)
    ]
    details = '; '.join(
        f"{item['field']}: {item['message']}" if item['field'] else item['message'] for item in field_errors
    )
    headline = _text(body.get('detail')) or _text(body.get('title'))
    message = f'{headline} ({details})' if headline and details else (details or headline or 'validation failed')
    return _text(body.get('title')) or 'validation_failed', message, field_errors


def _problem(body: dict[str, t.Any]) -> ErrorParts | None:
    """A problem: ``{type, title, detail}``."""
    if 'title' not in body and 'detail' not in body and 'type' not in body:
        return None
    key = _text(body.get('title')) or _text(body.get('type')) or None
    return key, _text(body.get('detail')) or _text(body.get('title')) or 'no detail', []


def _code_error(body: dict[str, t.Any]) -> ErrorParts | None:
    """Logging ``{error: code, message}`` and registry create ``{id, error}``."""
    error = body.get('error')
    if not isinstance(error, str):
        return None
    return (error, _text(body.get('message')) or error, []) if 'message' in body else (None, error, [])


def _app_error(body: dict[str, t.Any]) -> ErrorParts | None:
    """The database management API's AppError: ``{error: <message>, details?}``, with no ``message`` (the logging
    API's ``{error: <code>, message}`` is another service's)."""
    error = body.get('error')
    if not isinstance(error, str) or 'message' in body:
        return None
    details = body.get('details')
    return None, f'{error} ({details})' if details not in (None, '', {}, []) else error, []


def _message(body: dict[str, t.Any]) -> ErrorParts | None:
    """Video thumbnail ``{success, message, statusCode}`` and any other bare message."""
    return (None, _text(body.get('message')) or 'no message', []) if 'message' in body else None


def _status_code(body: dict[str, t.Any]) -> ErrorParts | None:
    """A Shield answer with only ``{statusCode}``."""
    return (None, f"the API answered statusCode {body['statusCode']}", []) if 'statusCode' in body else None


def _error_response(body: dict[str, t.Any]) -> ErrorParts | None:
    """A page of Shield event logs that failed: ``{logs, …, errorResponse: {success, message, errorKey}}``."""
    error = body.get('errorResponse')
    if not isinstance(error, dict):
        return None
    return error.get('errorKey') or None, _text(error.get('message')) or 'no message', []


ErrorParser = t.Callable[[t.Dict[str, t.Any]], t.Optional[ErrorParts]]

#: Every error body shape of the API, in the order they are told apart: each parser takes a body
#: of its shape and leaves any other (None) to the next.
ERROR_SHAPES: tuple[ErrorParser, ...] = (
    _core_error,
    _nested_error,
    _validation_problem,
    _problem,
    _code_error,
    _message,
    _status_code,
    _error_response,
)

# The shapes of each API area (an area's API module passes them with its requests).
CORE: tuple[ErrorParser, ...] = (_core_error,)  # pull zones, video libraries: ApiErrorData
SHIELD: tuple[ErrorParser, ...] = (_nested_error, _message, _status_code)  # envelope; bare success false; {statusCode}
CONTAINERS: tuple[ErrorParser, ...] = (_validation_problem, _problem, _code_error)  # problems; a save's {id, error}
DATABASES: tuple[ErrorParser, ...] = (_app_error,)  # the database management API's AppError {error}
VIDEO: tuple[ErrorParser, ...] = (_core_error, _message)  # library {ErrorKey …}; thumbnail {success, message …}
LOGGING: tuple[ErrorParser, ...] = (_code_error,)  # {error: <code>, message}
SHIELD_EVENT_LOGS: tuple[ErrorParser, ...] = (_error_response, *SHIELD)  # the page wrapper's errorResponse
SHIELD_RULES: tuple[ErrorParser, ...] = (*SHIELD, _error_response)  # a custom rule's or rate limit's errorResponse
PIPELINE: tuple[ErrorParser, ...] = (_nested_error,)  # a database's pipeline {error: {message, code}}

#: The shapes each part of the API answers its errors in, by ``(service, path prefix)``, for requests that do not
#: pass their area's shapes: the longest prefix a request's path starts with wins.
ERROR_SHAPES_BY_PLACE: dict[tuple[str, str], tuple[ErrorParser, ...]] = {
    ('api', ''): CORE,
    ('api', 'shield'): SHIELD,
    ('api', 'mc'): CONTAINERS,
    ('api', 'database'): DATABASES,
    ('video', ''): VIDEO,
    ('logging', ''): LOGGING,
    ('database', ''): PIPELINE,
}


def error_shapes(service: str, path: str) -> tuple[ErrorParser, ...]:
    """The parsers of the error bodies ``service`` answers at ``path`` (relative to its base address)."""
    path = path.lstrip('/')
    best: tuple[ErrorParser, ...] = ()
    best_length = -1
    for (place_service, prefix), parsers in ERROR_SHAPES_BY_PLACE.items():
        if place_service == service and path.startswith(prefix) and len(prefix) > best_length:
            best, best_length = parsers, len(prefix)
    return best


def unsaved_answer(
    operation: str, http_status: int | None, body: object, done: t.Collection[str] | None = None
) -> EdgeApiError | None:
    """The failure a 2xx answer reports, or None: the API says "not saved" in three shapes.

    The Shield envelope ``{data, error: {success: false, errorKey, message}}``; a bare ``{success:
    false, message, statusCode}`` (Shield, video), whose own statusCode is reported; and a save
    answer ``{id, status, error}`` whose status is not ``saved`` (compared case-insensitively),
    or that has an error and no status. ``done`` names the statuses of an answer that has no id
    (a remove's ``{status}``) and says the operation happened; the error key is the status.
    """
    if not isinstance(body, dict):
        return None
    error = body.get('error')
    if isinstance(error, dict):
        if error.get('success') is False:
            return EdgeApiError(
                operation, http_status, _text(error.get('message')) or 'no message', error.get('errorKey') or None
            )
        return None
    if body.get('success') is False:
        status_code = body.get('statusCode')
        return EdgeApiError(
            operation,
            status_code if isinstance(status_code, int) and status_code else http_status,
            _text(body.get('message')) or 'no message',
            body.get('errorKey') or None,
        )
    if done is None and 'id' not in body:
        return None
    succeeded = {word.lower() for word in done} if done is not None else {'saved'}
    status = body.get('status')
    if status is not None and str(status).lower() not in succeeded:
        return EdgeApiError(operation, http_status, str(error or f'the API answered status {status}'), str(status))
    if status is None and error:
        return EdgeApiError(operation, http_status, str(error))
    return None


def parse_error_body(
    status: int | None, body: object, raw_text: str = '', shapes: t.Sequence[ErrorParser] = ()
) -> ErrorParts:
    """Return ``(error_key, message, field_errors)`` from an error body of the API.

    The body is read by ``shapes`` (those of the area that answered) first; one they do not know (a gateway's,
    a proxy's) is tried against every shape, and a body of no known shape is quoted (at most 500 characters).
    """
    if isinstance(body, dict):
        for shape in (*shapes, *(shape for shape in ERROR_SHAPES if shape not in shapes)):
            parts = shape(body)
            if parts is not None:
                return parts
    text = raw_text.strip() if raw_text else ''
    return None, (text[:500] if text else 'no error details in the response'), []
