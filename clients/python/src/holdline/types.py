# Generated from the OpenAPI document (/openapi.json) by `npm run openapi:types` (scripts/python-types.ts); do not edit.
"""The wire shapes of the signal interface, as the service answers them (``/openapi.json``).

They are ``TypedDict``s: an answer is the plain ``dict`` the service sent, so a
field the service adds later is kept, and a type checker still knows every key.
A scan is one of three shapes told apart by ``status`` (``Scan``).
"""

from __future__ import annotations

from typing import Any, Dict, Literal, TypedDict, Union


DipCause = Literal["colour_bars", "black_frames", "slate", "still_picture", "silence", "loudness_drop", "no_speech", "long_pause", "long_shot", "slow_cutting"]
HookPart = Literal["motion", "sound", "words"]
ScanStage = Literal["queued", "ingest", "probe", "decode", "assembly"]


class AccountUsagePeriod(TypedDict):
    """The calendar month (UTC) counted."""

    start: str
    """The month's first instant, UTC (ISO 8601)."""
    end: str
    """The next month's first instant, UTC."""


class AccountUsage(TypedDict):
    """Your plan and this month's use."""

    plan: str
    """`signal` or `agents`."""
    period: AccountUsagePeriod
    """The calendar month (UTC) counted."""
    calls_this_month: int
    """Chat calls accepted this month."""
    calls_left: int
    """Chat calls left this month (25 a month on every plan)."""
    tokens_used: int
    """Tokens used by this month's calls."""
    scans_this_month: int
    """Scans accepted this month."""
    scans_left: int
    """Scans left this month (30 on Signal, 50 on Agents)."""


class ChatCompletionChoicesItemMessage(TypedDict):
    """The answer as an assistant message."""

    role: str
    """`assistant`."""
    content: str
    """The answer."""


class _ChatCompletionChoicesItemRequired(TypedDict):
    index: int
    """0: one choice is made."""
    message: ChatCompletionChoicesItemMessage
    """The answer as an assistant message."""
    finish_reason: Literal["stop", "length"]
    """`stop` when the answer is whole; `length` when it was cut at the token limit."""


class ChatCompletionChoicesItem(_ChatCompletionChoicesItemRequired, total=False):
    logprobs: None
    """Always null: no log probabilities are given."""


class ChatCompletion(TypedDict):
    """An OpenAI `chat.completion` with Holdline's run report."""

    id: str
    """The completion's id."""
    object: Literal["chat.completion"]
    """`chat.completion`."""
    created: int
    """Unix seconds when the answer was made."""
    model: str
    """The model id asked for."""
    choices: list[ChatCompletionChoicesItem]
    """The one answer."""
    usage: TokenUsage
    holdline: Run


class _ChatCompletionRequestMessagesItemRequired(TypedDict):
    role: str


class ChatCompletionRequestMessagesItem(_ChatCompletionRequestMessagesItemRequired, total=False):
    content: Any


class _ChatCompletionRequestRequired(TypedDict):
    model: str
    messages: list[ChatCompletionRequestMessagesItem]


class ChatCompletionRequest(_ChatCompletionRequestRequired, total=False):
    """An OpenAI chat completion request: `model`, `messages`, optional `stream`, `stream_options.include_usage`, `max_tokens`."""

    stream: bool


class _CloseAccountRequestRequired(TypedDict):
    email: str
    """The account's email, to confirm the closure."""


class CloseAccountRequest(_CloseAccountRequestRequired, total=False):
    password: str
    """The account's password. Required once the account has one (every account made on the website does): the key alone cannot close an account. Wrong ones count against the same throttle as `PUT /v1/account/password`."""


class ClosingAccount(TypedDict):
    """The account is closing: its key no longer works and the clean-up goes on."""

    account_id: str
    """The account being closed."""
    status: Literal["closing"]
    """The key no longer works; the clean-up goes on."""


class _CompleteScanRequired(TypedDict):
    scan_id: str
    """The scan's id: `scn_` and 24 hex digits."""
    status: Literal["complete"]
    """The read is done: every field below is there."""
    pct: Literal[100]
    """Always 100."""
    title: str | None
    """The title given at submission; without one, the source's file name (`source_name`) without its extension; null when there is neither."""
    created_at: str
    """When the scan was accepted."""
    duration_sec: float
    """The video's length in seconds, as probed."""
    score: int
    """Overall score, 0 to 100, from measures that mean the same in every file (the share of live seconds, speech, its pace, cutting, motion, loudness; see `method`), so scores compare across videos."""
    grade: str
    """The letter of the score: A+ from 97, A 93, A- 90, B+ 87, B 83, B- 80, C+ 77, C 73, C- 70, D+ 67, D 63, D- 60, F below (ASCII hyphen)."""
    label: str
    """The grade's letter in a word: A Gripping, B Engaging, C Steady, D Sluggish, F Flat."""
    hook: float
    """The mean reported hold over the first 3 seconds (fewer if the file is shorter), 0 to 100, one decimal."""
    timeline: list[TimelineEntry]
    """One entry per second, t = 0 to N-1 with N = ceil(duration_sec)."""
    cuts: list[float]
    """Cut times in seconds, decimal, each refined to the frame where the picture changes (see cut_frames); at least 0.75 s apart. Fades and dissolves are not cuts."""
    dead: list[DeadStretch]
    """Dead stretches: every run of 2 or more seconds whose hold is below the floor of 30, in time order."""
    moments: list[Moment]
    """Peaks of hold, highest first at least 10 s apart, at most 3 (5 for files over 180 s), listed in time order."""
    claims: list[str]
    """Transcript sentences with a check-worthy cue: a quantity, an evidence word ("studies show"), an absolute or superlative, a comparative, a causal or predictive verb. Flagged for checking, not judged true or false; empty when the speech is not English."""
    transcript: list[TranscriptSegment]
    """What was said, in time order; only words heard inside a voice count."""
    summary: str
    """One paragraph in plain words: the average hold, the strongest second, the dead stretches, the number of cuts and the hook."""
    method: str
    """How this read was computed, every definition in plain words, in short paragraphs separated by blank lines; then the engine that heard the words. The series are proxies computed from the file, not a measurement of any viewer."""
    media_url: str | None
    """Where the video is served; null once the retention setting removed it (the read is kept)."""


class CompleteScan(_CompleteScanRequired, total=False):
    """A `complete` scan: the whole read, `pct` 100."""

    source_name: str | None
    """The name of the file the scan was made from: the upload's file name, or the last segment of the video URL's path when it names a video file (`talk.mp4`); base name only, controls removed, at most 255 characters; null when there is none. The timeline exports name the media with it and the media download is named by it. Beside the spec's fields; in every scan shape."""
    transcriber: str | None
    """The speech-to-text engine that heard the words, e.g. `pocketsphinx 5prealpha en-us`; several, comma-separated, when a server failed on some chunks; null when the file has no sound. Beside the spec's fields."""
    language: str | None
    """The spoken language, ISO 639-1 (null when no words were heard). Beside the spec's fields."""
    loudness_lufs: LoudnessReport | None
    """EBU R128 loudness, beside the spec's fields; null when the file has no sound."""
    technical_cues: list[TechnicalCue]
    """Colour bars, black frames and still title cards or slates, with their spans, in time order, beside the spec's fields; empty when there are none, absent on reads made before they existed. A cue nobody speaks over is a dip of its own and is left out of recuts."""
    dips: list[Dip]
    """Why attention is likely to drop, beside the spec's fields: each technical cue nobody speaks over (its kind first among the causes, advised to be cut), each dead stretch and each fall of hold by 15 points within 3 s, with its causes and one sentence of advice."""
    hook_report: HookReport
    frame_rate: float | None
    """The video stream's average frame rate as probed, beside the spec's fields; null when unknown. The EDL counts frames at it."""
    frame_rate_variable: bool
    """Whether the video's frames come at an uneven rate (the gaps between its first packets' timestamps differ), beside the spec's fields. Then each cut's time is its frame's own timestamp and cut_frames counts at the average rate."""
    cut_frames: list[int]
    """The frame index at the source's frame rate of each cut, parallel to cuts (whose seconds are the refined times), beside the spec's fields; absent when the frame rate is unknown."""
    width: int
    """The video's displayed width in pixels as probed (rotation applied), beside the spec's fields; absent on reads made before it. The fcpxml export's format carries it."""
    height: int
    """The video's displayed height in pixels as probed (rotation applied), beside the spec's fields; absent on reads made before it."""


class DeadStretch(TypedDict):
    """A run of 2 or more seconds whose hold is below the floor of 30."""

    start: float
    """The first second of the stretch."""
    end: float
    """The second after its last (exclusive); at most the duration."""


class DeletingScan(TypedDict):
    """A deletion still going on after 20 s."""

    scan_id: str
    """The scan's id: `scn_` and 24 hex digits."""
    status: Literal["deleting"]
    """Hidden from every read already; the rest of the deletion goes on."""


class Dip(TypedDict):
    """A stretch where attention is likely to drop: a dead stretch, or a fall of hold by 15 points within 3 s."""

    start: float
    """The first second of the dip."""
    end: float
    """Exclusive, seconds."""
    causes: list[DipCause]
    """Why attention is likely to drop there, read from the series over the dip, in this order."""
    advice: str
    """One sentence naming the span and every cause, and what to do: cut, add sound under, tighten or talk over, close the pause, add movement or a cutaway, lift the sound, add a cut, cut faster."""


class DipFiguresCauses(TypedDict, total=False):
    """How many dips name each cause; a cause no dip names is absent."""

    colour_bars: int
    """Dips over colour bars."""
    black_frames: int
    """Dips over black frames."""
    slate: int
    """Dips over a slate or title card."""
    still_picture: int
    """Dips with a still picture."""
    silence: int
    """Dips with silence."""
    loudness_drop: int
    """Dips with a loudness drop."""
    no_speech: int
    """Dips without speech."""
    long_pause: int
    """Dips with a long pause."""
    long_shot: int
    """Dips inside a long shot."""
    slow_cutting: int
    """Dips with slow cutting."""


class DipFigures(TypedDict):
    """A read's dips summed up."""

    count: int
    """How many dips."""
    seconds: float
    """Total length of the dips, seconds."""
    causes: DipFiguresCauses
    """How many dips name each cause; a cause no dip names is absent."""


class ErrorDetail(TypedDict):
    """An error of the signal interface."""

    detail: str
    """What went wrong, in a sentence that names the field or limit when there is one."""


class _ErrorScanRequired(TypedDict):
    scan_id: str
    """The scan's id: `scn_` and 24 hex digits."""
    status: Literal["error"]
    """The scan ended without a read; `detail` says why."""
    pct: float
    """Progress, 0 to 100: queued 0, ingest 5, probe 10, decode and transcription up to 90, assembly 95, complete 100. A scan in error keeps the figure it reached."""
    detail: str
    """Why the scan ended: the problem with the media or the limit it broke, or `cancelled`."""
    title: str | None
    """The title given at submission; without one, the source's file name (`source_name`) without its extension; null when there is neither."""
    created_at: str
    """When the scan was accepted."""


class ErrorScan(_ErrorScanRequired, total=False):
    """A scan that ended in `error`: why, and the progress it reached."""

    source_name: str | None
    """The name of the file the scan was made from: the upload's file name, or the last segment of the video URL's path when it names a video file (`talk.mp4`); base name only, controls removed, at most 255 characters; null when there is none. The timeline exports name the media with it and the media download is named by it. Beside the spec's fields; in every scan shape."""


class HookReportBestOpening(TypedDict):
    """The 3-second window with the highest mean hold (the earliest on a tie): a suggested opening."""

    start: float
    """Its first second."""
    end: float
    """The second after its last (exclusive)."""
    hold: float
    """Its mean reported hold."""


class HookReport(TypedDict):
    """The hook with its scale, what carried the first 3 s and the strongest 3-second window, beside the spec's fields."""

    value: float
    """The hook, as `hook`."""
    scale: str
    """How to read the value, in words."""
    file_percentile: float
    """Percent of this file's seconds whose hold is below the hook."""
    library_percentile: float | None
    """Percent of published scans' hooks below this one, placed when the read is served; null while 20 or fewer scans are published."""
    carried: list[HookPart]
    """What carried the first 3 s."""
    missing: list[HookPart]
    """What was missing from the first 3 s."""
    best_opening: HookReportBestOpening
    """The 3-second window with the highest mean hold (the earliest on a tie): a suggested opening."""
    advice: str
    """One sentence: open with the strongest window, or what to add to the first 3 s."""


class _InFlightScanRequired(TypedDict):
    scan_id: str
    """The scan's id: `scn_` and 24 hex digits."""
    status: Literal["queued", "processing"]
    """`queued` until a worker takes it, then `processing`."""
    pct: float
    """Progress, 0 to 100: queued 0, ingest 5, probe 10, decode and transcription up to 90, assembly 95, complete 100. A scan in error keeps the figure it reached."""
    stage: ScanStage
    title: str | None
    """The title given at submission; without one, the source's file name (`source_name`) without its extension; null when there is neither."""
    created_at: str
    """When the scan was accepted."""


class InFlightScan(_InFlightScanRequired, total=False):
    """A scan while `queued` or `processing`: where it stands, no read yet."""

    source_name: str | None
    """The name of the file the scan was made from: the upload's file name, or the last segment of the video URL's path when it names a video file (`talk.mp4`); base name only, controls removed, at most 255 characters; null when there is none. The timeline exports name the media with it and the media download is named by it. Beside the spec's fields; in every scan shape."""


class Library(TypedDict):
    """One page of the public library, newest first."""

    data: list[LibraryEntry]
    """This page's entries, newest first."""
    limit: int
    """The page size asked for (default 20, at most 100)."""
    offset: int
    """Entries skipped before this page."""
    total: int
    """Entries in the whole list."""
    has_more: bool
    """Whether entries follow this page."""


class LibraryEntry(TypedDict):
    """One published scan."""

    scan_id: str
    """The scan's id: `scn_` and 24 hex digits."""
    title: str
    """The title it is listed under."""
    published_at: str
    """When it was published (ISO 8601)."""
    score: int
    """The score, 0 to 100."""
    grade: str
    """The letter grade."""
    label: str
    """The grade's letter in a word."""
    duration_sec: float
    """The video's length, seconds."""
    url: str
    """Its public page."""


class Liveness(TypedDict):
    ok: bool
    """Always true: the API process answers."""


class LoudnessReport(TypedDict):
    """The first audio stream's loudness as EBU R128 measures it (ffmpeg's ebur128 filter)."""

    integrated_lufs: float | None
    """Integrated loudness, LUFS (gated); null when the sound never rises above -70 LUFS."""
    range_lu: float
    """Loudness range, LU."""
    true_peak_dbtp: float | None
    """True peak, dBTP (4x oversampled); null when every sample is 0."""
    short_term_lufs: list[float | None]
    """Short-term loudness (3 s window ending at t+1) per second t; null below -70 LUFS."""
    targets: list[LoudnessTarget]
    """The file against the targets of streaming platforms, podcasts and broadcast."""


class LoudnessTarget(TypedDict):
    """The file's loudness against one platform's target."""

    id: str
    """A stable key: `streaming`, `podcast` or `broadcast`."""
    name: str
    """Who normalises to it, in plain words."""
    target_lufs: float
    """The integrated loudness the platform normalises to, LUFS."""
    max_true_peak_dbtp: float
    """The highest true peak the platform recommends, dBTP."""
    difference_lu: float
    """Integrated loudness minus the target, LU (positive: louder)."""
    verdict: Literal["on_target", "louder", "quieter"]
    """`on_target` within 1 LU of the target; `louder` above it (the platform turns the file down); `quieter` below it."""
    true_peak_over: bool
    """Whether the true peak is above max_true_peak_dbtp."""


class _ModelRequired(TypedDict):
    id: str
    """The id to pass as `model`."""
    object: Literal["model"]
    """`model`."""
    created: int
    """Unix seconds: the day the interface opened."""
    owned_by: str
    """`holdline`."""
    base_model: str
    """The open-weight base model the id runs on."""
    available: bool
    """Whether the model server behind this model answers now (false when none is configured or it is down)."""


class Model(_ModelRequired, total=False):
    """One model of the agent interface."""

    description: str
    """What the embedded demonstration model can and cannot do; only on it."""


class ModelList(TypedDict):
    """The models, in OpenAI's list shape."""

    object: Literal["list"]
    """`list`."""
    data: list[Model]
    """`holdline` first, then the ids the operator configured."""


class Moment(TypedDict):
    """A peak of hold: a local maximum of at least 30 and at least the median, outside dead stretches."""

    second: int
    """The second of the peak."""
    label: str
    """What the moment is: `peak`."""
    hold: float
    """The reported hold at that second."""
    quote: str
    """The words spoken starting from 1 s before to 2 s after the second, at most 15; empty when none."""


class OpenAIErrorError(TypedDict):
    """The error."""

    message: str
    """What went wrong, in a sentence."""
    type: str
    """OpenAI's error type: `invalid_request_error`, `authentication_error`, `rate_limit_error`, `server_error` …"""
    param: str | None
    """The request field at fault (`messages`, `model`, …); null when none is."""
    code: str | None
    """A stable code: `quota_exceeded`, `rate_limit`, `request_too_large`, `upstream_unavailable`, `model_unavailable`, …; null when none applies."""


class OpenAIError(TypedDict):
    """An error of the model interface, in OpenAI's shape."""

    error: OpenAIErrorError
    """The error."""


class _PasswordChangeRequired(TypedDict):
    password: str
    """The new password: 8 to 200 characters (sign-up's rule)."""


class PasswordChange(_PasswordChangeRequired, total=False):
    current_password: str
    """The account's password now. Required once the account has one; an account made by `npm run account:create` sets its first with the key alone."""


class PasswordChanged(TypedDict):
    """The website password was set or changed."""

    status: Literal["set", "changed"]
    """`set`: the account had no password before; `changed`: it replaced one."""
    signed_out_sessions: int
    """Website sessions of the account signed out by the change (all of them: a key is not a session)."""


class Published(TypedDict):
    """A scan now in the public library."""

    scan_id: str
    """The scan's id: `scn_` and 24 hex digits."""
    title: str
    """The title it is listed under."""
    published_at: str
    """When it was published (ISO 8601)."""
    url: str
    """Its public page."""


class PublishRequest(TypedDict, total=False):
    title: str


class QueuedRecut(TypedDict):
    """A recut accepted and queued."""

    recut_id: str
    """The recut's id: `rct_` and 24 hex digits; poll `GET /v1/recuts/{id}` with it."""
    status: str
    """`queued`."""
    parent_scan_id: str
    """The scan being recut."""


class QueuedScan(TypedDict):
    """A scan accepted and queued."""

    scan_id: str
    """The new scan's id: `scn_` and 24 hex digits; poll `GET /v1/scans/{id}` with it."""
    status: str
    """`queued`."""
    pct: float
    """0."""


class _ReadinessRequired(TypedDict):
    mongodb: Literal["ok"]
    """MongoDB answers."""
    temporal: Literal["ok"]
    """Temporal answers."""
    model: Literal["available", "unavailable", "not configured"]
    """The model server behind /v1/chat/completions, from a check cached for seconds."""


class Readiness(_ReadinessRequired, total=False):
    """What the API depends on, and whether it answers."""

    model_detail: str
    """Why the model is unavailable when the service knows (the embedded model server could not start), with the variable that fixes it."""


class RecutSegmentsItem(TypedDict):
    start: float
    """Where the kept part starts in the source, seconds."""
    end: float
    """Where it ends, seconds (exclusive)."""


class _RecutRequired(TypedDict):
    recut_id: str
    """The recut's id: `rct_` and 24 hex digits."""
    status: str
    """`queued`, `processing`, `complete` or `error`."""


class Recut(_RecutRequired, total=False):
    """A recut in any state: `{recut_id, status, pct, stage}` in flight, the cut and both reads' figures when complete, `{recut_id, status, detail}` in error."""

    pct: float
    """Progress, 0 to 100 (in flight only)."""
    stage: str
    """In flight: `queued`, `propose` (the agent plans the cut), `render` (the cut is rendered), `rescan` (the cut is scanned)."""
    detail: str
    """Why the recut failed (error only)."""
    parent_scan_id: str
    """The scan that was recut (complete only)."""
    scan_id: str
    """The scan of the rendered cut (complete only): read it like any scan."""
    segments: list[RecutSegmentsItem]
    """The parts of the source kept, in order, laid end to end."""
    rationale: str
    """Why this cut, in the proposer's words."""
    proposed_by: Literal["model", "rules"]
    """`model` when the agent proposed the cut; `rules` when the model server failed and the rules did."""
    base_model: str | None
    """The base model that proposed the cut; null when the rules did."""
    before: RecutFigures
    after: RecutFigures
    goal: str | None
    """The goal asked for; null when none was given."""
    max_seconds: float | None
    """The longest length asked for, seconds; null when none was given."""
    created_at: str
    """When the recut was asked for (ISO 8601)."""


class _RecutFiguresRequired(TypedDict):
    score: float
    """The read's score."""
    grade: str
    """The read's grade."""
    hook: float
    """The read's hook."""
    dead_seconds: float
    """Seconds inside dead stretches."""
    duration_sec: float
    """The video's length, seconds."""
    average_hold: float
    """Mean reported hold over the seconds, one decimal."""


class RecutFigures(_RecutFiguresRequired, total=False):
    """The figures of one read: `before` is the scan's, `after` the rendered cut's."""

    dips: DipFigures | None
    """The dips of the read (beside the spec's fields); null for a read made before dips existed."""


class RecutList(TypedDict):
    """The recuts of one scan."""

    parent_scan_id: str
    """The scan."""
    data: list[Recut]
    """Its recuts, newest first."""


class RecutRequest(TypedDict, total=False):
    goal: str
    max_seconds: float


class RetentionSetting(TypedDict):
    """How long this account's videos are kept."""

    media_retention_days: int | None
    """Days a scan's video is kept before the hourly retention run removes it (the read stays); 0 keeps videos for good; null follows the operator's default."""
    include_published: bool
    """Whether published scans' videos are removed too (default false: they stay watchable)."""
    operator_default_days: int | None
    """The operator's default (`HOLDLINE_MEDIA_RETENTION_DAYS`); null: off."""
    effective_days: int | None
    """The retention in force for this account; null: videos are kept for good."""


class _RetentionUpdateRequired(TypedDict):
    media_retention_days: int | None
    """Days (0 to 3650; 0 keeps videos for good), or null for the operator's default."""


class RetentionUpdate(_RetentionUpdateRequired, total=False):
    include_published: bool
    """Remove published scans' videos too; left out: false."""


class Run(TypedDict):
    """How the call ran (the `holdline` object beside OpenAI's fields)."""

    call_id: str
    """The call's id: `call_` and 24 hex digits."""
    base_model: str
    """The open-weight base model the call ran on."""
    steps: int
    """Model steps the agents took (at most 15)."""
    tools_used: list[str]
    """The tools the agents ran, in the order first used (`write_file`, `run`, `fetch`, …)."""
    stopped: Literal["done", "step_limit", "time_limit", "cancelled", "upstream_error"]
    """`done` when the agents finished; `step_limit` or `time_limit` when a limit stopped them (15 steps, 15 minutes); `cancelled` when the client went away; `upstream_error` when the model server failed."""


class _ScanBodyRequired(TypedDict):
    scan_id: str
    """The scan's id: `scn_` and 24 hex digits."""
    status: str
    """`queued`, `processing`, `complete` or `error`; only a complete scan carries the read."""
    pct: float
    """Progress, 0 to 100: queued 0, ingest 5, probe 10, decode and transcription up to 90, assembly 95, complete 100. A scan in error keeps the figure it reached."""
    title: str | None
    """The title given at submission; without one, the source's file name (`source_name`) without its extension; null when there is neither."""
    created_at: str
    """When the scan was accepted."""


class ScanBody(_ScanBodyRequired, total=False):
    """A scan in any state: `{scan_id, status, pct, stage}` in flight, the whole read when complete, `{scan_id, status, pct, detail}` in error; the identity fields in all."""

    stage: ScanStage
    detail: str
    """Why the scan ended in `error` (error only): the problem with the media or the limit it broke, or `cancelled`."""
    source_name: str | None
    """The name of the file the scan was made from: the upload's file name, or the last segment of the video URL's path when it names a video file (`talk.mp4`); base name only, controls removed, at most 255 characters; null when there is none. The timeline exports name the media with it and the media download is named by it. Beside the spec's fields; in every scan shape."""
    duration_sec: float
    """The video's length in seconds, as probed."""
    score: int
    """Overall score, 0 to 100, from measures that mean the same in every file (the share of live seconds, speech, its pace, cutting, motion, loudness; see `method`), so scores compare across videos."""
    grade: str
    """The letter of the score: A+ from 97, A 93, A- 90, B+ 87, B 83, B- 80, C+ 77, C 73, C- 70, D+ 67, D 63, D- 60, F below (ASCII hyphen)."""
    label: str
    """The grade's letter in a word: A Gripping, B Engaging, C Steady, D Sluggish, F Flat."""
    hook: float
    """The mean reported hold over the first 3 seconds (fewer if the file is shorter), 0 to 100, one decimal."""
    timeline: list[TimelineEntry]
    """One entry per second, t = 0 to N-1 with N = ceil(duration_sec)."""
    cuts: list[float]
    """Cut times in seconds, decimal, each refined to the frame where the picture changes (see cut_frames); at least 0.75 s apart. Fades and dissolves are not cuts."""
    dead: list[DeadStretch]
    """Dead stretches: every run of 2 or more seconds whose hold is below the floor of 30, in time order."""
    moments: list[Moment]
    """Peaks of hold, highest first at least 10 s apart, at most 3 (5 for files over 180 s), listed in time order."""
    claims: list[str]
    """Transcript sentences with a check-worthy cue: a quantity, an evidence word ("studies show"), an absolute or superlative, a comparative, a causal or predictive verb. Flagged for checking, not judged true or false; empty when the speech is not English."""
    transcript: list[TranscriptSegment]
    """What was said, in time order; only words heard inside a voice count."""
    summary: str
    """One paragraph in plain words: the average hold, the strongest second, the dead stretches, the number of cuts and the hook."""
    method: str
    """How this read was computed, every definition in plain words, in short paragraphs separated by blank lines; then the engine that heard the words. The series are proxies computed from the file, not a measurement of any viewer."""
    transcriber: str | None
    """The speech-to-text engine that heard the words, e.g. `pocketsphinx 5prealpha en-us`; several, comma-separated, when a server failed on some chunks; null when the file has no sound. Beside the spec's fields."""
    language: str | None
    """The spoken language, ISO 639-1 (null when no words were heard). Beside the spec's fields."""
    loudness_lufs: LoudnessReport | None
    """EBU R128 loudness, beside the spec's fields; null when the file has no sound."""
    technical_cues: list[TechnicalCue]
    """Colour bars, black frames and still title cards or slates, with their spans, in time order, beside the spec's fields; empty when there are none, absent on reads made before they existed. A cue nobody speaks over is a dip of its own and is left out of recuts."""
    dips: list[Dip]
    """Why attention is likely to drop, beside the spec's fields: each technical cue nobody speaks over (its kind first among the causes, advised to be cut), each dead stretch and each fall of hold by 15 points within 3 s, with its causes and one sentence of advice."""
    hook_report: HookReport
    frame_rate: float | None
    """The video stream's average frame rate as probed, beside the spec's fields; null when unknown. The EDL counts frames at it."""
    frame_rate_variable: bool
    """Whether the video's frames come at an uneven rate (the gaps between its first packets' timestamps differ), beside the spec's fields. Then each cut's time is its frame's own timestamp and cut_frames counts at the average rate."""
    cut_frames: list[int]
    """The frame index at the source's frame rate of each cut, parallel to cuts (whose seconds are the refined times), beside the spec's fields; absent when the frame rate is unknown."""
    width: int
    """The video's displayed width in pixels as probed (rotation applied), beside the spec's fields; absent on reads made before it. The fcpxml export's format carries it."""
    height: int
    """The video's displayed height in pixels as probed (rotation applied), beside the spec's fields; absent on reads made before it."""
    media_url: str | None
    """Where the video is served; null once the retention setting removed it (the read is kept)."""


class _ScanEndedEventDataRequired(TypedDict):
    scan_id: str
    """The scan's id: `scn_` and 24 hex digits."""
    status: Literal["complete", "error"]
    """The scan's status now."""


class ScanEndedEventData(_ScanEndedEventDataRequired, total=False):
    """The scan as it ended; read the whole of it with `GET /v1/scans/{id}`."""

    score: float
    """scan.completed only"""
    grade: str
    """scan.completed only"""
    detail: str
    """scan.failed only"""


class ScanEndedEvent(TypedDict):
    """What a `webhook_url` receives when its scan ends."""

    type: Literal["scan.completed", "scan.failed"]
    """`scan.completed` when the scan is complete, `scan.failed` when it ended in error."""
    timestamp: str
    """When the scan ended; the same on every attempt."""
    data: ScanEndedEventData
    """The scan as it ended; read the whole of it with `GET /v1/scans/{id}`."""


class ScanHistory(TypedDict):
    """One page of your scans, newest first."""

    data: list[ScanHistoryEntry]
    """This page's entries, newest first."""
    limit: int
    """The page size asked for (default 20, at most 100)."""
    offset: int
    """Entries skipped before this page."""
    total: int
    """Entries in the whole list."""
    has_more: bool
    """Whether entries follow this page."""
    next_cursor: str | None
    """Pass as `starting_after` for the next page; null on the last page. `total` and `offset` count the whole history, whatever the filter."""


class _ScanHistoryEntryRequired(TypedDict):
    scan_id: str
    """The scan's id: `scn_` and 24 hex digits."""
    status: str
    """`queued`, `processing`, `complete` or `error`."""
    pct: float
    """Progress, 0 to 100."""
    title: str | None
    """The scan's title; null when it has none."""
    created_at: str
    """When the scan was accepted (ISO 8601)."""


class ScanHistoryEntry(_ScanHistoryEntryRequired, total=False):
    """One scan in the history; the figures once it is complete."""

    duration_sec: float
    """The video's length in seconds (complete only)."""
    score: int
    """The score, 0 to 100 (complete only)."""
    grade: str
    """The letter grade of the score (complete only)."""
    label: str
    """The grade's letter in a word (complete only)."""


class ScanSubmissionInput(TypedDict):
    type: Literal["url"]
    url: str


class _ScanSubmissionRequired(TypedDict):
    input: ScanSubmissionInput


class ScanSubmission(_ScanSubmissionRequired, total=False):
    title: str
    webhook_url: str
    """Public http(s) URL that gets a signed POST (Standard Webhooks) when the scan completes or fails."""


class _ScanUploadRequired(TypedDict):
    file: str
    """the video (one part named "file"; at most the upload limit)"""


class ScanUpload(_ScanUploadRequired, total=False):
    title: str
    webhook_url: str
    """Public http(s) URL that gets a signed POST (Standard Webhooks) when the scan completes or fails."""


class Signal(TypedDict):
    """One series of the read."""

    name: str
    """`hold`, `motion`, `loudness` or `speech`: the key of the series in `timeline[].scores`."""
    reads: str
    """What the series measures, in a line."""
    rises_when: str
    """What in the video makes it rise."""
    falls_when: str
    """What makes it fall."""
    method: str
    """Its exact definition, as the method text states it."""


class SignalScores(TypedDict):
    """The four series at one second."""

    hold: float
    """Reported hold, 0 to 100: the centred 3-second mean of 0.45 x motion + 0.25 x loudness + 0.20 x speech, plus 10 on a second with a cut; one decimal. A proxy computed from the file, not a measurement of viewers."""
    motion: float
    """How much the picture changes: the mean absolute frame difference at 4 frames per second on 96x54 grey frames (cut samples left out), 0 to 100, where 100 is this file's 95th percentile (higher values are capped at 100); all 0 when that percentile is under 0.5 grey levels."""
    loudness: float
    """How loud the sound is: the RMS of the 16 kHz mono audio in this second, 0 to 100, where 100 is this file's 95th percentile (higher values are capped at 100); all 0 when that percentile is under -50 dBFS."""
    speech: float
    """How densely someone speaks: the words heard inside a voice (fillers removed) whose middle falls in this second, 0 to 100, where 100 is this file's 95th percentile (higher values are capped at 100); all 0 with fewer than 3 words in the file."""


class SignalsReference(TypedDict):
    """What each series reads and how the read is computed."""

    version: str
    """The version of these definitions: `v1`."""
    floor: float
    """Hold below this is dead: 30."""
    dead_min_seconds: float
    """Seconds in a row under the floor that make a dead stretch: 2."""
    scale: str
    """How every series is scaled, in words."""
    signals: list[Signal]
    """The four series: hold, motion, loudness, speech."""
    method: str
    """The method text every complete scan carries, without a scan's own last sentences (its engine, uncut frames)."""


class TechnicalCue(TypedDict):
    """A span that is not content: test bars, black, or a slate."""

    kind: Literal["colour_bars", "black_frames", "slate"]
    """colour_bars (SMPTE or EBU test bars), black_frames (a picture near black) or slate (a still title card or slate between parts, over silence or a steady tone)."""
    start: float
    """Seconds; at a cut, its time (to the frame where the cut is refined)."""
    end: float
    """Exclusive, seconds; no later than duration_sec."""


class TimelineEntry(TypedDict):
    """One second of the read."""

    second: int
    """The second t, from 0; the entry covers [t, t+1)."""
    scores: SignalScores


class TokenUsage(TypedDict):
    """Tokens of the call, over all its steps."""

    prompt_tokens: int
    """Tokens the model read, over every step of the call."""
    completion_tokens: int
    """Tokens the model wrote, over every step."""
    total_tokens: int
    """The two added."""


class TranscriptSegment(TypedDict):
    """Words heard inside a voice, split at pauses of 0.5 s or more or after 25 words."""

    start: float
    """When its first word starts, seconds."""
    end: float
    """When its last word ends, seconds."""
    text: str
    """The words, as heard."""


class Unpublished(TypedDict):
    """The scan is out of the library."""

    scan_id: str
    """The scan's id: `scn_` and 24 hex digits."""
    published: Literal[False]
    """false: the scan is out of the library."""


class WebhookTestRequest(TypedDict):
    url: str
    """Public http(s) URL of the receiver; the same address rule as `webhook_url` on POST /v1/scans."""


class _WebhookTestResultRequired(TypedDict):
    type: Literal["webhook.test"]
    """`webhook.test`."""
    webhook_id: str
    """The `webhook-id` header the event was sent with: `msg_test_…`, new for every test."""
    url: str
    """The receiver, as normalised and checked."""
    delivered: bool
    """True when the receiver answered 2xx, which is what a scan's delivery needs."""
    status: int | None
    """The receiver's HTTP status, or null when no answer came."""


class WebhookTestResult(_WebhookTestResultRequired, total=False):
    """What the receiver answered to the test event."""

    detail: str
    """Why the event was not delivered (the status, or why no answer came)."""


OtioTimeline = Dict[str, Any]
ScanExportJson = Union[ScanBody, OtioTimeline]
UnpublishRequest = Dict[str, Any]


# The SDK's own names: the statuses of a scan, the export formats, a scan in any state, and the names it shipped with.
ScanStatus = Literal["queued", "processing", "complete", "error"]
ExportFormat = Literal["srt", "vtt", "csv", "edl", "chapters", "json", "otio", "fcpxml", "markers.csv"]
RecutExportFormat = Literal["edl", "otio", "fcpxml", "markers.csv"]
Scan = Union[InFlightScan, CompleteScan, ErrorScan]
Scores = SignalScores
Span = DeadStretch
TranscriptLine = TranscriptSegment
HistoryRow = ScanHistoryEntry
ScanPage = ScanHistory


class DeletedScan(TypedDict):
    """``deleted`` when nothing of the scan is left (204); ``deleting`` when the rest follows (202)."""

    scan_id: str
    status: Literal["deleted", "deleting"]


class ClosedAccount(TypedDict):
    """``closed`` when nothing of the account is left (204); ``closing`` when the rest follows (202). The key is dead either way."""

    status: Literal["closed", "closing"]
