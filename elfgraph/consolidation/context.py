"""The vector a block is found by: its own meaning, leaning towards the block learned just
before it in its session (docs/BEHAVIOUR.md §4.8).

A turn of a conversation ("The cello, since spring.") often means something only next to
the turn it answers. The stored content, the deduplication, the similarity edges and the
diversity sketch keep the block's own vector; only the vector the index finds it by gets
the context, so two consecutive turns are not made near-duplicates or diversity rivals of
each other. The predecessor's own vector is usually at hand (the same chunk); one that was
dreamed before is embedded again from its content (at most one per session and chunk).
"""

from __future__ import annotations

from collections.abc import Sequence

from elfgraph.consolidation.plan import InboxBlock
from elfgraph.core.text import normalised_text
from elfgraph.embedding.base import EmbeddingService, Vector, normalise


def contextual_vector(own: Vector, previous: Vector | None, weight: float) -> Vector:
    """normalise(own + weight·previous); `own` itself without a predecessor or weight. Pure."""
    if previous is None or weight <= 0.0:
        return own
    return normalise(own + weight * previous)


async def contextual_vectors(
    embedder: EmbeddingService,
    blocks: Sequence[InboxBlock],
    own: Sequence[Vector],
    weight: float,
) -> dict[str, Vector]:
    """Each block's contextual vector (§4.8), by id."""
    own_of = {block.id: vector for block, vector in zip(blocks, own, strict=True)}
    missing = list(
        dict.fromkeys(
            block.previous_content
            for block in blocks
            if weight > 0.0
            and block.follows
            and block.follows not in own_of
            and block.previous_content
        )
    )
    vectors = await embedder.embed_batch([normalised_text(t) for t in missing]) if missing else []
    embedded = dict(zip(missing, vectors, strict=True))

    def previous(block: InboxBlock) -> Vector | None:
        if not block.follows:
            return None
        found = own_of.get(block.follows)
        return found if found is not None else embedded.get(block.previous_content or "")

    return {
        block.id: contextual_vector(vector, previous(block), weight)
        for block, vector in zip(blocks, own, strict=True)
    }
