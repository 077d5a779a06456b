"""benchmarks/tenants.py: the table says how the crowd came about (built, or reused), and
the phases that ran."""

from __future__ import annotations

from typing import Any

from benchmarks.tenants import markdown


def report(**crowd: Any) -> dict[str, Any]:
    figures = {"p50_ms": 10.0, "p95_ms": 20.0}
    return {
        "machine": {
            "cores": 2,
            "memory_gib": 23.5,
            "python": "3.11",
            "neo4j": "Neo4j/5.26.30",
            "commit": "abc1234",
            "when": "2026-11-24",
        },
        "tenants": 3,
        "per_tenant": 10_000,
        "small": 1_000,
        "settle_s": 2.0,
        "recall": {
            f"{where}{path}": figures
            for where in ("alone", "among")
            for path in ("", "_server", "_index")
        },
        "queryless": {"alone": figures, "among": {"p50_ms": 15.0, "p95_ms": 30.0}},
        "dream_s": {"alone": [2.0, 2.0], "among": [3.0, 3.0]},
        "cross_space_answers": 0,
        **crowd,
    }


def test_a_built_crowd_is_counted_from_its_tenants() -> None:
    text = markdown(report(crowd_build_s=120.0))
    assert "among 3 spaces of up to 10,000 blocks (30,000 active)" in text
    assert "crowd written in 120 s" in text
    assert "queryless 1.50×, dream 1.50×" in text


def test_a_reused_crowd_is_counted_as_found() -> None:
    text = markdown(report(tenants=54, crowd_blocks=541_234, crowd_build_s=None, reused="x-"))
    assert "among 54 spaces of up to 10,000 blocks (541,234 active)" in text
    assert "a crowd an earlier run left (--reuse-crowd)" in text


def test_first_recalls_and_the_drop_are_reported_when_measured() -> None:
    def figures(p50: float) -> dict[str, float]:
        return {"p50_ms": p50, "p95_ms": 2 * p50}

    text = markdown(
        report(
            crowd_build_s=120.0,
            fresh={
                "alone": {"first": figures(30.0), "second": figures(12.0)},
                "among": {"first": figures(40.0), "second": figures(14.0)},
            },
            after_drop={
                "victim": "x-crowd-007",
                "nodes_deleted": 10_001,
                "drop_s": 4.25,
                "before": {"alone": figures(10.0), "among": figures(11.0)},
                "windows": [
                    {"from_s": 0.0, "alone": figures(10.5), "among": figures(25.0)},
                    {"from_s": 10.0, "alone": figures(10.2), "among": figures(11.5)},
                ],
            },
        )
    )
    assert "first / second recall p50 ms: alone 30.0 / 12.0; among 40.0 / 14.0" in text
    assert "One crowd space dropped (10,001 nodes in 4.2 s)" in text
    assert "| before | 10.0 / 20.0 | 11.0 / 22.0 |" in text
    assert "| 0-10 s after the drop | 10.5 / 21.0 | 25.0 / 50.0 |" in text
    assert "| 10-20 s after the drop | 10.2 / 20.4 | 11.5 / 23.0 |" in text


def test_a_crowd_spaces_own_recall_is_reported_when_measured() -> None:
    text = markdown(
        report(
            crowd_build_s=120.0,
            crowd_space={
                "space": "x-crowd-000",
                "blocks": 10_000,
                "vector_cache_blocks": 5_000,
                "open_s": {"default": 0.25, "cache_raised": 1.5},
                "recall": {
                    "default": {"p50_ms": 55.4, "p95_ms": 86.5},
                    "cache_raised": {"p50_ms": 20.2, "p95_ms": 34.8},
                },
            },
        )
    )
    assert "A crowd space's own recall (10,000 blocks; the vector cache held 5,000" in text
    assert "default 55.4 / 86.5 (opened in 0.25 s)" in text
    assert "with the cache raised to hold it 20.2 / 34.8 (opened in 1.50 s)" in text


def test_a_run_without_them_says_nothing_of_them() -> None:
    text = markdown(report(crowd_build_s=120.0))
    assert "just opened" not in text
    assert "dropped" not in text
    assert "crowd space's own recall" not in text
