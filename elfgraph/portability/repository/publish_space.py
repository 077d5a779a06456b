from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def publish_space(tx: Transaction, *, space: str, token: str, props: dict[str, Any]) -> bool:
    """Replace the claim by the Space node; False when the claim is gone."""
    return await run_one(tx, "publish_space", space=space, token=token, props=props) is not None
