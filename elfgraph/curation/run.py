"""curate(): set-based maintenance of one space (docs/BEHAVIOUR.md §9).

curate_space takes the space's curate lock (lock.py), checks whether it is due when
asked to, and runs the phases (phases.py; sketch_upkeep.py before the last) while a
heartbeat keeps the lease. A plan is one read over the whole space; its writes go in
batches of ids, each re-checking its condition, so no step is per block or per edge, a
crash leaves a consistent graph that the next run finishes, and what an agent does in
between (a reinforcement, a fresh edge) is kept. Agent edges are never pruned or decayed:
the agent's links are its own to undo.
No embedder and no LLM are needed: the CLI curates with a Database alone.
"""

from __future__ import annotations

import logging
import time
from typing import TypeVar

from elfgraph.config.memory import MemoryConfig
from elfgraph.core.checks import is_flag, shown
from elfgraph.core.schedule import curate_due
from elfgraph.curation.lock import Busy, CurateLock
from elfgraph.curation.models import CurateResult
from elfgraph.curation.phases import (
    EdgeWork,
    Progress,
    archive_blocks,
    pending_plan,
    reinforce_and_finish,
    remove_edges,
)
from elfgraph.curation.sketch_upkeep import sketch_embeddings
from elfgraph.errors import CurateError
from elfgraph.spaces.registry import find_space, space_missing
from elfgraph.store.database import Database

log = logging.getLogger("elfgraph.curation")

CONSTITUTIONAL_TAG = "self/constitutional"
SAMPLE_SIZE = 5
SAMPLE_WORDS = 4
SAMPLE_CHARS = 40

T = TypeVar("T")


async def should_curate(
    database: Database, space: str, config: MemoryConfig, now_hours: float | None
) -> bool:
    """One read: is a curate of this space due at `now_hours` (else its persisted clock)?"""
    record = await find_space(database, space)
    if record is None:
        raise space_missing(space)
    now = record.total_active_hours if now_hours is None else now_hours
    return curate_due(record.last_curate_at, now, config.curation.curate_interval_hours)


def first_words(text: str) -> str:
    words = text.split()
    head = " ".join(words[:SAMPLE_WORDS])
    if len(head) > SAMPLE_CHARS:
        return head[: SAMPLE_CHARS - 1].rstrip() + "…"
    return head + ("…" if len(words) > SAMPLE_WORDS else "")


def describe_edge(a: str, b: str, weight: float) -> str:
    """One line an agent can act on: "<first words of a> ↔ <first words of b> (was 0.45)"."""
    return f"{first_words(a)} ↔ {first_words(b)} (was {weight:.2f})"


async def curate_space(
    database: Database,
    space: str,
    *,
    config: MemoryConfig,
    now_hours: float | None = None,
    if_due: bool = False,
    wait_seconds: float | None = None,
    progress: Progress | None = None,
) -> CurateResult:
    """Curate one space. `now_hours` is a session's clock (None: the persisted one).
    With `if_due`, the due check happens under the lock, so processes that find the space
    due at once curate it once. Another run holding the lock past `wait_seconds`
    (default memory.curation.curate_wait_seconds) → skipped_reason "busy"."""
    lock = CurateLock(database, space, lock_seconds=config.curation.curate_lock_seconds)
    wait = config.curation.curate_wait_seconds if wait_seconds is None else wait_seconds
    lease = await lock.take(now_hours=now_hours, wait_seconds=wait)
    if isinstance(lease, Busy):
        return CurateResult(skipped_reason="busy", busy_holder=lease.holder, busy_until=lease.until)
    finished = False
    try:
        if if_due and not curate_due(
            lease.last_curate_at, lease.now, config.curation.curate_interval_hours
        ):
            return CurateResult(skipped_reason="not_due", now_hours=lease.now)
        async with lock.kept_alive():
            result = await _run(database, lock, lease.now, config, _logged(space, progress))
        finished = True  # finish_curate released the lock
        return result
    finally:
        if not finished:
            await lock.release()


def check_if_due(if_due: object) -> None:
    if not is_flag(if_due):
        raise CurateError(
            f"if_due must be True or False, not {shown(if_due)}.",
            recovery="Pass if_due=True to curate only when it is due, or leave it out.",
        )


async def curate_if_due(
    database: Database, space: str, *, config: MemoryConfig, now_hours: float | None
) -> CurateResult | None:
    """The automatic run (session start, after consolidate): a cheap read first; it never
    waits for a run in progress elsewhere, which does the work anyway."""
    if not await should_curate(database, space, config, now_hours):
        return None
    return await curate_space(
        database, space, config=config, now_hours=now_hours, if_due=True, wait_seconds=0.0
    )


def _logged(space: str, progress: Progress | None) -> Progress:
    """The caller's progress callback, with each phase also logged at DEBUG."""
    started = time.perf_counter()

    def step(phase: str) -> None:
        log.debug(
            "%s curate: %s (%.0f ms in)", space, phase, 1000 * (time.perf_counter() - started)
        )
        if progress is not None:
            progress(phase)

    return step


async def _run(
    database: Database, lock: CurateLock, now: float, config: MemoryConfig, step: Progress
) -> CurateResult:
    resume = await pending_plan(database, lock.space, now)
    edges = EdgeWork() if resume else await remove_edges(database, lock, now, config, step)
    archived, bridges_kept = await archive_blocks(database, lock, now, config, step, resume=resume)
    step("sketch")
    sketched = await sketch_embeddings(database, lock)
    reinforced, total = await reinforce_and_finish(database, lock, now, config, step)
    return CurateResult(
        archived=archived,
        edges_pruned=edges.pruned,
        reinforced=len(reinforced["top_ids"]),
        constitutional_reinforced=len(reinforced["constitutional_ids"]),
        edges_decayed=edges.decayed,
        total_edges_after=total,
        decayed_sample=[
            describe_edge(s["a"] or "", s["b"] or "", float(s["weight"]))
            for s in edges.samples or []
        ],
        bridges_kept=bridges_kept,
        edges_deferred=edges.deferred,
        embeddings_sketched=sketched,
        now_hours=now,
    )
