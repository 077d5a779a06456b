"""An import's claim: the space stays invisible while it is written, one import per name,
and what a killed import left is discarded (docs/PORTABILITY.md, "How an import stays
invisible")."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.errors import StorageError
from elfgraph.memory import MemorySystem
from elfgraph.portability.claims import Claim, discard_unfinished_imports
from elfgraph.portability.importing import import_space
from elfgraph.portability.reader import FileReader
from elfgraph.portability.records import BlockLine, HeaderLine, SpaceLine
from elfgraph.portability.staging import rows_for, write_batch
from elfgraph.portability.vectors import encode_vector
from elfgraph.portability.writer import LineWriter
from elfgraph.spaces.registry import list_spaces
from elfgraph.spaces.vector_index import ensure_vector_index
from elfgraph.store.database import Database
from tests.support.graph import graph_write
from tests.support.portability import NOTHING, lines, traces
from tests.support.rich_space import RichSpace

pytestmark = pytest.mark.anyio


async def half_written(database: Database, name: str, exported: Path) -> Claim:
    """A claim on `name` with the file's first batch of blocks written under it."""
    claim = await Claim.take(database, name, merge=False)
    reader = FileReader(io.BytesIO("\n".join(lines(exported)).encode()), "rich.jsonl")
    reader.open()
    batch = reader.batch({"block": 3, "edge": 3, "session": 3, "outcome": 3, "co_retrieval": 3})
    assert batch is not None
    rows = rows_for(batch[0], batch[1], shift=0.0, source="rich.jsonl")
    await write_batch(claim, batch[0], batch[1], rows, source="rich.jsonl")
    return claim


async def test_a_space_being_imported_is_invisible_and_cannot_be_opened(
    rich: RichSpace, exported: Path, database: Database, other_space: str
) -> None:
    claim = await half_written(database, other_space, exported)
    assert (await traces(database, other_space))["blocks"] == 3
    assert other_space not in [s.name for s in await list_spaces(database)]
    with pytest.raises(StorageError, match="being imported") as raised:
        await MemorySystem.open(
            other_space, database=database, embedding_service=MockEmbeddingService()
        )
    assert "--discard-unfinished" in raised.value.recovery
    assert (await traces(database, other_space))["spaces"] == 0  # the refused open left none
    await claim.discard()
    assert await traces(database, other_space) == NOTHING


async def test_a_second_import_of_the_same_name_waits_its_turn(
    rich: RichSpace, exported: Path, database: Database, other_space: str
) -> None:
    claim = await half_written(database, other_space, exported)
    with pytest.raises(StorageError, match="being imported by another import"):
        await import_space(database, exported, space=other_space)
    assert (await traces(database, other_space))["blocks"] == 3  # the first one's, untouched
    await claim.discard()
    await import_space(database, exported, space=other_space)
    assert (await traces(database, other_space))["spaces"] == 1


async def test_a_killed_import_is_discarded_by_the_next_one(
    rich: RichSpace, exported: Path, database: Database, other_space: str
) -> None:
    killed = f"{other_space}-killed"
    await half_written(database, killed, exported)
    await graph_write(  # its process died 20 minutes ago
        database,
        "MATCH (c:ImportClaim {space: $s}) SET c.heartbeat = timestamp() - 1200000",
        s=killed,
    )
    await import_space(database, exported, space=other_space)
    assert await traces(database, killed) == NOTHING


async def test_discard_unfinished_imports_clears_every_claim(
    rich: RichSpace, exported: Path, database: Database, other_space: str
) -> None:
    await half_written(database, other_space, exported)
    assert other_space in await discard_unfinished_imports(database)
    assert await traces(database, other_space) == NOTHING


async def test_vectors_the_shared_index_cannot_hold_are_refused_before_anything_is_written(
    database: Database, other_space: str, tmp_path: Path
) -> None:
    await ensure_vector_index(database, 384)  # what every other test space uses
    path = tmp_path / "tiny.jsonl"
    with path.open("wb") as stream:
        writer = LineWriter(stream)
        writer.write(
            HeaderLine(
                record="header",
                format="elfgraph-space",
                version=1,
                elfgraph_version="test",
                exported_at="2026-01-01T00:00:00+00:00",
                space=other_space,
            )
        )
        writer.write(SpaceLine(record="space", embedding_model="tiny", embedding_dimensions=8))
        writer.write(
            BlockLine(
                record="block",
                id="0123456789abcdef",
                content="eight numbers",
                status="active",
                embedding=encode_vector([0.5] * 8),
            )
        )
        writer.finish()
    with pytest.raises(StorageError, match="384-dimension"):
        await import_space(database, path)
    assert await traces(database, other_space) == NOTHING
