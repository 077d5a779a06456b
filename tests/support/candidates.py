"""Hand-built retrieval candidates for the pure ranking tests: one block as
candidates.cypher returns it, a Candidates of such blocks, and the ranked ids."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from elfgraph.core.scoring import weighted_degree
from elfgraph.retrieval.candidates import Candidates
from elfgraph.retrieval.ranking import Ranked


def block(
    *,
    confidence: float | None = 0.5,
    count: int = 0,
    last: float = 0.0,
    decay: float = 0.01,
    edges: Iterable[tuple[float, int, str, str]] = (),
) -> dict[str, Any]:
    """One candidate as candidates.cypher returns it (no sketch: MMR keeps score order):
    its kept weighted degree counts every edge given, also those to non-candidates."""
    return {
        "confidence": confidence,
        "reinforcement_count": count,
        "last_reinforced_at": last,
        "decay_lambda": decay,
        "tags": [],
        "status": "active",
        "sketch": None,
        "edges": [list(e) for e in edges],
        "weighted_degree": weighted_degree([(e[0], e[1]) for e in edges]),
    }


def candidates(
    blocks: Mapping[str, dict[str, Any]],
    *,
    vector: Mapping[str, float] | None = None,
    keyword: Mapping[str, float] | None = None,
    expanded: Iterable[str] = (),
    guaranteed: Iterable[str] = (),
    contradictions: Iterable[tuple[str, str]] = (),
    now: float = 0.0,
) -> Candidates:
    vector, keyword = vector or {}, keyword or {}
    return Candidates(
        vector_ids=list(vector),
        keyword_ids=list(keyword),
        expanded_ids=list(expanded),
        guaranteed_ids=list(guaranteed),
        contradictions=list(contradictions),
        blocks={i: {"id": i, "content": f"block {i}", **b} for i, b in blocks.items()},
        now_hours=now,
        vector_cosines=list(vector.values()),
        keyword_scores=list(keyword.values()),
    )


def ids(ranked: Ranked) -> list[str]:
    return [b.id for b in ranked.blocks]
