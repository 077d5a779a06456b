from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class DegreeWindow(TypedDict):
    low: float  # the degree at low_rank
    high: float  # the degree at high_rank
    below: int  # how many non-zero degrees lie below low
    window: list[float]  # every degree from low to high


async def degree_window(
    tx: Transaction, *, space: str, epsilon: float, low_rank: int, high_rank: int
) -> DegreeWindow | None:
    """The active blocks' non-zero degrees between two ranks, read along the degree index;
    None when a rank is past the end."""
    row = await run_one(
        tx,
        "degree_window",
        space=space,
        epsilon=epsilon,
        low_rank=low_rank,
        high_rank=high_rank,
    )
    return cast(DegreeWindow, row) if row is not None else None
