from typing import TypedDict

from elfgraph.store.transaction import Transaction, run_one


class ActiveVector(TypedDict):
    id: str
    tags: list[str]  # [] when the block has none
    category: str | None
    hours: float | None  # its last_reinforced_at
    embedding: list[float] | None  # None: archived between the query's filter and its read
    own: str | None  # the sketch of its own vector when it differs from its embedding's


class ActivePage(TypedDict):
    blocks: list[ActiveVector]
    last: str | None  # the page's last id (None when it is empty): the next page's `after`


async def active_vectors(
    tx: Transaction, *, space: str, run_id: str, after: str, page: int
) -> ActivePage:
    """Up to `page` active blocks of the space after id `after` (in id order) that this run
    did not promote, with their embeddings."""
    row = await run_one(tx, "active_vectors", space=space, run_id=run_id, after=after, page=page)
    if row is None:
        return ActivePage(blocks=[], last=None)
    return ActivePage(blocks=row["blocks"], last=row["last"])
