from typing import Any, TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class CorrectionSource(TypedDict):
    block: dict[str, Any]  # id, status, content, tags, category, source, session_id, …
    taken: str | None  # the status of a block that already has the new id


async def correction_source(
    tx: Transaction, *, space: str, id: str, new_id: str
) -> CorrectionSource | None:
    """The corrected block's carried-over properties; None when it is not there."""
    row = await run_one(tx, "correction_source", space=space, id=id, new_id=new_id)
    return cast(CorrectionSource | None, row)
