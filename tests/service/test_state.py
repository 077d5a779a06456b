"""ProcessState: the frame cache stays bounded and honours the one invalidation rule."""

from __future__ import annotations

from elfgraph.retrieval.models import FrameResult
from elfgraph.state import FRAME_CACHE_SIZE, ProcessState


def frame(text: str) -> FrameResult:
    return FrameResult(text=text, blocks=[], frame_name="attention")


def test_the_frame_cache_keeps_the_latest_frames_only() -> None:
    state = ProcessState()
    for n in range(FRAME_CACHE_SIZE + 10):
        state.keep_frame(("attention", f"question {n}", 5, False), frame(f"q{n}"), until=10.0)
    assert state.cached_frame(("attention", "question 0", 5, False), now=1.0) is None
    latest = state.cached_frame(("attention", f"question {FRAME_CACHE_SIZE + 9}", 5, False), 1.0)
    assert latest is not None
    assert latest.cached
    kept = [
        n
        for n in range(FRAME_CACHE_SIZE + 10)
        if state.cached_frame(("attention", f"question {n}", 5, False), 1.0) is not None
    ]
    assert kept == list(range(10, FRAME_CACHE_SIZE + 10))


def test_a_write_clears_the_frames_and_an_expired_frame_is_not_served() -> None:
    state = ProcessState()
    key = ("self", None, 5, False)
    state.keep_frame(key, frame("me"), until=2.0)
    assert state.cached_frame(key, now=2.0) is None  # expired at its hour
    assert state.cached_frame(key, now=1.0) is not None
    state.memory_changed()
    assert state.cached_frame(key, now=1.0) is None
