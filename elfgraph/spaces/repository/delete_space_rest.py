from elfgraph.store.transaction import Transaction, run_one


async def delete_space_rest(tx: Transaction, *, name: str, batch: int) -> tuple[int, bool]:
    """Delete up to `batch` other nodes of the space, found by a scan, then the space node
    once none is left: how many went, and whether the space node was one of them."""
    row = await run_one(tx, "delete_space_rest", name=name, batch=batch)
    return (int(row["deleted"]), bool(row["space_deleted"])) if row else (0, False)
