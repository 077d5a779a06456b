"""The MCP server's one memory and its session: a session opens with the first call, and
ends after IDLE_SECONDS (30 minutes) without one, so the memory clock (active hours) does
not run while no agent works; the next call opens a new one."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import anyio

from elfgraph.memory import MemorySystem

IDLE_SECONDS = 30 * 60.0
CHECK_SECONDS = 30.0  # how often the watcher looks at the last call
TASK_TYPE = "mcp"


class Served:
    """The memory an MCP server serves, and when it was last used."""

    def __init__(
        self,
        memory: MemorySystem,
        *,
        idle_seconds: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.memory = memory
        self.idle_seconds = idle_seconds
        self._clock = clock
        self._last_call = clock()
        self._calls_running = 0
        self._lock = anyio.Lock()

    @asynccontextmanager
    async def call(self) -> AsyncIterator[MemorySystem]:
        """The memory for one tool call, with a session open (a new one after idling)."""
        async with self._lock:
            self._calls_running += 1
            try:
                if not self.memory.session_active:
                    await self.memory.begin_session(TASK_TYPE)
            except BaseException:
                self._calls_running -= 1
                raise
        try:
            yield self.memory
        finally:
            self._calls_running -= 1
            self._last_call = self._clock()

    async def end_if_idle(self) -> bool:
        """End the session when no call came for idle_seconds; True when it did."""
        async with self._lock:
            idle = self._clock() - self._last_call
            if self._calls_running or not self.memory.session_active or idle < self.idle_seconds:
                return False
            await self.memory.end_session()
            return True

    async def watch(self, every: float = CHECK_SECONDS) -> None:
        """Check for idleness every `every` seconds, until cancelled."""
        while True:
            await anyio.sleep(every)
            await self.end_if_idle()
