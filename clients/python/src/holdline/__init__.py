"""Holdline's Python client: the signal interface (scans, waits, pages, exports, recuts, the account's data), sync and async.

    from holdline import Holdline

    client = Holdline(api_key="sk_…", base_url="http://localhost:8080")
    scan = client.scans.create(file="talk.mp4", title="Talk")
    read = client.scans.wait(scan["scan_id"], on_progress=lambda s: print(s["status"], s.get("pct")))
    print(read["grade"], read["score"], read["summary"])

The model interface is OpenAI-compatible: use the official ``openai`` client with
``base_url=<base URL>/v1`` for it.
"""

from ._client import AccountArchive, AsyncHoldline, AsyncPages, ExportFile, Holdline, Pages, __version__
from ._core import RetryPolicy
from .errors import (
    APIConnectionError,
    APIStatusError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    HoldlineError,
    InternalServerError,
    NotFoundError,
    PayloadTooLargeError,
    PermissionDeniedError,
    PlainHttpKeyWarning,
    RateLimitError,
    RedirectError,
    ScanFailedError,
    ServiceUnavailableError,
    WaitTimeoutError,
)

__all__ = [
    "APIConnectionError",
    "AccountArchive",
    "APIStatusError",
    "AsyncHoldline",
    "AsyncPages",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "ExportFile",
    "Holdline",
    "HoldlineError",
    "InternalServerError",
    "NotFoundError",
    "Pages",
    "PayloadTooLargeError",
    "PermissionDeniedError",
    "PlainHttpKeyWarning",
    "RateLimitError",
    "RedirectError",
    "RetryPolicy",
    "ScanFailedError",
    "ServiceUnavailableError",
    "WaitTimeoutError",
    "__version__",
]
