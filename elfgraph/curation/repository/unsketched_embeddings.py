from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class UnsketchedEmbeddings(TypedDict):
    ids: list[str]  # in id order
    embeddings: list[list[float]]


async def unsketched_embeddings(
    tx: Transaction, *, space: str, after: str, limit: int
) -> UnsketchedEmbeddings | None:
    """The next `limit` active blocks after `after` whose embedding has no sketch; None
    when the space is gone or already recorded as sketched."""
    row = await run_one(tx, "unsketched_embeddings", space=space, after=after, limit=limit)
    return None if row is None else cast(UnsketchedEmbeddings, row)
