"""Dream's neighbour lookup (docs/BEHAVIOUR.md §4.1): a small space is compared in memory,
a big one asks the shared vector index; both find the same nearest blocks, of the space
only, and leave out what the run itself promoted."""

from __future__ import annotations

import pytest

from elfgraph import MockEmbeddingService
from elfgraph.consolidation import neighbours
from elfgraph.consolidation.neighbours import nearest_neighbours
from elfgraph.consolidation.plan import InboxBlock
from elfgraph.spaces.registry import index_share_counts
from elfgraph.store.database import Database
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

TEXTS = [f"fact {i} about the {w} harbour" for i, w in enumerate(["north", "south", "old"] * 20)]
NEW = ["fact 3 about the north harbour", "a thing about the old harbour", "fact 59"]


async def test_in_memory_and_index_lookups_agree(
    make_memory: MakeMemory, database: Database, space: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    embedder = MockEmbeddingService()
    memory = await make_memory(embedding_service=embedder)
    await memory.learn_many(TEXTS)
    await memory.dream()
    other = await make_memory(f"{space}-other", embedding_service=embedder)
    await other.learn_many(NEW)  # the same texts in another space: never a neighbour here
    await other.dream()
    ours = {b.content: b.id for b in await memory.recall(None, top_k=60)}
    assert len(ours) == len(TEXTS)

    blocks = [
        InboxBlock(id=f"new-{i}", content=t, tags=(), category="knowledge")
        for i, t in enumerate(NEW)
    ]
    vectors = await embedder.embed_batch([t.lower() for t in NEW])

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
