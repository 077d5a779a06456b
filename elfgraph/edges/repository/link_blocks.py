from typing import Any

from elfgraph.store.transaction import Transaction, run_many


async def link_blocks(
    tx: Transaction,
    *,
    space: str,
    edges: list[dict[str, Any]],
    cap: int,
    now_hours: float,
    created_at: str,
) -> list[dict[str, Any]]:
    """The edges created (a, b, relation, weight, displaced_edges), in request order."""
    return await run_many(
        tx,
        "link_blocks",
        space=space,
        edges=edges,
        cap=cap,
        now_hours=now_hours,
        created_at=created_at,
    )
