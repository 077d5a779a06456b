"""What this process's memory object has seen: its session clock, the last block learned,
the last recall, the session's blocks and the operations it ran; methods of MemorySystem
(which mixes this class in), read from the process's state, never from the database."""

from __future__ import annotations

from collections.abc import Callable

from elfgraph.history import OperationRecord
from elfgraph.sessions.clock import SessionClock
from elfgraph.state import ProcessState


class Breadcrumbs:
    """Methods of MemorySystem that tell what this object has seen."""

    _sessions: SessionClock
    _state: ProcessState

    @property
    def clock(self) -> Callable[[], float]:
        """Seconds since an arbitrary point: how sessions measure their wall-clock time."""
        return self._sessions.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self._sessions.clock = clock

    @property
    def session_active(self) -> bool:
        return self._sessions.active

    @property
    def session_id(self) -> str | None:
        return self._sessions.session_id

    @property
    def last_learned_block_id(self) -> str | None:
        return self._state.last_learned_block_id

    @property
    def last_recall_block_ids(self) -> list[str]:
        return list(self._state.last_recall_block_ids)

    @property
    def session_block_ids(self) -> list[str]:
        """Blocks learned or retrieved since the session began, first seen first (outside a
        session, the latest 1,000 of them)."""
        return self._state.session_block_ids

    def history(self, last_n: int = 10) -> list[OperationRecord]:  # ConfigError if not ≥ 0
        """The last `last_n` operations this object ran (at most 100 are kept), oldest
        first, failures included with their recovery."""
        return self._state.history.last(last_n)
