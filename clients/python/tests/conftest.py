from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from holdline import AsyncHoldline, Holdline, RetryPolicy

STACK_ENV = ("HOLDLINE_BASE_URL", "HOLDLINE_API_KEY", "HOLDLINE_SAMPLE_VIDEO")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@dataclass
class Script:
    """A scripted service: answers in order, records every request it got."""

    answers: list[httpx.Response | Callable[[httpx.Request], httpx.Response] | Exception]
    requests: list[httpx.Request] = field(default_factory=list)
    bodies: list[bytes] = field(default_factory=list)

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        self.bodies.append(request.read())
        if not self.answers:
            raise AssertionError(f"unexpected request {request.method} {request.url}")
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer(request) if callable(answer) else answer


def answer(status: int, body: Any = None, headers: dict[str, str] | None = None) -> httpx.Response:
    if body is None:
        return httpx.Response(status, headers=headers)
    return httpx.Response(status, content=json.dumps(body).encode(), headers={"content-type": "application/json", **(headers or {})})


class Sleeps(list[float]):
    """Stands in for time.sleep and the monotonic clock: sleeping moves the clock, nothing waits."""

    now = 0.0

    def sleep(self, seconds: float) -> None:
        self.append(seconds)
        self.now += seconds

    async def asleep(self, seconds: float) -> None:
        self.sleep(seconds)

    def clock(self) -> float:
        return self.now


NO_JITTER = RetryPolicy(jitter=lambda: 0.0)


@pytest.fixture
def scripted() -> Iterator[Callable[..., tuple[Holdline, Script, Sleeps]]]:
    made: list[Holdline] = []

    def make(*answers: Any, policy: RetryPolicy = NO_JITTER) -> tuple[Holdline, Script, Sleeps]:
        script = Script(list(answers))
        client = Holdline("sk_test", base_url="http://holdline.test", http_client=httpx.Client(transport=httpx.MockTransport(script)))
        client.retry_policy = policy
        sleeps = Sleeps()
        client._sleep = sleeps.sleep
        client._clock = sleeps.clock
        made.append(client)
        return client, script, sleeps

    yield make
    for client in made:
        client._http.close()


@pytest.fixture
def scripted_async() -> Callable[..., tuple[AsyncHoldline, Script, Sleeps]]:
    def make(*answers: Any, policy: RetryPolicy = NO_JITTER) -> tuple[AsyncHoldline, Script, Sleeps]:
        script = Script(list(answers))
        client = AsyncHoldline("sk_test", base_url="http://holdline.test", http_client=httpx.AsyncClient(transport=httpx.MockTransport(script)))
        client.retry_policy = policy
        sleeps = Sleeps()
        client._sleep = sleeps.asleep
        client._clock = sleeps.clock
        return client, script, sleeps

    return make


@dataclass(frozen=True)
class Stack:
    base_url: str
    api_key: str
    sample: Path
    report: Path | None


@pytest.fixture(scope="session")
def stack() -> Stack:
    """The running service the `stack` tests talk to, from the environment test/integration/clients/python-sdk.test.ts sets."""
    missing = [name for name in STACK_ENV if not os.environ.get(name)]
    if missing:
        pytest.skip(f"no running Holdline: set {', '.join(missing)}")
    report = os.environ.get("HOLDLINE_SDK_REPORT")
    return Stack(os.environ["HOLDLINE_BASE_URL"], os.environ["HOLDLINE_API_KEY"], Path(os.environ["HOLDLINE_SAMPLE_VIDEO"]), Path(report) if report else None)
