from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one

# [id, weighted degree]; [a, b, strength] (lists, as the driver returns them)
DegreeRow = list[str | float]
CandidateEdge = list[str | float]


class ArchiveCandidates(TypedDict):
    decayed: list[DegreeRow]  # the active blocks that decayed, with their degrees
    neighbours: list[DegreeRow]  # their active neighbours, with their degrees
    edges: list[CandidateEdge]  # every edge with a decayed end, once
    ranked: int  # active blocks with a degree above epsilon


async def archive_candidates(
    tx: Transaction, *, space: str, now: float, threshold: float, bonus: float, epsilon: float
) -> ArchiveCandidates:
    """The decayed blocks from their kept archive due time, their edges, the degrees the
    plan touches, and how many active blocks have a non-zero degree."""
    row = await run_one(
        tx,
        "archive_candidates",
        space=space,
        now=now,
        threshold=threshold,
        bonus=bonus,
        epsilon=epsilon,
    )
    assert row is not None  # an aggregation always returns its row
    return cast(ArchiveCandidates, row)
