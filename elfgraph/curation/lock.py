"""The curate lock: one curate run per space at a time (docs/BEHAVIOUR.md §9.1).

A lease on the Space node: `curate_lock_owner` (a random token per run),
`curate_lock_until` (the server's wall-clock seconds, shared by every client) and
`curate_lock_holder` (host and process, for people). Taking it is one atomic write. The
lease is short (memory.curation.curate_lock_seconds, 30 s) and a heartbeat renews it
every third of that while the run works, so a crashed run blocks the next one for at
most one lease. Every write of the run also checks that it still holds the lease, so a
run that lost it stops (CurateError) rather than overlap the run that took over.
"""

from __future__ import annotations

import contextlib
import time
import uuid
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypeVar

import anyio

from elfgraph.curation.repository.release_curate_lock import release_curate_lock
from elfgraph.curation.repository.renew_curate_lock import renew_curate_lock
from elfgraph.curation.repository.take_curate_lock import take_curate_lock
from elfgraph.errors import CurateError, ElfgraphError
from elfgraph.spaces.heartbeat import renewing, this_process
from elfgraph.spaces.registry import space_missing
from elfgraph.store.database import Database

T = TypeVar("T")
POLL_SECONDS = 0.2


@dataclass(frozen=True)
class Lease:
    """A lock taken: the active hours the run uses as "now", and the last run's."""

    now: float
    last_curate_at: float | None


@dataclass(frozen=True)
class Busy:
    """Another run holds the lock: who, and until when (UTC, ISO 8601)."""

    holder: str | None
    until: str | None


class CurateLock:
    """One run's hold on its space's curate lock."""

    def __init__(self, database: Database, space: str, *, lock_seconds: float) -> None:
        self._database = database
        self.space = space
        self.owner = uuid.uuid4().hex
        self.lock_seconds = lock_seconds
        self._lost = False

    async def take(self, *, now_hours: float | None, wait_seconds: float) -> Lease | Busy:
        """The lease, polling for up to `wait_seconds` while another run holds it; who
        holds it when it is still held then."""
        deadline = time.monotonic() + wait_seconds
        while True:
            row = await self._database.write(
                take_curate_lock,
                space=self.space,
                owner=self.owner,
                holder=this_process(),
                lock_seconds=self.lock_seconds,
                now_hours=now_hours,
            )
            if row is None:
                raise space_missing(self.space)
            if row["taken"]:
                last = row["last_curate_at"]
                return Lease(float(row["now"]), None if last is None else float(last))
            left = deadline - time.monotonic()
            if left <= 0:
                until = row["until"]
                shown = None if until is None else datetime.fromtimestamp(until, UTC).isoformat()
                return Busy(row["holder"], shown)
            await anyio.sleep(min(POLL_SECONDS, left))

    def kept_alive(self) -> AbstractAsyncContextManager[None]:
        """While the block runs, renew the lease every third of its length. An error of
        the block comes out as itself, not wrapped in an exception group."""
        return renewing(self._renew, every=self.lock_seconds / 3, lost=self._lose)

    async def _renew(self) -> bool:
        return await self._database.write(
            renew_curate_lock, space=self.space, owner=self.owner, lock_seconds=self.lock_seconds
        )

    def _lose(self) -> None:
        self._lost = True

    async def release(self) -> None:
        """Free the lock even while being cancelled; a failure only delays the next run
        until the lease runs out."""
        with anyio.CancelScope(shield=True), contextlib.suppress(ElfgraphError):
            await self._database.write(release_curate_lock, space=self.space, owner=self.owner)

    def held(self, answer: T | None) -> T:
        """A guarded write's answer; None means the lease was lost to another run."""
        if answer is None or self._lost:
            raise CurateError(
                f"Curate of space {self.space!r} lost its lock to another run and stopped.",
                recovery="Nothing is half-done: each step is its own transaction, and the next "
                "run at the same clock finishes the job. If this host stalls for longer than "
                "the lease, raise {setting:curation.curate_lock_seconds}.",
            )
        return answer
