"""`import_space(..., merge=True)`: the rules of docs/PORTABILITY.md, "Merging"."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.errors import StorageError
from elfgraph.portability.importing import import_space
from elfgraph.spaces.registry import drop_space, open_space
from elfgraph.store.database import Database
from tests.support.graph import (
    archive_due_drift,
    block_props,
    degree_drift,
    due_drift,
    edge_count_drift,
    graph,
    graph_write,
)
from tests.support.memory import MakeMemory
from tests.support.portability import graph_of, staging_left, text_keys, traces
from tests.support.rich_space import (
    ALICE,
    BILLING,
    CACHE,
    DEPLOY,
    GOAL,
    STAGING,
    RichSpace,
    embedder,
)

pytestmark = pytest.mark.anyio
TARGET_ONLY = "The target space knew this already."


@pytest.fixture
async def target(
    make_memory: MakeMemory, database: Database, other_space: str
) -> AsyncIterator[str]:
    """A space that already holds DEPLOY (same id as the file's) and a block of its own,
    at 100 active hours."""
    memory = await make_memory(other_space, embedding_service=embedder())
    await memory.learn_many([DEPLOY, TARGET_ONLY])
    await memory.dream()
    await graph_write(
        database, "MATCH (s:Space {name: $s}) SET s.total_active_hours = 100.0", s=other_space
    )
    return other_space


async def clock(database: Database, space: str) -> float:
    rows = await graph(database, "MATCH (s:Space {name: $s}) RETURN s {.*} AS s", s=space)
    return float(rows[0]["s"]["total_active_hours"])


async def vector_epoch(database: Database, space: str) -> int:
    rows = await graph(
        database, "MATCH (s:Space {name: $space}) RETURN s.vector_epoch AS e", space=space
    )
    return int(rows[0]["e"])


async def edge_between(database: Database, space: str, a: str, b: str) -> dict[str, object]:
    rows = await graph(
        database,
        "MATCH (:Block {space: $s, id: $a})-[r]-(:Block {space: $s, id: $b}) "
        "RETURN type(r) AS type, properties(r) AS props",
        s=space,
        a=a,
        b=b,
    )
    assert len(rows) == 1, rows
    return dict(rows[0])


async def test_a_merge_keeps_the_space_s_blocks_and_moves_the_file_onto_its_clock(
    rich: RichSpace, exported: Path, database: Database, space: str, target: str
) -> None:
    ids = rich.ids
    kept = await block_props(database, target, ids[DEPLOY])
    epoch_before = await vector_epoch(database, target)
    source_clock = await clock(database, space)
    shift = 100.0 - source_clock
    result = await import_space(database, exported, space=target, merge=True)
    assert result.merged
    assert result.skipped["block"] == 1  # DEPLOY: the space's version wins
    # DEPLOY keeps every property; its weighted degree grows by the edges it gained (below),
    # and its edges' due time follows them
    derived = {"weighted_degree", "edge_due_hours"}
    deploy = await block_props(database, target, ids[DEPLOY])
    assert {k: v for k, v in deploy.items() if k not in derived} == {
        k: v for k, v in kept.items() if k not in derived
    }
    assert deploy["weighted_degree"] > kept["weighted_degree"]
    assert await degree_drift(database, target) == []
    assert await due_drift(database, target) == []
    assert await clock(database, target) == 100.0
    cache = await block_props(database, space, ids[CACHE])
    moved = await block_props(database, target, ids[CACHE])
    assert moved["last_reinforced_at"] == pytest.approx(cache["last_reinforced_at"] + shift)
    # its archive due time moves with its last reinforcement (docs/BEHAVIOUR.md §9.2)
    assert moved["archive_due_hours"] == pytest.approx(cache["archive_due_hours"] + shift)
    assert await archive_due_drift(database, target) == []
    assert await edge_count_drift(database, target) == []
    # a moved block takes the target's text_key and a newer vector epoch (recall's cache)
    clocked = ("last_reinforced_at", "archive_due_hours")
    assert {k: v for k, v in moved.items() if k not in clocked} == {
        k: v for k, v in cache.items() if k not in (*clocked, "space", "text_key", "vector_epoch")
    } | {
        "space": target,
        "text_key": (await text_keys(database, target))[0],
        "vector_epoch": moved["vector_epoch"],
    }
    assert epoch_before < int(moved["vector_epoch"]) <= await vector_epoch(database, target)
    key, block_keys = await text_keys(database, target)
    assert block_keys == {key}
    # edges of DEPLOY in the file now join the space's DEPLOY; the others come as they are
    similar = await edge_between(database, target, ids[DEPLOY], ids[STAGING])
    original = await edge_between(database, space, ids[DEPLOY], ids[STAGING])
    assert similar["type"] == original["type"] == "SIMILAR"
    assert await edge_between(database, target, ids[DEPLOY], ids[BILLING])
    supports = await edge_between(database, target, ids[ALICE], ids[GOAL])
    before = await edge_between(database, space, ids[ALICE], ids[GOAL])
    assert supports["props"]["last_active_hours"] == pytest.approx(  # type: ignore[index]
        before["props"]["last_active_hours"] + shift  # type: ignore[index]
    )
    after = await traces(database, target)
    source = await traces(database, space)
    assert after["blocks"] == source["blocks"] - 1 + 2
    assert after["sessions"] == source["sessions"] + 0  # the target learned outside sessions
    assert after["outcomes"] == source["outcomes"]
    assert after["claims"] == 0
    assert await staging_left(database) == 0


async def test_merging_the_same_file_again_changes_nothing(
    rich: RichSpace, exported: Path, database: Database, target: str
) -> None:
    await import_space(database, exported, space=target, merge=True)
    once = await graph_of(database, target)
    again = await import_space(database, exported, space=target, merge=True)
    assert await graph_of(database, target) == once
    assert again.skipped["block"] == again.counts["block"]
    assert again.skipped["session"] == again.counts["session"]


async def test_a_space_locked_to_another_model_refuses_the_merge(
    rich: RichSpace, exported: Path, database: Database, make_memory: MakeMemory
) -> None:
    name = f"test-other-model-{uuid.uuid4().hex[:8]}"
    try:
        other = MockEmbeddingService(model_name="another-model")
        memory = await make_memory(name, embedding_service=other)
        await memory.learn(TARGET_ONLY)
        await memory.dream()
        before = await graph_of(database, name)
        with pytest.raises(StorageError, match="another-model"):
            await import_space(database, exported, space=name, merge=True)
        assert await graph_of(database, name) == before
        assert await staging_left(database) == 0
    finally:
        await drop_space(database, name)


async def test_a_space_with_no_model_yet_takes_the_file_s(
    rich: RichSpace, exported: Path, database: Database, other_space: str
) -> None:
    await open_space(database, other_space)
    await import_space(database, exported, space=other_space, merge=True)
    rows = await graph(
        database, "MATCH (s:Space {name: $s}) RETURN s.embedding_model AS m", s=other_space
    )
    assert rows == [{"m": "mock-hash-384"}]


async def test_merge_into_a_space_that_does_not_exist_is_a_plain_import(
    rich: RichSpace, exported: Path, database: Database, space: str, other_space: str
) -> None:
    result = await import_space(database, exported, space=other_space, merge=True)
    assert not result.merged
    assert await graph_of(database, other_space) == await graph_of(database, space)
