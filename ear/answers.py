"""The ear's recent answers, kept by what was asked, so the same request is not heard twice."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Hashable

from .engine import Transcript


def answer_key(model_id: str, audio: bytes, options: Hashable) -> tuple[str, bytes, Hashable]:
    """What makes two requests the same: the model, the audio's bytes (by sha256) and the options."""
    return (model_id, hashlib.sha256(audio).digest(), options)


class AnswerCache:
    """
    The last `entries` transcripts, the least recently used dropped first; 0 keeps none.

    A worker that died mid-scan sends its chunks again when the scan is retried, a video
    submitted again (or by a test suite, many times) sends the same chunks, and Whisper's
    answer to the same bytes with the same options is the same: such a request is answered
    from here instead of costing the CPU again (a 20 s chunk of speech is about 6 CPU-s of
    whisper-base). Only the transcript is kept, never the audio: a few KB an entry.
    Used from the event loop only, so it needs no lock.
    """

    def __init__(self, entries: int) -> None:
        self.entries = entries
        self._kept: OrderedDict[Hashable, Transcript] = OrderedDict()

    def get(self, key: Hashable) -> Transcript | None:
        transcript = self._kept.get(key)
        if transcript is not None:
            self._kept.move_to_end(key)
        return transcript

    def put(self, key: Hashable, transcript: Transcript) -> None:
        if self.entries <= 0:
            return
        self._kept[key] = transcript
        self._kept.move_to_end(key)
        while len(self._kept) > self.entries:
            self._kept.popitem(last=False)

    def __len__(self) -> int:
        return len(self._kept)
