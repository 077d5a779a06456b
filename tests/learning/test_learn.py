"""learn / remember / learn_many on a real Neo4j (docs/BEHAVIOUR.md §3)."""

from __future__ import annotations

import anyio
import pytest

from elfgraph.config.connection import Settings
from elfgraph.core.text import block_id
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.errors import LearnError, StorageError
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


async def test_same_content_in_the_inbox_is_rejected(make_memory: MakeMemory) -> None:
    memory = await make_memory()
    first = await memory.learn("Deploys run on Fridays")
    again = await memory.learn("deploys run on fridays ")
    assert again.status == "duplicate_rejected"
    assert again.block_id == first.block_id
    assert "Duplicate rejected" in str(again)


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


async def test_learn_many_is_one_batch_with_per_item_results(make_memory: MakeMemory) -> None:
    memory = await make_memory()
    results = await memory.learn_many(
        [
            "first fact",
            {"content": "second fact", "tags": ["t"], "category": "observation"},
            "first fact",
        ]
    )
    assert [r.status for r in results] == ["created", "created", "duplicate_rejected"]
    assert results[2].block_id == results[0].block_id
    assert memory.session_block_ids == [results[0].block_id, results[1].block_id]
    assert await memory.learn_many([]) == []


@pytest.mark.parametrize(
    ("content", "tags", "problem"),
    [
        ("", None, "empty"),
        ("   \n\t", None, "empty"),
        ("x" * (32 * 1024 + 1), None, "bytes"),
        ("nul \x00 byte", None, "NUL"),
        (42, None, "must be text"),
        ("ok", "single-string", "list of strings"),
        ("ok", [""], "non-empty string"),
        ("ok", [3], "non-empty string"),
        ("ok", ["x" * 65], "too long"),
        ("ok", [f"t{i}" for i in range(33)], "limit is 32"),
    ],
)
async def test_bad_input_is_refused_with_recovery_and_stores_nothing(
    make_memory: MakeMemory,
    database: Database,
    space: str,
    content: object,
    tags: object,
    problem: str,
) -> None:
    memory = await make_memory()
    with pytest.raises(LearnError) as caught:
        await memory.learn(content, tags)  # type: ignore[arg-type]
    assert problem in caught.value.message
    assert caught.value.recovery
    assert await blocks_by_status(database, space) == {}


async def test_one_bad_item_in_a_batch_stores_nothing(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    with pytest.raises(LearnError) as caught:
        await memory.learn_many(["fine", {"content": "also fine", "tags": "oops"}])
    assert caught.value.message.startswith("Item 1:")
    with pytest.raises(LearnError):
        await memory.learn_many("not a list")  # type: ignore[arg-type]
    with pytest.raises(LearnError, match="unknown keys"):
        await memory.learn_many([{"content": "x", "confidence": 1.0}])
    assert await blocks_by_status(database, space) == {}


async def test_remember_opens_a_session_first(make_memory: MakeMemory) -> None:
    memory = await make_memory()
    assert not memory.session_active
    result = await memory.remember("I prefer short answers", category="preference")
    assert memory.session_active
    assert result.status == "created"


async def test_two_memory_systems_see_each_others_writes(make_memory: MakeMemory) -> None:
    one = await make_memory()
    two = await make_memory()
    await one.learn("written by one")
    assert (await two.status()).inbox_count == 1
    assert (await two.learn("written by one")).status == "duplicate_rejected"
    assert await two.dream() is not None  # the inbox count comes from the database
    assert (await one.status()).active_count == 1


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
