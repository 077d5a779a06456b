"""curate() on a real Neo4j: archiving, pruning, reinforcement, scheduling (docs/BEHAVIOUR.md §9,
with the ancestor's edge cases). Edge decay has its own file, test_curate_edges.py."""

from __future__ import annotations

import pytest

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.curate_setup import (
    active_blocks,
    link,
    pairs,
    set_blocks,
    set_clock,
    space_props,
    statuses,
)
from tests.support.graph import block_props, graph, graph_write, snapshot
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio
NO_TOP_N = ElfgraphConfig(memory=MemoryConfig(curate_reinforce_top_n=0))


async def test_blocks_archive_by_their_stored_lambda_and_permanent_ones_survive(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    names = ["permanent", "durable", "standard", "ephemeral", "penalised", "fresh"]
    memory, ids = await active_blocks(make_memory, names, config=NO_TOP_N)
    lambdas = {"permanent": 1e-5, "durable": 0.001, "standard": 0.01, "ephemeral": 0.05}
    for name, value in lambdas.items():
        await set_blocks(database, space, [ids[name]], decay_lambda=value, last_reinforced_at=0.0)
    await set_blocks(database, space, [ids["penalised"]], decay_lambda=0.02, last_reinforced_at=0.0)
    await set_blocks(database, space, [ids["fresh"]], last_reinforced_at=150.0)

    await set_clock(database, space, 150.0)  # standard exp(−1.5) = 0.22, penalised exp(−3)
    assert (await memory.curate()).archived == 2
    assert {n for n, i in ids.items() if (await statuses(database, space))[i] == "archived"} == {
        "ephemeral",
        "penalised",
    }
    await set_clock(database, space, 299.0)  # standard: exp(−2.99) = 0.0503, kept
    assert (await memory.curate()).archived == 0
    await set_clock(database, space, 300.0)  # exp(−3.00) = 0.0498 < 0.05
    assert (await memory.curate()).archived == 1
    await set_clock(database, space, 10_000.0)
    await memory.curate()
    final = await statuses(database, space)
    assert final[ids["permanent"]] == "active"  # recency exp(−0.1) = 0.90
    assert final[ids["durable"]] == "archived"  # exp(−10)
    standard = await block_props(database, space, ids["standard"])
    assert standard["archive_reason"] == "decayed"
    assert standard["archived_at"]
    assert "embedding" not in standard
    assert "sketch" not in standard


async def test_all_blocks_decayed_all_archived_with_their_labels_and_staging(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, ids = await active_blocks(make_memory, ["one", "two", "three"])
    (who,) = await memory.learn_many([{"content": "I am careful", "tags": ["self/value"]}])
    await memory.dream()
    everyone = [*ids.values(), who.block_id]
    await set_blocks(database, space, everyone, decay_lambda=0.01, last_reinforced_at=0.0)
    await graph_write(
        database,
        "CREATE (:CoRetrieval {space: $s, a: $a, b: $b, count: 1})",
        s=space,
        a=min(ids["two"], ids["three"]),
        b=max(ids["two"], ids["three"]),
    )
    await set_clock(database, space, 400.0)
    result = await memory.curate()
    assert (result.archived, result.reinforced, result.total_edges_after) == (4, 0, 0)
    assert set((await statuses(database, space)).values()) == {"archived"}
    assert await graph(database, "MATCH (b:Self {space: $s}) RETURN b", s=space) == []
    assert await graph(database, "MATCH (c:CoRetrieval {space: $s}) RETURN c", s=space) == []
    assert (await memory.status()).archived_count == 4


async def test_decayed_bridge_blocks_are_kept(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    names = ["hub", "leaf", "b", "c", "d", "loner"]
    memory, ids = await active_blocks(make_memory, names, config=NO_TOP_N)
    await set_blocks(database, space, list(ids.values()), last_reinforced_at=400.0)
    await set_blocks(
        database, space, [ids["hub"], ids["leaf"], ids["loner"]], last_reinforced_at=0.0
    )
    await link(database, space, ids["hub"], ids["leaf"], weight=0.3, last_active=400.0)
    for other in "bcd":
        await link(database, space, ids["hub"], ids[other], weight=0.7, last_active=400.0)
    await set_clock(database, space, 400.0)
    # Weighted degrees: hub 2.4, leaf 0.3, b-d 0.7; the 80th percentile is 0.7.
    result = await memory.curate()
    assert (result.archived, result.bridges_kept) == (2, 1)
    final = await statuses(database, space)
    assert final[ids["hub"]] == "active"
    assert final[ids["leaf"]] == final[ids["loner"]] == "archived"
    assert len(await pairs(database, space)) == 3  # the leaf's edge went with it


async def test_static_prune_is_strictly_below_the_threshold_and_spares_used_edges(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, ids = await active_blocks(make_memory, [f"b{i}" for i in range(8)])
    b = list(ids.values())
    unanchored = {"last_active": None}  # out of temporal decay: the static rule alone
    await link(database, space, b[0], b[1], weight=0.10, **unanchored)  # exactly 0.10: kept
    await link(database, space, b[2], b[3], weight=0.0999, **unanchored)  # pruned
    await link(database, space, b[4], b[5], weight=0.05, count=1, **unanchored)  # used: kept
    await link(database, space, b[6], b[7], weight=0.05, origin="agent")  # the agent's: kept
    result = await memory.curate()
    assert (result.edges_pruned, result.edges_decayed, result.total_edges_after) == (1, 0, 3)
    assert frozenset((b[2], b[3])) not in await pairs(database, space)
    assert "1 edges pruned" in result.summary


async def test_top_blocks_and_the_constitution_are_reinforced_which_resets_their_decay(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    texts = [f"fact {i}" for i in range(7)]
    memory, ids = await active_blocks(make_memory, texts)
    (core,) = await memory.learn_many(
        [{"content": "Never delete user data", "tags": ["self/constitutional"]}]
    )
    await memory.dream()
    for i, block_id in enumerate(ids.values()):  # confidence alone tells them apart
        await set_blocks(
            database,
            space,
            [block_id],
            confidence=0.9 - 0.1 * i,
            reinforcement_count=1,
            last_reinforced_at=0.0,
        )
    await set_blocks(database, space, [core.block_id], reinforcement_count=1)
    await set_clock(database, space, 280.0)  # recency exp(−2.8) = 0.061: none archived yet
    first = await memory.curate()
    assert (first.archived, first.reinforced, first.constitutional_reinforced) == (0, 5, 1)
    assert "5 reinforced, 1 constitutional reinforced" in first.summary
    top = [ids[f"fact {i}"] for i in range(5)]
    for block_id in [*top, core.block_id]:
        props = await block_props(database, space, block_id)
        assert (props["reinforcement_count"], props["last_reinforced_at"]) == (2, 280.0)
    for i in (5, 6):
        assert (await block_props(database, space, ids[f"fact {i}"]))["reinforcement_count"] == 1

    await set_clock(database, space, 560.0)
    second = await memory.curate()
    assert second.archived == 2  # reinforced at 280 they decay from there: exp(−2.8) again
    final = await statuses(database, space)
    assert [final[ids[f"fact {i}"]] for i in range(7)] == ["active"] * 5 + ["archived"] * 2
    assert final[core.block_id] == "active"


async def test_curate_never_moves_a_clock_back(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    """A cron run uses the persisted clock, which lags an agent's open session."""
    memory, ids = await active_blocks(make_memory, ["ahead"])
    (block_id,) = ids.values()
    await set_blocks(database, space, [block_id], last_reinforced_at=105.0)
    await graph_write(
        database,
        "MATCH (s:Space {name: $s}) SET s.total_active_hours = 100.0, s.last_curate_at = 120.0",
        s=space,
    )
    result = await memory.curate()
    assert result.reinforced == 1
    assert (await block_props(database, space, block_id))["last_reinforced_at"] == 105.0
    assert (await space_props(database, space))["last_curate_at"] == 120.0


async def test_curate_never_touches_another_space(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    other = f"{space}-other"
    try:
        prepared = []
        for name in (space, other):
            memory, ids = await active_blocks(make_memory, ["a", "b", "c"], space_name=name)
            a, b, c = ids.values()
            await link(database, name, a, b, weight=0.6, last_active=0.0)
            await link(database, name, b, c, weight=0.05, last_active=None)
            await set_blocks(database, name, [c], last_reinforced_at=0.0)
            await set_blocks(database, name, [a, b], last_reinforced_at=1000.0)
            await set_clock(database, name, 1000.0)
            prepared.append(memory)
        before = await snapshot(database, other)
        result = await prepared[0].curate()
        assert (result.archived, result.edges_decayed) == (1, 1)
        assert await snapshot(database, other) == before
    finally:
        await drop_space(database, other)
