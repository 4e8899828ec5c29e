"""Decisions both clients share, with no I/O: when to retry and how long to wait,
what a request is, where the next page starts, and what a polled view means.
The sync and async clients only carry these out."""

from __future__ import annotations

import mimetypes
import os
import random
import re
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal, Union
from urllib.parse import urlsplit

from .errors import PlainHttpKeyWarning, ScanFailedError

# 429: the minute's window is full; 503: the service is busy or a part of it is down.
# Both refuse before any work is done, so a retry cannot do the work twice.
RETRY_STATUSES = frozenset({429, 503})


@dataclass(frozen=True)
class RetryPolicy:
    """How the client retries.

    ``max_retries`` retries after the first attempt. A ``Retry-After`` from the
    service is the wait; longer than ``max_retry_after`` seconds (the month's
    quota, for one) and the error is raised at once, since no retry can succeed
    sooner. Without one, exponential backoff from ``base_delay`` up to
    ``max_delay`` seconds, less up to a quarter at random so clients refused
    together do not come back together.
    """

    max_retries: int = 2
    base_delay: float = 0.5
    max_delay: float = 8.0
    max_retry_after: float = 60.0
    jitter: Callable[[], float] = field(default=random.random, compare=False)

    def delay(self, retries_done: int, status: int, retry_after: float | None) -> float | None:
        """Seconds to wait before retrying an answer with ``status``; None: raise it."""
        if retries_done >= self.max_retries:
            return None
        # A 409 with Retry-After is an Idempotency-Key whose first request is still running.
        if status not in RETRY_STATUSES and not (status == 409 and retry_after is not None):
            return None
        if retry_after is not None:
            return None if retry_after > self.max_retry_after else retry_after
        return self.backoff(retries_done)

    def backoff(self, retries_done: int) -> float:
        return min(self.max_delay, self.base_delay * 2.0**retries_done) * (1 - 0.25 * self.jitter())

    def connection_delay(self, retries_done: int, method: str, never_sent: bool) -> float | None:
        """Seconds to wait before retrying a request that got no answer; None: raise.

        A request that never reached the service is always safe to send again; one
        that may have arrived only when reading (GET) cannot change anything.
        """
        if retries_done >= self.max_retries or not (never_sent or method == "GET"):
            return None
        return self.backoff(retries_done)


FileInput = Union[str, "os.PathLike[str]", bytes, IO[bytes]]


@dataclass(frozen=True)
class Upload:
    """A video to send as the multipart ``file`` part, readable again for each attempt."""

    filename: str
    content_type: str
    source: Union[Path, bytes, IO[bytes]]

    @property
    def resendable(self) -> bool:
        """A stream that cannot seek back is sent once: a retry would send the rest of it."""
        if isinstance(self.source, (Path, bytes)):
            return True
        return self.source.seekable()

    def open(self) -> tuple[tuple[str, IO[bytes] | bytes, str], Callable[[], None]]:
        """The multipart ``file`` part for one attempt, and what to call once it is sent."""
        if isinstance(self.source, Path):
            stream = self.source.open("rb")
            return (self.filename, stream, self.content_type), stream.close
        # A stream is sent from its start (httpx seeks a file part back to 0 itself).
        return (self.filename, self.source, self.content_type), nothing


def nothing() -> None:
    return None


def upload_of(file: FileInput, filename: str | None = None) -> Upload:
    """Reads what a caller passed as ``file`` into an :class:`Upload` (a path, bytes or a binary stream)."""
    if isinstance(file, str) and file.startswith(("http://", "https://")):
        raise ValueError(f"{file} is a URL: pass it as url= and the service fetches it")
    if isinstance(file, (str, os.PathLike)):
        path = Path(os.fspath(file))
        if not path.is_file():
            raise FileNotFoundError(f"no file at {path}")
        name = filename or path.name
        return Upload(name, _content_type(name), path)
    if isinstance(file, bytes):
        name = filename or "video"
        return Upload(name, _content_type(name), file)
    name = filename or os.path.basename(str(getattr(file, "name", "") or "")) or "video"
    return Upload(name, _content_type(name), file)


def _content_type(filename: str) -> str:
    # The service reads the container from the bytes; the type only has to be plausible.
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"


@dataclass(frozen=True)
class Request:
    """One call to the service, before it is sent."""

    method: Literal["GET", "POST", "PUT", "DELETE"]
    path: str
    params: Mapping[str, str | int] | None = None
    json: Any = None
    headers: Mapping[str, str] = field(default_factory=dict)
    upload: Upload | None = None
    form: Mapping[str, str] = field(default_factory=dict)


def create_scan_request(
    *,
    file: FileInput | None,
    url: str | None,
    title: str | None,
    webhook_url: str | None,
    idempotency_key: str | None,
    filename: str | None = None,
) -> Request:
    """``POST /v1/scans``: an upload (multipart) or a public URL (JSON), never both."""
    if (file is None) == (url is None):
        raise ValueError("pass exactly one of file= (a path, bytes or a binary stream) or url= (a public video URL)")
    headers = {} if idempotency_key is None else {"Idempotency-Key": idempotency_key}
    if url is not None:
        body: dict[str, Any] = {"input": {"type": "url", "url": url}}
        if title is not None:
            body["title"] = title
        if webhook_url is not None:
            body["webhook_url"] = webhook_url
        return Request("POST", "/v1/scans", json=body, headers=headers)
    assert file is not None
    form = {k: v for k, v in (("title", title), ("webhook_url", webhook_url)) if v is not None}
    return Request("POST", "/v1/scans", headers=headers, upload=upload_of(file, filename), form=form)


def list_params(limit: int | None, offset: int | None, status: str | None) -> dict[str, str | int]:
    """The query of the first page; only what the caller chose, so the service's defaults apply."""
    params: dict[str, str | int] = {}
    if limit is not None:
        params["limit"] = limit
    if offset is not None:
        params["offset"] = offset
    if status is not None:
        params["status"] = status
    return params


def next_page_params(params: Mapping[str, str | int], page: Mapping[str, Any]) -> dict[str, str | int] | None:
    """The query of the page after ``page``; None when it was the last.

    A page carrying ``next_cursor`` is followed by cursor (``starting_after``),
    which does not skip or repeat rows when scans are added meanwhile; otherwise
    by ``offset``.
    """
    data = page.get("data") or []
    if "next_cursor" in page:
        cursor = page["next_cursor"]
        if not cursor:
            return None
        rest = {k: v for k, v in params.items() if k != "offset"}
        return {**rest, "starting_after": str(cursor)}
    if not page.get("has_more") or not data:
        return None
    return {**params, "offset": int(page.get("offset", 0)) + len(data)}


Outcome = Literal["pending", "done"]


def outcome_of(view: Mapping[str, Any], id_field: str) -> Outcome:
    """What a polled scan or recut view means for a wait: still going, done, or (raised) failed."""
    status = view.get("status")
    if status == "complete":
        return "done"
    if status == "error":
        raise ScanFailedError(str(view.get(id_field, "")), str(view.get("detail") or "failed"), view)
    return "pending"


def progress_key(view: Mapping[str, Any]) -> tuple[object, object, object]:
    """What a progress callback is told about: a change of status, stage or percentage."""
    return (view.get("status"), view.get("stage"), view.get("pct"))


def set_retention_request(media_retention_days: int | None, include_published: bool | None) -> Request:
    """``PUT /v1/account/retention``: days (0 keeps videos for good) or None for the server default; ``include_published`` only when given."""
    body: dict[str, Any] = {"media_retention_days": media_retention_days}
    if include_published is not None:
        body["include_published"] = include_published
    return Request("PUT", "/v1/account/retention", json=body)


def change_password_request(password: str, current_password: str | None) -> Request:
    """``PUT /v1/account/password``: ``current_password`` only when given (an ``account:create`` account sets its first without)."""
    body = {"password": password}
    if current_password is not None:
        body["current_password"] = current_password
    return Request("PUT", "/v1/account/password", json=body)


def close_account_request(email: str, password: str | None) -> Request:
    """``DELETE /v1/account``: ``password`` only when given (needed once the account has one; the key alone cannot close it)."""
    body = {"email": email}
    if password is not None:
        body["password"] = password
    return Request("DELETE", "/v1/account", json=body)


def export_request(media: bool) -> Request:
    """``GET /v1/account/export``, with the videos when ``media``."""
    return Request("GET", "/v1/account/export", params={"media": "1"} if media else None, headers={"Accept": "application/x-tar"})


def archive_path(destination: str | os.PathLike[str], served_filename: str) -> tuple[Path, Path]:
    """Where the archive goes (a directory gets the served name) and the ``.part`` file it is written through,
    renamed once whole, so an interrupted download never passes for a whole archive."""
    target = Path(destination)
    if target.is_dir():
        target = target / served_filename
    return target, target.with_name(target.name + ".part")


def is_loopback_host(host: str) -> bool:
    """Whether ``host`` is this machine: ``localhost``, 127.0.0.0/8 or ``::1``."""
    name = host.lower().rstrip(".").strip("[]")
    return name == "localhost" or name.endswith(".localhost") or name == "::1" or re.fullmatch(r"127\.\d{1,3}\.\d{1,3}\.\d{1,3}", name) is not None


_warned_plain_http = False


def warn_if_key_in_the_clear(url: str) -> None:
    """Warns once per process (:class:`~holdline.errors.PlainHttpKeyWarning`) when the key is about to go over
    plain ``http`` to a host that is not this machine; loopback, the local stack's address, stays quiet."""
    global _warned_plain_http
    parsed = urlsplit(url)
    if _warned_plain_http or parsed.scheme != "http" or is_loopback_host(parsed.hostname or ""):
        return
    _warned_plain_http = True
    warnings.warn(
        f"the API key is sent over plain http to {parsed.netloc}, where anyone on the path can read it; use an https base_url",
        PlainHttpKeyWarning,
        stacklevel=4,
    )


_UNSAFE_NAME = re.compile(r"[/\\:\x00-\x1f\x7f]")


def safe_filename(served: str | None, fallback: str) -> str:
    """``served`` when it is a plain file name to save under as it is, else ``fallback``.

    The name comes from the service's ``Content-Disposition`` and is joined to a folder, so
    a name with ``/`` or ``\\`` (``../x``), a leading dot (``..``, hidden files), ``:``,
    control characters, or an empty or overlong name is replaced whole by ``fallback``."""
    if served is None:
        return fallback
    name = served.strip()
    if not name or len(name) > 200 or name.startswith(".") or _UNSAFE_NAME.search(name):
        return fallback
    return name


def served_filename(headers: Mapping[str, str], fallback: str = "holdline-export.tar") -> str:
    """The download's name from ``Content-Disposition`` made safe (:func:`safe_filename`), else ``fallback``."""
    match = re.search(r'filename="([^"]*)"', headers.get("content-disposition", ""))
    return safe_filename(match.group(1) if match else None, fallback)
