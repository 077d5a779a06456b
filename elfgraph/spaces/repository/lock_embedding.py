from elfgraph.store.transaction import Transaction, run_one


async def lock_embedding(
    tx: Transaction, *, name: str, model: str, dimensions: int
) -> tuple[str, int] | None:
    """The (model, dimensions) the space is locked to after the call; None if no such space."""
    row = await run_one(tx, "lock_embedding", name=name, model=model, dimensions=dimensions)
    return None if row is None else (str(row["model"]), int(row["dimensions"]))
