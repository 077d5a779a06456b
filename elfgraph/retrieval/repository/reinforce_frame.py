from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class ReinforceFrameRow(TypedDict):
    replayed: bool  # this operation was applied before (a retry): nothing changed
    blocks_reinforced: int
    edges_reinforced: int
    ready: list[list[str]]  # [a, b] pairs whose co-retrieval count reached the threshold
    staging_dropped: int


async def reinforce_frame(
    tx: Transaction,
    *,
    space: str,
    operation: str,
    kept: int,
    ids: list[str],
    pairs: list[list[str]],
    now_hours: float,
    session_id: str | None,
    threshold: int,
    staging_max: int,
    at: str,
) -> ReinforceFrameRow:
    """Counts of what was reinforced, and the pairs whose co-retrieval reached threshold."""
    row = await run_one(
        tx,
        "reinforce_frame",
        space=space,
        operation=operation,
        kept=kept,
        ids=ids,
        pairs=pairs,
        now_hours=now_hours,
        session_id=session_id,
        threshold=threshold,
        staging_max=staging_max,
        at=at,
    )
    if row is None:
        return ReinforceFrameRow(
            replayed=False, blocks_reinforced=0, edges_reinforced=0, ready=[], staging_dropped=0
        )
    return cast(ReinforceFrameRow, row)
