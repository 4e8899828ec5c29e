"""Test sounds made from known ingredients: real recorded speech with its text, synthetic voices, music without a voice."""

from __future__ import annotations

import io
import re
import subprocess
import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np

RATE = 16000
LIBRIVOX = Path("/usr/share/pocketsphinx/test/data/librivox")


@dataclass(frozen=True)
class Spoken:
    name: str
    wav: bytes
    # The words the recording says, as its transcription gives them.
    words: list[str]


def wav_bytes(samples: np.ndarray) -> bytes:
    """16 kHz mono s16 WAV, what the service sends."""
    pcm = np.clip(samples, -1.0, 1.0)
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes((pcm * 32767).astype("<i2").tobytes())
    return out.getvalue()


def samples_of(wav: bytes) -> np.ndarray:
    with wave.open(io.BytesIO(wav)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, RATE)
        return np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float32) / 32768.0


def librivox() -> list[Spoken]:
    """The five LibriVox sentences of Debian's pocketsphinx-testdata (Sense and Sensibility, chapter 1)."""
    spoken = []
    for line in (LIBRIVOX / "transcription").read_text().splitlines():
        match = re.fullmatch(r"<s> (.*) </s> \((.*)\)", line.strip())
        assert match, line
        text, name = match.groups()
        spoken.append(Spoken(name, (LIBRIVOX / f"{name}.wav").read_bytes(), text.split()))
    return spoken


def espeak(text: str, voice: str = "en-us") -> bytes:
    """espeak-ng's voice saying `text`, resampled to 16 kHz mono s16."""
    spoken = subprocess.run(["espeak-ng", "-v", voice, "-s", "150", "--stdout", text], check=True, capture_output=True).stdout
    return subprocess.run(
        ["ffmpeg", "-v", "error", "-i", "pipe:0", "-ar", str(RATE), "-ac", "1", "-c:a", "pcm_s16le", "-f", "wav", "pipe:1"],
        input=spoken,
        check=True,
        capture_output=True,
    ).stdout


def _time(seconds: float) -> np.ndarray:
    return np.arange(int(seconds * RATE), dtype=np.float32) / RATE


def silence(seconds: float) -> np.ndarray:
    return np.zeros(int(seconds * RATE), dtype=np.float32)


def tone(seconds: float, hz: float = 440.0) -> np.ndarray:
    return 0.3 * np.sin(2 * np.pi * hz * _time(seconds))


def hum(seconds: float) -> np.ndarray:
    """Mains hum: 50 Hz and its harmonics."""
    t = _time(seconds)
    harmonics = np.stack([np.sin(2 * np.pi * 50 * k * t) / k for k in (1, 2, 3, 4)])
    return (0.2 * harmonics.sum(axis=0)).astype(np.float32)


def melody(seconds: float) -> np.ndarray:
    """A stepped melody gated at 2 Hz (a note each 0.5 s, sounding for 0.25 s), harmonics for timbre."""
    t = _time(seconds)
    steps = [0, 4, 7, 12, 7, 4, 2, 5]
    note = np.floor(t * 2).astype(int) % len(steps)
    hz = 220.0 * 2 ** (np.take(steps, note) / 12)
    phase = 2 * np.pi * np.cumsum(hz) / RATE
    voice = np.stack([np.sin(k * phase) / k for k in (1, 2, 3)]).sum(axis=0)
    gate = (np.mod(t, 0.5) < 0.25).astype(np.float32)
    return (0.25 * voice * gate).astype(np.float32)


def beat(seconds: float, seed: int = 7) -> np.ndarray:
    """A drum beat at 120 bpm: a decaying 60 Hz kick on each beat, a noise snare on the off-beats."""
    t = _time(seconds)
    rng = np.random.default_rng(seed)
    kick = np.sin(2 * np.pi * 60 * t) * np.exp(-25 * np.mod(t, 0.5))
    snare = rng.uniform(-1, 1, t.shape[0]) * np.exp(-40 * np.mod(t - 0.25, 0.5)) * (np.mod(t, 0.5) >= 0.25)
    return (0.5 * kick + 0.3 * snare).astype(np.float32)


def rms(x: np.ndarray) -> float:
    return float(np.sqrt(np.mean(np.square(x, dtype=np.float64))))


def under_bed(speech: np.ndarray, bed: np.ndarray, db_below: float) -> np.ndarray:
    """`speech` with `bed` (looped or cut to its length) mixed in `db_below` dB under the speech's RMS."""
    reps = int(np.ceil(speech.shape[0] / bed.shape[0]))
    bed = np.tile(bed, reps)[: speech.shape[0]]
    return speech + bed * (rms(speech) / rms(bed) * 10 ** (-db_below / 20))


def normalised_words(text: str) -> list[str]:
    """Lower case, hyphens and punctuation gone, `Mr.` spelt as the transcription spells it."""
    text = text.lower().replace("-", " ")
    text = re.sub(r"\bmr\b\.?", "mister", text)
    return re.sub(r"[^a-z0-9' ]+", " ", text).split()


def word_errors(reference: list[str], hypothesis: list[str]) -> int:
    """Levenshtein distance over words: substitutions + deletions + insertions."""
    row = list(range(len(hypothesis) + 1))
    for i, ref in enumerate(reference, 1):
        previous, row = row, [i] + [0] * len(hypothesis)
        for j, hyp in enumerate(hypothesis, 1):
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (ref != hyp))
    return row[-1]
