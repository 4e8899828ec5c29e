"""The client against a scripted service (httpx.MockTransport): requests, errors, retries, pages, waits."""

from __future__ import annotations

import io
import json
import warnings
from datetime import datetime, timezone
from pathlib import Path

import httpx
import pytest

from holdline import (
    AccountArchive,
    APIConnectionError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    Holdline,
    HoldlineError,
    NotFoundError,
    PlainHttpKeyWarning,
    RateLimitError,
    RedirectError,
    RetryPolicy,
    ScanFailedError,
    ServiceUnavailableError,
    WaitTimeoutError,
)
from holdline import _core
from holdline._core import next_page_params
from holdline.errors import parse_retry_after

from .conftest import answer

SCAN_ID = "scn_" + "a" * 24
queued = {"scan_id": SCAN_ID, "status": "queued", "pct": 0}
complete = {"scan_id": SCAN_ID, "status": "complete", "score": 72, "grade": "B-", "summary": "…"}


def multipart_fields(request: httpx.Request, body: bytes) -> dict[str, bytes]:
    """The parts of a multipart body by name (enough for these small bodies)."""
    boundary = request.headers["content-type"].split("boundary=")[1].encode()
    fields: dict[str, bytes] = {}
    for part in body.split(b"--" + boundary)[1:-1]:
        head, _, value = part.partition(b"\r\n\r\n")
        name = head.split(b'name="')[1].split(b'"')[0].decode()
        fields[name] = value[: -len(b"\r\n")]
    return fields


class TestRequests:
    def test_upload_sends_the_file_title_webhook_and_key(self, scripted, tmp_path: Path) -> None:
        video = tmp_path / "talk.mp4"
        video.write_bytes(b"\x00\x00\x00\x18ftypmp42 video bytes")
        client, script, _ = scripted(answer(202, queued))
        assert client.scans.create(file=video, title="Talk", webhook_url="https://example.com/hook", idempotency_key="k-1") == queued
        [request] = script.requests
        assert (request.method, request.url.path) == ("POST", "/v1/scans")
        assert request.headers["authorization"] == "Bearer sk_test"
        assert request.headers["idempotency-key"] == "k-1"
        assert request.headers["user-agent"].startswith("holdline-python/")
        assert multipart_fields(request, script.bodies[0]) == {
            "title": b"Talk",
            "webhook_url": b"https://example.com/hook",
            "file": video.read_bytes(),
        }
        assert b'filename="talk.mp4"' in script.bodies[0]
        assert b"Content-Type: video/mp4" in script.bodies[0]

    def test_a_url_is_sent_as_json_with_only_the_fields_given(self, scripted) -> None:
        client, script, _ = scripted(answer(202, queued))
        client.scans.create(url="https://example.com/v.mp4", title="From a URL")
        [request] = script.requests
        assert request.headers["content-type"] == "application/json"
        assert "idempotency-key" not in request.headers
        assert json.loads(script.bodies[0]) == {"input": {"type": "url", "url": "https://example.com/v.mp4"}, "title": "From a URL"}

    @pytest.mark.parametrize("kwargs", [{}, {"file": b"x", "url": "https://example.com/v.mp4"}])
    def test_exactly_one_of_file_or_url(self, scripted, kwargs) -> None:
        client, script, _ = scripted()
        with pytest.raises(ValueError, match="exactly one of file= .* or url="):
            client.scans.create(**kwargs)
        assert script.requests == []

    def test_a_url_passed_as_file_is_refused_with_what_to_do(self, scripted) -> None:
        client, script, _ = scripted()
        with pytest.raises(ValueError, match="is a URL: pass it as url="):
            client.scans.create(file="https://example.com/v.mp4")
        assert script.requests == []

    def test_a_missing_file_is_refused_before_any_request(self, scripted, tmp_path: Path) -> None:
        client, script, _ = scripted()
        with pytest.raises(FileNotFoundError):
            client.scans.create(file=tmp_path / "nope.mp4")
        assert script.requests == []

    def test_an_id_stays_one_path_segment(self, scripted) -> None:
        client, script, _ = scripted(answer(404, {"detail": "no scan ../usage"}))
        with pytest.raises(NotFoundError):
            client.scans.get("../usage")
        assert script.requests[0].url.raw_path == b"/v1/scans/..%2Fusage"

    def test_delete_answers_deleted_or_deleting(self, scripted) -> None:
        client, script, _ = scripted(answer(204), answer(202, {"scan_id": SCAN_ID, "status": "deleting"}))
        assert client.scans.delete(SCAN_ID) == {"scan_id": SCAN_ID, "status": "deleted"}
        assert client.scans.delete(SCAN_ID) == {"scan_id": SCAN_ID, "status": "deleting"}
        assert [(r.method, r.url.path) for r in script.requests] == [("DELETE", f"/v1/scans/{SCAN_ID}")] * 2

    def test_export_keeps_the_services_filename_and_type(self, scripted, tmp_path: Path) -> None:
        srt = b"1\n00:00:00,000 --> 00:00:02,000\nHello\n"
        client, script, _ = scripted(
            httpx.Response(200, content=srt, headers={"content-type": "application/x-subrip", "content-disposition": f'attachment; filename="{SCAN_ID}.srt"'})
        )
        export = client.scans.export(SCAN_ID, "srt")
        assert dict(script.requests[0].url.params) == {"format": "srt"}
        assert (export.filename, export.content_type, export.text) == (f"{SCAN_ID}.srt", "application/x-subrip", srt.decode())
        assert export.save(tmp_path).read_bytes() == srt
        assert export.save(tmp_path / "other.srt") == tmp_path / "other.srt"

    def test_a_scan_edl_export_sends_record_start(self, scripted) -> None:
        client, script, _ = scripted(httpx.Response(200, content=b"TITLE: x\r\n", headers={"content-type": "text/plain"}))
        client.scans.export(SCAN_ID, "edl", record_start="00:59:50:00")
        assert dict(script.requests[0].url.params) == {"format": "edl", "record_start": "00:59:50:00"}

    def test_a_recut_export_asks_for_the_format_and_record_start_and_keeps_the_served_name(self, scripted) -> None:
        edl = b"TITLE: Talk (recut)\r\nFCM: NON-DROP FRAME\r\n"
        served = {"content-type": "text/plain; charset=utf-8", "content-disposition": 'attachment; filename="rct_1.edl"'}
        client, script, _ = scripted(httpx.Response(200, content=edl, headers=served), httpx.Response(200, content=b"{}", headers=served))
        export = client.recuts.export("rct_1", "edl", record_start="10:00:00:00")
        assert script.requests[0].url.path == "/v1/recuts/rct_1/export"
        assert dict(script.requests[0].url.params) == {"format": "edl", "record_start": "10:00:00:00"}
        assert (export.filename, export.text) == ("rct_1.edl", edl.decode())
        client.recuts.export("rct_1", "otio")
        assert dict(script.requests[1].url.params) == {"format": "otio"}

    def test_a_recut_sends_only_the_fields_given(self, scripted) -> None:
        client, script, _ = scripted(answer(202, {"recut_id": "rct_1", "status": "queued", "parent_scan_id": SCAN_ID}))
        client.recuts.create(SCAN_ID, max_seconds=30)
        assert script.requests[0].url.path == f"/v1/scans/{SCAN_ID}/recut"
        assert json.loads(script.bodies[0]) == {"max_seconds": 30}

    def test_no_key_is_an_error_before_any_request(self, monkeypatch) -> None:
        monkeypatch.delenv("HOLDLINE_API_KEY", raising=False)
        with pytest.raises(HoldlineError, match="no API key"):
            Holdline()

    def test_key_and_base_url_come_from_the_environment(self, monkeypatch) -> None:
        monkeypatch.setenv("HOLDLINE_API_KEY", "sk_env")
        monkeypatch.setenv("HOLDLINE_BASE_URL", "http://example.test:9000/")
        with Holdline() as client:
            assert (client.api_key, client.base_url) == ("sk_env", "http://example.test:9000")


class TestErrors:
    def test_a_refusal_is_its_typed_error_with_status_detail_and_request_id(self, scripted) -> None:
        client, _, _ = scripted(answer(404, {"detail": f"no scan {SCAN_ID}"}, {"x-request-id": "req_1"}))
        with pytest.raises(NotFoundError) as caught:
            client.scans.get(SCAN_ID)
        error = caught.value
        assert (error.status, error.detail, error.retry_after, error.request_id) == (404, f"no scan {SCAN_ID}", None, "req_1")
        assert str(error) == f"404: no scan {SCAN_ID}"

    @pytest.mark.parametrize(
        ("status", "cls"),
        [(400, BadRequestError), (401, AuthenticationError), (409, ConflictError)],
    )
    def test_each_status_has_its_class_and_is_not_retried(self, scripted, status, cls) -> None:
        client, script, sleeps = scripted(answer(status, {"detail": "refused"}))
        with pytest.raises(cls):
            client.scans.get(SCAN_ID)
        assert (len(script.requests), sleeps) == (1, [])

    def test_a_body_without_detail_still_reads(self, scripted) -> None:
        client, _, _ = scripted(httpx.Response(502, text="Bad Gateway"), answer(500, {}))
        with pytest.raises(HoldlineError) as caught:
            client.scans.get(SCAN_ID)
        assert (caught.value.status, caught.value.detail) == (502, "Bad Gateway")
        with pytest.raises(HoldlineError) as caught:
            client.scans.get(SCAN_ID)
        assert caught.value.detail == "HTTP 500 with no detail"

    def test_retry_after_reads_seconds_and_http_dates(self) -> None:
        now = datetime(2026, 11, 26, 12, 0, 0, tzinfo=timezone.utc)
        assert parse_retry_after("7", now) == 7.0
        assert parse_retry_after("Thu, 26 Nov 2026 12:00:30 GMT", now) == 30.0
        assert parse_retry_after("Thu, 26 Nov 2026 11:00:00 GMT", now) == 0.0
        assert parse_retry_after("soon", now) is None
        assert parse_retry_after(None, now) is None


class TestHostileAnswers:
    def test_a_redirect_is_an_error_and_is_not_followed(self, scripted) -> None:
        client, script, sleeps = scripted(answer(302, headers={"location": "http://elsewhere.test/v1/scans"}))
        with pytest.raises(RedirectError) as caught:
            client.scans.get(SCAN_ID)
        assert (caught.value.status, caught.value.detail) == (
            302,
            "the service answered with a redirect to http://elsewhere.test/v1/scans, which the Holdline API never sends: check base_url (nothing was followed)",
        )
        assert (len(script.requests), sleeps) == (1, [])

    def test_a_redirect_is_not_followed_even_by_an_http_client_that_follows(self) -> None:
        seen: list[str] = []

        def handler(request: httpx.Request) -> httpx.Response:
            seen.append(str(request.url))
            return answer(307, headers={"location": "http://elsewhere.test/"}) if len(seen) == 1 else answer(200, {})

        http = httpx.Client(transport=httpx.MockTransport(handler), follow_redirects=True)
        with Holdline("sk_test", base_url="http://127.0.0.1:9", http_client=http) as client, pytest.raises(RedirectError):
            client.scans.get(SCAN_ID)
        assert seen == [f"http://127.0.0.1:9/v1/scans/{SCAN_ID}"]

    @pytest.mark.parametrize("served", ["../escape.srt", "..\\escape.srt", ".bashrc", "a/b.srt", "..", "C:x.srt", ""])
    def test_an_export_named_with_a_path_or_a_leading_dot_is_saved_as_id_dot_format(self, scripted, tmp_path: Path, served: str) -> None:
        client, _, _ = scripted(httpx.Response(200, content=b"x", headers={"content-disposition": f'attachment; filename="{served}"'}))
        export = client.scans.export(SCAN_ID, "srt")
        assert export.filename == f"{SCAN_ID}.srt"
        inside = tmp_path / "inside"
        inside.mkdir()
        assert export.save(inside) == inside / f"{SCAN_ID}.srt"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["inside"]

    def test_an_archive_named_with_a_path_goes_under_the_plain_name(self, scripted, tmp_path: Path) -> None:
        client, _, _ = scripted(httpx.Response(200, content=TAR, headers={**TAR_HEADERS, "content-disposition": 'attachment; filename="../x.tar"'}))
        archive = client.account.export(tmp_path)
        assert archive.path == tmp_path / "holdline-export.tar"

    def test_the_key_over_plain_http_to_another_host_warns_once(self, monkeypatch) -> None:
        monkeypatch.setattr(_core, "_warned_plain_http", False)
        ok = httpx.MockTransport(lambda request: answer(200, {"scan_id": SCAN_ID, "status": "queued", "pct": 0}))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for base_url in ("http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080", "https://api.example"):
                Holdline("sk_test", base_url=base_url, http_client=httpx.Client(transport=ok)).scans.get(SCAN_ID)
            assert caught == []
            plain = Holdline("sk_test", base_url="http://api.example:8080", http_client=httpx.Client(transport=ok))
            plain.scans.get(SCAN_ID)
            plain.scans.get(SCAN_ID)
            Holdline("sk_test", base_url="http://other.example", http_client=httpx.Client(transport=ok)).scans.get(SCAN_ID)
        assert [(w.category, str(w.message)) for w in caught] == [
            (
                PlainHttpKeyWarning,
                "the API key is sent over plain http to api.example:8080, where anyone on the path can read it; use an https base_url",
            )
        ]


class TestRetries:
    def test_429_waits_what_retry_after_says_then_succeeds(self, scripted) -> None:
        client, script, sleeps = scripted(answer(429, {"detail": "rate limit"}, {"retry-after": "3"}), answer(200, queued))
        assert client.scans.get(SCAN_ID) == queued
        assert (len(script.requests), sleeps) == (2, [3.0])

    def test_503_without_retry_after_backs_off_then_raises_after_max_retries(self, scripted) -> None:
        busy = answer(503, {"detail": "the service is busy"})
        client, script, sleeps = scripted(busy, busy, busy)
        with pytest.raises(ServiceUnavailableError) as caught:
            client.scans.get(SCAN_ID)
        assert caught.value.detail == "the service is busy"
        assert (len(script.requests), sleeps) == (3, [0.5, 1.0])

    def test_backoff_is_capped_and_jittered_down_by_at_most_a_quarter(self) -> None:
        assert [RetryPolicy(jitter=lambda: 0.0).backoff(n) for n in range(6)] == [0.5, 1.0, 2.0, 4.0, 8.0, 8.0]
        assert RetryPolicy(jitter=lambda: 1.0).backoff(2) == 1.5

    def test_a_wait_longer_than_max_retry_wait_is_raised_at_once(self, scripted) -> None:
        month = str(9 * 86400)
        client, script, sleeps = scripted(answer(429, {"detail": "monthly scan quota reached"}, {"retry-after": month}))
        with pytest.raises(RateLimitError) as caught:
            client.scans.create(url="https://example.com/v.mp4")
        assert (caught.value.retry_after, len(script.requests), sleeps) == (9 * 86400.0, 1, [])

    def test_an_idempotency_key_still_in_progress_is_retried(self, scripted) -> None:
        client, script, sleeps = scripted(answer(409, {"detail": "still in progress"}, {"retry-after": "1"}), answer(202, queued))
        assert client.scans.create(url="https://example.com/v.mp4", idempotency_key="k") == queued
        assert sleeps == [1.0]
        assert script.bodies[0] == script.bodies[1]
        assert script.requests[1].headers["idempotency-key"] == "k"

    def test_a_retried_upload_sends_the_whole_file_again(self, scripted, tmp_path: Path) -> None:
        video = tmp_path / "v.mp4"
        video.write_bytes(b"0123456789" * 100)
        # A stream is sent from its start, whatever was read of it before.
        stream = io.BytesIO(video.read_bytes())
        stream.read(4)
        limited = answer(429, {"detail": "rate limit"}, {"retry-after": "1"})
        client, script, _ = scripted(limited, answer(202, queued), limited, answer(202, queued))
        client.scans.create(file=video)
        client.scans.create(file=stream, filename="v.mp4")
        files = [multipart_fields(r, b)["file"] for r, b in zip(script.requests, script.bodies)]
        assert files == [video.read_bytes()] * 4

    def test_a_stream_that_cannot_seek_is_sent_once(self, scripted) -> None:
        class OneWay(io.RawIOBase):
            def __init__(self) -> None:
                self.left = b"bytes once"

            def readable(self) -> bool:
                return True

            def readinto(self, buffer) -> int:
                n = min(len(buffer), len(self.left))
                buffer[:n], self.left = self.left[:n], self.left[n:]
                return n

        client, script, sleeps = scripted(answer(503, {"detail": "busy"}))
        with pytest.raises(ServiceUnavailableError):
            client.scans.create(file=OneWay(), filename="v.mp4")
        assert (len(script.requests), sleeps) == (1, [])

    def test_a_connection_refused_is_retried_then_raised(self, scripted) -> None:
        refused = httpx.ConnectError("connection refused")
        client, script, sleeps = scripted(refused, refused, refused)
        with pytest.raises(APIConnectionError, match="connection refused"):
            client.scans.delete(SCAN_ID)
        assert (len(script.requests), sleeps) == (3, [0.5, 1.0])

    def test_a_broken_answer_to_a_post_is_not_sent_again(self, scripted) -> None:
        client, script, _ = scripted(httpx.RemoteProtocolError("server disconnected"))
        with pytest.raises(APIConnectionError):
            client.scans.cancel(SCAN_ID)
        assert len(script.requests) == 1


def history_page(ids: list[str], offset: int, total: int, **extra) -> dict:
    rows = [{"scan_id": i, "status": "complete", "pct": 100, "title": None, "created_at": "2026-11-26T00:00:00.000Z"} for i in ids]
    return {"data": rows, "limit": len(ids) or 2, "offset": offset, "total": total, "has_more": offset + len(ids) < total, **extra}


class TestPages:
    def test_iterating_follows_offset_pages_to_the_end(self, scripted) -> None:
        client, script, _ = scripted(answer(200, history_page(["a", "b"], 0, 5)), answer(200, history_page(["c", "d"], 2, 5)), answer(200, history_page(["e"], 4, 5)))
        assert [row["scan_id"] for row in client.scans.list(limit=2)] == ["a", "b", "c", "d", "e"]
        assert [dict(r.url.params) for r in script.requests] == [{"limit": "2"}, {"limit": "2", "offset": "2"}, {"limit": "2", "offset": "4"}]

    def test_a_page_with_next_cursor_is_followed_by_cursor(self, scripted) -> None:
        client, script, _ = scripted(
            answer(200, history_page(["a", "b"], 0, 3, next_cursor="b")),
            answer(200, history_page(["c"], 0, 3, next_cursor=None)),
        )
        pages = list(client.scans.list(limit=2, offset=0, status="complete").pages())
        assert [[row["scan_id"] for row in page["data"]] for page in pages] == [["a", "b"], ["c"]]
        assert [dict(r.url.params) for r in script.requests] == [
            {"limit": "2", "offset": "0", "status": "complete"},
            {"limit": "2", "status": "complete", "starting_after": "b"},
        ]

    def test_next_page_params_stops_on_an_empty_page(self) -> None:
        assert next_page_params({}, {"data": [], "offset": 0, "has_more": True}) is None


class TestWait:
    def test_waits_reporting_each_change_once_and_returns_the_read(self, scripted) -> None:
        views = [queued, {**queued, "status": "processing", "pct": 10}, {**queued, "status": "processing", "pct": 10}, {**queued, "status": "processing", "pct": 55}, complete]
        client, script, sleeps = scripted(*[answer(200, v) for v in views])
        seen: list[tuple[str, object]] = []
        read = client.scans.wait(SCAN_ID, on_progress=lambda v: seen.append((v["status"], v.get("pct"))), poll_interval=0.25)
        assert read == complete
        assert seen == [("queued", 0), ("processing", 10), ("processing", 55), ("complete", None)]
        assert (len(script.requests), sleeps) == (5, [0.25] * 4)

    def test_a_scan_that_ends_in_error_raises_with_its_detail(self, scripted) -> None:
        failed = {"scan_id": SCAN_ID, "status": "error", "pct": 10, "detail": "The file is not a video we can read."}
        client, _, _ = scripted(answer(200, queued), answer(200, failed))
        with pytest.raises(ScanFailedError) as caught:
            client.scans.wait(SCAN_ID)
        assert (caught.value.id, caught.value.detail, caught.value.view) == (SCAN_ID, failed["detail"], failed)

    def test_timeout_raises_with_the_last_view_after_polling_to_the_deadline(self, scripted) -> None:
        processing = {**queued, "status": "processing", "pct": 40}
        client, script, sleeps = scripted(*[answer(200, processing)] * 4)
        with pytest.raises(WaitTimeoutError) as caught:
            client.scans.wait(SCAN_ID, timeout=2.5, poll_interval=1.0)
        assert isinstance(caught.value, TimeoutError)
        assert caught.value.last == processing
        assert (len(script.requests), sleeps) == (4, [1.0, 1.0, 0.5])

    def test_a_recut_is_waited_for_by_its_own_id(self, scripted) -> None:
        recut = {"recut_id": "rct_1", "status": "complete", "stage": "complete", "pct": 100}
        client, script, _ = scripted(answer(200, {"recut_id": "rct_1", "status": "processing", "stage": "render", "pct": 40}), answer(200, recut))
        assert client.recuts.wait("rct_1", poll_interval=0) == recut
        assert [r.url.path for r in script.requests] == ["/v1/recuts/rct_1"] * 2


SETTING = {"media_retention_days": 7, "include_published": True, "operator_default_days": None, "effective_days": 7}
TAR = b"a tar stream " * 4000
TAR_HEADERS = {"content-type": "application/x-tar", "content-disposition": 'attachment; filename="holdline-acc_1-2026-01-02.tar"'}


class TestAccount:
    def test_retention_reads_and_sets_days_0_and_none_as_sent(self, scripted) -> None:
        client, script, _ = scripted(*(answer(200, SETTING) for _ in range(4)))
        assert client.account.retention() == SETTING
        assert client.account.set_retention(media_retention_days=7, include_published=True) == SETTING
        client.account.set_retention(media_retention_days=None)
        client.account.set_retention(media_retention_days=0, include_published=False)
        assert [(r.method, r.url.path) for r in script.requests] == [("GET", "/v1/account/retention")] + [("PUT", "/v1/account/retention")] * 3
        assert [json.loads(body) for body in script.bodies[1:]] == [
            {"media_retention_days": 7, "include_published": True},
            {"media_retention_days": None},
            {"media_retention_days": 0, "include_published": False},
        ]

    def test_a_put_refused_with_503_is_retried_and_a_400_raised_with_its_detail(self, scripted) -> None:
        client, script, sleeps = scripted(
            answer(503, {"detail": "busy"}), answer(200, SETTING), answer(400, {"detail": "body/media_retention_days must be <= 3650"})
        )
        assert client.account.set_retention(media_retention_days=7) == SETTING
        with pytest.raises(BadRequestError) as caught:
            client.account.set_retention(media_retention_days=3651)
        assert (caught.value.status, caught.value.detail, len(script.requests), sleeps) == (400, "body/media_retention_days must be <= 3650", 3, [0.5])

    def test_export_streams_into_a_directory_under_the_served_name(self, scripted, tmp_path: Path) -> None:
        client, script, _ = scripted(httpx.Response(200, content=TAR, headers=TAR_HEADERS))
        archive = client.account.export(tmp_path, media=True)
        target = tmp_path / "holdline-acc_1-2026-01-02.tar"
        assert archive == AccountArchive("holdline-acc_1-2026-01-02.tar", "application/x-tar", target, len(TAR))
        assert target.read_bytes() == TAR
        assert sorted(p.name for p in tmp_path.iterdir()) == ["holdline-acc_1-2026-01-02.tar"]
        assert (str(script.requests[0].url), script.requests[0].headers["accept"]) == ("http://holdline.test/v1/account/export?media=1", "application/x-tar")

    def test_export_to_a_named_path_or_a_file_object(self, scripted, tmp_path: Path) -> None:
        client, script, _ = scripted(httpx.Response(200, content=TAR, headers=TAR_HEADERS), httpx.Response(200, content=TAR, headers=TAR_HEADERS))
        named = tmp_path / "mine.tar"
        assert client.account.export(str(named)).path == named
        assert named.read_bytes() == TAR
        sink = io.BytesIO()
        assert client.account.export(sink) == AccountArchive("holdline-acc_1-2026-01-02.tar", "application/x-tar", None, len(TAR))
        assert sink.getvalue() == TAR
        assert [str(r.url) for r in script.requests] == ["http://holdline.test/v1/account/export"] * 2

    def test_a_refused_export_raises_and_leaves_no_file(self, scripted, tmp_path: Path) -> None:
        client, _, _ = scripted(answer(401, {"detail": "invalid or revoked API key"}))
        with pytest.raises(AuthenticationError):
            client.account.export(tmp_path / "refused.tar")
        assert list(tmp_path.iterdir()) == []

    def test_a_stream_cut_off_removes_the_partial_file(self, scripted, tmp_path: Path) -> None:
        class CutOff(httpx.SyncByteStream):
            def __iter__(self):
                yield b"the first part"
                raise httpx.ReadError("connection reset")

        client, _, _ = scripted(httpx.Response(200, stream=CutOff(), headers=TAR_HEADERS))
        with pytest.raises(httpx.ReadError):
            client.account.export(tmp_path / "cut.tar")
        assert list(tmp_path.iterdir()) == []

    def test_change_password_and_close(self, scripted) -> None:
        client, script, _ = scripted(
            answer(200, {"status": "set", "signed_out_sessions": 0}),
            answer(200, {"status": "changed", "signed_out_sessions": 2}),
            answer(204),
            answer(202, {"account_id": "acc_1", "status": "closing"}),
        )
        assert client.account.change_password("a new password") == {"status": "set", "signed_out_sessions": 0}
        assert client.account.change_password("another", current_password="a new password")["status"] == "changed"
        assert client.account.close("me@example.com", password="another") == {"status": "closed"}
        assert client.account.close("me@example.com") == {"status": "closing"}
        assert [(r.method, r.url.path, json.loads(b)) for r, b in zip(script.requests, script.bodies)] == [
            ("PUT", "/v1/account/password", {"password": "a new password"}),
            ("PUT", "/v1/account/password", {"password": "another", "current_password": "a new password"}),
            ("DELETE", "/v1/account", {"email": "me@example.com", "password": "another"}),
            ("DELETE", "/v1/account", {"email": "me@example.com"}),
        ]


class TestAsync:
    @pytest.mark.anyio
    async def test_the_async_client_retries_and_raises_alike(self, scripted_async) -> None:
        client, script, sleeps = scripted_async(answer(429, {"detail": "rate limit"}, {"retry-after": "2"}), answer(404, {"detail": f"no scan {SCAN_ID}"}))
        with pytest.raises(NotFoundError) as caught:
            await client.scans.get(SCAN_ID)
        assert (caught.value.status, len(script.requests), sleeps) == (404, 2, [2.0])
        await client._http.aclose()

    @pytest.mark.anyio
    async def test_the_async_wait_awaits_an_async_progress_callback(self, scripted_async) -> None:
        client, _, _ = scripted_async(answer(200, queued), answer(200, {**queued, "status": "processing", "pct": 30}), answer(200, complete))
        seen: list[object] = []

        async def progress(view) -> None:
            seen.append(view.get("pct"))

        assert await client.scans.wait(SCAN_ID, on_progress=progress, poll_interval=0) == complete
        assert seen == [0, 30, None]
        await client._http.aclose()

    @pytest.mark.anyio
    async def test_async_iteration_follows_the_pages(self, scripted_async) -> None:
        client, _, _ = scripted_async(answer(200, history_page(["a"], 0, 2)), answer(200, history_page(["b"], 1, 2)))
        assert [row["scan_id"] async for row in client.scans.list(limit=1)] == ["a", "b"]
        await client._http.aclose()

    @pytest.mark.anyio
    async def test_an_async_upload_sends_the_file(self, scripted_async, tmp_path: Path) -> None:
        video = tmp_path / "v.mp4"
        video.write_bytes(b"video" * 50)
        client, script, _ = scripted_async(answer(202, queued))
        assert await client.scans.create(file=str(video), title="Async") == queued
        assert multipart_fields(script.requests[0], script.bodies[0]) == {"title": b"Async", "file": video.read_bytes()}
        await client._http.aclose()

    @pytest.mark.anyio
    async def test_the_async_account_calls_and_export_stream_alike(self, scripted_async, tmp_path: Path) -> None:
        client, script, _ = scripted_async(
            answer(200, SETTING),
            answer(200, SETTING),
            httpx.Response(200, content=TAR, headers=TAR_HEADERS),
            httpx.Response(200, content=TAR, headers=TAR_HEADERS),
            answer(404, {"detail": "gone"}),
            answer(204),
        )
        assert await client.account.retention() == SETTING
        assert await client.account.set_retention(media_retention_days=None, include_published=True) == SETTING
        archive = await client.account.export(tmp_path)
        assert (archive.path, archive.size) == (tmp_path / "holdline-acc_1-2026-01-02.tar", len(TAR))
        assert archive.path.read_bytes() == TAR
        sink = io.BytesIO()
        assert (await client.account.export(sink, media=True)).size == len(TAR)
        assert sink.getvalue() == TAR
        with pytest.raises(NotFoundError):
            await client.account.export(tmp_path / "missing.tar")
        assert sorted(p.name for p in tmp_path.iterdir()) == ["holdline-acc_1-2026-01-02.tar"]
        assert await client.account.close("me@example.com") == {"status": "closed"}
        assert json.loads(script.bodies[1]) == {"media_retention_days": None, "include_published": True}
        assert str(script.requests[3].url) == "http://holdline.test/v1/account/export?media=1"
        await client._http.aclose()
