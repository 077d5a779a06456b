from typing import TypedDict, cast

from elfgraph.store.plan_shapes import padded_list
from elfgraph.store.transaction import Transaction, plan_only, run_one


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
    planned_only: bool = False,
) -> ReinforceFrameRow:
    """Counts of what was reinforced, and the pairs whose co-retrieval reached threshold.
    The ids and pairs are sent padded (store.plan_shapes): one cached plan for every frame.
    `planned_only`: the server plans the write for these parameters' shape and runs nothing
    (what MemorySystem.open does, so that the first frame does not plan it)."""
    nothing = ReinforceFrameRow(
        replayed=False, blocks_reinforced=0, edges_reinforced=0, ready=[], staging_dropped=0
    )
    sent_ids, sent_pairs = padded_list(ids), padded_list(pairs)
    if planned_only:
        await plan_only(
            tx,
            "reinforce_frame",
            space=space,
            operation=operation,
            kept=kept,
            ids=sent_ids,
            pairs=sent_pairs,
            now_hours=now_hours,
            session_id=session_id,
            threshold=threshold,
            staging_max=staging_max,
            at=at,
        )
        return nothing
    row = await run_one(
        tx,
        "reinforce_frame",
        space=space,
        operation=operation,
        kept=kept,
        ids=sent_ids,
        pairs=sent_pairs,
        now_hours=now_hours,
        session_id=session_id,
        threshold=threshold,
        staging_max=staging_max,
        at=at,
    )
    return nothing if row is None else cast(ReinforceFrameRow, row)
