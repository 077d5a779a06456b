from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class InboxRow(TypedDict):
    id: str
    content: str
    tags: list[str]  # [] when the block has none
    category: str | None  # learn() always sets one; the caller still defaults it
    created_at: str  # ISO 8601
    learn_seq: int
    follows: str | None  # the block learned just before it in its session
    previous_content: str | None  # that block's content (its speaker first, when it has one)
    found_by: str  # its content, its speaker first when it has one as data


async def inbox_batch(
    tx: Transaction, *, space: str, limit: int, after: int | None = None
) -> list[InboxRow]:
    """The oldest `limit` inbox blocks learned after `after` (None: from the first)."""
    row = await run_one(
        tx, "inbox_batch", space=space, limit=limit, after=-1 if after is None else after
    )
    return cast(list[InboxRow], row["blocks"] if row else [])
