"""The ear's settings, parsed once from the environment into a typed object."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .errors import ConfigError
from .weights import CATALOGUE

# The service sends chunks of at most 90 s (core/chunks.ts: a tail of up to
# 1.5 x the 60 s target) as 16 kHz mono s16 WAV, about 2.9 MB; 32 MiB leaves
# room for longer chunks or a compressed upload without inviting abuse.
DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024
# The longest chunk the service sends is 90 s (above); 120 s leaves a margin.
# The body limit alone does not bound the work: 32 MiB of low-bitrate Opus is
# hours of audio, so decoding stops once it passes this many seconds.
DEFAULT_MAX_AUDIO_SECONDS = 120
# A token shorter than this is refused at start: it would be guessable.
MIN_API_KEY_CHARS = 16
DEFAULT_PORT = 8710
# Beam 1 (greedy) measured the same word error rate as beam 5 on the LibriVox
# sentences with both models, at lower cost (README, "The ear").
DEFAULT_BEAM_SIZE = 1
# The repo's `.tools/ear/models`, linked there by scripts/install-ear.sh.
DEFAULT_MODEL_DIR = Path(__file__).resolve().parent.parent / ".tools" / "ear" / "models"


@dataclass(frozen=True)
class EarConfig:
    host: str
    port: int
    model_dir: Path
    # Loaded at start, each once; the first is the default unless default_model says otherwise.
    models: tuple[str, ...]
    default_model: str
    # CTranslate2 intra-op threads per transcription.
    threads: int
    # Transcriptions that run at once per model; more requests wait their turn.
    workers: int
    beam_size: int
    max_body_bytes: int
    max_audio_seconds: int
    # Every route but /health asks for `Authorization: Bearer <api_key>` when set.
    api_key: str | None
    # `Host` values accepted besides loopback and host:port, e.g. `ear:8710` on a compose network.
    allowed_hosts: tuple[str, ...]
    # Recent answers kept by model, audio hash and options (answers.py); 0 keeps none.
    cache_entries: int = 256


def _int(env: Mapping[str, str], name: str, default: int, low: int, high: int, problems: list[str]) -> int:
    raw = env.get(name, "").strip()
    if raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        problems.append(f"{name}={raw!r} is not an integer")
        return default
    if not low <= value <= high:
        problems.append(f"{name}={value} is outside {low}..{high}")
    return value


def load_config(env: Mapping[str, str] = os.environ) -> EarConfig:
    """Reads HOLDLINE_EAR_* variables; raises ConfigError listing every bad one."""
    problems: list[str] = []
    host = env.get("HOLDLINE_EAR_HOST", "").strip() or "127.0.0.1"
    port = _int(env, "HOLDLINE_EAR_PORT", DEFAULT_PORT, 1, 65535, problems)
    model_dir = Path(env.get("HOLDLINE_EAR_MODEL_DIR", "").strip() or DEFAULT_MODEL_DIR)
    models = tuple(m.strip() for m in env.get("HOLDLINE_EAR_MODELS", "whisper-base").split(",") if m.strip())
    if not models:
        problems.append("HOLDLINE_EAR_MODELS names no model")
    for model in models:
        if model not in CATALOGUE:
            problems.append(f"HOLDLINE_EAR_MODELS: unknown model {model!r} (known: {', '.join(CATALOGUE)})")
    if len(set(models)) != len(models):
        problems.append("HOLDLINE_EAR_MODELS names a model twice")
    default_model = env.get("HOLDLINE_EAR_DEFAULT_MODEL", "").strip() or (models[0] if models else "")
    if models and default_model not in models:
        problems.append(f"HOLDLINE_EAR_DEFAULT_MODEL={default_model!r} is not among HOLDLINE_EAR_MODELS")
    threads = _int(env, "HOLDLINE_EAR_THREADS", 2, 1, 256, problems)
    workers = _int(env, "HOLDLINE_EAR_WORKERS", 1, 1, 64, problems)
    beam_size = _int(env, "HOLDLINE_EAR_BEAM_SIZE", DEFAULT_BEAM_SIZE, 1, 16, problems)
    max_body = _int(env, "HOLDLINE_EAR_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES, 1024, 1 << 31, problems)
    max_audio = _int(env, "HOLDLINE_EAR_MAX_AUDIO_SECONDS", DEFAULT_MAX_AUDIO_SECONDS, 1, 24 * 3600, problems)
    cache_entries = _int(env, "HOLDLINE_EAR_CACHE_ENTRIES", 256, 0, 1_000_000, problems)
    api_key = env.get("HOLDLINE_EAR_API_KEY", "").strip() or None
    if api_key is not None and (len(api_key) < MIN_API_KEY_CHARS or not all(33 <= ord(c) <= 126 for c in api_key)):
        problems.append(f"HOLDLINE_EAR_API_KEY must be {MIN_API_KEY_CHARS} or more printable ASCII characters without spaces")
    allowed_hosts = tuple(h.strip().lower() for h in env.get("HOLDLINE_EAR_ALLOWED_HOSTS", "").split(",") if h.strip())
    for allowed in allowed_hosts:
        if not allowed.rpartition(":")[2].isdigit():
            problems.append(f"HOLDLINE_EAR_ALLOWED_HOSTS: {allowed!r} is not host:port")
    if problems:
        raise ConfigError(problems)
    return EarConfig(
        host=host,
        port=port,
        model_dir=model_dir,
        models=models,
        default_model=default_model,
        threads=threads,
        workers=workers,
        beam_size=beam_size,
        max_body_bytes=max_body,
        max_audio_seconds=max_audio,
        api_key=api_key,
        allowed_hosts=allowed_hosts,
        cache_entries=cache_entries,
    )
