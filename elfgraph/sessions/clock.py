"""Sessions and the active-hours clock (docs/BEHAVIOUR.md §1, §5).

The clock of a space only advances while a session is open: a session adds its
wall-clock duration to the space's `total_active_hours` when it ends (atomically, so two
processes never lose hours). Outside a session, "now" is the persisted total.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime

from elfgraph.core.checks import is_storable, shown
from elfgraph.errors import SessionError
from elfgraph.sessions.repository.begin_session import begin_session
from elfgraph.sessions.repository.end_session import end_session
from elfgraph.sessions.repository.find_session import find_session
from elfgraph.spaces.registry import find_space, space_missing
from elfgraph.store.database import Database


def new_session_id() -> str:
    """A fresh session id: 16 hex characters (the warm-up plans frame's write for its
    shape, retrieval.retriever)."""
    return uuid.uuid4().hex[:16]


def check_task_type(task_type: object) -> str:
    if task_type is None:
        return "general"
    if (
        not isinstance(task_type, str)
        or not task_type.strip()
        or len(task_type) > 64
        or "\n" in task_type
        or not is_storable(task_type)
    ):
        raise SessionError(
            f"A session's task type must be a short one-line string, not {shown(task_type)}.",
            recovery="Name the kind of work in a word or two, e.g. 'coding' or 'research', "
            "or leave it out ('general').",
        )
    return task_type.strip()


class SessionClock:
    """One MemorySystem's view of its space's clock and of its own open session."""

    def __init__(self, database: Database, space: str) -> None:
        self._database = database
        self._space = space
        # Seconds since an arbitrary point; tests replace it to move time on.
        self.clock: Callable[[], float] = time.monotonic
        self.session_id: str | None = None
        self._start_hours = 0.0
        self._started = 0.0

    @property
    def active(self) -> bool:
        return self.session_id is not None

    def elapsed_hours(self) -> float:
        if self.session_id is None:
            return 0.0
        return max(0.0, self.clock() - self._started) / 3600.0

    def session_now(self) -> float | None:
        """Active hours now while a session is open, else None (the database knows)."""
        if self.session_id is None:
            return None
        return self._start_hours + self.elapsed_hours()

    async def run_clock(self) -> Callable[[], float]:
        """ "Now" for a long operation (a dream): the session's clock, which moves while
        it runs, or outside a session the persisted total, read once here."""
        fixed = None if self.active else await self.now_hours()

        def now() -> float:
            in_session = self.session_now()
            return in_session if in_session is not None else float(fixed or 0.0)

        return now

    async def now_hours(self) -> float:
        """The session's start plus its elapsed time, else the persisted total (never 0.0
        outside a session, unlike elfmem, which could rewind last_reinforced_at)."""
        in_session = self.session_now()
        if in_session is not None:
            return in_session
        record = await find_space(self._database, self._space)
        return float(record.total_active_hours) if record else 0.0

    async def begin(self, task_type: str) -> bool:
        """Open a session unless one is open; True when a new one began."""
        if self.session_id is not None:
            return False
        task = check_task_type(task_type)
        session_id = new_session_id()
        start = await self._database.write(
            begin_session,
            space=self._space,
            session_id=session_id,
            task_type=task,
            started_at=datetime.now(UTC).isoformat(),
        )
        if start is None:
            raise space_missing(self._space)
        self.session_id, self._start_hours, self._started = session_id, start, self.clock()
        return True

    async def resume(self, session_id: object) -> None:
        """Continue a session another MemorySystem began (in another process, or another
        server of the service): its clock runs from its own start. SessionError when it is
        not a session of this space or has ended."""
        if session_id == self.session_id:
            return
        if not isinstance(session_id, str) or not 1 <= len(session_id) <= 64:
            raise SessionError(
                f"A session id is a short string, not {shown(session_id)}.",
                recovery="Pass the id that {op:begin_session} returned.",
            )
        row = await self._database.read(find_session, space=self._space, session_id=session_id)
        if row is None or row["ended_at"] is not None:
            where = "has ended" if row is not None else "is not a session of this space"
            raise SessionError(
                f"Session {session_id!r} {where}.",
                recovery="Begin a new session with {op:begin_session}.",
            )
        started = datetime.fromisoformat(row["started_at"])
        elapsed = max(0.0, (datetime.now(UTC) - started).total_seconds())
        self.session_id = session_id
        self._start_hours = float(row["start_hours"] or 0.0)
        self._started = self.clock() - elapsed

    async def end(self) -> float:
        """Close the session and add its hours to the space's clock; 0.0 when none is open."""
        if self.session_id is None:
            return 0.0
        hours = self.elapsed_hours()
        await self._database.write(
            end_session,
            space=self._space,
            session_id=self.session_id,
            hours=hours,
            ended_at=datetime.now(UTC).isoformat(),
        )
        self.session_id = None
        return hours
