from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class Archived(TypedDict):
    repointed: int  # blocks whose superseded_by now names the new block
    pairs: int  # co-retrieval pairs deleted


async def archive_corrected(
    tx: Transaction,
    *,
    space: str,
    old_id: str,
    new_id: str,
    reason: str | None,
    archived_at: str,
    epoch: int,
) -> Archived:
    row = await run_one(
        tx,
        "archive_corrected",
        space=space,
        old_id=old_id,
        new_id=new_id,
        reason=reason,
        archived_at=archived_at,
        epoch=epoch,
    )
    return cast(Archived, row or {"repointed": 0, "pairs": 0})
