"""Sharing one space's memory (docs/BEHAVIOUR.md §10.8): views for other agents of the same
process, a session handed on between processes, and the space written out as an export, as
methods of MemorySystem (which mixes this class in).

A server of the service keeps one MemorySystem per open space and gives each agent's
session a view of it, so the space's caches, plans and embedder load once per process
however many agents use it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, Self

from elfgraph.portability.export import export_space
from elfgraph.portability.files import PathArg
from elfgraph.portability.models import ExportResult
from elfgraph.sessions.clock import SessionClock
from elfgraph.state import ProcessState, operation
from elfgraph.store.database import Database


class Sharing:
    """Methods of MemorySystem for handing the memory to other agents and processes."""

    space: str
    _database: Database
    _sessions: SessionClock
    _state: ProcessState
    _owns_database: bool
    _view_of: Any

    def view(self) -> Self:
        """Another handle on this memory, for another agent in the same process: it shares
        the connection, the caches, the plans, the embedder and the frame cache (a write
        through either clears the frames of both), and has its own session, breadcrumbs and
        history. Closing a view ends its session only; the memory stays open."""
        other = copy.copy(self)
        other._sessions = SessionClock(self._database, self.space)
        other._sessions.clock = self._sessions.clock
        other._state = self._state.view()
        other._owns_database = False
        other._view_of = self._view_of or self
        return other

    @operation("resume_session", writes=False)
    async def resume_session(self, session_id: str) -> str:
        """Continue a session begun by another MemorySystem, in this process or another one
        (an agent whose calls reach another server of the service): its clock runs from the
        session's start. SessionError when the id is not an open session of this space."""
        await self._sessions.resume(session_id)
        return session_id

    @operation("export", writes=False)
    async def export(
        self, out: PathArg, *, progress: Callable[[int, int | None], None] | None = None
    ) -> ExportResult:
        """Write the space to an export file (a path, `-` for stdout, `.gz` compresses;
        docs/PORTABILITY.md): `elfgraph.export_space` for this memory's space."""
        return await export_space(self._database, self.space, out, progress=progress)
