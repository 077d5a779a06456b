"""benchmarks/scale_compare.py: the table and the plot of write-path runs side by side."""

from __future__ import annotations

from pathlib import Path

from benchmarks.scale_compare import plot, rows


def report(label: str, dream: list[float]) -> dict[str, object]:
    return {
        "label": label,
        "results": [
            {
                "size": 10_000,
                "in_session": True,
                "learn_blocks_per_s": 900.0,
                "learn_batch_rates": [[5_000, 800.0], [10_000, 1_000.0]],
                "dream_blocks_per_s": 150.0,
                "dream_chunk_rates": [[500 * (i + 1), rate] for i, rate in enumerate(dream)],
            }
        ],
    }


def test_the_table_has_a_row_per_run_and_size_with_medians(tmp_path: Path) -> None:
    reports = [report("before", [200.0, 100.0, 50.0]), report("after", [300.0, 310.0, 290.0])]
    lines = rows(reports)
    assert lines[2] == "| before | 10,000 | yes | 900 (900) | 150 (100) | 200 → 50 |"
    assert lines[3] == "| after | 10,000 | yes | 900 (900) | 150 (300) | 300 → 290 |"
    image = plot(reports, tmp_path / "write.png")
    assert image.stat().st_size > 1_000
