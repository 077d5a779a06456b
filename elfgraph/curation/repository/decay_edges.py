from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class DecayedEdgeSample(TypedDict):
    a: str | None  # the first 120 characters of each block's content
    b: str | None
    weight: float  # as stored
    effective: float  # after decay: below the threshold


class DecayEdgesRow(TypedDict):
    decayed: int
    sample: list[DecayedEdgeSample]  # weakest first


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
) -> DecayEdgesRow | None:
    """decayed (a count) and sample (dicts a, b, weight, weakest first); None when `owner`
    no longer holds the curate lock."""
    row = await run_one(
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
    return cast(DecayEdgesRow | None, row)
