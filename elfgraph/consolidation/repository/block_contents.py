from elfgraph.store.transaction import Transaction, run_many


async def block_contents(tx: Transaction, *, space: str, ids: list[str]) -> dict[str, str]:
    rows = await run_many(tx, "block_contents", space=space, ids=ids)
    return {str(row["id"]): str(row["content"]) for row in rows}
