from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class EdgesDueRow(TypedDict):
    weak_pairs: list[list[str]]  # [a, b] block ids, to prune
    decay_pairs: list[list[str]]  # [a, b], weakest first
    due_ids: list[str]  # the blocks read, whose kept due time was at or before now


async def edges_due(
    tx: Transaction,
    *,
    space: str,
    now: float,
    threshold: float,
    edge_factor: float,
    established: int,
) -> EdgesDueRow:
    """weak_pairs, decay_pairs (weakest first) and due_ids, read from the due blocks only."""
    row = await run_one(
        tx,
        "edges_due",
        space=space,
        now=now,
        threshold=threshold,
        edge_factor=edge_factor,
        established=established,
    )
    assert row is not None  # an aggregation always returns its row
    return cast(EdgesDueRow, row)
