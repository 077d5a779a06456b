from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def decayed_blocks(
    tx: Transaction, *, space: str, now: float, threshold: float, bonus: float
) -> dict[str, Any]:
    """ids to archive, the bridge threshold (None without edges) and bridges_kept."""
    row = await run_one(
        tx, "decayed_blocks", space=space, now=now, threshold=threshold, bonus=bonus
    )
    assert row is not None  # an aggregation always returns its row
    return row
