"""The cache of recent answers, on its own (the session's ear runs without one)."""

from __future__ import annotations

from ..answers import AnswerCache, answer_key
from ..engine import Segment, TranscribeOptions, Transcript


def transcript(text: str) -> Transcript:
    segment = Segment(0, 0, 0.0, 1.0, text, (1, 2), 0.0, -0.1, 1.0, 0.0, None)
    return Transcript(language="en", duration=1.0, segments=(segment,), decoded=True)


OPTIONS = TranscribeOptions(language=None, word_timestamps=True, temperature=0.0)


def test_the_same_model_audio_and_options_are_one_request_and_anything_else_another() -> None:
    key = answer_key("whisper-base", b"RIFF audio", OPTIONS)
    assert key == answer_key("whisper-base", b"RIFF audio", TranscribeOptions(language=None, word_timestamps=True, temperature=0.0))
    others = [
        answer_key("whisper-tiny.en", b"RIFF audio", OPTIONS),
        answer_key("whisper-base", b"RIFF audio!", OPTIONS),
        answer_key("whisper-base", b"RIFF audio", TranscribeOptions(language="en", word_timestamps=True, temperature=0.0)),
        answer_key("whisper-base", b"RIFF audio", TranscribeOptions(language=None, word_timestamps=False, temperature=0.0)),
        answer_key("whisper-base", b"RIFF audio", TranscribeOptions(language=None, word_timestamps=True, temperature=0.2)),
    ]
    assert all(other != key for other in others)
    assert len(set(others)) == len(others)


def test_keeps_the_most_recently_used_answers_up_to_its_size() -> None:
    cache = AnswerCache(2)
    a, b, c = (answer_key("whisper-base", audio, OPTIONS) for audio in (b"a", b"b", b"c"))
    cache.put(a, transcript("one"))
    cache.put(b, transcript("two"))
    # Reading a makes b the oldest, so c pushes b out.
    assert cache.get(a) == transcript("one")
    cache.put(c, transcript("three"))
    assert (cache.get(a), cache.get(b), cache.get(c)) == (transcript("one"), None, transcript("three"))
    assert len(cache) == 2


def test_a_size_of_zero_keeps_nothing() -> None:
    cache = AnswerCache(0)
    key = answer_key("whisper-base", b"a", OPTIONS)
    cache.put(key, transcript("one"))
    assert (cache.get(key), len(cache)) == (None, 0)
