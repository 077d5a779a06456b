"""benchmarks/locomo/layouts.py and benchmarks/synthetic.py (issue 62): the same turns in three
layouts, the synthetic set's evidence by construction, the cross-validated table."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from benchmarks.locomo.data import LAYOUTS, load
from benchmarks.locomo.layouts import CONFIGURATIONS, Remembering, cross_validated, figures, render
from benchmarks.locomo.run import Options, run
from benchmarks.synthetic import conversations
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.store.database import Database
from tests.support.locomo_sample import write


def test_a_turn_is_learned_in_each_layout(tmp_path: Path) -> None:
    (conversation,) = load(write(tmp_path / "tiny.json"))
    turn = conversation.sessions[0].turns[0]
    assert (
        turn.content("inline")
        == "Ana: I adopted a greyhound called Biscuit last week! (8 May 2023)"
    )
    assert turn.content("header") == (
        "Ana (1:56 pm on 8 May, 2023): I adopted a greyhound called Biscuit last week!"
    )
    assert turn.content("metadata") == {
        "content": "I adopted a greyhound called Biscuit last week!",
        "speaker": "Ana",
        "occurred_at": "2023-05-08T13:56:00",
    }


def test_the_synthetic_set_is_the_same_for_a_seed_and_its_evidence_is_what_it_asks() -> None:
    first, again = conversations(62, 2), conversations(62, 2)
    assert [c.questions for c in first] == [c.questions for c in again]
    assert conversations(7, 1)[0].questions != first[0].questions
    for conversation in first:
        turns = {t.dia_id: t for t in conversation.turns}
        assert len(turns) > 100
        for question in conversation.questions:
            said = [turns[e] for e in question.evidence]  # every evidence id is a turn
            person = next(
                w
                for w in question.text.replace("?", "").split()
                if w[0].isupper() and w not in {"What", "Which", "When"}
            )
            assert all(t.speaker == person for t in said), question  # the person asked about
            if " tell about in " in question.text:  # a period question
                month = datetime.strptime(question.text.split(" in ")[1][:-1], "%B %Y")
                months = {(t.at.year, t.at.month) for t in said if t.at is not None}
                assert months == {(month.year, month.month)}, question


@pytest.mark.anyio
async def test_three_layouts_render_one_cross_validated_table(
    database: Database, tmp_path: Path
) -> None:
    data = write(tmp_path / "tiny.json")
    embedder = Remembering(MockEmbeddingService())
    layouts = {}
    for layout in LAYOUTS:
        common = {"ablations": ("full",), "variants": {"no-speaker": CONFIGURATIONS["no-speaker"]}}
        options = {**common, "baselines": False, "warm_up": 1, "layout": layout, "prefixes": True}
        layouts[layout] = {
            "locomo": await run(Options(data=data, embedder_given=embedder, **options), database),
            "synthetic": await run(
                Options(
                    data=Path("synthetic"),
                    given=conversations(62, 1),
                    limit_questions=6,
                    embedder_given=embedder,
                    **options,
                ),
                database,
            ),
        }
    reports = layouts["metadata"]
    result = cross_validated(
        figures(reports), ["conv-1"] if False else reports["locomo"]["data"]["conversations"]
    )
    assert set(result["pooled"]) == {"R@1", "R@5", "R@10", "R@20"}
    report = {"machine": reports["locomo"]["machine"], "layouts": layouts}
    text = render(report, tmp_path)
    for layout in LAYOUTS:
        assert f"| {layout} | " in text
    assert "**synthetic**" in text
    assert "**locomo**" in text
