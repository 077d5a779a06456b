"""A property test (hypothesis): random sequences of learn, dream, frame, outcome, connect,
correct and forget (by id, by prefix, by text, of blocks in any status) keep every invariant
the curate tests check: each block's weighted degree, edge due time and archive due time,
and the space's edge count, equal a recount (docs/BEHAVIOUR.md §9.2, §9.3, §9.5). Besides,
nothing names a block that is gone: no edge, outcome record, co-retrieval pair or
replacement pointer (§12)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elfgraph.errors import ElfgraphError, StorageError
from elfgraph.memory import MemorySystem
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.embedders import VariantEmbedder
from tests.support.graph import (
    archive_due_drift,
    degree_drift,
    due_drift,
    edge_count_drift,
    graph,
)

pytestmark = pytest.mark.anyio

TOPICS = ["deploys", "billing", "backups", "on-call", "staging"]
KINDS = ["learn", "dream", "frame", "outcome", "connect", "correct", "forget", "forget_text"]


async def blocks(database: Database, space: str) -> list[dict[str, Any]]:
    return await graph(
        database,
        "MATCH (b:Block {space: $s}) RETURN b.id AS id, b.status AS status ORDER BY id",
        s=space,
    )


async def dangling(database: Database, space: str) -> list[dict[str, Any]]:
    """Whatever still names a block that is not there (none expected)."""
    return await graph(
        database,
        "CALL () { MATCH (o:Outcome {space: $s}) UNWIND o.block_ids + coalesce(o.penalised, []) "
        "AS id WITH DISTINCT id WHERE NOT EXISTS { (:Block {space: $s, id: id}) } "
        "RETURN collect('outcome ' + id) AS a } "
        "CALL () { MATCH (c:CoRetrieval {space: $s}) UNWIND [c.a, c.b] AS id "
        "WITH DISTINCT id WHERE NOT EXISTS { (:Block {space: $s, id: id}) } "
        "RETURN collect('pair ' + id) AS b } "
        "CALL () { MATCH (x:Block {space: $s}) WHERE x.superseded_by IS NOT NULL "
        "AND NOT EXISTS { (:Block {space: $s, id: x.superseded_by}) } "
        "RETURN collect('pointer ' + x.id) AS c } "
        "UNWIND a + b + c AS found RETURN found",
        s=space,
    )


async def step(
    memory: MemorySystem, database: Database, space: str, kind: str, data: st.DataObject, n: int
) -> None:
    present = await blocks(database, space)
    ids = [row["id"] for row in present]
    active = [row["id"] for row in present if row["status"] == "active"]
    if kind == "learn" or len(active) < 3:
        texts = [
            data.draw(
                st.sampled_from(
                    [
                        f"cluster note {n}-{i} about {data.draw(st.sampled_from(TOPICS))}",
                        f"variant wording {n}-{i} of the release rule",
                        f"plain fact {n}-{i}",
                    ]
                )
            )
            for i in range(data.draw(st.integers(1, 4)))
        ]
        async with memory.session("learn"):
            await memory.learn_many(texts)
        if data.draw(st.booleans()):
            await memory.dream()
    elif kind == "dream":
        await memory.dream()
    elif kind == "frame":
        async with memory.session("work"):
            topic = data.draw(st.sampled_from(TOPICS))
            await memory.frame("attention", f"cluster note about {topic}", top_k=4)
    elif kind == "outcome":
        chosen = data.draw(st.lists(st.sampled_from(active), min_size=1, max_size=3, unique=True))
        await memory.outcome(chosen, data.draw(st.sampled_from([0.05, 0.5, 0.95])))
    elif kind == "connect":
        a, b = data.draw(st.lists(st.sampled_from(active), min_size=2, max_size=2, unique=True))
        await memory.connect(a, b, data.draw(st.sampled_from(["supports", "depends_on"])))
    elif kind == "correct":
        target = data.draw(st.sampled_from(ids))
        await memory.correct(target, f"corrected cluster note {n} about {TOPICS[n % 5]}")
    elif kind == "forget":
        chosen = data.draw(st.lists(st.sampled_from(ids), min_size=1, max_size=3, unique=True))
        given = [i[: data.draw(st.sampled_from([8, 16]))] for i in chosen]
        result = await memory.forget(given, dry_run=data.draw(st.booleans()))
        if not result.dry_run:
            assert set(chosen) <= set(result.block_ids)
            assert not set(result.block_ids) & {row["id"] for row in await blocks(database, space)}
    else:
        word = data.draw(st.sampled_from(["variant", "plain fact", "billing", "corrected"]))
        await memory.forget_matching(word, dry_run=False, limit=3)


@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(kinds=st.lists(st.sampled_from(KINDS), min_size=6, max_size=10), data=st.data())
async def test_random_sequences_with_forgets_keep_every_kept_count_exact(
    database: Database, kinds: list[str], data: st.DataObject
) -> None:
    space = f"test-forget-{uuid.uuid4().hex[:10]}"
    memory = await MemorySystem.open(
        space, database=database, embedding_service=VariantEmbedder(spread=0.2), warm=False
    )
    try:
        for n, kind in enumerate(["learn", *kinds]):
            try:
                await step(memory, database, space, kind, data, n)
            except StorageError:
                raise  # a query the server rejected is a defect, not a refusal
            except ElfgraphError:
                pass  # a refused call (an archived block to correct, a full block) changes nothing
            assert await degree_drift(database, space) == [], (n, kind)
            assert await due_drift(database, space) == [], (n, kind)
            assert await archive_due_drift(database, space) == [], (n, kind)
            assert await edge_count_drift(database, space) == [], (n, kind)
            assert await dangling(database, space) == [], (n, kind)
    finally:
        await memory.close()
        await drop_space(database, space)
