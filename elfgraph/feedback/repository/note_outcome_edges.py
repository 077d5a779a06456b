from elfgraph.store.transaction import Transaction, run_none


async def note_outcome_edges(tx: Transaction, *, space: str, outcome_id: str, created: int) -> None:
    """Store on the outcome's audit node how many edges it created."""
    await run_none(tx, "note_outcome_edges", space=space, outcome_id=outcome_id, created=created)
