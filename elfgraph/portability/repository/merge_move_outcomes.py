from elfgraph.store.transaction import Transaction, run_one


async def merge_move_outcomes(
    tx: Transaction, *, stage: str, token: str, target: str, batch: int
) -> tuple[int, int] | None:
    """(moved, dropped); None when the claim is gone."""
    row = await run_one(
        tx, "merge_move_outcomes", stage=stage, token=token, target=target, batch=batch
    )
    assert row is not None
    return (int(row["moved"]), int(row["dropped"])) if row["claimed"] else None
