from typing import NotRequired, TypedDict

from elfgraph.store.transaction import Transaction, run_many


class NewBlock(TypedDict):
    """A new inbox block's properties; consolidation adds the rest when it promotes it."""

    content: str
    tags: list[str]
    category: str
    source: str
    status: str  # inbox
    created_at: str  # ISO 8601
    learn_seq: int  # keeps a batch's learning order
    token_count: int
    confidence: float
    reinforcement_count: int
    decay_lambda: float
    last_reinforced_at: float  # active hours
    session_id: NotRequired[str]  # only when learned in a session


class InsertRow(TypedDict):
    index: int  # the item's place in the batch
    id: str  # the content's block id
    alt_id: str  # a random id, used when the content's block is no longer in the inbox
    props: NewBlock


async def insert_blocks(
    tx: Transaction, *, space: str, rows: list[InsertRow]
) -> list[tuple[str, str]]:
    """(block_id, 'created' | 'duplicate_rejected') per row, in row order; [] if no space."""
    records = await run_many(tx, "insert_blocks", space=space, rows=rows)
    return [(str(r["block_id"]), str(r["status"])) for r in records]
