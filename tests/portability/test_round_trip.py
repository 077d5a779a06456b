"""Export → import → export on a real Neo4j: the same records, the same graph, the same
recall ranking (docs/PORTABILITY.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elfgraph.core.sketch import sketch
from elfgraph.errors import StorageError
from elfgraph.portability.export import export_space
from elfgraph.portability.importing import import_space
from elfgraph.spaces.registry import find_space, open_space
from elfgraph.store.database import Database
from tests.support.graph import graph, graph_write
from tests.support.memory import MakeMemory
from tests.support.portability import NOTHING, graph_of, lines, records, text_keys, traces
from tests.support.rich_space import DEPLOY, GOAL, SELF, RichSpace, embedder

pytestmark = pytest.mark.anyio


async def test_the_rich_space_holds_every_kind_of_record(rich: RichSpace, exported: Path) -> None:
    found = [json.loads(line) for line in lines(exported)]
    kinds = [r["record"] for r in found]
    assert kinds[:2] == ["header", "space"]
    assert kinds[-1] == "end"
    blocks = [r for r in found if r["record"] == "block"]
    assert {b["status"] for b in blocks} == {"inbox", "active", "archived"}
    assert {b.get("archive_reason") for b in blocks} >= {"superseded", "decayed"}
    assert any(b.get("labels") == ["Self"] for b in blocks)
    edges = {(r["relation"], r["origin"]) for r in found if r["record"] == "edge"}
    assert edges >= {
        ("similar", "similarity"),
        ("co_occurs", "session"),
        ("outcome", "outcome"),
        ("supports", "agent"),
        ("depends_on", "agent"),
        ("contradicts", "agent"),
    }
    sessions = [r for r in found if r["record"] == "session"]
    assert any("ended_at" not in s for s in sessions)
    assert any("hours" in s for s in sessions)
    assert {"outcome", "co_retrieval"} <= set(kinds)
    space_line = found[1]
    assert space_line["embedding_model"] == "mock-hash-384"
    assert space_line["future_setting"] == "kept"
    assert space_line["total_active_hours"] > 0
    assert "last_curate_at" in space_line
    assert found[-1]["counts"] == {k: kinds.count(k) for k in found[-1]["counts"]}


async def test_export_import_export_gives_the_same_records_and_graph(
    rich: RichSpace, exported: Path, database: Database, space: str, other_space: str
) -> None:
    result = await import_space(database, exported, space=other_space)
    assert result.counts == json.loads(lines(exported)[-1])["counts"]
    again = exported.with_name("again.jsonl")
    await export_space(database, other_space, again)
    assert records(again) == records(exported)
    assert await graph_of(database, other_space) == await graph_of(database, space)


async def test_an_imported_block_gets_the_sketch_of_its_embedding(
    rich: RichSpace, exported: Path, database: Database, other_space: str
) -> None:
    """Recall's sketches rank it (docs/BEHAVIOUR.md §7.2): derived from the embedding on
    import, never carried in the file."""
    assert not any("embedding_sketch" in line for line in lines(exported))
    await import_space(database, exported, space=other_space)
    active = await graph(
        database,
        "MATCH (b:Block {space: $s, status: 'active'}) "
        "RETURN b.embedding AS embedding, b.embedding_sketch AS derived",
        s=other_space,
    )
    assert active
    assert all(row["derived"] == sketch(row["embedding"]) for row in active)


async def test_the_imported_space_draws_its_own_full_text_token(
    rich: RichSpace, exported: Path, database: Database, space: str, other_space: str
) -> None:
    """A copy in the same database must not share the original's token: the keyword leg
    would find the original's blocks (same ids, same words) from the copy."""
    await import_space(database, exported, space=other_space)
    original_key, original_blocks = await text_keys(database, space)
    copy_key, copy_blocks = await text_keys(database, other_space)
    assert original_blocks == {original_key}
    assert copy_blocks == {copy_key}
    assert copy_key != original_key
    assert "text_key" not in lines(exported)[1]


async def test_recall_ranks_the_imported_space_as_the_original(
    rich: RichSpace,
    exported: Path,
    database: Database,
    space: str,
    other_space: str,
    make_memory: MakeMemory,
) -> None:
    await import_space(database, exported, space=other_space)
    original = await make_memory(space, embedding_service=embedder())
    copy = await make_memory(other_space, embedding_service=embedder())
    for frame, query in [
        ("attention", DEPLOY),
        ("attention", "billing webhooks"),
        ("attention", None),
        ("task", "runbook"),
        ("self", None),
    ]:
        want = await original.recall(query, frame=frame, top_k=8)
        got = await copy.recall(query, frame=frame, top_k=8)
        assert [b.id for b in got] == [b.id for b in want], (frame, query)
        # the same sums, perhaps added in another order: equal to the last bits or so
        assert [b.score for b in got] == pytest.approx([b.score for b in want], rel=1e-12)
        assert want
    self_ids = {b.id for b in await copy.recall(None, frame="self")}
    assert {rich.ids[SELF], rich.ids[GOAL]} <= self_ids


async def test_the_space_name_comes_from_the_file_by_default(
    rich: RichSpace, exported: Path, database: Database, other_space: str, tmp_path: Path
) -> None:
    header = json.loads(lines(exported)[0])
    renamed = tmp_path / "renamed.jsonl"
    # the checksum covers the header, so a renamed copy carries none
    text = lines(exported)
    header["space"] = other_space
    end = json.loads(text[-1])
    del end["sha256"]
    renamed.write_text(
        "\n".join([json.dumps(header), *text[1:-1], json.dumps(end)]) + "\n", encoding="utf-8"
    )
    result = await import_space(database, renamed)
    assert result.space == other_space
    assert await find_space(database, other_space) is not None


async def test_an_existing_space_is_refused_and_left_as_it_was(
    rich: RichSpace, exported: Path, database: Database, space: str
) -> None:
    before = await graph_of(database, space)
    with pytest.raises(StorageError, match="already exists") as raised:
        await import_space(database, exported, space=space)
    assert "--merge" in raised.value.recovery
    assert await graph_of(database, space) == before
    assert (await traces(database, space))["claims"] == 0


async def test_a_compressed_export_round_trips(
    rich: RichSpace, database: Database, space: str, other_space: str, tmp_path: Path
) -> None:
    packed = tmp_path / "rich.jsonl.gz"
    plain = tmp_path / "rich.jsonl"
    await export_space(database, space, packed)
    await export_space(database, space, plain)
    assert packed.read_bytes()[:2] == b"\x1f\x8b"  # gzip
    assert packed.stat().st_size < plain.stat().st_size  # embeddings compress little
    await import_space(database, packed, space=other_space)
    assert await graph_of(database, other_space) == await graph_of(database, space)


async def test_vectors_that_do_not_fit_the_space_lock_are_not_exported(
    database: Database, space: str, tmp_path: Path
) -> None:
    await open_space(database, space)  # no model lock yet
    await graph_write(
        database,
        "CREATE (:Block {space: $s, id: 'b1', content: 'x', status: 'active', "
        "embedding: [0.5, 0.5]})",
        s=space,
    )
    with pytest.raises(StorageError, match="2-dimension embedding"):
        await export_space(database, space, tmp_path / "x.jsonl")
    assert not (tmp_path / "x.jsonl").exists()


async def test_a_missing_space_cannot_be_exported_and_writes_no_file(
    database: Database, tmp_path: Path
) -> None:
    target = tmp_path / "none.jsonl"
    with pytest.raises(StorageError, match="does not exist"):
        await export_space(database, "no-such-space-here", target)
    assert not target.exists()
    assert not target.with_name("none.jsonl.partial").exists()
    assert await traces(database, "no-such-space-here") == NOTHING
