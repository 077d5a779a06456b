from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class DecayedBlocksRow(TypedDict):
    ids: list[str]  # to archive
    bridge: float | None  # the bridge threshold; None when no block has an edge
    bridges_kept: int


async def decayed_blocks(
    tx: Transaction, *, space: str, now: float, threshold: float, bonus: float
) -> DecayedBlocksRow:
    """ids to archive, the bridge threshold (None without edges) and bridges_kept."""
    row = await run_one(
        tx, "decayed_blocks", space=space, now=now, threshold=threshold, bonus=bonus
    )
    assert row is not None  # an aggregation always returns its row
    return cast(DecayedBlocksRow, row)
