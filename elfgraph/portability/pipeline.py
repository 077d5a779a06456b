"""One step of look-ahead: make the next item while the current one is used.

An export reads a page from Neo4j while the page before is turned into lines and
written; an import reads and checks the next batch of the file while Neo4j writes the
one before. One item ahead at most, so memory stays two batches.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TypeVar

import anyio

from elfgraph.store.concurrently import first_error

T = TypeVar("T")


async def overlapped(items: AsyncIterator[T], use: Callable[[T], Awaitable[None]]) -> None:
    """`await use(item)` for each item in order, the next item made meanwhile. An error
    on either side stops both and is raised as itself."""
    send, receive = anyio.create_memory_object_stream[T](0)

    async def make() -> None:
        async with send:
            async for item in items:
                await send.send(item)

    try:
        async with anyio.create_task_group() as group:
            group.start_soon(make)
            async with receive:
                async for item in receive:
                    await use(item)
    except BaseExceptionGroup as failed:
        raise first_error(failed) from None
