from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class EdgesToRemoveRow(TypedDict):
    total: int  # the space's knowledge edges
    weak_pairs: list[list[str]]  # [a, b] block ids, to prune
    decay_pairs: list[list[str]]  # [a, b], weakest first, at most max_fraction of the rest
    deferred: int  # decayed edges left for the next run


async def edges_to_remove(
    tx: Transaction,
    *,
    space: str,
    now: float,
    threshold: float,
    edge_factor: float,
    established: int,
    max_fraction: float,
) -> EdgesToRemoveRow:
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
    return cast(EdgesToRemoveRow, row)
