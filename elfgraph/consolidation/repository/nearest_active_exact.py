from typing import cast

from elfgraph.consolidation.repository.nearest_active import NearestRow, NeighbourQuery
from elfgraph.store.transaction import Transaction, run_one


async def nearest_active_exact(
    tx: Transaction,
    *,
    space: str,
    queries: list[NeighbourQuery],
    k: int,
    run_id: str,
) -> list[NearestRow]:
    """Like nearest_active (the same rows), by an exact scan of the space."""
    row = await run_one(
        tx, "nearest_active_exact", space=space, queries=queries, k=k, run_id=run_id
    )
    return cast(list[NearestRow], row["found"] if row else [])
