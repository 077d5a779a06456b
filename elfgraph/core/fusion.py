"""How a query's two retrieval legs become one relevance per block (docs/BEHAVIOUR.md §7.2-7.3),
and the query text the keyword leg sends. Pure functions, no I/O.

- `keyword_terms`: the query as plain words for Lucene, without the words that make it a
  question ("what", "did", "how"…): those match chatter, not the thing asked about.
- `similarities`: the legs fused into one similarity per seed, the best at 1.0.
- `spread`: a block also counts as relevant through the seeds it is associated with.
- `timely`: a block naming a day in the period the query asks about gains (§7.8).
- `told_when`: for a question asking when, a block that says when gains (§7.8).
- `matching`: which candidates match the query at all (relevance first, §7.4).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from elfgraph.core.dates import Period, dates_in, tells_time
from elfgraph.core.scoring import rrf_fuse

# Relations whose edges pass relevance on (spread): not `similar`, which the vector leg
# already sees (the edge comes from the same embeddings), nor `contradicts`.
NOT_SPREADING = frozenset({"similar", "contradicts"})

# A vector seed at least this close to the query matches it without a keyword (§7.4).
# MiniLM puts unrelated sentences mostly below 0.2 and paraphrases above 0.5; the vector
# leg always brings its 4·top_k nearest, however far, so nearness alone is no match.
MATCHING_COSINE = 0.20


def similarities(
    vector: Mapping[str, float],
    keyword: Mapping[str, float],
    *,
    fusion: str,
    keyword_weight: float,
) -> dict[str, float]:
    """How well each seed matches the query, in [0, 1], the best at 1.0. `vector` holds
    each vector seed's cosine, `keyword` each keyword seed's Lucene score (in rank order).

    "relative" (the default): each leg min-max scaled over its own seeds (its best at 1,
    its last at 0), then mixed with `keyword_weight`. The spread of each leg becomes the
    spread of the score: MiniLM cosines of a matching and a chatty block differ by ~0.1,
    Lucene scores by a factor of several, so without it the keyword leg decided alone.
    "convex": the legs' own scores mixed (cosine clamped at 0, Lucene over the best one's),
    which keeps how close each block is. "rrf": reciprocal rank fusion (k = 60), as
    docs/BEHAVIOUR.md §7.2 writes it; ranks only, so the 20th seed still scores 0.76.
    A block in one leg only gets 0 from the other.
    """
    if fusion == "rrf":
        return rrf_fuse(list(vector), list(keyword))
    if fusion == "relative":
        legs = (_min_max(vector), _min_max(keyword))
    else:
        best_text = max(keyword.values(), default=0.0)
        legs = (
            {b: max(0.0, c) for b, c in vector.items()},
            {b: (s / best_text if best_text > 0 else 0.0) for b, s in keyword.items()},
        )
    if not vector or not keyword:  # one leg alone (a knob, or nothing matched the other)
        mixed = dict(legs[0] or legs[1])
    else:
        mixed = {
            b: (1 - keyword_weight) * legs[0].get(b, 0.0) + keyword_weight * legs[1].get(b, 0.0)
            for b in legs[0] | legs[1]
        }
    return _over_best(mixed)


def spread(
    similarity: Mapping[str, float],
    links: Mapping[str, Sequence[tuple[str, str, float]]],
    share: float,
    *,
    hops: int = 1,
) -> dict[str, float]:
    """Spreading activation: each block's similarity plus `share` × the best
    weight·similarity among the seeds it is linked to by an associative edge (any relation
    but those in NOT_SPREADING), scaled again so the best is 1.0. `links` holds each
    candidate's edges as (other block, relation, weight). A turn of a conversation that
    answers the question asked in the turn before it, or the fact an agent linked to the
    one a query found, is found with it. share 0: the similarities unchanged.
    `hops` 2 passes it on once more: a neighbour then counts with what it received in the
    first pass from blocks other than the receiver (no echo of a block's own similarity
    back to it), so a block two edges from a seed gets share² of it."""
    if share <= 0:
        return dict(similarity)
    # Each block's two best first-pass gifts, (amount, giver), so that a second pass can
    # leave out what a neighbour received from the block it passes on to.
    received: dict[str, tuple[tuple[float, str], tuple[float, str]]] = {}
    current = dict(similarity)
    nothing = (0.0, "")
    for hop in range(max(1, hops)):
        raised: dict[str, float] = {}
        gifts: dict[str, tuple[tuple[float, str], tuple[float, str]]] = {}
        for block, edges in links.items():
            passed = 0.0
            first = second = nothing
            for other, relation, weight in edges:
                if other == block or relation in NOT_SPREADING:
                    continue
                own = similarity.get(other, 0.0)
                if hop > 0 and other in received:
                    top, runner_up = received[other]
                    own += runner_up[0] if top[1] == block else top[0]
                if own <= 0.0:
                    continue
                value = max(0.0, min(1.0, weight)) * own
                passed = max(passed, value)
                if value > first[0]:
                    first, second = (value, other), first
                elif value > second[0]:
                    second = (value, other)
            raised[block] = similarity.get(block, 0.0) + share * passed
            if first[0] > 0:
                gifts[block] = ((share * first[0], first[1]), (share * second[0], second[1]))
        received = gifts
        for block, value in similarity.items():
            raised.setdefault(block, value)
        current = raised
        if hops <= 1 or not received:
            break
    return _over_best(current)


def timely(
    similarity: Mapping[str, float],
    contents: Mapping[str, str],
    period: Period,
    weight: float,
    *,
    within: Collection[str] | None = None,
) -> dict[str, float]:
    """Dates (docs/BEHAVIOUR.md §7.8): each block whose text names a day in the period the
    query asks about (or a few days after it, when it was told) gains `weight`, then all
    are scaled again so the best is 1.0. Only blocks that already have a similarity gain:
    a date alone is no match. `within`: the blocks known to fall in the period (their event
    times, retrieval.facts), in place of reading the texts."""
    raised = {
        block: value + weight
        if value > 0
        and (
            block in within
            if within is not None
            else period.holds(dates_in(contents.get(block, "")))
        )
        else value
        for block, value in similarity.items()
    }
    return _over_best(raised)


def told_when(
    similarity: Mapping[str, float], contents: Mapping[str, str], weight: float
) -> dict[str, float]:
    """For a question that asks when (docs/BEHAVIOUR.md §7.8): each block whose text says
    when something happened (dates.tells_time) gains `weight`, then all are scaled again so
    the best is 1.0. Only blocks that already have a similarity gain."""
    raised = {
        block: value + weight if value > 0 and tells_time(contents.get(block, "")) else value
        for block, value in similarity.items()
    }
    return _over_best(raised)


def matching(
    cosines: Mapping[str, float],
    keyword: Iterable[str],
    links: Mapping[str, Sequence[tuple[str, str, float]]],
    *,
    spreading: bool,
) -> set[str]:
    """The candidates that match the query (docs/BEHAVIOUR.md §7.4): a keyword hit, a
    vector seed with cosine ≥ MATCHING_COSINE, and, with spreading, a block joined by an
    associative edge of positive weight (the relations `spread` passes along) to one of
    those. The others only fill places the matching blocks leave free. `cosines`: each
    vector seed's cosine; `links`: each candidate's edges as (other, relation, weight)."""
    direct = set(keyword) | {b for b, c in cosines.items() if c >= MATCHING_COSINE}
    if not spreading:
        return direct
    linked = {
        block
        for block, edges in links.items()
        if any(
            other in direct and relation not in NOT_SPREADING and weight > 0
            for other, relation, weight in edges
        )
    }
    return direct | linked


def _min_max(scores: Mapping[str, float]) -> dict[str, float]:
    if not scores:
        return {}
    low, high = min(scores.values()), max(scores.values())
    if high <= low:
        return {b: 1.0 for b in scores}
    return {b: (s - low) / (high - low) for b, s in scores.items()}


def _over_best(scores: Mapping[str, float]) -> dict[str, float]:
    best = max(scores.values(), default=0.0)
    return {b: v / best for b, v in scores.items()} if best > 0 else {b: 0.0 for b in scores}
