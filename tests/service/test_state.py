"""ProcessState: the frame cache and the breadcrumbs stay bounded; the one invalidation rule."""

from __future__ import annotations

from elfgraph.retrieval.models import FrameResult
from elfgraph.state import BREADCRUMBS_OUTSIDE_SESSION, FRAME_CACHE_SIZE, ProcessState


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


def test_breadcrumbs_outside_a_session_keep_the_latest_ids_only() -> None:
    state = ProcessState()
    ids = [f"b{n}" for n in range(BREADCRUMBS_OUTSIDE_SESSION + 500)]
    for start in range(0, len(ids), 100):
        state.learned(ids[start : start + 100], self_tagged=False)
    state.retrieved(["b0", ids[-1]])  # b0 comes back as the newest; the last one stays put
    kept = state.session_block_ids
    assert len(kept) == BREADCRUMBS_OUTSIDE_SESSION
    assert kept == [*ids[501:], "b0"]
    assert state.last_learned_block_id == ids[-1]


def test_breadcrumbs_inside_a_session_keep_every_id_until_the_next_session() -> None:
    state = ProcessState()
    state.session_began()
    ids = [f"b{n}" for n in range(2 * BREADCRUMBS_OUTSIDE_SESSION)]
    state.learned(ids, self_tagged=False)
    assert state.session_block_ids == ids
    state.session_ended()  # the next block touched outside the session trims them
    state.learned(["new"], self_tagged=False)
    assert state.session_block_ids == [*ids[-BREADCRUMBS_OUTSIDE_SESSION + 1 :], "new"]
    state.session_began()
    assert state.session_block_ids == []
