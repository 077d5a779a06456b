from elfgraph.store.transaction import Transaction, run_scalar


async def text_holders(tx: Transaction, *, space: str, ids: list[str], texts: list[str]) -> int:
    """How many other blocks hold one of `texts` in their absorbed list (a preview)."""
    return int(await run_scalar(tx, "text_holders", space=space, ids=ids, texts=texts) or 0)
