"""A real ear on a free loopback port, with both models loaded, for the whole test session."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

REPO = Path(__file__).resolve().parents[2]
# Small enough that the 413 tests send little, far above the test sounds (a 60 s chunk is ~1.9 MB).
TEST_MAX_BODY_BYTES = 4 * 1024 * 1024
# Above the longest test sound that fits the body limit (131 s of WAV), so only compressed audio passes it.
TEST_MAX_AUDIO_SECONDS = 150
TEST_API_KEY = "sk-ear-test-0123456789abcdef"
AUTH = {"Authorization": f"Bearer {TEST_API_KEY}"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class RunningEar:
    url: str
    port: int
    process: subprocess.Popen[bytes]
    log_path: Path
    stderr_path: Path

    def log_lines(self) -> list[str]:
        return self.log_path.read_text().splitlines()


def ear_env(**overrides: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HOLDLINE_EAR_")}
    env.update(overrides)
    return env


@pytest.fixture(scope="session")
def ear(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningEar]:
    port = free_port()
    logs = tmp_path_factory.mktemp("ear")
    log_path, stderr_path = logs / "stdout.log", logs / "stderr.log"
    env = ear_env(
        HOLDLINE_EAR_PORT=str(port),
        HOLDLINE_EAR_MODELS="whisper-tiny.en,whisper-base",
        HOLDLINE_EAR_MAX_BODY_BYTES=str(TEST_MAX_BODY_BYTES),
        HOLDLINE_EAR_MAX_AUDIO_SECONDS=str(TEST_MAX_AUDIO_SECONDS),
        HOLDLINE_EAR_API_KEY=TEST_API_KEY,
        # Two transcriptions at once, one thread each: the concurrency test runs them side by side.
        HOLDLINE_EAR_WORKERS="2",
        HOLDLINE_EAR_THREADS="1",
        # No answers kept: the tests send the same sounds again on purpose (the concurrency test
        # against the same sentences heard alone, a client that leaves mid-transcription).
        HOLDLINE_EAR_CACHE_ENTRIES="0",
    )
    if "HOLDLINE_EAR_MODEL_DIR" in os.environ:
        env["HOLDLINE_EAR_MODEL_DIR"] = os.environ["HOLDLINE_EAR_MODEL_DIR"]
    with log_path.open("wb") as log, stderr_path.open("wb") as errors:
        process = subprocess.Popen([sys.executable, "-m", "ear"], cwd=REPO, env=env, stdout=log, stderr=errors)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 180
    try:
        while True:
            if process.poll() is not None:
                pytest.fail(f"the ear exited with {process.returncode} before it was healthy:\n{stderr_path.read_text()}")
            try:
                if httpx.get(f"{url}/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("the ear was not healthy within 180 s")
            time.sleep(0.2)
        yield RunningEar(url, port, process, log_path, stderr_path)
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def client(ear: RunningEar) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=ear.url, timeout=300, headers=AUTH) as c:
        yield c


def transcribe(client: httpx.Client, audio: bytes, **fields: str | list[str] | None) -> httpx.Response:
    """POST /v1/audio/transcriptions as the service does, fields overridable (None drops one)."""
    defaults: dict[str, str | list[str] | None] = {
        "model": "whisper-tiny.en",
        "response_format": "verbose_json",
        "timestamp_granularities[]": "word",
    }
    data = {k: v for k, v in {**defaults, **fields}.items() if v is not None}
    return client.post("/v1/audio/transcriptions", files={"file": ("chunk.wav", audio, "audio/wav")}, data=data)
