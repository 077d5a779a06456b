from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class Reach(TypedDict):
    edges: int
    outcomes: int
    pairs: int


async def forget_reach(tx: Transaction, *, space: str, ids: list[str]) -> Reach:
    """What a forget of these blocks would remove besides them (a preview)."""
    row = await run_one(tx, "forget_reach", space=space, ids=ids)
    assert row is not None  # three aggregations: always one row
    return cast(Reach, row)
