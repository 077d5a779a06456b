"""outcome() as an agent sees it (docs/BEHAVIOUR.md §8.1), on both transports."""

from __future__ import annotations

import math

import pytest

from elfgraph.errors import ElfgraphError, OutcomeError
from elfgraph.protocol import Memory
from elfgraph.store.database import Database
from tests.support.graph import block_props, edges_of, graph, snapshot

pytestmark = pytest.mark.anyio


async def three_blocks(memory: Memory) -> list[str]:
    learned = await memory.learn_many(["apples are red", "skies are blue", "grass is green"])
    await memory.dream()  # random mock vectors: no similarity edges between them
    return [r.block_id for r in learned]


async def test_confidence_follows_the_bayesian_update_and_each_call_is_recorded(
    memory: Memory, database: Database, space: str
) -> None:
    ids = await three_blocks(memory)
    first = await memory.outcome([ids[0]], 1.0)
    assert first.blocks_updated == 1
    # (0.5·2 + 1·1) / 3
    assert first.mean_confidence_delta == pytest.approx(2 / 3 - 0.5)
    await memory.outcome([ids[0]], 1.0, weight=2.0, source="tests passed")
    stored = await block_props(database, space, ids[0])
    # (2/3 · (2 + 1) + 1 · 2) / (2 + 1 + 2)
    assert stored["confidence"] == pytest.approx((2 / 3 * 3 + 2) / 5)
    assert stored["outcome_evidence"] == 3.0
    audit = await graph(
        database,
        "MATCH (o:Outcome {space: $s}) RETURN o.signal AS s, o.weight AS w, o.source AS src "
        "ORDER BY o.at",
        s=space,
    )
    assert audit == [{"s": 1.0, "w": 1.0, "src": ""}, {"s": 1.0, "w": 2.0, "src": "tests passed"}]


async def test_a_good_signal_reinforces_and_links_every_pair(
    memory: Memory, database: Database, space: str
) -> None:
    ids = await three_blocks(memory)
    result = await memory.outcome(ids, 0.9)
    assert (result.blocks_updated, result.outcome_edges_created, result.edges_reinforced) == (
        3,
        3,
        0,
    )
    edges = await edges_of(database, space)
    assert {e["type"] for e in edges} == {"OUTCOME"}
    for edge in edges:
        assert edge["props"]["weight"] == pytest.approx(0.9 * 0.8)
        assert edge["props"]["origin"] == "outcome"
        assert edge["props"]["relation"] == "outcome"
    for block_id in ids:
        # promotion, the first dream's curate (top-N, docs/BEHAVIOUR.md §9), this outcome
        assert (await block_props(database, space, block_id))["reinforcement_count"] == 3


async def test_a_middling_signal_only_moves_confidence(
    memory: Memory, database: Database, space: str
) -> None:
    ids = await three_blocks(memory)
    result = await memory.outcome(ids, 0.4)
    assert (result.blocks_updated, result.blocks_penalized, result.outcome_edges_created) == (
        3,
        0,
        0,
    )
    # promotion and the first dream's curate; a middling signal adds nothing
    assert (await block_props(database, space, ids[0]))["reinforcement_count"] == 2


@pytest.mark.parametrize(
    ("ids", "signal", "weight", "problem"),
    [
        (["x"], math.nan, 1.0, "signal"),
        (["x"], -1.0, 1.0, "signal"),
        (["x"], 2.0, 1.0, "signal"),
        (["x"], True, 1.0, "signal"),
        (["x"], 0.5, 0.0, "weight"),
        (["x"], 0.5, -1.0, "weight"),
        (["x"], 0.5, math.inf, "weight"),
        ("x", 0.5, 1.0, "block_ids"),
        ([""], 0.5, 1.0, "block_ids"),
        ([3], 0.5, 1.0, "block_ids"),
    ],
)
async def test_bad_arguments_are_refused_and_change_nothing(
    memory: Memory,
    database: Database,
    space: str,
    ids: object,
    signal: object,
    weight: object,
    problem: str,
) -> None:
    await three_blocks(memory)
    before = await snapshot(database, space)
    with pytest.raises(OutcomeError) as caught:
        await memory.outcome(ids, signal, weight=weight)  # type: ignore[arg-type]
    assert isinstance(caught.value, ElfgraphError)
    assert not isinstance(caught.value, ValueError)
    assert problem in caught.value.message
    assert caught.value.recovery
    assert await snapshot(database, space) == before


async def test_inbox_ids_are_matched_but_only_active_blocks_change(
    memory: Memory,
) -> None:
    ids = await three_blocks(memory)
    (pending,) = await memory.learn_many(["learned after the dream"])
    result = await memory.outcome([ids[0], pending.block_id], 1.0)
    assert (result.ids_matched, result.blocks_updated) == (2, 1)
    assert result.ids_not_active == [pending.block_id]
    assert result.block_ids == [ids[0]]
    assert "not active" in result.summary
