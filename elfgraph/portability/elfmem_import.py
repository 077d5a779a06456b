"""import_elfmem: an elfmem SQLite database as a new elfgraph space.

The rows are read in the export format's order (elfmem_source.py), mapped to the same
records a file holds (elfmem_mapping.py) and written by the import pipeline of
importing.py, so the space appears only when all of it is written, and a failure leaves
nothing behind. The result lists what could not be mapped.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime
from itertools import groupby
from pathlib import Path
from typing import Any

import anyio

from elfgraph.config.memory import MemoryConfig
from elfgraph.embedding.base import EmbeddingService
from elfgraph.portability.elfmem_mapping import Mapper, Tally
from elfgraph.portability.elfmem_source import ElfmemDatabase
from elfgraph.portability.importing import Batch, load_space
from elfgraph.portability.models import ElfmemImportResult
from elfgraph.portability.records import DataLine, SpaceLine
from elfgraph.portability.staging import BATCH
from elfgraph.spaces.names import validate_space_name
from elfgraph.store.database import Database

# What the space node takes from system_config; the rest is reported.
MAPPED_CONFIG = {
    "total_active_hours",
    "last_consolidated_at",
    "last_curate_at",
    "embedding_model_lock",
    "embedding_dimensions_lock",
    "schema_version",
}
KNOWN_TABLES = {
    "blocks",
    "block_tags",
    "edges",
    "contradictions",
    "sessions",
    "system_config",
    "block_outcomes",
    "co_retrieval_staging",
}
BOOKKEEPING = "elfmem's own bookkeeping or settings; elfgraph has its own configuration"


def _number(value: str | None) -> float | None:
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


def space_line(db: ElfmemDatabase, reuse: bool, tally: Tally) -> SpaceLine:
    config = db.config
    for key in sorted(set(config) - MAPPED_CONFIG):
        tally.add(f"system_config.{key}", BOOKKEEPING)
    oldest = next(db.rows("SELECT min(created_at) FROM blocks"))[0]
    fields: dict[str, Any] = {
        "record": "space",
        "created_at": oldest or datetime.now(UTC).isoformat(),
        "total_active_hours": max(0.0, _number(config.get("total_active_hours")) or 0.0),
        "last_consolidated_at": config.get("last_consolidated_at"),
        "last_curate_at": _number(config.get("last_curate_at")),
    }
    if reuse:
        fields["embedding_model"] = config["embedding_model_lock"]
        fields["embedding_dimensions"] = int(config["embedding_dimensions_lock"])
    return SpaceLine.model_validate(fields)


def report_tables(db: ElfmemDatabase, tally: Tally) -> None:
    """Tables of elfmem that elfgraph has no place for."""
    if "frames" in db.tables:
        tally.add(
            "frames (custom)",
            "elfgraph's frames are built in",
            db.count("frames", "source <> 'builtin'"),
        )
    tally.add(
        "block_amendments",
        "elfgraph keeps no edit history of a block",
        db.count("block_amendments"),
    )
    tally.add(
        "peer_roster",
        "elfmem's peer messaging has no counterpart in elfgraph",
        db.count("peer_roster"),
    )
    for table in sorted(db.tables - KNOWN_TABLES - {"frames", "block_amendments", "peer_roster"}):
        if not table.startswith("sqlite_") and table != "alembic_version":
            tally.add(f"table {table}", "a table this importer does not know", db.count(table))


def records(db: ElfmemDatabase, mapper: Mapper) -> Iterator[DataLine]:
    """Every record of the space, in the file's order."""
    tags = groupby(db.tags(), key=lambda row: row["block_id"])
    pending = next(tags, None)
    for row in db.blocks():
        while pending is not None and pending[0] < row["id"]:
            pending = next(tags, None)  # tags of a block that no longer exists
        block_tags: list[str] = []
        if pending is not None and pending[0] == row["id"]:
            block_tags = [t["tag"] for t in pending[1]]
            pending = next(tags, None)
        if (block := mapper.block(row, block_tags)) is not None:
            yield block
    last: tuple[str, str] | None = None
    for row in db.edges(mapper.dimensions):
        if (edge := mapper.edge(row, last)) is not None:
            yield edge
        last = (row["a"], row["b"])
    yield from (mapper.session(row) for row in db.sessions())
    yield from (mapper.outcome(row) for row in db.outcomes())
    for row in db.co_retrievals(mapper.dimensions):
        if (pair := mapper.co_retrieval(row)) is not None:
            yield pair


def batches(stream: Iterator[DataLine]) -> Iterator[Batch]:
    """Records in batches of one kind, numbered as the lines of an export file would be."""
    number = 2
    for kind, group in groupby(stream, key=lambda record: record.kind):
        batch: list[tuple[int, DataLine]] = []
        for record in group:
            number += 1
            batch.append((number, record))
            if len(batch) == BATCH[kind]:
                yield kind, batch
                batch = []
        if batch:
            yield kind, batch


async def import_elfmem(
    database: Database,
    path: str | Path,
    *,
    space: str,
    embedding_service: EmbeddingService | None = None,
    config: MemoryConfig | None = None,
) -> ElfmemImportResult:
    """Import the elfmem database at `path` as the new space `space`.

    Embeddings are reused when the database is locked to the model and dimension of
    `embedding_service` (the service the space will be used with; default: the local
    model named by ELFGRAPH_EMBEDDER, which is not loaded for this); otherwise active
    blocks go to the inbox and the next dream embeds them.
    """
    started = time.perf_counter()
    validate_space_name(space)
    if embedding_service is None:
        from elfgraph.config.connection import load_settings
        from elfgraph.embedding.choice import local_embedder

        embedding_service = local_embedder(load_settings().embedder)  # loads lazily
    db = await anyio.to_thread.run_sync(ElfmemDatabase, path)
    try:
        lock = (db.config.get("embedding_model_lock"), db.config.get("embedding_dimensions_lock"))
        target = (embedding_service.model_name, str(embedding_service.dimensions))
        reuse = lock == target
        tally = Tally()
        line = space_line(db, reuse, tally)
        mapper = Mapper(
            db.path,
            model=line.embedding_model,
            dimensions=line.embedding_dimensions,
            total_hours=line.total_active_hours,
            tally=tally,
        )
        report_tables(db, tally)
        stream = batches(records(db, mapper))

        async def next_batch() -> Batch | None:
            return await anyio.to_thread.run_sync(next, stream, None)

        result = await load_space(database, space, line, next_batch, source=db.path, config=config)
        if mapper.sent_to_inbox:
            tally.add(
                "confidence, reinforcement and decay of active blocks sent to the inbox",
                "the next dream embeds them and sets these afresh",
                mapper.sent_to_inbox,
            )
    finally:
        db.close()
    version = db.config.get("schema_version")
    return ElfmemImportResult(
        space=space,
        source=db.path,
        schema_version=int(version) if version and version.isdigit() else None,
        counts=result.counts,
        embedding_model=lock[0],
        embeddings_reused=reuse,
        sent_to_inbox=mapper.sent_to_inbox,
        unmapped=tally.report(),
        seconds=time.perf_counter() - started,
    )
