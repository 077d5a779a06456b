"""Retrieval results built by hand, for the pure ranking and rendering tests."""

from __future__ import annotations

from collections.abc import Sequence

from elfgraph.retrieval.models import ScoredBlock


def scored(
    block_id: str,
    *,
    confidence: float = 0.5,
    recency: float = 0.5,
    score: float = 0.5,
    content: str | None = None,
    tags: Sequence[str] = (),
) -> ScoredBlock:
    """A ScoredBlock whose content defaults to its id."""
    return ScoredBlock(
        id=block_id,
        content=block_id if content is None else content,
        tags=list(tags),
        similarity=0.0,
        confidence=confidence,
        recency=recency,
        centrality=0.0,
        reinforcement=0.0,
        score=score,
    )
