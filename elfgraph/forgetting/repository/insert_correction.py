from typing import Any, TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class Inserted(TypedDict):
    epoch: int
    old_status: str
    id: str


async def insert_correction(
    tx: Transaction,
    *,
    space: str,
    old_id: str,
    props: dict[str, Any],
    embedding: list[float],
    self_tagged: bool,
    now_hours: float | None,
) -> Inserted | None:
    """The new block created; None when the old one is no longer there to correct."""
    row = await run_one(
        tx,
        "insert_correction",
        space=space,
        old_id=old_id,
        props=props,
        embedding=embedding,
        self_tagged=self_tagged,
        now_hours=now_hours,
    )
    return cast(Inserted | None, row)
