"""Curate's sketch upkeep on a real Neo4j (docs/BEHAVIOUR.md §9.7): a space dreamed before
dream kept the sketch of each embedding gets one per active block, the sketch dream would
have written, page by page and at most PER_RUN a run; once a run finds none left the space
records it and later runs read nothing."""

from __future__ import annotations

from typing import Any

import pytest

import elfgraph.curation.sketch_upkeep as upkeep
from elfgraph.core.sketch import sketch
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.curate_setup import active_blocks, space_props
from tests.support.graph import graph, graph_write
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio
TEXTS = [f"fact number {n} about the {word} garden" for n, word in enumerate("abcdefg")]


async def as_before_sketches(database: Database, space: str, ids: list[str]) -> None:
    """The state a space dreamed before 5031844 is in: these blocks without the sketch of
    their embedding, and no record that the space has them all."""
    await graph_write(
        database,
        "MATCH (s:Space {name: $s}) REMOVE s.embeddings_sketched WITH s "
        "UNWIND $ids AS id MATCH (b:Block {space: $s, id: id}) REMOVE b.embedding_sketch",
        s=space,
        ids=ids,
    )


async def sketches_by_id(database: Database, space: str) -> dict[str, Any]:
    rows = await graph(
        database,
        "MATCH (b:Block {space: $s}) RETURN b.id AS id, b.status AS status, "
        "b.embedding AS embedding, b.embedding_sketch AS sketch",
        s=space,
    )
    return {row["id"]: row for row in rows}


async def older_space(make_memory: MakeMemory, database: Database, space: str) -> MemorySystem:
    memory, ids = await active_blocks(make_memory, TEXTS)
    assert (await space_props(database, space))["embeddings_sketched"] is True  # dream's curate
    await as_before_sketches(database, space, list(ids.values()))
    return memory


async def test_curate_gives_each_active_block_the_sketch_of_its_embedding(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await older_space(make_memory, database, space)
    archived = (await memory.learn("a block archived before the upkeep runs")).block_id
    await memory.dream()
    await graph_write(
        database,
        "MATCH (b:Block {space: $s, id: $id}) SET b.status = 'archived' "
        "REMOVE b.embedding, b.embedding_sketch",
        s=space,
        id=archived,
    )
    await as_before_sketches(database, space, [])

    result = await memory.curate()

    assert result.embeddings_sketched == len(TEXTS)
    assert f"{len(TEXTS)} older blocks sketched for recall" in result.summary
    blocks = await sketches_by_id(database, space)
    active = [b for b in blocks.values() if b["status"] == "active"]
    assert len(active) == len(TEXTS)
    for block in active:  # what dream writes: the sketch of the stored embedding
        assert block["sketch"] == sketch(block["embedding"])
    assert blocks[archived]["sketch"] is None  # an archived block has nothing to sketch
    assert (await space_props(database, space))["embeddings_sketched"] is True


async def test_a_space_recorded_as_sketched_is_not_read_again(
    make_memory: MakeMemory, database: Database, space: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory, ids = await active_blocks(make_memory, TEXTS)
    reads: list[Any] = []
    read = upkeep.unsketched_embeddings

    async def counted(tx: Any, **params: Any) -> Any:
        reads.append(params)
        return await read(tx, **params)

    monkeypatch.setattr(upkeep, "unsketched_embeddings", counted)
    # A block losing its sketch now is not looked for: the record stands (only blocks a
    # version without the upkeep dreamed lack one, and those went in the first pass).
    await graph_write(
        database,
        "MATCH (b:Block {space: $s, id: $id}) REMOVE b.embedding_sketch",
        s=space,
        id=ids[TEXTS[0]],
    )
    result = await memory.curate()
    assert result.embeddings_sketched == 0
    assert len(reads) == 1  # one read, which found the record and returned nothing
    assert (await sketches_by_id(database, space))[ids[TEXTS[0]]]["sketch"] is None


async def test_the_upkeep_goes_page_by_page_and_stops_at_its_share_of_a_run(
    make_memory: MakeMemory, database: Database, space: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = await older_space(make_memory, database, space)
    monkeypatch.setattr(upkeep, "PAGE", 2)
    monkeypatch.setattr(upkeep, "PER_RUN", 5)

    first = await memory.curate()
    assert first.embeddings_sketched == 5
    assert "embeddings_sketched" not in await space_props(database, space)  # not done yet
    sketched = [b for b in (await sketches_by_id(database, space)).values() if b["sketch"]]
    assert sorted(b["id"] for b in sketched) == sorted(await _ids(database, space))[:5]

    second = await memory.curate()  # goes on with the rest, then records it
    assert second.embeddings_sketched == len(TEXTS) - 5
    assert (await space_props(database, space))["embeddings_sketched"] is True
    assert all(b["sketch"] for b in (await sketches_by_id(database, space)).values())


async def _ids(database: Database, space: str) -> list[str]:
    rows = await graph(database, "MATCH (b:Block {space: $s}) RETURN b.id AS id", s=space)
    return [row["id"] for row in rows]
