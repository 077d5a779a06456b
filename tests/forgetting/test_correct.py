"""correct() (docs/BEHAVIOUR.md §12): the new content is an active block at once, recall
returns it, the old block is archived with superseded_by and its id names the new one, the
agent's edges move, automatic ones go, confidence carries over, and the kept degrees and
counts stay exact. Bad input changes nothing."""

from __future__ import annotations

import pytest

from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.errors import CorrectError
from elfgraph.store.database import Database
from tests.support.graph import (
    archive_due_drift,
    block_props,
    degree_drift,
    due_drift,
    edge_count_drift,
    edges_of,
    graph,
    snapshot,
)
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

WRONG = "The staging database is read-only on Fridays"
RIGHT = "The staging database is read-only on Mondays"
FACTS = [
    "Deploys need two approvals",
    "The on-call rotation changes every Monday",
    "Backups run at midnight",
]


async def ids_by_content(database: Database, space: str) -> dict[str, str]:
    rows = await graph(
        database,
        "MATCH (b:Block {space: $s}) RETURN b.content AS content, b.id AS id",
        s=space,
    )
    return {row["content"]: row["id"] for row in rows}


async def test_a_correction_is_recalled_at_once_and_takes_the_agents_edges(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    async with memory.session():
        await memory.learn_many([{"content": WRONG, "tags": ["ops"]}, *FACTS])
    await memory.dream()
    ids = await ids_by_content(database, space)
    wrong, approvals, backups = ids[WRONG], ids[FACTS[0]], ids[FACTS[2]]
    await memory.connect(wrong, backups, "depends_on", note="backups pause writes")
    await memory.outcome([wrong, approvals], 0.95)
    before = await block_props(database, space, wrong)
    automatic = [e for e in await edges_of(database, space) if wrong in (e["a"], e["b"])]
    assert {e["props"]["origin"] for e in automatic} == {"session", "agent"}

    result = await memory.correct(wrong[:8], RIGHT, reason="the schedule moved")
    assert (result.old_id, result.old_status) == (wrong, "active")
    assert result.confidence == pytest.approx(before["confidence"])
    assert (result.edges_moved, result.edges_dropped) == (1, len(automatic) - 1)
    new = await block_props(database, space, result.new_id)
    assert new["status"] == "active"
    assert new["content"] == RIGHT
    assert new["tags"] == before["tags"]
    assert new["confidence"] == pytest.approx(before["confidence"])
    assert new["outcome_evidence"] == pytest.approx(before["outcome_evidence"])
    assert new["session_id"] == before["session_id"]
    assert len(new["embedding"]) == 384
    old = await block_props(database, space, wrong)
    assert (old["status"], old["archive_reason"], old["superseded_by"]) == (
        "archived",
        "corrected",
        result.new_id,
    )
    assert old["correction_reason"] == "the schedule moved"
    assert "embedding" not in old
    edges = await edges_of(database, space)
    assert not [e for e in edges if wrong in (e["a"], e["b"])]
    moved = [e for e in edges if result.new_id in (e["a"], e["b"])]
    assert len(moved) == 1
    assert moved[0]["type"] == "DEPENDS_ON"
    assert moved[0]["props"]["note"] == "backups pause writes"
    assert moved[0]["a"] < moved[0]["b"]  # stored from the smaller id to the larger

    found = await memory.recall("staging database read-only", top_k=2)
    assert found[0].content == RIGHT
    assert all(block.content != WRONG for block in found)
    # The old id names the new block for outcome and connect, as a near-duplicate's does.
    rated = await memory.outcome([wrong], 0.9)
    assert rated.block_ids == [result.new_id]
    status = await memory.status()
    assert status.corrected_count == 1
    assert [r.operation for r in memory.history(3)] == ["correct", "recall", "outcome"]
    assert await degree_drift(database, space) == []
    assert await due_drift(database, space) == []
    assert await archive_due_drift(database, space) == []
    assert await edge_count_drift(database, space) == []


async def test_an_inbox_block_can_be_corrected_before_its_dream(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    learned = await memory.learn(WRONG, ["ops"])
    result = await memory.correct(learned.block_id, RIGHT)
    assert result.old_status == "inbox"
    assert result.confidence == 0.5
    assert (await memory.recall("read-only Mondays", top_k=1))[0].content == RIGHT
    assert await memory.dream() is None  # the inbox held only the corrected block


async def test_learning_the_correction_again_is_a_duplicate_of_it(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    embedder = MockEmbeddingService(similarities={(RIGHT, RIGHT + "!"): 0.97})
    memory = await make_memory(embedding_service=embedder)
    await memory.learn(WRONG)
    await memory.dream()
    corrected = await memory.correct((await ids_by_content(database, space))[WRONG], RIGHT)
    await memory.learn(RIGHT + "!")
    dreamed = await memory.dream()
    assert dreamed is not None
    assert dreamed.deduplicated == 1  # archived into the correction, which stays
    assert (await block_props(database, space, corrected.new_id))["status"] == "active"


async def test_what_cannot_be_corrected_is_an_error_and_nothing_changes(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    await memory.learn_many([WRONG, RIGHT, *FACTS])
    await memory.dream()
    ids = await ids_by_content(database, space)
    await memory.correct(ids[FACTS[0]], "Deploys need three approvals")
    before = await snapshot(database, space)
    cases = [
        (ids[FACTS[0]], "Deploys need four approvals", "archived"),  # corrected already
        ("0123456789abcdef", "anything", "No block"),
        (ids[WRONG], WRONG.upper(), "already says"),
        (ids[WRONG], RIGHT, "already holds"),
        (ids[WRONG], "", "empty"),
        (ids[WRONG], 42, "text"),
        (None, RIGHT, "not a block id"),
    ]
    for block_id, content, message in cases:
        with pytest.raises(CorrectError, match=message):
            await memory.correct(block_id, content)  # type: ignore[arg-type]
    with pytest.raises(CorrectError):
        await memory.correct(ids[WRONG], "Fine text", reason=["not", "text"])  # type: ignore[arg-type]
    assert await snapshot(database, space) == before


async def test_a_correction_keeps_the_speaker_and_is_found_by_it(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    (old,) = await memory.learn_many(
        [{"content": "Standup is at nine", "speaker": "Maria", "occurred_at": "2023-05-08"}]
    )
    await memory.dream()
    result = await memory.correct(old.block_id, "Standup is at ten")
    new = await block_props(database, space, result.new_id)
    assert (new["speaker"], new["speaker_key"]) == ("Maria", "maria")
    assert new["summary"] == "Maria: Standup is at ten"
    assert "occurred_at" not in new  # its time is when it was corrected
    (found,) = [b for b in await memory.recall("standup", top_k=5) if b.id == result.new_id]
    assert found.speaker == "Maria"
