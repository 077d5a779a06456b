"""consolidate / dream on a real Neo4j (docs/BEHAVIOUR.md §4), with the mock embedder."""

from __future__ import annotations

import numpy as np
import pytest

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.consolidation import write as consolidation_write
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.errors import ConfigError, StorageError
from elfgraph.store.database import Database
from tests.support.embedders import ClusterEmbedder
from tests.support.graph import blocks_by_status, edges_of, graph
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio


async def test_dream_promotes_and_a_second_dream_returns_none(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    await memory.learn_many(["alpha", "beta", "gamma"])
    result = await memory.dream()
    assert result is not None
    assert (result.processed, result.promoted, result.deduplicated) == (3, 3, 0)
    assert await memory.dream() is None
    rows = await graph(
        database,
        "MATCH (b:Block {space: $space}) RETURN b {.*} AS b ORDER BY b.id",
        space=space,
    )
    for row in rows:
        block = row["b"]
        assert block["status"] == "active"
        # promoted (1), then the space's first curate, due after the dream, reinforced
        # the top blocks (docs/BEHAVIOUR.md §9)
        assert block["reinforcement_count"] == 2
        assert block["confidence"] == 0.5  # no LLM: neutral alignment
        assert block["summary"] == block["content"]
        assert block["embedding_model"] == "mock-hash-384"
        assert len(block["embedding"]) == 384
        assert block["decay_lambda"] == 0.01


async def test_a_progress_that_is_not_a_function_is_refused_before_anything_is_filed(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    await memory.learn("alpha")
    for call in (memory.dream, memory.consolidate):
        with pytest.raises(ConfigError, match="progress must be a function") as refused:
            await call(progress="\ud800")  # type: ignore[arg-type]
        assert refused.value.recovery
    assert (await blocks_by_status(database, space)).get("inbox")


async def test_near_duplicates_supersede_at_090_and_reject_at_095(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    embedder = MockEmbeddingService(
        similarities={
            ("the build uses make", "the build uses gnu make"): 0.96,
            ("tests run nightly", "tests run every night"): 0.92,
            ("deploys need approval", "deploys need two approvals"): 0.80,
        }
    )
    memory = await make_memory(embedding_service=embedder)
    old = await memory.learn_many(
        ["the build uses make", "tests run nightly", "deploys need approval"]
    )
    await memory.dream()
    new = await memory.learn_many(
        ["the build uses GNU make", "tests run every night", "deploys need two approvals"]
    )
    result = await memory.dream()
    assert result is not None
    assert result.deduplicated == 1
    assert result.superseded == 1
    assert result.promoted == 2
    statuses = await blocks_by_status(database, space)
    assert statuses["archived"] == {new[0].block_id, old[1].block_id}
    assert statuses["active"] == {
        old[0].block_id,
        new[1].block_id,
        old[2].block_id,
        new[2].block_id,
    }
    reasons = await graph(
        database,
        "MATCH (b:Block {space: $space, status: 'archived'}) RETURN DISTINCT b.archive_reason AS r",
        space=space,
    )
    assert reasons == [{"r": "superseded"}]


async def test_duplicates_within_one_dream_are_caught(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    embedder = MockEmbeddingService(similarities={("colour is red", "color is red"): 0.97})
    memory = await make_memory(embedding_service=embedder)
    first, second = await memory.learn_many(["colour is red", "color is red"])
    result = await memory.dream()
    assert result is not None
    assert (result.promoted, result.deduplicated) == (1, 1)
    statuses = await blocks_by_status(database, space)
    assert statuses["active"] == {first.block_id}
    assert statuses["archived"] == {second.block_id}


async def test_only_edges_above_the_score_threshold_are_created(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    embedder = MockEmbeddingService(
        similarities={
            ("redis caches sessions", "redis stores session data"): 0.85,  # well above
            ("redis caches sessions", "postgres holds orders"): 0.45,  # cosine < 0.50 → 0
        }
    )
    memory = await make_memory(embedding_service=embedder)
    ids = await memory.learn_many(
        ["redis caches sessions", "redis stores session data", "postgres holds orders"]
    )
    result = await memory.dream()
    assert result is not None
    edges = await edges_of(database, space)
    pair = tuple(sorted([ids[0].block_id, ids[1].block_id]))
    assert [(e["a"], e["b"]) for e in edges] == [pair]
    edge = edges[0]
    assert edge["type"] == "SIMILAR"
    props = edge["props"]
    assert props["relation"] == "similar"
    assert props["origin"] == "similarity"
    assert props["reinforcement_count"] == 0
    # 0.55·0.85 + 0.20·0 (no tags) + 0.15·1 (same category) + 0.10·1 (same hour)
    assert props["weight"] == pytest.approx(0.55 * 0.85 + 0.15 + 0.10, abs=1e-3)
    assert result.edges_created == 1


async def test_degree_cap_holds_on_both_ends_for_200_similar_blocks(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    config = ElfgraphConfig(memory=MemoryConfig(consolidate_batch_size=64))
    memory = await make_memory(embedding_service=ClusterEmbedder(), config=config)
    await memory.learn_many([f"cluster fact {i}" for i in range(120)])
    first = await memory.dream()
    await memory.learn_many([f"cluster fact {i}" for i in range(120, 200)])
    second = await memory.dream()
    assert first is not None
    assert second is not None
    degrees = await graph(
        database,
        "MATCH (b:Block {space: $space, status: 'active'}) "
        "RETURN b.id AS id, COUNT { (b)--(:Block) } AS degree",
        space=space,
    )
    assert len(degrees) == 200
    assert max(row["degree"] for row in degrees) <= 5
    edges = await edges_of(database, space)
    assert first.edges_created + second.edges_created >= len(edges)  # displaced edges went
    pairs = [tuple(sorted((e["a"], e["b"]))) for e in edges]
    assert len(pairs) == len(set(pairs))  # one edge per pair
    assert all(e["a"] < e["b"] for e in edges)  # stored from the smaller id
    assert len(edges) > 200  # the cap limits, it does not starve


async def test_edges_created_counts_the_edges_in_the_graph(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory(embedding_service=ClusterEmbedder())
    await memory.learn_many([f"cluster item {i}" for i in range(4)] + ["unrelated"])
    result = await memory.dream()
    assert result is not None
    assert result.edges_created == len(await edges_of(database, space)) == 6  # 4 choose 2


async def test_active_blocks_are_never_embedded_again(make_memory: MakeMemory) -> None:
    embedder = MockEmbeddingService()
    memory = await make_memory(embedding_service=embedder)
    await memory.learn_many(["one", "two", "three"])
    await memory.dream()
    embedder.embedded.clear()
    await memory.learn("four")
    await memory.dream()
    assert embedder.embedded == ["four"]


async def test_an_interrupted_dream_loses_nothing(
    make_memory: MakeMemory, database: Database, space: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = await make_memory(embedding_service=ClusterEmbedder())
    learned = await memory.learn_many([f"cluster note {i}" for i in range(6)])

    async def crash(*args: object, **kwargs: object) -> list[dict[str, object]]:
        raise RuntimeError("power cut during the write")

    monkeypatch.setattr(consolidation_write, "link", crash)  # after archive + promote ran
    with pytest.raises(RuntimeError):
        await memory.dream()
    statuses = await blocks_by_status(database, space)
    assert statuses == {"inbox": {r.block_id for r in learned}}
    assert await edges_of(database, space) == []

    monkeypatch.undo()
    result = await memory.dream()
    assert result is not None
    assert result.promoted == 6
    assert (await blocks_by_status(database, space)) == {"active": {r.block_id for r in learned}}


class FailsOnText(MockEmbeddingService):
    """The mock embedder, failing on the batch that holds `text`."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    async def embed_batch(self, texts: list[str]) -> list[np.ndarray]:
        if self.text in texts:
            raise RuntimeError("the embedder went away")
        return await super().embed_batch(texts)


async def test_a_chunk_being_written_commits_when_planning_the_next_one_fails(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    # The next chunk is read and planned while the one before it is written: an error there
    # comes out once that write has committed, so what was done stays done.
    config = ElfgraphConfig(memory=MemoryConfig(consolidate_batch_size=2))
    memory = await make_memory(embedding_service=FailsOnText("note 2"), config=config)
    learned = await memory.learn_many([f"note {i}" for i in range(5)])
    with pytest.raises(RuntimeError, match="went away"):
        await memory.dream()
    ids = [r.block_id for r in learned]
    assert await blocks_by_status(database, space) == {
        "active": set(ids[:2]),
        "inbox": set(ids[2:]),
    }

    fixed = await make_memory(config=config)
    result = await fixed.dream()
    assert result is not None
    assert result.promoted == 3
    assert await blocks_by_status(database, space) == {"active": set(ids)}


async def test_a_different_embedding_model_is_refused(make_memory: MakeMemory, space: str) -> None:
    memory = await make_memory()
    await memory.learn("locks the model")
    await memory.dream()
    with pytest.raises(StorageError) as caught:
        await make_memory(embedding_service=MockEmbeddingService(model_name="other-model"))
    assert "locked to embedding model 'mock-hash-384'" in caught.value.message
    assert caught.value.recovery


async def test_two_spaces_never_see_each_others_blocks_or_edges(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    other_space = f"{space}-other"
    mine = await make_memory(embedding_service=ClusterEmbedder())
    theirs = await make_memory(other_space, embedding_service=ClusterEmbedder())
    try:
        await mine.learn_many([f"cluster shared text {i}" for i in range(5)])
        await theirs.learn_many([f"cluster shared text {i}" for i in range(5)])
        await mine.dream()
        await theirs.dream()
        cross = await graph(
            database,
            "MATCH (a:Block)-[r]-(b:Block) WHERE a.space <> b.space RETURN count(r) AS n",
        )
        assert cross == [{"n": 0}]
        assert (await mine.status()).active_count == 5
        assert (await theirs.status()).active_count == 5
        assert (await mine.learn("cluster shared text 0")).status == "created"  # not theirs
    finally:
        from elfgraph.spaces.registry import drop_space

        await drop_space(database, other_space)


async def test_a_small_space_in_a_big_index_still_finds_its_neighbours(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    crowd_space = f"{space}-crowd"
    crowd = await make_memory(crowd_space, embedding_service=ClusterEmbedder())
    small = await make_memory(embedding_service=ClusterEmbedder())
    try:
        # 300 near-identical blocks elsewhere fill the top of every index answer.
        await crowd.learn_many([f"cluster crowd {i}" for i in range(300)])
        await crowd.dream()
        await small.learn("cluster mine 1")
        await small.dream()
        await small.learn("cluster mine 2")
        result = await small.dream()
        assert result is not None
        assert result.edges_created == 1
    finally:
        from elfgraph.spaces.registry import drop_space

        await drop_space(database, crowd_space)


def test_cluster_embedder_really_clusters() -> None:
    embedder = ClusterEmbedder()
    a, b = embedder.vector("cluster a"), embedder.vector("cluster b")
    assert 0.55 < float(np.dot(a, b)) < 0.75


async def test_duplicates_are_caught_across_chunks_of_one_run(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    embedder = MockEmbeddingService(
        similarities={("first", "first again"): 0.97, ("second", "second, reworded"): 0.92}
    )
    config = ElfgraphConfig(memory=MemoryConfig(consolidate_batch_size=2))
    memory = await make_memory(embedding_service=embedder, config=config)
    first, second, _, again, reworded = await memory.learn_many(
        ["first", "second", "third", "first again", "second, reworded"]
    )
    result = await memory.dream()
    assert result is not None
    assert (result.processed, result.deduplicated, result.superseded) == (5, 1, 1)
    statuses = await blocks_by_status(database, space)
    assert statuses["archived"] == {again.block_id, second.block_id}
    assert first.block_id in statuses["active"]
    assert reworded.block_id in statuses["active"]


async def test_an_embedder_of_another_dimension_is_refused_at_open(
    make_memory: MakeMemory,
) -> None:
    with pytest.raises(StorageError) as caught:
        await make_memory(embedding_service=MockEmbeddingService(dimensions=768))
    assert "768" in caught.value.message
    assert "384" in caught.value.recovery
