"""One MemorySystem per open space, for every caller of the server, and a view of it per
session (MemorySystem.view): a space's caches, plans and embedder load once per server,
not once per agent.

Bounded three ways (docs/DEPLOYMENT.md, "Memory"): at most `max_spaces` spaces open; a
space no call used for `idle_seconds` closes; and while the process's resident memory is
above `memory_mb`, the least recently used idle space closes. A closed space's sessions
are not ended: they live in Neo4j, and the next call of one resumes it.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import anyio

from elfgraph.memory import MemorySystem

log = logging.getLogger("elfgraph.server")

SESSIONS_PER_SPACE = 10_000  # views kept per open space; the oldest is dropped, not ended
Opener = Callable[[str], Awaitable[MemorySystem]]


def resident_mb() -> float | None:
    """This process's resident memory in MB (Linux), else None."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    import os

    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


@dataclass
class OpenSpace:
    """A space's memory on this server, its sessions' views, and its use."""

    name: str
    memory: MemorySystem
    views: OrderedDict[str, MemorySystem] = field(default_factory=OrderedDict)
    running: int = 0
    last_used: float = field(default_factory=time.monotonic)
    on_close: list[Callable[[], Awaitable[None]]] = field(default_factory=list)

    async def view_for(self, session_id: str | None) -> MemorySystem:
        """The memory for one call: the session's view (resumed from Neo4j when this server
        has not seen the session), or a fresh view outside a session."""
        if session_id is None:
            return self.memory.view()
        view = self.views.get(session_id)
        if view is not None:
            self.views.move_to_end(session_id)
            return view
        view = self.memory.view()
        await view.resume_session(session_id)
        return view

    def after(self, asked: str | None, view: MemorySystem) -> None:
        """Keep the view of a session the call left open; forget one it ended."""
        if asked is not None and asked != view.session_id:
            self.views.pop(asked, None)
        if view.session_id is not None:
            self.views[view.session_id] = view
            self.views.move_to_end(view.session_id)
            while len(self.views) > SESSIONS_PER_SPACE:
                self.views.popitem(last=False)


class Spaces:
    """The open spaces of one server."""

    def __init__(
        self,
        opener: Opener,
        *,
        max_spaces: int = 64,
        idle_seconds: float = 900.0,
        memory_mb: float = 0.0,
    ) -> None:
        self._open = opener
        self.max_spaces = max_spaces
        self.idle_seconds = idle_seconds
        self.memory_mb = memory_mb
        self._spaces: OrderedDict[str, OpenSpace] = OrderedDict()
        self._opening: dict[str, anyio.Event] = {}
        self._lock = anyio.Lock()

    @property
    def names(self) -> list[str]:
        return list(self._spaces)

    @asynccontextmanager
    async def using(self, name: str) -> AsyncIterator[OpenSpace]:
        """The open space for one call (opened on first use); not closed while in use."""
        space = await self._get(name)
        space.running += 1
        try:
            yield space
        finally:
            space.running -= 1
            space.last_used = time.monotonic()

    async def _get(self, name: str) -> OpenSpace:
        while True:
            found = self._spaces.get(name)
            if found is not None:
                self._spaces.move_to_end(name)
                return found
            waiting = self._opening.get(name)
            if waiting is None:
                break
            await waiting.wait()  # another call is opening it; then look again
        done = self._opening[name] = anyio.Event()
        try:
            started = time.perf_counter()
            memory = await self._open(name)
            log.info("opened space %s in %.0f ms", name, 1000 * (time.perf_counter() - started))
            opened = self._spaces[name] = OpenSpace(name, memory)
        finally:
            del self._opening[name]
            done.set()
        await self._make_room(keep=name)
        return opened

    async def _make_room(self, keep: str) -> None:
        """Close idle spaces, least recently used first, while over max_spaces or the
        memory cap."""
        for name in list(self._spaces):
            over_count = len(self._spaces) > self.max_spaces
            rss = resident_mb() if self.memory_mb > 0 else None
            over_memory = rss is not None and rss > self.memory_mb
            if not (over_count or over_memory):
                return
            space = self._spaces[name]
            if name != keep and space.running == 0:
                log.info("closing space %s (%s)", name, "memory" if over_memory else "count")
                await self.close(name)

    async def close(self, name: str) -> None:
        """Close a space's memory (a dropped space, an idle one, or at shutdown)."""
        space = self._spaces.pop(name, None)
        if space is None:
            return
        for hook in space.on_close:
            await hook()
        space.views.clear()  # their sessions stay open in Neo4j, to be resumed
        await space.memory.close()

    async def sweep(self) -> None:
        """Close the spaces no call used for idle_seconds, then honour the memory cap."""
        now = time.monotonic()
        for name, space in list(self._spaces.items()):
            if space.running == 0 and now - space.last_used >= self.idle_seconds:
                log.info("closing idle space %s", name)
                await self.close(name)
        await self._make_room(keep="")

    async def watch(self, every: float = 30.0) -> None:
        while True:
            await anyio.sleep(every)
            await self.sweep()

    async def close_all(self) -> None:
        for name in list(self._spaces):
            await self.close(name)
