from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def decay_edges(
    tx: Transaction,
    *,
    space: str,
    owner: str,
    lock_seconds: float,
    pairs: list[list[str]],
    now: float,
    threshold: float,
    edge_factor: float,
    established: int,
    sample: int,
) -> dict[str, Any] | None:
    """decayed (a count) and sample (dicts a, b, weight, weakest first); None when `owner`
    no longer holds the curate lock."""
    return await run_one(
        tx,
        "decay_edges",
        space=space,
        owner=owner,
        lock_seconds=lock_seconds,
        pairs=pairs,
        now=now,
        threshold=threshold,
        edge_factor=edge_factor,
        established=established,
        sample=sample,
    )
