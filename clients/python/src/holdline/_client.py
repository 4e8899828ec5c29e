"""The clients: :class:`Holdline` (sync) and :class:`AsyncHoldline` (async), the same calls in both.

Each carries out what ``_core`` decides: it sends a :class:`~holdline._core.Request`,
retries as the :class:`~holdline._core.RetryPolicy` says, and turns error answers
into the typed errors of :mod:`holdline.errors`.
"""

from __future__ import annotations

import inspect
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Generic, TypeVar, Union, cast
from urllib.parse import quote

import anyio
import httpx

from . import _core
from ._core import FileInput, Request, RetryPolicy
from .errors import APIConnectionError, APIStatusError, HoldlineError, RedirectError, WaitTimeoutError, error_for
from .types import (
    ClosedAccount,
    CompleteScan,
    DeletedScan,
    ExportFormat,
    RecutExportFormat,
    HistoryRow,
    PasswordChanged,
    QueuedRecut,
    QueuedScan,
    Recut,
    RecutList,
    RetentionSetting,
    Scan,
    ScanPage,
)

__version__ = "0.1.0"
DEFAULT_BASE_URL = "http://localhost:8080"
# Connecting is quick or not at all; reading waits for a whole upload's answer.
DEFAULT_TIMEOUT = httpx.Timeout(60.0, connect=10.0)

View = TypeVar("View", bound=Mapping[str, Any])
Progress = Callable[[Any], object]
AsyncProgress = Callable[[Any], Union[object, Awaitable[object]]]


@dataclass(frozen=True)
class ExportFile:
    """A scan's export: the file as the service named and typed it."""

    filename: str
    content_type: str
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode("utf-8")

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Writes the file to ``path``, or under its own name when ``path`` is a directory."""
        target = Path(path)
        if target.is_dir():
            target = target / self.filename
        target.write_bytes(self.content)
        return target


@dataclass(frozen=True)
class AccountArchive:
    """The account archive as it was written: the served name and type, where it went
    (None for a file object) and how many bytes."""

    filename: str
    content_type: str
    path: Path | None
    size: int


ArchiveDestination = Union[str, "os.PathLike[str]", IO[bytes]]


def _segment(id: str) -> str:
    # An id is one path segment, whatever a caller passes.
    return quote(id, safe="")


def _settings(api_key: str | None, base_url: str | None) -> tuple[str, str]:
    key = api_key or os.environ.get("HOLDLINE_API_KEY")
    if not key:
        raise HoldlineError("no API key: pass api_key= or set HOLDLINE_API_KEY")
    url = (base_url or os.environ.get("HOLDLINE_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
    return key, url


def _body_of(response: httpx.Response) -> object:
    try:
        return response.json()
    except ValueError:
        return response.text


def _error_of(response: httpx.Response) -> APIStatusError:
    if 300 <= response.status_code < 400:
        return _redirect_error(response)
    return error_for(response.status_code, _body_of(response), response.headers)


def _redirect_error(response: httpx.Response) -> RedirectError:
    # A 3xx is no success: the API never redirects, and following one would carry the key and the body elsewhere.
    where = response.headers.get("location")
    to = f" to {where}" if where else ""
    return RedirectError(
        response.status_code,
        f"the service answered with a redirect{to}, which the Holdline API never sends: check base_url (nothing was followed)",
        request_id=response.headers.get("x-request-id"),
    )


def _export_of(response: httpx.Response, scan_id: str, format: str) -> ExportFile:
    return ExportFile(
        filename=_core.served_filename(response.headers, f"{scan_id}.{format}"),
        content_type=response.headers.get("content-type", "application/octet-stream"),
        content=response.content,
    )


def _closed(response: httpx.Response) -> ClosedAccount:
    return {"status": "closing" if response.status_code == 202 else "closed"}


def _archive_of(response: httpx.Response, path: Path | None, size: int) -> AccountArchive:
    return AccountArchive(_core.served_filename(response.headers), response.headers.get("content-type", "application/x-tar"), path, size)


def _deleted(response: httpx.Response, scan_id: str) -> DeletedScan:
    if response.status_code == 204:
        return {"scan_id": scan_id, "status": "deleted"}
    return cast(DeletedScan, response.json())


class _Base:
    def __init__(self, api_key: str | None, base_url: str | None, max_retries: int, max_retry_wait: float) -> None:
        self.api_key, self.base_url = _settings(api_key, base_url)
        self.retry_policy = RetryPolicy(max_retries=max_retries, max_retry_after=max_retry_wait)

    def _headers(self, request: Request) -> dict[str, str]:
        _core.warn_if_key_in_the_clear(self.base_url)
        return {"Authorization": f"Bearer {self.api_key}", "User-Agent": f"holdline-python/{__version__}", **request.headers}

    def _url(self, path: str) -> str:
        return f"{self.base_url}{path}"


# --- sync -------------------------------------------------------------------


class Holdline(_Base):
    """The signal interface, synchronously.

    ``api_key`` and ``base_url`` default to ``HOLDLINE_API_KEY`` and ``HOLDLINE_BASE_URL``
    (then ``http://localhost:8080``). Refusals with status 429 and 503 are retried up to
    ``max_retries`` times, waiting what ``Retry-After`` says when that is at most
    ``max_retry_wait`` seconds, else with exponential backoff. ``http_client`` replaces
    the ``httpx.Client`` the client makes (its own transport, proxies, timeouts).
    """

    def __init__(
        self,
        api_key: str | None = None,
        *,
        base_url: str | None = None,
        timeout: float | httpx.Timeout = DEFAULT_TIMEOUT,
        max_retries: int = 2,
        max_retry_wait: float = 60.0,
        http_client: httpx.Client | None = None,
    ) -> None:
        super().__init__(api_key, base_url, max_retries, max_retry_wait)
        self._http = http_client or httpx.Client(timeout=timeout)
        self._owns_http = http_client is None
        self._sleep: Callable[[float], None] = time.sleep
        self._clock: Callable[[], float] = time.monotonic
        self.scans = Scans(self)
        self.recuts = Recuts(self)
        self.account = Account(self)

    def signals(self) -> dict[str, Any]:
        """``GET /v1/signals``: what each signal reads, and the method."""
        return cast(dict[str, Any], self._request(Request("GET", "/v1/signals")).json())

    def demo(self) -> CompleteScan:
        """``GET /v1/demo``: the featured scan."""
        return cast(CompleteScan, self._request(Request("GET", "/v1/demo")).json())

    def close(self) -> None:
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> Holdline:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _request(self, request: Request, *, stream: bool = False) -> httpx.Response:
        """The 2xx answer to ``request``; with ``stream`` its body is left unread (the caller closes the response)."""
        retries = 0
        resendable = request.upload is None or request.upload.resendable
        while True:
            part, sent = request.upload.open() if request.upload else (None, _core.nothing)
            try:
                built = self._http.build_request(
                    request.method,
                    self._url(request.path),
                    params=request.params,
                    json=request.json,
                    headers=self._headers(request),
                    files=None if part is None else {"file": part},
                    data=request.form or None,
                )
                # Never followed, whatever the caller's http_client says: the API does not redirect (see _redirect_error).
                response = self._http.send(built, stream=stream, follow_redirects=False)
            except httpx.TransportError as exc:
                never_sent = isinstance(exc, (httpx.ConnectError, httpx.ConnectTimeout))
                delay = self.retry_policy.connection_delay(retries, request.method, never_sent) if resendable else None
                if delay is None:
                    raise APIConnectionError(f"{request.method} {request.path}: {exc!r}") from exc
            else:
                if 200 <= response.status_code < 300:
                    return response
                if stream:
                    response.read()
                    response.close()
                error = _error_of(response)
                delay = self.retry_policy.delay(retries, error.status, error.retry_after) if resendable else None
                if delay is None:
                    raise error
            finally:
                sent()
            self._sleep(delay)
            retries += 1

    def _wait(self, fetch: Callable[[], View], id: str, id_field: str, on_progress: Progress | None, timeout: float | None, poll_interval: float) -> View:
        deadline = None if timeout is None else self._clock() + timeout
        seen: object = None
        while True:
            view = fetch()
            if on_progress is not None and _core.progress_key(view) != seen:
                seen = _core.progress_key(view)
                on_progress(view)
            if _core.outcome_of(view, id_field) == "done":
                return view
            pause = poll_interval
            if deadline is not None:
                remaining = deadline - self._clock()
                if remaining <= 0:
                    raise WaitTimeoutError(id, cast(float, timeout), view)
                pause = min(pause, remaining)
            self._sleep(pause)


class Pages(Generic[View]):
    """Iterates over the rows of a list, fetching page after page as they are read; ``pages()`` gives whole pages."""

    def __init__(self, fetch: Callable[[Mapping[str, str | int]], Mapping[str, Any]], params: Mapping[str, str | int]) -> None:
        self._fetch = fetch
        self._params = params

    def pages(self) -> Iterator[ScanPage]:
        params: Mapping[str, str | int] | None = self._params
        while params is not None:
            page = self._fetch(params)
            yield cast(ScanPage, page)
            params = _core.next_page_params(params, page)

    def __iter__(self) -> Iterator[View]:
        for page in self.pages():
            yield from cast(list[View], page["data"])


class Scans:
    """``client.scans``: submit, read, wait for, list, cancel, delete and export scans."""

    def __init__(self, client: Holdline) -> None:
        self._client = client

    def create(
        self,
        *,
        file: FileInput | None = None,
        url: str | None = None,
        title: str | None = None,
        webhook_url: str | None = None,
        idempotency_key: str | None = None,
        filename: str | None = None,
    ) -> QueuedScan:
        """``POST /v1/scans``: upload ``file`` (a path, bytes or a binary stream) or scan the public ``url``.

        With ``idempotency_key``, a retry of the same request within 24 h answers the first scan again.
        """
        request = _core.create_scan_request(file=file, url=url, title=title, webhook_url=webhook_url, idempotency_key=idempotency_key, filename=filename)
        return cast(QueuedScan, self._client._request(request).json())

    def get(self, scan_id: str) -> Scan:
        """``GET /v1/scans/{id}``: the scan in its current shape (queued or processing, complete, error)."""
        return cast(Scan, self._client._request(Request("GET", f"/v1/scans/{_segment(scan_id)}")).json())

    def wait(self, scan_id: str, *, on_progress: Progress | None = None, timeout: float | None = None, poll_interval: float = 1.0) -> CompleteScan:
        """Polls the scan until it is complete and returns the read.

        ``on_progress`` is called with the view each time its status, stage or ``pct`` changes.
        Raises :class:`~holdline.errors.ScanFailedError` when the scan ends in ``error`` (``detail``
        says why), :class:`~holdline.errors.WaitTimeoutError` after ``timeout`` seconds.
        """
        return cast(CompleteScan, self._client._wait(lambda: self.get(scan_id), scan_id, "scan_id", on_progress, timeout, poll_interval))

    def list(self, *, limit: int | None = None, offset: int | None = None, status: str | None = None) -> Pages[HistoryRow]:
        """``GET /v1/scans``, newest first: iterate for every row (pages are fetched as needed), or ``.pages()``.

        ``limit`` is the page size (1–100); ``status`` filters where the service supports it.
        """
        return Pages(lambda params: self._client._request(Request("GET", "/v1/scans", params=params)).json(), _core.list_params(limit, offset, status))

    def cancel(self, scan_id: str) -> Scan:
        """``POST /v1/scans/{id}/cancel``: a queued or processing scan ends in ``error`` with detail ``cancelled``."""
        return cast(Scan, self._client._request(Request("POST", f"/v1/scans/{_segment(scan_id)}/cancel")).json())

    def delete(self, scan_id: str) -> DeletedScan:
        """``DELETE /v1/scans/{id}``: the scan, its media and its read go."""
        return _deleted(self._client._request(Request("DELETE", f"/v1/scans/{_segment(scan_id)}")), scan_id)

    def export(self, scan_id: str, format: ExportFormat, *, record_start: str | None = None) -> ExportFile:
        """``GET /v1/scans/{id}/export?format=…``: a complete scan as a file (srt, vtt, csv, edl, chapters, json, or an editor timeline: otio, fcpxml, markers.csv); ``record_start`` is the EDL's first record timecode (default 01:00:00:00)."""
        params = {"format": format, **({} if record_start is None else {"record_start": record_start})}
        response = self._client._request(Request("GET", f"/v1/scans/{_segment(scan_id)}/export", params=params))
        return _export_of(response, scan_id, format)


class Recuts:
    """``client.recuts``: the recut agent (Agents plan)."""

    def __init__(self, client: Holdline) -> None:
        self._client = client

    def create(self, scan_id: str, *, goal: str | None = None, max_seconds: float | None = None, idempotency_key: str | None = None) -> QueuedRecut:
        """``POST /v1/scans/{id}/recut``: propose a tighter cut of a complete scan, render it, re-scan it, compare."""
        body = {k: v for k, v in (("goal", goal), ("max_seconds", max_seconds)) if v is not None}
        headers = {} if idempotency_key is None else {"Idempotency-Key": idempotency_key}
        return cast(QueuedRecut, self._client._request(Request("POST", f"/v1/scans/{_segment(scan_id)}/recut", json=body, headers=headers)).json())

    def get(self, recut_id: str) -> Recut:
        return cast(Recut, self._client._request(Request("GET", f"/v1/recuts/{_segment(recut_id)}")).json())

    def list(self, scan_id: str) -> RecutList:
        """``GET /v1/scans/{id}/recuts``: every recut of a scan."""
        return cast(RecutList, self._client._request(Request("GET", f"/v1/scans/{_segment(scan_id)}/recuts")).json())

    def export(self, recut_id: str, format: RecutExportFormat, *, record_start: str | None = None) -> ExportFile:
        """``GET /v1/recuts/{id}/export?format=…``: a complete recut's cut list on its source as an editor timeline (edl, otio, fcpxml, markers.csv); ``record_start`` is the EDL's first record timecode (default 01:00:00:00)."""
        params = {"format": format, **({} if record_start is None else {"record_start": record_start})}
        response = self._client._request(Request("GET", f"/v1/recuts/{_segment(recut_id)}/export", params=params))
        return _export_of(response, recut_id, format)

    def wait(self, recut_id: str, *, on_progress: Progress | None = None, timeout: float | None = None, poll_interval: float = 1.0) -> Recut:
        """Polls the recut until it is complete, as :meth:`Scans.wait` does."""
        return self._client._wait(lambda: self.get(recut_id), recut_id, "recut_id", on_progress, timeout, poll_interval)


class Account:
    """``client.account``: the account's own data: media retention, the archive of every scan, the password, closing."""

    def __init__(self, client: Holdline) -> None:
        self._client = client

    def retention(self) -> RetentionSetting:
        """``GET /v1/account/retention``: how long videos are kept (the reads always are), the server default and what is in force."""
        return cast(RetentionSetting, self._client._request(Request("GET", "/v1/account/retention")).json())

    def set_retention(self, *, media_retention_days: int | None, include_published: bool | None = None) -> RetentionSetting:
        """``PUT /v1/account/retention``: days (0 to 3650; 0 keeps videos for good) or None for the server default.

        ``include_published`` left out is sent as the service's default, False (published videos stay).
        """
        return cast(RetentionSetting, self._client._request(_core.set_retention_request(media_retention_days, include_published)).json())

    def export(self, to: ArchiveDestination, *, media: bool = False) -> AccountArchive:
        """``GET /v1/account/export``: every scan as one tar archive, streamed to ``to`` as it arrives.

        ``to`` is a file path, a directory (the served name ``holdline-<account>-<date>.tar`` is used
        in it) or a binary file object. A path is written through ``<path>.part``, renamed once the
        archive is whole and removed on any failure. ``media=True`` adds the stored videos.
        """
        response = self._client._request(_core.export_request(media), stream=True)
        try:
            if not isinstance(to, (str, os.PathLike)):
                size = 0
                for chunk in response.iter_bytes():
                    to.write(chunk)
                    size += len(chunk)
                return _archive_of(response, None, size)
            target, partial = _core.archive_path(to, _core.served_filename(response.headers))
            try:
                with partial.open("wb") as file:
                    for chunk in response.iter_bytes():
                        file.write(chunk)
                partial.replace(target)
            except BaseException:
                partial.unlink(missing_ok=True)
                raise
            return _archive_of(response, target, target.stat().st_size)
        finally:
            response.close()

    def change_password(self, password: str, *, current_password: str | None = None) -> PasswordChanged:
        """``PUT /v1/account/password``: sets or changes the website password; every website session is signed out."""
        return cast(PasswordChanged, self._client._request(_core.change_password_request(password, current_password)).json())

    def close(self, email: str, *, password: str | None = None) -> ClosedAccount:
        """``DELETE /v1/account``, confirmed by the account's email and, once the account has one, its password
        (the key alone cannot close an account): every scan, key and session goes; the key stops working at once."""
        return _closed(self._client._request(_core.close_account_request(email, password)))


# --- async ------------------------------------------------------------------


class AsyncHoldline(_Base):
    """The signal interface with ``async``/``await``: the calls of :class:`Holdline`, awaited."""

    def __init__(
        self,
        api_key: str | None = None,
        *,
        base_url: str | None = None,
        timeout: float | httpx.Timeout = DEFAULT_TIMEOUT,
        max_retries: int = 2,
        max_retry_wait: float = 60.0,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        super().__init__(api_key, base_url, max_retries, max_retry_wait)
        self._http = http_client or httpx.AsyncClient(timeout=timeout)
        self._owns_http = http_client is None
        self._sleep: Callable[[float], Awaitable[None]] = anyio.sleep
        self._clock: Callable[[], float] = time.monotonic
        self.scans = AsyncScans(self)
        self.recuts = AsyncRecuts(self)
        self.account = AsyncAccount(self)

    async def signals(self) -> dict[str, Any]:
        return cast(dict[str, Any], (await self._request(Request("GET", "/v1/signals"))).json())

    async def demo(self) -> CompleteScan:
        return cast(CompleteScan, (await self._request(Request("GET", "/v1/demo"))).json())

    async def close(self) -> None:
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncHoldline:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    async def _request(self, request: Request, *, stream: bool = False) -> httpx.Response:
        """The 2xx answer to ``request``; with ``stream`` its body is left unread (the caller closes the response)."""
        retries = 0
        resendable = request.upload is None or request.upload.resendable
        while True:
            part, sent = request.upload.open() if request.upload else (None, _core.nothing)
            try:
                built = self._http.build_request(
                    request.method,
                    self._url(request.path),
                    params=request.params,
                    json=request.json,
                    headers=self._headers(request),
                    files=None if part is None else {"file": part},
                    data=request.form or None,
                )
                # Never followed, whatever the caller's http_client says: the API does not redirect (see _redirect_error).
                response = await self._http.send(built, stream=stream, follow_redirects=False)
            except httpx.TransportError as exc:
                never_sent = isinstance(exc, (httpx.ConnectError, httpx.ConnectTimeout))
                delay = self.retry_policy.connection_delay(retries, request.method, never_sent) if resendable else None
                if delay is None:
                    raise APIConnectionError(f"{request.method} {request.path}: {exc!r}") from exc
            else:
                if 200 <= response.status_code < 300:
                    return response
                if stream:
                    await response.aread()
                    await response.aclose()
                error = _error_of(response)
                delay = self.retry_policy.delay(retries, error.status, error.retry_after) if resendable else None
                if delay is None:
                    raise error
            finally:
                sent()
            await self._sleep(delay)
            retries += 1

    async def _wait(
        self, fetch: Callable[[], Awaitable[View]], id: str, id_field: str, on_progress: AsyncProgress | None, timeout: float | None, poll_interval: float
    ) -> View:
        deadline = None if timeout is None else self._clock() + timeout
        seen: object = None
        while True:
            view = await fetch()
            if on_progress is not None and _core.progress_key(view) != seen:
                seen = _core.progress_key(view)
                told = on_progress(view)
                if inspect.isawaitable(told):
                    await told
            if _core.outcome_of(view, id_field) == "done":
                return view
            pause = poll_interval
            if deadline is not None:
                remaining = deadline - self._clock()
                if remaining <= 0:
                    raise WaitTimeoutError(id, cast(float, timeout), view)
                pause = min(pause, remaining)
            await self._sleep(pause)


class AsyncPages(Generic[View]):
    """``async for`` over the rows of a list, page after page; ``pages()`` gives whole pages."""

    def __init__(self, fetch: Callable[[Mapping[str, str | int]], Awaitable[Mapping[str, Any]]], params: Mapping[str, str | int]) -> None:
        self._fetch = fetch
        self._params = params

    async def pages(self) -> AsyncIterator[ScanPage]:
        params: Mapping[str, str | int] | None = self._params
        while params is not None:
            page = await self._fetch(params)
            yield cast(ScanPage, page)
            params = _core.next_page_params(params, page)

    async def __aiter__(self) -> AsyncIterator[View]:
        async for page in self.pages():
            for row in cast(list[View], page["data"]):
                yield row


class AsyncScans:
    """``client.scans`` of :class:`AsyncHoldline`: the calls of :class:`Scans`, awaited."""

    def __init__(self, client: AsyncHoldline) -> None:
        self._client = client

    async def create(
        self,
        *,
        file: FileInput | None = None,
        url: str | None = None,
        title: str | None = None,
        webhook_url: str | None = None,
        idempotency_key: str | None = None,
        filename: str | None = None,
    ) -> QueuedScan:
        request = _core.create_scan_request(file=file, url=url, title=title, webhook_url=webhook_url, idempotency_key=idempotency_key, filename=filename)
        return cast(QueuedScan, (await self._client._request(request)).json())

    async def get(self, scan_id: str) -> Scan:
        return cast(Scan, (await self._client._request(Request("GET", f"/v1/scans/{_segment(scan_id)}"))).json())

    async def wait(self, scan_id: str, *, on_progress: AsyncProgress | None = None, timeout: float | None = None, poll_interval: float = 1.0) -> CompleteScan:
        return cast(CompleteScan, await self._client._wait(lambda: self.get(scan_id), scan_id, "scan_id", on_progress, timeout, poll_interval))

    def list(self, *, limit: int | None = None, offset: int | None = None, status: str | None = None) -> AsyncPages[HistoryRow]:
        async def fetch(params: Mapping[str, str | int]) -> Mapping[str, Any]:
            return cast(Mapping[str, Any], (await self._client._request(Request("GET", "/v1/scans", params=params))).json())

        return AsyncPages(fetch, _core.list_params(limit, offset, status))

    async def cancel(self, scan_id: str) -> Scan:
        return cast(Scan, (await self._client._request(Request("POST", f"/v1/scans/{_segment(scan_id)}/cancel"))).json())

    async def delete(self, scan_id: str) -> DeletedScan:
        return _deleted(await self._client._request(Request("DELETE", f"/v1/scans/{_segment(scan_id)}")), scan_id)

    async def export(self, scan_id: str, format: ExportFormat, *, record_start: str | None = None) -> ExportFile:
        params = {"format": format, **({} if record_start is None else {"record_start": record_start})}
        response = await self._client._request(Request("GET", f"/v1/scans/{_segment(scan_id)}/export", params=params))
        return _export_of(response, scan_id, format)


class AsyncRecuts:
    """``client.recuts`` of :class:`AsyncHoldline`."""

    def __init__(self, client: AsyncHoldline) -> None:
        self._client = client

    async def create(self, scan_id: str, *, goal: str | None = None, max_seconds: float | None = None, idempotency_key: str | None = None) -> QueuedRecut:
        body = {k: v for k, v in (("goal", goal), ("max_seconds", max_seconds)) if v is not None}
        headers = {} if idempotency_key is None else {"Idempotency-Key": idempotency_key}
        return cast(QueuedRecut, (await self._client._request(Request("POST", f"/v1/scans/{_segment(scan_id)}/recut", json=body, headers=headers))).json())

    async def get(self, recut_id: str) -> Recut:
        return cast(Recut, (await self._client._request(Request("GET", f"/v1/recuts/{_segment(recut_id)}"))).json())

    async def list(self, scan_id: str) -> RecutList:
        return cast(RecutList, (await self._client._request(Request("GET", f"/v1/scans/{_segment(scan_id)}/recuts"))).json())

    async def export(self, recut_id: str, format: RecutExportFormat, *, record_start: str | None = None) -> ExportFile:
        params = {"format": format, **({} if record_start is None else {"record_start": record_start})}
        response = await self._client._request(Request("GET", f"/v1/recuts/{_segment(recut_id)}/export", params=params))
        return _export_of(response, recut_id, format)

    async def wait(self, recut_id: str, *, on_progress: AsyncProgress | None = None, timeout: float | None = None, poll_interval: float = 1.0) -> Recut:
        return await self._client._wait(lambda: self.get(recut_id), recut_id, "recut_id", on_progress, timeout, poll_interval)


class AsyncAccount:
    """``client.account`` of :class:`AsyncHoldline`: the calls of :class:`Account`, awaited."""

    def __init__(self, client: AsyncHoldline) -> None:
        self._client = client

    async def retention(self) -> RetentionSetting:
        return cast(RetentionSetting, (await self._client._request(Request("GET", "/v1/account/retention"))).json())

    async def set_retention(self, *, media_retention_days: int | None, include_published: bool | None = None) -> RetentionSetting:
        return cast(RetentionSetting, (await self._client._request(_core.set_retention_request(media_retention_days, include_published))).json())

    async def export(self, to: ArchiveDestination, *, media: bool = False) -> AccountArchive:
        """As :meth:`Account.export`; a path is written without blocking the event loop, a file object is written to as given."""
        response = await self._client._request(_core.export_request(media), stream=True)
        try:
            if not isinstance(to, (str, os.PathLike)):
                size = 0
                async for chunk in response.aiter_bytes():
                    to.write(chunk)
                    size += len(chunk)
                return _archive_of(response, None, size)
            target, partial = _core.archive_path(to, _core.served_filename(response.headers))
            try:
                async with await anyio.open_file(partial, "wb") as file:
                    async for chunk in response.aiter_bytes():
                        await file.write(chunk)
                await anyio.Path(partial).replace(target)
            except BaseException:
                partial.unlink(missing_ok=True)
                raise
            return _archive_of(response, target, (await anyio.Path(target).stat()).st_size)
        finally:
            await response.aclose()

    async def change_password(self, password: str, *, current_password: str | None = None) -> PasswordChanged:
        return cast(PasswordChanged, (await self._client._request(_core.change_password_request(password, current_password))).json())

    async def close(self, email: str, *, password: str | None = None) -> ClosedAccount:
        return _closed(await self._client._request(_core.close_account_request(email, password)))
