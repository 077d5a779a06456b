from typing import Any

from elfgraph.store.transaction import Transaction, run_many


async def promote_blocks(
    tx: Transaction,
    *,
    space: str,
    rows: list[dict[str, Any]],
    now_hours: float,
    embedding_model: str,
    run_id: str,
) -> list[str]:
    """The ids promoted now (still in the inbox when locked)."""
    records = await run_many(
        tx,
        "promote_blocks",
        space=space,
        rows=rows,
        now_hours=now_hours,
        embedding_model=embedding_model,
        run_id=run_id,
    )
    return [str(record["id"]) for record in records]
