"""Pure scoring math (numpy only, no I/O). Every result is in [0, 1] and never NaN."""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

EDGE_WEIGHTS = (0.55, 0.20, 0.15, 0.10)  # cosine, tag Jaccard, category, temporal
EDGE_MIN_COSINE = 0.50
TEMPORAL_SIGMA_HOURS = 8.0


def clamp01(value: float) -> float:
    if value != value:  # NaN
        return 0.0
    return min(1.0, max(0.0, value))


def cosine(a: npt.ArrayLike, b: npt.ArrayLike) -> float:
    """Cosine similarity in [-1, 1]; 0.0 when either vector is zero or not finite."""
    x = np.asarray(a, dtype=np.float64).reshape(-1)
    y = np.asarray(b, dtype=np.float64).reshape(-1)
    norms = float(np.linalg.norm(x) * np.linalg.norm(y))
    if norms == 0.0 or not math.isfinite(norms):
        return 0.0
    value = float(np.dot(x, y) / norms)
    if not math.isfinite(value):
        return 0.0
    return min(1.0, max(-1.0, value))


def index_score_to_cosine(score: float) -> float:
    """Neo4j's cosine vector index and vector.similarity.cosine report (1 + cos) / 2."""
    return min(1.0, max(-1.0, 2.0 * score - 1.0))


def jaccard(a: Iterable[str], b: Iterable[str]) -> float:
    """|a ∩ b| / |a ∪ b|; 0.0 when both are empty (no shared evidence)."""
    x, y = set(a), set(b)
    union = x | y
    return len(x & y) / len(union) if union else 0.0


def temporal_closeness(hours_a: float, hours_b: float) -> float:
    """exp(−Δh² / (2·8²)): blocks learned in the same stretch of work belong together."""
    gap = abs(hours_a - hours_b)
    if not math.isfinite(gap):
        return 0.0
    return math.exp(-(gap**2) / (2 * TEMPORAL_SIGMA_HOURS**2))


def edge_score(
    cos: float,
    tags_a: Iterable[str],
    tags_b: Iterable[str],
    category_a: str,
    category_b: str,
    hours_a: float,
    hours_b: float,
) -> float:
    """Composite strength of a similarity edge (BEHAVIOUR.md §4.7); 0 below cosine 0.50."""
    if not cos >= EDGE_MIN_COSINE:  # also catches NaN
        return 0.0
    w_cos, w_tags, w_cat, w_time = EDGE_WEIGHTS
    score = (
        w_cos * clamp01(cos)
        + w_tags * jaccard(tags_a, tags_b)
        + w_cat * (1.0 if category_a == category_b else 0.30)
        + w_time * temporal_closeness(hours_a, hours_b)
    )
    return clamp01(score)
