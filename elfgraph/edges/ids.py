"""Block ids as agents give them back: whole, or a unique prefix of at least 6
characters (like git), and a superseded block's id naming the block that replaced it.

Every operation that takes block ids (connect, disconnect, connects, outcome) resolves
them here, inside its own write transaction, with one query
(cypher/edges/resolve_block_ids.cypher). An unknown id or an ambiguous prefix is an error
that says which, never a silent success.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from elfgraph.edges.repository.resolve_block_ids import resolve_block_ids
from elfgraph.errors import ElfgraphError
from elfgraph.store.transaction import Transaction

MIN_PREFIX = 6  # hex characters: 16 million prefixes, git's default is 7
SHOWN_MATCHES = 3  # an ambiguous prefix lists this many of its blocks


@dataclass(frozen=True)
class BlockRef:
    """What one given id names."""

    given: str
    id: str  # the block meant: the replacement when the one named was superseded
    status: str  # of that block: inbox, active or archived
    superseded: str | None = None  # the archived block the given id named, if replaced


@dataclass
class Resolution:
    found: dict[str, BlockRef] = field(default_factory=dict)  # given → block
    unknown: list[str] = field(default_factory=list)
    ambiguous: dict[str, list[str]] = field(default_factory=dict)  # given → some matches

    def problem(self) -> tuple[str, str] | None:
        """(message, recovery) for the first unknown or ambiguous id; None when all
        resolved. The recovery carries elfgraph.faces markers."""
        if self.ambiguous:
            given, matches = next(iter(self.ambiguous.items()))
            more = "" if len(matches) < SHOWN_MATCHES else ", …"
            return (
                f"Block id prefix {given!r} matches more than one block: "
                f"{', '.join(matches)}{more}.",
                "Give more characters of the id, or the whole id: {ids}.",
            )
        if self.unknown:
            shown = ", ".join(repr(given) for given in self.unknown)
            short = [g for g in self.unknown if len(g) < MIN_PREFIX]
            hint = (
                f" A prefix needs at least {MIN_PREFIX} characters ({', '.join(map(repr, short))} "
                "has fewer)."
                if short
                else ""
            )
            return (
                f"No block with id {shown} in this space.",
                "Use {ids}." + hint,
            )
        return None

    def check(self, error: type[ElfgraphError]) -> None:
        """Raise `error` naming the first unknown or ambiguous id."""
        found = self.problem()
        if found is not None:
            raise error(found[0], recovery=found[1])


async def resolve_ids(tx: Transaction, space: str, ids: Sequence[str]) -> Resolution:
    """What each id names in the space, in one query (inside the caller's transaction)."""
    if not ids:
        return Resolution()
    rows = await resolve_block_ids(
        tx, space=space, ids=list(ids), min_prefix=MIN_PREFIX, limit=SHOWN_MATCHES
    )
    return resolution_of(rows, follow_replacements=True)


def resolution_of(rows: Sequence[Mapping[str, Any]], *, follow_replacements: bool) -> Resolution:
    """A Resolution from the rows of an id lookup: `given` and its `matches` (id, status,
    and, when `follow_replacements`, the block that replaced it, which the id then names)."""
    resolution = Resolution()
    for row in rows:
        given, matches = row["given"], row["matches"]
        if not matches:
            resolution.unknown.append(given)
        elif len(matches) > 1:
            resolution.ambiguous[given] = [m["id"] for m in matches]
        else:
            (match,) = matches
            replaced_by = match.get("replaced_by") if follow_replacements else None
            replacement_status = match.get("replacement_status") if follow_replacements else None
            if replaced_by is not None and replacement_status is not None:
                resolution.found[given] = BlockRef(
                    given, replaced_by, replacement_status, superseded=match["id"]
                )
            else:
                resolution.found[given] = BlockRef(given, match["id"], match["status"])
    return resolution
