"""Export and import as streams (docs/PORTABILITY.md's format, both ways): an export goes
out a page at a time as the body of the response, an import is read from the request's
body a line at a time. Neither holds a whole space in memory.

An export that fails midway ends its body without the `end` record, so the file it makes
is refused by import (and the client reports the error); an import whose caller goes away
midway is discarded, like any import that fails: nothing of it is left in the graph.
"""

from __future__ import annotations

import gzip
import io
import logging
from collections.abc import AsyncIterator
from typing import BinaryIO, cast

import anyio.from_thread
from starlette.requests import Request
from starlette.types import Receive, Scope, Send

from elfgraph.errors import ElfgraphError
from elfgraph.portability.export import export_to
from elfgraph.store.database import Database

log = logging.getLogger("elfgraph.server")
CONTENT_TYPE = "application/x-ndjson"


class ExportResponse:
    """An ASGI response that streams a space's export; the socket's own flow control
    paces the reads."""

    def __init__(self, database: Database, space: str, headers: dict[str, str]) -> None:
        self.database = database
        self.space = space
        self.headers = headers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = [(b"content-type", CONTENT_TYPE.encode())]
        headers += [(k.lower().encode(), v.encode("latin-1")) for k, v in self.headers.items()]
        await send({"type": "http.response.start", "status": 200, "headers": headers})

        async def sink(data: bytes) -> None:
            if data:
                await send({"type": "http.response.body", "body": data, "more_body": True})

        try:
            await export_to(self.database, self.space, sink)
        except ElfgraphError as exc:  # the body ends without its `end` record
            log.warning("export of %s failed midway: %s", self.space, exc.message)
        except OSError:  # the caller went away
            return
        await send({"type": "http.response.body", "body": b"", "more_body": False})


class BodyReader(io.RawIOBase):
    """The request's body as a blocking binary stream, for readers that run in worker
    threads (anyio.to_thread): each read waits for the next chunk from the event loop."""

    def __init__(self, request: Request) -> None:
        self._chunks: AsyncIterator[bytes] = request.stream().__aiter__()
        self._pending = b""
        self._done = False

    def readable(self) -> bool:
        return True

    async def _next(self) -> bytes:
        try:
            return await self._chunks.__anext__()
        except StopAsyncIteration:
            return b""

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        while not self._pending and not self._done:
            chunk = anyio.from_thread.run(self._next)
            if not chunk:
                self._done = True
            self._pending = chunk
        size = min(len(buffer), len(self._pending))
        buffer[:size] = self._pending[:size]
        self._pending = self._pending[size:]
        return size


def request_stream(request: Request) -> BinaryIO:
    """The body, buffered for readline, decompressed when it says Content-Encoding: gzip."""
    buffered = io.BufferedReader(BodyReader(request), 1 << 16)
    if request.headers.get("content-encoding", "").lower() == "gzip":
        return cast(BinaryIO, gzip.GzipFile(fileobj=buffered, mode="rb"))
    return cast(BinaryIO, buffered)
