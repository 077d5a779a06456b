"""curate()'s temporal edge decay on a real Neo4j (docs/BEHAVIOUR.md §9.3):
the design's agent scenarios, with their numbers.

Each test sets the clock and the edges' anchors in the graph, curates through the API and
checks which edges the database kept. The effective weights quoted are the design's; the
unit tests check that the reference formula gives them (tests/core/test_edge_decay.py).
"""

from __future__ import annotations

import pytest

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.core.scoring import effective_edge_weight
from elfgraph.embedding.mock import MockEmbeddingService
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
from tests.support.graph import edges_of, graph_write, recount_degrees
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio


async def at_hour(database: Database, space: str, ids: list[str], hours: float) -> None:
    """The clock at `hours`, with the blocks just used (so none is archived meanwhile)."""
    await set_clock(database, space, hours)
    await set_blocks(database, space, ids, last_reinforced_at=hours)


async def test_scenario_1_a_curate_right_after_consolidation_keeps_every_new_edge(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    anchors = [f"topic {i}: the first fact" for i in range(8)]
    close = [f"topic {i}: a related fact" for i in range(8)]
    pinned = {(a, c): 0.55 + 0.04 * i for i, (a, c) in enumerate(zip(anchors, close, strict=True))}
    memory = await make_memory(embedding_service=MockEmbeddingService(similarities=pinned))
    await set_clock(database, space, 5.0)
    await memory.learn_many([*anchors, *close, *(f"unrelated {i}" for i in range(4))])
    await memory.dream()  # creates the edges at h=5, then the space's first curate runs
    edges = await edges_of(database, space)
    assert len(edges) == 8
    assert all(e["props"]["last_active_hours"] == 5.0 for e in edges)
    assert all(0.45 <= e["props"]["weight"] <= 0.78 for e in edges)
    assert (await space_props(database, space))["last_curate_at"] == 5.0

    result = await memory.curate()  # and once more, by hand
    assert (result.edges_decayed, result.edges_pruned, result.archived) == (0, 0, 0)
    assert result.total_edges_after == 8
    assert len(await edges_of(database, space)) == 8


async def test_scenario_2_a_used_edge_survives_240_idle_hours_and_goes_at_440(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, ids = await active_blocks(make_memory, ["async patterns", "event loops"])
    a, b = ids.values()
    await link(database, space, a, b, weight=0.60, count=3, last_active=200.0)
    for hours, effective in ((280.0, 0.402), (440.0, 0.181)):
        await at_hour(database, space, [a, b], hours)
        result = await memory.curate()
        assert effective_edge_weight(0.60, 0.01, 0.01, 3, hours - 200) == pytest.approx(
            effective, abs=5e-4
        )
        assert result.edges_decayed == 0
        assert await pairs(database, space) == {frozenset((a, b))}
    await at_hour(database, space, [a, b], 640.0)  # effective 0.067
    result = await memory.curate()
    assert (result.edges_decayed, result.total_edges_after) == (1, 0)
    (line,) = result.decayed_sample  # the edge is stored from the smaller id to the larger
    assert line in {
        "async patterns ↔ event loops (was 0.60)",
        "event loops ↔ async patterns (was 0.60)",
    }
    assert await pairs(database, space) == set()
    assert set((await statuses(database, space)).values()) == {"active"}


async def test_the_database_computes_the_effective_weight_of_the_reference_formula(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    """Edges a hair above and below the threshold: the Cypher agrees with the reference
    to 0.1 %, with min(λ_a, λ_b) and the established rate."""
    memory, ids = await active_blocks(make_memory, ["hub", "one", "two", "three", "four"])
    hub, *others = ids.values()
    await set_blocks(database, space, [hub], decay_lambda=0.01)
    await set_blocks(database, space, others, decay_lambda=0.02)
    cases = {  # other end: (count, factor on the weight that lands exactly on 0.10)
        others[0]: (3, 1.001),
        others[1]: (3, 0.999),
        others[2]: (12, 1.001),
        others[3]: (12, 0.999),
    }
    for other, (count, factor) in cases.items():
        exact = 0.10 / effective_edge_weight(1.0, 0.01, 0.02, count, 80.0)
        await link(database, space, hub, other, weight=exact * factor, count=count, last_active=0)
    await at_hour(database, space, list(ids.values()), 80.0)
    result = await memory.curate()
    assert result.edges_decayed == 2
    assert await pairs(database, space) == {
        frozenset((hub, others[0])),
        frozenset((hub, others[2])),
    }


async def test_scenario_4_an_outcome_refreshes_the_edge_clock_f2(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, ids = await active_blocks(make_memory, ["plan a", "plan b", "plan c", "plan d"])
    a, b, c, d = ids.values()
    await set_clock(database, space, 10.0)
    await memory.outcome([a, b], 0.9)
    await memory.outcome([c, d], 0.9)
    # Confirmed eight times at h=10 (what elfmem kept: the clock never moved on)
    await graph_write(
        database,
        "MATCH (x:Block {space: $s})-[r:OUTCOME]->() SET r.reinforcement_count = 8",
        s=space,
    )
    await recount_degrees(database, space)
    assert [e["props"]["weight"] for e in await edges_of(database, space)] == [
        pytest.approx(0.72)
    ] * 2
    await set_clock(database, space, 490.0)
    await memory.outcome([c, d], 0.9)  # re-confirmed: last_active_hours = 490 (§9.6, F2)
    await at_hour(database, space, [a, b, c, d], 500.0)
    assert effective_edge_weight(0.72, 0.01, 0.01, 8, 490.0) == pytest.approx(0.062, abs=5e-4)
    result = await memory.curate()
    assert result.edges_decayed == 1  # a–b: 0.72·exp(−0.005·490) = 0.062
    assert await pairs(database, space) == {frozenset((c, d))}


async def test_scenario_6_months_offline_do_not_age_the_graph(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, ids = await active_blocks(make_memory, ["left", "right"])
    a, b = ids.values()
    await link(database, space, a, b, weight=0.60, count=1, last_active=10.0)
    await at_hour(database, space, [a, b], 10.0)
    # Months of wall-clock time pass with no session: the clock stays at 10 h.
    now = [1_000_000.0]
    memory.clock = lambda: now[0]
    await memory.begin_session()
    now[0] += 5 * 3600.0  # five hours of work in the new session
    result = await memory.curate()
    assert result.now_hours == pytest.approx(15.0)
    assert result.edges_decayed == 0  # 0.60·exp(−0.005·5) = 0.585
    assert await pairs(database, space) == {frozenset((a, b))}


async def test_scenario_7_curating_every_two_hours_loses_nothing(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, ids = await active_blocks(make_memory, ["left", "right"])
    a, b = ids.values()
    await link(database, space, a, b, weight=0.60, count=2, last_active=48.0)
    await at_hour(database, space, [a, b], 50.0)
    for _ in range(10):
        assert (await memory.curate()).edges_decayed == 0  # 0.60·exp(−0.01) = 0.594
    (edge,) = await edges_of(database, space)
    assert edge["props"]["weight"] == 0.60  # the stored weight never compounds


async def test_scenario_12_nine_uses_decay_ten_uses_are_established(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, ids = await active_blocks(make_memory, ["w", "x", "y", "z"])
    w, x, y, z = ids.values()
    await link(database, space, w, x, weight=0.50, count=9, last_active=0.0)  # 0.041
    await link(database, space, y, z, weight=0.50, count=10, last_active=0.0)  # 0.143
    await at_hour(database, space, [w, x, y, z], 500.0)
    assert effective_edge_weight(0.50, 0.01, 0.01, 9, 500) == pytest.approx(0.041, abs=5e-4)
    assert effective_edge_weight(0.50, 0.01, 0.01, 10, 500) == pytest.approx(0.143, abs=5e-4)
    result = await memory.curate()
    assert result.edges_decayed == 1
    assert await pairs(database, space) == {frozenset((y, z))}


async def test_scenario_13_agent_edges_and_unanchored_edges_never_decay(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    texts = ["theorem", "proof", "lemma", "corollary", "old a", "old b", "aged a", "aged b"]
    memory, ids = await active_blocks(make_memory, texts)
    await link(
        database,
        space,
        ids["theorem"],
        ids["proof"],
        weight=0.85,
        origin="agent",
        relation="supports",
    )
    await link(  # weak too: the static prune spares the agent's edges as well
        database, space, ids["lemma"], ids["corollary"], weight=0.05, origin="agent"
    )
    await link(database, space, ids["old a"], ids["old b"], weight=0.60, last_active=None)
    await link(database, space, ids["aged a"], ids["aged b"], weight=0.60, count=1)
    await at_hour(database, space, list(ids.values()), 800.0)
    result = await memory.curate()
    assert (result.edges_decayed, result.edges_pruned, result.total_edges_after) == (1, 0, 3)
    assert frozenset((ids["aged a"], ids["aged b"])) not in await pairs(database, space)


async def test_scenario_16_mass_decay_is_capped_by_max_decay_fraction_weakest_first(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    texts = [f"burst fact {i}" for i in range(20)]
    memory, ids = await active_blocks(make_memory, texts)
    ring = list(ids.values())
    weights = {}
    for i in range(20):  # a ring of 20 edges, weights 0.40 … 0.59, all anchored at h=10
        a, b = ring[i], ring[(i + 1) % 20]
        weights[frozenset((a, b))] = round(0.40 + 0.01 * i, 2)
        await link(database, space, a, b, weight=weights[frozenset((a, b))], last_active=10.0)
    await at_hour(database, space, ring, 1000.0)  # every edge at weight·0.0074

    capped = await make_memory(config=ElfgraphConfig(memory=MemoryConfig(max_decay_fraction=0.3)))
    first = await capped.curate()
    assert (first.edges_decayed, first.edges_deferred, first.total_edges_after) == (6, 14, 14)
    left = await pairs(database, space)
    assert sorted(weights[p] for p in left) == [round(0.46 + 0.01 * i, 2) for i in range(14)]
    assert first.decayed_sample[0].endswith("(was 0.40)")
    assert len(first.decayed_sample) == 5
    assert "14 more decayed edges wait for the next run" in first.summary
    assert "Warning: graph connections reduced significantly (30%" in first.summary

    second = await capped.curate()  # 30 % of what is left, rounded down
    assert (second.edges_decayed, second.total_edges_after) == (4, 10)

    everything = await memory.curate()  # the default, 1.0: no cap
    assert (everything.edges_decayed, everything.total_edges_after) == (10, 0)
    assert "(100% of edges went in this run)" in everything.summary
    assert set((await statuses(database, space)).values()) == {"active"}
