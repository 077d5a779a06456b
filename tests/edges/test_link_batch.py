"""Linking a batch in two statements (link_state, the pure plan, create_links) leaves the
same edges as the row-by-row Cypher it replaced, and keeps the cap and the rules."""

from __future__ import annotations

import random
import uuid
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elfgraph.edges.link import EdgeRow, edge_row, link
from elfgraph.edges.link_plan import BlockState, Edge, PlanRow, plan_links
from elfgraph.spaces.registry import drop_space, open_space
from elfgraph.store.database import Database
from tests.support.graph import graph, graph_write
from tests.support.link_reference import ROW_BY_ROW_LINK

CAP = 5

ids = st.sampled_from([f"b{i}" for i in range(8)])
rows = st.lists(
    st.tuples(ids, ids, st.sampled_from(["similar", "co_occurs"]), st.floats(0.01, 1.0)),
    max_size=40,
)


@given(rows, st.sets(ids, max_size=2))
def test_a_plan_keeps_the_cap_one_edge_per_pair_and_never_displaces_up(
    wanted: list[tuple[str, str, str, float]], inactive: set[str]
) -> None:
    blocks = {f"b{i}": BlockState(f"b{i}" not in inactive) for i in range(8)}
    agent = Edge("0:agent", "b0", "b1", "uses", "agent", 0.1)  # never displaced
    blocks["b0"].edges[agent.key] = agent
    blocks["b1"].edges[agent.key] = agent
    plan_rows = [
        PlanRow(a=min(a, b), b=max(a, b), relation=r, origin="similarity", weight=w)
        for a, b, r, w in wanted
    ]
    plan = plan_links(plan_rows, blocks, CAP)
    for state in blocks.values():
        assert len(state.edges) <= CAP
        pairs = [frozenset((e.a, e.b)) for e in state.edges.values()]
        assert len(pairs) == len(set(pairs))
    assert agent.key in blocks["b0"].edges
    assert plan.delete == []  # only the agent edge was stored, and it stays
    for index, displaced in plan.created:
        row = plan_rows[index]
        assert blocks[row["a"]].active
        assert blocks[row["b"]].active
        assert all(d.weight < row["weight"] for d in displaced)
    assert set(plan.create) <= {index for index, _ in plan.created}


async def _reference(tx: Any, *, space: str, edges: list[EdgeRow]) -> None:
    result = await tx.driver_tx.run(
        ROW_BY_ROW_LINK,
        space=space,
        edges=edges,
        cap=CAP,
        now_hours=1.0,
        created_at="2026-01-01T00:00:00+00:00",
    )
    await result.consume()


async def _batched(tx: Any, *, space: str, edges: list[EdgeRow]) -> list[Any]:
    return await link(
        tx, space=space, edges=edges, cap=CAP, now_hours=1.0, created_at="2026-01-01T00:00:00+00:00"
    )


async def _edges(database: Database, space: str) -> set[tuple[str, str, str, float, str]]:
    rows = await graph(
        database,
        "MATCH (a:Block {space: $s})-[r]->(b:Block) "
        "RETURN a.id AS a, b.id AS b, type(r) AS type, r.weight AS weight, r.origin AS origin",
        s=space,
    )
    return {(r["a"], r["b"], r["type"], r["weight"], r["origin"]) for r in rows}


async def _setup(database: Database, space: str, blocks: int, rng: random.Random) -> None:
    await open_space(database, space)
    await graph_write(
        database,
        "UNWIND $rows AS row CREATE (:Block {space: $s, id: row.id, status: row.status})",
        s=space,
        rows=[
            {"id": f"b{i:03d}", "status": "archived" if rng.random() < 0.05 else "active"}
            for i in range(blocks)
        ],
    )
    # an agent edge at a few blocks: never displaced
    await graph_write(
        database,
        "MATCH (a:Block {space: $s, id: 'b000'}), (b:Block {space: $s, id: 'b001'}) "
        "CREATE (a)-[:USES {relation: 'uses', weight: 0.01, origin: 'agent'}]->(b)",
        s=space,
    )


def _batch(blocks: int, rng: random.Random) -> list[EdgeRow]:
    out = []
    for _ in range(blocks * 4):
        a, b = rng.sample(range(blocks), 2)
        relation, origin = rng.choice([("similar", "similarity"), ("co_occurs", "session")])
        out.append(edge_row(f"b{a:03d}", f"b{b:03d}", relation, origin, rng.uniform(0.05, 0.95)))
    return out


@pytest.mark.anyio
@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_batched_linking_leaves_the_edges_the_row_by_row_query_left(
    database: Database, seed: int
) -> None:
    rng = random.Random(seed)
    blocks = 40
    spaces = [f"test-link-{uuid.uuid4().hex[:10]}" for _ in range(2)]
    try:
        for space in spaces:
            await _setup(database, space, blocks, random.Random(seed))
        for _ in range(3):  # later batches meet full blocks and displace
            edges = _batch(blocks, rng)
            before = await _edges(database, spaces[1])
            await database.write(_reference, space=spaces[0], edges=edges)
            created = await database.write(_batched, space=spaces[1], edges=edges)
            left = await _edges(database, spaces[1])
            assert await _edges(database, spaces[0]) == left
            new = {(a, b) for a, b, *_ in left - before}
            assert new <= {(c["a"], c["b"]) for c in created}  # every new edge is reported
            assert len(before) + len(created) - len(left) == sum(
                len(c["displaced_edges"]) for c in created
            )  # and every edge that went was displaced by one reported
        degrees = await graph(
            database, "MATCH (b:Block {space: $s}) RETURN COUNT { (b)--() } AS d", s=spaces[1]
        )
        assert max(row["d"] for row in degrees) <= CAP
    finally:
        for space in spaces:
            await drop_space(database, space)


@settings(max_examples=50)
@given(st.lists(st.floats(0.01, 1.0), min_size=1, max_size=12))
def test_a_block_at_the_cap_gives_up_its_weakest_similar_edge_first(weights: list[float]) -> None:
    hub = BlockState(True)
    blocks = {"hub": hub}
    for i in range(CAP):
        relation = "co_occurs" if i == 0 else "similar"
        edge = Edge(f"0:{i}", "hub", f"n{i}", relation, "similarity", 0.5)
        hub.edges[edge.key] = edge
        blocks[f"n{i}"] = BlockState(True, {edge.key: edge})
    for i, _ in enumerate(weights):
        blocks[f"m{i}"] = BlockState(True)
    plan = plan_links(
        [
            PlanRow(a="hub", b=f"m{i}", relation="similar", origin="similarity", weight=w)
            for i, w in enumerate(weights)
        ],
        blocks,
        CAP,
    )
    assert len(hub.edges) == CAP
    displaced_first = [d for _, ds in plan.created for d in ds][:1]
    if displaced_first:
        assert displaced_first[0].relation == "similar"  # similar gives way before co_occurs
