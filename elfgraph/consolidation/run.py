"""consolidate (dream): turn inbox blocks into linked, active knowledge (docs/BEHAVIOUR.md §4).

The inbox is taken in chunks, oldest first. For each chunk (chunk.py): one read gathers
the blocks, one embedding batch turns them into vectors, their nearest active neighbours
are found (neighbours.py, and the run's own pool in memory), planning happens in Python
(plan.py), and one write transaction archives duplicates, promotes the rest and links
them (write.py). The next chunk is read and planned while the server writes the one
before: the two overlap, and the writes still commit one after the other, in order. A
block stays in the inbox until the transaction that promotes it commits, so a crash loses
nothing and running consolidate again finishes the job.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial

from elfgraph.config.memory import MemoryConfig
from elfgraph.consolidation.chunk import ChunkPlanner
from elfgraph.consolidation.lease import DreamLease
from elfgraph.consolidation.models import ConsolidateResult
from elfgraph.consolidation.neighbours import space_snapshot
from elfgraph.consolidation.repository.record_consolidation import record_consolidation
from elfgraph.consolidation.run_pool import RunPool
from elfgraph.core.checks import is_flag, shown
from elfgraph.embedding.base import EmbeddingService
from elfgraph.errors import ConfigError
from elfgraph.llm.base import LLMService
from elfgraph.schema import statistics
from elfgraph.spaces.registry import (
    count_with_status,
    index_share_counts,
    lock_space_embedding,
)
from elfgraph.store.concurrently import alongside
from elfgraph.store.database import Database

log = logging.getLogger("elfgraph.consolidation")


@dataclass(frozen=True)
class Services:
    embedder: EmbeddingService
    llm: LLMService | None
    config: MemoryConfig


def check_flags(skip_llm: object, skip_contradictions: object) -> None:
    for name, value in (("skip_llm", skip_llm), ("skip_contradictions", skip_contradictions)):
        if not is_flag(value):
            raise ConfigError(
                f"{name} must be True or False, not {shown(value)}.",
                recovery="Leave it out (False), or pass True to skip that step.",
            )


def check_progress(progress: object) -> None:
    """A progress callback is a callable or None (ConfigError otherwise, before any work)."""
    if progress is not None and not callable(progress):
        raise ConfigError(
            f"progress must be a function of (done, total) or None, not {shown(progress)}.",
            recovery="Leave it out, or pass a function such as lambda done, total: None.",
        )


async def consolidate(
    database: Database,
    space: str,
    services: Services,
    *,
    now_hours: Callable[[], float],
    self_context: Callable[[], Awaitable[str]],
    skip_llm: bool = False,
    skip_contradictions: bool = False,
    progress: Callable[[int], None] | None = None,
) -> ConsolidateResult:
    """Consolidate every inbox block of the space; the counts of what happened.
    `progress` is told how many inbox blocks are done: 0 first, then after each chunk.
    One dream per space at a time: this waits while another holds the space's lease."""
    lease = DreamLease(database, space)
    await lease.take()
    try:
        async with lease.kept_alive():
            return await _consolidate(
                database,
                space,
                services,
                lease,
                now_hours=now_hours,
                self_context=self_context,
                skip_llm=skip_llm,
                skip_contradictions=skip_contradictions,
                progress=progress,
            )
    finally:
        await lease.release()


async def _consolidate(
    database: Database,
    space: str,
    services: Services,
    lease: DreamLease,
    *,
    now_hours: Callable[[], float],
    self_context: Callable[[], Awaitable[str]],
    skip_llm: bool,
    skip_contradictions: bool,
    progress: Callable[[int], None] | None,
) -> ConsolidateResult:
    config = services.config
    # The inbox read's plan is made at the first chunk and kept for the whole dream: made
    # from the samples of the inbox as it is now, not as the server last sampled it.
    await statistics.refresh(database)
    await lock_space_embedding(
        database,
        space,
        model=services.embedder.model_name,
        dimensions=services.embedder.dimensions,
    )
    llm = None if skip_llm else services.llm
    context = await self_context() if llm is not None else ""
    total = ConsolidateResult()
    run = RunPool(services.embedder.dimensions)
    # The index's share is read once per run, not per chunk (two counts that grow with
    # the space and the database); the run's own promotions are added as it goes.
    share = await index_share_counts(database, space)
    # A large inbox against the space: its active blocks are read once, not looked up in
    # the index for every inbox block (neighbours.py).
    before = await space_snapshot(
        database,
        space,
        services.embedder.dimensions,
        run_id=run.tag,
        active=share[0],
        inbox=await count_with_status(database, space, "inbox"),
    )
    planner = ChunkPlanner(
        database,
        space,
        services.embedder,
        llm,
        config,
        context,
        check_contradictions=llm is not None and not skip_contradictions,
        share=share,
        run=run,
        before=before,
        lease=lease,
    )
    done = 0
    if progress is not None:
        progress(done)
    planned = await planner.next_chunk(None, now_hours())
    while planned is not None:
        await planner.reserve(planned)
        if run.needs_room(config.consolidation.consolidate_batch_size):
            # The next chunk starts a new generation, whose neighbours come from the index:
            # this chunk must be committed before it is looked for.
            result, promoted = await planner.write(planned)
            following = await planner.next_chunk(planned.last_seq, now_hours())
        else:
            (result, promoted), following = await alongside(
                partial(planner.write, planned),
                partial(planner.next_chunk, planned.last_seq, now_hours()),
            )
        planner.settle(planned, promoted)
        total = total + result
        done += len(planned.blocks)
        if progress is not None:
            progress(done)
        log.debug("%s dream: chunk of %d done: %s", space, len(planned.blocks), result.summary)
        if result.processed == 0:  # every block was taken by another process meanwhile
            break
        planned = following
    await database.write(record_consolidation, space=space, at=datetime.now(UTC).isoformat())
    # Promotion filled the indexes of active blocks (the first dream of a database: from
    # empty) and moved blocks between statuses: recall and curate plan from the new samples.
    await statistics.refresh(database)
    return total


def tell(progress: Callable[[int, int], None], total: int, done: int) -> None:
    """A dream's progress as `progress(done, total)`; others may add to the inbox meanwhile."""
    progress(done, max(total, done))
