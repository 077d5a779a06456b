"""Block ids for forget and correct, resolved exactly: a whole id, or a prefix of at least 6
characters that only one block of the space starts with (as elfgraph/edges/ids.py
resolves them), but never a superseded block's id to its replacement: forgetting a
near-duplicate must not remove the block that replaced it (docs/BEHAVIOUR.md §12)."""

from __future__ import annotations

from collections.abc import Sequence

from elfgraph.edges.ids import MIN_PREFIX, SHOWN_MATCHES, Resolution, resolution_of
from elfgraph.forgetting.repository.resolve_exact_ids import resolve_exact_ids
from elfgraph.store.transaction import Transaction


async def resolve_exact(tx: Transaction, space: str, ids: Sequence[str]) -> Resolution:
    """What each id names in the space, in one query (inside the caller's transaction)."""
    if not ids:
        return Resolution()
    rows = await resolve_exact_ids(
        tx, space=space, ids=list(ids), min_prefix=MIN_PREFIX, limit=SHOWN_MATCHES
    )
    return resolution_of(rows, follow_replacements=False)
