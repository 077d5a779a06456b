"""Export and import through the service: the file streamed from or to it, never held in
memory whole. An export is written to `NAME.partial` and renamed only once its `end`
record arrived (elfgraph.portability.files), so a cut stream never leaves half a file."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import anyio

from elfgraph.client.transport import Transport
from elfgraph.errors import ServiceError
from elfgraph.portability.files import PathArg, reading, source_name, writing
from elfgraph.portability.models import ExportResult, ImportResult

CHUNK = 1 << 16


async def export_to_file(
    transport: Transport,
    space: str,
    out: PathArg,
    progress: Callable[[int, int | None], None] | None,
    started: float,
) -> ExportResult:
    received = 0
    last_line = b""
    with writing(out) as stream:
        async with transport.stream("GET", f"/v1/spaces/{space}/export") as response:
            async for chunk in response.aiter_bytes():
                received += len(chunk)
                await anyio.to_thread.run_sync(stream.write, chunk)
                last_line = (last_line + chunk)[-4096:]
                if progress is not None:
                    progress(received, None)
        end = _end_record(last_line)
        if end is None:
            raise ServiceError(
                f"The export of space {space!r} was cut short after {received:,} bytes; "
                "no file was written.",
                recovery="Export again; the server's log says what stopped it.",
            )
    return ExportResult(
        space=space,
        path=source_name(out).replace("<stdin>", "<stdout>"),
        counts=end.get("counts", {}),
        bytes=received,
        seconds=time.perf_counter() - started,
    )


def _end_record(tail: bytes) -> dict[str, Any] | None:
    lines = tail.rstrip(b"\n").rsplit(b"\n", 1)
    try:
        record = json.loads(lines[-1])
    except ValueError:
        return None
    return record if isinstance(record, dict) and record.get("record") == "end" else None


async def import_from_file(
    transport: Transport, source: PathArg, space: str, *, merge: bool
) -> ImportResult:
    """Send an export file (`.gz` is decompressed here) to be imported as `space`."""
    with reading(source) as stream:

        async def chunks() -> AsyncIterator[bytes]:
            while chunk := await anyio.to_thread.run_sync(stream.read, CHUNK):
                yield chunk

        params = {"merge": "true" if merge else "false"}
        async with transport.stream(
            "POST", f"/v1/spaces/{space}/import", content=chunks(), params=params
        ) as response:
            body = await response.aread()
    return ImportResult.model_validate_json(body)
