"""Block ids for forget and correct, resolved exactly: a whole id, or a prefix of at least 6
characters that only one block of the space starts with (as elfgraph/edges/ids.py
resolves them), but never a superseded block's id to its replacement: forgetting a
near-duplicate must not remove the block that replaced it (docs/BEHAVIOUR.md §12)."""

from __future__ import annotations

from collections.abc import Sequence

from elfgraph.edges.ids import MIN_PREFIX, SHOWN_MATCHES, BlockRef, Resolution
from elfgraph.forgetting.repository.resolve_exact_ids import resolve_exact_ids
from elfgraph.store.transaction import Transaction


async def resolve_exact(tx: Transaction, space: str, ids: Sequence[str]) -> Resolution:
    """What each id names in the space, in one query (inside the caller's transaction)."""
    resolution = Resolution()
    if not ids:
        return resolution
    rows = await resolve_exact_ids(
        tx, space=space, ids=list(ids), min_prefix=MIN_PREFIX, limit=SHOWN_MATCHES
    )
    for row in rows:
        given, matches = row["given"], row["matches"]
        if not matches:
            resolution.unknown.append(given)
        elif len(matches) > 1:
            resolution.ambiguous[given] = [match["id"] for match in matches]
        else:
            (match,) = matches
            resolution.found[given] = BlockRef(given, match["id"], match["status"])
    return resolution
