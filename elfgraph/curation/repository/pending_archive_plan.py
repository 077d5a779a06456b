from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class PendingArchivePlan(TypedDict):
    seqs: list[int]  # the batches left, in order
    clocks: list[float]  # the clock each was planned at
    bridges_kept: list[int]


async def pending_archive_plan(tx: Transaction, *, space: str) -> PendingArchivePlan:
    """What is left of a stopped run's archive plan (empty lists when nothing is)."""
    row = await run_one(tx, "pending_archive_plan", space=space)
    return cast(PendingArchivePlan, row or {"seqs": [], "clocks": [], "bridges_kept": []})
