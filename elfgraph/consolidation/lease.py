"""The dream lease: one dream per space at a time (docs/BEHAVIOUR.md §4).

Two dreams of one space that overlap would each plan its chunks without the blocks the
other is promoting, and promote the same text twice. So a dream first takes the space's
lease, a record on the Space node (`dream_lease_owner`, a random token per dream;
`dream_lease_until`, the server's wall-clock seconds; `dream_lease_holder`, host and
process), waiting while another dream holds it: the two run one after the other, the
second finding what the first promoted. A heartbeat renews the lease every third of its
length and each chunk's write renews it first, in its own transaction, so a chunk is
written only by the lease's holder; a crashed dream holds the space for at most one lease.
"""

from __future__ import annotations

import logging
import random
import uuid
from contextlib import AbstractAsyncContextManager

import anyio

from elfgraph.consolidation.repository.release_dream_lease import release_dream_lease
from elfgraph.consolidation.repository.renew_dream_lease import renew_dream_lease
from elfgraph.consolidation.repository.take_dream_lease import take_dream_lease
from elfgraph.errors import DreamError, ElfgraphError
from elfgraph.spaces.heartbeat import renewing, this_process
from elfgraph.spaces.registry import space_missing
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

log = logging.getLogger("elfgraph.consolidation")

# Long against one chunk's write (which renews it) and a heartbeat's interval, short
# against the time a space waits after a crash.
LEASE_SECONDS = 60.0
POLL_SECONDS = (0.05, 1.0)  # a waiting dream asks again after this, doubling up to the top


class DreamLease:
    """One dream's hold on its space's dream lease."""

    def __init__(self, database: Database, space: str) -> None:
        self._database = database
        self.space = space
        self.owner = uuid.uuid4().hex
        self._lost = False

    async def take(self) -> None:
        """The lease, waiting for as long as another live dream holds it."""
        pause, told = POLL_SECONDS[0], False
        while True:
            row = await self._database.write(
                take_dream_lease,
                space=self.space,
                owner=self.owner,
                holder=this_process(),
                lease_seconds=LEASE_SECONDS,
            )
            if row is None:
                raise space_missing(self.space)
            if row["taken"]:
                return
            if not told:
                log.info("%s dream: waiting for the dream of %s", self.space, row["holder"])
                told = True
            await anyio.sleep(pause * random.uniform(0.8, 1.2))  # noqa: S311 (not a secret)
            pause = min(POLL_SECONDS[1], 2 * pause)

    def kept_alive(self) -> AbstractAsyncContextManager[None]:
        """While the block runs, renew the lease every third of its length."""
        return renewing(self._renew, every=LEASE_SECONDS / 3, lost=self._lose)

    async def hold(self, tx: Transaction) -> None:
        """In a chunk's write transaction, before anything else: renew the lease, or raise
        DreamError (rolling the write back) when another dream took it."""
        if self._lost or not await renew_dream_lease(
            tx, space=self.space, owner=self.owner, lease_seconds=LEASE_SECONDS
        ):
            self._lose()
            raise DreamError(
                f"A dream of space {self.space!r} lost its lease to another dream and stopped.",
                recovery="Nothing is half-done: each chunk is its own transaction, and the next "
                "{op:dream} files what is left. If this host stalls for a minute or more, "
                "look at what holds it.",
            )

    async def release(self) -> None:
        """Free the lease even while being cancelled; a failure only delays the next dream
        until the lease runs out."""
        with anyio.CancelScope(shield=True):
            try:
                await self._database.write(release_dream_lease, space=self.space, owner=self.owner)
            except ElfgraphError:
                log.warning(
                    "%s dream: the lease was not released; it runs out by itself", self.space
                )

    async def _renew(self) -> bool:
        return await self._database.write(
            renew_dream_lease, space=self.space, owner=self.owner, lease_seconds=LEASE_SECONDS
        )

    def _lose(self) -> None:
        self._lost = True
