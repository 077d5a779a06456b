from typing import TypedDict, cast

from elfgraph.forgetting.repository import BlockText
from elfgraph.store.transaction import Transaction, run_one


class ForgetInput(TypedDict):
    id: str
    status: str
    content: str
    near_duplicates: list[BlockText]  # archived into it by dream


async def forget_inputs(tx: Transaction, *, space: str, ids: list[str]) -> list[ForgetInput]:
    """The named blocks still there, each with the near-duplicates dream archived into it."""
    row = await run_one(tx, "forget_inputs", space=space, ids=ids)
    return cast(list[ForgetInput], row["blocks"] if row else [])
