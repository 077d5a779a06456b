"""The heartbeat of a lease on a space (a dream's, a curate run's): renewed every so often
while the work runs, so the lease can be short and a crashed holder frees the space soon.
"""

from __future__ import annotations

import contextlib
import os
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import anyio

from elfgraph.errors import ElfgraphError


def this_process() -> str:
    """Who holds a lease, for people: host and process id."""
    return f"{socket.gethostname()}:{os.getpid()}"


@asynccontextmanager
async def renewing(
    renew: Callable[[], Awaitable[bool]], *, every: float, lost: Callable[[], None]
) -> AsyncIterator[None]:
    """While the block runs, `renew()` every `every` seconds; `lost()` once it answers
    False (another holder took the lease), and no more beats. A beat that fails is skipped:
    the next one may land. An error of the block comes out as itself, not wrapped in an
    exception group."""

    async def beat() -> None:
        while True:
            await anyio.sleep(every)
            with contextlib.suppress(ElfgraphError):
                if not await renew():
                    lost()
                    return

    failure: Exception | None = None
    async with anyio.create_task_group() as group:
        group.start_soon(beat)
        try:
            yield
        except Exception as exc:  # re-raised below, once the heartbeat has stopped
            failure = exc
        finally:
            group.cancel_scope.cancel()
    if failure is not None:
        raise failure
