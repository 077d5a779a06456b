from elfgraph.learning.repository.insert_blocks import BatchProps, InsertRow
from elfgraph.store.transaction import Transaction, run_scalar


async def insert_again(
    tx: Transaction, *, space: str, rows: list[InsertRow], shared: BatchProps, sequence: int
) -> int:
    """Store re-learned content under the rows' (random) ids; how many were created."""
    return int(
        await run_scalar(
            tx, "insert_again", space=space, rows=rows, shared=shared, sequence=sequence
        )
        or 0
    )
