from typing import Required, TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class SpaceProperties(TypedDict, total=False):
    """The Space node's properties that status reads (`s {.*}` has others too: the
    embedding dimensions, the curate lock). A property never set is absent."""

    name: Required[str]
    created_at: str  # ISO 8601
    total_active_hours: float
    last_curate_at: float  # active hours; absent until the first curate
    last_consolidated_at: str  # ISO 8601; absent until the first dream
    embedding_model: str  # absent until the first dream locks it


class SpaceStatusRow(TypedDict):
    space: SpaceProperties
    inbox: int
    active: int
    archived: int
    edges: int  # knowledge edges, each counted once


async def space_status(tx: Transaction, *, space: str) -> SpaceStatusRow | None:
    """The space's properties and counts (inbox, active, archived, edges); None if absent."""
    row = await run_one(tx, "space_status", space=space)
    return cast(SpaceStatusRow | None, row)
