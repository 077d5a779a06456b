"""The proof of issue 61: a unique marker planted in a block reaches every place a text can
go (a near-duplicate absorbed into it, another absorbed into a survivor without it, the
block learned after it in its session, a frame's reinforcement and co-retrieval staging, two
outcome records, an agent's edge with a note, an inbox copy, an export, the vector and
keyword caches and the cached SELF frame of a second OS process), then is forgotten. After
that, every property of every node and relationship of the space is read and the marker is
nowhere, nor are the forgotten ids; recall and frames in both processes never return it; the
vector index does not hold its vector; dream does not bring it back; an export does not
contain it; the kept degrees and counts equal a recount."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import anyio.abc
import numpy as np
import pytest

from elfgraph.config.connection import Settings
from elfgraph.memory import MemorySystem
from elfgraph.portability.export import export_space
from elfgraph.store.database import Database
from tests.support.forget_setup import (
    AFTER,
    MARKER,
    OTHERS,
    RUNBOOK,
    RUNBOOK_MARKED,
    SECRET,
    SECRET_AGAIN,
    embedder,
)
from tests.support.graph import (
    archive_due_drift,
    degree_drift,
    due_drift,
    edge_count_drift,
    graph,
    snapshot,
)
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

ROOT = Path(__file__).resolve().parents[2]


def strings(value: Any) -> list[str]:
    """Every string inside a property value (lists and maps included)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in strings(item)]
    if isinstance(value, list | tuple):
        return [s for item in value for s in strings(item)]
    return []


async def ids_of(database: Database, space: str, contents: list[str]) -> dict[str, str]:
    rows = await graph(
        database,
        "MATCH (b:Block {space: $s}) WHERE b.content IN $contents "
        "RETURN b.content AS content, b.id AS id, b.status AS status",
        s=space,
        contents=contents,
    )
    return {f"{row['content']}|{row['status']}": row["id"] for row in rows}


async def plant(memory: MemorySystem, database: Database, space: str) -> dict[str, str]:
    """The marker in every place a text can go; the ids of the blocks that hold it."""
    async with memory.session("plant"):
        await memory.learn_many(
            [
                RUNBOOK,
                {"content": SECRET, "tags": ["self/value", "ops"]},
                AFTER,
                *OTHERS,
            ]
        )
    await memory.dream()
    await memory.learn_many([SECRET_AGAIN, RUNBOOK_MARKED])
    result = await memory.dream()
    assert result is not None
    assert result.deduplicated == 2
    found = await ids_of(database, space, [SECRET, SECRET_AGAIN, RUNBOOK_MARKED, AFTER])
    secret, after = found[f"{SECRET}|active"], found[f"{AFTER}|active"]
    runbook = (await ids_of(database, space, [RUNBOOK]))[f"{RUNBOOK}|active"]
    for _ in range(3):  # reinforced, co-retrieved in three sessions: a co_occurs edge
        async with memory.session("work"):
            frame = await memory.frame("attention", "staging root password", top_k=4)
            assert any(MARKER in block.content for block in frame.blocks)
    await memory.outcome([secret[:8], after], 0.9, source="it helped")
    await memory.outcome([secret], 0.1, source="it misled")
    other = (await ids_of(database, space, [OTHERS[1]]))[f"{OTHERS[1]}|active"]
    await memory.connect(secret, other, "depends_on", note=f"see {MARKER}", if_exists="update")
    await memory.learn(SECRET)  # an inbox copy learned before the forget
    copies = await ids_of(database, space, [SECRET])
    return {
        "secret": secret,
        "secret_again": found[f"{SECRET_AGAIN}|archived"],
        "runbook_marked": found[f"{RUNBOOK_MARKED}|archived"],
        "inbox_copy": copies[f"{SECRET}|inbox"],
        "after": after,
        "runbook": runbook,
    }


async def everywhere(database: Database, space: str) -> list[str]:
    """Every string stored in the space: each property of each of its nodes (blocks,
    sessions, outcomes, co-retrieval pairs, tombstones, the space) and relationships."""
    rows = await snapshot(database, space)
    return [s for row in rows for value in row.values() for s in strings(value)]


async def test_a_forgotten_marker_is_nowhere_and_no_process_returns_it(
    make_memory: MakeMemory,
    database: Database,
    space: str,
    neo4j_settings: Settings,
    tmp_path: Path,
) -> None:
    memory = await make_memory(embedding_service=embedder())
    planted = await plant(memory, database, space)
    stored = " ".join(await everywhere(database, space))
    assert stored.lower().count(MARKER.lower()) >= 8  # content, summaries, absorbed, a note
    co_retrieved = await graph(
        database,
        "MATCH (c:CoRetrieval {space: $s}) WHERE $id IN [c.a, c.b] RETURN count(c) AS n",
        s=space,
        id=planted["secret"],
    )
    edges = await graph(
        database,
        "MATCH (b:Block {space: $s, id: $id})-[r]-() RETURN r.origin AS origin",
        s=space,
        id=planted["secret"],
    )
    assert co_retrieved[0]["n"] > 0 or {"co_retrieval"} & {e["origin"] for e in edges}
    assert "agent" in {e["origin"] for e in edges}
    await export_space(database, space, tmp_path / "before.jsonl")
    assert MARKER in (tmp_path / "before.jsonl").read_text(encoding="utf-8")
    vector = (await embedder().embed(SECRET.lower())).tolist()
    nearest_query = (
        "CALL db.index.vector.queryNodes('block_embedding', 50, $v) YIELD node "
        "WHERE node.space = $s RETURN node.id AS id"
    )
    found = await graph(database, nearest_query, v=vector, s=space)
    assert planted["secret"] in {row["id"] for row in found}

    connection = neo4j_settings.connection()
    env = os.environ | {
        "NEO4J_URI": connection.uri,
        "NEO4J_USERNAME": connection.username,
        "NEO4J_PASSWORD": connection.password.get_secret_value() if connection.password else "",
        "NEO4J_DATABASE": connection.database,
    }
    command = [sys.executable, "-m", "tests.support.recall_worker", space]
    with anyio.fail_after(240):
        async with await anyio.open_process(command, env=env, cwd=ROOT) as worker:
            assert worker.stdin is not None
            assert worker.stdout is not None
            lines = LineReader(worker.stdout)
            seen_before = json.loads(await lines.next())
            assert MARKER in " ".join(seen_before["recalls"][0])
            assert MARKER in seen_before["self_frame"]
            assert seen_before["cached_again"]

            forgotten = await memory.forget(
                [planted["secret"][:8], planted["runbook_marked"]], reason="pasted by mistake"
            )
            gone = [planted[k] for k in ("secret", "secret_again", "runbook_marked", "inbox_copy")]
            assert sorted(forgotten.block_ids) == sorted(gone)
            assert (forgotten.near_duplicates, forgotten.inbox_copies) == (1, 1)
            assert forgotten.texts_given_back == 1  # the runbook gave its absorbed text back
            assert forgotten.vectors_refreshed == 1  # AFTER leaned on the secret
            assert forgotten.outcomes_edited == 2
            assert forgotten.edges_removed >= 2

            await worker.stdin.send((json.dumps(gone) + "\n").encode())
            seen_after = json.loads(await lines.next())
            assert await worker.wait() == 0

    # The second process: no recall or frame returns it, cached or not.
    shown = json.dumps({k: seen_after[k] for k in ("recalls", "self_frame", "attention_frame")})
    assert MARKER.lower() not in shown.lower()
    assert seen_after["self_cached"] is False  # its cached SELF frame was dropped
    assert seen_after["cache_holds"] == []
    assert seen_after["cache_words"] == []
    assert seen_after["cache_current"]
    assert RUNBOOK in " ".join(seen_after["recalls"][3])  # the survivor's own text stays

    # This process: recall, frames, history, breadcrumbs.
    for query in (MARKER, "staging root password", SECRET):
        assert all(MARKER not in b.content for b in await memory.recall(query, top_k=10))
    frame = await memory.frame("self", top_k=10)
    assert MARKER not in frame.text
    assert not set(gone) & set(memory.last_recall_block_ids + memory.session_block_ids)
    assert all(MARKER not in record.detail for record in memory.history(100))

    # Every property of every node and relationship of the space.
    stored_after = await everywhere(database, space)
    assert not [s for s in stored_after if MARKER.lower() in s.lower()]
    assert not [s for s in stored_after if any(block_id in s for block_id in gone)]
    tombstones = await graph(
        database, "MATCH (t:Forgotten {space: $s}) RETURN t {.*} AS t", s=space
    )
    assert len(tombstones) == 4
    assert {t["t"]["reason"] for t in tombstones} == {"pasted by mistake"}
    assert {t["t"]["receipt"] for t in tombstones} == {forgotten.receipt}

    # The vector index holds no vector of it; the block after it is found by its own.
    nearest = await graph(database, nearest_query, v=vector, s=space)
    assert not set(gone) & {row["id"] for row in nearest}
    after = await graph(
        database,
        "MATCH (b:Block {space: $s, id: $id}) RETURN b.embedding AS e",
        s=space,
        id=planted["after"],
    )
    own = (await embedder().embed(AFTER.lower())).tolist()
    # Its predecessor is now RUNBOOK (learned before SECRET): it leans on that one.
    assert not np.allclose(after[0]["e"], own)
    leaning = np.asarray(own) + 0.5 * np.asarray(await embedder().embed(RUNBOOK.lower()))
    assert np.allclose(after[0]["e"], leaning / np.linalg.norm(leaning), atol=1e-5)

    # Dream brings nothing back; an export does not contain it.
    assert await memory.dream() is None  # the inbox copy went with it
    await export_space(database, space, tmp_path / "after.jsonl")
    exported = (tmp_path / "after.jsonl").read_text(encoding="utf-8")
    assert MARKER.lower() not in exported.lower()
    assert not [block_id for block_id in gone if block_id in exported]

    assert await degree_drift(database, space) == []
    assert await due_drift(database, space) == []
    assert await archive_due_drift(database, space) == []
    assert await edge_count_drift(database, space) == []
    status = await memory.status()
    assert status.forgotten_count == 4
    assert status.last_forgotten_at is not None


class LineReader:
    """Lines from a process's standard output, as they come."""

    def __init__(self, stream: anyio.abc.ByteReceiveStream) -> None:
        self.stream = stream
        self.buffer = b""

    async def next(self) -> str:
        while b"\n" not in self.buffer:
            chunk = await self.stream.receive()
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode()
