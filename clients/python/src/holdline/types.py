"""The wire shapes of the signal interface, as the service answers them (README, ``/openapi.json``).

They are ``TypedDict``s: an answer is the plain ``dict`` the service sent, so a
field the service adds later is kept, and a type checker still knows every key.
A scan is one of three shapes told apart by ``status``.
"""

from __future__ import annotations

from typing import Literal, TypedDict, Union

ScanStatus = Literal["queued", "processing", "complete", "error"]
ExportFormat = Literal["srt", "vtt", "csv", "edl", "chapters", "json", "otio", "fcpxml", "markers.csv"]
RecutExportFormat = Literal["edl", "otio", "fcpxml", "markers.csv"]


class QueuedScan(TypedDict):
    """The answer to ``POST /v1/scans`` (202)."""

    scan_id: str
    status: str
    pct: float


ScanStage = Literal["queued", "ingest", "probe", "decode", "assembly"]


class _SourceName(TypedDict, total=False):
    source_name: str | None
    """The name of the file the scan was made from (``talk.mp4``); None when there is none. Sent by every scan shape."""


class InFlightScan(_SourceName):
    """A scan in flight; ``stage`` names what it is doing."""

    scan_id: str
    status: Literal["queued", "processing"]
    pct: float
    stage: ScanStage
    title: str | None
    created_at: str


class Scores(TypedDict):
    hold: float
    motion: float
    loudness: float
    speech: float


class TimelineEntry(TypedDict):
    second: int
    scores: Scores


class Span(TypedDict):
    start: float
    end: float


class Moment(TypedDict):
    second: int
    label: str
    hold: float
    quote: str


class TranscriptLine(TypedDict):
    start: float
    end: float
    text: str


class TechnicalCue(TypedDict):
    """Colour bars, black frames or a still title card or slate, seconds (``end`` exclusive)."""

    kind: Literal["colour_bars", "black_frames", "slate"]
    start: float
    end: float


class _CompleteRequired(TypedDict):
    scan_id: str
    status: Literal["complete"]
    pct: Literal[100]
    title: str | None
    created_at: str
    duration_sec: float
    score: int
    grade: str
    label: str
    hook: float
    timeline: list[TimelineEntry]
    cuts: list[float]
    dead: list[Span]
    moments: list[Moment]
    claims: list[str]
    transcript: list[TranscriptLine]
    summary: str
    method: str
    media_url: str


class CompleteScan(_CompleteRequired, _SourceName, total=False):
    transcriber: str | None
    language: str | None
    # Beside the spec's fields; absent on reads made before it existed.
    technical_cues: list[TechnicalCue]


class ErrorScan(_SourceName):
    scan_id: str
    status: Literal["error"]
    pct: float
    detail: str
    title: str | None
    created_at: str


Scan = Union[InFlightScan, CompleteScan, ErrorScan]


class _HistoryRowRequired(TypedDict):
    scan_id: str
    status: ScanStatus
    pct: float
    title: str | None
    created_at: str


class HistoryRow(_HistoryRowRequired, total=False):
    """One row of ``GET /v1/scans``: the summary figures only once the scan is complete."""

    duration_sec: float
    score: int
    grade: str
    label: str


class _ScanPageRequired(TypedDict):
    data: list[HistoryRow]
    limit: int
    offset: int
    total: int
    has_more: bool


class ScanPage(_ScanPageRequired, total=False):
    """One page of ``GET /v1/scans``; ``next_cursor`` where the service pages by cursor."""

    next_cursor: str | None


class DeletedScan(TypedDict):
    """``deleted`` when nothing of the scan is left (204); ``deleting`` when the rest follows (202)."""

    scan_id: str
    status: Literal["deleted", "deleting"]


class QueuedRecut(TypedDict):
    recut_id: str
    status: str
    parent_scan_id: str


class RecutFigures(TypedDict):
    score: float
    grade: str
    hook: float
    dead_seconds: float
    duration_sec: float
    average_hold: float


class _RecutRequired(TypedDict):
    recut_id: str
    status: ScanStatus


class Recut(_RecutRequired, total=False):
    """A recut: only the fields of its state are present (``segments``, ``before``, ``after`` once complete)."""

    pct: float
    stage: str
    detail: str
    parent_scan_id: str
    scan_id: str
    segments: list[Span]
    rationale: str
    proposed_by: Literal["model", "rules"]
    base_model: str | None
    before: RecutFigures
    after: RecutFigures
    goal: str | None
    max_seconds: float | None
    created_at: str


class RecutList(TypedDict):
    parent_scan_id: str
    data: list[Recut]


class RetentionSetting(TypedDict):
    """``GET``/``PUT /v1/account/retention``: the account's own days (0 keeps videos for good,
    None follows the server default), the server default (None: off) and the days in force (None: kept for good)."""

    media_retention_days: int | None
    include_published: bool
    operator_default_days: int | None
    effective_days: int | None


class PasswordChanged(TypedDict):
    """``PUT /v1/account/password``: ``set`` (the account had none) or ``changed``, and the website sessions signed out."""

    status: Literal["set", "changed"]
    signed_out_sessions: int


class ClosedAccount(TypedDict):
    """``closed`` when nothing of the account is left (204); ``closing`` when the rest follows (202). The key is dead either way."""

    status: Literal["closed", "closing"]
