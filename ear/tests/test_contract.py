"""The HTTP contract: OpenAI's transcription shapes, the error shape, /health, /v1/models, the body limit."""

from __future__ import annotations

import json
import socket
import time
import uuid
from typing import Any

import faster_whisper
import httpx
import numpy as np
import pytest

from .conftest import TEST_API_KEY, TEST_MAX_AUDIO_SECONDS, TEST_MAX_BODY_BYTES, RunningEar, transcribe
from .sounds import librivox, samples_of, silence, wav_bytes

GRANULARITIES = "timestamp_granularities[]"
SENTENCE = librivox()[0]  # "and mister john dashwood had then leisure to consider ...", 7.1 s
SEGMENT_KEYS = {"id", "seek", "start", "end", "text", "tokens", "temperature", "avg_logprob", "compression_ratio", "no_speech_prob"}


def error_of(response: httpx.Response) -> dict[str, object]:
    body = response.json()
    assert set(body) == {"error"}
    assert set(body["error"]) == {"message", "type", "param", "code"}
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    return body["error"]


def test_verbose_json_with_words_and_segments_has_openai_shape(client: httpx.Client) -> None:
    response = transcribe(client, SENTENCE.wav, **{GRANULARITIES: ["word", "segment"]})
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert set(body) == {"task", "language", "duration", "text", "engine", "words", "segments"}
    assert body["task"] == "transcribe"
    assert body["engine"] == f"whisper-tiny.en int8 (faster-whisper {faster_whisper.__version__})"
    assert body["language"] == "en"
    assert body["duration"] == 7.1
    words = body["words"]
    assert len(words) == len(SENTENCE.words)
    for w in words:
        assert set(w) == {"word", "start", "end"}
        assert w["word"] == w["word"].strip() != ""
        assert 0 <= w["start"] <= w["end"] <= body["duration"]
    starts = [w["start"] for w in words]
    assert starts == sorted(starts)
    assert all(a["end"] <= b["start"] for a, b in zip(words, words[1:]))
    segments = body["segments"]
    assert [s["id"] for s in segments] == list(range(len(segments)))
    for s in segments:
        assert set(s) == SEGMENT_KEYS | {"words"}
        assert s["start"] <= s["end"]
    assert [w for s in segments for w in s["words"]] == words
    assert body["text"] == " ".join(s["text"] for s in segments)


def test_word_granularity_alone_gives_words_without_segments(client: httpx.Client) -> None:
    body = transcribe(client, SENTENCE.wav).json()
    assert set(body) == {"task", "language", "duration", "text", "engine", "words"}
    assert len(body["words"]) == len(SENTENCE.words)


def test_verbose_json_without_granularity_gives_segments_only(client: httpx.Client) -> None:
    body = transcribe(client, SENTENCE.wav, **{GRANULARITIES: None}).json()
    assert set(body) == {"task", "language", "duration", "text", "engine", "segments"}
    assert all(set(s) == SEGMENT_KEYS for s in body["segments"])
    assert body["text"].lower().startswith("and mr. john dashwood")


def test_json_and_text_formats_carry_the_text(client: httpx.Client) -> None:
    as_json = transcribe(client, SENTENCE.wav, response_format="json", **{GRANULARITIES: None})
    as_text = transcribe(client, SENTENCE.wav, response_format="text", **{GRANULARITIES: None})
    assert as_json.status_code == as_text.status_code == 200
    assert set(as_json.json()) == {"text"}
    assert as_text.headers["content-type"].startswith("text/plain")
    assert as_text.text == as_json.json()["text"]
    assert as_text.text.lower().startswith("and mr. john dashwood")


def test_whisper_1_and_no_model_mean_the_default_model(client: httpx.Client) -> None:
    named = transcribe(client, SENTENCE.wav, model="whisper-tiny.en").json()
    assert transcribe(client, SENTENCE.wav, model="whisper-1").json() == named
    assert transcribe(client, SENTENCE.wav, model=None).json() == named
    assert transcribe(client, SENTENCE.wav, model="Systran/faster-whisper-tiny.en").json() == named


def test_multilingual_model_detects_english(client: httpx.Client) -> None:
    body = transcribe(client, SENTENCE.wav, model="whisper-base").json()
    assert body["language"] == "en"


def test_given_language_is_used_and_echoed(client: httpx.Client) -> None:
    body = transcribe(client, SENTENCE.wav, model="whisper-base", language="EN").json()
    assert body["language"] == "en"


@pytest.mark.parametrize(
    ("fields", "param", "code"),
    [
        ({"model": "whisper-large-v9"}, "model", "model_not_found"),
        ({"response_format": "srt"}, "response_format", "invalid_field"),
        ({GRANULARITIES: ["word", "phoneme"]}, GRANULARITIES, "invalid_field"),
        ({"response_format": "json"}, GRANULARITIES, "invalid_field"),
        ({"temperature": "hot"}, "temperature", "invalid_field"),
        ({"temperature": "1.5"}, "temperature", "invalid_field"),
        ({"temperature": "nan"}, "temperature", "invalid_field"),
        ({"language": "xx"}, "language", "invalid_field"),
        ({"language": "es"}, "language", "invalid_field"),
    ],
)
def test_a_bad_field_is_a_400_naming_it(client: httpx.Client, fields: dict[str, str | list[str]], param: str, code: str) -> None:
    response = transcribe(client, SENTENCE.wav, **fields)
    assert response.status_code == 400
    error = error_of(response)
    assert (error["type"], error["param"], error["code"]) == ("invalid_request_error", param, code)


def test_missing_file_is_a_400(client: httpx.Client) -> None:
    response = client.post("/v1/audio/transcriptions", data={"model": "whisper-tiny.en"}, files={"other": ("x", b"1")})
    assert response.status_code == 400
    assert error_of(response)["param"] == "file"
    assert error_of(response)["code"] == "missing_field"


def test_a_body_that_is_not_multipart_is_a_400(client: httpx.Client) -> None:
    response = client.post(
        "/v1/audio/transcriptions", content=b"garbage", headers={"content-type": "multipart/form-data; boundary=xyz"}
    )
    assert response.status_code == 400
    assert error_of(response)["code"] == "invalid_field"


def test_unknown_route_and_method_answer_in_the_error_shape(client: httpx.Client) -> None:
    missing = client.get("/v1/nothing")
    assert missing.status_code == 404
    assert error_of(missing)["code"] == "not_found"
    wrong = client.get("/v1/audio/transcriptions")
    assert wrong.status_code == 405
    assert error_of(wrong)["code"] == "method_not_allowed"


def test_declared_body_over_the_limit_is_refused_before_it_is_sent(ear: RunningEar) -> None:
    # Only the headers go out: the 413 must come back without the ear waiting for the body.
    with socket.create_connection(("127.0.0.1", ear.port), timeout=30) as s:
        s.sendall(
            (
                f"POST /v1/audio/transcriptions HTTP/1.1\r\nHost: 127.0.0.1:{ear.port}\r\n"
                f"Authorization: Bearer {TEST_API_KEY}\r\n"
                "Content-Type: multipart/form-data; boundary=xyz\r\n"
                f"Content-Length: {TEST_MAX_BODY_BYTES + 1}\r\n\r\n"
            ).encode()
        )
        reply = b""
        while b"\r\n\r\n" not in reply or not reply.rstrip().endswith(b"}"):
            chunk = s.recv(65536)
            if not chunk:
                break
            reply += chunk
    head, _, body = reply.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413 ")
    error = json.loads(body)["error"]
    assert (error["code"], error["param"]) == ("request_too_large", "file")
    assert str(TEST_MAX_BODY_BYTES) in error["message"]


def test_streamed_body_over_the_limit_is_refused(client: httpx.Client) -> None:
    boundary = "xyz"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n'
        "Content-Type: audio/wav\r\n\r\n"
    ).encode()

    def body():  # a generator makes httpx send it chunked, with no Content-Length
        yield head
        for _ in range(TEST_MAX_BODY_BYTES // 65536 + 2):
            yield b"\0" * 65536

    response = client.post(
        "/v1/audio/transcriptions", content=body(), headers={"content-type": f"multipart/form-data; boundary={boundary}"}
    )
    assert response.status_code == 413
    assert error_of(response)["code"] == "request_too_large"


def test_a_body_just_under_the_limit_is_heard(client: httpx.Client) -> None:
    # 4 MiB of 16 kHz s16 WAV is about 131 s of silence; it is read whole and answered.
    seconds = (TEST_MAX_BODY_BYTES - 64 * 1024) / 32000
    body = transcribe(client, wav_bytes(silence(seconds))).json()
    assert body["words"] == []
    assert body["duration"] == pytest.approx(seconds, abs=0.01)


def test_health_names_engine_and_models(client: httpx.Client) -> None:
    response = client.get("/health")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["engine"] == "faster-whisper 1.2.1"
    assert body["faster_whisper"] == "1.2.1"
    assert body["ctranslate2"] == "4.8.5"
    assert body["compute_type"] == "int8"
    assert body["models"] == ["whisper-tiny.en", "whisper-base"]
    assert body["default_model"] == "whisper-tiny.en"
    assert body["max_body_bytes"] == TEST_MAX_BODY_BYTES
    assert body["max_audio_seconds"] == TEST_MAX_AUDIO_SECONDS


def test_models_are_listed_in_openai_shape(client: httpx.Client) -> None:
    body = client.get("/v1/models").json()
    assert body["object"] == "list"
    assert [m["id"] for m in body["data"]] == ["whisper-tiny.en", "whisper-base"]
    for m in body["data"]:
        assert set(m) == {"id", "object", "created", "owned_by"}
        assert (m["object"], m["owned_by"]) == ("model", "holdline")
        assert isinstance(m["created"], int) and m["created"] > 1_700_000_000


def test_each_request_logs_one_json_line(client: httpx.Client, ear: RunningEar) -> None:
    # A line is written once its answer has gone out, so an earlier test's line can still land after
    # `before`: this test knows its own requests by a body length and a path no other test sends.
    body = wav_bytes(np.concatenate([samples_of(SENTENCE.wav), silence(0.37)]))
    missing_path = f"/v1/nothing-{uuid.uuid4().hex}"
    before = len(ear.log_lines())
    transcribe(client, body)
    client.get(missing_path)

    def mine() -> list[dict[str, Any]]:
        lines = [json.loads(line) for line in ear.log_lines()[before:]]
        return [line for line in lines if line["path"] == missing_path or line.get("bytes") == len(body)]

    deadline = time.monotonic() + 10
    while len(mine()) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)  # a third line for the same two requests would be a defect: give it a moment to show
    assert sorted((line["method"], line["path"], line["status"]) for line in mine()) == [
        ("GET", missing_path, 404),
        ("POST", "/v1/audio/transcriptions", 200),
    ]
    [heard] = [line for line in mine() if line["method"] == "POST"]
    assert (heard["model"], heard["decoded"], heard["language"]) == ("whisper-tiny.en", True, "en")
    assert heard["audio_sec"] == pytest.approx(7.1 + 0.37, abs=0.06)
    assert heard["words"] == len(SENTENCE.words)
