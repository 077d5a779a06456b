"""Which decayed blocks curate archives, and which it keeps as bridges (docs/BEHAVIOUR.md
§9.2). Pure: the caller reads the inputs in one query and writes the plan.

A bridge is a decayed block whose weighted degree is at least the 80th percentile of the
non-zero weighted degrees of the space's active blocks. Archiving a block removes its
edges, so a bridge that owed its degree to blocks archived in the same run would stop
being one, and the next curate would archive it: curate would never settle. The plan
therefore looks at the graph the run leaves behind: it archives the decayed blocks that
are not bridges, recomputes the degrees and the percentile without them, and repeats
until every decayed block left is a bridge of the final graph. A second curate at the
same clock finds nothing more to archive.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from elfgraph.curation.ranks import (
    EPSILON,
    NONE_UNTOUCHED,
    Untouched,
    bridge_degree,
    percentile_disc,
)

__all__ = ["EPSILON", "ArchivePlan", "percentile_disc", "plan_archive"]


@dataclass(frozen=True)
class ArchivePlan:
    ids: list[str]  # the decayed blocks to archive, sorted
    bridges_kept: int  # decayed blocks kept as bridges
    rounds: int  # how many times the degrees were recomputed


def plan_archive(
    degrees: Mapping[str, float],
    decayed: Iterable[str],
    edges: Iterable[tuple[str, str, float]],
    untouched: Untouched = NONE_UNTOUCHED,
) -> ArchivePlan:
    """`degrees`: every active block's weighted degree, or with `untouched` (the other
    blocks' degrees near the percentile, curation/ranks.py) those of the decayed blocks
    and their neighbours; `decayed`: the active blocks whose recency fell below the
    threshold; `edges`: (a, b, strength) of every edge with a decayed end (the only
    degrees that archiving can change). OutsideWindowError when `untouched` does not
    decide a percentile."""
    remaining = dict(degrees)
    pending = {block for block in decayed if block in remaining}
    links: dict[str, list[tuple[str, float]]] = {}
    for a, b, strength in edges:
        links.setdefault(a, []).append((b, strength))
        links.setdefault(b, []).append((a, strength))
    archived: set[str] = set()
    rounds = 0
    while pending:
        rounds += 1
        bridge = bridge_degree(untouched, remaining.values())
        going = {
            block
            for block in pending
            if bridge is None or remaining[block] <= EPSILON or remaining[block] < bridge - EPSILON
        }
        if not going:
            break
        for block in going:
            del remaining[block]
            for other, strength in links.get(block, ()):
                if other in remaining:
                    remaining[other] = max(0.0, remaining[other] - strength)
        archived |= going
        pending -= going
    return ArchivePlan(sorted(archived), len(pending), rounds)
