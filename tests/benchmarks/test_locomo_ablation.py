"""benchmarks/locomo/ablation.py: one row per configuration, with its settings, figures per
category and conversation, and its latency."""

from __future__ import annotations

from benchmarks.locomo.ablation import table


def method(overall: float, per: dict[str, float], p95: float) -> dict[str, object]:
    return {
        "summary": {"overall": {"n": 2, "R@10": overall}, "multi-hop": {"n": 1, "R@10": 0.5}},
        "per_conversation_R@10": per,
        "latency_by_top_k": {"10": {"p50_ms": p95 / 2, "p95_ms": p95}},
    }


def test_each_row_names_its_configuration_and_figures() -> None:
    report = {
        "machine": {
            **{"cores": 2, "memory_gib": 23.5, "python": "3.11.7", "neo4j": "Neo4j/5.26"},
            **{"commit": "abc1234", "when": "2026-11-24"},
        },
        "data": {"file": "x.json", "conversations": ["a", "b"], "questions": 2},
        "settings": {
            "embedder": "mock",
            "ablations": {"full": {}, "no-context: full": {"context_weight": 0.0}},
        },
        "methods": {
            "full": method(0.75, {"a": 1.0, "b": 0.5}, 20.0),
            "no-context: full": method(0.5, {"a": 0.5, "b": 0.5}, 18.0),
        },
    }
    lines = table(report).splitlines()
    assert "| full (`defaults`) | 0.750 | 0.500 | 1.000 | 0.500 | 10.0 / 20.0 |" in lines
    assert (
        "| no-context: full (`context_weight=0.0`) | 0.500 | 0.500 | 0.500 | 0.500 | 9.0 / 18.0 |"
        in lines
    )
