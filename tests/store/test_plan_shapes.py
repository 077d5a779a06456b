"""Parameters padded into one of the server's plan-cache shapes (elfgraph/store/plan_shapes.py):
the values come back first, in order; what follows is padding the queries skip; every size a
recall sends lands in the one bucket, with the one element type."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from elfgraph.store.plan_shapes import PLAN_SIZE, padded_list, padded_text


def bucket(size: int) -> int:
    """Neo4j's size bucket of a string or list parameter (measured: docs/DECISIONS.md)."""
    return 0 if size == 0 else 10 ** math.ceil(math.log10(size))


@given(st.lists(st.text(max_size=5), max_size=999))
def test_a_padded_list_keeps_its_values_and_lands_in_one_bucket(values: list[str]) -> None:
    padded = padded_list(values)
    assert padded[: len(values)] == values
    assert all(item is None for item in padded[len(values) :])
    assert None in padded  # strings alone would be another element type, another plan
    assert bucket(len(padded)) == bucket(PLAN_SIZE) == 1_000


def test_no_list_is_an_empty_one() -> None:
    assert padded_list(None) == padded_list([]) == [None] * PLAN_SIZE


@given(st.one_of(st.none(), st.text(max_size=999).map(str.rstrip)))
def test_a_padded_text_is_the_text_then_blanks(text: str | None) -> None:
    padded = padded_text(text)
    assert padded.rstrip() == (text or "")
    assert bucket(len(padded)) == 1_000
