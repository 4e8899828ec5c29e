"""OpenAI's transcription answer shapes, made from a Transcript."""

from __future__ import annotations

from typing import Any

from .engine import Segment, Transcript, Word


def _word(w: Word) -> dict[str, Any]:
    return {"word": w.word, "start": w.start, "end": w.end}


def _segment(s: Segment, with_words: bool) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": s.id,
        "seek": s.seek,
        "start": s.start,
        "end": s.end,
        "text": s.text.strip(),
        "tokens": list(s.tokens),
        "temperature": s.temperature,
        "avg_logprob": s.avg_logprob,
        "compression_ratio": s.compression_ratio,
        "no_speech_prob": s.no_speech_prob,
    }
    if with_words:
        body["words"] = [_word(w) for w in (s.words or ())]
    return body


def engine_name(model_id: str, compute_type: str, engine: str) -> str:
    """How a read names what heard it, e.g. `whisper-base int8 (faster-whisper 1.2.1)`."""
    return f"{model_id} {compute_type} ({engine})"


def verbose_json(t: Transcript, words: bool, segments: bool, engine: str) -> dict[str, Any]:
    """`words` at the top level when word timestamps were asked for (what OpenAI and our client read).

    `engine` is ours, beside OpenAI's fields: the service's read names the model and engine by it.
    """
    body: dict[str, Any] = {"task": "transcribe", "language": t.language, "duration": t.duration, "text": t.text, "engine": engine}
    if words:
        body["words"] = [_word(w) for w in t.words]
    if segments:
        body["segments"] = [_segment(s, words) for s in t.segments]
    return body


def json_body(t: Transcript) -> dict[str, Any]:
    return {"text": t.text}
