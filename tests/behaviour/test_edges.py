"""connect, disconnect, connect_by_query and connects as an agent sees them (docs/BEHAVIOUR.md
§8.2–§8.4), on both transports; edges are inspected in the graph."""

from __future__ import annotations

from typing import Any

import pytest

from elfgraph import BlockNotActiveError, ConnectError, ConnectSpec, SelfLoopError
from elfgraph.protocol import Memory
from elfgraph.store.database import Database
from tests.support.graph import edges_of, snapshot

pytestmark = pytest.mark.anyio

FACTS = [
    "the deploy script needs AWS_PROFILE set",
    "the staging database is read-only on fridays",
    "grass is green in spring",
]


async def active_blocks(memory: Memory, n: int = 3) -> list[str]:
    """n active blocks with random mock vectors: dream links none of them."""
    learned = await memory.learn_many(FACTS[:n])
    await memory.dream()
    return [r.block_id for r in learned]


async def only_edge(database: Database, space: str) -> dict[str, Any]:
    (edge,) = await edges_of(database, space)
    return edge


async def test_connect_by_query_only_matches_active_blocks(memory: Memory) -> None:
    await memory.learn("pending words only")
    result = await memory.connect_by_query("pending words", "only", dry_run=True)
    assert result.action == "insufficient_confidence"
    assert result.source_id is None


async def test_error_refuses_an_existing_edge(
    memory: Memory, database: Database, space: str
) -> None:
    (a, b, _) = await active_blocks(memory)
    await memory.connect(a, b)
    before = await snapshot(database, space)
    with pytest.raises(ConnectError) as caught:
        await memory.connect(a, b, "supports", if_exists="error")
    assert "already links" in caught.value.message
    assert "if_exists" in caught.value.recovery
    assert await snapshot(database, space) == before
    # With no edge yet, 'error' simply creates one.
    created = await memory.connect(a, _third(memory, a, b), if_exists="error")
    assert created.action == "created"


def _third(memory: Memory, *taken: str) -> str:
    return next(i for i in memory.session_block_ids if i not in taken)


async def test_a_self_loop_is_refused_with_a_recovery(memory: Memory) -> None:
    (a, _, _) = await active_blocks(memory)
    with pytest.raises(SelfLoopError) as caught:
        await memory.connect(a, a)
    assert isinstance(caught.value, ConnectError)
    assert caught.value.recovery
    assert "Recovery:" in str(caught.value)


async def test_disconnect_removes_the_edge_and_reports_it(
    memory: Memory, database: Database, space: str
) -> None:
    (a, b, c) = await active_blocks(memory)
    await memory.connect(a, b, "supports")
    await memory.connect(b, c, "elaborates")
    result = await memory.disconnect(b, a, reason="wrong link")
    assert (result.action, result.removed_relation, result.removed_weight) == (
        "removed",
        "supports",
        0.75,
    )
    assert result.reason == "wrong link"
    assert "Removed supports edge" in str(result)
    assert [e["props"]["relation"] for e in await edges_of(database, space)] == ["elaborates"]


async def test_disconnect_of_no_edge_is_not_found(memory: Memory) -> None:
    (a, b, _) = await active_blocks(memory)
    result = await memory.disconnect(a, b)
    assert result.action == "not_found"
    assert result.removed_relation is None
    with pytest.raises(BlockNotActiveError) as caught:  # an unknown id is never "not found"
        await memory.disconnect(a, "0000000000000000")
    assert caught.value.status is None


async def test_guard_relation_protects_an_edge_of_another_relation(
    memory: Memory, database: Database, space: str
) -> None:
    (a, b, _) = await active_blocks(memory)
    await memory.connect(a, b, "supports")
    kept = await memory.disconnect(a, b, guard_relation="similar")
    assert (kept.action, kept.found_relation) == ("guarded", "supports")
    assert len(await edges_of(database, space)) == 1
    removed = await memory.disconnect(a, b, guard_relation="supports")
    assert removed.action == "removed"
    assert await edges_of(database, space) == []
    with pytest.raises(ConnectError):
        await memory.disconnect(a, b, guard_relation="x]->() DELETE r //")


async def test_connect_by_query_connects_confident_matches_and_shows_them(
    memory: Memory, database: Database, space: str
) -> None:
    (a, b, _) = await active_blocks(memory)
    result = await memory.connect_by_query(FACTS[0], FACTS[1], "supports", note="same release")
    assert result.action == "connected"
    assert (result.source_id, result.target_id) == (a, b)
    assert (result.source_content, result.target_content) == (FACTS[0], FACTS[1])
    assert result.source_confidence == pytest.approx(1.0)
    assert result.connect_result is not None
    assert result.connect_result.action == "created"
    edge = await only_edge(database, space)
    assert (edge["type"], edge["props"]["note"]) == ("SUPPORTS", "same release")


async def test_connect_by_query_dry_run_writes_nothing(
    memory: Memory, database: Database, space: str
) -> None:
    (a, b, _) = await active_blocks(memory)
    before = await snapshot(database, space)
    result = await memory.connect_by_query(FACTS[0], FACTS[1], dry_run=True)
    assert result.action == "dry_run_preview"
    assert (result.source_id, result.target_id) == (a, b)
    assert result.source_content == FACTS[0]
    assert result.connect_result is None
    assert "dry_run" in result.summary
    assert await snapshot(database, space) == before


async def test_connect_by_query_refuses_weak_or_identical_matches(
    memory: Memory, database: Database, space: str
) -> None:
    await active_blocks(memory)
    weak = await memory.connect_by_query(FACTS[0], "something nobody wrote down")
    assert weak.action == "insufficient_confidence"
    assert weak.target_confidence < 0.7
    assert weak.target_content is not None  # what it would have picked, for the agent to see
    same = await memory.connect_by_query(FACTS[0], FACTS[0])
    assert same.action == "same_block"
    assert await edges_of(database, space) == []
    with pytest.raises(ConnectError):
        await memory.connect_by_query(FACTS[0], FACTS[1], min_confidence=1.5)


async def test_connect_by_query_leaves_the_breadcrumbs_alone(memory: Memory) -> None:
    (_a, _b, c) = await active_blocks(memory)
    await memory.recall(FACTS[2], top_k=1)
    await memory.connect_by_query(FACTS[0], FACTS[1])
    assert memory.last_recall_block_ids == [c]


async def test_connects_applies_the_good_specs_and_reports_the_bad_ones(
    memory: Memory, database: Database, space: str
) -> None:
    (a, b, c) = await active_blocks(memory)
    await memory.connect(a, c)
    result = await memory.connects(
        [
            ConnectSpec(source=a, target=b, relation="supports"),
            {"source": a, "target": c},  # exists: reinforced
            {"source": b, "target": b},  # self-loop
            {"source": a, "target": "0000000000000000"},  # not active
            {"source": b, "target": c, "relation": "DROP"},  # not a word
            {"target": c},  # no source
            {"source": b, "target": c, "relation": "elaborates", "note": "in order"},
        ]
    )
    assert (result.created, result.reinforced, result.updated, result.skipped) == (2, 1, 0, 0)
    assert [e.index for e in result.errors] == [2, 3, 4, 5]
    assert [e.error for e in result.errors] == [
        "SelfLoopError",
        "BlockNotActiveError",
        "ConnectError",
        "ConnectError",
    ]
    assert all(e.recovery for e in result.errors)
    assert "4 failed" in result.summary
    assert result.to_dict()["errors"][0]["index"] == 2
    relations = sorted(e["props"]["relation"] for e in await edges_of(database, space))
    assert relations == ["elaborates", "similar", "supports"]


async def test_connects_refuses_something_that_is_not_a_list(memory: Memory) -> None:
    await active_blocks(memory)
    with pytest.raises(ConnectError):
        await memory.connects("a->b")  # type: ignore[arg-type]
    empty = await memory.connects([])
    assert empty.created == 0
    assert empty.errors == []
