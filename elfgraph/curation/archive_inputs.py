"""The reads behind curate's archive plan (docs/BEHAVIOUR.md §9.2).

With the default prune threshold, the plan reads only the active blocks whose kept
archive_due_hours has come (re-checked exactly), their edges and neighbours, and the
degrees of the untouched blocks near the 80th percentile's rank (a count and a skip along
the degree index, values only, curation/ranks.py; a window that turns out too narrow is
read again wider): no block that did not decay or neighbour one. Otherwise, or when the
graph changed between the reads so that no window decides the percentile, it reads every
active block, as before; both give the same plan.
"""

from __future__ import annotations

import logging

from elfgraph.config.memory import MemoryConfig
from elfgraph.core.scoring import EDGE_REINFORCEMENT_BONUS, KEPT_ARCHIVE_THRESHOLD
from elfgraph.curation.plan import ArchivePlan, plan_archive
from elfgraph.curation.ranks import EPSILON, OutsideWindowError, untouched_from, window_ranks
from elfgraph.curation.repository.archive_candidates import archive_candidates
from elfgraph.curation.repository.archive_plan_inputs import archive_plan_inputs
from elfgraph.curation.repository.degree_window import degree_window
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

log = logging.getLogger("elfgraph.curation")

# The first degree window reaches this many ranks (plus two per decayed block) either side
# of the percentile's; each retry reaches WIDER times as far. Reading along the index costs
# little per degree, so a first window too narrow costs one more round trip.
FIRST_REACH = 256
WIDER = 8


async def read_archive_plan(
    database: Database, space: str, now: float, config: MemoryConfig
) -> ArchivePlan:
    """The archive plan of the graph as it is now, from the due blocks when the kept due
    time holds for the configured threshold, else from every active block."""
    threshold = config.curation.prune_threshold
    if threshold == KEPT_ARCHIVE_THRESHOLD:
        plan = await database.read(due_plan, space=space, now=now, threshold=threshold)
        if plan is not None:
            return plan
        log.debug("%s curate: the degree window moved; reading every active block", space)
    return await database.read(full_plan, space=space, now=now, threshold=threshold)


async def due_plan(
    tx: Transaction, *, space: str, now: float, threshold: float
) -> ArchivePlan | None:
    """The plan from the due blocks and the degree window; None when the window read does
    not decide a percentile (the graph changed between the two reads)."""
    found = await archive_candidates(
        tx,
        space=space,
        now=now,
        threshold=threshold,
        bonus=EDGE_REINFORCEMENT_BONUS,
        epsilon=EPSILON,
    )
    decayed = [str(row[0]) for row in found["decayed"]]
    if not decayed:
        return ArchivePlan([], 0, 0)
    touched = {str(row[0]): float(row[1]) for row in found["neighbours"] + found["decayed"]}
    edges = [(str(e[0]), str(e[1]), float(e[2])) for e in found["edges"]]
    ranked = int(found["ranked"])
    touched_nonzero = sum(1 for degree in touched.values() if degree > EPSILON)
    if ranked <= touched_nonzero:  # every non-zero degree is a touched one: all known
        return plan_archive(touched, decayed, edges)
    reach: int | None = FIRST_REACH + 2 * len(decayed)
    while True:
        ranks = window_ranks(ranked, touched_nonzero, reach)
        window = await degree_window(
            tx, space=space, epsilon=EPSILON, low_rank=ranks[0], high_rank=ranks[1]
        )
        if window is None:
            return None
        try:
            untouched = untouched_from(
                ranked,
                touched,
                ranks,
                float(window["low"]),
                float(window["high"]),
                int(window["below"]),
                [float(degree) for degree in window["window"]],
            )
            return plan_archive(touched, decayed, edges, untouched)
        except OutsideWindowError:
            if reach is None or ranks == window_ranks(ranked, touched_nonzero):
                return None  # the widest window did not decide: the graph changed
            reach *= WIDER


async def full_plan(tx: Transaction, *, space: str, now: float, threshold: float) -> ArchivePlan:
    """The plan from every active block's recency and degree."""
    inputs = await archive_plan_inputs(
        tx, space=space, now=now, threshold=threshold, bonus=EDGE_REINFORCEMENT_BONUS
    )
    return plan_archive(
        {str(b[0]): float(b[2]) for b in inputs["blocks"]},
        [str(b[0]) for b in inputs["blocks"] if b[1]],
        [(str(e[0]), str(e[1]), float(e[2])) for e in inputs["edges"]],
    )
