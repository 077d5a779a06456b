"""The client's HTTP: one keep-alive connection pool, the key on every request, the
session and the bookmarks travelling both ways, errors back as ElfgraphErrors, and retries
like the library's own (docs/ARCHITECTURE.md, "Reliability").

Retries: a request that could not be sent or whose reply was lost (the server restarted,
a proxy dropped the connection) is sent again, with a growing pause, until
`connection_timeout` (10 s, ELFGRAPH_CONNECTION_TIMEOUT) has passed since the call began;
then it is a ServiceError. A counted write (outcome, frame) carries the same
Idempotency-Key every time, so the server applies it once. An answer of the server (an
error included) is never sent again: the server has retried Neo4j itself.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any

import anyio
import httpx2 as httpx

from elfgraph.errors import ServiceError
from elfgraph.wire import (
    BOOKMARKS_HEADER,
    OPERATION_HEADER,
    SESSION_HEADER,
    Operation,
    error_from,
)

FIRST_RETRY_DELAY = 0.05
MAX_RETRY_DELAY = 1.0
RETRIED = (httpx.TransportError,)  # connect, read and write errors, timeouts, dropped replies


class Transport:
    """The connection to one service, for one space's client or the admin client."""

    def __init__(
        self,
        url: str,
        key: str,
        *,
        connection_timeout: float = 10.0,
        read_timeout: float = 600.0,
        client: httpx.AsyncClient | None = None,
    ) -> None:
        self.url = url.rstrip("/")
        self.connection_timeout = connection_timeout
        self.session_id: str | None = None
        self.bookmarks: list[str] = []
        headers = {"Authorization": f"Bearer {key}", "User-Agent": "elfgraph-client"}
        self._client = client or httpx.AsyncClient(
            base_url=self.url,
            headers=headers,
            timeout=httpx.Timeout(read_timeout, connect=connection_timeout),
            limits=httpx.Limits(max_keepalive_connections=32, max_connections=256),
        )
        if client is not None:
            self._client.headers.update(headers)

    async def close(self) -> None:
        await self._client.aclose()

    def _headers(self, op: Operation[Any] | None) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self.session_id:
            headers[SESSION_HEADER] = self.session_id
        if self.bookmarks:
            headers[BOOKMARKS_HEADER] = ",".join(self.bookmarks)
        if op is not None and op.retried_once:
            headers[OPERATION_HEADER] = uuid.uuid4().hex  # one per call, kept across retries
        return headers

    def _noted(self, response: httpx.Response) -> None:
        if SESSION_HEADER in response.headers:
            self.session_id = response.headers[SESSION_HEADER] or None
        if marks := response.headers.get(BOOKMARKS_HEADER):
            self.bookmarks = [b for b in marks.split(",") if b]

    async def request(
        self,
        method: str,
        path: str,
        *,
        op: Operation[Any] | None = None,
        content: bytes | None = None,
        params: Mapping[str, str] | None = None,
    ) -> bytes:
        """The body of a successful answer; the service's error raised as itself."""
        headers = self._headers(op)
        started = time.monotonic()
        delay = FIRST_RETRY_DELAY
        while True:
            try:
                response = await self._client.request(
                    method, path, content=content, headers=headers, params=params
                )
                break
            except RETRIED as exc:
                if time.monotonic() - started + delay > self.connection_timeout:
                    raise self.unreachable(exc) from exc
                await anyio.sleep(delay)
                delay = min(MAX_RETRY_DELAY, delay * 2)
        return self.answer(response)

    def answer(self, response: httpx.Response) -> bytes:
        self._noted(response)
        if response.status_code < 400:
            return response.content
        try:
            body: Any = response.json()
        except ValueError:
            body = None
        raise error_from(response.status_code, body)

    @asynccontextmanager
    async def stream(
        self,
        method: str,
        path: str,
        *,
        content: Any = None,
        params: Mapping[str, str] | None = None,
    ) -> AsyncIterator[httpx.Response]:
        """A streamed answer (an export), or an upload streamed from `content`; not retried
        (a stream cannot be sent twice)."""
        headers = self._headers(None)
        if content is not None:
            headers["Content-Type"] = "application/x-ndjson"
        try:
            async with self._client.stream(
                method, path, content=content, headers=headers, params=params
            ) as response:
                if response.status_code >= 400:
                    await response.aread()
                    self.answer(response)
                self._noted(response)
                yield response
        except RETRIED as exc:
            raise self.unreachable(exc) from exc

    def unreachable(self, exc: Exception) -> ServiceError:
        return ServiceError(
            f"Cannot reach the elfgraph service at {self.url}: {type(exc).__name__} {exc}".strip(),
            recovery="Check that `elfgraph serve` runs there and ELFGRAPH_URL points at it "
            "(behind a proxy: the proxy's address); calls are retried for "
            f"{self.connection_timeout:g} s (ELFGRAPH_CONNECTION_TIMEOUT).",
        )
