"""Parsing HOLDLINE_EAR_* into the ear's settings."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..config import DEFAULT_MAX_AUDIO_SECONDS, DEFAULT_MAX_BODY_BYTES, DEFAULT_MODEL_DIR, DEFAULT_PORT, load_config
from ..errors import ConfigError


def test_defaults() -> None:
    config = load_config({})
    assert (config.host, config.port, config.model_dir) == ("127.0.0.1", DEFAULT_PORT, DEFAULT_MODEL_DIR)
    assert (config.models, config.default_model) == (("whisper-base",), "whisper-base")
    assert (config.threads, config.workers, config.beam_size) == (2, 1, 1)
    assert config.max_body_bytes == DEFAULT_MAX_BODY_BYTES == 32 * 1024 * 1024
    assert DEFAULT_MODEL_DIR.parts[-3:] == (".tools", "ear", "models")
    # Above the service's longest chunk (90 s, core/chunks.ts).
    assert config.max_audio_seconds == DEFAULT_MAX_AUDIO_SECONDS == 120
    assert (config.api_key, config.allowed_hosts) == (None, ())
    assert config.cache_entries == 256


def test_every_variable_is_read() -> None:
    config = load_config(
        {
            "HOLDLINE_EAR_HOST": "0.0.0.0",
            "HOLDLINE_EAR_PORT": "9000",
            "HOLDLINE_EAR_MODEL_DIR": "/srv/models",
            "HOLDLINE_EAR_MODELS": "whisper-base, whisper-tiny.en",
            "HOLDLINE_EAR_DEFAULT_MODEL": "whisper-tiny.en",
            "HOLDLINE_EAR_THREADS": "4",
            "HOLDLINE_EAR_WORKERS": "2",
            "HOLDLINE_EAR_BEAM_SIZE": "5",
            "HOLDLINE_EAR_MAX_BODY_BYTES": "1048576",
            "HOLDLINE_EAR_MAX_AUDIO_SECONDS": "300",
            "HOLDLINE_EAR_API_KEY": " sk-0123456789abcdef ",
            "HOLDLINE_EAR_ALLOWED_HOSTS": "ear:8710, Ear.Internal:9000",
            "HOLDLINE_EAR_CACHE_ENTRIES": "0",
        }
    )
    assert (config.host, config.port, config.model_dir) == ("0.0.0.0", 9000, Path("/srv/models"))
    assert (config.models, config.default_model) == (("whisper-base", "whisper-tiny.en"), "whisper-tiny.en")
    assert (config.threads, config.workers, config.beam_size, config.max_body_bytes) == (4, 2, 5, 1048576)
    assert (config.max_audio_seconds, config.api_key) == (300, "sk-0123456789abcdef")
    assert config.allowed_hosts == ("ear:8710", "ear.internal:9000")
    assert config.cache_entries == 0


def test_all_problems_are_listed_at_once() -> None:
    with pytest.raises(ConfigError) as caught:
        load_config(
            {
                "HOLDLINE_EAR_PORT": "70000",
                "HOLDLINE_EAR_MODELS": "whisper-base,whisper-base",
                "HOLDLINE_EAR_DEFAULT_MODEL": "whisper-tiny.en",
                "HOLDLINE_EAR_WORKERS": "many",
                "HOLDLINE_EAR_MAX_BODY_BYTES": "10",
                "HOLDLINE_EAR_MAX_AUDIO_SECONDS": "0",
                "HOLDLINE_EAR_CACHE_ENTRIES": "-1",
                "HOLDLINE_EAR_API_KEY": "short",
                "HOLDLINE_EAR_ALLOWED_HOSTS": "ear",
            }
        )
    assert caught.value.problems == [
        "HOLDLINE_EAR_PORT=70000 is outside 1..65535",
        "HOLDLINE_EAR_MODELS names a model twice",
        "HOLDLINE_EAR_DEFAULT_MODEL='whisper-tiny.en' is not among HOLDLINE_EAR_MODELS",
        "HOLDLINE_EAR_WORKERS='many' is not an integer",
        "HOLDLINE_EAR_MAX_BODY_BYTES=10 is outside 1024..2147483648",
        "HOLDLINE_EAR_MAX_AUDIO_SECONDS=0 is outside 1..86400",
        "HOLDLINE_EAR_CACHE_ENTRIES=-1 is outside 0..1000000",
        "HOLDLINE_EAR_API_KEY must be 16 or more printable ASCII characters without spaces",
        "HOLDLINE_EAR_ALLOWED_HOSTS: 'ear' is not host:port",
    ]


def test_a_key_with_a_space_inside_is_refused() -> None:
    with pytest.raises(ConfigError, match="HOLDLINE_EAR_API_KEY"):
        load_config({"HOLDLINE_EAR_API_KEY": "sk-0123456789 abcdef"})


def test_no_model_at_all_is_refused() -> None:
    with pytest.raises(ConfigError, match="names no model"):
        load_config({"HOLDLINE_EAR_MODELS": " , "})
