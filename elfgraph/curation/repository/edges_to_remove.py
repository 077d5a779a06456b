from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def edges_to_remove(
    tx: Transaction,
    *,
    space: str,
    now: float,
    threshold: float,
    edge_factor: float,
    established: int,
    max_fraction: float,
) -> dict[str, Any]:
    """total edges, weak_pairs, decay_pairs (weakest first, capped) and deferred."""
    row = await run_one(
        tx,
        "edges_to_remove",
        space=space,
        now=now,
        threshold=threshold,
        edge_factor=edge_factor,
        established=established,
        max_fraction=max_fraction,
    )
    assert row is not None  # an aggregation always returns its row
    return row
