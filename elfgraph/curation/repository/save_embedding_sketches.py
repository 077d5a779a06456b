from typing import TypedDict

from elfgraph.store.transaction import Transaction, run_one


class SketchRow(TypedDict):
    id: str
    sketch: str


async def save_embedding_sketches(
    tx: Transaction,
    *,
    space: str,
    owner: str,
    lock_seconds: float,
    rows: list[SketchRow],
    complete: bool,
) -> int | None:
    """How many blocks got their embedding's sketch; None when `owner` no longer holds the
    curate lock. `complete`: no block is left without one, so the space records it."""
    row = await run_one(
        tx,
        "save_embedding_sketches",
        space=space,
        owner=owner,
        lock_seconds=lock_seconds,
        rows=rows,
        complete=complete,
    )
    return None if row is None else int(row["sketched"])
