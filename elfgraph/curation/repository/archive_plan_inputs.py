from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one

# [id, decayed, weighted degree]; [a, b, strength] (lists, as the driver returns them)
PlanBlock = list[str | bool | float]
PlanEdge = list[str | float]


class ArchivePlanInputs(TypedDict):
    blocks: list[PlanBlock]
    edges: list[PlanEdge]


async def archive_plan_inputs(
    tx: Transaction, *, space: str, now: float, threshold: float, bonus: float
) -> ArchivePlanInputs:
    """Every active block with whether it decayed and its degree; every edge with a
    decayed end, once."""
    row = await run_one(
        tx, "archive_plan_inputs", space=space, now=now, threshold=threshold, bonus=bonus
    )
    return cast(ArchivePlanInputs, row or {"blocks": [], "edges": []})
