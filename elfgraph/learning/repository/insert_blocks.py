from typing import Any, NotRequired, TypedDict

from elfgraph.store.transaction import Transaction, run_one


class BatchProps(TypedDict):
    """What every new inbox block of a batch shares, sent once per statement; consolidation
    adds the rest when it promotes a block. Confidence, reinforcement, weighted degree and
    edge due time come then too: an inbox block without them stays out of the five indexes
    that order active blocks by them (docs/DECISIONS.md, "Learn stores only what it knows"),
    and readers take their defaults (0.5, 0, 0.0)."""

    tags: list[str]  # the defaults a row's `own` overrides: [], knowledge, api
    category: str
    source: str
    status: str  # inbox
    created_at: str  # ISO 8601
    decay_lambda: float
    last_reinforced_at: float  # active hours
    session_id: NotRequired[str]  # only when learned in a session


class InsertRow(TypedDict):
    """One block: what differs from block to block. Its `learn_seq` (the batch's learning
    order) is the statement's `sequence` + `index`."""

    index: int  # the item's place in the batch
    id: str  # the content's block id (or, for insert_again, a random one)
    content: str
    token_count: int
    own: NotRequired[dict[str, Any]]  # tags, category or source where not the batch's


class Inserted(TypedDict):
    stored: int  # rows handled: 0 when the space does not exist
    repeated: dict[int, str]  # row index → status of the block that already had its id


async def insert_blocks(
    tx: Transaction, *, space: str, rows: list[InsertRow], shared: BatchProps, sequence: int
) -> Inserted:
    """Create the rows' blocks; those whose id already existed come back in `repeated`."""
    record = await run_one(
        tx, "insert_blocks", space=space, rows=rows, shared=shared, sequence=sequence
    )
    if record is None:
        return Inserted(stored=0, repeated={})
    return Inserted(
        stored=int(record["stored"]),
        repeated={int(r["index"]): str(r["status"]) for r in record["repeated"]},
    )
