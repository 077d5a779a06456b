"""The frames' weight presets: each sums to one, and a queryless frame drops similarity
and rescales the rest."""

from __future__ import annotations

import pytest

from elfgraph.retrieval.frames import ATTENTION_WEIGHTS, FRAMES, SELF_WEIGHTS, TASK_WEIGHTS


def test_frame_presets_sum_to_one_and_drop_similarity_cleanly() -> None:
    for weights in (SELF_WEIGHTS, ATTENTION_WEIGHTS, TASK_WEIGHTS):
        values = (
            weights.similarity,
            weights.confidence,
            weights.recency,
            weights.centrality,
            weights.reinforcement,
        )
        assert sum(values) == pytest.approx(1.0)
        queryless = weights.without_similarity()
        assert queryless.similarity == 0.0
        rest = 1.0 - weights.similarity
        assert queryless.confidence == pytest.approx(weights.confidence / rest)
    assert set(FRAMES) == {"self", "attention", "task"}
