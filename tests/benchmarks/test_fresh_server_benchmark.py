"""benchmarks/fresh_server.py at a tiny size: it starts a server of its own (~20 s), runs
the workload on its empty database and again beside it, then a second server warmed up as
`elfgraph neo4j start` warms one (~35 s) runs it once; it writes the three columns and stops
both servers (their folders removed)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from benchmarks import fresh_server

pytestmark = [pytest.mark.slow, pytest.mark.integration]


def test_the_fresh_server_benchmark_reports_its_three_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "fresh.json"
    tiny = ["--sizes", "200", "--queries", "3", "--frames", "2", "--queryless", "2"]
    fresh_server.main([*tiny, "--out", str(out), "--no-doc"])
    (run,) = json.loads(out.read_text())["runs"]
    assert run["blocks"] == 200
    assert run["background_sampling"] is True
    for column in ("fresh", "after_warm_up", "warmed"):
        assert run[column]["promoted"] == 200
        assert run[column]["learned_one_by_one"] == 20
        assert 0 < run[column]["recall_p50_ms"] <= run[column]["recall_p95_ms"]
        assert run[column]["dream_server_cpu_s"] > 0
    assert run["fresh"]["space"] != run["warmed"]["space"]
    assert run["after_warm_up"]["warm_up_s"] > 0
    assert "warm_up_s" not in run["fresh"]
    printed = capsys.readouterr().out
    assert "| dream | " in printed
    assert "not warmed up / warmed" in printed
    assert "| the start's warm-up |" in printed
    homes = re.findall(r"\(home (\S+)\)", printed)
    assert len(homes) == 2
    assert not any(Path(home).exists() for home in homes)  # stopped, folders removed
