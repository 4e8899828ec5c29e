"""Measures the ear as the service uses it: start-to-healthy, first-request latency,
word error rate on real recorded speech (clean and under music), the realtime
factor on a minute-long chunk (wall and CPU seconds per audio second), words heard in music alone, and peak RSS.

    .tools/ear/venv/bin/python -m ear.measure [--model whisper-base] [--beam 1]

Starts its own server on a free loopback port; prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import numpy as np

from .tests.sounds import (
    beat,
    librivox,
    melody,
    normalised_words,
    samples_of,
    silence,
    under_bed,
    wav_bytes,
    word_errors,
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM")


def cpu_sec(pid: int) -> float:
    """The process's user + system CPU time: on a shared machine wall time mostly measures the neighbours."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="whisper-base")
    parser.add_argument("--beam", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    port = free_port()
    # Its own ear asks for a key of its own, as the stack's does.
    api_key = f"sk-ear-{secrets.token_urlsafe(18)}"
    env = {
        **os.environ,
        "HOLDLINE_EAR_API_KEY": api_key,
        "HOLDLINE_EAR_PORT": str(port),
        "HOLDLINE_EAR_MODELS": args.model,
        "HOLDLINE_EAR_BEAM_SIZE": str(args.beam),
        "HOLDLINE_EAR_THREADS": str(args.threads),
        "HOLDLINE_EAR_WORKERS": str(args.workers),
    }
    url = f"http://127.0.0.1:{port}"
    started = time.monotonic()
    server = subprocess.Popen([sys.executable, "-m", "ear"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with httpx.Client(base_url=url, timeout=300, headers={"authorization": f"Bearer {api_key}"}) as client:
            while True:
                try:
                    if client.get("/health").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if server.poll() is not None:
                    raise SystemExit(f"the ear exited with {server.returncode}")
                time.sleep(0.1)
            healthy_sec = time.monotonic() - started

            def hear(wav: bytes) -> tuple[list[str], float]:
                t0 = time.monotonic()
                r = client.post(
                    "/v1/audio/transcriptions",
                    files={"file": ("a.wav", wav, "audio/wav")},
                    data={"model": args.model, "response_format": "verbose_json", "timestamp_granularities[]": "word"},
                )
                r.raise_for_status()
                return [w["word"] for w in r.json()["words"]], time.monotonic() - t0

            sentences = librivox()
            _, first_request_sec = hear(sentences[1].wav)
            result: dict[str, object] = {
                "model": args.model,
                "beam": args.beam,
                "threads": args.threads,
                "workers": args.workers,
                "start_to_healthy_sec": round(healthy_sec, 2),
                "first_request_sec": round(first_request_sec, 2),
            }
            beds = {"clean": None, "melody_-10dB": melody(8.0), "beat_-10dB": beat(8.0)}
            for label, bed in beds.items():
                errors = total = 0
                for s in sentences:
                    audio = samples_of(s.wav)
                    wav = s.wav if bed is None else wav_bytes(under_bed(audio, bed, 10.0))
                    heard, _ = hear(wav)
                    errors += word_errors(s.words, normalised_words(" ".join(heard)))
                    total += len(s.words)
                result[f"wer_{label}"] = round(errors / total, 4)
            gap = silence(1.0)
            minute = np.concatenate([part for s in sentences * 2 for part in (samples_of(s.wav), gap)])
            cpu_before = cpu_sec(server.pid)
            _, took = hear(wav_bytes(minute))
            result["rtf_minute_chunk"] = round(took / (minute.shape[0] / 16000), 3)
            result["cpu_rtf_minute_chunk"] = round((cpu_sec(server.pid) - cpu_before) / (minute.shape[0] / 16000), 3)
            result["load_average_1min"] = os.getloadavg()[0]
            result["minute_chunk_sec"] = round(minute.shape[0] / 16000, 1)
            music_words, _ = hear(wav_bytes(np.concatenate([melody(30.0), beat(30.0)])))
            result["words_in_60s_music"] = len(music_words)
            result["peak_rss_mb"] = round(peak_rss_mb(server.pid), 1)
            print(json.dumps(result))
    finally:
        server.terminate()
        server.wait(timeout=60)


if __name__ == "__main__":
    main()
