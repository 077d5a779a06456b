"""Upkeep of a space (docs/BEHAVIOUR.md §9, §10.4): curate, should_curate and status, as
methods of MemorySystem (which mixes this class in)."""

from __future__ import annotations

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.curation.models import CurateResult
from elfgraph.curation.run import check_if_due, curate_if_due, curate_space, should_curate
from elfgraph.sessions.clock import SessionClock
from elfgraph.state import ProcessState, operation
from elfgraph.status.models import SystemStatus
from elfgraph.status.report import read_status
from elfgraph.store.database import Database


class Upkeep:
    """Methods of MemorySystem that look after the space."""

    space: str
    config: ElfgraphConfig
    _database: Database
    _sessions: SessionClock
    _state: ProcessState

    @operation("curate", writes=True)
    async def curate(self, *, if_due: bool = False) -> CurateResult:
        """Maintenance (docs/BEHAVIOUR.md §9): archive decayed blocks, prune weak edges, decay
        stale ones, reinforce the constitution and the top blocks. One run per space at a
        time: while another runs, this waits memory.curation.curate_wait_seconds, then reports
        skipped_reason "busy". With `if_due`, only when should_curate() holds."""
        check_if_due(if_due)
        result = await curate_space(
            self._database,
            self.space,
            config=self.config.memory,
            now_hours=self._sessions.session_now(),
            if_due=if_due,
        )
        self._state.index_share.changed(-result.archived)
        return result

    async def should_curate(self) -> bool:
        """Never curated, or memory.curation.curate_interval_hours active hours since the
        last run."""
        return await should_curate(
            self._database, self.space, self.config.memory, self._sessions.session_now()
        )

    async def _curate_if_due(self) -> CurateResult | None:
        # Called from begin_session() and consolidate(), which count as writes.
        result = await curate_if_due(
            self._database,
            self.space,
            config=self.config.memory,
            now_hours=self._sessions.session_now(),
        )
        if result is not None:
            self._state.index_share.changed(-result.archived)
        return result

    async def status(self) -> SystemStatus:
        """Counts, clock, session, health and one suggestion. Never raises for an
        unreachable Neo4j: that is health "degraded", with what to do about it."""
        return await read_status(
            self._database,
            self.space,
            self.config.memory,
            session_active=self._sessions.active,
            session_hours=self._sessions.elapsed_hours(),
        )
