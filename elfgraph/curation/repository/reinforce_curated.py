from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class ReinforceCuratedRow(TypedDict):
    constitutional_ids: list[str]
    top_ids: list[str]


async def reinforce_curated(
    tx: Transaction,
    *,
    space: str,
    owner: str,
    lock_seconds: float,
    now: float,
    top_n: int,
    weights: dict[str, float],
    cold_centrality: float,
    cold_recency: float,
    constitutional: str,
) -> ReinforceCuratedRow | None:
    """constitutional_ids and top_ids reinforced; None when `owner` no longer holds the
    curate lock."""
    row = await run_one(
        tx,
        "reinforce_curated",
        space=space,
        owner=owner,
        lock_seconds=lock_seconds,
        now=now,
        top_n=top_n,
        weights=weights,
        cold_centrality=cold_centrality,
        cold_recency=cold_recency,
        constitutional=constitutional,
    )
    return cast(ReinforceCuratedRow | None, row)
