from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class Moved(TypedDict):
    moved: int  # the agent's edges, now at the new block
    dropped: int  # the automatic ones, deleted


async def move_agent_edges(tx: Transaction, *, space: str, old_id: str, new_id: str) -> Moved:
    row = await run_one(tx, "move_agent_edges", space=space, old_id=old_id, new_id=new_id)
    return cast(Moved, row or {"moved": 0, "dropped": 0})
