"""neighbour_floor: leaving out the neighbours below it changes no decision of a dream: the
same near-duplicates, the same similarity edges with the same scores, the same blocks asked
about contradictions (docs/BEHAVIOUR.md §4.1)."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from elfgraph.consolidation.plan import (
    InboxBlock,
    Neighbour,
    earlier_survivors,
    link_candidates,
    merge_neighbours,
    neighbour_floor,
    plan_dedupe,
    similarity_edges,
)

# Cosines on a grid that holds every threshold, so ties with them are common.
GRID = [-0.3, 0.0, 0.2, 0.39, 0.4, 0.45, 0.5, 0.55, 0.7, 0.9, 0.92, 0.95, 0.97]
TAGS = [(), ("garden",), ("garden", "roses"), ("work",)]
CATEGORIES = ["knowledge", "preference"]


def decisions(
    blocks: list[InboxBlock],
    cosines: np.ndarray,
    neighbours: dict[str, list[Neighbour]],
    *,
    k: int,
    edge_threshold: float,
    prefilter: float,
    checks: int,
) -> tuple[object, ...]:
    dedupe = plan_dedupe(blocks, cosines, neighbours, exact_threshold=0.95, near_threshold=0.90)
    index_of = {b.id: i for i, b in enumerate(blocks)}
    survivors = [index_of[i] for i in dedupe.survivors]
    gone = set(dedupe.rejected) | set(dedupe.superseded)
    earlier = earlier_survivors(cosines, survivors, k)
    edges, asked = [], []
    for i in survivors:
        candidates = link_candidates(i, blocks, neighbours, earlier[i], gone, 10.0, k)
        edges.append(
            similarity_edges(blocks[i], blocks[i].tags, candidates, 10.0, threshold=edge_threshold)
        )
        close = sorted(
            (c for c in candidates if c.cosine >= prefilter), key=lambda c: (-c.cosine, c.id)
        )[:checks]
        asked.append([c.id for c in close])
    return dedupe.survivors, dedupe.rejected, dedupe.superseded, dedupe.replaced_by, edges, asked


@settings(max_examples=150, deadline=None)
@given(
    chunk=st.integers(1, 6),
    per_block=st.integers(0, 14),
    k=st.integers(1, 8),
    edge_threshold=st.sampled_from([0.0, 0.3, 0.45, 0.6]),
    prefilter=st.sampled_from([0.2, 0.4, 0.5, 0.95]),
    contradictions=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_no_decision_depends_on_a_neighbour_below_the_floor(
    chunk: int,
    per_block: int,
    k: int,
    edge_threshold: float,
    prefilter: float,
    contradictions: bool,
    seed: int,
) -> None:
    rng = np.random.default_rng(seed)
    blocks = [
        InboxBlock(
            id=f"new-{i}",
            content="",
            tags=TAGS[rng.integers(len(TAGS))],
            category=CATEGORIES[rng.integers(len(CATEGORIES))],
        )
        for i in range(chunk)
    ]
    cosines = rng.choice(GRID, (chunk, chunk)).astype(np.float32)
    cosines = np.triu(cosines, 1) + np.triu(cosines, 1).T + np.eye(chunk, dtype=np.float32)
    neighbours = {
        block.id: [
            Neighbour(
                id=f"old-{rng.integers(20):02d}",
                tags=TAGS[rng.integers(len(TAGS))],
                category=CATEGORIES[rng.integers(len(CATEGORIES))],
                hours=float(rng.integers(0, 12)),
                cosine=float(np.float32(rng.choice(GRID))),
            )
            for _ in range(per_block)
        ]
        for block in blocks
    }
    floor = neighbour_floor(
        near_threshold=0.90,
        exact_threshold=0.95,
        edge_threshold=edge_threshold,
        contradiction_prefilter=prefilter if contradictions else None,
    )
    checks = 5 if contradictions else 0
    options = {"k": k, "edge_threshold": edge_threshold, "prefilter": prefilter, "checks": checks}
    whole = merge_neighbours(neighbours, k=k)
    floored = merge_neighbours(neighbours, k=k, floor=floor)
    assert all(n.cosine >= floor for found in floored.values() for n in found)
    assert decisions(blocks, cosines, floored, **options) == decisions(
        blocks, cosines, whole, **options
    )


def test_the_floor_is_the_least_threshold_a_neighbour_can_meet() -> None:
    options = {"near_threshold": 0.9, "exact_threshold": 0.95, "edge_threshold": 0.45}
    assert neighbour_floor(**options, contradiction_prefilter=None) == 0.5 - 1e-6
    assert neighbour_floor(**options, contradiction_prefilter=0.4) == 0.4 - 1e-6
    # An edge threshold of 0 makes an edge of any pair (score 0 below cosine 0.50).
    assert neighbour_floor(**{**options, "edge_threshold": 0.0}, contradiction_prefilter=None) == (
        -math.inf
    )
