from typing import TypedDict

from elfgraph.store.transaction import Transaction, run_scalar


class FreshVector(TypedDict):
    id: str
    embedding: list[float]
    embedding_sketch: str


async def refresh_vectors(
    tx: Transaction, *, space: str, rows: list[FreshVector], epoch: int
) -> int:
    """How many active blocks got their vector made again."""
    return int(await run_scalar(tx, "refresh_vectors", space=space, rows=rows, epoch=epoch) or 0)
