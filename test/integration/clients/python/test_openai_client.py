"""The official `openai` Python client against Holdline's model interface on the embedded model.

Driven by test/integration/clients/openai-python.test.ts, which starts llama-server with
SmolLM2 and the service in front of it, makes a key, and compares what these tests report
(HOLDLINE_OPENAI_REPORT) with the model server's own token counts. Nothing here asserts
what the small model says, only how the service carries it to a standard client.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openai
import pytest

BASE_URL = os.environ["HOLDLINE_OPENAI_BASE_URL"]
API_KEY = os.environ["HOLDLINE_API_KEY"]
BASE_MODEL = os.environ["HOLDLINE_EXPECTED_BASE_MODEL"]
REPORT = Path(os.environ["HOLDLINE_OPENAI_REPORT"])
ASK: list[Any] = [{"role": "user", "content": "Name the three primary colours of light."}]


def record(name: str, value: Any) -> None:
    report = json.loads(REPORT.read_text()) if REPORT.exists() else {}
    report[name] = value
    REPORT.write_text(json.dumps(report))


@pytest.fixture(scope="module")
def client() -> Iterator[openai.OpenAI]:
    # No retries: a refused or failed call must show here, not be hidden by a second try.
    with openai.OpenAI(base_url=BASE_URL, api_key=API_KEY, max_retries=0, timeout=240) as client:
        yield client


def run_of(answer: Any) -> dict[str, Any]:
    """The service's `holdline` run object, an extra field the openai types keep."""
    extra = answer.model_extra or {}
    assert "holdline" in extra, f"no holdline run object in {answer.model_dump()}"
    return dict(extra["holdline"])


def test_models_names_the_embedded_base_model(client: openai.OpenAI) -> None:
    models = client.models.list()
    assert [(m.id, (m.model_extra or {}).get("base_model")) for m in models.data] == [("holdline", BASE_MODEL)]


def test_non_streamed_completion_names_its_base_model_and_counts_tokens(client: openai.OpenAI) -> None:
    completion = client.chat.completions.create(model="holdline", messages=ASK)
    assert completion.object == "chat.completion"
    assert completion.model == "holdline"
    run = run_of(completion)
    assert run["base_model"] == BASE_MODEL
    assert run["tools_used"] == []
    [choice] = completion.choices
    assert choice.message.role == "assistant"
    assert (choice.message.content or "").strip() != ""
    assert choice.finish_reason in ("stop", "length")
    usage = completion.usage
    assert usage is not None
    assert usage.prompt_tokens > 0 and usage.completion_tokens > 0
    assert usage.total_tokens == usage.prompt_tokens + usage.completion_tokens
    record("non_streamed", {"run": run, "usage": usage.model_dump(include={"prompt_tokens", "completion_tokens", "total_tokens"})})


def test_streamed_completion_ends_with_one_finish_and_the_usage_chunk(client: openai.OpenAI) -> None:
    stream = client.chat.completions.create(model="holdline", messages=ASK, stream=True, stream_options={"include_usage": True})
    chunks = list(stream)
    assert {chunk.id for chunk in chunks} == {chunks[0].id}
    assert {chunk.object for chunk in chunks} == {"chat.completion.chunk"}
    assert chunks[0].choices[0].delta.role == "assistant"
    finishing = [chunk for chunk in chunks if chunk.choices and chunk.choices[0].finish_reason]
    assert len(finishing) == 1
    assert finishing[0].choices[0].finish_reason in ("stop", "length")
    run = run_of(finishing[0])
    assert run["base_model"] == BASE_MODEL
    content = "".join(chunk.choices[0].delta.content or "" for chunk in chunks if chunk.choices)
    assert content.strip() != ""
    # include_usage: the last chunk has no choices and the call's usage; no other chunk has usage.
    last = chunks[-1]
    assert last.choices == []
    assert last.usage is not None and last.usage.prompt_tokens > 0 and last.usage.completion_tokens > 0
    assert last.usage.total_tokens == last.usage.prompt_tokens + last.usage.completion_tokens
    assert [chunk.usage for chunk in chunks[:-1]] == [None] * (len(chunks) - 1)
    record("streamed", {"run": run, "usage": last.usage.model_dump(include={"prompt_tokens", "completion_tokens", "total_tokens"})})


def test_the_raw_stream_closes_with_done_after_the_usage_chunk(client: openai.OpenAI) -> None:
    with client.chat.completions.with_streaming_response.create(
        model="holdline", messages=ASK, stream=True, stream_options={"include_usage": True}
    ) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        lines = list(response.iter_lines())
    data = [line for line in lines if line.startswith("data: ")]
    assert data[-1] == "data: [DONE]"
    assert data.count("data: [DONE]") == 1
    payloads = [json.loads(line[len("data: "):]) for line in data[:-1]]
    assert payloads[-1]["choices"] == []
    assert payloads[-1]["usage"]["total_tokens"] > 0
    finishing = [p for p in payloads if p["choices"] and p["choices"][0].get("finish_reason")]
    assert len(finishing) == 1 and finishing[0]["holdline"]["base_model"] == BASE_MODEL
    record("raw_stream", {"run": finishing[0]["holdline"], "usage": payloads[-1]["usage"]})


def test_a_wrong_key_is_the_clients_authentication_error(client: openai.OpenAI) -> None:
    with openai.OpenAI(base_url=BASE_URL, api_key="sk_sig_wrong", max_retries=0) as wrong:
        with pytest.raises(openai.AuthenticationError) as caught:
            wrong.chat.completions.create(model="holdline", messages=ASK)
    assert caught.value.status_code == 401
    assert caught.value.code == "invalid_api_key"
