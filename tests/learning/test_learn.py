"""learn / remember / learn_many on a real Neo4j (docs/BEHAVIOUR.md §3)."""

from __future__ import annotations

import anyio
import pytest

from elfgraph.config.connection import Settings
from elfgraph.core.text import block_id
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.errors import StorageError
from elfgraph.memory import MemorySystem
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.graph import blocks_by_status, graph, graph_write
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio


async def test_learn_stores_an_inbox_block_with_the_defaults(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    result = await memory.learn("  The API uses OAuth2.  ", ["topic/auth"], category="decision")
    assert result.status == "created"
    assert result.block_id == block_id("the api uses oauth2.")
    (row,) = await graph(
        database, "MATCH (b:Block {space: $space}) RETURN b {.*} AS b", space=space
    )
    block = row["b"]
    assert block["status"] == "inbox"
    # Kept out of the indexes that order active blocks: promotion sets these.
    for ranked_only in ("confidence", "reinforcement_count", "weighted_degree", "edge_due_hours"):
        assert ranked_only not in block
    assert block["decay_lambda"] == 0.01
    assert block["tags"] == ["topic/auth"]
    assert block["category"] == "decision"
    assert block["source"] == "api"
    assert block["token_count"] == len("  The API uses OAuth2.  ") // 4
    assert block["created_at"].endswith("+00:00")
    assert "embedding" not in block  # learn is fast: no embedding until dream
    assert memory.last_learned_block_id == result.block_id


async def test_a_pending_block_ranks_with_the_defaults_and_promotion_sets_them(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    learned = await memory.learn("The staging cluster runs on spot instances")
    (pending,) = await memory.recall("staging cluster spot instances", top_k=3)
    assert (pending.id, pending.pending) == (learned.block_id, True)
    assert (pending.confidence, pending.reinforcement, pending.centrality) == (0.5, 0.0, 0.0)
    await memory.dream()
    (row,) = await graph(
        database, "MATCH (b:Block {space: $space}) RETURN b {.*} AS b", space=space
    )
    block = row["b"]
    assert block["status"] == "active"
    assert block["reinforcement_count"] >= 1
    assert 0.0 < block["confidence"] <= 1.0
    assert (block["weighted_degree"], block["edge_due_hours"]) == (0.0, 1.0e18)


async def test_relearning_archived_content_gets_a_new_inbox_block(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    first = await memory.learn("The cache TTL is 60 seconds")
    await memory.dream()
    await graph_write(
        database,
        "MATCH (b:Block {space: $space, id: $id}) SET b.status = 'archived'",
        space=space,
        id=first.block_id,
    )
    again = await memory.learn("The cache TTL is 60 seconds")
    assert again.status == "created"
    assert again.block_id != first.block_id
    assert len(again.block_id) == 16
    statuses = await blocks_by_status(database, space)
    assert statuses["inbox"] == {again.block_id}
    assert statuses["archived"] == {first.block_id}


async def test_one_batch_mixes_new_repeated_and_relearned_content(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    promoted = await memory.learn("Promoted before the batch")
    await memory.dream()
    waiting = await memory.learn("Still in the inbox")
    results = await memory.learn_many(
        ["brand new", "still in the inbox", "promoted before the batch", "brand new"]
    )
    assert [r.status for r in results] == [
        "created",
        "duplicate_rejected",
        "created",
        "duplicate_rejected",
    ]
    assert results[0].block_id == block_id("brand new") == results[3].block_id
    assert results[1].block_id == waiting.block_id
    assert results[2].block_id not in (promoted.block_id, block_id("promoted before the batch"))
    statuses = await blocks_by_status(database, space)
    assert statuses["inbox"] == {waiting.block_id, results[0].block_id, results[2].block_id}
    assert statuses["active"] == {promoted.block_id}
    rows = await graph(
        database,
        "MATCH (b:Block {space: $space}) WHERE b.status = 'inbox' "
        "RETURN b.id AS id, b.content AS content, b.learn_seq AS seq, b.weighted_degree AS d",
        space=space,
    )
    contents = {row["id"]: row["content"] for row in rows}
    assert contents[results[2].block_id] == "promoted before the batch"
    # No degree in the inbox (promotion sets it): nor for content stored again.
    assert all(row["d"] is None and row["seq"] is not None for row in rows)


async def test_each_block_of_a_batch_keeps_its_own_fields_and_the_batch_s_shared_ones(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    await memory.begin_session()
    promoted = await memory.learn("Stored again", ["old"])
    await memory.dream()
    results = await memory.learn_many(
        [
            "bare fact",
            {"content": "tagged fact", "tags": ["topic/a", "topic/b"]},
            {"content": "observed", "category": "observation", "source": "user"},
            {"content": "stored again", "tags": ["new"], "source": "tool"},
        ]
    )
    rows = await graph(
        database,
        "MATCH (b:Block {space: $space, status: 'inbox'}) RETURN b {.*} AS b ORDER BY b.learn_seq",
        space=space,
    )
    blocks = [row["b"] for row in rows]
    assert [b["id"] for b in blocks] == [r.block_id for r in results]  # learning order
    assert results[3].block_id != promoted.block_id  # the stored-again path
    assert [(b["tags"], b["category"], b["source"]) for b in blocks] == [
        ([], "knowledge", "api"),
        (["topic/a", "topic/b"], "knowledge", "api"),
        ([], "observation", "user"),
        (["new"], "knowledge", "tool"),
    ]
    assert [b["content"] for b in blocks] == [
        "bare fact",
        "tagged fact",
        "observed",
        "stored again",
    ]
    assert {b["session_id"] for b in blocks} == {memory.session_id}
    assert len({b["created_at"] for b in blocks}) == 1
    assert all(b["token_count"] == len(b["content"]) // 4 for b in blocks)
    assert all((b["decay_lambda"], b["status"]) == (0.01, "inbox") for b in blocks)


async def test_learning_into_a_dropped_space_raises_and_stores_nothing(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    await drop_space(database, space)
    with pytest.raises(StorageError, match="no longer exists"):
        await memory.learn_many(["after the drop", "and another"])
    assert await graph(database, "MATCH (b:Block {space: $space}) RETURN b", space=space) == []


async def test_concurrent_learners_of_the_same_text_agree(
    neo4j_settings: Settings, database: Database, space: str
) -> None:
    systems = [
        await MemorySystem.open(
            space, settings=neo4j_settings, embedding_service=MockEmbeddingService()
        )
        for _ in range(6)
    ]
    results: list[str] = []

    async def learn(memory: MemorySystem) -> None:
        results.append((await memory.learn("raced by six processes")).status)

    try:
        async with anyio.create_task_group() as group:
            for memory in systems:
                group.start_soon(learn, memory)
    finally:
        for memory in systems:
            await memory.close()
    assert sorted(results) == ["created"] + ["duplicate_rejected"] * 5
    assert len((await blocks_by_status(database, space))["inbox"]) == 1
