"""The clients: :class:`Holdline` (sync) and :class:`AsyncHoldline` (async), the same calls in both.

Each carries out what ``_core`` decides: it sends a :class:`~holdline._core.Request`,
retries as the :class:`~holdline._core.RetryPolicy` says, and turns error answers
into the typed errors of :mod:`holdline.errors`.
"""

from __future__ import annotations

import inspect
import os
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar, Union, cast
from urllib.parse import quote

import anyio
import httpx

from . import _core
from ._core import FileInput, Request, RetryPolicy
from .errors import APIConnectionError, APIStatusError, HoldlineError, WaitTimeoutError, error_for
from .types import (
    CompleteScan,
    DeletedScan,
    ExportFormat,
    HistoryRow,
    QueuedRecut,
    QueuedScan,
    Recut,
    RecutList,
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
    return error_for(response.status_code, _body_of(response), response.headers)


def _export_of(response: httpx.Response, scan_id: str, format: str) -> ExportFile:
    disposition = response.headers.get("content-disposition", "")
    match = re.search(r'filename="([^"]+)"', disposition)
    return ExportFile(
        filename=match.group(1) if match else f"{scan_id}.{format}",
        content_type=response.headers.get("content-type", "application/octet-stream"),
        content=response.content,
    )


def _deleted(response: httpx.Response, scan_id: str) -> DeletedScan:
    if response.status_code == 204:
        return {"scan_id": scan_id, "status": "deleted"}
    return cast(DeletedScan, response.json())


class _Base:
    def __init__(self, api_key: str | None, base_url: str | None, max_retries: int, max_retry_wait: float) -> None:
        self.api_key, self.base_url = _settings(api_key, base_url)
        self.retry_policy = RetryPolicy(max_retries=max_retries, max_retry_after=max_retry_wait)

    def _headers(self, request: Request) -> dict[str, str]:
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

    def _request(self, request: Request) -> httpx.Response:
        retries = 0
        resendable = request.upload is None or request.upload.resendable
        while True:
            part, sent = request.upload.open() if request.upload else (None, _core.nothing)
            try:
                response = self._http.request(
                    request.method,
                    self._url(request.path),
                    params=request.params,
                    json=request.json,
                    headers=self._headers(request),
                    files=None if part is None else {"file": part},
                    data=request.form or None,
                )
            except httpx.TransportError as exc:
                never_sent = isinstance(exc, (httpx.ConnectError, httpx.ConnectTimeout))
                delay = self.retry_policy.connection_delay(retries, request.method, never_sent) if resendable else None
                if delay is None:
                    raise APIConnectionError(f"{request.method} {request.path}: {exc!r}") from exc
            else:
                if response.status_code < 400:
                    return response
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

    def export(self, scan_id: str, format: ExportFormat) -> ExportFile:
        """``GET /v1/scans/{id}/export?format=…``: a complete scan as a file (srt, vtt, csv, edl, chapters, json, or an editor timeline: otio, fcpxml, markers.csv)."""
        response = self._client._request(Request("GET", f"/v1/scans/{_segment(scan_id)}/export", params={"format": format}))
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

    def wait(self, recut_id: str, *, on_progress: Progress | None = None, timeout: float | None = None, poll_interval: float = 1.0) -> Recut:
        """Polls the recut until it is complete, as :meth:`Scans.wait` does."""
        return self._client._wait(lambda: self.get(recut_id), recut_id, "recut_id", on_progress, timeout, poll_interval)


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

    async def _request(self, request: Request) -> httpx.Response:
        retries = 0
        resendable = request.upload is None or request.upload.resendable
        while True:
            part, sent = request.upload.open() if request.upload else (None, _core.nothing)
            try:
                response = await self._http.request(
                    request.method,
                    self._url(request.path),
                    params=request.params,
                    json=request.json,
                    headers=self._headers(request),
                    files=None if part is None else {"file": part},
                    data=request.form or None,
                )
            except httpx.TransportError as exc:
                never_sent = isinstance(exc, (httpx.ConnectError, httpx.ConnectTimeout))
                delay = self.retry_policy.connection_delay(retries, request.method, never_sent) if resendable else None
                if delay is None:
                    raise APIConnectionError(f"{request.method} {request.path}: {exc!r}") from exc
            else:
                if response.status_code < 400:
                    return response
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

    async def export(self, scan_id: str, format: ExportFormat) -> ExportFile:
        response = await self._client._request(Request("GET", f"/v1/scans/{_segment(scan_id)}/export", params={"format": format}))
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

    async def wait(self, recut_id: str, *, on_progress: AsyncProgress | None = None, timeout: float | None = None, poll_interval: float = 1.0) -> Recut:
        return await self._client._wait(lambda: self.get(recut_id), recut_id, "recut_id", on_progress, timeout, poll_interval)
