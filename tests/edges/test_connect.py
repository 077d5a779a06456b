"""connect(), disconnect(), connect_by_query() and connects() on a real Neo4j (docs/BEHAVIOUR.md
§8.2–§8.4). Edges are inspected in the graph, not through the API."""

from __future__ import annotations

import math
from typing import Any

import pytest

from elfgraph import (
    BlockNotActiveError,
    ConnectError,
    DegreeLimitError,
    ElfgraphError,
)
from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.memory import MemorySystem
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.graph import edges_of, graph, graph_write, snapshot
from tests.support.memory import MakeMemory
from tests.support.recall_setup import QUERY, age_fillers_and_boost_hub, filled

pytestmark = pytest.mark.anyio

FACTS = [
    "the deploy script needs AWS_PROFILE set",
    "the staging database is read-only on fridays",
    "grass is green in spring",
    "the build cache lives in /var/cache/ci",
    "release notes are written on thursdays",
    "the api gateway times out after 30 seconds",
    "on-call rotates every monday",
    "coffee machine is on the third floor",
]


async def active_blocks(make_memory: MakeMemory, n: int = 3) -> tuple[MemorySystem, list[str]]:
    """n active blocks with random mock vectors: dream links none of them."""
    memory = await make_memory()
    learned = await memory.learn_many(FACTS[:n])
    await memory.dream()
    return memory, [r.block_id for r in learned]


async def add_edge(
    database: Database,
    space: str,
    a: str,
    b: str,
    *,
    relation: str = "similar",
    origin: str = "similarity",
    weight: float = 0.5,
) -> None:
    """An edge as consolidation, outcome or co-retrieval would have made it."""
    low, high = sorted((a, b))
    await graph_write(
        database,
        "MATCH (a:Block {space: $s, id: $a}), (b:Block {space: $s, id: $b}) "
        "CREATE (a)-[r:$($type)]->(b) SET r.relation = $relation, r.origin = $origin, "
        "r.weight = $weight, r.reinforcement_count = 0, r.last_active_hours = 0.0",
        s=space,
        a=low,
        b=high,
        type=relation.upper(),
        relation=relation,
        origin=origin,
        weight=weight,
    )


async def only_edge(database: Database, space: str) -> dict[str, Any]:
    (edge,) = await edges_of(database, space)
    return edge


async def set_clock(database: Database, space: str, hours: float) -> None:
    await graph_write(
        database, "MATCH (s:Space {name: $s}) SET s.total_active_hours = $h", s=space, h=hours
    )


# ---- creating ------------------------------------------------------------------------------


async def test_connect_creates_an_agent_edge_typed_by_its_relation(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, (a, b, _) = await active_blocks(make_memory)
    await set_clock(database, space, 12.5)
    result = await memory.connect(b, a, "supports", note="b gives the reason for a")
    assert (result.action, result.relation, result.weight) == ("created", "supports", 0.75)
    assert (result.source_id, result.target_id, result.origin) == (b, a, "agent")
    assert result.displaced_edge is None
    edge = await only_edge(database, space)
    assert edge["type"] == "SUPPORTS"
    assert (edge["a"], edge["b"]) == tuple(sorted((a, b)))  # stored smaller id → larger
    props = edge["props"]
    assert props["relation"] == "supports"
    assert props["origin"] == "agent"
    assert props["weight"] == 0.75
    assert props["note"] == "b gives the reason for a"
    assert props["reinforcement_count"] == 0
    assert props["last_active_hours"] == 12.5  # outside a session: the space's clock
    assert props["created_at"]


@pytest.mark.parametrize(
    ("relation", "weight", "edge_type"),
    [
        (None, 0.65, "SIMILAR"),
        ("similar", 0.65, "SIMILAR"),
        ("co_occurs", 0.55, "CO_OCCURS"),
        ("elaborates", 0.70, "ELABORATES"),
        ("supports", 0.75, "SUPPORTS"),
        ("contradicts", 0.60, "CONTRADICTS"),
        ("outcome", 0.80, "OUTCOME"),
        ("depends_on", 0.65, "DEPENDS_ON"),
    ],
)
async def test_each_relation_has_its_default_weight_and_relationship_type(
    make_memory: MakeMemory,
    database: Database,
    space: str,
    relation: str | None,
    weight: float,
    edge_type: str,
) -> None:
    memory, (a, b, _) = await active_blocks(make_memory)
    result = await memory.connect(a, b, relation)
    assert result.weight == pytest.approx(weight)
    edge = await only_edge(database, space)
    assert edge["type"] == edge_type
    assert edge["props"]["relation"] == (relation or "similar")
    assert edge["props"]["weight"] == pytest.approx(weight)


@pytest.mark.parametrize(("given", "stored"), [(0.3, 0.3), (1.7, 1.0), (-0.4, 0.0), (1, 1.0)])
async def test_an_explicit_weight_wins_and_is_clamped(
    make_memory: MakeMemory, database: Database, space: str, given: float, stored: float
) -> None:
    memory, (a, b, _) = await active_blocks(make_memory)
    result = await memory.connect(a, b, "supports", weight=given)
    assert result.weight == stored
    assert (await only_edge(database, space))["props"]["weight"] == stored


async def test_inside_a_session_the_edge_is_stamped_with_the_session_clock(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, (a, b, _) = await active_blocks(make_memory)
    await set_clock(database, space, 3.0)
    ticks = iter([1000.0, 1000.0 + 1800.0])  # begin, then half an hour later
    memory.clock = lambda: next(ticks, 1000.0 + 1800.0)
    await memory.begin_session()
    await memory.connect(a, b)
    assert (await only_edge(database, space))["props"]["last_active_hours"] == pytest.approx(3.5)


# ---- if_exists ---------------------------------------------------------------------------


async def test_reinforce_strengthens_the_edge_and_refreshes_its_clock(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, (a, b, _) = await active_blocks(make_memory)
    await add_edge(database, space, a, b, weight=0.5)
    await set_clock(database, space, 40.0)
    first = await memory.connect(a, b, "supports")  # reinforce is the default
    assert (first.action, first.relation, first.weight) == ("reinforced", "similar", 0.6)
    assert first.origin == "similarity"  # reinforcing does not take the edge over
    second = await memory.connect(b, a, if_exists="reinforce", note="seen twice")
    assert second.weight == pytest.approx(0.7)
    assert second.reinforcement_count == 2
    props = (await only_edge(database, space))["props"]
    assert props["reinforcement_count"] == 2
    assert props["weight"] == pytest.approx(0.7)
    assert props["last_active_hours"] == 40.0
    assert props["note"] == "seen twice"


async def test_reinforcing_never_goes_above_one(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, (a, b, _) = await active_blocks(make_memory)
    await memory.connect(a, b, weight=0.95)
    result = await memory.connect(a, b)
    assert result.weight == 1.0
    assert (await only_edge(database, space))["props"]["weight"] == 1.0


async def test_update_changes_the_relationship_type_and_keeps_the_properties(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, (a, b, _) = await active_blocks(make_memory)
    await memory.connect(a, b, "supports", note="first reading")
    await memory.connect(a, b)  # one reinforcement: weight 0.85, count 1
    before = (await only_edge(database, space))["props"]
    await set_clock(database, space, 7.0)
    result = await memory.connect(a, b, "depends_on", if_exists="update")
    assert (result.action, result.relation, result.weight) == ("updated", "depends_on", 0.85)
    edge = await only_edge(database, space)
    assert edge["type"] == "DEPENDS_ON"
    assert (edge["a"], edge["b"]) == tuple(sorted((a, b)))
    props = edge["props"]
    assert props["relation"] == "depends_on"
    for kept in ("weight", "reinforcement_count", "created_at", "note", "origin"):
        assert props[kept] == before[kept]
    assert props["last_active_hours"] == 7.0
    rows = await graph(
        database, "MATCH (:Block {space: $s})-[r]-(:Block) RETURN count(r) AS n", s=space
    )
    assert rows == [{"n": 2}]  # one relationship, seen from both ends


async def test_update_sets_weight_and_note_when_given_and_takes_the_edge_over(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, (a, b, _) = await active_blocks(make_memory)
    await add_edge(database, space, a, b, relation="similar", origin="similarity", weight=0.5)
    result = await memory.connect(a, b, weight=0.9, note="agent checked", if_exists="update")
    assert (result.relation, result.weight, result.origin) == ("similar", 0.9, "agent")
    edge = await only_edge(database, space)
    assert edge["type"] == "SIMILAR"
    assert edge["props"]["note"] == "agent checked"
    assert edge["props"]["origin"] == "agent"  # restated by the agent: never decayed now


async def test_skip_leaves_the_edge_as_it_is(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, (a, b, _) = await active_blocks(make_memory)
    await add_edge(database, space, a, b, relation="co_occurs", origin="co_retrieval", weight=0.55)
    before = await snapshot(database, space)
    result = await memory.connect(a, b, "supports", weight=0.9, if_exists="skip")
    assert (result.action, result.relation, result.weight) == ("skipped", "co_occurs", 0.55)
    assert await snapshot(database, space) == before


# ---- refusals --------------------------------------------------------------------------------


async def test_unknown_inbox_archived_and_foreign_blocks_are_not_active(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, (a, b, _) = await active_blocks(make_memory)
    (inbox,) = await memory.learn_many(["still waiting for a dream"])
    await graph_write(
        database, "MATCH (x:Block {space: $s, id: $id}) SET x.status = 'archived'", s=space, id=b
    )
    other = await make_memory(f"{space}-other")
    try:
        (foreign,) = await other.learn_many(["a block of another agent"])
        await other.dream()
        before = await snapshot(database, space)
        for missing, status in [
            ("0000000000000000", None),
            (inbox.block_id, "inbox"),
            (b, "archived"),
            (foreign.block_id, None),
        ]:
            with pytest.raises(BlockNotActiveError) as caught:
                await memory.connect(a, missing)
            assert caught.value.block_id == missing
            assert caught.value.status == status
            assert caught.value.recovery
        assert await snapshot(database, space) == before
        assert await edges_of(database, f"{space}-other") == []
    finally:
        await drop_space(database, f"{space}-other")


@pytest.mark.parametrize(
    "relation",
    [
        "x]->() DETACH DELETE n //",
        "Supports",
        "depends-on",
        "1st",
        "",
        "a" * 33,
        "similar\n",
        "`SUPPORTS`",
        42,
    ],
)
async def test_a_relation_that_is_not_a_word_never_reaches_cypher(
    make_memory: MakeMemory, database: Database, space: str, relation: object
) -> None:
    memory, (a, b, _) = await active_blocks(make_memory)
    before = await snapshot(database, space)
    with pytest.raises(ConnectError) as caught:
        await memory.connect(a, b, relation)  # type: ignore[arg-type]
    assert "lower-case word" in caught.value.recovery
    assert await snapshot(database, space) == before


@pytest.mark.parametrize(
    ("kwargs", "problem"),
    [
        ({"weight": math.nan}, "weight"),
        ({"weight": "heavy"}, "weight"),
        ({"weight": True}, "weight"),
        ({"if_exists": "replace"}, "if_exists"),
        ({"note": "x" * 1001}, "note"),
    ],
)
async def test_bad_arguments_are_refused_and_change_nothing(
    make_memory: MakeMemory,
    database: Database,
    space: str,
    kwargs: dict[str, Any],
    problem: str,
) -> None:
    memory, (a, b, _) = await active_blocks(make_memory)
    before = await snapshot(database, space)
    with pytest.raises(ConnectError) as caught:
        await memory.connect(a, b, **kwargs)
    assert problem in caught.value.message
    assert isinstance(caught.value, ElfgraphError)
    assert not isinstance(caught.value, ValueError)
    with pytest.raises(ConnectError):
        await memory.connect(a, "", "supports")
    assert await snapshot(database, space) == before


# ---- the degree cap --------------------------------------------------------------------------


async def test_a_full_block_gives_up_its_weakest_similar_edge_first(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, ids = await active_blocks(make_memory, 8)
    hub, others, newcomer = ids[0], ids[1:6], ids[7]
    # similar 0.9, co_occurs 0.3, similar 0.5, supports 0.2, agent similar 0.1
    await add_edge(database, space, hub, others[0], relation="similar", weight=0.9)
    await add_edge(
        database, space, hub, others[1], relation="co_occurs", origin="co_retrieval", weight=0.3
    )
    await add_edge(database, space, hub, others[2], relation="similar", weight=0.5)
    await add_edge(database, space, hub, others[3], relation="supports", origin="agent", weight=0.2)
    await add_edge(database, space, hub, others[4], relation="similar", origin="agent", weight=0.1)
    result = await memory.connect(hub, newcomer, "elaborates")
    assert result.action == "created"
    assert result.displaced_edge is not None
    displaced = result.displaced_edge
    assert {displaced.from_id, displaced.to_id} == {hub, others[2]}
    assert (displaced.relation_type, displaced.weight) == ("similar", 0.5)
    assert "Displaced" in result.summary
    left = {frozenset((e["a"], e["b"])) for e in await edges_of(database, space)}
    assert frozenset((hub, others[2])) not in left
    assert frozenset((hub, newcomer)) in left
    assert len(left) == 5
    # Next: similar goes before co_occurs even when it is the stronger edge.
    again = await memory.connect(hub, ids[6])
    assert again.displaced_edge is not None
    assert (again.displaced_edge.relation_type, again.displaced_edge.weight) == ("similar", 0.9)


async def test_protected_edges_are_never_displaced(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, ids = await active_blocks(make_memory, 8)
    hub = ids[0]
    for other, relation, origin in zip(
        ids[1:6],
        ["supports", "elaborates", "contradicts", "outcome", "similar"],
        ["similarity", "similarity", "contradiction", "outcome", "agent"],
        strict=True,
    ):
        await add_edge(database, space, hub, other, relation=relation, origin=origin, weight=0.1)
    before = await snapshot(database, space)
    with pytest.raises(DegreeLimitError) as caught:
        await memory.connect(hub, ids[6], weight=1.0)
    assert caught.value.block_id == hub
    assert caught.value.cap == 5
    assert "disconnect()" in caught.value.recovery
    assert await snapshot(database, space) == before


async def test_two_full_blocks_each_give_up_an_edge(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, ids = await active_blocks(make_memory, 8)
    memory.config = ElfgraphConfig(memory=MemoryConfig(edge_degree_cap=2))
    a, b = ids[0], ids[1]
    for hub, others in ((a, ids[2:4]), (b, ids[4:6])):
        for weight, other in zip((0.4, 0.6), others, strict=True):
            await add_edge(database, space, hub, other, weight=weight)
    result = await memory.connect(a, b, "supports")
    assert [{d.from_id, d.to_id} for d in result.displaced_edges] == [{a, ids[2]}, {b, ids[4]}]
    degrees = await graph(
        database,
        "MATCH (x:Block {space: $s}) WHERE x.id IN $ids RETURN x.id AS id, COUNT { (x)--() } AS d",
        s=space,
        ids=[a, b],
    )
    assert {row["d"] for row in degrees} == {2}


# ---- disconnect ------------------------------------------------------------------------------


async def test_agent_edges_carry_expansion_and_disconnect_takes_it_away(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    texts = {f"filler {i}": 0.2 + i / 100 for i in range(12)}
    texts |= {"anchor": 0.9, "hub": -0.2}  # the hub is never a seed of QUERY
    memory = await filled(make_memory, texts)
    ids = {b.content: b.id for b in await memory.recall(QUERY, top_k=20)}
    for other in ("anchor", "filler 0", "filler 1", "filler 2"):
        await memory.connect(ids["hub"], ids[other], "supports", weight=0.9)
    await age_fillers_and_boost_hub(database, space, ids["hub"])
    found = await memory.recall(QUERY, top_k=2)
    assert {(b.content, b.was_expanded) for b in found} == {("anchor", False), ("hub", True)}
    for other in ("anchor", "filler 0", "filler 1", "filler 2"):
        assert (await memory.disconnect(ids["hub"], ids[other])).action == "removed"
    assert "hub" not in [b.content for b in await memory.recall(QUERY, top_k=2)]


# ---- connect_by_query ------------------------------------------------------------------------


# ---- connects --------------------------------------------------------------------------------


# ---- results ---------------------------------------------------------------------------------


async def test_every_result_has_a_summary_and_a_json_safe_dict(make_memory: MakeMemory) -> None:
    import json

    memory, (a, b, _) = await active_blocks(make_memory)
    results = [
        await memory.connect(a, b, "supports", note="n"),
        await memory.disconnect(a, b, guard_relation="similar"),
        await memory.connect_by_query(FACTS[0], FACTS[2], dry_run=True),
        await memory.connects([{"source": a, "target": b}]),
    ]
    for result in results:
        assert str(result) == result.summary
        assert result.summary.endswith(".")
        json.dumps(result.to_dict())
