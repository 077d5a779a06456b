from typing import TypedDict

from elfgraph.store.transaction import Transaction, run_one


class PromotionRow(TypedDict):
    """What consolidation decided for one inbox block it promotes."""

    id: str
    confidence: float  # also its self_alignment
    tags: list[str]
    summary: str
    decay_lambda: float
    embedding: list[float]
    sketch: str  # elfgraph.core.sketch of the block's own vector (diversity, §7.4)
    embedding_sketch: str  # of the embedding, the vector it is found by (recall's sketches)
    promoted_at: str  # ISO 8601


async def promote_blocks(
    tx: Transaction,
    *,
    space: str,
    rows: list[PromotionRow],
    now_hours: float,
    embedding_model: str,
    run_id: str,
) -> list[str]:
    """The ids promoted now (still in the inbox when locked)."""
    row = await run_one(
        tx,
        "promote_blocks",
        space=space,
        rows=rows,
        now_hours=now_hours,
        embedding_model=embedding_model,
        run_id=run_id,
    )
    return [str(block_id) for block_id in (row["ids"] if row else [])]
