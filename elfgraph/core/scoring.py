"""Pure scoring math (numpy only, no I/O). Every result is in [0, 1] and never NaN."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import astuple, dataclass

import numpy as np
import numpy.typing as npt

EDGE_WEIGHTS = (0.55, 0.20, 0.15, 0.10)  # cosine, tag Jaccard, category, temporal
EDGE_MIN_COSINE = 0.50
TEMPORAL_SIGMA_HOURS = 8.0


def clamp01(value: float) -> float:
    """value within [0, 1]; 0.0 for NaN (which fails every comparison). Called ~1,000
    times a recall: comparisons, not min/max calls."""
    if not value > 0.0:
        return 0.0
    return value if value < 1.0 else 1.0


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
    """Composite strength of a similarity edge (docs/BEHAVIOUR.md §4.7); 0 below cosine 0.50."""
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


# ---- edge temporal decay (docs/BEHAVIOUR.md §9.3) -----------------------------------------------

EDGE_DECAY_FACTOR = 0.5  # an edge fades at half the rate of its longer-lived block
ESTABLISHED_EDGE_COUNT = 10  # reinforced this often, it decays at half that rate again
# The prune threshold that every block's kept edge_due_hours is computed for (the Cypher of
# the writers holds it as a literal, like the two constants above); curate reads only the
# due blocks when its edge_prune_threshold is this one, else it reads every edge.
KEPT_DUE_THRESHOLD = 0.10
# The recency threshold that every block's kept archive_due_hours is computed for (as
# ln(1/0.05) = ln 20 in the writers' Cypher): curate reads only the due blocks when its
# prune_threshold is this one, else every active block (docs/BEHAVIOUR.md §9.2).
KEPT_ARCHIVE_THRESHOLD = 0.05


def edge_decay_lambda(lambda_a: float, lambda_b: float, reinforcement_count: float) -> float:
    """min(λ_a, λ_b)·0.5, halved again for an established edge (count ≥ 10): a link
    fades more slowly than either of the memories it joins, and use makes it sturdier."""
    rate = min(lambda_a, lambda_b) * EDGE_DECAY_FACTOR
    if reinforcement_count >= ESTABLISHED_EDGE_COUNT:
        rate *= EDGE_DECAY_FACTOR
    return max(0.0, rate) if math.isfinite(rate) else 0.0


def effective_edge_weight(
    weight: float, lambda_a: float, lambda_b: float, reinforcement_count: float, hours_since: float
) -> float:
    """weight·exp(−λ_edge·max(0, Δh)): what curate compares with edge_prune_threshold.
    The stored weight never changes, so calling curate often does not compound decay.
    (cypher/curation/ computes the same in the database; this is its reference.)"""
    rate = edge_decay_lambda(lambda_a, lambda_b, reinforcement_count)
    if rate == 0.0:
        return max(0.0, weight)
    gap = max(0.0, hours_since) if math.isfinite(hours_since) else math.inf
    return max(0.0, weight) * math.exp(-rate * gap)


# ---- retrieval (docs/BEHAVIOUR.md §6, §7.4) ----------------------------------------------------

RRF_K = 60
MMR_LAMBDA = 0.7  # mmr()'s own default, the design's; recall passes 1 − diversity_weight
EDGE_REINFORCEMENT_BONUS = 0.10
COLD_START_CENTRALITY = 0.10
COLD_START_RECENCY = 0.70


@dataclass(frozen=True)
class Weights:
    """How a frame mixes the five components; they sum to 1."""

    similarity: float
    confidence: float
    recency: float
    centrality: float
    reinforcement: float

    def __post_init__(self) -> None:
        values = astuple(self)
        # 1e-9 either way: shares derived by division and subtraction carry float noise
        if any(not -1e-9 <= v <= 1.0 + 1e-9 for v in values) or abs(sum(values) - 1.0) > 1e-9:
            raise ValueError(f"frame weights must be in [0, 1] and sum to 1, got {values}")

    def without_similarity(self) -> Weights:
        """For queries without text: drop similarity, scale the other four to sum to 1."""
        rest = 1.0 - self.similarity
        if rest <= 0.0:
            return Weights(0.0, 0.25, 0.25, 0.25, 0.25)
        return Weights(
            0.0,
            self.confidence / rest,
            self.recency / rest,
            self.centrality / rest,
            # max: the subtraction can leave -1e-16 where the share is 0
            max(0.0, 1.0 - (self.confidence + self.recency + self.centrality) / rest),
        )

    def with_priors_at_most(self, share: float) -> Weights:
        """For queries with text (docs/BEHAVIOUR.md §7.4): the four priors together take at
        most `share` of the composite, in their own proportions, and similarity the rest, so
        they reorder blocks of comparable relevance without outweighing it. A frame whose
        priors already weigh less keeps its weights."""
        rest = 1.0 - self.similarity
        share = min(1.0, max(0.0, share))
        if rest <= share or rest <= 0.0:
            return self
        scale = share / rest
        confidence, recency = self.confidence * scale, self.recency * scale
        centrality, reinforcement = self.centrality * scale, self.reinforcement * scale
        return Weights(
            max(0.0, 1.0 - (confidence + recency + centrality + reinforcement)),
            confidence,
            recency,
            centrality,
            reinforcement,
        )


# How each built-in frame mixes the five (docs/BEHAVIOUR.md §6); curate's top-N uses SELF's.
SELF_WEIGHTS = Weights(0.10, 0.30, 0.05, 0.25, 0.30)
ATTENTION_WEIGHTS = Weights(0.35, 0.15, 0.25, 0.15, 0.10)
TASK_WEIGHTS = Weights(0.20, 0.20, 0.20, 0.20, 0.20)


@dataclass(frozen=True)
class Components:
    """The five scoring signals of one block, each in [0, 1]."""

    similarity: float
    confidence: float
    recency: float
    centrality: float
    reinforcement: float


def recency(decay_lambda: float, hours_since: float) -> float:
    """exp(−λ·Δh), with Δh clamped at 0 (a block is never "from the future")."""
    if not math.isfinite(decay_lambda) or decay_lambda < 0:
        return 0.0
    gap = hours_since if math.isfinite(hours_since) else math.inf
    return clamp01(math.exp(-decay_lambda * max(0.0, gap)))


def edge_strength(weight: float, reinforcement_count: float) -> float:
    """An edge's share of a weighted degree: weight + 0.10·ln(1 + reinforcements)."""
    w = weight if math.isfinite(weight) else 0.0
    count = reinforcement_count if math.isfinite(reinforcement_count) else 0.0
    return max(0.0, w) + EDGE_REINFORCEMENT_BONUS * math.log1p(max(0.0, count))


def weighted_degree(edges: Sequence[tuple[float, float]]) -> float:
    """The sum of the (weight, reinforcement_count) edges' strengths, smallest first: the
    bits a block's kept `weighted_degree` holds (BEHAVIOUR.md §9.2)."""
    return sum(sorted(edge_strength(w, c) for w, c in edges))


def centralities(degrees: Mapping[str, float], recencies: Mapping[str, float]) -> dict[str, float]:
    """Weighted degree (kept on write, `weighted_degree`) over the largest among the
    candidates, with the cold-start floor: a fresh block (recency > 0.70) with almost no
    edges (< 0.10) gets 0.5·recency."""
    finite = {
        block: max(0.0, degree) if math.isfinite(degree) else 0.0
        for block, degree in degrees.items()
    }
    top = max(finite.values(), default=0.0)
    result: dict[str, float] = {}
    for block, degree in finite.items():
        raw = clamp01(degree / top) if top > 0 else 0.0
        fresh = clamp01(recencies.get(block, 0.0))
        if raw < COLD_START_CENTRALITY and fresh > COLD_START_RECENCY:
            raw = max(raw, 0.5 * fresh)
        result[block] = raw
    return result


def reinforcement(count: float, max_count: float) -> float:
    """ln(1 + count) / ln(1 + max count among the candidates); 0 when the max is 0."""
    if not (math.isfinite(count) and math.isfinite(max_count)) or max_count <= 0:
        return 0.0
    return clamp01(math.log1p(max(0.0, count)) / math.log1p(max_count))


def composite(components: Components, weights: Weights) -> float:
    return clamp01(
        weights.similarity * clamp01(components.similarity)
        + weights.confidence * clamp01(components.confidence)
        + weights.recency * clamp01(components.recency)
        + weights.centrality * clamp01(components.centrality)
        + weights.reinforcement * clamp01(components.reinforcement)
    )


def rrf_fuse(*rankings: Sequence[str], k: int = RRF_K) -> dict[str, float]:
    """Reciprocal rank fusion of ranked id lists, scaled so the best id scores 1.0."""
    fused: dict[str, float] = {}
    for ranking in rankings:
        for rank, block in enumerate(dict.fromkeys(ranking)):
            fused[block] = fused.get(block, 0.0) + 1.0 / (k + rank + 1)
    best = max(fused.values(), default=0.0)
    return {block: score / best for block, score in fused.items()} if best > 0 else {}


def rank(scores: Mapping[str, float]) -> list[str]:
    """Ids by score, highest first; ties broken by id so the order never depends on input."""
    return sorted(scores, key=lambda block: (-scores[block], block))


def mmr(
    ranked: Sequence[str],
    scores: Mapping[str, float],
    vectors: Mapping[str, npt.ArrayLike],
    *,
    lambda_: float = MMR_LAMBDA,
) -> list[str]:
    """Greedy maximal marginal relevance: repeatedly take the id maximising
    λ·score − (1−λ)·max cosine to those already taken (ties by id). Redundancy is the
    cosine clamped at 0: an opposite block is not "more novel" than an unrelated one. An id
    without a vector is never penalised."""
    order = list(dict.fromkeys(ranked))
    units: dict[str, npt.NDArray[np.float64]] = {}
    for block in order:
        if block not in vectors:
            continue
        array = np.asarray(vectors[block], dtype=np.float64).reshape(-1)
        norm = float(np.linalg.norm(array))
        if norm > 0 and math.isfinite(norm):
            units[block] = array / norm
    # Every pair's redundancy at once; then each pick raises the others' penalty to at
    # least its redundancy with them (the max over what was taken, kept as it grows).
    # Plain lists for the picks: a recall's pool is ~20 blocks, too few for NumPy per step.
    with_vector = [block for block in order if block in units]
    matrix = np.array([units[block] for block in with_vector])
    # Rounded so that float noise (an orthogonal pair at 1e-17) never decides a tie.
    redundancy = np.round(np.maximum(matrix @ matrix.T, 0.0), 12).tolist() if with_vector else []
    row = {block: at for at, block in enumerate(with_vector)}
    penalty = [0.0] * len(with_vector)
    novelty = 1.0 - lambda_
    # A NaN score counts as 0, so it can never win every comparison.
    worth = {b: lambda_ * (v if (v := scores.get(b, 0.0)) == v else 0.0) for b in order}

    def value(block: str) -> tuple[float, str]:
        at = row.get(block)
        return (-(worth[block] - novelty * (penalty[at] if at is not None else 0.0)), block)

    remaining, chosen = order, []
    while remaining:
        best = min(remaining, key=value)
        chosen.append(best)
        remaining = [block for block in remaining if block != best]
        if best in row:
            penalty = [max(p, r) for p, r in zip(penalty, redundancy[row[best]], strict=True)]
    return chosen
