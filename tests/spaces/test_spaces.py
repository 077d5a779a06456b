"""Spaces on a real Neo4j: creation, isolation of names, the embedding lock, the vector index."""

from __future__ import annotations

import anyio
import pytest

from elfgraph.config.connection import Settings
from elfgraph.errors import ConfigError, StorageError
from elfgraph.schema.migrations import schema_indexes
from elfgraph.spaces import registry
from elfgraph.spaces.registry import (
    drop_space,
    find_space,
    list_spaces,
    lock_space_embedding,
    open_space,
)
from elfgraph.spaces.vector_index import VECTOR_INDEX, index_dimensions
from elfgraph.store.database import Database
from tests.support.graph import graph, graph_write
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio
DIMENSIONS = 384  # the default embedder's; the vector index is shared by every space


async def test_open_creates_a_space_with_a_zero_clock_once(database: Database, space: str) -> None:
    first = await open_space(database, space)
    again = await open_space(database, space)
    assert first.name == space
    assert first.total_active_hours == 0.0
    assert first.embedding_model is None
    assert again.created_at == first.created_at
    listed = {s.name: s for s in await list_spaces(database)}
    assert listed[space].block_count == 0


async def test_a_bad_name_is_refused_before_touching_the_graph(database: Database) -> None:
    before = {s.name for s in await list_spaces(database)}
    with pytest.raises(ConfigError) as caught:
        await open_space(database, "bad name'})")
    assert caught.value.recovery
    assert {s.name for s in await list_spaces(database)} == before


async def test_first_embedding_model_locks_the_space(database: Database, space: str) -> None:
    locked = await lock_space_embedding(database, space, model="mini", dimensions=DIMENSIONS)
    assert (locked.embedding_model, locked.embedding_dimensions) == ("mini", DIMENSIONS)
    again = await lock_space_embedding(database, space, model="mini", dimensions=DIMENSIONS)
    assert again.embedding_model == "mini"
    with pytest.raises(StorageError) as caught:
        await lock_space_embedding(database, space, model="other", dimensions=DIMENSIONS)
    assert "locked to embedding model 'mini'" in caught.value.message
    assert "new space" in caught.value.recovery
    stored = await find_space(database, space)
    assert stored is not None
    assert stored.embedding_model == "mini"


async def test_the_vector_index_is_cosine_with_the_locked_dimension(
    database: Database, space: str
) -> None:
    await lock_space_embedding(database, space, model="mini", dimensions=DIMENSIONS)
    index = next(i for i in await schema_indexes(database) if i.name == VECTOR_INDEX)
    assert index.type == "VECTOR"
    assert index_dimensions(index) == DIMENSIONS
    config = (index.options or {})["indexConfig"]
    assert config["vector.similarity_function"].lower() == "cosine"


async def test_a_model_of_another_dimension_is_refused(database: Database, space: str) -> None:
    await lock_space_embedding(database, space, model="mini", dimensions=DIMENSIONS)
    other_space = f"{space}-b"
    try:
        with pytest.raises(StorageError) as caught:
            await lock_space_embedding(database, other_space, model="big", dimensions=768)
        assert "768" in caught.value.message
        found = await find_space(database, other_space)
        assert found is None or found.embedding_model is None
    finally:
        await drop_space(database, other_space)


async def test_two_connections_see_each_others_spaces(
    neo4j_settings: Settings, database: Database, space: str
) -> None:
    other = await Database.connect(neo4j_settings)
    try:
        await open_space(other, space)
        assert await find_space(database, space) is not None
    finally:
        await other.close()


async def test_dropping_a_space_removes_it_and_nothing_else(database: Database, space: str) -> None:
    neighbour = f"{space}-n"
    await open_space(database, space)
    await open_space(database, neighbour)
    try:
        assert await drop_space(database, space) >= 1
        assert await find_space(database, space) is None
        assert await find_space(database, neighbour) is not None
        assert await drop_space(database, space) == 0
    finally:
        await drop_space(database, neighbour)


async def test_dropping_a_space_removes_every_node_it_owns(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    """Blocks, sessions, outcome records, co-retrieval staging, a stopped curate's plan:
    every kind of node a space makes goes with it, and its edges with its blocks."""
    memory = await make_memory()
    async with memory.session():
        learned = await memory.learn_many([f"note {i} about the deploy" for i in range(4)])
        await memory.dream()
        ids = [r.block_id for r in learned]
        await memory.frame("attention", "deploy", top_k=3)  # co-retrieval staging
        await memory.outcome(ids[:2], 0.9)  # an Outcome record and an edge
        await memory.connect(ids[2], ids[3], "supports")
        await memory.learn("still in the inbox")
    await graph_write(  # what a curate stopped midway leaves behind
        database, "CREATE (:CuratePlan {space: $s, now: 1.0, seq: 0, ids: []})", s=space
    )
    kinds = await graph(
        database,
        "MATCH (n) WHERE n.space = $s RETURN DISTINCT labels(n) AS labels",
        s=space,
    )
    assert {label for row in kinds for label in row["labels"]} >= {
        "Block",
        "Session",
        "Outcome",
        "CoRetrieval",
        "CuratePlan",
    }
    await drop_space(database, space)
    left = await graph(
        database,
        "MATCH (n) WHERE n.space = $s OR (n:Space AND n.name = $s) RETURN count(n) AS n",
        s=space,
    )
    assert left == [{"n": 0}]


async def test_a_drop_goes_batch_by_batch_and_finds_nodes_no_index_holds(
    make_memory: MakeMemory, database: Database, space: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Labelled nodes are found through their indexes a batch at a time; a node of a label
    elfgraph does not write (an older version's, a user's) is found by the one scan after
    them, and only then does the space node go. A neighbour loses nothing."""
    monkeypatch.setattr(registry, "DROP_BATCH", 3)
    neighbour = f"{space}-n"
    memory = await make_memory()
    await memory.learn_many([f"fact {i} about the lake" for i in range(7)])
    await open_space(database, neighbour)
    await graph_write(
        database,
        "CREATE (:Stray {space: $n, i: 0}) WITH * "
        "UNWIND range(1, 4) AS i CREATE (:Stray {space: $s, i: i})",
        s=space,
        n=neighbour,
    )
    try:
        assert await drop_space(database, space) == 7 + 4 + 1  # blocks, strays, the space
        left = await graph(
            database,
            "MATCH (n) WHERE n.space IN [$s, $n] OR (n:Space AND n.name IN [$s, $n]) "
            "RETURN coalesce(n.space, n.name) AS owner, count(n) AS n",
            s=space,
            n=neighbour,
        )
        assert left == [{"owner": neighbour, "n": 2}]
    finally:
        await graph_write(database, "MATCH (n:Stray {space: $n}) DELETE n", n=neighbour)
        await drop_space(database, neighbour)


async def test_listing_while_spaces_are_dropped_never_shows_a_nameless_space(
    database: Database, space: str
) -> None:
    names = [f"{space}-{i}" for i in range(12)]
    for name in names:
        await open_space(database, name)
    listings: list[list[str]] = []

    async def list_often() -> None:
        for _ in range(30):
            listings.append([record.name for record in await list_spaces(database)])

    async def drop_all() -> None:
        for name in names:
            await drop_space(database, name)

    async with anyio.create_task_group() as group:
        group.start_soon(list_often)
        group.start_soon(drop_all)
    assert len(listings) == 30
    assert all(all(listed) for listed in listings)
    remaining = {record.name for record in await list_spaces(database)}
    assert not set(names) & remaining
