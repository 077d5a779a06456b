"""Import claims: how an import writes a space that nobody sees until it is complete.

An import first claims a space name with an `ImportClaim` node (one per name, by a
uniqueness constraint) and writes its blocks, edges, sessions, outcomes and pairs under
that name in batches. Without a Space node none of it is visible: `list_spaces` does not
list it, `MemorySystem.open` refuses the name while it is claimed, and every writer of a
space needs its node. The last step replaces the claim by the Space node in one small
transaction, whatever the size of the space. A failed import deletes what it wrote and
its claim; one whose process died stops touching its claim's heartbeat, and the next
import discards it after `STALE_AFTER_MS`. A merge claims a hidden name (`_import.…`,
which no space may have) and moves its nodes into the target at the end (merging.py).
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime

import anyio

from elfgraph.errors import StorageError
from elfgraph.portability.repository.claim_space import claim_space
from elfgraph.portability.repository.claim_state import claim_state
from elfgraph.portability.repository.discard_claimed import discard_claimed
from elfgraph.portability.repository.stale_claims import stale_claims
from elfgraph.store.database import Database

log = logging.getLogger("elfgraph.portability")

STALE_AFTER_MS = 15 * 60 * 1000
DISCARD_BATCH = 5_000
STAGING_PREFIX = "_import."  # not a valid space name: no one can open it


def constraint_failed(exc: StorageError) -> bool:
    return "ConstraintValidationFailed" in (getattr(exc.__cause__, "code", "") or "")


def busy(target: str, idle_ms: int | None) -> StorageError:
    idle = f"; its last batch was {idle_ms / 1000:.0f} s ago" if idle_ms is not None else ""
    return StorageError(
        f"Space {target!r} is being imported by another import{idle}.",
        recovery="Wait for it to finish. An import that was killed is discarded by the next "
        "import 15 minutes after its last batch, or at once by `elfgraph import "
        "--discard-unfinished`.",
    )


def exists(target: str) -> StorageError:
    return StorageError(
        f"Space {target!r} already exists; an import never overwrites a space.",
        recovery="Import under another name (--space NEW), add the file to the space with "
        "--merge (its rules are in docs/PORTABILITY.md), or drop the space first.",
    )


def leftovers(target: str) -> StorageError:
    return StorageError(
        f"Blocks of space {target!r} are left in the database without their space node (a "
        "drop that stopped midway?).",
        recovery=f"Finish the drop: elfgraph.drop_space(database, {target!r}), then import.",
    )


@dataclass
class Claim:
    """The claim of one import: where it writes (`space`) and what it fills (`target`)."""

    database: Database
    space: str
    target: str
    token: str = field(default_factory=lambda: uuid.uuid4().hex)

    @property
    def staging(self) -> bool:
        return self.space != self.target

    @classmethod
    async def take(cls, database: Database, target: str, *, merge: bool) -> Claim:
        """Claim `target` (a new space) or, for a merge into an existing one, a hidden
        staging name; StorageError when the name is taken."""
        await discard_stale(database)
        state = await database.read(claim_state, space=target)
        if state["claimed_for"] is not None:
            raise busy(target, state["claim_idle_ms"])
        if state["exists"] and not merge:
            raise exists(target)
        if state["has_blocks"] and not state["exists"]:
            raise leftovers(target)
        claim = cls(database, target, target)
        if state["exists"]:
            claim.space = STAGING_PREFIX + claim.token[:16]
        try:
            taken = await database.write(
                claim_space,
                space=claim.space,
                token=claim.token,
                target=target,
                started_at=datetime.now(UTC).isoformat(),
            )
        except StorageError as exc:
            if not constraint_failed(exc):
                raise
            state = await database.read(claim_state, space=target)
            if state["claimed_for"] is not None:
                raise busy(target, state["claim_idle_ms"]) from exc
            raise exists(target) from exc
        if not taken:
            raise leftovers(target)
        return claim

    async def discard(self) -> None:
        """Delete everything written under the claim, then the claim (several transactions;
        shielded, so a cancelled import still cleans up)."""
        with anyio.CancelScope(shield=True):
            try:
                await discard(self.database, self.space, self.token)
            except StorageError as exc:  # the stale-claim sweep of the next import finishes it
                log.warning("could not discard the unfinished import of %s: %s", self.target, exc)

    def lost(self) -> StorageError:
        return StorageError(
            f"The import into {self.target!r} lost its claim: another process discarded it "
            "as unfinished (it wrote nothing for 15 minutes?).",
            recovery="Import the file again.",
        )


async def discard(database: Database, space: str, token: str) -> None:
    while await database.write(discard_claimed, space=space, token=token, batch=DISCARD_BATCH):
        pass


async def discard_stale(database: Database, *, idle_ms: int = STALE_AFTER_MS) -> list[str]:
    """Discard the imports whose process died: claims idle for `idle_ms`; their targets."""
    found = await database.read(stale_claims, idle_ms=idle_ms)
    for space, token, target in found:
        log.warning("discarding the unfinished import of %s (claim %s)", target, space)
        await discard(database, space, token)
    return [target for _, _, target in found]


async def discard_unfinished_imports(database: Database) -> list[str]:
    """Discard every claimed import at once, live or not: for a person who knows that no
    import is running (`elfgraph import --discard-unfinished`). The spaces they were for."""
    return await discard_stale(database, idle_ms=-1)
