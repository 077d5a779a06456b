"""The index share (retrieval.index_share.IndexShare): how much of the shared vector index a
space holds, learned from the index's answers; the over-fetch grows as the share shrinks,
up to MAX_FETCH, and the share stays in [1e-4, 1]."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elfgraph.retrieval.index_share import MAX_FETCH, SCAN_BREAK_EVEN, IndexShare

FLOOR = 1e-4
shares = st.floats(FLOOR, 1.0)
ks = st.integers(1, 400)  # recall asks 4·top_k seeds, top_k ≤ 100


def test_a_whole_index_keeps_k_with_a_small_margin_and_searches_wider() -> None:
    share = IndexShare()
    assert share.share == 1.0
    assert share.keep(20) == 26  # 1.2·20 + 2
    assert share.keep(400) == 482
    assert share.fetch(20) == 39  # 1.5 × 26: the index's thin graphs (core.hnsw)
    assert share.fetch(400) == 723


def test_a_small_share_hits_the_cap() -> None:
    assert IndexShare(0.001).fetch(20) == MAX_FETCH
    assert IndexShare(FLOOR).fetch(1) == MAX_FETCH


@given(shares, shares, ks)
def test_the_fetch_grows_as_the_share_shrinks(a: float, b: float, k: int) -> None:
    small, large = sorted((a, b))
    assert IndexShare(small).fetch(k) >= IndexShare(large).fetch(k)


@given(shares, ks)
def test_the_fetch_expects_k_answers_in_the_space_unless_capped(s: float, k: int) -> None:
    share = IndexShare(s)
    fetch = share.fetch(k)
    assert k < fetch <= MAX_FETCH
    if fetch < MAX_FETCH:
        assert fetch >= share.keep(k)
        assert share.keep(k) * share.share >= 1.2 * k  # expected in the space, with margin


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_any_starting_share_is_kept_in_bounds(s: float) -> None:
    assert FLOOR <= IndexShare(s).share <= 1.0


def test_out_of_range_starting_shares_are_clamped() -> None:
    assert IndexShare(0.0).share == FLOOR
    assert IndexShare(-3.0).share == FLOOR
    assert IndexShare(7.0).share == 1.0
    assert IndexShare(0.25).share == 0.25


def test_an_answer_with_nothing_of_the_space_quarters_the_share_down_to_the_floor() -> None:
    share = IndexShare(0.5)
    fetches = [share.fetch(20)]
    share.observe(fetches[0], 0)
    assert share.share == pytest.approx(0.125)
    for _ in range(10):
        fetches.append(share.fetch(20))
        share.observe(fetches[-1], 0)
    assert share.share == FLOOR
    assert fetches == sorted(fetches)
    assert fetches[-1] == MAX_FETCH


def test_a_partial_answer_moves_the_share_halfway_to_what_it_saw() -> None:
    share = IndexShare(0.5)
    share.observe(100, 10)
    assert share.share == pytest.approx(0.3)  # (0.5 + 0.1) / 2
    share.observe(100, 90)
    assert share.share == pytest.approx(0.6)  # (0.3 + 0.9) / 2: it can grow again


def test_a_full_answer_or_no_answer_changes_nothing() -> None:
    share = IndexShare(0.2)
    share.observe(50, 50)  # every answer in the space: the share may be larger, not known
    share.observe(0, 0)
    share.observe(-5, 3)
    assert share.share == 0.2


@given(shares, st.integers(1, MAX_FETCH), st.data())
def test_one_observation_lands_between_the_old_share_and_what_it_saw(
    s: float, fetched: int, data: st.DataObject
) -> None:
    in_space = data.draw(st.integers(1, fetched))
    share = IndexShare(s)
    share.observe(fetched, in_space)
    seen = in_space / fetched
    assert min(s, seen) - 1e-12 <= share.share <= max(s, seen) + 1e-12


@given(shares, st.lists(st.tuples(st.integers(0, MAX_FETCH), st.floats(0, 1)), max_size=40))
def test_any_observations_keep_the_share_in_bounds(
    s: float, answers: list[tuple[int, float]]
) -> None:
    share = IndexShare(s)
    for fetched, part in answers:
        share.observe(fetched, math.floor(fetched * part))
        assert FLOOR <= share.share <= 1.0
        assert share.fetch(400) <= MAX_FETCH


@given(st.floats(0.01, 0.99), shares)
def test_a_steady_ratio_is_learned(ratio: float, start: float) -> None:
    share = IndexShare(start)
    for _ in range(40):
        share.observe(10_000, round(10_000 * ratio))
    assert share.share == pytest.approx(round(10_000 * ratio) / 10_000, abs=1e-6)


def answers_of_a_space_alone_in_the_index(blocks: int, k: int, recalls: int) -> IndexShare:
    """As retrieve() does it: fetch for k, then observe(answers, in_space). The index holds
    only this space's `blocks`, so it answers with min(blocks, fetch), all in the space."""
    share = IndexShare(1.0)  # what MemorySystem.open computes: active / total = 1
    for _ in range(recalls):
        answers = min(blocks, share.fetch(k))
        share.observe(answers, answers)
    return share


def test_a_space_alone_in_a_big_index_keeps_the_whole_share() -> None:
    assert answers_of_a_space_alone_in_the_index(5_000, 20, 50).share == 1.0


def test_a_space_alone_in_a_small_index_keeps_a_small_fetch() -> None:
    share = answers_of_a_space_alone_in_the_index(10, 20, 40)
    assert share.fetch(20) < 100
    for _ in range(10):  # the space grows to 5,000 blocks, still alone
        answers = min(5_000, share.fetch(20))
        share.observe(answers, answers)
    assert share.fetch(20) < 100


# ---- index or exact scan (docs/BEHAVIOUR.md §7.2) ------------------------------------------


def test_a_space_alone_in_the_index_asks_it_unless_tiny() -> None:
    assert not IndexShare(1.0, active=1_000).exact(20)  # 39 answers: the index is cheaper
    assert IndexShare(1.0, active=SCAN_BREAK_EVEN + 39).exact(20)
    assert not IndexShare(1.0, active=SCAN_BREAK_EVEN + 40).exact(20)


def test_a_small_share_of_a_big_index_is_scanned() -> None:
    # 1,000 blocks among 80,000: the index would be asked for ~1,950 answers.
    assert IndexShare(1 / 80, active=1_000).exact(20)
    # 1,000 among 2,000,000: past what the index is ever asked for.
    assert IndexShare(0.0005, active=1_000).exact(20)
    # 100,000 blocks with a tenth of the index: 242 answers beat scanning 100,000.
    assert not IndexShare(0.1, active=100_000).exact(20)


def test_an_unknown_size_asks_the_index_first() -> None:
    assert not IndexShare(1.0).exact(20)
    assert not IndexShare(FLOOR).exact(20)


@given(shares, st.integers(0, 200_000), ks)
def test_the_scan_is_chosen_exactly_when_it_costs_less_than_the_over_fetch(
    s: float, active: int, k: int
) -> None:
    share = IndexShare(s, active)
    assert share.exact(k) == (active <= SCAN_BREAK_EVEN + share.fetch(k))


@given(shares, st.integers(0, 200_000), ks)
def test_a_smaller_space_is_never_less_likely_to_be_scanned(s: float, active: int, k: int) -> None:
    if IndexShare(s, active).exact(k):
        assert IndexShare(s, active // 2).exact(k)


def test_a_scan_teaches_the_size_and_writes_keep_it_current() -> None:
    share = IndexShare(1.0)
    share.observe_scan(400)  # the index came back short; the fallback scan counted
    assert share.active == 400
    assert not share.exact(20)  # 400 > 300 + 26
    share.changed(-100)  # a curate of this process archived 100
    assert share.active == 300
    assert share.exact(20)
    share.changed(-5_000)
    assert share.active == 0
    unknown = IndexShare(1.0)
    unknown.changed(100)  # an unknown size stays unknown: the next scan says
    assert unknown.active is None


# ---- when a short index answer falls back to a scan ----------------------------------------


def test_an_unknown_size_scans_any_short_answer_to_learn_it() -> None:
    assert IndexShare(1.0).scan_below(20) == 20
    assert IndexShare(FLOOR).scan_below(80) == 80


def test_a_known_big_space_keeps_an_answer_with_half_of_k() -> None:
    # 10,000 blocks, 1 % of the index: asked for ~2,000 answers, scanning would cost more.
    share = IndexShare(0.01, active=10_000)
    assert not share.exact(20)
    assert share.scan_below(20) == 10
    assert share.scan_below(1) == 1  # one seed asked for: an empty answer still scans


@given(shares, st.integers(0, 200_000), ks)
def test_the_bar_is_at_least_one_and_at_most_k(s: float, active: int, k: int) -> None:
    share = IndexShare(s, active)
    assert 1 <= share.scan_below(k) <= k
    assert IndexShare(s).scan_below(k) == k  # unknown: the scan also tells the size
