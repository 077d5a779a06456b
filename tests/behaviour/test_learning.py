"""learn, remember and learn_many as an agent sees them (docs/BEHAVIOUR.md §3), on both
transports: in process and through the service."""

from __future__ import annotations

import pytest

from elfgraph.core.text import block_id
from elfgraph.errors import LearnError
from elfgraph.protocol import Memory
from elfgraph.store.database import Database
from tests.support.graph import blocks_by_status
from tests.support.transports import OpenMemory

pytestmark = pytest.mark.anyio


async def test_learn_stores_an_inbox_block_and_leaves_a_breadcrumb(memory: Memory) -> None:
    result = await memory.learn("  The API uses OAuth2.  ", ["topic/auth"], category="decision")
    assert result.status == "created"
    assert result.block_id == block_id("the api uses oauth2.")
    assert memory.last_learned_block_id == result.block_id
    status = await memory.status()
    assert (status.inbox_count, status.active_count) == (1, 0)


async def test_same_content_in_the_inbox_is_rejected(memory: Memory) -> None:
    first = await memory.learn("Deploys run on Fridays")
    again = await memory.learn("deploys run on fridays ")
    assert again.status == "duplicate_rejected"
    assert again.block_id == first.block_id
    assert "Duplicate rejected" in str(again)


async def test_learn_many_is_one_batch_with_per_item_results(memory: Memory) -> None:
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
    memory: Memory, database: Database, space: str, content: object, tags: object, problem: str
) -> None:
    with pytest.raises(LearnError) as caught:
        await memory.learn(content, tags)  # type: ignore[arg-type]
    assert problem in caught.value.message
    assert "learn" in caught.value.recovery or caught.value.recovery
    assert await blocks_by_status(database, space) == {}


async def test_one_bad_item_in_a_batch_stores_nothing(
    memory: Memory, database: Database, space: str
) -> None:
    with pytest.raises(LearnError) as caught:
        await memory.learn_many(["fine", {"content": "also fine", "tags": "oops"}])
    assert caught.value.message.startswith("Item 1:")
    with pytest.raises(LearnError):
        await memory.learn_many("not a list")  # type: ignore[arg-type]
    with pytest.raises(LearnError, match="unknown keys"):
        await memory.learn_many([{"content": "x", "confidence": 1.0}])
    assert await blocks_by_status(database, space) == {}


async def test_remember_opens_a_session_first(memory: Memory) -> None:
    assert not memory.session_active
    result = await memory.remember("I prefer short answers", category="preference")
    assert memory.session_active
    assert memory.session_id is not None
    assert result.status == "created"
    assert memory.session_block_ids == [result.block_id]


async def test_two_memories_see_each_others_writes(open_memory: OpenMemory) -> None:
    one = await open_memory()
    two = await open_memory()
    await one.learn("written by one")
    assert (await two.status()).inbox_count == 1
    assert (await two.learn("written by one")).status == "duplicate_rejected"
    assert await two.dream() is not None  # the inbox count comes from the database
    assert (await one.status()).active_count == 1
