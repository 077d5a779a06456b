"""The text a block is embedded from (docs/BEHAVIOUR.md §4.8): its content, then context."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from elfgraph.consolidation.context_text import MAX_CONTEXT_CHARS, embedding_text
from elfgraph.core.text import normalised_text


def test_without_context_it_is_the_normalised_content() -> None:
    assert embedding_text("  Caroline: I went to the LGBTQ support group. ") == (
        "caroline: i went to the lgbtq support group."
    )


def test_the_content_comes_first_then_the_predecessors_nearest_first() -> None:
    text = embedding_text("Sure, let's do it!", ["Want to go hiking Sunday?", "Hi Mel!"])
    assert text.splitlines() == ["sure, let's do it!", "want to go hiking sunday?", "hi mel!"]


def test_empty_context_texts_add_nothing() -> None:
    assert embedding_text("Yes.", ["", "   "]) == "yes."


def test_a_long_predecessor_is_cut_at_a_word_boundary() -> None:
    long = " ".join(["word"] * 200)
    context = embedding_text("Ok.", [long]).splitlines()[1]
    assert len(context) <= MAX_CONTEXT_CHARS
    assert long.startswith(context)
    assert context.endswith("word")


@given(st.text(max_size=80), st.lists(st.text(max_size=400), max_size=3))
def test_the_own_text_is_always_whole_and_first(content: str, context: list[str]) -> None:
    text = embedding_text(content, context)
    assert text.startswith(normalised_text(content))
    assert len(text) <= len(normalised_text(content)) + len(context) * (MAX_CONTEXT_CHARS + 1)
