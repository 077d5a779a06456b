"""The offline re-ranking (benchmarks/locomo/dump.py, rerank.py) reproduces recall: on the
tiny sample conversation, every question's dumped candidates, ranked again offline, give
exactly the blocks recall returned; and a grid's result is what crossval reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.locomo.crossval import cross_validate
from benchmarks.locomo.data import load
from benchmarks.locomo.dump import dump_one
from benchmarks.locomo.rerank import evaluate, grid, ranked_ids
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.store.database import Database
from tests.support.locomo_sample import write

pytestmark = pytest.mark.anyio


async def test_the_offline_ranking_reproduces_recall(database: Database, tmp_path: Path) -> None:
    (conversation,) = load(write(tmp_path / "sample.json"))
    dumped = await dump_one(database, MockEmbeddingService(), conversation, {}, seeds_per_leg=4)
    assert len(dumped.recorded) == len(conversation.questions)
    assert set(dumped.vectors) == set(dumped.blocks)  # every active block's vector kept
    for recorded in dumped.recorded:
        assert recorded.returned, recorded.question.text
        assert ranked_ids(dumped, recorded, {}) == recorded.returned
    configurations = grid(["prior_weight=0.2,1.0"])
    assert list(configurations) == ["prior_weight=0.2", "prior_weight=1.0"]
    figures = {
        name: evaluate([dumped], config)["per_conversation"]
        | {"other": evaluate([dumped], config)["per_conversation"][conversation.sample_id]}
        for name, config in configurations.items()
    }
    result = cross_validate(figures)  # two "conversations" with the same figures
    chosen = figures[result.development][conversation.sample_id]["overall"]["R@10"]
    assert result.pooled["overall"] == pytest.approx(chosen)
