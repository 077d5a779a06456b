"""curate(): set-based maintenance of one space (docs/BEHAVIOUR.md §9).

Under the space's curate lock (curation/lock.py), in order, each a file in cypher/curation/:

1. archive decayed blocks (recency by their stored λ), bridges excepted:
   decayed_blocks plans, archive_decayed writes;
2. static prune of weak, never-reinforced edges, and
3. temporal edge decay, at most max_decay_fraction of the edges per run (§9.3):
   edges_to_remove plans both, prune_edges and decay_edges write;
4. constitutional and top-N reinforcement: reinforce_curated;
5. last_curate_at, the edges left, the lock released: finish_curate.

A plan is one read over the whole space; its writes go in batches of ids
(memory.curation.curate_batch_size per transaction), each re-checking its condition. So no step
is ever per block or per edge, a crash leaves a consistent graph that the next run
finishes, and what an agent does in between (a reinforcement, a fresh edge) is kept.
Agent edges are never pruned or decayed: the agent's explicit links are its own to undo.
No embedder and no LLM are needed: the CLI curates with a Database alone.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from typing import TypedDict, TypeVar

from elfgraph.config.memory import MemoryConfig
from elfgraph.core.checks import is_flag, shown
from elfgraph.core.schedule import curate_due
from elfgraph.core.scoring import (
    COLD_START_CENTRALITY,
    COLD_START_RECENCY,
    EDGE_DECAY_FACTOR,
    EDGE_REINFORCEMENT_BONUS,
    ESTABLISHED_EDGE_COUNT,
    SELF_WEIGHTS,
)
from elfgraph.curation.lock import CurateLock, Lease
from elfgraph.curation.models import CurateResult
from elfgraph.curation.repository.archive_decayed import archive_decayed
from elfgraph.curation.repository.decay_edges import DecayedEdgeSample, decay_edges
from elfgraph.curation.repository.decayed_blocks import decayed_blocks
from elfgraph.curation.repository.edges_to_remove import edges_to_remove
from elfgraph.curation.repository.finish_curate import finish_curate
from elfgraph.curation.repository.prune_edges import prune_edges
from elfgraph.curation.repository.reinforce_curated import reinforce_curated
from elfgraph.errors import CurateError
from elfgraph.spaces.registry import find_space, space_missing
from elfgraph.store.database import Database

log = logging.getLogger("elfgraph.curation")

PHASES = ("archive", "prune", "decay", "reinforce", "finish")
CONSTITUTIONAL_TAG = "self/constitutional"
SAMPLE_SIZE = 5
SAMPLE_WORDS = 4
SAMPLE_CHARS = 40

Progress = Callable[[str], None]
T = TypeVar("T")


class Guard(TypedDict):
    """The arguments of every write that runs only while this run holds the curate lock."""

    space: str
    owner: str
    lock_seconds: float


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


def batches(items: Sequence[T], size: int) -> Iterator[list[T]]:
    for start in range(0, len(items), size):
        yield list(items[start : start + size])


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
    if lease is None:
        return CurateResult(skipped_reason="busy")
    finished = False
    try:
        if if_due and not curate_due(
            lease.last_curate_at, lease.now, config.curation.curate_interval_hours
        ):
            return CurateResult(skipped_reason="not_due", now_hours=lease.now)
        result = await _run(database, lock, lease, config, _logged(space, progress))
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
    database: Database, lock: CurateLock, lease: Lease, config: MemoryConfig, step: Progress
) -> CurateResult:
    space, now, size = lock.space, lease.now, config.curation.curate_batch_size
    guard = Guard(space=space, owner=lock.owner, lock_seconds=lock.lock_seconds)
    threshold = config.curation.edge_prune_threshold

    step("archive")
    plan = await database.read(
        decayed_blocks,
        space=space,
        now=now,
        threshold=config.curation.prune_threshold,
        bonus=EDGE_REINFORCEMENT_BONUS,
    )
    archived_at = datetime.now(UTC).isoformat()
    archived = 0
    for ids in batches(plan["ids"], size):
        archived += lock.held(
            await database.write(
                archive_decayed,
                **guard,
                ids=ids,
                now=now,
                threshold=config.curation.prune_threshold,
                archived_at=archived_at,
            )
        )

    step("prune")
    edges = await database.read(
        edges_to_remove,
        space=space,
        now=now,
        threshold=threshold,
        edge_factor=EDGE_DECAY_FACTOR,
        established=ESTABLISHED_EDGE_COUNT,
        max_fraction=config.curation.max_decay_fraction,
    )
    pruned = 0
    for pairs in batches(edges["weak_pairs"], size):
        pruned += lock.held(
            await database.write(prune_edges, **guard, pairs=pairs, threshold=threshold)
        )

    step("decay")
    decayed = 0
    samples: list[DecayedEdgeSample] = []
    for pairs in batches(edges["decay_pairs"], size):
        row = lock.held(
            await database.write(
                decay_edges,
                **guard,
                pairs=pairs,
                now=now,
                threshold=threshold,
                edge_factor=EDGE_DECAY_FACTOR,
                established=ESTABLISHED_EDGE_COUNT,
                sample=SAMPLE_SIZE,
            )
        )
        decayed += int(row["decayed"])
        samples += row["sample"]
    samples.sort(key=lambda s: float(s["effective"]))

    step("reinforce")
    weights = SELF_WEIGHTS.without_similarity()
    reinforced = lock.held(
        await database.write(
            reinforce_curated,
            **guard,
            now=now,
            top_n=config.curation.curate_reinforce_top_n,
            weights={
                "confidence": weights.confidence,
                "recency": weights.recency,
                "centrality": weights.centrality,
                "reinforcement": weights.reinforcement,
            },
            bonus=EDGE_REINFORCEMENT_BONUS,
            cold_centrality=COLD_START_CENTRALITY,
            cold_recency=COLD_START_RECENCY,
            constitutional=CONSTITUTIONAL_TAG,
        )
    )

    step("finish")
    total = lock.held(await database.write(finish_curate, space=space, owner=lock.owner, now=now))
    return CurateResult(
        archived=archived,
        edges_pruned=pruned,
        reinforced=len(reinforced["top_ids"]),
        constitutional_reinforced=len(reinforced["constitutional_ids"]),
        edges_decayed=decayed,
        total_edges_after=total,
        decayed_sample=[
            describe_edge(s["a"] or "", s["b"] or "", float(s["weight"]))
            for s in samples[:SAMPLE_SIZE]
        ],
        bridges_kept=int(plan["bridges_kept"]),
        edges_deferred=int(edges["deferred"]),
        now_hours=now,
    )
