"""Contradiction suppression (retrieval.ranking.suppress_contradictions): of two blocks
joined by a contradicts edge, the less confident goes (tie: the less recent; then the
larger id), a guaranteed block never goes, and the rest keep their order."""

from __future__ import annotations

from itertools import permutations

from hypothesis import given
from hypothesis import strategies as st

from elfgraph.retrieval.models import ScoredBlock
from elfgraph.retrieval.ranking import suppress_contradictions
from tests.support.blocks import scored


def ids(blocks: list[ScoredBlock]) -> list[str]:
    return [b.id for b in blocks]


def test_the_less_confident_of_two_is_dropped_whatever_the_order() -> None:
    strong, weak = scored("s", confidence=0.9), scored("w", confidence=0.4)
    for ordered in ([strong, weak], [weak, strong]):
        for pair in (("s", "w"), ("w", "s")):
            kept = suppress_contradictions(ordered, [pair], set())
            assert ids(kept) == ["s"]


def test_confidence_decides_before_recency() -> None:
    sure_but_old = scored("a", confidence=0.6, recency=0.1)
    fresh_but_unsure = scored("b", confidence=0.5, recency=0.99)
    kept = suppress_contradictions([fresh_but_unsure, sure_but_old], [("a", "b")], set())
    assert ids(kept) == ["a"]


def test_at_equal_confidence_the_less_recent_is_dropped() -> None:
    old, new = scored("a", recency=0.2), scored("b", recency=0.8)
    assert ids(suppress_contradictions([old, new], [("a", "b")], set())) == ["b"]
    assert ids(suppress_contradictions([new, old], [("b", "a")], set())) == ["b"]


def test_a_full_tie_drops_the_larger_id() -> None:
    first, second = scored("k1"), scored("k2")
    for ordered in ([first, second], [second, first]):
        for pair in (("k1", "k2"), ("k2", "k1")):
            assert ids(suppress_contradictions(ordered, [pair], set())) == ["k1"]


def test_a_guaranteed_block_is_never_dropped() -> None:
    goal = scored("goal", confidence=0.1, recency=0.1)
    rival = scored("rival", confidence=0.99, recency=0.99)
    assert ids(suppress_contradictions([goal, rival], [("goal", "rival")], {"goal"})) == ["goal"]
    assert ids(suppress_contradictions([rival, goal], [("rival", "goal")], {"goal"})) == ["goal"]
    both = suppress_contradictions([goal, rival], [("goal", "rival")], {"goal", "rival"})
    assert ids(both) == ["goal", "rival"]


def test_the_survivors_keep_their_order() -> None:
    ordered = [scored(i, confidence=c) for i, c in (("d", 0.5), ("c", 0.9), ("b", 0.1), ("a", 0.7))]
    kept = suppress_contradictions(ordered, [("c", "b")], set())
    assert ids(kept) == ["d", "c", "a"]
    assert suppress_contradictions(ordered, [], set()) == ordered


def test_pairs_naming_absent_blocks_change_nothing() -> None:
    ordered = [scored("a", confidence=0.1), scored("b", confidence=0.2)]
    pairs = [("a", "gone"), ("gone", "b"), ("x", "y")]
    assert suppress_contradictions(ordered, pairs, {"gone"}) == ordered


def test_in_a_chain_a_block_whose_only_rival_went_stays() -> None:
    a, b, c = scored("a", confidence=0.9), scored("b", confidence=0.5), scored("c", confidence=0.2)
    kept = suppress_contradictions([a, b, c], [("a", "b"), ("b", "c")], set())
    assert ids(kept) == ["a", "c"]


def test_a_triangle_keeps_only_its_strongest_block_in_any_pair_order() -> None:
    blocks = [scored("a", confidence=0.9), scored("b", confidence=0.5), scored("c", confidence=0.2)]
    for pairs in permutations([("a", "b"), ("b", "c"), ("a", "c")]):
        assert ids(suppress_contradictions(blocks, list(pairs), set())) == ["a"]


def test_the_survivors_do_not_depend_on_the_order_of_the_pairs() -> None:
    a, b, c = scored("a", confidence=0.9), scored("b", confidence=0.5), scored("c", confidence=0.2)
    strongest_first = suppress_contradictions([a, b, c], [("a", "b"), ("b", "c")], set())
    weakest_first = suppress_contradictions([a, b, c], [("b", "c"), ("a", "b")], set())
    assert ids(weakest_first) == ids(strongest_first) == ["a", "c"]


# ---- properties over any blocks, pairs and guarantees -----------------------------------

LEVELS = st.sampled_from([0.2, 0.5, 0.8])  # few values: ties are common


@st.composite
def cases(
    draw: st.DrawFn,
) -> tuple[list[ScoredBlock], list[tuple[str, str]], set[str]]:
    names = draw(st.lists(st.sampled_from("abcdefgh"), unique=True, max_size=8))
    ordered = [scored(n, confidence=draw(LEVELS), recency=draw(LEVELS)) for n in names]
    known = [*names, "absent"]
    pairs = draw(
        st.lists(
            st.tuples(st.sampled_from(known), st.sampled_from(known)).filter(
                lambda p: p[0] != p[1]
            ),
            max_size=12,
        )
    )
    protected = set(draw(st.lists(st.sampled_from(known), max_size=3)))
    return ordered, pairs, protected


def beats(winner: ScoredBlock, loser: ScoredBlock, protected: set[str]) -> bool:
    """Whether `winner` may cost `loser` its place: the rule of the docstring."""
    if loser.id in protected:
        return False
    if winner.id in protected:
        return True
    mine, theirs = (winner.confidence, winner.recency), (loser.confidence, loser.recency)
    return mine > theirs or (mine == theirs and winner.id < loser.id)


@given(cases())
def test_survivors_are_in_order_and_include_every_guaranteed_block(
    case: tuple[list[ScoredBlock], list[tuple[str, str]], set[str]],
) -> None:
    ordered, pairs, protected = case
    kept = suppress_contradictions(ordered, pairs, protected)
    kept_ids = set(ids(kept))
    assert kept == [b for b in ordered if b.id in kept_ids]
    assert {b.id for b in ordered if b.id in protected} <= kept_ids


@given(cases())
def test_no_contradicting_pair_survives_unless_both_are_guaranteed(
    case: tuple[list[ScoredBlock], list[tuple[str, str]], set[str]],
) -> None:
    ordered, pairs, protected = case
    kept_ids = set(ids(suppress_contradictions(ordered, pairs, protected)))
    for a, b in pairs:
        if a in kept_ids and b in kept_ids:
            assert {a, b} <= protected


@given(cases())
def test_every_dropped_block_lost_to_a_rival_it_contradicts(
    case: tuple[list[ScoredBlock], list[tuple[str, str]], set[str]],
) -> None:
    ordered, pairs, protected = case
    by_id = {b.id: b for b in ordered}
    kept_ids = set(ids(suppress_contradictions(ordered, pairs, protected)))
    for dropped in set(by_id) - kept_ids:
        rivals = [a if b == dropped else b for a, b in pairs if dropped in (a, b)]
        assert any(r in by_id and beats(by_id[r], by_id[dropped], protected) for r in rivals), (
            dropped
        )
