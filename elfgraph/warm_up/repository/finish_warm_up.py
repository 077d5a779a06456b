from elfgraph.store.transaction import Transaction, run_none


async def finish_warm_up(tx: Transaction, *, started: int, now: float, seconds: float) -> None:
    await run_none(tx, "finish_warm_up", started=started, now=now, seconds=seconds)
