"""The HTTP face of the ear: OpenAI's transcription endpoint, /health and /v1/models."""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import math
import sys
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from .answers import AnswerCache, answer_key
from .config import EarConfig
from .engine import COMPUTE_TYPE, ENGINE, Engine, TranscribeOptions, Transcript, versions
from .errors import (
    ClientGoneError,
    EarError,
    InvalidFieldError,
    MethodNotAllowedError,
    MisdirectedRequestError,
    MissingFieldError,
    NotFoundError,
    OriginRefusedError,
    RequestTooLargeError,
    UnauthorizedError,
)
from .responses import engine_name, json_body, verbose_json

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

RESPONSE_FORMATS = ("json", "text", "verbose_json")
GRANULARITIES = ("word", "segment")
# Form fields other than the file are a few bytes each; this bounds what a
# client can make the parser hold outside the body limit's count.
MAX_FIELDS = 16


def error_body(error: EarError) -> dict[str, Any]:
    return {"error": {"message": error.message, "type": error.type, "param": error.param, "code": error.code}}


def error_response(error: EarError) -> JSONResponse:
    headers = {"www-authenticate": "Bearer"} if isinstance(error, UnauthorizedError) else None
    return JSONResponse(error_body(error), status_code=error.status, headers=headers)


def _too_large(limit: int) -> RequestTooLargeError:
    return RequestTooLargeError(f"the request body is over the ear's limit of {limit} bytes", param="file")


class BodyLimitMiddleware:
    """Refuses a body over `limit` bytes: at once from Content-Length, else as soon as the count passes it."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await error_response(_too_large(self.limit))(scope, receive, send)
            return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise _too_large(self.limit)
            return message

        await self.app(scope, counted, send)


def allowed_hosts(config: EarConfig) -> frozenset[str]:
    """The `Host` values the ear answers to: loopback and its own host, on its port, and any configured extra."""
    own = f"[{config.host}]" if ":" in config.host else config.host
    names = ("127.0.0.1", "localhost", "[::1]", own.lower())
    return frozenset({f"{name}:{config.port}" for name in names} | set(config.allowed_hosts))


def _digest(token: bytes) -> bytes:
    return hashlib.sha256(token).digest()


class GuardMiddleware:
    """Who may ask, checked before the body is read: the `Host`, any `Origin`, then the bearer token.

    A web page on this machine can reach a loopback port, by DNS rebinding under a name of its
    own: the `Host` check (421) refuses that name, and any `Origin` header (403) marks a browser.
    With an API key every route but /health asks for `Authorization: Bearer <key>` (401),
    compared in constant time (on digests, so not even the length shows).
    """

    def __init__(self, app: ASGIApp, hosts: frozenset[str], api_key: str | None) -> None:
        self.app = app
        self.hosts = hosts
        self.key_digest = _digest(api_key.encode()) if api_key else None

    def refusal(self, scope: Scope) -> EarError | None:
        headers: list[tuple[bytes, bytes]] = scope["headers"]
        hosts = [v for k, v in headers if k == b"host"]
        if len(hosts) != 1 or hosts[0].decode("latin-1").lower() not in self.hosts:
            shown = hosts[0].decode("latin-1")[:100] if len(hosts) == 1 else f"{len(hosts)} Host headers"
            return MisdirectedRequestError(f"the ear does not answer to Host {shown!r}")
        if any(k == b"origin" for k, _ in headers):
            return OriginRefusedError("the ear refuses requests from web pages (an Origin header)")
        if self.key_digest is None or scope["path"] == "/health":
            return None
        given = [v for k, v in headers if k == b"authorization"]
        scheme, _, token = given[0].partition(b" ") if len(given) == 1 else (b"", b"", b"")
        # Always one comparison, whatever was sent.
        matches = hmac.compare_digest(_digest(token.strip()), self.key_digest)
        if scheme.lower() != b"bearer" or not matches:
            return UnauthorizedError("a valid `Authorization: Bearer <key>` header is required")
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            refused = self.refusal(scope)
            if refused is not None:
                await error_response(refused)(scope, receive, send)
                return
        await self.app(scope, receive, send)


async def _watch_disconnect(receive: Receive, cancelled: threading.Event) -> None:
    """Sets `cancelled` when the client goes away. Only after the body is read: the server then has nothing else to give."""
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            cancelled.set()
            return


class RequestLogMiddleware:
    """One JSON line per request on stdout; a route adds its own fields to `request.state.log`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.monotonic()
        status = 500

        async def recorded(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, recorded)
        finally:
            line: dict[str, Any] = {
                "ts": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                "method": scope["method"],
                "path": scope["path"],
                "status": status,
                "ms": round((time.monotonic() - started) * 1000, 1),
            }
            line.update(scope.get("state", {}).get("log", {}))
            print(json.dumps(line), file=sys.stdout, flush=True)


def _text_field(form: Any, name: str) -> str | None:
    value = form.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidFieldError(f"{name} must be a text field, not a file", param=name)
    return value.strip()


def _temperature(raw: str | None) -> float:
    if raw is None or raw == "":
        return 0.0
    try:
        value = float(raw)
    except ValueError:
        raise InvalidFieldError(f"temperature {raw!r} is not a number", param="temperature") from None
    if not math.isfinite(value) or not 0.0 <= value <= 1.0:
        raise InvalidFieldError(f"temperature {raw!r} is outside 0..1", param="temperature")
    return value


def build_app(config: EarConfig, engine: Engine) -> Starlette:
    answers = AnswerCache(config.cache_entries)

    async def health(request: Request) -> Response:
        return JSONResponse(
            {
                "status": "ok",
                "engine": ENGINE,
                **versions(),
                "compute_type": COMPUTE_TYPE,
                "models": list(engine.models),
                "default_model": engine.default_model,
                "beam_size": engine.beam_size,
                "threads": config.threads,
                "workers": config.workers,
                "max_body_bytes": config.max_body_bytes,
                "max_audio_seconds": config.max_audio_seconds,
            }
        )

    async def list_models(request: Request) -> Response:
        return JSONResponse(
            {
                "object": "list",
                "data": [
                    {"id": model_id, "object": "model", "created": loaded.loaded_at, "owned_by": "holdline"}
                    for model_id, loaded in engine.models.items()
                ],
            }
        )

    async def transcriptions(request: Request) -> Response:
        async with request.form(max_files=1, max_fields=MAX_FIELDS) as form:
            upload = form.get("file")
            if not isinstance(upload, UploadFile):
                raise MissingFieldError("file is required: the audio as a multipart file field", param="file")
            model = engine.resolve(_text_field(form, "model"))
            response_format = _text_field(form, "response_format") or "json"
            if response_format not in RESPONSE_FORMATS:
                raise InvalidFieldError(
                    f"response_format {response_format!r} is not one of {', '.join(RESPONSE_FORMATS)}",
                    param="response_format",
                )
            granularities = [str(g).strip() for g in form.getlist("timestamp_granularities[]")]
            for granularity in granularities:
                if granularity not in GRANULARITIES:
                    raise InvalidFieldError(
                        f"timestamp_granularities[] {granularity!r} is not one of {', '.join(GRANULARITIES)}",
                        param="timestamp_granularities[]",
                    )
            if granularities and response_format != "verbose_json":
                raise InvalidFieldError(
                    "timestamp_granularities[] needs response_format=verbose_json", param="timestamp_granularities[]"
                )
            language = (_text_field(form, "language") or "").lower() or None
            engine.check_language(model, language)
            temperature = _temperature(_text_field(form, "temperature"))
            data = await upload.read()
        want_words = "word" in granularities
        options = TranscribeOptions(language=language, word_timestamps=want_words, temperature=temperature)
        request.state.log = {"model": model.spec.id, "bytes": len(data)}
        key = answer_key(model.spec.id, data, options)
        outcome: Transcript | EarError | None = answers.get(key)
        if outcome is not None:
            request.state.log["cached"] = True
        else:
            cancelled = threading.Event()
            work = functools.partial(engine.transcribe, model, data, options, cancelled)

            async def run() -> None:
                nonlocal outcome
                try:
                    outcome = await anyio.to_thread.run_sync(work, limiter=model.limiter)
                except EarError as refused:  # raised outside the task group, which would wrap it
                    outcome = refused
                finally:
                    watching.cancel_scope.cancel()

            async with anyio.create_task_group() as watching:
                watching.start_soon(_watch_disconnect, request.receive, cancelled)
                watching.start_soon(run)
            if isinstance(outcome, Transcript):
                answers.put(key, outcome)
        if isinstance(outcome, ClientGoneError):
            gone = outcome
            # Nobody reads the answer; the log line says where the work stopped.
            request.state.log = {
                **request.state.log,
                "cancelled": "client disconnected",
                "heard_sec": gone.heard_sec,
                "segments": gone.segments,
            }
        if not isinstance(outcome, Transcript):
            raise outcome or RuntimeError("the transcription gave nothing")
        transcript = outcome
        request.state.log = {
            **request.state.log,
            "decoded": transcript.decoded,
            "audio_sec": transcript.duration,
            "language": transcript.language,
            "words": len(transcript.words) if want_words else None,
            "segments": len(transcript.segments),
        }
        # Says whether the answer was heard now or kept from the same request before (answers.py).
        headers = {"X-Ear-Cache": "hit" if request.state.log.get("cached") else "miss"} if answers.entries > 0 else None
        if response_format == "text":
            return PlainTextResponse(transcript.text, headers=headers)
        if response_format == "json":
            return JSONResponse(json_body(transcript), headers=headers)
        # OpenAI's default granularity is the segment.
        named = engine_name(model.spec.id, COMPUTE_TYPE, ENGINE)
        return JSONResponse(verbose_json(transcript, want_words, "segment" in granularities or not granularities, named), headers=headers)

    async def on_ear_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, EarError)
        return error_response(exc)

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if exc.status_code == 404:
            return error_response(NotFoundError(f"no route {request.method} {request.url.path}"))
        if exc.status_code == 405:
            return error_response(MethodNotAllowedError(f"{request.method} is not allowed on {request.url.path}"))
        # Starlette's own 400s: a malformed multipart body, too many fields or files.
        return error_response(InvalidFieldError(str(exc.detail)))

    async def on_crash(request: Request, exc: Exception) -> Response:
        # Internals stay in the server's log (uvicorn prints the traceback), never in the answer.
        return JSONResponse(
            {"error": {"message": "the ear failed on this request", "type": "server_error", "param": None, "code": "internal_error"}},
            status_code=500,
        )

    app = Starlette(
        routes=[
            Route("/health", health, methods=["GET"]),
            Route("/v1/models", list_models, methods=["GET"]),
            Route("/v1/audio/transcriptions", transcriptions, methods=["POST"]),
        ],
        exception_handlers={EarError: on_ear_error, HTTPException: on_http_error, Exception: on_crash},
    )
    # The last added runs first: log, then guard, then the body limit.
    app.add_middleware(BodyLimitMiddleware, limit=config.max_body_bytes)
    app.add_middleware(GuardMiddleware, hosts=allowed_hosts(config), api_key=config.api_key)
    app.add_middleware(RequestLogMiddleware)
    return app
