from elfgraph.store.transaction import Transaction, run_one


async def recount_staged_degrees(
    tx: Transaction, *, space: str, token: str, after: str, limit: int
) -> tuple[bool, str | None]:
    """(the claim still holds, the last id recounted: None when none was left)."""
    row = await run_one(
        tx, "recount_staged_degrees", space=space, token=token, after=after, limit=limit
    )
    assert row is not None
    return bool(row["claimed"]), row["last"]
