"""Who may ask the ear, and how much it does for them: the token, `Host`, `Origin`, the duration cap, a client that leaves."""

from __future__ import annotations

import io
import json
import subprocess
import time

import httpx
import numpy as np
import pytest

from ..engine import decode
from ..errors import AudioTooLongError
from .conftest import AUTH, TEST_MAX_AUDIO_SECONDS, TEST_MAX_BODY_BYTES, RunningEar, transcribe
from .sounds import RATE, librivox, samples_of, silence, wav_bytes

SENTENCE = librivox()[0]


def error_of(response: httpx.Response) -> dict[str, object]:
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"message", "type", "param", "code"}
    return body["error"]


def opus(seconds: float) -> bytes:
    """`seconds` of a quiet tone as 6 kb/s Opus in Ogg: hours fit in a few MiB, the attack the cap answers."""
    return subprocess.run(
        ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", f"sine=frequency=300:sample_rate=48000:duration={seconds}",
         "-af", "volume=0.05", "-ac", "1", "-c:a", "libopus", "-b:a", "6k", "-f", "ogg", "pipe:1"],
        check=True,
        capture_output=True,
    ).stdout


# --- The bearer token ---------------------------------------------------------


@pytest.mark.parametrize(
    "authorization",
    [None, "Bearer", "Bearer sk-ear-test-0123456789abcdeX", "Bearer sk-ear-test", "Basic c2stZWFyLXRlc3Q=", "sk-ear-test-0123456789abcdef"],
)
def test_a_missing_or_wrong_token_is_a_401(ear: RunningEar, authorization: str | None) -> None:
    headers = {} if authorization is None else {"Authorization": authorization}
    for method, path in [("GET", "/v1/models"), ("POST", "/v1/audio/transcriptions"), ("GET", "/v1/nothing")]:
        response = httpx.request(method, f"{ear.url}{path}", headers=headers, timeout=30)
        assert response.status_code == 401, (method, path)
        assert response.headers["www-authenticate"] == "Bearer"
        assert error_of(response)["code"] == "invalid_api_key"


def test_a_transcription_without_the_token_is_refused_before_any_work(ear: RunningEar) -> None:
    response = httpx.post(
        f"{ear.url}/v1/audio/transcriptions", files={"file": ("chunk.wav", SENTENCE.wav, "audio/wav")}, timeout=30
    )
    assert response.status_code == 401
    assert error_of(response)["type"] == "invalid_request_error"


def test_the_right_token_in_any_case_of_bearer_is_heard(ear: RunningEar) -> None:
    token = AUTH["Authorization"].split(" ", 1)[1]
    assert httpx.get(f"{ear.url}/v1/models", headers={"Authorization": f"bearer {token}"}, timeout=30).status_code == 200


def test_health_needs_no_token(ear: RunningEar) -> None:
    assert httpx.get(f"{ear.url}/health", timeout=30).status_code == 200


# --- Host: what defeats DNS rebinding -------------------------------------------


@pytest.mark.parametrize("host", ["evil.example", "evil.example:{port}", "127.0.0.1:{other}", "127.0.0.1", "localhost.:{port}"])
def test_a_host_the_ear_does_not_answer_to_is_a_421(ear: RunningEar, host: str) -> None:
    headers = {**AUTH, "Host": host.format(port=ear.port, other=ear.port + 1)}
    for path in ("/health", "/v1/models"):
        response = httpx.get(f"{ear.url}{path}", headers=headers, timeout=30)
        assert response.status_code == 421, path
        assert error_of(response)["code"] == "host_not_allowed"


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "LocalHost:{port}", "[::1]:{port}"])
def test_loopback_hosts_on_the_ear_port_are_answered(ear: RunningEar, host: str) -> None:
    response = httpx.get(f"{ear.url}/v1/models", headers={**AUTH, "Host": host.format(port=ear.port)}, timeout=30)
    assert response.status_code == 200


# --- Origin: no browser has business here -------------------------------------


@pytest.mark.parametrize("origin", ["http://127.0.0.1:{port}", "http://evil.example", "null"])
def test_any_origin_is_a_403_even_with_the_token(client: httpx.Client, ear: RunningEar, origin: str) -> None:
    headers = {"Origin": origin.format(port=ear.port)}
    for response in (client.get("/health", headers=headers), client.get("/v1/models", headers=headers)):
        assert response.status_code == 403
        assert error_of(response)["code"] == "origin_not_allowed"
    sent = client.post(
        "/v1/audio/transcriptions", headers=headers, files={"file": ("chunk.wav", SENTENCE.wav, "audio/wav")}
    )
    assert sent.status_code == 403


# --- The cap on decoded duration -------------------------------------------------


def test_audio_decoding_past_the_cap_is_a_413(client: httpx.Client) -> None:
    # Twice the cap, as Opus about 200 KB, far under the body limit: only the decoded duration can
    # refuse it. A longer file would only cost ffmpeg more time to make (20 minutes: 14 s of CPU).
    long_opus = opus(2 * TEST_MAX_AUDIO_SECONDS)
    assert len(long_opus) < TEST_MAX_BODY_BYTES / 10
    started = time.monotonic()
    response = transcribe(client, long_opus)
    assert response.status_code == 413
    error = error_of(response)
    assert (error["code"], error["param"]) == ("audio_too_long", "file")
    assert f"{TEST_MAX_AUDIO_SECONDS} s" in str(error["message"])
    # Refused as the cap is passed, not after the whole file was decoded and heard.
    assert time.monotonic() - started < 30


def test_compressed_audio_under_the_cap_is_heard(client: httpx.Client) -> None:
    response = transcribe(client, opus(TEST_MAX_AUDIO_SECONDS - 20))
    assert response.status_code == 200
    assert response.json()["duration"] == pytest.approx(TEST_MAX_AUDIO_SECONDS - 20, abs=0.1)


class CountingReader(io.BytesIO):
    """A file whose reads are counted: how far the decoder got."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.furthest = 0

    def read(self, size: int | None = -1) -> bytes:
        chunk = super().read(size)
        self.furthest = max(self.furthest, self.tell())
        return chunk


def test_decoding_stops_at_the_cap_without_reading_the_rest() -> None:
    wav = wav_bytes(silence(120))
    reader = CountingReader(wav)
    with pytest.raises(AudioTooLongError):
        decode(reader, 10)
    # About 12 s of the 120 s was read (a decode group's overshoot and PyAV's buffer); never the whole.
    assert reader.furthest < len(wav) // 4


def test_decoding_up_to_the_cap_gives_every_sample() -> None:
    samples = samples_of(SENTENCE.wav)
    audio = decode(SENTENCE.wav, samples.shape[0] / RATE)
    assert audio is not None and audio.shape == samples.shape
    assert np.allclose(audio, samples, atol=1 / 32768)
    with pytest.raises(AudioTooLongError):
        decode(SENTENCE.wav, samples.shape[0] / RATE - 0.5)
    assert decode(b"not audio at all", 10) is None


# --- A client that leaves --------------------------------------------------------


def test_a_client_that_leaves_stops_its_transcription_and_is_logged(ear: RunningEar) -> None:
    # 100 s of speech with words on (the slow path): whisper-base on one thread needs far longer than 2 s.
    speech = samples_of(SENTENCE.wav)
    long_speech = wav_bytes(np.tile(speech, int(np.ceil(100 * RATE / speech.shape[0])))[: 100 * RATE])
    before = len(ear.log_lines())
    with httpx.Client(base_url=ear.url, headers=AUTH, timeout=httpx.Timeout(60, read=3)) as leaving:
        with pytest.raises(httpx.ReadTimeout):
            transcribe(leaving, long_speech, model="whisper-base")
    # httpx closed the connection on the timeout. The line is written once the work has stopped.
    deadline = time.monotonic() + 60
    mine: list[dict[str, object]] = []
    while not mine and time.monotonic() < deadline:
        lines = [json.loads(line) for line in ear.log_lines()[before:]]
        mine = [line for line in lines if line["path"] == "/v1/audio/transcriptions" and line.get("bytes") == len(long_speech)]
        time.sleep(0.1)
    assert mine, "no log line for the abandoned transcription within 60 s"
    line = mine[0]
    assert line["cancelled"] == "client disconnected"
    assert line["status"] == 499
    assert isinstance(line["heard_sec"], (int, float)) and line["heard_sec"] < 100
    assert "decoded" not in line
