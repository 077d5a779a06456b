from elfgraph.store.transaction import Transaction, run_none


async def record_migration(
    tx: Transaction, *, version: str, name: str, checksum: str, applied_at: str
) -> None:
    await run_none(
        tx, "record_migration", version=version, name=name, checksum=checksum, applied_at=applied_at
    )
