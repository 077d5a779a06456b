from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class Successor(TypedDict):
    id: str
    follows: str  # the forgotten block learned just before it
    content: str
    summary: str | None
    absorbed: list[str]
    previous: str | None  # the content of the block it follows once they are gone


async def session_successors(tx: Transaction, *, space: str, ids: list[str]) -> list[Successor]:
    """The active blocks whose embedding leans on one of these blocks (§4.8)."""
    row = await run_one(tx, "session_successors", space=space, ids=ids)
    return cast(list[Successor], row["blocks"] if row else [])
