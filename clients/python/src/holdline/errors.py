"""The errors the client raises: one class per answer a caller handles differently.

Every refusal from the service is an :class:`APIStatusError` subclass carrying the
HTTP ``status``, the service's ``detail`` sentence and, when the service sent one,
``retry_after`` in seconds (429s, the 503s of a busy service, a 409 for an
Idempotency-Key still in progress).
"""

from __future__ import annotations

from collections.abc import Mapping
from email.utils import parsedate_to_datetime
from datetime import datetime, timezone
from typing import Any


class HoldlineError(Exception):
    """The base of everything this package raises."""


class APIConnectionError(HoldlineError):
    """The request got no answer: the service was unreachable, or the connection broke or timed out."""


class APIStatusError(HoldlineError):
    """The service answered with an error status."""

    status: int
    detail: str
    retry_after: float | None
    request_id: str | None
    body: object

    def __init__(self, status: int, detail: str, *, retry_after: float | None = None, request_id: str | None = None, body: object = None) -> None:
        super().__init__(f"{status}: {detail}")
        self.status = status
        self.detail = detail
        self.retry_after = retry_after
        self.request_id = request_id
        self.body = body


class BadRequestError(APIStatusError):
    """400: the request was malformed or refused (a bad URL, an unknown export format, …)."""


class AuthenticationError(APIStatusError):
    """401: the API key is missing, wrong or rotated away."""


class PermissionDeniedError(APIStatusError):
    """403: the key's plan does not include this (a recut on the Signal plan)."""


class NotFoundError(APIStatusError):
    """404: no such scan or recut on this account."""


class ConflictError(APIStatusError):
    """409: the scan is in the wrong state, or an Idempotency-Key was reused for another request."""


class PayloadTooLargeError(APIStatusError):
    """413: the upload is larger than the plan allows."""


class RateLimitError(APIStatusError):
    """429: the minute's window is full, or the month's quota is spent (``retry_after`` says until when)."""


class InternalServerError(APIStatusError):
    """500 or 502: the service failed on its side."""


class ServiceUnavailableError(APIStatusError):
    """503: the service cannot take the request right now."""


_BY_STATUS: dict[int, type[APIStatusError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    413: PayloadTooLargeError,
    429: RateLimitError,
    500: InternalServerError,
    502: InternalServerError,
    503: ServiceUnavailableError,
}


class RedirectError(APIStatusError):
    """3xx: the Holdline API never redirects, so a redirect means a wrong ``base_url`` (or something in the way); it is not followed."""


class PlainHttpKeyWarning(UserWarning):
    """The API key is sent over plain ``http`` to a host that is not this machine, where anyone on the path can read it."""


class ScanFailedError(HoldlineError):
    """A scan (or recut) that was waited for ended in ``error``; ``detail`` says why (``cancelled`` when it was cancelled)."""

    def __init__(self, id: str, detail: str, view: Mapping[str, Any]) -> None:
        super().__init__(f"{id} failed: {detail}")
        self.id = id
        self.detail = detail
        self.view = view


class WaitTimeoutError(HoldlineError, TimeoutError):
    """A wait ran out of time before the scan (or recut) ended; ``last`` is the last view seen."""

    def __init__(self, id: str, timeout: float, last: Mapping[str, Any] | None) -> None:
        super().__init__(f"{id} did not end within {timeout:g} s")
        self.id = id
        self.timeout = timeout
        self.last = last


def parse_retry_after(value: str | None, now: datetime | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header: delay-seconds or an HTTP date; None when absent or unreadable."""
    if value is None:
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - (now or datetime.now(timezone.utc))).total_seconds())


def detail_of(body: object, fallback: str) -> str:
    """The sentence an error body carries: ``{detail}`` on the signal interface, ``{error: {message}}`` on the model interface."""
    if isinstance(body, Mapping):
        detail = body.get("detail")
        if isinstance(detail, str) and detail:
            return detail
        error = body.get("error")
        if isinstance(error, Mapping) and isinstance(error.get("message"), str) and error["message"]:
            return str(error["message"])
    if isinstance(body, str) and body.strip():
        return body.strip()[:500]
    return fallback


def error_for(status: int, body: object, headers: Mapping[str, str]) -> APIStatusError:
    """The typed error for an error answer."""
    cls = _BY_STATUS.get(status, InternalServerError if status >= 500 else APIStatusError)
    return cls(
        status,
        detail_of(body, f"HTTP {status} with no detail"),
        retry_after=parse_retry_after(headers.get("retry-after")),
        request_id=headers.get("x-request-id"),
        body=body,
    )
