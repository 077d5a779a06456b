from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class ActiveVector(TypedDict):
    id: str
    tags: list[str]  # [] when the block has none
    category: str | None
    hours: float | None  # its last_reinforced_at
    embedding: list[float]


async def active_vectors(tx: Transaction, *, space: str, run_id: str) -> list[ActiveVector]:
    """Every active block of the space this run did not promote, with its embedding."""
    row = await run_one(tx, "active_vectors", space=space, run_id=run_id)
    return cast(list[ActiveVector], row["blocks"] if row else [])
