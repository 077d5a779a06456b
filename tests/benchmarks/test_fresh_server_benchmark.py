"""benchmarks/fresh_server.py at a tiny size: it starts a server of its own (~20 s), runs
the workload on its empty database and again beside it, writes both columns and stops the
server (its folder removed)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from benchmarks import fresh_server

pytestmark = [pytest.mark.slow, pytest.mark.integration]


def test_the_fresh_server_benchmark_reports_both_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "fresh.json"
    tiny = ["--sizes", "200", "--queries", "3", "--frames", "2", "--queryless", "2"]
    fresh_server.main([*tiny, "--out", str(out), "--no-doc"])
    (run,) = json.loads(out.read_text())["runs"]
    assert run["blocks"] == 200
    assert run["background_sampling"] is True
    for column in ("fresh", "warmed"):
        assert run[column]["promoted"] == 200
        assert run[column]["learned_one_by_one"] == 20
        assert 0 < run[column]["recall_p50_ms"] <= run[column]["recall_p95_ms"]
        assert run[column]["dream_server_cpu_s"] > 0
    assert run["fresh"]["space"] != run["warmed"]["space"]
    printed = capsys.readouterr().out
    assert "| dream | " in printed
    assert "fresh / warmed" in printed
    (home,) = re.findall(r"\(home (\S+)\)", printed)
    assert not Path(home).exists()  # the server stopped and its folder removed
