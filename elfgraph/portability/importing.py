"""import_space: an export file into a space that did not exist, or merged into one that
does (docs/PORTABILITY.md).

The file is read a batch at a time (in a worker thread, so the event loop stays free),
each batch validated, then written in one transaction under the import's claim
(claims.py); nothing is visible until the last step publishes the space, or merges it.
Any error, a bad line included, deletes what the import wrote: the database is left as
it was. `load_space` is shared with the elfmem importer, which feeds it records made
from SQLite rows instead of file lines.
"""

from __future__ import annotations

import functools
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime
from typing import Any, BinaryIO

import anyio

from elfgraph.config.memory import MemoryConfig
from elfgraph.errors import StorageError
from elfgraph.portability.claims import Claim
from elfgraph.portability.files import PathArg, file_size, reading, source_name
from elfgraph.portability.merging import clock_shift, lock_mismatch, merge_into
from elfgraph.portability.models import ImportResult
from elfgraph.portability.pipeline import overlapped
from elfgraph.portability.reader import FileReader
from elfgraph.portability.records import COUNTED, DataLine, SpaceLine
from elfgraph.portability.repository.count_space_edges import count_space_edges
from elfgraph.portability.repository.publish_space import publish_space
from elfgraph.portability.staging import BATCH, recount_degrees, rows_for, write_batch
from elfgraph.schema import statistics
from elfgraph.schema.migrations import schema_indexes
from elfgraph.spaces.names import validate_space_name
from elfgraph.spaces.registry import find_space
from elfgraph.spaces.vector_index import VECTOR_INDEX, ensure_vector_index, index_dimensions
from elfgraph.store.database import Database

Batch = tuple[str, list[tuple[int, DataLine]]]
NextBatch = Callable[[], Awaitable[Batch | None]]
Progress = Callable[[int, int | None], None]
Prepared = tuple[str, list[tuple[int, DataLine]], list[dict[str, Any]]]


async def check_vector_index(database: Database, dimensions: int | None) -> None:
    """Refuse, before writing anything, a file whose vectors the shared index cannot hold."""
    if dimensions is None:
        return
    found = [i for i in await schema_indexes(database) if i.name == VECTOR_INDEX]
    indexed = index_dimensions(found[0]) if found else None
    if indexed is not None and indexed != dimensions:
        raise StorageError(
            f"The vector index {VECTOR_INDEX!r} of {database.uri} holds {indexed}-dimension "
            f"vectors; the space to import was embedded with {dimensions} dimensions.",
            recovery="All spaces of one database share the vector index: import into a Neo4j "
            "database whose spaces use the same model, or a new one.",
        )


async def load_space(
    database: Database,
    target: str,
    line: SpaceLine,
    next_batch: NextBatch,
    *,
    source: str,
    merge: bool = False,
    config: MemoryConfig | None = None,
    on_batch: Callable[[], None] | None = None,
) -> ImportResult:
    """Write a space's records (`next_batch` until None) into `target`, visible at the end."""
    started = time.perf_counter()
    validate_space_name(target)
    await check_vector_index(database, line.embedding_dimensions)
    shift = 0.0
    if merge and (existing := await find_space(database, target)) is not None:
        lock_mismatch(target, existing.embedding_model, existing.embedding_dimensions, line)
        shift = clock_shift(existing, line)
    claim = await Claim.take(database, target, merge=merge)
    counts = dict.fromkeys(COUNTED, 0)
    skipped: dict[str, int] = {}

    async def prepared() -> AsyncIterator[Prepared]:
        """Each batch read, checked and made into query rows (in a worker thread)."""
        while (batch := await next_batch()) is not None:
            kind, lines = batch
            make = functools.partial(rows_for, kind, lines, shift=shift, source=source)
            yield kind, lines, await anyio.to_thread.run_sync(make)

    async def write(batch: Prepared) -> None:
        kind, lines, rows = batch
        await write_batch(claim, kind, lines, rows, source=source)
        counts[kind] += len(lines)
        await statistics.learned(database, len(lines))  # planned on as they fill
        if on_batch is not None:
            on_batch()

    try:
        await overlapped(prepared(), write)  # the next batch is read while one is written
        if line.embedding_dimensions is not None:
            await ensure_vector_index(database, line.embedding_dimensions)
        if claim.staging:
            cap = (config or MemoryConfig()).edges.edge_degree_cap
            skipped = await merge_into(claim, line, cap=cap)
        else:
            await recount_degrees(claim)
            props = line.properties()
            props.setdefault("created_at", datetime.now(UTC).isoformat())
            if not await database.write(
                publish_space, space=target, token=claim.token, props=props
            ):
                raise claim.lost()
            await database.write(count_space_edges, space=target)
    except BaseException:
        await claim.discard()
        raise
    await statistics.refresh(database)  # the space's blocks now under their own name
    return ImportResult(
        space=target,
        source=source,
        merged=claim.staging,
        counts=counts,
        skipped=skipped,
        seconds=time.perf_counter() - started,
    )


async def import_space(
    database: Database,
    source: PathArg,
    *,
    space: str | None = None,
    merge: bool = False,
    config: MemoryConfig | None = None,
    progress: Progress | None = None,
) -> ImportResult:
    """Import an export file (a path; `-` for stdin; `.gz` compressed) as space `space`
    (default: the name in the file). An existing space is refused unless `merge`.

    `progress(bytes_read, file_size)` is called after each batch (the size is None for
    stdin and compressed files).
    """
    if space is not None:
        validate_space_name(space)
    with reading(source) as stream:
        return await import_stream(
            database,
            stream,
            source_name(source),
            space=space,
            merge=merge,
            config=config,
            progress=progress,
            size=file_size(source),
        )


async def import_stream(
    database: Database,
    stream: BinaryIO,
    name: str,
    *,
    space: str | None = None,
    merge: bool = False,
    config: MemoryConfig | None = None,
    progress: Progress | None = None,
    size: int | None = None,
) -> ImportResult:
    """import_space from the bytes of an export file (uncompressed) in `stream`, read a line
    at a time in worker threads (a service passes the request's body); `name` names it in
    errors."""
    if space is not None:
        validate_space_name(space)
    reader = FileReader(stream, name)
    header, line = await anyio.to_thread.run_sync(reader.open)
    target = space if space is not None else validate_space_name(header.space)

    async def next_batch() -> Batch | None:
        return await anyio.to_thread.run_sync(reader.batch, BATCH)

    def on_batch() -> None:
        if progress is not None:
            progress(reader.bytes_read, size)

    return await load_space(
        database,
        target,
        line,
        next_batch,
        source=name,
        merge=merge,
        config=config,
        on_batch=on_batch,
    )
