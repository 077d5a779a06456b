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

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

BRIDGE_PERCENTILE = 0.8
# Degrees are sums of floats, computed here by subtraction and in Cypher by addition:
# comparisons allow this much rounding, so both always agree on who is a bridge.
EPSILON = 1e-9


@dataclass(frozen=True)
class ArchivePlan:
    ids: list[str]  # the decayed blocks to archive, sorted
    bridges_kept: int  # decayed blocks kept as bridges
    rounds: int  # how many times the degrees were recomputed


def percentile_disc(values: Iterable[float], percentile: float) -> float | None:
    """The nearest-rank percentile, as Cypher's percentileDisc computes it: the value at
    index ceil(p·n) - 1 of the sorted values (the first for p·n < 1); None when empty."""
    ordered = sorted(values)
    if not ordered:
        return None
    index = max(0, math.ceil(percentile * len(ordered)) - 1)
    return ordered[min(index, len(ordered) - 1)]


def plan_archive(
    degrees: Mapping[str, float],
    decayed: Iterable[str],
    edges: Iterable[tuple[str, str, float]],
) -> ArchivePlan:
    """`degrees`: every active block's weighted degree; `decayed`: the active blocks whose
    recency fell below the threshold; `edges`: (a, b, strength) of every edge with a
    decayed end (the only degrees that archiving can change)."""
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
        bridge = percentile_disc((d for d in remaining.values() if d > EPSILON), BRIDGE_PERCENTILE)
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
