"""benchmarks/scale_report.py: a size whose reads began while the server was still busy is
marked, and the table says what the mark means."""

from __future__ import annotations

from typing import Any

from benchmarks.scale_report import markdown

MACHINE = {
    "when": "2026-11-29T12:00:00+00:00",
    "commit": "abc1234",
    "cores": 2,
    "memory_gib": 23.5,
    "python": "3.11.7",
}


def result(size: int, *, busy: bool | None) -> dict[str, Any]:
    timing = {"p50_ms": 10.0, "p95_ms": 20.0}
    row: dict[str, Any] = {
        "size": size,
        "learn_blocks_per_s": 5_000.0,
        "dream_blocks_per_s": 500.0,
        "dream_chunk_rates": [[500, 600.0], [1_000, 400.0]],
        "recall": timing,
        "queryless": timing,
        "self": timing,
        "first_recall_ms": 30.0,
        "second_recall_ms": 25.0,
        "curate_seconds": 1.5,
    }
    if busy is not None:
        row["server_busy_at_reads"] = busy
    return row


def recall_cell(line: str) -> str:
    return line.split("|")[4].strip()


def test_a_busy_server_at_the_reads_is_marked_and_explained() -> None:
    table = markdown(
        {"machine": MACHINE, "results": [result(1_000, busy=False), result(1_000_000, busy=True)]}
    )
    rows = [line for line in table.splitlines() if line.startswith("| 1,")]
    assert [recall_cell(row) for row in rows] == ["10.0 / 20.0", "10.0 / 20.0 ‡"]
    assert "‡ The server was still busy when the reads began" in table


def test_no_mark_and_no_note_when_the_server_went_idle_or_was_not_watched() -> None:
    table = markdown(
        {"machine": MACHINE, "results": [result(1_000, busy=False), result(10_000, busy=None)]}
    )
    assert "‡" not in table
