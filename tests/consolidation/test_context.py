"""A block's contextual vector (docs/BEHAVIOUR.md §4.8): its own, leaning towards the
vector of the block learned before it in its session."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from elfgraph.consolidation.context import contextual_vector, contextual_vectors
from elfgraph.consolidation.plan import InboxBlock
from elfgraph.embedding.base import normalise
from elfgraph.embedding.mock import MockEmbeddingService

UNIT = arrays(np.float32, 8, elements=st.floats(-1, 1, width=32)).map(normalise)


@given(UNIT, UNIT, st.floats(0.01, 1.0))
def test_it_stays_a_unit_vector_nearer_the_predecessor_than_its_own(
    own: np.ndarray, previous: np.ndarray, weight: float
) -> None:
    if not (np.linalg.norm(own) and np.linalg.norm(own + weight * previous) > 1e-3):
        return  # a zero vector, or one cancelled by its predecessor: nothing to compare
    found = contextual_vector(own, previous, weight)
    assert abs(float(np.linalg.norm(found)) - 1.0) < 1e-4
    assert float(found @ previous) >= float(own @ previous) - 1e-4
    assert float(found @ own) > 0.0  # weight ≤ 1: the block's own meaning still leads


def test_without_predecessor_or_weight_it_is_the_own_vector() -> None:
    own = normalise(np.array([1.0, 2.0, 3.0]))
    assert contextual_vector(own, None, 0.5) is own
    assert contextual_vector(own, normalise(np.array([3.0, 1.0, 0.0])), 0.0) is own


@pytest.mark.anyio
async def test_a_predecessor_outside_the_chunk_is_embedded_from_its_content() -> None:
    embedder = MockEmbeddingService()
    blocks = [
        InboxBlock("b", "ben: the cello.", (), "knowledge", "a", "Ana: what does Ben play?"),
        InboxBlock("c", "ana: lovely.", (), "knowledge", "b", "ben: the cello."),
        InboxBlock("d", "a fact outside any session", (), "knowledge"),
    ]
    own = [embedder.vector(b.content) for b in blocks]
    found = await contextual_vectors(embedder, blocks, own, 0.5)
    asked = embedder.vector("ana: what does ben play?")
    assert np.allclose(found["b"], normalise(own[0] + 0.5 * asked))
    assert np.allclose(found["c"], normalise(own[1] + 0.5 * own[0]))  # from the chunk
    assert found["d"] is own[2]
    assert embedder.embedded[-1:] == ["ana: what does ben play?"]  # one extra embedding
