"""The pure part of a forget (elfgraph/forgetting/plan.py) and what its results say, without
a database."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from elfgraph.forgetting.models import Cause, CorrectResult, ForgetResult, ForgottenBlock
from elfgraph.forgetting.plan import Doomed, embedded_text, needles, own_summary


@given(
    groups=st.lists(st.integers(1, 30), min_size=1, max_size=40),
    size=st.integers(1, 60),
)
def test_batches_keep_each_named_block_with_what_goes_with_it(groups: list[int], size: int) -> None:
    doomed = Doomed()
    for g, members in enumerate(groups):
        for m in range(members):
            cause: Cause = "named" if m == 0 else "near_duplicate"
            doomed.add(f"{g}-{m}", "archived", f"text {g} {m}", cause, f"{g}-0")
    batches = doomed.batches(size)
    assert [i for batch in batches for i in batch] == doomed.ids  # each once, in order
    where = {i: n for n, batch in enumerate(batches) for i in batch}
    for block_id, group in doomed.group.items():
        assert where[block_id] == where[group]
    for batch in batches:  # a batch passes `size` only when one group alone does
        assert len(batch) <= size or len({doomed.group[i] for i in batch}) == 1


def test_a_block_is_added_once() -> None:
    doomed = Doomed()
    assert doomed.add("a", "active", "x", "named", "a")
    assert not doomed.add("a", "inbox", "x", "inbox_copy", "b")
    assert doomed.blocks["a"].cause == "named"


def test_the_summary_without_absorbed_texts_and_the_text_a_vector_was_made_from() -> None:
    absorbed = ["said again", "said once more"]
    assert own_summary("Fact.\nsaid again\nsaid once more", absorbed) == "Fact."
    assert own_summary("An import's summary", absorbed) == "An import's summary"
    assert own_summary(None, absorbed) is None
    # No LLM: the summary is the content and the content was embedded.
    assert embedded_text("  Fact. ", "  Fact. \nsaid again\nsaid once more", absorbed) == "fact."
    # An LLM's own summary was embedded instead.
    assert embedded_text("Fact.", "A shorter fact.\nsaid again\nsaid once more", absorbed) == (
        "a shorter fact."
    )


def test_needles_are_the_ids_and_the_start_of_each_text() -> None:
    found = needles(["The staging root password is hunter2, do not share"], ["abcdef0123456789"])
    assert "abcdef0123456789" in found
    assert "The staging root password is hunter2, do" in found
    assert needles(["ok"], []) == []  # too short to mark anything


def test_a_forget_says_what_went_without_texts_and_a_preview_names_the_blocks() -> None:
    blocks = [
        ForgottenBlock(id="a" * 16, status="active", cause="named"),
        ForgottenBlock(id="b" * 16, status="archived", cause="near_duplicate"),
    ]
    done = ForgetResult(
        blocks=blocks, active=1, archived=1, near_duplicates=1, edges_removed=3, receipt="r1"
    )
    assert done.summary.startswith("Forgot 2 block(s) (1 active, 1 archived).")
    assert "a" * 16 not in done.summary
    assert "3 edge(s)" in done.summary
    assert done.to_dict()["block_ids"] == ["a" * 16, "b" * 16]
    preview = done.model_copy(update={"dry_run": True})
    assert "a" * 16 in preview.summary
    assert "Nothing changed" in preview.summary
    assert ForgetResult().summary.startswith("Nothing to forget")
    fixed = CorrectResult(old_id="o", new_id="n", old_status="active", confidence=0.7)
    assert "o → n" in fixed.summary
