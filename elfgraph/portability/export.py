"""export_space: a space to an export file, page by page (docs/PORTABILITY.md).

Each kind of record is read in pages of `page_size` ordered by its key, each page one
read transaction that starts after the last key of the one before, so memory stays the
size of a page whatever the size of the space. Every record goes through the format's
models before it is written, so an export never writes a line that import would refuse.
The pages are read one after another, not in one snapshot: export a space while no
agent writes to it when you want an exact copy.
"""

from __future__ import annotations

import functools
import io
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime
from importlib import metadata
from typing import Any

import anyio
from pydantic import BaseModel, ValidationError

from elfgraph.errors import StorageError
from elfgraph.portability.files import PathArg, source_name, writing
from elfgraph.portability.models import ExportResult
from elfgraph.portability.pipeline import overlapped
from elfgraph.portability.reader import explain
from elfgraph.portability.records import (
    DATABASE_PROPERTIES,
    FORMAT,
    FORMAT_VERSION,
    BlockLine,
    CoRetrievalLine,
    EdgeLine,
    HeaderLine,
    OutcomeLine,
    SessionLine,
    SpaceLine,
)
from elfgraph.portability.repository.count_space_records import count_space_records
from elfgraph.portability.repository.export_blocks import export_blocks
from elfgraph.portability.repository.export_co_retrievals import export_co_retrievals
from elfgraph.portability.repository.export_edges import export_edges
from elfgraph.portability.repository.export_outcomes import export_outcomes
from elfgraph.portability.repository.export_sessions import export_sessions
from elfgraph.portability.repository.space_properties import space_properties
from elfgraph.portability.vectors import encode_vector
from elfgraph.portability.writer import LineWriter
from elfgraph.spaces.names import validate_space_name
from elfgraph.store.database import Database

PAGE_SIZE = 1000
NOT_EXPORTED = frozenset({"space", "name"}) | DATABASE_PROPERTIES
Progress = Callable[[int, int | None], None]


def elfgraph_version() -> str:
    try:
        return metadata.version("elfgraph")
    except metadata.PackageNotFoundError:
        return "unknown"


def _fields(props: dict[str, Any]) -> dict[str, Any]:
    """A node's or edge's stored properties, without its space and internal markers."""
    return {k: v for k, v in props.items() if k not in NOT_EXPORTED and not k.startswith("_")}


def _checked(model: type[BaseModel], fields: dict[str, Any], space: str, what: str) -> BaseModel:
    try:
        return model.model_validate(fields)
    except ValidationError as exc:
        kind = str(fields.get("record"))
        raise StorageError(
            f"{what} of space {space!r} cannot be exported: {explain(exc, kind)}.",
            recovery="A property was written outside elfgraph, or this is a bug: report it "
            "with this message.",
        ) from exc


def block_line(row: dict[str, Any], space: str, *, dimensions: int | None) -> BaseModel:
    """A block as a line; its embedding must fit the space's lock, as import checks."""
    fields = _fields(row["props"])
    embedding = fields.pop("embedding", None)
    labels = sorted(label for label in row["labels"] if label != "Block")
    fields.update(record="block", id=row["id"], labels=labels or None)
    if embedding is not None:
        if len(embedding) != dimensions:
            raise StorageError(
                f"Block {row['id']} of space {space!r} has a {len(embedding)}-dimension "
                f"embedding, but the space is locked to {dimensions} dimensions.",
                recovery="Vectors written outside elfgraph? Lock the space to their model "
                "(elfgraph.lock_space_embedding), or remove them, then export again.",
            )
        fields["embedding"] = encode_vector(embedding)
    return _checked(BlockLine, fields, space, f"Block {row['id']}")


def edge_line(edge: dict[str, Any], space: str) -> BaseModel:
    fields = _fields(edge["props"])
    fields.update(record="edge", a=edge["a"], b=edge["b"], type=edge["type"])
    return _checked(EdgeLine, fields, space, f"The edge {edge['a']}/{edge['b']}")


def session_line(row: dict[str, Any], space: str) -> BaseModel:
    fields = {**_fields(row["props"]), "record": "session", "id": row["id"]}
    return _checked(SessionLine, fields, space, f"Session {row['id']}")


def outcome_line(row: dict[str, Any], space: str) -> BaseModel:
    fields = {**_fields(row["props"]), "record": "outcome", "id": row["id"]}
    return _checked(OutcomeLine, fields, space, f"Outcome {row['id']}")


def pair_line(row: dict[str, Any], space: str) -> BaseModel:
    fields = {**_fields(row["props"]), "record": "co_retrieval"}
    return _checked(CoRetrievalLine, fields, space, "A co-retrieval pair")


Convert = Callable[[dict[str, Any], str], BaseModel]
Page = tuple[Convert, list[dict[str, Any]]]


async def _pages(
    database: Database, space: str, size: int, dimensions: int | None
) -> AsyncIterator[Page]:
    """Every data record of the space as raw rows, a page at a time, in the file's order,
    with the function that makes each row a record (run in a worker thread)."""
    after = ""
    while rows := await database.read(export_blocks, space=space, after=after, limit=size):
        yield functools.partial(block_line, dimensions=dimensions), rows
        after = rows[-1]["id"]
    after = ""
    while True:
        last, edges = await database.read(export_edges, space=space, after=after, limit=size)
        if last is None:
            break
        yield edge_line, edges
        after = last
    for query, convert in ((export_sessions, session_line), (export_outcomes, outcome_line)):
        after = ""
        while rows := await database.read(query, space=space, after=after, limit=size):
            yield convert, rows
            after = rows[-1]["id"]
    after_a = after_b = ""
    while pairs := await database.read(
        export_co_retrievals, space=space, after_a=after_a, after_b=after_b, limit=size
    ):
        yield pair_line, pairs
        after_a, after_b = pairs[-1]["props"]["a"], pairs[-1]["props"]["b"]


Sink = Callable[[bytes], Awaitable[None]]


async def export_space(
    database: Database,
    space: str,
    out: PathArg,
    *,
    page_size: int = PAGE_SIZE,
    progress: Progress | None = None,
) -> ExportResult:
    """Write space `space` to `out` (a path; `-` for stdout; `.gz` to compress).

    `progress(records_done, records_total)` is called after each page.
    """
    validate_space_name(space)
    with writing(out) as stream:

        async def sink(data: bytes) -> None:
            await anyio.to_thread.run_sync(stream.write, data)

        result = await export_to(database, space, sink, page_size=page_size, progress=progress)
    return result.model_copy(update={"path": source_name(out).replace("<stdin>", "<stdout>")})


async def export_to(
    database: Database,
    space: str,
    sink: Sink,
    *,
    page_size: int = PAGE_SIZE,
    progress: Progress | None = None,
) -> ExportResult:
    """Send space `space`, as the bytes of an export file, to `sink`: the header first, then
    a page of records at a time, the `end` record last (a service streams them to its
    caller). Nothing waits for more than a page: a slow sink slows the reads down."""
    validate_space_name(space)
    started = time.perf_counter()
    props = await database.read(space_properties, space=space)
    if props is None:
        raise StorageError(
            f"Space {space!r} does not exist in {database.uri}.",
            recovery="Check the name with `elfgraph spaces`.",
        )
    total = sum((await database.read(count_space_records, space=space)).values())
    header = HeaderLine(
        record="header",
        format=FORMAT,
        version=FORMAT_VERSION,
        elfgraph_version=elfgraph_version(),
        exported_at=datetime.now(UTC).isoformat(),
        space=space,
    )
    space_line = _checked(SpaceLine, {**_fields(props), "record": "space"}, space, "The space")
    done = 0
    buffer = io.BytesIO()
    writer = LineWriter(buffer)

    async def flush() -> None:
        data = buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
        await sink(data)

    writer.write(header)
    writer.write(space_line)
    await flush()

    async def write(page: Page) -> None:
        nonlocal done
        convert, rows = page

        def write_page() -> None:
            for row in rows:
                writer.write(convert(row, space))

        await anyio.to_thread.run_sync(write_page)
        await flush()
        done += len(rows)
        if progress is not None:
            progress(done, total)

    # the next page is read from Neo4j while this one is written
    lock = props.get("embedding_dimensions")
    await overlapped(_pages(database, space, page_size, lock), write)
    writer.finish()
    await flush()
    return ExportResult(
        space=space,
        path="<stream>",
        counts=dict(writer.counts),
        bytes=writer.bytes_written,
        seconds=time.perf_counter() - started,
    )
