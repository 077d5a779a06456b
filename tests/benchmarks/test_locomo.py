"""The LoCoMo benchmark's pure parts: reading the format, recall@k, the BM25 baseline."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.locomo.ablation import main, memory_setting
from benchmarks.locomo.baselines import BM25
from benchmarks.locomo.data import LocomoDataError, load
from benchmarks.locomo.metrics import Scored, recall_at, summarise
from tests.support.locomo_sample import sample, write


def test_turns_become_block_texts_and_evidence_is_normalised(tmp_path: Path) -> None:
    (conversation,) = load(write(tmp_path / "sample.json"))
    assert [s.number for s in conversation.sessions] == [1, 2]  # the empty session is skipped
    turns = {t.dia_id: t for t in conversation.turns}
    assert turns["D1:1"].text == "Ana: I adopted a greyhound called Biscuit last week! (8 May 2023)"
    assert turns["D2:2"].text == (
        "Ana: Here is Biscuit at the beach. [shares a photo: a photo of a dog on sand] "
        "(3 June 2023)"
    )
    questions = {q.text: q for q in conversation.questions}
    assert len(questions) == 4  # category 5 and the one without evidence are left out
    assert questions["Where did Ben's cello teacher move?"].evidence == ("D2:1", "D1:2")
    assert questions["When did Ana adopt the greyhound?"].evidence == ("D1:1",)
    assert conversation.dropped_evidence == 1  # D9:9 names no turn
    assert conversation.skipped_questions == 1


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"sample_id": "x"}, "non-empty JSON list"),
        ([{"conversation": {}, "qa": []}], "`sample_id` is missing"),
        ([{"sample_id": "x", "conversation": {"speaker_a": "A"}, "qa": []}], "no `session_N`"),
        ([{"sample_id": "x", "conversation": {"session_1": [{}]}}], "`session_1_date_time`"),
        (
            [
                {
                    "sample_id": "x",
                    "conversation": {
                        "session_1_date_time": "1:56 pm on 8 May, 2023",
                        "session_1": [{"speaker": "A", "dia_id": "D1:1"}],
                    },
                }
            ],
            "session_1[0]: `text` is missing",
        ),
    ],
)
def test_a_malformed_file_is_a_clear_error(tmp_path: Path, data: object, problem: str) -> None:
    with pytest.raises(LocomoDataError) as caught:
        load(write(tmp_path / "bad.json", data))
    assert problem in caught.value.message
    assert "--data" in caught.value.recovery


def test_a_bad_date_or_dialogue_id_names_where_it_is(tmp_path: Path) -> None:
    data = sample()
    data[0]["conversation"]["session_2_date_time"] = "yesterday"
    with pytest.raises(LocomoDataError, match="session_2_date_time is 'yesterday'"):
        load(write(tmp_path / "date.json", data))
    data = sample()
    data[0]["conversation"]["session_1"][0]["dia_id"] = "turn one"
    with pytest.raises(LocomoDataError, match=r"session_1\[0\]: dia_id 'turn one'"):
        load(write(tmp_path / "id.json", data))


def test_a_missing_or_broken_file_is_reported_by_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--data", str(tmp_path / "absent.json")])
    assert exited.value.code == 2
    assert "No LoCoMo file at" in capsys.readouterr().err
    (tmp_path / "broken.json").write_text("[{", encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        main(["--data", str(tmp_path / "broken.json")])
    assert exited.value.code == 2
    assert "not valid JSON" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--data", str(tmp_path / "x.json"), "--set", "no_such_field=1"])


def test_memory_settings_are_read_as_json_when_they_parse() -> None:
    assert memory_setting("graph_expansion=false") == ("graph_expansion", False)
    assert memory_setting("fusion=rrf") == ("fusion", "rrf")


def test_recall_at_k_is_the_share_of_evidence_found_in_the_first_k() -> None:
    ranked = [{"D1:1"}, {"D1:2", "D1:3"}, set(), {"D2:1"}]
    assert recall_at(ranked, ["D1:3", "D2:1"], 1) == 0.0
    assert recall_at(ranked, ["D1:3", "D2:1"], 2) == 0.5
    assert recall_at(ranked, ["D1:3", "D2:1"], 10) == 1.0
    summary = summarise(
        [Scored(1, {1: 0.0, 5: 1.0}), Scored(4, {1: 1.0, 5: 1.0}), Scored(4, {1: 0.0, 5: 0.5})],
        ks=(1, 5),
    )
    assert summary["overall"] == {"n": 3.0, "R@1": pytest.approx(1 / 3), "R@5": 2.5 / 3}
    assert summary["single-hop"]["R@5"] == 0.75
    assert "temporal" not in summary


def test_bm25_ranks_the_document_with_the_rare_term_first() -> None:
    bm25 = BM25(["the cat sat", "a dog ran far", "the cat and the dog", "xylophone lessons"])
    assert bm25.rank("where are the xylophone lessons", 2)[0] == 3
    assert bm25.rank("dog", 4)[:2] == [2, 1]  # the shorter (without stop words) first
    assert bm25.scores("the of and").sum() == 0.0  # stop words only
