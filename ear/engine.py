"""Loads the Whisper models once and turns audio bytes into a transcript."""

from __future__ import annotations

import gc
import io
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

import anyio
import av
import ctranslate2
import faster_whisper
import numpy as np
from faster_whisper import WhisperModel
from faster_whisper.tokenizer import _LANGUAGE_CODES

from .config import EarConfig
from .errors import AudioTooLongError, ClientGoneError, InvalidFieldError, UnknownModelError
from .weights import CATALOGUE, ModelSpec, verify_model_dir

SAMPLE_RATE = 16000
COMPUTE_TYPE = "int8"
ENGINE = f"faster-whisper {faster_whisper.__version__}"
# OpenAI's default model name; the existing client sends it unless told otherwise.
OPENAI_ALIAS = "whisper-1"
LANGUAGE_CODES = frozenset(_LANGUAGE_CODES)

# Everything PyAV raises for bytes it cannot read as audio: bad or empty
# containers (FFmpegError, a ValueError), a container without an audio stream
# (IndexError), a stream that breaks off (EOFError, OSError).
_UNDECODABLE = (av.error.FFmpegError, ValueError, IndexError, EOFError, OSError)

# Whisper's own thresholds (openai-whisper's defaults). Silero lets a few
# musical notes through as "voice"; on them Whisper can loop ("oh, oh, oh, ..."
# at a compression ratio of 26) while its no-speech head says 0.8. Real speech
# measured at most 1.3 and 0.1 on the LibriVox and espeak sentences, clean and
# under music, so a segment over either threshold is dropped as not heard.
MAX_COMPRESSION_RATIO = 2.4
MAX_NO_SPEECH_PROB = 0.6
# Source samples resampled at a time while decoding: the cap is checked after
# each group, so decoding overshoots it by at most this much (about 1.4 s at 48 kHz).
DECODE_GROUP_SAMPLES = 65536


@dataclass(frozen=True)
class Word:
    word: str
    start: float
    end: float
    probability: float


@dataclass(frozen=True)
class Segment:
    id: int
    seek: int
    start: float
    end: float
    text: str
    tokens: tuple[int, ...]
    temperature: float
    avg_logprob: float
    compression_ratio: float
    no_speech_prob: float
    words: tuple[Word, ...] | None


@dataclass(frozen=True)
class Transcript:
    # ISO 639-1 code of the detected (or given) language; None when nothing was heard.
    language: str | None
    duration: float
    segments: tuple[Segment, ...]
    # False when the body was not audio the ear could read (answered as silence).
    decoded: bool

    @property
    def text(self) -> str:
        return "".join(s.text for s in self.segments).strip()

    @property
    def words(self) -> tuple[Word, ...]:
        return tuple(w for s in self.segments for w in (s.words or ()))


@dataclass(frozen=True)
class TranscribeOptions:
    language: str | None
    word_timestamps: bool
    temperature: float


@dataclass
class LoadedModel:
    spec: ModelSpec
    whisper: WhisperModel
    # Bounds the transcriptions running at once on this model to its CTranslate2 workers.
    limiter: anyio.CapacityLimiter
    loaded_at: int


def _valid_frames(frames: Iterator[av.AudioFrame]) -> Iterator[av.AudioFrame]:
    while True:
        try:
            yield next(frames)
        except StopIteration:
            return
        except av.error.InvalidDataError:
            continue


def decode(source: bytes | BinaryIO, max_seconds: float) -> np.ndarray | None:
    """16 kHz mono float32 samples, or None when the bytes are not audio PyAV can read.

    faster-whisper's decode_audio, except that it stops as soon as the samples pass
    `max_seconds` (AudioTooLongError): what is past the cap is never read or decoded.
    """
    limit = int(max_seconds * SAMPLE_RATE)
    resampler = av.audio.resampler.AudioResampler(format="s16", layout="mono", rate=SAMPLE_RATE)
    fifo = av.audio.fifo.AudioFifo()
    parts: list[np.ndarray] = []
    count = 0

    def take(frame: av.AudioFrame | None) -> None:
        nonlocal count
        for out in resampler.resample(frame):
            array = out.to_ndarray().reshape(-1)
            parts.append(array)
            count += array.shape[0]
        if count > limit:
            raise AudioTooLongError(f"the audio is longer than the ear's limit of {max_seconds:g} s", param="file")

    try:
        with av.open(io.BytesIO(source) if isinstance(source, bytes) else source, mode="r", metadata_errors="ignore") as container:
            for frame in _valid_frames(iter(container.decode(audio=0))):
                frame.pts = None  # as faster-whisper does: no timestamp check across groups
                fifo.write(frame)
                if fifo.samples >= DECODE_GROUP_SAMPLES:
                    take(fifo.read())
            if fifo.samples > 0:
                take(fifo.read())
            take(None)  # flushes the resampler
    except _UNDECODABLE:
        return None
    finally:
        # faster-whisper's note: the resampler's objects are freed only by a collection.
        del resampler
        gc.collect()
    if not parts:
        return np.zeros(0, dtype=np.float32)
    return np.concatenate(parts).astype(np.float32) / 32768.0


def _segments(
    raw: Iterable[faster_whisper.transcribe.Segment], with_words: bool, cancelled: threading.Event
) -> tuple[Segment, ...]:
    """Whisper works as the generator is read, one window at a time: a client gone between two stops it."""
    out: list[Segment] = []
    heard_sec = 0.0
    for s in raw:
        heard_sec = s.end
        if cancelled.is_set():
            raise ClientGoneError("the client disconnected", heard_sec, len(out))
        if not s.text.strip() or s.compression_ratio > MAX_COMPRESSION_RATIO or s.no_speech_prob > MAX_NO_SPEECH_PROB:
            continue
        words = (
            tuple(Word(w.word.strip(), w.start, w.end, w.probability) for w in (s.words or ()) if w.word.strip())
            if with_words
            else None
        )
        out.append(
            Segment(
                id=len(out),
                seek=s.seek,
                start=s.start,
                end=s.end,
                text=s.text,
                tokens=tuple(s.tokens),
                temperature=s.temperature if s.temperature is not None else 0.0,
                avg_logprob=s.avg_logprob,
                compression_ratio=s.compression_ratio,
                no_speech_prob=s.no_speech_prob,
                words=words,
            )
        )
    return tuple(out)


class Engine:
    """The loaded models and how requests name them."""

    def __init__(self, models: dict[str, LoadedModel], default_model: str, beam_size: int, max_audio_seconds: float) -> None:
        self.models = models
        self.default_model = default_model
        self.beam_size = beam_size
        self.max_audio_seconds = max_audio_seconds
        self._names: dict[str, str] = {OPENAI_ALIAS: default_model}
        for model_id, loaded in models.items():
            self._names[model_id] = model_id
            for alias in loaded.spec.aliases:
                self._names[alias] = model_id

    def resolve(self, name: str | None) -> LoadedModel:
        if name is None or name == "":
            return self.models[self.default_model]
        model_id = self._names.get(name)
        if model_id is None:
            known = ", ".join([*self.models, OPENAI_ALIAS])
            raise UnknownModelError(f"the model {name!r} is not loaded here (loaded: {known})", param="model")
        return self.models[model_id]

    def check_language(self, model: LoadedModel, language: str | None) -> None:
        if language is None:
            return
        if language not in LANGUAGE_CODES:
            raise InvalidFieldError(f"language {language!r} is not an ISO 639-1 code Whisper knows", param="language")
        if not model.spec.multilingual and language != "en":
            raise InvalidFieldError(f"the model {model.spec.id} hears English only", param="language")

    def transcribe(
        self, model: LoadedModel, data: bytes, options: TranscribeOptions, cancelled: threading.Event | None = None
    ) -> Transcript:
        """Blocking: decodes, finds the voice (Silero, bundled) and transcribes. Run it off the event loop.

        `cancelled` set (the client left) stops the work at the next check, raising ClientGoneError:
        before decoding, after it, and between Whisper's segments.
        """
        cancelled = cancelled or threading.Event()
        if cancelled.is_set():
            raise ClientGoneError("the client disconnected before its turn", 0.0, 0)
        audio = decode(data, self.max_audio_seconds)
        if audio is None:
            return Transcript(language=None, duration=0.0, segments=(), decoded=False)
        duration = round(audio.shape[0] / SAMPLE_RATE, 3)
        if audio.shape[0] == 0:
            return Transcript(language=None, duration=0.0, segments=(), decoded=True)
        if cancelled.is_set():
            raise ClientGoneError("the client disconnected", 0.0, 0)
        raw, info = model.whisper.transcribe(
            audio,
            language=options.language,
            beam_size=self.beam_size,
            # One temperature, no fallback: the same audio gives the same words.
            temperature=options.temperature,
            word_timestamps=options.word_timestamps,
            # Silero (bundled with faster-whisper) drops the stretches without a
            # voice, so music, hum and silence give no words at all.
            vad_filter=True,
            # Each window decodes on its own: a misheard window cannot seed a
            # repetition loop in the next.
            condition_on_previous_text=False,
        )
        segments = _segments(raw, options.word_timestamps, cancelled)
        return Transcript(
            language=info.language if segments else None,
            duration=duration,
            segments=segments,
            decoded=True,
        )


def load_models(config: EarConfig) -> dict[str, LoadedModel]:
    """Checks each configured model's files by sha256, then loads it once (int8, CPU)."""
    loaded: dict[str, LoadedModel] = {}
    for model_id in config.models:
        spec = CATALOGUE[model_id]
        directory = config.model_dir / model_id
        verify_model_dir(directory, spec)
        whisper = WhisperModel(
            str(directory),
            device="cpu",
            compute_type=COMPUTE_TYPE,
            cpu_threads=config.threads,
            num_workers=config.workers,
            local_files_only=True,
        )
        loaded[model_id] = LoadedModel(spec, whisper, anyio.CapacityLimiter(config.workers), int(time.time()))
    return loaded


def versions() -> dict[str, str]:
    return {"faster_whisper": faster_whisper.__version__, "ctranslate2": ctranslate2.__version__}
