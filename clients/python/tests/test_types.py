"""The package is typed as shipped: mypy --strict accepts a customer's usage of it and catches misuse.

mypy finds `holdline` where Python does (the work tree's src/, or the installed wheel in the
integration test), and only treats it as typed when its py.typed marker is there.
"""

from __future__ import annotations

import re
from pathlib import Path

from mypy import api

USAGE = """\
from holdline import AsyncHoldline, Holdline, NotFoundError, ScanFailedError
from holdline.types import CompleteScan, HistoryRow

client = Holdline("sk_sig_x", base_url="http://localhost:8080")
queued = client.scans.create(file="talk.mp4", title="Talk", idempotency_key="k")
scan_id: str = queued["scan_id"]
read: CompleteScan = client.scans.wait(scan_id, on_progress=lambda view: None, timeout=600)
score: int = read["score"]
cuts: list[float] = read["cuts"]
media: str | None = read["media_url"]
width: int | None = read.get("width")
causes = [cause for dip in read.get("dips", []) for cause in dip["causes"]]
rows: list[HistoryRow] = list(client.scans.list(limit=10))
titles: list[str | None] = [row["title"] for row in rows]
scan = client.scans.get(scan_id)
if scan["status"] == "complete":
    grade: str = scan["grade"]
elif scan["status"] == "error":
    detail: str = scan["detail"]
try:
    client.scans.export(scan_id, "srt").save(".")
except NotFoundError as error:
    status: int = error.status
    wait: float | None = error.retry_after
except ScanFailedError as failed:
    why: str = failed.detail


async def main() -> None:
    async with AsyncHoldline("sk_sig_x") as aclient:
        read: CompleteScan = await aclient.scans.wait("scn_1")
        ids = [row["scan_id"] async for row in aclient.scans.list()]
"""

# One mistake a line, each on the line named beside it.
MISUSE = {
    5: "client.scans.create(file=42)",
    6: 'client.scans.wait("scn_1")["grde"]',
    7: 'client.scans.export("scn_1", "mp3")',
    8: 'client.scans.get("scn_1")["grade"]',
    9: 'client.scans.list(limit="10")',
}


def mypy(source: str, tmp_path: Path) -> tuple[int, str]:
    module = tmp_path / "usage.py"
    module.write_text(source)
    out, err, code = api.run(["--strict", "--python-version", "3.10", "--no-incremental", "--cache-dir", "/dev/null", str(module)])
    return code, out + err


def test_a_customers_usage_type_checks_strictly(tmp_path: Path) -> None:
    code, report = mypy(USAGE, tmp_path)
    assert code == 0, report


def test_misuse_is_caught_line_by_line(tmp_path: Path) -> None:
    lines = ["from holdline import Holdline", "", 'client = Holdline("sk_sig_x")', ""]
    lines += [MISUSE[n] for n in sorted(MISUSE)]
    code, report = mypy("\n".join(lines) + "\n", tmp_path)
    assert code == 1, report
    flagged = sorted({int(n) for n in re.findall(r"usage\.py:(\d+): error", report)})
    assert flagged == sorted(MISUSE), report
