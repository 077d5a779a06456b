"""Pure planning for consolidation: which inbox blocks are duplicates, which older blocks
they supersede, and which similarity edges to propose. No I/O: the caller gathers the
inputs in one read and writes the plan in one transaction.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import numpy.typing as npt

from elfgraph.core.scoring import EDGE_MIN_COSINE, edge_score
from elfgraph.core.sketch import unsketch_many
from elfgraph.embedding.base import Vector


@dataclass(frozen=True)
class InboxBlock:
    id: str
    content: str
    tags: tuple[str, ...]
    category: str
    follows: str | None = None  # the block learned just before it in its session
    previous_content: str | None = None  # that block's content (its context, §4.8)
    found_by: str = ""  # the text embedded and summarised: its speaker first (§3.3)

    @property
    def text(self) -> str:
        return self.found_by or self.content


@dataclass(frozen=True)
class Neighbour:
    """A block already active in the space, near an inbox block."""

    id: str
    tags: tuple[str, ...]
    category: str
    hours: float  # its last_reinforced_at, in active hours
    cosine: float  # with the vector it is found by: what ranks it and scores its edge
    # The sketch of its own vector when the vector it is found by leans on the block before
    # it (§4.8); None when the two are one.
    own_sketch: str | None = None
    # The cosine of the two blocks' own vectors (own_likeness), what near-duplicates are
    # judged by; None: the same as `cosine`.
    alike: float | None = None

    @property
    def likeness(self) -> float:
        return self.cosine if self.alike is None else self.alike


@dataclass
class DedupePlan:
    survivors: list[str] = field(default_factory=list)  # inbox ids to promote, in order
    rejected: list[str] = field(default_factory=list)  # new blocks that repeat a kept one
    superseded: list[str] = field(default_factory=list)  # older blocks a new one replaces
    # Each archived block → the block that replaced it (never itself archived in this run),
    # so an id an agent kept still names a live block (elfgraph.edges.ids).
    replaced_by: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Candidate:
    """A block a new block might link to: active already, or promoted earlier in the run."""

    id: str
    tags: tuple[str, ...]
    category: str
    hours: float
    cosine: float


def plan_dedupe(
    blocks: Sequence[InboxBlock],
    cosines: npt.NDArray[np.float32],
    neighbours: dict[str, list[Neighbour]],
    *,
    exact_threshold: float,
    near_threshold: float,
) -> DedupePlan:
    """Walk the inbox oldest first (docs/BEHAVIOUR.md §4.2).

    cosine ≥ exact to a kept block (active, or kept earlier in this run) → the new block is
    rejected; cosine ≥ near → the older block is superseded and the new one goes on.
    """
    plan = DedupePlan()
    kept: list[int] = []  # indexes into blocks of this run's survivors
    gone: set[str] = set()
    for index, block in enumerate(blocks):
        pairs: list[tuple[str, float, int | None]] = [
            (n.id, n.likeness, None) for n in neighbours.get(block.id, []) if n.id not in gone
        ]
        if kept:
            earlier = np.asarray(kept)
            row = cosines[index, earlier]
            close = row >= min(near_threshold, exact_threshold)  # the rest cannot matter
            pairs += [
                (blocks[j].id, float(c), j)
                for j, c in zip(earlier[close].tolist(), row[close].tolist(), strict=True)
            ]
        repeated = [(cos, other_id) for other_id, cos, _ in pairs if cos >= exact_threshold]
        if repeated:
            plan.rejected.append(block.id)
            plan.replaced_by[block.id] = max(repeated)[1]
            gone.add(block.id)
            continue
        for other_id, cos, run_index in pairs:
            if cos >= near_threshold:
                plan.superseded.append(other_id)
                plan.replaced_by[other_id] = block.id
                gone.add(other_id)
                if run_index is not None:
                    kept.remove(run_index)
        kept.append(index)
    plan.survivors = [blocks[j].id for j in kept]
    plan.replaced_by = _final_replacements(plan.replaced_by)
    return plan


def _final_replacements(replaced_by: dict[str, str]) -> dict[str, str]:
    """Follow chains within the run (a → b, b superseded by c: a → c)."""
    final: dict[str, str] = {}
    for archived, by in replaced_by.items():
        seen = {archived}
        while by in replaced_by and by not in seen:
            seen.add(by)
            by = replaced_by[by]
        final[archived] = by
    return final


def earlier_survivors(
    cosines: npt.NDArray[np.float32], survivors: Sequence[int], limit: int
) -> dict[int, list[tuple[int, float]]]:
    """For each survivor (chunk indexes, ascending), the `limit` nearest survivors learned
    before it in the chunk, as (index, cosine): one masked selection for the whole chunk
    instead of a scan per block."""
    found: dict[int, list[tuple[int, float]]] = {i: [] for i in survivors}
    take = min(limit, len(survivors) - 1)
    if take <= 0:
        return found
    rows = np.asarray(survivors, dtype=np.int64)
    among = cosines[np.ix_(rows, rows)].astype(np.float32)
    among[np.triu_indices(len(rows))] = -np.inf  # only the survivors before each one
    top = np.argpartition(-among, take - 1, axis=1)[:, :take]
    values = np.take_along_axis(among, top, axis=1).tolist()
    for position, (columns, row_values) in enumerate(zip(top.tolist(), values, strict=True)):
        found[survivors[position]] = [
            (survivors[c], v) for c, v in zip(columns, row_values, strict=True) if v != -math.inf
        ]
    return found


def link_candidates(
    index: int,
    blocks: Sequence[InboxBlock],
    neighbours: dict[str, list[Neighbour]],
    earlier: Sequence[tuple[int, float]],
    gone: set[str],
    now_hours: float,
    limit: int,
) -> list[Candidate]:
    """What block `index` may link to: the `limit` nearest of its active neighbours and of
    the survivors learned before it in this run (`earlier`, from earlier_survivors)."""
    block = blocks[index]
    found = [
        Candidate(n.id, n.tags, n.category, n.hours, n.cosine)
        for n in neighbours.get(block.id, [])
        if n.id not in gone
    ]
    for j, cos in earlier:
        other = blocks[j]
        found.append(Candidate(other.id, other.tags, other.category, now_hours, cos))
    found.sort(key=lambda c: (-c.cosine, c.id))
    return found[:limit]


def pairwise_cosines(vectors: Sequence[Vector]) -> npt.NDArray[np.float32]:
    """Cosine of every pair of a chunk's (unit) vectors, in one matrix product."""
    if not vectors:
        return np.zeros((0, 0), dtype=np.float32)
    matrix = np.stack(vectors).astype(np.float32)
    cosines: npt.NDArray[np.float32] = np.clip(matrix @ matrix.T, -1.0, 1.0)
    return cosines


def similarity_edges(
    block: InboxBlock,
    tags: Sequence[str],
    candidates: Sequence[Candidate],
    now_hours: float,
    *,
    threshold: float,
) -> list[tuple[str, float]]:
    """(other id, score) with score ≥ threshold, strongest first, ties by id."""
    scored = []
    for other in candidates:
        score = edge_score(
            other.cosine, tags, other.tags, block.category, other.category, now_hours, other.hours
        )
        if score >= threshold:
            scored.append((other.id, score))
    scored.sort(key=lambda pair: (-pair[1], pair[0]))
    return scored


FLOOR_MARGIN = 1e-6  # below neighbour_floor's least cosine: float32 rounding of it


def neighbour_floor(
    *,
    near_threshold: float,
    exact_threshold: float,
    edge_threshold: float,
    contradiction_prefilter: float | None,
) -> float:
    """The least cosine at which a neighbour can change what a dream does: a near-duplicate
    needs the near (or exact) threshold, a similarity edge EDGE_MIN_COSINE (below it its
    score is 0, so only a threshold of 0 or less makes an edge of any pair), a contradiction
    check the prefilter (None: no check). A neighbour below it is never a candidate that
    counts, and neither is one that ranks after it, so dropping those leaves every decision
    as it was. A hair lower, so float32 rounding never drops one the float64 tests keep."""
    if edge_threshold <= 0:
        return -math.inf
    least = min(near_threshold, exact_threshold, EDGE_MIN_COSINE)
    if contradiction_prefilter is not None:
        least = min(least, contradiction_prefilter)
    return least - FLOOR_MARGIN


def own_likeness(
    neighbours: dict[str, list[Neighbour]], vectors: dict[str, Vector]
) -> dict[str, list[Neighbour]]:
    """Each neighbour with its own vector's cosine to the inbox block (`vectors`: the inbox
    blocks' own vectors, by id) when the vector it was found by leans on its context: a
    text learned again after another turn is then still its own duplicate. From the int8
    sketch of its own vector, within ~0.001 of the exact cosine (docs/BEHAVIOUR.md §7.4)."""
    judged: dict[str, list[Neighbour]] = {}
    for block_id, found in neighbours.items():
        own = [n for n in found if n.own_sketch is not None]
        if not own:
            judged[block_id] = found
            continue
        query = np.asarray(vectors[block_id], dtype=np.float64)
        query /= max(float(np.linalg.norm(query)), 1e-12)
        alike = {
            n.id: float(np.clip(query @ unit, -1.0, 1.0))
            for n, unit in zip(own, unsketch_many([n.own_sketch for n in own]), strict=True)
            if unit is not None
        }
        judged[block_id] = [replace(n, alike=alike[n.id]) if n.id in alike else n for n in found]
    return judged


def merge_neighbours(
    *sources: dict[str, list[Neighbour]], k: int, floor: float = -math.inf
) -> dict[str, list[Neighbour]]:
    """The k nearest per block across sources at or above `floor`, each block id once."""
    merged: dict[str, list[Neighbour]] = {}
    for source in sources:
        for block_id, found in source.items():
            merged.setdefault(block_id, []).extend(n for n in found if n.cosine >= floor)
    for block_id, found in merged.items():
        unique = {n.id: n for n in sorted(found, key=lambda n: n.cosine)}
        merged[block_id] = sorted(unique.values(), key=lambda n: (-n.cosine, n.id))[:k]
    return merged
