from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class EdgesCut(TypedDict):
    epoch: int  # the space's new vector epoch, for the batch's other statements
    edges: int


async def forget_edges(tx: Transaction, *, space: str, ids: list[str]) -> EdgesCut | None:
    """Lock, a new epoch, and every edge of these blocks removed; None without the space."""
    return cast(EdgesCut | None, await run_one(tx, "forget_edges", space=space, ids=ids))
