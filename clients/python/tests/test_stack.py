"""The SDK against a running Holdline: a real scan of the sample fixture, sync and async.

Driven by test/integration/clients/python-sdk.test.ts, which starts the service, makes
a fresh account and checks what these tests report (HOLDLINE_SDK_REPORT) against the
fixture's truth and the service's own records.
"""

from __future__ import annotations

import json
import tarfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from holdline import AsyncHoldline, AuthenticationError, BadRequestError, Holdline, NotFoundError

from .conftest import Stack

pytestmark = pytest.mark.stack

NO_SUCH_SCAN = "scn_" + "0" * 24
WAIT_SECONDS = 240


def record(stack: Stack, name: str, value: Any) -> None:
    """Adds one named observation to the report the driving test reads."""
    if stack.report is None:
        return
    report = json.loads(stack.report.read_text()) if stack.report.exists() else {}
    report[name] = value
    stack.report.write_text(json.dumps(report))


def check_progress(progress: list[dict[str, Any]]) -> None:
    """Changes only, in order: queued or processing first, pct never going back, complete last."""
    assert progress[0]["status"] in ("queued", "processing")
    assert progress[-1]["status"] == "complete"
    in_flight = [p for p in progress if p["status"] in ("queued", "processing")]
    assert in_flight == progress[:-1]
    pcts = [p["pct"] for p in in_flight]
    assert pcts == sorted(pcts)
    assert all(0 <= pct < 100 for pct in pcts)
    keys = [(p["status"], p.get("stage"), p.get("pct")) for p in progress]
    assert all(a != b for a, b in zip(keys, keys[1:])), keys


@pytest.fixture(scope="module")
def client(stack: Stack) -> Iterator[Holdline]:
    with Holdline(stack.api_key, base_url=stack.base_url) as client:
        yield client


@pytest.fixture(scope="module")
def sync_scan(stack: Stack, client: Holdline) -> dict[str, Any]:
    queued = client.scans.create(file=stack.sample, title="Python SDK, sync")
    progress: list[dict[str, Any]] = []
    read = client.scans.wait(queued["scan_id"], on_progress=lambda view: progress.append(dict(view)), timeout=WAIT_SECONDS)
    observed = {"queued": dict(queued), "progress": progress, "read": dict(read)}
    record(stack, "sync", observed)
    return observed


def test_sync_upload_is_queued_under_a_scan_id(sync_scan: dict[str, Any]) -> None:
    queued = sync_scan["queued"]
    assert queued["status"] == "queued"
    assert queued["pct"] == 0
    assert queued["scan_id"].startswith("scn_") and len(queued["scan_id"]) == 28


def test_sync_wait_reports_progress_and_returns_the_complete_read(sync_scan: dict[str, Any]) -> None:
    read = sync_scan["read"]
    assert (read["scan_id"], read["status"]) == (sync_scan["queued"]["scan_id"], "complete")
    assert read["duration_sec"] == pytest.approx(20, abs=0.1)
    assert [entry["second"] for entry in read["timeline"]] == list(range(len(read["timeline"])))
    assert 0 <= read["score"] <= 100
    check_progress(sync_scan["progress"])
    assert sync_scan["progress"][-1] == read
    # One scan shape: title and creation time in every state, the stage in flight, pct 100 once complete.
    assert (read["pct"], read["title"]) == (100, "Python SDK, sync") and read["created_at"].startswith("20")
    for view in sync_scan["progress"][:-1]:
        assert view["stage"] in ("queued", "ingest", "probe", "decode", "assembly")
        assert (view["title"], view["created_at"]) == (read["title"], read["created_at"])


def test_sync_get_answers_the_same_read(client: Holdline, sync_scan: dict[str, Any]) -> None:
    assert client.scans.get(sync_scan["read"]["scan_id"]) == sync_scan["read"]


def test_sync_list_pages_through_every_scan_of_the_account(stack: Stack, client: Holdline, sync_scan: dict[str, Any]) -> None:
    pages = list(client.scans.list(limit=1).pages())
    total = pages[0]["total"]
    rows = [row for page in pages for row in page["data"]]
    assert len(pages) == total and len(rows) == total
    assert [row["scan_id"] for row in client.scans.list(limit=1)] == [row["scan_id"] for row in rows]
    [row] = [row for row in rows if row["scan_id"] == sync_scan["read"]["scan_id"]]
    read = sync_scan["read"]
    assert (row["status"], row["title"], row["score"], row["grade"]) == ("complete", "Python SDK, sync", read["score"], read["grade"])
    record(stack, "sync_list", [row["scan_id"] for row in rows])


def test_sync_export_is_the_file_the_service_names(stack: Stack, client: Holdline, sync_scan: dict[str, Any]) -> None:
    scan_id = sync_scan["read"]["scan_id"]
    export = client.scans.export(scan_id, "vtt")
    assert export.filename == f"{scan_id}.vtt"
    assert export.content_type.startswith("text/vtt")
    assert export.text.startswith("WEBVTT")
    record(stack, "sync_export_vtt", export.text)


def test_sync_account_retention_round_trips_and_the_archive_holds_the_read(stack: Stack, client: Holdline, sync_scan: dict[str, Any], tmp_path: Path) -> None:
    default = {"media_retention_days": None, "include_published": False, "operator_default_days": None, "effective_days": None}
    assert client.account.retention() == default
    assert client.account.set_retention(media_retention_days=0)["media_retention_days"] == 0
    assert client.account.set_retention(media_retention_days=30, include_published=True) == {**default, "media_retention_days": 30, "include_published": True, "effective_days": 30}
    with pytest.raises(BadRequestError) as caught:
        client.account.set_retention(media_retention_days=3651)
    assert caught.value.detail == "body/media_retention_days must be <= 3650"
    assert client.account.set_retention(media_retention_days=None) == default

    scan_id = sync_scan["read"]["scan_id"]
    archive = client.account.export(tmp_path)
    assert archive.path is not None and archive.path.parent == tmp_path and archive.filename.endswith(".tar")
    assert archive.size == archive.path.stat().st_size
    with tarfile.open(archive.path) as tar:
        names = tar.getnames()
        assert names[-1] == "manifest.json"
        member = tar.extractfile(f"{scan_id}/scan.json")
        assert member is not None
        assert json.loads(member.read()) == client.scans.get(scan_id)
    assert sorted(p.name for p in tmp_path.iterdir()) == [archive.filename]


def test_sync_unknown_scan_is_not_found_error(client: Holdline) -> None:
    with pytest.raises(NotFoundError) as caught:
        client.scans.get(NO_SUCH_SCAN)
    assert (caught.value.status, caught.value.detail, caught.value.retry_after) == (404, f"no scan {NO_SUCH_SCAN}", None)
    assert caught.value.request_id is not None and caught.value.request_id.startswith("req_")


def test_sync_unknown_export_format_is_bad_request_error(client: Holdline, sync_scan: dict[str, Any]) -> None:
    with pytest.raises(BadRequestError) as caught:
        client.scans.export(sync_scan["read"]["scan_id"], "mp3")  # type: ignore[arg-type]
    assert caught.value.status == 400
    assert 'unknown export format "mp3"' in caught.value.detail


def test_sync_wrong_key_is_authentication_error(stack: Stack) -> None:
    with Holdline("sk_sig_wrong", base_url=stack.base_url) as client:
        with pytest.raises(AuthenticationError) as caught:
            client.scans.get(NO_SUCH_SCAN)
    assert caught.value.status == 401


@pytest.mark.anyio
async def test_async_scans_waits_lists_and_raises_alike(stack: Stack) -> None:
    async with AsyncHoldline(stack.api_key, base_url=stack.base_url) as client:
        queued = await client.scans.create(file=str(stack.sample), title="Python SDK, async", idempotency_key="python-sdk-async")
        again = await client.scans.create(file=str(stack.sample), title="Python SDK, async", idempotency_key="python-sdk-async")
        assert again == queued

        progress: list[dict[str, Any]] = []

        async def on_progress(view: Any) -> None:
            progress.append(dict(view))

        read = await client.scans.wait(queued["scan_id"], on_progress=on_progress, timeout=WAIT_SECONDS)
        assert (read["scan_id"], read["status"]) == (queued["scan_id"], "complete")
        check_progress(progress)
        assert await client.scans.get(queued["scan_id"]) == read

        rows = [row async for row in client.scans.list(limit=1)]
        assert queued["scan_id"] in [row["scan_id"] for row in rows]

        with pytest.raises(NotFoundError) as caught:
            await client.scans.get(NO_SUCH_SCAN)
        assert (caught.value.status, caught.value.detail) == (404, f"no scan {NO_SUCH_SCAN}")
        record(stack, "async", {"queued": dict(queued), "progress": progress, "read": dict(read), "list": [row["scan_id"] for row in rows]})


def test_sync_delete_leaves_a_scan_that_reads_as_not_found(stack: Stack, client: Holdline) -> None:
    queued = client.scans.create(file=stack.sample, title="Python SDK, deleted")
    deleted = client.scans.delete(queued["scan_id"])
    assert deleted["scan_id"] == queued["scan_id"]
    # 204 (deleted) once nothing is left; 202 (deleting) while an in-flight scan's parts go. Either way it is gone.
    assert deleted["status"] in ("deleted", "deleting")
    with pytest.raises(NotFoundError):
        client.scans.get(queued["scan_id"])
    with pytest.raises(NotFoundError):
        client.scans.wait(queued["scan_id"], timeout=WAIT_SECONDS)
    record(stack, "deleted", queued["scan_id"])
