"""Dream's neighbour lookup (docs/BEHAVIOUR.md §4.1): a small space is compared in memory,
a big one asks the shared vector index; both find the same nearest blocks, of the space
only, and leave out what the run itself promoted."""

from __future__ import annotations

import pytest

from elfgraph import MockEmbeddingService
from elfgraph.consolidation import neighbours
from elfgraph.consolidation.neighbours import nearest_neighbours
from elfgraph.consolidation.plan import InboxBlock
from elfgraph.consolidation.repository.active_vectors import ActiveVector
from elfgraph.embedding.base import Vector
from elfgraph.memory import MemorySystem
from elfgraph.spaces.registry import index_share_counts
from elfgraph.store.database import Database
from tests.support.graph import graph
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

TEXTS = [f"fact {i} about the {w} harbour" for i, w in enumerate(["north", "south", "old"] * 20)]
NEW = ["fact 3 about the north harbour", "a thing about the old harbour", "fact 59"]


async def space_and_queries(
    make_memory: MakeMemory, space: str, embedder: MockEmbeddingService
) -> tuple[MemorySystem, list[InboxBlock], list[Vector]]:
    """TEXTS dreamed into the space; NEW dreamed into another (never a neighbour here) and
    returned as inbox blocks with their vectors, to look up."""
    memory = await make_memory(embedding_service=embedder)
    await memory.learn_many(TEXTS)
    await memory.dream()
    other = await make_memory(f"{space}-other", embedding_service=embedder)
    await other.learn_many(NEW)
    await other.dream()
    blocks = [
        InboxBlock(id=f"new-{i}", content=t, tags=(), category="knowledge")
        for i, t in enumerate(NEW)
    ]
    return memory, blocks, await embedder.embed_batch([t.lower() for t in NEW])


async def test_in_memory_and_index_lookups_agree(
    make_memory: MakeMemory, database: Database, space: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    embedder = MockEmbeddingService()
    memory, blocks, vectors = await space_and_queries(make_memory, space, embedder)
    ours = {b.content: b.id for b in await memory.recall(None, top_k=60)}
    assert len(ours) == len(TEXTS)

    async def lookup() -> dict[str, list[tuple[str, float]]]:
        active, total = await index_share_counts(database, space)
        found = await nearest_neighbours(
            database, space, blocks, vectors, 5, run_id="no-run", others=active, total=total
        )
        return {b: [(n.id, n.cosine) for n in hits] for b, hits in found.items()}

    in_memory = await lookup()
    monkeypatch.setattr(neighbours, "IN_MEMORY_LIMIT", 0)  # as if the space were big
    indexed = await lookup()

    assert set(in_memory) == {b.id for b in blocks}
    for block_id, hits in in_memory.items():
        assert len(hits) == 5
        assert {h for h, _ in hits} <= set(ours.values())
        assert hits[0][0] == indexed[block_id][0][0]
        assert hits[0][1] == pytest.approx(indexed[block_id][0][1], abs=1e-5)
        # The index ranks by its approximate (quantised) scores, so among near-equal
        # cosines it may order or pick differently; the exact lookup is never worse.
        exact = sorted((c for _, c in hits), reverse=True)
        approximate = sorted((c for _, c in indexed[block_id]), reverse=True)
        assert all(a >= b - 1e-5 for a, b in zip(exact, approximate, strict=True))
    assert in_memory["new-0"][0] == (ours["fact 3 about the north harbour"], pytest.approx(1.0))


async def test_a_snapshot_reads_the_space_in_pages_and_finds_what_the_exact_lookup_finds(
    make_memory: MakeMemory, database: Database, space: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    embedder = MockEmbeddingService()
    memory, blocks, vectors = await space_and_queries(make_memory, space, embedder)
    await memory.learn("still in the inbox: never a neighbour")
    active, total = await index_share_counts(database, space)
    assert active == len(TEXTS)

    # Too small an inbox for the space: the run asks per chunk, as before.
    monkeypatch.setattr(neighbours, "SNAPSHOT_SHARE", 10)
    assert (
        await neighbours.space_snapshot(
            database, space, embedder.dimensions, run_id="no-run", active=active, inbox=5
        )
        is None
    )
    monkeypatch.setattr(neighbours, "READ_PAGE", 7)  # 60 blocks in nine pages
    snapshot = await neighbours.space_snapshot(
        database, space, embedder.dimensions, run_id="no-run", active=active, inbox=6
    )
    assert snapshot is not None
    ours = {b.id for b in await memory.recall(None, top_k=60)}
    assert sorted(snapshot.ids) == sorted(ours)  # each active block once, nothing else

    exact = await nearest_neighbours(
        database, space, blocks, vectors, 5, run_id="no-run", others=active, total=total
    )
    from_snapshot = snapshot.nearest(blocks, vectors, 5)
    assert {b: [(n.id, n.cosine) for n in hits] for b, hits in from_snapshot.items()} == {
        b: [(n.id, n.cosine) for n in hits] for b, hits in exact.items()
    }
    snapshot.forget([from_snapshot["new-0"][0].id])  # superseded during the run
    assert from_snapshot["new-0"][0].id not in {
        n.id for n in snapshot.nearest(blocks, vectors, 5)["new-0"]
    }


async def test_a_large_inbox_dreams_into_its_space_as_the_index_would_link_it(
    make_memory: MakeMemory, database: Database, space: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same texts dreamed into two spaces, one read once as a snapshot, one through the
    vector index: the same similarity edges."""
    later = [f"{text}, again" for text in TEXTS[:8]]
    embedder = MockEmbeddingService(
        similarities={(text.lower(), f"{text}, again".lower()): 0.85 for text in TEXTS[:8]}
    )

    async def edges_after_two_dreams(name: str) -> set[tuple[str, str]]:
        memory = await make_memory(name, embedding_service=embedder)
        await memory.learn_many(TEXTS)
        await memory.dream()
        await memory.learn_many(later)  # 8 · 40 ≥ 60: the snapshot's share
        await memory.dream()
        return {(a, b) if a < b else (b, a) for a, b in await database_rows(name)}

    async def database_rows(name: str) -> list[tuple[str, str]]:
        rows = await graph(
            database,
            "MATCH (a:Block {space: $space})-[r]-(b:Block) "
            "WHERE a.id < b.id AND r.origin = 'similarity' "
            "RETURN a.content AS a, b.content AS b",
            space=name,
        )
        return [(row["a"], row["b"]) for row in rows]

    snapshots: list[int] = []
    read = neighbours.space_snapshot

    async def counted(*args: object, **kwargs: object) -> object:
        pool = await read(*args, **kwargs)  # type: ignore[arg-type]
        if pool is not None:
            snapshots.append(len(pool))
        return pool

    monkeypatch.setattr("elfgraph.consolidation.run.space_snapshot", counted)
    with_snapshot = await edges_after_two_dreams(f"{space}-snapshot")
    assert snapshots == [len(TEXTS)]
    monkeypatch.setattr(neighbours, "SNAPSHOT_SHARE", 0)  # never a snapshot: the index
    monkeypatch.setattr(neighbours, "IN_MEMORY_LIMIT", 0)
    through_index = await edges_after_two_dreams(f"{space}-index")
    assert snapshots == [len(TEXTS)]
    assert with_snapshot == through_index
    # Each later text found its earlier one (cosine 0.85) among the space's active blocks.
    assert {(a, b) for a, b in with_snapshot if "again" in b and "again" not in a} >= {
        (text, f"{text}, again") for text in TEXTS[:8]
    }


def test_a_block_archived_while_the_pool_was_read_is_no_neighbour() -> None:
    """A dream writes one chunk while it plans the next: a block that chunk supersedes
    between the pool query's filter and its read comes without an embedding (Neo4j reads
    committed data), and the pool leaves it out instead of failing on a ragged matrix."""
    rows = [
        ActiveVector(id=i, tags=[], category=None, hours=1.0, embedding=e, own=None)
        for i, e in (("a", [1.0, 0.0]), ("b", None))
    ]
    assert [r["id"] for r in neighbours.still_embedded(rows)] == ["a"]
