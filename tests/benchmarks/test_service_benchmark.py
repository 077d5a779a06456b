"""`python -m benchmarks service` at a tiny size: a 60-block space, one and two agents each
way for a second, and a soak of a few seconds, so the script cannot rot (its figures come from
the full run in docs/BENCHMARKS.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
import pytest

from benchmarks.service import render
from tests.support.service import service_env

pytestmark = pytest.mark.anyio


@pytest.mark.usefixtures("neo4j_settings")
async def test_the_service_benchmark_runs_at_a_tiny_size(tmp_path: Path) -> None:
    out = tmp_path / "service.json"
    command = [
        sys.executable, "-m", "benchmarks", "service", "--size", "60", "--agents", "1", "2",
        "--seconds", "1", "--embedder", "mock", "--soak-minutes", "0.1", "--out", str(out),
        "--no-doc",
    ]  # fmt: skip
    with anyio.fail_after(280):
        done = await anyio.run_process(command, env=service_env(), check=False)
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    report = json.loads(out.read_text())
    assert {(r["agents"], r["way"]) for r in report["runs"]} == {
        (1, "service"), (1, "inprocess"), (2, "service"), (2, "inprocess"),
    }  # fmt: skip
    for run in report["runs"]:
        assert run["recall"]["calls"] > 0
        assert run["learn"]["errors"] == 0
        assert run["rss_mib"]["total"] > 0
    assert report["soak"]["errors"] == 0
    assert report["soak"]["cross_space"] == 0
    assert "| 2 | service |" in render(report, tmp_path)
