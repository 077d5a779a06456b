"""Pure ranking of retrieval candidates (docs/BEHAVIOUR.md §7.2–§7.4, §7.8–§7.11): fusion, composite
score, relevance first, diversity, contradiction suppression, guarantees. No I/O."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from elfgraph.core.coverage import asked_stems, covered
from elfgraph.core.dates import Period
from elfgraph.core.episodes import coherent
from elfgraph.core.fusion import matching, similarities, spread, timely, told_when
from elfgraph.core.relative import Anchor
from elfgraph.core.scoring import (
    Components,
    Weights,
    centralities,
    composite,
    mmr,
    rank,
    recency,
    reinforcement,
)
from elfgraph.core.sketch import unsketch_many
from elfgraph.core.speakers import by_speaker
from elfgraph.retrieval.candidates import Candidates
from elfgraph.retrieval.facts import all_facts, anchored_period, in_period, when_and_who
from elfgraph.retrieval.models import ScoredBlock
from elfgraph.retrieval.pending import merge_pending, pending_similarities


@dataclass(frozen=True)
class Relevance:
    """How the similarity component is made, and how much diversity reorders the result
    (MemoryConfig's retrieval knobs)."""

    fusion: str = "relative"
    keyword_weight: float = 0.7
    spread: float = 0.8  # share of a linked seed's similarity a block receives; 0: none
    period: Period | None = None  # the period the query asks about (core.dates, core.relative)
    anchor: Anchor | None = None  # "the week before the launch": resolved among the candidates
    temporal_weight: float = 0.5  # similarity gained by a block naming a day in it
    query: str = ""  # the query text, for the speakers it names (core.speakers)
    speaker_weight: float = 0.4  # similarity gained by a block said by a named speaker
    asks_when: bool = False  # the query asks when something happened (core.dates)
    when_weight: float = 0.2  # similarity gained then by a block that says when
    coverage_weight: float = 0.1  # gained by a block holding every word asked about (§7.10)
    spread_hops: int = 2  # how many edges spreading passes relevance along (§7.3)
    session_weight: float = 0.05  # gained from the session's other matches (§7.11)
    session_depth: int = 2  # how many of them count
    diversity_weight: float = 0.2  # MMR's share for novelty over score (§7.4); 0: score order


@dataclass
class Ranked:
    blocks: list[ScoredBlock]  # in final order, at most top_k
    guaranteed: set[str] = field(default_factory=set)
    now_hours: float = 0.0  # the clock the ranking used; frame() reinforces with it
    # Each vector seed's own cosine to the query: an absolute measure of a match, where
    # ScoredBlock.similarity is relative to the best seed's.
    cosines: dict[str, float] = field(default_factory=dict)


Links = dict[str, list[tuple[str, str, float]]]


def _links(found: Candidates) -> Links:
    """Each candidate's edges to the other candidates as (other block, relation, weight)."""
    return {
        block_id: [(str(e[2]), str(e[3]), float(e[0] or 0.0)) for e in b.get("edges") or []]
        for block_id, b in found.blocks.items()
    }


def relevance(found: Candidates, how: Relevance, links: Links | None = None) -> dict[str, float]:
    """Each candidate's similarity to the query: the legs fused (fusion.similarities),
    passed on along associative edges (fusion.spread), then raised for a speaker the query
    names (speakers.by_speaker, §7.9), for saying when (fusion.told_when, §7.8), for the
    share of the asked words it holds (coverage.covered, §7.10), for the other matches of
    its session (episodes.coherent, §7.11) and for a day in the period
    the query names (fusion.timely, §7.8)."""
    fused = similarities(
        dict(zip(found.vector_ids, found.vector_cosines, strict=True)),
        dict(zip(found.keyword_ids, found.keyword_scores, strict=True)),
        fusion=how.fusion,
        keyword_weight=how.keyword_weight,
    )
    if how.spread > 0:
        fused = spread(
            fused,
            _links(found) if links is None else links,
            how.spread,
            hops=how.spread_hops,
        )
    facts = all_facts(found.blocks)
    bodies = {block_id: fact.body for block_id, fact in facts.items()}
    if how.query and how.speaker_weight > 0:
        speakers = {block_id: fact.speaker for block_id, fact in facts.items()}
        fused = by_speaker(fused, bodies, how.query, how.speaker_weight, speakers=speakers)
    if how.asks_when and how.when_weight > 0:
        fused = told_when(fused, bodies, how.when_weight)
    if how.query and how.coverage_weight > 0:
        names = {fact.name for fact in facts.values() if fact.name is not None}
        fused = covered(fused, bodies, asked_stems(how.query, names), how.coverage_weight)
    if how.session_weight > 0:
        sessions = {block_id: _session(b) for block_id, b in found.blocks.items()}
        fused = coherent(fused, sessions, how.session_weight, how.session_depth)
    period = how.period
    if period is None and how.anchor is not None:
        period = anchored_period(how.anchor, fused, facts)
    if period is None or how.temporal_weight <= 0:
        return fused
    within = {block_id for block_id, fact in facts.items() if in_period(fact, period)}
    return timely(fused, bodies, period, how.temporal_weight, within=within)


def _session(block: Mapping[str, object]) -> str | None:
    session = block.get("session_id")
    return str(session) if session else None


def relevant_ids(found: Candidates, how: Relevance, links: Links | None = None) -> set[str]:
    """The candidates that match the query (fusion.matching): keyword hits, pending ones
    included, near vector seeds, and with spreading the blocks associated with those."""
    return matching(
        dict(zip(found.vector_ids, found.vector_cosines, strict=True)),
        [*found.keyword_ids, *found.pending_ids],
        _links(found) if links is None else links,
        spreading=how.spread > 0,
    )


@dataclass(frozen=True, slots=True)
class _Numbers:
    """One candidate's components and composite score, before it becomes a ScoredBlock
    (only the few that can reach the result ever do)."""

    components: Components
    score: float
    relevant: bool


def _score_numbers(
    found: Candidates,
    weights: Weights,
    now_hours: float,
    has_query: bool,
    how: Relevance,
) -> dict[str, _Numbers]:
    """Every candidate's five components, composite score and whether it matches."""
    links = _links(found) if has_query else {}  # read once for spreading and relevance
    similarity = relevance(found, how, links) if has_query else {}
    pending = set(found.pending_ids)
    if has_query and pending:
        similarity |= pending_similarities(
            dict(zip(found.vector_ids, found.vector_cosines, strict=True)),
            dict(zip(found.keyword_ids, found.keyword_scores, strict=True)),
            dict(zip(found.pending_ids, found.pending_scores, strict=True)),
            fusion=how.fusion,
            keyword_weight=how.keyword_weight,
        )
    relevant = relevant_ids(found, how, links) if has_query else set(found.blocks)
    blocks = found.blocks
    recencies = {
        block_id: recency(
            _number(b.get("decay_lambda"), 0.01),
            now_hours - float(b.get("last_reinforced_at") or 0.0),
        )
        for block_id, b in blocks.items()
    }
    central = centralities(
        {block_id: _number(b.get("weighted_degree"), 0.0) for block_id, b in blocks.items()},
        recencies,
    )
    for block_id in pending:  # not linked yet: no centrality, not even the cold-start floor
        central[block_id] = 0.0
    counts = {block_id: float(b.get("reinforcement_count") or 0) for block_id, b in blocks.items()}
    top_count = max(counts.values(), default=0.0)
    numbers: dict[str, _Numbers] = {}
    for block_id, b in blocks.items():
        components = Components(
            similarity=similarity.get(block_id, 0.0),
            confidence=_number(b.get("confidence"), 0.5),
            recency=recencies[block_id],
            centrality=central.get(block_id, 0.0),
            reinforcement=reinforcement(counts[block_id], top_count),
        )
        numbers[block_id] = _Numbers(
            components, composite(components, weights), block_id in relevant
        )
    return numbers


def _scored_block(
    found: Candidates, block_id: str, numbers: _Numbers, has_query: bool, *, lowered: bool = False
) -> ScoredBlock:
    """One candidate as recall returns it (`lowered`: diversity placed it below a block
    with a lower score)."""
    b = found.blocks[block_id]
    components = numbers.components
    return ScoredBlock(
        id=block_id,
        content=str(b.get("content") or ""),
        tags=list(b.get("tags") or ()),
        similarity=components.similarity,
        confidence=min(1.0, max(0.0, components.confidence)),
        recency=components.recency,
        centrality=components.centrality,
        reinforcement=components.reinforcement,
        score=numbers.score,
        was_expanded=has_query
        and block_id in found.expanded_ids
        and block_id not in found.vector_ids
        and block_id not in found.keyword_ids,
        status=str(b.get("status") or "active"),
        pending=block_id in found.pending_ids,
        relevant=numbers.relevant,
        lowered_by_diversity=lowered,
        **when_and_who(b),
    )


def score_all(
    found: Candidates,
    weights: Weights,
    now_hours: float,
    has_query: bool,
    how: Relevance | None = None,
) -> dict[str, ScoredBlock]:
    """Every candidate with its five components and composite score."""
    numbers = _score_numbers(found, weights, now_hours, has_query, how or Relevance())
    return {
        block_id: _scored_block(found, block_id, n, has_query) for block_id, n in numbers.items()
    }


def _number(value: object, default: float) -> float:
    return float(value) if isinstance(value, int | float) else default


def suppress_contradictions(
    ordered: Sequence[ScoredBlock],
    pairs: Sequence[tuple[str, str]],
    protected: set[str],
) -> list[ScoredBlock]:
    """Of two blocks joined by a contradicts edge, drop the weaker: the lower-confidence
    one (tie: the less recent; then the larger id). A guaranteed block is never the one
    dropped. The pairs are settled strongest first, so a block dropped by a stronger one
    drops nobody, and the survivors do not depend on the order the pairs came in."""
    by_id = {b.id: b for b in ordered}

    def strength(block: ScoredBlock) -> tuple[bool, float, float, str]:
        """Sorts the strongest first."""
        return (block.id not in protected, -block.confidence, -block.recency, block.id)

    settled = sorted(
        (sorted((by_id[a], by_id[b]), key=strength) for a, b in pairs if a in by_id and b in by_id),
        key=lambda pair: (strength(pair[0]), strength(pair[1])),
    )
    dropped: set[str] = set()
    for winner, loser in settled:
        if winner.id in dropped or loser.id in dropped or loser.id in protected:
            continue
        dropped.add(loser.id)
    return [b for b in ordered if b.id not in dropped]


def diversify(
    pool: Sequence[str],
    scores: Mapping[str, float],
    relevant: set[str],
    units: Mapping[str, npt.NDArray[np.float64] | None],
    weight: float,
) -> list[tuple[str, bool]]:
    """The pool (relevant blocks first, each part by score) reordered by MMR within each
    part, novelty weighing `weight` against score, on the blocks' unit vectors (decoded
    from their int8 sketches: error ≤ the bound of core.sketch); each id with whether MMR
    placed it below a block with a lower score (`lowered_by_diversity`)."""
    result: list[tuple[str, bool]] = []
    for relevant_part in (True, False):
        part = [i for i in pool if (i in relevant) is relevant_part]
        vectors = {i: v for i in part if (v := units.get(i)) is not None}
        lowest_so_far = float("inf")
        for block_id in mmr(part, scores, vectors, lambda_=1.0 - weight):
            score = scores[block_id]
            result.append((block_id, lowest_so_far < score))
            lowest_so_far = min(lowest_so_far, score)
    return result


def rank_candidates(
    found: Candidates,
    weights: Weights,
    *,
    top_k: int,
    has_query: bool,
    how: Relevance | None = None,
) -> Ranked:
    """Composite score → relevant blocks before the others, each by score → the best
    2·top_k → MMR within each part → contradiction suppression → guarantees first →
    top_k, then pending blocks where they outrank an active one (docs/BEHAVIOUR.md §7.4,
    §7.7; before rendering)."""
    numbers = _score_numbers(found, weights, found.now_hours, has_query, how or Relevance())
    pending = set(found.pending_ids)
    guaranteed = rank({g: numbers[g].score for g in found.guaranteed_ids if g in numbers})
    others = [i for i in numbers if i not in guaranteed and i not in pending]
    pool = sorted(others, key=lambda i: (not numbers[i].relevant, -numbers[i].score, i))[
        : 2 * top_k
    ]
    sketches = [found.blocks[i].get("sketch") for i in pool]
    units = dict(zip(pool, unsketch_many(sketches), strict=True))
    diversity = (how or Relevance()).diversity_weight
    scores = {i: numbers[i].score for i in pool}
    relevant = {i for i in pool if numbers[i].relevant}
    # Only these blocks can reach the result: each becomes a ScoredBlock.
    ordered = [_scored_block(found, g, numbers[g], has_query) for g in guaranteed] + [
        _scored_block(found, i, numbers[i], has_query, lowered=lowered)
        for i, lowered in diversify(pool, scores, relevant, units, diversity)
    ]
    waiting = [
        _scored_block(found, p, numbers[p], has_query) for p in found.pending_ids if p in numbers
    ]
    kept = suppress_contradictions(ordered, found.contradictions, set(guaranteed))
    final = merge_pending(kept[:top_k], waiting, top_k=top_k, guaranteed=set(guaranteed))
    cosines = dict(zip(found.vector_ids, found.vector_cosines, strict=True))
    return Ranked(final, set(guaranteed[:top_k]), found.now_hours, cosines)
