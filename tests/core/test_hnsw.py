"""The vector index's search width: the index is asked for more answers than are kept, and
never for fewer."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from elfgraph.core.hnsw import INDEX_BEAM, beam


def test_half_as_many_again() -> None:
    assert beam(26) == 39
    assert beam(10) == 15
    assert beam(1) == 2


@given(st.integers(0, 100_000))
def test_the_beam_never_asks_for_fewer_than_kept(kept: int) -> None:
    assert kept <= beam(kept) <= kept * INDEX_BEAM + 1
