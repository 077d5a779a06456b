"""curate converges (docs/BEHAVIOUR.md §9.2): a second curate at the same clock changes
nothing, and a curate stopped midway and run again ends in the same graph as one that
was never stopped."""

from __future__ import annotations

import random
from typing import Any

import pytest

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.curation import phases
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.curate_setup import active_blocks, set_blocks, set_clock
from tests.support.graph import graph, graph_write, recount_degrees, snapshot
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio
BLOCKS = 1_000
IDLE_HOURS = 400.0
SMALL_BATCHES = ElfgraphConfig(memory=MemoryConfig(curate_batch_size=40))  # type: ignore[call-arg]


async def idle_graph(
    make_memory: MakeMemory, database: Database, space: str, **options: Any
) -> MemorySystem:
    """1,000 linked blocks, 400 active hours after most of them were last used: the
    space an agent comes back to after a long pause."""
    texts = [f"fact number {i}" for i in range(BLOCKS)]
    memory, ids = await active_blocks(make_memory, texts, space_name=space, **options)
    order = [ids[t] for t in texts]
    rng = random.Random(7)
    await set_blocks(database, space, order, last_reinforced_at=0.0)
    await set_blocks(database, space, rng.sample(order, 150), last_reinforced_at=IDLE_HOURS)
    edges, seen = [], set()
    while len(edges) < 2 * BLOCKS:
        a, b = sorted(rng.sample(order, 2))
        if (a, b) not in seen:
            seen.add((a, b))
            # Half the edges were last used when their blocks were: they decay too.
            used = IDLE_HOURS if rng.random() < 0.5 else 0.0
            edges.append({"a": a, "b": b, "w": round(rng.uniform(0.2, 1.0), 3), "at": used})
    await graph_write(
        database,
        "UNWIND $edges AS e MATCH (x:Block {space: $s, id: e.a}), (y:Block {space: $s, id: e.b}) "
        "CREATE (x)-[:SIMILAR {relation: 'similar', origin: 'similarity', weight: e.w, "
        "reinforcement_count: 0, last_active_hours: e.at}]->(y)",
        s=space,
        edges=edges,
    )
    await recount_degrees(database, space)  # as every writer of edges does
    await set_clock(database, space, IDLE_HOURS)
    return memory


async def test_a_second_curate_at_the_same_clock_changes_nothing(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await idle_graph(make_memory, database, space)
    first = await memory.curate()
    assert first.archived > 0
    assert first.bridges_kept > 0  # some decayed blocks hold the graph together
    after_first = await snapshot(database, space)
    second = await memory.curate()
    assert first.edges_decayed > 0
    assert (second.archived, second.edges_pruned, second.edges_decayed) == (0, 0, 0)
    # Fewer decayed bridges, or as many: the first run's reinforcement revived some.
    assert second.bridges_kept <= first.bridges_kept
    assert (second.reinforced, second.constitutional_reinforced) == (0, 0)
    assert await snapshot(database, space) == after_first


async def final_graph(database: Database, space: str) -> tuple[list[Any], list[Any]]:
    blocks = await graph(
        database,
        "MATCH (b:Block {space: $s}) RETURN b.id AS id, b.status AS status, "
        "b.reinforcement_count AS count ORDER BY id",
        s=space,
    )
    edges = await graph(
        database,
        "MATCH (a:Block {space: $s})-[r]->(b:Block) RETURN a.id AS a, b.id AS b, "
        "r.weight AS w ORDER BY a, b",
        s=space,
    )
    return blocks, edges


@pytest.mark.parametrize("stop_in", ["decay_edges", "archive_decayed"])
async def test_a_curate_stopped_midway_and_run_again_ends_like_one_never_stopped(
    make_memory: MakeMemory,
    database: Database,
    space: str,
    monkeypatch: pytest.MonkeyPatch,
    stop_in: str,
) -> None:
    steady = await idle_graph(make_memory, database, space, config=SMALL_BATCHES)
    await steady.curate()
    expected = await final_graph(database, space)

    other = f"{space}-stopped"
    try:
        stopped = await idle_graph(make_memory, database, other, config=SMALL_BATCHES)
        real = getattr(phases, stop_in)
        calls = 0

        async def dies_on_the_third_batch(*args: Any, **kwargs: Any) -> Any:
            nonlocal calls
            calls += 1
            if calls == 3:
                raise RuntimeError("the process died here")
            return await real(*args, **kwargs)

        monkeypatch.setattr(phases, stop_in, dies_on_the_third_batch)
        with pytest.raises(RuntimeError):
            await stopped.curate()
        monkeypatch.undo()
        assert calls == 3
        await stopped.curate()  # the next run, at the same clock, finishes the job
        assert await final_graph(database, other) == expected
    finally:
        from elfgraph.spaces.registry import drop_space

        await drop_space(database, other)
