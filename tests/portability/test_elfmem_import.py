"""import_elfmem on the databases made by the real elfmem 0.20 (fixtures/make_elfmem_dbs.py):
blocks, statuses, tags, edges with their kinds and weights, sessions, outcomes, the clock;
embeddings reused when the model matches, else the inbox; what is left out, reported."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.errors import ImportFileError, StorageError
from elfgraph.portability.elfmem_import import import_elfmem
from elfgraph.store.database import Database
from tests.support.graph import graph
from tests.support.memory import MakeMemory
from tests.support.portability import NOTHING, traces

pytestmark = pytest.mark.anyio
FIXTURES = Path(__file__).parent / "fixtures"
SAME_MODEL = FIXTURES / "elfmem_same_model.db"
OTHER_MODEL = FIXTURES / "elfmem_other_model.db"
DEPLOY = "The deploy script needs AWS_PROFILE set."
SELF = "I always say when I am unsure."


def sqlite_rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        return list(connection.execute(sql))


async def blocks_of(database: Database, space: str) -> dict[str, dict[str, object]]:
    rows = await graph(
        database,
        "MATCH (b:Block) WHERE b.space = $s RETURN b.id AS id, labels(b) AS labels, "
        "properties(b) AS props",
        s=space,
    )
    return {r["id"]: {**r["props"], "labels": sorted(r["labels"])} for r in rows}


async def test_the_same_model_keeps_blocks_edges_sessions_and_the_clock(
    database: Database, other_space: str, make_memory: MakeMemory
) -> None:
    result = await import_elfmem(
        database, SAME_MODEL, space=other_space, embedding_service=MockEmbeddingService()
    )
    assert result.embeddings_reused
    assert result.sent_to_inbox == 0
    assert result.schema_version == 9
    blocks = await blocks_of(database, other_space)
    elfmem_blocks = sqlite_rows(
        SAME_MODEL, "SELECT id, status, confidence, reinforcement_count, decay_lambda FROM blocks"
    )
    assert len(blocks) == len(elfmem_blocks) == result.counts["block"]
    for block_id, status, confidence, reinforcement, decay in elfmem_blocks:
        mine = blocks[str(block_id)]
        assert (mine["status"], mine["confidence"], mine["reinforcement_count"]) == (
            status,
            confidence,
            reinforcement,
        )
        assert mine["decay_lambda"] == decay
        assert ("embedding" in mine) == (status == "active")
    self_block = next(b for b in blocks.values() if b["content"] == SELF)
    assert self_block["labels"] == ["Block", "Self"]
    assert self_block["tags"] == ["self/constitutional"]
    edges = await graph(
        database,
        "MATCH (a:Block {space: $s})-[r]->(b) RETURN type(r) AS type, r.origin AS origin, "
        "r.weight AS weight, a.id < b.id AS ordered",
        s=other_space,
    )
    kinds = {(e["type"], e["origin"]) for e in edges}
    assert kinds == {
        ("CO_OCCURS", "co_retrieval"),
        ("DEPENDS_ON", "agent"),
        ("OUTCOME", "outcome"),
        ("SIMILAR", "similarity"),
        ("SUPPORTS", "agent"),
        ("CONTRADICTS", "contradiction"),
    }
    assert all(e["ordered"] for e in edges)
    weights = sorted(w for (w,) in sqlite_rows(SAME_MODEL, "SELECT weight FROM edges"))
    assert sorted(e["weight"] for e in edges if e["type"] != "CONTRADICTS") == weights
    space = (await graph(database, "MATCH (s:Space {name: $s}) RETURN s {.*} AS s", s=other_space))[
        0
    ]["s"]
    assert space["total_active_hours"] == 5.75
    assert space["embedding_model"] == "mock-hash-384"
    sessions = await graph(
        database,
        "MATCH (n:Session {space: $s}) RETURN n.task_type AS task, n.hours AS hours "
        "ORDER BY n.start_hours",
        s=other_space,
    )
    assert [(s["task"], s["hours"]) for s in sessions] == [
        ("setup", 2.0),
        ("work-0", 1.0),
        ("work-1", 1.0),
        ("work-2", 1.0),
        ("feedback", 0.5),
        ("late", 0.25),
    ]
    assert result.counts["outcome"] == 3
    assert result.counts["co_retrieval"] == 3
    left_out = {u.what: u.count for u in result.unmapped}
    assert left_out["contradictions of kind near_duplicate"] == 1
    assert "blocks.last_scored_at" in left_out
    memory = await make_memory(other_space, embedding_service=MockEmbeddingService())
    found = await memory.recall(DEPLOY, top_k=3)
    assert found[0].content == DEPLOY  # the reused vectors are the ones the embedder makes


async def test_another_model_sends_active_blocks_to_the_inbox_for_dream(
    database: Database, other_space: str, make_memory: MakeMemory
) -> None:
    result = await import_elfmem(
        database, OTHER_MODEL, space=other_space, embedding_service=MockEmbeddingService()
    )
    active = sqlite_rows(OTHER_MODEL, "SELECT count(*) FROM blocks WHERE status = 'active'")
    assert not result.embeddings_reused
    assert result.sent_to_inbox == active[0][0] == 12
    assert result.counts["edge"] == 0
    left_out = {u.what: u.count for u in result.unmapped}
    elfmem_edges = sqlite_rows(OTHER_MODEL, "SELECT count(*) FROM edges")[0][0]
    assert left_out["edges"] == elfmem_edges
    assert left_out["contradictions"] == 1
    assert "confidence, reinforcement and decay of active blocks sent to the inbox" in left_out
    statuses = {b["status"] for b in (await blocks_of(database, other_space)).values()}
    assert statuses == {"inbox", "archived"}
    memory = await make_memory(other_space, embedding_service=MockEmbeddingService())
    dreamed = await memory.dream()
    assert dreamed is not None
    assert dreamed.promoted >= 12
    assert (await memory.status()).embedding_model == "mock-hash-384"


async def test_a_file_that_is_not_an_elfmem_database_is_refused(
    database: Database, other_space: str, tmp_path: Path
) -> None:
    text = tmp_path / "notes.db"
    text.write_text("not a database", encoding="utf-8")
    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).execute("CREATE TABLE other (x)").connection.close()
    for path, words in [
        (text, "not an SQLite database"),
        (empty, "not an elfmem database"),
        (tmp_path / "missing.db", "no such file"),
    ]:
        with pytest.raises(ImportFileError, match=words):
            await import_elfmem(database, path, space=other_space)
    assert await traces(database, other_space) == NOTHING


async def test_a_bad_row_stops_the_import_and_leaves_nothing(
    database: Database, other_space: str, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.db"
    shutil.copy(SAME_MODEL, broken)
    with sqlite3.connect(broken) as connection:
        connection.execute(
            "UPDATE sessions SET start_active_hours = 'soon' WHERE task_type = 'late'"
        )
    with pytest.raises(ImportFileError, match="sessions row"):
        await import_elfmem(
            database, broken, space=other_space, embedding_service=MockEmbeddingService()
        )
    assert await traces(database, other_space) == NOTHING


async def test_an_existing_space_is_refused(
    database: Database, space: str, make_memory: MakeMemory
) -> None:
    await make_memory(space)
    with pytest.raises(StorageError, match="already exists"):
        await import_elfmem(
            database, SAME_MODEL, space=space, embedding_service=MockEmbeddingService()
        )
