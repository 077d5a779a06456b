"""The phases of one curate run (docs/BEHAVIOUR.md §9), each a file in cypher/curation/.

1. edges: edges_due plans the static prune of weak, never-reinforced edges and the
   temporal decay from the blocks whose kept edge_due_hours has come (edges_to_remove,
   which reads every edge, when the threshold is not the kept one or max_decay_fraction
   caps the run); prune_edges and decay_edges write them, refresh_edge_due recounts the
   due blocks that are still due;
2. archive: archive_inputs.py reads, on the edges that are left, which blocks decayed
   (from their kept archive_due_hours) and the degrees the plan needs; plan.py decides
   which go (bridges stay); save_archive_plan keeps the plan in the graph and
   archive_decayed carries it out batch by batch;
3. (sketch_upkeep.py: older blocks get their embedding's sketch, §9.7);
4. reinforce and finish, in one transaction: reinforce_curated (constitutional and
   top-N blocks, once per clock), then finish_curate (last_curate_at, the edges left,
   the lock released).

The edges go first and the archive plan looks at the graph the run leaves behind, so
curate converges: a second run at the same clock changes nothing. The archive plan is
saved before it is carried out, so a run resumed after a crash ends where an
uninterrupted one would. Each plan is one read over the space; its writes go in batches
(curate_batch_size), each re-checking its condition and the lease.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypedDict, TypeVar

from elfgraph.config.memory import MemoryConfig
from elfgraph.core.scoring import (
    COLD_START_CENTRALITY,
    COLD_START_RECENCY,
    EDGE_DECAY_FACTOR,
    ESTABLISHED_EDGE_COUNT,
    KEPT_DUE_THRESHOLD,
    SELF_WEIGHTS,
)
from elfgraph.curation.archive_inputs import read_archive_plan
from elfgraph.curation.lock import CurateLock
from elfgraph.curation.repository.archive_decayed import archive_decayed
from elfgraph.curation.repository.decay_edges import DecayedEdgeSample, decay_edges
from elfgraph.curation.repository.edges_due import edges_due
from elfgraph.curation.repository.edges_to_remove import edges_to_remove
from elfgraph.curation.repository.finish_curate import finish_curate
from elfgraph.curation.repository.pending_archive_plan import pending_archive_plan
from elfgraph.curation.repository.prune_edges import prune_edges
from elfgraph.curation.repository.refresh_edge_due import refresh_edge_due
from elfgraph.curation.repository.reinforce_curated import ReinforceCuratedRow, reinforce_curated
from elfgraph.curation.repository.save_archive_plan import PlanBatch, save_archive_plan
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

CONSTITUTIONAL_TAG = "self/constitutional"
SAMPLE_SIZE = 5

Progress = Callable[[str], None]
T = TypeVar("T")


class Guard(TypedDict):
    """The arguments of every write that runs only while this run holds the curate lock."""

    space: str
    owner: str
    lock_seconds: float


@dataclass
class EdgeWork:
    pruned: int = 0
    decayed: int = 0
    deferred: int = 0
    samples: list[DecayedEdgeSample] | None = None


def batches(items: Sequence[T], size: int) -> Iterator[list[T]]:
    for start in range(0, len(items), size):
        yield list(items[start : start + size])


def guard(lock: CurateLock) -> Guard:
    return Guard(space=lock.space, owner=lock.owner, lock_seconds=lock.lock_seconds)


async def remove_edges(
    database: Database, lock: CurateLock, now: float, config: MemoryConfig, step: Progress
) -> EdgeWork:
    """Phase 1: the static prune, then the temporal decay, weakest first."""
    size, threshold = config.curation.curate_batch_size, config.curation.edge_prune_threshold
    step("prune")
    plan = await edge_plan(database, lock.space, now, config)
    work = EdgeWork(deferred=int(plan.get("deferred", 0)), samples=[])
    for pairs in batches(plan["weak_pairs"], size):
        work.pruned += lock.held(
            await database.write(prune_edges, **guard(lock), pairs=pairs, threshold=threshold)
        )
    step("decay")
    samples: list[DecayedEdgeSample] = []
    for pairs in batches(plan["decay_pairs"], size):
        row = lock.held(
            await database.write(
                decay_edges,
                **guard(lock),
                pairs=pairs,
                now=now,
                threshold=threshold,
                edge_factor=EDGE_DECAY_FACTOR,
                established=ESTABLISHED_EDGE_COUNT,
                sample=SAMPLE_SIZE,
            )
        )
        work.decayed += int(row["decayed"])
        samples += row["sample"]
    samples.sort(key=lambda s: float(s["effective"]))
    work.samples = samples[:SAMPLE_SIZE]
    for ids in batches(plan.get("due_ids", []), size):
        lock.held(await database.write(refresh_edge_due, **guard(lock), ids=ids, now=now))
    return work


async def edge_plan(
    database: Database, space: str, now: float, config: MemoryConfig
) -> dict[str, Any]:
    """The edges to prune and decay. With the default threshold and no cap on decay, read
    only the blocks whose kept edge_due_hours has come (docs/BEHAVIOUR.md §9.3); else every
    edge of the space (the kept due time is computed for KEPT_DUE_THRESHOLD only, and the
    cap counts every edge)."""
    threshold = config.curation.edge_prune_threshold
    if threshold == KEPT_DUE_THRESHOLD and config.curation.max_decay_fraction >= 1.0:
        due = await database.read(
            edges_due,
            space=space,
            now=now,
            threshold=threshold,
            edge_factor=EDGE_DECAY_FACTOR,
            established=ESTABLISHED_EDGE_COUNT,
        )
        # No cap, so every planned edge goes and the order is free: in id order, a batch
        # holds neighbouring edges, and the blocks it recounts are fewer and recounted once.
        return {**due, "decay_pairs": sorted(due["decay_pairs"])}
    every = await database.read(
        edges_to_remove,
        space=space,
        now=now,
        threshold=threshold,
        edge_factor=EDGE_DECAY_FACTOR,
        established=ESTABLISHED_EDGE_COUNT,
        max_fraction=config.curation.max_decay_fraction,
    )
    return dict(every)


async def archive_blocks(
    database: Database,
    lock: CurateLock,
    now: float,
    config: MemoryConfig,
    step: Progress,
    *,
    resume: Pending | None = None,
) -> tuple[int, int]:
    """Phase 2: the decayed blocks that are not bridges of the graph the run leaves
    (curation/plan.py); (archived, bridges kept). The plan is saved in the graph first,
    and a resumed run (`resume`) carries out what is left of it."""
    step("archive")
    threshold = config.curation.prune_threshold
    if resume is None:
        plan = await read_archive_plan(database, lock.space, now, config)
        size = config.curation.curate_batch_size
        saved = [PlanBatch(seq=i, ids=ids) for i, ids in enumerate(batches(plan.ids, size))]
        lock.held(
            await database.write(
                save_archive_plan,
                **guard(lock),
                now=now,
                batches=saved,
                bridges_kept=plan.bridges_kept,
            )
        )
        resume = Pending([batch["seq"] for batch in saved], plan.bridges_kept)
    archived_at = datetime.now(UTC).isoformat()
    archived = 0
    for seq in resume.seqs:
        archived += lock.held(
            await database.write(
                archive_decayed,
                **guard(lock),
                seq=seq,
                now=now,
                threshold=threshold,
                archived_at=archived_at,
            )
        )
    return archived, resume.bridges_kept


@dataclass(frozen=True)
class Pending:
    """What is left of an archive plan: its batches, and the bridges it keeps."""

    seqs: list[int]
    bridges_kept: int


async def pending_plan(database: Database, space: str, now: float) -> Pending | None:
    """The batches a stopped run left at this clock; None when there are none (a plan
    made at another clock is stale: the next plan replaces it)."""
    left = await database.read(pending_archive_plan, space=space)
    if not left["seqs"] or any(clock != now for clock in left["clocks"]):
        return None
    return Pending(left["seqs"], int(left["bridges_kept"][0]))


def reinforce_weights() -> dict[str, float]:
    """The queryless SELF weights (docs/BEHAVIOUR.md §9.4) as reinforce_curated takes them."""
    weights = SELF_WEIGHTS.without_similarity()
    return {
        "confidence": weights.confidence,
        "recency": weights.recency,
        "centrality": weights.centrality,
        "reinforcement": weights.reinforcement,
    }


async def reinforce_and_finish(
    database: Database, lock: CurateLock, now: float, config: MemoryConfig, step: Progress
) -> tuple[ReinforceCuratedRow, int]:
    """Phase 4, one transaction: a crash never reinforces twice or finishes half."""
    step("reinforce")

    async def work(tx: Transaction) -> tuple[ReinforceCuratedRow | None, int | None]:
        reinforced = await reinforce_curated(
            tx,
            **guard(lock),
            now=now,
            top_n=config.curation.curate_reinforce_top_n,
            weights=reinforce_weights(),
            cold_centrality=COLD_START_CENTRALITY,
            cold_recency=COLD_START_RECENCY,
            constitutional=CONSTITUTIONAL_TAG,
        )
        if reinforced is None:
            return None, None
        return reinforced, await finish_curate(tx, space=lock.space, owner=lock.owner, now=now)

    reinforced, total = await database.write(work)
    return lock.held(reinforced), lock.held(total)
