"""`python -m ear`: check and load the models, then serve until SIGTERM or SIGINT."""

from __future__ import annotations

import sys
import time

from .errors import ConfigError, ModelCheckError


def main() -> int:
    started = time.monotonic()
    from .config import load_config

    try:
        config = load_config()
    except ConfigError as error:
        print(f"ear: {error}", file=sys.stderr)
        return 2

    # Imported after the configuration is known to be good: faster-whisper and
    # its native libraries take a second to import.
    import uvicorn

    from .app import build_app
    from .engine import ENGINE, Engine, load_models

    try:
        models = load_models(config)
    except ModelCheckError as error:
        print(f"ear: refusing to start: {error}", file=sys.stderr)
        return 1
    engine = Engine(models, config.default_model, config.beam_size, config.max_audio_seconds)
    print(
        f"ear: {ENGINE}, models {', '.join(models)} (default {config.default_model}), "
        f"{config.threads} threads x {config.workers} workers, beam {config.beam_size}, "
        f"audio up to {config.max_audio_seconds} s, {'a bearer token' if config.api_key else 'no token'}; "
        f"checked and loaded in {time.monotonic() - started:.1f} s; "
        f"listening on http://{config.host}:{config.port}",
        file=sys.stderr,
        flush=True,
    )
    uvicorn.run(
        build_app(config, engine),
        host=config.host,
        port=config.port,
        access_log=False,
        log_level="warning",
        # A chunk in progress gets this long to finish on SIGTERM.
        timeout_graceful_shutdown=30,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
