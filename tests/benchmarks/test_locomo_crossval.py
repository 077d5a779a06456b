"""benchmarks/locomo/crossval.py: the configuration is chosen without the conversation it
is reported on; figures pool questions; the spread and the development gap."""

from __future__ import annotations

import pytest

from benchmarks.locomo.crossval import cross_validate, markdown, pooled


def conv(
    overall: float, multi: float, n: int = 10, n_multi: int = 4
) -> dict[str, dict[str, float]]:
    return {
        "overall": {"n": n, "R@10": overall},
        "multi-hop": {"n": n_multi, "R@10": multi},
    }


FIGURES = {
    # "wide" wins on a and b, "narrow" on c; "wide" wins pooled over all three
    "wide": {"a": conv(0.8, 0.5), "b": conv(0.7, 0.4, n=30), "c": conv(0.5, 0.2)},
    "narrow": {"a": conv(0.6, 0.6), "b": conv(0.6, 0.3, n=30), "c": conv(0.9, 0.7)},
}


def test_pooling_counts_every_question_once() -> None:
    got = pooled([conv(1.0, 1.0, n=10), conv(0.0, 0.0, n=30)], "R@10")
    assert got["overall"] == pytest.approx(0.25)


def test_each_fold_chooses_on_the_other_conversations() -> None:
    result = cross_validate(FIGURES)
    chosen = {fold.held_out: fold.chosen for fold in result.folds}
    # left out a: b and c pooled → wide 0.65, narrow 0.675 → narrow; left out b: a and c →
    # wide 0.65, narrow 0.75 → narrow; left out c: a and b → wide 0.725 → wide
    assert chosen == {"a": "narrow", "b": "narrow", "c": "wide"}
    assert result.pooled["overall"] == pytest.approx((0.6 * 10 + 0.6 * 30 + 0.5 * 10) / 50)
    assert result.development == "wide"  # pooled over all three: 0.68 against 0.66
    assert result.development_pooled["overall"] == pytest.approx(0.68)
    assert result.spread["min"] == pytest.approx(0.5)
    assert result.spread["max"] == pytest.approx(0.6)
    text = markdown(result)
    assert "| c | wide | 0.500 | 0.200 |" in text


def test_one_conversation_is_not_enough() -> None:
    with pytest.raises(ValueError, match="at least two"):
        cross_validate({"x": {"a": conv(0.5, 0.5)}})


def test_a_variant_names_its_memory_settings() -> None:
    import argparse

    from benchmarks.locomo.ablation import variant

    assert variant("kw:keyword_weight=0.5,fusion=rrf") == (
        "kw",
        {"keyword_weight": 0.5, "fusion": "rrf"},
    )
    for bad in ("no-colon", ":keyword_weight=0.5", "full:keyword_weight=0.5", "x:nonsense=1"):
        with pytest.raises(argparse.ArgumentTypeError):
            variant(bad)
