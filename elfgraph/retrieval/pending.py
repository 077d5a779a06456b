"""Read your writes (docs/BEHAVIOUR.md §7.7): a block learned a moment ago is findable
before the next dream. The keyword leg brings inbox blocks that match the query as
*pending* candidates; they are scored like the others from what they have (the keyword
match, their confidence and recency; no edges, so no centrality and no reinforcement) and
take a place in the result only where no active block ranks higher. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from elfgraph.core.fusion import similarities
from elfgraph.retrieval.models import ScoredBlock


def pending_similarities(
    vector: Mapping[str, float],
    keyword: Mapping[str, float],
    pending: Mapping[str, float],
    *,
    fusion: str,
    keyword_weight: float,
) -> dict[str, float]:
    """Each pending block's similarity, fused as if it were one more keyword seed (it has
    no embedding, so nothing from the vector leg). The active seeds' own similarities are
    computed without the pending ones, so these never change how active blocks rank."""
    if not pending:
        return {}
    fused = similarities(
        vector, {**keyword, **pending}, fusion=fusion, keyword_weight=keyword_weight
    )
    return {block_id: fused.get(block_id, 0.0) for block_id in pending}


def merge_pending(
    ranked: Sequence[ScoredBlock],
    pending: Sequence[ScoredBlock],
    *,
    top_k: int,
    guaranteed: set[str],
) -> list[ScoredBlock]:
    """`ranked` (the active blocks in their final order) with the pending blocks that earn
    a place: a free one while fewer than top_k are ranked, else the place of the
    lowest-standing active block they outrank (relevant before not, then by score,
    §7.4). Never a guaranteed block's place, never that of a better one. A pending block
    goes before the first block it outranks."""
    result = list(ranked)
    for block in sorted(pending, key=lambda b: (not b.relevant, -b.score, b.id)):
        if len(result) >= top_k:
            replaceable = [b for b in result if b.id not in guaranteed and not b.pending]
            if not replaceable:
                break
            weakest = min(replaceable, key=lambda b: (*standing(b), b.id))
            if standing(weakest) >= standing(block):
                break  # the rest stand no higher: no better block gives way
            result.remove(weakest)
        at = next(
            (
                i
                for i, b in enumerate(result)
                if b.id not in guaranteed and standing(b) < standing(block)
            ),
            len(result),
        )
        result.insert(at, block)
    return result[:top_k]


def standing(block: ScoredBlock) -> tuple[bool, float]:
    """How blocks compare in the result: a relevant block before one that is not, then
    the higher score (docs/BEHAVIOUR.md §7.4)."""
    return (block.relevant, block.score)
