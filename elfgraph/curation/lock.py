"""The curate lock: one curate run per space at a time (docs/BEHAVIOUR.md §9.1).

A lease on the Space node: `curate_lock_owner` (a random token per run) and
`curate_lock_until` (the server's wall-clock seconds, shared by every client). Taking it
is one atomic write. Every write of the run checks that it still holds the lease and
extends it, so a crashed run blocks the next one for at most `curate_lock_seconds`, and a
run that stalled past its lease stops (CurateError) rather than overlap the run that
took over.
"""

from __future__ import annotations

import contextlib
import time
import uuid
from dataclasses import dataclass
from typing import TypeVar

import anyio

from elfgraph.curation.repository.release_curate_lock import release_curate_lock
from elfgraph.curation.repository.take_curate_lock import take_curate_lock
from elfgraph.errors import CurateError, ElfgraphError
from elfgraph.spaces.registry import space_missing
from elfgraph.store.database import Database

T = TypeVar("T")
POLL_SECONDS = 0.2


@dataclass(frozen=True)
class Lease:
    """A lock taken: the active hours the run uses as "now", and the last run's."""

    now: float
    last_curate_at: float | None


class CurateLock:
    """One run's hold on its space's curate lock."""

    def __init__(self, database: Database, space: str, *, lock_seconds: float) -> None:
        self._database = database
        self.space = space
        self.owner = uuid.uuid4().hex
        self.lock_seconds = lock_seconds

    async def take(self, *, now_hours: float | None, wait_seconds: float) -> Lease | None:
        """The lease, polling for up to `wait_seconds` while another run holds it; None
        when it is still held then."""
        deadline = time.monotonic() + wait_seconds
        while True:
            row = await self._database.write(
                take_curate_lock,
                space=self.space,
                owner=self.owner,
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
                return None
            await anyio.sleep(min(POLL_SECONDS, left))

    async def release(self) -> None:
        """Free the lock even while being cancelled; a failure only delays the next run
        until the lease runs out."""
        with anyio.CancelScope(shield=True), contextlib.suppress(ElfgraphError):
            await self._database.write(release_curate_lock, space=self.space, owner=self.owner)

    def held(self, answer: T | None) -> T:
        """A guarded write's answer; None means the lease was lost to another run."""
        if answer is None:
            raise CurateError(
                f"Curate of space {self.space!r} lost its lock to another run and stopped.",
                recovery="Nothing is half-done: each step is its own transaction. Let the "
                "other run finish; if runs take longer than that between writes, raise "
                "{setting:curation.curate_lock_seconds}.",
            )
        return answer
