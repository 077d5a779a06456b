from elfgraph.store.transaction import Transaction, run_one


async def block_contents(tx: Transaction, *, space: str, ids: list[str]) -> dict[str, str]:
    row = await run_one(tx, "block_contents", space=space, ids=ids)
    return {str(block_id): str(content) for block_id, content in (row["contents"] if row else [])}
