from elfgraph.store.transaction import Transaction, run_one


async def claim_warm_up(tx: Transaction, *, started: int, now: float) -> tuple[bool, int | None]:
    """Whether this caller claimed the warm-up of the server run that started at `started`,
    and the start time of an earlier warm-up that never finished (claim_warm_up.cypher)."""
    row = await run_one(tx, "claim_warm_up", started=started, now=now)
    if row is None:
        return False, None
    unfinished = row["unfinished"]
    return bool(row["claimed"]), int(unfinished) if unfinished is not None else None
