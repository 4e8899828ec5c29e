"""Named errors with a stable code; the HTTP layer maps them to statuses in one place."""

from __future__ import annotations


class EarError(Exception):
    """A request the ear refuses, answered as `{error: {message, type, param, code}}`."""

    status = 400
    type = "invalid_request_error"
    code = "invalid_request"

    def __init__(self, message: str, param: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.param = param


class InvalidFieldError(EarError):
    code = "invalid_field"


class MissingFieldError(EarError):
    code = "missing_field"


class UnknownModelError(EarError):
    code = "model_not_found"


class RequestTooLargeError(EarError):
    status = 413
    code = "request_too_large"


class AudioTooLongError(EarError):
    """The audio decodes past the duration cap; decoding stopped there."""

    status = 413
    code = "audio_too_long"


class UnauthorizedError(EarError):
    """No `Authorization: Bearer` token, or not the ear's (OpenAI's code for a bad key)."""

    status = 401
    code = "invalid_api_key"


class OriginRefusedError(EarError):
    """The request names an `Origin`: it comes from a web page, which has no business here."""

    status = 403
    code = "origin_not_allowed"


class MisdirectedRequestError(EarError):
    """The `Host` is not one the ear answers to (a DNS-rebound name, for one)."""

    status = 421
    code = "host_not_allowed"


class ClientGoneError(EarError):
    """The client disconnected; the transcription stopped. Only the log sees the status (nginx's 499)."""

    status = 499
    code = "client_closed_request"

    def __init__(self, message: str, heard_sec: float, segments: int) -> None:
        super().__init__(message)
        self.heard_sec = heard_sec
        self.segments = segments


class NotFoundError(EarError):
    status = 404
    code = "not_found"


class MethodNotAllowedError(EarError):
    status = 405
    code = "method_not_allowed"


class ConfigError(Exception):
    """The environment does not describe a valid ear; lists every bad variable."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("invalid ear configuration:\n" + "\n".join(f"  - {p}" for p in problems))
        self.problems = problems


class ModelCheckError(Exception):
    """A model directory is incomplete or a file's sha256 differs from the pinned one."""

    def __init__(self, model: str, directory: str, problems: list[str]) -> None:
        lines = "\n".join(f"  - {p}" for p in problems)
        super().__init__(
            f"model {model} in {directory} failed its check; reinstall it with `bash scripts/install-ear.sh`:\n{lines}"
        )
        self.model = model
        self.problems = problems
